//! HeapLab's Web Worker and the one job protocol every page speaks to it.
//!
//! The page sends [`WorkerRequest::Start`] (a [`JobSpec`] under an id of its choosing) and
//! [`WorkerRequest::Cancel`] (by id). The worker answers [`WorkerReply::Ready`] once loaded,
//! then for each job [`WorkerReply::Progress`] after every step and one
//! [`WorkerReply::Result`] or [`WorkerReply::Error`]. Messages are bincode bytes.
//!
//! Every job implements [`Job`] in its own file under [`jobs`]; the [`host`] loop runs the
//! jobs of one worker a step (about [`JOB_STEP_MS`]) at a time and reads its message queue
//! between steps, so a Cancel is seen within one step. Jobs whose engine call cannot be
//! resumed ([`JobSpec::is_stepped`] is false) run whole in their one step: the client
//! terminates the worker to cancel them. The same [`Job`]s run on the main thread when
//! workers are not available (`crate::jobs`, `crate::tiles::runner`), with smaller caps.

pub mod host;
pub mod jobs;

#[cfg(feature = "core")]
use std::rc::Rc;

#[cfg(feature = "lab")]
use heaplab_engine::cumulative_subtraction::TwoPileReport;
#[cfg(feature = "core")]
use heaplab_engine::{octal::OctalReport, plane::Solution};
use serde::{Deserialize, Serialize};

#[cfg(feature = "lab")]
use crate::protocol::cumulative_games::CgQuery;
pub use crate::protocol::SweepRequest;
pub use crate::protocol::{Progress, Unit};
#[cfg(feature = "lab")]
use jobs::cumulative_game::run::CgResult;
#[cfg(feature = "core")]
pub use jobs::octal::{solve_octal, OctalRequest, OctalResult};
#[cfg(feature = "core")]
pub use jobs::outcome_cycle::CycleRequest;
#[cfg(feature = "lab")]
pub use jobs::partizan::{solve_game, solve_partizan, GameResult, PartizanResult};
#[cfg(feature = "core")]
pub use jobs::plane::PlaneRequest;
pub use jobs::scoring_octal::{solve_scoring_octal, ScoringOctalRequest, ScoringTable};
#[cfg(feature = "core")]
pub use jobs::tile::{solve_tile, TileRequest, TileResult};
#[cfg(feature = "lab")]
pub use jobs::truncated::Truncated;

/// How long one step of a job aims to take, in milliseconds.
pub const JOB_STEP_MS: f64 = 50.0;

/// A job's number, chosen by the page; replies carry it.
pub type JobId = u64;

/// What the page asks a worker to do.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum WorkerRequest {
    /// Start `spec` as job `id` (queued behind the jobs already running in this worker).
    Start {
        /// The job's number.
        id: JobId,
        /// What to compute.
        spec: JobSpec,
    },
    /// Drop job `id` before its next step (nothing happens if it is finished or unknown).
    Cancel {
        /// The job to drop.
        id: JobId,
    },
}

/// What a worker sends back.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum WorkerReply {
    /// The worker has loaded (sent once, before anything else).
    Ready,
    /// Job `id` advanced.
    Progress {
        /// The job.
        id: JobId,
        /// How far it is.
        progress: Progress,
    },
    /// Job `id` finished.
    Result {
        /// The job.
        id: JobId,
        /// What it computed.
        output: Box<JobOutput>,
    },
    /// Job `id` could not start or failed: the engine's one-line message.
    Error {
        /// The job.
        id: JobId,
        /// The message.
        message: String,
    },
}

/// Whether a job runs in a Web Worker or on the main thread (which has smaller caps).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// In a Web Worker.
    Worker,
    /// On the main thread.
    MainThread,
}

/// Every job a page can ask for. Each variant, and its [`JobOutput`], is compiled into the
/// bundle of the pages that use it (`crate::bundle`): a module never carries the other's jobs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum JobSpec {
    #[cfg(feature = "core")]
    /// One period-map tile ([`jobs::tile`]).
    Tile(TileRequest),
    #[cfg(feature = "core")]
    /// A 2-D subtraction window ([`jobs::plane`]).
    Plane(PlaneRequest),
    #[cfg(feature = "core")]
    /// An octal game proven up to a heap budget ([`jobs::octal`]).
    Octal(OctalRequest),
    #[cfg(feature = "lab")]
    /// The cumulative games page's solve ([`jobs::cumulative_game`]).
    CumulativeGame(Box<CgQuery>),
    #[cfg(feature = "lab")]
    /// A two-pile cumulative subtraction grid ([`jobs::two_piles`]).
    TwoPiles {
        /// The action set, increasing.
        moves: Vec<u32>,
        /// Window width.
        width: u32,
        /// Window height.
        height: u32,
    },
    #[cfg(feature = "lab")]
    /// `tr^m` and the Conjecture 16 check ([`jobs::truncated`]).
    Truncated {
        /// The largest action.
        m: u32,
    },
    #[cfg(feature = "lab")]
    /// Stewart's `G_s` of a scoring octal game ([`jobs::scoring_octal`]).
    ScoringOctal(ScoringOctalRequest),
    #[cfg(feature = "lab")]
    /// A partizan heap game's sequence and position ([`jobs::partizan`]).
    Partizan(crate::protocol::PartizanRequest),
    #[cfg(feature = "lab")]
    /// One partizan game typed in notation ([`jobs::partizan::solve_game`]).
    PartizanGame(crate::protocol::partizan::GameRequest),
    #[cfg(feature = "lab")]
    /// A misère quotient ([`jobs::misere`]).
    Misere(crate::protocol::MisereRequest),
    #[cfg(feature = "core")]
    /// A slice of an explorer sweep ([`jobs::sweep_job`]): the request and an index range.
    Sweep {
        /// The sweep.
        request: Box<SweepRequest>,
        /// The first index.
        start: u64,
        /// One past the last index.
        end: u64,
    },
    #[cfg(feature = "core")]
    /// A constant-memory outcome-period search ([`jobs::outcome_cycle`]).
    OutcomeCycle(CycleRequest),
    #[cfg(feature = "core")]
    /// Single heaps' misère outcomes ([`jobs::misere_outcomes`]).
    MisereOutcomes(crate::protocol::MisereRequest),
}

/// What a finished job computed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum JobOutput {
    #[cfg(feature = "core")]
    /// The solved tile.
    Tile(TileResult),
    #[cfg(feature = "core")]
    /// The 2-D window.
    Plane(Rc<Solution>),
    #[cfg(feature = "core")]
    /// The octal report and the value of every heap computed.
    Octal(Box<(OctalReport, Vec<u32>)>),
    #[cfg(feature = "lab")]
    /// What the cumulative games page draws.
    CumulativeGame(Box<CgResult>),
    #[cfg(feature = "lab")]
    /// The two-pile report.
    TwoPiles(Box<TwoPileReport>),
    #[cfg(feature = "lab")]
    /// `tr^m` and the Conjecture 16 check.
    Truncated(Box<Truncated>),
    #[cfg(feature = "lab")]
    /// `G_s` of a scoring octal game.
    ScoringOctal(Box<ScoringTable>),
    #[cfg(feature = "lab")]
    /// A partizan heap game's sequence and position.
    Partizan(Box<PartizanResult>),
    #[cfg(feature = "lab")]
    /// One partizan game's facts and thermograph.
    PartizanGame(Box<GameResult>),
    #[cfg(feature = "lab")]
    /// A misère quotient and its report.
    Misere(Box<jobs::misere::MisereResult>),
    #[cfg(feature = "core")]
    /// The summary of a sweep slice, as [`heaplab_engine::sweep::wire`] writes it.
    Sweep(String),
    #[cfg(feature = "core")]
    /// The outcome periodicity found, or how far the capped search looked.
    OutcomeCycle(heaplab_engine::Periodicity),
    #[cfg(feature = "core")]
    /// Single heaps' misère outcomes.
    MisereOutcomes(Box<jobs::misere_outcomes::MisereOutcomes>),
}

/// One computation, run a bounded step at a time by the worker's [`host`] loop or by the
/// main-thread fallback.
pub trait Job {
    /// Works for about `millis` milliseconds; `Ok(true)` once finished. A job that cannot
    /// stop early may take longer and may call `report` along the way.
    fn step(&mut self, millis: f64, report: &mut dyn FnMut(Progress)) -> Result<bool, String>;
    /// How far the job is, when it counts its work.
    fn progress(&self) -> Option<Progress>;
    /// The result of a finished job.
    fn output(self: Box<Self>) -> Result<JobOutput, String>;
}

impl JobSpec {
    /// Prepares the job to run at `place` (the place picks the caps).
    pub fn start(&self, place: Place) -> Result<Box<dyn Job>, String> {
        match self {
            #[cfg(feature = "core")]
            JobSpec::Tile(r) => Ok(jobs::tile::start(*r)),
            #[cfg(feature = "core")]
            JobSpec::Plane(r) => jobs::plane::start(r),
            #[cfg(feature = "core")]
            JobSpec::Octal(r) => Ok(jobs::octal::start(r, place)),
            #[cfg(feature = "lab")]
            JobSpec::CumulativeGame(q) => jobs::cumulative_game::start(q, place),
            #[cfg(feature = "lab")]
            JobSpec::TwoPiles {
                moves,
                width,
                height,
            } => Ok(jobs::two_piles::start(moves.clone(), *width, *height)),
            #[cfg(feature = "lab")]
            JobSpec::Truncated { m } => Ok(jobs::truncated::start(*m)),
            #[cfg(feature = "lab")]
            JobSpec::ScoringOctal(r) => Ok(jobs::scoring_octal::start(r.clone())),
            #[cfg(feature = "lab")]
            JobSpec::Partizan(r) => Ok(jobs::partizan::start(r, place)),
            #[cfg(feature = "lab")]
            JobSpec::PartizanGame(r) => Ok(jobs::partizan::start_game(r)),
            #[cfg(feature = "lab")]
            JobSpec::Misere(r) => Ok(jobs::misere::start(r)),
            #[cfg(feature = "core")]
            JobSpec::Sweep {
                request,
                start,
                end,
            } => jobs::sweep_job::start(request, *start, *end),
            #[cfg(feature = "core")]
            JobSpec::OutcomeCycle(r) => jobs::outcome_cycle::start(r, place),
            #[cfg(feature = "core")]
            JobSpec::MisereOutcomes(r) => Ok(jobs::misere_outcomes::start(r)),
        }
    }

    /// Whether the job yields between bounded steps (so [`WorkerRequest::Cancel`] stops it
    /// within one step). The others are one engine call: the client terminates the worker.
    pub fn is_stepped(&self) -> bool {
        match self {
            #[cfg(feature = "core")]
            JobSpec::Tile(_) | JobSpec::Plane(_) | JobSpec::OutcomeCycle(_) => true,
            #[cfg(feature = "core")]
            JobSpec::Sweep { .. } => true,
            #[cfg(feature = "lab")]
            JobSpec::CumulativeGame(_) => true,
            #[allow(unreachable_patterns)]
            _ => false,
        }
    }
}

/// Runs `spec` to the end on this thread (tests and small main-thread jobs).
pub fn run_to_end(spec: &JobSpec, place: Place) -> Result<JobOutput, String> {
    let mut job = spec.start(place)?;
    while !job.step(f64::INFINITY, &mut |_| {})? {}
    job.output()
}
