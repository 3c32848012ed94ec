//! Atomic weights (Winning Ways ch. 8, "It's a Small World"; Siegel, *Combinatorial Game
//! Theory*, Chapter II, atomic weight), with CGSuite's convention (`CanonicalShortGame`'s
//! `AtomicWeight`): the atomic weight of `G` is the `W` with `G ∼ W.↑` (equal "up to far
//! stars": `G + X + *m` and `W.↑ + X + *m` have the same outcome for every `X` and all large
//! `m`), so `↑` has weight 1, `⇑*` 2, `*n` 0, and `{↑3|↓↓}` the hot game `{1|0}`.
//!
//! It is defined for infinitesimals (both stops 0) that are atomic. Every all-small game is
//! atomic; for other infinitesimals CGSuite's test is used: `G − W.↑` lies between `±ε`, with
//! `ε = ↑* + (*2^j : −1)` (`2^j` at least the far star). Games that are not infinitesimal, or
//! not atomic, give an error saying so.
//!
//! The weight comes from the atomic weight calculus: `G₀ = {aw(G^L) − 2 | aw(G^R) + 2}`, and
//! `aw(G) = G₀` unless `G₀` is an integer; then, if `G < *N` (`*N` the far star, one more than
//! the largest nimber among the followers of `G`), `aw(G)` is the least integer `n` with
//! `n ⧐ aw(G^L) − 2` for every `G^L`; if `G > *N`, the greatest `n` with `n ⧏ aw(G^R) + 2`;
//! otherwise `G₀`.

use super::game::{GameId, GameStore};
use super::number::Dyadic;
use crate::EngineError;
use rustc_hash::FxHashMap as HashMap;

impl GameStore {
    /// The atomic weight of `g` (see the module documentation), or an error when `g` is not
    /// infinitesimal or not atomic.
    pub fn atomic_weight(&mut self, g: GameId) -> Result<GameId, EngineError> {
        let (ls, rs) = self.stops(g)?;
        if ls != Dyadic::integer(0) || rs != Dyadic::integer(0) {
            let name = self.display(g)?;
            return Err(EngineError::OutOfRange(format!(
                "atomic weight is defined for infinitesimals (both stops 0); {name} has stops {ls} and {rs}"
            )));
        }
        let mut memo = HashMap::default();
        let weight = self.naive_weight(g, &mut memo)?;
        if !self.is_all_small(g)? && !self.weight_is_atomic(g, weight)? {
            let name = self.display(g)?;
            return Err(EngineError::OutOfRange(format!(
                "{name} is infinitesimal but not atomic: it is not within far-star range of any W.^"
            )));
        }
        Ok(weight)
    }

    /// True when every follower of `g` (itself included) with a move for one player has a
    /// move for the other: in canonical form, no follower is a number other than 0.
    pub fn is_all_small(&mut self, g: GameId) -> Result<bool, EngineError> {
        let mut seen = HashMap::default();
        self.all_small_in(g, &mut seen)
    }

    fn all_small_in(
        &mut self,
        g: GameId,
        seen: &mut HashMap<GameId, bool>,
    ) -> Result<bool, EngineError> {
        if let Some(x) = self.as_number(g) {
            return Ok(x == Dyadic::integer(0));
        }
        if let Some(&known) = seen.get(&g) {
            return Ok(known);
        }
        let mut small = true;
        for o in self.left(g)?.into_iter().chain(self.right(g)?) {
            if !self.all_small_in(o, seen)? {
                small = false;
                break;
            }
        }
        seen.insert(g, small);
        Ok(small)
    }

    /// One more than the largest `n` with `*n` a follower of `g` (1 when there is none).
    pub fn far_star(&mut self, g: GameId) -> Result<u32, EngineError> {
        let mut seen = HashMap::default();
        self.far_star_in(g, &mut seen)
    }

    fn far_star_in(
        &mut self,
        g: GameId,
        seen: &mut HashMap<GameId, u32>,
    ) -> Result<u32, EngineError> {
        if let Some(n) = self.nim_value(g) {
            return Ok(n + 1);
        }
        if self.as_number(g).is_some() {
            return Ok(1);
        }
        if let Some(&known) = seen.get(&g) {
            return Ok(known);
        }
        let mut far = 1;
        for o in self.left(g)?.into_iter().chain(self.right(g)?) {
            far = far.max(self.far_star_in(o, seen)?);
        }
        seen.insert(g, far);
        Ok(far)
    }

    /// The atomic weight calculus (module documentation), before the atomicity test.
    fn naive_weight(
        &mut self,
        g: GameId,
        memo: &mut HashMap<GameId, GameId>,
    ) -> Result<GameId, EngineError> {
        if self.as_number(g).is_some() {
            return Ok(self.zero());
        }
        if let Some(&known) = memo.get(&g) {
            return Ok(known);
        }
        let (two, minus_two) = (self.integer(2)?, self.integer(-2)?);
        let mut left = Vec::new();
        for o in self.left(g)? {
            let w = self.naive_weight(o, memo)?;
            left.push(self.add(w, minus_two)?);
        }
        let mut right = Vec::new();
        for o in self.right(g)? {
            let w = self.naive_weight(o, memo)?;
            right.push(self.add(w, two)?);
        }
        let g0 = self.canonical(left.clone(), right.clone())?;
        let weight = match self.as_number(g0).filter(|x| x.is_integer()) {
            Some(_) => self.integer_weight(g, g0, &left, &right)?,
            None => g0,
        };
        memo.insert(g, weight);
        Ok(weight)
    }

    /// The weight when `G₀` is an integer: compare `g` with its far star.
    fn integer_weight(
        &mut self,
        g: GameId,
        g0: GameId,
        left: &[GameId],
        right: &[GameId],
    ) -> Result<GameId, EngineError> {
        let star = self.far_star(g)?;
        let far = self.nimber(star)?;
        let (below, above) = (self.le(g, far)?, self.ge(g, far)?);
        if below && !above {
            // The least integer n with n ⧐ every aw(G^L) − 2 (not n ≤ it).
            let mut best: Option<i64> = None;
            for &option in left {
                let mut n = ceiling(self.stops(option)?.1);
                let candidate = self.integer(n)?;
                if self.le(candidate, option)? {
                    n += 1;
                }
                best = Some(best.map_or(n, |b| b.max(n)));
            }
            return self.integer(best.unwrap_or(0));
        }
        if above && !below {
            // The greatest integer n with n ⧏ every aw(G^R) + 2 (not n ≥ it).
            let mut best: Option<i64> = None;
            for &option in right {
                let mut n = self.stops(option)?.0.floor();
                let candidate = self.integer(n)?;
                if self.ge(candidate, option)? {
                    n -= 1;
                }
                best = Some(best.map_or(n, |b| b.min(n)));
            }
            return self.integer(best.unwrap_or(0));
        }
        Ok(g0)
    }

    /// CGSuite's atomicity test for a game that is not all-small: `−ε ≤ G − W.↑ ≤ ε`.
    fn weight_is_atomic(&mut self, g: GameId, weight: GameId) -> Result<bool, EngineError> {
        let up = self.up()?;
        let ups = self.norton(weight, up)?;
        let difference = self.sub(g, ups)?;
        let mut power = 2;
        while power < self.far_star(g)? {
            power *= 2;
        }
        let star = self.nimber(power)?;
        let minus_one = self.integer(-1)?;
        let kite = self.ordinal_sum(star, minus_one)?;
        let star1 = self.nimber(1)?;
        let up_star = self.add(up, star1)?;
        let epsilon = self.add(up_star, kite)?;
        let minus_epsilon = self.neg(epsilon)?;
        Ok(self.le(difference, epsilon)? && self.le(minus_epsilon, difference)?)
    }
}

/// The least integer at least `x`.
fn ceiling(x: Dyadic) -> i64 {
    if x.is_integer() {
        x.floor()
    } else {
        x.floor() + 1
    }
}
