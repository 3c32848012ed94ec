//! Browser tests of the web app: URL state round trips, bad input, and the mounted app.
//!
//! Run with `CHROMEDRIVER=/usr/bin/chromedriver
//! CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner
//! cargo test -p heaplab-web --target wasm32-unknown-unknown`.

use std::time::Duration;

use heaplab_engine::figure::{self, Colouring};
use heaplab_engine::period_map::{self, Family, Window, MAX_PIXELS};
use heaplab_engine::ruleset::NumberSet;
use heaplab_engine::Budget;
use heaplab_web::components::export::export_fits;
use heaplab_web::components::palette::value_rgb;
use heaplab_web::components::value_strip::{
    cell_origin, strip_layout, TAP_CELL, TAP_HEAPS, TARGET_WIDTH,
};
use heaplab_web::pages::period_map::{box_window, pan, pixel_to_point, zoom};
use heaplab_web::pages::subtraction::search_limit;
use heaplab_web::route::{MapQuery, Route, SetKind, SubtractionQuery};
use heaplab_web::tiles::runner::MAX_HEAPS;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{CanvasRenderingContext2d, Element, HtmlCanvasElement, HtmlInputElement};

wasm_bindgen_test_configure!(run_in_browser);

// ---- URL state ---------------------------------------------------------------------------

#[wasm_bindgen_test]
fn finite_query_round_trips() {
    let q = SubtractionQuery::from_query("S=2,3,7&n=200");
    assert_eq!(q.kind, SetKind::Finite);
    assert_eq!(q.to_query(), "S=2,3,7&n=200");
    let params = q.validate().expect("valid");
    assert_eq!(params.set.elements(), &[2, 3, 7]);
    assert_eq!(params.terms, 200);
    assert_eq!(SubtractionQuery::from_query(&q.to_query()), q);
}

#[wasm_bindgen_test]
fn query_is_canonicalised() {
    // Braces, spaces and order as typed (percent-encoded in the URL) come back canonical.
    let q = SubtractionQuery::from_query("S=%7B7%2C%203%202%7D&n=50");
    assert_eq!(q.set, "{7, 3 2}");
    assert_eq!(q.to_query(), "S=2,3,7&n=50");
    assert_eq!(q.to_hash(), "#/subtraction?S=2,3,7&n=50");
    let plus = SubtractionQuery::from_query("S=2+3+7&n=50");
    assert_eq!(plus.to_query(), "S=2,3,7&n=50");
}

#[wasm_bindgen_test]
fn all_but_query_round_trips() {
    let q = SubtractionQuery::from_query("E=3,6&n=200");
    assert_eq!(q.kind, SetKind::AllBut);
    assert_eq!(q.to_query(), "E=3,6&n=200");
    assert_eq!(SubtractionQuery::from_query(&q.to_query()), q);
    // An empty exclusion set is plain Nim, and valid.
    let nim = SubtractionQuery::from_query("E=&n=10");
    assert!(nim.validate().is_ok());
    assert_eq!(nim.to_query(), "E=&n=10");
}

#[wasm_bindgen_test]
fn defaults_fill_missing_keys() {
    let q = SubtractionQuery::from_query("");
    assert_eq!(q.to_query(), "S=2,5,7&n=100");
    assert_eq!(
        SubtractionQuery::from_query("S=4,9").to_query(),
        "S=4,9&n=100"
    );
}

#[wasm_bindgen_test]
fn bad_params_are_errors_not_panics() {
    let errors = SubtractionQuery::from_query("S=-1&n=abc")
        .validate()
        .expect_err("bad");
    assert!(
        errors.set.as_deref().unwrap_or("").contains("negative"),
        "{errors:?}"
    );
    assert!(
        errors
            .terms
            .as_deref()
            .unwrap_or("")
            .contains("whole number"),
        "{errors:?}"
    );
    for (query, needle) in [
        ("S=2,x&n=10", "not a whole number"),
        ("S=&n=10", "empty"),
        ("S=0,2&n=10", "0 is not allowed"),
        ("S=2,2&n=10", "listed twice"),
        ("S=2000000&n=10", "too large"),
        ("S={2,3&n=10", "no closing"),
        ("S=2,3&E=4&n=10", "both S"),
    ] {
        let errors = SubtractionQuery::from_query(query)
            .validate()
            .expect_err(query);
        let message = errors.set.unwrap_or_default();
        assert!(message.contains(needle), "{query}: {message}");
    }
    let huge: Vec<String> = (1..=300).map(|i| (i * 3000).to_string()).collect();
    for (query, needle) in [
        (
            format!("S={}&n=10", huge.join(",")),
            "too large for the browser page",
        ),
        (
            format!("E={}&n=10", huge.join(",")),
            "too large for the browser page",
        ),
    ] {
        let errors = SubtractionQuery::from_query(&query)
            .validate()
            .expect_err(&query);
        let message = errors.set.unwrap_or_default();
        assert!(message.contains(needle), "{query}: {message}");
    }
    // n × |S| is capped too: 1,000 moves allow at most 50,000 heaps.
    let thousand: Vec<String> = (1..=1000).map(|i| i.to_string()).collect();
    let errors = SubtractionQuery::from_query(&format!("S={}&n=50001", thousand.join(",")))
        .validate()
        .expect_err("too many heaps");
    assert!(errors
        .terms
        .unwrap_or_default()
        .contains("at most 50000 heaps"));
    for (query, needle) in [
        ("S=2&n=0", "between 1 and 100000"),
        ("S=2&n=100001", "between 1 and 100000"),
        ("S=2&n=-4", "between"),
        ("S=2&n=", "whole number"),
    ] {
        let errors = SubtractionQuery::from_query(query)
            .validate()
            .expect_err(query);
        let message = errors.terms.unwrap_or_default();
        assert!(message.contains(needle), "{query}: {message}");
    }
    // Garbage never panics.
    for query in [
        "%",
        "%%%",
        "S=%ZZ",
        "&&&",
        "S=%E2%88%92%31",
        "=",
        "S==",
        "n=1e9",
    ] {
        let _ = SubtractionQuery::from_query(query).validate();
        let _ = Route::parse(&format!("#/subtraction?{query}"));
    }
}

#[wasm_bindgen_test]
fn routes_parse() {
    assert_eq!(Route::parse(""), Route::Home);
    assert_eq!(Route::parse("#/"), Route::Home);
    assert!(matches!(
        Route::parse("#/subtraction?S=2"),
        Route::Subtraction(_)
    ));
    assert_eq!(
        Route::parse("#/no-such-page"),
        Route::NotFound("/no-such-page".into())
    );
    assert_eq!(
        Route::parse("#/subtraction?S=2").title(),
        "Subtraction games — HeapLab"
    );
}

#[wasm_bindgen_test]
fn search_limit_is_bounded() {
    let small = NumberSet::parse("2,5,7").unwrap();
    assert_eq!(search_limit(&small), 2_000_000);
    // Worst-case work (|S| × heaps and max S × heaps) stays bounded.
    let big = NumberSet::parse("1000000").unwrap();
    assert_eq!(search_limit(&big), 1_000);
    assert_eq!(search_limit(&NumberSet::parse("1000").unwrap()), 300_000);
    let many = NumberSet::from_elements((1..=1000).collect()).unwrap();
    assert!(search_limit(&many) * 1000 <= 30_000_000);
}

#[wasm_bindgen_test]
fn strip_geometry() {
    let (cell, per_row) = strip_layout(60, None, TARGET_WIDTH);
    assert_eq!(
        cell_origin(41, cell, per_row),
        (u64::from(cell), u64::from(cell))
    );
    assert_eq!(value_rgb(0), [0, 0, 0]);
}

#[wasm_bindgen_test]
fn a_phone_strip_has_cells_big_enough_to_tap() {
    // A 390 px phone leaves about 358 CSS px for the strip.
    for n in [1, 60, 1000, TAP_HEAPS] {
        let (cell, per_row) = strip_layout(n, None, 358);
        assert_eq!(cell, TAP_CELL, "{n} heaps");
        assert!(
            per_row * u64::from(cell) <= 358 && per_row == 14.min(n),
            "{n}: {per_row}"
        );
    }
    // Rows still line up with a period that fits.
    assert_eq!(strip_layout(500, Some(7), 358), (TAP_CELL, 14));
    // Past TAP_HEAPS the strip keeps its area target, within the box.
    let (cell, per_row) = strip_layout(100_000, None, 358);
    assert!(cell < TAP_CELL && per_row * u64::from(cell) <= 358);
    // The desktop layout is unchanged (cells up to 24 px, 960 px rows).
    assert_eq!(strip_layout(60, None, 1_200), (24, 40));
}

// ---- The mounted app ---------------------------------------------------------------------

fn document() -> web_sys::Document {
    web_sys::window().unwrap().document().unwrap()
}

/// Sets the hash, mounts the app into a fresh div and waits for it to render.
async fn mount_at(hash: &str) -> (Element, yew::AppHandle<heaplab_web::app::App>) {
    web_sys::window()
        .unwrap()
        .location()
        .set_hash(hash)
        .unwrap();
    let root = document().create_element("div").unwrap();
    document().body().unwrap().append_child(&root).unwrap();
    let handle = heaplab_web::mount(root.clone());
    sleep(150).await;
    (root, handle)
}

fn unmount(root: Element, handle: yew::AppHandle<heaplab_web::app::App>) {
    handle.destroy();
    root.remove();
}

/// Opens the tampered link `hash` and checks the page survives it: the `error` box is an
/// alert, the site header and every `present` selector are there, and no `absent` one (the
/// results). Returns the alert's text.
async fn bad_link_error(hash: &str, error: &str, present: &[&str], absent: &[&str]) -> String {
    let (root, handle) = mount_at(hash).await;
    let alert = root.query_selector(error).unwrap().expect(error);
    assert_eq!(alert.get_attribute("role").as_deref(), Some("alert"));
    let message = alert.text_content().unwrap();
    assert!(root.query_selector(".site-header").unwrap().is_some());
    for selector in present {
        assert!(
            root.query_selector(selector).unwrap().is_some(),
            "{selector}"
        );
    }
    for selector in absent {
        assert!(
            root.query_selector(selector).unwrap().is_none(),
            "{selector}"
        );
    }
    unmount(root, handle);
    message
}

async fn sleep(ms: u64) {
    yew::platform::time::sleep(Duration::from_millis(ms)).await;
}

fn text(root: &Element, selector: &str) -> Option<String> {
    root.query_selector(selector)
        .ok()
        .flatten()
        .and_then(|e| e.text_content())
}

fn type_into(root: &Element, selector: &str, value: &str) {
    let input: HtmlInputElement = root
        .query_selector(selector)
        .unwrap()
        .unwrap()
        .dyn_into()
        .unwrap();
    input.set_value(value);
    let init = web_sys::EventInit::new();
    init.set_bubbles(true);
    let event = web_sys::Event::new_with_event_init_dict("input", &init).unwrap();
    input.dispatch_event(&event).unwrap();
}

fn pixel(canvas: &HtmlCanvasElement, x: f64, y: f64) -> [u8; 4] {
    let ctx: CanvasRenderingContext2d = canvas
        .get_context("2d")
        .unwrap()
        .unwrap()
        .dyn_into()
        .unwrap();
    let data = ctx.get_image_data(x, y, 1.0, 1.0).unwrap().data();
    [data[0], data[1], data[2], data[3]]
}

#[wasm_bindgen_test]
async fn subtraction_page_shows_the_proven_period() {
    let (root, handle) = mount_at("#/subtraction?S=2,5,7&n=60").await;
    assert_eq!(text(&root, "#outcome-period").as_deref(), Some("22"));
    assert_eq!(text(&root, "#outcome-preperiod").as_deref(), Some("0"));
    assert_eq!(text(&root, "#nim-period").as_deref(), Some("22"));
    assert_eq!(text(&root, "#nim-preperiod").as_deref(), Some("0"));
    assert!(root.query_selector("#set-error").unwrap().is_none());
    assert_eq!(document().title(), "Subtraction games — HeapLab");

    // The strip: heap 0 is P (black), heap 2 has nim-value 1 (not black).
    let canvas: HtmlCanvasElement = root
        .query_selector("#value-strip")
        .unwrap()
        .unwrap()
        .dyn_into()
        .unwrap();
    let cell: u64 = canvas.get_attribute("data-cell").unwrap().parse().unwrap();
    let per_row: u64 = canvas
        .get_attribute("data-per-row")
        .unwrap()
        .parse()
        .unwrap();
    let centre = |i: u64| {
        let (x, y) = cell_origin(i, cell as u32, per_row);
        ((x + cell / 2) as f64, (y + cell / 2) as f64)
    };
    let (x, y) = centre(0);
    assert_eq!(pixel(&canvas, x, y), [0, 0, 0, 255]);
    let (x, y) = centre(2);
    let [r, g, b] = value_rgb(1);
    assert_eq!(pixel(&canvas, x, y), [r, g, b, 255]);

    // The why panel explains heap 10 (P) by default.
    assert!(text(&root, "#why-verdict").unwrap().contains("P-position"));
    // Clicking the cell of heap 41 explains heap 41.
    let rect = canvas.get_bounding_client_rect();
    let scale = rect.width() / f64::from(canvas.width());
    let (x, y) = centre(41);
    let init = web_sys::MouseEventInit::new();
    init.set_bubbles(true);
    init.set_client_x((rect.left() + x * scale) as i32);
    init.set_client_y((rect.top() + y * scale) as i32);
    let click = web_sys::MouseEvent::new_with_mouse_event_init_dict("click", &init).unwrap();
    canvas.dispatch_event(&click).unwrap();
    sleep(50).await;
    let why: HtmlInputElement = root
        .query_selector("#why-heap")
        .unwrap()
        .unwrap()
        .dyn_into()
        .unwrap();
    assert_eq!(why.value(), "41");
    assert!(text(&root, "#why-verdict")
        .unwrap()
        .starts_with("Heap 41 is"));
    unmount(root, handle);
}

#[wasm_bindgen_test]
async fn all_but_page_shows_the_saltus() {
    let (root, handle) = mount_at("#/subtraction?E=3,6&n=60").await;
    assert_eq!(text(&root, "#nim-period").as_deref(), Some("9"));
    assert_eq!(text(&root, "#nim-preperiod").as_deref(), Some("0"));
    assert_eq!(text(&root, "#saltus").as_deref(), Some("3"));
    let allbut: HtmlInputElement = root
        .query_selector("#kind-allbut")
        .unwrap()
        .unwrap()
        .dyn_into()
        .unwrap();
    assert!(allbut.checked());
    unmount(root, handle);
}

#[wasm_bindgen_test]
async fn bad_link_shows_an_inline_error() {
    let message = bad_link_error(
        "#/subtraction?S=-1&n=abc",
        "#set-error",
        &["#set-input"],
        &["#outcome-period"],
    )
    .await;
    assert!(
        message.contains("negative") && message.contains("whole number"),
        "{message}"
    );
}

#[wasm_bindgen_test]
async fn typing_commits_to_the_url_and_back_restores() {
    let (root, handle) = mount_at("#/subtraction?S=2,5,7&n=60").await;
    type_into(&root, "#set-input", "2 4 7");
    sleep(1_000).await;
    let hash = web_sys::window().unwrap().location().hash().unwrap();
    assert_eq!(hash, "#/subtraction?S=2,4,7&n=60");
    assert_eq!(text(&root, "#outcome-period").as_deref(), Some("3"));
    assert_eq!(text(&root, "#outcome-preperiod").as_deref(), Some("4"));
    // The typed text is not rewritten under the visitor's fingers.
    let input: HtmlInputElement = root
        .query_selector("#set-input")
        .unwrap()
        .unwrap()
        .dyn_into()
        .unwrap();
    assert_eq!(input.value(), "2 4 7");

    type_into(&root, "#set-input", "2,x");
    sleep(50).await;
    assert!(text(&root, "#set-error")
        .unwrap()
        .contains("not a whole number"));

    web_sys::window()
        .unwrap()
        .history()
        .unwrap()
        .back()
        .unwrap();
    sleep(400).await;
    assert_eq!(text(&root, "#outcome-period").as_deref(), Some("22"));
    assert_eq!(input.value(), "2,5,7");
    assert!(root.query_selector("#set-error").unwrap().is_none());
    unmount(root, handle);
}

#[wasm_bindgen_test]
async fn play_against_the_computer() {
    // S = {1, 2}: heap 4 is N (take 1 to reach 3, a P-position).
    let (root, handle) = mount_at("#/subtraction?S=1,2&n=30").await;
    type_into(&root, "#play-heap-input", "4");
    sleep(30).await;
    let start: web_sys::HtmlElement = root
        .query_selector("#play-start")
        .unwrap()
        .unwrap()
        .dyn_into()
        .unwrap();
    start.click();
    sleep(50).await;
    assert_eq!(text(&root, "#play-heap").as_deref(), Some("4"));
    let moves = root.query_selector_all(".play-move").unwrap();
    assert_eq!(moves.length(), 2);
    // Take 1 (the winning move): the computer answers from 3 and leaves 1 or 2.
    let take_one: web_sys::HtmlElement = moves.get(0).unwrap().dyn_into().unwrap();
    assert_eq!(take_one.text_content().as_deref(), Some("1"));
    take_one.click();
    sleep(50).await;
    let heap: u64 = text(&root, "#play-heap").unwrap().parse().unwrap();
    assert!(heap == 1 || heap == 2, "{heap}");
    // Take everything that is left: the visitor wins.
    let last: web_sys::HtmlElement = root
        .query_selector(&format!(".play-move:nth-child({heap})"))
        .unwrap()
        .unwrap()
        .dyn_into()
        .unwrap();
    last.click();
    sleep(50).await;
    assert!(text(&root, "#play-status").unwrap().starts_with("You win"));
    unmount(root, handle);
}

#[wasm_bindgen_test]
async fn unknown_route_is_not_blank() {
    let (root, handle) = mount_at("#/no-such-page").await;
    assert!(text(&root, ".not-found")
        .unwrap()
        .contains("Page not found"));
    assert!(root
        .query_selector(".not-found a[href='#/']")
        .unwrap()
        .is_some());
    unmount(root, handle);
}

#[wasm_bindgen_test]
async fn home_lists_the_families() {
    let (root, handle) = mount_at("#/").await;
    let cards = root.query_selector_all(".card-grid > li").unwrap();
    // One card per page of the registry.
    assert_eq!(cards.length() as usize, heaplab_web::route::CARDS.len());
    assert!(cards.length() >= 11, "{} cards", cards.length());
    // Every card is either live (with a link) or coming soon (without one).
    let live = root.query_selector_all(".family.live").unwrap().length();
    let soon = root.query_selector_all(".family.soon").unwrap().length();
    assert_eq!(live + soon, cards.length());
    assert!(root
        .query_selector(".family.live a[href='#/explore']")
        .unwrap()
        .is_some());
    assert!(root.query_selector(".family.soon a").unwrap().is_none());
    assert!(root
        .query_selector(".family.live a[href='#/cumulative-subtraction']")
        .unwrap()
        .is_some());
    assert!(root
        .query_selector(".family.live a[href='#/octal']")
        .unwrap()
        .is_some());
    assert!(root
        .query_selector(".family.live a[href='#/period-map']")
        .unwrap()
        .is_some());
    assert!(root
        .query_selector(".family.live a[href='#/plane']")
        .unwrap()
        .is_some());
    assert!(root
        .query_selector(".family.live a[href^='#/cumulative-games']")
        .unwrap()
        .is_some());
    unmount(root, handle);
}

// ---- Period maps: URL state ----------------------------------------------------------------

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

// ---- Period maps: the mounted page ----------------------------------------------------------

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

fn canvas_rgba(canvas: &HtmlCanvasElement) -> Vec<u8> {
    let ctx: CanvasRenderingContext2d = canvas
        .get_context("2d")
        .unwrap()
        .unwrap()
        .dyn_into()
        .unwrap();
    ctx.get_image_data(
        0.0,
        0.0,
        f64::from(canvas.width()),
        f64::from(canvas.height()),
    )
    .unwrap()
    .data()
    .to_vec()
}

fn mouse(canvas: &HtmlCanvasElement, kind: &str, col: u32, row: u32) {
    let rect = canvas.get_bounding_client_rect();
    let scale = rect.width() / f64::from(canvas.width());
    let init = web_sys::MouseEventInit::new();
    init.set_bubbles(true);
    init.set_client_x((rect.left() + (f64::from(col) + 0.5) * scale) as i32);
    init.set_client_y((rect.top() + (f64::from(row) + 0.5) * scale) as i32);
    let event = web_sys::MouseEvent::new_with_mouse_event_init_dict(kind, &init).unwrap();
    canvas.dispatch_event(&event).unwrap();
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

// ---- 2-D subtraction (#/plane) ----------------------------------------------------------------

use heaplab_engine::plane::{self as plane_engine, MoveSet};
use heaplab_web::route::plane::{PlaneMode, PlaneQuery, View, PAGE_MAX_CELLS};

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
    assert_eq!(canvas_rgba(&canvas), plane_engine::render_nim_values(&nim));
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
    use heaplab_web::pages::plane::runner::{Phase, PlaneRunner, Progress};
    use std::cell::RefCell;
    use std::rc::Rc;
    let seen: Rc<RefCell<Vec<Progress>>> = Rc::default();
    let sink = seen.clone();
    let runner = PlaneRunner::new(yew::Callback::from(move |p: Progress| {
        sink.borrow_mut().push(p)
    }));
    let key = PlaneQuery::from_query("moves=2,6;3,3;6,1;19,6&w=4000&h=4000&mode=outcome")
        .validate()
        .unwrap()
        .key();
    runner.start(key.clone());
    assert_eq!(seen.borrow().last().unwrap().phase, Phase::Running);
    runner.cancel();
    sleep(500).await;
    let last = seen.borrow().last().cloned().unwrap();
    assert_eq!(last.phase, Phase::Cancelled);
    assert!(last.done < last.total || last.total == 0, "{last:?}");
    assert!(runner.solution().is_none());
    assert!(!seen.borrow().iter().any(|p| p.phase == Phase::Done));
    // Again, to the end.
    runner.start(key);
    let mut waited = 0;
    while runner.solution().is_none() {
        assert!(
            waited < 20_000,
            "the second job did not finish: {:?}",
            seen.borrow().last()
        );
        sleep(20).await;
        waited += 20;
    }
    let last = seen.borrow().last().cloned().unwrap();
    assert_eq!((last.phase, last.done), (Phase::Done, last.total));
    assert_eq!(runner.solution().unwrap().report.width, 4000);
    runner.shut_down();
}

// ---- Cumulative subtraction ---------------------------------------------------------------

use heaplab_engine::cumulative_subtraction as cs;
use heaplab_web::pages::cumulative_subtraction::heatmap::readout;
use heaplab_web::route::cumulative::CumulativeQuery;

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
    // Circles: Figure 1 for {2,3} has 5 residues.
    assert_eq!(
        root.query_selector_all("#cs-fig1 .circle-outside")
            .unwrap()
            .length(),
        5
    );
    // The heatmap pixel of (x1, x2) = (3, 0) is o(3) = 3 = max S: the red end.
    let canvas: HtmlCanvasElement = root
        .query_selector("#cs-heatmap")
        .unwrap()
        .unwrap()
        .dyn_into()
        .unwrap();
    assert_eq!((canvas.width(), canvas.height()), (20, 20));
    let [r, g, b] = figure::blue_red(1.0);
    assert_eq!(pixel(&canvas, 3.0, 19.0), [r, g, b, 255]);
    let report = cs::two_piles(&NumberSet::parse("2,3").unwrap(), 20, 20).unwrap();
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

// ---- octal page ----------------------------------------------------------------------------

#[wasm_bindgen_test]
fn octal_query_round_trips_and_validates() {
    use heaplab_web::route::OctalQuery;
    let q = OctalQuery::from_query("code=.16&max=500000&from=10&to=300");
    assert_eq!(q.to_hash(), "#/octal?code=.16&max=500000&from=10&to=300");
    let params = q.validate().unwrap();
    assert_eq!(
        (params.max, params.from, params.to),
        (500_000, 10, Some(300))
    );
    assert_eq!(params.rules.code(), "·16");
    assert_eq!(Route::parse("#/octal"), Route::Octal(OctalQuery::default()));
    for bad in [
        "code=.1W",
        "code=137",
        "code=.77&max=0",
        "code=.77&max=999999999999",
        "code=.77&from=50&to=10",
        "code=.77&to=-3",
    ] {
        let err = OctalQuery::from_query(bad)
            .validate()
            .unwrap_err()
            .to_string();
        assert!(!err.is_empty() && !err.contains('\n'), "{bad}: {err}");
    }
}

#[wasm_bindgen_test]
fn octal_csv_and_plot_window() {
    use heaplab_web::pages::octal::{drawn_heaps, plotted_range, values_csv};
    // Kayles' first values; mask 0 makes the evil numbers (0, 3, 5, 6, …) rare.
    let values = [0u32, 1, 2, 3, 1, 4];
    assert_eq!(
        values_csv(&values, Some(0)),
        "heap,value,class\n0,0,rare\n1,1,common\n2,2,common\n3,3,rare\n4,1,common\n5,4,common\n"
    );
    assert_eq!(values_csv(&values[..1], None), "heap,value,class\n0,0,\n");
    assert_eq!(plotted_range(100, 0, None), (0, 100));
    assert_eq!(plotted_range(100, 10, Some(50)), (10, 50));
    assert_eq!(plotted_range(100, 500, Some(900)), (99, 100));
    // Long windows are sampled, but every rare heap is kept.
    let long: Vec<u32> = (0..100_000)
        .map(|n| if n == 12_345 { 3 } else { 1 })
        .collect();
    let drawn = drawn_heaps(&long, 0, long.len(), Some(0));
    assert!(drawn.len() <= 20_001 && drawn.contains(&12_345));
}

#[wasm_bindgen_test]
fn octal_badge_shows_observed_not_proven() {
    use heaplab_web::pages::octal::verdict;
    use heaplab_web::worker::{solve_octal, OctalRequest};
    let solve = |code: &str| {
        let request = OctalRequest {
            code: code.into(),
            max_heaps: 200,
        };
        solve_octal(&request, &mut |_| {}).unwrap().0
    };
    // Lasker's nim: G(n + 4) = G(n) + 4 is seen, but no test proves it for an infinite code.
    let lasker = solve("4.(3)");
    assert_eq!(
        verdict(&lasker),
        "observed, not proven: G(n + 4) = G(n) + 4 from heap 1"
    );
    assert!(
        lasker.proof.contains("Howse–Nowakowski"),
        "{}",
        lasker.proof
    );
    assert_eq!(verdict(&solve(".77")), "proven by Theorem 3.73 up to 200");
    assert!(verdict(&solve("grundy")).starts_with("not yet periodic"));
}

#[wasm_bindgen_test]
fn octal_worker_request_solves_kayles() {
    use heaplab_web::worker::{solve_octal, OctalRequest};
    let result = solve_octal(
        &OctalRequest {
            code: ".77".into(),
            max_heaps: 10_000,
        },
        &mut |_| {},
    );
    let (report, values) = result.unwrap();
    assert_eq!(report.periodicity.period(), Some(12));
    assert_eq!(report.preperiod(), Some(71));
    assert_eq!(values.len() as u64, report.computed);
    let bad = solve_octal(
        &OctalRequest {
            code: ".9Z".into(),
            max_heaps: 10,
        },
        &mut |_| {},
    );
    assert!(bad.is_err());
}

/// The browser's module has its own octal path (one cell width, no block scans; see
/// `engine/src/octal/fast.rs`), which the native tests never run: its values equal the plain
/// mex of `octal::reference` on every code of up to two digits and on five Table 3.2 games.
#[wasm_bindgen_test]
fn octal_browser_path_matches_the_plain_mex() {
    use heaplab_engine::octal::{reference, Ruleset};
    use heaplab_web::worker::{solve_octal, OctalRequest};
    let two_digit = (1..64).map(|d| format!(".{}{}", d / 8, d % 8));
    let table = [".16", ".127", ".56", ".354", ".376"].map(String::from);
    for code in two_digit.chain(table) {
        let request = OctalRequest {
            code: code.clone(),
            max_heaps: 1_500,
        };
        let (_, values) = solve_octal(&request, &mut |_| {}).unwrap();
        let rules = Ruleset::parse(&code).unwrap();
        let slow = reference::nim_values(&rules, values.len());
        let fast: Vec<u64> = values.iter().map(|&v| u64::from(v)).collect();
        assert_eq!(fast, slow, "{code}");
    }
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

// ---- Search further and red pixels: the constant-memory outcome-period job (issue 16) ----

use heaplab_engine::Periodicity;
use heaplab_web::worker::{run_to_end, CycleRequest, JobOutput, JobSpec, Place, Unit};

#[wasm_bindgen_test]
fn further_flag_round_trips_and_only_1_sets_it() {
    let q = SubtractionQuery::from_query("S=30,120,361,481&n=200&further=1");
    assert!(q.further);
    assert_eq!(q.to_query(), "S=30,120,361,481&n=200&further=1");
    assert_eq!(SubtractionQuery::from_query(&q.to_query()), q);
    for text in [
        "S=2,3&n=20",
        "S=2,3&n=20&further=0",
        "S=2,3&n=20&further=yes",
    ] {
        let q = SubtractionQuery::from_query(text);
        assert!(!q.further, "{text}");
        assert!(!q.to_query().contains("further"), "{text}");
    }
}

/// Survey Section 4: {a, 4a, 12a + 1, 16a + 1} has outcome period 56a³ + 52a² + 9a + 1. For
/// a = 30 that is 1,559,071, beyond the page's own search for this set, and the job finds it
/// (preperiod 0), in steps with progress that only goes forward.
#[wasm_bindgen_test]
fn outcome_cycle_job_proves_a_period_beyond_the_page_search() {
    let a = 30u64;
    let moves = vec![30, 120, 361, 481];
    let period = 56 * a * a * a + 52 * a * a + 9 * a + 1;
    let set = NumberSet::from_elements(moves.clone()).unwrap();
    assert!(
        search_limit(&set) < period,
        "the page's own search would find it"
    );
    let spec = JobSpec::OutcomeCycle(CycleRequest { moves });
    let mut job = spec.start(Place::MainThread).expect("a valid set");
    let mut last = 0;
    while !job.step(5.0, &mut |_| {}).expect("no error") {
        let p = job.progress().expect("progress");
        assert_eq!(p.unit, Unit::Heaps);
        assert!(p.done >= last);
        last = p.done;
    }
    let expected = Periodicity::Proven {
        preperiod: 0,
        period,
        saltus: 0,
    };
    assert_eq!(job.output(), Ok(JobOutput::OutcomeCycle(expected)));
    assert!(last > 0, "the job ran in more than one step");
    assert_eq!(
        run_to_end(&spec, Place::Worker),
        Ok(JobOutput::OutcomeCycle(expected))
    );
}

#[wasm_bindgen_test]
fn outcome_cycle_job_rejects_a_bad_set_with_a_message() {
    for moves in [vec![], vec![0, 3], vec![3, 3]] {
        let spec = JobSpec::OutcomeCycle(CycleRequest {
            moves: moves.clone(),
        });
        let err = spec.start(Place::Worker).err();
        assert!(err.is_some_and(|m| !m.is_empty()), "{moves:?}");
    }
}

/// Issue 21: the one progress line counts done of total with percent and rate, and once every
/// unit is done (a tree or table is still being built) it says so instead of a time left.
#[wasm_bindgen_test]
fn the_progress_line_says_when_only_the_result_is_left_to_build() {
    use heaplab_web::format::progress_text;
    use heaplab_web::worker::{Progress, Unit};
    assert_eq!(
        progress_text(&Progress::new(0, 0, Unit::Cells), 0.0),
        "starting"
    );
    let running = progress_text(&Progress::new(1_200, 10_000, Unit::Cells), 4_000.0);
    assert!(
        running.starts_with("1,200 of 10,000 cells (12%) · 300 cells/s"),
        "{running}"
    );
    assert!(running.contains("left"), "{running}");
    let built = progress_text(&Progress::new(4_321, 4_321, Unit::Positions), 9_000.0);
    assert!(built.contains("(100%)"), "{built}");
    assert!(built.ends_with(" · putting the result together"), "{built}");
    assert!(!built.contains("left"), "{built}");
}
