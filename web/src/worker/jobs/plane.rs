//! A 2-D subtraction window ([`PlaneJob`]): the engine's own stepped computation, a step of
//! about [`crate::worker::JOB_STEP_MS`] (sized from the speed of the last one) at a time.

use std::rc::Rc;

use heaplab_engine::plane::{MoveSet, PlaneJob};
use serde::{Deserialize, Serialize};

use crate::worker::{Job, JobOutput, Progress, Unit};

/// Cells of the first step (later steps are sized from its speed).
pub const FIRST_STEP: u64 = 25_000;

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

/// The job: the engine's state and the size of the next step.
struct Plane {
    state: PlaneJob,
    cells: u64,
    progress: Progress,
}

/// The size of the next step: aims at `millis` from the speed of the last step (`cells` in
/// `took` milliseconds).
pub fn next_step_cells(cells: u64, took: f64, millis: f64) -> u64 {
    if took <= 0.5 || !millis.is_finite() {
        return cells.saturating_mul(4).min(50_000_000);
    }
    ((cells as f64 * millis / took) as u64).clamp(1_000, 50_000_000)
}

/// The window as a job, or the engine's message.
pub fn start(request: &PlaneRequest) -> Result<Box<dyn Job>, String> {
    let state = PlaneJob::new(
        &request.moves,
        request.width,
        request.height,
        request.with_nim,
    )
    .map_err(|e| e.to_string())?;
    Ok(Box::new(Plane {
        state,
        cells: FIRST_STEP,
        progress: Progress::new(0, 0, Unit::Cells),
    }))
}

impl Job for Plane {
    fn step(&mut self, millis: f64, _report: &mut dyn FnMut(Progress)) -> Result<bool, String> {
        let started = js_sys::Date::now();
        let (done, total) = self.state.step(self.cells);
        self.progress = Progress::new(done, total, Unit::Cells);
        self.cells = next_step_cells(self.cells, js_sys::Date::now() - started, millis);
        Ok(self.state.is_done())
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
