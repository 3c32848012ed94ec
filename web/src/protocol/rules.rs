//! The rules page's job request: the ruleset text, its parameters as typed, and what to solve
//! (heaps `0..n` of a one-heap ruleset, or a `W × H` grid of a pair ruleset).

use serde::{Deserialize, Serialize};

/// What a ruleset is solved on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Board {
    /// Heaps `0..n` of a one-heap ruleset.
    Heaps(u64),
    /// The pairs `(a, b)` with `a < width` and `b < height` of a pair ruleset.
    Grid(u64, u64),
}

/// What the worker computes: the engine compiles `text` with `params` bound and solves it on
/// `board`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RulesRequest {
    /// The ruleset text.
    pub text: String,
    /// Parameter values by name, as typed (`("t", "5")`).
    pub params: Vec<(String, String)>,
    /// Heaps or grid.
    pub board: Board,
}
