//! The option sets of one heap in the fast method: one `u64` in a register while every value
//! is below 64, four words on the stack below 128 (the Table 3.2 games up to ·354), words in
//! memory beyond.
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
    /// Empties the set, with room for `words` words of values.
    fn reset(&mut self, words: usize);
    /// Adds value `v` (below 128 for the register set).
    fn insert(&mut self, v: u32);
    /// Word `i` (values `64·i .. 64·i + 63`); 0 past the set's room.
    fn word(&self, i: usize) -> u64;
    /// Adds every value of `values` (the rare and strike scans).
    #[inline(always)]
    fn insert_all(&mut self, values: impl Iterator<Item = u32>) {
        for v in values {
            self.insert(v);
        }
    }
    /// True when value `v` is in the set.
    #[inline(always)]
    fn contains(&self, v: u32) -> bool {
        self.word((v >> 6) as usize) >> (v & 63) & 1 == 1
    }
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
    fn word(&self, i: usize) -> u64 {
        if i == 0 {
            *self
        } else {
            0
        }
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
    #[inline(always)]
    fn word(&self, i: usize) -> u64 {
        self.get(i).copied().unwrap_or(0)
    }
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
    #[inline(always)]
    fn word(&self, i: usize) -> u64 {
        self.get(i).copied().unwrap_or(0)
    }
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
        assert!((0..128).all(|v| small.contains(v) == words.contains(v)));
    }
}
