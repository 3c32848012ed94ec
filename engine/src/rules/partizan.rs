//! Partizan rulesets: `fn left(n)` and `fn right(n)` give each player's options of a heap,
//! each a list of heaps (a sum of heap games, so breaking moves work), solved to canonical
//! forms in the partizan module's [`GameStore`] by the generic depth-first solver: a heap's
//! form is `{ sums of Left's options | sums of Right's options }` in canonical form, every heap
//! an option names solved first, a cycle refused as loopy.

use rustc_hash::FxHashMap;

use super::script::{Convention, Header, Script, Shape};
use super::solve::{self, Evaluate, Heap, Place};
use crate::budget::Budget;
use crate::partizan::game::{GameId, GameStore};
use crate::partizan::sequence::MAX_TERMS;
use crate::EngineError;

/// What a run of a partizan ruleset finds.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct PartizanReport {
    /// The ruleset's name, convention (normal) and parameters as bound.
    pub header: Header,
    /// The canonical form of each heap `0..canonical.len()`, in the usual notation.
    pub canonical: Vec<String>,
    /// The outcome class of each heap: `L`, `R`, `P` or `N`.
    pub outcomes: String,
}

/// Where a partizan heap's options come from: a script's `left` and `right`, or a closure.
pub trait PlayerRules {
    /// One player's options of heap `n` (`left` for Left), each a list of non-empty heaps.
    fn options(&mut self, left: bool, n: u64) -> Result<Vec<Vec<u64>>, EngineError>;
}

impl<F: FnMut(bool, u64) -> Result<Vec<Vec<u64>>, EngineError>> PlayerRules for F {
    fn options(&mut self, left: bool, n: u64) -> Result<Vec<Vec<u64>>, EngineError> {
        self(left, n)
    }
}

/// The evaluator: both players' options, Left's first, with how many are Left's remembered.
struct Forms<'r> {
    rules: &'r mut dyn PlayerRules,
    store: &'r mut GameStore,
    lefts: FxHashMap<u64, usize>,
}

impl Evaluate<Heap> for Forms<'_> {
    type Value = GameId;

    fn options(&mut self, at: Heap) -> Result<Vec<Vec<Heap>>, EngineError> {
        let mut all = self.rules.options(true, at.0)?;
        self.lefts.insert(at.0, all.len());
        all.extend(self.rules.options(false, at.0)?);
        Ok(all
            .into_iter()
            .map(|parts| parts.into_iter().filter(|&h| h > 0).map(Heap).collect())
            .collect())
    }

    fn value(
        &mut self,
        at: Heap,
        options: &[Vec<Heap>],
        known: &dyn Fn(Heap) -> GameId,
    ) -> Result<GameId, EngineError> {
        let lefts = self.lefts.remove(&at.0).unwrap_or(0);
        let mut sums = Vec::with_capacity(options.len());
        for parts in options {
            let games: Vec<GameId> = parts.iter().map(|&h| known(h)).collect();
            sums.push(self.store.sum(&games)?);
        }
        let right = sums.split_off(lefts.min(sums.len()));
        self.store.canonical(sums, right)
    }
}

/// Canonical forms of heaps `0..terms` in `store` from each player's options.
pub fn canonical_forms(
    rules: &mut dyn PlayerRules,
    terms: u64,
    store: &mut GameStore,
    budget: &mut Budget,
) -> Result<Vec<GameId>, EngineError> {
    if terms == 0 || terms > MAX_TERMS as u64 {
        return Err(EngineError::OutOfRange(format!(
            "heaps: a partizan ruleset is solved for 1 to {MAX_TERMS} heaps, not {terms}"
        )));
    }
    let size = terms as usize;
    let slot = |n: Heap| usize::try_from(n.0).ok().filter(|&h| h < size);
    let place = Place {
        slot: &slot,
        size,
        noun: ("heap", "heaps"),
    };
    let mut forms = Forms {
        rules,
        store,
        lefts: FxHashMap::default(),
    };
    let values = solve::evaluate(&mut forms, place, (0..terms).map(Heap), budget)?;
    let zero = forms.store.zero();
    Ok(values.into_iter().map(|v| v.unwrap_or(zero)).collect())
}

/// Solves heaps `0..terms` of a partizan ruleset (normal play only): canonical forms and
/// outcome classes.
pub fn solve_partizan(
    script: &Script,
    terms: u64,
    budget: &mut Budget,
) -> Result<PartizanReport, EngineError> {
    if script.shape != Shape::Partizan {
        return Err(EngineError::Parse(
            "this ruleset is not partizan: it defines no fn left(n) and fn right(n)".into(),
        ));
    }
    if script.header.convention == Convention::Misere || script.header.star {
        return Err(EngineError::Parse(
            "a partizan ruleset is solved under normal play, without the star operator".into(),
        ));
    }
    let mut store = GameStore::default();
    let mut ask = |left, n| script.player_options(left, n);
    let forms = canonical_forms(&mut ask, terms, &mut store, budget)?;
    let mut canonical = Vec::with_capacity(forms.len());
    let mut outcomes = String::with_capacity(forms.len());
    for &g in &forms {
        canonical.push(store.display(g)?);
        outcomes.push(store.outcome(g)?.letter());
    }
    Ok(PartizanReport {
        header: script.header.clone(),
        canonical,
        outcomes,
    })
}
