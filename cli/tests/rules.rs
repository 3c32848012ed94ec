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

/// Thesis Theorem 3.71: WYTHOFF's P-positions (⌊φn⌋, ⌊φ²n⌋) and mirrors; on 10 × 10 they are
/// (0,0), (1,2), (2,1), (3,5), (5,3), (4,7), (7,4), (6,10 is outside).
#[test]
fn wythoff_json_lists_the_p_positions_and_rows() {
    let v = json(&["rules", "wythoff", "--size", "10,8", "--format", "json"]);
    let p: Vec<[u64; 2]> = serde_json::from_value(v["p_positions"].clone()).unwrap();
    assert_eq!(p, [[0, 0], [1, 2], [2, 1], [3, 5], [4, 7], [5, 3], [7, 4]]);
    let rows: Vec<String> = serde_json::from_value(v["outcomes"].clone()).unwrap();
    assert_eq!(rows.len(), 10);
    assert_eq!(rows[0], "PNNNNNNN");
    assert_eq!(rows[1], "NNPNNNNN");
    let values: Vec<Vec<u64>> = serde_json::from_value(v["values"].clone()).unwrap();
    assert_eq!(values[0], [0, 1, 2, 3, 4, 5, 6, 7]);
    assert_eq!(values[1][1], 2);
    assert_eq!(v["width"], 10);
    assert_eq!(v["star"], false);
}

/// TWO-PILE-NIM* = WYTHOFF (thesis, Section 3.3.7), through the flag and the preset; large
/// grids give outcomes without values.
#[test]
fn the_star_of_two_pile_nim_is_wythoff() {
    let wythoff = json(&["rules", "wythoff", "--size", "30", "--format", "json"]);
    let flag = json(&[
        "rules",
        "two-pile-nim",
        "--star",
        "--size",
        "30",
        "--format",
        "json",
    ]);
    let preset = json(&[
        "rules",
        "two-pile-nim-star",
        "--size",
        "30",
        "--format",
        "json",
    ]);
    for v in [&flag, &preset] {
        assert_eq!(v["p_positions"], wythoff["p_positions"]);
        assert_eq!(v["values"], wythoff["values"]);
        assert_eq!(v["star"], true);
        assert_eq!(v["star_moves"], 29);
    }
    let big = json(&["rules", "wythoff", "--size", "300,400", "--format", "json"]);
    assert!(big["values"].is_null());
    assert_eq!(big["outcomes"].as_array().unwrap().len(), 300);
}

#[test]
fn pair_text_and_csv() {
    let out = text(&["rules", "two-pile-nim", "--size", "3,4"]);
    assert!(out.contains("P-positions: 3 of 12 positions"), "{out}");
    assert!(out.contains("(0, 0) (1, 1) (2, 2)"), "{out}");
    assert!(out.contains("  1 NPNN"), "{out}");
    let csv = text(&["rules", "two-pile-nim", "--size", "2,2", "--format", "csv"]);
    assert_eq!(
        csv.trim(),
        "a,b,value,outcome\n0,0,0,P\n0,1,1,N\n1,0,1,N\n1,1,0,P"
    );
    let cases: &[(&[&str], &str)] = &[
        (&["rules", "wythoff", "--size", "0,5"], "grid 0 × 5"),
        (&["rules", "wythoff", "--size", "a,b"], "--size a,b"),
        (&["rules", "wythoff", "--size", "5000,5000"], "4,000,000"),
        (
            &["rules", "wythoff", "--misere", "--star"],
            "normal play only",
        ),
        (&["rules", "mark", "--star", "--misere"], "normal play only"),
    ];
    for (args, expected) in cases {
        let message = one_line_error(args);
        assert!(message.contains(expected), "{args:?}: {message}");
    }
}

/// Misère two-pile nim: P exactly when the heaps are equal and one is at least 2, or when
/// they are (1, 0) or (0, 1) (misère Nim, Bouton).
#[test]
fn misere_two_pile_nim_lists_its_p_positions() {
    let v = json(&[
        "rules",
        "two-pile-nim",
        "--misere",
        "--size",
        "4",
        "--format",
        "json",
    ]);
    let p: Vec<[u64; 2]> = serde_json::from_value(v["p_positions"].clone()).unwrap();
    assert_eq!(p, [[0, 1], [1, 0], [2, 2], [3, 3]]);
    assert_eq!(v["convention"], "misere");
    assert!(v["values"].is_null());
    let out = text(&["rules", "two-pile-nim", "--misere", "--size", "3"]);
    assert!(out.contains("misère play"), "{out}");
    assert!(out.contains("(0, 1) (1, 0) (2, 2)"), "{out}");
}

/// COMPLY-AP (Larsson): the P-positions are the numbers with base-3 digits 0 and 1.
#[test]
fn comply_ap_in_every_format() {
    let v = json(&["rules", "comply-ap", "--terms", "15", "--format", "json"]);
    assert_eq!(v["outcomes"], "PPNPPNNNNPPNPPN");
    let p: Vec<u64> = serde_json::from_value(v["p_positions"].clone()).unwrap();
    assert_eq!(p, [0, 1, 3, 4, 9, 10, 12, 13]);
    let out = text(&["rules", "comply-ap", "--terms", "15"]);
    assert!(out.contains("outcomes only"), "{out}");
    assert!(out.contains("P-positions (8): 0 1 3 4 9 10 12 13"), "{out}");
    let csv = text(&["rules", "comply-ap", "--terms", "3", "--format", "csv"]);
    assert_eq!(csv.trim(), "heap,outcome\n0,P\n1,P\n2,N");
}

/// Partizan subtraction S(1,2 | 1,3) (thesis Definition 3.90): canonical forms per heap.
#[test]
fn partizan_subtraction_prints_canonical_forms() {
    let v = json(&[
        "rules",
        "partizan-subtraction",
        "--param",
        "L=1",
        "--param",
        "R=1",
        "--terms",
        "4",
        "--format",
        "json",
    ]);
    let forms: Vec<String> = serde_json::from_value(v["canonical"].clone()).unwrap();
    assert_eq!(forms, ["0", "*", "0", "*"]);
    assert_eq!(v["outcomes"], "PNPN");
    let csv = text(&[
        "rules",
        "partizan-subtraction",
        "--terms",
        "2",
        "--format",
        "csv",
    ]);
    assert_eq!(csv.trim(), "heap,canonical,outcome\n0,\"0\",P\n1,\"*\",N");
    let out = text(&["rules", "partizan-subtraction", "--terms", "5"]);
    assert!(out.contains("canonical forms:"), "{out}");
    let cases: &[(&[&str], &str)] = &[
        (
            &["rules", "partizan-subtraction", "--misere"],
            "normal play",
        ),
        (&["rules", "comply-ap", "--star"], "star operator"),
    ];
    for (args, expected) in cases {
        let message = one_line_error(args);
        assert!(message.contains(expected), "{args:?}: {message}");
    }
}

/// Three-pile nim as a t-vector ruleset: P exactly when a ⊕ b ⊕ c = 0 (Bouton).
#[test]
fn three_pile_nim_on_a_box() {
    let path = std::env::temp_dir().join(format!("heaplab-nim3-{}.rhai", std::process::id()));
    std::fs::write(&path, "fn rays() { [[1, 0, 0], [0, 1, 0], [0, 0, 1]] }").unwrap();
    let path = path.to_str().unwrap();
    let v = json(&["rules", path, "--size", "3", "--format", "json"]);
    let p: Vec<Vec<u64>> = serde_json::from_value(v["p_positions"].clone()).unwrap();
    let want: Vec<Vec<u64>> = vec![
        vec![0, 0, 0],
        vec![0, 1, 1],
        vec![0, 2, 2],
        vec![1, 0, 1],
        vec![1, 1, 0],
        vec![2, 0, 2],
        vec![2, 2, 0],
    ];
    assert_eq!(p, want);
    assert_eq!(v["sides"], serde_json::json!([3, 3, 3]));
    assert_eq!(v["outcomes"].as_str().unwrap().len(), 27);
    let csv = text(&["rules", path, "--size", "1,1,2", "--format", "csv"]);
    assert_eq!(csv.trim(), "a,b,c,value,outcome\n0,0,0,0,P\n0,0,1,1,N");
    let out = text(&["rules", path, "--size", "2,2,2", "--misere"]);
    assert!(out.contains("box: 2 × 2 × 2"), "{out}");
    assert!(
        out.contains("(0, 0, 1) (0, 1, 0) (1, 0, 0) (1, 1, 1)"),
        "{out}"
    );
    let message = one_line_error(&["rules", path, "--size", "3,3"]);
    assert!(message.contains("write 3 sides"), "{message}");
    std::fs::remove_file(path).ok();
}
