//! `cargo xtask test`: every test stage in turn, then one `N passed, M failed` line.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, ExitCode, Stdio};
use std::time::{Duration, Instant};

use anyhow::{Context, Result};

use crate::dist;
use crate::python;
use crate::serve::StaticServer;
use crate::slurm;
use crate::test_binaries::{self, TestBinary};
use crate::tools::{self, CHROMEDRIVER, WASM_TARGET};

/// What one stage counted.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct Tally {
    pub(crate) passed: u64,
    pub(crate) failed: u64,
}

/// A stage's name, what it counted and how long it took (build and run), for the summary.
struct StageResult {
    name: &'static str,
    tally: Tally,
    took: Duration,
}

/// Runs one stage, timing it.
fn timed(name: &'static str, run: impl FnOnce() -> Result<(Tally, bool)>) -> StageResult {
    let start = Instant::now();
    let tally = stage(run());
    StageResult {
        name,
        tally,
        took: start.elapsed(),
    }
}

impl Tally {
    /// Adds `other`'s counts.
    pub(crate) fn add(&mut self, other: &Tally) {
        self.passed += other.passed;
        self.failed += other.failed;
    }
}

/// Runs the native, wasm, end-to-end, Python and Slurm stages; fails if any test or stage failed.
pub fn run_all(root: &Path) -> Result<ExitCode> {
    let mut stages: Vec<StageResult> = Vec::new();
    let mut skipped: Vec<(&str, String)> = Vec::new();

    heading("1/5 native tests (cargo test --no-run over the workspace, then each binary)");
    let mut binaries = Vec::new();
    stages.push(timed("native", || native_tests(root, &mut binaries)));
    // The web crate's own unit tests (URL state, bundles, page data) are plain Rust: run
    // natively, since the browser runner takes only `#[wasm_bindgen_test]`s.
    let mut web_lib = tools::cargo();
    web_lib
        .current_dir(root)
        .args(["test", "--no-fail-fast", "-p", "heaplab-web", "--lib"]);
    stages.push(timed("web unit", || run_counting(web_lib)));

    heading("2/5 wasm tests of heaplab-web (wasm-bindgen-test, headless Chromium)");
    stages.push(timed("wasm", || wasm_tests(root)));

    heading("3/5 end-to-end tests (headless Chromium against dist/)");
    stages.push(timed("e2e", || e2e_tests(root, &binaries)));

    heading("4/5 Python package (pip install ./python, pytest)");
    stages.push(timed("python", || python::tests(root)));

    heading("5/5 Slurm: a sweep as an array job on a single-node cluster (slurm/submit.sh)");
    match slurm::skip_reason() {
        Some(reason) => {
            println!("SKIPPED: {reason}");
            skipped.push(("slurm", reason));
        }
        None => stages.push(timed("slurm", || slurm::tests(root))),
    }

    heading("summary");
    let mut total = Tally::default();
    for s in &stages {
        println!(
            "{:>8}: {} passed, {} failed, {:.1} min",
            s.name,
            s.tally.passed,
            s.tally.failed,
            s.took.as_secs_f64() / 60.0
        );
        total.add(&s.tally);
    }
    for (name, reason) in &skipped {
        println!("{name:>8}: SKIPPED: {reason}");
    }
    Ok(summary_line(&total))
}

/// `cargo xtask slurm`: the Slurm stage alone; here missing Slurm is a failure, not a skip.
pub fn run_slurm(root: &Path) -> Result<ExitCode> {
    Ok(summary_line(&stage(slurm::tests(root))))
}

/// Prints the closing `N passed, M failed` line; success exactly when nothing failed.
fn summary_line(total: &Tally) -> ExitCode {
    println!("{} passed, {} failed", total.passed, total.failed);
    if total.failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

fn heading(title: &str) {
    println!("\n==== {title} ====");
}

/// A stage that could not run or exited non-zero without a failed test (say, a
/// compile error) counts as one failure, so the summary never hides it.
fn stage(result: Result<(Tally, bool)>) -> Tally {
    match result {
        Ok((tally, true)) => tally,
        Ok((mut tally, false)) => {
            if tally.failed == 0 {
                println!("stage failed before its tests could report (counted as 1 failure)");
                tally.failed = 1;
            }
            tally
        }
        Err(err) => {
            println!("stage failed: {err:#} (counted as 1 failure)");
            Tally {
                passed: 0,
                failed: 1,
            }
        }
    }
}

fn wasm_tests(root: &Path) -> Result<(Tally, bool)> {
    run_counting(wasm_cargo(root, &[])?)
}

/// `cargo test -p heaplab-web` for wasm32 in headless Chromium, with `extra` arguments
/// (installing the target, wasm-bindgen and Chromium first if missing).
fn wasm_cargo(root: &Path, extra: &[&str]) -> Result<Command> {
    tools::ensure_wasm_target()?;
    tools::ensure_wasm_bindgen(root)?;
    tools::ensure_chromium()?;
    let mut cargo = tools::cargo();
    cargo
        .current_dir(root)
        .args([
            "test",
            "--no-fail-fast",
            "-p",
            "heaplab-web",
            "--target",
            WASM_TARGET,
        ])
        .args(extra)
        .env(
            "CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER",
            "wasm-bindgen-test-runner",
        )
        .env("CHROMEDRIVER", CHROMEDRIVER)
        .env_remove("GECKODRIVER")
        .env_remove("SAFARIDRIVER");
    Ok(cargo)
}

/// `cargo xtask fuzz`'s page stage: every page's URL-state fuzz test with `cases` cases per
/// page (built in release, in headless Chromium).
pub fn web_fuzz(root: &Path, cases: u64) -> Result<()> {
    let mut cargo = wasm_cargo(root, &["--release", "--test", "query_fuzz"])?;
    cargo
        .env("HEAPLAB_FUZZ_CASES", cases.to_string())
        // The runner's default 20 s is for one ordinary test; a long run takes minutes.
        .env("WASM_BINDGEN_TEST_TIMEOUT", "3600");
    tools::run(&mut cargo)
}

/// Builds every native test binary once (`test_binaries::build`, kept in `binaries` for the
/// end-to-end stage) and runs all but the end-to-end ones, as many at a time as there are
/// cores.
fn native_tests(root: &Path, binaries: &mut Vec<TestBinary>) -> Result<(Tally, bool)> {
    *binaries = test_binaries::build(root)?;
    let native: Vec<&TestBinary> = binaries.iter().filter(|b| !b.is_e2e()).collect();
    let jobs = std::thread::available_parallelism().map_or(1, |n| n.get());
    Ok(test_binaries::run(&native, &[], jobs))
}

/// Builds `dist/`, serves it, and runs the end-to-end test binaries against it, one at a time
/// (each drives its own Chromium).
fn e2e_tests(root: &Path, binaries: &[TestBinary]) -> Result<(Tally, bool)> {
    let e2e: Vec<&TestBinary> = binaries.iter().filter(|b| b.is_e2e()).collect();
    if e2e.is_empty() {
        anyhow::bail!("the end-to-end tests were not built (see the native stage)");
    }
    tools::ensure_chromium()?;
    let dist = dist::build(root)?;
    let server = StaticServer::start(&dist, 0)?;
    println!("Serving {} at {}/", dist.display(), server.url());
    let env = [
        ("HEAPLAB_URL", server.url()),
        // A failed end-to-end test prints its error chain, not an anyhow backtrace.
        ("RUST_LIB_BACKTRACE", "0".to_string()),
    ];
    let result = test_binaries::run(&e2e, &env, 1);
    drop(server);
    Ok(result)
}

/// Runs a `cargo test`-like command, echoing its stdout, and adds up its
/// `test result:` lines. Returns the tally and whether the command succeeded.
fn run_counting(cmd: Command) -> Result<(Tally, bool)> {
    run_counting_with(cmd, parse_result_line)
}

/// Runs `cmd`, echoing its stdout, and adds up the counts `parse` reads from its lines.
pub(crate) fn run_counting_with(
    mut cmd: Command,
    parse: fn(&str) -> Option<Tally>,
) -> Result<(Tally, bool)> {
    let line = tools::describe(&cmd);
    println!("$ {line}");
    let mut child = cmd
        .stdout(Stdio::piped())
        .spawn()
        .with_context(|| format!("could not start `{line}`"))?;
    let mut tally = Tally::default();
    if let Some(stdout) = child.stdout.take() {
        for text in BufReader::new(stdout).lines() {
            let text = text.with_context(|| format!("could not read the output of `{line}`"))?;
            println!("{text}");
            if let Some(counts) = parse(&text) {
                tally.add(&counts);
            }
        }
    }
    let status = child
        .wait()
        .with_context(|| format!("could not wait for `{line}`"))?;
    Ok((tally, status.success()))
}

/// Reads `test result: ok. 5 passed; 1 failed; 0 ignored; ...`.
pub(crate) fn parse_result_line(line: &str) -> Option<Tally> {
    let rest = line.trim().strip_prefix("test result:")?;
    let mut tally = Tally::default();
    for part in rest.split([';', '.']) {
        let mut words = part.split_whitespace();
        let (Some(number), Some(label)) = (words.next(), words.next()) else {
            continue;
        };
        let Ok(number) = number.parse::<u64>() else {
            continue;
        };
        match label {
            "passed" => tally.passed += number,
            "failed" => tally.failed += number,
            _ => {}
        }
    }
    Some(tally)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_cargo_test_result_lines() {
        let ok = "test result: ok. 12 passed; 0 failed; 1 ignored; 0 measured; 0 filtered out; finished in 0.31s";
        assert_eq!(
            parse_result_line(ok),
            Some(Tally {
                passed: 12,
                failed: 0
            })
        );
        let bad = "test result: FAILED. 3 passed; 2 failed; 0 ignored; 0 measured; 0 filtered out";
        assert_eq!(
            parse_result_line(bad),
            Some(Tally {
                passed: 3,
                failed: 2
            })
        );
        assert_eq!(parse_result_line("running 3 tests"), None);
    }
}
