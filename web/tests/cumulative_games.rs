//! Browser tests of the cumulative games page: URL state, bad input, the engine call, and the
//! mounted page with its tree.

use std::time::Duration;

use heaplab_engine::cumulative_games::efg::Efg;
use heaplab_engine::cumulative_games::{
    outcome_table, solve, spec, Grounded, Moves, Position, Preset, Rational, TieBreak,
};
use heaplab_engine::Budget;
use heaplab_web::pages::cumulative_games::{compute, compute_within, game_of, CgQuery, View};
use heaplab_web::route::Route;
use heaplab_web::worker::{run_to_end, JobOutput, JobSpec, Place};
use wasm_bindgen::JsCast;
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
    assert_eq!(p.moves, Moves::Fixed(vec![vec![2, 3], vec![1, 4]]));
    assert_eq!(p.start, 1);
    assert_eq!(p.view, View::Cgt);
    assert!(matches!(
        Route::parse(&q.to_hash()),
        Route::CumulativeGames(r) if r == q
    ));
}

/// Example 4's preset keeps its item value in the URL, as the auction does, and builds the
/// engine's Example 4 game.
#[wasm_bindgen_test]
fn example_4_preset_keeps_its_value() {
    let q = CgQuery::from_query("preset=auction-rewards&S=2,3&x=7&v=5");
    assert!(q.to_query().contains("v=5"), "{}", q.to_query());
    assert_eq!(CgQuery::from_query(&q.to_query()), q);
    let p = q.validate().expect("valid");
    assert_eq!(p.preset, Preset::AuctionRewards);
    assert!(!CgQuery::from_query("preset=squirrel&v=5")
        .to_query()
        .contains("v="));
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
        "players=0",
        "players=9",
        "players=3&C=0,0",
        "players=3&start=4",
        "players=3&S=2,3;1,4",
        "moves=weird",
        "moves=dynamic&D=2;3",
        "moves=dynamic&D=",
        "turn=spiral",
        "turn=next:2,3",
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
    // A huge wealth position stops at a cap with a message (the worker's cap is 2,000,000; a
    // small one here keeps the debug build quick).
    let p = CgQuery::from_query("preset=wealth&x=400&C=20,20&n=1")
        .validate()
        .unwrap();
    let err = compute_within(&p, 1_000).unwrap_err();
    assert!(err.contains("more than 1,000 grounded positions"), "{err}");
    assert!(err.contains("--max-states"), "{err}");
}

#[wasm_bindgen_test]
fn three_players_dynamic_maps_and_turn_tables_match_the_engine() {
    // A 3-player URL: the page's path and table are the engine's.
    let q = CgQuery::from_query("preset=squirrel&players=3&S=2,3&x=9&turn=next:3,1,2&n=8");
    assert_eq!(
        q.cums, "0,0,0",
        "missing cumulations are zero for every player"
    );
    assert_eq!(CgQuery::from_query(&q.to_query()), q);
    let p = q.validate().unwrap();
    let r = compute(&p).unwrap();
    let game = game_of(&p);
    assert_eq!(game.players, 3);
    let start = Grounded {
        position: Position::new(vec![9], 3),
        to_move: 0,
    };
    let engine = solve(&game, &start, &mut Budget::unlimited()).unwrap();
    let path: Vec<u64> = engine
        .path(&game)
        .iter()
        .map(|(g, _)| g.position.heaps[0])
        .collect();
    assert_eq!(r.path, path);
    assert_eq!(r.table.headers.len(), 1 + 2 * 3);
    let table = outcome_table(&game, &[7], &mut Budget::unlimited()).unwrap();
    for x in 0..8u64 {
        for p in 0..3 {
            let row = table.row(&[x], p).unwrap();
            let shown = format!(
                "({})",
                row.iter()
                    .map(Rational::to_string)
                    .collect::<Vec<_>>()
                    .join(",")
            );
            assert_eq!(
                r.table.rows[x as usize][1 + 2 * p],
                shown,
                "x = {x}, start {p}"
            );
        }
    }
    // A dynamic-map URL (Section 2: S(2) = {2}, S(3) = {1} gives o(3) = −1).
    let q = CgQuery::from_query("preset=scoring&moves=dynamic&D=2:2;3:1&x=3&n=4");
    let p = q.validate().unwrap();
    assert_eq!(p.moves, spec::parse_dynamic("2:2;3:1", 2).unwrap());
    let r = compute(&p).unwrap();
    let column: Vec<&str> = r.table.rows.iter().map(|row| row[1].as_str()).collect();
    assert_eq!(column, ["0", "0", "2", "-1"]);
    assert_eq!(r.path, vec![3, 2, 0]);
    assert!(
        q.to_query().contains("moves=dynamic&D=2%3A2;3%3A1"),
        "{}",
        q.to_query()
    );
    // Choosing 3 players in the form keeps zero cumulations and a valid starter.
    let q = CgQuery::from_query("start=2").with_players("3");
    assert_eq!((q.cums.as_str(), q.start.as_str()), ("0,0,0", "2"));
    let q = CgQuery::from_query("players=3&start=3").with_players("2");
    assert_eq!((q.cums.as_str(), q.start.as_str()), ("0,0", "1"));
    let same = Preset::Squirrel.game_with(
        3,
        Moves::Fixed(vec![vec![2, 3]]),
        Rational::int(4),
        TieBreak::Antagonistic,
    );
    assert_eq!(same.players, game.players);
}

#[wasm_bindgen_test]
fn a_job_run_steps_with_progress_to_the_same_result() {
    // The main-thread path of the worker job: steps of one chunk (a zero time slice), progress
    // counts up, and the result is what one whole computation gives.
    let query = CgQuery::from_query("preset=squirrel&S=1,2&x=120&n=5");
    let spec = JobSpec::CumulativeGame(Box::new(query.clone()));
    let mut run = spec.start(Place::MainThread).expect("a valid query starts");
    let mut seen = Vec::new();
    loop {
        if run.step(0.0, &mut |_| {}).expect("within the cap") {
            break;
        }
        let p = run.progress().expect("a cumulative game counts its work");
        seen.push((p.done, p.total));
    }
    assert!(
        seen.len() >= 2,
        "about 4,800 positions take more than two chunks: {seen:?}"
    );
    assert!(seen.windows(2).all(|w| w[0].0 <= w[1].0));
    // Against the cap while solving; the last report, once every position is solved and
    // before the tree is built, is 100 % of what was done.
    let (last, solving) = seen.split_last().expect("at least two reports");
    assert!(
        solving.iter().all(|&(_, total)| total == 100_000),
        "{seen:?}"
    );
    assert!(last.0 == last.1 && last.1 < 100_000, "{seen:?}");
    let result = run.output();
    let Ok(JobOutput::CumulativeGame(r)) = result else {
        panic!("{result:?}")
    };
    assert_eq!(Ok(*r), compute(&query.validate().unwrap()));
    // Past the cap: the message, not a panic.
    let query = CgQuery::from_query("preset=wealth&x=2000&C=60,60&n=1");
    let spec = JobSpec::CumulativeGame(Box::new(query));
    let result = run_to_end(&spec, Place::MainThread);
    let Err(message) = result else {
        panic!("{result:?}")
    };
    assert!(
        message.contains("more than 100,000 grounded positions"),
        "{message}"
    );
    assert!(message.contains("main thread"), "{message}");
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

/// The page reads imported games through the browser's `JSON.parse`; the CLI through
/// serde_json. Both feed the engine's one reader, so they must agree on every text: the same
/// game, or an error from both (the same message but for the parser's own words).
#[wasm_bindgen_test]
fn the_browser_json_reader_agrees_with_the_engines() {
    let node =
        |player: u32, kids: &str| format!("{{\"player\": {player}, \"children\": [{kids}]}}");
    let leaf = |u: &str| format!("{{\"utility\": [{u}], \"label\": \"t {u}\"}}");
    let deep = (0..250).fold(leaf("1, 2"), |inner, i| node(1 + i % 2, &inner));
    let mut texts: Vec<String> = [
        "not json",
        "{\"players\": 2, \"root\": {\"utility\": [1, 2]}} trailing",
        "[1, 2]",
        "{\"players\": 0, \"root\": {}}",
        "{\"players\": 2}",
        "{\"players\": -1, \"root\": {\"utility\": [1]}}",
        "{\"players\": 2, \"root\": {\"player\": 3, \"children\": [{\"utility\": [1,2]}]}}",
        "{\"players\": 2, \"root\": {\"utility\": [1]}}",
        "{\"players\": 2, \"root\": {\"utility\": [1, \"x\"]}}",
        "{\"players\": 2, \"root\": {\"utility\": [1, null]}}",
        "{\"players\": 2, \"root\": {\"children\": []}}",
        "{\"players\": 2, \"root\": {\"children\": [{\"utility\": [1, 2]}], \"utility\": [1, 2]}}",
        "{\"players\": 2, \"root\": {\"player\": 1, \"children\": [{\"utility\": [\"1/2\", 0.25]}, {\"utility\": [-3, \"7\"], \"player\": 2}]}}",
        "{\"players\": 3, \"root\": {\"player\": 2, \"label\": \"r\", \"children\": [{\"utility\": [0, 1e2, 12.5]}, {\"utility\": [1, 2, 3]}]}}",
    ]
    .iter()
    .map(|text| text.to_string())
    .collect();
    texts.push(format!(
        "{{\"players\": 2, \"root\": {}}}",
        node(
            1,
            &[
                leaf("1, 0"),
                node(2, &[leaf("0, 1"), leaf("2, 2")].join(",")),
                leaf("\"1/3\", 3")
            ]
            .join(",")
        )
    ));
    texts.push(format!("{{\"players\": 2, \"root\": {deep}}}"));
    texts.push(format!(
        "{{\"players\": 2, \"root\": {}}}",
        "[".repeat(5000)
    ));
    for text in &texts {
        let page = heaplab_web::protocol::browser_json::efg_from_json(text);
        let engine = Efg::from_json(text);
        match (&page, &engine) {
            (Ok(a), Ok(b)) => assert_eq!(a, b, "{text}"),
            (Err(a), Err(b)) => {
                let (a, b) = (a.to_string(), b.to_string());
                assert!(!a.contains('\n'), "{a}");
                let json = "the game is not valid JSON";
                assert!(
                    a == b || (a.contains(json) && b.contains(json)),
                    "{text}: {a} | {b}"
                );
            }
            _ => panic!("{text}: the page read {page:?}, the engine {engine:?}"),
        }
    }
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
    // The solve runs in steps on the main thread here (the test page serves no worker).
    for _ in 0..100 {
        if root.query_selector("#cg-tree-svg").unwrap().is_some() {
            break;
        }
        sleep(50).await;
    }
    sleep(100).await;
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

#[wasm_bindgen_test]
async fn mounted_page_shows_progress_and_cancels_on_the_main_thread() {
    // Without a worker (this test page serves none) a large solve steps on the main thread:
    // the progress bar counts positions, the page stays responsive, and Cancel stops it.
    web_sys::window()
        .unwrap()
        .location()
        .set_hash("#/cumulative-games?preset=wealth&x=3000&C=80,80&n=1")
        .unwrap();
    let document = web_sys::window().unwrap().document().unwrap();
    let root: Element = document.create_element("div").unwrap();
    document.body().unwrap().append_child(&root).unwrap();
    let handle = heaplab_web::mount(root.clone());
    let mut value = 0.0;
    for _ in 0..200 {
        if let Some(bar) = root.query_selector("#cg-job-progress").unwrap() {
            value = bar
                .get_attribute("value")
                .and_then(|v| v.parse().ok())
                .unwrap_or(0.0);
            if value > 0.0 {
                break;
            }
        }
        sleep(20).await;
    }
    assert!(value > 0.0, "the bar counts solved positions");
    let text = root
        .query_selector("#cg-job-text")
        .unwrap()
        .unwrap()
        .text_content()
        .unwrap();
    assert!(
        text.contains("on the main thread") && text.contains("stops at 100,000"),
        "{text}"
    );
    let cancel: web_sys::HtmlElement = root
        .query_selector("#cg-job-cancel")
        .unwrap()
        .unwrap()
        .dyn_into()
        .unwrap();
    cancel.click();
    let mut status = String::new();
    for _ in 0..100 {
        status = root
            .query_selector("#cg-job")
            .unwrap()
            .unwrap()
            .text_content()
            .unwrap();
        if status.starts_with("Cancelled") {
            break;
        }
        sleep(20).await;
    }
    assert!(status.starts_with("Cancelled"), "{status}");
    assert!(root.query_selector("#cg-job-progress").unwrap().is_none());
    handle.destroy();
    root.remove();
}
