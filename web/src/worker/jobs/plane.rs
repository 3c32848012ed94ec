//! A 2-D subtraction window ([`PlaneJob`]): the engine's own stepped computation, one line
//! (row, column or row of nim-values) at a time until the step's time is used.

use std::rc::Rc;

use heaplab_engine::plane::{MoveSet, PlaneJob, Solution};
use serde::{Deserialize, Serialize};

use crate::worker::{Job, JobOutput, Place, Progress, Unit};

/// What a finished job sends back ([`crate::worker::JobOutput::Plane`]).
pub type Output = Rc<Solution>;

/// A 2-D subtraction window to compute.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlaneRequest {
    /// The moves.
    pub moves: MoveSet,
    /// Window width.
    pub width: u32,
    /// Window height.
    pub height: u32,
    /// Whether to compute nim-values too.
    pub with_nim: bool,
}

/// The job: the engine's state and how far it is.
struct Plane {
    state: PlaneJob,
    progress: Progress,
}

/// The window as a job, or the engine's message.
pub fn start(request: &PlaneRequest, _place: Place) -> Result<Box<dyn Job>, String> {
    let state = PlaneJob::new(
        &request.moves,
        request.width,
        request.height,
        request.with_nim,
    )
    .map_err(|e| e.to_string())?;
    Ok(Box::new(Plane {
        state,
        progress: Progress::new(0, 0, Unit::Cells),
    }))
}

impl Job for Plane {
    fn step(&mut self, millis: f64, _report: &mut dyn FnMut(Progress)) -> Result<bool, String> {
        // One line at a time, so a step ends soon after its time whatever the stage costs
        // per cell (nim-values are far slower than the bit-parallel rows and columns).
        let started = js_sys::Date::now();
        loop {
            let (done, total) = self.state.step(1);
            self.progress = Progress::new(done, total, Unit::Cells);
            if self.state.is_done() {
                return Ok(true);
            }
            if js_sys::Date::now() - started >= millis {
                return Ok(false);
            }
        }
    }

    fn progress(&self) -> Option<Progress> {
        Some(self.progress)
    }

    fn output(self: Box<Self>) -> Result<JobOutput, String> {
        self.state
            .finish()
            .map(|s| JobOutput::Plane(Rc::new(s)))
            .ok_or_else(|| "the computation stopped early".to_string())
    }
}
