//! The fast nim-sequence of finite codes whose moves leave at most two heaps (octal games and
//! Grundy's game): the rare/common method of the sparse space with breaking moves divided by
//! the parity of the number of tokens they remove.
//!
//! **Labels.** Heap `a` carries the label `ℓ(a) = 2·G(a) + (a mod 2)`. A breaking move that
//! removes `k` tokens from heap `n` leaves heaps `a` and `b` with `a + b = n − k`, so
//! `ℓ(a) ⊕ ℓ(b) = 2·(G(a) ⊕ G(b)) + ((n − k) mod 2)`: the label of the option, read as if it
//! were the label of heap `n`, is `ℓ(a) ⊕ ℓ(b) ⊕ d` with `d = k mod 2`.
//!
//! **Groups.** The breaking moves are divided into the even (`d = 0`) and odd (`d = 1`) group,
//! and each group has its own linear functional `w` over labels: a label `ℓ` is *common* in
//! group `d` when `popcount((ℓ ⊕ d) & w)` is odd, else *rare*. This class is affine over XOR,
//! so two common heaps `a`, `b` give an option whose value `v` has a rare label
//! `2v + (n mod 2)` in that group. Hence (Theorem 3.81 of the thesis, with the parity split of
//! Beling's `ogs` and the (value, parity) transform of Czajka's `octal-games`, redone here):
//!
//! 1. every option with a rare heap is listed (rare heaps are few);
//! 2. the least value `s` that no listed option takes and that is common in every active group
//!    cannot be an option at all, so `G(n) <= s`;
//! 3. values below `s` that no listed option takes are candidates; the common × common pairs
//!    are scanned only to strike candidates, and only in a group that could produce one.
//!
//! Correctness does not depend on `w` (any `w` gives the true mex); `w` decides speed. It is
//! chosen by a Walsh–Hadamard transform of the label counts of all the heaps so far (the rare
//! lists span every heap), at 1024 heaps and at every doubling. When both groups have moves, a safe value must be common
//! in both, so they share one functional of the value alone (the parity would make their common
//! sets complementary); a game whose breaking moves all have one parity may use the parity. A
//! group whose best `w` leaves more than one heap in eight rare lists all its options (the full
//! method).

use super::far;
use super::sequence::{words_for, Method};
use super::store::Values;
#[cfg(not(target_arch = "wasm32"))]
use super::value_set::{LowWord, QUAD_BITS, SMALL_BITS};
use super::Ruleset;
use crate::{Budget, EngineError};

/// Heaps between two progress reports.
const TICK: usize = 1 << 12;
/// The first heap count at which the functionals are chosen (then at every doubling).
const FIRST_REVIEW: usize = 1 << 10;

/// The label of heap `n` with value `value`.
#[inline(always)]
pub(super) fn label(value: u32, n: usize) -> u32 {
    (value << 1) | (n as u32 & 1)
}

/// A parity group of breaking moves.
mod group;
pub(super) use group::Group;

/// The inner loops of the scans.
mod kernels;
pub(super) use kernels::{Rare, BLOCK};

/// One heap's value from the split moves.
mod moves;
use moves::{Moves, Scratch};

/// The nim-sequence of a finite code leaving at most two heaps, two bytes a heap.
#[derive(Debug, Clone)]
pub struct OctalSequence {
    moves: Moves,
    values: Values,
    /// Every value so far is below `2^value_bits`.
    value_bits: u32,
    /// Scratch with option sets in memory (any value).
    scratch: Scratch<Vec<u64>>,
    /// Scratch with option sets in registers (values below `2^SMALL_BITS`; native only).
    #[cfg_attr(target_arch = "wasm32", allow(dead_code))]
    small: Scratch<u64>,
    /// Scratch with option sets in four words on the stack (values below 128; native only).
    #[cfg_attr(target_arch = "wasm32", allow(dead_code))]
    quad: Scratch<[u64; 4]>,
    /// Scratch with the option values below 64 in one register word (few values above 63;
    /// native only).
    #[cfg(not(target_arch = "wasm32"))]
    low: Scratch<LowWord>,
    /// Heaps the one-word sets could not decide, computed again with wider sets.
    #[cfg(not(target_arch = "wasm32"))]
    redone: usize,
    /// Heaps so far whose value is 64 or more.
    high_values: usize,
    /// False to keep the option sets in memory always (the reference for the register sets).
    #[cfg_attr(target_arch = "wasm32", allow(dead_code))]
    small_sets: bool,
    /// The heap count at which the functionals are reviewed next.
    next_review: usize,
    /// The end of the current block of rare scans, and the kind of set and cell it was
    /// listed in (a new block starts when the kind changes).
    #[cfg_attr(target_arch = "wasm32", allow(dead_code))]
    block_end: (usize, u8),
    /// The helper thread's settings and mirror (native only: the browser's module stays one
    /// thread, and this keeps it the same size).
    #[cfg(not(target_arch = "wasm32"))]
    helping: far::Helping,
}

impl OctalSequence {
    /// A sequence for `rules`, which must be finite and leave at most two heaps per move.
    pub fn new(rules: &Ruleset) -> Self {
        let with_bit = |bit: u32, parity: Option<usize>| -> Vec<usize> {
            (0..rules.digits().len())
                .filter(|&k| rules.digit(k) & bit != 0 && parity.is_none_or(|p| k % 2 == p))
                .collect()
        };
        let moves = Moves {
            take_all: with_bit(1, None),
            leave_one: with_bit(2, None),
            unequal: rules.unequal_split(),
            groups: [
                Group::new(0, with_bit(4, Some(0))),
                Group::new(1, with_bit(4, Some(1))),
            ],
        };
        let mut sequence = OctalSequence {
            moves,
            values: Values::default(),
            value_bits: 0,
            scratch: Scratch::default(),
            small: Scratch::default(),
            quad: Scratch::default(),
            #[cfg(not(target_arch = "wasm32"))]
            low: Scratch::default(),
            #[cfg(not(target_arch = "wasm32"))]
            redone: 0,
            high_values: 0,
            small_sets: true,
            next_review: FIRST_REVIEW,
            block_end: (0, 0),
            #[cfg(not(target_arch = "wasm32"))]
            helping: far::Helping::default(),
        };
        sequence.push(0);
        sequence
    }

    /// A sequence that always lists every option (the full method, never sparse): the plain
    /// bitset method the sparse one is checked against.
    pub fn full_method(rules: &Ruleset) -> Self {
        let mut sequence = OctalSequence::new(rules);
        sequence.next_review = usize::MAX;
        sequence
    }

    /// The same method with its option sets always in memory (the path of games whose values
    /// reach 128), checked against the register sets on small games.
    pub fn with_word_sets(rules: &Ruleset) -> Self {
        let mut sequence = OctalSequence::new(rules);
        sequence.small_sets = false;
        sequence
    }

    /// Uses up to `threads` threads (two at most help: see the `far` module); the values are
    /// the same for any count. The browser's module always uses one.
    #[cfg_attr(target_arch = "wasm32", allow(unused_mut))]
    pub fn with_threads(mut self, threads: usize) -> Self {
        #[cfg(not(target_arch = "wasm32"))]
        {
            self.helping.threads = threads.max(1);
        }
        let _ = threads;
        self
    }

    /// Two threads, the main one waiting for every far set of the helper (slower; the tests
    /// use it so that every block takes the helper's path). Native only.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn with_patient_helper(mut self) -> Self {
        self.helping.threads = 2;
        self.helping.patient = true;
        self
    }

    /// How many heaps were computed while the helper thread ran (0 on one thread).
    #[cfg(not(target_arch = "wasm32"))]
    pub fn helped(&self) -> usize {
        self.helping.helped
    }

    /// A sequence continuing from stored values (a checkpoint); the values must be those of
    /// `rules` from heap 0 (the caller checks that; the result is then identical).
    pub fn resume(rules: &Ruleset, values: Values) -> Self {
        let mut sequence = OctalSequence::new(rules);
        if values.len() <= 1 {
            return sequence;
        }
        sequence.value_bits = (0..values.len())
            .map(|n| 32 - values.get(n).leading_zeros())
            .max()
            .unwrap_or(0);
        sequence.high_values = (0..values.len()).filter(|&n| values.get(n) >= 64).count();
        sequence.values = values;
        while sequence.next_review * 2 <= sequence.values.len() {
            sequence.next_review *= 2;
        }
        if sequence.next_review <= sequence.values.len() {
            sequence.review();
            sequence.next_review *= 2;
        } else {
            sequence.rebuild_groups();
        }
        sequence
    }

    /// The stored values (two or four bytes a heap).
    pub fn stored(&self) -> &Values {
        &self.values
    }

    /// The stored values, giving up the sequence.
    pub fn into_stored(self) -> Values {
        self.values
    }

    /// How many heaps are computed.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// True when nothing is computed (never: heap 0 always is).
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The nim-value of heap `n` (must be computed).
    pub fn value(&self, n: usize) -> u32 {
        self.values.get(n)
    }

    /// Nim-values of heaps `0..len` (at most those computed).
    pub fn values(&self, len: usize) -> Vec<u32> {
        self.values.to_vec(len)
    }

    /// The method in use now: sparse when some group uses a functional.
    pub fn method(&self) -> Method {
        if self.moves.groups.iter().any(|g| g.w != 0) {
            Method::Sparse
        } else {
            Method::Full
        }
    }

    /// The ignore mask of Theorem 3.81 (bits below the largest value), when the sparse groups
    /// all use one functional that ignores the parity, so rarity is a property of the value.
    pub fn ignore_mask(&self) -> Option<u32> {
        let mut used = self.moves.groups.iter().filter(|g| !g.moves.is_empty());
        let w = used.next()?.w;
        let plain = w != 0 && w & 1 == 0 && used.all(|g| g.w == w);
        let all = (1u32 << self.value_bits.max(1)) - 1;
        plain.then_some(!(w >> 1) & all)
    }

    /// How many heaps computed so far are rare in some sparse group.
    pub fn rare_count(&self) -> usize {
        let sparse: Vec<&Group> = self.moves.groups.iter().filter(|g| g.w != 0).collect();
        (0..self.values.len())
            .filter(|&n| {
                let l = label(self.values.get(n), n);
                sparse.iter().any(|g| !g.is_common(l))
            })
            .count()
    }

    /// The work of computing heaps from [`Self::len`] up to `len`, counted as the options the
    /// method scans: every heap's single-heap options, and for each breaking move either every
    /// split (full method: about `n / 2` at heap `n`) or one split per rare heap known now
    /// (sparse method, Theorem 3.81). Deterministic, so a cap on it stops a run at the same
    /// heap on every machine; the sparse count assumes no new rare heaps, so it is a floor.
    pub fn estimated_work(&self, len: usize) -> u64 {
        let (from, to) = (self.len() as u64, len as u64);
        if to <= from {
            return 0;
        }
        let heaps = to - from;
        let single = (self.moves.take_all.len() + self.moves.leave_one.len()) as u64;
        let mut work = heaps.saturating_mul(single.max(1));
        for group in &self.moves.groups {
            let per_move = if group.w == 0 {
                // Σ n/2 for n in from..to.
                (to.saturating_mul(to) - from.saturating_mul(from)) / 4
            } else {
                heaps.saturating_mul(group.rare.len() as u64)
            };
            work = work.saturating_add(per_move.saturating_mul(group.moves.len() as u64));
        }
        work
    }

    /// Computes heaps up to `len` (exclusive), reporting progress to `budget`.
    pub fn extend_to(&mut self, len: usize, budget: &mut Budget<'_>) -> Result<(), EngineError> {
        self.extend_reporting(len, len, budget)
    }

    /// [`Self::extend_to`], reporting progress out of `total` heaps (the whole run's target).
    pub fn extend_reporting(
        &mut self,
        len: usize,
        total: usize,
        budget: &mut Budget<'_>,
    ) -> Result<(), EngineError> {
        self.values
            .reserve(total.max(len).saturating_sub(self.values.len()));
        #[cfg(target_arch = "wasm32")]
        self.values.widen();
        while self.values.len() < len {
            let n = self.values.len();
            if n == self.next_review {
                self.review();
                self.next_review *= 2;
            }
            #[cfg(not(target_arch = "wasm32"))]
            if self.helping.threads > 1 && n >= self.helping.next_ask {
                // Asked every `ASK_EVERY` heaps at most: the test costs more than a heap.
                const ASK_EVERY: usize = 256;
                match self.helped_end(len) {
                    Some(end) => {
                        self.extend_helped(end, total, budget)?;
                        continue;
                    }
                    None => self.helping.next_ask = n + ASK_EVERY,
                }
            }
            // Kept inline (a shared step returning a `Result` a heap cost ·56 1 % more).
            let value = self.next_value(None);
            self.push(value);
            if n.is_multiple_of(TICK) {
                budget.tick(n as u64, total as u64)?;
            }
        }
        Ok(())
    }

    /// Where a run of two threads from here would end (before `len` and the next review), when
    /// one pays (asked only when two threads are allowed): a sparse group's block scan to share (no unequal split,
    /// moves below `FAR − BLOCK`), values in two bytes, at least `MIN_HELPED` heaps to go, and
    /// at least `MIN_FAR_SPLITS` splits a heap in the far part (a patient helper, the tests',
    /// skips this last test).
    ///
    /// The far part's size is what decides: measured on an idle machine, ·354 (97 of its 131
    /// rare heaps from 128, two breaking moves) and ·376 (510 rare heaps) ran 1.2–1.36× faster
    /// in wall time with the helper, while the record games, with 17–38 rare heaps in all, ran
    /// up to 1.6× slower (the main thread's mirror and merges, for a helper with little to do).
    #[cfg(not(target_arch = "wasm32"))]
    fn helped_end(&self, len: usize) -> Option<usize> {
        const MIN_HELPED: usize = 256;
        const MIN_FAR_SPLITS: usize = 128;
        let moves = &self.moves;
        let sparse = || moves.groups.iter().filter(|g| g.w != 0);
        let end = len.min(self.next_review);
        let n = self.values.len();
        let fits = || sparse().all(|g| g.moves.iter().all(|&k| k + BLOCK < far::FAR));
        let far_splits = || {
            sparse()
                .map(|g| g.rare_range(far::FAR, usize::MAX).len() * g.moves.len())
                .sum::<usize>()
        };
        (n >= 4 * far::FAR
            && end >= n + MIN_HELPED
            && !moves.unequal
            && matches!(self.values, Values::Narrow(_))
            && sparse().next().is_some()
            && fits()
            && (self.helping.patient || far_splits() >= MIN_FAR_SPLITS))
            .then_some(end)
    }

    /// Computes heaps up to `end` with the helper thread listing the far rare scan, stopping
    /// early when a value needs a wider set (the helper's sets have a fixed width).
    #[cfg(not(target_arch = "wasm32"))]
    fn extend_helped(
        &mut self,
        end: usize,
        total: usize,
        budget: &mut Budget<'_>,
    ) -> Result<(), EngineError> {
        let (start, bits) = (self.values.len(), self.value_bits);
        let mut mirror = std::mem::take(&mut self.helping.mirror);
        let values = &self.values;
        let cells = mirror.cover(end, start, |h| values.get(h));
        let shared = far::Shared::new(cells, start, bits, self.helping.patient);
        let helper = far::Helper::new(&self.moves.groups, start);
        let result = std::thread::scope(|scope| {
            let shared = &shared;
            scope.spawn(move || helper.run(shared, end));
            let result = (|| {
                while self.values.len() < end {
                    let n = self.values.len();
                    let value = self.next_value(Some(shared));
                    self.push(value);
                    if n.is_multiple_of(TICK) {
                        budget.tick(n as u64, total as u64)?;
                    }
                    self.helping.helped += 1;
                    if self.value_bits != bits {
                        break;
                    }
                    shared.publish(n, value);
                }
                Ok(())
            })();
            shared.finish();
            result
        });
        let published = shared.published();
        drop(shared);
        mirror.mirrored(published);
        self.helping.mirror = mirror;
        // The block's sets lack the far part: the next heap starts a new block.
        self.block_end = (0, 0);
        result
    }

    /// The value of the next heap, with the smallest option sets its values fit.
    #[cfg(not(target_arch = "wasm32"))]
    fn next_value(&mut self, far: Option<&far::Shared<'_>>) -> u32 {
        let bits = self.value_bits;
        let n = self.values.len();
        let kind = match &self.values {
            Values::Narrow(_) if self.small_sets && bits <= SMALL_BITS => 1,
            // Few values of 64 or more, and few heaps redone (each costs a heap without blocks).
            Values::Narrow(_) if self.small_sets && (self.high_values + self.redone) * 64 < n => 5,
            Values::Narrow(_) if self.small_sets && bits <= QUAD_BITS => 2,
            Values::Narrow(_) => 3,
            Values::Wide(_) => 4,
        };
        let fresh = n >= self.block_end.0 || kind != self.block_end.1;
        if fresh {
            self.block_end = ((n / BLOCK + 1) * BLOCK, kind);
        }
        let block = Some(fresh);
        let value = match &self.values {
            Values::Narrow(v) if kind == 1 => {
                self.moves.next_value(v, bits, block, far, &mut self.small)
            }
            Values::Narrow(v) if kind == 2 => {
                self.moves.next_value(v, bits, block, far, &mut self.quad)
            }
            Values::Narrow(v) if kind == 5 => {
                self.moves.next_value(v, bits, block, far, &mut self.low)
            }
            Values::Narrow(v) => self
                .moves
                .next_value(v, bits, block, far, &mut self.scratch),
            Values::Wide(v) => self
                .moves
                .next_value(v, bits, block, far, &mut self.scratch),
        };
        value.unwrap_or_else(|| self.redo_wide())
    }

    /// The value of the next heap with option sets in memory, listing every rare option itself
    /// (no block, no helper): for the heaps the one-word sets leave undecided.
    #[cfg(not(target_arch = "wasm32"))]
    #[cold]
    fn redo_wide(&mut self) -> u32 {
        self.redone += 1;
        let value = match &self.values {
            Values::Narrow(v) => {
                self.moves
                    .next_value(v, self.value_bits, None, None, &mut self.scratch)
            }
            Values::Wide(v) => {
                self.moves
                    .next_value(v, self.value_bits, None, None, &mut self.scratch)
            }
        };
        // Sets in memory hold every value, so they decide every heap.
        value.unwrap_or(1 << self.value_bits)
    }

    /// How many heaps the one-word option sets left undecided (computed again with sets in
    /// memory); native only.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn redone(&self) -> usize {
        self.redone
    }

    /// The value of the next heap; the browser's module keeps one cell width and one set kind
    /// (module size).
    #[cfg(target_arch = "wasm32")]
    fn next_value(&mut self, _far: Option<&far::Shared<'_>>) -> u32 {
        match &self.values {
            Values::Narrow(_) => unreachable!("widened before the loop"),
            Values::Wide(v) => self
                .moves
                .next_value(v, self.value_bits, None, None, &mut self.scratch)
                // Sets in memory hold every value, so they decide every heap.
                .unwrap_or(1 << self.value_bits),
        }
    }

    fn push(&mut self, value: u32) {
        let n = self.values.len();
        self.values.push(value);
        self.high_values += usize::from(value >= 64);
        if value >> self.value_bits != 0 {
            while value >> self.value_bits != 0 {
                self.value_bits += 1;
            }
            let words = words_for(self.value_bits);
            for group in &mut self.moves.groups {
                group.resize(words);
            }
        }
        let l = label(value, n);
        for group in &mut self.moves.groups {
            if n > 0 && group.w != 0 && !group.is_common(l) {
                group.rare.push(Rare {
                    heap: n as u32,
                    value,
                });
            }
        }
    }

    /// Chooses each group's functional from the labels of every heap so far: the rare lists
    /// span all heaps, so a choice fitted to a periodic tail alone can make most early heaps
    /// rare (·376 past 2^22 heaps).
    fn review(&mut self) {
        let n = self.values.len();
        let values = &self.values;
        // With moves of both parities a value must be common in both groups to be safe; a
        // functional using the parity would make the two common sets complementary, so both
        // groups then share one functional of the value alone.
        let both = self.moves.groups.iter().all(|g| !g.moves.is_empty());
        let mut changed = false;
        for group in &mut self.moves.groups {
            let tail = (1..n).map(|i| label(values.get(i), i));
            let w = group.choose(tail, self.value_bits + 1, !both);
            changed |= w != group.w;
            group.w = w;
        }
        if changed {
            self.rebuild_groups();
        }
    }

    /// Recomputes the groups' bitsets and rare lists after a change of functional.
    fn rebuild_groups(&mut self) {
        let words = words_for(self.value_bits);
        let values = &self.values;
        for group in &mut self.moves.groups {
            group.resize(words);
            group.rare = if group.w == 0 {
                Vec::new()
            } else {
                (1..values.len())
                    .map(|a| Rare {
                        heap: a as u32,
                        value: values.get(a),
                    })
                    .filter(|e| !group.is_common(label(e.value, e.heap as usize)))
                    .collect()
            };
        }
    }
}

#[cfg(test)]
mod tests;
