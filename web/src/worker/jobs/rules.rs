//! The rules page's job: compile a ruleset (the engine's `rules::compile`) and solve it on
//! heaps `0..n` (`solve_heaps`) or on a grid (`solve_pairs`), one engine call with progress in
//! heaps or cells. The engine ticks its `Budget` inside the solver; Cancel terminates the
//! worker.

use heaplab_engine::rules::{compile, solve_heaps, solve_pairs, Grid, HeapReport, PairReport};
use heaplab_engine::Budget;
use serde::{Deserialize, Serialize};

use super::{throttled, Whole};
use crate::protocol::rules::{Board, RulesRequest};
use crate::worker::{Job, JobOutput, Place, Progress, Unit};

/// What a finished job sends back ([`crate::worker::JobOutput::Rules`]).
pub type Output = Box<RulesResult>;

/// The engine's report for a one-heap or a pair ruleset. It crosses to the page as JSON text
/// inside the job protocol's bincode: the reports' parameter values and built-in match are
/// untagged and internally tagged enums, which bincode cannot read back.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "Wire", try_from = "Wire")]
pub enum RulesResult {
    /// Values, outcomes, the period seen and the built-in match of heaps `0..n`.
    Heaps(HeapReport),
    /// P-positions (and values where computed) of the grid.
    Pairs(PairReport),
}

/// [`RulesResult`] as it crosses the job protocol: its JSON text.
#[derive(Serialize, Deserialize)]
struct Wire(String);

/// The JSON form of [`RulesResult`].
#[derive(Serialize, Deserialize)]
enum Json {
    Heaps(HeapReport),
    Pairs(PairReport),
}

impl From<RulesResult> for Wire {
    fn from(result: RulesResult) -> Wire {
        let json = match result {
            RulesResult::Heaps(r) => Json::Heaps(r),
            RulesResult::Pairs(r) => Json::Pairs(r),
        };
        Wire(serde_json::to_string(&json).unwrap_or_default())
    }
}

impl TryFrom<Wire> for RulesResult {
    type Error = String;
    fn try_from(wire: Wire) -> Result<RulesResult, String> {
        match serde_json::from_str(&wire.0).map_err(|e| e.to_string())? {
            Json::Heaps(r) => Ok(RulesResult::Heaps(r)),
            Json::Pairs(r) => Ok(RulesResult::Pairs(r)),
        }
    }
}

/// The most heaps the main thread solves (it has no Cancel but a reload).
const MAIN_THREAD_TERMS: u64 = 20_000;
/// The most pairs the main thread solves.
const MAIN_THREAD_PAIRS: u64 = 250_000;

/// Compiles and solves the request, reporting progress.
pub fn solve_rules(
    request: &RulesRequest,
    progress: &mut dyn FnMut(Progress),
) -> Result<RulesResult, String> {
    let script = compile(&request.text, &request.params).map_err(|e| e.to_string())?;
    let solved = match request.board {
        Board::Heaps(n) => {
            let mut tick = throttled(progress, Unit::Heaps);
            solve_heaps(&script, n, &mut Budget::with_progress(&mut tick)).map(RulesResult::Heaps)
        }
        Board::Grid(width, height) => {
            let mut tick = throttled(progress, Unit::Cells);
            Grid::new(width, height).and_then(|grid| {
                solve_pairs(&script, grid, &mut Budget::with_progress(&mut tick))
                    .map(RulesResult::Pairs)
            })
        }
    };
    solved.map_err(|e| e.to_string())
}

/// The solve as a job; on the main thread only small boards.
pub fn start(request: &RulesRequest, place: Place) -> Result<Box<dyn Job>, String> {
    let too_big = match request.board {
        Board::Heaps(n) => n > MAIN_THREAD_TERMS,
        Board::Grid(w, h) => w.saturating_mul(h) > MAIN_THREAD_PAIRS,
    };
    if place == Place::MainThread && too_big {
        return Err(format!(
            "without a Web Worker this page solves at most {MAIN_THREAD_TERMS} heaps or {MAIN_THREAD_PAIRS} pairs; ask for fewer"
        ));
    }
    let request = request.clone();
    Ok(Whole::job(move |report| {
        solve_rules(&request, report).map(|r| JobOutput::Rules(Box::new(r)))
    }))
}
