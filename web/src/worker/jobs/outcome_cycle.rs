//! A constant-memory outcome-period search: the engine's steppable
//! [`OutcomeCycle`], a bounded number of words at a time until the step's time is used. It
//! serves the subtraction page's "search further" and the period maps' click on an
//! unresolved pixel.

use heaplab_engine::outcome_cycle::OutcomeCycle;
use heaplab_engine::ruleset::NumberSet;
use heaplab_engine::Periodicity;
use serde::{Deserialize, Serialize};

use crate::worker::{Job, JobOutput, Place, Progress, Unit};

/// What a finished job sends back ([`crate::worker::JobOutput::OutcomeCycle`]).
pub type Output = Box<Periodicity>;

/// The longest search a worker runs (10^12 heaps: about an hour at the worker's rate).
pub const WORKER_CYCLE_CAP: u64 = 1_000_000_000_000;
/// The longest search the main thread runs (it shares the page's time).
pub const MAIN_CYCLE_CAP: u64 = 10_000_000_000;
/// Words computed between two looks at the clock (4,096 words = 262,144 heaps).
const WORDS_PER_LOOK: u64 = 1 << 12;

/// The outcome period of a finite subtraction set to search for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CycleRequest {
    /// The moves, increasing.
    pub moves: Vec<u32>,
}

/// The job: the engine's search state, and its answer once found.
struct Cycle {
    state: OutcomeCycle,
    answer: Option<Periodicity>,
}

/// The largest search `place` runs.
pub fn cap(place: Place) -> u64 {
    match place {
        Place::Worker => WORKER_CYCLE_CAP,
        Place::MainThread => MAIN_CYCLE_CAP,
    }
}

/// The search as a job (capped for `place`), or the engine's message for a bad set.
pub fn start(request: &CycleRequest, place: Place) -> Result<Box<dyn Job>, String> {
    let set = NumberSet::from_elements(request.moves.clone()).map_err(|e| e.to_string())?;
    let state = OutcomeCycle::new(&set, cap(place)).map_err(|e| e.to_string())?;
    Ok(Box::new(Cycle {
        state,
        answer: None,
    }))
}

impl Job for Cycle {
    fn step(&mut self, millis: f64, _report: &mut dyn FnMut(Progress)) -> Result<bool, String> {
        let started = js_sys::Date::now();
        loop {
            if let Some(answer) = self.state.run(WORDS_PER_LOOK) {
                self.answer = Some(answer);
                return Ok(true);
            }
            if js_sys::Date::now() - started >= millis {
                return Ok(false);
            }
        }
    }

    fn progress(&self) -> Option<Progress> {
        Some(Progress::new(
            self.state.heaps_done(),
            self.state.max_heaps(),
            Unit::Heaps,
        ))
    }

    fn output(self: Box<Self>) -> Result<JobOutput, String> {
        self.answer
            .map(|answer| JobOutput::OutcomeCycle(Box::new(answer)))
            .ok_or_else(|| "the computation stopped early".to_string())
    }
}
