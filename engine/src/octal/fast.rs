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

use super::sequence::{words_for, Method};
use super::store::{Cell, Values};
use super::value_set::ValueSet;
#[cfg(not(target_arch = "wasm32"))]
use super::value_set::{QUAD_BITS, SMALL_BITS};
use super::Ruleset;
use crate::{Budget, EngineError};

/// Heaps between two progress reports.
const TICK: usize = 1 << 12;
/// The first heap count at which the functionals are chosen (then at every doubling).
const FIRST_REVIEW: usize = 1 << 10;
/// Labels with more bits than this make the transform too costly; the full method stays.
const MAX_LABEL_BITS: u32 = 21;

/// The label of heap `n` with value `value`.
#[inline(always)]
fn label(value: u32, n: usize) -> u32 {
    (value << 1) | (n as u32 & 1)
}

/// One parity group of breaking moves and its rare/common split.
#[derive(Debug, Clone)]
struct Group {
    /// `k mod 2` of every move in the group.
    parity: u32,
    /// Tokens removed by the group's breaking moves, increasing.
    moves: Vec<usize>,
    /// The functional over labels; 0 while the group lists every option (full method).
    w: u32,
    /// Heaps `a >= 1` whose label is rare in this group, increasing, with their values
    /// (read in order, so the scan loads one value a split at random; only when `w != 0`).
    rare: Vec<Rare>,
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
    fn is_common(&self, label: u32) -> bool {
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

    /// Lists the options with a rare heap (every option while the group is full).
    fn rare_options<T: Cell, S: ValueSet>(&self, v: &[T], unequal: bool, excluded: &mut S) {
        let n = v.len();
        let mut end = self.rare.len();
        for &k in &self.moves {
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
            } else {
                rare_xors(below, v, m, excluded);
            }
        }
    }

    /// Scans every split of the group's moves until every target (candidate values rare in
    /// this group) is an option, removing those found from `targets` and adding them to
    /// `taken`. With few targets, each block of splits is compared with each target (a
    /// branch-free loop the compiler vectorizes) and only the targets found are added; with
    /// many, every option of the block is.
    fn strike<T: Cell, S: ValueSet>(
        &self,
        v: &[T],
        unequal: bool,
        targets: &mut Vec<u32>,
        taken: &mut S,
    ) {
        const BLOCK: usize = 64;
        let n = v.len();
        for &k in &self.moves {
            if n < k + 2 {
                break;
            }
            let m = n - k;
            let last = last_split(m, unequal);
            let mut a = 1;
            while a <= last {
                let end = (a + BLOCK).min(last + 1);
                // Heaps a..end and, reversed, m − a down to m − end + 1.
                let (low, high) = (&v[a..end], &v[m + 1 - end..=m - a]);
                if targets.len() > MAX_TARGETS {
                    taken.insert_all(
                        low.iter()
                            .zip(high.iter().rev())
                            .map(|(x, y)| x.get() ^ y.get()),
                    );
                    targets.retain(|&t| !taken.contains(t));
                } else {
                    targets.retain(|&t| {
                        let hit = block_has(low, high, T::cell(t));
                        if hit {
                            taken.insert(t);
                        }
                        !hit
                    });
                }
                if targets.is_empty() {
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

/// Targets above this many are struck by inserting every split (no per-target compare).
const MAX_TARGETS: usize = 4;

/// A heap whose label is rare in a group, with its value.
#[derive(Debug, Clone, Copy)]
struct Rare {
    heap: u32,
    value: u32,
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

/// True when some `low[i] ⊕ high[len − 1 − i]` equals `target` (no early exit, so it
/// vectorizes).
#[inline(always)]
fn block_has<T: Cell>(low: &[T], high: &[T], target: T) -> bool {
    let len = low.len().min(high.len());
    let (low, high) = (&low[..len], &high[..len]);
    (0..len).fold(false, |hit, i| hit | (low[i] ^ high[len - 1 - i] == target))
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
    /// Values below the least safe value that no listed option takes, increasing.
    candidates: Vec<u32>,
    /// The candidates one group's scan must strike.
    targets: Vec<u32>,
    /// Options the strike scans found (at least the struck candidates).
    taken: S,
}

impl Moves {
    /// Lists the options with a rare heap of both groups in one pass over the rare heaps, when
    /// the groups share a functional (so their rare lists are equal) and have one move each
    /// (·56, ·354); false, listing nothing, otherwise.
    fn shared_rare_options<T: Cell, S: ValueSet>(&self, v: &[T], excluded: &mut S) -> bool {
        let [even, odd] = &self.groups;
        let n = v.len();
        let (&[k0], &[k1]) = (even.moves.as_slice(), odd.moves.as_slice()) else {
            return false;
        };
        if self.unequal || even.w == 0 || even.w != odd.w || n < k0.max(k1) + 2 {
            return false;
        }
        let (m0, m1) = (n - k0, n - k1);
        let rare = &even.rare;
        let (end0, end1) = (rare_below(rare, m0), rare_below(rare, m1));
        let both = end0.min(end1);
        excluded.insert_all(rare[..both].iter().flat_map(|e| {
            let r = e.heap as usize;
            [e.value ^ v[m0 - r].get(), e.value ^ v[m1 - r].get()]
        }));
        rare_xors(&rare[both..end0], v, m0, excluded);
        rare_xors(&rare[both..end1], v, m1, excluded);
        true
    }

    /// The nim-value of heap `v.len()`; every value so far is below `2^bits`.
    fn next_value<T: Cell, S: ValueSet>(&self, v: &[T], bits: u32, s: &mut Scratch<S>) -> u32 {
        let n = v.len();
        let words = words_for(bits);
        s.excluded.reset(words);
        if self.take_all.contains(&n) {
            s.excluded.insert(0);
        }
        for &k in &self.leave_one {
            if n > k {
                s.excluded.insert(v[n - k].get());
            }
        }
        // The browser's module leaves the shared pass out (module size).
        if cfg!(target_arch = "wasm32") || !self.shared_rare_options(v, &mut s.excluded) {
            for group in &self.groups {
                group.rare_options(v, self.unequal, &mut s.excluded);
            }
        }
        let parity = n & 1;
        let active = || self.groups.iter().filter(move |g| g.sparse_at(n));
        // No option reaches 2^bits, so it bounds the least safe value.
        let limit = 1u32 << bits;
        let safe = (0..words)
            .find_map(|i| {
                let free = active().fold(!s.excluded.word(i), |f, g| f & g.common[parity][i]);
                (free != 0).then(|| i as u32 * 64 + free.trailing_zeros())
            })
            .map_or(limit, |x| x.min(limit));
        s.candidates.clear();
        for i in 0..words.min((safe as usize >> 6) + 1) {
            let mut free = !s.excluded.word(i);
            if i == safe as usize >> 6 {
                free &= (1u64 << (safe & 63)) - 1;
            }
            while free != 0 {
                s.candidates.push(i as u32 * 64 + free.trailing_zeros());
                free &= free - 1;
            }
        }
        if s.candidates.is_empty() {
            return safe;
        }
        s.taken.reset(words);
        for group in active() {
            // A candidate common in this group is no split of it (the rare ones are listed).
            let taken = &s.taken;
            s.targets.clear();
            s.targets.extend(
                s.candidates
                    .iter()
                    .copied()
                    .filter(|&c| !taken.contains(c) && !group.is_common(label(c, n))),
            );
            if !s.targets.is_empty() {
                group.strike(v, self.unequal, &mut s.targets, &mut s.taken);
            }
        }
        // The least candidate no split takes.
        s.candidates
            .iter()
            .copied()
            .find(|&c| !s.taken.contains(c))
            .unwrap_or(safe)
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
    /// False to keep the option sets in memory always (the reference for the register sets).
    #[cfg_attr(target_arch = "wasm32", allow(dead_code))]
    small_sets: bool,
    /// The heap count at which the functionals are reviewed next.
    next_review: usize,
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
            small_sets: true,
            next_review: FIRST_REVIEW,
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
            let value = self.next_value();
            self.push(value);
            if n.is_multiple_of(TICK) {
                budget.tick(n as u64, total as u64)?;
            }
        }
        Ok(())
    }

    /// The value of the next heap, with the smallest option sets its values fit.
    #[cfg(not(target_arch = "wasm32"))]
    fn next_value(&mut self) -> u32 {
        let bits = self.value_bits;
        match &self.values {
            Values::Narrow(v) if self.small_sets && bits <= SMALL_BITS => {
                self.moves.next_value(v, bits, &mut self.small)
            }
            Values::Narrow(v) if self.small_sets && bits <= QUAD_BITS => {
                self.moves.next_value(v, bits, &mut self.quad)
            }
            Values::Narrow(v) => self.moves.next_value(v, bits, &mut self.scratch),
            Values::Wide(v) => self.moves.next_value(v, bits, &mut self.scratch),
        }
    }

    /// The value of the next heap; the browser's module keeps one cell width and one set kind
    /// (module size).
    #[cfg(target_arch = "wasm32")]
    fn next_value(&mut self) -> u32 {
        match &self.values {
            Values::Narrow(_) => unreachable!("widened before the loop"),
            Values::Wide(v) => self.moves.next_value(v, self.value_bits, &mut self.scratch),
        }
    }

    fn push(&mut self, value: u32) {
        let n = self.values.len();
        self.values.push(value);
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
