//! Times the rules page's two speed goals in headless Chromium's Web Worker: Dawson's Kayles
//! (the `dawsons-kayles` preset) to 5,000 heaps, and WYTHOFF's outcomes on 1,000 × 1,000.
//!
//! A measurement for BENCHMARKS.md, not a test: serve `dist/` (for example with
//! `cargo xtask serve`), then run
//! `HEAPLAB_URL=http://127.0.0.1:8080 cargo run -p heaplab-e2e --example time_rules [RUNS]`
//! (3 runs by default). Each run is a fresh browser: it prints the time from navigation to the
//! results (download, compile, worker start and the solve), then presses Run again on the same
//! page and prints the time from that click to the results (the solve alone, in a worker that
//! has run it once). Both are the page's own clock (`performance.now()`).

use anyhow::{Context, Result};
use heaplab_e2e::{with_page, Page};
use serde_json::Value;
use std::time::{Duration, Instant};

/// Installs a watcher that stores in `window.doneAt` the `performance.now()` at which the
/// result `arguments[0]` first shows after it was absent (`arguments[1]`: it is absent
/// already). Polls every 5 ms inside the page, so the driver's polling does not count.
const WATCH: &str = "
    window.doneAt = null;
    const selector = arguments[0];
    let gone = arguments[1];
    const timer = setInterval(() => {
        if (!document.querySelector(selector)) { gone = true; return; }
        if (gone) { window.doneAt = performance.now(); clearInterval(timer); }
    }, 5);";

/// The two goals: the route and the element its result shows in.
const GOALS: [(&str, &str); 2] = [
    ("#/rules?preset=dawsons-kayles&n=5000", "#rules-values"),
    ("#/rules?preset=wythoff&size=1000,1000", "#rules-p-count"),
];

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<()> {
    let runs: usize = std::env::args().nth(1).map_or(Ok(3), |r| r.parse())?;
    for (route, result) in GOALS {
        for run in 1..=runs {
            with_page(|page| async move {
                page.open(route).await?;
                page.js(WATCH, vec![Value::from(result), Value::Bool(true)])
                    .await?;
                let cold = done_at(&page).await?;
                let clicked = page
                    .js(
                        "const t = performance.now(); \
                         document.querySelector('#rules-run').click(); return t;",
                        vec![],
                    )
                    .await?
                    .as_f64()
                    .unwrap_or(0.0);
                page.js(WATCH, vec![Value::from(result), Value::Bool(false)])
                    .await?;
                let warm = done_at(&page).await? - clicked;
                let shown = page.text(result).await?.unwrap_or_default();
                let shown: String = shown.chars().take(60).collect();
                println!(
                    "{route} run {run}: {cold:.0} ms from navigation, {warm:.0} ms from Run; {shown}"
                );
                Ok(())
            })
            .await?;
        }
    }
    Ok(())
}

/// Waits (up to 5 minutes) for the watcher's `doneAt`.
async fn done_at(page: &Page) -> Result<f64> {
    let started = Instant::now();
    loop {
        let at = page.js("return window.doneAt;", vec![]).await?;
        if let Some(at) = at.as_f64() {
            return Ok(at);
        }
        if started.elapsed() > Duration::from_secs(300) {
            let status = page.text("#rules-job").await?.unwrap_or_default();
            return Err(anyhow::anyhow!("no result in 5 minutes"))
                .context(format!("status: {status}"));
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}
