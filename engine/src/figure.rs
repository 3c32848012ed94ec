//! Rendering shared by the web page and the CLI, so both draw identical pictures: RGBA pixel
//! buffers for maps and the colour legends that go with them.

pub use crate::colour::ramp;
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
}
