//! The files of a sweep: the final result (json, csv or parquet), the shard file that `heaplab merge`
//! reads, the `FILE.partial` log a run resumes from, and `heaplab merge` itself.
//!
//! The final result holds only what defines the sweep (its spec) and its result: no shard,
//! no thread count, no time, so the merge of N shard files is byte-identical to a one-process
//! run. A shard file holds the full mergeable [`Summary`] (with the sequence hashes) and its
//! `I/N`, so merge can check it has shards 0..N-1 of one sweep.

use crate::{sweep_parquet, sweep_table};
use clap::{Args, ValueEnum};
use heaplab_engine::sweep::{Summary, Sweep, SweepSpec};
use heaplab_engine::EngineError;
use serde::{Deserialize, Serialize};
use std::io::{BufRead, Write};

/// The format tag every sweep file starts with, so merge refuses other JSON (and files of an
/// older HeapLab: version 2 hashes periodic parts as `u64` words and counts them in every
/// family, so its shards do not merge with version 1's).
pub const TAG: &str = "heaplab-sweep-2";

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

fn io_error(path: &str, e: impl std::fmt::Display) -> EngineError {
    EngineError::OutOfRange(format!("cannot use {path}: {e}"))
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

/// Refuses, before any work, a binary format without a file to write it to.
pub fn check_target(format: SweepFormat, out: Option<&str>) -> Result<(), EngineError> {
    match (format, out) {
        (SweepFormat::Parquet, None) => Err(binary_needs_out()),
        _ => Ok(()),
    }
}

fn binary_needs_out() -> EngineError {
    EngineError::Parse("--format parquet writes a binary file: give --out FILE".into())
}

/// Writes `rendered` to `path` (text with a final newline; through a temporary file and a
/// rename, so `path` never holds half a result), or returns the text for stdout when there is
/// no path.
pub fn emit(path: Option<&str>, rendered: Rendered) -> Result<String, EngineError> {
    let bytes = match rendered {
        Rendered::Text(text) if path.is_none() => return Ok(text),
        Rendered::Text(text) => format!("{text}\n").into_bytes(),
        Rendered::Bytes(bytes) => bytes,
    };
    let path = path.ok_or_else(binary_needs_out)?;
    let tmp = format!("{path}.tmp");
    std::fs::write(&tmp, bytes).map_err(|e| io_error(&tmp, e))?;
    std::fs::rename(&tmp, path).map_err(|e| io_error(path, e))?;
    Ok(format!("wrote {path}"))
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
    /// Opens (or starts) the log for this sweep and shard; returns it and the chunks it holds.
    /// A log of another sweep is refused; a last line cut short by a kill is dropped.
    pub fn open(
        out: &str,
        spec: &SweepSpec,
        shard: Option<[u64; 2]>,
    ) -> Result<(Self, Vec<(u64, Summary)>), EngineError> {
        let path = format!("{out}.partial");
        let header = PartialHeader {
            format: TAG.into(),
            spec: spec.clone(),
            shard,
        };
        let mut done = Vec::new();
        if let Ok(file) = std::fs::File::open(&path) {
            let mut lines = std::io::BufReader::new(file).lines();
            let first = lines.next().and_then(Result::ok).unwrap_or_default();
            match serde_json::from_str::<PartialHeader>(&first) {
                Ok(h) if h == header => {}
                _ => {
                    return Err(EngineError::Parse(format!(
                        "{path} holds a different sweep; delete it or choose another --out"
                    )))
                }
            }
            for line in lines.map_while(Result::ok) {
                match serde_json::from_str::<PartialChunk>(&line) {
                    Ok(c) => done.push((c.chunk, c.summary)),
                    Err(_) => break,
                }
            }
        }
        // Rewrite the log with the complete lines only, then append to it.
        let mut text = serde_json::to_string(&header).expect("a header serialises") + "\n";
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

fn chunk_line(chunk: u64, summary: &Summary) -> String {
    let line = PartialChunk {
        chunk,
        summary: summary.clone(),
    };
    serde_json::to_string(&line).expect("a chunk serialises") + "\n"
}

/// Arguments of `heaplab merge`.
#[derive(Args)]
pub struct MergeArgs {
    /// The shard files of one sweep (`heaplab sweep … --shard I/N --out PART`), all N of them.
    #[arg(required = true)]
    parts: Vec<String>,
    /// Where to write the merged result (stdout when absent).
    #[arg(long)]
    out: Option<String>,
    /// Output format of the merged result.
    #[arg(long, value_enum, default_value_t = SweepFormat::Json)]
    format: SweepFormat,
}

/// `heaplab merge`: checks the parts are shards 0..N-1 of one sweep and writes the result.
pub fn merge(args: &MergeArgs) -> Result<String, EngineError> {
    let mut shards: Vec<ShardFile> = Vec::new();
    for path in &args.parts {
        let text = std::fs::read_to_string(path).map_err(|e| io_error(path, e))?;
        let shard: ShardFile = serde_json::from_str(&text)
            .ok()
            .filter(|s: &ShardFile| s.format == TAG)
            .ok_or_else(|| {
                EngineError::Parse(format!("{path} is not a heaplab sweep shard file"))
            })?;
        if let Some(first) = shards.first() {
            if shard.spec != first.spec {
                return Err(EngineError::Parse(format!(
                    "{path} is a shard of a different sweep than {}",
                    args.parts[0]
                )));
            }
        }
        shards.push(shard);
    }
    check_target(args.format, args.out.as_deref())?;
    let count = shards[0].shard[1];
    let mut seen: Vec<u64> = shards.iter().map(|s| s.shard[0]).collect();
    seen.sort_unstable();
    if shards.iter().any(|s| s.shard[1] != count) || seen != (0..count).collect::<Vec<_>>() {
        return Err(EngineError::Parse(format!(
            "merge needs shards 0..{count} of {count}, each once; got {}",
            seen.iter()
                .map(|i| format!("{i}/{count}"))
                .collect::<Vec<_>>()
                .join(", ")
        )));
    }
    let sweep = Sweep::new(shards[0].spec.clone())?;
    let mut summary = sweep.empty_summary();
    for shard in shards {
        summary.merge(shard.summary, sweep.caps());
    }
    emit(args.out.as_deref(), render(&sweep, &summary, args.format)?)
}
