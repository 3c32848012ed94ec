//! HeapLab's build and test pipeline, run as `cargo xtask <command>`.
//!
//! - `build` (or `dist`): install what is missing (the wasm32 target, `wasm-bindgen-cli` at
//!   the version in Cargo.lock, binaryen's `wasm-opt`, esbuild), build the web crate for size,
//!   run wasm-bindgen and `wasm-opt` (whole-module passes, then `-Oz --converge`), minify the JS and CSS,
//!   and assemble `dist/` with cache-busting names and zopfli `.gz` siblings: a static site
//!   any host serves as it is (docs/guide/publishing.md).
//! - `serve [--port 8080]`: `build`, then serve `dist/` on http://127.0.0.1:PORT (the `.gz`
//!   siblings when the browser accepts gzip).
//! - `test`: native tests, wasm tests in headless Chromium, then the end-to-end
//!   tests against a served `dist/`; ends with one `N passed, M failed` line.
//! - `slurm`: only `test`'s last stage, a sweep as a Slurm array job on a single-node cluster.
//! - `bench [ARGS...]`: the engine's `bench` example in release, ARGS forwarded;
//!   `bench octal-peer [REPS]`: HeapLab's octal solver against the peer `ogsolve`.
//! - `records`: the slow record checks (minutes each), listed in `octal_peer::RECORDS`, then the
//!   ignored engine tests of `octal_peer::ENGINE_RECORDS` (the paper checks over their long
//!   ranges, Table 4.4 in full).
//! - `fuzz [CASES]`: the fuzz suites (engine parsers, CLI arguments, every page's URL state in
//!   headless Chromium) with CASES random cases each (default 20,000) instead of the test run's
//!   few hundred.
//! - `hostile`: the CLI's hostile inputs, rerun on the release binary (one table row each).
//! - `figures`: the guide's gallery (`docs/guide/gallery/`), one figure of each kind, drawn
//!   by the built `heaplab … --figure`.
//!
//! Every failure is reported as a one-line error chain, never a panic.

mod cluster;
mod dist;
mod figures;
mod fingerprint;
mod formatting;
mod guide;
mod hostile;
#[cfg(test)]
mod layers;
mod minify;
mod octal_peer;
mod precompress;
mod python;
mod serve;
mod slurm;
mod test;
mod test_binaries;
mod tools;

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{bail, Context, Result};

const USAGE: &str = "\
usage: cargo xtask <command>

commands:
  build | dist        build the web app into dist/, a static site any host serves as it is
  serve [--port N]    build, then serve dist/ on http://127.0.0.1:N (default 8080)
  test                native tests, wasm tests in headless Chromium, end-to-end tests
  slurm               only the Slurm stage of `test` (needs root and slurm-wlm, munge)
  bench [ARGS...]     run the engine benchmark (ARGS are passed to it)
  bench octal-peer [REPS]  octal games: HeapLab against ogsolve -m rc2 (installed if missing)
  bench misere [ARGS...]   misère quotients against brute force (`--seconds 10`)
  bench rules         rule-defined games (Rhai) against the built-in solvers of the same games
  fuzz [CASES]        the fuzz suites with CASES random cases each (default 20000)
  hostile             rerun the CLI's hostile inputs: exit, wall time, peak RSS, message
  figures             regenerate docs/guide/gallery/: one SVG of each kind of figure
  fmt                 rustfmt every Rust file, also the modules a registration list declares
  records [TEXT]      the slow record checks (Table 3.2's octal records, the survey's record
                      period, the paper checks over their long ranges, Table 4.4, the
                      octal preset on every code of up to three digits); with TEXT
                      only those whose command or name contains it (`records octal`)
  help                show this message";

/// `cargo run --release -p heaplab-engine --example EXAMPLE -- ARGS` (the benchmarks).
fn engine_example(root: &std::path::Path, example: &str, args: &[String]) -> Result<ExitCode> {
    let mut cargo = tools::cargo();
    cargo
        .current_dir(root)
        .args([
            "run",
            "--release",
            "-p",
            "heaplab-engine",
            "--example",
            example,
        ])
        .arg("--")
        .args(args);
    tools::run(&mut cargo)?;
    Ok(ExitCode::SUCCESS)
}

fn main() -> ExitCode {
    match run() {
        Ok(code) => code,
        Err(err) => {
            eprintln!("xtask error: {err:#}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<ExitCode> {
    let mut args = std::env::args().skip(1);
    let command = args.next();
    let rest: Vec<String> = args.collect();
    let root = repo_root()?;
    match command.as_deref() {
        Some(command @ ("build" | "dist")) => {
            no_extra_args(command, &rest)?;
            dist::build(&root)?;
            Ok(ExitCode::SUCCESS)
        }
        Some("serve") => {
            let port = parse_port(&rest)?;
            dist::build(&root)?;
            serve::serve_forever(&root.join("dist"), port)?;
            Ok(ExitCode::SUCCESS)
        }
        Some("test") => {
            no_extra_args("test", &rest)?;
            test::run_all(&root)
        }
        Some("slurm") => {
            no_extra_args("slurm", &rest)?;
            test::run_slurm(&root)
        }
        Some("bench") if rest.first().map(String::as_str) == Some("octal-peer") => {
            octal_peer::bench(&root, &rest[1..])?;
            Ok(ExitCode::SUCCESS)
        }
        Some("bench") if rest.first().map(String::as_str) == Some("misere") => {
            // The misère quotient against the brute-force reference (BENCHMARKS.md).
            engine_example(&root, "bench_misere", &rest[1..])
        }
        Some("hostile") => {
            no_extra_args("hostile", &rest)?;
            hostile::run(&root)
        }
        Some("records") => {
            if rest.len() > 1 {
                bail!(
                    "`cargo xtask records` takes at most one filter (got `{}`)\n\n{USAGE}",
                    rest[1]
                );
            }
            octal_peer::records(&root, rest.first().map(String::as_str))?;
            Ok(ExitCode::SUCCESS)
        }
        Some("bench") => engine_example(&root, "bench", &rest),
        Some("fuzz") => {
            let cases = match rest.as_slice() {
                [] => 20_000,
                [n] => n
                    .parse::<u64>()
                    .with_context(|| format!("CASES must be a number, not `{n}`"))?,
                _ => bail!("usage: cargo xtask fuzz [CASES]"),
            };
            let mut cargo = tools::cargo();
            cargo
                .current_dir(&root)
                .env("PROPTEST_CASES", cases.to_string())
                .env("HEAPLAB_FUZZ_CASES", cases.to_string())
                .args(["test", "--release", "-p", "heaplab-engine", "-p", "heaplab"])
                .args(["--test", "fuzz"]);
            tools::run(&mut cargo)?;
            test::web_fuzz(&root, cases)?;
            Ok(ExitCode::SUCCESS)
        }
        Some("figures") => {
            no_extra_args("figures", &rest)?;
            figures::regenerate(&root)?;
            Ok(ExitCode::SUCCESS)
        }
        Some("fmt") => {
            no_extra_args("fmt", &rest)?;
            formatting::rustfmt_all(&root, false).map_err(anyhow::Error::msg)?;
            Ok(ExitCode::SUCCESS)
        }
        Some("help" | "-h" | "--help") => {
            println!("{USAGE}");
            Ok(ExitCode::SUCCESS)
        }
        None => {
            eprintln!("{USAGE}");
            Ok(ExitCode::FAILURE)
        }
        Some(other) => bail!("unknown command `{other}`\n\n{USAGE}"),
    }
}

/// The workspace root: the parent of this crate's directory.
fn repo_root() -> Result<PathBuf> {
    let manifest_dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let root = manifest_dir
        .parent()
        .context("xtask's manifest directory has no parent")?
        .to_path_buf();
    if !root.join("Cargo.toml").is_file() {
        bail!(
            "no Cargo.toml in {}: is xtask inside the HeapLab workspace?",
            root.display()
        );
    }
    Ok(root)
}

fn no_extra_args(command: &str, rest: &[String]) -> Result<()> {
    if let Some(arg) = rest.first() {
        bail!("`cargo xtask {command}` takes no arguments (got `{arg}`)\n\n{USAGE}");
    }
    Ok(())
}

/// Reads `--port N` / `--port=N` from the `serve` arguments; 8080 by default.
fn parse_port(rest: &[String]) -> Result<u16> {
    let mut port = 8080;
    let mut iter = rest.iter();
    while let Some(arg) = iter.next() {
        let value = if arg == "--port" || arg == "-p" {
            iter.next()
                .with_context(|| format!("`{arg}` needs a port number"))?
        } else if let Some(value) = arg.strip_prefix("--port=") {
            value
        } else {
            bail!("unknown argument `{arg}` for `cargo xtask serve`\n\n{USAGE}");
        };
        port = value
            .parse()
            .with_context(|| format!("`{value}` is not a port number (1-65535)"))?;
    }
    Ok(port)
}
