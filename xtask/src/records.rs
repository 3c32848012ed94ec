//! `cargo xtask records`: the slow record checks (minutes each), kept out of the test suite.
//! Each runs the release `heaplab` binary and checks that its JSON output contains the
//! published values, printing the wall time.

use std::path::Path;
use std::time::Instant;

use anyhow::{bail, Context, Result};

use crate::tools;

/// One record check: what it shows, the `heaplab` arguments, and fragments the JSON must hold.
struct Record {
    what: &'static str,
    args: &'static [&'static str],
    expect: &'static [&'static str],
}

/// The record checks, in the order they run.
const RECORDS: &[Record] = &[Record {
    what: "survey Section 4: Flammenkamp's max-symmetric record {15,27,88,100,115} has outcome \
           period 147,429,129,464 (constant-memory first return, Theorem 12)",
    args: &[
        "subtraction",
        "--set",
        "15,27,88,100,115",
        "--outcomes-only",
        "--format",
        "json",
    ],
    expect: &["\"outcome_period\":147429129464", "\"outcome_preperiod\":0"],
}];

/// Builds `heaplab` in release and runs every record check; fails on the first mismatch.
pub fn run_all(root: &Path) -> Result<()> {
    let mut build = tools::cargo();
    build
        .current_dir(root)
        .args(["build", "--release", "-p", "heaplab"]);
    tools::run(&mut build)?;
    let binary = root.join("target/release/heaplab");
    for record in RECORDS {
        println!("record: {}", record.what);
        let mut cmd = tools::command(&binary);
        cmd.args(record.args);
        let line = tools::describe(&cmd);
        println!("$ {line}");
        let started = Instant::now();
        let out = cmd
            .output()
            .with_context(|| format!("could not start `{line}`"))?;
        let seconds = started.elapsed().as_secs_f64();
        let stdout = String::from_utf8_lossy(&out.stdout);
        if !out.status.success() {
            bail!(
                "`{line}` failed ({}): {}",
                out.status,
                String::from_utf8_lossy(&out.stderr).trim()
            );
        }
        if let Some(missing) = record.expect.iter().find(|e| !stdout.contains(*e)) {
            bail!("`{line}` printed no {missing}: {}", stdout.trim());
        }
        println!("ok in {seconds:.1} s");
    }
    Ok(())
}
