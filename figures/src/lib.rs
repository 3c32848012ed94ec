//! HeapLab's figure layer: one description of a figure ([`Figure`]: data, axes, legend, title,
//! caption, provenance, size, palette), rendered to SVG, PNG, PDF and (for charts and strips)
//! TikZ/PGFPlots, so that every page, the CLI and Python draw a figure the same way.
//!
//! How the formats relate (a decision, so that they never disagree):
//! - **SVG** ([`Figure::to_svg`]) is drawn by plotters' SVG back end: axes, ticks, labels and
//!   data. The legend sits outside the plot area (below it), the title above, the caption and
//!   the provenance footer below. The `<svg>` is sized in cm (the chosen width), with 4 user
//!   units per point, so text is true size (8–10 pt) when the file is placed at that width.
//!   The provenance is also written into `<metadata>`.
//! - **PNG** ([`Figure::to_png`], feature `raster`) is that SVG rasterised by resvg at the
//!   chosen DPI, with an embedded DejaVu Sans (so every machine draws the same pixels) and the
//!   title and provenance in `tEXt` chunks.
//! - **PDF** ([`Figure::to_pdf`], feature `pdf`) is that SVG converted by svg2pdf (text kept as
//!   text, the same embedded font), one page of the figure's size, with title, caption and
//!   provenance in the Info dictionary.
//! - **TikZ** ([`Figure::to_tikz`]) is written directly for [`Body::Chart`] (PGFPlots),
//!   [`Body::Strip`], [`Body::Tree`] and [`Body::Circle`] (plain TikZ, at the SVG's positions in cm); a raster is
//!   a picture, not a drawing, so it has none. [`TikzOptions`] can wrap any of them in
//!   `\resizebox{\linewidth}{!}{…}`.
//! - **Circle diagrams** ([`Body::Circle`]) take the width they can (at most 24 text sizes
//!   across), their labels shrunk when the marks are many; SVG and TikZ place them alike.
//! - **Trees** ([`Body::Tree`]) are scaled to the chosen width (never beyond 1.25 × the
//!   spacing their text needs) while their text keeps its size; rows keep their spacing.
//!
//! Without the default features the crate is pure Rust with no OS dependency and builds for
//! `wasm32-unknown-unknown` (there plotters measures text through the browser's canvas).

mod circle;
mod model;
mod palette;
mod png_text;
mod svg;
mod tikz;
mod tree;
#[cfg(feature = "engine")]
pub mod views;

#[cfg(any(feature = "raster", feature = "pdf"))]
mod fonts;
#[cfg(feature = "pdf")]
mod pdf;
#[cfg(feature = "raster")]
mod png_out;

pub use circle::{CircleFigure, CircleMark, MAX_CIRCLE_MARKS};
pub use model::*;
pub use palette::{value_pixels, value_span, Palette, Rgb, BAR_STEPS};
pub use png_text::insert_png_text;
pub use tikz::{integer_ticks, TikzOptions};
pub use tree::{EdgeKind, TreeEdge, TreeFigure, TreeNode, MAX_TREE_NODES};

use std::fmt;

/// Why a figure could not be rendered. Never a panic: bad input (empty data, a NaN range, an
/// unknown file extension) comes back as one of these.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FigureError {
    /// The description cannot be drawn (what is wrong with it).
    Invalid(String),
    /// A back end (plotters, resvg, svg2pdf, png) failed.
    Render(String),
    /// The file name does not end in a format this figure can be written as.
    Format(String),
}

impl fmt::Display for FigureError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FigureError::Invalid(m) => write!(f, "invalid figure: {m}"),
            FigureError::Render(m) => write!(f, "figure rendering failed: {m}"),
            FigureError::Format(m) => write!(f, "{m}"),
        }
    }
}

impl std::error::Error for FigureError {}

/// The output formats of a figure, chosen by a file name's extension.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Scalable vector graphics (always available).
    Svg,
    /// A bitmap at the figure's DPI (feature `raster`).
    Png,
    /// One vector page (feature `pdf`).
    Pdf,
    /// A LaTeX document drawing the figure with TikZ/PGFPlots (charts and strips).
    Tikz,
}

impl Format {
    /// The format of a file name by its extension: `.svg`, `.png`, `.pdf` or `.tex`.
    pub fn from_path(path: &str) -> Result<Format, FigureError> {
        let ext = path.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase());
        match ext.as_deref() {
            Some("svg") => Ok(Format::Svg),
            Some("png") => Ok(Format::Png),
            Some("pdf") => Ok(Format::Pdf),
            Some("tex") => Ok(Format::Tikz),
            _ => Err(FigureError::Format(format!(
                "figure file '{path}' must end in .svg, .png, .pdf or .tex"
            ))),
        }
    }
}

impl Figure {
    /// Renders the figure in `format` as the bytes of a file.
    pub fn render(&self, format: Format) -> Result<Vec<u8>, FigureError> {
        match format {
            Format::Svg => self.to_svg().map(String::into_bytes),
            Format::Tikz => self.to_tikz().map(String::into_bytes),
            #[cfg(feature = "raster")]
            Format::Png => self.to_png(),
            #[cfg(feature = "pdf")]
            Format::Pdf => self.to_pdf(),
            #[allow(unreachable_patterns)]
            other => Err(FigureError::Format(format!(
                "{other:?} output is not built into this program"
            ))),
        }
    }

    /// The figure with a reader's export choices applied, the one place the CLI's `--figure`
    /// and the pages' export dialogs set them: the `size`, the `palette` and, when `link` is
    /// given, the provenance line `HeapLab vX.Y, <link>` (the version of this build).
    pub fn with_export(self, size: Size, palette: Palette, link: Option<String>) -> Figure {
        Figure {
            size,
            palette,
            provenance: link.map(|link| Provenance {
                version: env!("CARGO_PKG_VERSION").to_string(),
                link,
            }),
            ..self
        }
    }

    /// The figure as an SVG document (see the crate doc for its units and layout).
    pub fn to_svg(&self) -> Result<String, FigureError> {
        svg::render(self)
    }

    /// Whether the figure has a TikZ form (charts, strips and trees do; a raster does not).
    pub fn has_tikz(&self) -> bool {
        !matches!(self.body, Body::Raster(_))
    }

    /// The figure as a LaTeX document (PGFPlots for a chart, TikZ for a strip or a tree).
    pub fn to_tikz(&self) -> Result<String, FigureError> {
        tikz::render(self, &TikzOptions::default())
    }

    /// The figure as a LaTeX document with export choices (e.g. scaled to `\linewidth`).
    pub fn to_tikz_with(&self, options: &TikzOptions) -> Result<String, FigureError> {
        tikz::render(self, options)
    }

    /// Renders the figure in `format`, with `tikz` choices for a TikZ document.
    pub fn render_with(&self, format: Format, tikz: &TikzOptions) -> Result<Vec<u8>, FigureError> {
        match format {
            Format::Tikz => self.to_tikz_with(tikz).map(String::into_bytes),
            other => self.render(other),
        }
    }

    /// The figure as a PNG at its DPI, with title and provenance in `tEXt` chunks.
    #[cfg(feature = "raster")]
    pub fn to_png(&self) -> Result<Vec<u8>, FigureError> {
        png_out::render(self, &self.to_svg()?)
    }

    /// The figure as a one-page PDF with title, caption and provenance in its Info dictionary.
    #[cfg(feature = "pdf")]
    pub fn to_pdf(&self) -> Result<Vec<u8>, FigureError> {
        pdf::render(self, &self.to_svg()?)
    }
}
