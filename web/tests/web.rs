//! Browser tests of the web app: URL state round trips, bad input, and the mounted app.
//!
//! Run with `CHROMEDRIVER=/usr/bin/chromedriver
//! CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner
//! cargo test -p heaplab-web --target wasm32-unknown-unknown`.

use std::time::Duration;

use heaplab_engine::ruleset::NumberSet;
use heaplab_web::components::palette::value_rgb;
use heaplab_web::components::value_strip::{cell_origin, strip_layout};
use heaplab_web::pages::subtraction::search_limit;
use heaplab_web::route::{Route, SetKind, SubtractionQuery};
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
    assert_eq!(Route::parse("#/octal"), Route::NotFound("/octal".into()));
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
    let (cell, per_row) = strip_layout(60, None);
    assert_eq!(
        cell_origin(41, cell, per_row),
        (u64::from(cell), u64::from(cell))
    );
    assert_eq!(value_rgb(0), [0, 0, 0]);
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
    let (root, handle) = mount_at("#/subtraction?S=-1&n=abc").await;
    let error = root
        .query_selector("#set-error")
        .unwrap()
        .expect("#set-error");
    assert_eq!(error.get_attribute("role").as_deref(), Some("alert"));
    let message = error.text_content().unwrap();
    assert!(
        message.contains("negative") && message.contains("whole number"),
        "{message}"
    );
    // The rest of the page is there.
    assert!(root.query_selector(".site-header").unwrap().is_some());
    assert!(root.query_selector("#set-input").unwrap().is_some());
    assert!(root.query_selector("#outcome-period").unwrap().is_none());
    unmount(root, handle);
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
    assert_eq!(cards.length(), 7);
    assert_eq!(root.query_selector_all(".family.soon").unwrap().length(), 6);
    unmount(root, handle);
}
