//! HeapLab's browser front end: a Yew (client-side rendered) app compiled to WebAssembly.
//!
//! * [`app`]: the shell — header, hash routing, page titles, "not found";
//! * [`route`]: URL state — every page's state lives in `location.hash`;
//! * [`pages`]: one module per route (home, subtraction games);
//! * [`components`]: pieces the pages share (value strip canvas, chart, period facts, export).
//!
//! The page computes nothing itself: every value, outcome and period comes from
//! `heaplab_engine`. The wasm module starts the app in [`start`] when the document has an
//! element with id `app` (so test pages, which have none, are left alone).

pub mod app;
pub mod components;
pub mod pages;
pub mod route;

use wasm_bindgen::prelude::*;
use web_sys::Element;

/// Entry point, run by `init()` in `static/boot.js`: mounts [`app::App`] into `#app`.
#[wasm_bindgen(start)]
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
