//! `heaplab rules`: presets and files, parameters, the three formats, and one-line errors.

mod common;

use common::{heaplab, json, one_line_error};

/// Runs `heaplab` with `args`, which must succeed, and returns its standard output.
fn text(args: &[&str]) -> String {
    let out = heaplab(args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Thesis Theorem 3.70: MARK's values from heap 1 are 1 0 2 1 2 0 1 0 2 … (vile/odious: 1,
/// dopey: 0, vile/evil: 2); no period is reported (Proposition 3.68: MARK is aperiodic).
#[test]
fn mark_json_has_values_outcomes_and_no_period() {
    let v = json(&["rules", "mark", "--terms", "12", "--format", "json"]);
    let values: Vec<u64> = serde_json::from_value(v["values"].clone()).unwrap();
    assert_eq!(values, [0, 1, 0, 2, 1, 2, 0, 1, 0, 2, 0, 1]);
    assert_eq!(v["outcomes"], "PNPNNNPNPNPN");
    assert!(v["observed_period"].is_null());
    assert_eq!(v["name"], "MARK");
}

/// Survey Section 2: {2,5,7} has period 22 from heap 0; the rule version sees it and names
/// the built-in game, with its link.
#[test]
fn a_subtraction_rule_sees_its_period_and_names_the_built_in_game() {
    let v = json(&[
        "rules",
        "subtraction",
        "--param",
        "S=2,5,7",
        "--terms",
        "200",
        "--format",
        "json",
    ]);
    assert_eq!(v["observed_period"]["period"], 22);
    assert_eq!(v["observed_period"]["preperiod"], 0);
    assert_eq!(v["same_as"]["family"], "subtraction");
    assert_eq!(v["same_as_link"], "#/subtraction?S=2,5,7&n=200");
    let text = text(&[
        "rules",
        "subtraction",
        "--param",
        "S=2,5,7",
        "--terms",
        "200",
    ]);
    assert!(text.contains("observed, not proven"), "{text}");
}

#[test]
fn a_ruleset_file_and_csv_and_misere() {
    let dir = std::env::temp_dir().join(format!("heaplab-rules-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("take-one-or-two.rhai");
    std::fs::write(
        &file,
        "name(\"take 1 or 2\");\nfn options(n) { [n - 1, n - 2].filter(|x| x >= 0) }\n",
    )
    .unwrap();
    let path = file.to_str().unwrap();
    let csv = text(&["rules", path, "--terms", "4", "--format", "csv"]);
    assert_eq!(csv.trim(), "heap,value,outcome\n0,0,P\n1,1,N\n2,2,N\n3,0,P");
    // Misère: heap 0 (no move) is won by the player to move; heap 1 is lost.
    let misere = json(&[
        "rules", path, "--terms", "4", "--misere", "--format", "json",
    ]);
    assert_eq!(misere["outcomes"], "NPNN");
    assert_eq!(misere["convention"], "misere");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_rulesets_and_arguments_get_one_line() {
    let cases: &[(&[&str], &str)] = &[
        (&["rules", "no-such-preset"], "neither a file nor a preset"),
        (&["rules", "mark", "--param", "t=3"], "no parameter 't'"),
        (&["rules", "mark-t", "--param", "t"], "write NAME=VALUE"),
        (&["rules", "mark", "--terms", "0"], "--terms"),
        (&["rules", "mark", "--terms", "-5"], "--terms"),
        (&["rules", "mark", "--terms", "99999999999"], "--terms"),
    ];
    for (args, expected) in cases {
        let message = one_line_error(args);
        assert!(message.contains(expected), "{args:?}: {message}");
    }
}

#[test]
fn the_list_names_every_preset() {
    let list = text(&["rules", "--list"]);
    for name in [
        "mark",
        "mimark",
        "upmark",
        "mark-t",
        "i-mark",
        "kayles",
        "dawsons-kayles",
        "grundy",
    ] {
        assert!(
            list.lines().any(|l| l.starts_with(name)),
            "{name} in {list}"
        );
    }
}
