//! Proven eventual periods: the report type and Brent's cycle finder over solver states.
//!
//! Every solver in HeapLab whose next value is a function of a finite *state* (for a finite
//! subtraction set, the last `max S` values) proves periodicity the same way: when the state at
//! position `t` equals the state at `t + p`, the two futures are identical, so `u(x + p) = u(x)`
//! for every `x >= t`. Brent's algorithm finds the least such `p` (the state cycle length) with
//! O(1) stored states; the least preperiod is then read off the stored values by scanning back
//! from `t` for the last position that breaks the period.

use crate::{Budget, EngineError};

/// What is known about the eventual period of a sequence.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Periodicity {
    /// Proven: `u(x + period) = u(x) + saltus` for all `x >= preperiod`, where `period` is the
    /// least such period and `preperiod` the least for it. `saltus` is 0 for ordinary periodicity.
    Proven {
        /// The least `x0` from which the relation holds.
        preperiod: u64,
        /// The least period.
        period: u64,
        /// The constant added per period (arithmetic periodicity); 0 for plain periodicity.
        saltus: u64,
    },
    /// No period was proven among the first `searched` positions (the search budget ran out).
    NotFound {
        /// How many positions were computed and searched.
        searched: u64,
    },
}

impl Periodicity {
    /// The proven period, if any.
    pub fn period(&self) -> Option<u64> {
        match self {
            Periodicity::Proven { period, .. } => Some(*period),
            Periodicity::NotFound { .. } => None,
        }
    }

    /// The proven preperiod, if any.
    pub fn preperiod(&self) -> Option<u64> {
        match self {
            Periodicity::Proven { preperiod, .. } => Some(*preperiod),
            Periodicity::NotFound { .. } => None,
        }
    }

    /// The proven saltus, if any (0 for plain periodicity).
    pub fn saltus(&self) -> Option<u64> {
        match self {
            Periodicity::Proven { saltus, .. } => Some(*saltus),
            Periodicity::NotFound { .. } => None,
        }
    }

    /// A one-line human summary, e.g. "preperiod 4, period 3" or "no period found up to 1000".
    pub fn describe(&self) -> String {
        match self {
            Periodicity::Proven {
                preperiod,
                period,
                saltus: 0,
            } => {
                format!("preperiod {preperiod}, period {period}")
            }
            Periodicity::Proven {
                preperiod,
                period,
                saltus,
            } => {
                format!("preperiod {preperiod}, period {period}, saltus {saltus}")
            }
            Periodicity::NotFound { searched } => format!("no period found up to {searched}"),
        }
    }
}

/// A deterministic machine whose next state is a function of the current one.
///
/// `position` counts the states visited; `advance` moves to the next state (computing the next
/// value of the sequence), and `snapshot`/`matches` let Brent's algorithm remember one state.
pub trait StateMachine {
    /// What Brent's algorithm keeps of a remembered state.
    type Snapshot;
    /// The index of the current state.
    fn position(&self) -> u64;
    /// Records the current state.
    fn snapshot(&self) -> Self::Snapshot;
    /// Whether the current state equals the remembered one (up to the machine's symmetry).
    fn matches(&self, snapshot: &Self::Snapshot) -> bool;
    /// Moves to the next state.
    fn advance(&mut self) -> Result<(), EngineError>;
}

/// A found cycle: the state at `start` equals the state at `start + length`, and `length` is
/// the least cycle length of the state sequence.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cycle {
    /// A position inside the cycle (not necessarily the first one).
    pub start: u64,
    /// The least cycle length.
    pub length: u64,
}

#[cfg(test)]
mod tests {
    use super::WindowHash;

    #[test]
    fn rolling_equals_recomputing() {
        let seq: Vec<u64> = (0..200u64).map(|i| (i * i + 3 * i) % 7).collect();
        let width = 13;
        let mut rolling = WindowHash::new(seq[..width].iter().copied());
        for start in 1..seq.len() - width {
            rolling.roll(seq[start - 1], seq[start + width - 1]);
            let fresh = WindowHash::new(seq[start..start + width].iter().copied());
            assert_eq!(rolling.value(), fresh.value(), "start {start}");
        }
    }
}

/// A polynomial rolling hash of a fixed-width window of a sequence (wrapping `u64` arithmetic).
///
/// Machines keep the hash of their current window so that [`StateMachine::matches`] rejects a
/// different state in O(1); equal hashes are always confirmed by a full comparison, so a
/// collision can cost time but never correctness.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WindowHash {
    hash: u64,
    /// `BASE^(width - 1)`: the weight of the value that leaves the window.
    top: u64,
}

impl WindowHash {
    const BASE: u64 = 0x0000_0100_0000_01b3;

    /// The hash of the window holding `values` (oldest first).
    pub fn new(values: impl ExactSizeIterator<Item = u64>) -> Self {
        let width = values.len();
        let top = (1..width).fold(1u64, |acc, _| acc.wrapping_mul(Self::BASE));
        let hash = values.fold(0u64, |acc, v| acc.wrapping_mul(Self::BASE).wrapping_add(v));
        WindowHash { hash, top }
    }

    /// Slides the window by one: `leaving` (the oldest value) goes out, `entering` comes in.
    pub fn roll(&mut self, leaving: u64, entering: u64) {
        self.hash = self
            .hash
            .wrapping_sub(leaving.wrapping_mul(self.top))
            .wrapping_mul(Self::BASE)
            .wrapping_add(entering);
    }

    /// The current hash value.
    pub fn value(&self) -> u64 {
        self.hash
    }
}

/// A rule that computes the next value of a sequence from the values before it, the same
/// function at every heap `x >= window()` (so the last `window()` values are a proof state).
pub trait WindowRule {
    /// The value type (nim-values, scores, ...).
    type Value: Copy + PartialEq + Into<u64>;
    /// How many previous values determine the next one from heap `window()` on.
    fn window(&self) -> usize;
    /// The value at heap `values.len()`, given all the values before it.
    fn next(&self, values: &[Self::Value]) -> Self::Value;
}

/// A sequence generated by a [`WindowRule`], kept in full, and a [`StateMachine`] over its
/// windows (with a rolling hash, so each Brent step is O(1)).
pub struct WindowSequence<R: WindowRule> {
    rule: R,
    values: Vec<R::Value>,
    /// Index of the current state (the first heap of its window).
    at: usize,
    /// Hash of the current window `values[at..at + window]`.
    hash: WindowHash,
}

impl<R: WindowRule> WindowSequence<R> {
    /// Starts the sequence with its first `window` values computed.
    pub fn new(rule: R) -> Self {
        Self::with_buffer(rule, Vec::new())
    }

    /// [`WindowSequence::new`] storing the values in `buffer` (cleared first), so a caller that
    /// solves many rulesets keeps one allocation ([`WindowSequence::into_buffer`] gives it back).
    pub fn with_buffer(rule: R, mut buffer: Vec<R::Value>) -> Self {
        buffer.clear();
        let mut seq = WindowSequence {
            rule,
            values: buffer,
            at: 0,
            hash: WindowHash::new(std::iter::empty()),
        };
        while seq.values.len() < seq.rule.window() {
            seq.push_next();
        }
        seq.hash = WindowHash::new(seq.values.iter().map(|&v| v.into()));
        seq
    }

    /// Computes one more value.
    pub fn push_next(&mut self) {
        let value = self.rule.next(&self.values);
        self.values.push(value);
    }

    /// Computes values until at least `len` are known.
    pub fn extend_to(&mut self, len: usize) {
        while self.values.len() < len {
            self.push_next();
        }
    }

    /// The values computed so far.
    pub fn values(&self) -> &[R::Value] {
        &self.values
    }

    /// The values, keeping the first `len` (computing more if needed).
    pub fn into_values(mut self, len: usize) -> Vec<R::Value> {
        self.extend_to(len);
        self.values.truncate(len);
        self.values
    }

    /// Every value computed so far, as the buffer for the next [`WindowSequence::with_buffer`].
    pub fn into_buffer(self) -> Vec<R::Value> {
        self.values
    }

    /// The rule.
    pub fn rule(&self) -> &R {
        &self.rule
    }

    /// The proven eventual period, searching until heap `search`: Brent's cycle finder on the
    /// windows, then the least preperiod by scanning back.
    pub fn find_period(
        &mut self,
        search: u64,
        budget: &mut Budget<'_>,
    ) -> Result<Periodicity, EngineError> {
        let k = self.rule.window() as u64;
        match find_cycle(self, search.saturating_sub(k), budget)? {
            None => Ok(Periodicity::NotFound { searched: search }),
            Some(cycle) => {
                let v = &self.values;
                let p = cycle.length as usize;
                let preperiod =
                    least_preperiod(cycle.start, |x| v[x as usize] == v[x as usize + p]);
                Ok(Periodicity::Proven {
                    preperiod,
                    period: cycle.length,
                    saltus: 0,
                })
            }
        }
    }
}

impl<R: WindowRule> StateMachine for WindowSequence<R> {
    type Snapshot = (usize, u64);

    fn position(&self) -> u64 {
        self.at as u64
    }

    fn snapshot(&self) -> (usize, u64) {
        (self.at, self.hash.value())
    }

    fn matches(&self, &(start, hash): &(usize, u64)) -> bool {
        let k = self.rule.window();
        hash == self.hash.value()
            && self.values[start..start + k] == self.values[self.at..self.at + k]
    }

    fn advance(&mut self) -> Result<(), EngineError> {
        self.push_next();
        let k = self.rule.window();
        self.hash
            .roll(self.values[self.at].into(), self.values[self.at + k].into());
        self.at += 1;
        Ok(())
    }
}

/// A line of values on which periods can be proven: range equality and the last difference.
/// Bit rows ([`crate::bits::BitVec`]) and value rows (`Vec<T>`) both are lines.
pub trait Line {
    /// Whether the `width` values from `a` equal the `width` values from `b`.
    fn ranges_equal(&self, a: usize, b: usize, width: usize) -> bool;
    /// The largest `y < end` whose value differs from the one at `y + shift`.
    fn last_difference(&self, end: usize, shift: usize) -> Option<usize>;
}

impl Line for crate::bits::BitVec {
    fn ranges_equal(&self, a: usize, b: usize, width: usize) -> bool {
        crate::bits::BitVec::ranges_equal(self, a, b, width)
    }

    fn last_difference(&self, end: usize, shift: usize) -> Option<usize> {
        crate::bits::BitVec::last_difference(self, end, shift)
    }
}

impl<T: PartialEq> Line for Vec<T> {
    fn ranges_equal(&self, a: usize, b: usize, width: usize) -> bool {
        self[a..a + width] == self[b..b + width]
    }

    fn last_difference(&self, end: usize, shift: usize) -> Option<usize> {
        (0..end).rev().find(|&y| self[y] != self[y + shift])
    }
}

/// Proven eventual periods along the rows of a two-dimensional window `width` cells wide, for
/// games where cell `(x, y)` is one fixed function of the cells `x - a .. x` of rows `0..=y`
/// (from `x = a` on). Equal `a`-wide column windows of rows `0..=y` at `t` and `t + p` prove
/// that all those rows repeat with period `p` from `t`. The least such joint period `P` is the
/// least `p` whose window at the right edge also stands `p` cells earlier; each row's own least
/// period is the least divisor of `P` under which one block of `P` cells is cyclically
/// invariant, and its preperiod is found by scanning back. Rows whose proof does not fit the
/// window are `NotFound`.
pub fn joint_row_periods<L: Line>(rows: &[L], width: usize, a: usize) -> Vec<Periodicity> {
    let not_found = Periodicity::NotFound {
        searched: width as u64,
    };
    if width <= a {
        return vec![not_found; rows.len()];
    }
    // Candidate joint periods; the set only shrinks as rows are added.
    let mut alive: Vec<usize> = (1..=width - a).collect();
    let mut result = Vec::with_capacity(rows.len());
    for row in rows {
        alive.retain(|&p| row.ranges_equal(width - a - p, width - a, a));
        let Some(&joint) = alive.first() else {
            result.push(not_found);
            continue;
        };
        let t = width - a - joint;
        let own = (1..=joint)
            .filter(|d| joint.is_multiple_of(*d))
            .find(|&d| {
                row.ranges_equal(t, t + d, joint - d) && row.ranges_equal(t + joint - d, t, d)
            })
            .unwrap_or(joint);
        let preperiod = row.last_difference(t, own).map_or(0, |x| x as u64 + 1);
        result.push(Periodicity::Proven {
            preperiod,
            period: own as u64,
            saltus: 0,
        });
    }
    result
}

/// Brent's cycle finder. Advances `machine` until its state repeats, or until its position
/// would pass `limit`, in which case it returns `Ok(None)`. Ticks `budget` every 65,536 steps.
pub fn find_cycle<M: StateMachine>(
    machine: &mut M,
    limit: u64,
    budget: &mut Budget<'_>,
) -> Result<Option<Cycle>, EngineError> {
    let mut power = 1u64;
    let mut length = 1u64;
    let mut tortoise = machine.snapshot();
    let mut tortoise_at = machine.position();
    if machine.position() >= limit {
        return Ok(None);
    }
    machine.advance()?;
    while !machine.matches(&tortoise) {
        if machine.position() >= limit {
            return Ok(None);
        }
        if power == length {
            tortoise = machine.snapshot();
            tortoise_at = machine.position();
            power *= 2;
            length = 0;
        }
        machine.advance()?;
        length += 1;
        if machine.position().is_multiple_of(65_536) {
            budget.tick(machine.position(), limit)?;
        }
    }
    Ok(Some(Cycle {
        start: tortoise_at,
        length,
    }))
}

/// The least preperiod, given that `same(x)` (i.e. `u(x + period)` relates to `u(x)` as it
/// should) holds for every `x >= proven_from`: one past the last `x < proven_from` where it fails.
pub fn least_preperiod(proven_from: u64, mut same: impl FnMut(u64) -> bool) -> u64 {
    (0..proven_from)
        .rev()
        .find(|&x| !same(x))
        .map_or(0, |x| x + 1)
}
