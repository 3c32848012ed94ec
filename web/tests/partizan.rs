//! Browser tests of the partizan page: URL round trips, field errors for bad input, the worker
//! job's output equal to the engine's on S(1,2 | 1,3), and the mounted page's table, strip and
//! position box read back against the engine.

use std::time::Duration;

use heaplab_engine::partizan::heap::HeapRules;
use heaplab_engine::partizan::position;
use heaplab_engine::partizan::sequence;
use heaplab_engine::ruleset::NumberSet;
use heaplab_engine::Budget;
use heaplab_web::pages::partizan::{move_text, sequence_csv};
use heaplab_web::route::partizan::PartizanQuery;
use heaplab_web::route::Route;
use heaplab_web::worker::{run_to_end, JobOutput, JobSpec, Place};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::Element;

wasm_bindgen_test_configure!(run_in_browser);

/// S(1,2 | 1,3), the example.
fn s_12_13() -> HeapRules {
    let set = |t| NumberSet::parse(t).unwrap();
    HeapRules::subtraction(&set("1,2"), &set("1,3")).unwrap()
}

#[wasm_bindgen_test]
fn query_round_trips_through_the_route() {
    let q = PartizanQuery::from_query("family=breaking&L=1&R=2&n=30&pos=4,5");
    assert_eq!(
        (q.left.as_str(), q.right.as_str(), q.pos.as_str()),
        ("1", "2", "4,5")
    );
    assert_eq!(Route::parse(&q.to_hash()), Route::Partizan(q.clone()));
    let request = q.validate().expect("valid");
    assert_eq!((request.terms, request.position), (30, Some(vec![4, 5])));
    // Missing keys take the defaults, which are S(1,2 | 1,3) with 40 heaps.
    let d = PartizanQuery::from_query("");
    assert_eq!(d.validate().unwrap().rules, s_12_13());
    assert!(d
        .to_hash()
        .starts_with("#/partizan?family=subtraction&L=1,2&R=1,3&n=40"));
}

#[wasm_bindgen_test]
fn bad_input_gives_one_field_error_per_field() {
    let bad = PartizanQuery::from_query("family=subtraction&L=1,x&R=&n=0&pos=5,99999");
    let errors = bad.validate().unwrap_err();
    let keys: Vec<&str> = errors.iter().map(|(k, _)| *k).collect();
    assert_eq!(keys, ["L", "n", "pos"]);
    let fields = PartizanQuery::field_errors(&errors);
    assert_eq!(fields[0].id.as_deref(), Some("pz-error-L"));
    let unknown = PartizanQuery::from_query("family=chess&n=10");
    assert_eq!(unknown.validate().unwrap_err()[0].0, "family");
    for query in [
        "n=-3",
        "n=100000000000000000000",
        "pos=",
        "pos=,,",
        "L=0&R=0",
    ] {
        let q = PartizanQuery::from_query(query);
        if query == "pos=" {
            assert!(q.validate().is_ok(), "an empty position is no position");
        } else {
            assert!(q.validate().is_err(), "{query} must be refused");
        }
    }
}

#[wasm_bindgen_test]
fn the_job_output_is_the_engines() {
    let q = PartizanQuery::from_query("L=1,2&R=1,3&n=40&pos=5,7,9");
    let spec = JobSpec::Partizan(q.validate().unwrap());
    let Ok(JobOutput::Partizan(out)) = run_to_end(&spec, Place::MainThread) else {
        panic!("the job must finish with a partizan output");
    };
    let rules = s_12_13();
    let want = sequence::solve(&rules, 40, false, &mut Budget::unlimited()).unwrap();
    assert_eq!(out.sequence, want);
    let pos = position::analyse(&rules, &[5, 7, 9], &mut Budget::unlimited()).unwrap();
    assert_eq!(out.position, Some(Ok(pos)));
    let csv = sequence_csv(&out.sequence);
    assert_eq!(csv.lines().count(), 41);
    assert!(csv.lines().nth(1).unwrap().starts_with("0,0,P"));
}

async fn sleep(ms: u64) {
    yew::platform::time::sleep(Duration::from_millis(ms)).await;
}

/// Mounts the app at `hash` and waits (up to 10 s) for `selector`.
async fn mount_until(
    hash: &str,
    selector: &str,
) -> (Element, yew::AppHandle<heaplab_web::app::App>) {
    let window = web_sys::window().unwrap();
    window.location().set_hash(hash).unwrap();
    let document = window.document().unwrap();
    let root = document.create_element("div").unwrap();
    document.body().unwrap().append_child(&root).unwrap();
    let handle = heaplab_web::mount(root.clone());
    for _ in 0..200 {
        if root.query_selector(selector).unwrap().is_some() {
            break;
        }
        sleep(50).await;
    }
    (root, handle)
}

fn text(root: &Element, selector: &str) -> String {
    root.query_selector(selector)
        .unwrap()
        .unwrap_or_else(|| panic!("{selector} is missing"))
        .text_content()
        .unwrap_or_default()
}

#[wasm_bindgen_test]
async fn mounted_page_shows_the_engines_table_and_position() {
    let (root, handle) = mount_until(
        "#/partizan?family=subtraction&L=1,2&R=1,3&n=30&pos=5,7",
        "#pz-table",
    )
    .await;
    let rules = s_12_13();
    let want = sequence::solve(&rules, 30, false, &mut Budget::unlimited()).unwrap();
    let rows = root.query_selector_all("#pz-table tbody tr").unwrap();
    assert_eq!(rows.length(), 30);
    for n in [0, 1, 7, 29] {
        assert_eq!(
            text(&root, &format!("#pz-row-{n} .pz-value")),
            want.values[n]
        );
        let class = &want.outcomes[n..=n];
        assert_eq!(
            text(&root, &format!("#pz-row-{n} .pz-outcome")).trim(),
            class
        );
    }
    let strip = root.query_selector("#pz-strip").unwrap().unwrap();
    assert_eq!(
        strip.get_attribute("data-classes").as_deref(),
        Some(want.outcomes.as_str())
    );
    let pos = position::analyse(&rules, &[5, 7], &mut Budget::unlimited()).unwrap();
    assert_eq!(text(&root, "#pz-position-value"), pos.value);
    let lefts = root.query_selector_all("#pz-left-wins li").unwrap();
    let first = lefts.get(0).unwrap().text_content().unwrap();
    match pos.left_wins.first() {
        Some(m) => assert_eq!(first, move_text(m)),
        None => assert_eq!(first, "none"),
    }
    handle.destroy();
    root.remove();
}

#[wasm_bindgen_test]
async fn a_tampered_link_shows_an_error_not_a_blank_page() {
    let (root, handle) = mount_until("#/partizan?L=1,%7B&n=-1", "#pz-error").await;
    let error = text(&root, "#pz-error");
    assert!(error.contains("heaps"), "{error}");
    assert!(root.query_selector("#pz-error-L").unwrap().is_some());
    assert!(root.query_selector("#pz-table").unwrap().is_none());
    assert!(root.query_selector("#pz-family").unwrap().is_some());
    handle.destroy();
    root.remove();
}

#[wasm_bindgen_test]
fn play_state_round_trips_and_bad_play_is_refused() {
    let q = PartizanQuery::from_query("L=1,2&R=1,3&n=10&pos=5&play=L&turn=R");
    assert_eq!(Route::parse(&q.to_hash()), Route::Partizan(q.clone()));
    assert_eq!(q.validate().unwrap().play, Some((true, false)));
    // In play, no position is the sum of no heaps: the game is over.
    let over = PartizanQuery::from_query("play=L").validate().unwrap();
    assert_eq!(over.position, Some(Vec::new()));
    let visitor_first = PartizanQuery::from_query("pos=5&play=R");
    assert_eq!(visitor_first.validate().unwrap().play, Some((false, false)));
    for bad in ["pos=5&play=X", "pos=5&play=L&turn=up"] {
        let errors = PartizanQuery::from_query(bad).validate().unwrap_err();
        assert_eq!(errors[0].0, "play", "{bad}");
    }
}

/// On the engine's turn the job makes the engine's winning move (the first, as the engine
/// lists them) and reports the position after it.
#[wasm_bindgen_test]
fn the_engine_replies_with_a_winning_move() {
    let q = PartizanQuery::from_query("L=1,2&R=1,3&n=10&pos=5,3&play=R&turn=L");
    let spec = JobSpec::Partizan(q.validate().unwrap());
    let Ok(JobOutput::Partizan(out)) = run_to_end(&spec, Place::MainThread) else {
        panic!("the job must finish with a partizan output");
    };
    let rules = s_12_13();
    let before = position::analyse(&rules, &[5, 3], &mut Budget::unlimited()).unwrap();
    let reply = before
        .left_wins
        .first()
        .expect("Left wins 5 + 3 moving first")
        .clone();
    assert_eq!(out.reply.as_ref(), Some(&reply));
    let after = position::after_move(&[5, 3], reply.from, &reply.to);
    let want = position::analyse(&rules, &after, &mut Budget::unlimited()).unwrap();
    assert_eq!(out.position, Some(Ok(want)));
}

/// The position box draws the position's game tree through the shared tree view, and play
/// links lead to the positions after each move.
#[wasm_bindgen_test]
async fn the_position_shows_its_tree_and_play_moves() {
    let (root, handle) = mount_until(
        "#/partizan?family=subtraction&L=1,2&R=1,3&n=10&pos=3,2",
        "#pz-tree-svg",
    )
    .await;
    let rules = s_12_13();
    let pos = position::analyse(&rules, &[3, 2], &mut Budget::unlimited()).unwrap();
    // By default the page draws the winning lines only (`Tree::marked_only`), opened at its
    // readable level: compare the nodes it shows with that tree's.
    let tree = pos.tree.marked_only();
    let nodes = root.query_selector_all("#pz-tree-svg g.tree-node").unwrap();
    let shown: Vec<usize> = (0..nodes.length())
        .map(|i| {
            let node = nodes
                .get(i)
                .unwrap()
                .dyn_into::<web_sys::Element>()
                .unwrap();
            node.get_attribute("data-node").unwrap().parse().unwrap()
        })
        .collect();
    assert!(!shown.is_empty() && shown.iter().all(|&v| v < tree.nodes.len()));
    let marked = root
        .query_selector_all("#pz-tree-svg line.tree-edge.marked")
        .unwrap();
    let want = shown
        .iter()
        .filter(|&&v| v != 0 && tree.nodes[v].edge.marked)
        .count();
    assert_eq!(marked.length() as usize, want);
    assert!(root.query_selector("#pz-play-L").unwrap().is_some());
    handle.destroy();
    root.remove();
    let (root, handle) = mount_until(
        "#/partizan?family=subtraction&L=1,2&R=1,3&n=10&pos=3,2&play=L",
        "#pz-play-moves",
    )
    .await;
    let links = root.query_selector_all("#pz-play-moves a").unwrap();
    assert_eq!(links.length() as usize, pos.left_moves.len());
    let first = links
        .get(0)
        .unwrap()
        .dyn_into::<web_sys::Element>()
        .unwrap();
    let m = &pos.left_moves[0];
    let after = position::after_move(&[3, 2], m.from, &m.to);
    let href = first.get_attribute("href").unwrap();
    let pos_text: Vec<String> = after.iter().map(usize::to_string).collect();
    assert!(
        href.contains(&format!("pos={}", pos_text.join(","))),
        "{href}"
    );
    assert!(href.contains("play=L") && href.contains("turn=R"), "{href}");
    handle.destroy();
    root.remove();
}
