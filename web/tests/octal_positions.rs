//! Browser tests of the octal page's position panel logic: the `heaps=` URL state,
//! tampered positions, and a whole game against the perfect opponent.
//!
//! Run with `CHROMEDRIVER=/usr/bin/chromedriver
//! CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner
//! cargo test -p heaplab-web --target wasm32-unknown-unknown --test octal_positions`.

use heaplab_engine::octal::position::{self, HeapValues};
use heaplab_engine::octal::Ruleset;
use heaplab_engine::Budget;
use heaplab_web::pages::octal::position::Game;
use heaplab_web::route::OctalQuery;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn heaps_round_trip_and_tampered_heaps_get_a_message() {
    let q = OctalQuery::from_query("code=.77&max=1000&heaps=5,7,9");
    assert_eq!(q.to_hash(), "#/octal?code=.77&max=1000&heaps=5,7,9");
    assert_eq!(q.position().unwrap(), Some(vec![5, 7, 9]));
    assert_eq!(OctalQuery::from_query("code=.77").position().unwrap(), None);
    for bad in ["heaps=-1", "heaps=5,x", "heaps=99999999999999999999999"] {
        let q = OctalQuery::from_query(&format!("code=.77&{bad}"));
        let err = q.position().unwrap_err().to_string();
        assert!(!err.is_empty() && !err.contains('\n'), "{bad}: {err}");
        // The sequence itself stays valid.
        assert!(q.validate().is_ok());
    }
}

#[wasm_bindgen_test]
fn playing_the_winning_moves_beats_the_perfect_opponent() {
    // Kayles 5 + 7 + 9 is an N-position (G = 4 ^ 2 ^ 4 = 2): the visitor wins by always taking
    // the first winning move the engine lists, and the computer always answers.
    let rules = Ruleset::parse(".77").unwrap();
    let values = HeapValues::for_heaps(&rules, 9, 1 << 12, &mut Budget::unlimited()).unwrap();
    let mut game = Game::start(&rules, vec![5, 7, 9]).unwrap();
    let mut turns = 0;
    while !game.over {
        let report = position::analyse_with(&rules, &values, &game.heaps).unwrap();
        let mv = report.winning_moves[0].clone();
        let before = game.log.len();
        game = game.play(&rules, &values, &mv).unwrap();
        assert!(game.log.len() > before, "the move was not played");
        turns += 1;
        assert!(turns < 30);
    }
    assert!(game.status.starts_with("You win"), "{}", game.status);
    // An illegal move changes nothing.
    let start = Game::start(&rules, vec![2]).unwrap();
    let illegal = position::Move {
        heap: 0,
        size: 2,
        taken: 3,
        leaves: vec![],
        repeat: None,
    };
    assert_eq!(start.play(&rules, &values, &illegal).unwrap(), start);
}

#[wasm_bindgen_test]
fn from_a_p_position_the_computer_wins() {
    // Kayles 1 + 1 is P (G = 1 ^ 1): whatever the visitor does, the computer takes the last.
    let rules = Ruleset::parse(".77").unwrap();
    let values = HeapValues::for_heaps(&rules, 4, 1 << 12, &mut Budget::unlimited()).unwrap();
    let game = Game::start(&rules, vec![1, 1]).unwrap();
    let mv = position::moves(&rules, &game.heaps, 10).unwrap()[0].clone();
    let after = game.play(&rules, &values, &mv).unwrap();
    assert!(after.over && after.status.starts_with("The computer wins"));
    assert!(Game::start(&rules, vec![0]).unwrap().over);
}
