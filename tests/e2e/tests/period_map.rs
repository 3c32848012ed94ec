//! End-to-end tests of the period-map page, in a real headless Chromium.
//!
//! The page computes its map in a pool of Web Workers; these tests wait for the
//! canvas to say it is complete, read every pixel back with `getImageData`, and
//! compare them with the engine's own picture of the same window
//! (`figure::render_map` over `period_map::compute`), which the CLI also draws.
//! The map's definition is the survey's Section 2 (Figure 1, after Flammenkamp).

use anyhow::{ensure, Context, Result};
use heaplab_e2e::{hash_value, with_page, Page};
use heaplab_engine::budget::Budget;
use heaplab_engine::figure::{render_map, Colouring};
use heaplab_engine::period_map::{
    class_counts, compute, Cell, CellClass, Family, Window, DEFAULT_CELL_BUDGET,
};

/// The engine's cells for a window, as the page's workers compute them.
fn engine_cells(family: Family, window: Window) -> Vec<Cell> {
    compute(
        family,
        window,
        DEFAULT_CELL_BUDGET,
        &mut Budget::unlimited(),
    )
    .expect("a valid window")
}

/// Waits until the map canvas reports a finished computation of `window`.
async fn wait_complete(page: &Page, window: Window) -> Result<()> {
    let want = [window.x0, window.x1, window.y0, window.y1].map(|v| v.to_string());
    page.wait_until("the map to finish", || async {
        let mut seen = Vec::new();
        for name in ["data-x0", "data-x1", "data-y0", "data-y1", "data-complete"] {
            seen.push(page.attr("#period-map", name).await?.unwrap_or_default());
        }
        Ok(if seen[..4] == want && seen[4] == "true" {
            Ok(())
        } else {
            Err(format!("canvas attributes {seen:?}"))
        })
    })
    .await?;
    page.wait_until("the status to say done", || async {
        let status = page.text("#map-status").await?.unwrap_or_default();
        Ok(if status.contains("done") {
            Ok(())
        } else {
            Err(status)
        })
    })
    .await
}

/// Reads the whole canvas and checks it pixel for pixel against the engine's picture.
async fn assert_canvas_matches(
    page: &Page,
    family: Family,
    window: Window,
    colouring: Colouring,
) -> Result<Vec<Cell>> {
    let cells = engine_cells(family, window);
    let expected = render_map(&cells, window, colouring);
    let (w, h, rgba) = page
        .canvas_rgba("#period-map")
        .await?
        .context("no #period-map canvas")?;
    ensure!(
        (w, h) == (window.x1 - window.x0, window.y1 - window.y0),
        "canvas is {w}x{h}, not one pixel per ruleset of {window:?}"
    );
    ensure!(rgba.len() == expected.len(), "pixel buffer size differs");
    let width = w as usize;
    let mismatches: Vec<String> = rgba
        .chunks_exact(4)
        .zip(expected.chunks_exact(4))
        .enumerate()
        .filter(|(_, (got, want))| got != want)
        .take(5)
        .map(|(i, (got, want))| {
            let (col, row) = (i % width, i / width);
            format!("pixel ({col},{row}): page {got:?}, engine {want:?}")
        })
        .collect();
    ensure!(
        mismatches.is_empty(),
        "canvas differs from the engine: {mismatches:?}"
    );
    Ok(cells)
}

/// The count the legend table shows for `class`.
async fn shown_count(page: &Page, class: CellClass) -> Result<u64> {
    let selector = format!("#map-counts tr[data-class='{}']", class.name());
    let count = page
        .attr(&selector, "data-count")
        .await?
        .with_context(|| format!("no legend row {selector}"))?;
    count
        .parse()
        .with_context(|| format!("legend count {count:?} is not a number"))
}

#[tokio::test]
async fn three_move_map_matches_the_engine_pixel_for_pixel() -> Result<()> {
    let family = Family::ThreeMove { s3: 61 };
    let window = Window {
        x0: 1,
        x1: 41,
        y0: 2,
        y1: 61,
    };
    with_page(|page| async move {
        page.open("#/period-map?family=3move&fixed=61&s1=1..41&s2=2..61&colour=class")
            .await?;
        wait_complete(&page, window).await?;
        let cells = assert_canvas_matches(&page, family, window, Colouring::Class).await?;
        // The map must not be trivially uniform: the survey's classes all occur here.
        let counts = class_counts(&cells);
        let nonzero = counts.iter().filter(|(_, n)| *n > 0).count();
        ensure!(nonzero >= 4, "expected several classes, got {counts:?}");
        for (class, n) in counts {
            ensure!(
                class == CellClass::Invalid || shown_count(&page, class).await? == n,
                "legend count of {} differs from the engine's {n}",
                class.name()
            );
        }
        Ok(())
    })
    .await
}

#[tokio::test]
async fn period_colouring_of_the_four_move_family_matches_the_engine() -> Result<()> {
    let family = Family::FourMove { s3: 97 };
    let window = Window {
        x0: 1,
        x1: 33,
        y0: 2,
        y1: 34,
    };
    with_page(|page| async move {
        page.open("#/period-map?family=4move&fixed=97&s1=1..33&s2=2..34&colour=period")
            .await?;
        wait_complete(&page, window).await?;
        assert_canvas_matches(&page, family, window, Colouring::LogPeriod).await?;
        Ok(())
    })
    .await
}

#[tokio::test]
async fn keyboard_zoom_changes_the_url_and_redraws_exactly() -> Result<()> {
    let family = Family::ThreeMove { s3: 61 };
    with_page(|page| async move {
        page.open("#/period-map?family=3move&fixed=61&s1=1..41&s2=2..62&colour=class")
            .await?;
        wait_complete(
            &page,
            Window {
                x0: 1,
                x1: 41,
                y0: 2,
                y1: 62,
            },
        )
        .await?;
        let canvas = page.wait_for("#period-map").await?;
        canvas.send_keys("+").await.context("could not press +")?;
        // Zooming in halves both ranges about the centre, and the URL follows.
        let hash = page
            .wait_until("the URL to show a zoomed window", || async {
                let hash = page.hash().await?;
                Ok(if hash.contains("s1=") && !hash.contains("s1=1..41") {
                    Ok(hash)
                } else {
                    Err(hash)
                })
            })
            .await?;
        let read = |name: &'static str| {
            let page = page.clone();
            async move {
                page.attr("#period-map", name)
                    .await?
                    .with_context(|| format!("no {name}"))?
                    .parse::<u32>()
                    .with_context(|| format!("{name} is not a number"))
            }
        };
        let window = Window {
            x0: read("data-x0").await?,
            x1: read("data-x1").await?,
            y0: read("data-y0").await?,
            y1: read("data-y1").await?,
        };
        ensure!(
            window.x1 - window.x0 == 20 && window.y1 - window.y0 == 30,
            "zoom did not halve the 40x60 window: {window:?} (hash {hash})"
        );
        ensure!(
            hash.contains(&format!("s1={}..{}", window.x0, window.x1)),
            "URL {hash} does not hold the canvas window {window:?}"
        );
        wait_complete(&page, window).await?;
        assert_canvas_matches(&page, family, window, Colouring::Class).await?;
        Ok(())
    })
    .await
}

#[tokio::test]
async fn a_tampered_url_shows_an_error_not_a_blank_page() -> Result<()> {
    with_page(|page| async move {
        page.open("#/period-map?family=9move&fixed=-3&s1=zz&s2=5..1&colour=rainbow")
            .await?;
        let error = page.wait_for_some_text("#map-error").await?;
        for word in ["family", "rainbow"] {
            ensure!(
                error.contains(word),
                "the error {error:?} does not mention {word}"
            );
        }
        ensure!(page.exists("nav a").await?, "the navigation is gone");
        ensure!(
            !page.exists("#period-map").await?
                || page.attr("#period-map", "data-complete").await?.as_deref() != Some("true"),
            "a map was drawn for a broken URL"
        );
        Ok(())
    })
    .await
}

/// The window in the page's URL, `s1=a..b&s2=c..d`.
fn window_in(hash: &str) -> Option<Window> {
    let range = |key: &str| -> Option<(u32, u32)> {
        let (a, b) = hash_value(hash, key)?.split_once("..")?;
        Some((a.parse().ok()?, b.parse().ok()?))
    };
    let ((x0, x1), (y0, y1)) = (range("s1")?, range("s2")?);
    Some(Window { x0, x1, y0, y1 })
}

/// Real pointer input (WebDriver actions): a drag over the middle half of the canvas shows the
/// zoom box while the button is down, and on release the URL zooms into about that half, which
/// is then drawn exactly as the engine draws it; a click (no drag) opens the clicked ruleset on
/// the subtraction page.
#[tokio::test]
async fn a_dragged_box_zooms_and_a_click_opens_the_ruleset() -> Result<()> {
    with_page(|page| async move {
        let family = Family::ThreeMove { s3: 61 };
        let window = Window {
            x0: 1,
            x1: 41,
            y0: 20,
            y1: 60,
        };
        page.open("#/period-map?family=3move&fixed=61&s1=1..41&s2=20..60&colour=class")
            .await?;
        wait_complete(&page, window).await?;
        page.drag_over_middle_half("#period-map", ".map-box")
            .await?;
        let hash = page
            .wait_until("the URL to zoom", || async {
                let hash = page.hash().await?;
                Ok(match window_in(&hash) {
                    Some(w) if w != window => Ok(hash),
                    _ => Err(hash),
                })
            })
            .await?;
        let zoomed = window_in(&hash).context("a window in the URL")?;
        // The middle half of 40 × 40 rulesets, give or take a pixel of rounding at each edge.
        for (lo, hi, old_lo) in [
            (zoomed.x0, zoomed.x1, window.x0),
            (zoomed.y0, zoomed.y1, window.y0),
        ] {
            ensure!(
                (old_lo + 8..=old_lo + 12).contains(&lo) && (18..=22).contains(&(hi - lo)),
                "the dragged box gave {zoomed:?}, not the middle half of {window:?}"
            );
        }
        wait_complete(&page, zoomed).await?;
        assert_canvas_matches(&page, family, zoomed, Colouring::Class).await?;

        let (canvas, _, _) = page.pointer_target("#period-map").await?;
        page.click_at(&canvas, (0.0, 0.0)).await?;
        let hash = page.wait_for_hash_containing("#/subtraction?S=").await?;
        let set: Vec<u32> = hash_value(&hash, "S")
            .context("S= in the URL")?
            .split(',')
            .map(str::parse)
            .collect::<Result<_, _>>()?;
        ensure!(
            set.len() == 3
                && set[2] == 61
                && (zoomed.x0..zoomed.x1).contains(&set[0])
                && (zoomed.y0..zoomed.y1).contains(&set[1]),
            "the click opened {set:?}, not a ruleset of the window {zoomed:?}"
        );
        Ok(())
    })
    .await
}

/// Issue 21: "done" counts rulesets in the legend's unit (not pixels, which include the
/// non-rulesets x ≥ y), the bar's maximum is that count, the fixed move's range is the
/// engine's, and the 4-move map opens in a colouring that is not one colour.
#[tokio::test]
async fn progress_counts_rulesets_and_the_four_move_map_opens_coloured_by_period() -> Result<()> {
    with_page(|page| async move {
        let window = Window {
            x0: 40,
            x1: 160,
            y0: 90,
            y1: 210,
        };
        let family = Family::ThreeMove { s3: 301 };
        page.open("#/period-map?family=3move&fixed=301&s1=40..160&s2=90..210&colour=class")
            .await?;
        wait_complete(&page, window).await?;
        let rulesets = family.rulesets_in(window);
        let not_rulesets = class_counts(&engine_cells(family, window))
            .into_iter()
            .find(|(c, _)| *c == CellClass::Invalid)
            .map_or(0, |(_, n)| n);
        ensure!(
            rulesets + not_rulesets == window.pixels() && not_rulesets > 0,
            "{rulesets} rulesets and {not_rulesets} other pixels"
        );
        let status = page.text("#map-status").await?.unwrap_or_default();
        let want = format!("done: {} rulesets", heaplab_engine::text::grouped(rulesets));
        ensure!(
            status.starts_with(&want),
            "status {status:?}, want {want:?}"
        );
        let max = page.attr("#map-progress", "max").await?.unwrap_or_default();
        ensure!(
            max == rulesets.to_string(),
            "bar max {max}, want {rulesets}"
        );
        page.open("#/period-map?family=4move&fixed=97&s1=1..33&s2=2..34")
            .await?;
        page.wait_for_value("#map-colour", "period").await?;
        page.open("#/period-map?family=3move&fixed=1").await?;
        let error = page.wait_for_some_text("#map-error").await?;
        ensure!(error.contains("between 3 and"), "{error}");
        Ok(())
    })
    .await
}
