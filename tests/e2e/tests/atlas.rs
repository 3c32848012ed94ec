//! End-to-end tests of the octal atlas page in a real headless Chromium: the shipped data file
//! is fetched only when the page opens, the filtered rows are those the file holds, a row opens
//! its game on the octal page, the catalogue disagreements are shown with their first
//! differing heap, and a tampered filter gets a message.

use anyhow::{ensure, Context, Result};
use heaplab_e2e::with_page;
use serde_json::Value;

/// The shipped atlas, read here as the page reads it.
fn shipped() -> Result<Value> {
    let text = include_str!("../../../static/data/atlas-octal-3.json");
    Ok(serde_json::from_str(text)?)
}

#[tokio::test]
async fn proven_classes_by_period_are_the_files() -> Result<()> {
    with_page(|page| async move {
        page.open("#/atlas?status=proven&p=2..5&sort=period").await?;
        page.wait_for("#atlas-table").await?;
        let atlas = shipped()?;
        let want: Vec<&str> = atlas["classes"]
            .as_array()
            .context("classes")?
            .iter()
            .filter(|c| c["status"] == "proven")
            .filter(|c| c["period"].as_u64().is_some_and(|p| (2..5).contains(&p)))
            .filter_map(|c| c["code"].as_str())
            .collect();
        let shown = page
            .js(
                "return [...document.querySelectorAll('#atlas-table .atlas-row')].map(r => r.dataset.code);",
                vec![],
            )
            .await?;
        let mut shown: Vec<String> = shown
            .as_array()
            .context("rows")?
            .iter()
            .filter_map(|v| v.as_str().map(str::to_string))
            .collect();
        let mut want: Vec<String> = want.into_iter().map(str::to_string).collect();
        shown.sort();
        want.sort();
        ensure!(!want.is_empty() && shown == want, "rows {shown:?} vs {want:?}");
        let counts = page.wait_for_some_text("#atlas-counts").await?;
        ensure!(counts.contains("1,023 codes"), "{counts:?}");
        let facts = page.wait_for_some_text("#atlas-catalogue").await?;
        ensure!(facts.contains("first differ at heap 519"), "{facts:?}");
        // A row opens its game.
        page.click("#atlas-table .atlas-row td a").await?;
        page.wait_for_hash_containing("#/octal?code=").await?;
        Ok(())
    })
    .await
}

#[tokio::test]
async fn a_tampered_filter_gets_a_message() -> Result<()> {
    with_page(|page| async move {
        page.open("#/atlas?status=maybe&sort=x").await?;
        let text = page.wait_for_some_text(".card .error").await?;
        ensure!(
            text.contains("status is all, proven or unsolved") && text.contains("sort is one of"),
            "{text:?}"
        );
        page.assert_not_blank().await
    })
    .await
}
