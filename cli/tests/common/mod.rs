//! Helpers shared by the CLI's integration tests: run the built `heaplab` binary.

use assert_cmd::Command;
use serde_json::Value;

/// Runs `heaplab` with `args` and returns its output, whatever the exit status.
pub fn heaplab(args: &[&str]) -> std::process::Output {
    Command::cargo_bin("heaplab")
        .unwrap()
        .args(args)
        .output()
        .unwrap()
}

/// Runs `heaplab` with `args`, which must succeed, and parses its standard output as JSON.
pub fn json(args: &[&str]) -> Value {
    let out = heaplab(args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}
