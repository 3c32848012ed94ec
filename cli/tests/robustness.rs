//! Hostile input from the fuzzer: expressions that would overflow the stack, families too big
//! to book-keep, forged shard and resume files, odd output targets. Each is refused with one
//! `heaplab: …` line (or works), never a crash.

mod common;

use common::{error_contains, heaplab};
use std::path::PathBuf;

/// A fresh scratch folder for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("heaplab-robust-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Writes shard `i` of `n` of a small subtraction sweep to `path`.
fn shard(path: &std::path::Path, i: u64, n: u64) {
    let shard = format!("{i}/{n}");
    let out = heaplab(&[
        "sweep",
        "subtraction",
        "--max-move",
        "11",
        "--group-by",
        "max",
        "--shard",
        &shard,
        "--out",
        path.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

fn read_json(path: &std::path::Path) -> serde_json::Value {
    serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap()
}

fn write_json(path: &std::path::Path, value: &serde_json::Value) {
    std::fs::write(path, serde_json::to_string_pretty(value).unwrap()).unwrap();
}

/// The fuzzer's stack-overflowing expressions, on the command line and read back from a
/// shard file by `merge`: refused with the cap named.
#[test]
fn deep_or_long_expressions_are_refused_not_crashed() {
    let nested = format!("{}period{} > 1", "(".repeat(11_000), ")".repeat(11_000));
    let chained = format!("period > 1{}", "+1".repeat(14_000));
    let short_deep = format!("{}period{} > 1", "(".repeat(65), ")".repeat(65));
    for text in [&nested, &chained] {
        error_contains(
            &["sweep", "subtraction", "--max-move", "4", "--where", text],
            "at most 4000 are allowed",
        );
    }
    error_contains(
        &[
            "sweep",
            "subtraction",
            "--max-move",
            "4",
            "--where",
            &short_deep,
        ],
        "at most 64 are allowed",
    );
    let dir = scratch("expr");
    let path = dir.join("part.json");
    shard(&path, 0, 1);
    let mut value = read_json(&path);
    value["spec"]["where"] = nested.into();
    write_json(&path, &reseal(value));
    let err = common::one_line_error(&["merge", path.to_str().unwrap()]);
    assert!(err.contains("at most 4000 are allowed"), "{err}");
    assert!(
        err.len() < 300,
        "the message quotes a cut expression: {err}"
    );
}

/// A family past the engine's 2^32 rulesets is refused at once, naming the flag, before any
/// bookkeeping is allocated; `--size` brings it back in range.
#[test]
fn a_family_too_big_to_walk_is_refused_before_any_work() {
    error_contains(
        &["sweep", "subtraction", "--max-move", "40"],
        "lower --max-move",
    );
    error_contains(
        &[
            "sweep",
            "subtraction",
            "--max-move",
            "33",
            "--format",
            "csv",
        ],
        "at most 4,294,967,296",
    );
    let out = heaplab(&["sweep", "subtraction", "--max-move", "40", "--size", "1"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A shard file claiming 2^64 − 1 or 2^32 shards is refused, not a panic or an abort.
#[test]
fn a_shard_claiming_absurd_counts_is_refused() {
    let dir = scratch("counts");
    let path = dir.join("part.json");
    for count in [u64::MAX, 1 << 32] {
        shard(&path, 0, 1);
        let mut value = read_json(&path);
        value["shard"] = serde_json::json!([0, count]);
        write_json(&path, &value);
        common::one_line_error(&["merge", path.to_str().unwrap()]);
    }
}

/// `--threads` past 256 is refused with the cap named; 256 works.
#[test]
fn threads_are_capped() {
    error_contains(
        &[
            "sweep",
            "subtraction",
            "--max-move",
            "4",
            "--threads",
            "1024",
        ],
        "--threads must be between 1 and 256",
    );
    let out = heaplab(&[
        "sweep",
        "subtraction",
        "--max-move",
        "4",
        "--threads",
        "256",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// `value` with its checksum recomputed: a deliberate forgery, which only the consistency
/// checks can catch.
fn reseal(value: serde_json::Value) -> serde_json::Value {
    heaplab_engine::sweep::seal::seal(value)
}

/// Two shards of one sweep (2047 sets: shard 0 has 1023, shard 1 has 1024).
fn two_shards(name: &str) -> (PathBuf, [String; 2]) {
    let dir = scratch(name);
    let parts = [0, 1].map(|i| {
        let path = dir.join(format!("part-{i}.json"));
        shard(&path, i, 2);
        path.to_str().unwrap().to_string()
    });
    (dir, parts)
}

fn merge_error(parts: &[&str], needle: &str) {
    let mut args = vec!["merge"];
    args.extend(parts);
    error_contains(&args, needle);
}

#[test]
fn merge_refuses_edited_relabelled_duplicate_and_missing_shards() {
    let (_dir, [a, b]) = two_shards("merge");
    let out = heaplab(&["merge", &a, &b]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let original = read_json(a.as_ref());

    // An edited count: the checksum fails.
    let mut edited = original.clone();
    edited["summary"]["rulesets"] = 5000.into();
    write_json(a.as_ref(), &edited);
    merge_error(&[&a, &b], "fails its checksum");
    // The same edit with the checksum recomputed: the counts no longer fit the range.
    write_json(a.as_ref(), &reseal(edited));
    merge_error(&[&a, &b], "ruleset count is not its range's length");
    // Counts that would wrap past 2^64 when added.
    let mut wrapping = original.clone();
    wrapping["summary"]["matched"] = u64::MAX.into();
    write_json(a.as_ref(), &reseal(wrapping));
    merge_error(&[&a, &b], "matched more rulesets than it walked");

    // A relabelled shard: the checksum fails; relabelled and resealed, its counts and
    // indices belong to the other shard's range.
    let mut relabelled = original.clone();
    relabelled["shard"] = serde_json::json!([1, 2]);
    write_json(a.as_ref(), &relabelled);
    merge_error(&[&a, &b], "fails its checksum");
    let mut other = read_json(b.as_ref());
    other["shard"] = serde_json::json!([0, 2]);
    write_json(a.as_ref(), &reseal(relabelled));
    write_json(b.as_ref(), &reseal(other));
    merge_error(&[&a, &b], "is inconsistent");

    // A duplicate shard, a missing shard.
    write_json(a.as_ref(), &original);
    merge_error(&[&a, &a], "each once");
    merge_error(&[&a], "but 1 shard files were given");
}

/// A shard file of the previous format (no checksum) is refused with the reason.
#[test]
fn merge_refuses_files_of_an_older_format() {
    let (_dir, [a, b]) = two_shards("older");
    let mut value = read_json(a.as_ref());
    value.as_object_mut().unwrap().remove("checksum");
    value["format"] = "heaplab-sweep-2".into();
    write_json(a.as_ref(), &value);
    merge_error(&[&a, &b], "has no checksum");
    write_json(a.as_ref(), &reseal(value));
    merge_error(&[&a, &b], "this HeapLab reads `heaplab-sweep-3`");
}

/// An edited `.partial` resume log is refused, not resumed silently wrong.
#[test]
fn an_edited_resume_log_is_refused() {
    let dir = scratch("partial");
    let out_path = dir.join("out.json");
    let out = out_path.to_str().unwrap();
    let partial = dir.join("out.json.partial");
    let args = [
        "sweep",
        "subtraction",
        "--max-move",
        "12",
        "--threads",
        "1",
        "--out",
        out,
    ];
    let mut stop = args.to_vec();
    stop.extend(["--stop-after-chunks", "2"]);
    assert!(!heaplab(&stop).status.success());
    let log = std::fs::read_to_string(&partial).unwrap();
    let edited = log.replacen("\"rulesets\":1024", "\"rulesets\":1000", 1);
    assert_ne!(edited, log);
    std::fs::write(&partial, &edited).unwrap();
    error_contains(&args, "fails its checksum");
    // Resealed, the forged chunk no longer fits its range.
    let mut lines: Vec<String> = edited.lines().map(String::from).collect();
    let chunk: serde_json::Value = serde_json::from_str(&lines[1]).unwrap();
    lines[1] = reseal(chunk).to_string();
    std::fs::write(&partial, lines.join("\n") + "\n").unwrap();
    error_contains(&args, "ruleset count is not its range's length");
    // The untouched log resumes.
    std::fs::write(&partial, &log).unwrap();
    let out = heaplab(&args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The files left in `dir`, sorted.
fn files_in(dir: &std::path::Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// `--out DIR` fails before any work and leaves no `.partial` or `.tmp` behind, for `sweep`
/// and for `merge`; so does `--out` in a folder that does not exist.
#[test]
fn an_output_directory_is_refused_at_once_with_no_leftovers() {
    let dir = scratch("outdir");
    let target = dir.join("results");
    std::fs::create_dir(&target).unwrap();
    let target = target.to_str().unwrap();
    // A million sets: the check comes before the walk, so this returns at once.
    error_contains(
        &["sweep", "subtraction", "--max-move", "20", "--out", target],
        "is a directory",
    );
    let missing = dir.join("no/such/folder/out.json");
    error_contains(
        &[
            "sweep",
            "subtraction",
            "--max-move",
            "20",
            "--out",
            missing.to_str().unwrap(),
        ],
        "does not exist",
    );
    let part = dir.join("part.json");
    shard(&part, 0, 1);
    error_contains(
        &["merge", part.to_str().unwrap(), "--out", target],
        "is a directory",
    );
    assert_eq!(files_in(&dir), ["part.json", "results"]);
    assert!(files_in(target.as_ref()).is_empty());
}

/// `--out /dev/stdout` writes the result to standard output (no rename over the device, no
/// resume log beside it); `--out` through a symlink writes the file it points to and keeps
/// the link.
#[test]
fn output_goes_through_devices_and_symlinks() {
    let out = heaplab(&[
        "sweep",
        "subtraction",
        "--max-move",
        "5",
        "--out",
        "/dev/stdout",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let value: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(value["result"]["rulesets"], 31);

    let dir = scratch("symlink");
    let (real, link) = (dir.join("real.json"), dir.join("link.json"));
    std::fs::write(&real, "old").unwrap();
    std::os::unix::fs::symlink(&real, &link).unwrap();
    let part = dir.join("part.json");
    shard(&part, 0, 1);
    let out = heaplab(&[
        "merge",
        part.to_str().unwrap(),
        "--out",
        link.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    let merged: serde_json::Value = serde_json::from_slice(&std::fs::read(&real).unwrap()).unwrap();
    assert_eq!(merged["result"]["rulesets"], 2047);
}

/// Runs `heaplab args` with `HEAPLAB_PROGRESS` set to `value` (or removed) and returns stderr.
fn stderr_with_progress(value: Option<&str>, args: &[&str]) -> String {
    let mut command = assert_cmd::Command::cargo_bin("heaplab").unwrap();
    match value {
        Some(v) => command.env("HEAPLAB_PROGRESS", v),
        None => command.env_remove("HEAPLAB_PROGRESS"),
    };
    let out = command.args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stderr).unwrap()
}

/// Progress without `--progress`: `HEAPLAB_PROGRESS=1` forces it where stderr is no
/// terminal (as here), `0` silences it; with neither, a pipe gets no progress line.
#[test]
fn progress_shows_without_the_flag_when_forced() {
    let grundy = ["octal", "grundy", "--terms", "20000"];
    assert!(stderr_with_progress(Some("1"), &grundy).contains(" heaps ("));
    assert!(stderr_with_progress(Some("0"), &grundy).is_empty());
    assert!(stderr_with_progress(None, &grundy).is_empty());
    let map = [
        "period-map",
        "--family",
        "4move",
        "--s3",
        "40",
        "--threads",
        "1",
    ];
    assert!(stderr_with_progress(Some("1"), &map).contains(" rows ("));
}

/// A 120 KB argument is echoed cut to about 80 characters, by the engine's parsers and by
/// clap's own usage errors.
#[test]
fn huge_arguments_are_echoed_cut() {
    let huge = "9".repeat(120_000);
    for args in [
        vec!["subtraction", "--set", "2,3", "--terms", huge.as_str()],
        vec!["subtraction", huge.as_str()],
        vec!["octal", huge.as_str()],
        vec!["sweep", huge.as_str(), "--max-move", "3"],
    ] {
        let err = common::one_line_error(&args);
        assert!(err.len() < 700, "{} bytes: {}", err.len(), &err[..200]);
        assert!(err.contains("…"), "{err}");
    }
}

/// Period-map ranges with negative numbers get the range message, not a flag error.
#[test]
fn negative_map_ranges_are_explained() {
    error_contains(
        &["period-map", "--s3", "30", "--s1", "-5..5", "--s2", "1..9"],
        "--s1 must be a range like 40..160 of whole numbers from 0, not '-5..5'",
    );
}

/// Options a family does not read are refused, not silently ignored.
#[test]
fn options_a_family_does_not_use_are_refused() {
    error_contains(
        &["sweep", "octal", "--digits", "2", "--max-move", "5"],
        "--max-move does not apply to this family",
    );
    error_contains(
        &["sweep", "subtraction", "--max-move", "5", "--digits", "2"],
        "--digits does not apply to this family",
    );
    error_contains(
        &["sweep", "3move", "--fixed", "30", "--x", "1..5"],
        "give both --x A..B and --y C..D",
    );
}

/// An unknown subcommand (`heaplab grundy`) lists the real ones and where named games live.
#[test]
fn an_unknown_subcommand_lists_the_real_ones() {
    let err = common::one_line_error(&["grundy", "--terms", "64000000"]);
    assert!(err.contains("unrecognized subcommand 'grundy'"), "{err}");
    assert!(
        err.contains("sweep, merge") && err.contains("`heaplab octal NAME`"),
        "{err}"
    );
}
