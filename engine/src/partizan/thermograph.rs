//! Thermographs, means and temperatures (thesis Chapter 2's temperature theory; the
//! definitions are Siegel's, *Combinatorial Game Theory*, Section II.5).
//!
//! Cooling `G` by `t` taxes every move by `t`: `G_t = {G^L_t − t | G^R_t + t}` until, at the
//! least `τ` where this form is infinitesimally close to a number `m`, it freezes at `m` for
//! every hotter `t`. The **thermograph** is the pair of walls `t ↦ L(G_t)` (left) and
//! `t ↦ R(G_t)` (right) for `t ≥ −1`; the **mean** is `m`, where the walls meet and the mast
//! rises, and the **temperature** is `τ`. The walls are computed from the options' walls: the
//! left wall is `max R-wall(G^L) − t` and the right wall `min L-wall(G^R) + t` below `τ`,
//! and `m` above it.
//!
//! Convention for numbers (Siegel's): a number `x` is its own mast, `x_t = x` for every `t`,
//! and its temperature is `−1/2^b` for `x = a/2^b` in lowest terms (`−1` for integers), so
//! numbers are colder than every other game; `*`, `↑` and other infinitesimals have
//! temperature 0, and switches `±x` temperature `x`.

use super::game::{GameId, GameStore};
use super::number::Dyadic;
use crate::EngineError;

/// One linear piece of a wall: from temperature `from` on (until the next piece), the wall is
/// `value + slope · (t − from)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Piece {
    /// Where the piece starts.
    pub from: Dyadic,
    /// The wall's position there.
    pub value: Dyadic,
    /// The slope, −1, 0 or 1.
    pub slope: i64,
}

/// A continuous piecewise-linear function of the temperature `t ≥ −1`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Wall {
    /// The pieces in increasing `from`, the first from `−1`, the last unbounded.
    pub pieces: Vec<Piece>,
}

/// A game's thermograph with its mean and temperature.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Thermograph {
    /// `t ↦ L(G_t)`.
    pub left: Wall,
    /// `t ↦ R(G_t)`.
    pub right: Wall,
    /// Where the mast stands.
    pub mean: Dyadic,
    /// Where the walls meet (for numbers, `−1/2^b`).
    pub temperature: Dyadic,
}

/// The coldest temperature HeapLab cools by.
pub const COLDEST: Dyadic = Dyadic::integer(-1);

fn sub(a: Dyadic, b: Dyadic) -> Result<Dyadic, EngineError> {
    a.checked_add(b.negated())
}

/// `slope · x` for a slope −2..=2.
fn times(x: Dyadic, slope: i64) -> Result<Dyadic, EngineError> {
    let mut out = Dyadic::integer(0);
    for _ in 0..slope.unsigned_abs() {
        out = out.checked_add(if slope < 0 { x.negated() } else { x })?;
    }
    Ok(out)
}

/// `x / d` for `d` 1 or 2 (the only divisors the slopes −1, 0, 1 produce).
fn over(x: Dyadic, d: i64) -> Result<Dyadic, EngineError> {
    match d {
        1 => Ok(x),
        _ => Dyadic::new(x.numerator(), x.exponent() + 1),
    }
}

impl Piece {
    fn at(&self, t: Dyadic) -> Result<Dyadic, EngineError> {
        self.value
            .checked_add(times(sub(t, self.from)?, self.slope)?)
    }
}

impl Wall {
    /// The vertical line at `x`.
    pub fn constant(x: Dyadic) -> Wall {
        Wall {
            pieces: vec![Piece {
                from: COLDEST,
                value: x,
                slope: 0,
            }],
        }
    }

    /// The wall as breakpoints `(t, value)`, one where each piece starts (the first at
    /// `t = −1`): linear between them and vertical after the last (the mast).
    pub fn breakpoints(&self) -> Vec<(Dyadic, Dyadic)> {
        self.pieces.iter().map(|p| (p.from, p.value)).collect()
    }

    /// The piece in force at `t ≥ −1`.
    fn piece(&self, t: Dyadic) -> &Piece {
        let i = self.pieces.partition_point(|p| p.from <= t);
        &self.pieces[i.saturating_sub(1)]
    }

    /// The wall's position at temperature `t ≥ −1`.
    pub fn at(&self, t: Dyadic) -> Result<Dyadic, EngineError> {
        self.piece(t).at(t)
    }

    /// `self(t) + slope · t`.
    fn tilted(&self, slope: i64) -> Result<Wall, EngineError> {
        let mut pieces = Vec::with_capacity(self.pieces.len());
        for p in &self.pieces {
            pieces.push(Piece {
                from: p.from,
                value: p.value.checked_add(times(p.from, slope)?)?,
                slope: p.slope + slope,
            });
        }
        Ok(Wall { pieces })
    }

    /// Every piece start of both walls, in order, without repeats (a merge: each wall's
    /// pieces are in order already).
    fn breaks(&self, other: &Wall) -> Vec<Dyadic> {
        let (a, b) = (&self.pieces, &other.pieces);
        let mut all: Vec<Dyadic> = Vec::with_capacity(a.len() + b.len());
        let (mut i, mut j) = (0, 0);
        while i < a.len() || j < b.len() {
            let take_a = j == b.len() || (i < a.len() && a[i].from <= b[j].from);
            let t = if take_a { a[i].from } else { b[j].from };
            if take_a {
                i += 1;
            } else {
                j += 1;
            }
            if all.last() != Some(&t) {
                all.push(t);
            }
        }
        all
    }

    /// The pointwise maximum (`upper`) or minimum of two walls.
    fn envelope(&self, other: &Wall, upper: bool) -> Result<Wall, EngineError> {
        let breaks = self.breaks(other);
        let mut pieces: Vec<Piece> = Vec::new();
        for (i, &t) in breaks.iter().enumerate() {
            let (a, b) = (self.piece(t), other.piece(t));
            let (va, vb) = (a.at(t)?, b.at(t)?);
            let a_wins = if va != vb {
                (va > vb) == upper
            } else {
                (a.slope >= b.slope) == upper
            };
            let (win, lose, vw, vl) = if a_wins {
                (a, b, va, vb)
            } else {
                (b, a, vb, va)
            };
            push(&mut pieces, t, vw, win.slope);
            // The loser overtakes where the gap closes, if that is before the next break.
            let closing = if upper {
                lose.slope - win.slope
            } else {
                win.slope - lose.slope
            };
            if closing > 0 && vw != vl {
                let gap = if upper { sub(vw, vl)? } else { sub(vl, vw)? };
                let cross = t.checked_add(over(gap, closing)?)?;
                if breaks.get(i + 1).is_none_or(|&next| cross < next) {
                    push(&mut pieces, cross, lose.at(cross)?, lose.slope);
                }
            }
        }
        Ok(Wall { pieces })
    }

    /// The wall up to `tau`, then vertical at `mean`.
    fn frozen(&self, tau: Dyadic, mean: Dyadic) -> Wall {
        let mut pieces: Vec<Piece> = self
            .pieces
            .iter()
            .copied()
            .filter(|p| p.from < tau)
            .collect();
        push(&mut pieces, tau, mean, 0);
        Wall { pieces }
    }
}

/// Appends a piece, merging it into the last when it continues the same line.
fn push(pieces: &mut Vec<Piece>, from: Dyadic, value: Dyadic, slope: i64) {
    if pieces.last().is_some_and(|p| p.slope == slope) {
        return;
    }
    pieces.push(Piece { from, value, slope });
}

/// The least `t ≥ −1` where the non-increasing `left` is at most the non-decreasing `right`.
fn meeting(left: &Wall, right: &Wall) -> Result<Option<Dyadic>, EngineError> {
    let breaks = left.breaks(right);
    for (i, &t) in breaks.iter().enumerate() {
        let gap = sub(left.at(t)?, right.at(t)?)?;
        if gap <= Dyadic::integer(0) {
            return Ok(Some(t));
        }
        let closing = right.piece(t).slope - left.piece(t).slope;
        if closing > 0 {
            let cross = t.checked_add(over(gap, closing)?)?;
            if breaks.get(i + 1).is_none_or(|&next| cross <= next) {
                return Ok(Some(cross));
            }
        }
    }
    Ok(None)
}

/// The temperature HeapLab's convention gives the number `x`: `−1/2^b`.
pub fn number_temperature(x: Dyadic) -> Result<Dyadic, EngineError> {
    Dyadic::new(-1, x.exponent())
}

impl GameStore {
    /// The thermograph of `g` (memoised).
    pub fn thermograph(&mut self, g: GameId) -> Result<Thermograph, EngineError> {
        if let Some(x) = self.as_number(g) {
            return Ok(Thermograph {
                left: Wall::constant(x),
                right: Wall::constant(x),
                mean: x,
                temperature: number_temperature(x)?,
            });
        }
        if let Some(known) = self.thermo_memo.get(&g) {
            return Ok(known.clone());
        }
        let left = self.side_wall(g, true)?;
        let right = self.side_wall(g, false)?;
        let tau = meeting(&left, &right)?.ok_or_else(|| {
            EngineError::OutOfRange("a thermograph whose walls never meet".into())
        })?;
        let mean = left.at(tau)?;
        let graph = Thermograph {
            left: left.frozen(tau, mean),
            right: right.frozen(tau, mean),
            mean,
            temperature: tau,
        };
        self.thermo_memo.insert(g, graph.clone());
        Ok(graph)
    }

    /// Below freezing: `max R-wall(G^L) − t` (Left) or `min L-wall(G^R) + t` (Right).
    fn side_wall(&mut self, g: GameId, left: bool) -> Result<Wall, EngineError> {
        let options = if left { self.left(g)? } else { self.right(g)? };
        let mut best: Option<Wall> = None;
        for o in options {
            let graph = self.thermograph(o)?;
            let wall = if left { graph.right } else { graph.left };
            best = Some(match best {
                None => wall,
                Some(b) => b.envelope(&wall, left)?,
            });
        }
        let best = best.ok_or_else(|| {
            EngineError::OutOfRange("a canonical non-number with no options on one side".into())
        })?;
        best.tilted(if left { -1 } else { 1 })
    }

    /// The mean and temperature of `g`.
    pub fn mean_temperature(&mut self, g: GameId) -> Result<(Dyadic, Dyadic), EngineError> {
        let graph = self.thermograph(g)?;
        Ok((graph.mean, graph.temperature))
    }
}

/// A thermograph as curves to draw: each a list of `(temperature, value)` points joined by
/// straight lines, from `bottom` (0, or the temperature of a number) up to `top`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Drawing {
    /// The left wall from `bottom` to the temperature, where it meets the mast.
    pub left: Vec<(Dyadic, Dyadic)>,
    /// The right wall from `bottom` to the temperature.
    pub right: Vec<(Dyadic, Dyadic)>,
    /// The mast: from `(temperature, mean)` up to `(top, mean)`.
    pub mast: Vec<(Dyadic, Dyadic)>,
    /// The coldest temperature drawn.
    pub bottom: Dyadic,
    /// The hottest temperature drawn (one above the temperature, at least 1).
    pub top: Dyadic,
}

impl Wall {
    /// The wall's points from `bottom` to `tau`: both ends and every break between.
    fn points(&self, bottom: Dyadic, tau: Dyadic) -> Result<Vec<(Dyadic, Dyadic)>, EngineError> {
        let mut points = vec![(bottom, self.at(bottom)?)];
        for p in &self.pieces {
            if p.from > bottom && p.from < tau {
                points.push((p.from, p.value));
            }
        }
        if tau > bottom {
            points.push((tau, self.at(tau)?));
        }
        Ok(points)
    }
}

impl Thermograph {
    /// The thermograph as drawable curves (see [`Drawing`]).
    pub fn drawing(&self) -> Result<Drawing, EngineError> {
        let zero = Dyadic::integer(0);
        let tau = self.temperature;
        let bottom = tau.min(zero);
        let top = tau.max(zero).checked_add(Dyadic::integer(1))?;
        Ok(Drawing {
            left: self.left.points(bottom, tau)?,
            right: self.right.points(bottom, tau)?,
            mast: vec![(tau, self.mean), (top, self.mean)],
            bottom,
            top,
        })
    }
}
