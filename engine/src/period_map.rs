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
use crate::subtraction;
use crate::{Budget, EngineError};
use heaplab_kernels::cell::CellSearch;
/// The least period at the tail of a bit sequence, from the hot kernels' crate.
pub use heaplab_kernels::tail_period::least_tail_period;

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

/// The fast cell solver, with buffers kept from cell to cell (one per thread or worker): it
/// checks the moves and runs [`CellSearch`] (in `heaplab-kernels`, compiled for speed on the
/// web), whose documentation says how periods are proven. The reference ([`reference_cell`])
/// makes the same tail test heap by heap.
#[derive(Debug, Clone, Default)]
pub struct CellSolver {
    search: CellSearch,
}

impl CellSolver {
    /// A solver with empty buffers.
    pub fn new() -> Self {
        CellSolver::default()
    }

    /// The P-position bits the last proven [`CellSolver::outcome_period`] computed: they
    /// cover its preperiod and one period (stale after a search that proved nothing).
    pub fn p_bits(&self) -> &BitVec {
        self.search.p_bits()
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
        match self.search.outcome_period(moves, max_heaps) {
            Some(found) => Periodicity::Proven {
                preperiod: found.preperiod,
                period: found.period,
                saltus: 0,
            },
            None => Periodicity::NotFound {
                searched: max_heaps,
            },
        }
    }
}

/// A rectangular window of pixels, half-open: `x` in `x0..x1`, `y` in `y0..y1` (the default
/// is empty).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
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
