//! HeapLab's browser front end: a Yew (client-side rendered) app compiled to WebAssembly.
//!
//! * [`app`]: the shell — header, hash routing, page titles, "not found";
//! * [`bundle`]: the three wasm modules of `dist/` (`core`, `lab` and `rules`) and the switch
//!   between them;
//! * [`route`]: URL state — every page's state lives in `location.hash`; the one page list;
//! * [`pages`]: one module per route;
//! * [`components`]: pieces the pages share (value strip canvas, chart, period facts, export,
//!   the one job status line);
//! * [`format`]: shared text (grouped numbers, durations, the one progress line);
//! * [`worker`]: the one job protocol, the `Job` of every kind, and the Web Worker's host loop
//!   (started by [`start_worker`]);
//! * [`worker_client`]: one Web Worker from the page's side ([`worker_client::WorkerLink`]);
//! * [`worker_pool`]: the one job client: work cut into pieces (one for a single job) for a
//!   pool of workers or the main thread, one snapshot type, one state handle;
//! * [`jobs`]: its page API for single jobs (`JobRunner`, `use_job`);
//! * [`tiles`]: period maps computed tile by tile (worker pool or main thread) into a canvas.
//!
//! The page computes nothing itself: every value, outcome and period comes from
//! `heaplab_engine`. `static/boot.js` calls [`start`] after loading the module; it mounts the
//! app when the document has an element with id `app` (so test pages, which have none, are
//! left alone). The Web Workers run this same module (one download, one compile: the page posts
//! its compiled `WebAssembly.Module` to each worker), so nothing starts on its own:
//! `static/worker_loader.js` calls [`start_worker`] instead of [`start`].

pub mod app;
pub mod bundle;
pub mod components;
pub mod format;
pub mod jobs;
pub mod pages;
pub mod protocol;
pub mod route;
#[cfg(feature = "core")]
pub mod tiles;
pub mod worker;
pub mod worker_client;
pub mod worker_pool;

use wasm_bindgen::prelude::*;
use web_sys::Element;

thread_local! {
    /// The mounted app, kept so that [`stop`] can take it down before the other bundle starts.
    static APP: std::cell::RefCell<Option<yew::AppHandle<app::App>>> = Default::default();
}

/// Entry point, called by `static/boot.js` after `init()`: mounts [`app::App`] into `#app`.
/// Does nothing where there is no document (a worker) or no `#app` (a test page).
#[wasm_bindgen]
pub fn start() {
    std::panic::set_hook(Box::new(|info| {
        gloo::console::error!(format!("HeapLab internal error: {info}"));
    }));
    let root = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("app"));
    if let Some(root) = root {
        let handle = mount(root);
        APP.with(|app| app.replace(Some(handle)));
    }
}

/// Takes down the app [`start`] mounted (its pages, listeners and workers), so that the other
/// bundle can mount into `#app` ([`bundle`]).
#[wasm_bindgen]
pub fn stop() {
    if let Some(handle) = APP.with(|app| app.take()) {
        handle.destroy();
    }
}

/// Entry point inside a Web Worker, called by `static/worker_loader.js` after it has
/// instantiated the module the page posted: starts the job host ([`worker::host::register`]).
#[wasm_bindgen]
pub fn start_worker() {
    worker::host::register();
}

/// Renders the app into `root`, replacing whatever it holds (the "Loading…" note).
pub fn mount(root: Element) -> yew::AppHandle<app::App> {
    root.set_inner_html("");
    yew::Renderer::<app::App>::with_root(root).render()
}
