//! How far a job is, as every job reports it and every progress line reads it.

use serde::{Deserialize, Serialize};

/// What a job counts, in the visitor's words.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Unit {
    /// Cells of a 2-D window.
    #[default]
    Cells,
    /// Rulesets (pixels) of a period map.
    Rulesets,
    /// Heaps of an octal game (the total is the heap budget).
    Heaps,
    /// Grounded positions of a cumulative game (the total is the cap).
    Positions,
}

impl Unit {
    /// The plural noun, e.g. "grounded positions".
    pub fn label(self) -> &'static str {
        match self {
            Unit::Cells => "cells",
            Unit::Rulesets => "rulesets",
            Unit::Heaps => "heaps",
            Unit::Positions => "grounded positions",
        }
    }

    /// Whether the total is a cap the job stops at rather than the work it will do.
    pub fn total_is_cap(self) -> bool {
        matches!(self, Unit::Heaps | Unit::Positions)
    }
}

/// How far a job is: `done` of `total` in `unit`, and for searches that double their length
/// (octal games) the length being computed now.
/// The default is nothing counted yet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Progress {
    /// Work done.
    pub done: u64,
    /// Work in all, or the cap.
    pub total: u64,
    /// What is counted.
    pub unit: Unit,
    /// The current target length of a doubling search.
    pub target: Option<u64>,
}

impl Progress {
    /// `done` of `total` in `unit`.
    pub fn new(done: u64, total: u64, unit: Unit) -> Progress {
        Progress {
            done,
            total,
            unit,
            target: None,
        }
    }

    /// This progress, but never less than `earlier` of the same job (so bars never go back).
    /// A capped job that reports `done == total` has finished below its cap: its total
    /// shrinks to what was done, so its bar reaches 100 %.
    pub fn at_least(self, earlier: Option<&Progress>) -> Progress {
        match earlier {
            Some(e) if e.unit == self.unit => Progress {
                done: self.done.max(e.done),
                total: if self.done == self.total && self.done >= e.done {
                    self.total
                } else {
                    self.total.max(e.total)
                },
                ..self
            },
            _ => self,
        }
    }
}
