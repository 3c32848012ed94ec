//! A frozen copy of the period-map cell solver as it stood before issue 16 (commit ad3a480),
//! kept only so `cargo xtask bench period-map` can state the new solver's speed as a ratio
//! against it in the same run. Not used by HeapLab itself; do not edit (it is the baseline).

#![allow(dead_code)]

use heaplab_engine::bits::BitVec;
use heaplab_engine::ruleset::{NumberSet, MAX_MOVE, MAX_SET_SIZE};
use heaplab_engine::subtraction::{self, OutcomeWords};
use heaplab_engine::Periodicity;

/// Before the budget is reached, the general search tries shifts up to `length /
/// TAIL_SHIFT_FRACTION`: cheap next to computing the heaps, and a period `p` still shows once
/// the length passes `TAIL_SHIFT_FRACTION * p`.
const TAIL_SHIFT_FRACTION: usize = 4;

/// The least number of words the cell solver computes between two checks.
const CHECK_WORDS: usize = 4;
/// The general search first runs at `FIRST_CHECK * (2 max S + largest expected period)`
/// heaps; the expected periods usually prove themselves before that.
const FIRST_CHECK: usize = 4;

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

/// The fast cell solver, with buffers kept from cell to cell (one per thread or worker).
///
/// The outcomes are computed a word (64 heaps) at a time by [`OutcomeWords`]. After each word,
/// every expected period `p` (the sums of two moves, and twice each move) is compared with the
/// new heaps: `from` is one past the last heap `y` with `bit(y) != bit(y + p)`. Once the
/// heaps computed reach `from + p + max S`, the windows of `max S` outcomes at `from` and
/// `from + p` agree, so `p` is a period from `from` on (the window argument of
/// [`crate::subtraction`]), and `from` is the least preperiod (a heap before it breaks `p`,
/// and a preperiod of the least period is one of its multiples). The least period is the
/// least divisor of `p` that is a period from `from` on ([`least_period_dividing`]).
///
/// At `FIRST_CHECK` times `2 max S + largest candidate` heaps, then doubling, the general search
/// ([`least_tail_period`]) looks for the nearest earlier copy of the last window, which finds
/// the least period once the sequence is longer than preperiod + period + `max S`. Each answer
/// is a proof; the reference ([`reference_cell`]) makes the same tail test heap by heap.
#[derive(Debug, Clone, Default)]
pub struct FrozenCellSolver {
    bits: BitVec,
    kernel: OutcomeWords,
    candidates: Vec<Candidate>,
}

impl FrozenCellSolver {
    /// A solver with empty buffers.
    pub fn new() -> Self {
        FrozenCellSolver::default()
    }

    /// The exact outcome period of `moves` (positive and distinct), or `NotFound` when no
    /// period shows within `max_heaps` heaps.
    pub fn outcome_period(&mut self, moves: &[u32], max_heaps: u64) -> Periodicity {
        let sorted = moves.windows(2).all(|w| w[0] < w[1]);
        if !sorted || moves.len() > MAX_SET_SIZE || moves.iter().any(|&s| s == 0 || s > MAX_MOVE) {
            // Unsorted input is sorted once; invalid input (0, repeats, too large) is refused.
            return match NumberSet::from_elements(moves.to_vec()) {
                Ok(set) if set.elements() != moves => {
                    self.outcome_period(set.elements(), max_heaps)
                }
                _ => Periodicity::NotFound { searched: 0 },
            };
        }
        let k = moves.last().map_or(0, |&s| s as usize);
        let cap = usize::try_from(max_heaps).unwrap_or(usize::MAX);
        self.candidates.clear();
        for (i, &a) in moves.iter().enumerate() {
            for &b in &moves[i + 1..] {
                self.candidates.push(Candidate::new((a + b) as usize, k));
            }
        }
        self.candidates.sort_unstable_by_key(|c| c.period);
        self.candidates.dedup_by_key(|c| c.period);
        let largest = self.candidates.last().map_or(1, |c| c.period);
        // The next length at which the general search runs.
        let mut check = (FIRST_CHECK * (2 * k + largest)).min(cap);
        if check <= k {
            return Periodicity::NotFound {
                searched: max_heaps,
            };
        }
        self.kernel.reset(moves);
        self.bits.clear();
        self.bits.reserve(check + 64);
        loop {
            // Compute a batch of words, stopping early at the general search's next length.
            let stop = (self.bits.words().len() + CHECK_WORDS).min(check.div_ceil(64));
            self.kernel.extend(&mut self.bits, stop);
            let end = self.bits.len().min(cap);
            for c in &mut self.candidates {
                if let Some(after) = c.newest_difference(&self.bits) {
                    c.proof_at = c.proof_at.max(after + k);
                }
                if c.proof_at <= end {
                    let from = c.proof_at - k - c.period;
                    return Periodicity::Proven {
                        preperiod: from as u64,
                        period: least_period_dividing(&self.bits, from, c.period, k) as u64,
                        saltus: 0,
                    };
                }
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
                    return subtraction::proven_outcome_period(&self.bits, check - k - p, p);
                }
                if check == cap {
                    return Periodicity::NotFound {
                        searched: max_heaps,
                    };
                }
                check = check.saturating_mul(2).min(cap);
            }
        }
    }
}

/// The least `p <= max_shift` such that the window of `k` bits ending at `length` also stands
/// `p` bits earlier, or `None`.
///
/// Equal windows prove `p` a period from `t - p` on (`t = length - k`), and such a `p` is a
/// multiple of the least eventual period `q`, which then matches too (`t - q >= t - p` is past
/// the preperiod). So any answer is the least period, whatever `max_shift` is; a small
/// `max_shift` can only make the search miss, never err. With `max_shift >= t` it finds `q`
/// whenever preperiod + `q` + `k` <= `length`.
///
/// Outcome sequences come in long runs of equal bits, so the search is driven by bit
/// *changes*: it picks a 64-bit word of the window with the most changes and anchors on its
/// first change. A shift `p` moves every change of that word `p` places earlier, so it is
/// tried only where the earlier bits change at the anchor and at (up to) the next
/// [`TAIL_FILTER_CHANGES`] changes' distances too: 64 positions a step, from the change bitmap
/// `w ^ (w >> 1)` and shifted copies of it, nearest first. Each shift that passes is checked
/// on that word, then on the whole window. A window without any change falls back to trying
/// every shift.
pub fn least_tail_period(
    bits: &BitVec,
    length: usize,
    k: usize,
    max_shift: usize,
) -> Option<usize> {
    let t = length.checked_sub(k)?;
    let max_shift = t.min(max_shift);
    if max_shift == 0 {
        return None;
    }
    let head = k.min(64);
    let mask = if head == 64 {
        u64::MAX
    } else {
        (1u64 << head) - 1
    };
    let changes = |w: u64| (w ^ (w >> 1)) & (mask >> 1);
    let word_at = |at: usize| bits.get_word(at as i64) & mask;
    let words = bits.words();
    // The anchor word: the storage word inside the window with the most changes, or (for
    // windows of fewer than 127 bits) the best of a few offsets.
    let first_whole = t.div_ceil(64);
    let offset = if 64 * first_whole + 64 <= length {
        let last_whole = length / 64 - 1;
        let best = (first_whole..=last_whole)
            .max_by_key(|&w| changes(words[w]).count_ones())
            .unwrap_or(first_whole);
        64 * best - t
    } else {
        (0..=k - head)
            .step_by(8)
            .chain(std::iter::once(k - head))
            .max_by_key(|&o| changes(word_at(t + o)).count_ones())
            .unwrap_or(0)
    };
    let target = word_at(t + offset);
    let matches = |p: usize| word_at(t - p + offset) == target && bits.ranges_equal(t - p, t, k);
    let mut target_changes = changes(target);
    if target_changes == 0 {
        return (1..=max_shift).find(|&p| matches(p));
    }
    // Shift p moves the anchored change at `anchor` to `anchor - p`, which must be a change,
    // and so must `anchor - p + d` for the distance `d` of each further change of the word.
    let first = target_changes.trailing_zeros();
    let anchor = t + offset + first as usize;
    let mut distances = [0u32; TAIL_FILTER_CHANGES];
    let mut filters = 0;
    target_changes &= target_changes - 1;
    while target_changes != 0 && filters < TAIL_FILTER_CHANGES {
        distances[filters] = target_changes.trailing_zeros() - first;
        filters += 1;
        target_changes &= target_changes - 1;
    }
    let distances = &distances[..filters];
    let word = |i: usize| words.get(i).copied().unwrap_or(0);
    // Bit i of `change_word(b)`: position 64b + i differs from position 64b + i + 1.
    let change_word = |b: usize| word(b) ^ (word(b) >> 1 | word(b + 1) << 63);
    let (lo, hi) = (anchor - max_shift, anchor - 1);
    let mut b = hi / 64;
    let mut above = change_word(b + 1);
    loop {
        let here = change_word(b);
        let mut candidates = here;
        for &d in distances {
            // The change bitmap `d` positions later (0 < d < 64).
            candidates &= here >> d | above << (64 - d);
        }
        let block = 64 * b;
        if hi - block < 63 {
            candidates &= u64::MAX >> (63 - (hi - block));
        }
        if block < lo {
            candidates &= u64::MAX << (lo - block);
        }
        while candidates != 0 {
            let i = 63 - candidates.leading_zeros() as usize;
            let p = anchor - (block + i);
            if matches(p) {
                return Some(p);
            }
            candidates &= !(1u64 << i);
        }
        if block <= lo {
            return None;
        }
        above = here;
        b -= 1;
    }
}

/// How many further changes of the anchor word [`least_tail_period`] requires at each shift.
const TAIL_FILTER_CHANGES: usize = 6;

/// The least period given that `p` is a period from heap `from` on (the windows of `k` bits at
/// `from` and `from + p` agree). The periods from `from` on that divide `p` are the multiples
/// of the least period `q` that divide `p` (two periods of an infinite sequence have their gcd
/// as a period), so, for each prime `f` of `p` in turn, dividing by `f` while the quotient is
/// still a period (its window at `from` agrees) ends at exactly `q`.
fn least_period_dividing(bits: &BitVec, from: usize, p: usize, k: usize) -> usize {
    let is_period = |d: usize| bits.ranges_equal(from, from + d, k);
    let mut least = p;
    let mut rest = p;
    let mut f = 2;
    while f * f <= rest {
        if rest.is_multiple_of(f) {
            while rest.is_multiple_of(f) {
                rest /= f;
            }
            while least.is_multiple_of(f) && is_period(least / f) {
                least /= f;
            }
        }
        f += if f == 2 { 1 } else { 2 };
    }
    if rest > 1 && least.is_multiple_of(rest) && is_period(least / rest) {
        least /= rest;
    }
    least
}
