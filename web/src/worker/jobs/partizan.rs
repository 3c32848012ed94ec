//! The partizan page's job: the canonical-form sequence of heaps `0..n`
//! ([`sequence::solve`]: values, outcomes and their periods) and, when the URL gives one, a
//! position's value and winning moves ([`position::analyse`]). One engine call that reports
//! progress through the engine's `Budget` but cannot be resumed, so the client terminates the
//! worker to cancel it. The main thread computes at most [`MAIN_THREAD_TERMS`] heaps.

use heaplab_engine::partizan::position::{self, PositionReport};
use heaplab_engine::partizan::sequence::{self, SequenceReport};
use heaplab_engine::Budget;
use serde::{Deserialize, Serialize};

use super::Whole;
use crate::route::partizan::PartizanRequest;
use crate::worker::{Job, JobOutput, Place, Progress, Unit};

/// The most heaps the main thread computes when the browser has no Web Workers.
pub const MAIN_THREAD_TERMS: usize = 400;

/// What the page draws: the sequence, and the position's report (or why it failed).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PartizanResult {
    /// Canonical forms, outcomes and periods of heaps `0..n`.
    pub sequence: SequenceReport,
    /// The position box, when the URL gives a position.
    pub position: Option<Result<PositionReport, String>>,
}

/// Runs the request with the engine, reporting heaps done at most every 100 ms.
pub fn solve_partizan(
    request: &PartizanRequest,
    progress: &mut dyn FnMut(Progress),
) -> Result<PartizanResult, String> {
    let mut last = 0.0;
    let mut tick = |done: u64, total: u64| {
        let now = js_sys::Date::now();
        if now - last > 100.0 {
            last = now;
            progress(Progress::new(done, total, Unit::Heaps));
        }
        true
    };
    let mut budget = Budget::with_progress(&mut tick);
    let sequence = sequence::solve(&request.rules, request.terms, false, &mut budget)
        .map_err(|e| e.to_string())?;
    let position = request.position.as_ref().map(|heaps| {
        position::analyse(&request.rules, heaps, &mut budget).map_err(|e| e.to_string())
    });
    Ok(PartizanResult { sequence, position })
}

/// The request as a job, with the main thread's smaller cap there.
pub fn start(request: &PartizanRequest, place: Place) -> Box<dyn Job> {
    let mut request = request.clone();
    if place == Place::MainThread {
        request.terms = request.terms.min(MAIN_THREAD_TERMS);
    }
    Whole::job(move |report| {
        solve_partizan(&request, report).map(|r| JobOutput::Partizan(Box::new(r)))
    })
}
