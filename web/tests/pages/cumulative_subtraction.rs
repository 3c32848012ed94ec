//! Browser tests of the cumulative subtraction page: URL state, bad input, the mounted page's
//! numbers, table, circles and heatmap (in the figure's colours) against the engine, the
//! heatmap's "Export figure…" dialog, and the Conjecture 19 line.

use crate::common::{
    bad_link_error, blob_text, canvas_rgba, document, export_figure, mount_at, pixel, sleep,
    svg_texts, text, unmount,
};
use heaplab_engine::cumulative_subtraction as cs;
use heaplab_engine::ruleset::NumberSet;
use heaplab_figures::views::cumulative::{heatmap_figure, heatmap_pixels, heatmap_span};
use heaplab_figures::{Palette, Rgb, BAR_STEPS};
use heaplab_web::pages::cumulative_subtraction::heatmap::readout;
use heaplab_web::route::cumulative::CumulativeQuery;
use heaplab_web::route::Route;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::HtmlCanvasElement;

#[wasm_bindgen_test]
fn cumulative_query_round_trips() {
    let q = CumulativeQuery::from_query(
        "S=%7B7,%205%7D&n=56&p=-3&first=negative&w=80&h=70&zoom=4&m=50&heap=12",
    );
    let params = q.validate().expect("valid");
    assert_eq!(params.set.elements(), &[5, 7]);
    assert_eq!((params.start_score, params.positive_starts), (-3, false));
    assert_eq!(
        q.to_hash(),
        "#/cumulative-subtraction?S=5,7&n=56&p=-3&first=negative&w=80&h=70&zoom=4&m=50&heap=12"
    );
    assert_eq!(
        Route::parse(&q.to_hash()),
        Route::CumulativeSubtraction(CumulativeQuery::from_query(&q.to_query()))
    );
    assert_eq!(
        CumulativeQuery::from_query(&q.to_query()).validate(),
        Ok(params)
    );
    assert_eq!(
        CumulativeQuery::from_query("").to_query(),
        "S=2,3&n=40&p=0&first=positive&w=60&h=60&zoom=6&m=25&heap=7"
    );
}

#[wasm_bindgen_test]
fn cumulative_bad_params_are_errors_not_panics() {
    for bad in [
        "S=-1",
        "S=2,x",
        "S=",
        "S=0",
        "n=0",
        "n=99999999999999999999",
        "p=1e9x",
        "first=alice",
        "w=1501",
        "h=-2",
        "S=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18&w=1500&h=1500",
        "m=1",
        "m=2001",
        "heap=-7",
        "zoom=0",
        "S=1,301",
    ] {
        let errors = CumulativeQuery::from_query(bad).validate().expect_err(bad);
        assert!(!errors.is_empty(), "{bad}");
        for (_, message) in &errors {
            assert!(
                !message.is_empty() && !message.contains('\n'),
                "{bad}: {message}"
            );
        }
    }
}

#[wasm_bindgen_test]
async fn cumulative_page_matches_the_engine() {
    let (root, handle) =
        mount_at("#/cumulative-subtraction?S=2,3&n=13&w=20&h=20&zoom=3&m=10&heap=7").await;
    // The grid and tr^m are jobs (no worker bootstrap here: the main-thread fallback).
    for _ in 0..100 {
        if root.query_selector("#cs-heatmap").unwrap().is_some()
            && root.query_selector("#cs-tr").unwrap().is_some()
        {
            break;
        }
        sleep(50).await;
    }
    sleep(50).await;
    assert_eq!(document().title(), "Cumulative subtraction — HeapLab");
    // Example 1 and the digest's {2,3} table: ξ = 8, period 6 from 5.
    assert_eq!(text(&root, "#cs-xi").as_deref(), Some("8"));
    assert_eq!(text(&root, "#cs-period").as_deref(), Some("6"));
    assert_eq!(text(&root, "#cs-preperiod").as_deref(), Some("5"));
    assert!(text(&root, "#cs-conjecture14")
        .unwrap()
        .contains("Conjecture 14"));
    let outcomes = [0, 0, 2, 3, 3, 1, 0, 1, 2, 3, 2, 1, 0];
    for (x, o) in outcomes.iter().enumerate() {
        let cell = text(&root, &format!("#cs-table tr[data-x='{x}'] td.o"));
        assert_eq!(cell, Some(o.to_string()), "o({x})");
    }
    assert!(root
        .query_selector("#cs-table tr.sacrifice[data-x='7']")
        .unwrap()
        .is_some());
    assert_eq!(
        text(&root, "#cs-table tr[data-x='7'] td.opt").as_deref(),
        Some("2")
    );
    assert!(root
        .query_selector("#cs-table tr.xi[data-x='8']")
        .unwrap()
        .is_some());
    // Table 2, m = 10.
    assert_eq!(
        text(&root, "#cs-tr").as_deref(),
        Some("tr^10 = (1,2,2,2,2,3,3,5,9)")
    );
    // Circles: Figure 1 for {2,3} has 5 residues, drawn in order, each inside label followed
    // by its outside label, as the figure layer's figure of the engine's diagrams has them.
    let texts = root.query_selector_all("#cs-fig1 svg text").unwrap();
    let texts: Vec<String> = (0..texts.length())
        .filter_map(|i| texts.item(i).and_then(|t| t.text_content()))
        .map(|t| t.trim().to_string())
        .collect();
    let set = NumberSet::parse("2,3").unwrap();
    let limits = heaplab_engine::subtraction::Limits::new(1, 1_000).unwrap();
    let marks = cs::circle_diagrams(&set, limits).unwrap().actions.unwrap();
    assert_eq!(marks.len(), 5);
    let labels: Vec<String> = marks
        .iter()
        .flat_map(|m| [m.inside.clone(), m.outside.clone()])
        .collect();
    assert!(
        texts.windows(labels.len()).any(|w| w == labels.as_slice()),
        "{labels:?} not drawn in order in {texts:?}"
    );
    // The canvas has the figure's colours; (x1, x2) = (3, 0) is o(3) = 3 = max S, the light
    // end of the colour bar.
    let canvas: HtmlCanvasElement = root
        .query_selector("#cs-heatmap")
        .unwrap()
        .unwrap()
        .dyn_into()
        .unwrap();
    assert_eq!((canvas.width(), canvas.height()), (20, 20));
    let report = cs::two_piles(&NumberSet::parse("2,3").unwrap(), 20, 20).unwrap();
    let palette = Palette::ColourBlind;
    assert_eq!(canvas_rgba(&canvas), heatmap_pixels(&report.grid, palette));
    assert_eq!(heatmap_span(&report.grid), (0.0, 3.0));
    let Rgb(r, g, b) = palette.step(BAR_STEPS - 1);
    assert_eq!(pixel(&canvas, 3.0, 19.0), [r, g, b, 255]);
    // Tick labels around the canvas: at 3 px a cell, every 20th cell (0 only, here).
    assert_eq!(text(&root, "#cs-x1-axis").as_deref(), Some("0x1"));
    assert_eq!(text(&root, "#cs-x2-axis").as_deref(), Some("0x2"));
    let bar = root.query_selector("#cs-colour-bar").unwrap().unwrap();
    assert_eq!(bar.get_attribute("data-hi").as_deref(), Some("3"));
    // The dialog exports the CLI's figure: title with the set, x1/x2 axes, the colour bar's
    // label and the provenance link to this view.
    let name = "heaplab-cs-2-3-two-piles-20x20.svg";
    let (_, blob) = export_figure(&root, "cs-heatmap-figure", &[], name).await;
    let svg = blob_text(&blob).await;
    let title = heatmap_figure("2,3", &report.grid).title;
    assert!(title.contains("S = {2,3}"), "{title}");
    assert!(svg.contains(&format!("<title>{title}</title>")), "{svg}");
    let texts = svg_texts(&svg);
    for label in ["x1", "x2", "outcome o(x1, x2)"] {
        assert!(texts.iter().any(|t| t == label), "no {label} in {texts:?}");
    }
    let metadata = svg.split("<metadata>").nth(1).unwrap_or_default();
    assert!(
        metadata.starts_with("HeapLab v")
            && metadata.contains("#/cumulative-subtraction?S=2,3&amp;")
            && metadata.contains("w=20&amp;h=20"),
        "{metadata}"
    );
    let line = readout(&report, (3.5 * 3.0, 19.5 * 3.0), (60.0, 60.0)).unwrap();
    assert!(line.starts_with("o(3, 0) = 3"), "{line}");
    assert_eq!(readout(&report, (61.0, 1.0), (60.0, 60.0)), None);
    unmount(root, handle);
}

#[wasm_bindgen_test]
async fn cumulative_bad_link_shows_an_inline_error() {
    bad_link_error(
        "#/cumulative-subtraction?S=0,x&w=-3",
        "#cs-error",
        &["#cs-error-S", "#cs-error-w", "#cs-set-input"],
        &["#cs-xi"],
    )
    .await;
}

/// The Conjecture 19 line never reads as a failure: with no diagonal proven it says the
/// window is too small, not "proven for 0 of 31".
#[wasm_bindgen_test]
fn conjecture_19_line_reads_as_what_it_is() {
    use heaplab_web::pages::cumulative_subtraction::heatmap::conjecture_19_text;
    let all: Vec<i64> = (-15..=15).collect();
    let none = conjecture_19_text(31, 15, &all);
    assert!(!none.contains("proven for 0"), "{none}");
    assert!(
        none.contains("too small") && none.contains("counterexample"),
        "{none}"
    );
    let some = conjecture_19_text(31, 15, &[-15, 15]);
    assert!(
        some.contains("29 of the 31") && some.contains("k = -15, 15"),
        "{some}"
    );
    assert!(conjecture_19_text(31, 15, &[]).contains("all 31"));
}
