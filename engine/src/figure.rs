//! Rendering shared by the web page and the CLI, so both draw identical pictures: RGBA pixel
//! buffers for maps and the colour legends that go with them.

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

/// The colour of a class in the survey's Figure 1 scheme (unresolved is red, invalid pale).
pub fn class_colour(class: CellClass) -> [u8; 3] {
    match class {
        CellClass::Diagonal => [0, 0, 0],
        CellClass::S2S3 => [211, 211, 211],
        CellClass::S1S3 => [150, 150, 150],
        CellClass::S1S2 => [90, 90, 90],
        CellClass::Other => [255, 255, 255],
        CellClass::Unresolved => [214, 39, 40],
        CellClass::Invalid => [232, 238, 247],
    }
}

/// A perceptually ordered ramp (dark blue → teal → yellow) for `t` in `[0, 1]`.
pub fn ramp(t: f64) -> [u8; 3] {
    const STOPS: [[f64; 3]; 5] = [
        [68.0, 1.0, 84.0],
        [59.0, 82.0, 139.0],
        [33.0, 145.0, 140.0],
        [94.0, 201.0, 98.0],
        [253.0, 231.0, 37.0],
    ];
    let t = if t.is_finite() {
        t.clamp(0.0, 1.0)
    } else {
        0.0
    };
    let scaled = t * (STOPS.len() - 1) as f64;
    let i = (scaled.floor() as usize).min(STOPS.len() - 2);
    let f = scaled - i as f64;
    let mut rgb = [0u8; 3];
    for (c, out) in rgb.iter_mut().enumerate() {
        *out = (STOPS[i][c] + (STOPS[i + 1][c] - STOPS[i][c]) * f).round() as u8;
    }
    rgb
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

/// A diverging blue (low) to red (high) colour for `t` in `[0, 1]`, for outcome heatmaps.
pub fn blue_red(t: f64) -> [u8; 3] {
    const STOPS: [[f64; 3]; 3] = [
        [49.0, 54.0, 149.0],
        [247.0, 247.0, 247.0],
        [165.0, 0.0, 38.0],
    ];
    let t = if t.is_finite() {
        t.clamp(0.0, 1.0)
    } else {
        0.0
    };
    let (a, b, f) = if t < 0.5 {
        (STOPS[0], STOPS[1], t * 2.0)
    } else {
        (STOPS[1], STOPS[2], t * 2.0 - 1.0)
    };
    let mut rgb = [0u8; 3];
    for (c, out) in rgb.iter_mut().enumerate() {
        *out = (a[c] + (b[c] - a[c]) * f).round() as u8;
    }
    rgb
}

/// RGBA pixels of a value grid (`grid[y][x]`), coloured [`blue_red`] from 0 to `max`, with
/// `y = 0` at the bottom — the two-pile heatmaps of the cumulative-subtraction paper.
pub fn render_heatmap(grid: &[Vec<u32>], max: u32) -> Vec<u8> {
    let h = grid.len();
    let w = grid.first().map_or(0, Vec::len);
    let mut rgba = vec![255u8; w * h * 4];
    for (y, row) in grid.iter().enumerate() {
        let line = (h - 1 - y) * w * 4;
        for (x, &v) in row.iter().enumerate() {
            let [r, g, b] = blue_red(f64::from(v) / f64::from(max.max(1)));
            rgba[line + x * 4..line + x * 4 + 3].copy_from_slice(&[r, g, b]);
        }
    }
    rgba
}

/// `#rrggbb` for a colour.
pub fn hex(rgb: [u8; 3]) -> String {
    format!("#{:02x}{:02x}{:02x}", rgb[0], rgb[1], rgb[2])
}

/// A standalone SVG legend for a map: one swatch per class with its count, or the log-scale ramp
/// from 1 to `scale_max` for the log colourings.
pub fn legend_svg(counts: &[(CellClass, u64)], colouring: Colouring, scale_max: u64) -> String {
    let mut rows = Vec::new();
    match colouring {
        Colouring::Class => {
            let total: u64 = counts
                .iter()
                .filter(|(c, _)| *c != CellClass::Invalid)
                .map(|(_, n)| n)
                .sum();
            for (i, (class, n)) in counts
                .iter()
                .filter(|(c, _)| *c != CellClass::Invalid)
                .enumerate()
            {
                let y = 10 + i * 22;
                let share = if total > 0 {
                    *n as f64 / total as f64
                } else {
                    0.0
                };
                rows.push(format!(
                    r##"<rect x="10" y="{y}" width="16" height="16" fill="{}" stroke="#555"/><text x="34" y="{}" font-family="sans-serif" font-size="13">{} — {n} ({:.3})</text>"##,
                    hex(class_colour(*class)),
                    y + 13,
                    class.name(),
                    share
                ));
            }
        }
        Colouring::LogPeriod | Colouring::LogPreperiod => {
            for i in 0..=20 {
                rows.push(format!(
                    r#"<rect x="{}" y="10" width="10" height="16" fill="{}"/>"#,
                    10 + i * 10,
                    hex(ramp(f64::from(i) / 20.0))
                ));
            }
            rows.push(format!(
                r#"<text x="10" y="44" font-family="sans-serif" font-size="13">1</text><text x="220" y="44" font-family="sans-serif" font-size="13" text-anchor="end">{scale_max}</text><text x="10" y="64" font-family="sans-serif" font-size="13">{} (log scale)</text>"#,
                if colouring == Colouring::LogPeriod { "period length" } else { "preperiod length" }
            ));
        }
    }
    format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="260" height="{}" viewBox="0 0 260 {}">{}</svg>"#,
        20 + 22 * counts.len().max(3),
        20 + 22 * counts.len().max(3),
        rows.join("")
    )
}

/// Categorical colours for nim-values `1..=9` (value 0 is black).
const NIM_COLOURS: [[u8; 3]; 9] = [
    [31, 119, 180],
    [255, 127, 14],
    [44, 160, 44],
    [214, 39, 40],
    [148, 103, 189],
    [140, 86, 75],
    [227, 119, 194],
    [188, 189, 34],
    [23, 190, 207],
];

/// The colour of nim-value `value` in a picture whose largest value is `max`: 0 is black (the
/// P-positions, as in the outcome pictures), `1..=9` distinct categorical colours when
/// `max <= 9`, else the [`ramp`] from 1 to `max`.
pub fn nim_colour(value: u16, max: u16) -> [u8; 3] {
    match value {
        0 => [0, 0, 0],
        v if max as usize <= NIM_COLOURS.len() => NIM_COLOURS[usize::from(v - 1).min(8)],
        v => ramp(f64::from(v - 1) / f64::from(max.max(2) - 1)),
    }
}

/// A standalone SVG legend for a nim-value picture: one swatch per value with its count and
/// share (`counts[v]` cells have value `v`).
pub fn nim_legend_svg(counts: &[u64]) -> String {
    let max = counts.len().saturating_sub(1) as u16;
    let total: u64 = counts.iter().sum();
    let rows: Vec<String> = counts
        .iter()
        .enumerate()
        .map(|(v, n)| {
            let y = 10 + v * 22;
            let share = if total > 0 {
                *n as f64 / total as f64
            } else {
                0.0
            };
            format!(
                r##"<rect x="10" y="{y}" width="16" height="16" fill="{}" stroke="#555"/><text x="34" y="{}" font-family="sans-serif" font-size="13">nim-value {v}{} — {n} ({share:.3})</text>"##,
                hex(nim_colour(v as u16, max)),
                y + 13,
                if v == 0 { " (P)" } else { "" },
            )
        })
        .collect();
    let height = 20 + 22 * counts.len().max(1);
    format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="300" height="{height}" viewBox="0 0 300 {height}">{}</svg>"#,
        rows.join("")
    )
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
        assert!(
            legend_svg(&period_map::class_counts(&[]), Colouring::Class, 1).starts_with("<svg")
        );
        // Nim colours: 0 black, small values distinct, large ones on the ramp.
        assert_eq!(nim_colour(0, 4), [0, 0, 0]);
        let small: Vec<_> = (0..=9).map(|v| nim_colour(v, 9)).collect();
        for (i, a) in small.iter().enumerate() {
            assert!(small[i + 1..].iter().all(|b| b != a), "{small:?}");
        }
        assert_eq!(nim_colour(1, 40), ramp(0.0));
        assert_eq!(nim_colour(40, 40), ramp(1.0));
        let svg = nim_legend_svg(&[3, 5, 1]);
        assert!(svg.contains("nim-value 0 (P) — 3") && svg.contains("nim-value 2 — 1"));
    }
}
