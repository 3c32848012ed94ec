//! HeapLab's browser front end: a Yew (client-side rendered) app compiled to WebAssembly.
//!
//! * [`app`]: the shell — header, hash routing, page titles, "not found";
//! * [`route`]: URL state — every page's state lives in `location.hash`;
//! * [`pages`]: one module per route (home, subtraction games, period maps);
//! * [`components`]: pieces the pages share (value strip canvas, chart, period facts, export);
//! * [`tiles`]: period maps computed tile by tile (worker pool or main thread) into a canvas;
//! * [`worker`]: the Web Worker that solves map tiles (registered by `src/bin/worker.rs`);
//! * [`jobs`]: one heavy page job (two-pile grids, `tr^m`, a cumulative game's solve) in that
//!   worker, with progress and cancel.
//!
//! The page computes nothing itself: every value, outcome and period comes from
//! `heaplab_engine`. `static/boot.js` calls [`start`] after loading the module; it mounts the
//! app when the document has an element with id `app` (so test pages, which have none, are
//! left alone). [`start`] is deliberately *not* `#[wasm_bindgen(start)]`: the worker binary
//! (`src/bin/worker.rs`) links this library too, and a library start function would replace
//! the binary's `main` as the worker's entry point, so the worker would never register.

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
