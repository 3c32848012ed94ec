//! `heaplab cumulative-game` end to end: the paper's numbers through the binary, pictures
//! written to files, one-line errors.

mod common;

use common::{assert_compiles, heaplab, json as json_of, one_line_error, pdflatex_available};
use serde_json::{json, Value};

/// Example 1 (Section 2) through the issue's command line.
#[test]
fn example_1_outcomes_self_interest_and_zero_sum() {
    let v = json_of(&[
        "cumulative-game",
        "--set",
        "2,3",
        "--terms",
        "10",
        "--utility",
        "self-interest",
        "--format",
        "json",
    ]);
    assert_eq!(
        v["outcomes"],
        json!([
            [0, 0],
            [0, 0],
            [2, 0],
            [3, 0],
            [3, 0],
            [3, 2],
            [3, 3],
            [4, 3],
            [5, 3],
            [6, 3]
        ])
    );
    let v = json_of(&[
        "cumulative-game",
        "--set",
        "2,3",
        "--terms",
        "10",
        "--utility",
        "zero-sum",
        "--tie",
        "friendly",
        "--format",
        "json",
    ]);
    assert_eq!(v["outcomes"], json!([0, 0, 2, 3, 3, 1, 0, 1, 2, 3]));
}

/// Figure 4: the PSPE path from 7 and the tree.
#[test]
fn heap_7_tree_has_the_pspe_path() {
    let v = json_of(&[
        "cumulative-game",
        "--set",
        "2,3",
        "--utility",
        "self-interest",
        "--heap",
        "7",
        "--tree",
        "--format",
        "json",
    ]);
    assert_eq!(v["pspe_path"], json!([7, 5, 2, 0]));
    assert_eq!(v["utilities"], json!([4, 3]));
    let nodes = v["tree"]["nodes"].as_array().unwrap();
    assert_eq!(nodes.len(), 11);
    assert_eq!(nodes[0]["label"], "7; (0,0)");
}

/// Example 2, partizan {2,3} / {1,4}, x = 11 with the digest's correction.
#[test]
fn partizan_sets() {
    let v = json_of(&[
        "cumulative-game",
        "--set",
        "2,3",
        "--set2",
        "1,4",
        "--terms",
        "15",
        "--utility",
        "zero-sum",
        "--format",
        "json",
    ]);
    assert_eq!(v["outcomes"][11], 1);
    assert_eq!(v["outcomes_player2_starts"][11], -5);
}

#[test]
fn presets_normal_and_auction() {
    let v = json_of(&[
        "cumulative-game",
        "--preset",
        "normal",
        "--terms",
        "8",
        "--format",
        "json",
    ]);
    assert_eq!(v["outcomes"], "PPNNNPPN");
    let v = json_of(&[
        "cumulative-game",
        "--preset",
        "auction",
        "--heap",
        "4",
        "--cumulations",
        "1,0",
        "--format",
        "json",
    ]);
    assert_eq!(v["pspe_path"], json!([4, 2, 0]));
    assert_eq!(v["utilities"], json!([1, 0]));
}

/// Example 4 (Section 3): the auction with its utility moved into the rewards plays and pays
/// exactly as Example 3's Auction Pebbles, from every heap 2..10, for two item values and both
/// starting bids. (Heaps 0 and 1 of S = {2,3} admit no move, so Example 4 settles nothing there
/// and pays the bids themselves: the tables agree from heap 2 on.)
#[test]
fn example_4_preset_plays_as_the_auction() {
    for value in ["3", "4"] {
        for cums in ["0,0", "1,0"] {
            for heap in 2..10 {
                let heap = heap.to_string();
                let run = |preset: &str| {
                    json_of(&[
                        "cumulative-game",
                        "--preset",
                        preset,
                        "--set",
                        "2,3",
                        "--value",
                        value,
                        "--cumulations",
                        cums,
                        "--heap",
                        &heap,
                        "--tree",
                        "--terms",
                        "10",
                        "--format",
                        "json",
                    ])
                };
                let (rewards, auction) = (run("auction-rewards"), run("auction"));
                for key in ["pspe_path", "utilities"] {
                    assert_eq!(
                        rewards[key], auction[key],
                        "{key}: v={value} C={cums} x={heap}"
                    );
                }
                let rows = |v: &Value| v["outcomes"].as_array().unwrap()[2..].to_vec();
                assert_eq!(rows(&rewards), rows(&auction), "v={value} C={cums}");
            }
        }
    }
}

#[test]
fn writes_svg_and_tikz() {
    let dir = std::env::temp_dir().join(format!("heaplab-cg-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("tree.svg");
    let tex = dir.join("tree.tex");
    let dag = dir.join("dag.svg");
    for (path, view) in [(&svg, "efg"), (&tex, "cgt"), (&dag, "dag")] {
        let out = heaplab(&[
            "cumulative-game",
            "--heap",
            if view == "cgt" { "4" } else { "7" },
            "--view",
            view,
            "--out",
            path.to_str().unwrap(),
        ]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let svg = std::fs::read_to_string(&svg).unwrap();
    // Figure 2: eleven nodes, each a filled box with a black border, and one thick PSPE
    // choice per internal node (the figure layer's marked width at 8 pt: 8 user units).
    for node in ["7; (0,0)", "5; (2,0)", "0; (5,2)", "1; (3,3)"] {
        assert!(svg.contains(&format!("\n{node}\n")), "{node} missing");
    }
    assert_eq!(svg.matches("stroke-width=\"8\"").count(), 6);
    for text in [
        "Cumulative game from 7; (0,0)",
        "Alice to move",
        "Bob to move",
        "pebbles taken",
    ] {
        assert!(svg.contains(text), "{text} missing");
    }
    assert!(svg.contains("<metadata>HeapLab v") && !svg.contains("[+"));
    let tex = std::fs::read_to_string(&tex).unwrap();
    assert_eq!(tex.matches("\\node[draw").count(), 9); // Figure 3
    assert!(tex.contains("\\begin{tikzpicture}") && tex.contains("Alice's option"));
    let dag = std::fs::read_to_string(&dag).unwrap();
    assert!(dag.contains("(4,3)") && dag.contains("zero-sum o_zs"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn figure_writes_svg_pdf_png_and_tikz_with_the_tree_options() {
    let dir = std::env::temp_dir().join(format!("heaplab-cg-fig-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = |name: &str| dir.join(name).to_str().unwrap().to_string();
    let run = |args: &[&str]| {
        let mut all = vec!["cumulative-game", "--heap", "9", "--cap", "6"];
        all.extend_from_slice(args);
        let out = heaplab(&all);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    };
    run(&["--figure", &file("t.pdf")]);
    run(&["--figure", &file("t.png"), "--figure-size", "page"]);
    run(&["--figure", &file("plain.tex")]);
    run(&["--figure", &file("t.tex"), "--fold-markers", "--resizebox"]);
    run(&[
        "--view",
        "dag",
        "--figure",
        &file("dag.tex"),
        "--no-provenance",
    ]);
    let pdf = std::fs::read(file("t.pdf")).unwrap();
    assert!(pdf.starts_with(b"%PDF") && pdf.windows(15).any(|w| w == b"Cumulative game"));
    let png = std::fs::read(file("t.png")).unwrap();
    assert!(png.starts_with(b"\x89PNG"));
    // Two columns at 300 DPI: 17.5 cm is 2067 pixels wide.
    assert_eq!(
        u32::from_be_bytes([png[16], png[17], png[18], png[19]]),
        2067
    );
    let plain = std::fs::read_to_string(file("plain.tex")).unwrap();
    assert!(!plain.contains("[+") && !plain.contains("\\resizebox"));
    let tex = std::fs::read_to_string(file("t.tex")).unwrap();
    assert!(tex.contains("[+") && tex.contains("\\resizebox{\\linewidth}{!}{"));
    let dag = std::fs::read_to_string(file("dag.tex")).unwrap();
    assert!(dag.contains(".. controls") && !dag.contains("HeapLab v"));
    if pdflatex_available() {
        for name in ["t.tex", "dag.tex"] {
            assert_compiles(&dir.join(name));
        }
    }
    let err = one_line_error(&["cumulative-game", "--heap", "7", "--figure", &file("t.gif")]);
    assert!(err.contains(".svg, .png, .pdf or .tex"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn efg_import() {
    let dir = std::env::temp_dir().join(format!("heaplab-efg-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("game.json");
    std::fs::write(
        &path,
        r#"{"players": 2, "root": {"player": 1, "children": [
            {"player": 2, "children": [{"utility": [3, 1]}, {"utility": [0, 2]}]},
            {"utility": [1, 1]}]}}"#,
    )
    .unwrap();
    let v = json_of(&[
        "cumulative-game",
        "--efg",
        path.to_str().unwrap(),
        "--format",
        "json",
    ]);
    assert_eq!(v["efg_value"], json!([1, 1]));
    assert_eq!(v["cumulative_value"], json!([1, 1]));
    assert_eq!(v["states"], 5);
    // Theorem 12: Alice → Alice edge (root to the terminal is fine; root to Bob is consecutive),
    // so no pass state is needed here and the cyclic game starts from the same heap.
    assert_eq!(v["cyclic_value"], json!([1, 1]));
    assert_eq!(v["cyclic_start_heap"], 4);
    std::fs::remove_dir_all(&dir).ok();
}

/// Three players, a heap-size dynamic map and turn tables through the flags (the engine's
/// `spec` module reads them, as the page does).
#[test]
fn three_players_dynamic_maps_and_turn_tables() {
    let v = json_of(&[
        "cumulative-game",
        "--players",
        "3",
        "--set",
        "2,3",
        "--terms",
        "6",
        "--format",
        "json",
    ]);
    assert_eq!(v["players"], 3);
    assert_eq!(v["outcomes"][5], json!([3, 2, 0]));
    assert_eq!(v["outcomes_by_start"][2][5], json!([2, 0, 3]));
    // Section 2: S(2) = {2}, S(3) = {1} gives o(3) = −1.
    let v = json_of(&[
        "cumulative-game",
        "--dynamic",
        "2:2;3:1",
        "--utility",
        "zero-sum",
        "--terms",
        "4",
        "--format",
        "json",
    ]);
    assert_eq!(v["outcomes"], json!([0, 0, 2, -1]));
    // Per-player sets and a next-player table, from one position.
    let v = json_of(&[
        "cumulative-game",
        "--players",
        "3",
        "--set",
        "2,3;1;1,2",
        "--turn",
        "next:3,1,2",
        "--heap",
        "6",
        "--cumulations",
        "0,1,0",
        "--start",
        "3",
        "--tree",
        "--format",
        "json",
    ]);
    let path: Vec<u64> = v["pspe_path"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap())
        .collect();
    assert_eq!(path.first(), Some(&6));
    assert_eq!(path.last(), Some(&0));
    assert_eq!(v["utilities"].as_array().unwrap().len(), 3);
    assert!(v["tree"]["nodes"][0]["label"]
        .as_str()
        .unwrap()
        .starts_with("6; (0,1,0)"));
}

/// Observation 7 through the binary: 1 antagonistic critical set below 20 ({6,13,17} at 76)
/// and 493 friendly ones.
#[test]
fn observation_7_critical_sets() {
    let v = json_of(&[
        "cumulative-game",
        "--critical-sets",
        "20",
        "--format",
        "json",
    ]);
    assert_eq!(v["critical"], 1);
    assert_eq!(v["critical_sets"], json!([[[6, 13, 17], 76]]));
    let v = json_of(&[
        "cumulative-game",
        "--critical-sets",
        "20",
        "--tie",
        "friendly",
        "--format",
        "json",
    ]);
    assert_eq!(
        (v["sets"].as_u64(), v["critical"].as_u64()),
        (Some(1140), Some(493))
    );
}

#[test]
fn bad_input_is_one_line() {
    for args in [
        &["cumulative-game", "--set", "0"][..],
        &["cumulative-game", "--utility", "kind"],
        &["cumulative-game", "--preset", "chess"],
        &["cumulative-game", "--tie", "maybe"],
        &["cumulative-game", "--heap", "-3"],
        &["cumulative-game", "--heap", "7", "--cumulations", "1"],
        &["cumulative-game", "--tree"],
        &["cumulative-game", "--heap", "7", "--out", "x.pdf"],
        &["cumulative-game", "--efg", "/nonexistent/game.json"],
        &["cumulative-game", "--terms", "999999999999"],
        &["cumulative-game", "--players", "0"],
        &["cumulative-game", "--players", "3", "--set", "2,3;1"],
        &["cumulative-game", "--dynamic", "2;3"],
        &["cumulative-game", "--turn", "spiral"],
        &[
            "cumulative-game",
            "--players",
            "3",
            "--heap",
            "5",
            "--cumulations",
            "0,0",
        ],
        &[
            "cumulative-game",
            "--players",
            "3",
            "--heap",
            "5",
            "--start",
            "4",
        ],
        &[
            "cumulative-game",
            "--heap",
            "400",
            "--preset",
            "wealth",
            "--cumulations",
            "99,99",
            "--max-states",
            "1000",
        ],
        &["cumulative-game", "--critical-sets", "999"],
    ] {
        one_line_error(args);
    }
}

/// The issue asks for TikZ "that compiles in a standard LaTeX install": each tree view's `.tex` is
/// compiled with `pdflatex` (Debian's texlive-latex-base + texlive-pictures, which `.ci/run`
/// installs). Where `pdflatex` is missing the test says so and passes, unless
/// `HEAPLAB_REQUIRE_LATEX` is set (CI sets it), where it fails.
#[test]
fn tikz_exports_compile_with_pdflatex() {
    if !pdflatex_available() {
        return;
    }
    let dir = std::env::temp_dir().join(format!("heaplab-tikz-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // The tree views (the DAG is SVG only).
    for view in ["efg", "cgt"] {
        let tex = dir.join(format!("{view}.tex"));
        let out = heaplab(&[
            "cumulative-game",
            "--heap",
            "7",
            "--view",
            view,
            "--out",
            tex.to_str().unwrap(),
        ]);
        assert!(out.status.success(), "{out:?}");
        assert_compiles(&tex);
    }
    std::fs::remove_dir_all(&dir).ok();
}
