//! `heaplab misere`: the JSON keys, a sum's outcome and moves, and one clear line for bad input.

mod common;

use common::{error_contains, json};

#[test]
fn json_has_the_quotient_and_per_heap_keys() {
    let v = json(&["misere", ".(3)", "--max-heap", "3", "--format", "json"]);
    // Misère nim on heaps below 4: order 2^2 + 2 = 6 with two P elements (Siegel, "Misère
    // games and misère quotients": (A × {1}) ∪ (A0 × {0}), P = {(0,1), (1,0)}).
    assert_eq!(v["order"], 6);
    assert_eq!(v["p_portion"].as_array().unwrap().len(), 2);
    assert_eq!(v["tame"], true);
    assert_eq!(v["heap_elements"].as_array().unwrap().len(), 4);
    assert_eq!(v["genus"][0], "0^{120}");
    assert_eq!(v["outcomes"][1], "P");
    for key in ["generators", "relations", "name"] {
        assert!(!v[key].is_null(), "{key}");
    }
}

#[test]
fn a_sum_has_an_outcome_and_winning_moves() {
    // Misère nim 1 + 2 + 3: nim-sum 0 with a heap of 2 or more, so P (Bouton): no winning move.
    let v = json(&[
        "misere",
        ".(3)",
        "--max-heap",
        "7",
        "--sum",
        "1,2,3",
        "--format",
        "json",
    ]);
    assert_eq!(v["outcome"], "P");
    assert!(v["winning_moves"].as_array().unwrap().is_empty());
    // 1 + 1 + 1 + 2: take the 2 whole, leaving three heaps of 1 (an odd number: P).
    let v = json(&[
        "misere",
        ".(3)",
        "--max-heap",
        "7",
        "--sum",
        "1,1,1,2",
        "--format",
        "json",
    ]);
    assert_eq!(v["outcome"], "N");
    let moves = v["winning_moves"].as_array().unwrap();
    assert!(moves
        .iter()
        .any(|m| m["size"] == 2 && m["leaves"].as_array().unwrap().is_empty()));
}

#[test]
fn subtraction_and_all_but_are_accepted() {
    let v = json(&[
        "misere",
        "--subtraction",
        "1,2,3",
        "--max-heap",
        "12",
        "--format",
        "json",
    ]);
    assert_eq!(v["tame"], true);
    let v = json(&[
        "misere",
        "--all-but",
        "2",
        "--max-heap",
        "8",
        "--format",
        "json",
    ]);
    assert!(v["order"].as_u64().unwrap() >= 2);
}

#[test]
fn bad_input_gets_one_clear_line() {
    error_contains(
        &["misere", ".77", "--max-heap", "100000"],
        "between 1 and 1000",
    );
    error_contains(&["misere", ".77", "--max-heap", "-5"], "--max-heap");
    error_contains(&["misere", ".77", "--max-heap", "0"], "--max-heap");
    error_contains(&["misere", ".77", "--max-heap", ""], "--max-heap");
    error_contains(
        &["misere", ".77", "--max-heap", "10", "--sum", ""],
        "heap sizes",
    );
    error_contains(&["misere", ".77", "--max-heap", "10", "--sum", "-3"], "");
    let thousand = vec!["1"; 1000].join(",");
    error_contains(
        &["misere", ".77", "--max-heap", "10", "--sum", &thousand],
        "at most 64 heaps",
    );
    error_contains(
        &["misere", ".77", "--max-heap", "10", "--sum", "3,50"],
        "larger than --max-heap",
    );
    error_contains(&["misere", "--max-heap", "10"], "give one game");
    error_contains(&["misere", "nonsense", "--max-heap", "10"], "unknown game");
    // No quotient within the caps: Dawson's Kayles past heap 24 does not close here, and a
    // small --max-order stops Kayles.
    error_contains(&["misere", ".07", "--max-heap", "30"], "did not close");
    error_contains(
        &["misere", ".77", "--max-heap", "30", "--max-order", "10"],
        "more than 10 elements",
    );
}
