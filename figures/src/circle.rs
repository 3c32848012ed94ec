//! Circle diagrams, the style of Figures 1 and 2 of the cumulative-subtraction paper: marks
//! evenly round a circle, clockwise from the top, each with its inside label (a heap or a
//! residue) and its outside label (an action or an outcome); highlighted marks (a sacrifice)
//! in the accent colour and bold. The SVG and TikZ writers place them by the one
//! [`CircleGeometry`].

use serde::{Deserialize, Serialize};
use std::f64::consts::{FRAC_PI_2, TAU};

use crate::palette::{Palette, Rgb};
use crate::FigureError;

/// The most marks a circle diagram holds (its labels would touch beyond this).
pub const MAX_CIRCLE_MARKS: usize = 400;

/// A circle diagram: its marks, what the outside labels are, and what a highlight means.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CircleFigure {
    /// The marks, clockwise from the top.
    pub marks: Vec<CircleMark>,
    /// What the outside labels are (the legend's first entry), e.g. `outcome o(x)`.
    pub outside: String,
    /// What a highlighted mark means (the legend's second entry), e.g. `a sacrifice`.
    pub highlighted: String,
}

/// One mark of a circle diagram.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CircleMark {
    /// The label inside the circle.
    pub inside: String,
    /// The label outside the circle.
    pub outside: String,
    /// Drawn in the accent colour, bold.
    pub highlight: bool,
}

impl CircleFigure {
    /// Checks the number of marks.
    pub fn validate(&self) -> Result<(), FigureError> {
        if self.marks.is_empty() || self.marks.len() > MAX_CIRCLE_MARKS {
            return Err(FigureError::Invalid(format!(
                "a circle diagram needs 1 to {MAX_CIRCLE_MARKS} marks"
            )));
        }
        Ok(())
    }

    /// The ink (the circle, the ticks and the labels) and the accent (highlighted labels).
    pub fn colours(palette: Palette) -> (Rgb, Rgb) {
        let accent = match palette {
            Palette::ColourBlind => Rgb(0xD5, 0x5E, 0x00),
            Palette::Grey => Rgb(0x80, 0x80, 0x80),
        };
        (Rgb(0x22, 0x22, 0x22), accent)
    }

    /// The legend: the outside labels' colour, and the highlight's when a mark has it.
    pub fn legend(&self, palette: Palette) -> Vec<(String, Rgb)> {
        let (ink, accent) = Self::colours(palette);
        let mut entries = vec![(self.outside.clone(), ink)];
        if self.marks.iter().any(|m| m.highlight) {
            entries.push((self.highlighted.clone(), accent));
        }
        entries
    }
}

/// Where a circle diagram's parts go, in figure units with y downwards.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct CircleGeometry {
    /// The centre.
    pub centre: (f64, f64),
    /// The radius.
    pub r: f64,
    /// The height of the diagram.
    pub height: f64,
    /// The labels' size in units of the figure's text size (below 1 when marks are many).
    pub text_scale: f64,
    /// The figure's text size.
    pub font: f64,
    /// The number of marks.
    n: usize,
}

impl CircleGeometry {
    /// The geometry of `c` in figure `fig`: as large as the width allows (at most 24 text
    /// sizes across), the labels shrunk (to 0.6 at least) so that neighbours do not touch.
    pub fn for_figure(fig: &crate::Figure, c: &CircleFigure) -> CircleGeometry {
        let per_pt = crate::svg::UNITS_PER_PT;
        let width = fig.size.width_pt() * per_pt;
        let font = fig.size.font_pt * per_pt;
        let chars = |f: fn(&CircleMark) -> &str| {
            let widest = c.marks.iter().map(|m| f(m).chars().count()).max();
            widest.unwrap_or(1) as f64 * font * crate::svg::CHAR_EM
        };
        let outside = chars(|m| m.outside.as_str());
        let inside = chars(|m| m.inside.as_str());
        let margin = outside + font * 1.5;
        let r = (width / 2.0 - margin).min(font * 12.0).max(font * 3.0);
        let n = c.marks.len().max(1);
        let arc = TAU * r / n as f64;
        let text_scale = (arc / (inside.max(outside).max(font * 0.6) + font * 0.4)).clamp(0.6, 1.0);
        CircleGeometry {
            centre: (width / 2.0, margin + r),
            r,
            height: 2.0 * (margin + r),
            text_scale,
            font,
            n,
        }
    }

    /// The point at `radius` from the centre in the direction of mark `i`.
    pub fn point(&self, i: usize, radius: f64) -> (f64, f64) {
        let angle = TAU * i as f64 / self.n as f64 - FRAC_PI_2;
        (
            self.centre.0 + radius * angle.cos(),
            self.centre.1 + radius * angle.sin(),
        )
    }

    /// Mark `i`'s tick: from inside the circle to outside it.
    pub fn tick(&self, i: usize) -> ((f64, f64), (f64, f64)) {
        let half = self.font * 0.3;
        (self.point(i, self.r - half), self.point(i, self.r + half))
    }

    /// Where mark `i`'s inside and outside labels are centred.
    pub fn labels(&self, i: usize) -> ((f64, f64), (f64, f64)) {
        let gap = self.font * (0.7 + 0.6 * self.text_scale);
        (self.point(i, self.r - gap), self.point(i, self.r + gap))
    }

    /// The line width of the circle and the ticks.
    pub fn line(&self) -> f64 {
        self.font * 0.1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Body, Figure, Size};

    fn circle(n: usize) -> CircleFigure {
        CircleFigure {
            marks: (0..n)
                .map(|i| CircleMark {
                    inside: i.to_string(),
                    outside: if i % 3 == 0 { "P" } else { "N" }.into(),
                    highlight: i == 1,
                })
                .collect(),
            outside: "outcome o(x)".into(),
            highlighted: "a sacrifice".into(),
        }
    }

    #[test]
    fn marks_go_clockwise_from_the_top_and_fit_the_width() {
        let c = circle(12);
        let fig = Figure::new("c", Body::Circle(c.clone()));
        let g = CircleGeometry::for_figure(&fig, &c);
        let width = Size::ONE_COLUMN.width_pt() * crate::svg::UNITS_PER_PT;
        let (top, right) = (g.point(0, g.r), g.point(3, g.r));
        assert!((top.0 - g.centre.0).abs() < 1e-9 && top.1 < g.centre.1);
        assert!(right.0 > g.centre.0 && (right.1 - g.centre.1).abs() < 1e-9);
        for i in 0..12 {
            let (_, (x, y)) = g.labels(i);
            assert!(
                x > 0.0 && x < width && y > 0.0 && y < g.height,
                "{i}: ({x}, {y})"
            );
        }
        assert_eq!(g.text_scale, 1.0);
        assert!(CircleGeometry::for_figure(&fig, &circle(200)).text_scale < 1.0);
    }

    #[test]
    fn the_legend_names_the_highlight_only_when_used() {
        let mut c = circle(4);
        assert_eq!(c.legend(Palette::ColourBlind).len(), 2);
        c.marks[1].highlight = false;
        assert_eq!(c.legend(Palette::Grey).len(), 1);
        assert!(circle(0).validate().is_err());
        assert!(circle(MAX_CIRCLE_MARKS + 1).validate().is_err());
    }
}
