//! `heaplab scoring` end to end: the issue's two JSON commands, sums, the survey, tree figures
//! (TikZ compiled with pdflatex where available) and one-line errors for bad input.

mod common;

use common::{assert_compiles, heaplab, json, one_line_error, pdflatex_available};

const FIGURE_1: &str = "{2,{11|4|-3}|3|4,{9|2|-5}}";

/// Stewart, Figure 1: Left first ends at 2, Right first at 4, class L, impartial.
#[test]
fn game_json_has_the_issue_fields() {
    let v = json(&["scoring", "--game", FIGURE_1, "--format", "json"]);
    assert_eq!(v["left_final"], 2);
    assert_eq!(v["right_final"], 4);
    assert_eq!(v["outcome_class"], "L");
    assert_eq!(v["impartial"], true);
    assert_eq!(v["nodes"], 9);
    let not = json(&["scoring", "--game", "{5|3|2}", "--format", "json"]);
    assert_eq!(not["impartial"], false);
    assert!(not["impartial_reason"].as_str().unwrap().contains("mirror"));
}

/// Stewart, Conjecture 9: G + G is in P although −G = G.
#[test]
fn conjecture_9_sum() {
    let g = "{2,{1|2|3}|0|-2,{-3|-2|-1}}";
    let v = json(&["scoring", "--game", g, "--plus", g, "--format", "json"]);
    assert_eq!(v["sum"]["outcome_class"], "P");
    assert_eq!(v["sum"]["left_final"], -1);
    assert_eq!(v["sum"]["right_final"], 1);
    // G + G + G written two ways, `--plus "G + G"` and a repeated --plus, gives one answer;
    // a sum of three games also draws its tree.
    let both = json(&[
        "scoring",
        "--game",
        g,
        "--plus",
        &format!("{g} + {g}"),
        "--format",
        "json",
    ]);
    let repeated = json(&[
        "scoring", "--game", g, "--plus", g, "--plus", g, "--format", "json",
    ]);
    assert_eq!(both["sum"], repeated["sum"]);
    let dir = std::env::temp_dir().join(format!("heaplab-sum3-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("sum.svg");
    json(&[
        "scoring",
        "--game",
        "{4|3|2}",
        "--plus",
        "{1|0|-1} + 2",
        "--out",
        svg.to_str().unwrap(),
        "--format",
        "json",
    ]);
    assert!(std::fs::read_to_string(&svg).unwrap().contains("<svg"));
    std::fs::remove_dir_all(&dir).ok();
}

/// Stewart, Section 3.1.2: (3333, 2222) has period 5.
#[test]
fn octal_json_has_values_period_and_preperiod() {
    let v = json(&[
        "scoring", "--octal", "3333", "--points", "2,2,2,2", "--terms", "11", "--format", "json",
    ]);
    assert_eq!(
        v["values"],
        serde_json::json!([0, 2, 2, 2, 2, 0, 2, 2, 2, 2, 0])
    );
    assert_eq!(v["period"], 5);
    assert_eq!(v["preperiod"], 0);
    assert_eq!(v["two_k"]["eventual"], false);
    // Table 1 (S = {4,5}) beside a fixed heap m = 2 under (33; 1,2).
    let t = json(&[
        "scoring",
        "--octal",
        "00033",
        "--points",
        "0,0,0,4,5",
        "--terms",
        "16",
        "--format",
        "json",
    ]);
    assert_eq!(
        t["values"],
        serde_json::json!([0, 0, 0, 0, 4, 5, 5, 5, 5, 1, 0, 0, 0, 3, 4, 5])
    );
    assert_eq!(t["method"], "cumulative-subtraction");
    let s = json(&[
        "scoring",
        "--octal",
        "00033",
        "--points",
        "0,0,0,4,5",
        "--terms",
        "40",
        "--m",
        "2",
        "--m-octal",
        "33",
        "--m-points",
        "1,2",
        "--format",
        "json",
    ]);
    assert_eq!(s["method"], "column-dp");
    assert_eq!(s["m"], 2);
    assert!(s["period"].as_u64().is_some());
}

#[test]
fn survey_reports_counts() {
    let v = json(&[
        "scoring", "--survey", "2", "--max-m", "1", "--format", "json",
    ]);
    let checked = v["checked"].as_u64().unwrap();
    assert!(checked > 0);
    assert_eq!(v["proven"].as_u64(), Some(checked));
    assert_eq!(v["eventual_2k"].as_u64(), Some(checked));
}

#[test]
fn tree_figures_are_written_and_compile() {
    let dir = std::env::temp_dir().join(format!("heaplab-scoring-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("fig1.svg");
    let tex = dir.join("fig1.tex");
    for path in [&svg, &tex] {
        let out = heaplab(&[
            "scoring",
            "--game",
            FIGURE_1,
            "--out",
            path.to_str().unwrap(),
        ]);
        assert!(out.status.success(), "{out:?}");
    }
    let svg_text = std::fs::read_to_string(&svg).unwrap();
    assert!(svg_text.contains("Scoring game {"), "{svg_text}");
    assert!(
        svg_text.contains("<metadata>HeapLab v") && svg_text.contains("#/scoring?tab=game&amp;g=")
    );
    assert!(svg_text.contains("class L") && svg_text.contains("optimal move"));
    let tex_text = std::fs::read_to_string(&tex).unwrap();
    assert_eq!(tex_text.matches("\\node[draw").count(), 9);
    if pdflatex_available() {
        assert_compiles(&tex);
    }
    let pdf = dir.join("fig1.pdf");
    let out = heaplab(&[
        "scoring",
        "--game",
        FIGURE_1,
        "--figure",
        pdf.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{out:?}");
    assert!(std::fs::read(&pdf).unwrap().starts_with(b"%PDF"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn bad_input_is_one_line() {
    for args in [
        &["scoring"][..],
        &["scoring", "--game", "{1|2}"],
        &["scoring", "--game", ""],
        &["scoring", "--game", "{4|3|2}", "--plus", "{x"],
        &["scoring", "--game", "{4|3|2}", "--out", "x.pdf"],
        &["scoring", "--octal", "3333"],
        &["scoring", "--octal", "3z", "--points", "1,2"],
        &["scoring", "--octal", "33", "--points", "1"],
        &["scoring", "--octal", "0", "--points", "1"],
        &[
            "scoring", "--octal", "33", "--points", "1,2", "--terms", "-4",
        ],
        &[
            "scoring", "--octal", "33", "--points", "1,2", "--m", "999999",
        ],
        &[
            "scoring", "--octal", "0.26", "--points", "1,2", "--terms", "100000",
        ],
        &["scoring", "--survey", "99"],
        &["scoring", "--game", "5", "--octal", "3", "--points", "1"],
    ] {
        one_line_error(args);
    }
}
