//! Issue 21's hostile inputs: each gives a one-line `heaplab: …` error (or a correct answer)
//! before any long computation, never a panic, an abort or a silently wrong number.

mod common;

use common::{error_contains, heaplab, json, one_line_error};

#[test]
fn thread_counts_are_capped_at_the_cores() {
    for n in ["100000", "1000000000000", "18446744073709551615", "0", "-1"] {
        let err = one_line_error(&[
            "period-map",
            "--s3",
            "30",
            "--s1",
            "1..20",
            "--s2",
            "1..20",
            "--threads",
            n,
        ]);
        assert!(err.contains("--threads") && err.contains("cores"), "{err}");
    }
    let ok = json(&[
        "period-map",
        "--s3",
        "30",
        "--s1",
        "1..8",
        "--s2",
        "1..8",
        "--threads",
        "1",
        "--format",
        "json",
    ]);
    assert_eq!(ok["threads"], 1);
}

#[test]
fn exact_arithmetic_overflow_is_an_error_not_a_wrong_value() {
    error_contains(
        &[
            "cumulative-game",
            "--preset",
            "auction",
            "--value",
            "-9223372036854775807",
            "--terms",
            "4",
            "--format",
            "json",
        ],
        "does not fit",
    );
    // The scores are compared exactly: 2^62 is not midway between 2^63 - 1 and 2^62 + 5.
    let out = json(&[
        "scoring",
        "--game",
        "{9223372036854775807|4611686018427387904|4611686018427387909}",
        "--format",
        "json",
    ]);
    assert_eq!(out["impartial"], false);
    let out = json(&[
        "scoring",
        "--game",
        "{9223372036854775807|4611686018427387904|1}",
        "--format",
        "json",
    ]);
    assert_eq!(out["impartial"], true, "{out}");
}

#[test]
fn sizes_are_checked_before_computing() {
    error_contains(
        &[
            "cumulative-subtraction",
            "--set",
            "5,7",
            "--piles",
            "2",
            "--width",
            "2000",
            "--height",
            "2000",
            "--scale",
            "16",
            "--out",
            "never-written.png",
        ],
        "pixels",
    );
    error_contains(
        &["truncated", "--m", "2000", "--check-up-to", "0"],
        "--check-up-to",
    );
    error_contains(
        &[
            "cumulative-game",
            "--set",
            "1,2",
            "--heap",
            "100000",
            "--max-states",
            "50000000",
        ],
        "--max-states",
    );
}

#[test]
fn many_moves_per_position_hit_the_move_cap() {
    let set: Vec<String> = (1..=4096).map(|i| i.to_string()).collect();
    error_contains(
        &[
            "cumulative-game",
            "--set",
            &set.join(","),
            "--heap",
            "5000",
            "--max-states",
            "2000",
        ],
        "moves",
    );
    // The issue's command, with the default caps: refused once the moves held at once pass
    // --max-states (a few hundred bytes each), not after gigabytes.
    error_contains(
        &["cumulative-game", "--set", &set.join(","), "--heap", "5000"],
        "moves held at once: try a smaller heap or set (the cap is --max-states",
    );
}

#[test]
fn an_efg_file_is_read_to_a_bound_and_deep_trees_parse() {
    if std::path::Path::new("/dev/zero").exists() {
        error_contains(&["cumulative-game", "--efg", "/dev/zero"], "larger than");
    }
    let dir = std::env::temp_dir().join(format!("heaplab-efg-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let chain = |depth: usize| {
        let mut node = r#"{"utility":[1,-1]}"#.to_string();
        for i in 0..depth {
            node = format!(
                r#"{{"player":{},"children":[{node},{{"utility":[0,0]}}]}}"#,
                1 + i % 2
            );
        }
        format!(r#"{{"players":2,"root":{node}}}"#)
    };
    let deep = dir.join("deep.json");
    std::fs::write(&deep, chain(150)).unwrap();
    let out = json(&[
        "cumulative-game",
        "--efg",
        deep.to_str().unwrap(),
        "--format",
        "json",
    ]);
    assert_eq!(out["states"], 301);
    let too_deep = dir.join("too-deep.json");
    std::fs::write(&too_deep, chain(260)).unwrap();
    error_contains(
        &["cumulative-game", "--efg", too_deep.to_str().unwrap()],
        "deeper than 200",
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn usage_errors_name_what_is_wrong() {
    let out = heaplab(&[]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.starts_with("heaplab: no subcommand given") && err.contains("--help"),
        "{err}"
    );
    error_contains(&["subtraction"], "--set");
    error_contains(&["subtraction", "--set", "2,3", "--terms", "-1"], "between");
    error_contains(
        &[
            "period-map",
            "--s3",
            "30",
            "--s1",
            "1..9",
            "--s2",
            "1..9",
            "--scale",
            "-3",
        ],
        "-3",
    );
}

#[test]
fn malformed_input_is_rejected() {
    for (args, needle) in [
        (&["plane", "--moves", "(2,6"][..], "never closed"),
        (&["plane", "--moves", "2,6) (3,3"][..], "unbalanced"),
        (&["subtraction", "--set", "1,,2"][..], "empty item"),
        (
            &["cumulative-game", "--dynamic", "3:1;3:2", "--terms", "4"][..],
            "twice",
        ),
        (&["cumulative-game", "--turn", ""][..], "--turn is empty"),
    ] {
        let err = one_line_error(args);
        assert!(err.contains(needle), "{args:?}: {err}");
    }
}

#[test]
fn conflicting_options_are_rejected() {
    for (args, needle) in [
        (
            &[
                "period-map",
                "--family",
                "3move",
                "--m",
                "40",
                "--s3",
                "30",
                "--s1",
                "1..9",
                "--s2",
                "1..9",
            ][..],
            "not --m",
        ),
        (
            &[
                "cumulative-subtraction",
                "--set",
                "2,3",
                "--circles",
                "c",
                "--piles",
                "2",
            ][..],
            "--circles",
        ),
        (
            &["cumulative-subtraction", "--set", "2,3", "--out", "x.png"][..],
            "--piles 2",
        ),
        (
            &[
                "scoring",
                "--octal",
                "0.7",
                "--points",
                "1",
                "--m-octal",
                "3",
            ][..],
            "add --m",
        ),
    ] {
        let err = one_line_error(args);
        assert!(err.contains(needle), "{args:?}: {err}");
    }
}

#[test]
fn progress_goes_to_stderr_and_the_answer_is_unchanged() {
    let runs: [&[&str]; 7] = [
        &["cumulative-game", "--set", "1,2", "--heap", "25"],
        &["subtraction", "--set", "2,5,7"],
        &["subtraction", "--set", "2,5,7", "--outcomes-only"],
        &["octal", ".137", "--prove"],
        &[
            "partizan", "--left", "1,2", "--right", "1,3", "--terms", "40",
        ],
        &["period-map", "--s3", "30", "--s1", "1..30", "--s2", "1..30"],
        &["truncated", "--m", "40"],
    ];
    for run in runs {
        let mut args = run.to_vec();
        args.extend(["--format", "json"]);
        let mut quiet = json(&args);
        args.push("--progress");
        let out = heaplab(&args);
        assert!(out.status.success(), "{args:?}");
        let mut loud: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        // The period map reports its wall time, which differs between runs.
        for v in [&mut quiet, &mut loud] {
            v.as_object_mut().unwrap().remove("seconds");
        }
        assert_eq!(quiet, loud, "{args:?}");
    }
}

#[test]
fn all_but_with_a_huge_exclusion_answers_small_requests() {
    let out = json(&[
        "subtraction",
        "--all-but",
        "1000000",
        "--terms",
        "10",
        "--format",
        "json",
    ]);
    assert_eq!(
        out["values"],
        serde_json::json!([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
    );
}

#[test]
fn the_scoring_cell_cap_holds_with_a_fixed_heap() {
    error_contains(
        &[
            "scoring", "--octal", "33", "--points", "1,2", "--terms", "1000000", "--m", "500",
        ],
        "50000000",
    );
}

#[test]
fn a_sum_of_a_thousand_games_is_refused_within_its_memory_cap() {
    let terms = vec!["{1|0|-1}"; 1000].join(" + ");
    error_contains(
        &["scoring", "--game", "{1|0|-1}", "--plus", &terms],
        "games",
    );
    let out = json(&[
        "scoring",
        "--game",
        "{1|0|-1}",
        "--plus",
        "{2|0|-2} + {1|0|-1}",
        "--format",
        "json",
    ]);
    assert!(out["sum"]["left_final"].is_number(), "{out}");
}

#[test]
fn a_sum_too_large_to_draw_is_refused_before_it_is_solved() {
    let g = "{{{1|0|-1}|0|{1|0|-1}}|0|{{1|0|-1}|0|{1|0|-1}}}";
    let terms = [g; 5].join(" + ");
    let out = std::env::temp_dir().join("heaplab-never-written.svg");
    error_contains(
        &[
            "scoring",
            "--game",
            g,
            "--plus",
            &terms,
            "--out",
            out.to_str().unwrap(),
        ],
        "draws trees up to",
    );
    assert!(!out.exists());
}

#[test]
fn breaking_scoring_codes_stop_at_their_caps_naming_the_flag() {
    // 0.66 to heap 200 has astronomically many heap multisets: the default caps stop it in
    // seconds; small caps stop it at once, each naming its flag and the terms that fit.
    for (cap, value, flag) in [
        ("--max-work", "100000", "--max-work"),
        ("--max-states", "1000", "--max-states"),
    ] {
        let err = one_line_error(&[
            "scoring", "--octal", "0.66", "--points", "1,1", "--terms", "200", cap, value,
        ]);
        assert!(
            err.contains(flag) && err.contains("ask for --terms"),
            "{err}"
        );
    }
    let out = json(&[
        "scoring", "--octal", "0.7", "--points", "1", "--terms", "30", "--format", "json",
    ]);
    assert_eq!(out["values"].as_array().unwrap().len(), 30);
    error_contains(
        &[
            "scoring",
            "--octal",
            "0.7",
            "--points",
            "1",
            "--max-work",
            "0",
        ],
        "--max-work",
    );
    error_contains(
        &[
            "scoring",
            "--octal",
            "0.77",
            "--points",
            "1,1",
            "--terms",
            "100",
            "--max-work",
            "50000",
        ],
        "heaps below",
    );
}

#[test]
fn a_large_cumulative_game_stops_at_its_position_cap() {
    // The issue's `cumulative-game --heap 69363`: capped (default 500,000 positions, about
    // 2 s), here at 1,000 so that the test is quick.
    error_contains(
        &["cumulative-game", "--heap", "69363", "--max-states", "1000"],
        "(the cap is --max-states 1000)",
    );
}

#[test]
fn truncated_sequences_of_large_m_are_fast() {
    // The issue's `truncated --m 977` (past 20 s before the convergence search started small).
    // Theorem 15: ⌈m/2⌉ − 1 values of a have tr = 2; and tr_{m−1}^m = m − 1 (Figure 3's tail).
    let out = json(&["truncated", "--m", "977", "--format", "json"]);
    let tr: Vec<u64> = serde_json::from_value(out["tr"].clone()).unwrap();
    assert_eq!(tr.len(), 976);
    assert_eq!(tr.iter().filter(|&&t| t == 2).count(), 488);
    assert_eq!(tr.last(), Some(&976));
}
