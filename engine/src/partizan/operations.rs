//! Operations on canonical forms that CGSuite users reach for: cooling `G_t`, heating `∫^t G`,
//! overheating `∫_s^t G`, Norton products `G.U` and incentives. Definitions: Siegel,
//! *Combinatorial Game Theory* (AMS 2013), Sections II.5 (cooling, heating) and II.6 (Norton
//! products, overheating), and Berlekamp–Conway–Guy, *Winning Ways*, ch. 6 and 8; conventions
//! as CGSuite's `CanonicalShortGame` (`Cool`, `Heat`, `Overheat`, `NortonMultiply`,
//! `Incentives`), which these follow on canonical forms.
//!
//! Every operation recurses over the canonical form of `g` (depth at most its birthday) and
//! memoises nothing between calls except what the store itself remembers (sums, comparisons).

use super::game::{GameId, GameStore};
use super::number::Dyadic;
use crate::EngineError;
use rustc_hash::FxHashMap as HashMap;

/// The left incentives `G^L − G` and right incentives `G − G^R` of a game, each side with
/// dominated (smaller) incentives removed, as CGSuite's `LeftIncentives`/`RightIncentives`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Incentives {
    /// `G^L − G` for Left's options, the maximal ones.
    pub left: Vec<GameId>,
    /// `G − G^R` for Right's options, the maximal ones.
    pub right: Vec<GameId>,
}

impl GameStore {
    /// `G_t`, `g` cooled by `t ≥ 0` (Siegel II.5, Definition 5.1): every move is taxed by `t`,
    /// `G_t = {G^L_t − t | G^R_t + t}`, until `t` passes the temperature of `g`, where `G_t`
    /// is the mean. At `t` equal to the temperature the taxed form is kept (`{2|-1}` cooled by
    /// 3/2 is `1/2*`). Numbers are unchanged. Negative `t` is refused: HeapLab's thermographs
    /// keep numbers fixed below 0, where Siegel's and CGSuite's cooling would tax them.
    pub fn cool(&mut self, g: GameId, t: Dyadic) -> Result<GameId, EngineError> {
        if t < Dyadic::integer(0) {
            return Err(EngineError::OutOfRange(format!(
                "cooling by {t}: HeapLab cools by temperatures t ≥ 0"
            )));
        }
        let (tax, rebate) = (self.number(t.negated())?, self.number(t)?);
        let mut memo = HashMap::default();
        self.cool_by(g, t, (tax, rebate), &mut memo)
    }

    fn cool_by(
        &mut self,
        g: GameId,
        t: Dyadic,
        (tax, rebate): (GameId, GameId),
        memo: &mut HashMap<GameId, GameId>,
    ) -> Result<GameId, EngineError> {
        if self.as_number(g).is_some() {
            return Ok(g);
        }
        if let Some(&known) = memo.get(&g) {
            return Ok(known);
        }
        let (mean, temperature) = self.mean_temperature(g)?;
        let out = if temperature < t {
            self.number(mean)?
        } else {
            let mut left = Vec::new();
            for o in self.left(g)? {
                let c = self.cool_by(o, t, (tax, rebate), memo)?;
                left.push(self.add(c, tax)?);
            }
            let mut right = Vec::new();
            for o in self.right(g)? {
                let c = self.cool_by(o, t, (tax, rebate), memo)?;
                right.push(self.add(c, rebate)?);
            }
            self.canonical(left, right)?
        };
        memo.insert(g, out);
        Ok(out)
    }

    /// `∫^t G`, `g` heated by the game `t` (Siegel II.5; CGSuite's `Heat`): numbers are
    /// unchanged, otherwise `{∫^t G^L + t | ∫^t G^R − t}` on the canonical form of `g`.
    /// Heating acts on forms, so it undoes cooling only where no follower froze.
    pub fn heat(&mut self, g: GameId, t: GameId) -> Result<GameId, EngineError> {
        let minus = self.neg(t)?;
        let mut memo = HashMap::default();
        self.heat_by(g, (t, minus), None, &mut memo)
    }

    /// An error `"{what}, and X is not positive"` unless `x > 0`.
    fn require_positive(&mut self, x: GameId, what: &str) -> Result<(), EngineError> {
        if self.outcome(x)? == super::game::Outcome::L {
            return Ok(());
        }
        let text = self.display(x)?;
        Err(EngineError::OutOfRange(format!(
            "{what}, and {text} is not positive"
        )))
    }

    /// `∫_s^t G`, `g` overheated from `s` to `t` (Siegel II.6; CGSuite's `Overheat(s, t)`):
    /// an integer `n` becomes `n.s` (`n` copies of `s`), otherwise
    /// `{∫_s^t G^L + t | ∫_s^t G^R − t}`. Both `s` and `t` must be positive games.
    pub fn overheat(&mut self, g: GameId, s: GameId, t: GameId) -> Result<GameId, EngineError> {
        self.require_positive(s, "overheating needs s > 0")?;
        self.require_positive(t, "overheating needs t > 0")?;
        let minus = self.neg(t)?;
        let mut memo = HashMap::default();
        self.heat_by(g, (t, minus), Some(s), &mut memo)
    }

    /// Heating (`base` none) or overheating from `base`, over the canonical form of `g`.
    fn heat_by(
        &mut self,
        g: GameId,
        (t, minus): (GameId, GameId),
        base: Option<GameId>,
        memo: &mut HashMap<GameId, GameId>,
    ) -> Result<GameId, EngineError> {
        if let Some(x) = self.as_number(g) {
            return match base {
                None => Ok(g),
                Some(s) if x.is_integer() => self.norton_integer(x.numerator(), s),
                Some(_) => self.heat_options(g, (t, minus), base, memo),
            };
        }
        if let Some(&known) = memo.get(&g) {
            return Ok(known);
        }
        let out = self.heat_options(g, (t, minus), base, memo)?;
        memo.insert(g, out);
        Ok(out)
    }

    /// `{H(G^L) + t | H(G^R) − t}` for the heating `H` that `base` selects.
    fn heat_options(
        &mut self,
        g: GameId,
        (t, minus): (GameId, GameId),
        base: Option<GameId>,
        memo: &mut HashMap<GameId, GameId>,
    ) -> Result<GameId, EngineError> {
        let mut left = Vec::new();
        for o in self.left(g)? {
            let h = self.heat_by(o, (t, minus), base, memo)?;
            left.push(self.add(h, t)?);
        }
        let mut right = Vec::new();
        for o in self.right(g)? {
            let h = self.heat_by(o, (t, minus), base, memo)?;
            right.push(self.add(h, minus)?);
        }
        self.canonical(left, right)
    }

    /// `n.U` for an integer `n`: `|n|` copies of `U` (or of `−U`), by doubling.
    fn norton_integer(&mut self, n: i64, u: GameId) -> Result<GameId, EngineError> {
        let mut power = if n < 0 { self.neg(u)? } else { u };
        let mut total = self.zero();
        let mut rest = n.unsigned_abs();
        while rest > 0 {
            if rest & 1 == 1 {
                total = self.add(total, power)?;
            }
            rest >>= 1;
            if rest > 0 {
                power = self.add(power, power)?;
            }
        }
        Ok(total)
    }

    /// The Norton product `G.U` by a positive `U` (Siegel II.6; Winning Ways ch. 8; CGSuite's
    /// `NortonMultiply`): `n.U` is `n` copies of `U` for an integer `n`; otherwise
    /// `G.U = {G^L.U + U + I | G^R.U − U − I}` over `G`'s canonical options and `U`'s
    /// maximal incentives `I`. (Thesis Theorem 3.104 uses `G.1* = {G^L.1* + 1 | G^R.1* − 1}`.)
    pub fn norton(&mut self, g: GameId, u: GameId) -> Result<GameId, EngineError> {
        self.require_positive(u, "the Norton product G.U needs U > 0")?;
        let incentives = self.incentives(u)?;
        let mut steps = Vec::new();
        for i in incentives.left.into_iter().chain(incentives.right) {
            steps.push(self.add(u, i)?);
        }
        let mut steps = self.undominated(steps, true)?;
        steps.sort_unstable();
        let mut memo = HashMap::default();
        self.norton_by(g, u, &steps, &mut memo)
    }

    fn norton_by(
        &mut self,
        g: GameId,
        u: GameId,
        steps: &[GameId],
        memo: &mut HashMap<GameId, GameId>,
    ) -> Result<GameId, EngineError> {
        if let Some(x) = self.as_number(g).filter(|x| x.is_integer()) {
            return self.norton_integer(x.numerator(), u);
        }
        if let Some(&known) = memo.get(&g) {
            return Ok(known);
        }
        let mut left = Vec::new();
        for o in self.left(g)? {
            let p = self.norton_by(o, u, steps, memo)?;
            for &s in steps {
                left.push(self.add(p, s)?);
            }
        }
        let mut right = Vec::new();
        for o in self.right(g)? {
            let p = self.norton_by(o, u, steps, memo)?;
            for &s in steps {
                right.push(self.sub(p, s)?);
            }
        }
        let out = self.canonical(left, right)?;
        memo.insert(g, out);
        Ok(out)
    }

    /// The incentives of `g` (Siegel II.6; Winning Ways ch. 6): `G^L − G` for Left and
    /// `G − G^R` for Right over the canonical options, dominated ones removed on each side.
    pub fn incentives(&mut self, g: GameId) -> Result<Incentives, EngineError> {
        let mut left = Vec::new();
        for o in self.left(g)? {
            left.push(self.sub(o, g)?);
        }
        let mut right = Vec::new();
        for o in self.right(g)? {
            right.push(self.sub(g, o)?);
        }
        left.sort_unstable();
        left.dedup();
        right.sort_unstable();
        right.dedup();
        Ok(Incentives {
            left: self.undominated(left, true)?,
            right: self.undominated(right, true)?,
        })
    }

    /// The ordinal sum `G : H = {G^L, G : H^L | G^R, G : H^R}` taken on canonical forms
    /// (Winning Ways; CGSuite's `OrdinalSum`), used by the atomicity test of [`super::atomic`].
    pub fn ordinal_sum(&mut self, g: GameId, h: GameId) -> Result<GameId, EngineError> {
        let mut left = self.left(g)?;
        for o in self.left(h)? {
            left.push(self.ordinal_sum(g, o)?);
        }
        let mut right = self.right(g)?;
        for o in self.right(h)? {
            right.push(self.ordinal_sum(g, o)?);
        }
        self.canonical(left, right)
    }
}
