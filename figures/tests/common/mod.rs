//! What the figure layer's test files share: whether `pdflatex` can run, and compiling a TikZ
//! document with it.

use std::path::Path;

/// Whether `pdflatex` can run here (missing: skip, unless `HEAPLAB_REQUIRE_LATEX` is set).
pub fn pdflatex_available() -> bool {
    let have = std::process::Command::new("pdflatex")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !have {
        assert!(
            std::env::var_os("HEAPLAB_REQUIRE_LATEX").is_none(),
            "HEAPLAB_REQUIRE_LATEX is set but pdflatex is missing"
        );
        eprintln!("pdflatex not installed: TikZ compile check skipped");
    }
    have
}

/// Writes `tex` to `dir/name` and compiles it with pdflatex, which must succeed and write the
/// PDF; `what` names the figure in the failure message.
pub fn assert_compiles(dir: &Path, name: &str, tex: &str, what: &str) {
    let path = dir.join(name);
    std::fs::write(&path, tex).unwrap();
    let run = std::process::Command::new("pdflatex")
        .args(["-interaction=nonstopmode", "-halt-on-error"])
        .arg(&path)
        .current_dir(dir)
        .output()
        .unwrap();
    assert!(
        run.status.success(),
        "{what} does not compile:\n{}",
        String::from_utf8_lossy(&run.stdout)
    );
    assert!(path.with_extension("pdf").exists());
}
