//! PNG text metadata without an encoder: the `tEXt` chunks a figure's PNG carries (title,
//! caption, provenance, software) and their insertion into PNG bytes made elsewhere, such as
//! a browser's canvas. Pure byte work, so it builds for wasm32 with no feature.

use crate::{Figure, FigureError};

/// The eight bytes every PNG file starts with.
const SIGNATURE: [u8; 8] = [0x89, b'P', b'N', b'G', b'\r', b'\n', 0x1A, b'\n'];

impl Figure {
    /// The `tEXt` entries of the figure's PNG, in order: `Title`, `Description` (the caption,
    /// when there is one), `Source` (the provenance line `HeapLab vX.Y, <link>`, when it has
    /// one) and `Software`. The resvg PNG and the browser's PNG both write these.
    pub fn png_text(&self) -> Vec<(&'static str, String)> {
        let mut entries = vec![("Title", self.title.clone())];
        if !self.caption.is_empty() {
            entries.push(("Description", self.caption.clone()));
        }
        if let Some(p) = &self.provenance {
            entries.push(("Source", p.line()));
        }
        let software = format!("HeapLab v{}", env!("CARGO_PKG_VERSION"));
        entries.push(("Software", software));
        entries
    }
}

/// `tEXt` holds Latin-1: other characters become `?`.
pub(crate) fn latin1(text: &str) -> String {
    text.chars()
        .map(|c| if u32::from(c) < 256 { c } else { '?' })
        .collect()
}

/// The Latin-1 bytes of `text` (other characters `?`).
fn latin1_bytes(text: &str) -> Vec<u8> {
    latin1(text).chars().map(|c| u32::from(c) as u8).collect()
}

/// One `tEXt` chunk (length, type, keyword, NUL, text, CRC-32 of type and data). A keyword is
/// 1 to 79 Latin-1 characters; text NULs (not allowed) become spaces.
fn text_chunk(keyword: &str, text: &str) -> Result<Vec<u8>, FigureError> {
    let key = latin1_bytes(keyword);
    if key.is_empty() || key.len() > 79 || key.contains(&0) {
        return Err(FigureError::Invalid(format!(
            "a PNG text keyword has 1 to 79 characters: {keyword:?}"
        )));
    }
    let mut data = key;
    data.push(0);
    data.extend(
        latin1_bytes(text)
            .into_iter()
            .map(|b| if b == 0 { b' ' } else { b }),
    );
    let length = u32::try_from(data.len())
        .map_err(|_| FigureError::Invalid("a PNG text chunk is too long".into()))?;
    let mut body = b"tEXt".to_vec();
    body.extend(data);
    let mut chunk = length.to_be_bytes().to_vec();
    chunk.extend(&body);
    chunk.extend(crc32fast::hash(&body).to_be_bytes());
    Ok(chunk)
}

/// `png` with a `tEXt` chunk for each `(keyword, text)` inserted right after its `IHDR`
/// chunk (so readers that stop at the image data still see them). Bytes that do not start
/// with a PNG signature and an `IHDR` chunk are an error, never a panic.
pub fn insert_png_text(png: &[u8], entries: &[(&str, &str)]) -> Result<Vec<u8>, FigureError> {
    let bad = || FigureError::Invalid("not a PNG file (no signature and IHDR chunk)".into());
    if png.get(..8) != Some(&SIGNATURE[..]) || png.get(12..16) != Some(&b"IHDR"[..]) {
        return Err(bad());
    }
    let length = png.get(8..12).ok_or_else(bad)?;
    let length = u32::from_be_bytes([length[0], length[1], length[2], length[3]]) as usize;
    // Signature, then IHDR: length, type, data, CRC.
    let end = length
        .checked_add(8 + 12)
        .filter(|&end| end <= png.len())
        .ok_or_else(bad)?;
    let mut out = png[..end].to_vec();
    for (keyword, text) in entries {
        out.extend(text_chunk(keyword, text)?);
    }
    out.extend(&png[end..]);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunks_have_the_published_crc() {
        // The CRC-32 of "IEND" (an empty chunk's type) is AE 42 60 82 in every PNG.
        assert_eq!(
            crc32fast::hash(b"IEND").to_be_bytes(),
            [0xAE, 0x42, 0x60, 0x82]
        );
        let chunk = text_chunk("Title", "a").unwrap();
        assert_eq!(&chunk[..4], &[0, 0, 0, 7]);
        assert_eq!(&chunk[4..15], b"tEXtTitle\0a");
        assert_eq!(chunk.len(), 4 + 4 + 7 + 4);
    }

    #[test]
    fn bad_input_is_an_error() {
        assert!(insert_png_text(b"", &[]).is_err());
        assert!(insert_png_text(b"GIF89a and more bytes", &[]).is_err());
        let mut short = SIGNATURE.to_vec();
        short.extend([0, 0, 0, 13]);
        short.extend(b"IHDR");
        assert!(insert_png_text(&short, &[]).is_err());
        let mut ok = short.clone();
        ok.extend([0; 17]);
        assert!(insert_png_text(&ok, &[("", "x")]).is_err());
        assert_eq!(insert_png_text(&ok, &[]).unwrap(), ok);
    }

    /// A 2 × 1 PNG with no text, as a browser's canvas writes one.
    fn plain_png() -> Vec<u8> {
        let mut out = Vec::new();
        let mut encoder = png::Encoder::new(&mut out, 2, 1);
        encoder.set_color(png::ColorType::Rgba);
        encoder.set_depth(png::BitDepth::Eight);
        let mut writer = encoder.write_header().unwrap();
        writer
            .write_image_data(&[9, 8, 7, 255, 1, 2, 3, 255])
            .unwrap();
        writer.finish().unwrap();
        out
    }

    #[test]
    fn inserted_text_decodes_with_the_image_unchanged() {
        let body = crate::Body::Chart(crate::Chart {
            x: crate::Axis::new("x", true),
            y: crate::Axis::new("y", true),
            series: vec![],
        });
        let link = Some("#/plane?w=4".to_string());
        let fig = Figure::new("Plane ∑ test", body).with_export(
            crate::Size::ONE_COLUMN,
            crate::Palette::Grey,
            link,
        );
        let entries = fig.png_text();
        let pairs: Vec<(&str, &str)> = entries.iter().map(|(k, v)| (*k, v.as_str())).collect();
        let png_bytes = insert_png_text(&plain_png(), &pairs).unwrap();
        let decoder = png::Decoder::new(png_bytes.as_slice());
        let mut reader = decoder.read_info().unwrap();
        let mut pixels = vec![0; reader.output_buffer_size()];
        reader.next_frame(&mut pixels).unwrap();
        assert_eq!(pixels, [9, 8, 7, 255, 1, 2, 3, 255]);
        let text: Vec<(String, String)> = reader
            .info()
            .uncompressed_latin1_text
            .iter()
            .map(|t| (t.keyword.clone(), t.text.clone()))
            .collect();
        let version = env!("CARGO_PKG_VERSION");
        assert_eq!(text[0], ("Title".into(), "Plane ? test".into()));
        assert!(text.contains(&("Source".into(), format!("HeapLab v{version}, #/plane?w=4"))));
        assert!(text.contains(&("Software".into(), format!("HeapLab v{version}"))));
        assert_eq!(text.len(), entries.len());
    }
}
