//! The option sets of one heap in the fast method: one `u64` in a register while every value
//! is below 64; one register word of the values below 64 while values of 64 or more are rare
//! (·56: the few heaps it cannot decide are computed again with wider sets); below 128, four
//! words on the stack otherwise (the Table 3.2 games up to ·354); words in memory beyond.
//!
//! The rare scan sets hundreds of bits a heap in a set of one or two words; in memory each
//! set waits for the previous store to the same word, in a register it does not (·127 spends
//! most of its time there).

use super::sequence::insert;

/// Values that still fit the register set: every value so far is below `2^SMALL_BITS`.
#[cfg_attr(target_arch = "wasm32", allow(dead_code))]
pub(super) const SMALL_BITS: u32 = 6;
/// Values that still fit the four-word set (its options and the safe value `2^QUAD_BITS`).
#[cfg_attr(target_arch = "wasm32", allow(dead_code))]
pub(super) const QUAD_BITS: u32 = 7;

/// A set of nim-values, read as 64-bit words.
pub(super) trait ValueSet {
    /// True when the set keeps only the values below 64 ([`LowWord`]): a heap is decided by it
    /// only when some value below 64 is safe.
    const LOW_WORD_ONLY: bool = false;
    /// Empties the set, with room for `words` words of values.
    fn reset(&mut self, words: usize);
    /// Adds value `v` (below the set's bound: 64 for `u64`, 256 for `[u64; 4]`; [`LowWord`]
    /// drops values of 64 and more).
    fn insert(&mut self, v: u32);
    /// The set's words (values `64·i .. 64·i + 63` in word `i`).
    fn words(&self) -> &[u64];
    /// The set's words, to change.
    fn words_mut(&mut self) -> &mut [u64];
    /// Word `i`; 0 past the set's room.
    #[inline(always)]
    fn word(&self, i: usize) -> u64 {
        self.words().get(i).copied().unwrap_or(0)
    }
    /// Adds every value of `other` (a set with no more words than this one's room).
    #[inline(always)]
    fn merge(&mut self, other: &Self) {
        for (word, more) in self.words_mut().iter_mut().zip(other.words()) {
            *word |= more;
        }
    }
    /// Adds every value of `values` (the rare and strike scans).
    #[inline(always)]
    fn insert_all(&mut self, values: impl Iterator<Item = u32>) {
        for v in values {
            self.insert(v);
        }
    }
}

/// `words` and `words_mut` of a set that derefs to its words (arrays and `Vec`).
macro_rules! slice_words {
    () => {
        #[inline(always)]
        fn words(&self) -> &[u64] {
            self
        }
        #[inline(always)]
        fn words_mut(&mut self) -> &mut [u64] {
            self
        }
    };
}

impl ValueSet for u64 {
    #[inline(always)]
    fn reset(&mut self, _words: usize) {
        *self = 0;
    }
    #[inline(always)]
    fn insert(&mut self, v: u32) {
        debug_assert!(v < 64, "value {v} in the register set");
        *self |= 1 << (v & 63);
    }
    #[inline(always)]
    fn insert_all(&mut self, values: impl Iterator<Item = u32>) {
        // A local word stays in a register even where a bounds check may panic.
        *self |= values.fold(0u64, |set, v| {
            debug_assert!(v < 64, "value {v} in the register set");
            set | 1 << (v & 63)
        });
    }
    #[inline(always)]
    fn words(&self) -> &[u64] {
        std::slice::from_ref(self)
    }
    #[inline(always)]
    fn words_mut(&mut self) -> &mut [u64] {
        std::slice::from_mut(self)
    }
}

/// The values below 64 of a set, in one register word; larger values are dropped. For games
/// whose values reach 64 on few heaps (·56 on 30 of its first 655,360): an option of 64 or
/// more needs a heap of value 64 or more, and matters only when every value below 64 is an
/// option or rare, so the fast method uses this set and computes those few heaps again with
/// wider sets ([`ValueSet::LOW_WORD_ONLY`]).
#[derive(Debug, Clone, Copy, Default)]
#[cfg_attr(target_arch = "wasm32", allow(dead_code))]
pub(super) struct LowWord(u64);

impl ValueSet for LowWord {
    const LOW_WORD_ONLY: bool = true;
    #[inline(always)]
    fn reset(&mut self, _words: usize) {
        self.0 = 0;
    }
    #[inline(always)]
    fn insert(&mut self, v: u32) {
        self.0 |= u64::from(v < 64) << (v & 63);
    }
    #[inline(always)]
    fn insert_all(&mut self, values: impl Iterator<Item = u32>) {
        // A local word stays in a register (as for `u64`).
        self.0 |= values.fold(0u64, |set, v| set | u64::from(v < 64) << (v & 63));
    }
    #[inline(always)]
    fn words(&self) -> &[u64] {
        std::slice::from_ref(&self.0)
    }
    #[inline(always)]
    fn words_mut(&mut self) -> &mut [u64] {
        std::slice::from_mut(&mut self.0)
    }
}

/// Values below 256 in four words on the stack: indexed without a bounds check, and filled by
/// two interleaved copies so that two stores to one word do not wait for each other.
impl ValueSet for [u64; 4] {
    #[inline(always)]
    fn reset(&mut self, _words: usize) {
        *self = [0; 4];
    }
    #[inline(always)]
    fn insert(&mut self, v: u32) {
        debug_assert!(v < 256, "value {v} in the four-word set");
        self[(v >> 6) as usize & 3] |= 1 << (v & 63);
    }
    #[inline(always)]
    fn insert_all(&mut self, mut values: impl Iterator<Item = u32>) {
        let mut other = [0u64; 4];
        while let Some(x) = values.next() {
            self.insert(x);
            match values.next() {
                Some(y) => other.insert(y),
                None => break,
            }
        }
        for (word, more) in self.iter_mut().zip(other) {
            *word |= more;
        }
    }
    slice_words!();
}

impl ValueSet for Vec<u64> {
    #[inline(always)]
    fn reset(&mut self, words: usize) {
        self.clear();
        self.resize(words, 0);
    }
    #[inline(always)]
    fn insert(&mut self, v: u32) {
        insert(self, v);
    }
    slice_words!();
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The register set and the word set hold the same values.
    #[test]
    fn register_set_matches_word_set() {
        let (mut small, mut words) = (0u64, Vec::new());
        small.reset(4);
        words.reset(4);
        for v in [0, 5, 31, 63] {
            small.insert(v);
            ValueSet::insert(&mut words, v);
        }
        for i in 0..4 {
            assert_eq!(small.word(i), words.word(i), "word {i}");
        }
    }

    /// The one-word set keeps the values below 64 of what it is given, one by one or all at
    /// once, and drops the rest.
    #[test]
    fn low_word_keeps_the_values_below_64() {
        let values = [0u32, 7, 63, 64, 100, 127, 200, 65_535];
        let (mut one, mut all) = (LowWord::default(), LowWord::default());
        for &v in &values {
            one.insert(v);
        }
        all.insert_all(values.iter().copied());
        let expected = 1u64 | 1 << 7 | 1 << 63;
        assert_eq!(one.words(), &[expected]);
        assert_eq!(all.words(), &[expected]);
        assert_eq!(one.word(1), 0);
    }
}
