//! The Python package stage of `cargo xtask test`: build the `heaplab` wheel with maturin (through
//! pip, into a virtual environment under `target/`) and run its pytest suite.

use std::path::Path;
use std::process::Command;

use anyhow::Result;

use crate::test::{run_counting_with, Tally};
use crate::test_binaries;
use crate::tools;

/// Installs `./python` with its test extras into `target/pyvenv` and runs `pytest`, with
/// `HEAPLAB_BIN` naming the debug `heaplab` binary (the cross-checks against cgt-py run it).
pub fn tests(root: &Path) -> Result<(Tally, bool)> {
    tools::run(
        tools::cargo()
            .current_dir(root)
            .args(["build", "--quiet", "--bin", "heaplab"])
            .args(test_binaries::SELECTION),
    )?;
    let venv = root.join("target").join("pyvenv");
    let python = venv.join("bin").join("python");
    if !python.exists() {
        tools::run(Command::new("python3").args(["-m", "venv"]).arg(&venv))?;
    }
    let mut pip = Command::new(&python);
    pip.current_dir(root)
        .args([
            "-m",
            "pip",
            "install",
            "--quiet",
            "--disable-pip-version-check",
            // The test build, as `cargo test` makes (the engine optimised, no LTO): a
            // release wheel would cost a fresh machine minutes of linking for the same tests.
            "--config-settings=build-args=--profile dev",
        ])
        .arg("./python[test]");
    tools::run(&mut pip)?;
    let mut pytest = Command::new(&python);
    let heaplab = root.join("target").join("debug").join("heaplab");
    pytest.env("HEAPLAB_BIN", heaplab);
    pytest.current_dir(root.join("python")).args([
        "-m",
        "pytest",
        "-q",
        "-p",
        "no:cacheprovider",
        "tests",
    ]);
    run_counting_with(pytest, parse_pytest_line)
}

/// Reads pytest's closing line, e.g. `2 failed, 31 passed in 3.20s` (with or without `=`s).
fn parse_pytest_line(line: &str) -> Option<Tally> {
    let text = line.trim().trim_matches('=').trim();
    let (counts, time) = text.rsplit_once(" in ")?;
    if !time.trim_end().ends_with('s') {
        return None;
    }
    let mut tally = Tally::default();
    for part in counts.split(',') {
        let mut words = part.split_whitespace();
        let number: u64 = words.next()?.parse().ok()?;
        match words.next()? {
            "passed" => tally.passed += number,
            "failed" | "error" | "errors" => tally.failed += number,
            _ => {}
        }
    }
    Some(tally)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_pytest_closing_lines() {
        let quiet = parse_pytest_line("33 passed in 24.33s");
        assert_eq!(
            quiet,
            Some(Tally {
                passed: 33,
                failed: 0
            })
        );
        let mixed = parse_pytest_line("==== 2 failed, 31 passed, 1 skipped in 3.20s ====");
        assert_eq!(
            mixed,
            Some(Tally {
                passed: 31,
                failed: 2
            })
        );
        let errors = parse_pytest_line("1 error in 0.50s");
        assert_eq!(
            errors,
            Some(Tally {
                passed: 0,
                failed: 1
            })
        );
        assert_eq!(
            parse_pytest_line("tests/test_heaplab.py ..... [ 50%]"),
            None
        );
        assert_eq!(parse_pytest_line("the end is in sight"), None);
    }
}
