//! Runs the plane page's computations: one [`PlaneJob`] at a time, in a Web Worker (the
//! period map's [`MapWorker`], through [`WorkerRequest::Plane`]) or, when workers cannot be
//! loaded, on the main thread one step per timer tick. Either way the job advances in steps,
//! reports progress after each, and stops on [`PlaneRunner::cancel`].
//!
//! Jobs are numbered; a reply for another job than the current one is dropped. Progress goes
//! to a callback *after* the runner's state is released, so the page may call the runner from
//! it.

use std::rc::Rc;

use gloo::timers::callback::Timeout;
use gloo::worker::{Spawnable, WorkerBridge};
use heaplab_engine::plane::{PlaneJob, Solution};
use yew::Callback;

use crate::route::plane::PlaneKey;
use crate::worker::{
    next_step_cells, MapWorker, PlaneRequest, WorkerReply, WorkerRequest, PLANE_FIRST_STEP,
};
pub use crate::worker_client::Phase;
use crate::worker_client::{
    probe_workers, RunnerState, Shared, WeakShared, Workers, LOADER, WORKER_TIMEOUT_MS,
};

/// Progress is reported at most this often (and always at the start and the end).
const REPORT_MS: f64 = 100.0;

/// Where a job is computed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// Not decided yet (the worker script is being looked for, or the worker is loading).
    Starting,
    /// In a Web Worker.
    Worker,
    /// On the main thread, between timer ticks.
    MainThread,
}

/// A snapshot of a job for the progress bar and status line.
#[derive(Debug, Clone, PartialEq)]
pub struct Progress {
    /// The job number.
    pub job: u64,
    /// What is computed.
    pub key: PlaneKey,
    /// Cells computed (rows, columns for the column periods, and nim-values if asked).
    pub done: u64,
    /// Cells in all.
    pub total: u64,
    /// Milliseconds since the job started.
    pub elapsed_ms: f64,
    /// Running, done, cancelled or failed.
    pub phase: Phase,
    /// Where the job runs.
    pub place: Place,
}

/// A job on the main thread, with the tick that runs its next step.
struct MainJob {
    state: PlaneJob,
    cells: u64,
    _next: Option<Timeout>,
}

struct Inner {
    job: u64,
    key: Option<PlaneKey>,
    phase: Phase,
    workers: Workers,
    bridge: Option<WorkerBridge<MapWorker>>,
    ready: bool,
    watchdog: Option<Timeout>,
    main: Option<MainJob>,
    solution: Option<Rc<Solution>>,
    done: u64,
    total: u64,
    started: f64,
    last_report: f64,
    pending: Option<Progress>,
}

/// Runs one plane job at a time for the page. Cheap to clone (shared state).
#[derive(Clone, PartialEq)]
pub struct PlaneRunner(Shared<Inner>);

/// What workers and timers hold: a handle that does not keep the runner alive.
type WeakRunner = WeakShared<Inner>;

impl RunnerState for Inner {
    type Progress = Progress;

    fn take_report(&mut self) -> Option<Progress> {
        self.pending.take()
    }
}

fn now() -> f64 {
    js_sys::Date::now()
}

impl PlaneRunner {
    /// A runner that reports to `on_progress`; it starts no worker until [`Self::start`].
    pub fn new(on_progress: Callback<Progress>) -> PlaneRunner {
        let inner = Inner {
            job: 0,
            key: None,
            phase: Phase::Done,
            workers: Workers::initial(),
            bridge: None,
            ready: false,
            watchdog: None,
            main: None,
            solution: None,
            done: 0,
            total: 0,
            started: now(),
            last_report: 0.0,
            pending: None,
        };
        PlaneRunner(Shared::new(inner, on_progress))
    }

    fn downgrade(&self) -> WeakRunner {
        self.0.downgrade()
    }

    fn with(&self, f: impl FnOnce(&mut Inner)) {
        self.0.with(f);
    }

    /// Starts computing `key` (cancelling any job in progress).
    pub fn start(&self, key: PlaneKey) {
        let runner = self.downgrade();
        self.with(|inner| {
            inner.stop_current();
            inner.job += 1;
            inner.key = Some(key);
            inner.phase = Phase::Running;
            inner.solution = None;
            inner.done = 0;
            inner.total = 0;
            inner.started = now();
            inner.report(true);
            inner.dispatch(&runner);
        });
    }

    /// Stops the job in progress (the worker drops it at its next step).
    pub fn cancel(&self) {
        self.with(|inner| {
            if inner.phase == Phase::Running {
                inner.stop_current();
                inner.job += 1;
                inner.phase = Phase::Cancelled;
                inner.report(true);
            }
        });
    }

    /// Stops everything and closes the worker (the page is going away).
    pub fn shut_down(&self) {
        self.cancel();
        self.with(|inner| {
            inner.bridge = None;
            inner.watchdog = None;
        });
    }

    /// The solution of the last finished job.
    pub fn solution(&self) -> Option<Rc<Solution>> {
        self.0.read(|inner| inner.solution.clone())
    }

    fn on_reply(&self, reply: WorkerReply) {
        self.with(|inner| match reply {
            WorkerReply::Ready => {
                inner.ready = true;
                inner.watchdog = None;
                inner.report(true);
            }
            WorkerReply::PlaneProgress { job, done, total } if job == inner.job => {
                inner.done = done;
                inner.total = total;
                inner.report(false);
            }
            WorkerReply::Plane { job, solution } if job == inner.job => match solution {
                Ok(solution) => inner.finish(*solution),
                Err(message) => {
                    inner.phase = Phase::Failed(message);
                    inner.report(true);
                }
            },
            // Tiles, and replies of jobs that are no longer current.
            _ => {}
        });
    }
}

impl Inner {
    fn place(&self) -> Place {
        match self.workers {
            Workers::Unavailable => Place::MainThread,
            Workers::Available if self.ready => Place::Worker,
            _ => Place::Starting,
        }
    }

    fn report(&mut self, force: bool) {
        let t = now();
        if !force && t - self.last_report < REPORT_MS {
            return;
        }
        let Some(key) = self.key.clone() else {
            return;
        };
        self.last_report = t;
        self.pending = Some(Progress {
            job: self.job,
            key,
            done: self.done,
            total: self.total,
            elapsed_ms: t - self.started,
            phase: self.phase.clone(),
            place: self.place(),
        });
    }

    /// Tells the worker to drop the current job, and drops a main-thread one.
    fn stop_current(&mut self) {
        if self.phase == Phase::Running {
            if let Some(bridge) = &self.bridge {
                bridge.send(WorkerRequest::CancelPlane { job: self.job });
            }
        }
        self.main = None;
    }

    fn finish(&mut self, solution: Solution) {
        self.done = self.total;
        self.solution = Some(Rc::new(solution));
        self.phase = Phase::Done;
        self.report(true);
    }

    /// Sends the current job where it can run.
    fn dispatch(&mut self, runner: &WeakRunner) {
        if self.phase != Phase::Running {
            return;
        }
        let Some(key) = self.key.clone() else {
            return;
        };
        match self.workers {
            Workers::Unknown => self.probe(runner),
            Workers::Probing => {}
            Workers::Unavailable => self.start_main(key, runner),
            Workers::Available => {
                if self.bridge.is_none() {
                    self.spawn(runner);
                }
                if let Some(bridge) = &self.bridge {
                    bridge.send(WorkerRequest::Plane(PlaneRequest {
                        job: self.job,
                        moves: key.moves,
                        width: key.width,
                        height: key.height,
                        with_nim: key.with_nim,
                    }));
                }
            }
        }
    }

    /// Looks for the worker bootstrap once; the worker is used only if it is served.
    fn probe(&mut self, runner: &WeakRunner) {
        self.workers = Workers::Probing;
        let runner = runner.clone();
        probe_workers(move |found| {
            runner.with(move |inner, again| {
                inner.workers = found;
                inner.report(true);
                inner.dispatch(again);
            });
        });
    }

    /// Starts the worker, with a watchdog that falls back to the main thread if it never loads.
    fn spawn(&mut self, runner: &WeakRunner) {
        let replies = runner.clone();
        self.ready = false;
        self.bridge = Some(
            MapWorker::spawner()
                .callback(move |reply| {
                    if let Some(shared) = replies.upgrade() {
                        PlaneRunner(shared).on_reply(reply);
                    }
                })
                .spawn_with_loader(LOADER),
        );
        let runner = runner.clone();
        self.watchdog = Some(Timeout::new(WORKER_TIMEOUT_MS, move || {
            runner.with(|inner, again| {
                if !inner.ready {
                    inner.bridge = None;
                    inner.workers = Workers::Unavailable;
                    inner.report(true);
                    inner.dispatch(again);
                }
            });
        }));
    }

    fn start_main(&mut self, key: PlaneKey, runner: &WeakRunner) {
        match PlaneJob::new(&key.moves, key.width, key.height, key.with_nim) {
            Ok(state) => {
                self.main = Some(MainJob {
                    state,
                    cells: PLANE_FIRST_STEP / 4,
                    _next: None,
                });
                self.schedule_main(runner);
            }
            Err(e) => {
                self.phase = Phase::Failed(e.to_string());
                self.report(true);
            }
        }
    }

    fn schedule_main(&mut self, runner: &WeakRunner) {
        let job = self.job;
        let runner = runner.clone();
        let tick = Timeout::new(0, move || {
            runner.with(move |inner, again| {
                if inner.job == job {
                    inner.main_step(again);
                }
            });
        });
        if let Some(main) = self.main.as_mut() {
            main._next = Some(tick);
        }
    }

    fn main_step(&mut self, runner: &WeakRunner) {
        let Some(mut main) = self.main.take() else {
            return;
        };
        let started = now();
        let (done, total) = main.state.step(main.cells);
        main.cells = next_step_cells(main.cells, now() - started);
        self.done = done;
        self.total = total;
        if main.state.is_done() {
            match main.state.finish() {
                Some(solution) => self.finish(solution),
                None => {
                    self.phase = Phase::Failed("the computation stopped early".into());
                    self.report(true);
                }
            }
        } else {
            self.main = Some(main);
            self.report(false);
            self.schedule_main(runner);
        }
    }
}
