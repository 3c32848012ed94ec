//! Pictures of a window of two-heap positions: P/N outcomes with their counts, or nim-values
//! on the perceptual palette with a colour bar. The plane (`heaplab plane`, x/y) and pair
//! rulesets (`heaplab rules`, a/b) draw their windows from here.

use super::page_link;
use crate::{
    value_pixels, value_span, Body, Category, CellAxis, Cells, Figure, Palette, Raster, Scale,
};
use heaplab_engine::plane::{Grid, MoveSet, NimGrid};

/// The most cells a side of a figure shows: a window beyond it is shown from its corner
/// `(0, 0)` (every run of equal cells is one rectangle; more is unreadable in print).
pub const MAX_SIDE: usize = 500;

/// A `width × height` window (`x` along, `y` up, both from 0) as P- and N-positions with
/// their counts and shares; `is_p(x, y)` tells a P-position.
pub fn outcome_raster(
    (width, height): (usize, usize),
    (x, y): (&str, &str),
    is_p: impl Fn(usize, usize) -> bool,
) -> Body {
    let (w, h) = (width.min(MAX_SIDE), height.min(MAX_SIDE));
    let indices: Vec<u32> = (0..w * h)
        .map(|i| u32::from(is_p(i % w.max(1), i / w.max(1))))
        .collect();
    let p = indices.iter().filter(|&&i| i == 1).count() as u64;
    let category = |name: &str, n: u64| Category {
        count: Some(n),
        ..Category::new(name)
    };
    Body::Raster(Raster {
        width: w,
        height: h,
        x: CellAxis::integers(x, 0),
        y: CellAxis::integers(y, 0),
        cells: Cells::Categories {
            categories: vec![
                category("N-position", indices.len() as u64 - p),
                category("P-position", p),
            ],
            indices,
        },
    })
}

/// A `width × height` window of nim-values (`value(x, y)`) on the palette's perceptual map,
/// with a colour bar labelled "nim-value".
pub fn value_raster(
    (width, height): (usize, usize),
    (x, y): (&str, &str),
    value: impl Fn(usize, usize) -> f64,
) -> Body {
    let (w, h) = (width.min(MAX_SIDE), height.min(MAX_SIDE));
    Body::Raster(Raster {
        width: w,
        height: h,
        x: CellAxis::integers(x, 0),
        y: CellAxis::integers(y, 0),
        cells: Cells::Values {
            values: (0..w * h)
                .map(|i| Some(value(i % w.max(1), i / w.max(1))))
                .collect(),
            label: "nim-value".into(),
            scale: Scale::Linear,
        },
    })
}

/// The colour-bar span of a window's nim-values: `0..max` (`0..1` when all are 0).
pub fn nim_span(nim: &NimGrid) -> (f64, f64) {
    value_span(nim.values.iter().map(|&v| f64::from(v))).unwrap_or((0.0, 1.0))
}

/// RGBA pixels of a window's nim-values (`y = 0` at the bottom), one per cell, in the colours
/// of [`value_raster`]'s figure: the page's canvas and the CLI's `--out` PNG.
pub fn nim_pixels(nim: &NimGrid, palette: Palette) -> Vec<u8> {
    let size = (nim.width as usize, nim.height as usize);
    value_pixels(palette, size, nim_span(nim), |x, y| {
        f64::from(nim.get(x as u32, y as u32).unwrap_or(0))
    })
}

/// The shown part of a window, as a title says it: `x in 0..W, y in 0..H`.
pub fn window_text((width, height): (usize, usize), (x, y): (&str, &str)) -> String {
    format!(
        "{x} in 0..{}, {y} in 0..{}",
        width.min(MAX_SIDE),
        height.min(MAX_SIDE)
    )
}

/// The `#/plane` link of the same view, as the web page writes it.
pub fn plane_link(moves: &MoveSet, width: u32, height: u32, grundy: bool) -> String {
    let moves: Vec<String> = moves
        .moves()
        .iter()
        .map(|(a, b)| format!("{a},{b}"))
        .collect();
    let (w, h) = (width.to_string(), height.to_string());
    let mode = if grundy { "grundy" } else { "outcome" };
    page_link(
        "plane",
        &[
            ("moves", &moves.join(";")),
            ("w", &w),
            ("h", &h),
            ("mode", mode),
        ],
    )
}

/// The plane's window as a figure: P/N with counts, or the nim-values when `nim` is given.
pub fn plane_figure(moves: &MoveSet, grid: &Grid, nim: Option<&NimGrid>) -> Figure {
    let size = (grid.width as usize, grid.height as usize);
    let axes = ("x", "y");
    let (body, what) = match nim {
        Some(nim) => (
            value_raster(size, axes, |x, y| {
                f64::from(nim.get(x as u32, y as u32).unwrap_or(0))
            }),
            "nim-values",
        ),
        None => (
            outcome_raster(size, axes, |x, y| grid.is_p(x as u32, y as u32)),
            "outcomes",
        ),
    };
    let title = format!(
        "2-D subtraction {}: {what}, {}",
        moves.to_text(),
        window_text(size, axes)
    );
    Figure {
        caption: format!(
            "{} P-positions in the {}×{} window.",
            grid.p_count(),
            grid.width,
            grid.height
        ),
        ..Figure::new(&title, body)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use heaplab_engine::{plane, Budget};

    #[test]
    fn nim_pixels_match_the_figure_and_the_outcomes() {
        let moves = MoveSet::parse("(1,2) (2,1) (1,1)").unwrap();
        let grid = plane::grid(&moves, 9, 7, &mut Budget::unlimited()).unwrap();
        let nim = plane::nim_values(&moves, 9, 7, &mut Budget::unlimited()).unwrap();
        let palette = Palette::ColourBlind;
        let rgba = nim_pixels(&nim, palette);
        let svg = plane_figure(&moves, &grid, Some(&nim))
            .with_export(crate::Size::ONE_COLUMN, palette, None)
            .to_svg()
            .unwrap()
            .to_uppercase();
        let zero = palette.value(0.0, nim_span(&nim));
        for (i, px) in rgba.chunks_exact(4).enumerate() {
            let (x, y) = ((i % 9) as u32, 6 - (i / 9) as u32);
            let rgb = crate::Rgb(px[0], px[1], px[2]);
            assert!(svg.contains(&rgb.hex()), "({x}, {y}): {}", rgb.hex());
            // Value 0 (the darkest colour) exactly at the P-positions.
            assert_eq!(rgb == zero, grid.is_p(x, y), "({x}, {y})");
        }
        assert!(nim.max() >= 2, "the test needs several values");
    }
}
