//! PNG: the figure's SVG rasterised by resvg at the figure's DPI on white, written by the `png`
//! crate with the title and provenance in `tEXt` chunks and the DPI in `pHYs`.

use crate::png_text::latin1;
use crate::{Figure, FigureError};
use resvg::tiny_skia::{Color, Pixmap, Transform};

/// The most pixels a PNG may have (a 60 cm figure at 600 DPI is about 200 million; this keeps
/// memory bounded).
const MAX_PIXELS: u64 = 100_000_000;

/// Rasterises `svg` (the SVG of `fig`) and encodes it as PNG.
pub(crate) fn render(fig: &Figure, svg: &str) -> Result<Vec<u8>, FigureError> {
    let tree = crate::fonts::parse(svg)?;
    let size = tree.size();
    let width_px = (fig.size.width_cm / 2.54 * fig.size.dpi as f64)
        .round()
        .max(1.0);
    let scale = width_px / size.width() as f64;
    let height_px = (size.height() as f64 * scale).round().max(1.0);
    if width_px as u64 * height_px as u64 > MAX_PIXELS {
        return Err(FigureError::Invalid(
            "the PNG would exceed 100 megapixels: lower the DPI".into(),
        ));
    }
    let mut pixmap = Pixmap::new(width_px as u32, height_px as u32)
        .ok_or_else(|| FigureError::Render("no pixmap of that size".into()))?;
    pixmap.fill(Color::WHITE);
    resvg::render(
        &tree,
        Transform::from_scale(scale as f32, scale as f32),
        &mut pixmap.as_mut(),
    );
    encode(fig, &pixmap)
}

/// Encodes an opaque pixmap as RGBA PNG with the figure's `tEXt` chunks
/// ([`Figure::png_text`]) and the DPI.
fn encode(fig: &Figure, pixmap: &Pixmap) -> Result<Vec<u8>, FigureError> {
    let fail = |e: png::EncodingError| FigureError::Render(e.to_string());
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, pixmap.width(), pixmap.height());
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    let per_metre = (fig.size.dpi as f64 / 0.0254).round() as u32;
    encoder.set_pixel_dims(Some(png::PixelDimensions {
        xppu: per_metre,
        yppu: per_metre,
        unit: png::Unit::Meter,
    }));
    for (keyword, text) in fig.png_text() {
        encoder
            .add_text_chunk(keyword.into(), latin1(&text))
            .map_err(fail)?;
    }
    let mut writer = encoder.write_header().map_err(fail)?;
    // Opaque pixels: premultiplied and straight RGBA are the same.
    writer.write_image_data(pixmap.data()).map_err(fail)?;
    writer.finish().map_err(fail)?;
    Ok(out)
}
