//! The misère page's job request: the game as typed and the bound.

use heaplab_engine::misere::HeapRules;
use serde::{Deserialize, Serialize};

/// What the worker computes: the game as typed (one of the three) and the bound.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MisereRequest {
    /// `code`, `S` or `E`.
    pub key: String,
    /// The text of that key.
    pub text: String,
    /// The bound `n`.
    pub max_heap: u64,
}

impl MisereRequest {
    /// The game, read with the engine's parsers.
    pub fn rules(&self) -> Result<HeapRules, String> {
        let text = Some(self.text.as_str());
        let (code, set, all_but) = match self.key.as_str() {
            "S" => (None, text, None),
            "E" => (None, None, text),
            _ => (text, None, None),
        };
        HeapRules::choose(code, set, all_but).map_err(|e| e.to_string())
    }
}
