//! End-to-end layout tests, mostly on an emulated phone: 390 × 844 CSS px at a
//! device pixel ratio of 2. Charts and strips are drawn at their CSS size times the ratio (so
//! the charts' 12 px text stays 12 CSS px), strip cells are big enough to tap, pages fit the
//! viewport, results and legends come before long forms and downloads; and on a 1280 × 900
//! desktop the flagship period map starts above the fold.

use anyhow::{ensure, Context, Result};
use heaplab_e2e::{with_page, with_phone_page, Page, PHONE};
use serde_json::{json, Value};

/// The CSS box of `selector` and its canvas size: `[css width, css height, canvas width,
/// canvas height]`.
async fn canvas_box(page: &Page, selector: &str) -> Result<[f64; 4]> {
    page.wait_for(selector).await?;
    let value = page
        .js(
            "const c = document.querySelector(arguments[0]); const r = c.getBoundingClientRect();
             return [r.width, r.height, c.width, c.height];",
            vec![json!(selector)],
        )
        .await?;
    let numbers: Vec<f64> = value
        .as_array()
        .context("no box")?
        .iter()
        .filter_map(Value::as_f64)
        .collect();
    numbers
        .try_into()
        .map_err(|v| anyhow::anyhow!("`{selector}`: a box of {v:?}"))
}

/// Fails unless the canvas `selector` holds `ratio` canvas pixels per CSS pixel each way.
async fn assert_drawn_for_device(page: &Page, selector: &str, ratio: f64) -> Result<[f64; 4]> {
    let b = page
        .wait_until(
            &format!("`{selector}` drawn at the device pixel ratio"),
            || async {
                let b = canvas_box(page, selector).await?;
                let fits =
                    (b[2] - b[0] * ratio).abs() <= ratio && (b[3] - b[1] * ratio).abs() <= ratio;
                Ok(if fits {
                    Ok(b)
                } else {
                    Err(format!("CSS {}×{}, canvas {}×{}", b[0], b[1], b[2], b[3]))
                })
            },
        )
        .await?;
    ensure!(
        b[0] <= f64::from(PHONE.width),
        "`{selector}` is {} CSS px wide on a {} px phone",
        b[0],
        PHONE.width
    );
    Ok(b)
}

#[tokio::test]
async fn the_subtraction_chart_and_strip_are_drawn_for_the_phone() -> Result<()> {
    with_phone_page(PHONE, |page| async move {
        page.open("#/subtraction?S=2,5,7&n=100").await?;
        page.wait_for_text("#outcome-period", "22").await?;
        let ratio = PHONE.pixel_ratio;
        // The chart: canvas pixels = CSS size × 2, so plotters' 12 px labels are 12 CSS px.
        let chart = assert_drawn_for_device(&page, "#value-chart", ratio).await?;
        ensure!(
            chart[0] >= 280.0,
            "the chart is only {} CSS px wide",
            chart[0]
        );
        // The strip: whole cells of at least 24 CSS px, drawn at 2 canvas px per CSS px.
        let strip = assert_drawn_for_device(&page, "#value-strip", ratio).await?;
        let cell: f64 = page
            .attr("#value-strip", "data-cell")
            .await?
            .context("no data-cell")?
            .parse()?;
        ensure!(
            cell / ratio >= 24.0,
            "strip cells are {} CSS px, too small to tap",
            cell / ratio
        );
        ensure!(strip[1] >= 24.0, "the strip is {} CSS px tall", strip[1]);
        // Tapping the cell of heap 17 opens "Why?" for heap 17.
        let per_row: f64 = page
            .attr("#value-strip", "data-per-row")
            .await?
            .context("no data-per-row")?
            .parse()?;
        let (element, width, height) = page.pointer_target("#value-strip").await?;
        let css_cell = cell / ratio;
        let (col, row) = (17.0 % per_row, (17.0 / per_row).floor());
        let at = (
            (col + 0.5) * css_cell - width / 2.0,
            (row + 0.5) * css_cell - height / 2.0,
        );
        page.click_at(&element, at).await?;
        page.wait_for_value("#why-heap", "17").await?;
        Ok(())
    })
    .await
}

#[tokio::test]
async fn the_partizan_strip_is_drawn_for_the_phone() -> Result<()> {
    with_phone_page(PHONE, |page| async move {
        page.open("#/partizan?family=subtraction&L=1,2&R=1,3&n=40")
            .await?;
        let strip = assert_drawn_for_device(&page, "#pz-strip", PHONE.pixel_ratio).await?;
        // 40 heaps in rows of whole 24 px cells.
        ensure!(
            strip[1] >= 24.0 && strip[0] % 24.0 == 0.0,
            "strip box {}×{}",
            strip[0],
            strip[1]
        );
        Ok(())
    })
    .await
}

#[tokio::test]
async fn cumulative_subtraction_fits_the_phone() -> Result<()> {
    with_phone_page(PHONE, |page| async move {
        page.open("#/cumulative-subtraction?S=5,7&n=56&w=80&h=80")
            .await?;
        // Every card, including the late ones from workers (the tr^m sequence, the heatmap).
        page.wait_for("#cs-table").await?;
        page.wait_for("#cs-tr").await?;
        page.wait_for("#cs-heatmap").await?;
        let width = page
            .js("return document.documentElement.scrollWidth;", vec![])
            .await?
            .as_f64()
            .context("no scrollWidth")?;
        ensure!(
            width <= f64::from(PHONE.width),
            "the page is {width} CSS px wide on a {} px phone",
            PHONE.width
        );
        Ok(())
    })
    .await
}

/// The top and bottom of `selector`'s box and the viewport height, in CSS px.
async fn vertical_extent(page: &Page, selector: &str) -> Result<(f64, f64, f64)> {
    page.wait_for(selector).await?;
    let v = page
        .js(
            "window.scrollTo(0, 0); const r = document.querySelector(arguments[0]).getBoundingClientRect();
             return [r.top, r.bottom, window.innerHeight];",
            vec![json!(selector)],
        )
        .await?;
    let n: Vec<f64> = v
        .as_array()
        .context("no box")?
        .iter()
        .filter_map(Value::as_f64)
        .collect();
    match n[..] {
        [top, bottom, height] => Ok((top, bottom, height)),
        _ => anyhow::bail!("`{selector}`: {v}"),
    }
}

#[tokio::test]
async fn the_flagship_map_starts_above_the_fold() -> Result<()> {
    with_page(|page| async move {
        page.client().set_window_size(1280, 900).await?;
        page.open("#/period-map").await?;
        let (top, bottom, height) = vertical_extent(&page, "#period-map").await?;
        ensure!(
            top + 200.0 <= height,
            "the map starts at {top} CSS px (ends at {bottom}) in a {height} px high window"
        );
        Ok(())
    })
    .await
}

#[tokio::test]
async fn on_a_phone_cumulative_games_shows_results_before_its_form() -> Result<()> {
    with_phone_page(PHONE, |page| async move {
        page.open("#/cumulative-games?preset=squirrel&S=2,3&x=7")
            .await?;
        page.wait_for("#cg-tree").await?;
        let (tree_top, _, height) = vertical_extent(&page, "#cg-tree").await?;
        let (form_top, _, _) = vertical_extent(&page, ".cg-form").await?;
        ensure!(
            tree_top < height && tree_top < form_top,
            "the tree starts at {tree_top} CSS px, the form at {form_top}, the fold at {height}"
        );
        Ok(())
    })
    .await
}

#[tokio::test]
async fn on_a_phone_the_map_legend_comes_before_the_downloads() -> Result<()> {
    with_phone_page(PHONE, |page| async move {
        page.open("#/period-map?family=3move&fixed=301&s1=40..160&s2=90..210&colour=class")
            .await?;
        let (_, map_bottom, _) = vertical_extent(&page, "#period-map").await?;
        let (legend_top, _, _) = vertical_extent(&page, ".map-side").await?;
        let (png_top, _, _) = vertical_extent(&page, "#map-figure").await?;
        ensure!(
            map_bottom <= legend_top && legend_top < png_top,
            "map ends at {map_bottom}, legend starts at {legend_top}, downloads at {png_top}"
        );
        Ok(())
    })
    .await
}
