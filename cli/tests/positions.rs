//! `heaplab octal CODE --position …`: the sum's nim-value, P/N and every winning
//! move, huge heaps through the proven period, and bad positions as one-line errors.

mod common;

use common::{error_contains, heaplab, json, one_line_error};

#[test]
fn kayles_5_7_9_has_three_winning_moves() {
    // Kayles ·77: G(5) = 4, G(7) = 2, G(9) = 4 (the classical table; thesis Table 3.2).
    let v = json(&["octal", ".77", "--position", "5,7,9", "--format", "json"]);
    assert_eq!(v["heap_values"], serde_json::json!([4, 2, 4]));
    assert_eq!(v["nim_value"], 2);
    assert_eq!(v["outcome"], "N");
    let moves = v["winning_moves"].as_array().unwrap();
    let summary: Vec<(u64, u64, u64, Vec<u64>)> = moves
        .iter()
        .map(|m| {
            let leaves = m["leaves"].as_array().unwrap();
            (
                m["heap"].as_u64().unwrap(),
                m["size"].as_u64().unwrap(),
                m["taken"].as_u64().unwrap(),
                leaves.iter().map(|x| x.as_u64().unwrap()).collect(),
            )
        })
        .collect();
    assert_eq!(
        summary,
        [
            (1, 7, 1, vec![3, 3]),
            (1, 7, 2, vec![1, 4]),
            (2, 9, 2, vec![2, 5])
        ]
    );
}

#[test]
fn a_p_position_has_no_winning_move_and_text_says_so() {
    let v = json(&["octal", "nim", "--position", "1,2,3", "--format", "json"]);
    assert_eq!(
        (v["nim_value"].as_u64(), v["outcome"].as_str()),
        (Some(0), Some("P"))
    );
    assert!(v["winning_moves"].as_array().unwrap().is_empty());
    let out = heaplab(&["octal", ".77", "--position", "5 7 9"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("N (the player to move wins)"), "{text}");
    assert!(text.contains("heap 3 (9): take 2, leave 2 + 5"), "{text}");
}

#[test]
fn a_huge_heap_takes_its_value_from_the_proven_period() {
    // Kayles: period 12 from heap 71, so G(10^15) = G(71 + (10^15 − 71) mod 12) = G(76) = 1.
    let v = json(&[
        "octal",
        "kayles",
        "--position",
        "1000000000000000,7",
        "--format",
        "json",
    ]);
    assert_eq!(v["heap_values"], serde_json::json!([1, 2]));
    assert!(v["values_from"]
        .as_str()
        .unwrap()
        .contains("proven period 12 from heap 71"));
}

#[test]
fn bad_positions_are_one_line_errors() {
    for position in ["", "-3", "5,-1", "x", "1e3", "99999999999999999999999"] {
        one_line_error(&["octal", ".77", "--position", position]);
    }
    let many = vec!["1"; 65].join(",");
    error_contains(&["octal", ".77", "--position", &many], "at most 64 heaps");
    error_contains(
        &[
            "octal",
            "grundy",
            "--position",
            "1000000000000",
            "--max-heaps",
            "100000",
        ],
        "no period is proven",
    );
    error_contains(
        &["octal", "2000000000000000000", "--position", "3"],
        "heaplab:",
    );
    error_contains(
        &["octal", ".77", "--position", "2000000000000000000"],
        "a heap must be between",
    );
}
