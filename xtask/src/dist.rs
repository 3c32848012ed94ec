//! `cargo xtask build`: the web crate in release, through wasm-bindgen, into `dist/`.

use std::fs;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};

use crate::tools::{self, WASM_TARGET};
use crate::{fingerprint, guide, minify, precompress};

/// The cargo profile of the wasm build: `release`, with every crate optimised for size
/// (the page and its workers download this one module).
pub const WASM_PROFILE: &str = "wasm-release";

/// Builds the site into `<root>/dist` and returns that directory.
///
/// `dist/` holds `index.html`, the three bundles ([`BUNDLES`]) as `heaplab.<hash>.js` +
/// `heaplab_bg.<hash>.wasm`, `heaplab_lab.<hash>.js` + `heaplab_lab_bg.<hash>.wasm` and
/// `heaplab_rules.<hash>.js` + `heaplab_rules_bg.<hash>.wasm` (each
/// the app with its pages and, through `worker_loader.<hash>.js`, the Web Workers those
/// pages start: a page's module is downloaded once), `static/boot.js` (which loads one) and
/// `static/` (a copy of the repository's `static/`); see [`fingerprint`] for the names. The
/// JS and CSS are minified ([`minify`]) and every file a visit loads has a `.gz` sibling
/// ([`precompress`]).
pub fn build(root: &Path) -> Result<PathBuf> {
    println!("== Building dist/ ==");
    tools::ensure_wasm_target()?;
    tools::ensure_wasm_bindgen(root)?;

    let dist = root.join("dist");
    if dist.exists() {
        fs::remove_dir_all(&dist)
            .with_context(|| format!("could not remove the old {}", dist.display()))?;
    }
    fs::create_dir_all(&dist).with_context(|| format!("could not create {}", dist.display()))?;
    for (feature, out_name) in BUNDLES {
        build_bundle(root, &dist, feature, out_name)?;
    }
    copy_file(
        &root.join("static/worker_loader.js"),
        &dist.join("worker_loader.js"),
    )?;

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

    guide::render(root, &dist)?;
    optimize(root, &dist)?;
    minify::apply(root, &dist)?;
    fingerprint::apply(&dist)?;
    precompress::apply(&dist)?;
    print_sizes(&dist)?;
    Ok(dist)
}

/// The wasm bundles of `dist/`: the web crate's cargo feature and the module's name
/// (`web/src/bundle.rs`). Each is built alone, so a bundle holds only its own pages and jobs.
pub const BUNDLES: [(&str, &str); 3] = [
    ("core", "heaplab"),
    ("lab", "heaplab_lab"),
    ("rules", "heaplab_rules"),
];

/// Builds the web crate with only `feature` and writes its module and glue to `dist` as
/// `<out_name>_bg.wasm` and `<out_name>.js`.
fn build_bundle(root: &Path, dist: &Path, feature: &str, out_name: &str) -> Result<()> {
    tools::run(tools::cargo().current_dir(root).args([
        "build",
        "--profile",
        WASM_PROFILE,
        "--target",
        WASM_TARGET,
        "-p",
        "heaplab-web",
        "--lib",
        "--no-default-features",
        "--features",
        feature,
    ]))?;
    let built = target_dir(root).join(WASM_TARGET).join(WASM_PROFILE);
    wasm_bindgen(&built.join("heaplab_web.wasm"), dist, "web", out_name)
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

/// Runs `wasm-opt -Oz --low-memory-unused` on every `.wasm` in `dist`, installing binaryen
/// first when it is missing. Before that round, [`PRE_PASSES`] run once: about 3.4 KB gzipped
/// less. (`--converge`, repeating the rounds until the size stops falling, would save about
/// 4.5 KB gzipped more for about a minute of every build; the bundles are far below the
/// first-visit budget, so the builds and the test suite keep the minute.)
/// `--low-memory-unused` (about 4 KB gzipped less) lets it fold `p + C` into a load's or
/// store's offset, which differs only when `p + C` wraps past 2^32 into the first KB of
/// memory: Rust's pointers never do (the first KB is the far end of the 1 MB stack).
/// `--zero-filled-memory` (the module defines its memory, which starts zeroed; it imports
/// none) lets it drop zero bytes from data segments, and `--strip-producers` /
/// `--strip-target-features` drop two metadata sections: about 200 bytes gzipped together.
/// Passes run once before the `-Oz` rounds: merge functions that differ only in constants,
/// one `-Oz` round, then whole-program flow analysis (`--gufa`) and a flatten and re-loop of
/// every function, which the later rounds shrink further. Measured on the module of the time:
/// 615,058 bytes gzipped with `-Oz --converge` alone, 611,620 with these first (gzip -9).
const PRE_PASSES: [&str; 5] = [
    "--merge-similar-functions",
    "-Oz",
    "--gufa",
    "--flatten",
    "--rereloop",
];

/// Optimises the bundles side by side (one `wasm-opt` each: it is mostly single-threaded).
fn optimize(root: &Path, dist: &Path) -> Result<()> {
    let wasm_opt = tools::ensure_wasm_opt(root)?;
    let mut modules = Vec::new();
    for entry in fs::read_dir(dist).with_context(|| format!("could not list {}", dist.display()))? {
        let path = entry?.path();
        if path.extension().is_some_and(|ext| ext == "wasm") {
            modules.push(path);
        }
    }
    std::thread::scope(|scope| {
        let jobs: Vec<_> = modules
            .iter()
            .map(|path| scope.spawn(|| optimize_module(&wasm_opt, path)))
            .collect();
        jobs.into_iter().try_for_each(|job| {
            job.join()
                .map_err(|_| anyhow::anyhow!("a wasm-opt thread panicked"))?
        })
    })
}

/// Runs `wasm_opt` on the module at `path` and replaces it with the result.
fn optimize_module(wasm_opt: &Path, path: &Path) -> Result<()> {
    let optimized = path.with_extension("opt.wasm");
    tools::run(
        tools::command(wasm_opt)
            .args(PRE_PASSES)
            .args(["-Oz", "--low-memory-unused"])
            .args([
                "--zero-filled-memory",
                "--strip-producers",
                "--strip-target-features",
            ])
            .arg(path)
            .arg("-o")
            .arg(&optimized),
    )?;
    fs::rename(&optimized, path).with_context(|| format!("could not replace {}", path.display()))
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

/// Lists every file of `dist` with its size, gzip -9 (what a host that compresses on the
/// fly sends) and its `.gz` sibling (what a host sends that serves those as they are).
fn print_sizes(dist: &Path) -> Result<()> {
    let mut files = Vec::new();
    collect_files(dist, &mut files)?;
    files.retain(|file| file.extension().is_none_or(|ext| ext != "gz"));
    files.sort();
    println!("dist/ ({}):     size   gzip -9       .gz", dist.display());
    let mut totals = [0; 3];
    for file in &files {
        let bytes = fs::read(file)?;
        let size = bytes.len() as u64;
        let gz = crate::serve::gzip(&bytes).map_or(size, |g| g.len() as u64);
        let sibling = fs::metadata(precompress::sibling(file)).map_or(size, |m| m.len());
        let row = [size, gz, sibling];
        for (total, value) in totals.iter_mut().zip(row) {
            *total += value;
        }
        let name = file.strip_prefix(dist).unwrap_or(file).display();
        println!("{}  {name}", size_columns(row));
    }
    println!("{}  total", size_columns(totals));
    Ok(())
}

fn size_columns(sizes: [u64; 3]) -> String {
    sizes
        .map(|size| format!("  {:>10}", human_size(size)))
        .concat()
}

/// Every file under `dir`, at any depth, appended to `files`.
pub(crate) fn collect_files(dir: &Path, files: &mut Vec<PathBuf>) -> Result<()> {
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
