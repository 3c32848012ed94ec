//! Atlas shard files: what `heaplab atlas octal --shard I/N` writes (the entries of its range
//! of codes, checksummed like a sweep's shards) and how `heaplab merge` joins all N of them
//! into the atlas a one-process run prints, byte for byte.

use crate::atlas::{emit, render};
use crate::output::Format;
use heaplab_engine::atlas::{self, AtlasCaps, AtlasEntry};
use heaplab_engine::sweep::{seal, shard_range};
use heaplab_engine::text::quote;
use heaplab_engine::EngineError;
use serde_json::json;

/// The `format` of an atlas shard file.
pub const TAG: &str = "heaplab-atlas-shard-2";

/// One shard file's contents.
#[derive(serde::Deserialize)]
struct AtlasShard {
    digits: u32,
    caps: AtlasCaps,
    shard: [u64; 2],
    entries: Vec<AtlasEntry>,
}

/// The shard file of `entries` (codes of shard `shard` of the `digits`-digit atlas).
pub fn shard_text(digits: u32, caps: AtlasCaps, shard: [u64; 2], entries: &[AtlasEntry]) -> String {
    seal::seal(json!({
        "format": TAG,
        "digits": digits,
        "caps": caps,
        "shard": shard,
        "entries": entries,
    }))
    .to_string()
}

/// True when the file at `path` is an atlas shard (so `heaplab merge` merges an atlas).
pub fn is_atlas_shard(path: &str) -> bool {
    std::fs::read_to_string(path)
        .ok()
        .and_then(|text| serde_json::from_str::<serde_json::Value>(&text).ok())
        .is_some_and(|v| v["format"] == TAG)
}

/// `heaplab merge` of atlas shards: all `N` shards of one atlas, each once and whole (every
/// code of its range, in order), rendered as the one-process atlas.
pub fn merge(parts: &[String], out: Option<&str>, format: Format) -> Result<String, EngineError> {
    let mut shards = Vec::with_capacity(parts.len());
    for path in parts {
        let value = seal::unseal(
            &std::fs::read_to_string(path)
                .map_err(|e| EngineError::Parse(format!("could not read {}: {e}", quote(path))))?,
            path,
        )?;
        if value["format"] != TAG {
            return Err(EngineError::Parse(format!(
                "{} is not an atlas shard",
                quote(path)
            )));
        }
        let shard: AtlasShard = serde_json::from_value(value)
            .map_err(|e| EngineError::Parse(format!("{} is damaged: {e}", quote(path))))?;
        shards.push(shard);
    }
    let first = &shards[0];
    let (digits, caps, count) = (first.digits, first.caps, first.shard[1]);
    let len = atlas::atlas_len(digits)?;
    if count != shards.len() as u64 {
        return Err(EngineError::Parse(format!(
            "the atlas has {count} shards, {} were given",
            shards.len()
        )));
    }
    shards.sort_by_key(|s| s.shard[0]);
    let mut entries = Vec::new();
    for (i, shard) in (0..).zip(shards) {
        if (shard.digits, shard.caps, shard.shard) != (digits, caps, [i, count]) {
            return Err(EngineError::Parse(format!(
                "shard {i}/{count} of this {digits}-digit atlas to {} heaps is missing, or a shard of another atlas was given",
                caps.max_heaps
            )));
        }
        let range = shard_range(len, i, count)?;
        let expected = range.start.max(atlas::FIRST_INDEX)..range.end;
        let codes: Vec<String> = expected.map(|c| atlas::code_at(digits, c)).collect();
        let found: Vec<&str> = shard.entries.iter().map(|e| e.code.as_str()).collect();
        if found != codes {
            return Err(EngineError::Parse(format!(
                "shard {i}/{count} does not hold exactly its codes {}..",
                codes.first().map_or("", String::as_str)
            )));
        }
        entries.extend(shard.entries);
    }
    emit(out, render(digits, caps, &entries, format)?)
}
