//! Browser tests of the scoring play page's state and engine calls: URL round trips, every
//! problem of a tampered octal query reported, and the Conjecture 9 sum computed by the page.

use heaplab_engine::scoring::game::sum_final_scores;
use heaplab_engine::scoring::ScoringGame;
use heaplab_engine::Budget;
use heaplab_web::pages::scoring::{solve_game, ScoringQuery, EXAMPLES, PAGE_SUM_STATES};
use heaplab_web::route::Route;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn query_round_trips_and_validates() {
    let q = ScoringQuery::from_query("tab=octal&code=3333&pts=2,2,2,2&n=40&m=3");
    assert_eq!(Route::parse(&q.to_hash()), Route::Scoring(q.clone()));
    let r = q.octal_request().expect("valid");
    assert_eq!(r.fixed, Some((3, "3333".into(), "2,2,2,2".into())));
    let bad = ScoringQuery::from_query("tab=octal&code=3x&pts=&n=0&m=-1");
    assert_eq!(bad.octal_request().unwrap_err().len(), 3);
    let g = ScoringQuery::from_query("g=%7B4%7C3%7C2%7D");
    assert_eq!(g.game, "{4|3|2}");
    assert_eq!(Route::parse(&g.to_hash()), Route::Scoring(g));
}

#[wasm_bindgen_test]
fn the_conjecture_9_example_sum_is_in_p() {
    let hash = EXAMPLES
        .iter()
        .find(|(label, _)| label.starts_with("Conjecture 9"))
        .expect("example")
        .1;
    let Route::Scoring(q) = Route::parse(hash) else {
        panic!("not a scoring route")
    };
    let r = solve_game(&q).expect("solves");
    let s = r.sum.expect("a sum").expect("within the page cap");
    assert_eq!(s.finals.class().letter(), "P");
    assert!(s.tree.is_ok());
}

/// A sum of three games (`plus=H + K`): the page's final scores are the engine's for
/// G +ℓ H +ℓ K (Definition 4), and the tree is the folded sum's, or a note when it is too big.
#[wasm_bindgen_test]
fn a_sum_of_three_games_is_the_engines() {
    let (g, h, k) = ("{2|1|0}", "{4|3|2}", "{-1,{1|0|-1}|0|1}");
    let q = ScoringQuery::from_query(&format!("g={g}&plus={h} %2B {k}"));
    assert_eq!(q.plus, format!("{h} + {k}"));
    let s = solve_game(&q)
        .expect("solves")
        .sum
        .expect("a sum")
        .expect("small");
    let games: Vec<ScoringGame> = [g, h, k]
        .iter()
        .map(|t| ScoringGame::parse(t).unwrap())
        .collect();
    let terms: Vec<&ScoringGame> = games.iter().collect();
    let want = sum_final_scores(&terms, &mut Budget::unlimited()).unwrap();
    assert_eq!(s.finals, want);
    let tree = s.tree.expect("a small tree");
    let built = games[0].sum(&games[1]).unwrap().sum(&games[2]).unwrap();
    assert_eq!(*tree, built.tree());
    let bad = ScoringQuery::from_query(&format!("g={g}&plus={h} %2B {{1|x"));
    let Some(Err(message)) = solve_game(&bad).expect("G is fine").sum else {
        panic!("a broken second term must be an error");
    };
    assert!(message.contains("term 2"), "{message}");
}

#[wasm_bindgen_test]
fn a_sum_too_large_for_the_page_says_so() {
    // 300 options a side: the sum G + G has about 2 × 601² positions.
    let left: Vec<String> = (1..=300).map(|i| i.to_string()).collect();
    let right: Vec<String> = (1..=300).map(|i| format!("-{i}")).collect();
    let g = format!("{{{}|0|{}}}", left.join(","), right.join(","));
    let q = ScoringQuery::from_query(&format!("g={g}&plus={g}"));
    let r = solve_game(&q).expect("the game itself is fine");
    let message = r.sum.expect("a sum").err().expect("over the cap");
    assert!(message.contains(&PAGE_SUM_STATES.to_string()), "{message}");
    assert!(!message.contains('`'), "Markdown backticks in {message}");
}

/// "m's code (empty: same)" means what it says even when m's points are given: the fixed heap
/// takes the game's code, and no "the code is empty" error appears.
#[wasm_bindgen_test]
fn an_empty_fixed_heap_code_is_the_games_code() {
    let q = ScoringQuery::from_query("tab=octal&code=3333&pts=1,2,3,4&n=20&m=3&mpts=2,2,2,2");
    let r = q.octal_request().expect("valid");
    assert_eq!(r.fixed, Some((3, "3333".into(), "2,2,2,2".into())));
    let q = ScoringQuery::from_query("tab=octal&code=3333&pts=1,2,3,4&n=20&m=3&mcode=1333");
    let r = q.octal_request().expect("valid");
    assert_eq!(r.fixed, Some((3, "1333".into(), "1,2,3,4".into())));
    // A bad code of the game is reported once, not again for the fixed heap.
    let q = ScoringQuery::from_query("tab=octal&code=3x&pts=1,2&n=20&m=3");
    assert_eq!(q.octal_request().unwrap_err().len(), 1);
}
