//! End-to-end tests of the pages' "Export figure…" dialog, in a real headless Chromium: the
//! period map (and the plane) is exported as SVG and PNG through the dialog, the downloads are read back (the
//! page's Blob URLs are captured, see `Page::capture_downloads`), the SVG is parsed and checked
//! for what a reader needs (title with the window, the s1/s2 axes and their ticks, every legend
//! entry, the provenance), the PNG's pixel size for the chosen width and DPI, and the
//! provenance link is followed back to the same view. The rules page, whose module has no SVG
//! writer, exports through the core module, loaded on its first export; the partizan page's
//! outcome strip exports the CLI's figure.

use anyhow::{ensure, Context, Result};
use heaplab_e2e::{hash_value, with_page, Page};
use heaplab_engine::budget::Budget;
use heaplab_engine::figure::Colouring;
use heaplab_engine::partizan::heap::HeapRules;
use heaplab_engine::partizan::sequence;
use heaplab_engine::period_map::{class_counts, compute, Family, Window, DEFAULT_CELL_BUDGET};
use heaplab_engine::plane::{self, MoveSet};
use heaplab_engine::rules::{compile, presets, solve_heaps, solve_pairs, Grid};
use heaplab_engine::ruleset::NumberSet;
use heaplab_figures::views::heaps::SequenceKind;
use heaplab_figures::views::partizan::outcome_figure;
use heaplab_figures::views::period_map::{map_figure, map_link};
use heaplab_figures::views::plane::{plane_figure, plane_link};
use heaplab_figures::views::rules::{heap_figure, pair_figure};
use heaplab_figures::{Figure, Palette};
use serde_json::json;

/// The small map every test here exports: s3 = 61, s1 in 1..31, s2 in 2..32 (so the
/// triangle s1 ≥ s2 is "not a ruleset").
const FAMILY: Family = Family::ThreeMove { s3: 61 };
const WINDOW: Window = Window {
    x0: 1,
    x1: 31,
    y0: 2,
    y1: 32,
};
const ROUTE: &str = "#/period-map?family=3move&fixed=61&s1=1..31&s2=2..32&colour=class";

/// The figure the CLI draws of the same map (the expected title and legend).
fn engine_figure() -> Figure {
    let cells = compute(
        FAMILY,
        WINDOW,
        DEFAULT_CELL_BUDGET,
        &mut Budget::unlimited(),
    )
    .expect("a valid window");
    let counts = class_counts(&cells);
    map_figure(
        FAMILY,
        WINDOW,
        Colouring::Class,
        &cells,
        &counts,
        Palette::default(),
    )
}

/// Waits until the map canvas reports a finished computation of [`WINDOW`].
async fn wait_complete(page: &Page) -> Result<()> {
    page.wait_until("the map to finish", || async {
        let complete = page.attr("#period-map", "data-complete").await?;
        let x1 = page.attr("#period-map", "data-x1").await?;
        Ok(match (complete.as_deref(), x1) {
            (Some("true"), Some(x1)) if x1 == WINDOW.x1.to_string() => Ok(()),
            other => Err(format!("canvas attributes {other:?}")),
        })
    })
    .await
}

/// The stem of the exported files' names.
const STEM: &str = "heaplab-3move-61-s1-1-31-s2-2-32-class";

/// Opens the map's dialog, clicks each of `choices` (ids after `map-figure-`), then
/// Download, and waits for the status line to say the file `STEM.{ext}` was saved.
async fn export(page: &Page, choices: &[&str], ext: &str) -> Result<String> {
    export_from(page, "map-figure", choices, &format!("{STEM}.{ext}")).await
}

/// Opens the dialog `id`, clicks each of `choices` (ids after `{id}-`), then Download, and
/// waits for the status line to say the file `name` was saved.
async fn export_from(page: &Page, id: &str, choices: &[&str], name: &str) -> Result<String> {
    page.click(&format!("#{id}")).await?;
    page.wait_for(&format!("#{id}-dialog[open]")).await?;
    for choice in choices {
        page.click(&format!("#{id}-{choice}")).await?;
    }
    page.click(&format!("#{id}-download")).await?;
    page.wait_for_text_starting(&format!("#{id}-status"), &format!("Saved {name}"))
        .await?;
    let status = page
        .text(&format!("#{id}-status"))
        .await?
        .unwrap_or_default();
    page.click(&format!("#{id}-close")).await?;
    Ok(status)
}

/// The texts of an SVG (`<text>`, `<title>` and `<metadata>`), trimmed, in document order.
fn svg_texts(svg: &str) -> Result<Vec<String>> {
    let doc = roxmltree::Document::parse(svg).context("the exported SVG does not parse")?;
    Ok(doc
        .descendants()
        .filter(|n| {
            ["text", "title", "metadata"]
                .iter()
                .any(|t| n.has_tag_name(*t))
        })
        .filter_map(|n| n.text().map(|t| t.trim().to_string()))
        .collect())
}

/// The width and height in cm of the exported SVG.
fn svg_size_cm(svg: &str) -> Result<(f64, f64)> {
    let doc = roxmltree::Document::parse(svg)?;
    let cm = |name: &str| -> Result<f64> {
        let value = doc.root_element().attribute(name).context("no size")?;
        Ok(value.trim_end_matches("cm").parse()?)
    };
    Ok((cm("width")?, cm("height")?))
}

/// Checks the SVG export against the CLI's figure of the same map; returns the provenance
/// link and the SVG's size in cm.
fn check_svg(svg: &str) -> Result<(String, (f64, f64))> {
    let texts = svg_texts(svg)?;
    let has = |wanted: &str| texts.iter().any(|t| t == wanted);
    let fig = engine_figure();
    ensure!(
        fig.title == "3move period map, s3 = 61, s1 in 1..31, s2 in 2..32" && has(&fig.title),
        "no title {:?} in {texts:?}",
        fig.title
    );
    ensure!(has("s1") && has("s2"), "no axis labels in {texts:?}");
    let ticks: Vec<i64> = texts.iter().filter_map(|t| t.parse().ok()).collect();
    ensure!(
        ticks.len() >= 4 && ticks.iter().all(|t| (0..=32).contains(t)),
        "tick labels {ticks:?} are not those of the window"
    );
    let legend = fig.legend();
    ensure!(
        legend.iter().any(|(name, _)| name == "not a ruleset"),
        "{legend:?}"
    );
    for (entry, _) in &legend {
        ensure!(has(entry), "no legend entry {entry:?} in {texts:?}");
    }
    Ok((provenance_link(&texts)?, svg_size_cm(svg)?))
}

/// The link of the provenance line `HeapLab vX.Y, <link>` among an SVG's texts.
fn provenance_link(texts: &[String]) -> Result<String> {
    let line = texts
        .iter()
        .find(|t| t.starts_with("HeapLab v"))
        .context("no provenance metadata")?;
    line.split_once(", ")
        .map(|(_, link)| link.to_string())
        .context("no link in the provenance")
}

/// The plane window every plane test here exports, its moves and its size.
const PLANE_ROUTE: &str = "#/plane?moves=1,2;2,1;3,0&w=60&h=40&mode=outcome";
const PLANE_MOVES: &str = "(1,2) (2,1) (3,0)";
const PLANE_SIZE: (u32, u32) = (60, 40);

/// Waits until the plane canvas reports a finished window of [`PLANE_SIZE`].
async fn wait_plane(page: &Page) -> Result<()> {
    page.wait_until("the plane to finish", || async {
        let complete = page.attr("#plane-canvas", "data-complete").await?;
        let width = page.attr("#plane-canvas", "data-width").await?;
        Ok(match (complete.as_deref(), width) {
            (Some("true"), Some(w)) if w == PLANE_SIZE.0.to_string() => Ok(()),
            other => Err(format!("canvas attributes {other:?}")),
        })
    })
    .await
}

#[tokio::test]
async fn the_plane_exports_its_figure_and_the_link_reopens_the_view() -> Result<()> {
    with_page(|page| async move {
        page.open(PLANE_ROUTE).await?;
        wait_plane(&page).await?;
        page.capture_downloads().await?;
        let name = "heaplab-plane-1-2_2-1_3-0-60x40-outcome.svg";
        export_from(&page, "plane-figure", &[], name).await?;
        let (saved, svg) = page.last_download().await?;
        ensure!(saved == name, "saved {saved}");
        // What the CLI's `plane --figure` draws of the same window.
        let moves = MoveSet::parse(PLANE_MOVES)?;
        let (w, h) = PLANE_SIZE;
        let grid = plane::grid(&moves, w, h, &mut Budget::unlimited())?;
        let fig = plane_figure(&moves, &grid, None);
        let texts = svg_texts(&svg)?;
        let has = |wanted: &str| texts.iter().any(|t| t == wanted);
        ensure!(has(&fig.title), "no title {:?} in {texts:?}", fig.title);
        ensure!(has("x") && has("y"), "no axis labels in {texts:?}");
        let legend = fig.legend();
        ensure!(legend.len() == 2, "{legend:?}");
        for (entry, _) in &legend {
            ensure!(has(entry), "no legend entry {entry:?} in {texts:?}");
        }
        let link = provenance_link(&texts)?;
        let here = page
            .js("return location.origin + location.pathname;", vec![])
            .await?;
        let view = plane_link(&moves, w, h, false);
        ensure!(
            link == format!("{}{view}", here.as_str().unwrap_or_default()),
            "link {link}, view {view}"
        );
        // The link, followed from elsewhere, opens the same window.
        page.open("#/").await?;
        page.client().goto(&link).await?;
        wait_plane(&page).await?;
        let hash = page.hash().await?;
        for (key, want) in [
            ("moves", "1,2;2,1;3,0"),
            ("w", "60"),
            ("h", "40"),
            ("mode", "outcome"),
        ] {
            ensure!(hash_value(&hash, key) == Some(want), "{key} in {hash}");
        }
        page.wait_for_value("#plane-width", "60").await?;
        page.wait_for_value("#plane-height", "40").await?;
        page.wait_for_value("#plane-mode", "outcome").await?;
        Ok(())
    })
    .await
}

#[tokio::test]
async fn the_map_exports_its_figure_and_the_link_reopens_the_view() -> Result<()> {
    with_page(|page| async move {
        page.open(ROUTE).await?;
        wait_complete(&page).await?;
        page.capture_downloads().await?;
        let status = export(&page, &[], "svg").await?;
        let (name, svg) = page.last_download().await?;
        ensure!(name == format!("{STEM}.svg"), "{name} ({status})");
        let (link, (w_cm, h_cm)) = check_svg(&svg)?;
        let here = page
            .js("return location.origin + location.pathname;", vec![])
            .await?;
        let here = here.as_str().unwrap_or_default().to_string();
        let view = map_link(FAMILY, WINDOW, Colouring::Class);
        ensure!(
            link == format!("{here}{view}"),
            "link {link}, page {here}{view}"
        );

        // A PNG at one column and 600 DPI: 8.5 cm / 2.54 × 600 px wide.
        export(&page, &["png", "600"], "png").await?;
        let png = page
            .js(
                "const b = window.__blobs[window.__blobs.length - 1];
                 return createImageBitmap(b).then(i => {
                     const c = new OffscreenCanvas(i.width, i.height).getContext('2d');
                     c.drawImage(i, 0, 0);
                     const d = c.getImageData(0, 0, i.width, i.height).data;
                     let dark = 0;
                     for (let k = 0; k < d.length; k += 4) if (d[k] < 128) dark++;
                     return [b.type, i.width, i.height, dark, window.__download];
                 });",
                vec![],
            )
            .await?;
        let width = (8.5_f64 / 2.54 * 600.0).round() as u64;
        let height = (width as f64 * h_cm / w_cm).round() as u64;
        let name = format!("{STEM}.png");
        ensure!(
            png[0] == json!("image/png")
                && png[1].as_u64() == Some(width)
                && png[2].as_u64() == Some(height)
                && png[4] == json!(name),
            "PNG {png}, wanted {name} of {width} × {height} px"
        );
        // Drawn, not blank: the map's dark cells, the axes and the text.
        ensure!(
            png[3].as_u64().unwrap_or(0) > 1000,
            "PNG {png} is nearly blank"
        );

        // The provenance link, followed from elsewhere, opens the same view.
        page.open("#/").await?;
        page.client().goto(&link).await?;
        wait_complete(&page).await?;
        let hash = page.hash().await?;
        for (key, want) in [
            ("family", "3move"),
            ("fixed", "61"),
            ("s1", "1..31"),
            ("s2", "2..32"),
            ("colour", "class"),
        ] {
            ensure!(hash_value(&hash, key) == Some(want), "{key} in {hash}");
        }
        for (field, want) in [
            ("#map-family", "3move"),
            ("#map-fixed", "61"),
            ("#map-s1", "1..31"),
            ("#map-s2", "2..32"),
            ("#map-colour", "class"),
        ] {
            page.wait_for_value(field, want).await?;
        }
        Ok(())
    })
    .await
}

#[tokio::test]
async fn the_dialog_works_from_the_keyboard_and_says_where_pdf_comes_from() -> Result<()> {
    with_page(|page| async move {
        page.open(ROUTE).await?;
        wait_complete(&page).await?;
        page.click("#map-figure").await?;
        page.wait_for("#map-figure-dialog[open]").await?;
        let focused = page
            .js(
                "return document.getElementById('map-figure-dialog').contains(document.activeElement);",
                vec![],
            )
            .await?;
        ensure!(focused == json!(true), "the dialog did not take the focus");
        let text = page.text("#map-figure-dialog").await?.unwrap_or_default();
        ensure!(
            text.contains("heaplab period-map --family 3move --s3 61 --s1 1..31 --s2 2..32 --colour class --figure map.pdf"),
            "{text}"
        );
        page.client()
            .active_element()
            .await?
            .send_keys("\u{e00c}")
            .await?;
        page.wait_until("Escape to close the dialog", || async {
            Ok(if page.exists("#map-figure-dialog[open]").await? {
                Err("still open".to_string())
            } else {
                Ok(())
            })
        })
        .await
    })
    .await
}

/// The map on screen has s1 and s2 axes in ruleset units: the figure layer's ticks of the
/// window (5, 10, …, 30 on both), each over the centre of its pixel column (s1, left to
/// right) or beside its row (s2, bottom to top).
#[tokio::test]
async fn the_map_on_screen_has_s1_and_s2_axes_with_ticks_at_their_cells() -> Result<()> {
    with_page(|page| async move {
        page.open(ROUTE).await?;
        wait_complete(&page).await?;
        let probe = "const c = document.querySelector('#period-map').getBoundingClientRect();
            const read = id => [...document.querySelectorAll(id + ' text.axis-tick')].map(t => {
                const r = t.getBoundingClientRect();
                return [t.textContent, (r.left + r.right) / 2, (r.top + r.bottom) / 2];
            });
            const label = id => document.querySelector(id + ' .axis-label').textContent;
            return [[c.left, c.right, c.top, c.bottom], read('#map-x-axis'), read('#map-y-axis'),
                    label('#map-x-axis'), label('#map-y-axis')];";
        let v = page.js(probe, vec![]).await?;
        let rect: Vec<f64> = serde_json::from_value(v[0].clone())?;
        let (left, right, top, bottom) = (rect[0], rect[1], rect[2], rect[3]);
        ensure!(
            v[3] == json!("s1") && v[4] == json!("s2"),
            "axis labels {v}"
        );
        let ticks: Vec<(String, f64, f64)> = serde_json::from_value(v[1].clone())?;
        let wanted = |lo: f64, hi: f64| -> Vec<String> {
            heaplab_figures::integer_ticks(lo, hi)
                .iter()
                .map(|t| t.to_string())
                .collect()
        };
        let shown: Vec<String> = ticks.iter().map(|t| t.0.clone()).collect();
        ensure!(shown == wanted(1.0, 30.0), "s1 ticks {shown:?}");
        let cell = (right - left) / 30.0;
        for (text, x, _) in &ticks {
            let centre = left + (text.parse::<f64>()? - 1.0 + 0.5) * cell;
            ensure!(
                (x - centre).abs() < cell,
                "s1 tick {text} at {x}, its column at {centre}"
            );
        }
        let ticks: Vec<(String, f64, f64)> = serde_json::from_value(v[2].clone())?;
        let shown: Vec<String> = ticks.iter().map(|t| t.0.clone()).collect();
        ensure!(shown == wanted(2.0, 31.0), "s2 ticks {shown:?}");
        let cell = (bottom - top) / 30.0;
        for (text, _, y) in &ticks {
            let centre = bottom - (text.parse::<f64>()? - 2.0 + 0.5) * cell;
            ensure!(
                (y - centre).abs() < cell,
                "s2 tick {text} at {y}, its row at {centre}"
            );
        }
        Ok(())
    })
    .await
}

#[tokio::test]
async fn the_subtraction_chart_exports_its_figure_with_title_axes_and_link() -> Result<()> {
    with_page(|page| async move {
        page.open("#/subtraction?S=2,3&n=40").await?;
        page.wait_for("#value-chart").await?;
        page.capture_downloads().await?;
        page.click("#chart-figure").await?;
        page.wait_for("#chart-figure-dialog[open]").await?;
        page.click("#chart-figure-download").await?;
        let stem = "heaplab-S-2-3-n40-values";
        page.wait_for_text_starting("#chart-figure-status", &format!("Saved {stem}.svg"))
            .await?;
        let (name, svg) = page.last_download().await?;
        ensure!(name == format!("{stem}.svg"), "{name}");
        let texts = svg_texts(&svg)?;
        let joined = texts.join(" ");
        let has = |wanted: &str| texts.iter().any(|t| t == wanted) || joined.contains(wanted);
        for wanted in [
            "Subtraction game S = {2,3}: nim-values of heaps 0 to 39",
            "heap n",
            "nim-value G(n)",
            "G(n) = 0 (P-position)",
            "G(n) > 0 (N-position)",
        ] {
            ensure!(has(wanted), "no {wanted:?} in {texts:?}");
        }
        // Integer ticks only: every number on the axes is whole.
        ensure!(
            !texts
                .iter()
                .any(|t| t.contains('.') && t.parse::<f64>().is_ok()),
            "a fractional tick in {texts:?}"
        );
        ensure!(
            has("#/subtraction?S=2,3&n=40"),
            "no provenance link in {texts:?}"
        );
        Ok(())
    })
    .await
}

/// The wasm modules this page has fetched whose names start with `prefix` (`heaplab_bg.`: the
/// core module).
async fn fetched_modules(page: &Page, prefix: &str) -> Result<usize> {
    let count = page
        .js(
            "return performance.getEntriesByType('resource')
               .filter(e => e.name.split('/').pop().startsWith(arguments[0])).length;",
            vec![json!(prefix)],
        )
        .await?;
    count
        .as_u64()
        .context("a count")?
        .try_into()
        .map_err(Into::into)
}

/// Checks an SVG download against the figure the CLI draws: its title, every one of `labels`,
/// its legend entries, and the provenance link of this page's view.
async fn check_page_svg(page: &Page, svg: &str, fig: &Figure, labels: &[&str]) -> Result<()> {
    let texts = svg_texts(svg)?;
    let joined = texts.join(" ");
    let has = |wanted: &str| texts.iter().any(|t| t == wanted) || joined.contains(wanted);
    ensure!(has(&fig.title), "no title {:?} in {texts:?}", fig.title);
    for wanted in labels {
        ensure!(has(wanted), "no {wanted:?} in {texts:?}");
    }
    for (entry, _) in fig.legend() {
        ensure!(has(&entry), "no legend entry {entry:?} in {texts:?}");
    }
    let here = page.js("return location.href;", vec![]).await?;
    let link = provenance_link(&texts)?;
    ensure!(
        Some(link.as_str()) == here.as_str(),
        "link {link}, page {here}"
    );
    Ok(())
}

/// The rules page's module has no SVG writer: its first SVG export loads the core module,
/// once, which draws the figure `heaplab rules --figure` draws (title, axes, caption, legend,
/// provenance); a PNG and the why panel's tree use the same module without fetching it again.
#[tokio::test]
async fn the_rules_page_exports_its_figures_through_the_core_module() -> Result<()> {
    with_page(|page| async move {
        page.open("#/rules?preset=kayles&heap=5").await?;
        page.wait_for_some_text("#rules-values").await?;
        page.wait_for("#rules-tree-export").await?;
        page.capture_downloads().await?;
        ensure!(
            fetched_modules(&page, "heaplab_bg.").await? == 0,
            "core loaded early"
        );
        export_from(&page, "rules-figure", &[], "heaplab-rules-kayles.svg").await?;
        ensure!(
            fetched_modules(&page, "heaplab_bg.").await? == 1,
            "no core module"
        );
        let (_, svg) = page.last_download().await?;
        let script = compile(presets::preset("kayles").context("kayles")?.text, &[])?;
        let report = solve_heaps(&script, 200, &mut Budget::unlimited())?;
        let fig = heap_figure(SequenceKind::ValueChart, &report);
        check_page_svg(
            &page,
            &svg,
            &fig,
            &["heap n", "nim-value G(n)", &fig.caption],
        )
        .await?;
        let status = export_from(&page, "rules-figure", &["png"], "heaplab-rules-kayles.png");
        ensure!(
            status.await?.contains("1004 ×"),
            "the PNG is not one column wide"
        );
        let tree = "heaplab-rules-kayles-tree.svg";
        export_from(&page, "rules-tree-export", &[], tree).await?;
        let (_, svg) = page.last_download().await?;
        ensure!(
            svg_texts(&svg)?.iter().any(|t| t.starts_with("HeapLab v")),
            "tree"
        );
        ensure!(
            fetched_modules(&page, "heaplab_bg.").await? == 1,
            "core fetched again"
        );
        Ok(())
    })
    .await
}

/// A pair ruleset's grid exports as the CLI's P/N raster, `a` across and `b` up.
#[tokio::test]
async fn the_rules_page_exports_a_pair_rulesets_grid() -> Result<()> {
    with_page(|page| async move {
        page.open("#/rules?preset=wythoff&size=20,20").await?;
        page.wait_for_some_text("#rules-p-count").await?;
        page.capture_downloads().await?;
        export_from(&page, "rules-figure", &[], "heaplab-rules-wythoff.svg").await?;
        let (_, svg) = page.last_download().await?;
        let script = compile(presets::preset("wythoff").context("wythoff")?.text, &[])?;
        let grid = Grid::new(20, 20)?;
        let report = solve_pairs(&script, grid, &mut Budget::unlimited())?;
        let fig = pair_figure(&report, false);
        check_page_svg(&page, &svg, &fig, &["a", "b", &fig.caption]).await
    })
    .await
}

/// The partizan page's outcome strip exports as the CLI's `--figure` draws it: the ruleset in
/// the title, every class with its count in the legend, the period caption and this view's link.
#[tokio::test]
async fn the_partizan_outcome_strip_exports_its_figure() -> Result<()> {
    with_page(|page| async move {
        page.open("#/partizan?family=subtraction&L=1,2&R=1,3&n=30")
            .await?;
        page.wait_for("#pz-strip-figure").await?;
        page.capture_downloads().await?;
        let name = "heaplab-partizan-subtraction-outcomes.svg";
        export_from(&page, "pz-strip-figure", &[], name).await?;
        let (_, svg) = page.last_download().await?;
        let left = NumberSet::parse("1,2")?;
        let rules = HeapRules::subtraction(&left, &NumberSet::parse("1,3")?)?;
        let report = sequence::solve(&rules, 30, false, &mut Budget::unlimited())?;
        let fig = outcome_figure(&report);
        check_page_svg(&page, &svg, &fig, &["heap n", &fig.caption]).await
    })
    .await
}
