//! `G_s` of sums of heaps in scoring-play octal games with breaking moves (Definition 11):
//! memoised negamax over multisets of heaps, each heap tagged with its ruleset. Values are not
//! additive (Section 3.1.3), so no shortcut is taken: every move of every multiset is tried.
//!
//! [`MultisetSolver`] is the fast one: a multiset is a sorted slice of runs, one packed word
//! `tag << 56 | size << 32 | count` per distinct heap (breaking games leave many equal small
//! heaps, so runs keep the keys short), a heap's liveness is a table lookup, and the memo is
//! an Fx hash map looked up by slice. It is capped twice: by the multisets it
//! stores (memory) and by the moves it tries (time). [`reference::MultisetSolver`] reads
//! Definition 11 literally (vectors of `(tag, size)`, partitions as vectors) and is what the
//! tests compare it with.

use rustc_hash::FxHashMap;

use super::octal::{Scaled, ScoringRules};
use super::Rational;
use crate::text::grouped;
use crate::{Budget, EngineError};

/// Most multisets the solver stores by default (about 100 bytes each).
pub const MAX_STATES: usize = 3_000_000;
/// Most moves the solver tries by default: about 2 s of one core (about 5·10^6 moves/s).
pub const MAX_WORK: u64 = 10_000_000;
/// Largest heap size a packed word holds (`size < 2^24`).
const MAX_SIZE: u32 = (1 << 24) - 1;
/// Moves tried between two budget ticks.
const TICK_EVERY: u64 = 1 << 16;

/// Memoised negamax over multisets of heaps; see the module documentation.
pub struct MultisetSolver<'r, 'b, 'c> {
    rules: Vec<&'r ScoringRules>,
    scaled: Scaled,
    /// `live[tag][h]`: a heap of `h` under ruleset `tag` has a move (dead heaps are dropped).
    live: Vec<Vec<bool>>,
    memo: FxHashMap<Box<[u64]>, i64>,
    max_states: usize,
    max_work: u64,
    work: u64,
    budget: &'b mut Budget<'c>,
}

/// A run of `count` heaps of `size` under ruleset `tag`; sorting runs sorts `(tag, size)`.
fn run(tag: u8, size: u32, count: u32) -> u64 {
    u64::from(tag) << 56 | u64::from(size) << 32 | u64::from(count)
}

/// The heap of a run, `tag << 24 | size`: equal for runs of equal heaps.
fn heap(run: u64) -> u64 {
    run >> 32
}

/// The `(tag, size)` of a run's heaps.
fn unpack(run: u64) -> (usize, u32) {
    ((run >> 56) as usize, (run >> 32) as u32 & MAX_SIZE)
}

/// Every multiset of exactly `parts` (0..=3) positive heaps summing to `total`, each as up to
/// three sizes in non-increasing order (unused slots 0).
fn splits(total: u32, parts: u32) -> impl Iterator<Item = [u32; 3]> {
    let one = (parts == 0 && total == 0).then_some([0, 0, 0]);
    let two = (parts == 1 && total >= 1).then_some([total, 0, 0]);
    let pairs = (1..=if parts == 2 { total / 2 } else { 0 }).map(move |b| [total - b, b, 0]);
    let triples = (1..=if parts == 3 { total / 3 } else { 0 })
        .flat_map(move |c| (c..=(total - c) / 2).map(move |b| [total - b - c, b, c]));
    one.into_iter().chain(two).chain(pairs).chain(triples)
}

impl<'r, 'b, 'c> MultisetSolver<'r, 'b, 'c> {
    /// A solver for heaps under `rules` (a heap's tag is its index in `rules`), with the
    /// default caps [`MAX_STATES`] and [`MAX_WORK`].
    pub fn new(
        rules: &[&'r ScoringRules],
        budget: &'b mut Budget<'c>,
    ) -> Result<Self, EngineError> {
        if rules.len() > 255 {
            return Err(EngineError::OutOfRange("at most 255 rulesets".into()));
        }
        Ok(MultisetSolver {
            rules: rules.to_vec(),
            scaled: Scaled::new(rules)?,
            live: vec![Vec::new(); rules.len()],
            memo: FxHashMap::default(),
            max_states: MAX_STATES,
            max_work: MAX_WORK,
            work: 0,
            budget,
        })
    }

    /// Sets the caps: most multisets stored and most moves tried.
    pub fn with_caps(mut self, max_states: usize, max_work: u64) -> Self {
        self.max_states = max_states;
        self.max_work = max_work;
        self
    }

    /// Multisets stored so far.
    pub fn states(&self) -> usize {
        self.memo.len()
    }

    /// Moves tried so far.
    pub fn work(&self) -> u64 {
        self.work
    }

    /// `G_s` of the sum of `heaps` (`(ruleset tag, size)`), the mover's best net score.
    pub fn value_of(&mut self, heaps: Vec<(u8, u32)>) -> Result<Rational, EngineError> {
        if heaps.len() > u32::MAX as usize {
            return Err(EngineError::OutOfRange("too many heaps".into()));
        }
        let mut state: Vec<u64> = Vec::with_capacity(heaps.len());
        for (tag, size) in heaps {
            let Some(rules) = self.rules.get(tag as usize) else {
                return Err(EngineError::OutOfRange(format!(
                    "no ruleset with tag {tag}"
                )));
            };
            if size > MAX_SIZE {
                return Err(EngineError::OutOfRange(format!(
                    "a heap of {size} is above the multiset solver's largest, {MAX_SIZE}"
                )));
            }
            let live = &mut self.live[tag as usize];
            for h in live.len() as u32..=size {
                live.push(rules.can_move(h));
            }
            if live[size as usize] {
                state.push(run(tag, size, 1));
            }
        }
        state.sort_unstable();
        state.dedup_by(|later, first| {
            let same = heap(*later) == heap(*first);
            *first += u64::from(same);
            same
        });
        let v = self.value(&state)?;
        Ok(self.scaled.value(v))
    }

    /// The moves of `state`: for each run (distinct heap), each removal `k` and each way to
    /// leave its rest, `(run index, k, parts)`.
    fn moves(&self, state: &[u64]) -> Vec<(usize, u32, [u32; 3])> {
        let mut moves = Vec::new();
        for (i, &word) in state.iter().enumerate() {
            let (tag, h) = unpack(word);
            let rules = self.rules[tag];
            for k in 1..=h.min(rules.digits().len() as u32) {
                let digit = rules.digits()[k as usize - 1];
                for parts in (0..4).filter(|c| digit & (1 << c) != 0) {
                    moves.extend(splits(h - k, parts).map(|split| (i, k, split)));
                }
            }
        }
        moves
    }

    /// Writes into `next` the multiset after a move: `state` with one heap of run `i` fewer
    /// and the live parts of `split` added.
    fn after(&self, state: &[u64], i: usize, split: [u32; 3], next: &mut Vec<u64>) {
        next.clear();
        next.extend_from_slice(state);
        next[i] -= 1;
        if next[i] & u64::from(u32::MAX) == 0 {
            next.remove(i);
        }
        let (tag, _) = unpack(state[i]);
        let live = &self.live[tag];
        for part in split.into_iter().filter(|&p| p > 0 && live[p as usize]) {
            let one = run(tag as u8, part, 1);
            let at = next.partition_point(|&w| heap(w) < heap(one));
            match next.get_mut(at) {
                Some(w) if heap(*w) == heap(one) => *w += 1,
                _ => next.insert(at, one),
            }
        }
    }

    fn value(&mut self, state: &[u64]) -> Result<i64, EngineError> {
        if let Some(&v) = self.memo.get(state) {
            return Ok(v);
        }
        if self.memo.len() >= self.max_states {
            return Err(EngineError::OutOfRange(format!(
                "more than {} heap multisets (raise it with --max-states)",
                grouped(self.max_states as u64)
            )));
        }
        let mut best: Option<i64> = None;
        let mut next = Vec::with_capacity(state.len() + 2);
        for (i, k, split) in self.moves(state) {
            self.work += 1;
            if self.work > self.max_work {
                return Err(EngineError::OutOfRange(format!(
                    "more than {} moves tried (raise it with --max-work)",
                    grouped(self.max_work)
                )));
            }
            if self.work.is_multiple_of(TICK_EVERY) {
                self.budget.tick(self.work, self.max_work)?;
            }
            self.after(state, i, split, &mut next);
            let (tag, _) = unpack(state[i]);
            let v = self.scaled.points[tag][k as usize - 1].saturating_sub(self.value(&next)?);
            best = Some(best.map_or(v, |b| b.max(v)));
        }
        let v = best.unwrap_or(0);
        self.memo.insert(state.into(), v);
        Ok(v)
    }
}

/// The slow reference: Definition 11 read literally.
pub mod reference {
    use std::collections::HashMap;

    use super::*;

    /// Memoised negamax over multisets of heaps as sorted vectors of `(tag, size)`; heaps with
    /// no legal move are dropped (they can never be moved in again). Uncapped.
    pub struct MultisetSolver<'r> {
        rules: Vec<&'r ScoringRules>,
        scaled: Scaled,
        memo: HashMap<Vec<(u8, u32)>, i64>,
    }

    impl<'r> MultisetSolver<'r> {
        /// A solver for heaps under `rules` (a heap's tag is its index in `rules`).
        pub fn new(rules: &[&'r ScoringRules]) -> Result<Self, EngineError> {
            Ok(MultisetSolver {
                rules: rules.to_vec(),
                scaled: Scaled::new(rules)?,
                memo: HashMap::new(),
            })
        }

        /// `G_s` of the sum of `heaps` (`(ruleset tag, size)`), the mover's best net score.
        pub fn value_of(&mut self, heaps: Vec<(u8, u32)>) -> Rational {
            let state = self.canonical(heaps);
            let v = self.value(state);
            self.scaled.value(v)
        }

        fn live(&self, (tag, h): (u8, u32)) -> bool {
            let r = self.rules[tag as usize];
            (1..=h.min(r.digits().len() as u32)).any(|k| !r.leaves(h, k).is_empty())
        }

        fn canonical(&self, mut heaps: Vec<(u8, u32)>) -> Vec<(u8, u32)> {
            heaps.retain(|&h| h.1 > 0 && self.live(h));
            heaps.sort_unstable();
            heaps
        }

        fn value(&mut self, state: Vec<(u8, u32)>) -> i64 {
            if let Some(&v) = self.memo.get(&state) {
                return v;
            }
            let mut best: Option<i64> = None;
            for (i, &(tag, h)) in state.iter().enumerate() {
                let r = self.rules[tag as usize];
                for k in 1..=h.min(r.digits().len() as u32) {
                    for leave in r.leaves(h, k) {
                        let mut next: Vec<(u8, u32)> = state[..i].to_vec();
                        next.extend_from_slice(&state[i + 1..]);
                        next.extend(leave.into_iter().map(|x| (tag, x)));
                        let next = self.canonical(next);
                        let v = self.scaled.points[tag as usize][k as usize - 1]
                            .saturating_sub(self.value(next));
                        best = Some(best.map_or(v, |b| b.max(v)));
                    }
                }
            }
            let v = best.unwrap_or(0);
            self.memo.insert(state, v);
            v
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(n: i64) -> Rational {
        Rational::int(n)
    }

    /// The fast solver equals the literal one on every code of up to two digits 0–f (points
    /// 1, 2 and then 3, −1), single heaps and sums of two heaps under two rulesets.
    #[test]
    fn fast_equals_reference_on_every_small_code() {
        let other = ScoringRules::parse("0.7", "2").unwrap();
        for code in 1..256u32 {
            let digits = vec![(code >> 4) as u8, (code & 15) as u8];
            for points in [vec![q(1), q(2)], vec![q(3), q(-1)]] {
                let Ok(rules) = ScoringRules::new(digits.clone(), points) else {
                    continue;
                };
                let mut budget = Budget::unlimited();
                let mut fast = MultisetSolver::new(&[&rules, &other], &mut budget).unwrap();
                let mut slow = reference::MultisetSolver::new(&[&rules, &other]).unwrap();
                for n in 0..9 {
                    for heaps in [vec![(0, n)], vec![(0, n), (1, n / 2)], vec![(0, n), (0, 3)]] {
                        assert_eq!(
                            fast.value_of(heaps.clone()).unwrap(),
                            slow.value_of(heaps.clone()),
                            "{rules} {heaps:?}"
                        );
                    }
                }
            }
        }
    }

    /// `splits` lists exactly the partitions into 0–3 positive parts.
    #[test]
    fn splits_are_the_partitions() {
        for total in 0..30u32 {
            for parts in 0..4u32 {
                let got: Vec<[u32; 3]> = splits(total, parts).collect();
                let mut want = Vec::new();
                for a in 0..=total {
                    for b in 0..=a {
                        for c in 0..=b {
                            let used = [a, b, c].iter().filter(|&&x| x > 0).count() as u32;
                            let nonzero_first = (a > 0 || used == 0) && (b > 0 || c == 0);
                            if a + b + c == total && used == parts && nonzero_first {
                                want.push([a, b, c]);
                            }
                        }
                    }
                }
                let mut sorted = got.clone();
                sorted.sort_unstable();
                want.sort_unstable();
                assert_eq!(sorted, want, "total {total}, {parts} parts");
            }
        }
    }

    /// Both caps stop the solver with an error naming the flag to raise.
    #[test]
    fn caps_stop_with_the_flag_to_raise() {
        let rules = ScoringRules::parse("0.66", "1,1").unwrap();
        let mut budget = Budget::unlimited();
        let mut solver = MultisetSolver::new(&[&rules], &mut budget)
            .unwrap()
            .with_caps(100, u64::MAX);
        let err = solver.value_of(vec![(0, 40)]).unwrap_err().to_string();
        assert!(err.contains("--max-states"), "{err}");
        let mut solver = MultisetSolver::new(&[&rules], &mut budget)
            .unwrap()
            .with_caps(usize::MAX, 1000);
        let err = solver.value_of(vec![(0, 40)]).unwrap_err().to_string();
        assert!(err.contains("--max-work"), "{err}");
        assert_eq!(solver.work(), 1001);
    }
}
