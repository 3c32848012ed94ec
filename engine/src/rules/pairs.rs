//! Solvers for rule-defined games on a pair of heaps `(a, b)`, over the grid `0 ≤ a < W`,
//! `0 ≤ b < H` (stored row by row: `(a, b)` at `a·H + b`).
//!
//! Two forms of rule, two solvers:
//! * **options** (`fn options(a, b)`, any pairs): nim-values by the generic depth-first solver
//!   ([`super::solve::values_of`]) keyed on pairs. An option may leave the grid (it is solved on
//!   the way, up to [`super::solve::MAX_EXTRA_HEAPS`] such positions); each position's options
//!   are asked once; a cycle is refused as loopy. This is also the slow reference the tests
//!   compare the fast solver with.
//! * **rays and steps** (`fn rays`, `fn steps`): a ray `[dx, dy]` allows subtracting any
//!   positive multiple `k·(dx, dy)` that stays non-negative; a step allows subtracting
//!   `(dx, dy)` once. Every option lies below its position, so the grid is solved row by row.
//!   Outcomes take O(W·H·#rays): for each ray, a table says whether some P-position lies
//!   below a position on that ray. Nim-values need a mex over every option (O(W·H·(W+H))), so
//!   they are computed only on grids of at most [`MAX_RAY_VALUES`] positions.

use std::fmt;

use super::solve::{self, Positions};
use crate::budget::Budget;
use crate::text::grouped;
use crate::EngineError;

/// The most positions in one grid.
pub const MAX_POSITIONS: u64 = 4_000_000;
/// The largest grid on which the rays-and-steps solver also computes nim-values.
pub const MAX_RAY_VALUES: u64 = 1 << 16;
/// The most different ray directions one ruleset may use (each keeps a table the grid's size).
pub const MAX_DIRECTIONS: usize = 16;

/// A position `(a, b)`; it prints as `(a, b)` in messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pair(pub u64, pub u64);

impl fmt::Display for Pair {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.0, self.1)
    }
}

/// The grid solved: `0 ≤ a < width`, `0 ≤ b < height`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Grid {
    /// Positions `a` run over `0..width`.
    pub width: u64,
    /// Positions `b` run over `0..height`.
    pub height: u64,
}

impl Grid {
    /// A grid, refused when empty or beyond [`MAX_POSITIONS`] positions.
    pub fn new(width: u64, height: u64) -> Result<Grid, EngineError> {
        let size = width.saturating_mul(height);
        if width == 0 || height == 0 || size > MAX_POSITIONS {
            return Err(EngineError::OutOfRange(format!(
                "grid {width} × {height}: give sides of at least 1 and at most {} positions",
                grouped(MAX_POSITIONS)
            )));
        }
        Ok(Grid { width, height })
    }

    /// The number of positions.
    pub fn len(&self) -> usize {
        (self.width * self.height) as usize
    }

    /// Always false: a grid has at least one position.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The index of `(a, b)` when it lies in the grid.
    pub fn slot(&self, at: Pair) -> Option<usize> {
        (at.0 < self.width && at.1 < self.height).then(|| (at.0 * self.height + at.1) as usize)
    }

    /// The position at index `i`.
    pub fn pair(&self, i: usize) -> Pair {
        Pair(i as u64 / self.height, i as u64 % self.height)
    }

    /// Every position, row by row.
    pub fn positions(&self) -> impl Iterator<Item = Pair> {
        let h = self.height;
        (0..self.width).flat_map(move |a| (0..h).map(move |b| Pair(a, b)))
    }
}

/// The moves of one position in the rays-and-steps form.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Moves {
    /// Directions: subtract any positive multiple that stays non-negative.
    pub rays: Vec<Pair>,
    /// Single moves: subtract once, if the result stays non-negative.
    pub steps: Vec<Pair>,
}

impl Moves {
    /// Replaces these moves with those `moves_at` gives for `at`, checked.
    fn load(&mut self, at: Pair, moves_at: &mut MovesAt) -> Result<(), EngineError> {
        self.rays.clear();
        self.steps.clear();
        moves_at(at, self)?;
        check_moves(at, self)
    }

    /// Every option of `at`, in no particular order (repeats possible).
    pub fn options(&self, at: Pair) -> Vec<Pair> {
        let mut out = Vec::new();
        for &d in &self.rays {
            let mut p = at;
            while let Some(next) = minus(p, d) {
                out.push(next);
                p = next;
            }
        }
        out.extend(self.steps.iter().filter_map(|&d| minus(at, d)));
        out
    }
}

/// `at − d`, when both coordinates stay non-negative.
fn minus(at: Pair, d: Pair) -> Option<Pair> {
    Some(Pair(at.0.checked_sub(d.0)?, at.1.checked_sub(d.1)?))
}

/// Nim-values of the grid from options (the options form and the reference): the generic
/// depth-first solver, keyed on pairs.
pub fn values_by_options(
    grid: Grid,
    options: &mut dyn FnMut(Pair) -> Result<Vec<Pair>, EngineError>,
    budget: &mut Budget,
) -> Result<Vec<u64>, EngineError> {
    let mut parts = |at: Pair| -> Result<Vec<Vec<Pair>>, EngineError> {
        Ok(options(at)?.into_iter().map(|p| vec![p]).collect())
    };
    let slot = |at: Pair| grid.slot(at);
    let positions = Positions {
        options: &mut parts,
        slot: &slot,
        size: grid.len(),
        noun: ("position", "positions"),
    };
    solve::values_of(positions, grid.positions(), budget)
}

/// Where the rays-and-steps solver gets a position's moves: it fills `moves` (cleared first).
pub type MovesAt<'r> = dyn FnMut(Pair, &mut Moves) -> Result<(), EngineError> + 'r;

/// For each ray direction seen: whether some P-position lies strictly below each position on it.
struct RayTables {
    directions: Vec<Pair>,
    below: Vec<Vec<bool>>,
}

impl RayTables {
    /// The table of `d`, built over positions `0..=upto` when `d` is new.
    fn index(
        &mut self,
        d: Pair,
        grid: Grid,
        p: &[bool],
        upto: usize,
    ) -> Result<usize, EngineError> {
        if let Some(i) = self.directions.iter().position(|&x| x == d) {
            return Ok(i);
        }
        if self.directions.len() == MAX_DIRECTIONS {
            return Err(EngineError::OutOfRange(format!(
                "the ruleset uses more than {MAX_DIRECTIONS} ray directions"
            )));
        }
        let mut below = vec![false; grid.len()];
        for i in 0..=upto {
            below[i] = lower(grid, i, d).is_some_and(|j| p[j] || below[j]);
        }
        self.directions.push(d);
        self.below.push(below);
        Ok(self.directions.len() - 1)
    }

    /// Fills every table at position `i` (all positions before it are known).
    fn extend(&mut self, grid: Grid, p: &[bool], i: usize) {
        for (d, below) in self.directions.iter().zip(&mut self.below) {
            below[i] = lower(grid, i, *d).is_some_and(|j| p[j] || below[j]);
        }
    }
}

/// The index of position `i` minus `d`, if it stays non-negative.
fn lower(grid: Grid, i: usize, d: Pair) -> Option<usize> {
    grid.slot(minus(grid.pair(i), d)?)
}

/// The loopy message when a direction is `[0, 0]`.
fn check_moves(at: Pair, moves: &Moves) -> Result<(), EngineError> {
    if moves
        .rays
        .iter()
        .chain(&moves.steps)
        .any(|&d| d == Pair(0, 0))
    {
        return Err(solve::loopy(at));
    }
    Ok(())
}

/// Which positions of the grid are P-positions (normal play), row by row, in O(W·H·#rays):
/// `moves_at` gives each position's own rays and steps, `fixed_steps` are steps every
/// position has (marked forward from each P-position found).
pub fn p_positions_by_rays(
    grid: Grid,
    moves_at: &mut MovesAt,
    fixed_steps: &[Pair],
    budget: &mut Budget,
) -> Result<Vec<bool>, EngineError> {
    outcomes_by_rays(grid, moves_at, fixed_steps, false, budget)
}

/// [`p_positions_by_rays`] under misère play: a position with no move is an N-position (the
/// player who cannot move wins), any other is P exactly when no option is P.
pub fn misere_p_positions_by_rays(
    grid: Grid,
    moves_at: &mut MovesAt,
    fixed_steps: &[Pair],
    budget: &mut Budget,
) -> Result<Vec<bool>, EngineError> {
    outcomes_by_rays(grid, moves_at, fixed_steps, true, budget)
}

/// The P-positions of the rays-and-steps form under either convention (see
/// [`p_positions_by_rays`]); only the positions with no move differ.
fn outcomes_by_rays(
    grid: Grid,
    moves_at: &mut MovesAt,
    fixed_steps: &[Pair],
    misere: bool,
    budget: &mut Budget,
) -> Result<Vec<bool>, EngineError> {
    if fixed_steps.contains(&Pair(0, 0)) {
        return Err(solve::loopy(Pair(0, 0)));
    }
    let mut p = vec![false; grid.len()];
    let mut hit = vec![false; grid.len()];
    let mut tables = RayTables {
        directions: Vec::new(),
        below: Vec::new(),
    };
    let mut moves = Moves::default();
    for i in 0..grid.len() {
        if i % 65_536 == 0 {
            budget.tick(i as u64, grid.len() as u64)?;
        }
        let at = grid.pair(i);
        moves.load(at, moves_at)?;
        tables.extend(grid, &p, i);
        let mut wins = hit[i];
        for &d in &moves.rays {
            let t = tables.index(d, grid, &p, i)?;
            wins |= tables.below[t][i];
        }
        wins |= moves.steps.iter().any(|&d| {
            minus(at, d)
                .and_then(|q| grid.slot(q))
                .is_some_and(|j| p[j])
        });
        if misere && !wins {
            let all = moves.rays.iter().chain(&moves.steps).chain(fixed_steps);
            wins = !all.into_iter().any(|&d| minus(at, d).is_some());
        }
        p[i] = !wins;
        if p[i] {
            for &d in fixed_steps {
                if let Some(j) = grid.slot(Pair(at.0 + d.0, at.1 + d.1)) {
                    hit[j] = true;
                }
            }
        }
    }
    Ok(p)
}

/// Misère outcomes of the grid from options (the options form and the reference): P-positions
/// by the generic depth-first solver, a position with no option being an N-position.
pub fn misere_by_options(
    grid: Grid,
    options: &mut dyn FnMut(Pair) -> Result<Vec<Pair>, EngineError>,
    budget: &mut Budget,
) -> Result<Vec<bool>, EngineError> {
    let slot = |at: Pair| grid.slot(at);
    let place = solve::Place {
        slot: &slot,
        size: grid.len(),
        noun: ("position", "positions"),
    };
    let mut eval = solve::MisereOutcome(options);
    let p = solve::evaluate(&mut eval, place, grid.positions(), budget)?;
    Ok(p.into_iter().map(|p| p == Some(true)).collect())
}

/// Nim-values of the grid in the rays-and-steps form: each position's mex over every option
/// (row by row, since every option lies below). Refused beyond [`MAX_RAY_VALUES`] positions.
pub fn values_by_rays(
    grid: Grid,
    moves_at: &mut MovesAt,
    fixed_steps: &[Pair],
    budget: &mut Budget,
) -> Result<Vec<u64>, EngineError> {
    if grid.len() as u64 > MAX_RAY_VALUES {
        return Err(EngineError::OutOfRange(format!(
            "nim-values of a rays ruleset are computed on at most {} positions",
            grouped(MAX_RAY_VALUES)
        )));
    }
    let mut values = vec![0u64; grid.len()];
    let mut moves = Moves::default();
    let mut seen = Vec::new();
    for i in 0..grid.len() {
        if i % 4096 == 0 {
            budget.tick(i as u64, grid.len() as u64)?;
        }
        let at = grid.pair(i);
        moves.load(at, moves_at)?;
        moves.steps.extend_from_slice(fixed_steps);
        check_moves(at, &moves)?;
        let options = moves.options(at);
        seen.clear();
        seen.resize(options.len() + 1, false);
        for q in options {
            let v = values[grid.slot(q).expect("options lie below")] as usize;
            if v < seen.len() {
                seen[v] = true;
            }
        }
        values[i] = seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u64;
    }
    Ok(values)
}
