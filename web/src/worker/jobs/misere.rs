//! The misère page's quotient ([`solve_misere`]): one call of the engine's
//! `analyse_keeping_quotient`, with progress in heaps through its `Budget`. The page keeps the
//! quotient to draw its table and to answer sums and moves without another job.

use heaplab_engine::misere::quotient::{Quotient, QuotientCaps};
use heaplab_engine::misere::report::analyse_keeping_quotient;
use heaplab_engine::misere::MisereReport;
use heaplab_engine::Budget;
use serde::{Deserialize, Serialize};

use super::Whole;
use crate::protocol::MisereRequest;
use crate::worker::{Job, JobOutput, Place, Progress, Unit};

/// What a finished job sends back ([`crate::worker::JobOutput::Misere`]).
pub type Output = Box<MisereResult>;

/// The report and the quotient it was read from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MisereResult {
    /// What the CLI prints for the same game and bound.
    pub report: MisereReport,
    /// The proven quotient.
    pub quotient: Quotient,
}

/// Computes the quotient of heaps `0..=max_heap`, calling `progress` at most every 100 ms.
pub fn solve_misere(
    request: &MisereRequest,
    progress: &mut dyn FnMut(Progress),
) -> Result<MisereResult, String> {
    let rules = request.rules()?;
    let mut tick = super::throttled(progress, Unit::Heaps);
    let (report, quotient) = analyse_keeping_quotient(
        &rules,
        request.max_heap,
        None,
        QuotientCaps::default(),
        &mut Budget::with_progress(&mut tick),
    )
    .map_err(|e| e.to_string())?;
    Ok(MisereResult { report, quotient })
}

/// The quotient as a job (the page's cap on `n` holds on the main thread too).
pub fn start(request: &MisereRequest, _place: Place) -> Result<Box<dyn Job>, String> {
    let request = request.clone();
    Ok(Whole::job(move |report| {
        solve_misere(&request, report).map(|r| JobOutput::Misere(Box::new(r)))
    }))
}
