//! The Web Worker: solves one tile of a period map per request ([`WorkerRequest::Tile`]), or
//! one heavy job of another page ([`WorkerRequest::Job`]: a large two-pile cumulative
//! subtraction grid, a long `tr^m`), run by [`crate::jobs`].
//!
//! [`MapWorker`] is registered by `src/bin/worker.rs` (built as `worker.wasm`, loaded through
//! `static/worker_loader.js`) and spawned by [`crate::tiles::runner`], one per core. Messages
//! are bincode (gloo-worker's default codec). The same [`solve_tile`] runs on the main thread
//! when workers are not available, so both paths give the same cells.

use gloo::worker::{HandlerId, Worker, WorkerScope};
use heaplab_engine::cumulative_subtraction::{self as cs, DualityCheck, TwoPileReport};
use heaplab_engine::period_map::{self, Cell, Family, Window};
use heaplab_engine::ruleset::NumberSet;
use heaplab_engine::Budget;
use serde::{Deserialize, Serialize};

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

/// What a page asks a worker to do.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum WorkerRequest {
    /// Solve one period-map tile.
    Tile(TileRequest),
    /// Run one whole job.
    Job(JobRequest),
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
}

/// Runs a job with the engine (in a worker, or on the main thread as a fallback).
pub fn run_job(request: &JobRequest) -> JobResult {
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
    }
}

/// What a worker sends back.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum WorkerReply {
    /// The worker has loaded and is connected (sent once, before any tile).
    Ready,
    /// One solved tile.
    Tile(TileResult),
    /// One finished job.
    Job(JobResult),
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

/// The worker: stateless, it answers each tile with a [`WorkerReply::Tile`] and each job with a
/// [`WorkerReply::Job`].
pub struct MapWorker;

impl Worker for MapWorker {
    type Message = ();
    type Input = WorkerRequest;
    type Output = WorkerReply;

    fn create(_scope: &WorkerScope<Self>) -> Self {
        MapWorker
    }

    fn update(&mut self, _scope: &WorkerScope<Self>, _msg: Self::Message) {}

    fn connected(&mut self, scope: &WorkerScope<Self>, id: HandlerId) {
        scope.respond(id, WorkerReply::Ready);
    }

    fn received(&mut self, scope: &WorkerScope<Self>, msg: Self::Input, id: HandlerId) {
        let reply = match msg {
            WorkerRequest::Tile(tile) => WorkerReply::Tile(solve_tile(&tile)),
            WorkerRequest::Job(job) => WorkerReply::Job(run_job(&job)),
        };
        scope.respond(id, reply);
    }
}
