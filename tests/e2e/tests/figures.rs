//! End-to-end tests of the pages' "Export figure…" dialog, in a real headless Chromium: the
//! period map is exported as SVG and PNG through the dialog, the downloads are read back (the
//! page's Blob URLs are captured, see `Page::capture_downloads`), the SVG is parsed and checked
//! for what a reader needs (title with the window, the s1/s2 axes and their ticks, every legend
//! entry, the provenance), the PNG's pixel size for the chosen width and DPI, and the
//! provenance link is followed back to the same view.

use anyhow::{ensure, Context, Result};
use heaplab_e2e::{hash_value, with_page, Page};
use heaplab_engine::budget::Budget;
use heaplab_engine::figure::Colouring;
use heaplab_engine::period_map::{class_counts, compute, Family, Window, DEFAULT_CELL_BUDGET};
use heaplab_figures::views::period_map::{map_figure, map_link};
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

/// Opens the dialog, clicks each of `choices` (ids after `map-figure-`), then Download, and
/// waits for the status line to say the file `STEM.{ext}` was saved.
async fn export(page: &Page, choices: &[&str], ext: &str) -> Result<String> {
    page.click("#map-figure").await?;
    page.wait_for("#map-figure-dialog[open]").await?;
    for choice in choices {
        page.click(&format!("#map-figure-{choice}")).await?;
    }
    page.click("#map-figure-download").await?;
    page.wait_for_text_starting("#map-figure-status", &format!("Saved {STEM}.{ext}"))
        .await?;
    let status = page.text("#map-figure-status").await?.unwrap_or_default();
    page.click("#map-figure-close").await?;
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
    let line = texts
        .iter()
        .find(|t| t.starts_with("HeapLab v"))
        .context("no provenance metadata")?;
    let link = line
        .split_once(", ")
        .map(|(_, link)| link.to_string())
        .context("no link in the provenance")?;
    Ok((link, svg_size_cm(svg)?))
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
