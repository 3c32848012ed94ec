//! `heaplab octal --checkpoint`: a damaged, zero-filled, truncated or oversized checkpoint is
//! refused with one line instead of resuming into a wrong proof, an old format version is
//! named, and a path that cannot be written stops the run before any work.

mod common;

use common::{error_contains, json};
use std::path::PathBuf;

/// A scratch folder for one test.
fn scratch(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("heaplab-ck-{}-{tag}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The arguments of a run of ·16 that saves after every chunk into `path`.
fn run_args(path: &str) -> Vec<&str> {
    vec![
        "octal",
        ".16",
        "--terms",
        "1100000",
        "--format",
        "json",
        "--checkpoint",
        path,
        "--checkpoint-every",
        "0",
    ]
}

/// Writes a good checkpoint of ·16 to `file` and returns its bytes.
fn good_checkpoint(file: &std::path::Path) -> Vec<u8> {
    json(&run_args(file.to_str().unwrap()));
    let bytes = std::fs::read(file).unwrap();
    assert!(bytes.starts_with(b"heaplab octal checkpoint 2 .16 2 1100000\n"));
    bytes
}

/// A good checkpoint resumes; one flipped bit anywhere, zeros, or a cut end are refused.
#[test]
fn damaged_checkpoints_are_refused() {
    let dir = scratch("damaged");
    let file = dir.join("run.ck");
    let path = file.to_str().unwrap();
    let good = good_checkpoint(&file);
    let fresh = json(&run_args(path));
    assert_eq!(fresh["values"].as_array().unwrap().len(), 1_100_000);
    let header = good.iter().position(|&b| b == b'\n').unwrap() + 1;
    for (at, bit) in [
        (header + 2 * 777_777, 0),
        (header + 1, 3),
        (good.len() - 1, 7),
    ] {
        let mut bad = good.clone();
        bad[at] ^= 1 << bit;
        std::fs::write(&file, &bad).unwrap();
        error_contains(&run_args(path), "checksum");
    }
    std::fs::write(&file, vec![0u8; good.len()]).unwrap();
    error_contains(&run_args(path), "not a heaplab octal checkpoint");
    std::fs::write(&file, &good[..good.len() - 100]).unwrap();
    error_contains(&run_args(path), "header declares");
    std::fs::remove_dir_all(&dir).ok();
}

/// A header declaring a billion four-byte values over a few bytes is refused by its size,
/// and a version 1 checkpoint is refused by name.
#[test]
fn oversized_and_old_checkpoints_are_refused() {
    let dir = scratch("header");
    let file = dir.join("run.ck");
    let path = file.to_str().unwrap();
    std::fs::write(&file, b"heaplab octal checkpoint 2 .16 4 1000000000\n0123").unwrap();
    error_contains(&run_args(path), "header declares 1000000000 values");
    std::fs::write(
        &file,
        b"heaplab octal checkpoint 1 .16 2 2\n\x00\x00\x01\x00",
    )
    .unwrap();
    error_contains(&run_args(path), "format version 1");
    std::fs::remove_dir_all(&dir).ok();
}

/// A checkpoint in a missing folder, or a folder given as the file, fails before any work:
/// the run asked for would take many minutes.
#[test]
fn an_unwritable_checkpoint_path_fails_at_once() {
    let dir = scratch("path");
    let missing = dir.join("no-such-folder").join("run.ck");
    let long_run = |path: &str| {
        error_contains(
            &["octal", ".454", "--prove", "--checkpoint", path],
            "--checkpoint",
        )
    };
    long_run(missing.to_str().unwrap());
    long_run(dir.to_str().unwrap());
    std::fs::remove_dir_all(&dir).ok();
}
