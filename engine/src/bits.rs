//! A growable bit array with unaligned 64-bit reads: the storage of the bit-parallel solvers.

/// Bits at positions `0..len`, packed 64 to a word (bit `i` is bit `i % 64` of word `i / 64`).
///
/// Invariant: bits at positions `>= len` inside the last word are zero.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct BitVec {
    words: Vec<u64>,
    len: usize,
}

impl BitVec {
    /// An empty bit array with room for `capacity` bits.
    pub fn with_capacity(capacity: usize) -> Self {
        BitVec {
            words: Vec::with_capacity(capacity.div_ceil(64)),
            len: 0,
        }
    }

    /// Makes room for `additional` more bits, so that growing by them does not reallocate.
    pub fn reserve(&mut self, additional: usize) {
        self.words
            .reserve((self.len + additional).div_ceil(64) + 1 - self.words.len());
    }

    /// Removes every bit, keeping the storage for reuse.
    pub fn clear(&mut self) {
        self.words.clear();
        self.len = 0;
    }

    /// The storage words (bit `i` is bit `i % 64` of word `i / 64`; bits past `len` are 0).
    pub fn words(&self) -> &[u64] {
        &self.words
    }

    /// The number of bits stored.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether no bit is stored.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The bit at `index`; positions outside `0..len` (negative ones included) read as 0.
    pub fn get(&self, index: i64) -> bool {
        if index < 0 || index as usize >= self.len {
            return false;
        }
        let i = index as usize;
        self.words[i / 64] >> (i % 64) & 1 == 1
    }

    /// The 64 bits starting at `start` (bit 0 of the result is position `start`).
    /// Positions outside `0..len`, negative ones included, read as 0.
    #[inline]
    pub fn get_word(&self, start: i64) -> u64 {
        if start <= -64 || start >= self.len as i64 {
            return 0;
        }
        if start < 0 {
            return self.get_word(0) << (-start) as u32;
        }
        self.word_inside(start as usize)
    }

    /// Appends the low `count` bits of `bits` (`count <= 64`); higher bits are ignored.
    #[inline]
    pub fn push_bits(&mut self, bits: u64, count: u32) {
        debug_assert!(count <= 64);
        if count == 0 {
            return;
        }
        let bits = if count == 64 {
            bits
        } else {
            bits & ((1u64 << count) - 1)
        };
        let offset = (self.len % 64) as u32;
        if offset == 0 {
            self.words.push(bits);
        } else {
            *self.words.last_mut().expect("offset > 0 implies a word") |= bits << offset;
            if offset + count > 64 {
                self.words.push(bits >> (64 - offset));
            }
        }
        self.len += count as usize;
    }

    /// Appends `count` whole words, each made by `next` from the words before it. The length
    /// must be a multiple of 64.
    #[inline]
    pub fn push_words_with(&mut self, count: usize, mut next: impl FnMut(&[u64]) -> u64) {
        debug_assert_eq!(self.len % 64, 0);
        self.words.reserve(count);
        for _ in 0..count {
            let word = next(&self.words);
            self.words.push(word);
        }
        self.len += 64 * count;
    }

    /// Appends whole words (the length must be a multiple of 64).
    #[inline]
    pub fn extend_words(&mut self, words: impl ExactSizeIterator<Item = u64>) {
        debug_assert_eq!(self.len % 64, 0);
        self.len += 64 * words.len();
        self.words.extend(words);
    }

    /// Appends one bit.
    pub fn push(&mut self, bit: bool) {
        self.push_bits(u64::from(bit), 1);
    }

    /// Whether the `width` bits starting at `a` equal the `width` bits starting at `b`.
    pub fn ranges_equal(&self, a: usize, b: usize, width: usize) -> bool {
        let mut offset = 0;
        // Whole words inside the array: plain reads, no bounds arithmetic per word.
        if a.max(b).saturating_add(width) <= self.len {
            while offset + 64 <= width {
                if self.word_inside(a + offset) != self.word_inside(b + offset) {
                    return false;
                }
                offset += 64;
            }
        }
        while offset < width {
            let take = (width - offset).min(64);
            let mask = if take == 64 {
                u64::MAX
            } else {
                (1u64 << take) - 1
            };
            let x = self.get_word((a + offset) as i64);
            let y = self.get_word((b + offset) as i64);
            if (x ^ y) & mask != 0 {
                return false;
            }
            offset += take;
        }
        true
    }

    /// [`BitVec::get_word`] for `start < len`, without the checks for starts outside the
    /// array (the whole-word loops call it where `start + 64 <= len`).
    #[inline]
    fn word_inside(&self, start: usize) -> u64 {
        let (w, b) = (start / 64, start % 64);
        // `<< 1 << (63 - b)` is `<< (64 - b)` that also gives 0 for b = 0, without a branch.
        let high = self
            .words
            .get(w + 1)
            .map_or(0, |&next| next << 1 << (63 - b));
        self.words[w] >> b | high
    }
}

impl BitVec {
    /// The largest `y < end` whose bit differs from the bit at `y + shift`, or `None`.
    /// Scans 64 positions a step; this is how a proven period's least preperiod is found.
    pub fn last_difference(&self, end: usize, shift: usize) -> Option<usize> {
        let mut top = end;
        // Whole words whose shifted partner lies inside the array: plain reads.
        while top >= 64 && top + shift <= self.len {
            let start = top - 64;
            let diff = self.word_inside(start) ^ self.word_inside(start + shift);
            if diff != 0 {
                return Some(start + 63 - diff.leading_zeros() as usize);
            }
            top = start;
        }
        while top > 0 {
            let take = top.min(64);
            let start = top - take;
            let mask = if take == 64 {
                u64::MAX
            } else {
                (1u64 << take) - 1
            };
            let diff = (self.get_word(start as i64) ^ self.get_word((start + shift) as i64)) & mask;
            if diff != 0 {
                return Some(start + 63 - diff.leading_zeros() as usize);
            }
            top = start;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn naive(bits: &[bool], start: i64) -> u64 {
        (0..64)
            .filter(|&j| {
                let p = start + j;
                p >= 0 && (p as usize) < bits.len() && bits[p as usize]
            })
            .fold(0, |acc, j| acc | 1 << j)
    }

    #[test]
    fn unaligned_words_match_a_plain_bool_array() {
        let pattern: Vec<bool> = (0..300u64).map(|i| (i * 7 + i / 5) % 3 == 0).collect();
        let mut bv = BitVec::default();
        let mut i = 0;
        let mut step = 1;
        while i < pattern.len() {
            let count = step.min(pattern.len() - i);
            let word = (0..count)
                .filter(|&j| pattern[i + j])
                .fold(0u64, |a, j| a | 1 << j);
            bv.push_bits(word | 1 << 63, count as u32);
            i += count;
            step = step % 64 + 7;
        }
        assert_eq!(bv.len(), 300);
        for start in -70..320 {
            assert_eq!(bv.get_word(start), naive(&pattern, start), "start {start}");
        }
        for (p, &b) in pattern.iter().enumerate() {
            assert_eq!(bv.get(p as i64), b);
        }
        for end in 0..150 {
            for shift in 1..100 {
                let naive_last = (0..end).rev().find(|&y| pattern[y] != pattern[y + shift]);
                assert_eq!(
                    bv.last_difference(end, shift),
                    naive_last,
                    "end {end} shift {shift}"
                );
            }
        }
        for a in 0..100 {
            for b in 0..100 {
                let same = (0..130).all(|j| pattern[a + j] == pattern[b + j]);
                assert_eq!(bv.ranges_equal(a, b, 130), same);
            }
        }
    }
}
