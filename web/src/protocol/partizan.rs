//! The partizan page's job request: the ruleset, the table's length, the position and play.

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
}
