//! HeapLab's Web Worker: solves one tile of a period map per request, computes 2-D
//! subtraction windows step by step, solves one octal game per request (with progress), and
//! runs one heavy job of another page ([`WorkerRequest::Job`]: a large two-pile cumulative
//! subtraction grid, a long `tr^m`, a scoring octal game's `G_s` whole; a cumulative game's
//! solve in steps, [`JobRun`], with progress replies and a stop as soon as the page drops the
//! bridge).
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
use heaplab_engine::cumulative_subtraction::{self as cs, DualityCheck, TwoPileReport};
use heaplab_engine::octal::{self, Limits, OctalReport, Ruleset};
use heaplab_engine::period_map::{self, Cell, Family, Window};
use heaplab_engine::plane::{MoveSet, PlaneJob, Solution};
use heaplab_engine::ruleset::NumberSet;
use heaplab_engine::scoring::octal as scoring_octal;
use heaplab_engine::scoring::ScoringRules;
use heaplab_engine::Budget;
use serde::{Deserialize, Serialize};

use crate::pages::cumulative_games::run as cg_run;
use crate::pages::cumulative_games::{CgQuery, CgResult, CgRun};

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
    /// Run one whole job.
    Job(JobRequest),
    /// Prove the period of an octal game (the octal page).
    Octal(OctalRequest),
}

/// A heavy computation of a page other than the period map, run whole in one worker.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum JobRequest {
    /// Two-pile cumulative subtraction: [`cs::two_piles`] on the action set `moves`.
    TwoPiles {
        /// The action set, increasing.
        moves: Vec<u32>,
        /// Window width.
        width: u32,
        /// Window height.
        height: u32,
    },
    /// Truncated support: [`cs::truncated_sequence`] and [`cs::check_duality`] for `m`.
    Truncated {
        /// The largest action.
        m: u32,
    },
    /// The cumulative games page's state: its solve, in steps with progress ([`CgRun`]).
    CumulativeGame(Box<CgQuery>),
    /// Stewart's `G_s` of a scoring octal game ([`scoring_octal::solve`]), as typed.
    ScoringOctal(ScoringOctalRequest),
}

/// A scoring octal game to solve: the code and points as typed, `G_s(n)` (or `G_s(n +_ℓ m)`)
/// for `n = 0..terms`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ScoringOctalRequest {
    /// The code `n_1…n_k`.
    pub code: String,
    /// The points `p_1,…,p_k`.
    pub points: String,
    /// How many values.
    pub terms: u64,
    /// The fixed heap `m` and its ruleset's code and points (`None`: a heap alone).
    pub fixed: Option<(u32, String, String)>,
}

/// `G_s` of a scoring octal game, in a form the worker can send (exact values as
/// `(numerator, denominator)`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ScoringTable {
    /// The ruleset in the paper's notation, e.g. `(3333, 2222)`.
    pub rules: String,
    /// `G_s(n)` (or `G_s(n +_ℓ m)`) for `n = 0..terms`, as `(numerator, denominator)`.
    pub values: Vec<(i64, i64)>,
    /// The proven period of the sequence, or how far the search went.
    pub period: heaplab_engine::Periodicity,
    /// Which solver ran, in words.
    pub method: String,
    /// The `2k` check of Conjectures 14 and 15.
    pub two_k: Option<scoring_octal::TwoKCheck>,
    /// The subtraction set when the game is cumulative subtraction (one point per bean).
    pub subtraction: Option<String>,
}

/// Solves a [`ScoringOctalRequest`] with the engine.
pub fn solve_scoring_octal(request: &ScoringOctalRequest) -> Result<ScoringTable, String> {
    let go = || -> Result<ScoringTable, heaplab_engine::EngineError> {
        let rules = ScoringRules::parse(&request.code, &request.points)?;
        let fixed = match &request.fixed {
            None => None,
            Some((size, code, points)) => Some(scoring_octal::FixedHeap {
                rules: ScoringRules::parse(code, points)?,
                size: *size,
            }),
        };
        let limits = scoring_octal::ScoringLimits::new(request.terms, 1 << 22)?;
        let report =
            scoring_octal::solve(&rules, fixed.as_ref(), limits, &mut Budget::unlimited())?;
        Ok(ScoringTable {
            rules: rules.to_string(),
            values: report
                .values
                .iter()
                .map(|v| (v.numer(), v.denom()))
                .collect(),
            period: report.period,
            method: report.method.describe().to_string(),
            two_k: report.two_k,
            subtraction: rules
                .as_cumulative_subtraction()
                .filter(|_| fixed.is_none())
                .map(|s| s.to_text()),
        })
    };
    go().map_err(|e| e.to_string())
}

/// `tr^m` and the Conjecture 16 check (for `m >= 3`).
pub type Truncated = (Vec<u64>, Option<DualityCheck>);

/// The answer to a [`JobRequest`], or the engine's message.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum JobResult {
    /// The two-pile report.
    TwoPiles(Result<TwoPileReport, String>),
    /// `tr^m` and the Conjecture 16 check (for `m >= 3`).
    Truncated(Result<Truncated, String>),
    /// What the cumulative games page draws, or its message.
    CumulativeGame(Result<CgResult, String>),
    /// `G_s` of a scoring octal game.
    ScoringOctal(Result<ScoringTable, String>),
}

/// Grounded positions a cumulative-game step solves between two looks at the clock.
const CG_CHUNK: u64 = 2_048;

/// A job being run ([`JobRun::step`] at a time): two-pile grids and `tr^m` run whole in their
/// first step; a cumulative game solves in steps of about the given time, reporting progress.
pub enum JobRun {
    /// Runs whole at the first step.
    Whole(JobRequest),
    /// The cumulative games page's solve.
    CumulativeGame(Box<CgRun>),
    /// Finished (or could not start): handed out by the next step.
    Ready(Option<JobResult>),
}

impl JobRun {
    /// Prepares `request`; `in_worker` picks the cumulative games cap (worker or main thread).
    pub fn new(request: &JobRequest, in_worker: bool) -> JobRun {
        match request {
            JobRequest::CumulativeGame(query) => {
                let limit = if in_worker {
                    cg_run::WORKER_STATES
                } else {
                    cg_run::MAIN_THREAD_STATES
                };
                match query
                    .validate()
                    .map_err(|e| e.join(" "))
                    .and_then(|params| CgRun::new(&params, limit))
                {
                    Ok(run) => JobRun::CumulativeGame(Box::new(run)),
                    Err(e) => JobRun::Ready(Some(JobResult::CumulativeGame(Err(e)))),
                }
            }
            other => JobRun::Whole(other.clone()),
        }
    }

    /// Works for about `millis` milliseconds; returns the result once the job is finished.
    pub fn step(&mut self, millis: f64) -> Option<JobResult> {
        match self {
            JobRun::Whole(request) => Some(run_whole(request)),
            JobRun::Ready(result) => result.take(),
            JobRun::CumulativeGame(run) => {
                let started = js_sys::Date::now();
                loop {
                    match run.step(CG_CHUNK) {
                        Ok(true) => {
                            let run = std::mem::replace(self, JobRun::Ready(None));
                            let JobRun::CumulativeGame(run) = run else {
                                return None;
                            };
                            return Some(JobResult::CumulativeGame(run.finish()));
                        }
                        Ok(false) if js_sys::Date::now() - started < millis => continue,
                        Ok(false) => return None,
                        Err(e) => return Some(JobResult::CumulativeGame(Err(e))),
                    }
                }
            }
        }
    }

    /// `(done, total)` for a progress bar, when the job counts its work.
    pub fn progress(&self) -> Option<(u64, u64)> {
        match self {
            JobRun::CumulativeGame(run) => Some(run.progress()),
            _ => None,
        }
    }
}

/// Runs a job to the end (on the main thread: the cumulative game with its main-thread cap).
pub fn run_job(request: &JobRequest) -> JobResult {
    let mut run = JobRun::new(request, false);
    loop {
        if let Some(result) = run.step(f64::INFINITY) {
            return result;
        }
    }
}

/// How long one step of a job in the worker aims to take, in milliseconds.
pub const JOB_STEP_MS: f64 = 50.0;

/// Runs a job in the worker a step at a time, yielding to the message queue between steps (so
/// a dropped bridge closes the worker at once) and sending progress after each step.
fn run_job_in_steps(scope: &WorkerScope<MapWorker>, id: HandlerId, request: JobRequest) {
    let scope = scope.clone();
    wasm_bindgen_futures::spawn_local(async move {
        let mut run = JobRun::new(&request, true);
        loop {
            if let Some(result) = run.step(JOB_STEP_MS) {
                scope.respond(id, WorkerReply::Job(result));
                return;
            }
            if let Some((done, total)) = run.progress() {
                scope.respond(id, WorkerReply::JobProgress { done, total });
            }
            yew::platform::time::sleep(std::time::Duration::ZERO).await;
        }
    });
}

/// Runs a two-pile or `tr^m` job whole.
fn run_whole(request: &JobRequest) -> JobResult {
    match request {
        JobRequest::TwoPiles {
            moves,
            width,
            height,
        } => JobResult::TwoPiles(
            NumberSet::from_elements(moves.clone())
                .and_then(|set| cs::two_piles(&set, *width, *height))
                .map_err(|e| e.to_string()),
        ),
        JobRequest::Truncated { m } => JobResult::Truncated(
            cs::truncated_sequence(*m)
                .and_then(|tr| {
                    let check = (*m >= 3).then(|| cs::check_duality(*m)).transpose()?;
                    Ok((tr, check))
                })
                .map_err(|e| e.to_string()),
        ),
        JobRequest::CumulativeGame(_) => run_job(request),
        JobRequest::ScoringOctal(r) => JobResult::ScoringOctal(solve_scoring_octal(r)),
    }
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

/// An octal game to solve until its period is proven or `max_heaps` is reached.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OctalRequest {
    /// The page's job number; replies of old jobs are dropped.
    pub job: u64,
    /// The code in ASCII (`.77`) or `grundy`.
    pub code: String,
    /// The most heaps to compute.
    pub max_heaps: u64,
}

/// The solved octal game: the report and the value of every heap computed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OctalResult {
    /// The job of the request.
    pub job: u64,
    /// The report and all values, or the engine's message.
    pub outcome: Result<(OctalReport, Vec<u32>), String>,
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
    /// One finished job.
    Job(JobResult),
    /// Progress of a job that counts its work: `done` of `total`.
    JobProgress {
        /// Work done.
        done: u64,
        /// Work in all (or the cap).
        total: u64,
    },
    /// Progress of an octal job: heaps done of the current target.
    OctalProgress {
        /// The job.
        job: u64,
        /// Heaps computed.
        done: u64,
        /// The length being computed now.
        total: u64,
    },
    /// A finished octal job.
    Octal(OctalResult),
}

/// Solves an octal request with the engine, calling `progress(done, total)` along the way.
pub fn solve_octal(request: &OctalRequest, progress: &mut dyn FnMut(u64, u64)) -> OctalResult {
    let outcome = Ruleset::parse(&request.code).and_then(|rules| {
        let mut last = 0.0;
        let mut tick = |done: u64, total: u64| {
            let now = js_sys::Date::now();
            if now - last > 100.0 {
                last = now;
                progress(done, total);
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
    });
    OctalResult {
        job: request.job,
        outcome: outcome.map_err(|e| e.to_string()),
    }
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
            WorkerRequest::Job(job) => run_job_in_steps(scope, id, job),
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
            WorkerRequest::Octal(request) => {
                let job = request.job;
                let result = solve_octal(&request, &mut |done, total| {
                    scope.respond(id, WorkerReply::OctalProgress { job, done, total });
                });
                scope.respond(id, WorkerReply::Octal(result));
            }
        }
    }
}
