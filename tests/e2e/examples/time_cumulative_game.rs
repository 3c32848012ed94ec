//! Times one large cumulative-game solve in the page's Web Worker, in headless Chromium.
//!
//! A measurement for BENCHMARKS.md, not a test: serve `dist/` (for example with
//! `cargo xtask serve`), then run
//! `HEAPLAB_URL=http://127.0.0.1:8080 cargo run -p heaplab-e2e --example time_cumulative_game`.
//! It opens Squirrel Pebbles {1,2} from heap 2000 (1,335,334 grounded positions), waits for
//! the result and prints the wall-clock time and the page's summary. Compare
//! `time heaplab cumulative-game --set 1,2 --heap 2000`.

use anyhow::Result;
use heaplab_e2e::with_page;
use std::time::{Duration, Instant};

const LARGE: &str = "#/cumulative-games?preset=squirrel&S=1,2&x=2000&n=5";

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<()> {
    with_page(|page| async move {
        let started = Instant::now();
        page.open(LARGE).await?;
        loop {
            if let Some(summary) = page.text("#cg-summary").await? {
                println!(
                    "solved in {:.1} s (page load included): {summary}",
                    started.elapsed().as_secs_f64()
                );
                return Ok(());
            }
            if let Some(error) = page.text("#cg-error").await? {
                anyhow::bail!("the page said: {error}");
            }
            if started.elapsed() > Duration::from_secs(600) {
                anyhow::bail!("no result within 10 minutes");
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    })
    .await
}
