//! Browser tests of the subtraction page: URL state round trips, bad input, the value strip's
//! geometry, the mounted page (periods, strip, why panel, typing, Back, play), and the
//! constant-memory outcome-period job behind "Search further".
//!
//! Run with `CHROMEDRIVER=/usr/bin/chromedriver
//! CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner
//! cargo test -p heaplab-web --target wasm32-unknown-unknown`.

use crate::common::{bad_link_error, document, mount_at, pixel, sleep, text, type_into, unmount};
use heaplab_engine::ruleset::NumberSet;
use heaplab_engine::Periodicity;
use heaplab_web::components::palette::value_rgb;
use heaplab_web::components::value_strip::{
    cell_origin, strip_layout, TAP_CELL, TAP_HEAPS, TARGET_WIDTH,
};
use heaplab_web::pages::subtraction::search_limit;
use heaplab_web::route::{Route, SetKind, SubtractionQuery};
use heaplab_web::worker::{run_to_end, CycleRequest, JobOutput, JobSpec, Place, Unit};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{HtmlCanvasElement, HtmlInputElement};

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
    assert_eq!(
        job.output(),
        Ok(JobOutput::OutcomeCycle(Box::new(expected)))
    );
    assert!(last > 0, "the job ran in more than one step");
    assert_eq!(
        run_to_end(&spec, Place::Worker),
        Ok(JobOutput::OutcomeCycle(Box::new(expected)))
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
