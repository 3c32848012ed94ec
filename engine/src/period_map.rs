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
use crate::ruleset::NumberSet;
use crate::subtraction::{self, OutcomeSequence};
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
    /// Checks the fixed move against [`MAX_FIXED`] and the family's least sensible value.
    pub fn validate(self) -> Result<Self, EngineError> {
        let (name, value, least) = match self {
            Family::ThreeMove { s3 } => ("s3", s3, 3),
            Family::FourMove { s3 } => ("s3", s3, 3),
            Family::MaxSym5 { m } => ("m", m, 5),
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
        if x == 0 || x >= y {
            return None;
        }
        match self {
            Family::ThreeMove { s3 } => (y < s3).then(|| vec![x, y, s3]),
            Family::FourMove { s3 } => (y < s3).then(|| vec![x, y, s3, x + s3]),
            Family::MaxSym5 { m } => (y < m - y).then(|| vec![x, y, m - y, m - x, m]),
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

/// Solves one pixel with the fast solver, computing at most `max_heaps` heaps.
pub fn solve_cell(family: Family, x: u32, y: u32, max_heaps: u64) -> Cell {
    let period = family
        .moves(x, y)
        .map(|moves| fast_outcome_period(&moves, max_heaps));
    cell_from(family, x, y, period)
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
/// TAIL_SHIFT_FRACTION`: cheap next to computing the heaps, and a period `p` still shows once
/// the length passes `TAIL_SHIFT_FRACTION * p`.
const TAIL_SHIFT_FRACTION: usize = 16;

/// The exact outcome period of `moves` (sorted, distinct, positive), or `NotFound` when no
/// period shows within `max_heaps` heaps.
///
/// The outcomes are computed at doubling lengths. At each length the expected periods (sums
/// of two moves, twice each move) are tried first; then [`least_tail_period`] looks for the
/// nearest earlier copy of the last window, which is the least period once the sequence is
/// longer than preperiod + period + `max S`. Both are the window argument, so each answer is
/// a proof; the reference ([`reference_cell`]) makes the same tail test heap by heap.
pub fn fast_outcome_period(moves: &[u32], max_heaps: u64) -> Periodicity {
    let Ok(set) = NumberSet::from_elements(moves.to_vec()) else {
        return Periodicity::NotFound { searched: 0 };
    };
    let k = set.max() as usize;
    let mut candidates: Vec<usize> = Vec::with_capacity(moves.len() * (moves.len() + 1) / 2);
    for (i, &a) in moves.iter().enumerate() {
        for &b in &moves[i + 1..] {
            candidates.push((a + b) as usize);
        }
        candidates.push(2 * a as usize);
    }
    candidates.sort_unstable();
    candidates.dedup();
    let largest = candidates.last().copied().unwrap_or(1);
    let mut seq = OutcomeSequence::new(&set);
    let cap = max_heaps as usize;
    let mut length = (2 * k + largest).min(cap);
    while length > k {
        seq.reserve(length + 64);
        seq.extend_to(length);
        let bits = seq.p_bits();
        for &p in candidates.iter().filter(|&&p| k + p <= length) {
            let t = length - k - p;
            if bits.ranges_equal(t, t + p, k) {
                let least = least_divisor_period(bits, t, p, k);
                return subtraction::proven_outcome_period(bits, t, least);
            }
        }
        // The general search costs a read per shift, so before the budget is reached it only
        // tries shifts up to a fraction of the length (still exact: see `least_tail_period`).
        let max_shift = if length == cap {
            length
        } else {
            length / TAIL_SHIFT_FRACTION
        };
        if let Some(p) = least_tail_period(bits, length, k, max_shift) {
            return subtraction::proven_outcome_period(bits, length - k - p, p);
        }
        if length == cap {
            break;
        }
        length = (length * 2).min(cap);
    }
    Periodicity::NotFound {
        searched: max_heaps,
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
/// *changes*: it picks a 64-bit word of the window with the most changes, anchors on its first
/// change, and visits only the earlier positions where the bits change too (found 64 positions
/// a step from the change bitmap `w ^ (w >> 1)`), nearest first. Each visit compares that word,
/// then the whole window. A window without any change falls back to trying every shift.
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
    let offset = (0..=k - head)
        .step_by(8)
        .chain(std::iter::once(k - head))
        .max_by_key(|&o| changes(word_at(t + o)).count_ones())
        .unwrap_or(0);
    let target = word_at(t + offset);
    let matches = |p: usize| word_at(t - p + offset) == target && bits.ranges_equal(t - p, t, k);
    let first_change = changes(target);
    if first_change == 0 {
        return (1..=max_shift).find(|&p| matches(p));
    }
    // Shift p moves the anchored change at `anchor` to `anchor - p`, which must be a change.
    let anchor = t + offset + first_change.trailing_zeros() as usize;
    let (lo, hi) = (anchor - max_shift, anchor - 1);
    let mut block = hi - hi % 64;
    loop {
        let mut changed = bits.get_word(block as i64) ^ bits.get_word(block as i64 + 1);
        if hi - block < 63 {
            changed &= u64::MAX >> (63 - (hi - block));
        }
        if block < lo {
            changed &= u64::MAX << (lo - block);
        }
        while changed != 0 {
            let i = 63 - changed.leading_zeros() as usize;
            let p = anchor - (block + i);
            if matches(p) {
                return Some(p);
            }
            changed &= !(1u64 << i);
        }
        if block <= lo {
            return None;
        }
        block -= 64;
    }
}

/// The least period given that `p` is a period from heap `t` on: the least divisor `d` of `p`
/// whose window at `t + d` equals the one at `t`.
fn least_divisor_period(bits: &BitVec, t: usize, p: usize, k: usize) -> usize {
    let root = (1..).take_while(|d| d * d <= p).last().unwrap_or(1);
    let matches = |d: usize| bits.ranges_equal(t, t + d, k);
    // Divisors up to sqrt(p) ascending, then their cofactors ascending; no allocation.
    (1..=root)
        .filter(|d| p.is_multiple_of(*d))
        .find(|&d| matches(d))
        .or_else(|| {
            (1..=root)
                .rev()
                .filter(|d| p.is_multiple_of(*d) && d * d != p)
                .map(|d| p / d)
                .find(|&d| matches(d))
        })
        .unwrap_or(p)
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
    let family = family.validate()?;
    let window = window.validate()?;
    let mut cells = Vec::with_capacity(window.pixels() as usize);
    for y in window.y0..window.y1 {
        for x in window.x0..window.x1 {
            cells.push(solve_cell(family, x, y, max_heaps));
        }
        budget.tick(cells.len() as u64, window.pixels())?;
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
