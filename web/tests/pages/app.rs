//! Browser tests of the app shell: the router, the home page's cards, the not-found page, and
//! the progress line that every job page shares.

use crate::common::{mount_at, text, unmount};
use heaplab_web::route::Route;
use wasm_bindgen_test::*;

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
