//! What every page that talks to the worker binary ([`crate::worker`]) shares: where its
//! bootstrap lives, how long to wait for it, and whether workers can run here at all.
//!
//! The period-map tile pool, the plane runner, the octal job and the cumulative-subtraction
//! jobs all ask [`worker_available`] once before spawning, and fall back to the main thread
//! (capped) when it says no.

use std::cell::Cell;

/// Where the worker bootstrap lives (the root of `dist/`).
pub const LOADER: &str = "./worker_loader.js";

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
}

/// Whether workers can run here: the `Worker` API exists and the bootstrap is served (test
/// pages of `wasm-bindgen-test` serve none). Looked up once per page load.
pub async fn worker_available() -> bool {
    if let Some(known) = WORKER_SERVED.with(Cell::get) {
        return known;
    }
    let served = has_worker_api()
        && match gloo::net::http::Request::get(LOADER).send().await {
            Ok(response) => response.ok(),
            Err(_) => false,
        };
    WORKER_SERVED.with(|c| c.set(Some(served)));
    served
}
