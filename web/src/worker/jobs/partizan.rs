//! The partizan page's job: the canonical-form sequence of heaps `0..n`
//! ([`sequence::solve`]: values, outcomes and their periods) and, when the URL gives one, a
//! position's value, moves and game tree ([`position::analyse`]); in play, when it is the
//! engine's turn, the engine's move first (a winning one when there is one). One engine call that reports
//! progress through the engine's `Budget` but cannot be resumed, so the client terminates the
//! worker to cancel it. The main thread computes at most [`MAIN_THREAD_TERMS`] heaps.

use heaplab_engine::partizan::drawing::{self, ThermographCurves};
use heaplab_engine::partizan::position::{self, HeapMove, PositionReport};
use heaplab_engine::partizan::sequence::{self, SequenceReport};
use heaplab_engine::partizan::GameStore;
use heaplab_engine::{Budget, EngineError};
use serde::{Deserialize, Serialize};

use super::Whole;
use crate::protocol::partizan::{PartizanRequest, Thermo};
use crate::worker::{Job, JobOutput, Place, Progress, Unit};

/// What a finished job sends back ([`crate::worker::JobOutput::Partizan`]).
pub type Output = Box<PartizanResult>;

/// The most heaps the main thread computes when the browser has no Web Workers.
pub const MAIN_THREAD_TERMS: usize = 400;

/// What the page draws: the sequence, and the position's report (or why it failed).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PartizanResult {
    /// Canonical forms, outcomes and periods of heaps `0..n`.
    pub sequence: SequenceReport,
    /// The position box, when the URL gives a position (in play, after the engine's move).
    pub position: Option<Result<PositionReport, String>>,
    /// In play, the move the engine made (none when it was the visitor's turn or the engine
    /// had no move).
    pub reply: Option<HeapMove>,
    /// Each heap's mean and temperature, or why they were not computed.
    pub thermal: Result<Vec<(String, String)>, String>,
    /// The thermograph the URL asks for (`thermo`), or why it could not be drawn.
    pub thermograph: Option<Result<ThermographCurves, String>>,
}

/// Runs the request with the engine, reporting heaps done at most every 100 ms.
pub fn solve_partizan(
    request: &PartizanRequest,
    progress: &mut dyn FnMut(Progress),
) -> Result<PartizanResult, String> {
    let mut tick = super::throttled(progress, Unit::Heaps);
    let mut budget = Budget::with_progress(&mut tick);
    let sequence = sequence::solve(&request.rules, request.terms, false, &mut budget)
        .map_err(|e| e.to_string())?;
    let (position, reply) = match &request.position {
        Some(heaps) => match play(request, heaps, &mut budget) {
            Ok((report, reply)) => (Some(Ok(report)), reply),
            Err(e) => (Some(Err(e.to_string())), None),
        },
        None => (None, None),
    };
    let thermal = sequence::means_and_temperatures(&request.rules, request.terms, &mut budget)
        .map_err(|e| e.to_string());
    let heaps = match (&position, request.thermo) {
        (_, Some(Thermo::Heap(n))) => Some(vec![n]),
        (Some(Ok(report)), Some(Thermo::Position)) => Some(report.heaps.clone()),
        _ => None,
    };
    let thermograph =
        heaps.map(|heaps| thermograph_of(request, &heaps, &mut budget).map_err(|e| e.to_string()));
    Ok(PartizanResult {
        sequence,
        position,
        reply,
        thermal,
        thermograph,
    })
}

/// The thermograph of a sum of heaps, titled by the heaps and the ruleset.
fn thermograph_of(
    request: &PartizanRequest,
    heaps: &[usize],
    budget: &mut Budget<'_>,
) -> Result<ThermographCurves, EngineError> {
    let mut store = GameStore::default();
    let g = sequence::heaps_value(&request.rules, heaps, &mut store, budget)?;
    let title = format!("{} in {}", position::heaps_text(heaps), request.rules.name);
    drawing::curves(&mut store, g, &title)
}

/// The position's report; in play on the engine's turn, the engine's move (winning when it
/// can) and the report of the position after it.
fn play(
    request: &PartizanRequest,
    heaps: &[usize],
    budget: &mut Budget<'_>,
) -> Result<(PositionReport, Option<HeapMove>), EngineError> {
    let report = position::analyse(&request.rules, heaps, budget)?;
    let left = match request.play {
        Some((visitor, left)) if visitor != left => left,
        _ => return Ok((report, None)),
    };
    let moves = if left {
        &report.left_moves
    } else {
        &report.right_moves
    };
    let Some(reply) = moves.iter().find(|m| m.wins).or(moves.first()).cloned() else {
        return Ok((report, None));
    };
    let after = position::after_move(heaps, reply.from, &reply.to);
    Ok((
        position::analyse(&request.rules, &after, budget)?,
        Some(reply),
    ))
}

/// The request as a job, with the main thread's smaller cap there.
pub fn start(request: &PartizanRequest, place: Place) -> Result<Box<dyn Job>, String> {
    let mut request = request.clone();
    if place == Place::MainThread {
        request.terms = request.terms.min(MAIN_THREAD_TERMS);
    }
    Ok(Whole::job(move |report| {
        solve_partizan(&request, report).map(|r| JobOutput::Partizan(Box::new(r)))
    }))
}
