//! A Web Worker that dies mid-job becomes a message on the page: the progress line goes away
//! and the page says the worker failed, instead of showing the last progress for ever. This
//! holds for both job clients: the single-job runner and the piece pool (the period map's
//! tiles and the explorer's sweep), and a pool whose workers died starts fresh ones for the
//! next job.
//!
//! The test wraps the page's `Worker` constructor (before any job starts) so that each worker
//! runs the real bootstrap plus a listener that throws on the message `"crash"`; posting it
//! mid-job makes a real uncaught error inside the worker, which the browser reports to the page
//! as the worker's `error` event.

use anyhow::{ensure, Result};
use heaplab_e2e::{with_page, Page};
use serde_json::json;

/// Replaces `window.Worker` with one whose workers import the real bootstrap and throw
/// (uncaught) when sent `"crash"`; the workers are kept in `window.__heaplabWorkers`.
const WRAP_WORKERS: &str = r#"
const Real = window.Worker;
window.__heaplabWorkers = [];
window.Worker = class extends Real {
  constructor(url, options) {
    const bootstrap = JSON.stringify(new URL(url, location.href).href);
    const source = 'import ' + bootstrap + ';\n' +
      "self.addEventListener('message', (e) => { if (e.data === 'crash') throw new Error('test crash'); });";
    super(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })), options);
    window.__heaplabWorkers.push(this);
  }
};
"#;

/// Opens `route` with wrapped workers, waits for its job to run in a worker (`progress`
/// shown, a worker message received), crashes every worker and checks that `running` (the
/// sign of a running job) goes away and the page says the worker failed.
async fn crash_mid_job(page: &Page, route: &str, progress: &str, running: &str) -> Result<()> {
    page.open("#/").await?;
    page.wait_for("main").await?;
    page.js(WRAP_WORKERS, vec![]).await?;
    page.js("location.hash = arguments[0];", vec![json!(route)])
        .await?;
    page.wait_for(progress).await?;
    page.wait_until("a worker message (the job runs in a worker)", || async {
        let n = page.worker_replies().await?;
        Ok(if n > 0 {
            Ok(())
        } else {
            Err(format!("{n} messages"))
        })
    })
    .await?;
    let workers = page
        .js(
            "window.__heaplabWorkers.forEach((w) => w.postMessage('crash')); \
             return window.__heaplabWorkers.length;",
            vec![],
        )
        .await?;
    ensure!(
        workers.as_u64().unwrap_or(0) > 0,
        "the page started no wrapped worker"
    );
    page.wait_until("the page to say its worker failed", || async {
        let body = page.text("main").await?.unwrap_or_default();
        let running = page.exists(running).await?;
        Ok(if body.contains("Web Worker failed") && !running {
            Ok(())
        } else {
            Err(format!("progress shown: {running}; page: {body:.300}"))
        })
    })
    .await?;
    Ok(())
}

/// A stepped job (the constant-memory outcome-period search) in the single-job runner; the
/// worker reads the message between steps (a one-call job reads it only when done).
#[tokio::test]
async fn a_dead_worker_stops_a_single_job() -> Result<()> {
    with_page(|page| async move {
        crash_mid_job(
            &page,
            "#/subtraction?S=15,27,88,100,115&n=200&further=1",
            "#further-status-progress",
            "#further-status-progress",
        )
        .await
    })
    .await
}

/// The period map's tile pool: every worker dies mid-map; the map says so, and the next map
/// (fresh workers) is drawn to the end.
#[tokio::test]
async fn a_dead_worker_stops_the_period_maps_tile_pool() -> Result<()> {
    with_page(|page| async move {
        crash_mid_job(
            &page,
            "#/period-map?family=4move&fixed=1500&s1=1..1499&s2=2..1500&colour=period",
            "#map-progress",
            "#map-cancel:not([disabled])",
        )
        .await?;
        page.js(
            "location.hash = arguments[0];",
            vec![json!(
                "#/period-map?family=3move&fixed=61&s1=1..41&s2=2..61&colour=class"
            )],
        )
        .await?;
        page.wait_until("the next map to finish in fresh workers", || async {
            let body = page.text("main").await?.unwrap_or_default();
            let status = page.text("#map-status").await?.unwrap_or_default();
            Ok(
                if status.starts_with("done") && !body.contains("Web Worker failed") {
                    Ok(())
                } else {
                    Err(format!("status: {status}"))
                },
            )
        })
        .await
    })
    .await
}

/// The explorer's sweep pool: every worker dies mid-sweep; the status line says so.
#[tokio::test]
async fn a_dead_worker_stops_the_explorers_sweep_pool() -> Result<()> {
    with_page(|page| async move {
        crash_mid_job(
            &page,
            "#/explore?family=subtraction&m=22&group=max",
            "#explore-progress",
            "#explore-progress",
        )
        .await
    })
    .await
}
