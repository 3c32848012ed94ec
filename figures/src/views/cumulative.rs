//! Cumulative subtraction (Stewart's `G_s`) as figures: the circle diagrams of the paper's
//! Figures 1 and 2, the two-pile heatmap of `o(x1, x2)` with a colour bar, and the
//! truncated-support sequence `tr^m` as a chart with integer ticks.

use super::page_link;
use crate::{
    value_pixels, value_span, Axis, Body, CellAxis, Cells, Chart, CircleFigure, CircleMark, Figure,
    Palette, Raster, Scale, Series, SeriesStyle,
};
use heaplab_engine::cumulative_subtraction::{CircleDiagrams, CircleMark as EngineMark};
use heaplab_engine::ruleset::NumberSet;

/// The `#/cumulative-subtraction` link of the same view, as the web page writes it (every key,
/// the page's defaults for those the CLI does not set): `set` in the page's text,
/// `(width, height)` the two-pile window and `m` the truncated-support explorer's `m`.
pub fn cumulative_link(set: &str, terms: u64, (width, height): (u32, u32), m: u32) -> String {
    let (n, w, h, m) = (
        terms.to_string(),
        width.to_string(),
        height.to_string(),
        m.to_string(),
    );
    page_link(
        "cumulative-subtraction",
        &[
            ("S", set),
            ("n", &n),
            ("p", "0"),
            ("first", "positive"),
            ("w", &w),
            ("h", &h),
            ("zoom", "6"),
            ("m", &m),
            ("heap", "7"),
        ],
    )
}

/// The circle diagrams of the paper's Figures 1 and 2 for `set`, in figure order, each with
/// its file key: `fig1` (two actions `{s2 < s1}` only), `fig2-initial`, and `fig2-converged`
/// when Corollary 5's period was proven. A highlighted mark is a sacrifice.
pub fn circle_figures(set: &NumberSet, d: &CircleDiagrams) -> Vec<(&'static str, Figure)> {
    let m = set.max();
    let mut out = Vec::new();
    let mut add = |key, title: String, (outside, caption): (&str, String), marks: &[EngineMark]| {
        let body = Body::Circle(CircleFigure {
            marks: marks
                .iter()
                .map(|k| CircleMark {
                    inside: k.inside.clone(),
                    outside: k.outside.clone(),
                    highlight: k.highlight,
                })
                .collect(),
            outside: outside.to_string(),
            highlighted: "a sacrifice".to_string(),
        });
        out.push((
            key,
            Figure {
                caption,
                ..Figure::new(&title, body)
            },
        ));
    };
    if let (Some(marks), [s2, s1]) = (&d.actions, set.elements()) {
        let modulus = s1 + s2;
        let caption = format!("Inside: the residue r mod {modulus}; outside: the optimal actions of the heaps x with x mod {modulus} = r before convergence.");
        let title = format!("Figure 1: opt before convergence, x mod {modulus}");
        add("fig1", title, ("optimal actions", caption), marks);
    }
    let caption = "Inside: the heap x; outside: its outcome o(x).".to_string();
    let title = format!("Figure 2 (top): o(x) for x = 0 to {}", 2 * m - 1);
    add("fig2-initial", title, ("outcome o(x)", caption), &d.initial);
    if let Some(marks) = &d.converged {
        let caption = format!("Inside: the residue r mod {}; outside: the outcome on that class once the proven period has begun.", 2 * m);
        let title = format!("Figure 2 (bottom): o at convergence, x mod {}", 2 * m);
        add(
            "fig2-converged",
            title,
            ("outcome at convergence", caption),
            marks,
        );
    }
    out
}

/// The two-pile outcomes `grid[x2][x1] = o(x1, x2)` as a heatmap: `x1` along, `x2` up, each
/// cell its value on the perceptual map with a colour bar (at most
/// [`MAX_SIDE`](super::plane::MAX_SIDE) cells a side, from `(0, 0)`).
pub fn heatmap_figure(set: &str, grid: &[Vec<u32>]) -> Figure {
    let side = super::plane::MAX_SIDE;
    let height = grid.len().min(side);
    let width = grid.first().map_or(0, Vec::len).min(side);
    let values = grid[..height]
        .iter()
        .flat_map(|row| (0..width).map(|x| row.get(x).map(|&v| f64::from(v))))
        .collect();
    let body = Body::Raster(Raster {
        width,
        height,
        x: CellAxis::integers("x1", 0),
        y: CellAxis::integers("x2", 0),
        cells: Cells::Values {
            values,
            label: "outcome o(x1, x2)".into(),
            scale: Scale::Linear,
        },
    });
    let title = format!(
        "Two-pile cumulative subtraction S = {{{set}}}, x1 in 0..{width}, x2 in 0..{height}"
    );
    Figure {
        caption: "The final score o(x1, x2) of optimal play from heaps (x1, x2).".into(),
        ..Figure::new(&title, body)
    }
}

/// The colour-bar span of a two-pile grid (`grid[x2][x1]`): its least to its greatest
/// outcome (`0..1` for an empty grid).
pub fn heatmap_span(grid: &[Vec<u32>]) -> (f64, f64) {
    value_span(grid.iter().flatten().map(|&v| f64::from(v))).unwrap_or((0.0, 1.0))
}

/// RGBA pixels of a two-pile grid, one per position, `x1` across and `x2` up, in the colours
/// of [`heatmap_figure`]: the page's canvas and the CLI's `--out` PNG.
pub fn heatmap_pixels(grid: &[Vec<u32>], palette: Palette) -> Vec<u8> {
    let width = grid.first().map_or(0, Vec::len);
    value_pixels(palette, (width, grid.len()), heatmap_span(grid), |x, y| {
        f64::from(grid[y].get(x).copied().unwrap_or(0))
    })
}

/// `tr^m` against `a = 1, …, m-1` (`tr[a-1]` is `tr^m_a`) as points on integer axes.
pub fn truncated_figure(m: u32, tr: &[u64]) -> Figure {
    let points = tr
        .iter()
        .enumerate()
        .map(|(i, &t)| (i as f64 + 1.0, t as f64))
        .collect();
    let body = Body::Chart(Chart {
        x: Axis::new("a (the game {a, …, m})", true),
        y: Axis::new(&format!("truncated support tr(a), m = {m}"), true),
        series: vec![Series {
            name: format!("tr(a) for m = {m}"),
            style: SeriesStyle::Points,
            points,
        }],
    });
    Figure {
        caption: format!("The truncated-support sequence of the games {{a, …, {m}}}."),
        ..Figure::new(
            &format!(
                "Truncated support sequence, m = {m}, a = 1 to {}",
                m.saturating_sub(1)
            ),
            body,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_canvas_pixels_use_the_figures_colours() {
        // o(x1, x2) = (x1 + 2 x2) mod 5 on a 6 × 4 window: values 0..4.
        let grid: Vec<Vec<u32>> = (0..4)
            .map(|y| (0..6).map(|x| (x + 2 * y) % 5).collect())
            .collect();
        assert_eq!(heatmap_span(&grid), (0.0, 4.0));
        let palette = Palette::ColourBlind;
        let rgba = heatmap_pixels(&grid, palette);
        // The top-left pixel is (x1, x2) = (0, 3); the bottom-right is (5, 0).
        let rgb = |i: usize| crate::Rgb(rgba[i * 4], rgba[i * 4 + 1], rgba[i * 4 + 2]);
        assert_eq!(rgb(0), palette.value(1.0, (0.0, 4.0)));
        assert_eq!(rgb(23), palette.value(0.0, (0.0, 4.0)));
        let svg = heatmap_figure("1,2", &grid)
            .with_export(crate::Size::ONE_COLUMN, palette, None)
            .to_svg()
            .unwrap()
            .to_uppercase();
        for i in 0..24 {
            assert!(svg.contains(&rgb(i).hex()), "pixel {i}: {}", rgb(i).hex());
        }
    }
}
