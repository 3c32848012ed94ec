//! End-to-end tests of the cumulative-subtraction page, in a real headless Chromium.
//!
//! Expected numbers come from the engine (`heaplab_engine::cumulative_subtraction`, itself
//! tested against the paper: Cohensius, Larsson, Meir, Wahlstedt, "Cumulative subtraction
//! games", Table 1 for S = {5,7}, Example 1 for S = {2,3}), so the page is checked cell by cell
//! and pixel by pixel against the library it must only display.

use anyhow::{bail, ensure, Result};
use heaplab_e2e::with_page;
use heaplab_engine::cumulative_subtraction as cs;
use heaplab_engine::ruleset::NumberSet;
use heaplab_engine::subtraction::Limits;
use heaplab_engine::Budget;
use heaplab_figures::views::cumulative::heatmap_span;
use heaplab_figures::{Palette, Rgb};

/// The colour of outcome `o` on the page's heatmap of `grid`: the figure layer's value map
/// over the grid's span, as the exported figure draws it.
fn heatmap_colour(grid: &[Vec<u32>], o: u32) -> [u8; 3] {
    let Rgb(r, g, b) = Palette::ColourBlind.value(f64::from(o), heatmap_span(grid));
    [r, g, b]
}

const TABLE_1: &str = "#/cumulative-subtraction?S=5,7&n=56&w=48&h=40&zoom=2&m=10&heap=7";

#[tokio::test]
async fn table_cells_match_the_engine() -> Result<()> {
    let set = NumberSet::parse("5,7")?;
    let report = cs::solve(&set, Limits::new(56, 100_000)?, &mut Budget::unlimited())?;
    with_page(|page| async move {
        page.open(TABLE_1).await?;
        page.wait_for_text("#cs-xi", "31").await?;
        page.wait_for_text("#cs-period", "14").await?;
        page.wait_for_text("#cs-preperiod", "24").await?;
        let conj = page.wait_for_some_text("#cs-conjecture14").await?;
        ensure!(conj.contains("Conjecture 14") && conj.contains("Corollary 5"), "{conj}");
        let cells = page
            .js(
                "return Array.from(document.querySelectorAll('#cs-table tbody tr')).map(r => \
                 [r.dataset.x, r.querySelector('td.o').textContent, r.querySelector('td.opt').textContent, \
                  r.classList.contains('sacrifice'), r.classList.contains('xi')]);",
                vec![],
            )
            .await?;
        let rows = cells.as_array().cloned().unwrap_or_default();
        ensure!(rows.len() == 56, "the table has {} rows, not 56", rows.len());
        for (x, row) in rows.iter().enumerate() {
            let want_opt = report.optimal_actions[x].map_or("–".to_string(), |s| s.to_string());
            let want = serde_json::json!([
                x.to_string(),
                report.outcomes[x].to_string(),
                want_opt,
                report.sacrifice(x) > 0,
                report.convergence == Some(x as u64)
            ]);
            ensure!(*row == want, "row {x}: page {row}, engine {want}");
        }
        // Table 1: opt is 5 (a sacrifice) exactly at 17, 18, 29, 30.
        for x in [17, 18, 29, 30] {
            ensure!(rows[x][3] == true, "x = {x} should be a highlighted sacrifice");
        }
        Ok(())
    })
    .await
}

#[tokio::test]
async fn heatmap_pixels_are_the_engine_colours() -> Result<()> {
    let set = NumberSet::parse("5,7")?;
    let grid = cs::two_pile_grid(&set, 48, 40)?;
    with_page(|page| async move {
        page.open(TABLE_1).await?;
        page.wait_for("#cs-heatmap").await?;
        page.wait_until("the heatmap to be drawn", || async {
            Ok(match page.canvas_pixel("#cs-heatmap", 0, 39).await? {
                Some(p) if p.0[3] == 255 => Ok(()),
                other => Err(format!("pixel (0, 39) is {other:?}")),
            })
        })
        .await?;
        let size = page
            .js(
                "const c = document.querySelector('#cs-heatmap'); return [c.width, c.height];",
                vec![],
            )
            .await?;
        ensure!(size == serde_json::json!([48, 40]), "canvas size {size}");
        for (x, y) in [(0, 0), (7, 0), (12, 5), (5, 7), (47, 39), (30, 11), (19, 33), (9, 9)] {
            let Some(pixel) = page.canvas_pixel("#cs-heatmap", x, 39 - y).await? else {
                bail!("#cs-heatmap disappeared");
            };
            let o = grid[y as usize][x as usize];
            let [r, g, b] = heatmap_colour(&grid, o);
            ensure!(
                pixel.0 == [r, g, b, 255],
                "o({x}, {y}) = {o}: page pixel {:?}, engine colour {:?}",
                pixel.0,
                [r, g, b]
            );
        }
        // Hover readout: a real mouse move over cell (12, 5).
        let text = page
            .js(
                "const c = document.querySelector('#cs-heatmap'); const r = c.getBoundingClientRect(); \
                 const s = r.width / c.width; \
                 c.dispatchEvent(new MouseEvent('mousemove', {bubbles: true, clientX: r.left + 12.5 * s, clientY: r.top + (39 - 5 + 0.5) * s})); \
                 return true;",
                vec![],
            )
            .await?;
        ensure!(text == true, "mousemove failed");
        let want = format!("o(12, 5) = {}", grid[5][12]);
        page.wait_until("the hover readout", || async {
            let t = page.text("#cs-hover").await?.unwrap_or_default();
            Ok(if t.starts_with(&want) { Ok(()) } else { Err(t) })
        })
        .await?;
        // Zoom in doubles the on-screen size and is kept in the URL.
        page.click("#cs-zoom-in").await?;
        page.wait_for_hash_containing("zoom=4").await?;
        page.wait_for_text("#cs-zoom", "4 px per cell").await?;
        Ok(())
    })
    .await
}

#[tokio::test]
async fn play_mode_reaches_the_optimal_score() -> Result<()> {
    with_page(|page| async move {
        page.open("#/cumulative-subtraction?S=2,3&heap=7").await?;
        page.wait_for_text("#cs-play-heap", "7").await?;
        // Alice takes 2 (opt(7) = 2, Example 1); Bob answers opt(5) = 3.
        page.click("#cs-play-move-2").await?;
        page.wait_for_text("#cs-play-heap", "2").await?;
        page.wait_for_text("#cs-play-bob", "3").await?;
        page.click("#cs-play-move-2").await?;
        page.wait_for_text("#cs-play-heap", "0").await?;
        page.wait_for_text("#cs-play-alice", "4").await?;
        page.wait_for_text("#cs-play-score", "1").await?;
        let status = page.wait_for_some_text("#cs-play-status").await?;
        ensure!(
            status.starts_with("Game over") && status.contains("optimally"),
            "{status}"
        );
        ensure!(
            !page.exists("#cs-play-moves").await?,
            "moves offered after the end"
        );
        // Greedy Alice takes 3; Bob answers opt(4) = 3 and 1 token is left: 3 − 3 = 0 < o(7).
        page.click("#cs-play-restart").await?;
        page.wait_for_text("#cs-play-heap", "7").await?;
        page.click("#cs-play-move-3").await?;
        page.wait_for_text("#cs-play-heap", "1").await?;
        page.wait_for_text("#cs-play-score", "0").await?;
        let status = page.wait_for_some_text("#cs-play-status").await?;
        ensure!(status.contains("perfect play by both gives 1"), "{status}");
        Ok(())
    })
    .await
}

#[tokio::test]
async fn bad_url_shows_a_message() -> Result<()> {
    with_page(|page| async move {
        page.open("#/cumulative-subtraction?S=0,x&w=-3&first=bob")
            .await?;
        let message = page.wait_for_some_text("#cs-error").await?;
        ensure!(message.to_lowercase().contains("who starts"), "{message}");
        let role = page.attr("#cs-error", "role").await?;
        ensure!(role.as_deref() == Some("alert"), "role {role:?}");
        page.assert_not_blank().await?;
        // Fixing the set in the form brings the results back.
        page.open("#/cumulative-subtraction?S=2,3").await?;
        page.wait_for_text("#cs-xi", "8").await?;
        Ok(())
    })
    .await
}

/// A large grid runs in the Web Worker with a progress line that can be cancelled and started
/// again; the result is drawn and matches the engine.
#[tokio::test]
async fn large_grid_runs_in_a_worker_with_cancel() -> Result<()> {
    let set = NumberSet::parse("2,10,13,14")?;
    let grid = cs::two_pile_grid(&set, 1500, 1200)?;
    with_page(|page| async move {
        page.open("#/cumulative-subtraction?S=2,10,13,14&w=1500&h=1200&zoom=1&m=10")
            .await?;
        page.click("#cs-heatmap-job-cancel").await?;
        let status = page.wait_for_some_text("#cs-heatmap-job").await?;
        ensure!(status.starts_with("Cancelled"), "{status}");
        ensure!(
            !page.exists("#cs-heatmap").await?,
            "a cancelled grid was drawn"
        );
        page.click("#cs-heatmap-job-retry").await?;
        let running = page.wait_for_some_text("#cs-heatmap-job").await?;
        ensure!(running.contains("Web Worker"), "not in a worker: {running}");
        page.wait_until("the grid to be drawn", || async {
            Ok(match page.canvas_pixel("#cs-heatmap", 1499, 0).await? {
                Some(p) if p.0[3] == 255 => Ok(()),
                other => Err(format!("{other:?}")),
            })
        })
        .await?;
        for (x, y) in [(1499u32, 1199u32), (700, 3), (2, 1000), (1234, 567)] {
            let Some(pixel) = page.canvas_pixel("#cs-heatmap", x, 1199 - y).await? else {
                bail!("#cs-heatmap disappeared");
            };
            let o = grid[y as usize][x as usize];
            let [r, g, b] = heatmap_colour(&grid, o);
            ensure!(
                pixel.0 == [r, g, b, 255],
                "o({x}, {y}) = {o}: {:?}",
                pixel.0
            );
        }
        Ok(())
    })
    .await
}
