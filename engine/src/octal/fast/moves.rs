//! One heap's nim-value from the split moves: the code's moves sorted for the fast method
//! ([`Moves`]), the per-heap scratch sets, the block scan of the rare heaps and the search for
//! the least value no option takes. [`super::OctalSequence`] drives it heap by heap.

use super::group::Group;
use super::kernels::*;
use crate::octal::far;
use crate::octal::sequence::words_for;
use crate::octal::store::Cell;
use crate::octal::value_set::ValueSet;
use std::ops::Range;

/// The moves of a finite code that leaves at most two heaps, split for the fast method.
#[derive(Debug, Clone)]
pub(super) struct Moves {
    /// Heap sizes `k` with "remove all `k`" (bit 1 of `d_k`).
    pub(super) take_all: Vec<usize>,
    /// Heap sizes `k` with "remove `k`, leave one heap" (bit 2).
    pub(super) leave_one: Vec<usize>,
    /// Grundy's game: the two heaps of a split must differ.
    pub(super) unequal: bool,
    /// The even and the odd breaking moves (bit 4).
    pub(super) groups: [Group; 2],
}

/// Scratch space of the heap being computed, with its option sets of type `S`.
#[derive(Debug, Clone, Default)]
pub(super) struct Scratch<S> {
    /// Options listed so far.
    pub(super) excluded: S,
    /// Values below the least safe value that no listed option takes.
    pub(super) candidates: S,
    /// The candidates one group's scan must strike.
    pub(super) targets: S,
    /// Options the strike scans found (at least the struck candidates).
    pub(super) taken: S,
    /// The first heap of the current block.
    pub(super) block_start: usize,
    /// The options the block's scan listed for each of its heaps.
    pub(super) block: [S; BLOCK],
    /// True when the helper thread listed the block's far part.
    pub(super) block_far: bool,
    /// Per group and move, the rare heaps the block's scan listed (indices into the list).
    pub(super) skips: [Vec<Range<usize>>; 2],
}

impl Moves {
    /// Lists, for each heap `n0 + i` of the block starting at heap `n0 = v.len()`, the options
    /// of every split into two heaps below `n0` with a rare heap `r >= BLOCK`: a rare heap's
    /// value is XORed with `BLOCK` consecutive values, read in memory order, into `BLOCK`
    /// independent sets. The heaps of the block then list only the few other rare heaps.
    /// With `far`, the helper thread lists the rare heaps of [`far::far_heaps`] instead.
    pub(super) fn fill_block<T: Cell, S: ValueSet>(
        &self,
        v: &[T],
        words: usize,
        far: bool,
        s: &mut Scratch<S>,
    ) {
        let n0 = v.len();
        let (far_lo, far_hi) = far::far_heaps(n0 / BLOCK * BLOCK);
        s.block_start = n0;
        for set in &mut s.block {
            set.reset(words);
        }
        for (group, skips) in self.groups.iter().zip(&mut s.skips) {
            skips.clear();
            if self.unequal || group.w == 0 {
                continue;
            }
            let helped = if far {
                group.rare_range(far_lo, far_hi)
            } else {
                0..0
            };
            for &k in &group.moves {
                let range = group.block_range(n0, k);
                // The block's range less the helper's (empty without it).
                let cut = |i: usize| i.clamp(range.start, range.end);
                // Two plain loops: a chained iterator costs ·127 about 3 % more instructions (and
                // a closure called on each part 20 % fewer, but 15 % more time).
                for part in [range.start..cut(helped.start), cut(helped.end)..range.end] {
                    for e in &group.rare[part] {
                        let base = n0 - k - e.heap as usize;
                        for (set, &c) in s.block.iter_mut().zip(&v[base..base + BLOCK]) {
                            set.insert(e.value ^ c.get());
                        }
                    }
                }
                skips.push(range);
            }
        }
    }

    /// The nim-value of heap `v.len()`; every value so far is below `2^bits`. With
    /// `block = Some(fresh)` the rare scan goes by blocks (a new one starts here when `fresh`);
    /// with `far` too, the helper thread lists the block scan's far part. `None` only for a
    /// [`ValueSet::LOW_WORD_ONLY`] set when no value below 64 is safe: the options of 64 and
    /// more, which it drops, may then decide.
    pub(super) fn next_value<T: Cell, S: ValueSet>(
        &self,
        v: &[T],
        bits: u32,
        block: Option<bool>,
        far: Option<&far::Shared<'_>>,
        s: &mut Scratch<S>,
    ) -> Option<u32> {
        let n = v.len();
        let words = words_for(bits);
        // The browser's module never goes by blocks (`block` is `None` there; module size).
        let block = block.filter(|_| !cfg!(target_arch = "wasm32"));
        if block == Some(true) {
            s.block_far = far.is_some_and(|far| far.ready(n));
            self.fill_block(v, words, s.block_far, s);
        }
        s.excluded.reset(words);
        if block.is_some() {
            s.excluded.merge(&s.block[n - s.block_start]);
            if s.block_far {
                if let Some(far) = far {
                    far.merge_into(n, s.excluded.words_mut());
                }
            }
        } else {
            s.skips.iter_mut().for_each(Vec::clear);
        }
        if self.take_all.contains(&n) {
            s.excluded.insert(0);
        }
        for &k in &self.leave_one {
            if n > k {
                s.excluded.insert(v[n - k].get());
            }
        }
        for (group, skips) in self.groups.iter().zip(&s.skips) {
            group.rare_options(v, self.unequal, skips, &mut s.excluded);
        }
        let parity = n & 1;
        let active = || self.groups.iter().filter(move |g| g.sparse_at(n));
        // No option reaches 2^bits, so it bounds the least safe value.
        let limit = 1u32 << bits;
        let decided = if S::LOW_WORD_ONLY { 1 } else { words };
        let safe = (0..decided)
            .find_map(|i| {
                let free = active().fold(!s.excluded.word(i), |f, g| f & g.common[parity][i]);
                (free != 0).then(|| i as u32 * 64 + free.trailing_zeros())
            })
            .map_or(limit, |x| x.min(limit));
        if S::LOW_WORD_ONLY && safe >= 64 {
            return None;
        }
        Some(self.least_unstruck(v, safe, words, s))
    }

    /// The value of heap `n = v.len()` given its least safe value `safe`: the least value
    /// below `safe` that no listed option takes (`s.excluded`) and no common × common split
    /// strikes, else `safe`. The sets are bitsets of `words` words.
    #[inline(always)]
    pub(super) fn least_unstruck<T: Cell, S: ValueSet>(
        &self,
        v: &[T],
        safe: u32,
        words: usize,
        s: &mut Scratch<S>,
    ) -> u32 {
        let n = v.len();
        let (top, below) = (safe as usize >> 6, (1u64 << (safe & 63)) - 1);
        s.candidates.reset(words);
        let (excluded, mut any) = (&s.excluded, 0);
        for (i, word) in s
            .candidates
            .words_mut()
            .iter_mut()
            .enumerate()
            .take(top + 1)
        {
            *word = !excluded.word(i) & if i == top { below } else { u64::MAX };
            any |= *word;
        }
        if any == 0 {
            return safe;
        }
        s.taken.reset(words);
        let parity = n & 1;
        for group in self.groups.iter().filter(|g| g.sparse_at(n)) {
            // A candidate common in this group is no split of it (the rare ones are listed).
            s.targets.reset(words);
            let (candidates, taken) = (&s.candidates, &s.taken);
            let (common, mut any) = (&group.common[parity], 0);
            for (i, word) in s.targets.words_mut().iter_mut().enumerate().take(top + 1) {
                *word = candidates.word(i) & !taken.word(i) & !common[i];
                any |= *word;
            }
            if any != 0 {
                group.strike(v, self.unequal, &mut s.targets, &mut s.taken, top + 1);
            }
        }
        // The least candidate no split takes.
        let (candidates, taken) = (s.candidates.words(), &s.taken);
        let least = candidates.iter().enumerate().find_map(|(i, &word)| {
            let left = word & !taken.word(i);
            (left != 0).then(|| i as u32 * 64 + left.trailing_zeros())
        });
        least.unwrap_or(safe)
    }
}
