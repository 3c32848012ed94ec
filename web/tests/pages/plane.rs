//! Browser tests of the 2-D subtraction page (`#/plane`): URL state, bad input, views that
//! stay inside the window, the mounted page drawing the engine's picture in the figure's
//! colours, the "Export figure…" dialog (SVG and PNG read back), and the job runner's Cancel.

use crate::common::{
    blob_bytes, blob_text, canvas_rgba, document, export_figure, mount_at, png_chunks, sleep,
    svg_texts, text, unmount,
};
use heaplab_engine::plane::{self as plane_engine, MoveSet};
use heaplab_engine::Budget;
use heaplab_figures::views::plane::{nim_pixels, nim_span, plane_figure};
use heaplab_figures::Palette;
use heaplab_web::route::plane::{PlaneMode, PlaneQuery, View, PAGE_MAX_CELLS};
use heaplab_web::route::Route;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{Element, HtmlCanvasElement};

#[wasm_bindgen_test]
fn plane_query_round_trips() {
    let figure = "moves=2,6;3,3;6,1;19,6&w=3600&h=2000&mode=outcome";
    let q = PlaneQuery::from_query(figure);
    assert_eq!(q.to_query(), figure);
    assert_eq!(PlaneQuery::from_query(&q.to_query()), q);
    assert_eq!(
        Route::parse(&format!("#/plane?{figure}")),
        Route::Plane(q.clone())
    );
    assert_eq!(Route::parse("#/plane"), Route::Plane(q.clone()));
    let params = q.validate().expect("valid");
    assert_eq!(params.moves.moves(), &[(2, 6), (3, 3), (6, 1), (19, 6)]);
    assert_eq!((params.width, params.height), (3600, 2000));
    assert_eq!(params.mode, PlaneMode::Outcome);
    assert!(params.view.is_whole());
    // Typed forms (percent-encoded in the URL) come back canonical.
    let typed =
        PlaneQuery::from_query("moves=%2819%2C6%29%20%282%2C6%29%0A3,3&w=10&h=20&mode=grundy");
    assert_eq!(typed.moves, "(19,6) (2,6)\n3,3");
    assert_eq!(typed.to_query(), "moves=2,6;3,3;19,6&w=10&h=20&mode=grundy");
    // A zoomed view survives the round trip.
    let zoomed = params.with_view(params.view.zoomed(8.0, 0.1, 0.9, 3600, 2000));
    let hash = zoomed.to_query().to_hash();
    let Route::Plane(back) = Route::parse(&hash) else {
        panic!("{hash} is not a plane route");
    };
    let back = back.validate().expect("valid");
    assert_eq!(back.view.zoom, 8.0);
    assert_eq!(back.to_query().to_hash(), hash);
    assert!(
        (back.view.cx - zoomed.view.cx).abs() <= 0.05,
        "{back:?} vs {zoomed:?}"
    );
}

#[wasm_bindgen_test]
fn plane_bad_params_are_errors_not_panics() {
    type Field = fn(&heaplab_web::route::plane::PlaneErrors) -> Option<String>;
    let moves: Field = |e| e.moves.clone();
    let width: Field = |e| e.width.clone();
    let size: Field = |e| e.size.clone();
    let mode: Field = |e| e.mode.clone();
    let view: Field = |e| e.view.clone();
    for (query, field, needle) in [
        ("moves=", moves, "empty"),
        ("moves=0,0", moves, "(0,0) is not a move"),
        ("moves=1,-2", moves, "negative"),
        ("moves=1,2;3", moves, "pairs"),
        ("moves=1,2;1,2", moves, "twice"),
        ("moves=a,b", moves, "cannot appear"),
        ("moves=1,99999", moves, "too large"),
        ("moves=1,2&w=0", width, "between 1 and 16384"),
        ("moves=1,2&w=abc", width, "whole number"),
        ("moves=1,2&w=16385", width, "between 1 and 16384"),
        ("moves=1,2&w=16000&h=1001", size, "at most 16000000"),
        (
            "moves=1,2&w=4000&h=2600&mode=grundy",
            size,
            "at most 10000000",
        ),
        ("moves=1,2&mode=rainbow", mode, "unknown mode 'rainbow'"),
        ("moves=1,2&zoom=NaN", view, "zoom must be a number"),
        ("moves=1,2&zoom=0.5", view, "zoom must be from 1"),
        ("moves=1,2&zoom=2&at=1", view, "two numbers"),
        ("moves=1,2&zoom=2&at=1,x", view, "must be a number"),
        (
            "moves=1,2&w=10&h=10&zoom=2&at=50,5",
            view,
            "outside the 10×10 window",
        ),
    ] {
        let errors = PlaneQuery::from_query(query).validate().expect_err(query);
        let message = field(&errors).unwrap_or_default();
        assert!(
            message.contains(needle),
            "{query}: {message:?} ({errors:?})"
        );
        assert!(!errors.messages().is_empty());
    }
    // The caps: Figure 2 fits both modes; the outcome cap is what the page says.
    assert!(PlaneQuery::from_query("w=4000&h=4000").validate().is_ok());
    assert_eq!(PAGE_MAX_CELLS, 16_000_000);
    assert!(PlaneQuery::from_query("mode=grundy").validate().is_ok());
    for query in [
        "%",
        "moves=%ZZ",
        "&&&",
        "=",
        "moves==",
        "zoom=1e999",
        "at=,",
        "w=1e9",
    ] {
        let _ = PlaneQuery::from_query(query).validate();
        let _ = Route::parse(&format!("#/plane?{query}"));
    }
}

#[wasm_bindgen_test]
fn plane_views_stay_inside_the_window() {
    let (w, h) = (300u32, 120u32);
    let mut v = View::whole(w, h);
    let steps: [(f64, f64, f64, f64, f64); 8] = [
        (4.0, 0.0, 0.0, 0.3, -0.2),
        (3.0, 1.0, 1.0, 5.0, 5.0),
        (0.5, 0.5, 0.5, -9.0, 0.0),
        (100.0, 0.2, 0.7, 0.0, -3.0),
        (f64::NAN, f64::INFINITY, 0.5, f64::NAN, 1.0),
        (0.0, 0.5, 0.5, 0.1, 0.1),
        (1e9, 0.5, 0.5, 0.0, 0.0),
        (1e-9, 0.5, 0.5, 0.0, 0.0),
    ];
    for (factor, fx, fy, dx, dy) in steps {
        v = v.zoomed(factor, fx, fy, w, h).panned(dx, dy, w, h);
        let (x0, x1, y0, y1) = v.visible(w, h);
        assert!(v.zoom >= 1.0 && v.zoom <= 30.0, "{v:?}");
        assert!(x0 >= -1e-9 && x1 <= f64::from(w) + 1e-9, "{v:?}");
        assert!(y0 >= -1e-9 && y1 <= f64::from(h) + 1e-9, "{v:?}");
    }
    // A dragged box is shown whole.
    let boxed = View::boxed((10, 20), (29, 29), w, h);
    let (x0, x1, y0, y1) = boxed.visible(w, h);
    assert!(
        x0 <= 10.0 && x1 >= 30.0 && y0 <= 20.0 && y1 >= 30.0,
        "{boxed:?}"
    );
    // Zooming keeps the point under the cursor in place.
    let v = View::whole(w, h).zoomed(2.0, 0.25, 0.75, w, h);
    let (x0, x1, y0, y1) = v.visible(w, h);
    assert!((x0 + 0.25 * (x1 - x0) - 75.0).abs() < 1e-9);
    assert!((y0 + 0.75 * (y1 - y0) - 90.0).abs() < 1e-9);
}

/// Waits until the plane canvas says it is complete in `mode` (at most `limit_ms`).
async fn wait_plane_complete(root: &Element, mode: &str, limit_ms: u64) -> HtmlCanvasElement {
    let mut waited = 0;
    loop {
        if let Some(c) = root.query_selector("#plane-canvas").unwrap() {
            if c.get_attribute("data-complete").as_deref() == Some("true")
                && c.get_attribute("data-mode").as_deref() == Some(mode)
            {
                return c.dyn_into().unwrap();
            }
        }
        assert!(
            waited < limit_ms,
            "the picture did not complete: {:?}",
            text(root, "#plane-status")
        );
        sleep(50).await;
        waited += 50;
    }
}

/// The mounted page (here without workers: the test server does not serve the worker, so the
/// main-thread path runs) draws exactly the engine's Grundy picture, with its legend.
#[wasm_bindgen_test]
async fn plane_page_draws_the_engine_picture() {
    let (root, handle) = mount_at("#/plane?moves=1,2;2,1;3,0&w=70&h=45&mode=grundy").await;
    assert_eq!(document().title(), "2-D subtraction — HeapLab");
    let canvas = wait_plane_complete(&root, "grundy", 20_000).await;
    let moves = MoveSet::parse("1,2 2,1 3,0").unwrap();
    let nim = plane_engine::nim_values(&moves, 70, 45, &mut Budget::unlimited()).unwrap();
    assert_eq!((canvas.width(), canvas.height()), (70, 45));
    assert_eq!(canvas_rgba(&canvas), nim_pixels(&nim, Palette::ColourBlind));
    // The colour bar spans 0..max, with both ends labelled.
    let bar = root.query_selector("#plane-colour-bar").unwrap().unwrap();
    assert_eq!(bar.get_attribute("data-hi"), Some(nim.max().to_string()));
    let ticks = text(&root, "#plane-colour-bar").unwrap_or_default();
    assert!(
        ticks.starts_with('0') && ticks.contains(&nim.max().to_string()),
        "{ticks}"
    );
    assert!(nim_span(&nim) == (0.0, f64::from(nim.max())) && nim.max() >= 2);
    let rows = root
        .query_selector_all("#plane-legend tr")
        .unwrap()
        .length();
    assert_eq!(rows as usize, usize::from(nim.max()) + 1);
    let status = text(&root, "#plane-status").unwrap_or_default();
    assert!(status.contains("done"), "{status}");
    let moves_box: web_sys::HtmlTextAreaElement = root
        .query_selector("#plane-moves")
        .unwrap()
        .unwrap()
        .dyn_into()
        .unwrap();
    assert_eq!(moves_box.value(), "(1,2) (2,1) (3,0)");
    // Switching to outcome colours: P black, N white, as the CLI's PNG.
    let select: web_sys::HtmlSelectElement = root
        .query_selector("#plane-mode")
        .unwrap()
        .unwrap()
        .dyn_into()
        .unwrap();
    select.set_value("outcome");
    let init = web_sys::EventInit::new();
    init.set_bubbles(true);
    select
        .dispatch_event(&web_sys::Event::new_with_event_init_dict("change", &init).unwrap())
        .unwrap();
    let canvas = wait_plane_complete(&root, "outcome", 20_000).await;
    let grid = plane_engine::grid(&moves, 70, 45, &mut Budget::unlimited()).unwrap();
    assert_eq!(canvas_rgba(&canvas), plane_engine::render_outcomes(&grid));
    assert!(web_sys::window()
        .unwrap()
        .location()
        .hash()
        .unwrap()
        .contains("mode=outcome"));
    unmount(root, handle);
}

/// The dialog exports the CLI's figure of the window: the SVG has the title, the axis labels,
/// the colour bar's label and the provenance link (this page's address); the PNG carries the
/// title and provenance in `tEXt` chunks right after its header.
#[wasm_bindgen_test]
async fn plane_exports_its_figure_with_provenance() {
    let view = "#/plane?moves=1,2;2,1;3,0&w=70&h=45&mode=grundy";
    let (root, handle) = mount_at(view).await;
    wait_plane_complete(&root, "grundy", 20_000).await;
    let moves = MoveSet::parse("1,2 2,1 3,0").unwrap();
    let grid = plane_engine::grid(&moves, 70, 45, &mut Budget::unlimited()).unwrap();
    let nim = plane_engine::nim_values(&moves, 70, 45, &mut Budget::unlimited()).unwrap();
    let title = plane_figure(&moves, &grid, Some(&nim)).title;
    assert!(
        title.contains("nim-values") && title.contains("x in 0..70"),
        "{title}"
    );
    let stem = "heaplab-plane-1-2_2-1_3-0-70x45-grundy";
    let (_, blob) = export_figure(&root, "plane-figure", &[], &format!("{stem}.svg")).await;
    let svg = blob_text(&blob).await;
    assert!(svg.contains(&format!("<title>{title}</title>")), "{svg}");
    let texts = svg_texts(&svg);
    for label in ["x", "y", "nim-value"] {
        assert!(texts.iter().any(|t| t == label), "no {label} in {texts:?}");
    }
    let location = web_sys::window().unwrap().location();
    let here = format!(
        "{}{}",
        location.origin().unwrap(),
        location.pathname().unwrap()
    );
    let line = format!("HeapLab v{}, {here}{view}", env!("CARGO_PKG_VERSION"));
    assert!(
        svg.contains(&format!(
            "<metadata>{}</metadata>",
            line.replace('&', "&amp;")
        )),
        "{svg}"
    );

    let name = format!("{stem}.png");
    let (status, blob) = export_figure(&root, "plane-figure", &["png"], &name).await;
    // One column at 300 DPI: 1004 px wide.
    assert!(status.contains("(1004 × "), "{status}");
    let (chunks, texts) = png_chunks(&blob_bytes(&blob).await);
    assert_eq!(&chunks[..2], ["IHDR", "tEXt"], "{chunks:?}");
    assert_eq!(chunks.last().map(String::as_str), Some("IEND"));
    assert!(
        texts.contains(&("Title".into(), title.clone())),
        "{texts:?}"
    );
    assert!(texts.contains(&("Source".into(), line)), "{texts:?}");
    assert!(texts
        .iter()
        .any(|(k, v)| k == "Software" && v.starts_with("HeapLab v")));
    unmount(root, handle);
}

#[wasm_bindgen_test]
async fn plane_bad_link_shows_an_inline_error() {
    let (root, handle) = mount_at("#/plane?moves=3,x&w=0&mode=outcome").await;
    let error = text(&root, "#plane-error").unwrap_or_default();
    assert!(error.contains("cannot appear"), "{error}");
    assert!(error.contains("width"), "{error}");
    assert!(root.query_selector("#plane-canvas").unwrap().is_none());
    assert!(root.query_selector("nav a").unwrap().is_some());
    unmount(root, handle);
}

/// Cancelling a started job stops it: no solution arrives afterwards and the phase stays
/// "cancelled" (main-thread path; the worker path drops the job the same way between steps).
/// Starting again afterwards computes the window.
#[wasm_bindgen_test]
async fn plane_runner_cancel_stops_the_job() {
    use heaplab_web::jobs::{JobRunner, JobState};
    use heaplab_web::worker::{JobSpec, PlaneRequest};
    use heaplab_web::worker_pool::Phase;
    use std::cell::RefCell;
    use std::rc::Rc;
    let seen: Rc<RefCell<Vec<JobState>>> = Rc::default();
    let sink = seen.clone();
    let runner = JobRunner::new(yew::Callback::from(move |p: JobState| {
        sink.borrow_mut().push(p)
    }));
    let key = PlaneQuery::from_query("moves=2,6;3,3;6,1;19,6&w=4000&h=4000&mode=outcome")
        .validate()
        .unwrap()
        .key();
    let spec = JobSpec::Plane(PlaneRequest {
        moves: key.moves,
        width: key.width,
        height: key.height,
        with_nim: key.with_nim,
    });
    let solution = |runner: &JobRunner| runner.finished().and_then(|s| s.plane_rc());
    runner.start(spec.clone());
    assert_eq!(seen.borrow().last().unwrap().phase, Phase::Running);
    runner.cancel();
    sleep(500).await;
    let last = seen.borrow().last().cloned().unwrap();
    assert_eq!(last.phase, Phase::Cancelled);
    let (done, total) = (last.progress.done, last.progress.total);
    assert!(done < total || total == 0, "{last:?}");
    assert!(solution(&runner).is_none());
    assert!(!seen.borrow().iter().any(|p| p.phase == Phase::Done));
    // Again, to the end.
    runner.start(spec);
    let mut waited = 0;
    while solution(&runner).is_none() {
        assert!(
            waited < 20_000,
            "the second job did not finish: {:?}",
            seen.borrow().last()
        );
        sleep(20).await;
        waited += 20;
    }
    let last = seen.borrow().last().cloned().unwrap();
    assert_eq!(
        (last.phase, last.progress.done),
        (Phase::Done, last.progress.total)
    );
    assert_eq!(solution(&runner).unwrap().report.width, 4000);
    runner.shut_down();
}
