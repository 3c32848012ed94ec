//! Solvers for rule-defined games on a pair of heaps `(a, b)`, over the grid `0 ≤ a < W`,
//! `0 ≤ b < H` (stored row by row: `(a, b)` at `a·H + b`), and on t-tuples of heaps (t-vector
//! subtraction games, Golomb 1966) over a box, stored the same way: every solver here is
//! generic over the [`Lattice`] it runs on ([`Grid`] of [`Pair`]s, [`Cuboid`] of [`Vector`]s).
//!
//! Two forms of rule, two solvers:
//! * **options** (`fn options(a, b)`, any positions): nim-values by the generic depth-first
//!   solver ([`super::solve::values_of`]) keyed on positions. An option may leave the box (it
//!   is solved on the way, up to [`super::solve::MAX_EXTRA_HEAPS`] such positions); each
//!   position's options are asked once; a cycle is refused as loopy. This is also the slow
//!   reference the tests compare the fast solver with.
//! * **rays and steps** (`fn rays`, `fn steps`): a ray `[dx, dy]` allows subtracting any
//!   positive multiple `k·(dx, dy)` that stays non-negative; a step allows subtracting
//!   `(dx, dy)` once. Every option lies below its position, so the box is solved in index
//!   order (a position below another, coordinate by coordinate, has a smaller index).
//!   Outcomes take O(size·#rays): for each ray, a table says whether some P-position lies
//!   below a position on that ray. Nim-values need a mex over every option, so they are
//!   computed only on boxes of at most [`MAX_RAY_VALUES`] positions.

use std::fmt;
use std::hash::Hash;

use super::solve::{self, Positions};
use crate::budget::Budget;
use crate::text::grouped;
use crate::EngineError;

/// The most positions in one grid (or box).
pub const MAX_POSITIONS: u64 = 4_000_000;
/// The largest grid on which the rays-and-steps solver also computes nim-values.
pub const MAX_RAY_VALUES: u64 = 1 << 16;
/// The most different ray directions one ruleset may use (each keeps a table the grid's size).
pub const MAX_DIRECTIONS: usize = 16;
/// The most heaps in one position of a t-vector game.
pub const MAX_T: usize = 6;

/// A position or a direction the box solvers work with: coordinates that subtract.
pub trait Coords: Copy + Eq + Hash + fmt::Display + fmt::Debug {
    /// `self − d`, when every coordinate stays non-negative.
    fn minus(self, d: Self) -> Option<Self>;
    /// `self + d`, unless a coordinate overflows.
    fn plus(self, d: Self) -> Option<Self>;
    /// Whether every coordinate is 0 (a direction that would loop).
    fn is_zero(self) -> bool;
    /// The point with these coordinates, when there are as many as a point has.
    fn from_coords(c: &[u64]) -> Option<Self>;
    /// Its coordinates, as a script is called with them.
    fn to_coords(self) -> Vec<u64>;
}

/// A box of positions, indexed so that a position below another (coordinate by coordinate)
/// comes first: the rays-and-steps solver fills it in index order.
pub trait Lattice: Copy {
    /// A position of the box.
    type Point: Coords;
    /// The number of positions.
    fn size(&self) -> usize;
    /// The index of `at` when it lies in the box.
    fn index(&self, at: Self::Point) -> Option<usize>;
    /// The position at index `i`.
    fn point(&self, i: usize) -> Self::Point;
}

/// A position `(a, b)`; it prints as `(a, b)` in messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pair(pub u64, pub u64);

impl fmt::Display for Pair {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.0, self.1)
    }
}

impl Coords for Pair {
    fn minus(self, d: Pair) -> Option<Pair> {
        Some(Pair(self.0.checked_sub(d.0)?, self.1.checked_sub(d.1)?))
    }

    fn plus(self, d: Pair) -> Option<Pair> {
        Some(Pair(self.0.checked_add(d.0)?, self.1.checked_add(d.1)?))
    }

    fn is_zero(self) -> bool {
        self == Pair(0, 0)
    }

    fn from_coords(c: &[u64]) -> Option<Pair> {
        match c {
            &[a, b] => Some(Pair(a, b)),
            _ => None,
        }
    }

    fn to_coords(self) -> Vec<u64> {
        vec![self.0, self.1]
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

impl Lattice for Grid {
    type Point = Pair;

    fn size(&self) -> usize {
        self.len()
    }

    fn index(&self, at: Pair) -> Option<usize> {
        self.slot(at)
    }

    fn point(&self, i: usize) -> Pair {
        self.pair(i)
    }
}

/// A position of a t-vector game, `(x1, …, xt)` with `2 ≤ t ≤ MAX_T`; it prints as
/// `(x1, …, xt)`. Coordinates past `t` are 0, so equal vectors compare and hash equal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Vector {
    t: u8,
    c: [u64; MAX_T],
}

impl Vector {
    /// The vector with coordinates `c`, when there are 2 to [`MAX_T`] of them.
    pub fn new(c: &[u64]) -> Option<Vector> {
        if c.len() < 2 || c.len() > MAX_T {
            return None;
        }
        let mut v = Vector {
            t: c.len() as u8,
            c: [0; MAX_T],
        };
        v.c[..c.len()].copy_from_slice(c);
        Some(v)
    }

    /// Its coordinates.
    pub fn coords(&self) -> &[u64] {
        &self.c[..usize::from(self.t)]
    }

    /// Applies `f` to each pair of coordinates (vectors of one length only).
    fn zip(self, d: Vector, f: impl Fn(u64, u64) -> Option<u64>) -> Option<Vector> {
        if self.t != d.t {
            return None;
        }
        let mut out = self;
        for i in 0..usize::from(self.t) {
            out.c[i] = f(self.c[i], d.c[i])?;
        }
        Some(out)
    }
}

impl fmt::Display for Vector {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self.coords().iter().map(u64::to_string).collect();
        write!(f, "({})", parts.join(", "))
    }
}

impl Coords for Vector {
    fn minus(self, d: Vector) -> Option<Vector> {
        self.zip(d, u64::checked_sub)
    }

    fn plus(self, d: Vector) -> Option<Vector> {
        self.zip(d, u64::checked_add)
    }

    fn is_zero(self) -> bool {
        self.coords().iter().all(|&x| x == 0)
    }

    fn from_coords(c: &[u64]) -> Option<Vector> {
        Vector::new(c)
    }

    fn to_coords(self) -> Vec<u64> {
        self.coords().to_vec()
    }
}

/// The box a t-vector game is solved on: `0 ≤ x_i < side_i`, stored in row-major order (the
/// last coordinate varies fastest).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cuboid {
    sides: Vector,
    size: usize,
}

impl Cuboid {
    /// A box with these sides (2 to [`MAX_T`] of them), refused when empty or beyond
    /// [`MAX_POSITIONS`] positions.
    pub fn new(sides: &[u64]) -> Result<Cuboid, EngineError> {
        let shown: Vec<String> = sides.iter().map(u64::to_string).collect();
        let size = sides.iter().fold(1u64, |s, &x| s.saturating_mul(x));
        let sides_ok = sides.iter().all(|&x| x > 0);
        match Vector::new(sides) {
            Some(v) if sides_ok && size <= MAX_POSITIONS => Ok(Cuboid {
                sides: v,
                size: size as usize,
            }),
            _ => Err(EngineError::OutOfRange(format!(
                "box {}: give 2 to {MAX_T} sides of at least 1 and at most {} positions",
                shown.join(" × "),
                grouped(MAX_POSITIONS)
            ))),
        }
    }

    /// The sides.
    pub fn sides(&self) -> &[u64] {
        self.sides.coords()
    }
}

impl Lattice for Cuboid {
    type Point = Vector;

    fn size(&self) -> usize {
        self.size
    }

    fn index(&self, at: Vector) -> Option<usize> {
        if at.t != self.sides.t {
            return None;
        }
        let mut i = 0u64;
        for (&x, &side) in at.coords().iter().zip(self.sides()) {
            if x >= side {
                return None;
            }
            i = i * side + x;
        }
        Some(i as usize)
    }

    fn point(&self, mut i: usize) -> Vector {
        let mut v = self.sides;
        for k in (0..usize::from(v.t)).rev() {
            let side = self.sides.c[k] as usize;
            v.c[k] = (i % side) as u64;
            i /= side;
        }
        v
    }
}

/// Every position of a box, in index order.
pub fn points<L: Lattice>(lattice: L) -> impl Iterator<Item = L::Point> {
    (0..lattice.size()).map(move |i| lattice.point(i))
}

/// The moves of one position in the rays-and-steps form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Moves<P = Pair> {
    /// Directions: subtract any positive multiple that stays non-negative.
    pub rays: Vec<P>,
    /// Single moves: subtract once, if the result stays non-negative.
    pub steps: Vec<P>,
}

impl<P> Default for Moves<P> {
    fn default() -> Self {
        Moves {
            rays: Vec::new(),
            steps: Vec::new(),
        }
    }
}

impl<P: Coords> Moves<P> {
    /// Replaces these moves with those `moves_at` gives for `at`, checked.
    fn load(&mut self, at: P, moves_at: &mut MovesAt<P>) -> Result<(), EngineError> {
        self.rays.clear();
        self.steps.clear();
        moves_at(at, self)?;
        check_moves(at, self)
    }

    /// Every option of `at`, in no particular order (repeats possible).
    pub fn options(&self, at: P) -> Vec<P> {
        let mut out = Vec::new();
        for &d in &self.rays {
            let mut p = at;
            while let Some(next) = p.minus(d).filter(|_| !d.is_zero()) {
                out.push(next);
                p = next;
            }
        }
        out.extend(self.steps.iter().filter_map(|&d| at.minus(d)));
        out
    }
}

/// Nim-values of the box from options (the options form and the reference): the generic
/// depth-first solver, keyed on positions.
pub fn values_by_options<L: Lattice>(
    grid: L,
    options: &mut dyn FnMut(L::Point) -> Result<Vec<L::Point>, EngineError>,
    budget: &mut Budget,
) -> Result<Vec<u64>, EngineError> {
    let mut parts = |at: L::Point| -> Result<Vec<Vec<L::Point>>, EngineError> {
        Ok(options(at)?.into_iter().map(|p| vec![p]).collect())
    };
    let slot = |at: L::Point| grid.index(at);
    let positions = Positions {
        options: &mut parts,
        slot: &slot,
        size: grid.size(),
        noun: ("position", "positions"),
    };
    solve::values_of(positions, points(grid), budget)
}

/// Where the rays-and-steps solver gets a position's moves: it fills `moves` (cleared first).
pub type MovesAt<'r, P = Pair> = dyn FnMut(P, &mut Moves<P>) -> Result<(), EngineError> + 'r;

/// For each ray direction seen: whether some P-position lies strictly below each position on it.
struct RayTables<P> {
    directions: Vec<P>,
    below: Vec<Vec<bool>>,
}

impl<P: Coords> RayTables<P> {
    /// The table of `d`, built over positions `0..=upto` when `d` is new.
    fn index<L: Lattice<Point = P>>(
        &mut self,
        d: P,
        grid: L,
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
        let mut below = vec![false; grid.size()];
        for i in 0..=upto {
            below[i] = lower(grid, i, d).is_some_and(|j| p[j] || below[j]);
        }
        self.directions.push(d);
        self.below.push(below);
        Ok(self.directions.len() - 1)
    }

    /// Fills every table at position `i` (all positions before it are known).
    fn extend<L: Lattice<Point = P>>(&mut self, grid: L, p: &[bool], i: usize) {
        for (d, below) in self.directions.iter().zip(&mut self.below) {
            below[i] = lower(grid, i, *d).is_some_and(|j| p[j] || below[j]);
        }
    }
}

/// The index of position `i` minus `d`, if it stays non-negative.
fn lower<L: Lattice>(grid: L, i: usize, d: L::Point) -> Option<usize> {
    grid.index(grid.point(i).minus(d)?)
}

/// The loopy message when a direction is zero.
fn check_moves<P: Coords>(at: P, moves: &Moves<P>) -> Result<(), EngineError> {
    if moves.rays.iter().chain(&moves.steps).any(|d| d.is_zero()) {
        return Err(solve::loopy(at));
    }
    Ok(())
}

/// Which positions of the box are P-positions (normal play), in index order, in
/// O(size·#rays): `moves_at` gives each position's own rays and steps, `fixed_steps` are
/// steps every position has (marked forward from each P-position found).
pub fn p_positions_by_rays<L: Lattice>(
    grid: L,
    moves_at: &mut MovesAt<L::Point>,
    fixed_steps: &[L::Point],
    budget: &mut Budget,
) -> Result<Vec<bool>, EngineError> {
    outcomes_by_rays(grid, moves_at, fixed_steps, false, budget)
}

/// [`p_positions_by_rays`] under misère play: a position with no move is an N-position (the
/// player who cannot move wins), any other is P exactly when no option is P.
pub fn misere_p_positions_by_rays<L: Lattice>(
    grid: L,
    moves_at: &mut MovesAt<L::Point>,
    fixed_steps: &[L::Point],
    budget: &mut Budget,
) -> Result<Vec<bool>, EngineError> {
    outcomes_by_rays(grid, moves_at, fixed_steps, true, budget)
}

/// The P-positions of the rays-and-steps form under either convention (see
/// [`p_positions_by_rays`]); only the positions with no move differ.
fn outcomes_by_rays<L: Lattice>(
    grid: L,
    moves_at: &mut MovesAt<L::Point>,
    fixed_steps: &[L::Point],
    misere: bool,
    budget: &mut Budget,
) -> Result<Vec<bool>, EngineError> {
    if let Some(&zero) = fixed_steps.iter().find(|d| d.is_zero()) {
        return Err(solve::loopy(zero));
    }
    let mut p = vec![false; grid.size()];
    let mut hit = vec![false; grid.size()];
    let mut tables = RayTables {
        directions: Vec::new(),
        below: Vec::new(),
    };
    let mut moves = Moves::default();
    for i in 0..grid.size() {
        if i % 65_536 == 0 {
            budget.tick(i as u64, grid.size() as u64)?;
        }
        let at = grid.point(i);
        moves.load(at, moves_at)?;
        tables.extend(grid, &p, i);
        let mut wins = hit[i];
        for &d in &moves.rays {
            let t = tables.index(d, grid, &p, i)?;
            wins |= tables.below[t][i];
        }
        wins |= moves.steps.iter().any(|&d| {
            at.minus(d)
                .and_then(|q| grid.index(q))
                .is_some_and(|j| p[j])
        });
        if misere && !wins {
            let mut all = moves.rays.iter().chain(&moves.steps).chain(fixed_steps);
            wins = !all.any(|&d| at.minus(d).is_some());
        }
        p[i] = !wins;
        if p[i] {
            for &d in fixed_steps {
                if let Some(j) = at.plus(d).and_then(|q| grid.index(q)) {
                    hit[j] = true;
                }
            }
        }
    }
    Ok(p)
}

/// Misère outcomes of the box from options (the options form and the reference): P-positions
/// by the generic depth-first solver, a position with no option being an N-position.
pub fn misere_by_options<L: Lattice>(
    grid: L,
    options: &mut dyn FnMut(L::Point) -> Result<Vec<L::Point>, EngineError>,
    budget: &mut Budget,
) -> Result<Vec<bool>, EngineError> {
    let slot = |at: L::Point| grid.index(at);
    let place = solve::Place {
        slot: &slot,
        size: grid.size(),
        noun: ("position", "positions"),
    };
    let mut eval = solve::MisereOutcome(options);
    let p = solve::evaluate(&mut eval, place, points(grid), budget)?;
    Ok(p.into_iter().map(|p| p == Some(true)).collect())
}

/// Nim-values of the box in the rays-and-steps form: each position's mex over every option
/// (in index order, since every option lies below). Refused beyond [`MAX_RAY_VALUES`]
/// positions.
pub fn values_by_rays<L: Lattice>(
    grid: L,
    moves_at: &mut MovesAt<L::Point>,
    fixed_steps: &[L::Point],
    budget: &mut Budget,
) -> Result<Vec<u64>, EngineError> {
    if grid.size() as u64 > MAX_RAY_VALUES {
        return Err(EngineError::OutOfRange(format!(
            "nim-values of a rays ruleset are computed on at most {} positions",
            grouped(MAX_RAY_VALUES)
        )));
    }
    let mut values = vec![0u64; grid.size()];
    let mut moves = Moves::default();
    let mut seen = Vec::new();
    for i in 0..grid.size() {
        if i % 4096 == 0 {
            budget.tick(i as u64, grid.size() as u64)?;
        }
        let at = grid.point(i);
        moves.load(at, moves_at)?;
        moves.steps.extend_from_slice(fixed_steps);
        check_moves(at, &moves)?;
        let options = moves.options(at);
        seen.clear();
        seen.resize(options.len() + 1, false);
        for q in options {
            let v = values[grid.index(q).expect("options lie below")] as usize;
            if v < seen.len() {
                seen[v] = true;
            }
        }
        values[i] = seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u64;
    }
    Ok(values)
}
