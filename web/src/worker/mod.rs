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

use serde::{Deserialize, Serialize};

pub use crate::protocol::SweepRequest;
pub use crate::protocol::{Progress, Unit};
#[cfg(feature = "core")]
pub use jobs::octal::{solve_octal, OctalRequest, OctalResult};
#[cfg(feature = "core")]
pub use jobs::outcome_cycle::CycleRequest;
#[cfg(feature = "lab")]
pub use jobs::partizan::{solve_partizan, PartizanResult};
#[cfg(feature = "lab")]
pub use jobs::partizan_game::{solve_game, GameResult};
#[cfg(feature = "core")]
pub use jobs::plane::PlaneRequest;
#[cfg(feature = "lab")]
pub use jobs::scoring_octal::{solve_scoring_octal, ScoringOctalRequest, ScoringTable};
#[cfg(feature = "core")]
pub use jobs::tile::{solve_tile, TileRequest, TileResult};
#[cfg(feature = "lab")]
pub use jobs::truncated::Truncated;

/// The one list of job kinds. Each entry is
/// `Variant(request::Type) in module for "bundle", stepped|whole as accessor;` (or
/// `Variant { field: Type, ... }` for a request of several fields; `as accessor` is optional).
/// The module is the job's file under [`jobs`], which has
/// `pub fn start(<the variant's fields by reference>, place: Place) -> Result<Box<dyn Job>, String>`
/// and `pub type Output` (what its [`JobOutput`] variant holds). The bundle (`"core"`, `"lab"` or `"rules"`)
/// is the cargo feature that compiles the job in (`crate::bundle`); `stepped` jobs yield between
/// bounded steps ([`JobSpec::is_stepped`]), `whole` ones are one engine call. The accessor, a
/// method of the job client's `Shared` (`crate::jobs`), reads the output out of a finished job.
/// It hands the list to the macro `$then`: this module expands [`JobSpec`], [`JobOutput`] and
/// [`JobSpec::start`], [`jobs`] its `pub mod` lines, the job client the accessors.
#[macro_export]
macro_rules! for_each_job {
    ($($then:ident)::+) => {
        $($then)::+! {
            /// One period-map tile ([`jobs::tile`]).
            Tile(jobs::tile::TileRequest) in tile for "core", stepped;
            /// A 2-D subtraction window ([`jobs::plane`]).
            Plane(jobs::plane::PlaneRequest) in plane for "core", stepped as plane;
            /// An octal game proven up to a heap budget ([`jobs::octal`]).
            Octal(jobs::octal::OctalRequest) in octal for "core", whole as octal;
            /// The cumulative games page's solve ([`jobs::cumulative_game`]).
            CumulativeGame(Box<$crate::protocol::cumulative_games::CgQuery>) in cumulative_game for "lab", stepped as cumulative_game;
            /// A two-pile cumulative subtraction grid ([`jobs::two_piles`]).
            TwoPiles {
                /// The action set, increasing.
                moves: Vec<u32>,
                /// Window width.
                width: u32,
                /// Window height.
                height: u32,
            } in two_piles for "lab", whole as two_piles;
            /// `tr^m` and the Conjecture 16 check ([`jobs::truncated`]).
            Truncated {
                /// The largest action.
                m: u32,
            } in truncated for "lab", whole as truncated;
            /// Stewart's `G_s` of a scoring octal game ([`jobs::scoring_octal`]).
            ScoringOctal($crate::protocol::ScoringOctalRequest) in scoring_octal for "lab", whole as scoring_octal;
            /// A partizan heap game's sequence and position ([`jobs::partizan`]).
            Partizan($crate::protocol::PartizanRequest) in partizan for "lab", whole as partizan;
            /// One partizan game typed in notation ([`jobs::partizan_game`]).
            PartizanGame($crate::protocol::partizan::GameRequest) in partizan_game for "lab", whole as partizan_game;
            /// A misère quotient ([`jobs::misere`]).
            Misere($crate::protocol::MisereRequest) in misere for "lab", whole as misere;
            /// A slice of an explorer sweep ([`jobs::sweep_job`]): the request and an index range.
            Sweep {
                /// The sweep.
                request: Box<$crate::protocol::SweepRequest>,
                /// The first index.
                start: u64,
                /// One past the last index.
                end: u64,
            } in sweep_job for "core", stepped;
            /// A constant-memory outcome-period search ([`jobs::outcome_cycle`]).
            OutcomeCycle(jobs::outcome_cycle::CycleRequest) in outcome_cycle for "core", stepped
                as outcome_cycle;
            /// Single heaps' misère outcomes ([`jobs::misere_outcomes`]).
            MisereOutcomes($crate::protocol::MisereRequest) in misere_outcomes for "core", whole as misere_outcomes;
            /// A ruleset of the ruleset language, solved ([`jobs::rules`]).
            Rules($crate::protocol::RulesRequest) in rules for "rules", whole as rules;
        }
    };
}

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

/// Expands the job list ([`for_each_job!`](crate::for_each_job)) into [`JobSpec`],
/// [`JobOutput`] and the dispatch of [`JobSpec::start`] and [`JobSpec::is_stepped`].
macro_rules! define_jobs {
    ($($(#[$doc:meta])* $variant:ident $request:tt in $module:ident for $bundle:literal, $run:ident
        $(as $accessor:ident)?;)*) => {
        /// Every job a page can ask for. Each variant, and its [`JobOutput`], is compiled into
        /// the bundle of the pages that use it (`crate::bundle`): a module never carries the
        /// other's jobs.
        #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
        pub enum JobSpec {
            $(#[cfg(feature = $bundle)] $(#[$doc])* $variant $request,)*
        }

        /// What a finished job computed: each variant holds its job file's `Output`.
        #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
        pub enum JobOutput {
            $(
                #[cfg(feature = $bundle)]
                #[doc = concat!("What [`JobSpec::", stringify!($variant), "`] computed.")]
                $variant(jobs::$module::Output),
            )*
        }

        impl JobSpec {
            /// Prepares the job to run at `place` (the place picks the caps).
            pub fn start(&self, place: Place) -> Result<Box<dyn Job>, String> {
                match self {
                    $(
                        #[cfg(feature = $bundle)]
                        job_pattern!($variant $request request) => {
                            job_start!(jobs::$module::start, $request request, place)
                        }
                    )*
                }
            }

            /// Whether the job yields between bounded steps (so [`WorkerRequest::Cancel`]
            /// stops it within one step). The others are one engine call: the client
            /// terminates the worker.
            pub fn is_stepped(&self) -> bool {
                match self {
                    $(
                        #[cfg(feature = $bundle)]
                        JobSpec::$variant { .. } => job_run!($run),
                    )*
                }
            }
        }
    };
}

/// The pattern that binds a [`JobSpec`] variant's fields: the one request as `$r`, or each
/// named field by its name.
macro_rules! job_pattern {
    ($variant:ident ($($ty:tt)*) $r:ident) => {
        JobSpec::$variant($r)
    };
    ($variant:ident { $($(#[$doc:meta])* $field:ident: $ty:ty),* $(,)? } $r:ident) => {
        JobSpec::$variant { $($field),* }
    };
}

/// The call of a job file's `start` with the fields [`job_pattern!`] bound.
macro_rules! job_start {
    ($start:path, ($($ty:tt)*) $r:ident, $place:ident) => {
        $start($r, $place)
    };
    ($start:path, { $($(#[$doc:meta])* $field:ident: $ty:ty),* $(,)? } $r:ident, $place:ident) => {
        $start($($field,)* $place)
    };
}

/// Whether a `stepped` or `whole` job yields between steps.
macro_rules! job_run {
    (stepped) => {
        true
    };
    (whole) => {
        false
    };
}

crate::for_each_job!(define_jobs);

/// Expands the job list into the job client's accessors: for each `as accessor`, a method of
/// `Shared` (in scope where this expands, `crate::jobs`) that gives `Some(Ok)` for that kind's
/// output, `Some(Err)` for the job's message and `None` for another kind.
#[macro_export]
macro_rules! job_output_accessors {
    ($($(#[$doc:meta])* $variant:ident $request:tt in $module:ident for $bundle:literal, $run:ident
        $(as $accessor:ident)?;)*) => {
        impl Shared {
            $($(
                #[cfg(feature = $bundle)]
                #[doc = concat!("The output of [`JobSpec::", stringify!($variant), "`].")]
                pub fn $accessor(
                    &self,
                ) -> Option<
                    Result<&<$crate::worker::jobs::$module::Output as std::ops::Deref>::Target, &str>,
                > {
                    match &*self.0 {
                        Ok(JobOutput::$variant(r)) => Some(Ok(&**r)),
                        // Unreachable in a bundle with one kind of job (`rules`).
                        #[allow(unreachable_patterns)]
                        Ok(_) => None,
                        Err(message) => Some(Err(message)),
                    }
                }
            )?)*
        }
    };
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

/// Runs `spec` to the end on this thread (tests and small main-thread jobs).
pub fn run_to_end(spec: &JobSpec, place: Place) -> Result<JobOutput, String> {
    let mut job = spec.start(place)?;
    while !job.step(f64::INFINITY, &mut |_| {})? {}
    job.output()
}
