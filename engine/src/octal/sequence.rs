//! Fast nim-sequences of code-digit games.
//!
//! * [`OctalSequence`] serves finite codes whose moves leave at most two heaps (octal games and
//!   Grundy's game). It starts with the full method (every split, collected in a word-parallel
//!   bitset, then a bitset mex) and switches to the rare/common method of the sparse space
//!   (thesis Defs 3.76–3.80, Theorem 3.81, Algorithm 4.4) once an ignore mask makes the rare
//!   values rare. The mask is found automatically from the values computed so far.
//! * [`GeneralSequence`] serves every other code (hexadecimal digits, repeating tails) with the
//!   split-set dynamic programme of Algorithm 4.5.
//!
//! Why any mask gives correct values: with `w` the bits *not* ignored, "common" means
//! `popcount(v & w)` is odd. This is linear over XOR, so rare ⊕ rare and common ⊕ common are rare
//! and rare ⊕ common is common, whatever `w` is. Every common option therefore has a rare part,
//! and the common × common options only ever exclude rare values. The mask decides speed only.

use super::Ruleset;
use crate::{Budget, EngineError};

/// The value bits of a cell of [`OctalSequence`]; the top bit says "common".
const VALUE: u32 = 0x7FFF_FFFF;
/// The top bit of a cell: set when the value is common. XOR of two cells carries the class of
/// the XOR of their values, because the class is a linear function of the value.
const COMMON: u32 = 1 << 31;
/// Heaps between two progress reports.
const TICK: usize = 1 << 12;
/// The first heap count at which the ignore mask is chosen (then at every doubling).
const FIRST_REVIEW: usize = 1 << 10;
/// Values with more bits than this make the mask search too costly; the full method stays.
const MAX_MASK_BITS: u32 = 20;

/// How the values were computed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Method {
    /// Every option, collected in a bitset (no sparse space in use).
    Full,
    /// Rare × anything options, then common × common only to strike rare candidates.
    Sparse,
    /// The split-set dynamic programme for hexadecimal and infinite codes (Algorithm 4.5).
    SplitSets,
}

/// Sets bit `v` of a word-parallel bitset.
#[inline(always)]
fn insert(set: &mut [u64], v: u32) {
    set[(v >> 6) as usize] |= 1 << (v & 63);
}

/// The least value missing from a word-parallel bitset (the mex).
fn bitset_mex(set: &[u64]) -> u32 {
    for (i, &word) in set.iter().enumerate() {
        if word != u64::MAX {
            return (i as u32) * 64 + word.trailing_ones();
        }
    }
    set.len() as u32 * 64
}

/// Words of a bitset holding every value below `2^bits`, and as many again (room for a mex).
fn words_for(bits: u32) -> usize {
    ((2usize << bits) / 64).max(1)
}

/// The nim-sequence of a finite code leaving at most two heaps, with the sparse-space method.
pub struct OctalSequence {
    /// Heap sizes `k` with "remove all `k`" (bit 1 of `d_k`).
    take_all: Vec<usize>,
    /// Heap sizes `k` with "remove `k`, leave one heap" (bit 2).
    leave_one: Vec<usize>,
    /// Heap sizes `k` with "remove `k`, split the rest in two" (bit 4).
    leave_two: Vec<usize>,
    /// Grundy's game: the two heaps of a split must differ.
    unequal: bool,
    /// `G(n) | COMMON` when `G(n)` is common; index `n`.
    cells: Vec<u32>,
    /// Every value so far is below `2^value_bits`.
    value_bits: u32,
    /// The bits not ignored (`w = ¬mask`); 0 while the full method runs.
    common_bits: u32,
    /// Heaps whose value is rare, in increasing order (only kept by the sparse method).
    rare_heaps: Vec<u32>,
    /// Scratch: the excluded values of the heap being computed.
    excluded: Vec<u64>,
    /// Bit `v` set when the value `v` is common.
    common_values: Vec<u64>,
    /// Scratch: the rare candidates below the least free common value.
    candidates: Vec<u64>,
    /// The heap count at which the mask is reviewed next.
    next_review: usize,
}

impl OctalSequence {
    /// A sequence for `rules`, which must be finite and leave at most two heaps per move.
    pub fn new(rules: &Ruleset) -> Self {
        let with_bit = |bit: u8| -> Vec<usize> {
            (0..rules.digits().len())
                .filter(|&k| rules.digit(k) & bit != 0)
                .collect()
        };
        let mut sequence = OctalSequence {
            take_all: with_bit(1),
            leave_one: with_bit(2),
            leave_two: with_bit(4),
            unequal: rules.unequal_split(),
            cells: Vec::new(),
            value_bits: 0,
            common_bits: 0,
            rare_heaps: Vec::new(),
            excluded: vec![0; words_for(0)],
            common_values: vec![0; words_for(0)],
            candidates: Vec::new(),
            next_review: FIRST_REVIEW,
        };
        sequence.push(0);
        sequence
    }

    /// The cells computed so far: equal cells mean equal values (the class follows the value).
    pub fn cells(&self) -> &[u32] {
        &self.cells
    }

    /// The nim-value of heap `n` (must be computed).
    pub fn value(&self, n: usize) -> u32 {
        self.cells[n] & VALUE
    }

    /// Nim-values of heaps `0..len` (at most those computed).
    pub fn values(&self, len: usize) -> Vec<u32> {
        self.cells.iter().take(len).map(|c| c & VALUE).collect()
    }

    /// The method in use now.
    pub fn method(&self) -> Method {
        if self.common_bits == 0 {
            Method::Full
        } else {
            Method::Sparse
        }
    }

    /// The ignore mask of Theorem 3.81 in use (bits below the largest value), if sparse.
    pub fn ignore_mask(&self) -> Option<u32> {
        (self.common_bits != 0)
            .then(|| !self.common_bits & ((1u32 << self.value_bits.max(1)) - 1).max(1))
    }

    /// How many heaps computed so far have a rare value under the mask in use.
    pub fn rare_count(&self) -> usize {
        self.cells.iter().filter(|&&c| c & COMMON == 0).count()
    }

    /// Computes heaps up to `len` (exclusive), reporting progress to `budget`.
    pub fn extend_to(&mut self, len: usize, budget: &mut Budget<'_>) -> Result<(), EngineError> {
        self.cells.reserve(len.saturating_sub(self.cells.len()));
        while self.cells.len() < len {
            let n = self.cells.len();
            if n == self.next_review {
                self.review_mask();
                self.next_review *= 2;
            }
            let value = if self.common_bits == 0 {
                self.full_value(n)
            } else {
                self.sparse_value(n)
            };
            self.push(value);
            if n.is_multiple_of(TICK) {
                budget.tick(n as u64, len as u64)?;
            }
        }
        Ok(())
    }

    fn is_common(&self, v: u32) -> bool {
        (v & self.common_bits).count_ones() & 1 == 1
    }

    fn push(&mut self, value: u32) {
        if value >> self.value_bits != 0 {
            while value >> self.value_bits != 0 {
                self.value_bits += 1;
            }
            self.resize_sets();
        }
        let n = self.cells.len() as u32;
        if self.is_common(value) {
            self.cells.push(value | COMMON);
        } else {
            self.cells.push(value);
            if self.common_bits != 0 {
                self.rare_heaps.push(n);
            }
        }
    }

    fn resize_sets(&mut self) {
        let words = words_for(self.value_bits);
        self.excluded = vec![0; words];
        self.common_values = (0..words)
            .map(|i| {
                (0..64)
                    .filter(|&j| self.is_common((i * 64 + j) as u32))
                    .fold(0u64, |word, j| word | 1 << j)
            })
            .collect();
    }

    /// The full method: every option into the bitset, then its mex.
    fn full_value(&mut self, n: usize) -> u32 {
        let cells = &self.cells;
        let excluded = &mut self.excluded;
        excluded.fill(0);
        for &k in &self.take_all {
            if n == k {
                insert(excluded, 0);
            }
        }
        for &k in &self.leave_one {
            if n > k {
                insert(excluded, cells[n - k] & VALUE);
            }
        }
        for &k in &self.leave_two {
            if n >= k + 2 {
                let m = n - k;
                // Grundy's game: the equal split of an even heap is no move.
                let last = if self.unequal && m.is_multiple_of(2) {
                    m / 2 - 1
                } else {
                    m / 2
                };
                for a in 1..=last {
                    insert(excluded, (cells[a] ^ cells[m - a]) & VALUE);
                }
            }
        }
        bitset_mex(excluded)
    }

    /// Algorithm 4.4: rare-involving options, the least free common value `c`, then the
    /// common × common options strike the rare candidates below `c` until none is left.
    fn sparse_value(&mut self, n: usize) -> u32 {
        let cells = &self.cells;
        let excluded = &mut self.excluded;
        excluded.fill(0);
        for &k in &self.take_all {
            if n == k {
                insert(excluded, 0);
            }
        }
        for &k in &self.leave_one {
            if n > k {
                insert(excluded, cells[n - k] & VALUE);
            }
        }
        for &k in &self.leave_two {
            if n >= k + 2 {
                let m = n - k;
                for &r in &self.rare_heaps {
                    let r = r as usize;
                    if r >= m {
                        break;
                    }
                    if r == 0 || (self.unequal && 2 * r == m) {
                        continue;
                    }
                    insert(excluded, (cells[r] ^ cells[m - r]) & VALUE);
                }
            }
        }
        let (word, free) = excluded
            .iter()
            .zip(&self.common_values)
            .map(|(&ex, &common)| !ex & common)
            .enumerate()
            .find(|&(_, free)| free != 0)
            .expect("a common value above every option exists");
        let least_common = word as u32 * 64 + free.trailing_zeros();
        let candidates = &mut self.candidates;
        candidates.clear();
        let mut count = 0u32;
        for (i, (&ex, &common)) in excluded.iter().zip(&self.common_values).enumerate() {
            if i > word {
                break;
            }
            let mut bits = !ex & !common;
            if i == word {
                bits &= (1u64 << (least_common & 63)) - 1;
            }
            count += bits.count_ones();
            candidates.push(bits);
        }
        if count == 0 {
            return least_common;
        }
        for &k in &self.leave_two {
            if n < k + 2 {
                continue;
            }
            let m = n - k;
            for a in 1..=m / 2 {
                let (ca, cb) = (cells[a], cells[m - a]);
                if ca & cb & COMMON == 0 || (self.unequal && 2 * a == m) {
                    continue;
                }
                let v = ca ^ cb;
                if v < least_common {
                    let (i, bit) = ((v >> 6) as usize, 1u64 << (v & 63));
                    if candidates[i] & bit != 0 {
                        candidates[i] &= !bit;
                        count -= 1;
                        if count == 0 {
                            return least_common;
                        }
                    }
                }
            }
        }
        bitset_mex(&candidates.iter().map(|c| !c).collect::<Vec<_>>())
    }

    /// Chooses the ignore mask that makes the fewest values rare among the last half of the
    /// heaps computed (a Walsh–Hadamard transform of the value histogram scores every mask at
    /// once). The sparse method runs when at most one value in eight is rare there.
    fn review_mask(&mut self) {
        let n = self.cells.len();
        let tail = &self.cells[n / 2..];
        let rare_now = tail.iter().filter(|&&c| c & COMMON == 0).count();
        if self.common_bits != 0 && rare_now * 8 <= tail.len() {
            return;
        }
        let best = if self.value_bits == 0 || self.value_bits > MAX_MASK_BITS {
            None
        } else {
            let size = 1usize << self.value_bits;
            let mut score: Vec<i64> = vec![0; size];
            for &c in tail {
                score[(c & VALUE) as usize] += 1;
            }
            let mut half = 1;
            while half < size {
                for block in (0..size).step_by(2 * half) {
                    for i in block..block + half {
                        let (x, y) = (score[i], score[i + half]);
                        score[i] = x + y;
                        score[i + half] = x - y;
                    }
                }
                half *= 2;
            }
            // rare(w) = (total + score[w]) / 2: minimise score over w != 0.
            (1..size)
                .min_by_key(|&w| score[w])
                .map(|w| (w as u32, ((tail.len() as i64 + score[w]) / 2) as usize))
        };
        let common_bits = match best {
            Some((w, rare)) if rare * 8 <= tail.len() => w,
            _ => 0,
        };
        if common_bits == self.common_bits {
            return;
        }
        self.common_bits = common_bits;
        self.resize_sets();
        self.rare_heaps.clear();
        for i in 0..self.cells.len() {
            let value = self.cells[i] & VALUE;
            if self.is_common(value) {
                self.cells[i] = value | COMMON;
            } else {
                self.cells[i] = value;
                if common_bits != 0 {
                    self.rare_heaps.push(i as u32);
                }
            }
        }
    }
}

/// Masks of the bit blocks swapped when XOR-ing a bit position by `2^j`, `j < 6`.
const BLOCK_MASKS: [u64; 6] = [
    0x5555_5555_5555_5555,
    0x3333_3333_3333_3333,
    0x0F0F_0F0F_0F0F_0F0F,
    0x00FF_00FF_00FF_00FF,
    0x0000_FFFF_0000_FFFF,
    0x0000_0000_FFFF_FFFF,
];

/// `target |= { v ⊕ g : v ∈ source }` for word-parallel bitsets (the thesis's §2.7 permutation:
/// the low six bits of `g` swap bit blocks inside each word, the rest permutes the words).
fn insert_translated(target: &mut [u64], source: &[u64], g: u32) {
    let word_shift = (g >> 6) as usize;
    for (i, &word) in source.iter().enumerate() {
        if word == 0 {
            continue;
        }
        let mut w = word;
        for (j, &mask) in BLOCK_MASKS.iter().enumerate() {
            if g & (1 << j) != 0 {
                let s = 1 << j;
                w = ((w & mask) << s) | ((w >> s) & mask);
            }
        }
        target[i ^ word_shift] |= w;
    }
}

/// The nim-sequence of any code-digit game by Algorithm 4.5: for each `m` the sets of XORs of
/// the splits of `m` into two and into three non-empty heaps, kept as bitsets.
pub struct GeneralSequence {
    rules: Ruleset,
    values: Vec<u32>,
    value_bits: u32,
    /// `splits2[m]`: XORs `G(a) ⊕ G(m − a)`, `0 < a < m` (kept when some digit has bit 4).
    splits2: Vec<Vec<u64>>,
    /// `splits3[m]`: XORs of three non-empty heaps summing to `m` (kept when some digit has bit 8).
    splits3: Vec<Vec<u64>>,
    needs2: bool,
    needs3: bool,
}

impl GeneralSequence {
    /// A sequence for any valid ruleset.
    pub fn new(rules: &Ruleset) -> Self {
        let any = |bit: u8| {
            rules
                .digits()
                .iter()
                .chain(rules.tail())
                .any(|d| d & bit != 0)
        };
        let needs3 = any(8);
        GeneralSequence {
            rules: rules.clone(),
            values: Vec::new(),
            value_bits: 0,
            splits2: Vec::new(),
            splits3: Vec::new(),
            needs2: any(4) || needs3,
            needs3,
        }
    }

    /// The values computed so far.
    pub fn values(&self) -> &[u32] {
        &self.values
    }

    /// Computes heaps up to `len` (exclusive), reporting progress to `budget`.
    pub fn extend_to(&mut self, len: usize, budget: &mut Budget<'_>) -> Result<(), EngineError> {
        while self.values.len() < len {
            let n = self.values.len();
            let words = (words_for(self.value_bits) / 2).max(1);
            if self.needs2 {
                let mut set = vec![0u64; words];
                for a in 1..=n / 2 {
                    if !(self.rules.unequal_split() && 2 * a == n) {
                        insert(&mut set, self.values[a] ^ self.values[n - a]);
                    }
                }
                self.splits2.push(set);
            }
            if self.needs3 {
                let mut set = vec![0u64; words];
                for a in 1..n.saturating_sub(1) {
                    insert_translated(&mut set, &self.splits2[n - a], self.values[a]);
                }
                self.splits3.push(set);
            }
            let mut excluded = vec![0u64; words_for(self.value_bits)];
            for k in 0..=n {
                let digit = self.rules.digit(k);
                let m = n - k;
                if digit & 1 != 0 && m == 0 {
                    insert(&mut excluded, 0);
                }
                if digit & 2 != 0 && m >= 1 {
                    insert(&mut excluded, self.values[m]);
                }
                if digit & 4 != 0 && m >= 2 {
                    for (e, s) in excluded.iter_mut().zip(&self.splits2[m]) {
                        *e |= s;
                    }
                }
                if digit & 8 != 0 && m >= 3 {
                    for (e, s) in excluded.iter_mut().zip(&self.splits3[m]) {
                        *e |= s;
                    }
                }
            }
            let value = bitset_mex(&excluded);
            while value >> self.value_bits != 0 {
                self.value_bits += 1;
            }
            self.values.push(value);
            if n.is_multiple_of(TICK) {
                budget.tick(n as u64, len as u64)?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn translated_insert_is_xor() {
        let mut source = vec![0u64; 4];
        for v in [0u32, 5, 63, 64, 100, 255] {
            insert(&mut source, v);
        }
        for g in [0u32, 1, 7, 63, 64, 129, 255] {
            let mut target = vec![0u64; 4];
            insert_translated(&mut target, &source, g);
            let mut expected = vec![0u64; 4];
            for v in [0u32, 5, 63, 64, 100, 255] {
                insert(&mut expected, v ^ g);
            }
            assert_eq!(target, expected, "g = {g}");
        }
    }

    #[test]
    fn bitset_mex_finds_the_gap() {
        let mut set = vec![0u64; 2];
        for v in 0..70 {
            insert(&mut set, v);
        }
        assert_eq!(bitset_mex(&set), 70);
        assert_eq!(bitset_mex(&[0]), 0);
    }
}
