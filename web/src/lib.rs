//! HeapLab's browser front end: a Yew (client-side rendered) app compiled to WebAssembly.
//!
//! * [`app`]: the shell — header, hash routing, page titles, "not found";
//! * [`route`]: URL state — every page's state lives in `location.hash`; the one page list;
//! * [`pages`]: one module per route;
//! * [`components`]: pieces the pages share (value strip canvas, chart, period facts, export);
//! * [`format`]: shared text (grouped numbers, durations, the one progress line);
//! * [`worker`]: the one job protocol, the `Job` of every kind, and the Web Worker's host loop
//!   (registered by `src/bin/worker.rs`);
//! * [`worker_client`]: one Web Worker from the page's side ([`worker_client::WorkerLink`]);
//! * [`jobs`]: the single-job client (`JobRunner`, `use_job`, `JobStatus`);
//! * [`tiles`]: period maps computed tile by tile (worker pool or main thread) into a canvas.
//!
//! The page computes nothing itself: every value, outcome and period comes from
//! `heaplab_engine`. `static/boot.js` calls [`start`] after loading the module; it mounts the
//! app when the document has an element with id `app` (so test pages, which have none, are
//! left alone). [`start`] is deliberately *not* `#[wasm_bindgen(start)]`: the worker binary
//! (`src/bin/worker.rs`) links this library too, and a library start function would replace
//! the binary's `main` as the worker's entry point, so the worker's host would never start.

pub mod app;
pub mod components;
pub mod format;
pub mod jobs;
pub mod pages;
pub mod route;
pub mod tiles;
pub mod worker;
pub mod worker_client;

use wasm_bindgen::prelude::*;
use web_sys::Element;

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
        mount(root);
    }
}

/// Renders the app into `root`, replacing whatever it holds (the "Loading…" note).
pub fn mount(root: Element) -> yew::AppHandle<app::App> {
    root.set_inner_html("");
    yew::Renderer::<app::App>::with_root(root).render()
}
