//! The description of a figure: what is drawn, independent of the output format.

use crate::circle::CircleFigure;
use crate::palette::{Palette, Rgb};
use crate::tree::TreeFigure;
use crate::FigureError;
use serde::{Deserialize, Serialize};

/// One figure: a title, a caption line, where it came from, its size and palette, and what it
/// shows.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Figure {
    /// The title above the plot.
    pub title: String,
    /// One caption line below the legend (empty for none).
    pub caption: String,
    /// The footer "HeapLab vX.Y, <link>" and the file metadata; `None` switches both off.
    pub provenance: Option<Provenance>,
    /// The printed size.
    pub size: Size,
    /// The colours of categories, series and value maps.
    pub palette: Palette,
    /// What the figure shows.
    pub body: Body,
}

/// Where a figure came from: the program version and a link that reproduces it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Provenance {
    /// The HeapLab version, e.g. `0.1.0`.
    pub version: String,
    /// A link (or command line) that reproduces the figure.
    pub link: String,
}

impl Provenance {
    /// The one-line footer, `HeapLab vX.Y, <link>`.
    pub fn line(&self) -> String {
        format!("HeapLab v{}, {}", self.version, self.link)
    }
}

/// The printed size of a figure: its width, the DPI of bitmaps and the text size. The height
/// follows from the body.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Size {
    /// The width in centimetres at which the figure is placed.
    pub width_cm: f64,
    /// Dots per inch of a PNG.
    pub dpi: u32,
    /// The text size in points (8–10 for journals).
    pub font_pt: f64,
}

impl Size {
    /// One journal column: 8.5 cm at 300 DPI, 8 pt text.
    pub const ONE_COLUMN: Size = Size {
        width_cm: 8.5,
        dpi: 300,
        font_pt: 8.0,
    };
    /// Two journal columns (the full text width): 17.5 cm at 300 DPI, 9 pt text.
    pub const TWO_COLUMNS: Size = Size {
        width_cm: 17.5,
        dpi: 300,
        font_pt: 9.0,
    };

    /// A preset by name: `column` / `1col` or `page` / `2col`, each optionally `@600` for
    /// 600 DPI (e.g. `2col@600`).
    pub fn preset(name: &str) -> Option<Size> {
        let (base, dpi) = match name.split_once('@') {
            Some((b, d)) => (
                b,
                d.parse::<u32>().ok().filter(|d| (72..=2400).contains(d))?,
            ),
            None => (name, 300),
        };
        let size = match base {
            "column" | "1col" => Size::ONE_COLUMN,
            "page" | "2col" => Size::TWO_COLUMNS,
            _ => return None,
        };
        Some(Size { dpi, ..size })
    }

    /// The same size at another DPI.
    pub fn at_dpi(self, dpi: u32) -> Size {
        Size { dpi, ..self }
    }

    /// The width in points (1/72 inch).
    pub fn width_pt(&self) -> f64 {
        self.width_cm / 2.54 * 72.0
    }
}

impl Default for Size {
    fn default() -> Self {
        Size::ONE_COLUMN
    }
}

/// What a figure shows.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Body {
    /// Series of (x, y) points on two axes: values, histograms.
    Chart(Chart),
    /// A w × h field of categories or values: period maps, the plane.
    Raster(Raster),
    /// One cell per heap: outcome strips, value strips.
    Strip(Strip),
    /// Nodes and edges at layout positions: game trees, the heap-size DAG.
    Tree(TreeFigure),
    /// Marks round a circle: the cumulative-subtraction paper's Figures 1 and 2.
    Circle(CircleFigure),
}

/// An axis of a chart.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Axis {
    /// The axis label, with its unit.
    pub label: String,
    /// The shown range; `None` fits the data.
    pub range: Option<(f64, f64)>,
    /// Linear or logarithmic.
    pub scale: Scale,
    /// Ticks only at integers (integer data: heaps, nim-values, counts).
    pub integer: bool,
    /// Values increase to the left (or downward): a thermograph's value axis, where Left's
    /// side is on the left.
    pub reversed: bool,
}

impl Axis {
    /// A linear axis fitted to the data, with integer ticks when `integer`.
    pub fn new(label: &str, integer: bool) -> Axis {
        Axis {
            label: label.to_string(),
            range: None,
            scale: Scale::Linear,
            integer,
            reversed: false,
        }
    }
}

/// The scale of an axis.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Scale {
    /// Equal steps.
    Linear,
    /// Decades (for data that spans several); values must be positive.
    Log,
}

/// A chart: axes and named series.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Chart {
    /// The horizontal axis.
    pub x: Axis,
    /// The vertical axis.
    pub y: Axis,
    /// The data, each named in the legend.
    pub series: Vec<Series>,
}

/// One named series of a chart.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Series {
    /// The legend entry.
    pub name: String,
    /// How the points are drawn.
    pub style: SeriesStyle,
    /// The (x, y) points.
    pub points: Vec<(f64, f64)>,
}

/// How a series is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum SeriesStyle {
    /// Points joined by straight lines.
    Line,
    /// Dots.
    Points,
    /// Bars from the axis (a histogram), one unit of x wide at most.
    Bars,
}

/// A named colour of a legend: a category of a raster or strip.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Category {
    /// The legend entry.
    pub name: String,
    /// A fixed colour (e.g. light grey for "not a ruleset"); `None` takes the palette's.
    pub colour: Option<Rgb>,
    /// How many cells have it (shown with its share of the counted cells), if known.
    pub count: Option<u64>,
}

impl Category {
    /// A category coloured by the palette, with no count.
    pub fn new(name: &str) -> Category {
        Category {
            name: name.to_string(),
            colour: None,
            count: None,
        }
    }
}

/// The axis of a raster or strip, in units (heaps, ruleset parameters): cell `i` is centred at
/// `start + i * step`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CellAxis {
    /// The axis label, e.g. `s1`.
    pub label: String,
    /// The unit value of the first cell.
    pub start: f64,
    /// The units from one cell to the next.
    pub step: f64,
}

impl CellAxis {
    /// An axis of integer units, one per cell, starting at `start`.
    pub fn integers(label: &str, start: i64) -> CellAxis {
        CellAxis {
            label: label.to_string(),
            start: start as f64,
            step: 1.0,
        }
    }
}

/// What the cells of a raster or strip hold.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Cells {
    /// A category index per cell (into `categories`); a categorical legend names them.
    Categories {
        /// The index of each cell's category.
        indices: Vec<u32>,
        /// The legend.
        categories: Vec<Category>,
    },
    /// A value per cell (`None`: no value, drawn blank), on the palette's perceptual map with
    /// a labelled colour bar.
    Values {
        /// The value of each cell.
        values: Vec<Option<f64>>,
        /// The colour bar's label.
        label: String,
        /// A logarithmic colour bar (positive values).
        scale: Scale,
    },
}

impl Cells {
    /// How many cells there are.
    pub fn len(&self) -> usize {
        match self {
            Cells::Categories { indices, .. } => indices.len(),
            Cells::Values { values, .. } => values.len(),
        }
    }

    /// Whether there are no cells.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// A `width` × `height` field of cells, row by row from the bottom row (lowest y) up.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Raster {
    /// Cells per row.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// The horizontal axis.
    pub x: CellAxis,
    /// The vertical axis.
    pub y: CellAxis,
    /// The cells.
    pub cells: Cells,
}

/// One cell per heap in a row, with heap-number ticks.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Strip {
    /// The heap axis.
    pub x: CellAxis,
    /// The cells.
    pub cells: Cells,
}

impl Figure {
    /// A figure of `body` with the default size (one column), palette and no caption or
    /// provenance.
    pub fn new(title: &str, body: Body) -> Figure {
        Figure {
            title: title.to_string(),
            caption: String::new(),
            provenance: None,
            size: Size::default(),
            palette: Palette::default(),
            body,
        }
    }

    /// Checks that the figure can be drawn: sizes in range, data present and finite, cell
    /// counts matching, category indices in range.
    pub fn validate(&self) -> Result<(), FigureError> {
        let bad = |m: &str| Err(FigureError::Invalid(m.to_string()));
        let s = self.size;
        if !(2.0..=60.0).contains(&s.width_cm) || !(4.0..=24.0).contains(&s.font_pt) {
            return bad("width must be 2-60 cm and text 4-24 pt");
        }
        if !(36..=2400).contains(&s.dpi) {
            return bad("DPI must be 36-2400");
        }
        match &self.body {
            Body::Chart(c) => validate_chart(c),
            Body::Raster(r) => {
                if r.width == 0
                    || r.height == 0
                    || r.width.checked_mul(r.height) != Some(r.cells.len())
                {
                    return bad("a raster needs width × height cells");
                }
                validate_cells(&r.cells, &[&r.x, &r.y])
            }
            Body::Strip(st) => {
                if st.cells.is_empty() {
                    return bad("a strip needs at least one cell");
                }
                validate_cells(&st.cells, &[&st.x])
            }
            Body::Tree(t) => t.validate(),
            Body::Circle(c) => c.validate(),
        }
    }

    /// The legend: each name with its colour, in order (series, categories, or the colour
    /// bar's sampled colours under its label).
    pub fn legend(&self) -> Vec<(String, Rgb)> {
        match &self.body {
            Body::Chart(c) => c
                .series
                .iter()
                .enumerate()
                .map(|(i, s)| (s.name.clone(), self.palette.category(i)))
                .collect(),
            Body::Raster(Raster { cells, .. }) | Body::Strip(Strip { cells, .. }) => match cells {
                Cells::Categories { categories, .. } => categories
                    .iter()
                    .enumerate()
                    .map(|(i, c)| {
                        (
                            legend_text(c, categories),
                            self.category_colour(categories, i),
                        )
                    })
                    .collect(),
                Cells::Values { label, .. } => (0..crate::palette::BAR_STEPS)
                    .map(|i| (label.clone(), self.palette.step(i)))
                    .collect(),
            },
            Body::Tree(t) => t.legend(self.palette),
            Body::Circle(c) => c.legend(self.palette),
        }
    }

    /// The colour of category `i` of `categories`: its fixed colour or the palette's.
    pub(crate) fn category_colour(&self, categories: &[Category], i: usize) -> Rgb {
        categories
            .get(i)
            .and_then(|c| c.colour)
            .unwrap_or_else(|| self.palette.category(i))
    }
}

/// The legend text of a category: its name, and with a count, the count and its share of all
/// counted cells (e.g. `periodic 812 (40.6%)`).
pub fn legend_text(c: &Category, all: &[Category]) -> String {
    let total: u64 = all.iter().filter_map(|c| c.count).sum();
    match c.count {
        Some(n) if total > 0 => format!("{} {n} ({:.1}%)", c.name, 100.0 * n as f64 / total as f64),
        Some(n) => format!("{} {n}", c.name),
        None => c.name.clone(),
    }
}

/// Checks a chart's series and axes.
fn validate_chart(c: &Chart) -> Result<(), FigureError> {
    let bad = |m: String| Err(FigureError::Invalid(m));
    if c.series.iter().all(|s| s.points.is_empty()) {
        return bad("a chart needs at least one point".into());
    }
    for (axis, pick) in [(&c.x, 0), (&c.y, 1)] {
        if let Some((a, b)) = axis.range {
            if !(a.is_finite() && b.is_finite() && a < b) {
                return bad(format!(
                    "the range of '{}' must be finite and increasing",
                    axis.label
                ));
            }
        }
        for s in &c.series {
            for p in &s.points {
                let v = if pick == 0 { p.0 } else { p.1 };
                if !v.is_finite() || (axis.scale == Scale::Log && v <= 0.0) {
                    return bad(format!(
                        "series '{}' has a value {v} that '{}' cannot show",
                        s.name, axis.label
                    ));
                }
            }
        }
    }
    Ok(())
}

/// Checks cell axes, category indices and values.
fn validate_cells(cells: &Cells, axes: &[&CellAxis]) -> Result<(), FigureError> {
    let bad = |m: &str| Err(FigureError::Invalid(m.to_string()));
    if axes
        .iter()
        .any(|a| !(a.start.is_finite() && a.step.is_finite() && a.step > 0.0))
    {
        return bad("cell axes need a finite start and a positive step");
    }
    match cells {
        Cells::Categories {
            indices,
            categories,
        } => {
            if indices.iter().any(|&i| i as usize >= categories.len()) {
                return bad("a cell's category is not in the legend");
            }
        }
        Cells::Values { values, scale, .. } => {
            let wrong = |v: &f64| !v.is_finite() || (*scale == Scale::Log && *v <= 0.0);
            if values.iter().flatten().any(wrong) {
                return bad("values must be finite (and positive on a log scale)");
            }
        }
    }
    Ok(())
}
