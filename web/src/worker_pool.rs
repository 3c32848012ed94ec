//! The one job client of the one job protocol ([`crate::worker`]). Every computation a page
//! asks for is [`Work`]: pieces ([`JobSpec`]s) it hands out and a sink for their results. A
//! single job is work of one piece for at most one worker ([`crate::jobs`]); a period map is
//! tiles for a pool ([`crate::tiles::runner`]); a sweep is index ranges for a pool
//! ([`crate::pages::explore::runner`]).
//!
//! The [`Client`] looks for the worker bootstrap once, spawns up to its size of Web Workers
//! and gives each idle ready worker the next piece. A worker that does not say Ready within
//! [`WORKER_TIMEOUT_MS`] is given up for the main thread, where the pieces run a step per
//! timer turn with the main thread's caps (a one-call job keeps waiting instead: on the main
//! thread it would freeze the tab). Stopping a run forgets its pieces (later replies are
//! dropped) and stops their CPU: a stepped piece ([`JobSpec::is_stepped`]) by
//! [`WorkerRequest::Cancel`], which the worker sees before the piece's next step; a one-call
//! piece by terminating its worker. A worker that failed is dropped: the next run starts a
//! fresh one.
//!
//! What the page sees is one [`Snapshot`] type (where the run is, how far, where it runs as
//! [`Runs`]), sent through the one state handle ([`Handle`]) after the state is released.

use std::cell::RefCell;
use std::rc::{Rc, Weak};

use gloo::timers::callback::Timeout;
use yew::Callback;

use crate::worker::{Job, JobId, JobOutput, JobSpec, Place, Progress, WorkerReply, WorkerRequest};
use crate::worker_client::{
    has_worker_api, note_worker_timeout, worker_available, WorkerLink, WORKER_TIMEOUT_MS,
};

/// The most workers a pool starts, whatever `navigator.hardwareConcurrency` says.
pub const MAX_WORKERS: usize = 8;
/// How long one main-thread step aims to take, in milliseconds.
const MAIN_STEP_MS: f64 = 12.0;
/// Progress is reported at most this often (and always when a run starts, stops or ends).
const REPORT_MS: f64 = 100.0;

/// How many workers a pool starts: `navigator.hardwareConcurrency`, between 1 and
/// [`MAX_WORKERS`].
pub fn pool_size() -> usize {
    let cores = web_sys::window()
        .map(|w| w.navigator().hardware_concurrency())
        .unwrap_or(1.0);
    if cores.is_finite() {
        (cores as usize).clamp(1, MAX_WORKERS)
    } else {
        1
    }
}

/// The time now, in milliseconds.
pub fn now() -> f64 {
    js_sys::Date::now()
}

/// Where a run's pieces are computed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Runs {
    /// Not decided yet: the worker bootstrap is being looked for.
    #[default]
    Starting,
    /// Workers are spawned and none has loaded yet.
    Loading,
    /// In this many Web Workers.
    Workers(usize),
    /// On the main thread, between timer turns (no workers here, or they did not load).
    MainThread,
}

/// How a run stands.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Phase {
    /// Being computed.
    Running,
    /// Everything is computed.
    #[default]
    Done,
    /// The visitor cancelled it.
    Cancelled,
    /// The engine refused it, a piece failed, or its worker died, with this message.
    Failed(String),
}

/// The one progress snapshot every client reports: the run's number, its phase, how far,
/// for how long, where; `detail` is what the page draws besides (a map's counts, a sweep's
/// summary, a job's output).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Snapshot<D> {
    /// The run's number (one per start).
    pub run: u64,
    /// Running, done, cancelled or failed.
    pub phase: Phase,
    /// Done of total in the run's unit (a total of 0 before the first report).
    pub progress: Progress,
    /// Milliseconds since the run started.
    pub elapsed_ms: f64,
    /// Where the pieces are computed.
    pub runs: Runs,
    /// What else the page needs.
    pub detail: D,
}

/// A computation the [`Client`] runs: the pieces to hand out and what their results do.
pub trait Work: 'static {
    /// What its [`Snapshot`]s carry besides progress.
    type Detail: 'static;
    /// Its client.
    fn client(&mut self) -> &mut Client;
    /// The next piece, as job `id`, for one of `solvers` solvers; `None` when all are out.
    fn next_piece(&mut self, id: JobId, solvers: usize) -> Option<JobSpec>;
    /// Piece `id` of the current run ended with this output or message.
    fn finished(&mut self, id: JobId, output: Result<JobOutput, String>);
    /// Piece `id` of the current run reported how far it is.
    fn progress(&mut self, _id: JobId, _progress: Progress) {}
    /// How far the run is, and the detail, for a snapshot.
    fn snapshot(&self) -> (Progress, Self::Detail);
}

/// One worker of a client, and the piece it computes (its id and whether it is stepped).
struct Slot {
    key: u64,
    link: WorkerLink,
    busy: Option<(JobId, bool)>,
}

/// The client's state, kept inside a [`Work`].
#[derive(Default)]
pub struct Client {
    size: usize,
    runs: Runs,
    probing: bool,
    slots: Vec<Slot>,
    next_key: u64,
    watchdog: Option<Timeout>,
    step: Option<Timeout>,
    main: Option<(JobId, Box<dyn Job>)>,
    next_id: JobId,
    /// Replies for ids below this belong to an earlier run.
    first_id: JobId,
    run: u64,
    active: bool,
    patient: bool,
    phase: Phase,
    started: f64,
    last_report: f64,
    /// A snapshot is due: `Some(true)` at once, `Some(false)` unless one was just sent.
    due: Option<bool>,
}

impl Client {
    /// A client of at most `size` workers; it looks for none until work comes.
    pub fn new(size: usize) -> Client {
        let runs = if has_worker_api() {
            Runs::Starting
        } else {
            Runs::MainThread
        };
        Client {
            size,
            runs,
            started: now(),
            ..Client::default()
        }
    }

    /// Stops the current run (see the module notes) and starts a new one. A `patient` run
    /// waits for a slow worker rather than going to the main thread.
    pub fn start(&mut self, patient: bool) {
        self.stop();
        self.run += 1;
        self.active = true;
        self.patient = patient;
        self.phase = Phase::Running;
        self.started = now();
        self.report(true);
    }

    /// Ends the current run (stopping what is left of it) as `phase`, if it is running.
    pub fn end(&mut self, phase: Phase) {
        if self.phase == Phase::Running {
            self.stop();
            self.phase = phase;
            self.report(true);
        }
    }

    /// Asks for a snapshot: at once when `force`, else unless one was sent less than
    /// [`REPORT_MS`] ago.
    pub fn report(&mut self, force: bool) {
        self.due = Some(force || self.due == Some(true));
    }

    /// Stops the current run's pieces: their replies are dropped from now on.
    fn stop(&mut self) {
        self.active = false;
        self.first_id = self.next_id;
        self.step = None;
        self.main = None;
        // Stepped pieces are cancelled; workers busy with a one-call piece, or dead, go
        // (new ones come with the next run).
        self.slots.retain_mut(|s| match s.busy.take() {
            Some((id, true)) => {
                s.link.send(&WorkerRequest::Cancel { id });
                !s.link.has_failed()
            }
            Some((_, false)) => false,
            None => !s.link.has_failed(),
        });
    }

    /// Drops every worker (the page is going away).
    pub fn shut_down(&mut self) {
        self.stop();
        self.slots.clear();
        self.watchdog = None;
    }

    /// The current run's number.
    pub fn run(&self) -> u64 {
        self.run
    }

    /// Milliseconds since the current run started.
    pub fn elapsed_ms(&self) -> f64 {
        now() - self.started
    }

    /// How the current run stands.
    pub fn phase(&self) -> &Phase {
        &self.phase
    }

    /// Where the pieces run.
    pub fn runs(&self) -> Runs {
        self.runs
    }

    fn set_runs(&mut self) {
        let ready = self.slots.iter().filter(|s| s.link.is_ready()).count();
        self.runs = match self.runs {
            Runs::MainThread => Runs::MainThread,
            _ if self.probing || (self.slots.is_empty() && self.runs == Runs::Starting) => {
                Runs::Starting
            }
            _ if ready == 0 => Runs::Loading,
            _ => Runs::Workers(self.slots.len()),
        };
        self.report(true);
    }
}

/// Hands out work: pieces to idle ready workers, or a main-thread step.
pub fn pump<W: Work>(w: &mut W, handle: &WeakHandle<W>) {
    let c = w.client();
    if !c.active {
        return;
    }
    match c.runs {
        Runs::Starting if c.probing => {}
        Runs::Starting => {
            c.probing = true;
            let handle = handle.clone();
            wasm_bindgen_futures::spawn_local(async move {
                let found = worker_available().await;
                with(&handle, move |w, again| {
                    let c = w.client();
                    c.probing = false;
                    c.runs = if found {
                        Runs::Loading
                    } else {
                        Runs::MainThread
                    };
                    c.report(true);
                    pump(w, again);
                });
            });
        }
        Runs::MainThread => schedule_step(c, handle),
        Runs::Loading | Runs::Workers(_) => {
            if !spawn(c, handle) {
                return fall_back(w, handle);
            }
            feed(w);
        }
    }
}

/// Gives up the workers and goes on on the main thread.
fn fall_back<W: Work>(w: &mut W, handle: &WeakHandle<W>) {
    let c = w.client();
    c.slots.clear();
    c.watchdog = None;
    c.runs = Runs::MainThread;
    c.report(true);
    pump(w, handle);
}

/// Replaces dead workers and spawns more up to the client's size (with a watchdog for
/// them); false when the browser refuses every one.
fn spawn<W: Work>(c: &mut Client, handle: &WeakHandle<W>) -> bool {
    c.slots.retain(|s| !s.link.has_failed());
    while c.slots.len() < c.size {
        let key = c.next_key;
        c.next_key += 1;
        let replies = handle.clone();
        let link = WorkerLink::spawn(move |reply| {
            with(&replies, move |w, again| on_reply(w, key, reply, again));
        });
        let Some(link) = link else {
            return !c.slots.is_empty();
        };
        c.slots.push(Slot {
            key,
            link,
            busy: None,
        });
        if c.watchdog.is_none() {
            c.watchdog = Some(watchdog(handle));
        }
    }
    true
}

/// Gives each idle ready worker its next piece.
fn feed<W: Work>(w: &mut W) {
    let solvers = w.client().slots.len();
    for i in 0..solvers {
        let c = w.client();
        if !c.slots[i].link.is_ready() || c.slots[i].busy.is_some() {
            continue;
        }
        let id = c.next_id;
        let Some(spec) = w.next_piece(id, solvers) else {
            break;
        };
        let c = w.client();
        c.next_id += 1;
        c.slots[i].busy = Some((id, spec.is_stepped()));
        c.slots[i].link.send(&WorkerRequest::Start { id, spec });
    }
}

/// Takes worker `key`'s reply, then hands out more work.
fn on_reply<W: Work>(w: &mut W, key: u64, reply: WorkerReply, again: &WeakHandle<W>) {
    let c = w.client();
    let Some(i) = c.slots.iter().position(|s| s.key == key) else {
        return;
    };
    let (id, output) = match reply {
        WorkerReply::Ready => {
            c.watchdog = None;
            c.set_runs();
            return pump(w, again);
        }
        WorkerReply::Progress { id, progress } => {
            if c.active && id >= c.first_id {
                w.progress(id, progress);
            }
            return;
        }
        WorkerReply::Result { id, output } => (id, Ok(*output)),
        WorkerReply::Error { id, message } => (id, Err(message)),
    };
    if c.slots[i].busy.is_some_and(|(busy, _)| busy == id) {
        c.slots[i].busy = None;
    }
    // A worker that failed before its first piece (`JobId::MAX`) fails the current run.
    if c.active && id >= c.first_id {
        w.finished(id, output);
    }
    pump(w, again);
}

/// The timer of new workers: if none said Ready within [`WORKER_TIMEOUT_MS`], the run goes
/// to the main thread (a patient run keeps waiting); either way the status line says so.
fn watchdog<W: Work>(handle: &WeakHandle<W>) -> Timeout {
    let handle = handle.clone();
    Timeout::new(WORKER_TIMEOUT_MS, move || {
        with(&handle, move |w, again| {
            let c = w.client();
            c.watchdog = None;
            if c.slots.iter().any(|s| s.link.is_ready()) {
                return;
            }
            note_worker_timeout();
            if c.patient {
                c.report(true);
            } else {
                fall_back(w, again);
            }
        });
    })
}

/// Runs one main-thread step soon (once: a step already scheduled stays). The first step of
/// a run waits a moment so the progress line is painted first.
fn schedule_step<W: Work>(c: &mut Client, handle: &WeakHandle<W>) {
    if c.step.is_some() {
        return;
    }
    let handle = handle.clone();
    let run = c.run;
    let delay = if c.main.is_none() && c.next_id == c.first_id {
        30
    } else {
        0
    };
    c.step = Some(Timeout::new(delay, move || {
        with(&handle, move |w, again| {
            w.client().step = None;
            if w.client().run == run && w.client().active {
                main_step(w);
                pump(w, again);
            }
        });
    }));
}

/// Steps the main-thread piece (starting the next one first if none is running).
fn main_step<W: Work>(w: &mut W) {
    let (id, mut job) = match w.client().main.take() {
        Some(main) => main,
        None => {
            let id = w.client().next_id;
            let Some(spec) = w.next_piece(id, 1) else {
                return;
            };
            w.client().next_id += 1;
            match spec.start(Place::MainThread) {
                Ok(job) => (id, job),
                Err(message) => return w.finished(id, Err(message)),
            }
        }
    };
    match job.step(MAIN_STEP_MS, &mut |_| {}) {
        Ok(true) => w.finished(id, job.output()),
        Ok(false) => {
            let progress = job.progress();
            w.client().main = Some((id, job));
            if let Some(p) = progress {
                w.progress(id, p);
            }
        }
        Err(message) => w.finished(id, Err(message)),
    }
}

/// The snapshot the last change asked for ([`Client::report`]), if it is due.
fn due_snapshot<W: Work>(w: &mut W) -> Option<Snapshot<W::Detail>> {
    let c = w.client();
    let force = c.due.take()?;
    let t = now();
    if !force && t - c.last_report < REPORT_MS {
        return None;
    }
    c.last_report = t;
    let (run, phase, runs) = (c.run, c.phase.clone(), c.runs);
    let elapsed_ms = t - c.started;
    let (progress, detail) = w.snapshot();
    Some(Snapshot {
        run,
        phase,
        progress,
        elapsed_ms,
        runs,
        detail,
    })
}

/// What a [`Handle`] shares: a [`Work`] and the callback its snapshots go to.
pub struct Held<W: Work> {
    work: RefCell<W>,
    on_report: Callback<Snapshot<W::Detail>>,
}

/// What workers and timers hold: a [`Handle`] that does not keep the work alive.
pub type WeakHandle<W> = Weak<Held<W>>;

/// The one shared-state handle of every client. Cheap to clone; two handles are equal when
/// they share the state. Snapshots are sent *after* the state is released, so the page may
/// call the client again from its callback.
pub struct Handle<W: Work>(Rc<Held<W>>);

impl<W: Work> Clone for Handle<W> {
    fn clone(&self) -> Self {
        Handle(Rc::clone(&self.0))
    }
}

impl<W: Work> PartialEq for Handle<W> {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

impl<W: Work> Handle<W> {
    /// Shares `work`, reporting to `on_report`.
    pub fn new(work: W, on_report: Callback<Snapshot<W::Detail>>) -> Self {
        let work = RefCell::new(work);
        Handle(Rc::new(Held { work, on_report }))
    }

    /// Runs `f` on the state (with a weak handle, to schedule more work), then sends the
    /// snapshot it asked for. Does nothing if the state is busy (it never is: every entry
    /// point is an event, reply or timer callback).
    pub fn with(&self, f: impl FnOnce(&mut W, &WeakHandle<W>)) {
        let report = self.0.work.try_borrow_mut().ok().and_then(|mut work| {
            f(&mut work, &Rc::downgrade(&self.0));
            due_snapshot(&mut *work)
        });
        if let Some(report) = report {
            self.0.on_report.emit(report);
        }
    }

    /// Reads the state, or gives `None` while it is busy.
    pub fn read<T>(&self, f: impl FnOnce(&W) -> Option<T>) -> Option<T> {
        f(&*self.0.work.try_borrow().ok()?)
    }
}

/// [`Handle::with`], if the work still exists.
fn with<W: Work>(weak: &WeakHandle<W>, f: impl FnOnce(&mut W, &WeakHandle<W>)) {
    if let Some(held) = weak.upgrade() {
        Handle(held).with(f);
    }
}
