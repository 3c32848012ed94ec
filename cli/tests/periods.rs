//! Issue 16 in the CLI: `subtraction --outcomes-only` (the constant-memory outcome period) and
//! `period-map` without ranges (every ruleset of the family).

mod common;

use common::{json, one_line_error};

/// Survey Section 2: {2,4,7} has outcome preperiod 4 and period 3 (Brent's method), and
/// Section 4: {a, 4a, 12a+1, 16a+1} at a = 3 is purely periodic with period 56·27 + 52·9 +
/// 27 + 1 = 2008 (not max-symmetric, so found by Brent's method with its preperiod pass).
#[test]
fn outcomes_only_reports_the_outcome_period() {
    let v = json(&[
        "subtraction",
        "--set",
        "2,4,7",
        "--outcomes-only",
        "--terms",
        "12",
        "--format",
        "json",
    ]);
    assert_eq!(v["outcomes"], "PPNNNNPNNPNN");
    assert_eq!(
        (
            v["outcome_preperiod"].as_u64(),
            v["outcome_period"].as_u64()
        ),
        (Some(4), Some(3))
    );
    assert!(v.get("values").is_none());
    let v = json(&[
        "subtraction",
        "--set",
        "3,12,37,49",
        "--outcomes-only",
        "--format",
        "json",
    ]);
    assert_eq!(v["outcome_period"], 2008);
    assert_eq!(v["outcome_preperiod"], 0);
}

/// A search too short gives nulls; out-of-range searches name the flag and its limit.
#[test]
fn outcomes_only_limits() {
    let v = json(&[
        "subtraction",
        "--set",
        "15,27,88,100,115",
        "--outcomes-only",
        "--search",
        "10000",
        "--format",
        "json",
    ]);
    assert!(v["outcome_period"].is_null());
    for args in [
        &[
            "subtraction",
            "--set",
            "3",
            "--outcomes-only",
            "--search",
            "0",
        ][..],
        &[
            "subtraction",
            "--set",
            "3",
            "--outcomes-only",
            "--search",
            "10000000000001",
        ],
        &["subtraction", "--set", "3", "--search", "200000001"],
        &["subtraction", "--all-but", "3", "--outcomes-only"],
    ] {
        one_line_error(args);
    }
}

/// Without --s1/--s2 the map covers every ruleset of the family: for maxsym5 at m = 11 that is
/// 1 <= s1 < s2 <= 5, ten rulesets (the issue's `--family maxsym5 --m 115` form).
#[test]
fn period_map_defaults_to_every_valid_ruleset() {
    let v = json(&[
        "period-map",
        "--family",
        "maxsym5",
        "--m",
        "11",
        "--format",
        "json",
    ]);
    assert_eq!(v["cells"].as_array().unwrap().len(), 10);
    assert_eq!(v["s1"], serde_json::json!([1, 5]));
    assert_eq!(v["s2"], serde_json::json!([2, 6]));
}
