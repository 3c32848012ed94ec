//! The thesis's survey of master subtraction games (Section 4.4.5, Table 4.7): for each
//! largest move `m`, the masters whose largest move is `m`, with their largest period,
//! preperiod, number of sources (minimals) and source range.
//!
//! A master `M` is its own master, so the masters with largest move `m` are found among the
//! `2^(m-1)` sets with `max S = m`: `S` is a master exactly when `exp(S) ∩ [1, n0 + p) = S`.
//! The test stops at the first move that breaks it: a move below `m` outside `S` that is in
//! the expansion set, `m >= n0 + p`, or a move in `(m, n0 + p)` that is in the expansion set.

use super::subtraction::{minimals_of, source_range, Profile, SEARCH};
use crate::ruleset::NumberSet;
use crate::{Budget, EngineError};

/// The largest `max S` the survey accepts (`2^(m-1)` sets per row).
pub const MAX_LARGEST_MOVE: u32 = 30;

/// One row of Table 4.7 (plus the number of masters, which the thesis does not print).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct MasterRow {
    /// The largest move `m` of the masters in this row.
    pub largest_move: u32,
    /// How many masters have largest move `m`.
    pub masters: u64,
    /// How many of them are lattices (a single source).
    pub lattices: u64,
    /// The largest least period among them.
    pub period: u64,
    /// The largest least preperiod among them.
    pub preperiod: u64,
    /// The largest number of sources (minimals) of one class.
    pub sources: u64,
    /// The largest source range (largest minus smallest size of a source) of one class.
    pub source_range: u64,
}

/// Table 4.7's rows for `max S = 1 ..= up_to`, reporting each set to `budget`.
pub fn master_rows(up_to: u32, budget: &mut Budget<'_>) -> Result<Vec<MasterRow>, EngineError> {
    check_move(up_to)?;
    (1..=up_to).map(|m| master_row(m, budget)).collect()
}

/// The row of Table 4.7 for the masters with largest move `m` (its `2^(m-1)` sets).
pub fn master_row(m: u32, budget: &mut Budget<'_>) -> Result<MasterRow, EngineError> {
    check_move(m)?;
    let mut row = MasterRow {
        largest_move: m,
        masters: 0,
        lattices: 0,
        period: 0,
        preperiod: 0,
        sources: 0,
        source_range: 0,
    };
    let total = 1u64 << (m - 1);
    for low in 0..1u32 << (m - 1) {
        if low.is_multiple_of(1024) {
            budget.tick(u64::from(low), total)?;
        }
        let set = set_of(m, low)?;
        let profile = Profile::new(&set, SEARCH, budget)?;
        if !is_master(&profile) {
            continue;
        }
        let minimals = minimals_of(&profile, set.elements(), budget)?;
        row.masters += 1;
        row.lattices += u64::from(minimals.len() == 1);
        row.period = row.period.max(profile.period);
        row.preperiod = row.preperiod.max(profile.preperiod);
        row.sources = row.sources.max(minimals.len() as u64);
        row.source_range = row.source_range.max(source_range(&minimals) as u64);
    }
    Ok(row)
}

fn check_move(m: u32) -> Result<(), EngineError> {
    if m == 0 || m > MAX_LARGEST_MOVE {
        return Err(EngineError::OutOfRange(format!(
            "the largest move must be between 1 and {MAX_LARGEST_MOVE}, not {m}"
        )));
    }
    Ok(())
}

/// The set `{m} ∪ {i + 1 : bit i of low}`.
fn set_of(m: u32, low: u32) -> Result<NumberSet, EngineError> {
    let mut moves: Vec<u32> = (0..m - 1)
        .filter(|i| low >> i & 1 == 1)
        .map(|i| i + 1)
        .collect();
    moves.push(m);
    NumberSet::from_elements(moves)
}

/// Whether the solved set is its own master: `exp ∩ [1, n0 + p)` is exactly the set.
pub fn is_master(profile: &Profile) -> bool {
    let m = u64::from(*profile.moves.last().expect("a set is never empty"));
    if m >= profile.span() {
        return false;
    }
    let outside_below = (1..m).filter(|s| profile.moves.binary_search(&(*s as u32)).is_err());
    let above = m + 1..profile.span();
    !outside_below.chain(above).any(|s| profile.in_expansion(s))
}
