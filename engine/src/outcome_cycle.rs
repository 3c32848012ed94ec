//! Constant-memory outcome periods of finite subtraction games: memory independent of the
//! period, so periods of 10^11 heaps and more (the survey's record, Section 4) can be proven.
//!
//! **The stream.** [`OutcomeStream`] keeps only a ring of the last few 64-heap words (enough
//! for `max S` heaps plus a lag of two words) and makes each new word from it with the same
//! word kernel as the growing solver ([`OutcomeWords::word_from`]).
//!
//! **The cycle.** The window of `max S` outcomes at heap `t` decides every later outcome (the
//! window argument of [`crate::subtraction`]), so the outcome sequence is periodic from `t`
//! with period `d` exactly when the windows at `t` and `t + d` agree. [`OutcomeCycle`] looks
//! for the first return of a saved window, testing every heap position with a bit-parallel
//! filter ([`Pattern`]) and then an exact comparison:
//!
//! * **pure periodicity** (max-symmetric sets, Flammenkamp's Theorem 12, quoted in survey
//!   Section 4): the saved window is the one at heap 0. Its first return `p` proves that `p`
//!   is a period from heap 0 (preperiod 0), and it is the least one, since every period from 0
//!   is a return of that window. The theorem only promises that the return exists.
//! * **Brent's method** (every other set): the saved window moves to `s + 2^i` when it has not
//!   returned within `2^i` heaps. A return at `s + λ` proves the sequence periodic from `s`, and
//!   `λ` is then the least period (the first return of a window at or after the preperiod).
//!   The least preperiod is one past the last heap `y < s` with `bit(y) != bit(y + λ)`, found
//!   by a second pass with two streams `λ` heaps apart.
//!
//! The search is steppable ([`OutcomeCycle::run`] computes a given number of words and
//! returns), so the CLI can print progress and a web worker can run it in slices.

use crate::period::Periodicity;
use crate::ruleset::NumberSet;
use crate::subtraction::OutcomeWords;
use crate::{Budget, EngineError};

/// The largest number of heaps the constant-memory search accepts (10^13).
pub const MAX_CYCLE_SEARCH: u64 = 10_000_000_000_000;

/// Whether `set` is max-symmetric: `max S - s ∈ S` implies `s ∈ S` for `1 <= s <= max S`
/// (survey Section 4). Such sets are purely periodic (Flammenkamp's Theorem 12).
pub fn is_max_symmetric(set: &NumberSet) -> bool {
    let moves = set.elements();
    let m = set.max();
    moves
        .iter()
        .filter(|&&s| s < m)
        .all(|&s| moves.binary_search(&(m - s)).is_ok())
}

/// The outcome bits of a subtraction game, one 64-heap word a step, keeping only the last
/// few words in a ring: bit `i` of word `j` is set when heap `64j + i` is a P-position.
#[derive(Debug, Clone)]
pub struct OutcomeStream {
    kernel: OutcomeWords,
    ring: Vec<u64>,
    mask: u64,
    /// Words computed so far.
    words: u64,
}

impl OutcomeStream {
    /// The stream of `moves` (distinct and positive, increasing), at heap 0.
    pub fn new(moves: &[u32]) -> Self {
        let k = moves.last().map_or(1, |&s| s as usize);
        // Reads go back `k / 64 + 1` words to make a word and `(k + 128) / 64 + 2` to test a
        // window; unwritten slots (words before heap 0) are zero.
        let size = (2 * (k / 64) + 8).next_power_of_two();
        OutcomeStream {
            kernel: OutcomeWords::new(moves),
            ring: vec![0; size],
            mask: size as u64 - 1,
            words: 0,
        }
    }

    /// Computes the next word.
    #[inline]
    pub fn step(&mut self) {
        let (ring, mask, j) = (&self.ring, self.mask, self.words);
        let word = self
            .kernel
            .word_from(|back| ring[(j.wrapping_sub(back as u64) & mask) as usize]);
        self.ring[(j & mask) as usize] = word;
        self.words += 1;
    }

    /// The number of heaps computed (a multiple of 64).
    pub fn heaps(&self) -> u64 {
        64 * self.words
    }

    /// The word of heaps `64j..64j + 64`; `j` must be among the last `ring size - 1` words.
    #[inline]
    fn word(&self, j: u64) -> u64 {
        self.ring[(j & self.mask) as usize]
    }

    /// The 64 outcome bits from heap `at` on (bit 0 is heap `at`). They must be computed and
    /// still in the ring.
    #[inline]
    pub fn bits64(&self, at: u64) -> u64 {
        let (j, b) = (at / 64, (at % 64) as u32);
        self.word(j) >> b | self.word(j + 1) << 1 << (63 - b)
    }

    /// The window of `k` bits from heap `at` on, as words (the last one masked).
    fn window(&self, at: u64, k: usize) -> Vec<u64> {
        (0..k.div_ceil(64))
            .map(|i| self.bits64(at + 64 * i as u64) & low_mask(k - 64 * i))
            .collect()
    }
}

/// The lowest `n` bits set (all 64 when `n >= 64`).
fn low_mask(n: usize) -> u64 {
    if n >= 64 {
        u64::MAX
    } else {
        (1u64 << n) - 1
    }
}

/// A saved window of `k` outcome bits and a filter that finds where it may stand again: the
/// window's longest run of equal bits (at most 63), which must stand at the same offset,
/// followed by the opposite bit when the run ends inside the window.
#[derive(Debug, Clone)]
struct Pattern {
    /// The window's bits (the last word masked to the window).
    words: Vec<u64>,
    /// The window's width.
    k: usize,
    /// Offset, length and bit of the anchor run, and whether the opposite bit ends it.
    offset: u64,
    run: u32,
    ones: bool,
    closed: bool,
}

impl Pattern {
    /// The window of `k` bits of `stream` at heap `at`.
    fn new(stream: &OutcomeStream, at: u64, k: usize) -> Self {
        let words = stream.window(at, k);
        let bit = |i: usize| words[i / 64] >> (i % 64) & 1 == 1;
        let (mut best_at, mut best_len, mut from) = (0, 0, 0);
        while from < k {
            let mut end = from + 1;
            while end < k && bit(end) == bit(from) {
                end += 1;
            }
            if end - from > best_len {
                (best_at, best_len) = (from, end - from);
            }
            from = end;
        }
        let run = best_len.min(63);
        Pattern {
            ones: bit(best_at),
            closed: run == best_len && best_at + run < k,
            offset: best_at as u64,
            run: run as u32,
            words,
            k,
        }
    }

    /// Bit `i` set when heap `start + i` may begin the window (a necessary condition). Reads
    /// the heaps `start + offset .. start + offset + 128`.
    #[inline]
    fn candidates(&self, stream: &OutcomeStream, start: u64) -> u64 {
        let at = start + self.offset;
        let both = u128::from(stream.bits64(at)) | u128::from(stream.bits64(at + 64)) << 64;
        let same = if self.ones { both } else { !both };
        let mut runs = same;
        let mut covered = 1;
        while covered < self.run {
            let step = covered.min(self.run - covered);
            runs &= runs >> step;
            covered += step;
        }
        if self.closed {
            runs &= !(same >> self.run);
        }
        runs as u64
    }

    /// Whether the window of `stream` at heap `at` is this one.
    fn matches(&self, stream: &OutcomeStream, at: u64) -> bool {
        self.words
            .iter()
            .enumerate()
            .all(|(i, &w)| stream.bits64(at + 64 * i as u64) & low_mask(self.k - 64 * i) == w)
    }
}

/// How [`OutcomeCycle`] finds the cycle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    /// The first return of the window at heap 0 (purely periodic sets: max-symmetric ones).
    FirstReturn,
    /// Brent's method, then a second pass for the least preperiod.
    Brent,
}

/// Where the search stands.
#[derive(Debug, Clone)]
enum Phase {
    /// Testing every heap `t > saved_at` (up to `saved_at + power`) for a return of `pattern`,
    /// the window at `saved_at`.
    Return {
        saved_at: u64,
        power: u64,
        pattern: Pattern,
    },
    /// Scanning heaps `y < limit` for the last one with `bit(y) != bit(y + period)`: the main
    /// stream reads `y`, `lead` reads `y + period`.
    Preperiod {
        period: u64,
        limit: u64,
        lead: OutcomeStream,
        last: Option<u64>,
    },
    /// Finished.
    Done(Periodicity),
}

/// A resumable constant-memory search for the exact outcome period and preperiod of a finite
/// subtraction game (see the module documentation). Call [`OutcomeCycle::run`] until it
/// returns the answer; each call computes a bounded number of words.
#[derive(Debug, Clone)]
pub struct OutcomeCycle {
    moves: Vec<u32>,
    k: usize,
    max_heaps: u64,
    method: Method,
    stream: OutcomeStream,
    /// Heaps below this were tested (Return) or scanned (Preperiod); a multiple of 64.
    tested: u64,
    /// Words computed by all streams so far.
    work: u64,
    phase: Phase,
}

impl OutcomeCycle {
    /// A search for the period of `set` testing heaps below `max_heaps` (at most
    /// [`MAX_CYCLE_SEARCH`]), by the first return for max-symmetric sets and Brent's method
    /// otherwise.
    pub fn new(set: &NumberSet, max_heaps: u64) -> Result<Self, EngineError> {
        let method = if is_max_symmetric(set) {
            Method::FirstReturn
        } else {
            Method::Brent
        };
        Self::with_method(set, max_heaps, method)
    }

    /// [`OutcomeCycle::new`] with the method chosen by the caller (tests use both). The answer
    /// is exact either way; [`Method::FirstReturn`] finds none for a set with a preperiod.
    pub fn with_method(
        set: &NumberSet,
        max_heaps: u64,
        method: Method,
    ) -> Result<Self, EngineError> {
        if max_heaps == 0 || max_heaps > MAX_CYCLE_SEARCH {
            return Err(EngineError::OutOfRange(format!(
                "the constant-memory search length must be between 1 and {MAX_CYCLE_SEARCH}, not {max_heaps}"
            )));
        }
        let moves = set.elements().to_vec();
        if moves.is_empty() {
            return Err(EngineError::OutOfRange(
                "the subtraction set is empty".into(),
            ));
        }
        let k = set.max() as usize;
        let mut stream = OutcomeStream::new(&moves);
        let mut work = 0;
        while stream.heaps() < (k + 192) as u64 {
            stream.step();
            work += 1;
        }
        let power = match method {
            Method::FirstReturn => u64::MAX,
            Method::Brent => 1,
        };
        let pattern = Pattern::new(&stream, 0, k);
        Ok(OutcomeCycle {
            moves,
            k,
            max_heaps,
            method,
            stream,
            tested: 0,
            work,
            phase: Phase::Return {
                saved_at: 0,
                power,
                pattern,
            },
        })
    }

    /// The method in use.
    pub fn method(&self) -> Method {
        self.method
    }

    /// Heaps computed so far by all passes (64 per word): the progress measure.
    pub fn heaps_done(&self) -> u64 {
        64 * self.work
    }

    /// The search length: no heap at or past it is tested.
    pub fn max_heaps(&self) -> u64 {
        self.max_heaps
    }

    /// Computes about `words` more words (64 heaps each) and returns the answer once known.
    pub fn run(&mut self, words: u64) -> Option<Periodicity> {
        let stop = self.work.saturating_add(words);
        while self.work < stop {
            if let Phase::Done(answer) = self.phase {
                return Some(answer);
            }
            self.step();
        }
        match self.phase {
            Phase::Done(answer) => Some(answer),
            _ => None,
        }
    }

    /// One step: a word of a stream, then (when the heaps it needs are ready) one 64-heap
    /// block tested or scanned.
    fn step(&mut self) {
        let k = self.k as u64;
        match &mut self.phase {
            Phase::Done(_) => {}
            Phase::Return { .. } if self.tested >= self.max_heaps => {
                self.phase = Phase::Done(Periodicity::NotFound {
                    searched: self.max_heaps,
                });
            }
            Phase::Return { .. } if self.stream.heaps() < self.tested + k + 192 => {
                self.stream.step();
                self.work += 1;
            }
            Phase::Return {
                saved_at,
                power,
                pattern,
            } => {
                let found = test_block(&self.stream, self.tested, saved_at, power, pattern);
                self.tested += 64;
                if let Some(t) = found {
                    let saved_at = *saved_at;
                    self.found(saved_at, t - saved_at);
                }
            }
            Phase::Preperiod {
                period,
                limit,
                lead,
                last,
            } => {
                let y = self.tested;
                if y >= *limit {
                    self.phase = Phase::Done(Periodicity::Proven {
                        preperiod: last.map_or(0, |y| y + 1),
                        period: *period,
                        saltus: 0,
                    });
                } else if lead.heaps() < y + *period + 128 {
                    lead.step();
                    self.work += 1;
                } else {
                    self.stream.step();
                    self.work += 1;
                    let diff = (self.stream.word(y / 64) ^ lead.bits64(y + *period))
                        & low_mask((*limit - y) as usize);
                    if diff != 0 {
                        *last = Some(y + 63 - u64::from(diff.leading_zeros()));
                    }
                    self.tested += 64;
                }
            }
        }
    }

    /// The window at `saved_at` returned after `period` heaps: the sequence is periodic from
    /// `saved_at` with least period `period`. Done when `saved_at` is 0; otherwise the second
    /// pass finds the least preperiod (at most `saved_at`).
    fn found(&mut self, saved_at: u64, period: u64) {
        self.phase = if saved_at == 0 {
            Phase::Done(Periodicity::Proven {
                preperiod: 0,
                period,
                saltus: 0,
            })
        } else {
            self.stream = OutcomeStream::new(&self.moves);
            self.tested = 0;
            Phase::Preperiod {
                period,
                limit: saved_at,
                lead: OutcomeStream::new(&self.moves),
                last: None,
            }
        };
    }
}

/// Tests the heaps `start..start + 64` (those after `saved_at`) for a return of the saved
/// window, moving the saved window Brent's way when `saved_at + power` passes without one.
/// Returns the first heap where the saved window stands again.
fn test_block(
    stream: &OutcomeStream,
    start: u64,
    saved_at: &mut u64,
    power: &mut u64,
    pattern: &mut Pattern,
) -> Option<u64> {
    let end = start + 64;
    loop {
        let lo = start.max(*saved_at + 1);
        // The heaps tested against this pattern: lo..hi.
        let boundary = saved_at.saturating_add(*power).saturating_add(1);
        let hi = end.min(boundary);
        if lo < hi {
            let mut candidates = pattern.candidates(stream, start)
                & low_mask((hi - start) as usize)
                & !low_mask((lo - start) as usize);
            while candidates != 0 {
                let t = start + u64::from(candidates.trailing_zeros());
                if pattern.matches(stream, t) {
                    return Some(t);
                }
                candidates &= candidates - 1;
            }
        }
        if hi == end && boundary != end {
            return None;
        }
        // No return within `power` heaps: save the window at `saved_at + power` (Brent).
        *saved_at += *power;
        *power *= 2;
        *pattern = Pattern::new(stream, *saved_at, pattern.k);
        if *saved_at + 1 >= end {
            return None;
        }
    }
}

/// The exact outcome period of `set` in constant memory, testing heaps below `max_heaps`,
/// ticking `budget` with the heaps computed (of `max_heaps`) every 2^16 words.
pub fn outcome_period(
    set: &NumberSet,
    max_heaps: u64,
    budget: &mut Budget<'_>,
) -> Result<Periodicity, EngineError> {
    let mut cycle = OutcomeCycle::new(set, max_heaps)?;
    loop {
        if let Some(answer) = cycle.run(1 << 16) {
            return Ok(answer);
        }
        budget.tick(cycle.heaps_done(), max_heaps)?;
    }
}
