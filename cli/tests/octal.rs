//! `heaplab octal`: hostile sizes stop quickly with a one-line message, and a
//! checkpointed run that is killed mid-way resumes to the same report.

mod common;

use common::{json, one_line_error};
use serde_json::Value;
use std::time::{Duration, Instant};

/// Codes that split into three heaps stop at the work cap, naming the flag that raises it.
#[test]
fn three_heap_codes_stop_at_the_work_cap() {
    for args in [
        vec!["octal", ".FFF", "--prove", "--max-work", "300000000"],
        vec![
            "octal",
            ".5BE",
            "--prove",
            "--max-heaps",
            "100000",
            "--max-work",
            "300000000",
        ],
        vec!["octal", "8.1", "--prove", "--max-work", "300000000"],
    ] {
        let err = one_line_error(&args);
        assert!(err.contains("--max-work"), "{args:?}: {err}");
    }
    one_line_error(&["octal", ".FFF", "--max-work", "0"]);
    one_line_error(&["octal", ".77", "--checkpoint-every", "-1"]);
}

/// Plain `--terms` uses the fast method: a million values of ·5 come back at once.
#[test]
fn many_terms_use_the_fast_method() {
    let v = json(&["octal", ".5", "--terms", "1000000", "--format", "json"]);
    let values = v["values"].as_array().unwrap();
    assert_eq!(values.len(), 1_000_000);
    assert_eq!(v["computed"], 1_000_000);
}

/// The report without its timing.
fn report(args: &[&str]) -> Value {
    let mut v = json(args);
    v.as_object_mut().unwrap().remove("seconds");
    v
}

/// Two threads where the machine has them (the cap is its cores).
fn two_threads() -> String {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    cores.min(2).to_string()
}

/// `--threads` is 1 up to the machine's cores, and two threads give the one-thread report.
#[test]
fn threads_give_the_same_report() {
    one_line_error(&["octal", ".56", "--threads", "0"]);
    one_line_error(&["octal", ".56", "--threads", "100000"]);
    one_line_error(&["octal", ".56", "--threads", "-2"]);
    let args = [
        "octal", ".56", "--prove", "--terms", "50", "--format", "json",
    ];
    let one = report(&args);
    let two = report(&[&args[..], &["--threads", &two_threads()]].concat());
    assert_eq!(one, two);
    assert_eq!(one["period"], 144);
}

/// Kills a checkpointed run once its first save is on disk, reruns it with the same file, and
/// compares with an uninterrupted run.
#[test]
fn a_killed_run_resumes_to_the_same_report() {
    killed_run_resumes("1", "one");
}

/// The same on two threads (both the killed run and the resumed one).
#[test]
fn a_killed_run_on_two_threads_resumes_to_the_same_report() {
    killed_run_resumes(&two_threads(), "two");
}

/// Kills a checkpointed run on `threads` threads once its first save is on disk, reruns it
/// with the same file, and compares with an uninterrupted run on one thread (`tag` names the
/// scratch folder).
fn killed_run_resumes(threads: &str, tag: &str) {
    let dir = std::env::temp_dir().join(format!("heaplab-octal-ck-{}-{tag}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("run.ck");
    let path = file.to_str().unwrap();
    let args = [
        "octal",
        ".454",
        "--prove",
        "--max-heaps",
        "6000000",
        "--terms",
        "50",
        "--format",
        "json",
        "--checkpoint",
        path,
        "--checkpoint-every",
        "0",
        "--threads",
        threads,
    ];
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("heaplab"))
        .args(args)
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while !file.exists() && started.elapsed() < Duration::from_secs(120) {
        std::thread::sleep(Duration::from_millis(20));
    }
    let finished_first = child.try_wait().unwrap().is_some();
    child.kill().ok();
    child.wait().unwrap();
    assert!(file.exists(), "no checkpoint written");
    let header = std::fs::read(&file).unwrap();
    assert!(header.starts_with(b"heaplab octal checkpoint 2 .454 2 "));
    if !finished_first {
        // The save stopped part-way: fewer heaps than the run's target.
        let line = String::from_utf8_lossy(&header[..60]).into_owned();
        let count: usize = line.split_whitespace().nth(6).unwrap().parse().unwrap();
        assert!(count < 6_000_000, "{line}");
    }
    let resumed = report(&args);
    let plain = report(&args[..9]);
    assert_eq!(resumed, plain);
    // A checkpoint of another code is refused.
    let err = one_line_error(&["octal", ".16", "--checkpoint", path]);
    assert!(err.contains(".454"), "{err}");
    std::fs::write(&file, b"not a checkpoint").unwrap();
    one_line_error(&["octal", ".454", "--checkpoint", path]);
    std::fs::remove_dir_all(&dir).ok();
}
