//! Helpers shared by the CLI's integration tests: run the built `heaplab` binary.
// Each test binary compiles this module and uses only some of the helpers.
#![allow(dead_code)]

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

/// Runs `heaplab` with `args`, which must fail with a one-line `heaplab: …` message on
/// standard error and no panic; returns that message.
pub fn one_line_error(args: &[&str]) -> String {
    let out = heaplab(args);
    assert!(!out.status.success(), "{args:?} should fail");
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    assert!(err.starts_with("heaplab: "), "{args:?}: {err}");
    assert!(!err.contains("panicked"), "{args:?}: {err}");
    err
}

/// Runs `heaplab` with `args`, which must fail with one `heaplab: …` line containing `needle`.
pub fn error_contains(args: &[&str], needle: &str) {
    let err = one_line_error(args);
    assert!(err.contains(needle), "{args:?}: {err}");
}

/// Whether `pdflatex` can run here. Where it is missing this says so and returns `false`, unless
/// `HEAPLAB_REQUIRE_LATEX` is set (CI sets it, and installs TeX Live), where it panics.
pub fn pdflatex_available() -> bool {
    let have = std::process::Command::new("pdflatex")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !have {
        assert!(
            std::env::var_os("HEAPLAB_REQUIRE_LATEX").is_none(),
            "HEAPLAB_REQUIRE_LATEX is set but pdflatex is not installed"
        );
        eprintln!("pdflatex not installed: TikZ compile check skipped");
    }
    have
}

/// Compiles the `.tex` file `tex` with `pdflatex` in its own folder and asserts a PDF results.
pub fn assert_compiles(tex: &std::path::Path) {
    let dir = tex.parent().unwrap();
    let latex = std::process::Command::new("pdflatex")
        .args(["-interaction=nonstopmode", "-halt-on-error"])
        .arg(tex)
        .current_dir(dir)
        .output()
        .unwrap();
    assert!(
        latex.status.success(),
        "{} does not compile:\n{}",
        tex.display(),
        String::from_utf8_lossy(&latex.stdout)
    );
    assert!(tex.with_extension("pdf").exists());
}
