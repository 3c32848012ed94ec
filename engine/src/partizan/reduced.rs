//! Stops and reduced canonical forms (thesis Sections 2.2.5 and 2.2.7).
//!
//! The reduced canonical form `rcf(G)` is the simplest game infinitesimally close to `G`
//! (Definitions 2.72–2.74): a subposition infinitesimally close to a number becomes that
//! number, and Inf-dominated and Inf-reversible options are removed and bypassed. `G ≥ H`
//! modulo infinitesimals holds exactly when the right stop of `G − H` is at least 0, the test
//! the thesis uses in the proof of Theorem 4.56.

use super::game::{GameId, GameStore};
use super::number::Dyadic;
use crate::EngineError;

impl GameStore {
    /// The left and right stops of `g` (thesis Definition 2.57): the number reached when Left,
    /// respectively Right, moves first and both stop as soon as the position is a number.
    pub fn stops(&mut self, g: GameId) -> Result<(Dyadic, Dyadic), EngineError> {
        if let Some(x) = self.as_number(g) {
            return Ok((x, x));
        }
        if let Some(&known) = self.stop_memo.get(&g) {
            return Ok(known);
        }
        // A canonical non-number has options on both sides.
        let (left, right) = (self.left(g)?, self.right(g)?);
        let (left_stop, right_stop) = self.stops_of_options(&left, &right)?;
        let both = (
            left_stop.unwrap_or(Dyadic::integer(0)),
            right_stop.unwrap_or(Dyadic::integer(0)),
        );
        self.stop_memo.insert(g, both);
        Ok(both)
    }

    /// The stops of a form `{left | right}` with canonical options: the largest right stop of
    /// Left's options and the smallest left stop of Right's (`None` for an empty side).
    pub(super) fn stops_of_options(
        &mut self,
        left: &[GameId],
        right: &[GameId],
    ) -> Result<(Option<Dyadic>, Option<Dyadic>), EngineError> {
        let mut high: Option<Dyadic> = None;
        for &l in left {
            let r = self.stops(l)?.1;
            high = Some(high.map_or(r, |h| h.max(r)));
        }
        let mut low: Option<Dyadic> = None;
        for &r in right {
            let l = self.stops(r)?.0;
            low = Some(low.map_or(l, |x| x.min(l)));
        }
        Ok((high, low))
    }

    /// `g ≥ h` modulo infinitesimals: the right stop of `g − h` is at least 0.
    pub fn inf_ge(&mut self, g: GameId, h: GameId) -> Result<bool, EngineError> {
        let difference = self.sub(g, h)?;
        Ok(self.stops(difference)?.1 >= Dyadic::integer(0))
    }

    /// The reduced canonical form of `g` (thesis Definition 2.74), itself in canonical form.
    pub fn reduced(&mut self, g: GameId) -> Result<GameId, EngineError> {
        if self.as_number(g).is_some() {
            return Ok(g);
        }
        if let Some(&known) = self.rcf_memo.get(&g) {
            return Ok(known);
        }
        let (ls, rs) = self.stops(g)?;
        let id = if ls == rs {
            self.number(ls)?
        } else {
            let mut left = Vec::new();
            for l in self.left(g)? {
                left.push(self.reduced(l)?);
            }
            let mut right = Vec::new();
            for r in self.right(g)? {
                right.push(self.reduced(r)?);
            }
            loop {
                left = self.inf_undominated(left, true)?;
                right = self.inf_undominated(right, false)?;
                let (new_left, moved_left) = self.inf_bypass(g, left, true)?;
                let (new_right, moved_right) = self.inf_bypass(g, right, false)?;
                left = new_left;
                right = new_right;
                if !moved_left && !moved_right {
                    break;
                }
            }
            self.canonical(left, right)?
        };
        self.rcf_memo.insert(g, id);
        Ok(id)
    }

    /// The options not Inf-dominated by another (of Inf-equivalent ones the first is kept).
    fn inf_undominated(
        &mut self,
        mut side: Vec<GameId>,
        left: bool,
    ) -> Result<Vec<GameId>, EngineError> {
        side.sort_unstable();
        side.dedup();
        let mut kept = Vec::new();
        'next: for (i, &a) in side.iter().enumerate() {
            for (j, &b) in side.iter().enumerate() {
                if i == j {
                    continue;
                }
                let (b_over_a, a_over_b) = if left {
                    (self.inf_ge(b, a)?, self.inf_ge(a, b)?)
                } else {
                    (self.inf_ge(a, b)?, self.inf_ge(b, a)?)
                };
                if b_over_a && (!a_over_b || j < i) {
                    continue 'next;
                }
            }
            kept.push(a);
        }
        Ok(kept)
    }

    /// Bypasses every Inf-reversible option on one side once; says whether any moved.
    /// Left's `A` reverses through `A^R` when `A^R ≤ g` modulo infinitesimals, and is replaced
    /// by the Left options of `A^R` (symmetrically for Right).
    fn inf_bypass(
        &mut self,
        g: GameId,
        side: Vec<GameId>,
        left: bool,
    ) -> Result<(Vec<GameId>, bool), EngineError> {
        let mut out = Vec::new();
        let mut moved = false;
        for a in side {
            let replies = if left { self.right(a)? } else { self.left(a)? };
            let mut through = None;
            for reply in replies {
                let reverses = if left {
                    self.inf_ge(g, reply)?
                } else {
                    self.inf_ge(reply, g)?
                };
                if reverses {
                    through = Some(reply);
                    break;
                }
            }
            match through {
                Some(reply) => {
                    moved = true;
                    out.extend(if left {
                        self.left(reply)?
                    } else {
                        self.right(reply)?
                    });
                }
                None => out.push(a),
            }
        }
        Ok((out, moved))
    }
}
