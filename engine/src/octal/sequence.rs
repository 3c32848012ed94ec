//! Nim-sequences of code-digit games beyond the fast octal method, and the shared bitset helpers.
//!
//! * [`super::fast::OctalSequence`] serves finite codes whose moves leave at most two heaps.
//! * [`GeneralSequence`] serves every other code (hexadecimal digits, repeating tails) with the
//!   split-set dynamic programme of Algorithm 4.5. Its three-heap XORs use the grouped addXor
//!   (`three_heap_xors`); the plain per-heap addXor stays as the reference
//!   ([`GeneralSequence::with_plain_xors`]). Generalized codes (digits above 15, modifiers) are
//!   handed to the knapsack split sets of [`super::cuts`].

use super::cuts::CutSequence;
use super::Ruleset;
use crate::{Budget, EngineError};

/// Heaps between two progress reports of the split-set method (each heap costs more).
const GENERAL_TICK: usize = 64;

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
pub(super) fn insert(set: &mut [u64], v: u32) {
    set[(v >> 6) as usize] |= 1 << (v & 63);
}

/// The least value missing from a word-parallel bitset (the mex).
pub(super) fn bitset_mex(set: &[u64]) -> u32 {
    for (i, &word) in set.iter().enumerate() {
        if word != u64::MAX {
            return (i as u32) * 64 + word.trailing_ones();
        }
    }
    set.len() as u32 * 64
}

/// Words of a bitset holding every value below `2^bits`, and as many again (room for a mex).
pub(super) fn words_for(bits: u32) -> usize {
    ((2usize << bits) / 64).max(1)
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

/// `v ⊕ g` for every bit `v` of one word, `g < 64`: swaps the bit blocks of each set bit of `g`.
#[inline(always)]
fn xor_in_word(word: u64, g: u32) -> u64 {
    let mut w = word;
    for (j, &mask) in BLOCK_MASKS.iter().enumerate() {
        if g & (1 << j) != 0 {
            let s = 1 << j;
            w = ((w & mask) << s) | ((w >> s) & mask);
        }
    }
    w
}

/// `target |= { v ⊕ g : v ∈ source }` for word-parallel bitsets (the thesis's §2.7 permutation:
/// the low six bits of `g` swap bit blocks inside each word, the rest permutes the words).
pub(super) fn insert_translated(target: &mut [u64], source: &[u64], g: u32) {
    let word_shift = (g >> 6) as usize;
    for (i, &word) in source.iter().enumerate() {
        if word != 0 {
            target[i ^ word_shift] |= xor_in_word(word, g & 63);
        }
    }
}

/// `target |= { v ⊕ 64·h : v ∈ source }`: only whole words move. Runs of `2^tz(h)` words stay
/// contiguous, so long runs are plain (vectorisable) ORs; short runs go word by word.
fn insert_word_shifted(target: &mut [u64], source: &[u64], h: usize) {
    let run = if h == 0 {
        source.len().max(1)
    } else {
        1 << h.trailing_zeros()
    };
    if run < 8 {
        for (i, &s) in source.iter().enumerate() {
            target[i ^ h] |= s;
        }
        return;
    }
    for (j, chunk) in source.chunks(run).enumerate() {
        let at = (j * run) ^ h;
        for (t, &s) in target[at..at + chunk.len()].iter_mut().zip(chunk) {
            *t |= s;
        }
    }
}

/// The three-heap XORs `∪ { G(a) ⊕ splits2[n − a] : 0 < a < n − 1 }` as one bitset of `words`
/// words, by the grouped addXor: the sets are first gathered by the low six bits of `G(a)`
/// into `groups` (64 blocks of `words` words, all zero, left zero) with whole-word moves only,
/// then each used group is permuted inside its words once. [`insert_translated`] per `a` is
/// the plain method it replaces.
fn three_heap_xors(
    values: &[u32],
    splits2: &[Vec<u64>],
    n: usize,
    words: usize,
    groups: &mut Vec<u64>,
) -> Vec<u64> {
    if groups.len() < 64 * words {
        groups.resize(64 * words, 0);
    }
    let mut used = 0u64;
    for a in 1..n.saturating_sub(1) {
        let (low, high) = ((values[a] & 63) as usize, (values[a] >> 6) as usize);
        used |= 1 << low;
        let group = &mut groups[low * words..(low + 1) * words];
        insert_word_shifted(group, &splits2[n - a], high);
    }
    let mut set = vec![0u64; words];
    for low in (0..64).filter(|low| used & (1 << low) != 0) {
        for (t, w) in set
            .iter_mut()
            .zip(&mut groups[low * words..(low + 1) * words])
        {
            *t |= xor_in_word(*w, low as u32);
            *w = 0;
        }
    }
    set
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
    /// Word operations spent so far, and the most allowed (the time cap of this method).
    work: u64,
    max_work: u64,
    /// Use the plain per-heap addXor (the reference) instead of the grouped one.
    plain_xors: bool,
    /// Scratch space of the grouped addXor: 64 groups of bitset words, zero between heaps.
    groups: Vec<u64>,
    /// The knapsack split sets that serve a generalized code instead.
    cuts: Option<CutSequence>,
}

impl GeneralSequence {
    /// A sequence for any valid ruleset.
    pub fn new(rules: &Ruleset) -> Self {
        let any = |bit: u32| {
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
            work: 0,
            max_work: u64::MAX,
            plain_xors: false,
            groups: Vec::new(),
            cuts: (rules.has_modifiers() || rules.max_heaps_left() > 3)
                .then(|| CutSequence::new(rules)),
        }
    }

    /// Caps the word operations of [`Self::extend_to`]: past `max_work` it stops with an error
    /// naming the CLI flag that raises the cap (the cost grows with the square of the heaps
    /// times the size of the values, so a heap cap alone does not bound the time).
    pub fn with_max_work(mut self, max_work: u64) -> Self {
        self.max_work = max_work;
        self.cuts = self.cuts.map(|cuts| cuts.with_max_work(max_work));
        self
    }

    /// Computes the three-heap XORs with the plain per-heap addXor (one translation per heap
    /// `a`), the method the grouped addXor replaced: kept as the reference the tests compare
    /// against, and as the baseline of `cargo xtask bench`.
    pub fn with_plain_xors(mut self) -> Self {
        self.plain_xors = true;
        self
    }

    /// The values computed so far.
    pub fn values(&self) -> &[u32] {
        match &self.cuts {
            Some(cuts) => cuts.values(),
            None => &self.values,
        }
    }

    /// Computes heaps up to `len` (exclusive), reporting progress to `budget`.
    pub fn extend_to(&mut self, len: usize, budget: &mut Budget<'_>) -> Result<(), EngineError> {
        if let Some(cuts) = &mut self.cuts {
            return cuts.extend_to(len, budget);
        }
        while self.values.len() < len {
            let n = self.values.len();
            let words = (words_for(self.value_bits) / 2).max(1);
            let cost =
                n as u64 * (1 + 2 * words as u64 * u64::from(self.needs3) + 2 * words as u64);
            self.work = self.work.saturating_add(cost);
            if self.work > self.max_work {
                return Err(EngineError::OutOfRange(format!(
                    "{}: stopped at heap {n}, past the work cap of {} steps (raise it with --max-work)",
                    self.rules.ascii(),
                    self.max_work
                )));
            }
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
                let set = if self.plain_xors {
                    let mut set = vec![0u64; words];
                    for a in 1..n.saturating_sub(1) {
                        insert_translated(&mut set, &self.splits2[n - a], self.values[a]);
                    }
                    set
                } else {
                    three_heap_xors(&self.values, &self.splits2, n, words, &mut self.groups)
                };
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
            if n.is_multiple_of(GENERAL_TICK) {
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
