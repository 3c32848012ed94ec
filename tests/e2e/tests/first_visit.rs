//! The first visit: what a fresh browser downloads, and how soon the first result
//! shows. Read from the browser's own Resource Timing (`transferSize`: bytes on the wire,
//! headers included, after the server's gzip), never from file sizes on disk.

use anyhow::{ensure, Context, Result};
use heaplab_e2e::{with_page, Page};
use serde_json::Value;

/// What a first visit to any page may download, wasm included.
const BUDGET_BYTES: f64 = 600_000.0;

/// Every transfer of this page so far: the document and each resource, as `[name, bytes]`.
async fn transfers(page: &Page) -> Result<Vec<(String, f64)>> {
    let value = page
        .js(
            "return performance.getEntriesByType('navigation')
                 .concat(performance.getEntriesByType('resource'))
                 .map(e => [e.name, e.transferSize]);",
            vec![],
        )
        .await?;
    let entries = value.as_array().context("resource timing is not a list")?;
    let mut out = Vec::new();
    for entry in entries {
        let name = entry[0].as_str().unwrap_or_default().to_string();
        out.push((name, entry[1].as_f64().unwrap_or(0.0)));
    }
    Ok(out)
}

/// The first contentful paint (-1 when none is recorded) and now, in ms since navigation.
async fn paint_and_now(page: &Page) -> Result<(f64, f64)> {
    let times = page
        .js(
            "const paint = performance.getEntriesByName('first-contentful-paint')[0];
             return [paint ? paint.startTime : -1, performance.now()];",
            vec![],
        )
        .await?;
    Ok((
        times[0].as_f64().unwrap_or(f64::NAN),
        times[1].as_f64().unwrap_or(f64::NAN),
    ))
}

/// Sums the transfers and checks them against the budget, with the list in the message.
fn check_budget(route: &str, transfers: &[(String, f64)]) -> Result<f64> {
    let total: f64 = transfers.iter().map(|(_, bytes)| bytes).sum();
    let listing: Vec<String> = transfers
        .iter()
        .map(|(name, bytes)| format!("{bytes:>9.0}  {name}"))
        .collect();
    println!(
        "first visit to {route}: {total:.0} bytes\n{}",
        listing.join("\n")
    );
    let wasm: Vec<&(String, f64)> = transfers
        .iter()
        .filter(|(n, _)| n.ends_with(".wasm"))
        .collect();
    ensure!(
        wasm.len() == 1,
        "the engine should be downloaded exactly once, but {route} fetched {} wasm files:\n{}",
        wasm.len(),
        listing.join("\n")
    );
    // A real download, so the budget cannot pass on missing numbers.
    ensure!(
        wasm[0].1 > 100_000.0,
        "the wasm transfer reads {} bytes",
        wasm[0].1
    );
    ensure!(
        total <= BUDGET_BYTES,
        "a first visit to {route} downloaded {total:.0} bytes, over the {BUDGET_BYTES:.0}-byte budget:\n{}",
        listing.join("\n")
    );
    Ok(total)
}

#[tokio::test]
async fn first_visit_to_subtraction_fits_the_budget_and_reports_its_time() -> Result<()> {
    with_page(|page| async move {
        let route = "#/subtraction?S=2,5,7&n=60";
        page.open(route).await?;
        page.wait_for_text("#outcome-period", "22").await?;
        let (paint, result) = paint_and_now(&page).await?;
        println!(
            "{route} in headless Chromium over loopback: first contentful paint {paint:.0} ms, \
             first result {result:.0} ms after navigation",
        );
        check_budget(route, &transfers(&page).await?)?;
        Ok(())
    })
    .await
}

#[tokio::test]
async fn first_result_on_a_phone_connection_is_reported() -> Result<()> {
    with_page(|page| async move {
        // A slow 4G link: 150 ms a request, 200 KB/s (1.6 Mbit/s). The time is reported for
        // BENCHMARKS.md ("First visit"), not asserted.
        page.throttle_network(150, 200_000).await?;
        let route = "#/subtraction?S=2,5,7&n=60";
        page.open(route).await?;
        page.wait_for_text("#outcome-period", "22").await?;
        let (paint, result) = paint_and_now(&page).await?;
        println!(
            "{route} on a throttled link (150 ms, 200 KB/s): first contentful paint {paint:.0} ms, \
             first result {result:.0} ms after navigation",
        );
        ensure!(result > 0.0, "no navigation timing");
        Ok(())
    })
    .await
}

#[tokio::test]
async fn workers_reuse_the_pages_module_instead_of_downloading_another() -> Result<()> {
    with_page(|page| async move {
        // The period map computes its tiles in Web Workers.
        let route = "#/period-map";
        page.open(route).await?;
        page.wait_until("a worker reply", || {
            let page = page.clone();
            async move {
                let replies = page.worker_replies().await?;
                Ok(if replies > 0 {
                    Ok(())
                } else {
                    Err(format!("{replies} replies"))
                })
            }
        })
        .await?;
        let transfers = transfers(&page).await?;
        let loader = transfers
            .iter()
            .any(|(name, _)| name.contains("worker_loader"));
        ensure!(loader, "no worker bootstrap was fetched: {transfers:?}");
        check_budget(route, &transfers)?;
        Ok(())
    })
    .await
}

#[tokio::test]
async fn first_visit_to_explore_with_its_sweep_fits_the_budget() -> Result<()> {
    with_page(|page| async move {
        // The explorer sweeps in Web Workers, one per core: the page and every worker share
        // the one module.
        let route = "#/explore?family=subtraction&m=8&group=max";
        page.open(route).await?;
        page.wait_for_text_starting("#explore-status", "done")
            .await?;
        check_budget(route, &transfers(&page).await?)?;
        Ok(())
    })
    .await
}

#[tokio::test]
async fn the_frame_is_painted_before_the_engine_starts() -> Result<()> {
    with_page(|page| async move {
        // The served index.html itself carries the header and a skeleton, so a slow engine
        // download never shows a blank page.
        page.open("#/subtraction").await?;
        page.wait_for("#set-input").await?;
        let html: Value = page
            .js("return fetch('./').then(r => r.text());", vec![])
            .await?;
        let html = html.as_str().unwrap_or_default();
        for part in [
            "class=\"site-header\"",
            "class=\"page skeleton\"",
            "id=\"boot-note\"",
        ] {
            ensure!(html.contains(part), "index.html lacks {part}");
        }
        Ok(())
    })
    .await
}

/// The `.wasm` files among `transfers`.
fn wasm_files(transfers: &[(String, f64)]) -> Vec<String> {
    transfers
        .iter()
        .filter(|(name, _)| name.ends_with(".wasm"))
        .map(|(name, _)| name.clone())
        .collect()
}

#[tokio::test]
async fn first_visit_to_a_lab_page_loads_only_the_lab_bundle() -> Result<()> {
    with_page(|page| async move {
        // The partizan page is in the lab bundle (web/src/bundle.rs): its first visit fetches
        // that module alone, its job runs in a worker of the same module, within the budget.
        let route = "#/partizan?L=1,2&R=1,3&n=40";
        page.open(route).await?;
        page.wait_for("#pz-row-39").await?;
        let transfers = transfers(&page).await?;
        let wasm = wasm_files(&transfers);
        ensure!(
            wasm.len() == 1 && wasm[0].contains("heaplab_lab_bg."),
            "a first visit to {route} fetched {wasm:?}"
        );
        check_budget(route, &transfers)?;
        Ok(())
    })
    .await
}

#[tokio::test]
async fn first_visit_to_the_atlas_with_its_data_file_fits_the_budget() -> Result<()> {
    with_page(|page| async move {
        // The heaviest first visit of the lab bundle: its module and the atlas's data file.
        let route = "#/atlas";
        page.open(route).await?;
        page.wait_for("#atlas-table").await?;
        let transfers = transfers(&page).await?;
        ensure!(
            transfers.iter().any(|(name, _)| name.ends_with(".json")),
            "the atlas's data file was not fetched: {transfers:?}"
        );
        check_budget(route, &transfers)?;
        Ok(())
    })
    .await
}

#[tokio::test]
async fn first_visit_to_the_rules_page_loads_only_the_rules_bundle() -> Result<()> {
    with_page(|page| async move {
        // The rules page is the only page of the rules bundle (web/src/bundle.rs), the only
        // module with the ruleset language: its first visit fetches that module alone, and its
        // job runs in a worker of the same module, within the budget.
        let route = "#/rules?preset=dawsons-kayles&n=300";
        page.open(route).await?;
        page.wait_for_some_text("#rules-values").await?;
        let transfers = transfers(&page).await?;
        let wasm = wasm_files(&transfers);
        ensure!(
            wasm.len() == 1 && wasm[0].contains("heaplab_rules_bg."),
            "a first visit to {route} fetched {wasm:?}"
        );
        check_budget(route, &transfers)?;
        Ok(())
    })
    .await
}

#[tokio::test]
async fn links_between_bundles_switch_modules_and_back_returns() -> Result<()> {
    with_page(|page| async move {
        page.open("#/subtraction?S=2,5,7&n=60").await?;
        page.wait_for_text("#outcome-period", "22").await?;
        // The header's link to a lab page: the lab bundle replaces the app on the same URL.
        page.click("nav a[href='#/partizan']").await?;
        page.wait_for("#pz-row-39").await?;
        ensure!(
            page.title().await?.starts_with("Partizan"),
            "title {:?}",
            page.title().await?
        );
        ensure!(
            !page.exists("#set-input").await?,
            "the subtraction page is still mounted beside the partizan page"
        );
        // Back to the core page: its module is already loaded, and the result comes back.
        page.back().await?;
        page.wait_for_text("#outcome-period", "22").await?;
        ensure!(
            !page.exists("#pz-row-39").await?,
            "the partizan page stayed"
        );
        let wasm = wasm_files(&transfers(&page).await?);
        ensure!(
            wasm.len() == 2
                && wasm.iter().any(|w| w.contains("heaplab_bg."))
                && wasm.iter().any(|w| w.contains("heaplab_lab_bg.")),
            "each bundle is fetched once: {wasm:?}"
        );
        Ok(())
    })
    .await
}
