//! The single-job client of the one job protocol ([`crate::worker`]): [`JobRunner`] runs one
//! [`JobSpec`] at a time in a Web Worker of its own ([`WorkerLink`]), or, when workers are
//! not available (the wasm tests) or the worker does not load in time, on the main thread a
//! step per timer turn with the main thread's caps. [`use_job`] is the hook pages use;
//! [`job_status`] the one progress line with Cancel.
//!
//! Cancelling is one scheme for every job: the runner forgets the job's id (later replies are
//! dropped) and stops its CPU — a stepped job ([`JobSpec::is_stepped`]) by
//! [`WorkerRequest::Cancel`], which the worker sees before the job's next step; a job that is
//! one engine call by terminating the worker (the next job starts a fresh one); a main-thread
//! job by dropping its timer.

use std::rc::Rc;

use gloo::timers::callback::Timeout;
#[cfg(feature = "core")]
use heaplab_engine::plane::Solution;
use yew::prelude::*;

use crate::format::progress_text;
use crate::worker::{Job, JobId, JobOutput, JobSpec, Place, Progress, WorkerReply, WorkerRequest};
use crate::worker_client::{
    loading_worker_text, main_thread_text, note_worker_timeout, probe_workers, RunnerState,
    Shared as SharedState, WeakShared, WorkerLink, Workers, WORKER_TIMEOUT_MS,
};

/// A finished job's output or message, compared by identity (outputs can be large grids).
#[derive(Debug, Clone)]
pub struct Shared(pub Rc<Result<JobOutput, String>>);

impl PartialEq for Shared {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

crate::for_each_job!(crate::job_output_accessors);

impl Shared {
    /// The 2-D subtraction window, shared (the page keeps it to draw and export).
    #[cfg(feature = "core")]
    pub fn plane_rc(&self) -> Option<Rc<Solution>> {
        match &*self.0 {
            Ok(JobOutput::Plane(r)) => Some(Rc::clone(r)),
            _ => None,
        }
    }
    /// The outcome periodicity of a constant-memory search.
    #[cfg(feature = "core")]
    pub fn outcome_cycle(&self) -> Option<Result<heaplab_engine::Periodicity, &str>> {
        match &*self.0 {
            Ok(JobOutput::OutcomeCycle(p)) => Some(Ok(*p)),
            Ok(_) => None,
            Err(message) => Some(Err(message)),
        }
    }
}

/// Where a running job is computed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RunPlace {
    /// Looking for the worker bootstrap.
    Starting,
    /// The worker is loading.
    LoadingWorker,
    /// In a Web Worker.
    Worker,
    /// On the main thread (no workers here).
    MainThread,
}

impl RunPlace {
    /// `in a Web Worker`, `on the main thread`, …
    pub fn describe(self) -> &'static str {
        match self {
            RunPlace::Starting => "(starting)",
            RunPlace::LoadingWorker => loading_worker_text(),
            RunPlace::Worker => "in a Web Worker",
            RunPlace::MainThread => main_thread_text(),
        }
    }
}

/// Where a job is.
#[derive(Debug, Clone, PartialEq)]
pub enum JobState {
    /// Nothing asked yet.
    Idle,
    /// Being computed.
    Running {
        /// Where.
        place: RunPlace,
        /// How far, once the job has reported (never less than an earlier report).
        progress: Option<Progress>,
        /// Milliseconds since the job started.
        elapsed_ms: f64,
    },
    /// Finished: the output or the engine's message.
    Done(Shared),
    /// Cancelled by the visitor.
    Cancelled,
}

/// How long one main-thread step of a job takes at most, in milliseconds.
const MAIN_STEP_MS: f64 = 30.0;

/// The runner's moving parts.
struct Inner {
    id: JobId,
    spec: Option<JobSpec>,
    state: JobState,
    started: f64,
    workers: Workers,
    link: Option<WorkerLink>,
    watchdog: Option<Timeout>,
    main: Option<Box<dyn Job>>,
    main_tick: Option<Timeout>,
    pending: Option<JobState>,
}

impl RunnerState for Inner {
    type Progress = JobState;

    fn take_report(&mut self) -> Option<JobState> {
        self.pending.take()
    }
}

/// Runs one job at a time for a page and reports its [`JobState`]. Cheap to clone.
#[derive(Clone, PartialEq)]
pub struct JobRunner(SharedState<Inner>);

type WeakRunner = WeakShared<Inner>;

fn now() -> f64 {
    js_sys::Date::now()
}

impl JobRunner {
    /// A runner reporting to `on_state`; it starts no worker until [`Self::start`].
    pub fn new(on_state: Callback<JobState>) -> JobRunner {
        JobRunner(SharedState::new(
            Inner {
                id: 0,
                spec: None,
                state: JobState::Idle,
                started: now(),
                workers: Workers::initial(),
                link: None,
                watchdog: None,
                main: None,
                main_tick: None,
                pending: None,
            },
            on_state,
        ))
    }

    /// Starts `spec`, cancelling the job in progress.
    pub fn start(&self, spec: JobSpec) {
        let runner = self.0.downgrade();
        self.0.with(|inner| {
            inner.stop();
            inner.id += 1;
            inner.spec = Some(spec);
            inner.started = now();
            inner.set_running(None);
            inner.dispatch(&runner);
        });
    }

    /// Stops the job in progress (see the module notes) and reports `Cancelled`.
    pub fn cancel(&self) {
        self.0.with(|inner| {
            if matches!(inner.state, JobState::Running { .. }) {
                inner.stop();
                inner.id += 1;
                inner.set(JobState::Cancelled);
            }
        });
    }

    /// Stops everything and terminates the worker (the page is going away).
    pub fn shut_down(&self) {
        self.cancel();
        self.0.with(|inner| {
            inner.link = None;
            inner.watchdog = None;
        });
    }

    /// The last finished job's output.
    pub fn finished(&self) -> Option<Shared> {
        self.0.read(|inner| match &inner.state {
            JobState::Done(shared) => Some(shared.clone()),
            _ => None,
        })
    }

    fn on_reply(&self, reply: WorkerReply) {
        self.0.with(|inner| match reply {
            WorkerReply::Ready => {
                inner.watchdog = None;
                inner.refresh_place();
            }
            WorkerReply::Progress { id, progress } if id == inner.id => {
                inner.set_running(Some(progress));
            }
            WorkerReply::Result { id, output } if id == inner.id => inner.finish(Ok(*output)),
            WorkerReply::Error { id, message } if id == inner.id => {
                inner.finish(Err(message));
                // A worker that died is not asked again: the next job starts a fresh one.
                if inner.link.as_ref().is_some_and(WorkerLink::has_failed) {
                    inner.link = None;
                }
            }
            // Replies of cancelled or replaced jobs.
            _ => {}
        });
    }
}

impl Inner {
    fn set(&mut self, state: JobState) {
        self.state = state.clone();
        self.pending = Some(state);
    }

    fn place(&self) -> RunPlace {
        match (self.workers, &self.link) {
            (Workers::Unavailable, _) => RunPlace::MainThread,
            (Workers::Available, Some(link)) if link.is_ready() => RunPlace::Worker,
            (Workers::Available, _) => RunPlace::LoadingWorker,
            _ => RunPlace::Starting,
        }
    }

    /// Reports the running job with `progress` (kept from before when `None`; never less).
    fn set_running(&mut self, progress: Option<Progress>) {
        let earlier = match &self.state {
            JobState::Running { progress, .. } => *progress,
            _ => None,
        };
        let progress = match progress {
            Some(p) => Some(p.at_least(earlier.as_ref())),
            None => earlier,
        };
        self.set(JobState::Running {
            place: self.place(),
            progress,
            elapsed_ms: now() - self.started,
        });
    }

    fn refresh_place(&mut self) {
        if matches!(self.state, JobState::Running { .. }) {
            self.set_running(None);
        }
    }

    fn finish(&mut self, output: Result<JobOutput, String>) {
        self.main = None;
        self.main_tick = None;
        self.set(JobState::Done(Shared(Rc::new(output))));
    }

    /// Stops the running job's CPU: Cancel for stepped jobs, terminate for whole ones.
    fn stop(&mut self) {
        if matches!(self.state, JobState::Running { .. }) {
            let stepped = self.spec.as_ref().is_some_and(JobSpec::is_stepped);
            if stepped {
                if let Some(link) = &self.link {
                    link.send(&WorkerRequest::Cancel { id: self.id });
                }
            } else {
                self.link = None;
            }
        }
        self.main = None;
        self.main_tick = None;
    }

    /// Sends the current job where it can run.
    fn dispatch(&mut self, runner: &WeakRunner) {
        let Some(spec) = self.spec.clone() else {
            return;
        };
        if !matches!(self.state, JobState::Running { .. }) {
            return;
        }
        match self.workers {
            Workers::Unknown => {
                self.workers = Workers::Probing;
                let runner = runner.clone();
                probe_workers(move |found| {
                    runner.with(move |inner, again| {
                        inner.workers = found;
                        inner.refresh_place();
                        inner.dispatch(again);
                    });
                });
            }
            Workers::Probing => {}
            Workers::Unavailable => self.start_main(&spec, runner),
            Workers::Available => {
                // A worker that died (even after its job was cancelled) is replaced.
                if self.link.as_ref().is_some_and(WorkerLink::has_failed) {
                    self.link = None;
                }
                if self.link.is_none() {
                    self.spawn(runner);
                }
                match &self.link {
                    Some(link) => link.send(&WorkerRequest::Start { id: self.id, spec }),
                    None => {
                        self.workers = Workers::Unavailable;
                        self.refresh_place();
                        self.start_main(&spec, runner);
                    }
                }
            }
        }
    }

    /// Starts a worker, with a watchdog for a worker that does not load in time: a stepped job
    /// goes to the main thread (it stays cancellable between steps); a job that is one engine
    /// call keeps waiting, as on the main thread it would freeze the tab until done. Either
    /// way the status line says so.
    fn spawn(&mut self, runner: &WeakRunner) {
        let replies = runner.clone();
        self.link = WorkerLink::spawn(move |reply| {
            if let Some(shared) = replies.upgrade() {
                JobRunner(shared).on_reply(reply);
            }
        });
        let runner = runner.clone();
        self.watchdog = Some(Timeout::new(WORKER_TIMEOUT_MS, move || {
            runner.with(|inner, again| {
                if !inner.link.as_ref().is_some_and(WorkerLink::is_ready) {
                    note_worker_timeout();
                    if inner.spec.as_ref().is_some_and(JobSpec::is_stepped) {
                        inner.link = None;
                        inner.workers = Workers::Unavailable;
                        inner.refresh_place();
                        inner.dispatch(again);
                    } else {
                        inner.refresh_place();
                    }
                }
            });
        }));
    }

    fn start_main(&mut self, spec: &JobSpec, runner: &WeakRunner) {
        match spec.start(Place::MainThread) {
            Ok(job) => {
                self.main = Some(job);
                // The first step waits a moment so the progress line is painted first.
                self.schedule_main(runner, 30);
            }
            Err(message) => self.finish(Err(message)),
        }
    }

    fn schedule_main(&mut self, runner: &WeakRunner, delay: u32) {
        let id = self.id;
        let runner = runner.clone();
        self.main_tick = Some(Timeout::new(delay, move || {
            runner.with(move |inner, again| {
                if inner.id == id {
                    inner.main_step(again);
                }
            });
        }));
    }

    fn main_step(&mut self, runner: &WeakRunner) {
        let Some(mut job) = self.main.take() else {
            return;
        };
        match job.step(MAIN_STEP_MS, &mut |_| {}) {
            Ok(true) => self.finish(job.output()),
            Ok(false) => {
                let progress = job.progress();
                self.main = Some(job);
                self.set_running(progress);
                self.schedule_main(runner, 0);
            }
            Err(message) => self.finish(Err(message)),
        }
    }
}

/// What [`use_job`] gives a page: the state, and the cancel and retry actions.
#[derive(Clone, PartialEq)]
pub struct JobHandle {
    /// Where the job is.
    pub state: JobState,
    /// Stops the job.
    pub cancel: Callback<()>,
    /// Runs the job again (after a cancel).
    pub retry: Callback<()>,
}

/// Runs `spec` (again whenever it changes) and reports its state; leaving the page stops it.
#[hook]
pub fn use_job(spec: JobSpec) -> JobHandle {
    let state = use_state_eq(|| JobState::Idle);
    let runner = {
        let setter = state.setter();
        use_memo((), move |_| {
            JobRunner::new(Callback::from(move |s| setter.set(s)))
        })
    };
    let attempt = use_state_eq(|| 0u32);
    {
        let runner = runner.clone();
        use_effect_with((spec, *attempt), move |(spec, _)| {
            runner.start(spec.clone());
            move || runner.shut_down()
        });
    }
    let cancel = {
        let runner = runner.clone();
        Callback::from(move |()| runner.cancel())
    };
    let retry = Callback::from(move |()| attempt.set(*attempt + 1));
    let state = match &*state {
        JobState::Idle => JobState::Running {
            place: RunPlace::Starting,
            progress: None,
            elapsed_ms: 0.0,
        },
        other => other.clone(),
    };
    JobHandle {
        state,
        cancel,
        retry,
    }
}

/// The one progress line of a running job (bar, done/total in the job's unit, percent, rate,
/// time left, where it runs, Cancel), or "Cancelled" with a button to compute again; nothing
/// once done. `id` names the status element (`{id}-text`, `{id}-progress`, `{id}-cancel`,
/// `{id}-retry` inside); `what` is what is being computed, e.g. "the 600 × 600 grid". A plain
/// function: it holds no state, and each component costs the module yew's lifecycle code.
pub fn job_status(id: &str, what: &str, job: &JobHandle) -> Html {
    match &job.state {
        JobState::Running {
            place,
            progress,
            elapsed_ms,
        } => {
            let cancel = job.cancel.reform(|_: MouseEvent| ());
            let label = format!("Computing {what}");
            let (bar, count) = match progress {
                Some(p) => (
                    html! {
                        <progress id={format!("{id}-progress")} max={p.total.max(1).to_string()}
                            value={p.done.min(p.total).to_string()} aria-label={label}></progress>
                    },
                    format!(": {}", progress_text(p, *elapsed_ms)),
                ),
                None => (
                    html! { <progress id={format!("{id}-progress")} aria-label={label}></progress> },
                    String::new(),
                ),
            };
            html! {
                <div class="job-status" id={id.to_string()} role="status">
                    { bar }
                    <span id={format!("{id}-text")}>{ format!("Computing {what} {}{count}…", place.describe()) }</span>
                    <button type="button" id={format!("{id}-cancel")} onclick={cancel}>{ "Cancel" }</button>
                </div>
            }
        }
        JobState::Cancelled => {
            let retry = job.retry.reform(|_: MouseEvent| ());
            html! {
                <div class="job-status" id={id.to_string()} role="status">
                    <span id={format!("{id}-text")}>{ format!("Cancelled: {what} was not computed.") }</span>
                    <button type="button" id={format!("{id}-retry")} onclick={retry}>{ "Compute again" }</button>
                </div>
            }
        }
        JobState::Done(_) | JobState::Idle => html! {},
    }
}
