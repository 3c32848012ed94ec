//! End-to-end tests of the explorer page (`#/explore`) in a real headless Chromium: a sweep set
//! up with clicks and typing, its group counts equal to the engine's own sweep and to the
//! family's definition, a record linking to its ruleset's page, Cancel stopping a large sweep,
//! and tampered or too-large URLs answered with a message.

use anyhow::{ensure, Result};
use fantoccini::Locator;
use heaplab_e2e::with_page;
use heaplab_engine::subtraction::DEFAULT_SEARCH;
use heaplab_engine::sweep::{Family, FamilyOptions, Summary, Sweep, SweepSpec};
use heaplab_engine::Budget;

/// The engine's own sweep of all of `family` over `{1..m}`, with `checks`, grouped by max.
fn engine_sweep(family: &str, m: u32, checks: &[&str]) -> Summary {
    let options = FamilyOptions {
        bound: Some(m),
        ..FamilyOptions::default()
    };
    let family = Family::parse(family, &options).unwrap();
    let len = family.len();
    let sweep = Sweep::new(SweepSpec {
        family,
        checks: checks.iter().map(|c| c.to_string()).collect(),
        filter: None,
        group_by: Some("max".into()),
        top: None,
        rows: 0,
        search: DEFAULT_SEARCH,
    })
    .unwrap();
    sweep.run_range(0..len, &mut Budget::unlimited()).unwrap()
}

/// The engine's own sweep of all `S ⊆ {1..m}` grouped by max: `(max, count)`.
fn engine_groups(m: u32) -> Vec<(i64, u64)> {
    engine_sweep("subtraction", m, &[])
        .groups
        .iter()
        .map(|(k, n)| (k.expect("every set has a max"), *n))
        .collect()
}

#[tokio::test]
async fn a_sweep_set_up_by_hand_counts_what_the_engine_counts() -> Result<()> {
    const M: u32 = 8;
    let expected = engine_groups(M);
    // Sets with max j are {j} plus any subset of {1..j-1}: 2^(j-1) of them.
    let by_definition: Vec<(i64, u64)> = (1..=M).map(|j| (j as i64, 1u64 << (j - 1))).collect();
    assert_eq!(expected, by_definition);
    with_page(|page| async move {
        page.open("#/explore?family=subtraction&m=5&group=size&top=period:3")
            .await?;
        page.wait_for("#explore-group-1").await?;
        page.type_into("#explore-m", &M.to_string()).await?;
        page.client()
            .find(Locator::Css("#explore-group-max_move"))
            .await?
            .click()
            .await?;
        page.click("#explore-run").await?;
        page.wait_for_hash_containing("m=8").await?;
        page.wait_for_hash_containing("group=max_move").await?;
        page.wait_for_text_starting("#explore-status", "done").await?;
        for (key, count) in &expected {
            page.wait_for_text(&format!("#explore-group-{key}"), &count.to_string())
                .await?;
        }
        let totals = page.text("#explore-totals").await?.unwrap_or_default();
        ensure!(totals.starts_with("255 rulesets swept"), "totals: {totals}");
        ensure!(page.exists("#explore-chart").await?, "no histogram");
        let command = page.text("#explore-cli").await?.unwrap_or_default();
        ensure!(
            command == "heaplab sweep subtraction --max-move 8 --group-by max_move --top period:3 --progress",
            "command: {command}"
        );
        // The best record opens its ruleset's page.
        let record = page.wait_for("#explore-top a.ruleset-link").await?;
        let href = record.attr("href").await?.unwrap_or_default();
        ensure!(href.starts_with("#/subtraction?S="), "href {href}");
        record.click().await?;
        page.wait_for_hash_containing("#/subtraction?S=").await?;
        page.wait_for("#set-input").await.map(|_| ())
    })
    .await
}

/// A cumulative subtraction sweep with one of its paper's checks ticked by a click: the
/// check's counts are the engine's, and a record opens its ruleset's cumulative subtraction page.
#[tokio::test]
async fn a_cumulative_subtraction_sweep_checks_its_papers_claims() -> Result<()> {
    const CHECK: &str = "cs-observation-3";
    let summary = engine_sweep("cumulative-subtraction", 6, &[CHECK]);
    let tally = &summary.checks[0];
    let expected = [tally.holds, tally.fails, tally.not_applicable];
    with_page(|page| async move {
        page.open("#/explore?family=cumulative-subtraction&m=6&group=max_move&top=xi:3")
            .await?;
        // The URL's own sweep runs first; the form is set up once it is done.
        page.wait_for_text_starting("#explore-status", "done")
            .await?;
        page.click(&format!("#explore-check-box-{CHECK}")).await?;
        page.click("#explore-run").await?;
        page.wait_for_hash_containing(&format!("check={CHECK}"))
            .await?;
        page.wait_for_text_starting("#explore-status", "done")
            .await?;
        let totals = page.text("#explore-totals").await?.unwrap_or_default();
        ensure!(totals.starts_with("63 rulesets swept"), "totals: {totals}");
        for (column, count) in ["holds", "fails"].iter().zip(expected) {
            let cell = format!("#explore-check-{CHECK} td.{column}");
            page.wait_for_text(&cell, &count.to_string()).await?;
        }
        let record = page.wait_for("#explore-top a.ruleset-link").await?;
        let href = record.attr("href").await?.unwrap_or_default();
        ensure!(
            href.starts_with("#/cumulative-subtraction?S="),
            "href {href}"
        );
        record.click().await?;
        page.wait_for_hash_containing("#/cumulative-subtraction?S=")
            .await
            .map(|_| ())
    })
    .await
}

#[tokio::test]
async fn cancel_stops_a_large_sweep() -> Result<()> {
    with_page(|page| async move {
        page.open("#/explore?family=subtraction&m=22&group=max&top=period:5")
            .await?;
        page.cancel_stops_the_job("#explore-progress", "#explore-cancel", "#explore-status")
            .await
    })
    .await
}

#[tokio::test]
async fn tampered_and_too_large_urls_get_a_message() -> Result<()> {
    with_page(|page| async move {
        page.open("#/explore?family=subtraction&m=abc&top=period")
            .await?;
        let text = page.wait_for_some_text("#explore-error").await?;
        ensure!(
            text.contains("m must be a whole number") && text.contains("top must be METRIC:K"),
            "error: {text}"
        );
        page.assert_not_blank().await?;
        page.open("#/explore?family=subtraction&m=30&group=max")
            .await?;
        let text = page.wait_for_some_text("#explore-error").await?;
        ensure!(
            text.contains("4,194,304")
                && text.contains("heaplab sweep subtraction --max-move 30 --group-by max"),
            "error: {text}"
        );
        ensure!(
            !page.exists("#explore-progress").await?,
            "a capped sweep ran"
        );
        Ok(())
    })
    .await
}

/// A finished sweep reads as finished: no "putting the result together"; a check named three
/// times in the URL runs once, with its claim beside its result; each table downloads as a
/// clean CSV of its own; no issue number shows.
#[tokio::test]
async fn a_finished_sweep_reads_cleanly() -> Result<()> {
    const CHECK: &str = "cs-observation-3";
    with_page(|page| async move {
        page.open(&format!(
            "#/explore?family=cumulative-subtraction&m=5&group=max_move&check={CHECK},{CHECK},{CHECK}"
        ))
        .await?;
        page.wait_for_text_starting("#explore-status", "done").await?;
        let status = page.text("#explore-status").await?.unwrap_or_default();
        ensure!(!status.contains("putting the result"), "status: {status}");
        let rows = page
            .js(
                "return document.querySelectorAll('#explore-checks tbody tr').length;",
                vec![],
            )
            .await?;
        ensure!(rows.as_u64() == Some(1), "{rows} check rows for one check");
        page.wait_for_some_text(&format!("#explore-check-{CHECK} .claim"))
            .await?;
        page.capture_downloads().await?;
        page.click("#explore-csv-groups").await?;
        let (name, text) = page.last_download().await?;
        ensure!(name.ends_with("-groups.csv"), "file {name}");
        ensure!(
            text.starts_with("max_move,count\n") && !text.contains("\n\n"),
            "groups CSV: {text:?}"
        );
        let body = page.text("main").await?.unwrap_or_default();
        ensure!(!body.to_lowercase().contains("issue"), "the page names an issue");
        Ok(())
    })
    .await
}

/// After Cancel the status and the totals give one count: the rulesets the tables hold.
#[tokio::test]
async fn after_cancel_the_page_gives_one_count() -> Result<()> {
    with_page(|page| async move {
        page.open("#/explore?family=subtraction&m=22&group=max")
            .await?;
        page.wait_for("#explore-totals").await?;
        page.click("#explore-cancel").await?;
        page.wait_for_text_starting("#explore-status", "Cancelled")
            .await?;
        let status = page.text("#explore-status").await?.unwrap_or_default();
        let totals = page.text("#explore-totals").await?.unwrap_or_default();
        let swept = totals.split(' ').next().unwrap_or_default();
        ensure!(
            status.contains(&format!("cover {swept} of")),
            "status {status:?} against totals {totals:?}"
        );
        Ok(())
    })
    .await
}
