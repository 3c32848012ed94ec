//! An octal game proven up to a heap budget ([`octal::solve_keeping_values`], which doubles
//! the length until Theorem 3.73 proves the period). One engine call that reports progress
//! through the engine's `Budget` but cannot be resumed, so the client terminates the worker to
//! cancel it. The main thread computes at most [`MAIN_THREAD_HEAPS`].

use heaplab_engine::octal::{self, Limits, OctalReport, Ruleset};
use heaplab_engine::Budget;
use serde::{Deserialize, Serialize};

use super::Whole;
use crate::worker::{Job, JobOutput, Place, Progress, Unit};

/// What a finished job sends back ([`crate::worker::JobOutput::Octal`]).
pub type Output = Box<(OctalReport, Vec<u32>)>;

/// The most heaps the main thread computes when the browser has no Web Workers.
pub const MAIN_THREAD_HEAPS: u64 = 100_000;

/// An octal game to solve until its period is proven or `max_heaps` is reached.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OctalRequest {
    /// The code in ASCII (`.77`) or `grundy`.
    pub code: String,
    /// The most heaps to compute.
    pub max_heaps: u64,
}

/// The report and all values, or the engine's message.
pub type OctalResult = Result<(OctalReport, Vec<u32>), String>;

/// Solves an octal request with the engine, calling `progress` at most every 100 ms with the
/// heaps done so far, the budget, and the length being computed now.
pub fn solve_octal(request: &OctalRequest, progress: &mut dyn FnMut(Progress)) -> OctalResult {
    let rules = Ruleset::parse(&request.code).map_err(|e| e.to_string())?;
    let mut last = 0.0;
    let mut tick = |done: u64, target: u64| {
        let now = js_sys::Date::now();
        if now - last > 100.0 {
            last = now;
            progress(Progress {
                done,
                total: request.max_heaps.max(target),
                unit: Unit::Heaps,
                target: Some(target),
            });
        }
        true
    };
    octal::solve_keeping_values(
        &rules,
        Limits {
            terms: 1,
            prove: true,
            max_heaps: request.max_heaps as usize,
        },
        &mut Budget::with_progress(&mut tick),
    )
    .map_err(|e| for_visitors(&e.to_string(), &request.code))
}

/// The engine's message as a visitor of the page reads it: its work cap is the page's limit,
/// not a flag the visitor can set, so the page names the limit and the command that goes past
/// it.
pub fn for_visitors(message: &str, code: &str) -> String {
    match message.strip_suffix(" (raise it with --max-work)") {
        Some(cut) => format!(
            "{cut}, the page's limit for this game; the command-line tool takes a larger one: \
             heaplab octal '{code}' --prove --max-work N"
        ),
        None => message.to_string(),
    }
}

/// The octal game as a job, with the main thread's smaller budget there.
pub fn start(request: &OctalRequest, place: Place) -> Result<Box<dyn Job>, String> {
    let mut request = request.clone();
    if place == Place::MainThread {
        request.max_heaps = request.max_heaps.min(MAIN_THREAD_HEAPS);
    }
    Ok(Whole::job(move |report| {
        solve_octal(&request, report).map(|solved| JobOutput::Octal(Box::new(solved)))
    }))
}
