//! The page's end of the one job protocol ([`crate::worker`]): [`WorkerLink`], one Web Worker
//! speaking it; where the worker's bootstrap lives, how long to wait for it, whether workers
//! can run here at all. The one job client
//! ([`crate::worker_pool`]) asks [`worker_available`] once before spawning and falls back to
//! the main thread (capped) when it says no.

use std::cell::Cell;
use std::rc::Rc;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::MessageEvent;

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

/// Records that a worker did not load within [`WORKER_TIMEOUT_MS`] (a client's watchdog
/// fired), so status lines say why the job waits or runs on the main thread.
pub fn note_worker_timeout() {
    WORKER_TIMED_OUT.with(|t| t.set(true));
}

/// Whether a worker of this page load did not load within [`WORKER_TIMEOUT_MS`].
pub fn worker_timed_out() -> bool {
    WORKER_TIMED_OUT.with(Cell::get)
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

/// One Web Worker running the job host ([`crate::worker::host`]). Requests go only to a worker
/// that has said [`WorkerReply::Ready`] (a loading worker drops messages); the client waits
/// for it. Dropping the link terminates the worker at once, even mid-step.
///
/// A worker that dies (its `error` event: an uncaught exception or a trap, such as a stack
/// overflow) or sends a message that cannot be read (`messageerror`) is reported as a
/// [`WorkerReply::Error`] for the last job sent to it (`JobId::MAX` when none was: it did not
/// start), and the link stops counting as ready, so no client waits for it for ever.
pub struct WorkerLink {
    worker: web_sys::Worker,
    ready: Rc<Cell<bool>>,
    /// The last job sent (its id), to which a crash is reported.
    job: Rc<Cell<Option<JobId>>>,
    failed: Rc<Cell<bool>>,
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
    /// and its JS glue (so the engine is downloaded and compiled once); its replies go to
    /// `on_reply`. `None` when the browser has no `Worker` API or refuses.
    pub fn spawn(on_reply: impl Fn(WorkerReply) + 'static) -> Option<WorkerLink> {
        if !has_worker_api() {
            return None;
        }
        let on_reply = Rc::new(on_reply);
        let options = web_sys::WorkerOptions::new();
        options.set_type(web_sys::WorkerType::Module);
        let worker = web_sys::Worker::new_with_options(&loader_url(), &options).ok()?;
        let boot = js_sys::Array::of2(&wasm_bindgen::module(), &crate::bundle::glue_url().into());
        worker.post_message(&boot).ok()?;
        let ready = Rc::new(Cell::new(false));
        let on_message = {
            let ready = ready.clone();
            let on_reply = on_reply.clone();
            Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
                count_reply();
                let Some(reply) = decode(&event.data()) else {
                    return;
                };
                if reply == WorkerReply::Ready {
                    ready.set(true);
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
                let id = job.take().unwrap_or(JobId::MAX);
                on_reply(WorkerReply::Error { id, message });
            })
        };
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        worker.set_onmessageerror(Some(on_error.as_ref().unchecked_ref()));
        Some(WorkerLink {
            worker,
            ready,
            job,
            failed,
            on_message: Some(on_message),
            on_error: Some(on_error),
        })
    }

    /// Sends `request` (to a ready worker: see the type's notes).
    pub fn send(&self, request: &WorkerRequest) {
        let Ok(bytes) = bincode::serialize(request) else {
            return;
        };
        if let WorkerRequest::Start { id, .. } = request {
            self.job.set(Some(*id));
        }
        let message = js_sys::Uint8Array::from(bytes.as_slice());
        let _ = self.worker.post_message(&message);
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

/// Counts one worker message, all links together, in `globalThis.heaplabWorkerReplies`, which
/// the end-to-end tests read to see that a cancelled job sends nothing more (its worker is
/// idle or terminated).
fn count_reply() {
    let (global, key) = (js_sys::global(), JsValue::from("heaplabWorkerReplies"));
    let count = js_sys::Reflect::get(&global, &key)
        .ok()
        .and_then(|v| v.as_f64());
    let _ = js_sys::Reflect::set(&global, &key, &(count.unwrap_or(0.0) + 1.0).into());
}
