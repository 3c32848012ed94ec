//! The period map's cell search: the exact least outcome period and preperiod of one small
//! subtraction set, found by checking the expected periods (sums of two moves) word by word
//! as the outcomes are computed, then the tail searches of [`crate::tail_period`].

use crate::bits::BitVec;
use crate::outcome_words::OutcomeWords;
use crate::tail_period::{least_period_dividing, least_preperiod, least_tail_period};

/// Before the budget is reached, the general search tries shifts up to `length /
/// TAIL_SHIFT_FRACTION`, and a period `p` still shows once the length passes
/// `TAIL_SHIFT_FRACTION * p`. At 4 these searches took three quarters of the instructions of
/// the paper's full window (callgrind on 12 of its rows), spent on rulesets that the expected
/// periods prove anyway; at 16 they take half as many.
const TAIL_SHIFT_FRACTION: usize = 16;

/// The least number of words the cell solver computes between two checks.
const CHECK_WORDS: usize = 4;
/// Between two checks the cell solver computes at least `1 / CHECK_FRACTION` of the words it
/// has: a proof then comes at most that fraction late, and the per-check overhead stays small.
const CHECK_FRACTION: usize = 32;
/// The general search first runs at `FIRST_CHECK * (2 max S + largest expected period)`
/// heaps; the expected periods usually prove themselves before that.
const FIRST_CHECK: usize = 4;
/// The shifts the narrow search tries.
const NARROW_SHIFT: usize = 1024;
/// The narrow search runs again once the length grew by `1 / NARROW_GROWTH`. At 8 the narrow
/// searches took 14% of the instructions of 20 rows of the paper's full window (callgrind),
/// where they prove 17 of 19,552 cells; at 2 they run under a third as often, and the 4-move map
/// s3 = 100, where they prove many more, costs 8% fewer instructions in all.
const NARROW_GROWTH: usize = 2;
/// The wide search first runs `WIDE_DELAY` times later than the narrow one: it costs a read
/// per shift, and the periods it alone finds (no sum of two moves, above `NARROW_SHIFT`)
/// are rare.
const WIDE_DELAY: usize = 16;

/// An expected period (a sum of two moves, or twice a move) and where it is known to hold.
#[derive(Debug, Clone, Copy)]
struct Candidate {
    /// The period `p`.
    period: usize,
    /// The length at which `p` is proven unless a new difference shows: `from + p + max S`,
    /// where `from` is one past the last heap `y` seen with `bit(y) != bit(y + p)` (0 if none).
    proof_at: usize,
    /// Heap `64j - p` is bit `shift_low` of word `j - words_back`, and `shift_high` is
    /// `63 - shift_low` (`p = 64 words_back - shift_low`).
    words_back: usize,
    shift_low: u32,
    shift_high: u32,
    /// How many words have been compared.
    scanned: usize,
}

impl Candidate {
    fn new(period: usize, k: usize) -> Self {
        let shift_low = (period.div_ceil(64) * 64 - period) as u32;
        Candidate {
            period,
            proof_at: period + k,
            words_back: period.div_ceil(64),
            shift_low,
            shift_high: 63 - shift_low,
            scanned: 0,
        }
    }

    /// Compares the words computed since the last call with the heaps `p` earlier, newest
    /// first, and returns one past the newest heap `x` with `bit(x - p) != bit(x)`, if any.
    /// Before the period sets in, a difference shows in the newest word, so this is cheap.
    fn newest_difference(&mut self, bits: &BitVec) -> Option<usize> {
        let words = bits.words();
        let since = std::mem::replace(&mut self.scanned, words.len());
        for j in (since..words.len()).rev() {
            // Bit i: heap 64j + i - p (0 before heap 0).
            let back = if j >= self.words_back {
                let w = j - self.words_back;
                words[w] >> self.shift_low | words[w + 1] << 1 << self.shift_high
            } else {
                bits.get_word((64 * j) as i64 - self.period as i64)
            };
            let diff = words[j] ^ back;
            if diff != 0 {
                return Some(64 * j + 64 - diff.leading_zeros() as usize);
            }
        }
        None
    }
}

/// A proven outcome periodicity: the least period and the least preperiod.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ProvenPeriod {
    /// The least preperiod.
    pub preperiod: u64,
    /// The least period.
    pub period: u64,
}

impl ProvenPeriod {
    /// The periodicity of bits known to repeat with least period `period` from heap `from` on.
    fn from_tail(bits: &BitVec, from: usize, period: usize) -> Self {
        ProvenPeriod {
            preperiod: least_preperiod(bits, from, period) as u64,
            period: period as u64,
        }
    }
}

/// The cell search, with buffers kept from cell to cell (one per thread or worker): the
/// engine's `period_map::CellSolver` checks the input and runs this.
///
/// The outcomes are computed a word (64 heaps) at a time by [`OutcomeWords`]. After each word,
/// every expected period `p` (the sums of two moves, and twice each move) is compared with the
/// new heaps: `from` is one past the last heap `y` with `bit(y) != bit(y + p)`. Once the
/// heaps computed reach `from + p + max S`, the windows of `max S` outcomes at `from` and
/// `from + p` agree, so `p` is a period from `from` on (the window argument, see
/// [`crate::tail_period`]), and `from` is the least preperiod (a heap before it breaks `p`,
/// and a preperiod of the least period is one of its multiples). The least period is the
/// least divisor of `p` that is a period from `from` on (`least_period_dividing`).
///
/// Checks come every `max(CHECK_WORDS, words / CHECK_FRACTION)` words. From `FIRST_CHECK` times
/// `2 max S + largest candidate` heaps on, each time the length grew by half, a narrow search
/// ([`least_tail_period`] over shifts up to `NARROW_SHIFT`: the common periods that are no sum
/// of two moves, such as 2, are short), and from `WIDE_DELAY` times later, doubling, the wide
/// one, which finds the least period once the sequence is longer than preperiod + period +
/// `max S`. Each answer is a proof; the engine's reference (`period_map::reference_cell`)
/// makes the same tail test heap by heap.
#[derive(Debug, Clone, Default)]
pub struct CellSearch {
    bits: BitVec,
    kernel: OutcomeWords,
    candidates: Vec<Candidate>,
}

impl CellSearch {
    /// The P-position bits the last proven [`CellSearch::outcome_period`] computed: they
    /// cover its preperiod and one period (stale after a search that proved nothing).
    pub fn p_bits(&self) -> &BitVec {
        &self.bits
    }

    /// The exact outcome period of `moves` (positive and strictly increasing: the caller
    /// checks), or `None` when no period shows within `max_heaps` heaps. Not inlined: callers
    /// in size-optimised crates call this copy, compiled for speed.
    #[inline(never)]
    pub fn outcome_period(&mut self, moves: &[u32], max_heaps: u64) -> Option<ProvenPeriod> {
        debug_assert!(moves.windows(2).all(|w| w[0] < w[1]) && !moves.contains(&0));
        let k = moves.last().map_or(0, |&s| s as usize);
        let cap = usize::try_from(max_heaps).unwrap_or(usize::MAX);
        self.candidates.clear();
        for (i, &a) in moves.iter().enumerate() {
            for &b in &moves[i + 1..] {
                self.candidates
                    .push(Candidate::new(a as usize + b as usize, k));
            }
        }
        self.candidates.sort_unstable_by_key(|c| c.period);
        self.candidates.dedup_by_key(|c| c.period);
        let largest = self.candidates.last().map_or(1, |c| c.period);
        // The next length at which the general search runs.
        let mut narrow_at = FIRST_CHECK * (2 * k + largest);
        let mut check = (WIDE_DELAY * narrow_at).min(cap);
        if check <= k {
            return None;
        }
        self.kernel.reset(moves);
        self.bits.clear();
        self.bits.reserve(check + 64);
        loop {
            // Compute a batch of words, stopping early at the general search's next length.
            let done = self.bits.words().len();
            let stop = (done + CHECK_WORDS.max(done / CHECK_FRACTION)).min(check.div_ceil(64));
            self.kernel.extend(&mut self.bits, stop);
            let end = self.bits.len().min(cap);
            for c in &mut self.candidates {
                // A new difference can only move the proof later, so the words since the last
                // scan are compared only once the proof is due (newest first, stopping at the
                // first difference): about once per `p + max S` heaps before `p` sets in.
                if c.proof_at > end {
                    continue;
                }
                if let Some(after) = c.newest_difference(&self.bits) {
                    c.proof_at = c.proof_at.max(after + k);
                }
                if c.proof_at <= end {
                    let from = c.proof_at - k - c.period;
                    return Some(ProvenPeriod {
                        preperiod: from as u64,
                        period: least_period_dividing(&self.bits, from, c.period, k) as u64,
                    });
                }
            }
            // Short periods that are no sum of two moves (period 2 is the common one) show
            // in a narrow search, run each time the length grew by 1 / NARROW_GROWTH.
            if end >= narrow_at {
                if let Some(p) = least_tail_period(&self.bits, end, k, NARROW_SHIFT) {
                    return Some(ProvenPeriod::from_tail(&self.bits, end - k - p, p));
                }
                narrow_at = end + end / NARROW_GROWTH;
            }
            while check <= end {
                // The general search costs a read per shift, so before the budget is reached
                // it only tries shifts up to a fraction of the length (still exact: see
                // `least_tail_period`).
                let max_shift = if check == cap {
                    check
                } else {
                    check / TAIL_SHIFT_FRACTION
                };
                if let Some(p) = least_tail_period(&self.bits, check, k, max_shift) {
                    return Some(ProvenPeriod::from_tail(&self.bits, check - k - p, p));
                }
                if check == cap {
                    return None;
                }
                check = check.saturating_mul(2).min(cap);
            }
        }
    }
}
