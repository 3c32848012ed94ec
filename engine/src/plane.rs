//! Two-dimensional subtraction games (survey, the section on two dimensions, Figure 2).
//!
//! A position is `(x, y)` with `x, y >= 0`; a ruleset is a finite set of vectors
//! `(a, b) != (0, 0)` with `a, b >= 0`; a move subtracts a vector and both coordinates must stay
//! non-negative; normal play. `(x, y)` is P when no move leads to a P-position.
//!
//! **Fast grid.** Row `y` depends on rows `y - b` only, and within one row on heaps `x - a`
//! for the horizontal moves `(a, 0)`. So each row is computed `w` cells a step, where `w` is the
//! least horizontal move (or 64 when there is none), by OR-ing unaligned 64-bit reads of the rows
//! it depends on — the same kernel as the 1-D outcome solver. [`reference_grid`] is the plain
//! double loop the tests compare against.
//!
//! **Row and column periods.** Along row `y`, the cell at `x` is a function of the cells at
//! `x - A .. x` of rows `0..=y` (`A` = the largest `a`). So if the columns of rows `0..=y` in the
//! `A`-wide window at `t` equal those at `t + p`, all of rows `0..=y` repeat with period `p` from
//! `t` on: a proof, exactly as in one dimension. [`row_periods`] (via [`crate::period::joint_row_periods`]) finds, within the computed
//! window, the least such joint period `P` (the least `p` whose window at the right edge also
//! stands `p` cells earlier), then each row's own least period — the least divisor of `P` under
//! which one period block is invariant — and its least preperiod. Columns are rows of the
//! transposed ruleset. Where the window is too small for a proof, the line reports `NotFound`.

use crate::bits::BitVec;
use crate::period::{joint_row_periods, Periodicity};
use crate::{Budget, EngineError};

/// The largest width or height of a plane window.
pub const MAX_SIDE: u32 = 20_000;

/// The largest number of cells of a plane window.
pub const MAX_CELLS: u64 = 40_000_000;

/// The largest coordinate of a move.
pub const MAX_COORDINATE: u32 = 10_000;

/// The largest number of moves.
pub const MAX_MOVES: usize = 256;

/// A set of move vectors.
///
/// Invariant: sorted, distinct, no `(0, 0)`, every coordinate `<= MAX_COORDINATE`, 1 to
/// `MAX_MOVES` moves.
#[derive(Debug, Clone, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct MoveSet {
    moves: Vec<(u32, u32)>,
}

/// Sorts moves in `(a, b)` order, as packed `u64` keys `a << 32 | b`: the same order as the
/// pairs' own, but the plain `u64` sort is code the wasm module has already (a sort of pairs
/// would be one more instantiation).
fn sort_moves(moves: &mut [(u32, u32)]) {
    let mut keys: Vec<u64> = moves
        .iter()
        .map(|&(a, b)| u64::from(a) << 32 | u64::from(b))
        .collect();
    keys.sort_unstable();
    for (m, k) in moves.iter_mut().zip(keys) {
        *m = ((k >> 32) as u32, k as u32);
    }
}

/// Rejects unbalanced or nested brackets in a move list (`(2,6`, `2,6)`, `((2,6))`).
fn check_brackets(text: &str) -> Result<(), EngineError> {
    let mut open: Option<char> = None;
    for c in text.chars() {
        match (c, open) {
            ('(' | '{', None) => open = Some(c),
            (')', Some('(')) | ('}', Some('{')) => open = None,
            ('(' | '{' | ')' | '}', _) => {
                return Err(EngineError::Parse(format!(
                    "unbalanced '{c}' in the move list: write pairs like (2,6) (3,3)"
                )))
            }
            _ => {}
        }
    }
    match open {
        Some(c) => Err(EngineError::Parse(format!(
            "a '{c}' is never closed in the move list: write pairs like (2,6) (3,3)"
        ))),
        None => Ok(()),
    }
}

impl MoveSet {
    /// Parses `(2,6) (3,3) (6,1) (19,6)`, `2,6 3,3 6,1 19,6` or one pair per line.
    pub fn parse(text: &str) -> Result<Self, EngineError> {
        let mut numbers = Vec::new();
        let mut current = String::new();
        let flush = |current: &mut String, numbers: &mut Vec<u32>| -> Result<(), EngineError> {
            if !current.is_empty() {
                let value: u32 = current.parse().map_err(|_| {
                    EngineError::OutOfRange(format!(
                        "{current} is too large: coordinates go up to {MAX_COORDINATE}"
                    ))
                })?;
                numbers.push(value);
                current.clear();
            }
            Ok(())
        };
        check_brackets(text)?;
        for c in text.chars() {
            match c {
                '0'..='9' => current.push(c),
                ',' | ';' | '(' | ')' | '{' | '}' | ' ' | '\t' | '\n' | '\r' => {
                    flush(&mut current, &mut numbers)?
                }
                '-' | '\u{2212}' => {
                    return Err(EngineError::OutOfRange(
                        "negative coordinates are not allowed: a move (a, b) needs a, b >= 0"
                            .into(),
                    ))
                }
                other => {
                    return Err(EngineError::Parse(format!(
                        "'{other}' cannot appear in a move list; write pairs like (2,6) (3,3)"
                    )))
                }
            }
        }
        flush(&mut current, &mut numbers)?;
        if numbers.is_empty() {
            return Err(EngineError::Parse(
                "the move set is empty: give pairs like (2,6) (3,3)".into(),
            ));
        }
        if numbers.len() % 2 == 1 {
            return Err(EngineError::Parse(format!(
                "moves come in pairs (a, b), but {} numbers were given",
                numbers.len()
            )));
        }
        Self::from_moves(numbers.chunks(2).map(|p| (p[0], p[1])).collect())
    }

    /// Builds a move set with the parser's checks.
    pub fn from_moves(mut moves: Vec<(u32, u32)>) -> Result<Self, EngineError> {
        if moves.is_empty() {
            return Err(EngineError::Parse(
                "the move set is empty: give pairs like (2,6) (3,3)".into(),
            ));
        }
        if moves.len() > MAX_MOVES {
            return Err(EngineError::OutOfRange(format!(
                "{} moves; HeapLab accepts at most {MAX_MOVES}",
                moves.len()
            )));
        }
        for &(a, b) in &moves {
            if (a, b) == (0, 0) {
                return Err(EngineError::OutOfRange(
                    "(0,0) is not a move: it would change nothing".into(),
                ));
            }
            if a > MAX_COORDINATE || b > MAX_COORDINATE {
                return Err(EngineError::OutOfRange(format!(
                    "({a},{b}) is too large: coordinates go up to {MAX_COORDINATE}"
                )));
            }
        }
        sort_moves(&mut moves);
        if let Some(w) = moves.windows(2).find(|w| w[0] == w[1]) {
            return Err(EngineError::Parse(format!(
                "({},{}) is listed twice",
                w[0].0, w[0].1
            )));
        }
        Ok(MoveSet { moves })
    }

    /// The moves, sorted.
    pub fn moves(&self) -> &[(u32, u32)] {
        &self.moves
    }

    /// The same game with the coordinates swapped (columns become rows).
    pub fn transposed(&self) -> MoveSet {
        let mut moves: Vec<(u32, u32)> = self.moves.iter().map(|&(a, b)| (b, a)).collect();
        sort_moves(&mut moves);
        MoveSet { moves }
    }

    /// The canonical text `(2,6) (3,3)`, which the parser reads back to the same set.
    pub fn to_text(&self) -> String {
        self.moves
            .iter()
            .map(|(a, b)| format!("({a},{b})"))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// Checks a window size against [`MAX_SIDE`] and [`MAX_CELLS`].
pub fn check_size(width: u32, height: u32) -> Result<(), EngineError> {
    if width == 0 || height == 0 || width > MAX_SIDE || height > MAX_SIDE {
        return Err(EngineError::OutOfRange(format!(
            "the window must be between 1 and {MAX_SIDE} cells wide and high, not {width}×{height}"
        )));
    }
    if u64::from(width) * u64::from(height) > MAX_CELLS {
        return Err(EngineError::OutOfRange(format!(
            "{width}×{height} is more than {MAX_CELLS} cells"
        )));
    }
    Ok(())
}

/// The largest number of cells of a window whose nim-values are computed (two bytes a cell).
pub const MAX_NIM_CELLS: u64 = 10_000_000;

/// The P-positions of a `width × height` window: row `y` is a bit array over `x`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Grid {
    /// Width (number of columns, `x` in `0..width`).
    pub width: u32,
    /// Height (number of rows, `y` in `0..height`).
    pub height: u32,
    /// `rows[y]` holds bit `x` set when `(x, y)` is a P-position.
    pub rows: Vec<BitVec>,
}

impl Grid {
    /// Whether `(x, y)` is a P-position (false outside the window).
    pub fn is_p(&self, x: u32, y: u32) -> bool {
        self.rows
            .get(y as usize)
            .is_some_and(|row| row.get(i64::from(x)))
    }

    /// The number of P-positions in the window.
    pub fn p_count(&self) -> u64 {
        self.rows
            .iter()
            .map(|row| {
                (0..row.len())
                    .step_by(64)
                    .map(|x| row.get_word(x as i64).count_ones() as u64)
                    .sum::<u64>()
            })
            .sum()
    }
}

/// The cells a row is computed at a time: the least horizontal move (at most 64), since a
/// row's cell `x` depends on its own cells `x - a` for the moves `(a, 0)` only.
fn row_step(moves: &MoveSet) -> u32 {
    moves
        .moves()
        .iter()
        .filter(|m| m.1 == 0)
        .map(|m| m.0)
        .min()
        .unwrap_or(64)
        .min(64)
}

/// Row `rows.len()` of a `width`-wide grid, from the rows below it, `step` cells at a time by
/// OR-ing unaligned 64-bit reads of the rows it depends on.
fn next_row(moves: &MoveSet, rows: &[BitVec], width: u32, step: u32) -> BitVec {
    let (w, y) = (width as usize, rows.len());
    let mut row = BitVec::with_capacity(w + 64);
    while row.len() < w {
        let x = row.len() as i64;
        let mut has_p_option = 0u64;
        for &(a, b) in moves.moves() {
            let b = b as usize;
            if b > y {
                continue;
            }
            let source = if b == 0 { &row } else { &rows[y - b] };
            has_p_option |= source.get_word(x - i64::from(a));
        }
        let take = step.min((w - row.len()) as u32);
        row.push_bits(!has_p_option, take);
    }
    row
}

/// Computes the P/N grid of the window, bit-parallel, ticking `budget` every 64 rows.
pub fn grid(
    moves: &MoveSet,
    width: u32,
    height: u32,
    budget: &mut Budget<'_>,
) -> Result<Grid, EngineError> {
    check_size(width, height)?;
    let step = row_step(moves);
    let mut rows: Vec<BitVec> = Vec::with_capacity(height as usize);
    for y in 0..height as usize {
        let row = next_row(moves, &rows, width, step);
        rows.push(row);
        if y % 64 == 63 {
            budget.tick(y as u64 + 1, u64::from(height))?;
        }
    }
    Ok(Grid {
        width,
        height,
        rows,
    })
}

/// The plain double loop: `(x, y)` is P iff no move reaches a P-position. `p[y][x]`.
pub fn reference_grid(moves: &MoveSet, width: u32, height: u32) -> Vec<Vec<bool>> {
    let (w, h) = (width as usize, height as usize);
    let mut p = vec![vec![false; w]; h];
    for y in 0..h {
        for x in 0..w {
            p[y][x] = !moves.moves().iter().any(|&(a, b)| {
                let (a, b) = (a as usize, b as usize);
                a <= x && b <= y && p[y - b][x - a]
            });
        }
    }
    p
}

/// Nim-values (Grundy values) of a window, row-major from `y = 0`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct NimGrid {
    /// Width (number of columns).
    pub width: u32,
    /// Height (number of rows).
    pub height: u32,
    /// `values[y * width + x]` is the nim-value of `(x, y)`.
    pub values: Vec<u16>,
}

impl NimGrid {
    /// The nim-value of `(x, y)`, or `None` outside the window.
    pub fn get(&self, x: u32, y: u32) -> Option<u16> {
        (x < self.width && y < self.height)
            .then(|| self.values[y as usize * self.width as usize + x as usize])
    }

    /// The largest nim-value in the window.
    pub fn max(&self) -> u16 {
        self.values.iter().copied().max().unwrap_or(0)
    }

    /// How many cells have each value `0..=max`.
    pub fn counts(&self) -> Vec<u64> {
        let mut counts = vec![0u64; usize::from(self.max()) + 1];
        for &v in &self.values {
            counts[usize::from(v)] += 1;
        }
        counts
    }
}

/// Checks that a window is small enough for nim-values ([`MAX_NIM_CELLS`]).
pub fn check_nim_size(width: u32, height: u32) -> Result<(), EngineError> {
    check_size(width, height)?;
    if u64::from(width) * u64::from(height) > MAX_NIM_CELLS {
        return Err(EngineError::OutOfRange(format!(
            "nim-values of {width}×{height} cells: at most {MAX_NIM_CELLS} cells"
        )));
    }
    Ok(())
}

/// Appends row `values.len() / width` of nim-values: each cell is the mex of its options,
/// found with a bit mask of the values seen (nim-values are at most the number of moves).
fn push_nim_row(moves: &MoveSet, values: &mut Vec<u16>, width: u32) {
    let w = width as usize;
    let y = values.len() / w;
    for x in 0..w {
        let mut seen = [0u64; MAX_MOVES / 64 + 1];
        for &(a, b) in moves.moves() {
            let (a, b) = (a as usize, b as usize);
            if a <= x && b <= y {
                let v = values[(y - b) * w + x - a] as usize;
                seen[v / 64] |= 1 << (v % 64);
            }
        }
        let word = seen.iter().position(|&s| s != u64::MAX).unwrap_or(0);
        values.push((word * 64 + (!seen[word]).trailing_zeros() as usize) as u16);
    }
}

/// Nim-values (Grundy values) of every cell, ticking `budget` every 64 rows. The P-positions
/// are exactly the cells of value 0 (the tests check this against [`reference_grid`]).
pub fn nim_values(
    moves: &MoveSet,
    width: u32,
    height: u32,
    budget: &mut Budget<'_>,
) -> Result<NimGrid, EngineError> {
    check_nim_size(width, height)?;
    let mut values = Vec::with_capacity(width as usize * height as usize);
    for y in 0..height {
        push_nim_row(moves, &mut values, width);
        if y % 64 == 63 {
            budget.tick(u64::from(y) + 1, u64::from(height))?;
        }
    }
    Ok(NimGrid {
        width,
        height,
        values,
    })
}

/// RGBA pixels of the grid, P black and N white, `y = 0` at the bottom (the same picture on the
/// page and in the CLI's PNG).
pub fn render_outcomes(grid: &Grid) -> Vec<u8> {
    let (w, h) = (grid.width as usize, grid.height as usize);
    let mut rgba = vec![255u8; w * h * 4];
    for (y, row) in grid.rows.iter().enumerate() {
        let line = (h - 1 - y) * w * 4;
        for x in 0..w {
            if row.get(x as i64) {
                rgba[line + x * 4..line + x * 4 + 3].fill(0);
            }
        }
    }
    rgba
}

/// RGBA pixels of the grid shrunk by `factor`: each pixel is a `factor × factor` block, as
/// grey as the block's share of N-positions (all P black, all N white; partial blocks at the
/// right and top edges average the cells they have). `factor = 1` is [`render_outcomes`].
pub fn render_outcomes_shrunk(grid: &Grid, factor: u32) -> (u32, u32, Vec<u8>) {
    let f = factor.max(1);
    let (w, h) = (grid.width.div_ceil(f), grid.height.div_ceil(f));
    let mut rgba = vec![255u8; w as usize * h as usize * 4];
    for by in 0..h {
        for bx in 0..w {
            let (mut cells, mut n) = (0u32, 0u32);
            for y in by * f..((by + 1) * f).min(grid.height) {
                for x in bx * f..((bx + 1) * f).min(grid.width) {
                    cells += 1;
                    n += u32::from(!grid.is_p(x, y));
                }
            }
            let grey = ((255 * n + cells / 2) / cells) as u8;
            let at = ((h - 1 - by) as usize * w as usize + bx as usize) * 4;
            rgba[at..at + 3].fill(grey);
        }
    }
    (w, h, rgba)
}

/// The proven eventual period of each row of `grid` (index `y`), as described in the module
/// docs; `a_max` is the largest horizontal component `A` of the moves.
pub fn row_periods(grid: &Grid, a_max: u32) -> Vec<Periodicity> {
    joint_row_periods(&grid.rows, grid.width as usize, a_max as usize)
}

/// Row and column periods of a window, with the P-count: what the page and the CLI report.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct PlaneReport {
    /// The moves, sorted.
    pub moves: Vec<(u32, u32)>,
    /// Width of the window.
    pub width: u32,
    /// Height of the window.
    pub height: u32,
    /// Number of P-positions in the window.
    pub p_positions: u64,
    /// `rows[y]`: the eventual period along row `y` (x varying), where the window proves it.
    pub rows: Vec<Periodicity>,
    /// `columns[x]`: the eventual period along column `x` (y varying), where the window proves it.
    pub columns: Vec<Periodicity>,
}

fn report(moves: &MoveSet, grid: &Grid, transposed: &Grid) -> PlaneReport {
    let a_max = moves.moves().iter().map(|m| m.0).max().unwrap_or(0);
    let b_max = moves.moves().iter().map(|m| m.1).max().unwrap_or(0);
    PlaneReport {
        moves: moves.moves().to_vec(),
        width: grid.width,
        height: grid.height,
        p_positions: grid.p_count(),
        rows: row_periods(grid, a_max),
        columns: row_periods(transposed, b_max),
    }
}

/// Computes the grid and the row and column periods of a window.
pub fn solve(
    moves: &MoveSet,
    width: u32,
    height: u32,
    budget: &mut Budget<'_>,
) -> Result<(Grid, PlaneReport), EngineError> {
    let grid = grid(moves, width, height, budget)?;
    // Columns are the rows of the transposed game.
    let transposed = self::grid(&moves.transposed(), height, width, budget)?;
    let report = report(moves, &grid, &transposed);
    Ok((grid, report))
}

/// Everything a window shows: the P/N grid, its row and column periods and, when asked for,
/// the nim-values.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Solution {
    /// The P-positions.
    pub grid: Grid,
    /// The P-count and the row and column periods.
    pub report: PlaneReport,
    /// The nim-values, if they were asked for.
    pub nim: Option<NimGrid>,
}

/// What a [`PlaneJob`] is doing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stage {
    Rows,
    Columns,
    Nim,
    Done,
}

/// [`solve`] (and, optionally, [`nim_values`]) cut into steps of a bounded number of cells, so
/// that a Web Worker can report progress and take a "cancel" message between steps. The steps
/// call the same row functions as [`grid`] and [`nim_values`], so the result is identical.
#[derive(Debug, Clone)]
pub struct PlaneJob {
    moves: MoveSet,
    transposed: MoveSet,
    width: u32,
    height: u32,
    stage: Stage,
    rows: Vec<BitVec>,
    columns: Vec<BitVec>,
    nim: Option<Vec<u16>>,
}

impl PlaneJob {
    /// A job for the window, with nim-values when `with_nim`; checks the size caps.
    pub fn new(
        moves: &MoveSet,
        width: u32,
        height: u32,
        with_nim: bool,
    ) -> Result<PlaneJob, EngineError> {
        if with_nim {
            check_nim_size(width, height)?;
        } else {
            check_size(width, height)?;
        }
        Ok(PlaneJob {
            moves: moves.clone(),
            transposed: moves.transposed(),
            width,
            height,
            stage: Stage::Rows,
            rows: Vec::with_capacity(height as usize),
            columns: Vec::with_capacity(width as usize),
            nim: with_nim.then(|| Vec::with_capacity(width as usize * height as usize)),
        })
    }

    /// Cells computed so far and cells in total (rows, columns, and nim-values if asked).
    pub fn progress(&self) -> (u64, u64) {
        let (w, h) = (u64::from(self.width), u64::from(self.height));
        let nim_done = self.nim.as_ref().map_or(0, |v| v.len() as u64);
        let total = 2 * w * h + if self.nim.is_some() { w * h } else { 0 };
        let done = self.rows.len() as u64 * w + self.columns.len() as u64 * h + nim_done;
        (done, total)
    }

    /// Whether every cell is computed.
    pub fn is_done(&self) -> bool {
        self.stage == Stage::Done
    }

    /// Computes about `cells` more cells (at least one line) and returns [`Self::progress`].
    pub fn step(&mut self, cells: u64) -> (u64, u64) {
        let mut left = cells.max(1) as i64;
        while left > 0 && self.stage != Stage::Done {
            match self.stage {
                Stage::Rows if self.rows.len() < self.height as usize => {
                    let row = next_row(&self.moves, &self.rows, self.width, row_step(&self.moves));
                    self.rows.push(row);
                    left -= i64::from(self.width);
                }
                Stage::Rows => self.stage = Stage::Columns,
                Stage::Columns if self.columns.len() < self.width as usize => {
                    let column = next_row(
                        &self.transposed,
                        &self.columns,
                        self.height,
                        row_step(&self.transposed),
                    );
                    self.columns.push(column);
                    left -= i64::from(self.height);
                }
                Stage::Columns => self.stage = Stage::Nim,
                Stage::Nim => match self.nim.as_mut() {
                    Some(values) if values.len() < self.width as usize * self.height as usize => {
                        push_nim_row(&self.moves, values, self.width);
                        left -= i64::from(self.width);
                    }
                    _ => self.stage = Stage::Done,
                },
                Stage::Done => {}
            }
        }
        self.progress()
    }

    /// The solution, once [`Self::is_done`].
    pub fn finish(self) -> Option<Solution> {
        if !self.is_done() {
            return None;
        }
        let grid = Grid {
            width: self.width,
            height: self.height,
            rows: self.rows,
        };
        let transposed = Grid {
            width: self.height,
            height: self.width,
            rows: self.columns,
        };
        let report = report(&self.moves, &grid, &transposed);
        let nim = self.nim.map(|values| NimGrid {
            width: self.width,
            height: self.height,
            values,
        });
        Some(Solution { grid, report, nim })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sort_moves_is_the_pairs_own_order() {
        // Coordinates at the u32 ends and across the packing's halves.
        let mut moves = vec![(1, 0), (0, u32::MAX), (u32::MAX, 1), (0, 1), (1, 0), (2, 5)];
        let mut plain = moves.clone();
        plain.sort_unstable();
        sort_moves(&mut moves);
        assert_eq!(moves, plain);
    }

    #[test]
    fn parses_the_documented_forms_and_rejects_bad_ones() {
        let expected = MoveSet::from_moves(vec![(2, 6), (3, 3), (6, 1), (19, 6)]).unwrap();
        for text in [
            "(2,6) (3,3) (6,1) (19,6)",
            "2,6 3,3 6,1 19,6",
            "2,6\n3,3\n6,1\n19,6\n",
            "(2, 6); (3, 3); (6, 1); (19, 6)",
        ] {
            assert_eq!(MoveSet::parse(text).unwrap(), expected, "{text:?}");
        }
        assert_eq!(MoveSet::parse(&expected.to_text()).unwrap(), expected);
        for (text, needle) in [
            ("", "empty"),
            ("(0,0)", "(0,0) is not a move"),
            ("(1,-2)", "negative"),
            ("(1,2) (3)", "pairs"),
            ("(1,2) (1,2)", "twice"),
            ("(a,2)", "cannot appear"),
            ("(99999999999,1)", "too large"),
            ("(10001,1)", "too large"),
        ] {
            let err = MoveSet::parse(text).unwrap_err().to_string();
            assert!(err.contains(needle), "{text:?} gave {err:?}");
        }
        assert!(check_size(0, 5).is_err());
        assert!(check_size(20_001, 5).is_err());
        assert!(check_size(20_000, 20_000).is_err());
        assert!(check_nim_size(4000, 2500).is_ok());
        assert!(check_nim_size(4000, 2501).is_err());
    }
}
