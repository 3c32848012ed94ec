//! The misère outcome strip of the subtraction and octal pages: each single heap's misère
//! outcome by the engine's brute-force search (`searched_outcomes_until_cap`), one call with
//! progress in heaps. A search that outgrows its cap returns the heaps it finished.

use heaplab_engine::misere::search::DEFAULT_MAX_STATES;
use heaplab_engine::misere::single::searched_outcomes_until_cap;
use heaplab_engine::octal::position::Outcome;
use heaplab_engine::Budget;
use serde::{Deserialize, Serialize};

use super::Whole;
use crate::protocol::MisereRequest;
use crate::worker::{Job, JobOutput, Place, Progress, Unit};

/// What a finished job sends back ([`crate::worker::JobOutput::MisereOutcomes`]).
pub type Output = Box<MisereOutcomes>;

/// The outcomes of heaps `0..` and, when the search stopped early, why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MisereOutcomes {
    /// The misère outcome of each heap the search finished.
    pub outcomes: Vec<Outcome>,
    /// The engine's message when it stopped before `max_heap`.
    pub stopped: Option<String>,
}

/// Searches heaps `0..=max_heap` of the request's game.
pub fn solve_misere_outcomes(
    request: &MisereRequest,
    progress: &mut dyn FnMut(Progress),
) -> Result<MisereOutcomes, String> {
    let rules = request.rules()?;
    let mut tick = super::throttled(progress, Unit::Heaps);
    let (outcomes, stopped) = searched_outcomes_until_cap(
        &rules,
        request.max_heap,
        DEFAULT_MAX_STATES,
        &mut Budget::with_progress(&mut tick),
    )
    .map_err(|e| e.to_string())?;
    Ok(MisereOutcomes {
        outcomes,
        stopped: stopped.map(|e| e.to_string()),
    })
}

/// The search as a job.
pub fn start(request: &MisereRequest, _place: Place) -> Result<Box<dyn Job>, String> {
    let request = request.clone();
    Ok(Whole::job(move |report| {
        solve_misere_outcomes(&request, report).map(|r| JobOutput::MisereOutcomes(Box::new(r)))
    }))
}
