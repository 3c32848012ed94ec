//! `heaplab equivalence` and `heaplab subtraction-infinite` end to end: JSON keys and the
//! thesis's numbers, and one-line errors on bad input.

mod common;

use common::{error_contains, heaplab, json};

/// Thesis Example 4.12: S(2,3,5) = S(2,4,5), master S(2,3,4,5).
#[test]
fn equivalence_json_example_4_12() {
    let v = json(&[
        "equivalence",
        "2,3,5",
        "--equal",
        "2,4,5",
        "--format",
        "json",
    ]);
    assert_eq!(v["master"], serde_json::json!([2, 3, 4, 5]));
    assert_eq!(v["minimals"], serde_json::json!([[2, 3, 5], [2, 4, 5]]));
    assert_eq!(v["size"], 3);
    assert_eq!(v["period"], 7);
    assert_eq!(v["lattice"], false);
    assert_eq!(v["equal"], true);
}

/// Thesis Table 4.7, row 12 (period 45, preperiod 144, 12 sources, range 2).
#[test]
fn equivalence_row_of_table_4_7() {
    let v = json(&["equivalence", "--row", "12", "--format", "json"]);
    assert_eq!(v["period"], 45);
    assert_eq!(v["preperiod"], 144);
    assert_eq!(v["sources"], 12);
    assert_eq!(v["source_range"], 2);
    let text = heaplab(&["equivalence", "--table", "5"]);
    assert!(String::from_utf8(text.stdout).unwrap().lines().count() == 6);
}

/// Theorem 4.32: primes ∪ {1} has nim-values n mod 4.
#[test]
fn subtraction_infinite_primes1_json() {
    let v = json(&[
        "subtraction-infinite",
        "primes1",
        "--heaps",
        "12",
        "--format",
        "json",
    ]);
    assert_eq!(
        v["values"],
        serde_json::json!([0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3])
    );
    assert_eq!(v["outcomes"], "PNNNPNNNPNNN");
    assert_eq!(v["verdict"]["theorem"], "Theorem 4.32");
}

#[test]
fn bad_input_gives_one_line_errors() {
    error_contains(&["equivalence"], "exactly one of");
    error_contains(&["equivalence", "0,3"], "at least 1");
    error_contains(&["equivalence", "2,x"], "whole number");
    error_contains(&["equivalence", "--table", "31"], "between 1 and 30");
    error_contains(&["equivalence", "--row", "-4"], "between 1 and 30");
    error_contains(&["equivalence", "1000000"], "no period");
    let big: Vec<String> = (2..=200).map(|s| s.to_string()).collect();
    error_contains(&["equivalence", &big.join(",")], "at most 128");
    error_contains(
        &["subtraction-infinite", "squares", "--heaps", "0"],
        "between 1",
    );
    error_contains(
        &["subtraction-infinite", "primes", "--heaps", "99999999999"],
        "between 1",
    );
    error_contains(&["subtraction-infinite", "cubes"], "invalid value");
    error_contains(&["subtraction-infinite", "k-multiples", "--c", "0"], "--c");
}
