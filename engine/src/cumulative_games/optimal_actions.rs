//! Observation 7 (Section 9, "Zero-sum vs. Self-interest"): in a symmetric subtraction game with
//! a fixed set, when do Definition 2 (zero-sum) and Definition 3 (self-interest, antagonistic or
//! friendly) pick different optimal actions?
//!
//! * [`optimal_actions`]: for every heap `x`, the value and the optimal actions under both
//!   definitions. The zero-sum optimal actions are the maximisers of `a − o_zs(x − a)`; the
//!   self-interest ones are the mover's maximisers of `a + o²(x − a)` that also win the
//!   declared tie-break on `o¹(x − a)` (equations (5)–(7)).
//! * A heap is **critical** ([`HeapActions::is_critical`]) when no self-interest optimal action is
//!   zero-sum optimal. For two- and three-element sets the first critical heap is the first
//!   heap where `o_zs(x) ≠ o¹(x) − o²(x)` (checked in the tests), so both readings of
//!   "difference" count the same sets.
//! * [`critical_sets`]: how many sets of given sizes are critical at some heap of a window.
//!
//! The paper's counts (1 and 493 critical sets "with numbers weakly smaller than 20", 16 and
//! 2081 for 30, 68 and 5386 for 40) are reproduced exactly by sets of two or three elements
//! from `{1, …, m − 1}` and heaps `x = 0..499`; see `engine/tests/cumulative_games_examples.rs`.
//!
//! Integer dynamic programming, no allocation per heap: the counts scan ten thousand sets. The
//! general [`super::outcome_table`] is the reference it is tested against.

use serde::Serialize;

use super::TieBreak;
use crate::{Budget, EngineError};

/// Largest element of the sets [`critical_sets`] enumerates.
pub const MAX_ELEMENT: u64 = 200;
/// Most elements of a set [`critical_sets`] enumerates.
pub const MAX_SET_SIZE: usize = 4;
/// Most heaps scanned per set.
pub const MAX_HEAPS: u64 = 100_000;
/// Most set-heap pairs one [`critical_sets`] call may scan.
pub const MAX_WORK: u64 = 2_000_000_000;

/// The optimal actions at one heap size under Definitions 2 and 3.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct HeapActions {
    /// The heap size `x`.
    pub heap: u64,
    /// `o_zs(x)` (Definition 2).
    pub zero_sum: i64,
    /// The actions attaining `o_zs(x)`, increasing (empty when there is no move).
    pub zero_sum_actions: Vec<u64>,
    /// `(o¹_si(x), o²_si(x))` (Definition 3, with the declared tie-break).
    pub self_interest: (i64, i64),
    /// The actions attaining `o_si(x)` under the tie-break, increasing.
    pub self_interest_actions: Vec<u64>,
}

impl HeapActions {
    /// Whether there is a move and no self-interest optimal action is zero-sum optimal
    /// (Observation 7's difference).
    pub fn is_critical(&self) -> bool {
        !self.self_interest_actions.is_empty()
            && !self
                .self_interest_actions
                .iter()
                .any(|a| self.zero_sum_actions.contains(a))
    }

    /// The outcome discrepancy `o_zs(x) − (o¹_si(x) − o²_si(x))`.
    pub fn discrepancy(&self) -> i64 {
        self.zero_sum - (self.self_interest.0 - self.self_interest.1)
    }
}

/// Checks a set: non-empty, positive, increasing.
fn check_set(set: &[u64]) -> Result<(), EngineError> {
    if set.is_empty() || set[0] == 0 || set.windows(2).any(|w| w[0] >= w[1]) {
        return Err(EngineError::OutOfRange(
            "the subtraction set must be positive and increasing, e.g. 3,5".into(),
        ));
    }
    Ok(())
}

/// Runs both recurrences for heaps `0..heaps`, calling `visit` with each heap's actions (one
/// buffer, reused); stops early when `visit` returns `false`.
fn scan(set: &[u64], heaps: usize, tie: TieBreak, visit: &mut dyn FnMut(&HeapActions) -> bool) {
    let mut zs = vec![0i64; heaps];
    let mut o1 = vec![0i64; heaps];
    let mut o2 = vec![0i64; heaps];
    let mut row = HeapActions::default();
    for x in 0..heaps {
        row.heap = x as u64;
        row.zero_sum_actions.clear();
        row.self_interest_actions.clear();
        let moves = || set.iter().map(|&a| a as usize).take_while(|&a| a <= x);
        if let Some(best) = moves().map(|a| a as i64 - zs[x - a]).max() {
            zs[x] = best;
            row.zero_sum_actions.extend(
                moves()
                    .filter(|&a| a as i64 - zs[x - a] == best)
                    .map(|a| a as u64),
            );
            // Equation (5): the mover's best gain; (7): the tie-break on the other's.
            let own = moves().map(|a| a as i64 + o2[x - a]).max().unwrap_or(0);
            let indifferent = moves().filter(|&a| a as i64 + o2[x - a] == own);
            let other = match tie {
                TieBreak::Antagonistic => indifferent.map(|a| o1[x - a]).min(),
                TieBreak::Friendly => indifferent.map(|a| o1[x - a]).max(),
            }
            .unwrap_or(0);
            (o1[x], o2[x]) = (own, other);
            row.self_interest_actions.extend(
                moves()
                    .filter(|&a| a as i64 + o2[x - a] == own && o1[x - a] == other)
                    .map(|a| a as u64),
            );
        }
        row.zero_sum = zs[x];
        row.self_interest = (o1[x], o2[x]);
        if !visit(&row) {
            return;
        }
    }
}

/// The optimal actions of heaps `0..heaps` under Definitions 2 and 3 for the fixed symmetric
/// set `set` (positive, increasing).
pub fn optimal_actions(
    set: &[u64],
    heaps: u64,
    tie: TieBreak,
) -> Result<Vec<HeapActions>, EngineError> {
    check_set(set)?;
    if heaps > MAX_HEAPS {
        return Err(EngineError::OutOfRange(format!(
            "at most {MAX_HEAPS} heaps, not {heaps}"
        )));
    }
    let mut out = Vec::with_capacity(heaps as usize);
    scan(set, heaps as usize, tie, &mut |row| {
        out.push(row.clone());
        true
    });
    Ok(out)
}

/// The first critical heap below `heaps` (see [`HeapActions::is_critical`]), if any.
pub fn first_critical(set: &[u64], heaps: u64, tie: TieBreak) -> Result<Option<u64>, EngineError> {
    check_set(set)?;
    let mut first = None;
    scan(set, heaps.min(MAX_HEAPS) as usize, tie, &mut |row| {
        if row.is_critical() {
            first = Some(row.heap);
        }
        first.is_none()
    });
    Ok(first)
}

/// The result of [`critical_sets`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CriticalSets {
    /// Sets scanned.
    pub sets: u64,
    /// Each critical set (increasing) with its first critical heap, in lexicographic order.
    pub critical: Vec<(Vec<u64>, u64)>,
}

/// `n` choose `k`, saturating.
fn binomial(n: u64, k: u64) -> u64 {
    (0..k).fold(1u64, |acc, i| {
        acc.saturating_mul(n - i) / (i + 1) // exact: acc · (n − i) is divisible by i + 1
    })
}

/// Observation 7's count: every set with `sizes` elements (each 1..=[`MAX_SET_SIZE`]) drawn from
/// `{1, …, below − 1}` whose zero-sum and self-interest (tie-break `tie`) optimal actions differ
/// at some heap `x < heaps`.
pub fn critical_sets(
    below: u64,
    sizes: &[usize],
    heaps: u64,
    tie: TieBreak,
    budget: &mut Budget,
) -> Result<CriticalSets, EngineError> {
    if below < 2 || below - 1 > MAX_ELEMENT {
        return Err(EngineError::OutOfRange(format!(
            "elements are drawn from 1..below: below must be 2..={}, not {below}",
            MAX_ELEMENT + 1
        )));
    }
    if sizes.is_empty() || sizes.iter().any(|&k| k == 0 || k > MAX_SET_SIZE) {
        return Err(EngineError::OutOfRange(format!(
            "set sizes must be 1..={MAX_SET_SIZE}"
        )));
    }
    if heaps > MAX_HEAPS {
        return Err(EngineError::OutOfRange(format!(
            "at most {MAX_HEAPS} heaps, not {heaps}"
        )));
    }
    let total: u64 = sizes
        .iter()
        .map(|&k| binomial(below - 1, k as u64))
        .fold(0, u64::saturating_add);
    if total.saturating_mul(heaps) > MAX_WORK {
        return Err(EngineError::OutOfRange(format!(
            "{total} sets × {heaps} heaps is more than {MAX_WORK}: use fewer heaps or smaller numbers"
        )));
    }
    let mut out = CriticalSets {
        sets: 0,
        critical: Vec::new(),
    };
    let mut sorted = sizes.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    for k in sorted {
        // Lexicographic k-subsets of 1..below.
        let mut set: Vec<u64> = (1..=k as u64).collect();
        if set[k - 1] >= below {
            continue;
        }
        loop {
            if let Some(x) = first_critical(&set, heaps, tie)? {
                out.critical.push((set.clone(), x));
            }
            out.sets += 1;
            if out.sets.is_multiple_of(512) {
                budget.tick(out.sets, total)?;
            }
            // Next subset: bump the last element that can still grow.
            let Some(i) = (0..k).rev().find(|&i| set[i] < below - (k - i) as u64) else {
                break;
            };
            set[i] += 1;
            for j in i + 1..k {
                set[j] = set[j - 1] + 1;
            }
        }
    }
    out.critical.sort();
    Ok(out)
}
