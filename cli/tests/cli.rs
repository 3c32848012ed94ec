//! The `heaplab` binary end to end: JSON keys and values, readable output, one-line errors.

use assert_cmd::Command;
use serde_json::Value;

fn heaplab(args: &[&str]) -> std::process::Output {
    Command::cargo_bin("heaplab")
        .unwrap()
        .args(args)
        .output()
        .unwrap()
}

fn json(args: &[&str]) -> Value {
    let out = heaplab(args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// The example, with the survey's numbers for {2,5,7} (Section 2: period 22).
#[test]
fn subtraction_json_has_the_documented_keys() {
    let v = json(&[
        "subtraction",
        "--set",
        "2,5,7",
        "--terms",
        "400",
        "--format",
        "json",
    ]);
    assert_eq!(v["values"].as_array().unwrap().len(), 400);
    assert_eq!(&v["outcomes"].as_str().unwrap()[..15], "PPNNPNNNNNPNNPP");
    assert_eq!(v["outcome_period"], 22);
    assert_eq!(v["outcome_preperiod"], 0);
    assert_eq!(v["period"], 22);
    assert_eq!(v["preperiod"], 0);
}

/// Survey Section 2: {2,4,7} has outcome preperiod 4 and period 3.
#[test]
fn subtraction_preperiod_example() {
    let v = json(&[
        "subtraction",
        "--set",
        "{2, 4, 7}",
        "--terms",
        "20",
        "--format",
        "json",
    ]);
    assert_eq!(
        (
            v["outcome_preperiod"].as_u64(),
            v["outcome_period"].as_u64()
        ),
        (Some(4), Some(3))
    );
}

/// Survey Appendix A: all-but {3,6} has period 9 and saltus 3.
#[test]
fn all_but_json_has_saltus() {
    let v = json(&[
        "subtraction",
        "--all-but",
        "3,6",
        "--terms",
        "30",
        "--format",
        "json",
    ]);
    assert_eq!(
        (
            v["period"].as_u64(),
            v["saltus"].as_u64(),
            v["preperiod"].as_u64()
        ),
        (Some(9), Some(3), Some(0))
    );
    assert_eq!(v["values"][9], 3);
}

#[test]
fn a_short_search_reports_null_periods() {
    let v = json(&[
        "subtraction",
        "--set",
        "2,5,7",
        "--search",
        "10",
        "--format",
        "json",
    ]);
    assert!(v["outcome_period"].is_null());
}

#[test]
fn text_output_is_readable() {
    let out = heaplab(&["subtraction", "--set", "2 4 7", "--terms", "10"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("S = {2,4,7}"), "{text}");
    assert!(text.contains("preperiod 4, period 3"), "{text}");
}

#[test]
fn bad_input_exits_non_zero_with_one_line() {
    for args in [
        &["subtraction", "--set", "2,x"][..],
        &["subtraction", "--set", ""],
        &["subtraction", "--set", "0,3"],
        &["subtraction", "--set", "-3"],
        &["subtraction", "--set", "3,3"],
        &["subtraction", "--set", "3", "--terms", "0"],
        &["subtraction", "--set", "3", "--terms", "-4"],
        &["subtraction", "--set", "3", "--terms", "99999999999"],
        &["subtraction", "--set", "99999999"],
        &["subtraction"],
        &["subtraction", "--set", "2", "--all-but", "3"],
        &["frobnicate"],
    ] {
        let out = heaplab(args);
        assert!(!out.status.success(), "{args:?} should fail");
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert_eq!(stderr.trim_end().lines().count(), 1, "{args:?}: {stderr}");
        assert!(stderr.starts_with("heaplab: "), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
}
