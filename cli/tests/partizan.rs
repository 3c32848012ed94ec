//! `heaplab partizan` end to end: the issue's JSON keys, each family, positions, games and
//! one-line errors.

mod common;

use common::{assert_compiles, error_contains, heaplab, json, one_line_error, pdflatex_available};

/// The issue's example: S(1, 2 | 1, 3) (Theorem 4.48's first values; no arithmetic period,
/// outcomes eventually L, proven by Theorem 3.92's window argument).
#[test]
fn subtraction_json_has_the_issue_keys() {
    let v = json(&[
        "partizan", "--left", "1,2", "--right", "1,3", "--terms", "40", "--format", "json",
    ]);
    let values = v["values"].as_array().unwrap();
    assert_eq!(values.len(), 40);
    assert_eq!(values[..4], ["0", "*", "^", "^*"]);
    assert_eq!(values[4], "{^|*}");
    assert_eq!(&v["outcomes"].as_str().unwrap()[..6], "PNLNLL");
    assert!(v["period"].is_null());
    assert!(v["saltus"].is_null());
    assert!(v["preperiod"].is_null());
    assert_eq!(v["proven"], false);
    assert_eq!(v["outcome_period"], 1);
    assert_eq!(v["outcome_preperiod"], 4);
    assert_eq!(v["outcome_proven"], true);
}

/// Theorem 4.54 for a = 3: PB(1 | 3) has period 3 with saltus {2|0} (Figure 4.2).
#[test]
fn pure_breaking_reports_a_saltus() {
    let v = json(&[
        "partizan",
        "--pure-breaking",
        "--left",
        "1",
        "--right",
        "3",
        "--terms",
        "30",
        "--format",
        "json",
    ]);
    assert_eq!(v["values"][4], "{2|0}");
    assert_eq!(v["period"], 6);
    assert_eq!(v["saltus"], "2");
    assert_eq!(v["preperiod"], 1);
}

/// Table 4.3's first row, proven by Theorem 4.57 on reduced canonical forms.
#[test]
fn reduced_pure_breaking_is_proven_by_theorem_4_57() {
    let v = json(&[
        "partizan",
        "--pure-breaking",
        "--left",
        "1",
        "--right",
        "2,3",
        "--terms",
        "41",
        "--reduced",
        "--format",
        "json",
    ]);
    assert_eq!(v["reduced"], true);
    assert_eq!(
        (v["preperiod"].as_u64(), v["period"].as_u64()),
        (Some(5), Some(5))
    );
    assert_eq!(v["saltus"], "1");
    assert_eq!(v["proven"], true);
    assert_eq!(v["basis"], "Theorem 4.57");
}

#[test]
fn duel_and_chessboard_families() {
    let v = json(&[
        "partizan", "--duel", ".07", ".137", "--terms", "12", "--format", "json",
    ]);
    assert_eq!(v["ruleset"], "·07 vs ·137");
    assert_eq!(v["values"].as_array().unwrap().len(), 12);
    let v = json(&[
        "partizan",
        "--chessboard",
        "1,2",
        "--terms",
        "5",
        "--format",
        "json",
    ]);
    assert_eq!(
        v["values"],
        serde_json::json!(["0", "1", "1/2", "3/4", "5/8"])
    );
}

/// A sum of heaps: value and winning moves (S(1 | 2): heaps are 0 1 {1|0} 0 1 {1|0} …).
#[test]
fn position_lists_winning_moves() {
    let v = json(&[
        "partizan",
        "--left",
        "1",
        "--right",
        "2",
        "--position",
        "2,4",
        "--format",
        "json",
    ]);
    // Heap 2 is {1|0} and heap 4 is 1 (Theorem 4.42), so the sum is {2|1}, a Left win.
    assert_eq!(v["value"], "{2|1}");
    assert_eq!(v["outcome"], "L");
    assert!(!v["left_wins"].as_array().unwrap().is_empty());
    let text = heaplab(&[
        "partizan",
        "--left",
        "1",
        "--right",
        "2",
        "--position",
        "2,4",
    ]);
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(text.contains("Left's winning moves"), "{text}");
}

/// `--position ''` is the sum of no heaps: the game 0, no moves, a second-player win.
#[test]
fn the_empty_position_is_zero() {
    let v = json(&[
        "partizan",
        "--left",
        "1",
        "--right",
        "2",
        "--position",
        "",
        "--format",
        "json",
    ]);
    assert_eq!(v["heaps"], serde_json::json!([]));
    assert_eq!((&v["value"], &v["outcome"]), (&"0".into(), &"P".into()));
    for key in ["left_moves", "right_moves", "left_wins", "right_wins"] {
        assert_eq!(v[key], serde_json::json!([]), "{key}");
    }
    let text = heaplab(&["partizan", "--left", "1", "--right", "2", "--position", ""]);
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(text.contains("heaps 0\nvalue: 0  outcome: P"), "{text}");
}

/// `--game` gives the thermograph's walls as breakpoints `[temperature, value]`: {2|−1}
/// cools to the mast 1/2 at 3/2 (left wall 2 − t, right wall −1 + t); ±1 freezes at 0 at
/// temperature 1; the number 3/4 is a mast from −1/4 (Siegel's convention).
#[test]
fn game_thermograph_walls() {
    let walls = |game: &str| {
        let v = json(&["partizan", "--game", game, "--format", "json"]);
        (v["left_wall"].clone(), v["right_wall"].clone())
    };
    assert_eq!(
        walls("{2|-1}"),
        (
            serde_json::json!([["-1", "3"], ["3/2", "1/2"]]),
            serde_json::json!([["-1", "-2"], ["3/2", "1/2"]])
        )
    );
    assert_eq!(
        walls("+-1"),
        (
            serde_json::json!([["-1", "2"], ["1", "0"]]),
            serde_json::json!([["-1", "-2"], ["1", "0"]])
        )
    );
    assert_eq!(
        walls("3/4"),
        (
            serde_json::json!([["-1", "3/4"]]),
            serde_json::json!([["-1", "3/4"]])
        )
    );
    let text = heaplab(&["partizan", "--game", "{2|-1}"]);
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(text.contains("thermograph walls:"), "{text}");
    assert!(
        text.contains("           -1             3            -2"),
        "{text}"
    );
    assert!(
        text.contains("          3/2           1/2           1/2"),
        "{text}"
    );
}

#[test]
fn single_games_in_notation() {
    let v = json(&["partizan", "--game", "{2|1||0}", "--format", "json"]);
    assert_eq!(v["canonical"], "{2|1||0}");
    assert_eq!(v["outcome"], "N");
    assert_eq!(
        (v["left_stop"].as_str(), v["right_stop"].as_str()),
        (Some("1"), Some("0"))
    );
    let v = json(&["partizan", "--game", "^+*", "--format", "json"]);
    assert_eq!(v["canonical"], "^*");
    assert_eq!(v["reduced"], "0");
    assert_eq!((&v["mean"], &v["temperature"]), (&"0".into(), &"0".into()));
    let v = json(&["partizan", "--game", "{2|-1}", "--format", "json"]);
    assert_eq!(
        (&v["mean"], &v["temperature"]),
        (&"1/2".into(), &"3/2".into())
    );
}

/// `--temperatures`: chessboard S(1, 2)'s heaps are the numbers J_n / 2^(n−1) (Theorem 4.63),
/// so each is its own mean with temperature −1/2^(n−1); S(1, 2 | 1, 3) begins 0, *, ↑, ↑*.
#[test]
fn sequences_give_means_and_temperatures() {
    let v = json(&[
        "partizan",
        "--chessboard",
        "1,2",
        "--terms",
        "6",
        "--temperatures",
        "--format",
        "json",
    ]);
    assert_eq!(
        v["means"],
        serde_json::json!(["0", "1", "1/2", "3/4", "5/8", "11/16"])
    );
    assert_eq!(
        v["temperatures"],
        serde_json::json!(["-1", "-1", "-1/2", "-1/4", "-1/8", "-1/16"])
    );
    let v = json(&[
        "partizan",
        "--left",
        "1,2",
        "--right",
        "1,3",
        "--terms",
        "4",
        "--temperatures",
        "--format",
        "json",
    ]);
    assert_eq!(v["means"], serde_json::json!(["0", "0", "0", "0"]));
    assert_eq!(v["temperatures"], serde_json::json!(["-1", "0", "0", "0"]));
}

/// `--black-white`: chessboard S(1, 2) is the subtraction game coloured `bw` (Theorem 4.63's
/// J_n / 2^(n−1)); code-digit and pure breaking games take colourings too.
#[test]
fn black_and_white_games() {
    let v = json(&[
        "partizan",
        "--black-white",
        "bw",
        "--left",
        "1,2",
        "--terms",
        "5",
        "--format",
        "json",
    ]);
    assert_eq!(v["ruleset"], "black-and-white S(1,2), black bw");
    assert_eq!(
        v["values"],
        serde_json::json!(["0", "1", "1/2", "3/4", "5/8"])
    );
    let v = json(&[
        "partizan",
        "--black-white",
        "wbb(bw)",
        "--code",
        ".07",
        "--format",
        "json",
    ]);
    assert_eq!(v["ruleset"], "black-and-white ·07, black wbb(bw)");
    // Every size black: Right never moves, and Left's splits make heap n worth n − 1.
    let v = json(&[
        "partizan",
        "--black-white",
        "b",
        "--pure-breaking",
        "--left",
        "1",
        "--terms",
        "5",
        "--format",
        "json",
    ]);
    assert_eq!(v["values"], serde_json::json!(["0", "0", "1", "2", "3"]));
}

#[test]
fn bad_input_is_one_line() {
    let deep = "{".repeat(10_000);
    for args in [
        &["partizan", "--black-white", "bx", "--left", "1"][..],
        &["partizan", "--black-white", "bw"],
        &["partizan", "--black-white", "(", "--left", "1"],
        &["partizan", "--black-white", "bw", "--code", "1.2.3"],
        &["partizan", "--left", "0", "--right", "1"][..],
        &["partizan", "--left", "", "--right", "1"],
        &["partizan", "--left", "1"],
        &["partizan", "--left", "1", "--right", "2", "--terms", "0"],
        &[
            "partizan",
            "--left",
            "1",
            "--right",
            "2",
            "--terms",
            "99999999999",
        ],
        &["partizan", "--left", "1", "--right", "2", "--terms", "-5"],
        &[
            "partizan",
            "--left",
            "1",
            "--right",
            "2",
            "--position",
            "5,-1",
        ],
        &[
            "partizan",
            "--left",
            "1",
            "--right",
            "2",
            "--position",
            "999999",
        ],
        &["partizan", "--pure-breaking", "--left", "9", "--right", "1"],
        &["partizan", "--duel", ".07", "not-a-game"],
        &["partizan", "--game", "{1|"],
        &["partizan", "--game", &deep],
        &["partizan", "--game", "1/3"],
    ] {
        one_line_error(args);
    }
}

/// `--game` operations: the JSON always has `birthday`, and each flag its own key; examples
/// from Winning Ways ch. 6 ({2|-1} cooled by its temperature 3/2 is 1/2*, heating * by 1 gives
/// ±1) and CGSuite's test cases (atomic weight of ⇑* is 2, incentives of ↑ are ↓ and ↑*).
#[test]
fn game_operations_in_json() {
    let v = json(&["partizan", "--game", "{2|-1}", "--format", "json"]);
    assert_eq!(v["birthday"], 3);
    let v = json(&["partizan", "--game", "{2|1||0} + ^^*", "--format", "json"]);
    assert_eq!(v["canonical"], "{2^^*|1^^*||^^*}");
    assert_eq!(v["canonical_braces"], "{{2^2*|1^2*}|^2*}");
    assert!(v.get("atomic_weight").is_none());
    let v = json(&[
        "partizan",
        "--game",
        "^^*",
        "--atomic-weight",
        "--format",
        "json",
    ]);
    assert_eq!(
        (&v["atomic_weight"], &v["birthday"]),
        (&"2".into(), &3.into())
    );
    let v = json(&[
        "partizan", "--game", "{2|-1}", "--cool", "3/2", "--heat", "1", "--format", "json",
    ]);
    assert_eq!(
        (&v["cooled"], &v["heated"]),
        (&"1/2*".into(), &"{3|-2}".into())
    );
    let v = json(&[
        "partizan",
        "--game",
        "1/2",
        "--overheat",
        "1,1",
        "--norton",
        "1*",
        "--format",
        "json",
    ]);
    assert_eq!(
        (&v["overheated"], &v["norton"]),
        (&"{1|0}".into(), &"{1|*}".into())
    );
    let v = json(&[
        "partizan",
        "--game",
        "^",
        "--incentives",
        "--format",
        "json",
    ]);
    assert_eq!(v["left_incentives"], serde_json::json!(["v"]));
    assert_eq!(v["right_incentives"], serde_json::json!(["^*"]));
}

#[test]
fn game_operations_refuse_what_is_undefined() {
    for (args, needle) in [
        (
            &["--game", "{2|-1}", "--atomic-weight"][..],
            "infinitesimal",
        ),
        (&["--game", "{1|^^^||^}", "--atomic-weight"], "not atomic"),
        (&["--game", "{2|-1}", "--cool", "-1/2"], "t ≥ 0"),
        (&["--game", "{2|-1}", "--cool", "^"], "needs a number"),
        (&["--game", "*", "--overheat", "0,1"], "s > 0"),
        (&["--game", "*", "--overheat", "1,-1"], "t > 0"),
        (&["--game", "*", "--overheat", "1"], "two games"),
        (&["--game", "1", "--norton", "*"], "U > 0"),
        (&["--game", "1", "--norton", "0"], "U > 0"),
        (&["--cool", "1"], "--game"),
    ] {
        let mut all = vec!["partizan"];
        all.extend_from_slice(args);
        error_contains(&all, needle);
    }
    let fifty = vec!["^256"; 50].join("+");
    error_contains(&["partizan", "--game", &fifty], "300");
}

/// `--thermograph svg` prints the figure layer's thermograph (an SVG an XML parser accepts,
/// with the title, both walls and the mast in its legend, the axes and the page link);
/// `--thermograph tikz` a PGFPlots document pdflatex compiles, with the value axis reversed
/// (values increase to the left, Winning Ways ch. 6).
#[test]
fn thermograph_pictures() {
    let out = heaplab(&["partizan", "--game", "{2|-1}", "--thermograph", "svg"]);
    assert!(out.status.success());
    let svg = String::from_utf8(out.stdout).unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let texts: Vec<&str> = doc.descendants().filter_map(|n| n.text()).collect();
    let joined = texts.join(" ");
    for part in [
        "Thermograph of {2|-1}",
        "Left wall",
        "Right wall",
        "mast",
        "temperature t",
        "value (Left's side on the left)",
        "#/partizan?family=game&game=%7B2%7C-1%7D",
    ] {
        assert!(joined.contains(part), "no {part:?} in {joined}");
    }
    let out = heaplab(&["partizan", "--game", "{2|-1}", "--thermograph", "tikz"]);
    assert!(out.status.success());
    let tikz = String::from_utf8(out.stdout).unwrap();
    assert!(
        tikz.contains("x dir=reverse") && tikz.contains("Right wall"),
        "{tikz}"
    );
    assert!(
        tikz.contains("(2,0) (0.5,1.5)"),
        "Left's wall from 2 at 0 to 1/2 at 3/2: {tikz}"
    );
    let dir = std::env::temp_dir().join(format!("heaplab-thermo-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    if pdflatex_available() {
        let tex = dir.join("thermograph.tex");
        std::fs::write(&tex, &tikz).unwrap();
        assert_compiles(&tex);
    }
    // `--figure` writes the same figure as a file, here a PDF, and the report still prints.
    let pdf = dir.join("thermograph.pdf");
    let game = [
        "partizan",
        "--game",
        "{2|-1}",
        "--figure",
        pdf.to_str().unwrap(),
    ];
    let out = heaplab(&game);
    assert!(out.status.success() && String::from_utf8_lossy(&out.stdout).contains("temperature"));
    assert!(std::fs::read(&pdf).unwrap().starts_with(b"%PDF"));
    let position: Vec<&str> = "partizan --left 1 --right 2 --position 3,4 --figure x.svg"
        .split(' ')
        .collect();
    error_contains(&position, "a --position has no figure");
    std::fs::remove_dir_all(&dir).ok();
}

/// `--figure` on a sequence draws its outcome strip: every class in the legend with its count,
/// the ruleset in the title, and the link to the same table on the page; as TikZ it compiles.
#[test]
fn the_outcome_strip_figure() {
    let dir = std::env::temp_dir().join(format!("heaplab-pz-strip-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("strip.svg");
    let args = [
        "partizan", "--left", "1,2", "--right", "1,3", "--terms", "30",
    ];
    let out = heaplab(&[&args[..], &["--figure", svg.to_str().unwrap()]].concat());
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&svg).unwrap();
    let report = json(&[&args[..], &["--format", "json"]].concat());
    let outcomes = report["outcomes"].as_str().unwrap().to_string();
    for (letter, words) in [
        ('L', "L: Left wins"),
        ('R', "R: Right wins"),
        ('P', "P: second player wins"),
        ('N', "N: first player wins"),
    ] {
        // The legend entry names the class and its count: `L: Left wins (G &gt; 0) 12 (40.0%)`.
        let count = outcomes.matches(letter).count();
        let entry = text
            .split("<text")
            .find(|t| t.contains(words))
            .unwrap_or_else(|| panic!("no legend entry {words}"));
        assert!(
            entry.contains(&format!(") {count} (")),
            "{letter}: {count} in {entry}"
        );
    }
    assert!(text.contains("outcomes of heaps 0 to 29"));
    assert!(text.contains("#/partizan?family=subtraction&amp;L=1,2&amp;R=1,3&amp;n=30"));
    if pdflatex_available() {
        let tex = dir.join("strip.tex");
        let out = heaplab(&[&args[..], &["--figure", tex.to_str().unwrap()]].concat());
        assert!(out.status.success());
        assert_compiles(&tex);
    }
    std::fs::remove_dir_all(&dir).ok();
}
