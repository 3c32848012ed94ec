//! `heaplab octal --checkpoint FILE`: the file a long run saves its values to and resumes from.
//!
//! Format version 2: one header line `heaplab octal checkpoint 2 CODE WIDTH COUNT`, then the
//! `COUNT` values, little-endian, `WIDTH` (2 or 4) bytes each, then the 32-byte SHA-256 of
//! everything before it (header line and values). A file is trusted only when its size is the
//! one the header declares (checked before anything is read or allocated) and its checksum
//! matches (checked in a first pass over the file, in blocks, before the values are stored),
//! so a flipped bit, a zero-filled or truncated file or a huge declared count is refused with
//! a message instead of resuming into a wrong proof. Saves go to `FILE.tmp`, then a rename,
//! so an interrupted save never spoils the previous one.

use heaplab_engine::octal::{self, Checkpoint, Values};
use heaplab_engine::EngineError;
use sha2::{Digest, Sha256};
use std::fs::File;
use std::io::{BufRead, BufReader, BufWriter, Read, Seek, SeekFrom, Write};
use std::time::{Duration, Instant};

/// The header's fixed start, without the version.
const PREFIX: &str = "heaplab octal checkpoint ";
/// The format version this build reads and writes.
const VERSION: &str = "2";
/// Bytes of the checksum at the end of the file.
const SUM: u64 = 32;
/// Bytes read at a time.
const BLOCK: usize = 1 << 20;

/// A checkpoint file of one code, saved every `every`.
pub struct CheckpointFile {
    path: String,
    code: String,
    every: Duration,
    last: Instant,
}

impl CheckpointFile {
    /// The checkpoint at `path` for the code `code` (ASCII form), saved every `every`.
    /// Fails at once when `path` cannot be written.
    pub fn new(path: &str, code: String, every: Duration) -> Result<Self, EngineError> {
        crate::files::ensure_writable(path, "--checkpoint")?;
        crate::files::ensure_writable(&format!("{path}.tmp"), "--checkpoint")?;
        Ok(CheckpointFile {
            path: path.to_string(),
            code,
            every,
            last: Instant::now(),
        })
    }

    fn bad(&self, why: &str) -> EngineError {
        EngineError::Parse(format!(
            "checkpoint {} refused: {why} (delete it to start again)",
            self.path
        ))
    }

    fn io(&self, err: std::io::Error) -> EngineError {
        EngineError::OutOfRange(format!("checkpoint {}: {err}", self.path))
    }

    /// Reads and checks the header line; returns its length, the width and the count.
    fn header(&self, reader: &mut impl BufRead) -> Result<(u64, usize, usize), EngineError> {
        let mut line = Vec::new();
        reader
            .by_ref()
            .take(200)
            .read_until(b'\n', &mut line)
            .map_err(|e| self.io(e))?;
        let text = String::from_utf8_lossy(&line);
        let rest = text
            .strip_prefix(PREFIX)
            .ok_or_else(|| self.bad("not a heaplab octal checkpoint"))?;
        let fields: Vec<&str> = rest.split_whitespace().collect();
        if fields.first() != Some(&VERSION) {
            let found = fields.first().map_or("?", |v| &v[..v.len().min(12)]);
            return Err(self.bad(&format!(
                "format version {found}, this heaplab reads version {VERSION} only"
            )));
        }
        let [_, code, width, count] = fields[..] else {
            return Err(self.bad("damaged header"));
        };
        if code != self.code {
            return Err(EngineError::Parse(format!(
                "checkpoint {} holds {code}, not {}",
                self.path, self.code
            )));
        }
        let width = match width {
            "2" => 2,
            "4" => 4,
            _ => return Err(self.bad("damaged header (width)")),
        };
        let count: usize = count
            .parse()
            .ok()
            .filter(|&c| c <= octal::MAX_HEAPS)
            .ok_or_else(|| self.bad("damaged header (count)"))?;
        Ok((line.len() as u64, width, count))
    }

    /// Hashes the first `len` bytes of the file in blocks and compares with the stored sum.
    fn verify_sum(&self, file: &mut File, len: u64) -> Result<(), EngineError> {
        file.seek(SeekFrom::Start(0)).map_err(|e| self.io(e))?;
        let mut hasher = Sha256::new();
        let mut block = vec![0u8; BLOCK];
        let mut left = len;
        while left > 0 {
            let take = left.min(BLOCK as u64) as usize;
            file.read_exact(&mut block[..take])
                .map_err(|_| self.bad("shorter than its header says"))?;
            hasher.update(&block[..take]);
            left -= take as u64;
        }
        let mut stored = [0u8; SUM as usize];
        file.read_exact(&mut stored)
            .map_err(|_| self.bad("shorter than its header says"))?;
        if hasher.finalize()[..] != stored {
            return Err(self.bad("checksum mismatch (the file is damaged)"));
        }
        Ok(())
    }

    /// Reads `count` values of `width` bytes from the reader's position.
    fn read_values(
        &self,
        reader: &mut impl Read,
        width: usize,
        count: usize,
    ) -> Result<Values, EngineError> {
        let mut values = if width == 2 {
            Values::Narrow(Vec::with_capacity(count))
        } else {
            Values::Wide(Vec::with_capacity(count))
        };
        let mut block = vec![0u8; BLOCK];
        let mut left = count * width;
        while left > 0 {
            let take = left.min(BLOCK);
            reader
                .read_exact(&mut block[..take])
                .map_err(|_| self.bad("shorter than its header says"))?;
            match &mut values {
                Values::Narrow(v) => v.extend(
                    block[..take]
                        .chunks_exact(2)
                        .map(|b| u16::from_le_bytes([b[0], b[1]])),
                ),
                Values::Wide(v) => v.extend(
                    block[..take]
                        .chunks_exact(4)
                        .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]])),
                ),
            }
            left -= take;
        }
        Ok(values)
    }
}

/// Forwards writes and hashes every byte written.
struct Hashing<W: Write> {
    inner: W,
    hasher: Sha256,
}

impl<W: Write> Write for Hashing<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.hasher.update(&buf[..n]);
        Ok(n)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

impl Checkpoint for CheckpointFile {
    fn load(&mut self) -> Result<Option<Values>, EngineError> {
        let mut file = match File::open(&self.path) {
            Ok(file) => file,
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(err) => return Err(self.io(err)),
        };
        let size = file.metadata().map_err(|e| self.io(e))?.len();
        let (header, width, count) = self.header(&mut BufReader::new(&mut file))?;
        let body = header + count as u64 * width as u64;
        if size != body + SUM {
            return Err(self.bad(&format!(
                "{size} bytes, but its header declares {count} values ({} bytes)",
                body + SUM
            )));
        }
        self.verify_sum(&mut file, body)?;
        file.seek(SeekFrom::Start(header)).map_err(|e| self.io(e))?;
        let values = self.read_values(&mut BufReader::new(file), width, count)?;
        Ok(Some(values))
    }

    fn due(&mut self) -> bool {
        self.last.elapsed() >= self.every
    }

    fn save(&mut self, values: &Values) -> Result<(), EngineError> {
        let tmp = format!("{}.tmp", self.path);
        let write = || -> std::io::Result<()> {
            let mut out = Hashing {
                inner: BufWriter::new(File::create(&tmp)?),
                hasher: Sha256::new(),
            };
            let (width, len) = (values.width(), values.len());
            writeln!(out, "{PREFIX}{VERSION} {} {width} {len}", self.code)?;
            match values {
                Values::Narrow(v) => v.iter().try_for_each(|x| out.write_all(&x.to_le_bytes()))?,
                Values::Wide(v) => v.iter().try_for_each(|x| out.write_all(&x.to_le_bytes()))?,
            }
            let sum = out.hasher.finalize();
            let mut inner = out.inner;
            inner.write_all(&sum)?;
            inner.into_inner()?.sync_all()?;
            std::fs::rename(&tmp, &self.path)
        };
        write().map_err(|e| self.io(e))?;
        self.last = Instant::now();
        Ok(())
    }
}
