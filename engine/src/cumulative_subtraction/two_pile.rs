//! Two-pile cumulative subtraction (Section 8 of the paper): the outcome grid of a window,
//! the periods it proves along rows, columns and k-diagonals, and Conjecture 18 on it. A
//! module of its own because the one-pile solver above it never needs the grid.

use super::gcd;
use crate::period::Periodicity;
use crate::ruleset::NumberSet;
use crate::EngineError;
use std::collections::HashMap;

/// The largest side of a two-pile window.
pub const MAX_PILE_SIDE: u32 = 4_000;

/// Two-pile CS (Section 8): the outcome grid and the proven periods along rows and columns.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct TwoPileReport {
    /// The action set.
    pub moves: Vec<u32>,
    /// Window width (`x1` in `0..width`).
    pub width: u32,
    /// Window height (`x2` in `0..height`).
    pub height: u32,
    /// `grid[y][x] = o(x, y)`, rows `y = 0..height` of columns `x = 0..width`.
    pub grid: Vec<Vec<u32>>,
    /// The proven eventual period of `o(·, y)` along each row, where the window proves it.
    pub rows: Vec<Periodicity>,
    /// The proven eventual period of `o(x, ·)` along each column, where the window proves it.
    pub columns: Vec<Periodicity>,
    /// The k-diagonals `(x, x + k)` for `|k| <=` [`diagonal_reach`], `k` increasing, with their
    /// proven eventual period (see [`TwoPileReport::diagonal_period`]); the preperiod counts
    /// in `x`, the first coordinate.
    pub diagonals: Vec<(i64, Periodicity)>,
}

/// How far from the main diagonal a two-pile report looks for k-diagonal periods: a quarter of
/// the shorter side (further out, the window rarely holds a proof).
pub fn diagonal_reach(width: u32, height: u32) -> i64 {
    i64::from(width.min(height) / 4)
}

impl TwoPileReport {
    /// Conjecture 18 on this window: every proven row or column period is at most `2 max S`.
    /// Returns the first line that breaks it, as `("row" | "column", index, period)`.
    pub fn conjecture_18_counterexample(&self) -> Option<(&'static str, usize, u64)> {
        let bound = 2 * u64::from(self.moves.last().copied().unwrap_or(0));
        let lines = self
            .rows
            .iter()
            .map(|p| ("row", p))
            .chain(self.columns.iter().map(|p| ("column", p)));
        let index = |kind: &str, i: usize| {
            if kind == "row" {
                i
            } else {
                i - self.rows.len()
            }
        };
        lines
            .enumerate()
            .find(|(_, (_, p))| p.period().is_some_and(|p| p > bound))
            .map(|(i, (kind, p))| (kind, index(kind, i), p.period().unwrap_or(0)))
    }

    /// `o(x, y)` anywhere in the quadrant: from the window, or past its right (top) edge from
    /// the proven period of row `y` (column `x`). `None` when neither applies.
    pub fn outcome(&self, x: u64, y: u64) -> Option<u32> {
        let (w, h) = (u64::from(self.width), u64::from(self.height));
        let fold = |at: u64, line: &Periodicity| match *line {
            Periodicity::Proven {
                preperiod, period, ..
            } if at >= preperiod => Some(preperiod + (at - preperiod) % period),
            _ => None,
        };
        if x < w && y < h {
            Some(self.grid[y as usize][x as usize])
        } else if y < h {
            let x = fold(x, &self.rows[y as usize])?;
            (x < w).then(|| self.grid[y as usize][x as usize])
        } else if x < w {
            let y = fold(y, &self.columns[x as usize])?;
            (y < h).then(|| self.grid[y as usize][x as usize])
        } else {
            None
        }
    }

    /// The last `j` with `o(line + p, j + p) != o(line, j)` along column `line` (`columns`
    /// true) or row `line` (`o(j + p, line + p)` against `o(j, line)`), over the *whole* infinite
    /// line: `Some(None)` when they never differ, `None` when they differ forever or a period
    /// is missing. Both lines are periodic from some point on (proven), so one common period
    /// past both preperiods decides it.
    fn last_shift_difference(&self, columns: bool, line: u64, p: u64) -> Option<Option<u64>> {
        let lines = if columns { &self.columns } else { &self.rows };
        let (here, there) = (lines.get(line as usize)?, lines.get((line + p) as usize)?);
        let (pre1, q1) = (here.preperiod()?, here.period()?);
        let (pre2, q2) = (there.preperiod()?, there.period()?);
        let common = q1 / gcd(q1, q2) * q2;
        let side = u64::from(if columns { self.height } else { self.width });
        if common > 4 * side {
            return None;
        }
        let value = |a: u64, b: u64| {
            if columns {
                self.outcome(a, b)
            } else {
                self.outcome(b, a)
            }
        };
        let start = pre1.max(pre2.saturating_sub(p));
        let differs = |j: u64| match (value(line + p, j + p), value(line, j)) {
            (Some(a), Some(b)) => Some(a != b),
            _ => None,
        };
        for j in start..start + common {
            if differs(j)? {
                return None;
            }
        }
        for j in (0..start).rev() {
            if differs(j)? {
                return Some(Some(j));
            }
        }
        Some(None)
    }

    /// The proven eventual period of the k-diagonal `d(x) = o(x, x + k)`, `x >= max(0, -k)`.
    ///
    /// Proof (a window argument on a quadrant): if `o(x + p, y + p) = o(x, y)` holds on the two
    /// strips `a <= x < a + max S, y >= b` and `x >= a, b <= y < b + max S` of the quadrant with
    /// corner `(a, b)`, it holds on the whole quadrant, by induction on `x + y`: every other
    /// point has all its options inside the quadrant, at both `(x, y)` and `(x + p, y + p)`.
    /// Each strip line is eventually periodic (proven row and column periods), so the strips are
    /// checked in finitely many steps. With `b = a + k` this proves `d(x + p) = d(x)` for
    /// `x >= a`; shifts `p = 1 ..= 2 max S` are tried in order. The least period is then the
    /// least divisor of `p` that repeats a block of `p`, and the preperiod is found by scanning
    /// back. `NotFound` when no corner in the window gives a proof.
    pub fn diagonal_period(&self, k: i64) -> Periodicity {
        self.diagonal_period_with(k, &mut HashMap::new())
    }

    /// [`Self::diagonal_period`], reusing strip checks across diagonals through `memo`.
    fn diagonal_period_with(&self, k: i64, memo: &mut ShiftMemo) -> Periodicity {
        let m = u64::from(self.moves.last().copied().unwrap_or(1));
        let (w, h) = (u64::from(self.width), u64::from(self.height));
        let not_found = Periodicity::NotFound { searched: w.min(h) };
        let first = k.min(0).unsigned_abs();
        let corner_y = |a: u64| a.checked_add_signed(k);
        let diag = |x: u64| corner_y(x).and_then(|y| self.outcome(x, y));
        for p in 1..=2 * m {
            let mut a = first;
            while let Some(b) = corner_y(a) {
                if a + m + p > w || b + m + p > h {
                    break;
                }
                let strips_hold = (0..m).all(|i| {
                    let column = *memo
                        .entry((true, a + i, p))
                        .or_insert_with(|| self.last_shift_difference(true, a + i, p));
                    let row = *memo
                        .entry((false, b + i, p))
                        .or_insert_with(|| self.last_shift_difference(false, b + i, p));
                    matches!(column, Some(last) if last.is_none_or(|j| j < b))
                        && matches!(row, Some(last) if last.is_none_or(|j| j < a))
                });
                if strips_hold {
                    // d(x + p) = d(x) for x >= a: d is known everywhere through its first block.
                    let d = |x: u64| {
                        if x < a + p {
                            diag(x)
                        } else {
                            diag(a + (x - a) % p)
                        }
                    };
                    let Some(period) = (1..=p)
                        .filter(|q| p.is_multiple_of(*q))
                        .find(|&q| (a..a + p).all(|x| d(x + q).is_some() && d(x + q) == d(x)))
                    else {
                        return not_found;
                    };
                    let preperiod = first
                        + crate::period::least_preperiod(a - first, |t| {
                            d(first + t + period) == d(first + t)
                        });
                    return Periodicity::Proven {
                        preperiod,
                        period,
                        saltus: 0,
                    };
                }
                a += 1;
            }
        }
        not_found
    }

    /// Conjecture 19 on this window: the k-diagonals of [`Self::diagonals`] where no period was
    /// proven (an unproven diagonal is not a counterexample: the window may be too small).
    pub fn conjecture_19_unproven(&self) -> Vec<i64> {
        self.diagonals
            .iter()
            .filter(|(_, p)| p.period().is_none())
            .map(|(k, _)| *k)
            .collect()
    }
}

/// Strip checks already made: `(columns, line, shift)` to the last difference.
type ShiftMemo = HashMap<(bool, u64, u64), Option<Option<u64>>>;

/// The outcome grid of two-pile CS: the mover picks a pile and plays a CS action there,
/// `o(x, y) = max(s - o(next))`, and 0 when no action fits either pile.
pub fn two_pile_grid(
    set: &NumberSet,
    width: u32,
    height: u32,
) -> Result<Vec<Vec<u32>>, EngineError> {
    if width == 0 || height == 0 || width > MAX_PILE_SIDE || height > MAX_PILE_SIDE {
        return Err(EngineError::OutOfRange(format!(
            "a two-pile window must be between 1 and {MAX_PILE_SIDE} on each side, not {width}×{height}"
        )));
    }
    let (w, h) = (width as usize, height as usize);
    let mut grid = vec![vec![0u32; w]; h];
    for y in 0..h {
        for x in 0..w {
            let mut best: Option<i64> = None;
            for &s in set.elements() {
                let s_ = s as usize;
                if s_ <= x {
                    best = best.max(Some(i64::from(s) - i64::from(grid[y][x - s_])));
                }
                if s_ <= y {
                    best = best.max(Some(i64::from(s) - i64::from(grid[y - s_][x])));
                }
            }
            grid[y][x] = best.unwrap_or(0).clamp(0, i64::from(u32::MAX)) as u32;
        }
    }
    Ok(grid)
}

/// The plain two-pile DP with signed values, kept obviously correct for the tests.
pub fn reference_two_pile_grid(moves: &[u32], width: usize, height: usize) -> Vec<Vec<i64>> {
    let mut o = vec![vec![0i64; width]; height];
    for y in 0..height {
        for x in 0..width {
            let horizontal = moves
                .iter()
                .filter(|&&s| s as usize <= x)
                .map(|&s| i64::from(s) - o[y][x - s as usize]);
            let vertical = moves
                .iter()
                .filter(|&&s| s as usize <= y)
                .map(|&s| i64::from(s) - o[y - s as usize][x]);
            o[y][x] = horizontal.chain(vertical).max().unwrap_or(0);
        }
    }
    o
}

/// Solves a two-pile window: the grid and the proven row and column periods (the state along a
/// row is the `max S`-wide window of all rows below and including it — the window argument of
/// [`crate::period::joint_row_periods`]).
pub fn two_piles(set: &NumberSet, width: u32, height: u32) -> Result<TwoPileReport, EngineError> {
    let grid = two_pile_grid(set, width, height)?;
    let m = set.max() as usize;
    let rows = crate::period::joint_row_periods(&grid, width as usize, m);
    // The game is symmetric, o(x, y) = o(y, x): columns are the rows of the transposed window.
    let transposed = two_pile_grid(set, height, width)?;
    let columns = crate::period::joint_row_periods(&transposed, height as usize, m);
    let mut report = TwoPileReport {
        moves: set.elements().to_vec(),
        width,
        height,
        grid,
        rows,
        columns,
        diagonals: Vec::new(),
    };
    let reach = diagonal_reach(width, height);
    let mut memo = HashMap::new();
    report.diagonals = (-reach..=reach)
        .map(|k| (k, report.diagonal_period_with(k, &mut memo)))
        .collect();
    Ok(report)
}
