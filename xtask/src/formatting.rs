//! A check that every Rust file is formatted, including the modules that a registration list
//! declares inside a macro (the page list, the job list, the sweep families): `cargo fmt`
//! follows only the `mod` lines it can read, so it neither formats nor checks those files.
//! The test runs `rustfmt --check` on every file by name; `cargo xtask fmt` formats them.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The workspace's crates whose sources are checked.
const CRATES: &[&str] = &[
    "engine", "kernels", "figures", "cli", "web", "python", "xtask", "check", "tests",
];

/// Every Rust file of the workspace's crates.
fn workspace_files(root: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for dir in CRATES.iter().map(|c| root.join(c)).filter(|d| d.is_dir()) {
        rust_files(&dir, &mut files);
    }
    files
}

/// The `.rs` files under `dir` at any depth, skipping build outputs.
pub fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for path in entries.flatten().map(|e| e.path()) {
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if path.is_dir() && !matches!(name, "target" | "node_modules" | "dist") {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Runs `rustfmt` (with `--check` when `check`) on every file; the failing files' names.
pub fn rustfmt_all(root: &Path, check: bool) -> Result<(), String> {
    let files = workspace_files(root);
    let mut command = Command::new("rustfmt");
    command.args(["--edition", "2021"]);
    if check {
        command.arg("--check").arg("-l");
    }
    let output = command
        .args(&files)
        .output()
        .map_err(|e| format!("rustfmt: {e}"))?;
    if output.status.success() {
        Ok(())
    } else {
        Err(String::from_utf8_lossy(&output.stdout).into_owned()
            + &String::from_utf8_lossy(&output.stderr))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rust_file_is_formatted() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
        if Command::new("rustfmt").arg("--version").output().is_err() {
            eprintln!("rustfmt is not installed: formatting not checked");
            return;
        }
        if let Err(files) = rustfmt_all(root, true) {
            panic!("not formatted (run `cargo xtask fmt`):\n{files}");
        }
    }
}
