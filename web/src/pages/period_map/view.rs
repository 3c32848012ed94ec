//! Window arithmetic for zooming and panning a map, and mapping canvas pixels to rulesets.
//! Pure functions: every result is a valid window (non-empty, coordinates in
//! `0..=MAX_FIXED`, at most `MAX_PIXELS` pixels), whatever the input.

use heaplab_engine::period_map::{Window, MAX_FIXED, MAX_PIXELS};

/// The smallest width or height zooming in goes down to.
pub const MIN_SIDE: u32 = 4;

/// One side `lo..hi` scaled by `factor` around `centre` (a coordinate), kept inside
/// `0..=MAX_FIXED` and at least `min_side` long.
fn scale_side(lo: u32, hi: u32, factor: f64, centre: f64, min_side: u32) -> (u32, u32) {
    let len = f64::from(hi - lo);
    let new_len = (len * factor)
        .round()
        .clamp(f64::from(min_side.min(hi - lo)), f64::from(MAX_FIXED));
    let fraction = if len > 0.0 {
        ((centre - f64::from(lo)) / len).clamp(0.0, 1.0)
    } else {
        0.5
    };
    let start = (centre - fraction * new_len).round();
    place(start, new_len as u32)
}

/// A side of length `len` starting near `start`, shifted to fit inside `0..=MAX_FIXED`.
fn place(start: f64, len: u32) -> (u32, u32) {
    let len = len.clamp(1, MAX_FIXED);
    let start = start.clamp(0.0, f64::from(MAX_FIXED - len)) as u32;
    (start, start + len)
}

/// Shrinks a window (around its centre) until it has at most `MAX_PIXELS` pixels.
fn cap_pixels(w: Window) -> Window {
    if w.pixels() <= MAX_PIXELS {
        return w;
    }
    let shrink = (MAX_PIXELS as f64 / w.pixels() as f64).sqrt();
    let side = |lo: u32, hi: u32| {
        let len = ((f64::from(hi - lo) * shrink).floor() as u32).max(1);
        let centre = (f64::from(lo) + f64::from(hi)) / 2.0;
        place((centre - f64::from(len) / 2.0).round(), len)
    };
    let (x0, x1) = side(w.x0, w.x1);
    let (y0, y1) = side(w.y0, w.y1);
    Window { x0, x1, y0, y1 }
}

/// `window` zoomed by `factor` (below 1 zooms in) keeping the point at fractions `(fx, fy)`
/// of the window (from the left and from the bottom) in place.
pub fn zoom(window: Window, factor: f64, fx: f64, fy: f64) -> Window {
    let factor = if factor.is_finite() && factor > 0.0 {
        factor
    } else {
        1.0
    };
    let at = |lo: u32, hi: u32, f: f64| {
        let f = if f.is_finite() {
            f.clamp(0.0, 1.0)
        } else {
            0.5
        };
        f64::from(lo) + f * f64::from(hi - lo)
    };
    let (x0, x1) = scale_side(
        window.x0,
        window.x1,
        factor,
        at(window.x0, window.x1, fx),
        MIN_SIDE,
    );
    let (y0, y1) = scale_side(
        window.y0,
        window.y1,
        factor,
        at(window.y0, window.y1, fy),
        MIN_SIDE,
    );
    cap_pixels(Window { x0, x1, y0, y1 })
}

/// `window` moved by fractions `(dx, dy)` of its size (right and up are positive).
pub fn pan(window: Window, dx: f64, dy: f64) -> Window {
    let shift = |lo: u32, hi: u32, d: f64| {
        let len = hi - lo;
        let d = if d.is_finite() { d } else { 0.0 };
        place((f64::from(lo) + d * f64::from(len)).round(), len)
    };
    let (x0, x1) = shift(window.x0, window.x1, dx);
    let (y0, y1) = shift(window.y0, window.y1, dy);
    cap_pixels(Window { x0, x1, y0, y1 })
}

/// The ruleset `(x, y)` under canvas pixel `(col, row)`, if it is inside the window.
pub fn pixel_to_point(window: Window, col: i64, row: i64) -> Option<(u32, u32)> {
    let width = i64::from(window.x1 - window.x0);
    let height = i64::from(window.y1 - window.y0);
    if !(0..width).contains(&col) || !(0..height).contains(&row) {
        return None;
    }
    let x = i64::from(window.x0) + col;
    let y = i64::from(window.y1) - 1 - row;
    Some((u32::try_from(x).ok()?, u32::try_from(y).ok()?))
}

/// The window covering canvas pixels between two corners (inclusive, in any order), clipped
/// to `window`.
pub fn box_window(window: Window, a: (i64, i64), b: (i64, i64)) -> Option<Window> {
    let width = i64::from(window.x1 - window.x0);
    let height = i64::from(window.y1 - window.y0);
    let clamp = |v: i64, n: i64| v.clamp(0, n - 1);
    let (c0, c1) = (clamp(a.0.min(b.0), width), clamp(a.0.max(b.0), width));
    let (r0, r1) = (clamp(a.1.min(b.1), height), clamp(a.1.max(b.1), height));
    let (x0, y_top) = pixel_to_point(window, c0, r0)?;
    let (x_last, y0) = pixel_to_point(window, c1, r1)?;
    Some(Window {
        x0,
        x1: x_last + 1,
        y0,
        y1: y_top + 1,
    })
}

/// The CSS width that shows a map `columns` canvas pixels wide with every ruleset on the same
/// whole number `k >= 1` of device pixels (`ratio` device px per CSS px), the largest that fits
/// `frame` CSS px: crisp, with no ruleset a pixel wider than its neighbour. `None` when even
/// one device pixel per ruleset does not fit (the map is then scaled to the frame).
pub fn crisp_css_width(columns: u32, frame: f64, ratio: f64) -> Option<f64> {
    let k = (frame * ratio / f64::from(columns.max(1))).floor();
    (k >= 1.0).then(|| f64::from(columns) * k / ratio)
}

#[cfg(test)]
mod tests {
    use super::crisp_css_width;

    #[test]
    fn crisp_widths_put_each_ruleset_on_whole_device_pixels() {
        for columns in [1u32, 40, 41, 333, 1200] {
            for frame in [340.0, 388.0, 718.0] {
                for ratio in [1.0, 1.5, 2.0, 3.0] {
                    match crisp_css_width(columns, frame, ratio) {
                        Some(w) => {
                            let k = w * ratio / f64::from(columns);
                            assert!((k - k.round()).abs() < 1e-9 && k >= 1.0 - 1e-9);
                            assert!(w <= frame && (k + 1.0) * f64::from(columns) / ratio > frame);
                        }
                        None => assert!(f64::from(columns) > frame * ratio),
                    }
                }
            }
        }
    }
}
