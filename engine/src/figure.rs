//! Rendering shared by the web page and the CLI, so both draw identical pictures: RGBA pixel
//! buffers for maps and the colour legends that go with them.

pub use crate::colour::ramp;
pub use crate::cumulative_subtraction::CircleMark;
use crate::period_map::{Cell, CellClass, Window};

/// How a period map is coloured.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Colouring {
    /// By class (survey Figure 1): black diagonal, three grays for the pair sums, white else.
    Class,
    /// By the period length on a log scale.
    LogPeriod,
    /// By the preperiod length on a log scale.
    LogPreperiod,
}

impl Colouring {
    /// The name used in URLs and the CLI: `class`, `period` or `preperiod`.
    pub fn name(self) -> &'static str {
        match self {
            Colouring::Class => "class",
            Colouring::LogPeriod => "period",
            Colouring::LogPreperiod => "preperiod",
        }
    }

    /// Reads a name written by [`Colouring::name`].
    pub fn from_name(name: &str) -> Option<Self> {
        [
            Colouring::Class,
            Colouring::LogPeriod,
            Colouring::LogPreperiod,
        ]
        .into_iter()
        .find(|c| c.name() == name)
    }
}

/// The light grey of "not a ruleset" cells: grey like the rest of the class map, and lighter
/// than every pair-sum grey, so the triangle reads as background in the map and its figure.
pub const INVALID_GREY: [u8; 3] = [228, 228, 228];

/// The colour of a class in the survey's Figure 1 scheme (unresolved is red, "not a ruleset"
/// [`INVALID_GREY`]).
pub fn class_colour(class: CellClass) -> [u8; 3] {
    match class {
        CellClass::Diagonal => [0, 0, 0],
        CellClass::S2S3 => [211, 211, 211],
        CellClass::S1S3 => [150, 150, 150],
        CellClass::S1S2 => [90, 90, 90],
        CellClass::Other => [255, 255, 255],
        CellClass::Unresolved => [214, 39, 40],
        CellClass::Invalid => INVALID_GREY,
    }
}

/// The largest value a log-scale colouring of `cells` spans (at least 1).
pub fn log_scale_max(cells: &[Cell], colouring: Colouring) -> u64 {
    cells
        .iter()
        .filter_map(|c| log_value(c, colouring))
        .max()
        .unwrap_or(1)
        .max(1)
}

fn log_value(cell: &Cell, colouring: Colouring) -> Option<u64> {
    match colouring {
        Colouring::Class => None,
        Colouring::LogPeriod => cell.period,
        Colouring::LogPreperiod => cell.preperiod,
    }
}

/// The colour of one cell; `scale_max` comes from [`log_scale_max`] over the whole map.
pub fn cell_colour(cell: &Cell, colouring: Colouring, scale_max: u64) -> [u8; 3] {
    if colouring == Colouring::Class
        || matches!(cell.class, CellClass::Unresolved | CellClass::Invalid)
    {
        return class_colour(cell.class);
    }
    let value = log_value(cell, colouring).unwrap_or(0);
    ramp(((value + 1) as f64).ln() / ((scale_max + 1) as f64).ln())
}

/// RGBA pixels of a map, one pixel per ruleset: `x` grows to the right and `y` grows upwards
/// (the top row is `y1 - 1`). `cells` are in [`crate::period_map::compute`] order; missing
/// cells (a map still being computed) are transparent.
pub fn render_map(cells: &[Cell], window: Window, colouring: Colouring) -> Vec<u8> {
    let width = (window.x1 - window.x0) as usize;
    let height = (window.y1 - window.y0) as usize;
    let mut rgba = vec![0u8; width * height * 4];
    let scale_max = log_scale_max(cells, colouring);
    for cell in cells {
        if !(window.x0..window.x1).contains(&cell.x) || !(window.y0..window.y1).contains(&cell.y) {
            continue;
        }
        let col = (cell.x - window.x0) as usize;
        let row = height - 1 - (cell.y - window.y0) as usize;
        let at = (row * width + col) * 4;
        let [r, g, b] = cell_colour(cell, colouring, scale_max);
        rgba[at..at + 4].copy_from_slice(&[r, g, b, 255]);
    }
    rgba
}

/// `#rrggbb` for a colour.
pub fn hex(rgb: [u8; 3]) -> String {
    format!("#{:02x}{:02x}{:02x}", rgb[0], rgb[1], rgb[2])
}

/// A circle diagram in the style of Figures 1 and 2 of the cumulative-subtraction paper: the
/// marks evenly round a circle, clockwise from the top, each with its inside and outside
/// label, and `title` above. Only presentation attributes (no `style`), so it can be shown
/// under a strict Content-Security-Policy.
pub fn circle_svg(title: &str, marks: &[CircleMark]) -> String {
    let n = marks.len().max(1) as f64;
    let size = 360.0;
    let (cx, cy, r) = (size / 2.0, size / 2.0 + 14.0, 120.0);
    let font = (14.0 - (n / 12.0)).clamp(8.0, 14.0);
    let mut parts = vec![format!(
        r##"<circle cx="{cx}" cy="{cy}" r="{r}" fill="none" stroke="#555" stroke-width="1.5"/>"##
    )];
    for (i, mark) in marks.iter().enumerate() {
        let angle = std::f64::consts::TAU * i as f64 / n - std::f64::consts::FRAC_PI_2;
        let at = |radius: f64| (cx + radius * angle.cos(), cy + radius * angle.sin());
        let (tx, ty) = at(r - 4.0);
        let (ox, oy) = at(r + 4.0);
        let (ix, iy) = at(r - 16.0);
        let (ex, ey) = at(r + 18.0);
        let colour = if mark.highlight { "#c62828" } else { "#111" };
        parts.push(format!(
            r##"<line x1="{tx:.1}" y1="{ty:.1}" x2="{ox:.1}" y2="{oy:.1}" stroke="#555"/><text x="{ix:.1}" y="{iy:.1}" font-family="sans-serif" font-size="{font:.0}" fill="#555" text-anchor="middle" dominant-baseline="middle">{}</text><text x="{ex:.1}" y="{ey:.1}" font-family="sans-serif" font-size="{font:.0}" fill="{colour}" font-weight="{}" text-anchor="middle" dominant-baseline="middle" class="circle-outside">{}</text>"##,
            xml_escape(&mark.inside),
            if mark.highlight { "bold" } else { "normal" },
            xml_escape(&mark.outside)
        ));
    }
    format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{h}" viewBox="0 0 {size} {h}" role="img"><title>{t}</title><rect width="100%" height="100%" fill="#fff"/><text x="{cx}" y="18" font-family="sans-serif" font-size="14" text-anchor="middle">{t}</text>{}</svg>"##,
        parts.join(""),
        h = size + 28.0,
        t = xml_escape(title)
    )
}

/// Escapes text for SVG/XML content.
pub fn xml_escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::period_map::{self, Family};

    #[test]
    fn maps_put_each_cell_at_its_pixel() {
        let window = Window {
            x0: 1,
            x1: 6,
            y0: 2,
            y1: 7,
        };
        let family = Family::ThreeMove { s3: 7 };
        let cells =
            period_map::compute(family, window, 1 << 16, &mut crate::Budget::unlimited()).unwrap();
        let rgba = render_map(&cells, window, Colouring::Class);
        for cell in &cells {
            let row = (window.y1 - 1 - cell.y) as usize;
            let col = (cell.x - window.x0) as usize;
            let at = (row * 5 + col) * 4;
            assert_eq!(rgba[at..at + 3], class_colour(cell.class), "{cell:?}");
        }
        // {2, 5, 7} is on the diagonal: black.
        let at = ((window.y1 - 1 - 5) as usize * 5 + (2 - 1)) * 4;
        assert_eq!(rgba[at..at + 4], [0, 0, 0, 255]);
    }

    #[test]
    fn ramp_ends_and_names_round_trip() {
        assert_eq!(ramp(0.0), [68, 1, 84]);
        assert_eq!(ramp(1.0), [253, 231, 37]);
        assert_eq!(ramp(f64::NAN), ramp(0.0));
        for c in [
            Colouring::Class,
            Colouring::LogPeriod,
            Colouring::LogPreperiod,
        ] {
            assert_eq!(Colouring::from_name(c.name()), Some(c));
        }
    }

    #[test]
    fn circle_svgs() {
        let marks: Vec<CircleMark> = (0..12)
            .map(|i| CircleMark {
                inside: i.to_string(),
                outside: format!("<{i}>"),
                highlight: i == 5,
            })
            .collect();
        let svg = circle_svg("a & b", &marks);
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
        assert_eq!(svg.matches("class=\"circle-outside\"").count(), 12);
        assert!(svg.contains("&lt;5&gt;") && svg.contains("a &amp; b"));
        assert!(!svg.contains("style="));
    }
}
