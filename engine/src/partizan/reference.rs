//! The slow reference: games as plain trees, outcomes by playing every line out, and
//! comparison by `G − H ≥ 0` through the game tree of the difference, with no simplification.
//! Tests compare it with the canonical-form fast path on every game of birthday ≤ 2.

use super::game::{GameId, GameStore, Outcome};
use super::number::Dyadic;
use crate::EngineError;
use std::rc::Rc;

/// A game as a plain tree of options (subtrees may be shared).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Tree {
    /// Left's options.
    pub left: Vec<Rc<Tree>>,
    /// Right's options.
    pub right: Vec<Rc<Tree>>,
}

impl Tree {
    /// The game `{left | right}`.
    pub fn new(left: Vec<Rc<Tree>>, right: Vec<Rc<Tree>>) -> Rc<Tree> {
        Rc::new(Tree { left, right })
    }

    /// The height of the tree.
    pub fn birthday(&self) -> usize {
        self.left
            .iter()
            .chain(&self.right)
            .map(|t| t.birthday() + 1)
            .max()
            .unwrap_or(0)
    }
}

/// Who moves in a sum being played out.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mover {
    Left,
    Right,
}

/// A component of a sum being played out: a tree, possibly negated (`−G` swaps the sides).
#[derive(Clone)]
struct Part {
    tree: Rc<Tree>,
    negated: bool,
}

impl Part {
    fn options(&self, mover: Mover) -> &[Rc<Tree>] {
        match (mover, self.negated) {
            (Mover::Left, false) | (Mover::Right, true) => &self.tree.left,
            (Mover::Right, false) | (Mover::Left, true) => &self.tree.right,
        }
    }
}

/// Does `mover`, moving first in the sum of `parts`, win? Every line is played out.
fn first_wins(parts: &[Part], mover: Mover) -> bool {
    let other = if mover == Mover::Left {
        Mover::Right
    } else {
        Mover::Left
    };
    for (i, part) in parts.iter().enumerate() {
        for option in part.options(mover) {
            let mut next = parts.to_vec();
            next[i] = Part {
                tree: option.clone(),
                negated: part.negated,
            };
            if !first_wins(&next, other) {
                return true;
            }
        }
    }
    false
}

/// The outcome class of `g` by playing it out.
pub fn outcome(g: &Rc<Tree>) -> Outcome {
    let parts = [Part {
        tree: g.clone(),
        negated: false,
    }];
    match (
        first_wins(&parts, Mover::Left),
        first_wins(&parts, Mover::Right),
    ) {
        (true, true) => Outcome::N,
        (true, false) => Outcome::L,
        (false, true) => Outcome::R,
        (false, false) => Outcome::P,
    }
}

/// `g ≥ h`: Right, moving first in `g − h`, loses.
pub fn ge(g: &Rc<Tree>, h: &Rc<Tree>) -> bool {
    geq_sum(std::slice::from_ref(g), std::slice::from_ref(h))
}

/// `g1 + g2 + … ≥ h1 + h2 + …`, by playing out the difference.
pub fn geq_sum(plus: &[Rc<Tree>], minus: &[Rc<Tree>]) -> bool {
    let parts: Vec<Part> = plus
        .iter()
        .map(|t| Part {
            tree: t.clone(),
            negated: false,
        })
        .chain(minus.iter().map(|t| Part {
            tree: t.clone(),
            negated: true,
        }))
        .collect();
    !first_wins(&parts, Mover::Right)
}

/// `g = h`: both `g ≥ h` and `h ≥ g`.
pub fn equal(g: &Rc<Tree>, h: &Rc<Tree>) -> bool {
    ge(g, h) && ge(h, g)
}

/// Every game form born by day `day` (day 2 has 256 forms; larger days are refused).
pub fn forms_by_day(day: usize) -> Result<Vec<Rc<Tree>>, EngineError> {
    if day > 2 {
        return Err(EngineError::OutOfRange(
            "forms_by_day lists days 0..=2 (day 3 has 2^512 forms)".into(),
        ));
    }
    let mut forms = vec![Tree::new(vec![], vec![])];
    for _ in 0..day {
        let subsets = |all: &[Rc<Tree>]| -> Vec<Vec<Rc<Tree>>> {
            (0u32..1 << all.len())
                .map(|mask| {
                    (0..all.len())
                        .filter(|i| mask >> i & 1 == 1)
                        .map(|i| all[i].clone())
                        .collect()
                })
                .collect()
        };
        let sides = subsets(&forms);
        let mut next = Vec::new();
        for l in &sides {
            for r in &sides {
                next.push(Tree::new(l.clone(), r.clone()));
            }
        }
        forms = next;
    }
    Ok(forms)
}

impl GameStore {
    /// The canonical form of a tree (bottom up, through [`GameStore::canonical`]).
    pub fn from_tree(&mut self, tree: &Tree) -> Result<GameId, EngineError> {
        let mut left = Vec::new();
        for t in &tree.left {
            left.push(self.from_tree(t)?);
        }
        let mut right = Vec::new();
        for t in &tree.right {
            right.push(self.from_tree(t)?);
        }
        self.canonical(left, right)
    }

    /// The canonical form of `g` written out as a tree (numbers fully expanded).
    pub fn to_tree(&mut self, g: GameId) -> Result<Rc<Tree>, EngineError> {
        let mut left = Vec::new();
        for o in self.left(g)? {
            left.push(self.to_tree(o)?);
        }
        let mut right = Vec::new();
        for o in self.right(g)? {
            right.push(self.to_tree(o)?);
        }
        Ok(Tree::new(left, right))
    }
}

/// Cooling by the definition (Siegel II.5), the slow reference for thermographs: `G_t` is
/// `{G^L_t − t | G^R_t + t}` until the least temperature `τ` where that form is
/// infinitesimally close to a number `x` (its stops are equal), and `x` from there on. The
/// least `τ` is found by trying every temperature of a dyadic grid in increasing order, so the
/// reference is exact for games whose freezing points lie on the grid.
pub struct Cooling {
    /// The grid step is `2^−fine`.
    fine: u32,
    /// The grid runs from −1 to `hottest`.
    hottest: i64,
    freezing: std::collections::HashMap<GameId, Option<(Dyadic, Dyadic)>>,
    cooled: std::collections::HashMap<(GameId, Dyadic), GameId>,
}

impl Cooling {
    /// A reference cooling on the grid `−1, −1 + 2^−fine, …, hottest`.
    pub fn new(fine: u32, hottest: i64) -> Self {
        Cooling {
            fine,
            hottest,
            freezing: Default::default(),
            cooled: Default::default(),
        }
    }

    /// The grid's temperatures in increasing order.
    pub fn grid(&self) -> Result<Vec<Dyadic>, EngineError> {
        let steps = (self.hottest + 1) << self.fine;
        (0..=steps)
            .map(|k| Dyadic::integer(-1).checked_add(Dyadic::new(k, self.fine)?))
            .collect()
    }

    /// `G_t` for a grid temperature `t`.
    pub fn cooled(
        &mut self,
        store: &mut GameStore,
        g: GameId,
        t: Dyadic,
    ) -> Result<GameId, EngineError> {
        if store.as_number(g).is_some() {
            return Ok(g);
        }
        if let Some(&known) = self.cooled.get(&(g, t)) {
            return Ok(known);
        }
        let out = match self.freezing(store, g)? {
            Some((tau, x)) if t >= tau => store.number(x)?,
            _ => self.taxed(store, g, t)?,
        };
        self.cooled.insert((g, t), out);
        Ok(out)
    }

    /// `{G^L_t − t | G^R_t + t}`.
    fn taxed(
        &mut self,
        store: &mut GameStore,
        g: GameId,
        t: Dyadic,
    ) -> Result<GameId, EngineError> {
        let (tax, rebate) = (store.number(t.negated())?, store.number(t)?);
        let mut left = Vec::new();
        for o in store.left(g)? {
            let c = self.cooled(store, o, t)?;
            left.push(store.add(c, tax)?);
        }
        let mut right = Vec::new();
        for o in store.right(g)? {
            let c = self.cooled(store, o, t)?;
            right.push(store.add(c, rebate)?);
        }
        store.canonical(left, right)
    }

    /// The least grid temperature `τ` where `{G^L_τ − τ | G^R_τ + τ}` is infinitesimally
    /// close to a number, with that number (`None` if it never is on the grid).
    pub fn freezing(
        &mut self,
        store: &mut GameStore,
        g: GameId,
    ) -> Result<Option<(Dyadic, Dyadic)>, EngineError> {
        if let Some(&known) = self.freezing.get(&g) {
            return Ok(known);
        }
        let mut found = None;
        for t in self.grid()? {
            let form = self.taxed(store, g, t)?;
            let (l, r) = store.stops(form)?;
            if l == r {
                found = Some((t, l));
                break;
            }
        }
        self.freezing.insert(g, found);
        Ok(found)
    }
}

/// Cooling a game tree by `t ≥ 0` from the definition (Siegel II.5), the slow reference for
/// [`GameStore::cool`]: a form equal to a number is that number (numbers are colder than 0);
/// otherwise `G_t` is the taxed form `{G^L_t − t | G^R_t + t}` of the tree's own options
/// (cooled the same way, no canonical forms taken first) unless at some `t' < t` the taxed form
/// is infinitesimally close to a number (equal stops), and then it is that number, for the
/// least such `t'`. The `t'` are tried on the grid of multiples of `2^−fine`, so the reference
/// is exact for games whose temperatures lie on the grid.
pub struct TreeCooling {
    fine: u32,
    memo: std::collections::HashMap<(*const Tree, Dyadic), GameId>,
}

impl TreeCooling {
    /// A reference cooling trying freezing points on the multiples of `2^−fine`.
    pub fn new(fine: u32) -> Self {
        TreeCooling {
            fine,
            memo: Default::default(),
        }
    }

    /// `G_t` for the tree `g` (kept alive by the caller while the memo holds its address).
    pub fn cooled(
        &mut self,
        store: &mut GameStore,
        g: &Rc<Tree>,
        t: Dyadic,
    ) -> Result<GameId, EngineError> {
        let key = (Rc::as_ptr(g), t);
        if let Some(&known) = self.memo.get(&key) {
            return Ok(known);
        }
        let value = store.from_tree(g)?;
        let out = if store.as_number(value).is_some() {
            value
        } else {
            let mut frozen = None;
            let mut k = 0;
            loop {
                let earlier = Dyadic::new(k, self.fine)?;
                if earlier >= t {
                    break;
                }
                let form = self.taxed(store, g, earlier)?;
                let (l, r) = store.stops(form)?;
                if l == r {
                    frozen = Some(store.number(l)?);
                    break;
                }
                k += 1;
            }
            match frozen {
                Some(x) => x,
                None => self.taxed(store, g, t)?,
            }
        };
        self.memo.insert(key, out);
        Ok(out)
    }

    /// `{G^L_t − t | G^R_t + t}` over the tree's own options.
    fn taxed(
        &mut self,
        store: &mut GameStore,
        g: &Rc<Tree>,
        t: Dyadic,
    ) -> Result<GameId, EngineError> {
        let (tax, rebate) = (store.number(t.negated())?, store.number(t)?);
        let mut left = Vec::new();
        for o in &g.left {
            let c = self.cooled(store, o, t)?;
            left.push(store.add(c, tax)?);
        }
        let mut right = Vec::new();
        for o in &g.right {
            let c = self.cooled(store, o, t)?;
            right.push(store.add(c, rebate)?);
        }
        store.canonical(left, right)
    }
}
