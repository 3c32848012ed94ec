//! `heaplab sweep` and `heaplab merge`: the merge of N shard files is byte-identical
//! to the one-process file, an interrupted run resumes to the same file, the output does not
//! depend on the thread count, and bad input is one `heaplab: …` line.

mod common;

use common::{error_contains, heaplab, json};
use std::path::PathBuf;

/// A fresh scratch folder for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("heaplab-sweep-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The sweep every test here runs: 8191 sets (8 chunks), with every kind of aggregate.
const SWEEP: &[&str] = &[
    "sweep",
    "subtraction",
    "--max-move",
    "13",
    "--where",
    "period > max(S)",
    "--group-by",
    "max",
    "--top",
    "period:5",
    "--rows",
    "40",
];

fn run_ok(args: &[&str]) {
    let out = heaplab(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

fn sweep_to(path: &std::path::Path, extra: &[&str]) -> std::process::Output {
    let mut args: Vec<&str> = SWEEP.to_vec();
    args.extend(["--out", path.to_str().unwrap()]);
    args.extend(extra);
    heaplab(&args)
}

#[test]
fn merged_shards_are_byte_identical_to_one_process() {
    let dir = scratch("merge");
    let whole = dir.join("whole.json");
    assert!(sweep_to(&whole, &["--threads", "1"]).status.success());
    let expected = std::fs::read(&whole).unwrap();
    for count in [3, 4] {
        let mut parts = Vec::new();
        for i in 0..count {
            let part = dir.join(format!("part-{i}-of-{count}.json"));
            let shard = format!("{i}/{count}");
            assert!(sweep_to(&part, &["--shard", &shard]).status.success());
            parts.push(part.to_str().unwrap().to_string());
        }
        let merged = dir.join(format!("merged-{count}.json"));
        let mut args = vec!["merge"];
        args.extend(parts.iter().rev().map(String::as_str));
        args.extend(["--out", merged.to_str().unwrap()]);
        run_ok(&args);
        assert_eq!(std::fs::read(&merged).unwrap(), expected, "{count} shards");
        // Missing shards and shards of another sweep are refused.
        error_contains(&["merge", &parts[0], &parts[1]], "merge needs shards 0..");
        let other = dir.join("other.json");
        let out = heaplab(&[
            "sweep",
            "subtraction",
            "--max-move",
            "4",
            "--shard",
            "1/3",
            "--out",
            other.to_str().unwrap(),
        ]);
        assert!(out.status.success());
        error_contains(
            &["merge", &parts[0], other.to_str().unwrap()],
            "different sweep",
        );
    }
    error_contains(
        &["merge", whole.to_str().unwrap()],
        "not a heaplab sweep shard file",
    );
}

#[test]
fn the_thread_count_does_not_change_the_output() {
    let dir = scratch("threads");
    let (one, three) = (dir.join("one.json"), dir.join("three.json"));
    assert!(sweep_to(&one, &["--threads", "1"]).status.success());
    assert!(sweep_to(&three, &["--threads", "3"]).status.success());
    assert_eq!(std::fs::read(one).unwrap(), std::fs::read(three).unwrap());
}

#[test]
fn an_interrupted_sweep_resumes_to_the_same_file() {
    let dir = scratch("resume");
    let whole = dir.join("whole.json");
    assert!(sweep_to(&whole, &[]).status.success());
    let resumed = dir.join("resumed.json");
    let partial = dir.join("resumed.json.partial");
    let stopped = sweep_to(&resumed, &["--stop-after-chunks", "3", "--threads", "1"]);
    assert!(!stopped.status.success());
    assert!(String::from_utf8_lossy(&stopped.stderr).contains("resume"));
    assert!(!resumed.exists() && partial.exists());
    // A kill mid-write leaves half a line: it is dropped and that chunk is redone.
    let mut log = std::fs::read_to_string(&partial).unwrap();
    log.push_str("{\"chunk\": 7, \"summ");
    std::fs::write(&partial, log).unwrap();
    // The header, at least the three chunks asked for (a thread may finish one more before it
    // sees the stop), not all eight, and the cut line.
    let lines_before = std::fs::read_to_string(&partial).unwrap().lines().count();
    assert!(
        (1 + 3 + 1..1 + 8 + 1).contains(&lines_before),
        "{lines_before} lines"
    );
    // Another sweep may not continue this log.
    let out = heaplab(&[
        "sweep",
        "subtraction",
        "--max-move",
        "12",
        "--out",
        resumed.to_str().unwrap(),
    ]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("holds a different sweep"));
    assert!(sweep_to(&resumed, &[]).status.success());
    assert_eq!(
        std::fs::read(&resumed).unwrap(),
        std::fs::read(&whole).unwrap()
    );
    assert!(!partial.exists());
}

#[test]
fn group_counts_sum_to_the_matched_total_and_csv_lists_them() {
    let v = json(&[
        "sweep",
        "subtraction",
        "--max-move",
        "10",
        "--group-by",
        "period",
    ]);
    let result = &v["result"];
    assert_eq!(result["rulesets"], 1023);
    let sum: u64 = result["groups"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g[1].as_u64().unwrap())
        .sum();
    assert_eq!(sum, 1023);
    let out = heaplab(&[
        "sweep",
        "subtraction",
        "--max-move",
        "4",
        "--exact-max",
        "--group-by",
        "size",
        "--format",
        "csv",
    ]);
    // Sets with max 4: C(3, k - 1) of size k.
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "size,count\n1,1\n2,3\n3,3\n4,1\n"
    );
    let v = json(&["sweep", "subtraction", "--max-move", "9", "--size", "3"]);
    assert_eq!(v["result"]["rulesets"], 84);
    let v = json(&["sweep", "octal", "--digits", "2", "--group-by", "period"]);
    assert_eq!(v["result"]["rulesets"], 56);
    let v = json(&[
        "sweep",
        "cumulative-subtraction",
        "--max-move",
        "5",
        "--top",
        "xi:1",
    ]);
    assert_eq!(v["result"]["rulesets"], 31);
    let v = json(&[
        "sweep",
        "3move",
        "--fixed",
        "30",
        "--x",
        "1..20",
        "--y",
        "2..25",
        "--group-by",
        "period",
    ]);
    assert_eq!(v["result"]["rulesets"], 19 * 23);
}

#[test]
fn bad_input_is_one_line() {
    let sweep = |extra: &[&str]| {
        let mut args = vec!["sweep", "subtraction", "--max-move", "5"];
        args.extend(extra);
        args.into_iter().map(String::from).collect::<Vec<_>>()
    };
    let cases: Vec<(Vec<String>, &str)> = vec![
        (
            vec![
                "sweep".into(),
                "nope".into(),
                "--max-move".into(),
                "4".into(),
            ],
            "unknown family `nope`",
        ),
        (
            vec![
                "sweep".into(),
                "subtraction".into(),
                "--max-move".into(),
                "0".into(),
            ],
            "--max-move must be between 1",
        ),
        (
            vec![
                "sweep".into(),
                "subtraction".into(),
                "--max-move".into(),
                "100000000000".into(),
            ],
            "--max-move must be between 1",
        ),
        (
            vec![
                "sweep".into(),
                "subtraction".into(),
                "--max-move".into(),
                "-3".into(),
            ],
            "--max-move must be between 1",
        ),
        (
            sweep(&["--check", "no-such-check"]),
            "unknown check `no-such-check`",
        ),
        (sweep(&["--group-by", "colour"]), "unknown metric `colour`"),
        (sweep(&["--top", "period"]), "--top must be METRIC:K"),
        (sweep(&["--top", "nope:3"]), "unknown metric `nope`"),
        (sweep(&["--where", "(period > 2"]), "does not parse"),
        (sweep(&["--where", "period >"]), "on the first ruleset"),
        (sweep(&["--where", "perod > 2"]), "unknown name `perod`"),
        (sweep(&["--where", "period + 1"]), "first ruleset"),
        (sweep(&["--shard", "5/4"]), "shard 5/4 does not exist"),
        (sweep(&["--shard", "1-4"]), "--shard must be I/N"),
        (sweep(&["--size", "9"]), "no set of size 9"),
        (sweep(&["--format", "parquet"]), "parquet"),
        (sweep(&["--threads", "0"]), "--threads must be between 1"),
        (
            vec![
                "sweep".into(),
                "octal".into(),
                "--max-move".into(),
                "4".into(),
            ],
            "needs --digits",
        ),
        (
            vec![
                "sweep".into(),
                "octal".into(),
                "--digits".into(),
                "99".into(),
            ],
            "--digits must be between 1",
        ),
    ];
    for (args, needle) in cases {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        error_contains(&args, needle);
    }
    error_contains(
        &["merge", "/no/such/file.json"],
        "cannot use /no/such/file.json",
    );
}

/// Every row of a Parquet file as JSON values, in column order, read back with the `parquet`
/// crate's own reader (no Arrow, no Python).
fn parquet_rows(path: &std::path::Path) -> (Vec<Vec<serde_json::Value>>, String) {
    use parquet::file::reader::{FileReader, SerializedFileReader};
    use parquet::record::Field;
    let reader = SerializedFileReader::new(std::fs::File::open(path).unwrap()).unwrap();
    let metadata = reader
        .metadata()
        .file_metadata()
        .key_value_metadata()
        .unwrap();
    let json = metadata
        .iter()
        .find(|kv| kv.key == "heaplab-sweep")
        .and_then(|kv| kv.value.clone())
        .unwrap();
    let rows = reader
        .get_row_iter(None)
        .unwrap()
        .map(|row| {
            let row = row.unwrap();
            row.get_column_iter()
                .map(|(_, field)| match field {
                    Field::Long(v) => serde_json::json!(v),
                    Field::Str(s) => serde_json::json!(s),
                    Field::Null => serde_json::Value::Null,
                    other => panic!("unexpected field {other:?}"),
                })
                .collect()
        })
        .collect();
    (rows, json)
}

/// `--format parquet` holds the rows (or the histogram) of the JSON result, typed, and the JSON
/// result itself in its metadata; `heaplab merge --format parquet` writes the same file as a
/// one-process run.
#[test]
fn parquet_output_reads_back_as_the_json_result() {
    let dir = scratch("parquet");
    let (as_json, as_parquet) = (dir.join("whole.json"), dir.join("whole.parquet"));
    assert!(sweep_to(&as_json, &[]).status.success());
    assert!(sweep_to(&as_parquet, &["--format", "parquet"])
        .status
        .success());
    let expected: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&as_json).unwrap()).unwrap();
    let (rows, metadata) = parquet_rows(&as_parquet);
    assert_eq!(
        serde_json::from_str::<serde_json::Value>(&metadata).unwrap(),
        expected
    );
    let want: Vec<Vec<serde_json::Value>> = expected["result"]["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            let mut cells = vec![r["index"].clone(), r["ruleset"].clone()];
            cells.extend(r["values"].as_array().unwrap().iter().cloned());
            cells.push(r["error"].clone());
            cells
        })
        .collect();
    assert_eq!(want.len(), 40);
    assert_eq!(rows, want);

    // Without rows: the histogram, and the merge of shards gives the same bytes.
    let grouped = |extra: &[&str]| {
        let mut args = vec![
            "sweep",
            "subtraction",
            "--max-move",
            "9",
            "--group-by",
            "max",
        ];
        args.extend(extra);
        args.iter().map(|s| s.to_string()).collect::<Vec<_>>()
    };
    let whole = dir.join("groups.parquet");
    let args = grouped(&["--format", "parquet", "--out", whole.to_str().unwrap()]);
    run_ok(&args.iter().map(String::as_str).collect::<Vec<_>>());
    let (rows, _) = parquet_rows(&whole);
    let counts: Vec<Vec<serde_json::Value>> = (1..=9)
        .map(|m| vec![serde_json::json!(m), serde_json::json!(1 << (m - 1))])
        .collect();
    assert_eq!(rows, counts, "sets with max S = m: 2^(m-1)");
    let mut parts = Vec::new();
    for i in 0..2 {
        let part = dir.join(format!("groups-{i}.json"));
        let shard = format!("{i}/2");
        let args = grouped(&["--shard", &shard, "--out", part.to_str().unwrap()]);
        run_ok(&args.iter().map(String::as_str).collect::<Vec<_>>());
        parts.push(part.to_str().unwrap().to_string());
    }
    let merged = dir.join("merged.parquet");
    let mut args = vec!["merge"];
    args.extend(parts.iter().map(String::as_str));
    args.extend(["--format", "parquet", "--out", merged.to_str().unwrap()]);
    run_ok(&args);
    assert_eq!(
        std::fs::read(&merged).unwrap(),
        std::fs::read(&whole).unwrap()
    );
    error_contains(
        &[
            "sweep",
            "subtraction",
            "--max-move",
            "3",
            "--format",
            "parquet",
        ],
        "--out",
    );
}
