//! End-to-end tests of the rules page in a real headless Chromium: a preset opened from its
//! link and solved in the worker (values, outcomes and period read back and compared with the
//! engine's), an edit that goes to the URL and comes back when the link is reopened, Cancel
//! on a long run, a syntax error shown with its line and column (and marked in the editor),
//! and a tampered link that gets a message.

use anyhow::{ensure, Result};
use heaplab_e2e::{hash_value, with_page};
use heaplab_engine::rules::{compile, presets, solve_heaps};
use heaplab_engine::Budget;

/// The engine's report of preset `name` on heaps `0..terms`.
fn engine_report(name: &str, terms: u64) -> Result<heaplab_engine::rules::HeapReport> {
    let preset = presets::preset(name).ok_or_else(|| anyhow::anyhow!("no preset {name}"))?;
    let script = compile(preset.text, &[])?;
    Ok(solve_heaps(&script, terms, &mut Budget::unlimited())?)
}

#[tokio::test]
async fn a_preset_link_runs_and_shows_the_engines_values() -> Result<()> {
    with_page(|page| async move {
        page.open("#/rules?preset=dawsons-kayles&n=300").await?;
        let values = page.wait_for_some_text("#rules-values").await?;
        let report = engine_report("dawsons-kayles", 300)?;
        let expected: Vec<String> = report.values.iter().take(200).map(u64::to_string).collect();
        ensure!(values.starts_with(&expected.join(" ")), "values {values:?}");
        let period = page.wait_for_some_text("#rules-period").await?;
        let p = report.period.expect("Dawson's Kayles has a period of 34");
        ensure!(
            period.contains(&format!("Period {}", p.period)) && period.contains("not proven"),
            "period line {period:?}"
        );
        let same = page.wait_for_some_text("#rules-same-as").await?;
        ensure!(same.contains("octal game"), "same-as line {same:?}");
        let link = page
            .attr("#rules-same-as-link", "href")
            .await?
            .unwrap_or_default();
        ensure!(link.contains("#/octal?code="), "link {link:?}");
        ensure!(page.exists("#rules-strip").await?, "no value strip");
        ensure!(page.exists("#rules-outcomes").await?, "no outcome strip");
        page.assert_not_blank().await
    })
    .await
}

#[tokio::test]
async fn an_edit_goes_to_the_url_and_the_link_restores_it() -> Result<()> {
    with_page(|page| async move {
        page.open("#/rules?preset=mark&n=50").await?;
        page.wait_for_some_text("#rules-values").await?;
        let text = "name(\"TAKE-1-2\");\nfn options(n) {\n    let out = [];\n    if n >= 1 { out.push(n - 1); }\n    if n >= 2 { out.push(n - 2); }\n    out\n}\n";
        page.type_into("#rules-text", text).await?;
        let hash = page.wait_for_hash_containing("r=").await?;
        ensure!(hash.len() < 2_000, "a {}-character link", hash.len());
        ensure!(hash_value(&hash, "n") == Some("50"), "hash {hash:?}");
        page.wait_for_text("#rules-name", "TAKE-1-2").await?;
        page.wait_for_text_starting("#rules-values", "0 1 2 0 1 2 0").await?;
        // Reopening the link restores the text and the results.
        page.open("#/").await?;
        page.open(&hash).await?;
        page.wait_for_value("#rules-text", text).await?;
        page.wait_for_text_starting("#rules-values", "0 1 2 0 1 2 0").await?;
        let same = page.wait_for_some_text("#rules-same-as").await?;
        ensure!(same.contains("S = {1, 2}"), "same-as line {same:?}");
        Ok(())
    })
    .await
}

#[tokio::test]
async fn cancel_stops_a_long_run() -> Result<()> {
    with_page(|page| async move {
        page.open("#/rules?preset=grundy&n=200000").await?;
        page.cancel_stops_the_job("#rules-job-progress", "#rules-job-cancel", "#rules-job")
            .await
    })
    .await
}

#[tokio::test]
async fn a_syntax_error_shows_its_line_and_column() -> Result<()> {
    with_page(|page| async move {
        page.open("#/rules?preset=mark&n=50").await?;
        page.wait_for_some_text("#rules-values").await?;
        page.type_into(
            "#rules-text",
            "name(\"X\");\nfn options(n) {\n    [n - 1,, 2]\n}\n",
        )
        .await?;
        let error = page.wait_for_some_text("#rules-error").await?;
        ensure!(
            error.contains("line 3, column"),
            "the error does not say where: {error:?}"
        );
        let marked = page.attr(".gutter-line.error-line", "data-line").await?;
        ensure!(marked.as_deref() == Some("3"), "marked line {marked:?}");
        ensure!(
            page.attr("#rules-text", "aria-invalid").await?.as_deref() == Some("true"),
            "the editor is not marked invalid"
        );
        Ok(())
    })
    .await
}

#[tokio::test]
async fn a_tampered_link_gets_a_message() -> Result<()> {
    with_page(|page| async move {
        for (route, words) in [
            ("#/rules?r=not-a-ruleset!!", "damaged"),
            ("#/rules?r=AAAA", "damaged"),
            ("#/rules?preset=nosuch", "no ruleset named"),
            ("#/rules?preset=mark&n=-3", "heaps"),
            ("#/rules?preset=wythoff&size=5000,5000", "grid"),
            ("#/rules?preset=mark-t&p.t=x", "t"),
        ] {
            page.open(route).await?;
            let message = page.wait_for_some_text("[role=alert]").await?;
            ensure!(message.contains(words), "{route}: {message:?}");
            page.assert_not_blank().await?;
        }
        Ok(())
    })
    .await
}
