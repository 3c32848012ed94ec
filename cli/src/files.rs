//! Output files named on the command line: checked before a long computation starts, so a
//! typo in a path costs seconds, not the hours of a run.

use heaplab_engine::EngineError;
use std::fs::{File, OpenOptions};
use std::path::Path;

/// Checks that `path` (given to `flag`) can be written: its folder exists and accepts a new
/// file, or the file exists and opens for writing. Nothing is left behind and an existing
/// file is not changed.
pub fn ensure_writable(path: &str, flag: &str) -> Result<(), EngineError> {
    let fail = |why: String| EngineError::OutOfRange(format!("{flag} {path}: {why}"));
    if path.is_empty() {
        return Err(fail("empty path".into()));
    }
    let target = Path::new(path);
    if target.is_dir() {
        return Err(fail("is a folder, not a file".into()));
    }
    if target.exists() {
        return OpenOptions::new()
            .write(true)
            .open(target)
            .map(drop)
            .map_err(|e| fail(format!("cannot be written ({e})")));
    }
    let folder = match target.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    if !folder.is_dir() {
        return Err(fail(format!(
            "the folder {} does not exist",
            folder.display()
        )));
    }
    File::create(target).map_err(|e| fail(format!("cannot be created ({e})")))?;
    std::fs::remove_file(target).map_err(|e| fail(format!("cannot be removed ({e})")))
}
