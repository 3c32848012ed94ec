//! `heaplab octal` on hexadecimal and infinite codes and on the named families.

mod common;

use common::{json, one_line_error};

/// Kenyon's ·3F: period 6, saltus 3, proven by the Howse–Nowakowski test (thesis §3.5).
#[test]
fn kenyons_game_in_json() {
    let v = json(&["octal", ".3F", "--prove", "--format", "json"]);
    assert_eq!(
        (v["period"].as_u64(), v["saltus"].as_u64()),
        (Some(6), Some(3))
    );
    assert_eq!(v["proven"], true);
    assert!(v["observed"].is_null());
    let dot28 = json(&["octal", ".28", "--prove", "--format", "json"]);
    assert_eq!(dot28["proven"], false);
    assert_eq!(dot28["observed"]["period"], 53);
    assert_eq!(dot28["observed"]["saltus"], 16);
}

/// The families: PB(1,2,6) by Theorem 3.89, TkBk(3) by Theorem 4.40, bad sets refused.
#[test]
fn families_in_json() {
    let pb = json(&["octal", "PB(1,2,6)", "--format", "json"]);
    assert_eq!(
        (pb["period"].as_u64(), pb["saltus"].as_u64()),
        (Some(12), Some(8))
    );
    assert_eq!(pb["proven"], true);
    let tk = json(&["octal", "TkBk(3)", "--terms", "12", "--format", "json"]);
    assert_eq!(
        tk["values"],
        serde_json::json!([0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 2])
    );
    assert_eq!(tk["proven"], true);
    for bad in ["PB(0)", "TkBk(", "PB(1,99)"] {
        one_line_error(&["octal", bad]);
    }
    // Above the pure breaking method's cap (`octal::breaking::MAX_BREAKING_HEAPS`).
    one_line_error(&["octal", "PB(1,2)", "--terms", "4000001"]);
}
