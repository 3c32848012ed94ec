//! Prints what a first visit to each main route of every bundle downloads, for BENCHMARKS.md's "First visit"
//! numbers: the browser's Resource Timing `transferSize` summed over the document and every
//! resource (as `tests/first_visit.rs` reads it, which checks the budget on these routes).
//!
//! A measurement, not a test: serve `dist/` (for example with `cargo xtask serve`), then run
//! `HEAPLAB_URL=http://127.0.0.1:8080 cargo run -p heaplab-e2e --example first_visit_routes`.
//! Each route gets a fresh browser; the page is given 5 s after it mounts to start its
//! workers (the period map) before the transfers are summed.

use std::time::Duration;

use anyhow::Result;
use heaplab_e2e::with_page;

const ROUTES: [&str; 12] = [
    "#/",
    "#/subtraction?S=2,5,7&n=60",
    "#/octal",
    "#/period-map",
    // The explorer with its sweep in workers (as `tests/first_visit.rs` visits it).
    "#/explore?family=subtraction&m=8&group=max",
    // Pages of the lab bundle (`web/src/bundle.rs`).
    "#/partizan",
    "#/scoring",
    "#/cumulative-subtraction",
    "#/cumulative-games",
    "#/misere",
    "#/atlas",
    // The rules bundle's one page.
    "#/rules",
];

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<()> {
    for route in ROUTES {
        with_page(|page| async move {
            page.open(route).await?;
            page.wait_for(".page-head, .intro").await?;
            tokio::time::sleep(Duration::from_secs(5)).await;
            let total = page
                .js(
                    "return performance.getEntriesByType('navigation')
                         .concat(performance.getEntriesByType('resource'))
                         .reduce((sum, e) => sum + e.transferSize, 0);",
                    vec![],
                )
                .await?;
            println!("first visit to {route}: {total} bytes");
            Ok(())
        })
        .await?;
    }
    Ok(())
}
