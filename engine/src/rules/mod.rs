//! Rule-defined games: a heap game written as a short script in the ruleset language
//! ([`script`], Rhai), solved by one generic solver ([`solve`]).
//!
//! A ruleset says its options as a function of the position, so it can express what no
//! built-in family does: the subtraction–division games of the thesis's Section 3.3.7 (MARK and
//! its relatives, Definition 3.67), or any variant a researcher wants to try. Periods are only
//! ever *observed* here (arbitrary code has no proof), and where the options equal a built-in
//! family's on every heap computed, the report says which ([`recognise`]), so its proven result
//! can be read there.

pub mod presets;
pub mod recognise;
pub mod script;
pub mod solve;

pub use recognise::BuiltIn;
pub use script::{compile, Convention, Header, ParamValue, Script, Shape};

use rustc_hash::FxHashMap;

use crate::budget::Budget;
pub use crate::misere::single::ObservedPeriod;
use crate::octal::position::Outcome;
use crate::EngineError;

/// The most heaps one run computes.
pub const MAX_TERMS: u64 = 10_000_000;

/// What a run of a one-heap ruleset finds.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct HeapReport {
    /// The ruleset's name, convention and parameters as bound.
    pub header: Header,
    /// Nim-values (normal play) of heaps `0..values.len()`.
    pub values: Vec<u64>,
    /// Outcomes under the ruleset's convention, from heap 0 (shorter than `values` when a
    /// misère search stopped; see `outcomes_stopped_at`).
    pub outcomes: Vec<Outcome>,
    /// The heap where the misère search ran out of room, if it did.
    pub outcomes_stopped_at: Option<u64>,
    /// The least period seen in the values, if any.
    pub period: Option<ObservedPeriod>,
    /// The built-in game the options equal on the heaps compared, if any.
    pub same_as: Option<BuiltIn>,
}

/// A rule's options for the solver: asked once per heap (kept below `keep`), fed in order
/// to the recogniser.
struct Asked<'s> {
    rules: &'s mut dyn solve::HeapRules,
    keep: u64,
    cache: FxHashMap<u64, Vec<Vec<u64>>>,
    recogniser: Option<recognise::Recogniser>,
}

impl solve::HeapRules for Asked<'_> {
    fn options(&mut self, n: u64) -> Result<Vec<Vec<u64>>, EngineError> {
        if let Some(options) = self.cache.get(&n) {
            return Ok(options.clone());
        }
        let options = self.rules.options(n)?;
        if let Some(r) = self.recogniser.as_mut() {
            if r.heaps() == n {
                r.feed(n, &options);
            } else {
                self.recogniser = None;
            }
        }
        if n < self.keep {
            self.cache.insert(n, options.clone());
        }
        Ok(options)
    }
}

/// The most heaps a misère run solves (its search is over multisets of heaps, and far smaller
/// heaps already outgrow it for breaking games).
pub const MISERE_HEAPS: u64 = 1 << 16;

/// Solves heaps `0..terms` of a one-heap ruleset: values, outcomes, an observed period and a
/// built-in match.
pub fn solve_heaps(
    script: &Script,
    terms: u64,
    budget: &mut Budget,
) -> Result<HeapReport, EngineError> {
    if script.shape != Shape::Heap {
        return Err(EngineError::Parse(
            "this ruleset is played on a pair of heaps: give a grid size, not a number of heaps"
                .into(),
        ));
    }
    let mut ask = |n| script.heap_options(n);
    solve_heap_rules(&mut ask, script.header.clone(), terms, budget)
}

/// [`solve_heaps`] for options from any source (a script, a Python callable): `header` names
/// the game and its convention.
pub fn solve_heap_rules(
    rules: &mut dyn solve::HeapRules,
    header: Header,
    terms: u64,
    budget: &mut Budget,
) -> Result<HeapReport, EngineError> {
    if terms == 0 || terms > MAX_TERMS {
        return Err(EngineError::OutOfRange(format!(
            "heaps: give 1 to {MAX_TERMS}, not {terms}"
        )));
    }
    let misere = header.convention == Convention::Misere;
    let mut asked = Asked {
        rules,
        keep: if misere { terms.min(MISERE_HEAPS) } else { 0 },
        cache: FxHashMap::default(),
        recogniser: Some(recognise::Recogniser::new()),
    };
    let values = solve::nim_values(&mut asked, terms as usize, budget)?;
    let same_as = asked.recogniser.as_ref().and_then(|r| r.result());
    let (outcomes, outcomes_stopped_at) = if misere {
        let table = closed_table(&mut asked)?;
        let (outcomes, stop) = solve::misere_outcomes(&table, budget)?;
        let stop = stop.or((table.len() < terms as usize).then_some(table.len() as u64));
        (outcomes, stop)
    } else {
        (solve::normal_outcomes(&values), None)
    };
    Ok(HeapReport {
        header,
        period: observed_period(&values),
        values,
        outcomes,
        outcomes_stopped_at,
        same_as,
    })
}

/// The options of heaps `0..L` for the longest `L ≤ keep` whose options stay below `L`.
fn closed_table(asked: &mut Asked) -> Result<Vec<Vec<Vec<u64>>>, EngineError> {
    let mut table = Vec::new();
    let (mut reach, mut closed) = (0, 0);
    for n in 0..asked.keep {
        let options = solve::HeapRules::options(asked, n)?;
        reach = options.iter().flatten().fold(reach, |r, &h| r.max(h));
        table.push(options);
        if reach <= n {
            closed = n + 1;
        }
    }
    table.truncate(closed as usize);
    Ok(table)
}

/// The period seen in `values` ([`crate::misere::single::observed_period`]), kept only when
/// its preperiod is at most half the heaps: a pattern seen only at the end of the data (two
/// equal last values, say) is not reported, so an aperiodic game such as MARK shows none.
pub fn observed_period(values: &[u64]) -> Option<ObservedPeriod> {
    crate::misere::single::observed_period(values)
        .filter(|p| 2 * p.preperiod <= values.len() as u64)
}
