//! `cargo xtask build`: the web crate in release, through wasm-bindgen, into `dist/`.

use std::fs;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};

use crate::tools::{self, WASM_TARGET};

/// Builds the site into `<root>/dist` and returns that directory.
///
/// `dist/` holds `index.html`, `heaplab.js` + `heaplab_bg.wasm` (the app),
/// `static/` (a copy of the repository's `static/`), and, when the web crate has a
/// `src/bin/worker.rs`, `worker.js` + `worker_bg.wasm` + `worker_loader.js`.
pub fn build(root: &Path) -> Result<PathBuf> {
    println!("== Building dist/ ==");
    tools::ensure_wasm_target()?;
    tools::ensure_wasm_bindgen(root)?;

    let has_worker = root.join("web/src/bin/worker.rs").is_file();
    let mut cargo = tools::cargo();
    cargo.current_dir(root).args([
        "build",
        "--release",
        "--target",
        WASM_TARGET,
        "-p",
        "heaplab-web",
        "--lib",
    ]);
    if has_worker {
        cargo.args(["--bin", "worker"]);
    }
    tools::run(&mut cargo)?;

    let release = target_dir(root).join(WASM_TARGET).join("release");
    let dist = root.join("dist");
    if dist.exists() {
        fs::remove_dir_all(&dist)
            .with_context(|| format!("could not remove the old {}", dist.display()))?;
    }
    fs::create_dir_all(&dist).with_context(|| format!("could not create {}", dist.display()))?;

    wasm_bindgen(&release.join("heaplab_web.wasm"), &dist, "web", "heaplab")?;
    if has_worker {
        wasm_bindgen(&release.join("worker.wasm"), &dist, "no-modules", "worker")?;
        let loader = root.join("static/worker_loader.js");
        if loader.is_file() {
            copy_file(&loader, &dist.join("worker_loader.js"))?;
        }
    }

    let index = root.join("index.html");
    if !index.is_file() {
        bail!(
            "{} is missing: the web app needs its page shell",
            index.display()
        );
    }
    copy_file(&index, &dist.join("index.html"))?;
    let static_dir = root.join("static");
    if static_dir.is_dir() {
        copy_dir(&static_dir, &dist.join("static"))?;
    }

    optimize(root, &dist)?;
    print_sizes(&dist)?;
    Ok(dist)
}

/// The cargo target directory (`$CARGO_TARGET_DIR`, or `<root>/target`).
pub(crate) fn target_dir(root: &Path) -> PathBuf {
    match std::env::var_os("CARGO_TARGET_DIR") {
        Some(dir) => root.join(dir),
        None => root.join("target"),
    }
}

fn wasm_bindgen(wasm: &Path, out_dir: &Path, target: &str, out_name: &str) -> Result<()> {
    if !wasm.is_file() {
        bail!("{} was not built", wasm.display());
    }
    tools::run(
        tools::command("wasm-bindgen")
            .args(["--target", target, "--no-typescript", "--out-dir"])
            .arg(out_dir)
            .args(["--out-name", out_name])
            .arg(wasm),
    )
}

/// Runs `wasm-opt -Oz` on every `.wasm` in `dist`, installing binaryen first when it is missing.
fn optimize(root: &Path, dist: &Path) -> Result<()> {
    let wasm_opt = tools::ensure_wasm_opt(root)?;
    for entry in fs::read_dir(dist).with_context(|| format!("could not list {}", dist.display()))? {
        let path = entry?.path();
        if path.extension().is_none_or(|ext| ext != "wasm") {
            continue;
        }
        let optimized = path.with_extension("opt.wasm");
        tools::run(
            tools::command(&wasm_opt)
                .arg("-Oz")
                .arg(&path)
                .arg("-o")
                .arg(&optimized),
        )?;
        fs::rename(&optimized, &path)
            .with_context(|| format!("could not replace {}", path.display()))?;
    }
    Ok(())
}

fn copy_file(from: &Path, to: &Path) -> Result<()> {
    fs::copy(from, to)
        .with_context(|| format!("could not copy {} to {}", from.display(), to.display()))?;
    Ok(())
}

fn copy_dir(from: &Path, to: &Path) -> Result<()> {
    fs::create_dir_all(to).with_context(|| format!("could not create {}", to.display()))?;
    for entry in fs::read_dir(from).with_context(|| format!("could not list {}", from.display()))? {
        let entry = entry?;
        let target = to.join(entry.file_name());
        if entry.file_type()?.is_dir() {
            copy_dir(&entry.path(), &target)?;
        } else {
            copy_file(&entry.path(), &target)?;
        }
    }
    Ok(())
}

/// Lists every file of `dist` with its size.
fn print_sizes(dist: &Path) -> Result<()> {
    let mut files = Vec::new();
    collect_files(dist, &mut files)?;
    files.sort();
    println!("dist/ ({}):", dist.display());
    let mut total = 0;
    for file in &files {
        let size = fs::metadata(file)?.len();
        total += size;
        let name = file.strip_prefix(dist).unwrap_or(file).display();
        println!("  {:>10}  {name}", human_size(size));
    }
    println!("  {:>10}  total", human_size(total));
    Ok(())
}

fn collect_files(dir: &Path, files: &mut Vec<PathBuf>) -> Result<()> {
    for entry in fs::read_dir(dir).with_context(|| format!("could not list {}", dir.display()))? {
        let entry = entry?;
        if entry.file_type()?.is_dir() {
            collect_files(&entry.path(), files)?;
        } else {
            files.push(entry.path());
        }
    }
    Ok(())
}

fn human_size(bytes: u64) -> String {
    if bytes < 1024 {
        format!("{bytes} B")
    } else {
        format!("{:.1} KB", bytes as f64 / 1024.0)
    }
}
