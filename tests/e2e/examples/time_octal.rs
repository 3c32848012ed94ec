//! Times proving an octal game in headless Chromium's Web Worker (issue 15: ·16 in under 1 s).
//!
//! A measurement for BENCHMARKS.md, not a test: serve `dist/` (for example with
//! `cargo xtask serve`), then run
//! `HEAPLAB_URL=http://127.0.0.1:8080 cargo run -p heaplab-e2e --example time_octal [CODE] [RUNS]`
//! (default `.16`, 3 runs). CODE must be a row of the thesis's Table 3.2: the page opens the
//! row's own link (the heaps Theorem 3.73 needs, as the catalogue's "reproduce" link), so the
//! verdict is "proven". Each run is a fresh browser: it prints the time from navigation to the
//! proven verdict (download, compile, worker start and the proof) and the part of it since the
//! worker's first progress report (the proof in a fresh worker), then presses Compute again on
//! the same page and prints the time from that click to the verdict (the proof again, in code
//! the browser has optimised by then). All are the page's own clock (`performance.now()`).

use anyhow::{bail, Context, Result};
use heaplab_e2e::with_page;
use heaplab_engine::octal::catalogue::TABLE_3_2;
use serde_json::Value;
use std::time::{Duration, Instant};

/// Installs a watcher that stores in `window.provenAt` the `performance.now()` at which the
/// badge first reads "proven" after it was absent (`arguments[0]`: it is absent already), and
/// in `window.runningAt` when the job's progress bar (its worker's first report) first showed.
/// Polls every 5 ms inside the page, so the driver's polling does not count.
const WATCH: &str = "
    window.provenAt = null;
    window.runningAt = null;
    let gone = arguments[0];
    const timer = setInterval(() => {
        if (window.runningAt === null && document.querySelector('#octal-job-progress')) {
            window.runningAt = performance.now();
        }
        const badge = document.querySelector('#octal-badge');
        if (!badge) { gone = true; return; }
        if (gone && badge.textContent.startsWith('proven')) {
            window.provenAt = performance.now();
            clearInterval(timer);
        }
    }, 5);";

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<()> {
    let mut args = std::env::args().skip(1);
    let code = args.next().unwrap_or_else(|| ".16".to_string());
    let runs: usize = args.next().map_or(Ok(3), |r| r.parse())?;
    let Some(row) = TABLE_3_2.iter().find(|row| row.code == code) else {
        bail!("{code} is not a row of Table 3.2");
    };
    let heaps = row.heaps_to_prove();
    let route = format!("#/octal?code={code}&max={heaps}");
    println!(
        "{route} (period {}, preperiod {})",
        row.period, row.preperiod
    );
    for run in 1..=runs {
        let route = route.clone();
        with_page(|page| async move {
            page.open(&route).await?;
            page.js(WATCH, vec![Value::Bool(true)]).await?;
            let cold = proven_at(&page).await?;
            let running = page.js("return window.runningAt;", vec![]).await?;
            let job = running.as_f64().map_or(f64::NAN, |at| cold - at);
            let clicked = page
                .js(
                    "const t = performance.now(); \
                     document.querySelector('#octal-compute').click(); return t;",
                    vec![],
                )
                .await?
                .as_f64()
                .unwrap_or(0.0);
            page.js(WATCH, vec![Value::Bool(false)]).await?;
            let warm = proven_at(&page).await? - clicked;
            let badge = page.text("#octal-badge").await?.unwrap_or_default();
            println!(
                "run {run}: {cold:.0} ms from navigation ({job:.0} ms of them from the first \
                 progress report), {warm:.0} ms from Compute; {badge}"
            );
            Ok(())
        })
        .await?;
    }
    Ok(())
}

/// Waits (up to 15 minutes) for the watcher's `provenAt`.
async fn proven_at(page: &heaplab_e2e::Page) -> Result<f64> {
    let started = Instant::now();
    loop {
        let at = page.js("return window.provenAt;", vec![]).await?;
        if let Some(at) = at.as_f64() {
            return Ok(at);
        }
        if started.elapsed() > Duration::from_secs(900) {
            let status = page.text("#octal-job").await?.unwrap_or_default();
            return Err(anyhow::anyhow!("no proven verdict in 15 minutes"))
                .context(format!("status: {status}"));
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}
