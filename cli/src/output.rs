//! Pieces every subcommand shares: the output format flag and writing figures to files.

use clap::ValueEnum;
use heaplab_engine::EngineError;

/// How results are printed.
#[derive(Clone, Copy, ValueEnum)]
pub enum Format {
    /// A readable summary.
    Text,
    /// One JSON object on stdout.
    Json,
}

/// Joins values with spaces, for the readable summaries.
pub fn join<T: ToString>(values: &[T]) -> String {
    values
        .iter()
        .map(T::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Streams a large output straight to stdout (buffered) instead of building it in memory, with
/// a one-line error. The subcommand then returns only the rest of the text.
pub fn stream_stdout(
    write: impl FnOnce(&mut dyn std::io::Write) -> std::io::Result<()>,
) -> Result<(), EngineError> {
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::with_capacity(1 << 16, stdout.lock());
    write(&mut out)
        .and_then(|()| std::io::Write::flush(&mut out))
        .map_err(|e| EngineError::OutOfRange(format!("cannot write to stdout: {e}")))
}

/// Writes a text file (an SVG figure, say), with a one-line error.
pub fn write_text(path: &str, text: &str) -> Result<(), EngineError> {
    std::fs::write(path, text)
        .map_err(|e| EngineError::OutOfRange(format!("cannot write {path}: {e}")))
}

/// Most pixels of a written PNG (after scaling): 64 megapixels, 256 MB of RGBA.
pub const MAX_PNG_PIXELS: u64 = 64_000_000;

/// Checks, before any computation, that a `width × height` picture at `scale` stays under
/// [`MAX_PNG_PIXELS`].
pub fn check_png_size(width: u32, height: u32, scale: u32) -> Result<(), EngineError> {
    let pixels = u64::from(width) * u64::from(height) * u64::from(scale).pow(2);
    if pixels > MAX_PNG_PIXELS {
        return Err(EngineError::OutOfRange(format!(
            "the PNG would have {pixels} pixels; the most is {MAX_PNG_PIXELS}: lower --scale or the size"
        )));
    }
    Ok(())
}

/// Writes an RGBA image of `width × height` pixels to `path` as PNG, scaled up by `scale`
/// (each pixel becomes a `scale × scale` block).
pub fn write_png(
    path: &str,
    width: u32,
    height: u32,
    rgba: &[u8],
    scale: u32,
) -> Result<(), EngineError> {
    let io =
        |e: &dyn std::fmt::Display| EngineError::OutOfRange(format!("cannot write {path}: {e}"));
    let scale = scale.max(1);
    check_png_size(width, height, scale)?;
    let (w, h) = (width * scale, height * scale);
    let mut scaled = Vec::with_capacity((w * h * 4) as usize);
    for row in 0..h {
        for col in 0..w {
            let at = (((row / scale) * width + col / scale) * 4) as usize;
            scaled.extend_from_slice(&rgba[at..at + 4]);
        }
    }
    let file = std::fs::File::create(path).map_err(|e| io(&e))?;
    let mut encoder = png::Encoder::new(std::io::BufWriter::new(file), w, h);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().map_err(|e| io(&e))?;
    writer.write_image_data(&scaled).map_err(|e| io(&e))?;
    writer.finish().map_err(|e| io(&e))
}

/// Writes a greyscale image (one byte a pixel, the red channel of `rgba`) of `width × height`
/// pixels to `path` as a compact PNG: for black-and-white and grey figures such as the
/// one in docs/guide/plane.md.
pub fn write_grey_png(path: &str, width: u32, height: u32, rgba: &[u8]) -> Result<(), EngineError> {
    let io =
        |e: &dyn std::fmt::Display| EngineError::OutOfRange(format!("cannot write {path}: {e}"));
    let grey: Vec<u8> = rgba.chunks_exact(4).map(|px| px[0]).collect();
    let file = std::fs::File::create(path).map_err(|e| io(&e))?;
    let mut encoder = png::Encoder::new(std::io::BufWriter::new(file), width, height);
    encoder.set_color(png::ColorType::Grayscale);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::Best);
    let mut writer = encoder.write_header().map_err(|e| io(&e))?;
    writer.write_image_data(&grey).map_err(|e| io(&e))?;
    writer.finish().map_err(|e| io(&e))
}

/// Whether a figure path asks for TikZ (`.tex`) rather than SVG (`.svg`); any other ending is
/// an error.
pub fn is_tikz_path(path: &str) -> Result<bool, EngineError> {
    if path.ends_with(".tex") {
        Ok(true)
    } else if path.ends_with(".svg") {
        Ok(false)
    } else {
        Err(EngineError::OutOfRange(format!(
            "--out must end in .svg or .tex, not '{path}'"
        )))
    }
}
