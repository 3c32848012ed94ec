//! A sum of heaps: its canonical form, outcome, and each player's winning moves.

use super::game::{GameId, GameStore, Outcome};
use super::heap::{HeapRules, HeapSolver};
use super::sequence::MAX_TERMS;
use crate::{Budget, EngineError};

/// The most heaps a position may have.
pub const MAX_POSITION_HEAPS: usize = 64;
/// The most moves examined from one heap (splits into many heaps can be numerous).
pub const MAX_MOVES_PER_HEAP: usize = 20_000;

/// One move in a sum of heaps.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct HeapMove {
    /// The size of the heap moved in.
    pub from: usize,
    /// The heaps it leaves (empty when the move takes the whole heap).
    pub to: Vec<usize>,
    /// The canonical form of the whole position after the move, in notation.
    pub value: String,
}

/// A position's value and the moves that win for the player who makes them.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct PositionReport {
    /// The ruleset in the thesis's notation.
    pub ruleset: String,
    /// The heap sizes.
    pub heaps: Vec<usize>,
    /// The canonical form of the sum, in notation.
    pub value: String,
    /// Its outcome class.
    pub outcome: Outcome,
    /// Left's winning moves (to positions `≥ 0`).
    pub left_wins: Vec<HeapMove>,
    /// Right's winning moves (to positions `≤ 0`).
    pub right_wins: Vec<HeapMove>,
    /// True when some heap had more than [`MAX_MOVES_PER_HEAP`] moves and only that many
    /// were examined.
    pub truncated: bool,
}

/// Analyses the sum of heaps `heaps` under `rules`.
pub fn analyse(
    rules: &HeapRules,
    heaps: &[usize],
    budget: &mut Budget<'_>,
) -> Result<PositionReport, EngineError> {
    if heaps.is_empty() || heaps.len() > MAX_POSITION_HEAPS {
        return Err(EngineError::OutOfRange(format!(
            "a position has 1 to {MAX_POSITION_HEAPS} heaps, not {}",
            heaps.len()
        )));
    }
    let largest = heaps.iter().copied().max().unwrap_or(0);
    if largest >= MAX_TERMS {
        return Err(EngineError::OutOfRange(format!(
            "heaps of at most {} tokens, not {largest}",
            MAX_TERMS - 1
        )));
    }
    let mut store = GameStore::default();
    let mut solver = HeapSolver::new(rules);
    solver.extend_to(&mut store, largest + 1, budget)?;
    let values = solver.values().to_vec();
    let parts: Vec<GameId> = heaps.iter().map(|&h| values[h]).collect();
    let total = store.sum(&parts)?;
    let mut report = PositionReport {
        ruleset: rules.name.clone(),
        heaps: heaps.to_vec(),
        value: store.display(total)?,
        outcome: store.outcome(total)?,
        left_wins: Vec::new(),
        right_wins: Vec::new(),
        truncated: false,
    };
    let mut sizes = heaps.to_vec();
    sizes.sort_unstable();
    sizes.dedup();
    for &from in &sizes {
        let rest = store.sub(total, values[from])?;
        for left in [true, false] {
            let (moves, cut) = rules.moves_from(from, left, MAX_MOVES_PER_HEAP);
            report.truncated |= cut;
            for to in moves {
                let left_heaps: Vec<GameId> = to.iter().map(|&h| values[h]).collect();
                let after = store.sum(&left_heaps)?;
                let after = store.add(rest, after)?;
                let zero = store.zero();
                let wins = if left {
                    store.ge(after, zero)?
                } else {
                    store.le(after, zero)?
                };
                if wins {
                    let value = store.display(after)?;
                    let entry = HeapMove { from, to, value };
                    if left {
                        report.left_wins.push(entry);
                    } else {
                        report.right_wins.push(entry);
                    }
                }
            }
        }
    }
    Ok(report)
}
