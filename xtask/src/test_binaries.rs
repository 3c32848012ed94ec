//! The workspace's native test binaries, built once by one cargo command ([`build`]) and run
//! by the stages that need them ([`run`]): the native stage runs all but the end-to-end
//! package's, two at a time; the end-to-end stage runs those against the served site.
//!
//! Why one build: cargo unifies features over the packages a command selects, so `cargo test
//! -p heaplab-e2e` or `cargo build -p heaplab` alone would compile the engine and the figure
//! layer again with other features. Every native cargo command of `cargo xtask test` selects
//! [`SELECTION`], so each crate is compiled once.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use anyhow::{Context, Result};

use crate::test::{parse_result_line, Tally};
use crate::tools;

/// The packages of every native build: the workspace but for the web crate (built for wasm32)
/// and the Python package (built by maturin).
pub const SELECTION: [&str; 5] = [
    "--workspace",
    "--exclude",
    "heaplab-web",
    "--exclude",
    "heaplab-python",
];

/// The directory of the package whose tests drive the served site.
const E2E_DIR: &str = "tests/e2e";

/// One test executable: its target's name, its path and its package's directory (where cargo
/// would run it).
#[derive(Debug, Clone)]
pub struct TestBinary {
    /// The test target's name (`cli`, `octal`, the library's name for unit tests).
    pub name: String,
    /// The executable.
    pub path: PathBuf,
    /// The package's directory.
    pub dir: PathBuf,
}

/// Builds every test of [`SELECTION`] (`cargo test --no-run`), printing the compiler's
/// diagnostics, and lists the executables.
pub fn build(root: &Path) -> Result<Vec<TestBinary>> {
    let mut cargo = tools::cargo();
    cargo
        .current_dir(root)
        .args([
            "test",
            "--no-run",
            "--message-format=json-render-diagnostics",
        ])
        .args(SELECTION)
        .stdout(Stdio::piped())
        // Cargo's progress and the compiler's diagnostics, as a plain `cargo test` shows them.
        .stderr(Stdio::inherit());
    println!("$ {}", tools::describe(&cargo));
    let output = cargo.output().context("could not start cargo")?;
    let stdout = String::from_utf8_lossy(&output.stdout);
    if !output.status.success() {
        anyhow::bail!("the test build failed");
    }
    let binaries: Vec<TestBinary> = stdout.lines().filter_map(test_binary).collect();
    println!("{} test binaries built", binaries.len());
    Ok(binaries)
}

/// A test executable from one line of cargo's JSON messages, if the line is one.
fn test_binary(line: &str) -> Option<TestBinary> {
    let message: serde_json::Value = serde_json::from_str(line).ok()?;
    if message["reason"] != "compiler-artifact" || message["profile"]["test"] != true {
        return None;
    }
    let manifest = Path::new(message["manifest_path"].as_str()?);
    Some(TestBinary {
        name: message["target"]["name"].as_str()?.to_string(),
        path: PathBuf::from(message["executable"].as_str()?),
        dir: manifest.parent()?.to_path_buf(),
    })
}

impl TestBinary {
    /// Whether this is a test of the end-to-end package.
    pub fn is_e2e(&self) -> bool {
        self.dir.ends_with(E2E_DIR)
    }
}

/// Runs `binaries`, `jobs` at a time, each in its package's directory with `env` set, and
/// prints each one's output whole once it ends. Returns the tally and whether all succeeded.
pub fn run(binaries: &[&TestBinary], env: &[(&str, String)], jobs: usize) -> (Tally, bool) {
    let next = AtomicUsize::new(0);
    let results = Mutex::new((Tally::default(), true));
    std::thread::scope(|scope| {
        for _ in 0..jobs.max(1) {
            scope.spawn(|| {
                while let Some(binary) = binaries.get(next.fetch_add(1, Ordering::SeqCst)) {
                    let (tally, ok) = run_one(binary, env);
                    let mut results = results.lock().unwrap_or_else(|e| e.into_inner());
                    results.0.add(&tally);
                    results.1 &= ok;
                }
            });
        }
    });
    results.into_inner().unwrap_or_else(|e| e.into_inner())
}

/// Runs one test binary, capturing its output, then prints it and counts its results.
fn run_one(binary: &TestBinary, env: &[(&str, String)]) -> (Tally, bool) {
    let mut cmd = Command::new(&binary.path);
    cmd.current_dir(&binary.dir)
        .env("CARGO_MANIFEST_DIR", &binary.dir);
    for (key, value) in env {
        cmd.env(key, value);
    }
    let output = cmd.output();
    // One print per binary, so the outputs of binaries run side by side never interleave.
    let mut text = format!("     Running {} ({})\n", binary.name, binary.path.display());
    let Ok(output) = output else {
        println!("{text}could not start the test binary");
        return (
            Tally {
                passed: 0,
                failed: 1,
            },
            false,
        );
    };
    let stdout = String::from_utf8_lossy(&output.stdout);
    text.push_str(&stdout);
    text.push_str(&String::from_utf8_lossy(&output.stderr));
    println!("{text}");
    let mut tally = Tally::default();
    for line in stdout.lines() {
        if let Some(counts) = parse_result_line(line) {
            tally.add(&counts);
        }
    }
    (tally, output.status.success())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_test_executables_from_cargo_messages() {
        let line = r#"{"reason":"compiler-artifact","package_id":"path+file:///w/tests/e2e#heaplab-e2e@0.1.0","manifest_path":"/w/tests/e2e/Cargo.toml","target":{"kind":["test"],"name":"rules"},"profile":{"test":true},"executable":"/w/target/debug/deps/rules-1"}"#;
        let binary = test_binary(line).expect("a test binary");
        assert!(binary.is_e2e());
        assert_eq!(binary.name, "rules");
        assert_eq!(binary.path, PathBuf::from("/w/target/debug/deps/rules-1"));
        assert_eq!(binary.dir, PathBuf::from("/w/tests/e2e"));
        // A library built for the tests (not a test) and other messages are not binaries.
        let cli = line.replace("tests/e2e/Cargo.toml", "cli/Cargo.toml");
        assert!(!test_binary(&cli).expect("a test binary").is_e2e());
        let lib = line.replace(r#""test":true"#, r#""test":false"#);
        assert!(test_binary(&lib).is_none());
        assert!(test_binary(r#"{"reason":"build-finished","success":true}"#).is_none());
    }
}
