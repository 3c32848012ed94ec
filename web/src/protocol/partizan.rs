//! The partizan page's job requests: a family's table (the ruleset, the table's length, the
//! position, play and the thermograph asked for), or one game as typed.

use heaplab_engine::partizan::heap::HeapRules;
use serde::{Deserialize, Serialize};

/// A valid state: what the worker job computes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PartizanRequest {
    /// The ruleset.
    pub rules: HeapRules,
    /// Heaps `0..terms` in the table.
    pub terms: usize,
    /// The position's heaps, if one was given.
    pub position: Option<Vec<usize>>,
    /// In play: (the visitor plays Left, Left moves at the position).
    pub play: Option<(bool, bool)>,
    /// The thermograph to draw, if any.
    pub thermo: Option<Thermo>,
}

/// What the `thermo` key asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Thermo {
    /// The thermograph of one heap of the table.
    Heap(usize),
    /// The thermograph of the position.
    Position,
}

/// One game typed in notation: what the single-game job analyses.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRequest {
    /// The game as typed (the engine's parser reads it in the worker).
    pub text: String,
}
