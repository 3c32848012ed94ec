//! Runs an explorer sweep on all cores: the family's index range is cut into contiguous
//! pieces ([`shard_range`]), handed to a pool of Web Workers (one per core, at most
//! [`MAX_WORKERS`]) as `sweep` jobs of the one protocol, and each piece's [`Summary`] is merged
//! into the running total with the engine's exact merge as it arrives, so the results stream
//! into the page. Without workers the pieces run on the main thread a few milliseconds at a
//! time between timer ticks. Cancel terminates the workers.

use std::rc::Rc;

use gloo::timers::callback::Timeout;
use heaplab_engine::sweep::{shard_range, wire, Caps, Summary, Sweep};

use crate::tiles::runner::{pool_size, MAX_WORKERS};
use crate::worker::{
    Job, JobId, JobOutput, JobSpec, Place, SweepRequest, WorkerReply, WorkerRequest,
};
pub use crate::worker_client::Phase;
use crate::worker_client::{
    pool_watchdog, probe_workers, spawn_links, PoolRunner, RunnerState, Shared, WeakShared,
    WorkerLink, Workers,
};
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

struct Pool {
    links: Vec<WorkerLink>,
    busy: Vec<bool>,
    _watchdog: Option<Timeout>,
}

struct Inner {
    request: Option<SweepRequest>,
    caps: Caps,
    pieces: Vec<(u64, u64)>,
    next_piece: usize,
    /// The pieces being walked: job id and rulesets done (a few, so a `Vec`, not a map).
    running: Vec<(JobId, u64)>,
    next_id: JobId,
    /// Replies for ids below this belong to an earlier sweep.
    first_id: JobId,
    summary: Summary,
    total: u64,
    phase: Phase,
    workers: Workers,
    pool: Option<Pool>,
    main: Option<Box<dyn Job>>,
    step: Option<Timeout>,
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

impl PoolRunner for Inner {
    fn links(&self) -> Option<&[WorkerLink]> {
        self.pool.as_ref().map(|p| p.links.as_slice())
    }

    fn fall_back(&mut self, again: &WeakRunner) {
        self.pool = None;
        self.workers = Workers::Unavailable;
        self.pump(again);
    }
}

type WeakRunner = WeakShared<Inner>;

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
            next_id: 0,
            first_id: 0,
            summary: Summary::default(),
            total: 0,
            phase: Phase::Done,
            workers: Workers::initial(),
            pool: None,
            main: None,
            step: None,
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
            inner.pump(&runner);
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

    fn on_reply(&self, worker: usize, reply: WorkerReply) {
        let runner = self.0.downgrade();
        self.0.with(|inner| inner.on_reply(worker, reply, &runner));
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
    /// Forgets the current sweep (its replies are dropped from now on).
    fn reset(&mut self) {
        self.first_id = self.next_id;
        self.running.clear();
        self.next_piece = 0;
        self.main = None;
        self.step = None;
        // Workers busy with the old sweep are terminated; new ones load the posted module.
        self.pool = None;
        self.started = now();
    }

    /// Drops the workers (terminating them) and the main-thread job.
    fn stop(&mut self) {
        self.first_id = self.next_id;
        self.running.clear();
        self.pool = None;
        self.main = None;
        self.step = None;
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
            workers: match (&self.pool, self.workers) {
                (Some(pool), Workers::Available) => Some(pool.links.len()),
                _ => None,
            },
            summary: Rc::new(self.summary.clone()),
        });
    }

    /// The next piece as a job spec, with its id.
    fn next_job(&mut self) -> Option<(JobId, JobSpec)> {
        let piece = *self.pieces.get(self.next_piece)?;
        let request = self.request.as_ref()?;
        self.next_piece += 1;
        let id = self.next_id;
        self.next_id += 1;
        self.running.push((id, 0));
        Some((id, request.job(piece)))
    }

    /// Hands out work: pieces to idle workers, or a main-thread step.
    fn pump(&mut self, runner: &WeakRunner) {
        if self.phase != Phase::Running {
            return;
        }
        match self.workers {
            Workers::Unknown => {
                self.workers = Workers::Probing;
                let runner = runner.clone();
                probe_workers(move |found| {
                    runner.with(move |inner, again| {
                        inner.workers = found;
                        inner.pump(again);
                    })
                });
            }
            Workers::Probing => {}
            Workers::Unavailable => self.schedule_step(runner),
            Workers::Available => {
                if self.pool.is_none() {
                    self.pool = spawn_pool(runner);
                    if self.pool.is_none() {
                        self.workers = Workers::Unavailable;
                        self.schedule_step(runner);
                        return;
                    }
                }
                self.feed_workers();
            }
        }
    }

    fn feed_workers(&mut self) {
        let idle: Vec<usize> = match &self.pool {
            Some(pool) => (0..pool.links.len())
                .filter(|&i| pool.links[i].is_ready() && !pool.busy[i])
                .collect(),
            None => return,
        };
        for i in idle {
            let Some((id, spec)) = self.next_job() else {
                break;
            };
            if let Some(pool) = self.pool.as_mut() {
                pool.busy[i] = true;
                pool.links[i].send(&WorkerRequest::Start { id, spec });
            }
        }
    }

    fn on_reply(&mut self, worker: usize, reply: WorkerReply, runner: &WeakRunner) {
        if self.pool.is_none() {
            return;
        }
        match reply {
            WorkerReply::Ready => {
                if let Some(pool) = self.pool.as_mut() {
                    pool._watchdog = None;
                }
                self.workers = Workers::Available;
            }
            WorkerReply::Progress { id, progress } => {
                if let Some(entry) = self.running.iter_mut().find(|r| r.0 == id) {
                    entry.1 = progress.done;
                    self.report(false);
                }
                return;
            }
            WorkerReply::Result { id, output } => {
                self.free(worker);
                if let (true, JobOutput::Sweep(text)) = (id >= self.first_id, *output) {
                    self.running.retain(|r| r.0 != id);
                    self.add_encoded(&text);
                }
            }
            WorkerReply::Error { id, message } => {
                self.free(worker);
                if id >= self.first_id {
                    self.phase = Phase::Failed(message);
                    self.report(true);
                    self.stop();
                }
            }
        }
        self.pump(runner);
    }

    /// Marks `worker` idle (its one job ended).
    fn free(&mut self, worker: usize) {
        if let Some(b) = self.pool.as_mut().and_then(|p| p.busy.get_mut(worker)) {
            *b = false;
        }
    }

    /// Merges a finished piece sent as text ([`wire`]); a malformed one fails the sweep.
    fn add_encoded(&mut self, text: &str) {
        match wire::decode(text) {
            Ok(summary) => self.add(summary),
            Err(e) => {
                self.phase = Phase::Failed(e.to_string());
                self.report(true);
                self.stop();
            }
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

    fn schedule_step(&mut self, runner: &WeakRunner) {
        if self.step.is_some() {
            return;
        }
        let runner = runner.clone();
        let first = self.first_id;
        self.step = Some(Timeout::new(0, move || {
            runner.with(move |inner, again| {
                inner.step = None;
                if inner.first_id == first {
                    inner.main_thread_step();
                    inner.pump(again);
                }
            });
        }));
    }

    /// Walks the current piece on the main thread for about [`MAIN_STEP_MS`].
    fn main_thread_step(&mut self) {
        if self.main.is_none() {
            let Some((_, spec)) = self.next_job() else {
                return;
            };
            match spec.start(Place::MainThread) {
                Ok(job) => self.main = Some(job),
                Err(message) => {
                    self.phase = Phase::Failed(message);
                    self.report(true);
                    return;
                }
            }
        }
        let Some(mut job) = self.main.take() else {
            return;
        };
        let id = self.next_id - 1;
        match job.step(MAIN_STEP_MS, &mut |_| {}) {
            Ok(false) => {
                if let (Some(p), Some(entry)) =
                    (job.progress(), self.running.iter_mut().find(|r| r.0 == id))
                {
                    entry.1 = p.done;
                }
                self.main = Some(job);
                self.report(false);
            }
            Ok(true) => {
                self.running.retain(|r| r.0 != id);
                match job.output() {
                    Ok(JobOutput::Sweep(text)) => self.add_encoded(&text),
                    Ok(_) => {}
                    Err(message) => self.phase = Phase::Failed(message),
                }
            }
            Err(message) => {
                self.phase = Phase::Failed(message);
                self.report(true);
            }
        }
    }
}

/// Starts [`pool_size`] workers; `None` when the browser refuses. If none says it is ready
/// within [`crate::worker_client::WORKER_TIMEOUT_MS`], the sweep falls back to the main thread.
fn spawn_pool(runner: &WeakRunner) -> Option<Pool> {
    let links = {
        let runner = runner.clone();
        spawn_links(pool_size().min(MAX_WORKERS), move |i, reply| {
            if let Some(shared) = runner.upgrade() {
                SweepRunner(shared).on_reply(i, reply);
            }
        })?
    };
    Some(Pool {
        busy: vec![false; links.len()],
        links,
        _watchdog: Some(pool_watchdog(runner)),
    })
}
