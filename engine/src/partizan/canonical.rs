//! Canonical forms from canonical options (thesis Sections 2.2.3–2.2.4): dominated options
//! removed, reversible options bypassed, and numbers found by the simplicity theorem
//! ([`super::simplest`]).

use super::game::{GameId, GameStore};
use super::number::Dyadic;
use crate::EngineError;
use rustc_hash::FxHashMap as HashMap;

impl GameStore {
    /// The canonical form of `{left | right}` whose options are canonical forms: dominated
    /// options removed, reversible options bypassed, numbers found by the simplicity theorem.
    pub fn canonical(
        &mut self,
        mut left: Vec<GameId>,
        mut right: Vec<GameId>,
    ) -> Result<GameId, EngineError> {
        loop {
            left.sort_unstable();
            left.dedup();
            right.sort_unstable();
            right.dedup();
            if let Some(id) = self.number_form(&left, &right)? {
                return Ok(id);
            }
            left = self.undominated(left, true)?;
            right = self.undominated(right, false)?;
            let mut changed = false;
            if let Some(bypassed) = self.bypass(&left, &right, true)? {
                left = bypassed;
                changed = true;
            }
            if let Some(bypassed) = self.bypass(&left, &right, false)? {
                right = bypassed;
                changed = true;
            }
            if !changed {
                return match self.number_form(&left, &right)? {
                    Some(id) => Ok(id),
                    None => self.intern_form(left, right),
                };
            }
        }
    }

    /// The number `{left | right}` equals (judged by comparison, [`super::simplest`]), or,
    /// for a hot game whose options are all numbers, the form `{max L | min R}`. `None`
    /// otherwise.
    fn number_form(
        &mut self,
        left: &[GameId],
        right: &[GameId],
    ) -> Result<Option<GameId>, EngineError> {
        if let Some(x) = self.number_value(left, right)? {
            return Ok(Some(self.number(x)?));
        }
        let numbers = |store: &Self, side: &[GameId]| -> Option<Vec<Dyadic>> {
            side.iter().map(|&g| store.as_number(g)).collect()
        };
        let (Some(ls), Some(rs)) = (numbers(self, left), numbers(self, right)) else {
            return Ok(None);
        };
        // Not a number, so both sides are non-empty and max L ≥ min R.
        match (ls.iter().copied().max(), rs.iter().copied().min()) {
            (Some(h), Some(l)) => {
                let (a, b) = (self.number(h)?, self.number(l)?);
                Ok(Some(self.intern_form(vec![a], vec![b])?))
            }
            _ => Ok(None),
        }
    }

    /// The options on one side that no other option dominates (Left keeps maxima, Right
    /// minima), kept in one pass: each candidate is dropped if a kept one beats it, and
    /// otherwise evicts the kept ones it beats. Distinct ids are distinct values.
    pub(super) fn undominated(
        &mut self,
        side: Vec<GameId>,
        left: bool,
    ) -> Result<Vec<GameId>, EngineError> {
        let mut kept: Vec<GameId> = Vec::with_capacity(side.len());
        'next: for a in side {
            for &b in &kept {
                let beats = if left { self.ge(b, a)? } else { self.le(b, a)? };
                if beats {
                    continue 'next;
                }
            }
            let mut evicted = Vec::with_capacity(kept.len());
            for &b in &kept {
                let beaten = if left { self.ge(a, b)? } else { self.le(a, b)? };
                if !beaten {
                    evicted.push(b);
                }
            }
            kept = evicted;
            kept.push(a);
        }
        kept.sort_unstable();
        Ok(kept)
    }

    /// Bypasses the first reversible option found on one side (Left's when `on_left`), or
    /// returns `None` when there is none. `G^L` reverses through `G^{LR} ≤ G` and is replaced
    /// by the Left options of `G^{LR}`; symmetrically for Right.
    fn bypass(
        &mut self,
        left: &[GameId],
        right: &[GameId],
        on_left: bool,
    ) -> Result<Option<Vec<GameId>>, EngineError> {
        let mut form = FormCompare::new(self, left, right)?;
        let side = if on_left { left } else { right };
        for (i, &option) in side.iter().enumerate() {
            let replies = if on_left {
                self.right(option)?
            } else {
                self.left(option)?
            };
            for reply in replies {
                let reverses = if on_left {
                    self.le_form(reply, &mut form)?
                } else {
                    self.ge_form(reply, &mut form)?
                };
                if reverses {
                    let mut out: Vec<GameId> = side[..i].to_vec();
                    out.extend_from_slice(&side[i + 1..]);
                    let through = if on_left {
                        self.left(reply)?
                    } else {
                        self.right(reply)?
                    };
                    out.extend(through);
                    return Ok(Some(out));
                }
            }
        }
        Ok(None)
    }

    /// `x ≤ G` for a canonical `x` and the form `G` (options canonical).
    fn le_form(&mut self, x: GameId, form: &mut FormCompare<'_>) -> Result<bool, EngineError> {
        if let Some(&known) = form.memo.get(&(x, false)) {
            return Ok(known);
        }
        if let Some((gl, gr)) = form.stops {
            let (xl, xr) = self.stops(x)?;
            if xl > gl || xr > gr {
                return Ok(false);
            }
            if xl < gr {
                return Ok(true);
            }
        }
        let mut answer = true;
        for &r in form.right {
            if self.le(r, x)? {
                answer = false;
                break;
            }
        }
        if answer {
            for xl in self.left(x)? {
                if self.ge_form(xl, form)? {
                    answer = false;
                    break;
                }
            }
        }
        form.memo.insert((x, false), answer);
        Ok(answer)
    }

    /// `x ≥ G` for a canonical `x` and the form `G` (options canonical).
    fn ge_form(&mut self, x: GameId, form: &mut FormCompare<'_>) -> Result<bool, EngineError> {
        if let Some(&known) = form.memo.get(&(x, true)) {
            return Ok(known);
        }
        if let Some((gl, gr)) = form.stops {
            let (xl, xr) = self.stops(x)?;
            if xl < gl || xr < gr {
                return Ok(false);
            }
            if xr > gl {
                return Ok(true);
            }
        }
        let mut answer = true;
        for &l in form.left {
            if self.ge(l, x)? {
                answer = false;
                break;
            }
        }
        if answer {
            for xr in self.right(x)? {
                if self.le_form(xr, form)? {
                    answer = false;
                    break;
                }
            }
        }
        form.memo.insert((x, true), answer);
        Ok(answer)
    }
}

/// A form `{left | right}` with canonical options being compared with canonical games: its
/// stops (which depend only on its value) settle most comparisons; the rest are memoised.
struct FormCompare<'a> {
    left: &'a [GameId],
    right: &'a [GameId],
    stops: Option<(Dyadic, Dyadic)>,
    memo: HashMap<(GameId, bool), bool>,
}

impl<'a> FormCompare<'a> {
    fn new(
        store: &mut GameStore,
        left: &'a [GameId],
        right: &'a [GameId],
    ) -> Result<Self, EngineError> {
        let (high, low) = store.stops_of_options(left, right)?;
        // These are the form's stops only when it is not a number strictly between them
        // (`high < low`, [`super::simplest`]); then comparisons go by the definition alone.
        let stops = high.zip(low).filter(|(high, low)| high >= low);
        Ok(FormCompare {
            left,
            right,
            stops,
            memo: HashMap::default(),
        })
    }
}
