//! All-but subtraction (finite excluded subtraction, "all-but nim"): a move removes any
//! `m >= 1` tokens with `m` **not** in a finite exclusion set `E`. Survey Appendix A (Suetsugu).
//!
//! Its nim-values grow without bound, and Siegel's Theorem A.1 says they are *arithmetic
//! periodic*: `G(n + p) = G(n) + s` for all `n >= l`, with period `p` and saltus `s`.
//!
//! **Fast values.** `G(n)` is the mex over the values of every heap `j < n` except the excluded
//! heaps `n - e`. So a value `v` is missing from the options only if it never occurred before
//! (the global mex) or all of its occurrences are excluded heaps. With a count per value the step
//! costs `O(|E| log |E|)`, not `O(n)`.
//!
//! **Why the period test is sound.** Let `K = max E` and, at heap `n >= K`, let `m` be the mex
//! of the values at heaps `< n - K`. The state at `n` is: the window `G(n-K) .. G(n-1)` minus `m`,
//! and the set of values `>= m` that occur at heaps `< n - K`, minus `m`. Every value below `m`
//! occurs before the window, so it is an option of every later heap whatever it is; hence `G(n) - m`,
//! and the next state, are functions of this relative state alone, the same function at every
//! `n >= K`. If the states at `t` and `t + p` are equal, then by induction
//! `G(x + p) = G(x) + s` for all `x >= t - K`, where `s` is the difference of their `m`s. Brent's
//! algorithm finds the least state cycle; the least preperiod is read off by scanning back.

use crate::period::{find_cycle, least_preperiod, Periodicity, StateMachine};
use crate::ruleset::NumberSet;
use crate::{Budget, EngineError};
use std::collections::BTreeSet;

/// The solution of an all-but subtraction game.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct AllButReport {
    /// The excluded move sizes `E`, in increasing order (empty means plain Nim).
    pub excluded: Vec<u32>,
    /// Nim-values of heaps `0..terms`.
    pub values: Vec<u64>,
    /// The arithmetic period (period, saltus, preperiod) of the nim-sequence.
    pub period: Periodicity,
}

/// Solves all-but subtraction `ℕ ∖ E`: values of heaps `0..terms` and the proven arithmetic
/// period, searching at most `search` heaps.
pub fn solve(
    excluded: &NumberSet,
    limits: crate::subtraction::Limits,
    budget: &mut Budget<'_>,
) -> Result<AllButReport, EngineError> {
    let period = arithmetic_period(excluded, limits.search, budget)?;
    let mut machine = AllButMachine::new(excluded);
    while machine.values.len() < limits.terms as usize {
        machine.push_next();
    }
    machine.values.truncate(limits.terms as usize);
    Ok(AllButReport {
        excluded: excluded.elements().to_vec(),
        values: machine.values,
        period,
    })
}

/// Nim-values of heaps `0..terms` (fast).
pub fn nim_values(excluded: &NumberSet, terms: usize) -> Vec<u64> {
    let mut machine = AllButMachine::new(excluded);
    while machine.values.len() < terms {
        machine.push_next();
    }
    machine.values.truncate(terms);
    machine.values
}

/// The proven arithmetic period of the nim-sequence (see the module docs for the proof).
pub fn arithmetic_period(
    excluded: &NumberSet,
    search: u64,
    budget: &mut Budget<'_>,
) -> Result<Periodicity, EngineError> {
    arithmetic_period_and_values(excluded, search, budget).map(|(period, _)| period)
}

/// [`arithmetic_period`] and the nim-values its search computed (at least preperiod + period
/// of them when a period is proven), for callers such as the sweep that read the periodic part.
pub fn arithmetic_period_and_values(
    excluded: &NumberSet,
    search: u64,
    budget: &mut Budget<'_>,
) -> Result<(Periodicity, Vec<u64>), EngineError> {
    let mut machine = AllButMachine::new(excluded);
    let k = u64::from(excluded.max());
    let Some(cycle) = find_cycle(&mut machine, search.saturating_sub(1), budget)? else {
        return Ok((Periodicity::NotFound { searched: search }, machine.values));
    };
    // One more heap, so that the proven pair (t, t + p) is on record to read the saltus from.
    machine.push_next();
    let v = &machine.values;
    let p = cycle.length as usize;
    let t = cycle.start as usize;
    let saltus = v[t + p] - v[t];
    let proven_from = cycle.start - k;
    let preperiod = least_preperiod(proven_from, |x| v[x as usize + p] == v[x as usize] + saltus);
    let period = Periodicity::Proven {
        preperiod,
        period: cycle.length,
        saltus,
    };
    Ok((period, machine.values))
}

/// The fast all-but solver as a state machine (state `n` is the relative state before heap `n`).
struct AllButMachine<'e> {
    excluded: &'e NumberSet,
    values: Vec<u64>,
    /// Occurrences of each value among all computed heaps.
    count: Vec<u32>,
    /// The least value that has not occurred yet.
    mex_all: u64,
    /// Occurrences of each value among heaps `< n - K` (the heaps before the window).
    old_count: Vec<u32>,
    /// The mex of the values before the window (`m` in the module docs).
    old_mex: u64,
    /// Values `>= old_mex` that occur before the window.
    old_above: BTreeSet<u64>,
    /// Polynomial hash of the window `G(n-K) .. G(n-1)`: `Σ G(n-K+j)·B^(K-1-j)` (wrapping), so
    /// that two windows are compared in O(1) before the O(K) exact check.
    window_hash: u64,
    /// `B^K` and `Σ_{j<K} B^j` (wrapping), to roll the hash and to shift it by a constant.
    base_pow_k: u64,
    base_sum: u64,
}

/// The base of the window hash (odd, so the hash of a shifted window is a bijection).
const HASH_BASE: u64 = 0x9E37_79B9_7F4A_7C15;

impl<'e> AllButMachine<'e> {
    fn new(excluded: &'e NumberSet) -> Self {
        let mut machine = AllButMachine {
            excluded,
            values: Vec::new(),
            count: Vec::new(),
            mex_all: 0,
            old_count: Vec::new(),
            old_mex: 0,
            old_above: BTreeSet::new(),
            window_hash: 0,
            base_pow_k: HASH_BASE.wrapping_pow(excluded.max()),
            base_sum: (0..excluded.max())
                .fold(0u64, |acc, j| acc.wrapping_add(HASH_BASE.wrapping_pow(j))),
        };
        // States are uniform from heap K = max E on, so start there (heap 0 when E is empty).
        while machine.values.len() < excluded.max() as usize {
            machine.push_next();
        }
        machine
    }

    fn push_next(&mut self) {
        let n = self.values.len();
        let mut excluded_values: Vec<u64> = self
            .excluded
            .elements()
            .iter()
            .take_while(|&&e| e as usize <= n)
            .map(|&e| self.values[n - e as usize])
            .collect();
        excluded_values.sort_unstable();
        let mut value = self.mex_all;
        for run in excluded_values.chunk_by(|a, b| a == b) {
            if run[0] < value && self.count[run[0] as usize] as usize == run.len() {
                value = run[0];
                break;
            }
        }
        self.values.push(value);
        self.window_hash = self.window_hash.wrapping_mul(HASH_BASE).wrapping_add(value);
        let k = self.excluded.max() as usize;
        if n >= k {
            let leaving = self.values[n - k].wrapping_mul(self.base_pow_k);
            self.window_hash = self.window_hash.wrapping_sub(leaving);
        }
        bump(&mut self.count, value);
        while self
            .count
            .get(self.mex_all as usize)
            .is_some_and(|&c| c > 0)
        {
            self.mex_all += 1;
        }
        // Heap n - K + 1 .. : the heap n + 1 - K leaves the window once heap n is known.
        if n + 1 > k {
            let leaving = self.values[n - k];
            bump(&mut self.old_count, leaving);
            if leaving >= self.old_mex {
                self.old_above.insert(leaving);
            }
            while self
                .old_count
                .get(self.old_mex as usize)
                .is_some_and(|&c| c > 0)
            {
                self.old_above.remove(&self.old_mex);
                self.old_mex += 1;
            }
        }
    }
}

fn bump(count: &mut Vec<u32>, value: u64) {
    let i = value as usize;
    if count.len() <= i {
        count.resize(i + 1, 0);
    }
    count[i] += 1;
}

/// What Brent's algorithm remembers of an all-but state: the heap index, the mex before the
/// window, and the values above it that occurred before the window.
struct AllButSnapshot {
    at: usize,
    window_hash: u64,
    old_mex: u64,
    old_above: Vec<u64>,
}

impl StateMachine for AllButMachine<'_> {
    type Snapshot = AllButSnapshot;

    fn position(&self) -> u64 {
        self.values.len() as u64
    }

    fn snapshot(&self) -> AllButSnapshot {
        AllButSnapshot {
            at: self.values.len(),
            window_hash: self.window_hash,
            old_mex: self.old_mex,
            old_above: self.old_above.iter().copied().collect(),
        }
    }

    fn matches(&self, snap: &AllButSnapshot) -> bool {
        let (m0, m1) = (snap.old_mex as i128, self.old_mex as i128);
        let k = self.excluded.max() as usize;
        let (a, b) = (snap.at, self.values.len());
        // The windows minus their mexes hash alike when they are equal (a quick rejection).
        let relative = |hash: u64, m: u64| hash.wrapping_sub(m.wrapping_mul(self.base_sum));
        relative(snap.window_hash, snap.old_mex) == relative(self.window_hash, self.old_mex)
            && snap.old_above.len() == self.old_above.len()
            && (0..k)
                .rev()
                .all(|j| self.values[a - k + j] as i128 - m0 == self.values[b - k + j] as i128 - m1)
            && snap
                .old_above
                .iter()
                .zip(&self.old_above)
                .all(|(&x, &y)| x as i128 - m0 == y as i128 - m1)
    }

    fn advance(&mut self) -> Result<(), EngineError> {
        self.push_next();
        Ok(())
    }
}

/// The slow reference: nim-values by the definition, `O(n²)`.
pub mod reference {

    /// `G(n) = mex { G(n - m) : 1 <= m <= n, m ∉ E }`, computed literally.
    pub fn nim_values(excluded: &[u32], terms: usize) -> Vec<u64> {
        let mut values: Vec<u64> = Vec::with_capacity(terms);
        for n in 0..terms {
            let options = (1..=n)
                .filter(|m| !excluded.contains(&(*m as u32)))
                .map(|m| values[n - m]);
            values.push(crate::mex::mex(options));
        }
        values
    }

    /// The least `(period, saltus)` and then the least preperiod such that
    /// `G(x + p) = G(x) + s` holds for every `x` in the computed range, requiring at least
    /// `tail` confirming positions. A heuristic oracle for tests, not a proof.
    pub fn least_arithmetic_period(values: &[u64], tail: usize) -> Option<(u64, u64, u64)> {
        let n = values.len();
        for p in 1..n.saturating_sub(tail) {
            let s = values[n - 1] as i128 - values[n - 1 - p] as i128;
            if s < 0 {
                continue;
            }
            let ok = |x: usize| values[x + p] as i128 == values[x] as i128 + s;
            if (n - p - tail..n - p).all(ok) {
                let l = (0..n - p).rev().find(|&x| !ok(x)).map_or(0, |x| x + 1);
                return Some((l as u64, p as u64, s as u64));
            }
        }
        None
    }
}
