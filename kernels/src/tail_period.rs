//! Exact period searches on outcome words: the least period whose window stands at the tail
//! of a bit sequence ([`least_tail_period`]), the least period dividing a known one
//! (used by [`crate::cell`]) and the least preperiod of a known period
//! ([`least_preperiod`]).
//!
//! They rest on the window argument: for a subtraction game the outcome at heap `x >= max S`
//! is a function of the `k = max S` outcomes before it, so if the windows of `k` bits at `t`
//! and `t + p` agree, `p` is a period from `t` on.

use crate::bits::BitVec;

/// The least `p <= max_shift` such that the window of `k` bits ending at `length` also stands
/// `p` bits earlier, or `None`.
///
/// Equal windows prove `p` a period from `t - p` on (`t = length - k`), and such a `p` is a
/// multiple of the least eventual period `q`, which then matches too (`t - q >= t - p` is past
/// the preperiod). So any answer is the least period, whatever `max_shift` is; a small
/// `max_shift` can only make the search miss, never err. With `max_shift >= t` it finds `q`
/// whenever preperiod + `q` + `k` <= `length`.
///
/// Outcome sequences come in long runs of equal bits and stretches of a short local period,
/// so the search is driven by bit *changes*: it picks a 64-bit word of the window with the
/// most *mixed* changes (runs and alternation both) and anchors on its first change. A shift `p` moves the whole change bitmap
/// `w ^ (w >> 1)` of the window `p` places earlier, so it is tried only where the earlier bits
/// change at the anchor, have the anchor's bit (a stretch and its complement have the same
/// changes), and agree with the window's change bitmap at the few places a `TailScreen`
/// picks: 64 positions a step, stopping as soon as no position is left. Each shift that
/// passes is checked on the anchor word, then on the whole window. A window without any change
/// falls back to trying every shift.
#[inline(never)]
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
    // Words of pure runs (few changes) or pure alternation (changes nearly everywhere) are
    // common in outcome sequences; a word with both is a rarer anchor. A word without any
    // change scores lowest (it cannot anchor).
    let mixed = |w: u64| match changes(w).count_ones() {
        0 => 0,
        c => 1 + c.min(63 - c),
    };
    let word_at = |at: usize| bits.get_word(at as i64) & mask;
    let words = bits.words();
    // The anchor word: the storage word inside the window with the most mixed changes, or (for
    // windows of fewer than 127 bits) the best of a few offsets.
    let first_whole = t.div_ceil(64);
    let offset = if 64 * first_whole + 64 <= length {
        let last_whole = length / 64 - 1;
        let best = (first_whole..=last_whole)
            .max_by_key(|&w| mixed(words[w]))
            .unwrap_or(first_whole);
        64 * best - t
    } else {
        (0..=k - head)
            .step_by(8)
            .chain(std::iter::once(k - head))
            .max_by_key(|&o| mixed(word_at(t + o)))
            .unwrap_or(0)
    };
    let target = word_at(t + offset);
    let matches = |p: usize| word_at(t - p + offset) == target && bits.ranges_equal(t - p, t, k);
    let target_changes = changes(target);
    if target_changes == 0 {
        return (1..=max_shift).find(|&p| matches(p));
    }
    // Shift p moves the anchored change at `anchor` to `anchor - p`, which must be a change,
    // and every other position of the window's change bitmap `d` places later moves with it:
    // the screen compares a few of them (see `TailScreen`).
    let anchor = t + offset + target_changes.trailing_zeros() as usize;
    // Bit i of `change_at(x)`: position x + i differs from position x + i + 1.
    let change_at = |x: usize| bits.get_word(x as i64) ^ bits.get_word(x as i64 + 1);
    let screen = TailScreen::new(anchor, length, change_at);
    let word = |i: usize| words.get(i).copied().unwrap_or(0);
    // Bit i of `change_word(b)`: position 64b + i differs from position 64b + i + 1.
    let change_word = |b: usize| word(b) ^ (word(b) >> 1 | word(b + 1) << 63);
    // All ones when the anchor bit is 0, so that `word ^ complement` marks equal bits.
    let complement = if bits.get(anchor as i64) { 0 } else { u64::MAX };
    let (lo, hi) = (anchor - max_shift, anchor - 1);
    let mut b = hi / 64;
    let mut above = change_word(b + 1);
    loop {
        let here = change_word(b);
        // A change and its complement have the same change bitmap: the bit itself decides.
        let mut candidates = here & (word(b) ^ complement);
        let block = 64 * b;
        if hi - block < 63 {
            candidates &= u64::MAX >> (63 - (hi - block));
        }
        if block < lo {
            candidates &= u64::MAX << (lo - block);
        }
        for &(d, change) in screen.samples() {
            if candidates == 0 {
                break;
            }
            // The change bitmap `d` positions later: from the two words at hand when d < 64.
            let there = if d < 64 {
                here >> d | above << (64 - d)
            } else {
                change_at(block + d)
            };
            candidates &= if change { there } else { !there };
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

/// How many further changes of the window [`least_tail_period`] requires at each shift.
const TAIL_FILTER_CHANGES: usize = 4;
/// The local periods (of the change bitmap) the screen breaks: 1 (alternating bits have a
/// change at every position) up to this.
const TAIL_BREAK_PERIODS: usize = 8;
/// How far past the anchor the screen looks for a place that breaks a local period.
const TAIL_BREAK_REACH: usize = 256;

/// The first `j < TAIL_BREAK_REACH` with `change(anchor + j) != change(anchor + j + r)` and
/// `anchor + j + r <= last`, and those two change bits.
fn first_break(
    anchor: usize,
    last: usize,
    r: usize,
    change_at: impl Fn(usize) -> u64,
) -> Option<(usize, bool, bool)> {
    let mut j = 0;
    while j < TAIL_BREAK_REACH && anchor + j + r <= last {
        let take = (last + 1 - anchor - j - r).min(64);
        let (here, later) = (change_at(anchor + j), change_at(anchor + j + r));
        let differ = (here ^ later) & (u64::MAX >> (64 - take));
        if differ != 0 {
            let i = differ.trailing_zeros() as usize;
            return Some((j + i, here >> i & 1 == 1, later >> i & 1 == 1));
        }
        j += take;
    }
    None
}

/// The positions of the window's change bitmap that [`least_tail_period`] compares at every
/// shift before reading the shifted window: `(d, change)` says that the window changes (or
/// not) `d > 0` places after its anchor, so a copy of it must too.
///
/// Why these: outcome sequences are mostly long runs (few changes: the next changes after the
/// anchor rule out nearly every shift) or stretches of a short local period such as
/// alternating bits (changes nearly everywhere, so changes rule out nothing). For each local
/// period `r <= TAIL_BREAK_PERIODS` the screen also takes the first place after the anchor
/// where the window's change bitmap is *not* `r`-periodic, both ends of it: a stretch of the
/// earlier sequence with local period `r` fails one of the two, whatever its phase.
struct TailScreen {
    samples: [(usize, bool); TAIL_FILTER_CHANGES + 2 * TAIL_BREAK_PERIODS],
    len: usize,
}

impl TailScreen {
    /// The screen of the window ending at `end` anchored at the change at `anchor`, given
    /// `change_at(x)`, whose bit i says whether positions x + i and x + i + 1 differ.
    fn new(anchor: usize, end: usize, change_at: impl Fn(usize) -> u64) -> Self {
        let mut screen = TailScreen {
            samples: [(0, false); TAIL_FILTER_CHANGES + 2 * TAIL_BREAK_PERIODS],
            len: 0,
        };
        // Changes are only known up to position `end - 2` (it is compared with `end - 1`).
        let last = end - 2;
        let mut changes = [0usize; TAIL_FILTER_CHANGES];
        let mut found_changes = 0;
        let mut at = anchor + 1;
        while found_changes < TAIL_FILTER_CHANGES && at <= last {
            let take = (last + 1 - at).min(64);
            let mut found = change_at(at) & (u64::MAX >> (64 - take));
            while found != 0 && found_changes < TAIL_FILTER_CHANGES {
                changes[found_changes] = at + found.trailing_zeros() as usize - anchor;
                found_changes += 1;
                found &= found - 1;
            }
            at += take;
        }
        // Interleaved, so that each kind of stretch meets a position that rules it out early:
        // a change, the first local-period break (of period 1: a non-change), a change, ...
        let mut changes = changes[..found_changes].iter();
        for r in 1..=TAIL_BREAK_PERIODS {
            if let Some(&d) = changes.next() {
                screen.push(d, true);
            }
            if let Some((j, here, later)) = first_break(anchor, last, r, &change_at) {
                screen.push(j, here);
                screen.push(j + r, later);
            }
        }
        screen
    }

    /// Adds `(d, change)` unless `d` is the anchor or already screened.
    #[inline]
    fn push(&mut self, d: usize, change: bool) {
        if d > 0 && !self.samples().iter().any(|&(e, _)| e == d) {
            self.samples[self.len] = (d, change);
            self.len += 1;
        }
    }

    /// The positions to compare, the next changes first.
    fn samples(&self) -> &[(usize, bool)] {
        &self.samples[..self.len]
    }
}

/// The least period given that `p` is a period from heap `from` on (the windows of `k` bits at
/// `from` and `from + p` agree). The periods from `from` on that divide `p` are the multiples
/// of the least period `q` that divide `p` (two periods of an infinite sequence have their gcd
/// as a period), so, for each prime `f` of `p` in turn, dividing by `f` while the quotient is
/// still a period (its window at `from` agrees) ends at exactly `q`.
pub(crate) fn least_period_dividing(bits: &BitVec, from: usize, p: usize, k: usize) -> usize {
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

/// The least preperiod of a sequence known to repeat with period `period` from heap `from` on:
/// one past the last heap before `from` that breaks the period (0 if none). `period` must be
/// the least period, so that a preperiod of it is one of every period.
pub fn least_preperiod(bits: &BitVec, from: usize, period: usize) -> usize {
    bits.last_difference(from, period).map_or(0, |y| y + 1)
}
