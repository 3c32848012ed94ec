//! The embedded font of PNG and PDF output: DejaVu Sans, loaded into usvg's font database as
//! the `sans-serif` family, so that every machine draws the same glyphs.

/// The family name of the embedded font.
const FAMILY: &str = "DejaVu Sans";

/// usvg options whose only font is the embedded one (no system fonts are read).
pub(crate) fn options() -> usvg::Options<'static> {
    let mut options = usvg::Options {
        font_family: FAMILY.to_string(),
        ..usvg::Options::default()
    };
    let db = options.fontdb_mut();
    db.load_font_data(dejavu::sans::regular().to_vec());
    db.set_sans_serif_family(FAMILY);
    options
}

/// Parses an SVG written by this crate with the embedded font.
pub(crate) fn parse(svg: &str) -> Result<usvg::Tree, crate::FigureError> {
    usvg::Tree::from_str(svg, &options()).map_err(|e| crate::FigureError::Render(e.to_string()))
}
