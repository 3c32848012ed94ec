//! The Web Worker: solves one period-map tile or one octal game per request.
//!
//! [`MapWorker`] is registered by `src/bin/worker.rs` (built as `worker.wasm`, loaded through
//! `static/worker_loader.js`) and spawned by [`crate::tiles::runner`], one per core. Messages
//! are bincode (gloo-worker's default codec). The same [`solve_tile`] runs on the main thread
//! when workers are not available, so both paths give the same cells.

use gloo::worker::{HandlerId, Worker, WorkerScope};
use heaplab_engine::octal::{self, Limits, OctalReport, Ruleset};
use heaplab_engine::period_map::{self, Cell, Family, Window};
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

/// What the page asks a worker to do.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum WorkerRequest {
    /// Solve one period-map tile.
    Tile(TileRequest),
    /// Prove the period of an octal game (the octal page).
    Octal(OctalRequest),
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

/// The worker: stateless, it answers each [`TileRequest`] with a [`WorkerReply::Tile`].
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
        match msg {
            WorkerRequest::Tile(request) => {
                scope.respond(id, WorkerReply::Tile(solve_tile(&request)));
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
