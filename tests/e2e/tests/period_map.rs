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
    self, class_counts, compute, Cell, CellClass, Family, Window, DEFAULT_CELL_BUDGET,
};
use heaplab_engine::Periodicity;

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
    assert_canvas_is(page, &cells, window, colouring).await?;
    Ok(cells)
}

/// Reads the whole canvas and checks it pixel for pixel against the engine's picture of
/// `cells`.
async fn assert_canvas_is(
    page: &Page,
    cells: &[Cell],
    window: Window,
    colouring: Colouring,
) -> Result<()> {
    let expected = render_map(cells, window, colouring);
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
    Ok(())
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

/// Issue 16: a click on a red (unresolved) pixel resolves it in a worker. The max-symmetric
/// map at m = 70 has 24 unresolved rulesets at the default budget (`heaplab period-map --family
/// maxsym5 --m 70`); {8, 17, 53, 62, 70} is one, with outcome period 4,514,810 (`heaplab
/// subtraction --set 8,17,53,62,70 --outcomes-only`: 0.03 s). After the click its pixel is
/// repainted as the engine paints the resolved cell, and the legend counts one red pixel less;
/// after a pan the new map still shows it resolved.
#[tokio::test]
async fn clicking_a_red_pixel_resolves_it_in_a_worker() -> Result<()> {
    let family = Family::MaxSym5 { m: 70 };
    let window = Window {
        x0: 1,
        x1: 34,
        y0: 2,
        y1: 35,
    };
    let (x, y) = (8, 17);
    with_page(|page| async move {
        page.open("#/period-map?family=maxsym5&fixed=70&s1=1..34&s2=2..35&colour=class")
            .await?;
        wait_complete(&page, window).await?;
        let mut cells = assert_canvas_matches(&page, family, window, Colouring::Class).await?;
        let red = |cells: &[Cell]| {
            cells
                .iter()
                .filter(|c| c.class == CellClass::Unresolved)
                .count() as u64
        };
        let before = red(&cells);
        ensure!(before == 24, "{before} unresolved cells, not 24");
        ensure!(
            shown_count(&page, CellClass::Unresolved).await? == before,
            "legend count"
        );

        let (canvas, width, height) = page.pointer_target("#period-map").await?;
        let (col, row) = (f64::from(x - window.x0), f64::from(window.y1 - 1 - y));
        let (w, h) = (
            f64::from(window.x1 - window.x0),
            f64::from(window.y1 - window.y0),
        );
        let at = (
            ((col + 0.5) / w - 0.5) * width,
            ((row + 0.5) / h - 0.5) * height,
        );
        let clicked = std::time::Instant::now();
        page.click_at(&canvas, at).await?;
        let result = page.wait_for_some_text("#resolve-result").await?;
        // A measurement for BENCHMARKS.md, not an assertion.
        println!(
            "red pixel: {:.2} s from the click to the result",
            clicked.elapsed().as_secs_f64()
        );
        ensure!(
            result.contains("Outcome period 4,514,810, preperiod 0"),
            "the search said {result:?}"
        );
        let resolved = period_map::cell_with(
            family,
            x,
            y,
            Periodicity::Proven {
                preperiod: 0,
                period: 4_514_810,
                saltus: 0,
            },
        );
        for c in cells.iter_mut().filter(|c| (c.x, c.y) == (x, y)) {
            ensure!(c.class == CellClass::Unresolved, "({x}, {y}) was {c:?}");
            *c = resolved;
        }
        page.wait_until("the legend to count one red pixel less", || async {
            let n = shown_count(&page, CellClass::Unresolved).await?;
            Ok(if n == before - 1 {
                Ok(())
            } else {
                Err(format!("{n} unresolved"))
            })
        })
        .await?;
        assert_canvas_is(&page, &cells, window, Colouring::Class).await?;
        ensure!(
            page.exists("#period-map").await?,
            "the click left the map page"
        );

        // A pan starts a new map; the resolved pixel keeps its resolved colour there.
        page.click("#map-pan-up").await?;
        let panned = page
            .wait_until("the URL to pan", || async {
                let hash = page.hash().await?;
                Ok(window_in(&hash).filter(|w| *w != window).ok_or(hash))
            })
            .await?;
        ensure!(
            (panned.x0..panned.x1).contains(&x) && (panned.y0..panned.y1).contains(&y),
            "the pan to {panned:?} left ({x}, {y}) out"
        );
        wait_complete(&page, panned).await?;
        let mut cells = engine_cells(family, panned);
        for c in cells.iter_mut().filter(|c| (c.x, c.y) == (x, y)) {
            *c = resolved;
        }
        assert_canvas_is(&page, &cells, panned, Colouring::Class).await?;
        Ok(())
    })
    .await
}

/// Issue 16: a map of at least 65,536 pixels is drawn progressively (every 8th pixel of every
/// 8th row first, as blocks, then every pixel); the page records when the coarse picture was
/// whole (`data-coarse-ms`), and the finished canvas is still exactly the engine's picture.
#[tokio::test]
async fn a_large_map_is_drawn_coarse_first_and_ends_exact() -> Result<()> {
    let family = Family::ThreeMove { s3: 331 };
    let window = Window {
        x0: 1,
        x1: 330,
        y0: 2,
        y1: 331,
    };
    with_page(|page| async move {
        page.open("#/period-map?family=3move&fixed=331&s1=1..330&s2=2..331&colour=class")
            .await?;
        wait_complete(&page, window).await?;
        let coarse = page.attr("#period-map", "data-coarse-ms").await?;
        ensure!(
            coarse.is_some(),
            "no coarse pass on a {}-pixel map",
            window.pixels()
        );
        assert_canvas_matches(&page, family, window, Colouring::Class).await?;
        Ok(())
    })
    .await
}
