//! End-to-end tests of the scoring play page in a real headless Chromium. Expected numbers come
//! from Stewart's paper (Figure 1, Conjecture 9, the (3333, 2222) counterexample) and from the
//! engine, which the page must agree with.

use anyhow::{ensure, Context, Result};
use heaplab_e2e::{with_page, Page};
use heaplab_engine::scoring::game::sum_final_scores;
use heaplab_engine::scoring::octal::{self, FixedHeap, ScoringLimits};
use heaplab_engine::scoring::{ScoringGame, ScoringRules};
use heaplab_engine::Budget;

const FIGURE_1: &str = "#/scoring?tab=game&g={2,{11|4|-3}|3|4,{9|2|-5}}";

/// The labels of every drawn node of the tree `id`, sorted.
async fn node_labels(page: &Page, id: &str) -> Result<Vec<String>> {
    let v = page
        .js(
            "return [...document.querySelectorAll('#' + arguments[0] + '-svg g.tree-node')]
                 .map(g => g.getAttribute('data-label'));",
            vec![id.into()],
        )
        .await?;
    let mut labels: Vec<String> = v
        .as_array()
        .context("labels")?
        .iter()
        .filter_map(|s| s.as_str().map(str::to_string))
        .collect();
    labels.sort();
    Ok(labels)
}

/// The table's `G_s` column, read from the page.
async fn table_values(page: &Page) -> Result<Vec<String>> {
    let v = page
        .js(
            "return [...document.querySelectorAll('#sc-table tbody tr td:nth-child(2)')]
                 .map(td => td.textContent);",
            vec![],
        )
        .await?;
    Ok(v.as_array()
        .context("cells")?
        .iter()
        .filter_map(|s| s.as_str().map(str::to_string))
        .collect())
}

#[tokio::test]
async fn figure_1_tree_final_scores_and_impartiality() -> Result<()> {
    with_page(|page| async move {
        page.open(FIGURE_1).await?;
        page.wait_for("#sc-tree-node-0").await?;
        page.wait_for_text("#sc-left", "2").await?;
        page.wait_for_text("#sc-right", "4").await?;
        page.wait_for_text("#sc-class", "L").await?;
        let imp = page.wait_for_some_text("#sc-impartial").await?;
        ensure!(imp.starts_with("Impartial"), "{imp}");
        let engine = ScoringGame::parse("{2,{11|4|-3}|3|4,{9|2|-5}}").unwrap();
        let mut expected: Vec<String> =
            engine.nodes().iter().map(|n| n.score.to_string()).collect();
        expected.sort();
        let shown = node_labels(&page, "sc-tree").await?;
        ensure!(shown == expected, "labels {shown:?} vs {expected:?}");
        // Left's optimal first move (to 2) and Right's (to 4) are the two thick root edges.
        let thick = page
            .js(
                "return [...document.querySelectorAll('#sc-tree-svg line.tree-edge.marked')]
                     .filter(l => l.getAttribute('data-from') === '0')
                     .map(l => document.querySelector('#sc-tree-node-' + l.getAttribute('data-to'))
                                       .getAttribute('data-label')).sort();",
                vec![],
            )
            .await?;
        ensure!(
            thick == serde_json::json!(["2", "4"]),
            "thick root edges {thick}"
        );
        Ok(())
    })
    .await
}

#[tokio::test]
async fn typing_shows_live_errors_and_show_commits_the_game() -> Result<()> {
    with_page(|page| async move {
        page.open("#/scoring").await?;
        page.wait_for("#sc-tree-node-0").await?;
        page.type_into("#sc-game", "{1|2}").await?;
        let status = page.wait_for_some_text("#sc-game-status").await?;
        ensure!(status.contains("expected"), "live error: {status}");
        ensure!(
            page.exists("#sc-tree-node-0").await?,
            "the committed tree stays"
        );
        page.type_into("#sc-game", "{4|3|2}").await?;
        page.wait_for_text("#sc-game-status", "✓ 3 nodes, class L")
            .await?;
        page.click("#sc-show").await?;
        page.wait_for_hash_containing("g=%7B4%7C3%7C2%7D").await?;
        page.wait_for_text("#sc-left", "4").await?;
        page.wait_for_text("#sc-right", "2").await?;
        Ok(())
    })
    .await
}

/// Conjecture 9: G = {2,{1|2|3}|0|−2,{−3|−2|−1}}; the "Add G" button builds G + G, in 𝓟 with
/// final scores −1 and +1; its tree exports as TikZ. "Add −G" then makes a third term, and the
/// page shows the engine's final scores of G + G + (−G).
#[tokio::test]
async fn conjecture_9_sum_is_in_p_and_exports() -> Result<()> {
    with_page(|page| async move {
        page.open("#/scoring?tab=game&g={2,{1|2|3}|0|-2,{-3|-2|-1}}")
            .await?;
        page.click("#sc-add-self").await?;
        page.wait_for_hash_containing("plus=").await?;
        page.wait_for_text("#sc-sum-class", "P").await?;
        page.wait_for_text("#sc-sum-left", "-1").await?;
        page.wait_for_text("#sc-sum-right", "1").await?;
        page.wait_for("#sc-sum-tree-node-0").await?;
        page.capture_downloads().await?;
        page.click("#sc-sum-tree-export").await?;
        page.click("#sc-sum-tree-export-tikz").await?;
        page.click("#sc-sum-tree-export-download").await?;
        page.wait_for_text_starting("#sc-sum-tree-export-status", "Saved")
            .await?;
        let (name, tex) = page.last_download().await?;
        ensure!(name.ends_with(".tex"), "download {name:?}");
        ensure!(tex.contains("\\begin{tikzpicture}"), "{tex}");
        // The modal dialog covers the page until it is closed.
        page.click("#sc-sum-tree-export-close").await?;
        page.click("#sc-add-negation").await?;
        page.wait_for_hash_containing("%2B").await?;
        let g = ScoringGame::parse("{2,{1|2|3}|0|-2,{-3|-2|-1}}").unwrap();
        let minus_g = g.negate();
        let want = sum_final_scores(&[&g, &g, &minus_g], &mut Budget::unlimited()).unwrap();
        page.wait_for_text("#sc-sum-left", &want.left.to_string())
            .await?;
        page.wait_for_text("#sc-sum-right", &want.right.to_string())
            .await?;
        page.wait_for_text("#sc-sum-class", want.class().letter())
            .await?;
        Ok(())
    })
    .await
}

#[tokio::test]
async fn octal_3333_2222_has_period_5_and_matches_the_engine() -> Result<()> {
    with_page(|page| async move {
        page.open("#/scoring?tab=octal&code=3333&pts=2,2,2,2&n=40")
            .await?;
        let period = page.wait_for_some_text("#sc-period").await?;
        ensure!(period.contains("period 5"), "{period}");
        let two_k = page.wait_for_some_text("#sc-2k").await?;
        ensure!(two_k.contains("does not divide"), "{two_k}");
        let rules = ScoringRules::parse("3333", "2,2,2,2").unwrap();
        let limits = ScoringLimits::new(40, 1 << 16).unwrap();
        let report = octal::solve(&rules, None, limits, &mut Budget::unlimited()).unwrap();
        let expected: Vec<String> = report.values.iter().map(|v| v.to_string()).collect();
        ensure!(table_values(&page).await? == expected, "table vs engine");
        // The plot is drawn: some pixels carry the blue ink.
        let (w, h, rgba) = page.canvas_rgba("#sc-plot").await?.context("plot canvas")?;
        ensure!(w > 0 && h > 0);
        let blue = rgba
            .chunks_exact(4)
            .filter(|p| p[2] > 180 && p[0] < 120)
            .count();
        ensure!(blue > 50, "{blue} blue pixels");
        page.capture_downloads().await?;
        page.click("#sc-csv").await?;
        let (name, csv) = page.last_download().await?;
        ensure!(
            name.ends_with(".csv") && csv.starts_with("n,G_s\n0,0\n1,2\n"),
            "{name}: {csv}"
        );
        Ok(())
    })
    .await
}

/// A fixed heap under another ruleset, typed into the form: G_s(n +ℓ 3) against the engine.
#[tokio::test]
async fn fixed_heap_sum_matches_the_engine() -> Result<()> {
    with_page(|page| async move {
        page.open("#/scoring?tab=octal&code=00033&pts=0,0,0,4,5&n=30")
            .await?;
        page.wait_for("#sc-table").await?;
        page.type_into("#sc-m", "3").await?;
        page.type_into("#sc-mcode", "33").await?;
        page.type_into("#sc-mpoints", "1,2").await?;
        page.click("#sc-run").await?;
        page.wait_for_hash_containing("m=3").await?;
        page.wait_until("the sum's table", || async {
            let s = page.text("#sc-summary").await?.unwrap_or_default();
            Ok(if s.contains("+ℓ 3") { Ok(()) } else { Err(s) })
        })
        .await?;
        let rules = ScoringRules::parse("00033", "0,0,0,4,5").unwrap();
        let fixed = FixedHeap {
            rules: ScoringRules::parse("33", "1,2").unwrap(),
            size: 3,
        };
        let limits = ScoringLimits::new(30, 1 << 16).unwrap();
        let report = octal::solve(&rules, Some(&fixed), limits, &mut Budget::unlimited()).unwrap();
        let expected: Vec<String> = report.values.iter().map(|v| v.to_string()).collect();
        ensure!(table_values(&page).await? == expected, "table vs engine");
        Ok(())
    })
    .await
}

#[tokio::test]
async fn tampered_urls_show_messages() -> Result<()> {
    with_page(|page| async move {
        page.open("#/scoring?tab=octal&code=9z&pts=abc&n=-5")
            .await?;
        let message = page.wait_for_some_text("#sc-error").await?;
        ensure!(
            message.contains("code digit") && message.contains("n"),
            "{message}"
        );
        page.assert_not_blank().await?;
        page.open("#/scoring?tab=game&g={{{1|").await?;
        let message = page.wait_for_some_text("#sc-error").await?;
        ensure!(message.contains("character"), "{message}");
        page.assert_not_blank().await?;
        page.open("#/scoring?tab=game&g=5&plus={1|0").await?;
        let message = page.wait_for_some_text("#sc-sum-error").await?;
        ensure!(message.starts_with("added games"), "{message}");
        page.assert_not_blank().await
    })
    .await
}

/// Issue 21's scoring messages: a parse error once, one summary line for a sum, the code
/// echoed as typed (`0.26`), no "(compare …)" in the wrong notation, a message for an unknown
/// tab, and no "the code is empty" when m's code is left empty as the label invites.
#[tokio::test]
async fn messages_are_shown_once_and_read_as_typed() -> Result<()> {
    with_page(|page| async move {
        page.open("#/scoring?tab=game&g={{{1|").await?;
        let message = page.wait_for_some_text("#sc-error").await?;
        ensure!(
            !page.exists("#sc-game-status").await?,
            "the committed error is also on the live line"
        );
        let main = page.text("main").await?.unwrap_or_default();
        ensure!(
            main.matches(message.as_str()).count() == 1,
            "{message} twice"
        );
        ensure!(
            page.exists(".page-head #copy-link").await?,
            "Copy link not in the head"
        );
        page.open("#/scoring?tab=game&g={4|3|2}&plus={1|0|-1}%20%2B%20{4|3|2}")
            .await?;
        page.wait_for_text("#sc-plus-status", "✓ 2 games, 6 nodes in all")
            .await?;
        page.open("#/scoring?tab=octal&code=0.26&pts=1,2&n=30")
            .await?;
        let summary = page.wait_for_some_text("#sc-summary").await?;
        ensure!(summary.starts_with("(0.26; 1,2)"), "summary: {summary}");
        let live = page.wait_for_some_text("#sc-rules-status").await?;
        ensure!(live.contains("(0.26; 1,2)"), "live line: {live}");
        page.open("#/scoring?tab=octal&code=3333&pts=2,2,2,2&n=40")
            .await?;
        let two_k = page.wait_for_some_text("#sc-2k").await?;
        ensure!(!two_k.contains("compare"), "{two_k}");
        page.open("#/scoring?tab=bogus").await?;
        let note = page.wait_for_some_text("#sc-tab-note").await?;
        ensure!(note.contains("bogus"), "{note}");
        page.open("#/scoring?tab=octal&code=3333&pts=1,2,3,4&n=20&m=3&mpts=2,2,2,2")
            .await?;
        page.wait_for_some_text("#sc-summary").await?;
        let main = page.text("main").await?.unwrap_or_default();
        ensure!(!main.contains("code is empty"), "{main}");
        Ok(())
    })
    .await
}
