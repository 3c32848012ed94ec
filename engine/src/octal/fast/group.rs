//! One parity group of breaking moves and its rare/common split: the functional `w` chosen
//! by a Walsh–Hadamard transform of the label counts, the common-value bitsets, and the scans
//! that list the options with a rare heap and strike candidates with the common ones.

use super::kernels::*;
use crate::octal::store::Cell;
use crate::octal::value_set::ValueSet;
use std::ops::Range;

/// Labels with more bits than this make the transform too costly; the full method stays.
const MAX_LABEL_BITS: u32 = 21;

/// One parity group of breaking moves and its rare/common split.
#[derive(Debug, Clone)]
pub(in crate::octal) struct Group {
    /// `k mod 2` of every move in the group.
    pub(super) parity: u32,
    /// Tokens removed by the group's breaking moves, increasing.
    pub(in crate::octal) moves: Vec<usize>,
    /// The functional over labels; 0 while the group lists every option (full method).
    pub(in crate::octal) w: u32,
    /// Heaps `a >= 1` whose label is rare in this group, increasing, with their values
    /// (read in order, so the scan loads one value a split at random; only when `w != 0`).
    pub(in crate::octal) rare: Vec<Rare>,
    /// `common[p]`: bit `g` set when the label `2g + p` is common in this group.
    pub(super) common: [Vec<u64>; 2],
}

impl Group {
    pub(super) fn new(parity: u32, moves: Vec<usize>) -> Self {
        Group {
            parity,
            moves,
            w: 0,
            rare: Vec::new(),
            common: [Vec::new(), Vec::new()],
        }
    }

    /// True when the label is common in this group.
    pub(in crate::octal) fn is_common(&self, label: u32) -> bool {
        ((label ^ self.parity) & self.w).count_ones() & 1 == 1
    }

    /// True when the group has a move from heap `n` and uses the sparse method.
    pub(super) fn sparse_at(&self, n: usize) -> bool {
        self.w != 0 && self.moves.first().is_some_and(|&k| n >= k + 2)
    }

    /// Rebuilds the common-value bitsets for `words` words of values.
    pub(super) fn resize(&mut self, words: usize) {
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
    pub(super) fn rare_options<T: Cell, S: ValueSet>(
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
    pub(super) fn block_range(&self, n0: usize, k: usize) -> Range<usize> {
        self.rare_range(BLOCK, n0.saturating_sub(k))
    }

    /// The rare heaps `lo <= r < hi` (indices into the rare list).
    pub(in crate::octal) fn rare_range(&self, lo: usize, hi: usize) -> Range<usize> {
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
    pub(super) fn strike<T: Cell, S: ValueSet>(
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
    pub(super) fn choose(
        &self,
        labels: impl Iterator<Item = u32>,
        label_bits: u32,
        parity: bool,
    ) -> u32 {
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
pub(super) fn walsh_hadamard(score: &mut [i64]) {
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
