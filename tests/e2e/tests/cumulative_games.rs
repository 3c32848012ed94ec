//! End-to-end tests of the cumulative games page in a real headless Chromium: the Squirrel
//! Pebbles URL of the paper's Figure 4, real clicks on tree nodes, the outcome table checked
//! against the engine, the TikZ export read back, and a tampered URL.

use anyhow::{ensure, Context, Result};
use heaplab_e2e::{with_page, Page};
use heaplab_engine::cumulative_games::{symmetric_self_interest, TieBreak};
use heaplab_engine::Budget;
use serde_json::Value;

const SQUIRREL: &str = "#/cumulative-games?preset=squirrel&S=2,3&x=7&n=12";

/// Labels along the thick edges from the root, read from the live SVG.
async fn thick_path(page: &Page) -> Result<Vec<String>> {
    let v = page
        .js(
            "const label = i => document.querySelector('#cg-tree-node-' + i).getAttribute('data-label');
             const thick = [...document.querySelectorAll('#cg-tree-svg line.tree-edge.marked')];
             const widths = thick.map(l => l.getAttribute('stroke-width'));
             let at = '0'; const path = [label(at)];
             for (;;) {
               const next = thick.find(l => l.getAttribute('data-from') === at);
               if (!next) break;
               at = next.getAttribute('data-to'); path.push(label(at));
             }
             return {path, widths};",
            vec![],
        )
        .await?;
    let widths: Vec<&str> = v["widths"]
        .as_array()
        .context("widths")?
        .iter()
        .filter_map(Value::as_str)
        .collect();
    ensure!(
        widths.iter().all(|w| *w == "4.5"),
        "thick edges have widths {widths:?}"
    );
    Ok(v["path"]
        .as_array()
        .context("path")?
        .iter()
        .filter_map(|s| s.as_str().map(str::to_string))
        .collect())
}

async fn node_count(page: &Page) -> Result<u64> {
    Ok(page
        .js(
            "return document.querySelectorAll('#cg-tree-svg g.tree-node').length;",
            vec![],
        )
        .await?
        .as_u64()
        .unwrap_or(0))
}

#[tokio::test]
async fn squirrel_pebbles_thick_edges_are_7_5_2_0() -> Result<()> {
    with_page(|page| async move {
        page.open(SQUIRREL).await?;
        page.wait_for("#cg-tree-node-0").await?;
        let summary = page.wait_for_some_text("#cg-summary").await?;
        ensure!(
            summary.contains("7 → 5 → 2 → 0") && summary.contains("(4,3)"),
            "{summary}"
        );
        let path = thick_path(&page).await?;
        ensure!(
            path == ["7; (0,0)", "5; (2,0)", "2; (2,3)", "0; (4,3)"],
            "thick path {path:?}"
        );
        // Thick edges are really drawn thicker: compare rendered boxes of a thick and a thin edge.
        let widths = page
            .js(
                "const w = l => parseFloat(getComputedStyle(l).strokeWidth);
                 return [w(document.querySelector('line.tree-edge.marked')),
                         w(document.querySelector('line.tree-edge:not(.marked)'))];",
                vec![],
            )
            .await?;
        let (thick, thin) = (
            widths[0].as_f64().unwrap_or(0.0),
            widths[1].as_f64().unwrap_or(0.0),
        );
        ensure!(thick > 2.0 * thin, "thick {thick} vs thin {thin}");
        Ok(())
    })
    .await
}

#[tokio::test]
async fn clicking_a_node_collapses_and_expands_it() -> Result<()> {
    with_page(|page| async move {
        page.open(SQUIRREL).await?;
        page.wait_for("#cg-tree-node-0").await?;
        ensure!(node_count(&page).await? == 11, "Figure 2 has 11 nodes");
        // Node 1 is 5; (2,0) with 5 descendants: a real click folds it.
        let label = page.attr("#cg-tree-node-1", "data-label").await?;
        ensure!(label.as_deref() == Some("5; (2,0)"), "node 1 is {label:?}");
        page.click("#cg-tree-node-1").await?;
        page.wait_until("node 1 to fold", || async {
            let n = node_count(&page).await?;
            Ok(if n == 6 {
                Ok(())
            } else {
                Err(format!("{n} nodes"))
            })
        })
        .await?;
        let label = page.attr("#cg-tree-node-1", "data-label").await?;
        ensure!(
            label.as_deref() == Some("5; (2,0) [+5]"),
            "folded label {label:?}"
        );
        page.click("#cg-tree-node-1").await?;
        page.wait_until("node 1 to unfold", || async {
            let n = node_count(&page).await?;
            Ok(if n == 11 {
                Ok(())
            } else {
                Err(format!("{n} nodes"))
            })
        })
        .await?;
        // The pointer rests on a node after the clicks: the status line shows its full state.
        let status = page.text("#cg-tree-status").await?.unwrap_or_default();
        ensure!(
            status.contains("; (") && status.contains("to move"),
            "status after hovering: {status:?}"
        );
        Ok(())
    })
    .await
}

#[tokio::test]
async fn outcome_table_matches_the_engine() -> Result<()> {
    with_page(|page| async move {
        page.open(SQUIRREL).await?;
        page.wait_for("#cg-table tbody tr").await?;
        let cells = page
            .js(
                "return [...document.querySelectorAll('#cg-table tbody tr')].map(r => r.children[1].textContent);",
                vec![],
            )
            .await?;
        let shown: Vec<String> = cells
            .as_array()
            .context("cells")?
            .iter()
            .filter_map(|c| c.as_str().map(str::to_string))
            .collect();
        let engine = symmetric_self_interest(&[2, 3], 12, TieBreak::Antagonistic, &mut Budget::unlimited())?;
        let expected: Vec<String> = engine
            .iter()
            .map(|r| format!("({},{})", r[0], r[1]))
            .collect();
        ensure!(shown == expected, "table {shown:?} vs engine {expected:?}");
        Ok(())
    })
    .await
}

#[tokio::test]
async fn tikz_export_holds_the_tree() -> Result<()> {
    with_page(|page| async move {
        page.open(SQUIRREL).await?;
        page.wait_for("#cg-tree-node-0").await?;
        page.capture_downloads().await?;
        // The shared "Export figure…" dialog, TikZ chosen.
        page.click("#cg-tree-export").await?;
        page.click("#cg-tree-export-tikz").await?;
        page.click("#cg-tree-export-download").await?;
        let (name, tex) = page.last_download().await?;
        ensure!(name.ends_with(".tex"), "download name {name:?}");
        ensure!(
            tex.contains("\\begin{tikzpicture}") && tex.contains("\\end{document}"),
            "{tex}"
        );
        ensure!(tex.matches("\\node[draw").count() == 11, "11 nodes in TikZ");
        // The marked (PSPE) width at 8 pt text: 0.24 em.
        ensure!(
            tex.matches("line width=1.92pt").count() == 6,
            "6 PSPE edges in TikZ"
        );
        ensure!(tex.contains("7; (0,0)"), "root label in TikZ");
        ensure!(
            tex.contains("Alice to move") && tex.contains("HeapLab v"),
            "legend and provenance"
        );
        Ok(())
    })
    .await
}

#[tokio::test]
async fn tampered_url_shows_a_message() -> Result<()> {
    with_page(|page| async move {
        page.open("#/cumulative-games?preset=chess&S=2,x&x=-4")
            .await?;
        let message = page.wait_for_some_text("#cg-error").await?;
        ensure!(
            message.contains("preset") && message.contains("S:") && message.contains("x must"),
            "{message}"
        );
        // The field is named once: "x must be …", not "x: x must be …".
        ensure!(!message.contains("x: x"), "{message}");
        ensure!(page.exists("nav a").await?, "page shell is missing");
        // A fixed URL shows the tree again.
        page.open(SQUIRREL).await?;
        page.wait_for("#cg-tree-node-0").await?;
        ensure!(!page.exists("#cg-error").await?, "error still shown");
        Ok(())
    })
    .await
}
