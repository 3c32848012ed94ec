//! Comply games (thesis Section 3.3.7, after Larsson, "Comply subtraction games avoiding
//! arithmetic progressions"; also called blocking Nim): the player to move proposes a set
//! `S` of amounts, each at most the heap `n`; the other player chooses which `s ∈ S` is taken,
//! leaving `n − s`, and then proposes in turn.
//!
//! So under normal play heap `n` is an N-position exactly when some proposal `S` has `n − s`
//! a P-position for every `s ∈ S`; with no proposal the player to move loses (misère: wins).
//! Every amount is at least 1, so heaps are solved upwards. A position is a move of two
//! players' choices, not a sum of games, so only outcomes are computed (no nim-values).

use super::script::{Convention, Header, Script, Shape};
use super::MAX_TERMS;
use crate::budget::Budget;
use crate::octal::position::Outcome;
use crate::EngineError;

/// What a run of a comply game finds.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ComplyReport {
    /// The ruleset's name, convention and parameters as bound.
    pub header: Header,
    /// Outcomes of heaps `0..outcomes.len()` under the convention.
    pub outcomes: Vec<Outcome>,
}

impl ComplyReport {
    /// The P-positions among the heaps solved.
    pub fn p_positions(&self) -> Vec<u64> {
        (0..self.outcomes.len() as u64)
            .filter(|&n| self.outcomes[n as usize] == Outcome::P)
            .collect()
    }
}

/// Solves heaps `0..terms` of a comply ruleset (`fn proposals(n)`) under its convention.
pub fn solve_comply(
    script: &Script,
    terms: u64,
    budget: &mut Budget,
) -> Result<ComplyReport, EngineError> {
    if script.shape != Shape::Comply {
        return Err(EngineError::Parse(
            "this ruleset is not a comply game: it defines no fn proposals(n)".into(),
        ));
    }
    if script.header.star {
        return Err(EngineError::Parse(
            "the star operator is not defined for comply games".into(),
        ));
    }
    let misere = script.header.convention == Convention::Misere;
    let mut ask = |n| script.proposals(n);
    let outcomes = comply_outcomes(&mut ask, terms, misere, budget)?;
    Ok(ComplyReport {
        header: script.header.clone(),
        outcomes,
    })
}

/// Outcomes of heaps `0..terms` from `proposals(n)` (each a non-empty set of amounts in
/// `1..=n`, as [`Script::proposals`] checks): N exactly when some proposal leaves only
/// P-positions, whatever the other player takes; a heap with no proposal is P under normal
/// play and N under misère play.
pub fn comply_outcomes(
    proposals: &mut dyn FnMut(u64) -> Result<Vec<Vec<u64>>, EngineError>,
    terms: u64,
    misere: bool,
    budget: &mut Budget,
) -> Result<Vec<Outcome>, EngineError> {
    if terms == 0 || terms > MAX_TERMS {
        return Err(EngineError::OutOfRange(format!(
            "heaps: give 1 to {MAX_TERMS}, not {terms}"
        )));
    }
    let mut p: Vec<bool> = Vec::with_capacity(terms as usize);
    for n in 0..terms {
        if n % 16 == 0 {
            budget.tick(n, terms)?;
        }
        let sets = proposals(n)?;
        if let Some(bad) = sets
            .iter()
            .find(|set| set.is_empty() || set.iter().any(|&s| s == 0 || s > n))
        {
            return Err(EngineError::Parse(format!(
                "proposals({n}): the proposal {bad:?} must be non-empty, each amount from 1 to {n}"
            )));
        }
        let wins = sets
            .iter()
            .any(|set| set.iter().all(|&s| p[(n - s) as usize]));
        p.push(if sets.is_empty() { !misere } else { !wins });
    }
    Ok(p.into_iter()
        .map(|p| if p { Outcome::P } else { Outcome::N })
        .collect())
}
