//! The simplicity theorem judged by comparison (thesis Theorem 2.52): the number a form
//! `{G^L | G^R}` equals, when it equals one.
//!
//! With `a = max R(G^L)` and `b = min L(G^R)` (`None` for an empty side), a number `x` with
//! every `G^L ⊲ x ⊲ G^R` lies in `[a, b]`: `R(G^L) > x` makes `G^L > x`. Every `x` strictly
//! inside `(a, b)` qualifies (`R(G^L) < x` rules out `G^L ≥ x`), so when `a < b` the form is
//! the simplest qualifying number. An end qualifies only when the options whose stop *is*
//! that end pass the comparison itself: `{-3/4 | {{1|-1/2},… | -2}}` has `a = -3/4` and
//! `b = -1/2`, and equals `-1/2` because its Right option is not `≤ -1/2`, where judging by
//! stops alone would give `-5/8`. When `a ≥ b` the form is not a number unless `a = b` and it
//! equals `a`; either way its stops are `(a, b)`.

use super::game::{GameId, GameStore};
use super::number::Dyadic;
use crate::EngineError;

impl GameStore {
    /// The number the form `{left | right}` (canonical options) equals, or `None` when it is
    /// not one (`a ≥ b`; a form with `a = b` that equals the number `a` is left to the caller's
    /// reduction, which ends in that number's canonical form).
    pub(super) fn number_value(
        &mut self,
        left: &[GameId],
        right: &[GameId],
    ) -> Result<Option<Dyadic>, EngineError> {
        let (a, b) = self.stops_of_options(left, right)?;
        if a.zip(b).is_some_and(|(a, b)| a >= b) {
            return Ok(None);
        }
        self.simplest_qualifying(a, b, |store, end, on_left| {
            let side = if on_left { left } else { right };
            store.end_qualifies(side, end, on_left).map(Some)
        })
    }

    /// For `a < b`: the simplest number of `[a, b]` that qualifies. Every number strictly
    /// inside qualifies; `qualifies(end, on_left)` says whether an end does (`None`: it cannot
    /// tell). Returns `None` when an end that would be the answer is left open.
    pub(super) fn simplest_qualifying(
        &mut self,
        a: Option<Dyadic>,
        b: Option<Dyadic>,
        mut qualifies: impl FnMut(&mut Self, Dyadic, bool) -> Result<Option<bool>, EngineError>,
    ) -> Result<Option<Dyadic>, EngineError> {
        let inside = Dyadic::simplest_between(a, b)?;
        // The ends simpler than `inside`, simplest first (at most two: one swap, no sort).
        let mut ends: Vec<(Dyadic, bool)> = [(a, true), (b, false)]
            .into_iter()
            .filter_map(|(end, on_left)| end.map(|e| (e, on_left)))
            .filter(|(end, _)| end.birthday() < inside.birthday())
            .collect();
        if ends.len() == 2 && ends[1].0.birthday() < ends[0].0.birthday() {
            ends.swap(0, 1);
        }
        for (end, on_left) in ends {
            match qualifies(self, end, on_left)? {
                Some(true) => return Ok(Some(end)),
                Some(false) => continue,
                None => return Ok(None),
            }
        }
        Ok(Some(inside))
    }

    /// Does the number `end` satisfy `G^L ⊲ end` for every Left option in `side` whose right
    /// stop is `end` (`on_left`), or `end ⊲ G^R` for every Right option whose left stop is
    /// `end`? Options with another stop qualify by their stops alone.
    pub(super) fn end_qualifies(
        &mut self,
        side: &[GameId],
        end: Dyadic,
        on_left: bool,
    ) -> Result<bool, EngineError> {
        let x = self.number(end)?;
        for &option in side {
            let (left_stop, right_stop) = self.stops(option)?;
            if (if on_left { right_stop } else { left_stop }) != end {
                continue;
            }
            // G^L ⊲ x fails when G^L ≥ x; x ⊲ G^R fails when x ≥ G^R.
            let fails = if on_left {
                self.ge(option, x)?
            } else {
                self.ge(x, option)?
            };
            if fails {
                return Ok(false);
            }
        }
        Ok(true)
    }
}
