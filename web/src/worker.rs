//! HeapLab's Web Worker: solves one tile of a period map per request, and computes 2-D
//! subtraction windows step by step.
//!
//! [`MapWorker`] is registered by `src/bin/worker.rs` (built as `worker.wasm`, loaded through
//! `static/worker_loader.js`) and spawned by [`crate::tiles::runner`], one per core, and by the
//! plane page's runner ([`crate::pages::plane::runner`]), one. Messages are bincode
//! (gloo-worker's default codec). The same [`solve_tile`] and [`PlaneJob::step`] run on the
//! main thread when workers are not available, so both paths give the same results.
//!
//! A plane job is cut into steps of about [`PLANE_STEP_MS`]; between steps the worker yields to
//! its message queue (a zero timeout), so a [`WorkerRequest::CancelPlane`] or a newer job is
//! seen within one step, and it reports progress after each step.

use gloo::timers::callback::Timeout;
use gloo::worker::{HandlerId, Worker, WorkerScope};
use heaplab_engine::period_map::{self, Cell, Family, Window};
use heaplab_engine::plane::{MoveSet, PlaneJob, Solution};
use heaplab_engine::Budget;
use serde::{Deserialize, Serialize};

/// How long one step of a plane job aims to take, in milliseconds.
pub const PLANE_STEP_MS: f64 = 40.0;

/// Cells of the first step of a plane job (later steps are sized from its speed).
pub const PLANE_FIRST_STEP: u64 = 100_000;

/// What the page asks a worker to do.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum WorkerRequest {
    /// Solve one period-map tile.
    Tile(TileRequest),
    /// Compute a 2-D subtraction window (replacing any plane job in progress).
    Plane(PlaneRequest),
    /// Stop the plane job with this number, if it is still running.
    CancelPlane {
        /// The job to stop.
        job: u64,
    },
}

/// A 2-D subtraction window to compute.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlaneRequest {
    /// The job number; replies carry it.
    pub job: u64,
    /// The moves.
    pub moves: MoveSet,
    /// Window width.
    pub width: u32,
    /// Window height.
    pub height: u32,
    /// Whether to compute nim-values too.
    pub with_nim: bool,
}

/// One tile to solve: a rectangle of pixels of one map job.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TileRequest {
    /// The job the tile belongs to; replies of old jobs are dropped by the page.
    pub job: u64,
    /// The family (with its fixed move).
    pub family: Family,
    /// The pixels of this tile (a sub-window of the map's window).
    pub tile: Window,
    /// Heaps one ruleset may compute before it is "unresolved".
    pub max_heaps: u64,
}

/// The solved tile.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TileResult {
    /// The job of the request.
    pub job: u64,
    /// The tile of the request.
    pub tile: Window,
    /// The cells in [`period_map::compute`] order, or the engine's message.
    pub cells: Result<Vec<Cell>, String>,
    /// How long the tile took, in milliseconds (used to size the next tiles).
    pub millis: f64,
}

/// What a worker sends back.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum WorkerReply {
    /// The worker has loaded and is connected (sent once, before any tile).
    Ready,
    /// One solved tile.
    Tile(TileResult),
    /// A plane job advanced: `done` of `total` cells.
    PlaneProgress {
        /// The job.
        job: u64,
        /// Cells computed.
        done: u64,
        /// Cells in all.
        total: u64,
    },
    /// A plane job finished (or could not start: the engine's message).
    Plane {
        /// The job.
        job: u64,
        /// The solution.
        solution: Result<Box<Solution>, String>,
    },
}

/// The size of the next step of a plane job: aims at [`PLANE_STEP_MS`] from the speed of the
/// last step (`cells` in `millis`).
pub fn next_step_cells(cells: u64, millis: f64) -> u64 {
    if millis <= 0.5 {
        return cells.saturating_mul(4).min(50_000_000);
    }
    ((cells as f64 * PLANE_STEP_MS / millis) as u64).clamp(1_000, 50_000_000)
}

/// Solves one tile with the engine (the only computation of the period-map page).
pub fn solve_tile(request: &TileRequest) -> TileResult {
    let started = js_sys::Date::now();
    let cells = period_map::compute(
        request.family,
        request.tile,
        request.max_heaps,
        &mut Budget::unlimited(),
    )
    .map_err(|e| e.to_string());
    TileResult {
        job: request.job,
        tile: request.tile,
        cells,
        millis: js_sys::Date::now() - started,
    }
}

/// A plane job in a worker.
struct RunningPlane {
    job: u64,
    who: HandlerId,
    state: PlaneJob,
    cells: u64,
    /// The pending zero timeout that runs the next step.
    _next: Timeout,
}

/// The worker: it answers each [`TileRequest`] with a [`WorkerReply::Tile`], and runs at most
/// one plane job, a step per message-queue turn.
pub struct MapWorker {
    plane: Option<RunningPlane>,
}

/// A message from the worker to itself: run the next step of plane job `.0`.
pub struct PlaneStep(u64);

impl MapWorker {
    fn schedule(scope: &WorkerScope<Self>, job: u64) -> Timeout {
        let step = scope.callback(move |()| PlaneStep(job));
        Timeout::new(0, move || step(()))
    }
}

impl Worker for MapWorker {
    type Message = PlaneStep;
    type Input = WorkerRequest;
    type Output = WorkerReply;

    fn create(_scope: &WorkerScope<Self>) -> Self {
        MapWorker { plane: None }
    }

    fn update(&mut self, scope: &WorkerScope<Self>, PlaneStep(job): PlaneStep) {
        let Some(mut running) = self.plane.take().filter(|r| r.job == job) else {
            return;
        };
        let started = js_sys::Date::now();
        let (done, total) = running.state.step(running.cells);
        let millis = js_sys::Date::now() - started;
        scope.respond(running.who, WorkerReply::PlaneProgress { job, done, total });
        if running.state.is_done() {
            let solution = running
                .state
                .finish()
                .map(Box::new)
                .ok_or_else(|| "the computation stopped early".to_string());
            scope.respond(running.who, WorkerReply::Plane { job, solution });
        } else {
            running.cells = next_step_cells(running.cells, millis);
            running._next = Self::schedule(scope, job);
            self.plane = Some(running);
        }
    }

    fn connected(&mut self, scope: &WorkerScope<Self>, id: HandlerId) {
        scope.respond(id, WorkerReply::Ready);
    }

    fn received(&mut self, scope: &WorkerScope<Self>, msg: Self::Input, id: HandlerId) {
        match msg {
            WorkerRequest::Tile(tile) => scope.respond(id, WorkerReply::Tile(solve_tile(&tile))),
            WorkerRequest::Plane(request) => {
                let job = request.job;
                match PlaneJob::new(
                    &request.moves,
                    request.width,
                    request.height,
                    request.with_nim,
                ) {
                    Ok(state) => {
                        self.plane = Some(RunningPlane {
                            job,
                            who: id,
                            state,
                            cells: PLANE_FIRST_STEP,
                            _next: Self::schedule(scope, job),
                        });
                    }
                    Err(e) => {
                        self.plane = None;
                        scope.respond(
                            id,
                            WorkerReply::Plane {
                                job,
                                solution: Err(e.to_string()),
                            },
                        );
                    }
                }
            }
            WorkerRequest::CancelPlane { job } => {
                if self.plane.as_ref().is_some_and(|r| r.job == job) {
                    self.plane = None;
                }
            }
        }
    }
}
