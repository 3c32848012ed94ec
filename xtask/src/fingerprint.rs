//! Cache-busting names for `dist/`: every file a visit loads, except `index.html` and the
//! favicon, gets its content hash in its name (`heaplab.3f9a1c0b2e.js`), and the files that
//! name it are rewritten, leaves first. A static host may then cache those files forever, and
//! a new release is never mixed with an old one (the page and its workers share one module,
//! so a stale worker bootstrap would load the wrong glue). It runs after minification, so the
//! hashes are those of the bytes served.

use std::fs;
use std::path::Path;

use anyhow::{bail, Context, Result};
use sha2::{Digest, Sha256};

/// The meta tag of `index.html` that tells the app where the worker bootstrap is
/// (read by `web/src/worker_client.rs`).
const WORKER_META: &str = r#"<meta name="heaplab-worker" content="./worker_loader.js">"#;

/// Renames the files of `dist` to hashed names and rewrites the references to them.
pub fn apply(dist: &Path) -> Result<()> {
    let mut boot_rewrites = Vec::new();
    for (_, name) in crate::dist::BUNDLES {
        let wasm_name = format!("{name}_bg.wasm");
        let wasm = rename_hashed(dist, &wasm_name, &[])?;
        let glue = rename_hashed(dist, &format!("{name}.js"), &[(&wasm_name, &wasm)])?;
        // The scripts are minified already: the import paths are matched without quotes.
        boot_rewrites.push((format!("../{name}.js"), format!("../{glue}")));
    }
    let loader = rename_hashed(dist, "worker_loader.js", &[])?;
    let boot_rewrites: Vec<(&str, &str)> = boot_rewrites
        .iter()
        .map(|(from, to)| (from.as_str(), to.as_str()))
        .collect();
    let boot = rename_hashed(dist, "static/boot.js", &boot_rewrites)?;
    let style = rename_hashed(dist, "static/style.css", &[])?;
    let worker_meta = WORKER_META.replace("worker_loader.js", &loader);
    rewrite(
        &dist.join("index.html"),
        &[
            ("./static/boot.js", &format!("./{boot}")),
            ("./static/style.css", &format!("./{style}")),
            (WORKER_META, &worker_meta),
        ],
    )?;
    // The static/ copy of the bootstrap is not used: dist/ serves it from its root.
    let stray = dist.join("static/worker_loader.js");
    if stray.is_file() {
        fs::remove_file(&stray).with_context(|| format!("could not remove {}", stray.display()))?;
    }
    Ok(())
}

/// Applies `rewrites` to `dist/relative`, then moves it to its hashed name; returns that
/// name relative to `dist`.
fn rename_hashed(dist: &Path, relative: &str, rewrites: &[(&str, &str)]) -> Result<String> {
    let path = dist.join(relative);
    rewrite(&path, rewrites)?;
    let bytes = fs::read(&path).with_context(|| format!("could not read {}", path.display()))?;
    let hashed = hashed_name(relative, &bytes);
    fs::rename(&path, dist.join(&hashed))
        .with_context(|| format!("could not rename {} to {hashed}", path.display()))?;
    Ok(hashed)
}

/// `dir/name.ext` → `dir/name.<10 hex digits of SHA-256>.ext`.
fn hashed_name(relative: &str, bytes: &[u8]) -> String {
    let digest = Sha256::digest(bytes);
    let hex: String = digest.iter().take(5).map(|b| format!("{b:02x}")).collect();
    match relative.rsplit_once('.') {
        Some((stem, ext)) => format!("{stem}.{hex}.{ext}"),
        None => format!("{relative}.{hex}"),
    }
}

/// Whether a file name carries a content hash (`name.<10 hex digits>.ext`).
pub fn is_hashed_name(name: &str) -> bool {
    let mut parts = name.rsplit('.');
    let (_ext, hash) = (parts.next(), parts.next().unwrap_or(""));
    parts.next().is_some() && hash.len() == 10 && hash.bytes().all(|b| b.is_ascii_hexdigit())
}

/// Replaces every `from` by its `to` in the text file at `path`; each `from` must occur
/// (a renamed reference that is not found would leave a broken site).
fn rewrite(path: &Path, rewrites: &[(&str, &str)]) -> Result<()> {
    if rewrites.is_empty() {
        return Ok(());
    }
    let mut text =
        fs::read_to_string(path).with_context(|| format!("could not read {}", path.display()))?;
    for (from, to) in rewrites {
        if !text.contains(from) {
            bail!(
                "{} does not mention {from}: cannot fingerprint it",
                path.display()
            );
        }
        text = text.replace(from, to);
    }
    fs::write(path, text).with_context(|| format!("could not write {}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashed_names_keep_the_directory_and_extension() {
        let name = hashed_name("static/boot.js", b"x");
        assert!(
            name.starts_with("static/boot.") && name.ends_with(".js"),
            "{name}"
        );
        assert_eq!(name.len(), "static/boot..js".len() + 10);
        assert_ne!(name, hashed_name("static/boot.js", b"y"));
        assert!(is_hashed_name(name.rsplit('/').next().unwrap()));
        assert!(!is_hashed_name("boot.js") && !is_hashed_name("favicon.svg"));
        assert!(!is_hashed_name("a.0123456789.js.map") && !is_hashed_name("0123456789.js"));
    }

    #[test]
    fn a_missing_reference_is_an_error() {
        let dir = std::env::temp_dir().join(format!("heaplab-fp-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let file = dir.join("a.js");
        fs::write(&file, "import x from './b.js';").unwrap();
        assert!(rewrite(&file, &[("'./c.js'", "'./d.js'")]).is_err());
        rewrite(&file, &[("'./b.js'", "'./b.1.js'")]).unwrap();
        assert_eq!(
            fs::read_to_string(&file).unwrap(),
            "import x from './b.1.js';"
        );
        fs::remove_dir_all(&dir).unwrap();
    }
}
