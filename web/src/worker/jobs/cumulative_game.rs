//! The cumulative games page's solve ([`CgRun`]): the engine's stepped `Solver`, chunks of
//! [`CHUNK`] grounded positions until about the step's time is used, capped at
//! [`cg_run::WORKER_STATES`] in a worker and [`cg_run::MAIN_THREAD_STATES`] on the main
//! thread.

pub mod run;

use crate::protocol::cumulative_games::CgQuery;
use crate::worker::{Job, JobOutput, Place, Progress, Unit};
use run as cg_run;
use run::CgRun;

/// What a finished job sends back ([`crate::worker::JobOutput::CumulativeGame`]).
pub type Output = Box<run::CgResult>;

/// Grounded positions a step solves between two looks at the clock.
const CHUNK: u64 = 2_048;

/// The job: the run, until it is finished.
struct CumulativeGame {
    run: CgRun,
    /// Every position is solved; the next step builds the tree and the table.
    solved: bool,
}

/// The page's query as a job (its field errors joined into one message).
pub fn start(query: &CgQuery, place: Place) -> Result<Box<dyn Job>, String> {
    let limit = match place {
        Place::Worker => cg_run::WORKER_STATES,
        Place::MainThread => cg_run::MAIN_THREAD_STATES,
    };
    let params = query.validate().map_err(|e| e.join(" "))?;
    let run = CgRun::new(&params, limit)?;
    Ok(Box::new(CumulativeGame { run, solved: false }))
}

impl Job for CumulativeGame {
    fn step(&mut self, millis: f64, _report: &mut dyn FnMut(Progress)) -> Result<bool, String> {
        if self.solved {
            return Ok(true);
        }
        let started = js_sys::Date::now();
        loop {
            if self.run.step(CHUNK)? {
                // One more report, at 100 %, before the tree and the table are built (which
                // can take seconds after a big solve).
                self.solved = true;
                return Ok(false);
            }
            if js_sys::Date::now() - started >= millis {
                return Ok(false);
            }
        }
    }

    fn progress(&self) -> Option<Progress> {
        let (done, cap) = self.run.progress();
        let total = if self.solved { done } else { cap };
        Some(Progress::new(done, total, Unit::Positions))
    }

    fn output(self: Box<Self>) -> Result<JobOutput, String> {
        self.run
            .finish()
            .map(|r| JobOutput::CumulativeGame(Box::new(r)))
    }
}
