//! The page's end of the one job protocol ([`crate::worker`]): [`WorkerLink`], one Web Worker
//! speaking it; where the worker's bootstrap lives, how long to wait for it, and whether
//! workers can run here at all.
//!
//! Its two clients, the period-map tile pool ([`crate::tiles::runner`]) and the single-job
//! runner ([`crate::jobs`]), ask [`worker_available`] once before spawning and fall back to
//! the main thread (capped) when it says no. They share their state handles ([`Shared`],
//! [`WeakShared`]), their [`Phase`] and their [`Workers`] lookup.

use std::cell::{Cell, RefCell};
use std::rc::{Rc, Weak};

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::MessageEvent;
use yew::Callback;

use crate::worker::{JobId, WorkerReply, WorkerRequest};

/// Where the worker bootstrap lives when the page does not say (the root of `dist/`): a module
/// worker that instantiates the page's own wasm module, which [`WorkerLink::spawn`] posts to
/// it first. `cargo xtask build` gives it a hashed name and writes that name into
/// `index.html`'s `<meta name="heaplab-worker">` ([`loader_url`]).
pub const LOADER: &str = "./worker_loader.js";

/// The worker bootstrap's URL: the page's `heaplab-worker` meta tag, else [`LOADER`].
pub fn loader_url() -> String {
    web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.query_selector("meta[name=heaplab-worker]").ok().flatten())
        .and_then(|meta| meta.get_attribute("content"))
        .filter(|url| !url.is_empty())
        .unwrap_or_else(|| LOADER.to_string())
}

/// How long a spawned worker may take to say `Ready` before the page falls back to the main
/// thread.
pub const WORKER_TIMEOUT_MS: u32 = 10_000;

/// Whether this browser has the `Worker` API.
pub fn has_worker_api() -> bool {
    js_sys::Reflect::has(&js_sys::global(), &"Worker".into()).unwrap_or(false)
}

thread_local! {
    /// Whether the worker bootstrap is served (looked up once per page load).
    static WORKER_SERVED: Cell<Option<bool>> = const { Cell::new(None) };
    /// Whether a worker of this page load did not say `Ready` within [`WORKER_TIMEOUT_MS`].
    static WORKER_TIMED_OUT: Cell<bool> = const { Cell::new(false) };
}

/// Records that a worker did not load within [`WORKER_TIMEOUT_MS`] (a runner's watchdog
/// fired and its jobs went to the main thread), so status lines say why.
pub fn note_worker_timeout() {
    WORKER_TIMED_OUT.with(|t| t.set(true));
}

/// Where a job waiting for its worker is, for status lines: after [`WORKER_TIMEOUT_MS`] it
/// says the load is slow.
pub fn loading_worker_text() -> &'static str {
    if WORKER_TIMED_OUT.with(Cell::get) {
        "in a Web Worker that is still loading after 10 s (a slow connection?): Cancel stops waiting"
    } else {
        "in a Web Worker (loading)"
    }
}

/// Where a main-thread job runs, and why, for every status line: a slow worker load is said
/// out loud rather than silently making the tab slower.
pub fn main_thread_text() -> &'static str {
    if WORKER_TIMED_OUT.with(Cell::get) {
        "on the main thread: the Web Worker did not load within 10 s (a slow connection?), so the page may respond slowly"
    } else {
        "on the main thread, as no Web Worker runs here"
    }
}

/// Whether workers can run here: the `Worker` API exists and the bootstrap is served (test
/// pages of `wasm-bindgen-test` serve none). Looked up once per page load.
pub async fn worker_available() -> bool {
    if let Some(known) = WORKER_SERVED.with(Cell::get) {
        return known;
    }
    let served = has_worker_api()
        && match gloo::net::http::Request::get(&loader_url()).send().await {
            Ok(response) => response.ok(),
            Err(_) => false,
        };
    WORKER_SERVED.with(|c| c.set(Some(served)));
    served
}

/// Whether a runner may hand work to Web Workers, found out once per runner.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Workers {
    /// Not looked up yet.
    Unknown,
    /// [`probe_workers`] is looking.
    Probing,
    /// The bootstrap is served: spawn workers.
    Available,
    /// No `Worker` API, no bootstrap, or the workers never loaded: use the main thread.
    Unavailable,
}

impl Workers {
    /// What a new runner starts with: `Unknown` where the `Worker` API exists.
    pub fn initial() -> Workers {
        if has_worker_api() {
            Workers::Unknown
        } else {
            Workers::Unavailable
        }
    }
}

/// Looks up [`worker_available`] and hands the answer to `found` (from a spawned future).
pub fn probe_workers(found: impl FnOnce(Workers) + 'static) {
    wasm_bindgen_futures::spawn_local(async move {
        found(if worker_available().await {
            Workers::Available
        } else {
            Workers::Unavailable
        });
    });
}

/// Where a runner's job is: the phases the period-map tile pool and the plane runner share.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Phase {
    /// Work is being computed.
    Running,
    /// Everything is computed.
    Done,
    /// The visitor cancelled the job.
    Cancelled,
    /// The engine refused the job, or a step failed, with this message.
    Failed(String),
}

/// The state behind a runner: it may leave one progress report for [`Shared::with`] to send.
pub trait RunnerState: 'static {
    /// What the page is told after each change.
    type Progress: 'static;
    /// Takes the report left by the last change, if any.
    fn take_report(&mut self) -> Option<Self::Progress>;
}

/// A runner's shared state and its progress callback. Cheap to clone; two handles are equal
/// when they share the state. Reports are sent *after* the state is released, so the page may
/// call the runner again from its callback.
pub struct Shared<S: RunnerState> {
    state: Rc<RefCell<S>>,
    on_progress: Callback<S::Progress>,
}

impl<S: RunnerState> Clone for Shared<S> {
    fn clone(&self) -> Self {
        Shared {
            state: Rc::clone(&self.state),
            on_progress: self.on_progress.clone(),
        }
    }
}

impl<S: RunnerState> PartialEq for Shared<S> {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.state, &other.state)
    }
}

impl<S: RunnerState> Shared<S> {
    /// Shares `state`, reporting to `on_progress`.
    pub fn new(state: S, on_progress: Callback<S::Progress>) -> Self {
        Shared {
            state: Rc::new(RefCell::new(state)),
            on_progress,
        }
    }

    /// Runs `f` on the state, then sends what it left to report. Does nothing if the state is
    /// busy (it never is: every entry point is an event, reply or timer callback).
    pub fn with(&self, f: impl FnOnce(&mut S)) {
        let report = match self.state.try_borrow_mut() {
            Ok(mut state) => {
                f(&mut state);
                state.take_report()
            }
            Err(_) => None,
        };
        if let Some(progress) = report {
            self.on_progress.emit(progress);
        }
    }

    /// Reads the state, or gives `None` while it is busy.
    pub fn read<T>(&self, f: impl FnOnce(&S) -> Option<T>) -> Option<T> {
        f(&*self.state.try_borrow().ok()?)
    }

    /// A handle for callbacks that must not keep the runner alive (workers, timers).
    pub fn downgrade(&self) -> WeakShared<S> {
        WeakShared {
            state: Rc::downgrade(&self.state),
            on_progress: self.on_progress.clone(),
        }
    }
}

/// What workers and timers hold: a [`Shared`] that does not keep the runner alive.
pub struct WeakShared<S: RunnerState> {
    state: Weak<RefCell<S>>,
    on_progress: Callback<S::Progress>,
}

impl<S: RunnerState> Clone for WeakShared<S> {
    fn clone(&self) -> Self {
        WeakShared {
            state: Weak::clone(&self.state),
            on_progress: self.on_progress.clone(),
        }
    }
}

impl<S: RunnerState> WeakShared<S> {
    /// The runner, if it still exists.
    pub fn upgrade(&self) -> Option<Shared<S>> {
        Some(Shared {
            state: self.state.upgrade()?,
            on_progress: self.on_progress.clone(),
        })
    }

    /// [`Shared::with`], if the runner still exists; `f` also gets this handle, to schedule
    /// more work.
    pub fn with(&self, f: impl FnOnce(&mut S, &WeakShared<S>)) {
        if let Some(shared) = self.upgrade() {
            shared.with(|state| f(state, self));
        }
    }
}

/// One Web Worker running the job host ([`crate::worker::host`]). Requests sent before the
/// worker says [`WorkerReply::Ready`] are queued and sent then (a loading worker drops
/// messages). Dropping the link terminates the worker at once, even mid-step.
///
/// A worker that dies (its `error` event: an uncaught exception or a trap, such as a stack
/// overflow) or sends a message that cannot be read (`messageerror`) is reported as a
/// [`WorkerReply::Error`] for the last job sent to it, and the link stops counting as ready,
/// so no client waits for it for ever.
pub struct WorkerLink {
    worker: web_sys::Worker,
    ready: Rc<Cell<bool>>,
    /// The last job sent (its id), to which a crash is reported.
    job: Rc<Cell<Option<JobId>>>,
    failed: Rc<Cell<bool>>,
    queued: Rc<RefCell<Vec<js_sys::Uint8Array>>>,
    on_message: Option<Closure<dyn FnMut(MessageEvent)>>,
    on_error: Option<Closure<dyn FnMut(web_sys::Event)>>,
}

/// What a visitor reads when a worker dies mid-job (`detail` is the browser's message).
pub fn crash_text(detail: &str) -> String {
    format!(
        "The computation stopped: its Web Worker failed ({detail}). \
         Try a smaller size, or the command-line tool for this one."
    )
}

/// What a visitor reads when a worker could not start at all (`detail`, the browser's
/// message, when it gave one).
pub fn start_failure_text(detail: Option<&str>) -> String {
    let detail = detail.map(|d| format!(" ({d})")).unwrap_or_default();
    format!(
        "The computation could not start: its Web Worker did not load{detail}. \
         Reload the page; if that does not help, this browser may block Web Workers here."
    )
}

impl WorkerLink {
    /// Starts a module worker from [`loader_url`] and posts it this page's compiled wasm module
    /// and its JS glue (so the engine is downloaded and compiled once); its replies go to `on_reply` (after
    /// `Ready` has flushed the queue). `None` when the browser refuses.
    pub fn spawn(on_reply: impl Fn(WorkerReply) + 'static) -> Option<WorkerLink> {
        let on_reply = Rc::new(on_reply);
        let options = web_sys::WorkerOptions::new();
        options.set_type(web_sys::WorkerType::Module);
        let worker = web_sys::Worker::new_with_options(&loader_url(), &options).ok()?;
        let boot = js_sys::Array::of2(&wasm_bindgen::module(), &crate::bundle::glue_url().into());
        worker.post_message(&boot).ok()?;
        let ready = Rc::new(Cell::new(false));
        let queued: Rc<RefCell<Vec<js_sys::Uint8Array>>> = Rc::default();
        let on_message = {
            let (worker, ready, queued) = (worker.clone(), ready.clone(), queued.clone());
            let on_reply = on_reply.clone();
            Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
                count_reply();
                let Some(reply) = decode(&event.data()) else {
                    return;
                };
                if reply == WorkerReply::Ready {
                    ready.set(true);
                    for message in queued.take() {
                        let _ = worker.post_message(&message);
                    }
                }
                on_reply(reply);
            })
        };
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        let job: Rc<Cell<Option<JobId>>> = Rc::default();
        let failed: Rc<Cell<bool>> = Rc::default();
        let on_error = {
            let (ready, job, failed) = (ready.clone(), job.clone(), failed.clone());
            Closure::<dyn FnMut(web_sys::Event)>::new(move |event: web_sys::Event| {
                // A worker that never said Ready did not start (its script did not load);
                // one that had started crashed or sent something unreadable.
                let started = ready.replace(false);
                failed.set(true);
                let detail = event
                    .dyn_ref::<web_sys::ErrorEvent>()
                    .map(|e| e.message())
                    .filter(|m| !m.is_empty());
                let message = match (started, detail) {
                    (true, detail) => {
                        crash_text(detail.as_deref().unwrap_or("a message it could not read"))
                    }
                    (false, detail) => start_failure_text(detail.as_deref()),
                };
                if let Some(id) = job.take() {
                    on_reply(WorkerReply::Error { id, message });
                }
            })
        };
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        worker.set_onmessageerror(Some(on_error.as_ref().unchecked_ref()));
        Some(WorkerLink {
            worker,
            ready,
            job,
            failed,
            queued,
            on_message: Some(on_message),
            on_error: Some(on_error),
        })
    }

    /// Sends `request` (now, or once the worker is ready).
    pub fn send(&self, request: &WorkerRequest) {
        let Ok(bytes) = bincode::serialize(request) else {
            return;
        };
        if let WorkerRequest::Start { id, .. } = request {
            self.job.set(Some(*id));
        }
        let message = js_sys::Uint8Array::from(bytes.as_slice());
        if self.ready.get() {
            let _ = self.worker.post_message(&message);
        } else {
            self.queued.borrow_mut().push(message);
        }
    }

    /// Whether the worker has said [`WorkerReply::Ready`] (and has not failed since).
    pub fn is_ready(&self) -> bool {
        self.ready.get()
    }

    /// Whether the worker failed (see the type's notes): a client drops it and starts anew.
    pub fn has_failed(&self) -> bool {
        self.failed.get()
    }
}

/// Starts `size` workers for a pool; worker `i`'s replies go to `on_reply(i, reply)`. `None`
/// when the browser has no `Worker` API or refuses one.
/// (A `dyn` callback: one copy of [`WorkerLink::spawn`] serves every pool.)
pub fn spawn_links(
    size: usize,
    on_reply: Rc<dyn Fn(usize, WorkerReply)>,
) -> Option<Vec<WorkerLink>> {
    if !has_worker_api() {
        return None;
    }
    (0..size)
        .map(|i| {
            let on_reply = on_reply.clone();
            WorkerLink::spawn(move |reply| on_reply(i, reply))
        })
        .collect()
}

impl Drop for WorkerLink {
    fn drop(&mut self) {
        self.worker.set_onmessage(None);
        self.worker.set_onerror(None);
        self.worker.set_onmessageerror(None);
        self.worker.terminate();
        // The link may be dropped from inside its own handler: free the handler later.
        let handlers = (self.on_message.take(), self.on_error.take());
        gloo::timers::callback::Timeout::new(0, move || drop(handlers)).forget();
    }
}

/// Reads a reply (bincode bytes); `None` for anything else.
fn decode(data: &JsValue) -> Option<WorkerReply> {
    let bytes = data.dyn_ref::<js_sys::Uint8Array>()?.to_vec();
    bincode::deserialize(&bytes).ok()
}

thread_local! {
    /// Worker messages this page has received, all links together.
    static REPLIES: Cell<u64> = const { Cell::new(0) };
}

/// Counts one worker message in `globalThis.heaplabWorkerReplies`, which the end-to-end tests
/// read to see that a cancelled job sends nothing more (its worker is idle or terminated).
fn count_reply() {
    let count = REPLIES.with(|c| {
        c.set(c.get() + 1);
        c.get()
    });
    let _ = js_sys::Reflect::set(
        &js_sys::global(),
        &"heaplabWorkerReplies".into(),
        &JsValue::from_f64(count as f64),
    );
}
