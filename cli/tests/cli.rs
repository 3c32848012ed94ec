//! The `heaplab` binary end to end: JSON keys and values, readable output, one-line errors.

mod common;

use common::{heaplab, json, one_line_error};
use serde_json::Value;

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
        one_line_error(args);
    }
}

/// The period-map example: the JSON lists every ruleset of the window with its class,
/// and the counts add up. {5n-2, 5n+3, 10n+2} needs s3 = 10n + 2, so check s3 = 62 (n = 6):
/// {28, 33, 62} has period 5 and preperiod 45·36 - 1 = 1619 (survey Section 2).
#[test]
fn period_map_json_lists_cells_and_counts() {
    let v = json(&[
        "period-map",
        "--s3",
        "62",
        "--s1",
        "20..40",
        "--s2",
        "25..45",
        "--format",
        "json",
    ]);
    let cells = v["cells"].as_array().unwrap();
    let cell = cells
        .iter()
        .find(|c| c["s1"] == 28 && c["s2"] == 33)
        .unwrap();
    assert_eq!(
        (cell["period"].as_u64(), cell["preperiod"].as_u64()),
        (Some(5), Some(1619))
    );
    assert_eq!(cell["class"], "other");
    let diagonal = cells
        .iter()
        .find(|c| c["s1"] == 29 && c["s2"] == 33)
        .unwrap();
    assert_eq!(diagonal["class"], "diagonal");
    let total: u64 = ["diagonal", "s2+s3", "s1+s3", "s1+s2", "other", "unresolved"]
        .iter()
        .map(|k| v["counts"][k].as_u64().unwrap())
        .sum();
    assert_eq!(total as usize, cells.len());
}

#[test]
fn period_map_writes_a_png_of_the_window_size() {
    let path = std::env::temp_dir().join(format!("heaplab-map-{}.png", std::process::id()));
    let out = heaplab(&[
        "period-map",
        "--s3",
        "31",
        "--s1",
        "1..31",
        "--s2",
        "1..21",
        "--out",
        path.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let bytes = std::fs::read(&path).unwrap();
    std::fs::remove_file(&path).ok();
    assert_eq!(&bytes[1..4], b"PNG");
    // IHDR: width and height, big-endian, at bytes 16..24.
    assert_eq!(u32::from_be_bytes(bytes[16..20].try_into().unwrap()), 30);
    assert_eq!(u32::from_be_bytes(bytes[20..24].try_into().unwrap()), 20);
}

#[test]
fn period_map_other_families_and_bad_input() {
    let v = json(&[
        "period-map",
        "--family",
        "maxsym5",
        "--m",
        "40",
        "--s1",
        "1..10",
        "--s2",
        "2..19",
        "--format",
        "json",
    ]);
    assert!(
        v["cells"]
            .as_array()
            .unwrap()
            .iter()
            .all(|c| c["preperiod"] == 0),
        "max-symmetric sets are purely periodic"
    );
    for args in [
        &["period-map", "--s3", "0", "--s1", "1..3", "--s2", "1..3"][..],
        &["period-map", "--s3", "30", "--s1", "5..5", "--s2", "1..3"],
        &["period-map", "--s3", "3001"],
        &[
            "period-map",
            "--family",
            "maxsym5",
            "--s1",
            "1..3",
            "--s2",
            "1..3",
        ],
        &[
            "period-map",
            "--family",
            "7move",
            "--s3",
            "30",
            "--s1",
            "1..3",
            "--s2",
            "1..3",
        ],
        &[
            "period-map",
            "--s3",
            "30",
            "--s1",
            "0..100000",
            "--s2",
            "0..100000",
        ],
    ] {
        one_line_error(args);
    }
}

/// The plane example (survey Figure 2): counts and a W×H PNG with P black.
#[test]
fn plane_json_and_png() {
    let v = json(&[
        "plane",
        "--moves",
        "2,6 3,3 6,1 19,6",
        "--width",
        "360",
        "--height",
        "200",
        "--format",
        "json",
    ]);
    assert_eq!(
        (v["width"].as_u64(), v["height"].as_u64()),
        (Some(360), Some(200))
    );
    let p = v["p_positions"].as_u64().unwrap();
    assert!(p >= 360 + 199, "row 0 and column 0 are all P: {p}");
    assert_eq!(v["rows"].as_array().unwrap().len(), 200);
    let path = std::env::temp_dir().join(format!("heaplab-plane-{}.png", std::process::id()));
    let out = heaplab(&[
        "plane",
        "--moves",
        "(2,6) (3,3)",
        "--width",
        "30",
        "--height",
        "20",
        "--out",
        path.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    let bytes = std::fs::read(&path).unwrap();
    std::fs::remove_file(&path).ok();
    assert_eq!(u32::from_be_bytes(bytes[16..20].try_into().unwrap()), 30);
    assert_eq!(u32::from_be_bytes(bytes[20..24].try_into().unwrap()), 20);
    for args in [
        &["plane", "--moves", "(0,0)"][..],
        &["plane", "--moves", "1,2", "--width", "0"],
        &["plane", "--moves", "1"],
    ] {
        one_line_error(args);
    }
}

/// Grundy mode: nim-value counts whose value-0 count is the P-count, a PNG and an SVG legend.
#[test]
fn plane_grundy_mode() {
    let v = json(&[
        "plane",
        "--moves",
        "2,6 3,3 6,1 19,6",
        "--width",
        "120",
        "--height",
        "80",
        "--mode",
        "grundy",
        "--format",
        "json",
    ]);
    let counts: Vec<u64> = v["nim_value_counts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_u64().unwrap())
        .collect();
    assert_eq!(counts[0], v["p_positions"].as_u64().unwrap());
    assert_eq!(counts.iter().sum::<u64>(), 120 * 80);
    assert_eq!(v["max_nim_value"].as_u64(), Some(counts.len() as u64 - 1));
    let dir = std::env::temp_dir();
    let png = dir.join(format!("heaplab-grundy-{}.png", std::process::id()));
    let svg = dir.join(format!("heaplab-grundy-{}.svg", std::process::id()));
    let out = heaplab(&[
        "plane",
        "--moves",
        "(1,2) (2,1)",
        "--width",
        "40",
        "--height",
        "30",
        "--mode",
        "grundy",
        "--out",
        png.to_str().unwrap(),
        "--figure",
        svg.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    assert!(std::fs::read(&png).unwrap().starts_with(b"\x89PNG"));
    let figure = std::fs::read_to_string(&svg).unwrap();
    assert!(figure.contains("nim-value") && figure.contains("2-D subtraction"));
    std::fs::remove_file(&png).ok();
    std::fs::remove_file(&svg).ok();
    for args in [
        &[
            "plane", "--moves", "1,2", "--width", "5000", "--height", "5000", "--mode", "grundy",
        ][..],
        &["plane", "--moves", "1,2", "--mode", "colour"],
    ] {
        one_line_error(args);
    }
}

/// `--shrink`: a greyscale PNG of ceil(W/f) × ceil(H/f) pixels (the figure of docs/guide/plane.md).
#[test]
fn plane_shrunk_png() {
    let path = std::env::temp_dir().join(format!("heaplab-shrunk-{}.png", std::process::id()));
    let out = heaplab(&[
        "plane",
        "--moves",
        "2,6 3,3 6,1 19,6",
        "--width",
        "101",
        "--height",
        "50",
        "--shrink",
        "4",
        "--out",
        path.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    let bytes = std::fs::read(&path).unwrap();
    std::fs::remove_file(&path).ok();
    assert_eq!(u32::from_be_bytes(bytes[16..20].try_into().unwrap()), 26);
    assert_eq!(u32::from_be_bytes(bytes[20..24].try_into().unwrap()), 13);
    assert_eq!(bytes[25], 0, "colour type 0: greyscale");
    for args in [
        &["plane", "--moves", "1,2", "--shrink", "0"][..],
        &[
            "plane", "--moves", "1,2", "--shrink", "2", "--mode", "grundy",
        ],
    ] {
        one_line_error(args);
    }
}

/// Cumulative subtraction, the keys, on the paper's Example 1 (S = {2,3}).
#[test]
fn cumulative_subtraction_json() {
    let v = json(&[
        "cumulative-subtraction",
        "--set",
        "2,3",
        "--terms",
        "13",
        "--format",
        "json",
    ]);
    assert_eq!(
        v["outcomes"],
        serde_json::json!([0, 0, 2, 3, 3, 1, 0, 1, 2, 3, 2, 1, 0])
    );
    assert!(v["optimal_actions"][1].is_null());
    assert_eq!(v["optimal_actions"][7], 2);
    assert_eq!(
        (
            v["convergence"].as_u64(),
            v["preperiod"].as_u64(),
            v["period"].as_u64()
        ),
        (Some(8), Some(5), Some(6))
    );
    let g = json(&[
        "cumulative-subtraction",
        "--set",
        "5,7",
        "--piles",
        "2",
        "--width",
        "30",
        "--height",
        "20",
        "--format",
        "json",
    ]);
    assert_eq!(g["grid"].as_array().unwrap().len(), 20);
    assert_eq!(g["grid"][0].as_array().unwrap().len(), 30);
    assert_eq!(g["grid"][7][7], 0);
    let t = json(&["truncated", "--m", "10", "--format", "json"]);
    assert_eq!(t["tr"], serde_json::json!([1, 2, 2, 2, 2, 3, 3, 5, 9]));
    let out = heaplab(&["cumulative-subtraction", "--set", "2,3", "--piles", "3"]);
    assert!(!out.status.success());
}

/// Cumulative subtraction: a start score p and a Negative start only shift the result (paper,
/// the note after Definition 3; o(7) = 1 for S = {2,3}); k-diagonal periods (Conjecture 19);
/// bad start flags give one-line errors.
#[test]
fn cumulative_subtraction_start_and_diagonals() {
    let v = json(&[
        "cumulative-subtraction",
        "--set",
        "2,3",
        "--terms",
        "8",
        "--start-score",
        "10",
        "--starter",
        "negative",
        "--format",
        "json",
    ]);
    assert_eq!(v["final_scores"][7], 9);
    assert_eq!(v["final_scores"][2], 8);
    assert_eq!(v["outcomes"][7], 1);
    let g = json(&[
        "cumulative-subtraction",
        "--set",
        "5,7",
        "--piles",
        "2",
        "--width",
        "120",
        "--height",
        "120",
        "--format",
        "json",
    ]);
    let diagonals = g["diagonals"].as_array().unwrap();
    assert_eq!(diagonals.len(), 61);
    let main = diagonals.iter().find(|d| d["k"] == 0).unwrap();
    assert_eq!(
        (main["period"].as_u64(), main["preperiod"].as_u64()),
        (Some(1), Some(0))
    );
    assert!(g["conjecture_19_unproven"].is_array());
    for bad in [["--start-score", "x"], ["--starter", "alice"]] {
        one_line_error(&["cumulative-subtraction", "--set", "2,3", bad[0], bad[1]]);
    }
}

/// Figures 1, 2 and 3 as SVG files: `--circles PREFIX` (Figure 1 for two actions, Figure 2
/// top and bottom) and `truncated --out` (tr^m against a); the residues 5 and 6 mod 12 of
/// S = {5,7} carry the sacrifice 5 (Table 1's X*).
#[test]
fn cumulative_subtraction_figures() {
    let dir = std::env::temp_dir().join(format!("heaplab-cs-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let prefix = dir.join("s57");
    let out = heaplab(&[
        "cumulative-subtraction",
        "--set",
        "5,7",
        "--circles",
        prefix.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{out:?}");
    // Figure 1: the residues mod 12, a tick each; the two sacrifice residues bold in the accent.
    let fig1 = std::fs::read_to_string(dir.join("s57-fig1.svg")).unwrap();
    assert!(fig1.contains("Figure 1: opt before convergence, x mod 12"));
    assert_eq!(fig1.matches("<polyline").count(), 12, "a tick per residue");
    assert_eq!(
        fig1.matches("font-weight=\"bold\"").count(),
        2,
        "two sacrifice residues"
    );
    assert!(fig1.contains("a sacrifice") && fig1.contains("#/cumulative-subtraction?S=5,7"));
    for name in ["s57-fig2-initial.svg", "s57-fig2-converged.svg"] {
        let svg = std::fs::read_to_string(dir.join(name)).unwrap();
        assert_eq!(svg.matches("<polyline").count(), 14, "{name}");
    }
    // `PREFIX.pdf` writes the same figures as PDFs.
    let pdf = dir.join("s57.pdf");
    let args = ["cumulative-subtraction", "--set", "5,7", "--circles"];
    let out = heaplab(&[&args[..], &[pdf.to_str().unwrap()]].concat());
    assert!(out.status.success(), "{out:?}");
    let fig1 = std::fs::read(dir.join("s57-fig1.pdf")).unwrap();
    assert!(fig1.starts_with(b"%PDF"));
    let plot = dir.join("tr25.svg");
    let out = heaplab(&["truncated", "--m", "25", "--out", plot.to_str().unwrap()]);
    assert!(out.status.success(), "{out:?}");
    let svg = std::fs::read_to_string(&plot).unwrap();
    assert_eq!(svg.matches("<circle").count(), 24, "a = 1 … 24");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The `values` array of a JSON report.
fn values_of(v: &Value) -> Vec<u64> {
    let values = v["values"].as_array().unwrap();
    values.iter().map(|x| x.as_u64().unwrap()).collect()
}

/// `heaplab octal .16 --terms N --format json`: the keys; digest Section 3 values of ·16.
#[test]
fn octal_json_has_the_documented_keys() {
    let v = json(&["octal", ".16", "--terms", "20", "--format", "json"]);
    let values = values_of(&v);
    assert_eq!(
        values,
        [0, 1, 0, 0, 1, 2, 2, 1, 4, 0, 1, 4, 2, 1, 4, 0, 1, 4, 2, 1]
    );
    for key in ["period", "preperiod", "last_exception", "proven"] {
        assert!(v.get(key).is_some(), "missing {key}");
    }
    // 20 heaps prove nothing for ·16.
    assert_eq!(v["proven"], false);
    assert_eq!(v["period"], Value::Null);
}

/// `--prove` on Kayles (period 12, last exception 70) and thesis Table 3.2's ·45 (20, 498).
#[test]
fn octal_prove_kayles_and_table_row() {
    let v = json(&["octal", "kayles", "--prove", "--format", "json"]);
    assert_eq!(v["code"], "·77");
    assert_eq!(v["name"], "Kayles");
    assert_eq!(v["period"], 12);
    assert_eq!(v["preperiod"], 71);
    assert_eq!(v["last_exception"], 70);
    assert_eq!(v["proven"], true);
    let v = json(&["octal", "·45", "--prove", "--format", "json"]);
    assert_eq!(
        (v["period"].clone(), v["preperiod"].clone()),
        (20.into(), 498.into())
    );
}

/// The readable output names the game and the theorem.
#[test]
fn octal_text_output() {
    let out = heaplab(&["octal", "0.137", "--prove", "--terms", "10"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("Dawson's chess"), "{text}");
    assert!(text.contains("period 34"), "{text}");
    assert!(text.contains("Theorem 3.73"), "{text}");
}

/// CGSuite's generalized codes: Grundy's game as `4!.0` (OEIS A002188), a cut number of 3.
#[test]
fn octal_generalized_codes() {
    let v = json(&["octal", "4!.0", "--terms", "30", "--format", "json"]);
    let values = values_of(&v);
    assert_eq!(
        values[..21],
        [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0]
    );
    assert_eq!(v["name"], "Grundy's game");
    let v = json(&["octal", "8?.G!", "--terms", "8", "--format", "json"]);
    assert_eq!(v["kind"], "Generalized");
    assert_eq!(v["code"], "8?·G!");
}

/// A budget too small to prove ·16 says so instead of claiming a period.
#[test]
fn octal_budget_reports_not_yet_periodic() {
    let v = json(&[
        "octal",
        ".16",
        "--prove",
        "--max-heaps",
        "10000",
        "--format",
        "json",
    ]);
    assert_eq!(v["proven"], false);
    assert_eq!(v["computed"], 10000);
    assert!(v["proof"]
        .as_str()
        .unwrap()
        .contains("not yet periodic up to 10,000"));
}

/// Bad codes and sizes: non-zero exit, one line on stderr.
#[test]
fn octal_errors_are_one_line() {
    for args in [
        vec!["octal", ".19W"],
        vec!["octal", ".1&16"],
        vec!["octal", "!4.0"],
        vec!["octal", ".&131072;"],
        vec!["octal", "137"],
        vec!["octal", "1.7"],
        vec!["octal", ".0"],
        vec!["octal", "chess"],
        vec!["octal", ".77", "--terms", "0"],
        vec!["octal", ".77", "--terms", "-5"],
        vec!["octal", ".A8F", "--terms", "99999999"],
        vec!["octal", ".77", "--max-heaps", "1e99"],
    ] {
        one_line_error(&args);
    }
}
