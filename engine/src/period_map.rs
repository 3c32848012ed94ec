//! Flammenkamp's period-length maps of subtraction games (survey Section 2, Figure 1).
//!
//! A map fixes a family of rulesets with two free parameters; pixel `(x, y)` is one ruleset and
//! its colour comes from the eventual period of its outcome (P/N) sequence:
//!
//! * [`Family::ThreeMove`]: `S = {x, y, s3}` with `x < y < s3` (pixel `(s1, s2)`, Figure 1);
//! * [`Family::FourMove`]: `S = {x, y, s3, x + s3}` with `x < y < s3` (Flammenkamp's Fig. 11);
//! * [`Family::MaxSym5`]: `S = {x, y, m - y, m - x, m}` with `x < y < m - y` (max-symmetric).
//!
//! **The fast cell solver** ([`solve_cell`]) computes the outcome bits 64 heaps a step (for
//! `min S >= 64`) and first checks the *expected* periods, the sums of two moves: if the window
//! of `max S` outcomes at heap `t` equals the one at `t + p`, then `p` is an eventual period
//! (the window argument of [`crate::subtraction`]). The least period divides `p`, so it is the
//! least divisor `d` of `p` whose windows at `t` and `t + d` agree; the least preperiod is read
//! off by scanning back. When no expected period fits, the nearest earlier copy of the last
//! window (a repeated window *state*, found 64 bits a compare) gives the least period. Every
//! answer is exact; a ruleset that exhausts its work budget is [`CellClass::Unresolved`], never
//! guessed. The slow reference is [`reference_cell`].

use crate::bits::BitVec;
use crate::period::Periodicity;
use crate::ruleset::{NumberSet, MAX_MOVE, MAX_SET_SIZE};
use crate::subtraction::{self, OutcomeWords};
use crate::{Budget, EngineError};

/// The largest number of pixels one map request may have.
pub const MAX_PIXELS: u64 = 4_000_000;

/// The largest fixed move (`s3` or `m`) a map accepts.
pub const MAX_FIXED: u32 = 100_000;

/// The default number of heaps a cell may compute before it is "unresolved".
pub const DEFAULT_CELL_BUDGET: u64 = 1 << 22;

/// A family of rulesets with two free parameters `x < y`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Family {
    /// `{x, y, s3}`: Flammenkamp's 3-move map (survey Figure 1).
    ThreeMove {
        /// The fixed largest move.
        s3: u32,
    },
    /// `{x, y, s3, x + s3}`: 4-move rulesets with `s1 + s3 = s4` (Flammenkamp's Fig. 11).
    FourMove {
        /// The fixed third move.
        s3: u32,
    },
    /// `{x, y, m - y, m - x, m}`: 5-move max-symmetric rulesets (Flammenkamp's Fig. 6).
    MaxSym5 {
        /// The fixed largest move.
        m: u32,
    },
}

impl Family {
    /// The least sensible fixed move: 3 for `s3` (room for `s1 < s2 < s3`), 5 for `m`.
    pub fn least_fixed(self) -> u32 {
        match self {
            Family::ThreeMove { .. } | Family::FourMove { .. } => 3,
            Family::MaxSym5 { .. } => 5,
        }
    }

    /// Checks the fixed move against [`MAX_FIXED`] and the family's least sensible value.
    pub fn validate(self) -> Result<Self, EngineError> {
        let (name, value, least) = match self {
            Family::ThreeMove { s3 } | Family::FourMove { s3 } => ("s3", s3, self.least_fixed()),
            Family::MaxSym5 { m } => ("m", m, self.least_fixed()),
        };
        if value < least || value > MAX_FIXED {
            return Err(EngineError::OutOfRange(format!(
                "{name} must be between {least} and {MAX_FIXED}, not {value}"
            )));
        }
        Ok(self)
    }

    /// The moves of pixel `(x, y)`, in increasing order, or `None` when `(x, y)` is not a
    /// ruleset of the family (for example `x >= y`).
    pub fn moves(self, x: u32, y: u32) -> Option<Vec<u32>> {
        self.move_array(x, y).map(|(moves, n)| moves[..n].to_vec())
    }

    /// How many pixels of `window` are rulesets of the family (the rest are drawn as "not a
    /// ruleset"): the unit a map's progress counts in. One pass over the rows: row `y` holds
    /// the `x` with `1 <= x < y` when `y` is below the family's bound.
    pub fn rulesets_in(self, window: Window) -> u64 {
        (window.y0..window.y1)
            .filter(|&y| match self {
                Family::ThreeMove { s3 } | Family::FourMove { s3 } => y < s3,
                Family::MaxSym5 { m } => y < m.saturating_sub(y),
            })
            .map(|y| u64::from(window.x1.min(y).saturating_sub(window.x0.max(1))))
            .sum()
    }

    /// [`Family::moves`] without allocating: the moves are `array[..n]`.
    fn move_array(self, x: u32, y: u32) -> Option<([u32; 5], usize)> {
        if x == 0 || x >= y {
            return None;
        }
        match self {
            Family::ThreeMove { s3 } => (y < s3).then_some(([x, y, s3, 0, 0], 3)),
            Family::FourMove { s3 } => (y < s3).then_some(([x, y, s3, x + s3, 0], 4)),
            Family::MaxSym5 { m } => {
                (y < m.saturating_sub(y)).then(|| ([x, y, m - y, m - x, m], 5))
            }
        }
    }

    /// The family named `name` (`3move`, `4move` or `maxsym5`) with fixed move `fixed`, checked.
    pub fn from_name(name: &str, fixed: u32) -> Result<Self, EngineError> {
        let family = match name {
            "3move" => Family::ThreeMove { s3: fixed },
            "4move" => Family::FourMove { s3: fixed },
            "maxsym5" => Family::MaxSym5 { m: fixed },
            other => {
                return Err(EngineError::Parse(format!(
                    "unknown family '{other}': use 3move, 4move or maxsym5"
                )))
            }
        };
        family.validate()
    }

    /// The fixed move: `s3` or `m`.
    pub fn fixed(self) -> u32 {
        match self {
            Family::ThreeMove { s3 } | Family::FourMove { s3 } => s3,
            Family::MaxSym5 { m } => m,
        }
    }

    /// The short name used in URLs and the CLI: `3move`, `4move` or `maxsym5`.
    pub fn name(self) -> &'static str {
        match self {
            Family::ThreeMove { .. } => "3move",
            Family::FourMove { .. } => "4move",
            Family::MaxSym5 { .. } => "maxsym5",
        }
    }
}

/// How a pixel is coloured in the 3-move map (survey Figure 1), checked in this order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum CellClass {
    /// Black: the diagonal `s1 + s2 = s3`.
    Diagonal,
    /// Light gray: period `s2 + s3`.
    S2S3,
    /// Gray: period `s1 + s3`.
    S1S3,
    /// Dark gray: period `s1 + s2`.
    S1S2,
    /// White: any other period.
    Other,
    /// The period was not found within the work budget.
    Unresolved,
    /// The pixel is not a ruleset of the family (e.g. `s1 >= s2`).
    Invalid,
}

impl CellClass {
    /// Every class, in legend order.
    pub const ALL: [CellClass; 7] = [
        CellClass::Diagonal,
        CellClass::S2S3,
        CellClass::S1S3,
        CellClass::S1S2,
        CellClass::Other,
        CellClass::Unresolved,
        CellClass::Invalid,
    ];

    /// The name used in JSON and the legend: `diagonal`, `s2+s3`, `s1+s3`, `s1+s2`, `other`,
    /// `unresolved` or `invalid`.
    pub fn name(self) -> &'static str {
        match self {
            CellClass::Diagonal => "diagonal",
            CellClass::S2S3 => "s2+s3",
            CellClass::S1S3 => "s1+s3",
            CellClass::S1S2 => "s1+s2",
            CellClass::Other => "other",
            CellClass::Unresolved => "unresolved",
            CellClass::Invalid => "invalid",
        }
    }
}

/// One pixel of a map: its ruleset parameters, proven period and preperiod, and class.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Cell {
    /// The first free parameter (`s1`).
    pub x: u32,
    /// The second free parameter (`s2`).
    pub y: u32,
    /// The outcome period, when proven.
    pub period: Option<u64>,
    /// The outcome preperiod, when proven.
    pub preperiod: Option<u64>,
    /// The colour class (for the 3-move family; other families use Other/Unresolved/Invalid).
    pub class: CellClass,
}

/// The class of a solved 3-move cell `{s1, s2, s3}` with outcome period `period`.
pub fn classify_three_move(s1: u32, s2: u32, s3: u32, period: Option<u64>) -> CellClass {
    let (a, b, c) = (u64::from(s1), u64::from(s2), u64::from(s3));
    match period {
        _ if a + b == c => CellClass::Diagonal,
        None => CellClass::Unresolved,
        Some(p) if p == b + c => CellClass::S2S3,
        Some(p) if p == a + c => CellClass::S1S3,
        Some(p) if p == a + b => CellClass::S1S2,
        Some(_) => CellClass::Other,
    }
}

fn class_of(family: Family, x: u32, y: u32, period: Option<u64>) -> CellClass {
    match family {
        Family::ThreeMove { s3 } => classify_three_move(x, y, s3, period),
        _ if period.is_none() => CellClass::Unresolved,
        _ => CellClass::Other,
    }
}

/// Solves one pixel with the fast solver, computing at most `max_heaps` heaps. To solve many
/// pixels, reuse one [`CellSolver`] (as [`compute`] does): it keeps its buffers.
pub fn solve_cell(family: Family, x: u32, y: u32, max_heaps: u64) -> Cell {
    CellSolver::new().solve(family, x, y, max_heaps)
}

/// Solves one pixel with the slow reference: plain `bool` outcomes and a heap-by-heap search
/// for the least period at the tail, doubling the length from 4,096 heaps up to `max_heaps`.
pub fn reference_cell(family: Family, x: u32, y: u32, max_heaps: u64) -> Cell {
    let period = family.moves(x, y).map(|moves| {
        let k = *moves.last().unwrap_or(&1) as usize;
        let mut length = 4096usize;
        loop {
            let p = subtraction::reference::p_positions(&moves, length);
            let found = subtraction::reference::least_period_at_tail(&p, k);
            if found.period().is_some() || length as u64 >= max_heaps {
                break found;
            }
            length = (length * 2).min(max_heaps as usize);
        }
    });
    cell_from(family, x, y, period)
}

/// The cell of ruleset `(x, y)` whose outcome periodicity another solver found: the page
/// resolves an unresolved pixel with [`crate::outcome_cycle::OutcomeCycle`] and stores this.
pub fn cell_with(family: Family, x: u32, y: u32, period: Periodicity) -> Cell {
    cell_from(family, x, y, family.moves(x, y).map(|_| period))
}

fn cell_from(family: Family, x: u32, y: u32, period: Option<Periodicity>) -> Cell {
    match period {
        None => Cell {
            x,
            y,
            period: None,
            preperiod: None,
            class: CellClass::Invalid,
        },
        Some(p) => Cell {
            x,
            y,
            period: p.period(),
            preperiod: p.preperiod(),
            class: class_of(family, x, y, p.period()),
        },
    }
}

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
/// Checks come every `max(CHECK_WORDS, words / CHECK_FRACTION)` words. From `FIRST_CHECK` times
/// `2 max S + largest candidate` heaps on, each time the length grew by half, a narrow search
/// ([`least_tail_period`] over shifts up to `NARROW_SHIFT`: the common periods that are no sum
/// of two moves, such as 2, are short), and from `WIDE_DELAY` times later, doubling, the wide
/// one, which finds the least period once the sequence is longer than preperiod + period +
/// `max S`. Each answer is a proof; the reference ([`reference_cell`]) makes the same tail test
/// heap by heap.
#[derive(Debug, Clone, Default)]
pub struct CellSolver {
    bits: BitVec,
    kernel: OutcomeWords,
    candidates: Vec<Candidate>,
}

impl CellSolver {
    /// A solver with empty buffers.
    pub fn new() -> Self {
        CellSolver::default()
    }

    /// The P-position bits the last proven [`CellSolver::outcome_period`] computed: they
    /// cover its preperiod and one period (stale after a search that proved nothing).
    pub fn p_bits(&self) -> &BitVec {
        &self.bits
    }

    /// Solves pixel `(x, y)` of `family`, computing at most `max_heaps` heaps.
    pub fn solve(&mut self, family: Family, x: u32, y: u32, max_heaps: u64) -> Cell {
        let period = family
            .move_array(x, y)
            .map(|(moves, n)| self.outcome_period(&moves[..n], max_heaps));
        cell_from(family, x, y, period)
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
        let mut narrow_at = FIRST_CHECK * (2 * k + largest);
        let mut check = (WIDE_DELAY * narrow_at).min(cap);
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
                    return Periodicity::Proven {
                        preperiod: from as u64,
                        period: least_period_dividing(&self.bits, from, c.period, k) as u64,
                        saltus: 0,
                    };
                }
            }
            // Short periods that are no sum of two moves (period 2 is the common one) show
            // in a narrow search, run each time the length grew by 1 / NARROW_GROWTH.
            if end >= narrow_at {
                if let Some(p) = least_tail_period(&self.bits, end, k, NARROW_SHIFT) {
                    return subtraction::proven_outcome_period(&self.bits, end - k - p, p);
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
/// Outcome sequences come in long runs of equal bits and stretches of a short local period,
/// so the search is driven by bit *changes*: it picks a 64-bit word of the window with the
/// most *mixed* changes (runs and alternation both) and anchors on its first change. A shift `p` moves the whole change bitmap
/// `w ^ (w >> 1)` of the window `p` places earlier, so it is tried only where the earlier bits
/// change at the anchor, have the anchor's bit (a stretch and its complement have the same
/// changes), and agree with the window's change bitmap at the few places a `TailScreen`
/// picks: 64 positions a step, stopping as soon as no position is left. Each shift that
/// passes is checked on the anchor word, then on the whole window. A window without any change
/// falls back to trying every shift.
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

/// A rectangular window of pixels, half-open: `x` in `x0..x1`, `y` in `y0..y1`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Window {
    /// First `x` (inclusive).
    pub x0: u32,
    /// Last `x` (exclusive).
    pub x1: u32,
    /// First `y` (inclusive).
    pub y0: u32,
    /// Last `y` (exclusive).
    pub y1: u32,
}

impl Window {
    /// Checks that the window is non-empty and at most [`MAX_PIXELS`] pixels.
    pub fn validate(self) -> Result<Self, EngineError> {
        if self.x0 >= self.x1 || self.y0 >= self.y1 {
            return Err(EngineError::OutOfRange(format!(
                "the window {}..{} × {}..{} is empty: each range needs start < end",
                self.x0, self.x1, self.y0, self.y1
            )));
        }
        if self.pixels() > MAX_PIXELS {
            return Err(EngineError::OutOfRange(format!(
                "the window has {} pixels; HeapLab maps at most {MAX_PIXELS}",
                self.pixels()
            )));
        }
        Ok(self)
    }

    /// The number of pixels.
    pub fn pixels(self) -> u64 {
        u64::from(self.x1.saturating_sub(self.x0)) * u64::from(self.y1.saturating_sub(self.y0))
    }
}

/// Solves every pixel of `window`, row by row (`y` outer, `x` inner), ticking `budget` after
/// each row. The web workers call this per tile; the CLI per band of rows on each core.
pub fn compute(
    family: Family,
    window: Window,
    max_heaps: u64,
    budget: &mut Budget<'_>,
) -> Result<Vec<Cell>, EngineError> {
    compute_sampled(family, window, 1, max_heaps, budget)
}

/// Solves the pixels `(x0 + stride·i, y0 + stride·j)` of `window` in [`compute`]'s order
/// (every pixel for stride 1): the web page's coarse first picture of a large map.
pub fn compute_sampled(
    family: Family,
    window: Window,
    stride: u32,
    max_heaps: u64,
    budget: &mut Budget<'_>,
) -> Result<Vec<Cell>, EngineError> {
    let family = family.validate()?;
    let window = window.validate()?;
    if stride == 0 {
        return Err(EngineError::OutOfRange(
            "the sampling stride must be at least 1".into(),
        ));
    }
    let (xs, ys) = (
        (window.x0..window.x1).step_by(stride as usize),
        (window.y0..window.y1).step_by(stride as usize),
    );
    let total = (xs.len() * ys.len()) as u64;
    let mut cells = Vec::with_capacity(total as usize);
    let mut solver = CellSolver::new();
    for y in ys {
        for x in xs.clone() {
            cells.push(solver.solve(family, x, y, max_heaps));
        }
        budget.tick(cells.len() as u64, total)?;
    }
    Ok(cells)
}

/// How many pixels of each class a map has, in [`CellClass::ALL`] order.
pub fn class_counts(cells: &[Cell]) -> Vec<(CellClass, u64)> {
    CellClass::ALL
        .iter()
        .map(|&class| {
            (
                class,
                cells.iter().filter(|c| c.class == class).count() as u64,
            )
        })
        .collect()
}
