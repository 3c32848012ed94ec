//! `--certificate FILE` and `--values FILE` of `heaplab octal` and `heaplab subtraction`: the
//! certificate of a proven period as JSON, and the values it hashes as raw packed bytes (so
//! `sha256sum FILE` prints the certificate's `values_sha256`). Format: docs/guide/certificates.md.

use crate::files::ensure_writable;
use clap::Args;
use heaplab_engine::certificate::{for_each_packed_block, Certificate};
use heaplab_engine::octal::Values;
use heaplab_engine::EngineError;
use std::fs::File;
use std::io::{BufWriter, Write};

/// The certificate flags shared by the commands that prove periods.
#[derive(Args, Clone, Default)]
pub struct CertificateArgs {
    /// Write a certificate of the proven period to FILE (JSON; checked by `heaplab-check`).
    #[arg(long, value_name = "FILE")]
    pub certificate: Option<String>,
    /// With --certificate: write the certified values G(0..N) to FILE, each a little-endian
    /// u32, so `sha256sum FILE` equals the certificate's values_sha256.
    #[arg(long, value_name = "FILE", requires = "certificate")]
    pub values: Option<String>,
}

impl CertificateArgs {
    /// Checks both paths can be written, before any computation.
    pub fn check_paths(&self) -> Result<(), EngineError> {
        if let Some(path) = &self.certificate {
            ensure_writable(path, "--certificate")?;
        }
        if let Some(path) = &self.values {
            ensure_writable(path, "--values")?;
        }
        Ok(())
    }

    /// Whether a certificate was asked for.
    pub fn wanted(&self) -> bool {
        self.certificate.is_some()
    }

    /// Writes the certificate (built by `build` only when asked for) and the values file.
    pub fn write(
        &self,
        values: &Values,
        build: impl FnOnce() -> Result<Certificate, EngineError>,
    ) -> Result<(), EngineError> {
        let Some(path) = &self.certificate else {
            return Ok(());
        };
        let cert = build()?;
        if let Some(values_path) = &self.values {
            write_values(values_path, values, cert.heaps as usize)?;
        }
        std::fs::write(path, cert.to_file_text()).map_err(|e| failed("--certificate", path, e))
    }
}

fn failed(flag: &str, path: &str, err: std::io::Error) -> EngineError {
    EngineError::OutOfRange(format!("{flag} {path}: cannot be written ({err})"))
}

/// Writes `G(0..len)` packed as the certificate's hash reads them.
fn write_values(path: &str, values: &Values, len: usize) -> Result<(), EngineError> {
    let write = || -> std::io::Result<()> {
        let mut out = BufWriter::new(File::create(path)?);
        let mut result = Ok(());
        for_each_packed_block(values, len, |bytes| {
            if result.is_ok() {
                result = out.write_all(bytes);
            }
        });
        result?;
        out.flush()
    };
    write().map_err(|e| failed("--values", path, e))
}
