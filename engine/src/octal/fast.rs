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
use super::store::{Cell, Values};
use super::value_set::ValueSet;
#[cfg(not(target_arch = "wasm32"))]
use super::value_set::{LowWord, QUAD_BITS, SMALL_BITS};
use super::Ruleset;
use crate::{Budget, EngineError};
use std::ops::Range;

/// Heaps between two progress reports.
const TICK: usize = 1 << 12;
/// The first heap count at which the functionals are chosen (then at every doubling).
const FIRST_REVIEW: usize = 1 << 10;
/// Labels with more bits than this make the transform too costly; the full method stays.
const MAX_LABEL_BITS: u32 = 21;

/// The label of heap `n` with value `value`.
#[inline(always)]
pub(super) fn label(value: u32, n: usize) -> u32 {
    (value << 1) | (n as u32 & 1)
}

/// One parity group of breaking moves and its rare/common split.
#[derive(Debug, Clone)]
pub(super) struct Group {
    /// `k mod 2` of every move in the group.
    parity: u32,
    /// Tokens removed by the group's breaking moves, increasing.
    pub(super) moves: Vec<usize>,
    /// The functional over labels; 0 while the group lists every option (full method).
    pub(super) w: u32,
    /// Heaps `a >= 1` whose label is rare in this group, increasing, with their values
    /// (read in order, so the scan loads one value a split at random; only when `w != 0`).
    pub(super) rare: Vec<Rare>,
    /// `common[p]`: bit `g` set when the label `2g + p` is common in this group.
    common: [Vec<u64>; 2],
}

impl Group {
    fn new(parity: u32, moves: Vec<usize>) -> Self {
        Group {
            parity,
            moves,
            w: 0,
            rare: Vec::new(),
            common: [Vec::new(), Vec::new()],
        }
    }

    /// True when the label is common in this group.
    pub(super) fn is_common(&self, label: u32) -> bool {
        ((label ^ self.parity) & self.w).count_ones() & 1 == 1
    }

    /// True when the group has a move from heap `n` and uses the sparse method.
    fn sparse_at(&self, n: usize) -> bool {
        self.w != 0 && self.moves.first().is_some_and(|&k| n >= k + 2)
    }

    /// Rebuilds the common-value bitsets for `words` words of values.
    fn resize(&mut self, words: usize) {
        for p in 0..2 {
            self.common[p] = (0..words)
                .map(|i| {
                    (0..64)
                        .filter(|&j| self.is_common((((i * 64 + j) as u32) << 1) | p as u32))
                        .fold(0u64, |word, j| word | 1 << j)
                })
                .collect();
        }
    }

    /// Lists the options with a rare heap (every option while the group is full), except
    /// those of the rare heaps `skips[j]` (indices into the rare list) for move `j`: the
    /// block's scan listed them already.
    fn rare_options<T: Cell, S: ValueSet>(
        &self,
        v: &[T],
        unequal: bool,
        skips: &[Range<usize>],
        excluded: &mut S,
    ) {
        let n = v.len();
        let mut end = self.rare.len();
        for (j, &k) in self.moves.iter().enumerate() {
            if n < k + 2 {
                break;
            }
            let m = n - k;
            if self.w == 0 {
                excluded
                    .insert_all((1..=last_split(m, unequal)).map(|a| v[a].get() ^ v[m - a].get()));
                continue;
            }
            // The moves increase, so `m` decreases: each move drops heaps from the end.
            end = rare_below(&self.rare[..end], m);
            let below = &self.rare[..end];
            if unequal {
                // Grundy's game skips the equal split `m/2 + m/2`.
                let half = below.partition_point(|e| 2 * (e.heap as usize) < m);
                let skip = below.get(half).is_some_and(|e| 2 * e.heap as usize == m);
                rare_xors(&below[..half], v, m, excluded);
                rare_xors(&below[half + usize::from(skip)..], v, m, excluded);
            } else if cfg!(target_arch = "wasm32") {
                // The browser's module has no blocks, so nothing to skip (module size).
                rare_xors(below, v, m, excluded);
            } else {
                let skip = skips.get(j).cloned().unwrap_or(0..0);
                rare_xors(&below[..skip.start.min(end)], v, m, excluded);
                rare_xors(&below[skip.end.min(end)..], v, m, excluded);
            }
        }
    }

    /// The rare heaps (indices into the rare list) whose options from heap `n0 + i − k`, for
    /// every `i < BLOCK`, are splits of two heaps below `n0`: `BLOCK <= r < n0 − k`.
    fn block_range(&self, n0: usize, k: usize) -> Range<usize> {
        self.rare_range(BLOCK, n0.saturating_sub(k))
    }

    /// The rare heaps `lo <= r < hi` (indices into the rare list).
    pub(super) fn rare_range(&self, lo: usize, hi: usize) -> Range<usize> {
        let start = self.rare.partition_point(|e| (e.heap as usize) < lo);
        let end = self.rare.partition_point(|e| (e.heap as usize) < hi);
        start..end.max(start)
    }

    /// Scans every split of the group's moves until every target (candidate values rare in
    /// this group, a bitset) is an option, removing those found from `targets` and adding them
    /// to `taken`, by blocks of [`STRIKE_BLOCK`] splits. Each target is compared with the whole
    /// block (a branch-free loop the compiler vectorizes): one or two targets with the splits
    /// as they are XORed, more with the block XORed once; with many targets every option of
    /// the block is added to `taken` instead.
    fn strike<T: Cell, S: ValueSet>(
        &self,
        v: &[T],
        unequal: bool,
        targets: &mut S,
        taken: &mut S,
        live: usize,
    ) {
        let n = v.len();
        let mut xors = [T::cell(0); STRIKE_BLOCK];
        // Only the first `live` words hold targets; `left` of them are still to strike.
        let live = live.min(targets.words().len()).min(taken.words().len());
        let targets = &mut targets.words_mut()[..live];
        let mut left = count(targets);
        for &k in &self.moves {
            if n < k + 2 {
                break;
            }
            let m = n - k;
            let last = last_split(m, unequal);
            let mut a = 1;
            while a <= last {
                let end = (a + STRIKE_BLOCK).min(last + 1);
                // Heaps a..end and, reversed, m − a down to m − end + 1.
                let (low, high) = (&v[a..end], &v[m + 1 - end..=m - a]);
                if left > MAX_TARGETS {
                    taken.insert_all(
                        low.iter()
                            .zip(high.iter().rev())
                            .map(|(x, y)| x.get() ^ y.get()),
                    );
                    for (word, &took) in targets.iter_mut().zip(taken.words()) {
                        *word &= !took;
                    }
                    left = count(targets);
                } else if left <= FUSED_TARGETS {
                    left -= strike_each(|t| block_has(low, high, t), targets, taken.words_mut());
                } else {
                    split_xors(low, high, &mut xors);
                    left -= strike_each(|t| xors_have(&xors, t), targets, taken.words_mut());
                }
                if left == 0 {
                    return;
                }
                a = end;
            }
        }
    }

    /// Chooses `w` from the labels `labels` (every heap so far), or 0 when no `w`
    /// makes at most one heap in eight rare.
    fn choose(&self, labels: impl Iterator<Item = u32>, label_bits: u32, parity: bool) -> u32 {
        if self.moves.is_empty() || label_bits > MAX_LABEL_BITS {
            return 0;
        }
        let size = 1usize << label_bits;
        let mut score: Vec<i64> = vec![0; size];
        let mut total = 0i64;
        for l in labels {
            score[(l ^ self.parity) as usize] += 1;
            total += 1;
        }
        walsh_hadamard(&mut score);
        // rare(w) = (total + score[w]) / 2; prefer functionals that ignore the parity on ties.
        let best = (1..size)
            .filter(|&w| parity || w & 1 == 0)
            .min_by_key(|&w| (score[w], w & 1));
        match best {
            Some(w) if (total + score[w]) / 2 * 8 <= total => w as u32,
            _ => 0,
        }
    }
}

/// The in-place Walsh–Hadamard transform: `score[w] = Σ_ℓ count[ℓ] · (−1)^popcount(ℓ & w)`.
fn walsh_hadamard(score: &mut [i64]) {
    let mut half = 1;
    while half < score.len() {
        for block in (0..score.len()).step_by(2 * half) {
            for i in block..block + half {
                let (x, y) = (score[i], score[i + half]);
                score[i] = x + y;
                score[i + half] = x - y;
            }
        }
        half *= 2;
    }
}

/// The largest first part `a` of a split of `m` into `a <= m − a` (Grundy's game: `a < m − a`).
#[inline(always)]
fn last_split(m: usize, unequal: bool) -> usize {
    if unequal && m.is_multiple_of(2) {
        m / 2 - 1
    } else {
        m / 2
    }
}

/// Heaps whose rare scans are done together (a divisor of [`FIRST_REVIEW`], so no block
/// spans a review).
pub(super) const BLOCK: usize = 16;

/// Targets above this many are struck by inserting every split (no per-target compare).
const MAX_TARGETS: usize = 16;

/// Targets up to this many are compared with the splits as they are XORed (no stored block):
/// ·376 strikes one or two targets over thousands of splits a heap.
const FUSED_TARGETS: usize = 2;

/// A heap whose label is rare in a group, with its value.
#[derive(Debug, Clone, Copy)]
pub(super) struct Rare {
    /// The heap.
    pub(super) heap: u32,
    /// Its value.
    pub(super) value: u32,
}

/// How many of the listed rare heaps (increasing) lie below `m = n − k`: every listed heap is
/// below `n`, so at most `k` are not, and the count is found from the end.
#[inline(always)]
fn rare_below(rare: &[Rare], m: usize) -> usize {
    let mut end = rare.len();
    while end > 0 && rare[end - 1].heap as usize >= m {
        end -= 1;
    }
    end
}

/// Inserts `G(r) ⊕ G(m − r)` for every listed rare heap `r < m`.
#[inline(always)]
fn rare_xors<T: Cell, S: ValueSet>(rare: &[Rare], v: &[T], m: usize, excluded: &mut S) {
    excluded.insert_all(rare.iter().map(|e| e.value ^ v[m - e.heap as usize].get()));
}

/// Splits XORed at once by the strike scan.
const STRIKE_BLOCK: usize = 64;

/// `xors[i] = low[i] ⊕ high[len − 1 − i]` for the `len` splits of a block; a short block
/// repeats its first split, so every entry is a split's value.
#[inline(always)]
fn split_xors<T: Cell>(low: &[T], high: &[T], xors: &mut [T; STRIKE_BLOCK]) {
    if let (Ok(low), Ok(high)) = (
        <&[T; STRIKE_BLOCK]>::try_from(low),
        <&[T; STRIKE_BLOCK]>::try_from(high),
    ) {
        // A whole block: fixed bounds, so the loop vectorizes without checks.
        for (i, x) in xors.iter_mut().enumerate() {
            *x = low[i] ^ high[STRIKE_BLOCK - 1 - i];
        }
        return;
    }
    let len = low.len().min(high.len());
    for (i, x) in xors.iter_mut().enumerate() {
        let j = if i < len { i } else { 0 };
        *x = low[j] ^ high[len - 1 - j];
    }
}

/// True when some `low[i] ⊕ high[len − 1 − i]` equals `target` (no early exit, so it
/// vectorizes; a whole block with fixed bounds).
#[inline(always)]
fn block_has<T: Cell>(low: &[T], high: &[T], target: T) -> bool {
    if let (Ok(low), Ok(high)) = (
        <&[T; STRIKE_BLOCK]>::try_from(low),
        <&[T; STRIKE_BLOCK]>::try_from(high),
    ) {
        return (0..STRIKE_BLOCK).fold(false, |hit, i| {
            hit | (low[i] ^ high[STRIKE_BLOCK - 1 - i] == target)
        });
    }
    let len = low.len().min(high.len());
    let (low, high) = (&low[..len], &high[..len]);
    (0..len).fold(false, |hit, i| hit | (low[i] ^ high[len - 1 - i] == target))
}

/// True when `target` is among `xors` (no early exit, so it vectorizes).
#[inline(always)]
fn xors_have<T: Cell>(xors: &[T; STRIKE_BLOCK], target: T) -> bool {
    xors.iter().fold(false, |hit, &x| hit | (x == target))
}

/// Removes from `targets`, and adds to `taken`, every target `t` for which `has(t)`; returns
/// how many it removed.
#[inline(always)]
fn strike_each<T: Cell>(has: impl Fn(T) -> bool, targets: &mut [u64], taken: &mut [u64]) -> usize {
    let mut struck_count = 0;
    for (i, (word, took)) in targets.iter_mut().zip(taken).enumerate() {
        let mut left = *word;
        while left != 0 {
            let bit = left.trailing_zeros();
            left &= left - 1;
            let hit = has(T::cell(i as u32 * 64 + bit));
            let struck = u64::from(hit) << bit;
            *word &= !struck;
            *took |= struck;
            struck_count += usize::from(hit);
        }
    }
    struck_count
}

/// How many values a bitset's words hold.
#[inline(always)]
fn count(words: &[u64]) -> usize {
    words.iter().map(|w| w.count_ones() as usize).sum()
}

/// The moves of a finite code that leaves at most two heaps, split for the fast method.
#[derive(Debug, Clone)]
struct Moves {
    /// Heap sizes `k` with "remove all `k`" (bit 1 of `d_k`).
    take_all: Vec<usize>,
    /// Heap sizes `k` with "remove `k`, leave one heap" (bit 2).
    leave_one: Vec<usize>,
    /// Grundy's game: the two heaps of a split must differ.
    unequal: bool,
    /// The even and the odd breaking moves (bit 4).
    groups: [Group; 2],
}

/// Scratch space of the heap being computed, with its option sets of type `S`.
#[derive(Debug, Clone, Default)]
struct Scratch<S> {
    /// Options listed so far.
    excluded: S,
    /// Values below the least safe value that no listed option takes.
    candidates: S,
    /// The candidates one group's scan must strike.
    targets: S,
    /// Options the strike scans found (at least the struck candidates).
    taken: S,
    /// The first heap of the current block.
    block_start: usize,
    /// The options the block's scan listed for each of its heaps.
    block: [S; BLOCK],
    /// True when the helper thread listed the block's far part.
    block_far: bool,
    /// Per group and move, the rare heaps the block's scan listed (indices into the list).
    skips: [Vec<Range<usize>>; 2],
}

impl Moves {
    /// Lists, for each heap `n0 + i` of the block starting at heap `n0 = v.len()`, the options
    /// of every split into two heaps below `n0` with a rare heap `r >= BLOCK`: a rare heap's
    /// value is XORed with `BLOCK` consecutive values, read in memory order, into `BLOCK`
    /// independent sets. The heaps of the block then list only the few other rare heaps.
    /// With `far`, the helper thread lists the rare heaps of [`far::far_heaps`] instead.
    fn fill_block<T: Cell, S: ValueSet>(
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
    fn next_value<T: Cell, S: ValueSet>(
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
    fn least_unstruck<T: Cell, S: ValueSet>(
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
mod tests {
    use super::*;

    #[test]
    fn walsh_hadamard_scores_every_functional() {
        let counts = [3i64, 0, 1, 2];
        let mut score = counts;
        walsh_hadamard(&mut score);
        for (w, &s) in score.iter().enumerate() {
            let direct: i64 = counts
                .iter()
                .enumerate()
                .map(|(l, &c)| if (l & w).count_ones() % 2 == 0 { c } else { -c })
                .sum();
            assert_eq!(s, direct, "w = {w}");
        }
    }

    #[test]
    fn resumed_sequence_continues_identically() {
        let rules = Ruleset::parse(".16").unwrap();
        let mut whole = OctalSequence::new(&rules);
        whole.extend_to(5000, &mut Budget::unlimited()).unwrap();
        for cut in [1usize, 2, 1023, 1024, 1025, 3000] {
            let mut prefix = whole.stored().clone();
            prefix.truncate(cut);
            let mut resumed = OctalSequence::resume(&rules, prefix);
            resumed.extend_to(5000, &mut Budget::unlimited()).unwrap();
            assert_eq!(resumed.stored(), whole.stored(), "cut at {cut}");
        }
    }
}
