//! URL state of `#/partizan?family=subtraction&L=1,2&R=1,3&n=40&pos=5,7,9`: partizan heap
//! games (thesis Chapter 4, `heaplab_engine::partizan`).
//!
//! * `family`: `subtraction` (`L`, `R`: each player's subtraction set), `breaking` (pure
//!   breaking: `L`, `R` are cut numbers), `duel` (`L`, `R`: code-digit codes such as `.07`) or
//!   `chessboard` (`L` is the set; Left leaves even heaps, Right odd ones; `R` is ignored);
//! * `n`: heaps `0..n` in the table (at most [`MAX_PAGE_TERMS`]);
//! * `pos` (optional): a sum of heaps, `5,7,9`, analysed in the position box;
//! * `play` (optional): `L` or `R`, the side the visitor plays against the engine; `turn`:
//!   who moves at `pos` (`L` or `R`; the visitor when absent). When it is the engine's turn,
//!   the job makes the engine's move first. In play, no `pos` is the sum of no heaps (the
//!   game is over: the player to move loses).

use heaplab_engine::octal::Ruleset;
use heaplab_engine::partizan::heap::HeapRules;
use heaplab_engine::partizan::position::MAX_POSITION_HEAPS;
use heaplab_engine::ruleset::{parse_count, NumberSet};
use heaplab_engine::EngineError;
use serde::{Deserialize, Serialize};

use super::registry::FieldError;
use super::{format_query, parse_query};

/// Most heaps the page's table asks the worker for.
pub const MAX_PAGE_TERMS: u64 = 2_000;
/// Largest heap of a position on the page.
pub const MAX_POSITION_HEAP: u64 = 1_999;
/// The families, as `(URL value, label)`.
pub const FAMILIES: &[(&str, &str)] = &[
    ("subtraction", "Subtraction S(L | R)"),
    ("breaking", "Pure breaking PB(L | R)"),
    ("duel", "Duel of code-digit games"),
    ("chessboard", "Chessboard subtraction"),
];

/// The URL state, as typed (kept raw so a bad link is shown back with its error).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PartizanQuery {
    /// One of [`FAMILIES`].
    pub family: String,
    /// Left's set, cut numbers or code.
    pub left: String,
    /// Right's set, cut numbers or code.
    pub right: String,
    /// Heaps in the table.
    pub terms: String,
    /// A sum of heaps (empty: none).
    pub pos: String,
    /// The visitor's side in play, `L` or `R` (empty: not playing).
    pub play: String,
    /// Who moves at `pos` in play, `L` or `R` (empty: the visitor).
    pub turn: String,
}

impl Default for PartizanQuery {
    fn default() -> Self {
        PartizanQuery {
            family: "subtraction".into(),
            left: "1,2".into(),
            right: "1,3".into(),
            terms: "40".into(),
            pos: String::new(),
            play: String::new(),
            turn: String::new(),
        }
    }
}

pub use crate::protocol::PartizanRequest;

/// What is wrong, as `(URL key, message)` pairs.
pub type PartizanErrors = Vec<(&'static str, String)>;

impl PartizanQuery {
    /// Reads the query after `?`; missing keys take the defaults, unknown keys are ignored.
    pub fn from_query(query: &str) -> PartizanQuery {
        let mut q = PartizanQuery::default();
        for (key, value) in parse_query(query) {
            match key.as_str() {
                "family" => q.family = value,
                "L" => q.left = value,
                "R" => q.right = value,
                "n" => q.terms = value,
                "pos" => q.pos = value,
                "play" => q.play = value,
                "turn" => q.turn = value,
                _ => {}
            }
        }
        q
    }

    /// The hash of this state (`pos` only when given).
    pub fn to_hash(&self) -> String {
        let mut pairs = vec![
            ("family", self.family.trim()),
            ("L", self.left.trim()),
            ("R", self.right.trim()),
            ("n", self.terms.trim()),
        ];
        for (key, value) in [
            ("pos", &self.pos),
            ("play", &self.play),
            ("turn", &self.turn),
        ] {
            if !value.trim().is_empty() {
                pairs.push((key, value.trim()));
            }
        }
        format!("#/partizan?{}", format_query(&pairs))
    }

    /// The ruleset the family and fields select.
    pub fn rules(&self) -> Result<HeapRules, (&'static str, EngineError)> {
        let set = |key, text: &str| NumberSet::parse(text).map_err(|e| (key, e));
        let code = |key, text: &str| Ruleset::parse(text).map_err(|e| (key, e));
        let rules = match self.family.trim() {
            "subtraction" => {
                HeapRules::subtraction(&set("L", &self.left)?, &set("R", &self.right)?)
            }
            "breaking" => HeapRules::pure_breaking(&set("L", &self.left)?, &set("R", &self.right)?),
            "duel" => HeapRules::duel(&code("L", &self.left)?, &code("R", &self.right)?),
            "chessboard" => HeapRules::chessboard(&set("L", &self.left)?),
            other => {
                return Err((
                    "family",
                    EngineError::Parse(format!(
                        "unknown family {other:?}: use subtraction, breaking, duel or chessboard"
                    )),
                ))
            }
        };
        rules.map_err(|e| ("L", e))
    }

    /// Checks every field with the engine's parsers and the page's caps; all problems at once.
    pub fn validate(&self) -> Result<PartizanRequest, PartizanErrors> {
        let mut errors = PartizanErrors::new();
        let rules = self
            .rules()
            .map_err(|(key, e)| errors.push((key, e.to_string())))
            .ok();
        let terms = parse_count(&self.terms, "the number of heaps n", 1, MAX_PAGE_TERMS)
            .map_err(|e| errors.push(("n", e.to_string())))
            .ok();
        let play = self.play_sides().map_err(|e| errors.push(("play", e))).ok();
        let position = match self.pos.trim() {
            "" if play.flatten().is_some() => Some(Some(Vec::new())),
            "" => Some(None),
            text => parse_heaps(text)
                .map(Some)
                .map_err(|e| errors.push(("pos", e.to_string())))
                .ok(),
        };
        match (rules, terms, position, play) {
            (Some(rules), Some(terms), Some(position), Some(play)) if errors.is_empty() => {
                Ok(PartizanRequest {
                    rules,
                    terms: terms as usize,
                    position,
                    play,
                })
            }
            _ => Err(errors),
        }
    }

    /// `play` and `turn` as (the visitor plays Left, Left moves), `None` when not playing.
    fn play_sides(&self) -> Result<Option<(bool, bool)>, String> {
        let side = |text: &str| match text.trim() {
            "L" => Ok(Some(true)),
            "R" => Ok(Some(false)),
            "" => Ok(None),
            other => Err(format!("play and turn are L or R, not {other:?}")),
        };
        match (side(&self.play)?, side(&self.turn)?) {
            (None, _) => Ok(None),
            (Some(me), turn) => Ok(Some((me, turn.unwrap_or(me)))),
        }
    }

    /// The errors as the shared field-error list, each with the id `pz-error-{key}`.
    pub fn field_errors(errors: &PartizanErrors) -> Vec<FieldError> {
        errors
            .iter()
            .map(|(key, message)| FieldError {
                id: Some(format!("pz-error-{key}")),
                message: message.clone(),
            })
            .collect()
    }
}

/// Heap sizes such as `5,7,9` or `5 + 7 + 9`: 1 to [`MAX_POSITION_HEAPS`] heaps of at most
/// [`MAX_POSITION_HEAP`] tokens.
pub fn parse_heaps(text: &str) -> Result<Vec<usize>, EngineError> {
    let tokens: Vec<&str> = text
        .split(|c: char| c == ',' || c == '+' || c.is_whitespace())
        .filter(|t| !t.is_empty())
        .collect();
    if tokens.is_empty() || tokens.len() > MAX_POSITION_HEAPS {
        return Err(EngineError::OutOfRange(format!(
            "a position has 1 to {MAX_POSITION_HEAPS} heaps, e.g. 5,7,9"
        )));
    }
    tokens
        .iter()
        .map(|t| parse_count(t, "a heap", 0, MAX_POSITION_HEAP).map(|h| h as usize))
        .collect()
}
