//! Times the paper's full period-map window (survey Figure 1) in headless Chromium.
//!
//! A measurement for BENCHMARKS.md, not a test: serve `dist/` (for example with
//! `cargo xtask serve`), then run
//! `HEAPLAB_URL=http://127.0.0.1:8080 cargo run -p heaplab-e2e --example time_full_map`.
//! It opens the map, waits until the canvas says it is complete and prints the
//! wall-clock time, the page's own status line and when the coarse picture of
//! the whole window was drawn (`data-coarse-ms`, the page's clock from the job's start).

use anyhow::Result;
use heaplab_e2e::with_page;
use std::time::{Duration, Instant};

const FULL: &str = "#/period-map?family=3move&fixed=3001&s1=401..1600&s2=901..2100&colour=class";

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<()> {
    with_page(|page| async move {
        page.open(FULL).await?;
        page.wait_for("#period-map").await?;
        let started = Instant::now();
        loop {
            let complete = page.attr("#period-map", "data-complete").await?;
            if complete.as_deref() == Some("true") {
                break;
            }
            if started.elapsed() > Duration::from_secs(900) {
                anyhow::bail!("the map did not finish within 15 minutes");
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
        let workers = page
            .js("return navigator.hardwareConcurrency;", vec![])
            .await?;
        let status = page.text("#map-status").await?.unwrap_or_default();
        let coarse = page.attr("#period-map", "data-coarse-ms").await?;
        println!(
            "full window in {:.1} s with hardwareConcurrency = {workers}; coarse picture after {} ms; status: {status}",
            started.elapsed().as_secs_f64(),
            coarse.as_deref().unwrap_or("?")
        );
        Ok(())
    })
    .await
}
