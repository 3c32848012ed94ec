//! Single heaps under misère play: each heap's outcome, genus and tameness, and the observed
//! period of the outcome sequence.

use super::genus::{all_tame, genera, Genus};
use super::rules::HeapRules;
use super::search::OutcomeSearch;
use crate::octal::position::Outcome;
use crate::{Budget, EngineError};

/// A period seen in the computed data only: `u(n + period) = u(n)` for every computed
/// `n >= preperiod`, over heaps `0..=heaps_checked`. No theorem is applied: it is never a proof.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ObservedPeriod {
    /// The least preperiod for that period.
    pub preperiod: u64,
    /// The least period that repeats at least twice in the data.
    pub period: u64,
    /// The last heap checked.
    pub heaps_checked: u64,
}

/// What single heaps `0..=max_heap` do under misère play.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SingleHeaps {
    /// The misère outcome of each heap alone.
    pub outcomes: Vec<Outcome>,
    /// The genus of each heap for which the search fitted in its cap (a prefix of the heaps).
    pub genus: Vec<Genus>,
    /// Why the genus list stops early, when it does.
    pub genus_note: Option<String>,
    /// True when every heap with a genus is tame; `None` when no genus was computed.
    pub tame: Option<bool>,
    /// The least period the outcome sequence shows (observed, not proven).
    pub outcome_period: Option<ObservedPeriod>,
}

/// The observed period of a sequence (P/N outcomes, or the nim-values of a rule-defined game;
/// see [`ObservedPeriod`]): among the periods `p` whose least preperiod `n0` leaves at least
/// two full periods of data, the one with the least `n0 + 2p` (the pattern that explains the
/// most heaps), the smaller `p` on a tie. Periods are tried in increasing order and the search
/// stops once `2p` alone reaches the best `n0 + 2p`, so a long periodic sequence is not
/// compared again for every multiple of its period.
pub fn observed_period<T: PartialEq>(outcomes: &[T]) -> Option<ObservedPeriod> {
    let len = outcomes.len();
    let mut best: Option<(usize, usize)> = None;
    for p in 1..=len / 2 {
        if best.is_some_and(|(bp, bn0)| 2 * p >= bn0 + 2 * bp) {
            break;
        }
        let n0 = (0..len - p)
            .rev()
            .find(|&n| outcomes[n] != outcomes[n + p])
            .map_or(0, |n| n + 1);
        let better = match best {
            Some((bp, bn0)) => n0 + 2 * p < bn0 + 2 * bp,
            None => true,
        };
        if n0 + 2 * p <= len && better {
            best = Some((p, n0));
        }
    }
    let (period, preperiod) = best?;
    Some(ObservedPeriod {
        preperiod: preperiod as u64,
        period: period as u64,
        heaps_checked: len.saturating_sub(1) as u64,
    })
}

/// Misère outcomes of heaps `0..=max_heap` by the brute-force search.
pub fn searched_outcomes(
    rules: &HeapRules,
    max_heap: u64,
    max_states: usize,
    budget: &mut Budget<'_>,
) -> Result<Vec<Outcome>, EngineError> {
    match searched_outcomes_until_cap(rules, max_heap, max_states, budget)? {
        (outcomes, None) => Ok(outcomes),
        (_, Some(stop)) => Err(stop),
    }
}

/// [`searched_outcomes`], but a search that outgrows `max_states` returns the heaps it did
/// finish and why it stopped (the web page's misère strips show that prefix). A cancelled
/// budget is still an error.
pub fn searched_outcomes_until_cap(
    rules: &HeapRules,
    max_heap: u64,
    max_states: usize,
    budget: &mut Budget<'_>,
) -> Result<(Vec<Outcome>, Option<EngineError>), EngineError> {
    let table = rules.option_table(max_heap)?;
    table_outcomes_until_cap(&table, max_states, budget)
}

/// Misère outcomes of heaps `0..table.len()` given each heap's options (every part of an
/// option below `table.len()`), by the brute-force search; like
/// [`searched_outcomes_until_cap`], a search that outgrows `max_states` returns the heaps it
/// did finish and why it stopped. Rule-defined games use it with their own option table.
pub fn table_outcomes_until_cap(
    table: &[Vec<Vec<u64>>],
    max_states: usize,
    budget: &mut Budget<'_>,
) -> Result<(Vec<Outcome>, Option<EngineError>), EngineError> {
    let max_heap = table.len().saturating_sub(1) as u64;
    let mut search = OutcomeSearch::new(table, max_states);
    let mut outcomes = Vec::new();
    for n in 0..=max_heap {
        budget.tick(n, max_heap)?;
        match search.is_p(&[n], budget) {
            Ok(p) => outcomes.push(if p { Outcome::P } else { Outcome::N }),
            Err(EngineError::Cancelled) => return Err(EngineError::Cancelled),
            Err(stop) => return Ok((outcomes, Some(stop))),
        }
    }
    Ok((outcomes, None))
}

/// Single heaps given their outcomes (from the quotient or the search): genus by the search,
/// tameness and the observed outcome period.
pub fn single_heaps(
    rules: &HeapRules,
    outcomes: Vec<Outcome>,
    max_states: usize,
    budget: &mut Budget<'_>,
) -> Result<SingleHeaps, EngineError> {
    let max_heap = outcomes.len().saturating_sub(1) as u64;
    let (genus, stop) = genera(rules, max_heap, max_states, budget)?;
    let genus_note = stop.map(|e| {
        format!(
            "genus computed for heaps 0 to {}: {e}",
            genus.len() as i64 - 1
        )
    });
    let tame = (!genus.is_empty()).then(|| all_tame(&genus));
    Ok(SingleHeaps {
        outcome_period: observed_period(&outcomes),
        outcomes,
        genus,
        genus_note,
        tame,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use Outcome::{N, P};

    #[test]
    fn the_period_that_explains_most_heaps_wins() {
        // NPNN repeated, ending NNN: period 1 from heap 10 also fits, period 4 from 0 explains more.
        let seq = [N, P, N, N, N, P, N, N, N, P, N, N, N];
        let p = observed_period(&seq).unwrap();
        assert_eq!((p.period, p.preperiod, p.heaps_checked), (4, 0, 12));
        assert_eq!(observed_period(&[N, P, N]), None);
    }

    /// The definition read literally: every period tried, the least `(n0 + 2p, p)` kept.
    fn every_period(values: &[u8]) -> Option<(usize, usize)> {
        let len = values.len();
        (1..=len / 2)
            .filter_map(|p| {
                let n0 = (0..len - p)
                    .rev()
                    .find(|&n| values[n] != values[n + p])
                    .map_or(0, |n| n + 1);
                (n0 + 2 * p <= len).then_some((p, n0))
            })
            .min_by_key(|&(p, n0)| (n0 + 2 * p, p))
    }

    #[test]
    fn stopping_early_finds_the_same_period_on_every_short_sequence() {
        for len in 0..=11u32 {
            for code in 0..3u32.pow(len) {
                let values: Vec<u8> = (0..len).map(|i| (code / 3u32.pow(i) % 3) as u8).collect();
                let fast =
                    observed_period(&values).map(|p| (p.period as usize, p.preperiod as usize));
                assert_eq!(fast, every_period(&values), "{values:?}");
            }
        }
    }
}
