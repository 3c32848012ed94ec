//! Precompressed `dist/`: beside every file a visit loads, `FILE.gz`, the same bytes as a
//! zopfli gzip stream (plain gzip that any browser inflates, about 5 % smaller than gzip -9).
//! Static hosts send these as they are (nginx `gzip_static on;`, Caddy `precompressed
//! gzip`), and so does `cargo xtask serve` ([`crate::serve`]).

use std::ffi::OsString;
use std::fs;
use std::path::{Path, PathBuf};
use std::thread;
use std::time::Instant;

use anyhow::{anyhow, Context, Result};

use crate::dist::collect_files;

/// The extensions of the files that get a `.gz` sibling: what a visit loads.
const EXTENSIONS: [&str; 5] = ["wasm", "js", "css", "svg", "html"];

/// The most deflate blocks zopfli may split a file into. Its default, 15, is too few for the
/// 1.39 MB wasm. Measured on it (gzip -9: 578,677 bytes), at zopfli's default 15 passes a
/// block: 15 splits give 554,560 bytes, 40 give 551,639, 100 give 551,201. At 5 passes the
/// size stops falling from 60 splits on, and 0 (no limit) gives 563,944. One pass instead of 15
/// saves under half the time for 1,085 bytes more.
const BLOCK_SPLITS: u16 = 100;

/// Writes `FILE.gz` beside every file of `dist` with one of [`EXTENSIONS`], one thread per
/// file (the wasm takes most of the time).
pub fn apply(dist: &Path) -> Result<()> {
    let mut files = Vec::new();
    collect_files(dist, &mut files)?;
    files.retain(|file| {
        file.extension()
            .and_then(|ext| ext.to_str())
            .is_some_and(|ext| EXTENSIONS.contains(&ext))
    });
    let started = Instant::now();
    thread::scope(|scope| {
        let jobs: Vec<_> = files
            .iter()
            .map(|file| scope.spawn(move || write_sibling(file)))
            .collect();
        jobs.into_iter().try_for_each(|job| {
            job.join()
                .map_err(|_| anyhow!("a compression thread panicked"))?
        })
    })?;
    println!(
        "zopfli: {} .gz siblings in {:.1} s",
        files.len(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// Compresses `file` into its [`sibling`].
fn write_sibling(file: &Path) -> Result<()> {
    let bytes = fs::read(file).with_context(|| format!("could not read {}", file.display()))?;
    let gz = sibling(file);
    fs::write(&gz, zopfli_gzip(&bytes)?)
        .with_context(|| format!("could not write {}", gz.display()))
}

/// `bytes` as a gzip stream made by zopfli.
pub fn zopfli_gzip(bytes: &[u8]) -> Result<Vec<u8>> {
    let options = zopfli::Options {
        maximum_block_splits: BLOCK_SPLITS,
        ..zopfli::Options::default()
    };
    let mut out = Vec::new();
    zopfli::compress(options, zopfli::Format::Gzip, bytes, &mut out)
        .context("zopfli could not compress")?;
    Ok(out)
}

/// `dir/name.ext.gz` for `dir/name.ext`.
pub fn sibling(file: &Path) -> PathBuf {
    let mut name = OsString::from(file.as_os_str());
    name.push(".gz");
    PathBuf::from(name)
}

/// The `.gz` sibling of `file`, if there is one no older than `file` itself (a stale one,
/// left beside a file that changed, is ignored).
pub fn fresh_sibling(file: &Path) -> Option<PathBuf> {
    let gz = sibling(file);
    let modified = |path: &Path| fs::metadata(path).and_then(|meta| meta.modified()).ok();
    (modified(&gz)? >= modified(file)?).then_some(gz)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use std::io::Read;

    /// `gz` inflated (for the tests here and in `serve`).
    pub(crate) fn inflate(gz: &[u8]) -> Vec<u8> {
        let mut out = Vec::new();
        flate2::read::GzDecoder::new(gz)
            .read_to_end(&mut out)
            .unwrap();
        out
    }

    #[test]
    fn siblings_inflate_to_the_original_and_only_loaded_types_get_one() {
        let dir = std::env::temp_dir().join(format!("xtask-precompress-{}", std::process::id()));
        fs::create_dir_all(dir.join("static")).unwrap();
        let text: Vec<u8> = (0..300)
            .flat_map(|i| format!("function f{i}(x) {{ return x * {}; }}\n", i % 7).into_bytes())
            .collect();
        fs::write(dir.join("app.js"), &text).unwrap();
        fs::write(dir.join("static/style.css"), b"body{margin:0}").unwrap();
        fs::write(dir.join("empty.html"), b"").unwrap();
        fs::write(dir.join("picture.png"), b"\x89PNG").unwrap();
        apply(&dir).unwrap();

        let gz = fs::read(dir.join("app.js.gz")).unwrap();
        assert_eq!(inflate(&gz), text);
        assert!(gz.len() <= crate::serve::gzip(&text).unwrap().len());
        assert_eq!(
            inflate(&fs::read(dir.join("static/style.css.gz")).unwrap()),
            b"body{margin:0}"
        );
        assert_eq!(inflate(&fs::read(dir.join("empty.html.gz")).unwrap()), b"");
        assert!(!dir.join("picture.png.gz").exists());
        assert_eq!(
            fresh_sibling(&dir.join("app.js")),
            Some(dir.join("app.js.gz"))
        );
        assert_eq!(fresh_sibling(&dir.join("picture.png")), None);
        fs::remove_dir_all(&dir).unwrap();
    }
}
