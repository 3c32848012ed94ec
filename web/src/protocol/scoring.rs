//! The scoring page's octal-game job request.

use serde::{Deserialize, Serialize};

/// A scoring octal game to solve: the code and points as typed, `G_s(n)` (or `G_s(n +_ℓ m)`)
/// for `n = 0..terms`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ScoringOctalRequest {
    /// The code `n_1…n_k`.
    pub code: String,
    /// The points `p_1,…,p_k`.
    pub points: String,
    /// How many values.
    pub terms: u64,
    /// The fixed heap `m` and its ruleset's code and points (`None`: a heap alone).
    pub fixed: Option<(u32, String, String)>,
}
