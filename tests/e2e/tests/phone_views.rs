//! End-to-end tests of issue 21's pictures on an emulated phone (390 × 844 CSS px at a device
//! pixel ratio of 2): a huge game tree opens at a readable level with a true count, a value
//! strip of 5,000 heaps still opens "Why?" for the tapped heap, and the period map puts every
//! ruleset on whole device pixels while a tap still opens the ruleset under it; and a big
//! cumulative game's progress line shows a percentage and reaches 100 % before the result.

use anyhow::{ensure, Context, Result};
use fantoccini::actions::{InputSource, MouseActions, PointerAction, MOUSE_BUTTON_LEFT};
use heaplab_e2e::{hash_value, with_phone_page, Page, PHONE};
use serde_json::{json, Value};

/// A squirrel game's tree: far too many nodes and levels for a phone (the benchmark in
/// BENCHMARKS.md is `x=2000`; 300 solves in a moment).
const SQUIRREL_300: &str = "#/cumulative-games?preset=squirrel&S=1,2&x=300";

/// `(nodes shown, shown depth, held depth)` from the count line "N of M nodes shown (depth d
/// of D)" (M may read "more than …", D "at least …").
async fn tree_count(page: &Page) -> Result<(u64, u64, u64)> {
    let text = page.text("#cg-tree-count").await?.unwrap_or_default();
    let number = |s: &str| s.replace(',', "").parse::<u64>();
    let shown = number(text.split(" of ").next().unwrap_or_default())
        .with_context(|| format!("count line {text:?}"))?;
    let depth = text
        .split("(depth ")
        .nth(1)
        .with_context(|| format!("no depth in {text:?}"))?
        .trim_end_matches(')');
    let (d, held) = depth
        .split_once(" of ")
        .with_context(|| format!("depth {depth:?}"))?;
    Ok((
        shown,
        number(d)?,
        number(held.trim_start_matches("at least "))?,
    ))
}

/// For every drawn node of `#cg-tree`: its label's size in CSS px, and whether its box lies
/// inside the tree's box.
async fn tree_labels(page: &Page) -> Result<Vec<(f64, bool)>> {
    let value = page
        .js(
            "const svg = document.querySelector('#cg-tree-svg').getBoundingClientRect();
             return [...document.querySelectorAll('#cg-tree-svg g.tree-node')].map(g => {
               const t = g.querySelector('text'), m = t.getScreenCTM();
               const size = parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b);
               const r = g.querySelector('rect').getBoundingClientRect();
               const inside = r.left >= svg.left - 1 && r.right <= svg.right + 1
                 && r.top >= svg.top - 1 && r.bottom <= svg.bottom + 1;
               return [size, inside];
             });",
            vec![],
        )
        .await?;
    Ok(value
        .as_array()
        .context("no nodes")?
        .iter()
        .map(|pair| (pair[0].as_f64().unwrap_or(0.0), pair[1] == json!(true)))
        .collect())
}

#[tokio::test]
async fn a_huge_tree_opens_at_a_readable_level_with_a_true_count() -> Result<()> {
    with_phone_page(PHONE, |page| async move {
        page.open(SQUIRREL_300).await?;
        page.wait_until("the tree at a readable level", || async {
            if !page.exists("#cg-tree-node-0").await? {
                return Ok(Err("no tree yet".to_string()));
            }
            let labels = tree_labels(&page).await?;
            Ok(
                if labels.iter().all(|&(size, inside)| size >= 11.0 && inside) {
                    Ok(())
                } else {
                    Err(format!("labels (CSS px, inside the box): {labels:?}"))
                },
            )
        })
        .await?;
        let drawn = tree_labels(&page).await?.len() as u64;
        let (shown, depth, held) = tree_count(&page).await?;
        ensure!(shown == drawn, "the count says {shown}, {drawn} are drawn");
        ensure!(depth >= 1 && depth < held, "depth {depth} of {held} shown");
        // One level deeper on request; the count follows.
        page.click("#cg-tree-deeper").await?;
        page.wait_until("one level deeper", || async {
            let (_, now, _) = tree_count(&page).await?;
            Ok(if now == depth + 1 {
                Ok(())
            } else {
                Err(format!("depth {now}"))
            })
        })
        .await?;
        let (shown, _, _) = tree_count(&page).await?;
        ensure!(shown == tree_labels(&page).await?.len() as u64);
        Ok(())
    })
    .await
}

/// The canvas `selector`'s cell size and row length in CSS px and cells, and its first heap.
async fn strip_geometry(page: &Page, selector: &str) -> Result<(f64, u64, u64)> {
    let attr = |name: &'static str| async move {
        page.attr(selector, name)
            .await?
            .with_context(|| format!("no {name} on {selector}"))
    };
    let cell: f64 = attr("data-cell").await?.parse()?;
    let scale: f64 = attr("data-scale").await?.parse()?;
    let per_row: u64 = attr("data-per-row").await?.parse()?;
    let first = page
        .attr(selector, "data-first")
        .await?
        .map_or(Ok(0), |f| f.parse())?;
    Ok((cell / scale, per_row, first))
}

/// Taps the cell of `heap` on the strip canvas `selector` with real pointer input, once the
/// cell is scrolled to the middle of its box and of the viewport.
async fn tap_heap(page: &Page, selector: &str, heap: u64) -> Result<()> {
    let (cell, per_row, first) = strip_geometry(page, selector).await?;
    let i = heap - first;
    let (col, row) = ((i % per_row) as f64, (i / per_row) as f64);
    let at = page
        .js(
            "const c = document.querySelector(arguments[0]);
             const x = (arguments[1] + 0.5) * arguments[3], y = (arguments[2] + 0.5) * arguments[3];
             const box = c.parentElement;
             box.scrollTop = y - box.clientHeight / 2;
             let r = c.getBoundingClientRect();
             window.scrollBy(0, r.top + y - innerHeight / 2);
             r = c.getBoundingClientRect();
             return [r.left + x, r.top + y];",
            vec![json!(selector), json!(col), json!(row), json!(cell)],
        )
        .await?;
    let (x, y) = (
        at[0].as_f64().context("no x")?,
        at[1].as_f64().context("no y")?,
    );
    let tap = MouseActions::new("mouse".into())
        .then(PointerAction::MoveTo {
            duration: None,
            x: x.round(),
            y: y.round(),
        })
        .then(PointerAction::Down {
            button: MOUSE_BUTTON_LEFT,
        })
        .then(PointerAction::Up {
            button: MOUSE_BUTTON_LEFT,
        });
    page.client()
        .perform_actions(tap)
        .await
        .context("could not tap")
}

#[tokio::test]
async fn a_strip_of_5000_heaps_opens_why_for_the_tapped_heap() -> Result<()> {
    with_phone_page(PHONE, |page| async move {
        page.open("#/subtraction?S=2,5,7&n=5000").await?;
        page.wait_for_text("#outcome-period", "22").await?;
        let (cell, _, _) = strip_geometry(&page, "#value-strip").await?;
        ensure!(cell < 24.0, "5,000 heaps in {cell} CSS px cells");
        // A tap on the small cells opens a band of tap-sized cells around the heap.
        tap_heap(&page, "#value-strip", 3210).await?;
        page.wait_for("#value-strip-band").await?;
        let (band_cell, per_row, first) = strip_geometry(&page, "#value-strip-band").await?;
        ensure!(band_cell >= 24.0, "band cells of {band_cell} CSS px");
        ensure!(
            first <= 3210 && 3210 < first + 3 * per_row,
            "the band from heap {first} ({per_row} a row) misses heap 3210"
        );
        tap_heap(&page, "#value-strip-band", 3211).await?;
        page.wait_for_value("#why-heap", "3211").await?;
        Ok(())
    })
    .await
}

#[tokio::test]
async fn the_map_puts_each_ruleset_on_whole_device_pixels_and_taps_resolve() -> Result<()> {
    with_phone_page(PHONE, |page| async move {
        // 40 × 59 rulesets (s1 = 1..40, s2 = 2..60, s3 = 61).
        page.open("#/period-map?family=3move&fixed=61&s1=1..41&s2=2..61&colour=class")
            .await?;
        page.wait_until("the map to finish", || async {
            let done = page.attr("#period-map", "data-complete").await?;
            Ok(if done.as_deref() == Some("true") {
                Ok(())
            } else {
                Err(format!("data-complete {done:?}"))
            })
        })
        .await?;
        let b = page
            .js(
                "const c = document.querySelector('#period-map'), r = c.getBoundingClientRect();
                 return [r.width, r.height, c.width, c.height, devicePixelRatio];",
                vec![],
            )
            .await?;
        let b: Vec<f64> = b
            .as_array()
            .context("no box")?
            .iter()
            .filter_map(Value::as_f64)
            .collect();
        let (kx, ky) = (b[0] * b[4] / b[2], b[1] * b[4] / b[3]);
        ensure!(
            kx >= 1.0 && (kx - kx.round()).abs() < 0.01 && (ky - kx).abs() < 0.01,
            "{}×{} rulesets shown {}×{} CSS px at ratio {}: {kx}×{ky} device px each",
            b[2],
            b[3],
            b[0],
            b[1],
            b[4]
        );
        ensure!(
            b[0] <= f64::from(PHONE.width),
            "the map is {} CSS px wide",
            b[0]
        );
        // A tap on the ruleset (s1, s2) = (23, 37) opens that ruleset.
        let (col, row) = (23.0 - 1.0, 60.0 - 37.0);
        let (canvas, width, height) = page.pointer_target("#period-map").await?;
        let (cw, ch) = (width / b[2], height / b[3]);
        let at = (
            (col + 0.5) * cw - width / 2.0,
            (row + 0.5) * ch - height / 2.0,
        );
        page.click_at(&canvas, at).await?;
        let hash = page.wait_for_hash_containing("#/subtraction?S=").await?;
        ensure!(
            hash_value(&hash, "S") == Some("23,37,61"),
            "the tap opened {hash}"
        );
        Ok(())
    })
    .await
}

#[tokio::test]
async fn cumulative_games_progress_reaches_100_percent_before_the_result() -> Result<()> {
    with_phone_page(PHONE, |page| async move {
        page.open("#/").await?;
        // Record every text the progress line shows, from the page itself.
        page.js(
            "window.__seen = [];
             new MutationObserver(() => {
               const e = document.querySelector('#cg-job');
               const t = e ? e.textContent : '';
               if (t && window.__seen[window.__seen.length - 1] !== t) window.__seen.push(t);
             }).observe(document.body, {subtree: true, childList: true, characterData: true});",
            vec![],
        )
        .await?;
        page.js(
            "location.hash = arguments[0];",
            vec![json!("#/cumulative-games?preset=squirrel&S=1,2&x=800")],
        )
        .await?;
        for _ in 0..12 {
            if page.exists("#cg-tree-node-0").await? {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_secs(10)).await;
        }
        page.wait_for("#cg-tree-node-0").await?;
        let seen = page.js("return window.__seen;", vec![]).await?;
        let seen: Vec<&str> = seen
            .as_array()
            .context("no texts")?
            .iter()
            .filter_map(Value::as_str)
            .collect();
        let percents: Vec<u64> = seen
            .iter()
            .filter_map(|t| t.split("%)").next()?.rsplit('(').next()?.parse().ok())
            .collect();
        ensure!(!percents.is_empty(), "no percentage in {seen:?}");
        ensure!(
            percents.windows(2).all(|w| w[0] <= w[1]) && percents.last() == Some(&100),
            "percentages {percents:?}"
        );
        Ok(())
    })
    .await
}

/// The paper's full window (s3 = 3001), whose middle rows, s2 near s3/2, cost far more per
/// ruleset than the rest: solved top row first, progress crawled there for seconds while the
/// time left grew (issue 21: "stalls near 50 %"). The test asserts the bar never goes back and
/// never stands still for more than 30 samples of 100 ms while tiles remain. The whole window,
/// not only its costly band: with the map's kernels compiled for speed the band alone took
/// about a second, too few samples for the test (it failed once with 9 of the 10 it needs).
const COSTLY_WINDOW: &str = "#/period-map?family=3move&fixed=3001&s1=401..1600&s2=901..2100";

#[tokio::test]
async fn map_progress_moves_steadily_through_a_costly_band() -> Result<()> {
    with_phone_page(PHONE, |page| async move {
        page.open("#/").await?;
        // Sample the bar every 100 ms from the page itself.
        page.js(
            "window.__samples = [];
             window.__timer = setInterval(() => {
               const p = document.querySelector('#map-progress');
               const c = document.querySelector('#period-map');
               if (p && c) window.__samples.push([Number(p.value), c.dataset.complete === 'true']);
             }, 100);
             location.hash = arguments[0];",
            vec![json!(COSTLY_WINDOW)],
        )
        .await?;
        for _ in 0..30 {
            let done = page.attr("#period-map", "data-complete").await?;
            if done.as_deref() == Some("true") {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_secs(4)).await;
        }
        let samples = page
            .js(
                "clearInterval(window.__timer); return window.__samples;",
                vec![],
            )
            .await?;
        let total: f64 = page
            .attr("#map-progress", "max")
            .await?
            .context("no bar")?
            .parse()?;
        // The samples while tiles remain, from the first ruleset solved.
        let running: Vec<f64> = samples
            .as_array()
            .context("no samples")?
            .iter()
            .take_while(|s| s[1] != json!(true))
            .filter_map(|s| s[0].as_f64())
            .skip_while(|&v| v <= 0.0)
            .collect();
        ensure!(running.len() >= 10, "{} samples", running.len());
        ensure!(
            running.windows(2).all(|w| w[0] <= w[1]),
            "the bar went back: {running:?}"
        );
        let mut still = 0;
        let mut longest = 0;
        for w in running.windows(2) {
            still = if w[0] == w[1] { still + 1 } else { 0 };
            longest = longest.max(still);
        }
        // Generous for a loaded machine (the samples come from the page's busy main thread).
        ensure!(longest <= 30, "the bar stood still for {longest} samples");
        // For the record (`--nocapture`), not asserted: how much the slowest fifth of the run
        // gained. Solved top row first it gained 1-4 % here; with the sweeps 3-8 % on the same
        // loaded machine, too noisy to assert.
        let fifth = running.len() / 5;
        let slowest = running
            .windows(fifth + 1)
            .map(|w| w[fifth] - w[0])
            .fold(f64::INFINITY, f64::min);
        println!(
            "{} samples, longest standstill {longest}, slowest fifth {slowest} of {total}",
            running.len()
        );
        Ok(())
    })
    .await
}
