//! Browser tests of the period-map page: URL state, zoom and pan arithmetic, bad input, the
//! mounted page drawing exactly the engine's picture (hover, recolour, click, zoom button),
//! and the PNG export sizes it offers.

use crate::common::{bad_link_error, canvas_rgba, document, mount_at, mouse, sleep, text, unmount};
use heaplab_engine::figure::{self, Colouring};
use heaplab_engine::period_map::{self, Family, Window, MAX_PIXELS};
use heaplab_engine::Budget;
use heaplab_web::components::export::export_fits;
use heaplab_web::pages::period_map::{box_window, pan, pixel_to_point, zoom};
use heaplab_web::route::{MapQuery, Route};
use heaplab_web::tiles::runner::MAX_HEAPS;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{Element, HtmlCanvasElement, HtmlInputElement};

#[wasm_bindgen_test]
fn map_query_round_trips() {
    let text = "family=3move&fixed=301&s1=40..160&s2=90..210&colour=class";
    let q = MapQuery::from_query(text);
    assert_eq!(q.to_query(), text);
    assert_eq!(q.to_hash(), format!("#/period-map?{text}"));
    assert_eq!(MapQuery::from_query(&q.to_query()), q);
    let params = q.validate().expect("valid");
    assert_eq!(params.family, Family::ThreeMove { s3: 301 });
    assert_eq!(
        params.window,
        Window {
            x0: 40,
            x1: 160,
            y0: 90,
            y1: 210
        }
    );
    assert_eq!(params.colouring, Colouring::Class);
    assert_eq!(params.to_query(), q);
    // Other families and colourings, written canonically (spaces trimmed).
    let q = MapQuery::from_query("family=maxsym5&fixed=+61&s1=1..30&s2=1..31&colour=period");
    let params = q.validate().expect("valid");
    assert_eq!(params.family, Family::MaxSym5 { m: 61 });
    assert_eq!(params.colouring, Colouring::LogPeriod);
    assert_eq!(
        q.to_query(),
        "family=maxsym5&fixed=61&s1=1..30&s2=1..31&colour=period"
    );
    let q = MapQuery::from_query("family=4move&colour=preperiod");
    let params = q.validate().expect("valid");
    assert_eq!(params.family, Family::FourMove { s3: 997 });
    assert_eq!(params.colouring, Colouring::LogPreperiod);
    // Without a colour, the 4-move and 5-move maps open in the log period (class colouring
    // would paint them one colour); the 3-move map in its classes.
    for (family, colouring) in [
        ("4move", Colouring::LogPeriod),
        ("maxsym5", Colouring::LogPeriod),
        ("3move", Colouring::Class),
    ] {
        let q = MapQuery::from_query(&format!("family={family}"));
        assert_eq!(
            q.validate().expect("valid").colouring,
            colouring,
            "{family}"
        );
    }
}

#[wasm_bindgen_test]
fn map_defaults_are_the_papers_window() {
    let q = MapQuery::from_query("");
    assert_eq!(
        q.to_query(),
        "family=3move&fixed=3001&s1=401..1600&s2=901..2100&colour=class"
    );
    let params = q.validate().expect("valid");
    assert_eq!(params.window.pixels(), 1199 * 1199);
    assert_eq!(Route::parse("#/period-map"), Route::PeriodMap(q));
    assert_eq!(
        Route::parse("#/period-map?s1=1..5").title(),
        "Period maps — HeapLab"
    );
}

/// Every message about the fixed move gives the engine's range (3 for s3, 5 for m), never 0.
#[wasm_bindgen_test]
fn map_fixed_move_messages_agree_with_the_engine() {
    for (family, least) in [("3move", 3), ("4move", 3), ("maxsym5", 5)] {
        for fixed in ["0", "1", "-2", "1000001"] {
            let errors = MapQuery::from_query(&format!("family={family}&fixed={fixed}"))
                .validate()
                .expect_err(fixed);
            let message = errors.fixed.expect("a fixed-move message");
            assert!(
                message.contains(&format!("between {least} and")),
                "{family} {fixed}: {message}"
            );
        }
        let engine = Family::from_name(family, 0)
            .expect_err("0 is refused")
            .to_string();
        assert!(engine.contains(&format!("between {least} and")), "{engine}");
    }
}

#[wasm_bindgen_test]
fn map_bad_params_are_errors_not_panics() {
    for (query, field, needle) in [
        ("family=5move", "family", "unknown family"),
        ("fixed=abc", "fixed", "whole number"),
        ("fixed=2", "fixed", "between 3"),
        ("fixed=-5", "fixed", "between"),
        ("fixed=200000", "fixed", "between"),
        ("family=maxsym5&fixed=4", "fixed", "m must be between 5"),
        ("s1=160..40", "s1", "empty"),
        ("s1=40", "s1", "range like 40..160"),
        ("s1=a..b", "s1", "whole number"),
        ("s2=..", "s2", "whole number"),
        ("s1=0..3000&s2=0..3000", "window", "at most 4000000"),
        ("colour=rainbow", "colour", "unknown colouring"),
    ] {
        let errors = MapQuery::from_query(query).validate().expect_err(query);
        let message = match field {
            "family" => errors.family.clone(),
            "fixed" => errors.fixed.clone(),
            "s1" => errors.s1.clone(),
            "s2" => errors.s2.clone(),
            "window" => errors.window.clone(),
            _ => errors.colour.clone(),
        }
        .unwrap_or_default();
        assert!(message.contains(needle), "{query}: {errors:?}");
        assert!(errors.messages().contains(&message));
    }
    // Several problems are reported together.
    let errors = MapQuery::from_query("fixed=x&s1=x&s2=x&colour=x")
        .validate()
        .expect_err("bad");
    assert_eq!(errors.messages().len(), 4);
    for query in [
        "%",
        "family=%ZZ",
        "s1=%E2%88%92%31..5",
        "&&&=",
        "s1=1..99999999999999999999",
    ] {
        let _ = MapQuery::from_query(query).validate();
        let _ = Route::parse(&format!("#/period-map?{query}"));
    }
}

#[wasm_bindgen_test]
fn zoom_and_pan_stay_valid() {
    let w = Window {
        x0: 401,
        x1: 1600,
        y0: 901,
        y1: 2100,
    };
    let z = zoom(w, 0.5, 0.5, 0.5);
    assert_eq!((z.x1 - z.x0, z.y1 - z.y0), (600, 600));
    assert!(z.x0 > w.x0 && z.x1 < w.x1);
    // Zooming around the bottom-left corner keeps it.
    let z = zoom(w, 0.5, 0.0, 0.0);
    assert_eq!((z.x0, z.y0), (w.x0, w.y0));
    // Zooming out is capped at MAX_PIXELS and never goes below 0.
    let out = zoom(w, 100.0, 0.5, 0.5);
    assert!(
        out.pixels() <= MAX_PIXELS && out.validate().is_ok(),
        "{out:?}"
    );
    let small = Window {
        x0: 0,
        x1: 4,
        y0: 0,
        y1: 4,
    };
    assert_eq!(zoom(small, 0.1, 0.5, 0.5), small);
    assert_eq!(pan(small, -1.0, -1.0), small);
    let right = pan(w, 0.25, 0.0);
    assert_eq!(
        (right.x0, right.x1, right.y0),
        (w.x0 + 300, w.x1 + 300, w.y0)
    );
    for f in [f64::NAN, f64::INFINITY, -3.0, 0.0] {
        assert!(zoom(w, f, f, f).validate().is_ok());
        assert!(pan(w, f, f).validate().is_ok());
    }
    // Canvas pixel (col, row) is ruleset (x0 + col, y1 - 1 - row).
    assert_eq!(pixel_to_point(w, 0, 0), Some((401, 2099)));
    assert_eq!(pixel_to_point(w, 1198, 1198), Some((1599, 901)));
    assert_eq!(pixel_to_point(w, 1199, 0), None);
    assert_eq!(pixel_to_point(w, -1, 0), None);
    assert_eq!(
        box_window(w, (10, 20), (0, 0)),
        Some(Window {
            x0: 401,
            x1: 412,
            y0: 2079,
            y1: 2100
        })
    );
}

/// Waits until the map canvas says it is complete (at most `limit_ms`).
async fn wait_complete(root: &Element, limit_ms: u64) -> HtmlCanvasElement {
    let mut waited = 0;
    loop {
        let canvas = root.query_selector("#period-map").unwrap();
        if let Some(c) = &canvas {
            if c.get_attribute("data-complete").as_deref() == Some("true") {
                return canvas.unwrap().dyn_into().unwrap();
            }
        }
        assert!(
            waited < limit_ms,
            "the map did not complete: {:?}",
            text(root, "#map-status")
        );
        sleep(50).await;
        waited += 50;
    }
}

#[wasm_bindgen_test]
async fn tiny_map_matches_the_engine_render() {
    let hash = "#/period-map?family=3move&fixed=31&s1=1..31&s2=1..31&colour=class";
    let (root, handle) = mount_at(hash).await;
    assert_eq!(document().title(), "Period maps — HeapLab");
    let canvas = wait_complete(&root, 20_000).await;
    let window = Window {
        x0: 1,
        x1: 31,
        y0: 1,
        y1: 31,
    };
    for (attr, value) in [
        ("data-x0", 1),
        ("data-x1", 31),
        ("data-y0", 1),
        ("data-y1", 31),
    ] {
        assert_eq!(
            canvas.get_attribute(attr),
            Some(value.to_string()),
            "{attr}"
        );
    }
    assert_eq!((canvas.width(), canvas.height()), (30, 30));
    let status = text(&root, "#map-status").unwrap();
    assert!(status.contains("done"), "{status}");
    // The test runner serves no worker script: the page fell back to the main thread.
    assert!(status.contains("main thread"), "{status}");
    // The bar and "done" count rulesets (x < y: 435 of the 900 pixels), the legend's unit.
    let family = Family::ThreeMove { s3: 31 };
    assert_eq!(family.rulesets_in(window), 435);
    let progress = root.query_selector("#map-progress").unwrap().unwrap();
    assert_eq!(progress.get_attribute("value").as_deref(), Some("435"));
    assert!(status.starts_with("done: 435 rulesets"), "{status}");

    let cells = period_map::compute(family, window, MAX_HEAPS, &mut Budget::unlimited()).unwrap();
    assert_eq!(
        canvas_rgba(&canvas),
        figure::render_map(&cells, window, Colouring::Class)
    );
    // One legend row per class, with the engine's counts.
    for (class, n) in period_map::class_counts(&cells) {
        let row = root
            .query_selector(&format!("#map-counts tr[data-class='{}']", class.name()))
            .unwrap()
            .unwrap_or_else(|| panic!("row {}", class.name()));
        assert_eq!(row.get_attribute("data-count"), Some(n.to_string()));
    }

    // Hovering pixel (col 1, row 0) reads ruleset (s1, s2) = (2, 30), that is {2, 30, 31}.
    mouse(&canvas, "mousemove", 1, 0);
    sleep(50).await;
    let hover = text(&root, "#map-hover").unwrap();
    let cell = cells.iter().find(|c| (c.x, c.y) == (2, 30)).unwrap();
    assert!(hover.starts_with("S = {2, 30, 31}"), "{hover}");
    assert!(
        hover.contains(&format!("period {}", cell.period.unwrap())),
        "{hover}"
    );
    // Pixel (col 29, row 29) is (30, 1): not a ruleset.
    mouse(&canvas, "mousemove", 29, 29);
    sleep(50).await;
    assert!(text(&root, "#map-hover").unwrap().contains("not a ruleset"));

    // Recolouring by log period redraws the same cells with the engine's colours.
    let select: web_sys::HtmlSelectElement = root
        .query_selector("#map-colour")
        .unwrap()
        .unwrap()
        .dyn_into()
        .unwrap();
    select.set_value("period");
    let init = web_sys::EventInit::new();
    init.set_bubbles(true);
    select
        .dispatch_event(&web_sys::Event::new_with_event_init_dict("change", &init).unwrap())
        .unwrap();
    sleep(300).await;
    assert!(web_sys::window()
        .unwrap()
        .location()
        .hash()
        .unwrap()
        .ends_with("colour=period"));
    let canvas = wait_complete(&root, 5_000).await;
    assert_eq!(
        canvas_rgba(&canvas),
        figure::render_map(&cells, window, Colouring::LogPeriod)
    );
    assert!(root.query_selector("#map-ramp").unwrap().is_some());

    // Clicking a ruleset opens it on the subtraction page.
    mouse(&canvas, "mousedown", 1, 0);
    mouse(&canvas, "mouseup", 1, 0);
    sleep(300).await;
    // Enough heaps to show the ruleset's period twice (`terms_to_show`), from the map's cell.
    let one = Window {
        x0: 2,
        x1: 3,
        y0: 30,
        y1: 31,
    };
    let cell = period_map::compute(family, one, MAX_HEAPS, &mut Budget::unlimited()).unwrap()[0];
    let period = cell.preperiod.zip(cell.period);
    let n = heaplab_web::route::terms_to_show(&[2, 30, 31], period);
    assert_eq!(
        web_sys::window().unwrap().location().hash().unwrap(),
        format!("#/subtraction?S=2,30,31&n={n}")
    );
    unmount(root, handle);
}

#[wasm_bindgen_test]
async fn map_zoom_button_pushes_a_new_window() {
    let (root, handle) =
        mount_at("#/period-map?family=3move&fixed=31&s1=1..31&s2=1..31&colour=class").await;
    wait_complete(&root, 20_000).await;
    let button: web_sys::HtmlElement = root
        .query_selector("#map-zoom-in")
        .unwrap()
        .unwrap()
        .dyn_into()
        .unwrap();
    button.click();
    sleep(300).await;
    assert_eq!(
        web_sys::window().unwrap().location().hash().unwrap(),
        "#/period-map?family=3move&fixed=31&s1=9..24&s2=9..24&colour=class"
    );
    let canvas = wait_complete(&root, 20_000).await;
    assert_eq!(canvas.get_attribute("data-x0").as_deref(), Some("9"));
    assert_eq!((canvas.width(), canvas.height()), (15, 15));
    let s1: HtmlInputElement = root
        .query_selector("#map-s1")
        .unwrap()
        .unwrap()
        .dyn_into()
        .unwrap();
    assert_eq!(s1.value(), "9..24");
    unmount(root, handle);
}

#[wasm_bindgen_test]
async fn map_bad_link_shows_an_inline_error() {
    let message = bad_link_error(
        "#/period-map?family=3move&fixed=x&s1=5..2&colour=class",
        "#map-error",
        &["#map-fixed"],
        &["#period-map"],
    )
    .await;
    assert!(
        message.contains("whole number") && message.contains("empty"),
        "{message}"
    );
}

/// The PNG size menus offer only sizes a browser can make: the paper's 1199 × 1199 map at ×4
/// (4796 px a side) but not ×8 (9592 × 9592 = 92 million pixels, over the 64 million cap).
#[wasm_bindgen_test]
fn export_menus_offer_only_sizes_that_fit() {
    assert!(export_fits((1199, 1199), 1));
    assert!(export_fits((1199, 1199), 4));
    assert!(!export_fits((1199, 1199), 8));
    assert!(!export_fits((3600, 2000), 8), "a side over 16,384 px");
    assert!(!export_fits((u64::from(u32::MAX), u64::from(u32::MAX)), 8));
}
