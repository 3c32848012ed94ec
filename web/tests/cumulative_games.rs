//! Browser tests of the cumulative games page: URL state, bad input, the engine call, and the
//! mounted page with its tree.

use std::time::Duration;

use heaplab_engine::cumulative_games::{Grounded, Position};
use heaplab_web::pages::cumulative_games::{compute, game_of, solve_within, CgQuery, View};
use heaplab_web::route::Route;
use wasm_bindgen_test::*;
use web_sys::Element;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn query_round_trips_and_defaults() {
    let q = CgQuery::from_query("");
    assert_eq!(
        q.to_query(),
        "preset=squirrel&S=2,3&x=7&C=0,0&start=1&tie=antagonistic&view=efg&n=15"
    );
    let q = CgQuery::from_query(
        "preset=auction&S=2,3&S2=1,4&x=4&C=1,0&start=2&tie=friendly&view=cgt&n=9&v=5",
    );
    assert_eq!(CgQuery::from_query(&q.to_query()), q);
    let p = q.validate().expect("valid");
    assert_eq!(p.sets, vec![vec![2, 3], vec![1, 4]]);
    assert_eq!(p.start, 1);
    assert_eq!(p.view, View::Cgt);
    assert!(matches!(
        Route::parse(&q.to_hash()),
        Route::CumulativeGames(r) if r == q
    ));
}

#[wasm_bindgen_test]
fn tampered_queries_are_messages_not_panics() {
    for query in [
        "preset=chess",
        "S=0",
        "S=",
        "S2=x",
        "x=-1",
        "x=99999999999",
        "C=1",
        "C=a,b",
        "start=3",
        "tie=nice",
        "view=3d",
        "n=0",
        "v=1/0",
        "%ZZ=%%",
    ] {
        let q = CgQuery::from_query(query);
        if query == "%ZZ=%%" {
            assert!(q.validate().is_ok());
            continue;
        }
        let errors = q.validate().expect_err(query);
        assert_eq!(errors.len(), 1, "{query}: {errors:?}");
    }
}

#[wasm_bindgen_test]
fn figure_4_through_the_page_function() {
    let p = CgQuery::from_query("preset=squirrel&S=2,3&x=7")
        .validate()
        .unwrap();
    let r = compute(&p).unwrap();
    assert_eq!(r.path, vec![7, 5, 2, 0]);
    assert_eq!(r.tree.as_ref().unwrap().len(), 11);
    assert_eq!(r.table.rows[7][1], "(4,3)");
    // The DAG view and a cumulation-dependent preset.
    let p = CgQuery::from_query("preset=squirrel&S=2,3&x=7&view=dag")
        .validate()
        .unwrap();
    assert!(compute(&p).unwrap().dag_svg.unwrap().contains("(4,3)"));
    let p = CgQuery::from_query("preset=wealth&x=6&C=1,1")
        .validate()
        .unwrap();
    let r = compute(&p).unwrap();
    assert_eq!(&r.path[..3], &[6, 5, 4]);
    // A huge wealth position stops at the page's cap with a message.
    // A huge wealth position stops at a cap with a message (the page's cap is PAGE_STATES;
    // a small one here keeps the debug build quick).
    let p = CgQuery::from_query("preset=wealth&x=400&C=20,20&n=1")
        .validate()
        .unwrap();
    let start = Grounded {
        position: Position {
            heaps: vec![400],
            cumulations: vec![p.cums.clone()],
        },
        to_move: 0,
    };
    let err = solve_within(&game_of(&p), &start, 1_000).unwrap_err();
    assert!(err.contains("more than 1000 grounded positions"), "{err}");
}

#[wasm_bindgen_test]
fn an_imported_extensive_form_game_is_solved_both_ways() {
    // The default game: Alice stops at (1,1) or lets Bob choose (3,1) / (0,2); Bob takes (0,2).
    let q = CgQuery::from_query("preset=efg");
    assert!(q.to_query().contains("efg=%7B"), "{}", q.to_query());
    assert_eq!(CgQuery::from_query(&q.to_query()), q);
    let r = compute(&q.validate().unwrap()).unwrap();
    assert!(
        r.summary.contains("value (1,1) by backward induction"),
        "{}",
        r.summary
    );
    assert!(
        r.summary.contains("from heap 4: value (1,1)"),
        "{}",
        r.summary
    );
    assert_eq!(r.path, vec![4, 0]);
    assert_eq!(r.tree.as_ref().unwrap().len(), 5);
    assert_eq!(r.table.rows.len(), 5);
    assert_eq!(r.table.rows[0][3], "1,4");
    // Bad JSON is one message naming the field.
    let errors = CgQuery::from_query("preset=efg&efg=%7Bnope")
        .validate()
        .unwrap_err();
    assert_eq!(errors.len(), 1);
    assert!(errors[0].starts_with("efg: "), "{errors:?}");
}

async fn sleep(ms: u64) {
    yew::platform::time::sleep(Duration::from_millis(ms)).await;
}

#[wasm_bindgen_test]
async fn mounted_page_draws_the_tree_with_thick_pspe_edges() {
    web_sys::window()
        .unwrap()
        .location()
        .set_hash("#/cumulative-games?preset=squirrel&S=2,3&x=7")
        .unwrap();
    let document = web_sys::window().unwrap().document().unwrap();
    let root: Element = document.create_element("div").unwrap();
    document.body().unwrap().append_child(&root).unwrap();
    let handle = heaplab_web::mount(root.clone());
    sleep(300).await;
    assert_eq!(
        root.query_selector_all("#cg-tree-svg g.tree-node")
            .unwrap()
            .length(),
        11
    );
    assert_eq!(
        root.query_selector_all("line.tree-edge.marked")
            .unwrap()
            .length(),
        6
    );
    let summary = root
        .query_selector("#cg-summary")
        .unwrap()
        .unwrap()
        .text_content()
        .unwrap();
    assert!(summary.contains("7 → 5 → 2 → 0"), "{summary}");
    assert_eq!(
        root.query_selector_all("#cg-table tbody tr")
            .unwrap()
            .length(),
        15
    );
    handle.destroy();
    root.remove();
}
