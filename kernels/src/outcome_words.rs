//! The outcome (P/N) rule of a finite subtraction game, one 64-heap word a step: the kernel
//! of the engine's subtraction solver, its constant-memory solver and the period-map cells.

use crate::bits::BitVec;

/// How many words [`OutcomeWords::extend`] makes at once when every move is at least
/// `64 LONG_CHUNK` (a move of `q` words reaches back past a chunk of at most `q` words).
const LONG_CHUNK: usize = 4;

/// The fast outcome rule, one storage word (64 heaps) a step: heap `x` is a P-position iff no
/// `x - s` (`s ∈ S`, `s <= x`) is one. Word `j` holds heaps `64j..64j + 64`.
///
/// A move `s >= 64` only reads earlier words, so its part of the word is two shifted loads. A
/// move `s < 64` also reads the word being made: the first guess treats those bits as N and
/// has its lowest `m = min S` bits right; each further round feeds the guess back and makes
/// `m` more bits right, so `ceil(64 / m) - 1` rounds finish the word (fewer when a round
/// changes nothing, since a round is then a fixed point). Both the subtraction solver
/// (the engine's `subtraction::OutcomeSequence`) and the period-map cells ([`crate::cell`]) step with it.
#[derive(Debug, Clone, Default)]
pub struct OutcomeWords {
    /// The moves `s >= 64` as `(q, r)` with `s = 64q + r`.
    long: Vec<(usize, u32)>,
    /// The moves `s < 64`.
    short: Vec<u32>,
    /// Every move, for the first words, whose reads reach before heap 0.
    moves: Vec<u32>,
    /// Refinement rounds after the first guess.
    rounds: u32,
    /// From this word index on, every read lies in words already made.
    direct_from: usize,
}

impl OutcomeWords {
    /// The kernel of `moves` (distinct and positive).
    pub fn new(moves: &[u32]) -> Self {
        let mut kernel = OutcomeWords::default();
        kernel.reset(moves);
        kernel
    }

    /// Makes this the kernel of `moves` (distinct and positive), reusing its storage.
    pub fn reset(&mut self, moves: &[u32]) {
        self.long.clear();
        self.short.clear();
        self.moves.clear();
        self.moves.extend_from_slice(moves);
        for &s in moves {
            if s >= 64 {
                self.long.push(((s / 64) as usize, s % 64));
            } else {
                self.short.push(s);
            }
        }
        self.rounds = self
            .short
            .iter()
            .min()
            .map_or(0, |&m| 64u32.div_ceil(m) - 1);
        self.direct_from = moves
            .iter()
            .map(|&s| s as usize / 64 + 1)
            .max()
            .unwrap_or(1);
    }

    /// Computes heaps until `bits` holds `words` words (its length must be a multiple of 64).
    /// Not inlined: callers in size-optimised crates call this copy, compiled for speed.
    #[inline(never)]
    pub fn extend(&self, bits: &mut BitVec, words: usize) {
        // The first words read before heap 0: bounds-checked reads that give 0 there, and 0
        // for the word being made.
        while bits.words().len() < words.min(self.direct_from) {
            let x = 64 * bits.words().len() as i64;
            let known = self
                .moves
                .iter()
                .fold(0, |known, &s| known | bits.get_word(x - i64::from(s)));
            let word = self.refine(known);
            bits.push_words_with(1, |_| word);
        }
        let Some(count) = words.checked_sub(bits.words().len()) else {
            return;
        };
        // Chunks pay off from a few words on (every move at least 256).
        if self.short.is_empty() && self.long.iter().all(|&(q, _)| q >= LONG_CHUNK) {
            return self.extend_long(bits, words);
        }
        bits.push_words_with(count, |words| {
            let j = words.len();
            self.word_from(|back| words[j - back])
        });
    }

    /// [`OutcomeWords::extend`] when every move is at least 256 (past the first words): the
    /// next [`LONG_CHUNK`] words read only words already made (`q = s / 64 >= 4` words back),
    /// so they are made together, one move at a time over a fixed-size chunk (a loop the
    /// compiler unrolls and vectorises; a chunk of `min q` words costs more in loop set-up than
    /// in work), and appended (not zero-filled first: a `memset` call per chunk cost 6% of a
    /// period map's instructions).
    fn extend_long(&self, bits: &mut BitVec, words: usize) {
        while bits.words().len() + LONG_CHUNK <= words {
            let all = bits.words();
            let j = all.len();
            let mut known = [0u64; LONG_CHUNK];
            for &(q, r) in &self.long {
                // Word j + i reads words j + i - q - 1 and j + i - q: `pair[i]`, `pair[i + 1]`.
                let from = j - q - 1;
                let pair: &[u64; LONG_CHUNK + 1] = all[from..=from + LONG_CHUNK]
                    .try_into()
                    .expect("a chunk and one word");
                for (i, k) in known.iter_mut().enumerate() {
                    // `>> 1 >> (63 - r)` is `>> (64 - r)` that also gives 0 for r = 0.
                    *k |= pair[i] >> 1 >> (63 - r) | pair[i + 1] << r;
                }
            }
            bits.extend_words(known.into_iter().map(|k| !k));
        }
        let rest = words.saturating_sub(bits.words().len());
        bits.push_words_with(rest, |made| {
            let j = made.len();
            self.word_from(|back| made[j - back])
        });
    }

    /// The next word, given `back(d)`, the word `d` places before it (`1 <= d <= max S / 64
    /// + 1`; 0 for words before heap 0). [`OutcomeWords::extend`] reads a growing bit array
    /// through it, the engine's constant-memory solver (`outcome_cycle`) a ring buffer.
    #[inline]
    pub fn word_from(&self, back: impl Fn(usize) -> u64) -> u64 {
        // Bit i of `known` is set when heap 64j + i has a P option in an earlier word.
        let mut known = 0u64;
        for &(q, r) in &self.long {
            // Heap 64j - s is bit 64 - r of word j - q - 1 (bit 0 of word j - q if r = 0):
            // one double-word shift.
            let pair = u128::from(back(q)) << 64 | u128::from(back(q + 1));
            known |= (pair >> (64 - r)) as u64;
        }
        let last = back(1);
        for &s in &self.short {
            known |= last >> (64 - s);
        }
        self.refine(known)
    }

    /// The word whose heaps have P options exactly at `known` and through moves `s < 64`
    /// inside the word itself.
    #[inline]
    fn refine(&self, known: u64) -> u64 {
        let mut word = !known;
        for _ in 0..self.rounds {
            let mut own = 0u64;
            for &s in &self.short {
                own |= word << s;
            }
            let next = !(known | own);
            if next == word {
                break;
            }
            word = next;
        }
        word
    }
}
