//! Minified JavaScript and CSS for `dist/`: the wasm-bindgen glue, the worker bootstrap,
//! `static/*.js` and the style sheet go through esbuild (npm's `esbuild`, installed into
//! `target/tools/` like binaryen) before their names are hashed, so each hashed name
//! matches the bytes a visitor downloads.

use std::path::{Path, PathBuf};

use anyhow::Result;

use crate::dist::collect_files;
use crate::tools;

/// The oldest browsers HeapLab runs in at all: the page's Content-Security-Policy needs
/// `'wasm-unsafe-eval'` (Chrome and Edge 97, Firefox 102, Safari 16) and its workers are
/// module workers (Firefox 114), and the module uses WebAssembly SIMD (Safari 16.4; see
/// `.cargo/config.toml`). esbuild writes no syntax these lack, and adds the CSS prefixes they
/// need.
pub const BROWSER_TARGETS: &str = "chrome97,edge97,firefox114,safari16.4";

/// Minifies every `.js` and `.css` file of `dist` in place. No bundling: each file keeps its
/// imports and exports by name (the glue's exports are imported by name from `boot.js`
/// and `worker_loader.js`, and its wasm imports are looked up by property name).
pub fn apply(root: &Path, dist: &Path) -> Result<()> {
    let esbuild = tools::ensure_esbuild(root)?;
    for file in minifiable(dist)? {
        tools::run(
            tools::command(&esbuild)
                .arg(&file)
                .args([
                    "--minify",
                    "--charset=utf8",
                    "--log-level=warning",
                    "--allow-overwrite",
                ])
                .arg(format!("--target={BROWSER_TARGETS}"))
                .arg(format!("--outfile={}", file.display())),
        )?;
    }
    Ok(())
}

/// The `.js` and `.css` files under `dir`, sorted.
fn minifiable(dir: &Path) -> Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    collect_files(dir, &mut files)?;
    files.retain(|file| {
        file.extension()
            .is_some_and(|ext| ext == "js" || ext == "css")
    });
    files.sort();
    Ok(files)
}
