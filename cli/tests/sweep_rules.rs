//! `heaplab sweep rules`: a ruleset's parameters swept over ranges, with the usual
//! aggregates, checks, shards and merge, and one-line errors for bad parameters.

mod common;

use common::{error_contains, heaplab, json};
use serde_json::Value;

/// MARK-t for t = 2..6 on 300 heaps, every row kept, Theorem 3.70 asked of each.
const MARK_T: &[&str] = &[
    "sweep",
    "rules",
    "mark-t",
    "--param",
    "t=2..6",
    "--search",
    "300",
    "--rows",
    "10",
    "--check",
    "thesis-theorem-3.70",
];

fn result(v: &Value) -> &Value {
    &v["result"]
}

#[test]
fn mark_t_rows_carry_the_parameter_and_only_t_2_is_mark() {
    let v = json(MARK_T);
    let names: Vec<&str> = v["metrics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        ["t", "period", "preperiod", "max_value", "p_positions"]
    );
    let rows = result(&v)["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 5);
    for (i, row) in rows.iter().enumerate() {
        assert_eq!(row["ruleset"], format!("t={}", 2 + i));
        assert_eq!(row["values"][0], 2 + i as i64);
        // Proposition 3.68: no period may be seen in an SD game.
        assert_eq!(row["values"][1], Value::Null, "{row}");
    }
    // MARK-2 = SD({1}, {2}) is MARK; the other t are outside Theorem 3.70.
    let check = &result(&v)["checks"][0];
    assert_eq!(check["holds"], 1, "{check}");
    assert_eq!(check["not_applicable"], 4, "{check}");
    assert_eq!(check["fails"], 0, "{check}");
}

#[test]
fn filters_and_groups_read_the_parameters_by_name() {
    let mut args = MARK_T[..7].to_vec();
    args.extend(["--where", "t > 3", "--group-by", "t"]);
    let v = json(&args);
    let groups = result(&v)["groups"].as_array().unwrap();
    let keys: Vec<i64> = groups.iter().map(|g| g[0].as_i64().unwrap()).collect();
    assert_eq!(keys, [4, 5, 6]);
}

#[test]
fn two_swept_parameters_and_a_fixed_one_give_every_combination() {
    let v = json(&[
        "sweep", "rules", "sd", "--param", "S=1", "--param", "D=2..3", "--search", "64", "--rows",
        "5",
    ]);
    let rows = result(&v)["rows"].as_array().unwrap();
    let texts: Vec<&str> = rows
        .iter()
        .map(|r| r["ruleset"].as_str().unwrap())
        .collect();
    assert_eq!(texts, ["D=2", "D=3"]);
    let wythoff = json(&[
        "sweep",
        "rules",
        "wythoff",
        "--search",
        "50",
        "--rows",
        "1",
        "--check",
        "thesis-theorem-3.71",
    ]);
    assert_eq!(result(&wythoff)["rows"][0]["ruleset"], "defaults");
    assert_eq!(result(&wythoff)["checks"][0]["holds"], 1);
}

#[test]
fn shards_merge_to_the_whole_sweep() {
    let dir = std::env::temp_dir().join(format!("heaplab-sweep-rules-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = |name: &str| dir.join(name).to_str().unwrap().to_string();
    let run = |extra: &[&str]| {
        let mut args = MARK_T.to_vec();
        args.extend(extra);
        let out = heaplab(&args);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    };
    run(&["--out", &path("whole.json")]);
    run(&["--shard", "0/2", "--out", &path("a.json")]);
    run(&["--shard", "1/2", "--out", &path("b.json")]);
    let out = heaplab(&[
        "merge",
        &path("a.json"),
        &path("b.json"),
        "--out",
        &path("m.json"),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let read = |name: &str| std::fs::read(dir.join(name)).unwrap();
    assert_eq!(read("m.json"), read("whole.json"));
}

#[test]
fn bad_parameters_are_one_line_errors() {
    error_contains(&["sweep", "rules"], "needs a ruleset");
    error_contains(&["sweep", "rules", "mark-t", "--param", "t=5..2"], "empty");
    error_contains(&["sweep", "rules", "mark-t", "--param", "u=1..3"], "u");
    error_contains(
        &["sweep", "rules", "mark-t", "--param", "t=a..3"],
        "whole number",
    );
    error_contains(
        &["sweep", "rules", "no-such-preset"],
        "neither a file nor a preset",
    );
    error_contains(
        &[
            "sweep",
            "subtraction",
            "--max-move",
            "3",
            "--param",
            "t=1..2",
        ],
        "needs a ruleset",
    );
    error_contains(
        &["sweep", "subtraction", "mark", "--max-move", "3"],
        "--param does not apply",
    );
    error_contains(
        &[
            "sweep",
            "rules",
            "mark-t",
            "--param",
            "t=1..3",
            "--max-move",
            "3",
        ],
        "--max-move does not apply",
    );
}
