//! Runs an explorer sweep on all cores: the family's index range is cut into contiguous
//! pieces ([`shard_range`]), handed out by the shared pool runner ([`crate::worker_pool`]) to
//! Web Workers as `sweep` jobs of the one protocol, and each piece's [`Summary`] is merged
//! into the running total with the engine's exact merge as it arrives, so the results stream
//! into the page. Without workers the pieces run on the main thread a few milliseconds at a
//! time between timer ticks. Cancel terminates the workers.

use std::rc::Rc;

use heaplab_engine::sweep::{shard_range, wire, Caps, Summary, Sweep};

use crate::worker::{Job, JobId, JobOutput, JobSpec, Place, SweepRequest};
pub use crate::worker_client::Phase;
use crate::worker_client::{RunnerState, Shared};
use crate::worker_pool::{pool_size, pump, PieceRunner, Pool};
use yew::Callback;

/// Pieces per worker: enough that results stream in and fast workers take more.
const PIECES_PER_WORKER: u64 = 8;
/// A main-thread step aims at this many milliseconds.
const MAIN_STEP_MS: f64 = 12.0;
/// Progress is reported at most this often (and always at the start and the end).
const REPORT_MS: f64 = 150.0;

/// A snapshot of a sweep for the page.
#[derive(Debug, Clone, PartialEq)]
pub struct SweepProgress {
    /// Rulesets walked so far (merged pieces and the running pieces' progress).
    pub done: u64,
    /// Rulesets in the family.
    pub total: u64,
    /// Milliseconds since the sweep started.
    pub elapsed_ms: f64,
    /// Running, done, cancelled or failed.
    pub phase: Phase,
    /// Workers in use (`None`: the main thread, or not decided yet).
    pub workers: Option<usize>,
    /// The merged summary of the pieces finished so far.
    pub summary: Rc<Summary>,
}

struct Inner {
    request: Option<SweepRequest>,
    caps: Caps,
    pieces: Vec<(u64, u64)>,
    next_piece: usize,
    /// The pieces being walked: job id and rulesets done (a few, so a `Vec`, not a map).
    running: Vec<(JobId, u64)>,
    summary: Summary,
    total: u64,
    phase: Phase,
    /// The workers, or the main-thread steps.
    pool: Pool,
    /// The piece walked on the main thread, with its id.
    main: Option<(JobId, Box<dyn Job>)>,
    started: f64,
    last_report: f64,
    pending: Option<SweepProgress>,
}

impl RunnerState for Inner {
    type Progress = SweepProgress;

    fn take_report(&mut self) -> Option<SweepProgress> {
        self.pending.take()
    }
}

impl PieceRunner for Inner {
    fn pool(&mut self) -> &mut Pool {
        &mut self.pool
    }

    fn running(&self) -> bool {
        self.phase == Phase::Running
    }

    fn next_piece(&mut self, id: JobId, _solvers: usize) -> Option<JobSpec> {
        let piece = *self.pieces.get(self.next_piece)?;
        let request = self.request.as_ref()?;
        self.next_piece += 1;
        self.running.push((id, 0));
        Some(crate::worker::jobs::sweep_job::spec(request, piece))
    }

    fn main_step(&mut self) {
        self.main_thread_step();
    }

    fn finished(&mut self, id: JobId, output: Result<JobOutput, String>) {
        self.running.retain(|r| r.0 != id);
        match output {
            Ok(JobOutput::Sweep(text)) => self.add_encoded(&text),
            Ok(_) => {}
            Err(message) => self.fail(message),
        }
    }

    fn progress(&mut self, id: JobId, done: u64) {
        if let Some(entry) = self.running.iter_mut().find(|r| r.0 == id) {
            entry.1 = done;
            self.report(false);
        }
    }
}

/// Runs one sweep at a time for the page. Cheap to clone (shared state).
#[derive(Clone, PartialEq)]
pub struct SweepRunner(Shared<Inner>);

fn now() -> f64 {
    js_sys::Date::now()
}

impl SweepRunner {
    /// A runner that reports to `on_progress`; it starts no worker until [`Self::start`].
    pub fn new(on_progress: Callback<SweepProgress>) -> SweepRunner {
        let inner = Inner {
            request: None,
            caps: Caps { top: 0, rows: 0 },
            pieces: Vec::new(),
            next_piece: 0,
            running: Vec::new(),
            summary: Summary::default(),
            total: 0,
            phase: Phase::Done,
            pool: Pool::default(),
            main: None,
            started: now(),
            last_report: 0.0,
            pending: None,
        };
        SweepRunner(Shared::new(inner, on_progress))
    }

    /// Starts the sweep `request` (its range the whole family), cancelling any sweep running.
    pub fn start(&self, request: SweepRequest) {
        let runner = self.0.downgrade();
        self.0.with(|inner| {
            inner.reset();
            match request.sweep() {
                Ok(sweep) => {
                    inner.caps = sweep.caps();
                    inner.summary = sweep.empty_summary();
                    inner.pieces = pieces(request.range, pool_size());
                    inner.total = request.range.1 - request.range.0;
                    inner.request = Some(request);
                    inner.phase = Phase::Running;
                }
                Err(e) => inner.phase = Phase::Failed(e.to_string()),
            }
            inner.report(true);
            pump(inner, &runner);
        });
    }

    /// Stops the sweep and terminates the workers; replies on their way are dropped.
    pub fn cancel(&self) {
        self.0.with(|inner| {
            if inner.phase == Phase::Running {
                inner.phase = Phase::Cancelled;
                inner.report(true);
            }
            inner.stop();
        });
    }
}

/// `range` cut into contiguous pieces, about [`PIECES_PER_WORKER`] per worker, whole chunks.
fn pieces(range: (u64, u64), workers: usize) -> Vec<(u64, u64)> {
    let len = range.1 - range.0;
    let count = Sweep::chunks(&(0..len)).clamp(1, workers as u64 * PIECES_PER_WORKER);
    (0..count)
        .filter_map(|i| shard_range(len, i, count).ok())
        .filter(|r| !r.is_empty())
        .map(|r| (range.0 + r.start, range.0 + r.end))
        .collect()
}

impl Inner {
    /// Forgets the current sweep (its replies are dropped from now on) and terminates the
    /// workers busy with it (new ones load the posted module).
    fn reset(&mut self) {
        self.stop();
        self.next_piece = 0;
        self.started = now();
    }

    /// Drops the workers (terminating them) and the main-thread job.
    fn stop(&mut self) {
        self.running.clear();
        self.pool.restart(true);
        self.main = None;
    }

    /// Ends the sweep with `message`.
    fn fail(&mut self, message: String) {
        self.phase = Phase::Failed(message);
        self.report(true);
        self.stop();
    }

    fn done(&self) -> u64 {
        self.summary.rulesets + self.running.iter().map(|(_, d)| d).sum::<u64>()
    }

    /// Queues a progress report (always when `force`, else at most every [`REPORT_MS`]).
    fn report(&mut self, force: bool) {
        let t = now();
        if !force && t - self.last_report < REPORT_MS {
            return;
        }
        self.last_report = t;
        self.pending = Some(SweepProgress {
            done: self.done(),
            total: self.total,
            elapsed_ms: t - self.started,
            phase: self.phase.clone(),
            workers: self.pool.worker_count(),
            summary: Rc::new(self.summary.clone()),
        });
    }

    /// Merges a finished piece sent as text ([`wire`]); a malformed one fails the sweep.
    fn add_encoded(&mut self, text: &str) {
        match wire::decode(text) {
            Ok(summary) => self.add(summary),
            Err(e) => self.fail(e.to_string()),
        }
    }

    /// Merges a finished piece and finishes the sweep after the last one.
    fn add(&mut self, summary: Summary) {
        self.summary.merge(summary, self.caps);
        let finished = self.next_piece >= self.pieces.len() && self.running.is_empty();
        if finished {
            self.phase = Phase::Done;
            self.main = None;
        }
        self.report(finished);
    }

    /// Walks the current piece on the main thread for about [`MAIN_STEP_MS`].
    fn main_thread_step(&mut self) {
        let Some((id, mut job)) = self.main.take().or_else(|| self.start_main()) else {
            return;
        };
        match job.step(MAIN_STEP_MS, &mut |_| {}) {
            Ok(false) => {
                if let Some(p) = job.progress() {
                    self.progress(id, p.done);
                }
                self.main = Some((id, job));
            }
            Ok(true) => self.finished(id, job.output()),
            Err(message) => self.fail(message),
        }
    }

    /// The next piece as a main-thread job; `None` when all are out or it fails to start.
    fn start_main(&mut self) -> Option<(JobId, Box<dyn Job>)> {
        let id = self.pool.take_id();
        let spec = self.next_piece(id, 1)?;
        match spec.start(Place::MainThread) {
            Ok(job) => Some((id, job)),
            Err(message) => {
                self.fail(message);
                None
            }
        }
    }
}
