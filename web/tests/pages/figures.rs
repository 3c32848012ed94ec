//! Browser tests of the charts' and strips' "Export figure…" dialogs: on the mounted
//! subtraction page each dialog's Download is captured (the Blob the page hands to
//! `URL.createObjectURL`) and its SVG read back for the title, axis labels, integer ticks,
//! legend entries and provenance; the figures of other pages' dialogs (scoring `G_s`, `tr^m`,
//! the histogram, the misère strip) are drawn by the same builders here, in the browser, where
//! plotters measures text with the canvas; and the histogram on screen shows a bar of 1.

use std::rc::Rc;

use crate::common::{mount_at, sleep, unmount};
use heaplab_figures::views::cumulative::truncated_figure;
use heaplab_figures::views::explore::histogram_figure;
use heaplab_figures::views::heaps::{misere_game, score_figure, SequenceKind};
use heaplab_figures::Figure;
use heaplab_web::components::sequence_export::SequenceExport;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use wasm_bindgen_test::*;
use web_sys::{Element, HtmlElement};

/// Keeps every Blob the page turns into a download URL in `globalThis.__blobs`, and stops the
/// download itself (an anchor's click).
fn capture_downloads() {
    js_sys::eval(
        "if (!globalThis.__blobs) { globalThis.__blobs = []; const make = URL.createObjectURL;
           URL.createObjectURL = b => { globalThis.__blobs.push(b); return make(b); };
           HTMLAnchorElement.prototype.click = function () { globalThis.__download = this.download; }; }",
    )
    .expect("the capture installs");
}

/// The text of the last captured download.
async fn last_download() -> String {
    let blobs = js_sys::Reflect::get(&js_sys::global(), &"__blobs".into()).unwrap();
    let blobs: js_sys::Array = blobs.dyn_into().unwrap();
    let blob: web_sys::Blob = blobs.at(-1).dyn_into().expect("a download");
    let text = JsFuture::from(blob.text()).await.unwrap();
    text.as_string().unwrap()
}

/// Clicks the element `selector` of `root`.
fn click(root: &Element, selector: &str) {
    let element: HtmlElement = root
        .query_selector(selector)
        .unwrap()
        .unwrap_or_else(|| panic!("no {selector}"))
        .dyn_into()
        .unwrap();
    element.click();
}

/// The texts of an SVG's `<text>` elements, trimmed and unescaped.
fn svg_texts(svg: &str) -> Vec<String> {
    svg.split("<text")
        .skip(1)
        .filter_map(|part| {
            let inner = &part[part.find('>')? + 1..];
            Some(inner[..inner.find("</text>")?].trim().to_string())
        })
        .map(|t| {
            t.replace("&lt;", "<")
                .replace("&gt;", ">")
                .replace("&quot;", "\"")
                .replace("&apos;", "'")
                .replace("&amp;", "&")
        })
        .collect()
}

/// Asserts `svg` holds every one of `want` as a text, and no tick with a fraction.
fn holds(svg: &str, want: &[&str]) {
    let texts = svg_texts(svg);
    // A long title wraps onto lines of its own: it is whole in the texts joined in order.
    let joined = texts.join(" ");
    for w in want {
        assert!(
            texts.iter().any(|t| t == w) || joined.contains(w),
            "no text '{w}' in {texts:?}"
        );
    }
    for t in &texts {
        assert!(
            !(t.contains('.') && t.parse::<f64>().is_ok()),
            "a fractional tick '{t}' in {texts:?}"
        );
    }
}

/// A figure drawn to SVG in the browser.
fn svg_of(figure: Figure) -> String {
    figure.to_svg().expect("the figure draws")
}

#[wasm_bindgen_test]
async fn the_subtraction_charts_dialogs_download_complete_figures() {
    capture_downloads();
    let (root, handle) = mount_at("#/subtraction?S=2,3&n=30").await;
    sleep(200).await;
    let mut ids: Vec<String> = Vec::new();
    for (id, want) in [
        (
            "chart-figure",
            &[
                "Subtraction game S = {2,3}: nim-values of heaps 0 to 29",
                "heap n",
                "nim-value G(n)",
                "0",
                "1",
                "G(n) > 0 (N-position)",
                "G(n) = 0 (P-position)",
            ][..],
        ),
        (
            "strip-figure",
            &[
                "Subtraction game S = {2,3}: nim-values of heaps 0 to 29",
                "heap n",
                "nim-value G(n)",
                "0",
            ][..],
        ),
    ] {
        click(&root, &format!("#{id}"));
        sleep(50).await;
        click(&root, &format!("#{id}-download"));
        sleep(100).await;
        let svg = last_download().await;
        holds(&svg, want);
        assert!(
            svg.starts_with("<svg") || svg.contains("<svg "),
            "{id}: an SVG"
        );
        assert!(
            svg.contains("#/subtraction?S=2,3&amp;n=30")
                || svg.contains("#/subtraction?S=2,3&n=30"),
            "{id}: provenance"
        );
        let status = root
            .query_selector(&format!("#{id}-status"))
            .unwrap()
            .and_then(|e| e.text_content());
        assert!(status.unwrap_or_default().starts_with("Saved"), "{id}");
        click(&root, &format!("#{id}-close"));
        ids.push(id.into());
    }
    // Each dialog's id is unique on the page.
    for id in &ids {
        let found = root.query_selector_all(&format!("#{id}-dialog")).unwrap();
        assert_eq!(found.length(), 1, "{id}");
    }
    unmount(root, handle);
}

#[wasm_bindgen_test]
fn the_histograms_figure_counts_on_a_log_axis() {
    let groups = [(Some(1), 1), (Some(2), 350), (Some(3), 12_000), (None, 4)];
    let svg = svg_of(histogram_figure("subtraction", "period", &groups));
    holds(
        &svg,
        &[
            "Rulesets of the subtraction family by period",
            "period",
            "rulesets (log scale)",
            "rulesets per value of period",
            "1",
            "10",
            "100",
            "1000",
            "2",
            "3",
        ],
    );
}

#[wasm_bindgen_test]
fn the_gs_tr_and_misere_figures_hold_their_labels() {
    let gs = score_figure(
        "Scoring octal game (3333, 2222)",
        "G_s(n)",
        &[0.0, 2.0, 2.0, 4.0, 4.0, 6.0],
        "Period: none.".into(),
    );
    holds(
        &svg_of(gs),
        &[
            "Scoring octal game (3333, 2222): G_s(n) for n = 0 to 5",
            "heap n",
            "G_s(n)",
            "0",
            "2",
        ],
    );
    holds(
        &svg_of(truncated_figure(25, &[1, 1, 2, 1, 3, 2, 2])),
        &[
            "truncated support tr(a), m = 25",
            "a (the game {a, …, m})",
            "tr(a) for m = 25",
            "1",
            "2",
            "3",
        ],
    );
    let misere = SequenceExport {
        id: "misere-figure",
        stem: "s".into(),
        link: "#/subtraction?S=1,2&misere=1".into(),
        pdf_command: String::new(),
        kind: SequenceKind::Outcomes,
        game: misere_game("S", "1,2"),
        values: None,
        outcomes: Rc::new("NNPNNPNNP".into()),
        caption: "Period 3 from heap 0.".into(),
    };
    holds(
        &svg_of(misere.figure()),
        &[
            "Subtraction game S = {1,2}, misère play: outcomes of heaps 0 to 8",
            "heap n",
            "N-position 6 (66.7%)",
            "P-position 3 (33.3%)",
        ],
    );
}

#[wasm_bindgen_test]
fn the_histogram_on_screen_shows_a_bar_of_one_beside_thousands() {
    let canvas: web_sys::HtmlCanvasElement = crate::common::document()
        .create_element("canvas")
        .unwrap()
        .dyn_into()
        .unwrap();
    canvas.set_width(600);
    canvas.set_height(300);
    let backend = plotters_canvas::CanvasBackend::with_canvas_object(canvas.clone()).unwrap();
    let groups = [(Some(1), 1), (Some(2), 5000)];
    heaplab_web::pages::explore::results::draw_histogram(
        &plotters::prelude::IntoDrawingArea::into_drawing_area(backend),
        &groups,
        "period",
    )
    .expect("the histogram draws");
    // The bar ink below the legend band, in the left and the right half: the bar of 1 is
    // drawn (on a linear axis it would be under a pixel tall).
    let rgba = crate::common::canvas_rgba(&canvas);
    let ink = |x0: usize, x1: usize| {
        (40..300)
            .flat_map(|y| (x0..x1).map(move |x| (y * 600 + x) * 4))
            .filter(|&i| rgba[i..i + 3] == [37, 99, 235])
            .count()
    };
    assert!(ink(70, 300) > 100, "the bar of 1: {} px", ink(70, 300));
    assert!(ink(300, 600) > ink(70, 300), "the bar of 5000 is taller");
}
