//! The files of a sweep: the final result (json, csv or parquet), the shard file that `heaplab merge`
//! reads, the `FILE.partial` log a run resumes from, and `heaplab merge` itself.
//!
//! The final result holds only what defines the sweep (its spec) and its result: no shard,
//! no thread count, no time, so the merge of N shard files is byte-identical to a one-process
//! run. A shard file holds the full mergeable [`Summary`] (with the sequence hashes) and its
//! `I/N`, so merge can check it has shards 0..N-1 of one sweep.

use crate::{sweep_parquet, sweep_table};
use clap::{Args, ValueEnum};
use heaplab_engine::sweep::{seal, shard_range, Summary, Sweep, SweepSpec};
use heaplab_engine::text::quote;
use heaplab_engine::EngineError;
use serde::{Deserialize, Serialize};
use std::io::Write;
use std::ops::Range;

/// The format tag every sweep file starts with, so merge refuses other JSON and files of an
/// older HeapLab (version 2 hashes periodic parts as `u64` words; version 3 adds a checksum
/// to shard and resume files, see [`heaplab_engine::sweep::seal`]).
pub const TAG: &str = "heaplab-sweep-3";

/// How a sweep's result is written.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SweepFormat {
    /// One JSON document: the spec, the aggregates and the per-check results.
    Json,
    /// The rows (`--rows`), else the histogram (`--group-by`), else the records (`--top`).
    Csv,
    /// Apache Parquet: the CSV's table, typed, with the JSON result in its metadata (`--out`).
    Parquet,
}

/// A shard's file: one part of a sweep, mergeable.
#[derive(Serialize, Deserialize)]
pub struct ShardFile {
    /// [`TAG`].
    pub format: String,
    /// The sweep this is a part of.
    pub spec: SweepSpec,
    /// `[I, N]`: shard I of N.
    pub shard: [u64; 2],
    /// The shard's full summary.
    pub summary: Summary,
}

impl ShardFile {
    /// The file's text: pretty JSON with its checksum.
    pub fn to_text(&self) -> String {
        let value = serde_json::to_value(self).expect("a shard serialises");
        serde_json::to_string_pretty(&seal::seal(value)).expect("a shard serialises")
    }

    /// Reads the shard file at `path`: its checksum must match and its tag be [`TAG`].
    fn read(path: &str) -> Result<Self, EngineError> {
        let text = std::fs::read_to_string(path).map_err(|e| io_error(path, e))?;
        let value = seal::unseal(&text, path).map_err(|e| {
            match serde_json::from_str::<serde_json::Value>(&text) {
                // A final result (never checksummed) given in place of a shard.
                Ok(v) if v.get("result").is_some() => EngineError::Parse(format!(
                    "{} is not a heaplab sweep shard file but a sweep's result; merge reads the files of `heaplab sweep --shard I/N`",
                    quote(path)
                )),
                _ => e,
            }
        })?;
        tagged(value, path, "sweep shard file")
    }
}

/// `value` as a `T` when its `format` is [`TAG`], else an error naming the file's format.
fn tagged<T: serde::de::DeserializeOwned>(
    value: serde_json::Value,
    path: &str,
    what: &str,
) -> Result<T, EngineError> {
    let format = value["format"].as_str().unwrap_or("none").to_string();
    if format != TAG {
        return Err(EngineError::Parse(format!(
            "{} is format `{}`, this HeapLab reads `{TAG}`: write it again with this version",
            quote(path),
            quote(&format)
        )));
    }
    serde_json::from_value(value)
        .map_err(|e| EngineError::Parse(format!("{} is not a heaplab {what}: {e}", quote(path))))
}

fn io_error(path: &str, e: impl std::fmt::Display) -> EngineError {
    EngineError::OutOfRange(format!("cannot use {}: {e}", quote(path)))
}

/// A rendered result: text (JSON, CSV) or bytes (Parquet, only to a file).
pub enum Rendered {
    /// Printed, or written with a final newline.
    Text(String),
    /// Written as is; needs `--out`.
    Bytes(Vec<u8>),
}

/// The final result of a sweep in `format`.
pub fn render(
    sweep: &Sweep,
    summary: &Summary,
    format: SweepFormat,
) -> Result<Rendered, EngineError> {
    let json = || {
        serde_json::to_string_pretty(&serde_json::json!({
            "format": TAG,
            "spec": sweep.spec(),
            "metrics": sweep.metric_names(),
            "result": summary.report(),
        }))
        .expect("a summary serialises")
    };
    let table = || sweep_table::table(sweep, summary);
    Ok(match format {
        SweepFormat::Json => Rendered::Text(json()),
        SweepFormat::Csv => Rendered::Text(sweep_table::csv(&table())),
        SweepFormat::Parquet => Rendered::Bytes(sweep_parquet::write(&table(), json())?),
    })
}

/// Refuses, before any work, a binary format without a file to write it to and an `--out`
/// that cannot take a file (see [`check_out`]).
pub fn check_target(format: SweepFormat, out: Option<&str>) -> Result<(), EngineError> {
    match (format, out) {
        (SweepFormat::Parquet, None) => Err(binary_needs_out()),
        (_, Some(path)) => check_out(path),
        _ => Ok(()),
    }
}

fn binary_needs_out() -> EngineError {
    EngineError::Parse("--format parquet writes a binary file: give --out FILE".into())
}

/// Refuses an output path that is a directory or lies in a folder that does not exist.
fn check_out(path: &str) -> Result<(), EngineError> {
    let path_ref = std::path::Path::new(path);
    if path_ref.is_dir() {
        return Err(EngineError::Parse(format!(
            "--out {} is a directory: give a file name inside it",
            quote(path)
        )));
    }
    let folder = path_ref
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(std::path::Path::new("."));
    if !path_ref.exists() && !folder.is_dir() {
        return Err(EngineError::Parse(format!(
            "--out {}: the folder {} does not exist",
            quote(path),
            quote(&folder.display().to_string())
        )));
    }
    Ok(())
}

/// Whether `path` exists and is not a regular file: a symlink (to anything), a device such
/// as `/dev/stdout`, or a FIFO. Such a target is written directly (no temporary file and
/// rename, which would replace the link or the device node, and no resume log beside it).
pub fn is_special(path: &str) -> bool {
    std::fs::symlink_metadata(path).is_ok_and(|m| !m.is_file())
}

/// Writes `rendered` to `path` (text with a final newline), or returns the text for stdout
/// when there is no path. A regular file is written through a temporary file and a rename,
/// so it never holds half a result, and the temporary file is removed if that fails; a
/// special target ([`is_special`]) is written directly and nothing more is printed.
pub fn emit(path: Option<&str>, rendered: Rendered) -> Result<String, EngineError> {
    let bytes = match rendered {
        Rendered::Text(text) if path.is_none() => return Ok(text),
        Rendered::Text(text) => format!("{text}\n").into_bytes(),
        Rendered::Bytes(bytes) => bytes,
    };
    let path = path.ok_or_else(binary_needs_out)?;
    if is_special(path) {
        std::fs::OpenOptions::new()
            .write(true)
            .truncate(true)
            .open(path)
            .and_then(|mut f| f.write_all(&bytes).and_then(|()| f.flush()))
            .map_err(|e| io_error(path, e))?;
        return Ok(String::new());
    }
    let tmp = format!("{path}.tmp");
    let written = std::fs::write(&tmp, bytes)
        .map_err(|e| io_error(&tmp, e))
        .and_then(|()| std::fs::rename(&tmp, path).map_err(|e| io_error(path, e)));
    if written.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    written.map(|()| format!("wrote {path}"))
}

/// The first line of a `.partial` log: what is being computed.
#[derive(Serialize, Deserialize, PartialEq)]
struct PartialHeader {
    format: String,
    spec: SweepSpec,
    shard: Option<[u64; 2]>,
}

/// One finished chunk in a `.partial` log.
#[derive(Serialize, Deserialize)]
struct PartialChunk {
    chunk: u64,
    summary: Summary,
}

/// The resume log of a run writing to `FILE`: `FILE.partial`, one JSON line per chunk.
pub struct PartialLog {
    path: String,
    file: std::fs::File,
}

impl PartialLog {
    /// Opens (or starts) the log for this sweep and shard over `range`; returns it and the
    /// chunks it holds. A log of another sweep, of an older HeapLab, with a line that fails
    /// its checksum or a chunk that does not fit `range` is refused; a last line cut short
    /// by a kill is dropped.
    pub fn open(
        out: &str,
        sweep: &Sweep,
        shard: Option<[u64; 2]>,
        range: &Range<u64>,
    ) -> Result<(Self, Vec<(u64, Summary)>), EngineError> {
        let path = format!("{out}.partial");
        let header = PartialHeader {
            format: TAG.into(),
            spec: sweep.spec().clone(),
            shard,
        };
        let done = match std::fs::read_to_string(&path) {
            Ok(text) => read_log(&path, &text, &header, sweep, range)?,
            Err(_) => Vec::new(),
        };
        // Rewrite the log with the complete lines only, then append to it.
        let mut text = sealed_line(&header);
        for (chunk, summary) in &done {
            text += &chunk_line(*chunk, summary);
        }
        std::fs::write(&path, text).map_err(|e| io_error(&path, e))?;
        let file = std::fs::OpenOptions::new()
            .append(true)
            .open(&path)
            .map_err(|e| io_error(&path, e))?;
        Ok((PartialLog { path, file }, done))
    }

    /// Records one finished chunk.
    pub fn record(&mut self, chunk: u64, summary: &Summary) -> Result<(), EngineError> {
        self.file
            .write_all(chunk_line(chunk, summary).as_bytes())
            .and_then(|()| self.file.flush())
            .map_err(|e| io_error(&self.path, e))
    }

    /// Deletes the log once the final file is written.
    pub fn finish(self) -> Result<(), EngineError> {
        std::fs::remove_file(&self.path).map_err(|e| io_error(&self.path, e))
    }
}

/// The finished chunks of the log `text` at `path`, each checked: the header must be
/// `header`, every complete line must pass its checksum, and every chunk must be one of
/// `range`'s, once, with a summary that fits it.
fn read_log(
    path: &str,
    text: &str,
    header: &PartialHeader,
    sweep: &Sweep,
    range: &Range<u64>,
) -> Result<Vec<(u64, Summary)>, EngineError> {
    let refuse = |why: String| {
        EngineError::Parse(format!(
            "{} cannot be resumed: {why}; delete it to start over",
            quote(path)
        ))
    };
    // A line without its newline is the one a kill cut short.
    let mut lines = text.split_inclusive('\n').filter(|l| l.ends_with('\n'));
    let first =
        seal::unseal(lines.next().unwrap_or("{}"), path).map_err(|e| refuse(e.to_string()))?;
    let found: PartialHeader =
        tagged(first, path, "resume log").map_err(|e| refuse(e.to_string()))?;
    if found != *header {
        return Err(refuse("it holds a different sweep".into()));
    }
    let total = Sweep::chunks(range);
    let mut seen = vec![false; total as usize];
    let mut done: Vec<(u64, Summary)> = Vec::new();
    for (n, line) in lines.enumerate() {
        let value = seal::unseal(line, &format!("line {} of {path}", n + 2))
            .map_err(|e| refuse(e.to_string()))?;
        let chunk: PartialChunk = serde_json::from_value(value)
            .map_err(|e| refuse(format!("line {} is not a chunk: {e}", n + 2)))?;
        if chunk.chunk >= total || std::mem::replace(&mut seen[chunk.chunk as usize], true) {
            return Err(refuse(format!(
                "chunk {} is not one of its {total}, once",
                chunk.chunk
            )));
        }
        let chunk_range = Sweep::chunk(range, chunk.chunk);
        chunk
            .summary
            .validate(&chunk_range, sweep.caps(), &sweep.spec().checks)
            .map_err(|why| refuse(format!("chunk {}: {why}", chunk.chunk)))?;
        done.push((chunk.chunk, chunk.summary));
    }
    Ok(done)
}

/// `item` as one JSON line with its checksum.
fn sealed_line(item: &impl Serialize) -> String {
    let value = serde_json::to_value(item).expect("a log line serialises");
    seal::seal(value).to_string() + "\n"
}

fn chunk_line(chunk: u64, summary: &Summary) -> String {
    sealed_line(&PartialChunk {
        chunk,
        summary: summary.clone(),
    })
}

/// Arguments of `heaplab merge`.
#[derive(Args)]
pub struct MergeArgs {
    /// The shard files of one sweep (`heaplab sweep … --shard I/N --out PART`) or one atlas
    /// (`heaplab atlas octal … --shard I/N --out PART`), all N of them.
    #[arg(required = true)]
    parts: Vec<String>,
    /// Where to write the merged result (stdout when absent).
    #[arg(long)]
    out: Option<String>,
    /// Output format of the merged result.
    #[arg(long, value_enum, default_value_t = SweepFormat::Json)]
    format: SweepFormat,
}

/// `heaplab merge`: checks the parts are shards 0..N-1 of one sweep, each whole and
/// consistent, and writes the result.
pub fn merge(args: &MergeArgs) -> Result<String, EngineError> {
    if crate::atlas_file::is_atlas_shard(&args.parts[0]) {
        let format = match args.format {
            SweepFormat::Json => crate::output::Format::Json,
            _ => {
                return Err(EngineError::Parse(
                    "an atlas merges to JSON (--format json)".into(),
                ))
            }
        };
        return crate::atlas_file::merge(&args.parts, args.out.as_deref(), format);
    }
    check_target(args.format, args.out.as_deref())?;
    let mut shards: Vec<ShardFile> = Vec::new();
    for path in &args.parts {
        let shard = ShardFile::read(path)?;
        if let Some(first) = shards.first() {
            if shard.spec != first.spec {
                return Err(EngineError::Parse(format!(
                    "{} is a shard of a different sweep than {}",
                    quote(path),
                    quote(&args.parts[0])
                )));
            }
        }
        shards.push(shard);
    }
    let sweep = Sweep::new(shards[0].spec.clone())?;
    check_shard_set(&args.parts, &shards)?;
    let len = sweep.spec().family.len();
    let mut summary = sweep.empty_summary();
    for (path, shard) in args.parts.iter().zip(shards) {
        let [i, n] = shard.shard;
        let range = shard_range(len, i, n)?;
        shard
            .summary
            .validate(&range, sweep.caps(), &sweep.spec().checks)
            .map_err(|why| {
                EngineError::Parse(format!(
                    "{} (shard {i}/{n}) is inconsistent: {why}",
                    quote(path)
                ))
            })?;
        summary.merge(shard.summary, sweep.caps());
    }
    emit(args.out.as_deref(), render(&sweep, &summary, args.format)?)
}

/// Refuses a set of shards that is not exactly shards `0..N` of `N`, each once.
fn check_shard_set(paths: &[String], shards: &[ShardFile]) -> Result<(), EngineError> {
    let count = shards[0].shard[1];
    if count != shards.len() as u64 {
        return Err(EngineError::Parse(format!(
            "merge needs shards 0..{count} of {count}, each once: {} is one of {count}, but {} shard files were given",
            quote(&paths[0]),
            shards.len()
        )));
    }
    let mut seen: Vec<u64> = shards.iter().map(|s| s.shard[0]).collect();
    seen.sort_unstable();
    if shards.iter().any(|s| s.shard[1] != count) || seen != (0..count).collect::<Vec<_>>() {
        return Err(EngineError::Parse(format!(
            "merge needs shards 0..{count} of {count}, each once; got {}",
            shards
                .iter()
                .map(|s| format!("{}/{}", s.shard[0], s.shard[1]))
                .collect::<Vec<_>>()
                .join(", ")
        )));
    }
    Ok(())
}
