//! URL state of the 2-D subtraction page, `#/plane?moves=2,6;3,3;6,1;19,6&w=3600&h=2000&mode=outcome`.
//!
//! * `moves`: the move vectors, pairs `a,b` joined by `;` (the form also reads `(2,6) (3,3)` or
//!   one pair per line; the URL always gets the canonical `;` form);
//! * `w`, `h`: the window, `x` in `0..w` across and `y` in `0..h` upwards;
//! * `mode`: `outcome` (P black, N white, survey Figure 2) or `grundy` (nim-values as colours);
//! * `zoom` and `at` (optional): the view — magnification (1 shows the whole window) and the
//!   centre `x,y` of the view in cell coordinates.
//!
//! Missing keys take the survey's Figure 2 (`#/plane` is its whole 3600 × 2000 window). A bad
//! value is kept as text and reported by [`PlaneQuery::validate`], one message per parameter.

use heaplab_engine::plane::{self, MoveSet, MAX_NIM_CELLS};
use heaplab_engine::ruleset::parse_count;
use heaplab_engine::EngineError;

use super::{format_query, parse_query};

/// The survey's Figure 2 ruleset, in URL form.
pub const FIGURE_2_MOVES: &str = "2,6;3,3;6,1;19,6";
/// The survey's Figure 2 window width.
pub const FIGURE_2_WIDTH: u32 = 3600;
/// The survey's Figure 2 window height.
pub const FIGURE_2_HEIGHT: u32 = 2000;
/// The widest or tallest window the page draws (browsers' reliable canvas side).
pub const PAGE_MAX_SIDE: u32 = 16_384;
/// The most cells the page computes in outcome mode (one canvas pixel each).
pub const PAGE_MAX_CELLS: u64 = 16_000_000;
/// The most cells the page computes in Grundy mode (the engine's nim-value cap).
pub const PAGE_MAX_NIM_CELLS: u64 = MAX_NIM_CELLS;
/// The largest magnification.
pub const MAX_ZOOM: f64 = 4096.0;

/// What the picture shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PlaneMode {
    /// P-positions black, N-positions white (survey Figure 2).
    Outcome,
    /// Nim-values as colours, 0 black.
    Grundy,
}

impl PlaneMode {
    /// The URL name: `outcome` or `grundy`.
    pub fn name(self) -> &'static str {
        match self {
            PlaneMode::Outcome => "outcome",
            PlaneMode::Grundy => "grundy",
        }
    }

    /// Reads a name written by [`PlaneMode::name`].
    pub fn from_name(name: &str) -> Option<PlaneMode> {
        [PlaneMode::Outcome, PlaneMode::Grundy]
            .into_iter()
            .find(|m| m.name() == name)
    }
}

/// The part of the window on screen: magnification `zoom` (1 = the whole window) around the
/// centre `(cx, cy)`, in cell coordinates (`x` in `0..width`, `y` in `0..height`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct View {
    /// Magnification, `1..=max_zoom`.
    pub zoom: f64,
    /// Centre, horizontally.
    pub cx: f64,
    /// Centre, vertically (upwards).
    pub cy: f64,
}

/// The largest magnification for a window: at least 4 cells stay visible across the shorter
/// side, and at most [`MAX_ZOOM`].
pub fn max_zoom(width: u32, height: u32) -> f64 {
    (f64::from(width.min(height)) / 4.0).clamp(1.0, MAX_ZOOM)
}

impl View {
    /// The whole window.
    pub fn whole(width: u32, height: u32) -> View {
        View {
            zoom: 1.0,
            cx: f64::from(width) / 2.0,
            cy: f64::from(height) / 2.0,
        }
    }

    /// The nearest valid view: zoom in `1..=max_zoom`, and the visible part inside the window.
    pub fn clamped(self, width: u32, height: u32) -> View {
        let (w, h) = (f64::from(width), f64::from(height));
        let zoom = if self.zoom.is_finite() {
            self.zoom.clamp(1.0, max_zoom(width, height))
        } else {
            1.0
        };
        let centre = |c: f64, side: f64| {
            let half = side / zoom / 2.0;
            if c.is_finite() {
                c.clamp(half, side - half)
            } else {
                side / 2.0
            }
        };
        View {
            zoom,
            cx: centre(self.cx, w),
            cy: centre(self.cy, h),
        }
    }

    /// The visible part `(x0, x1, y0, y1)`, in cell coordinates.
    pub fn visible(self, width: u32, height: u32) -> (f64, f64, f64, f64) {
        let (hw, hh) = (
            f64::from(width) / self.zoom / 2.0,
            f64::from(height) / self.zoom / 2.0,
        );
        (self.cx - hw, self.cx + hw, self.cy - hh, self.cy + hh)
    }

    /// Magnified by `factor` (above 1 zooms in), keeping the point at fractions `(fx, fy)` of
    /// the frame (from the left and from the bottom) in place.
    pub fn zoomed(self, factor: f64, fx: f64, fy: f64, width: u32, height: u32) -> View {
        let factor = if factor.is_finite() && factor > 0.0 {
            factor
        } else {
            1.0
        };
        let (x0, x1, y0, y1) = self.visible(width, height);
        let fx = if fx.is_finite() {
            fx.clamp(0.0, 1.0)
        } else {
            0.5
        };
        let fy = if fy.is_finite() {
            fy.clamp(0.0, 1.0)
        } else {
            0.5
        };
        let zoom = (self.zoom * factor).clamp(1.0, max_zoom(width, height));
        let (px, py) = (x0 + fx * (x1 - x0), y0 + fy * (y1 - y0));
        let (nw, nh) = (f64::from(width) / zoom, f64::from(height) / zoom);
        View {
            zoom,
            cx: px - fx * nw + nw / 2.0,
            cy: py - fy * nh + nh / 2.0,
        }
        .clamped(width, height)
    }

    /// Moved by fractions `(dx, dy)` of the visible part (right and up are positive).
    pub fn panned(self, dx: f64, dy: f64, width: u32, height: u32) -> View {
        let (x0, x1, y0, y1) = self.visible(width, height);
        let d = |v: f64| if v.is_finite() { v } else { 0.0 };
        View {
            cx: self.cx + d(dx) * (x1 - x0),
            cy: self.cy + d(dy) * (y1 - y0),
            ..self
        }
        .clamped(width, height)
    }

    /// The view that shows the cells between two corners (inclusive, any order) as large as
    /// possible.
    pub fn boxed(a: (u32, u32), b: (u32, u32), width: u32, height: u32) -> View {
        let (x0, x1) = (a.0.min(b.0), a.0.max(b.0) + 1);
        let (y0, y1) = (a.1.min(b.1), a.1.max(b.1) + 1);
        let zoom =
            (f64::from(width) / f64::from(x1 - x0)).min(f64::from(height) / f64::from(y1 - y0));
        View {
            zoom,
            cx: f64::from(x0 + x1) / 2.0,
            cy: f64::from(y0 + y1) / 2.0,
        }
        .clamped(width, height)
    }

    /// The CSS transform that shows this view of a canvas drawn at the frame's size, with
    /// `transform-origin: 0 0` (`y = 0` is the canvas's bottom row).
    pub fn css_transform(self, width: u32, height: u32) -> String {
        let (x0, _, _, y1) = self.visible(width, height);
        let left = 100.0 * x0 / f64::from(width);
        let top = 100.0 * (f64::from(height) - y1) / f64::from(height);
        format!(
            "scale({:.6}) translate({:.6}%, {:.6}%)",
            self.zoom, -left, -top
        )
    }

    /// Whether this is (about) the whole window.
    pub fn is_whole(self) -> bool {
        self.zoom <= 1.0 + 1e-9
    }
}

/// A checked plane query: what is computed and how it is shown.
#[derive(Debug, Clone, PartialEq)]
pub struct PlaneParams {
    /// The moves.
    pub moves: MoveSet,
    /// Window width.
    pub width: u32,
    /// Window height.
    pub height: u32,
    /// Outcome or Grundy colours.
    pub mode: PlaneMode,
    /// The view (valid for the window).
    pub view: View,
}

/// What a computation depends on (not the view): a new key starts a new job.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PlaneKey {
    /// The moves.
    pub moves: MoveSet,
    /// Window width.
    pub width: u32,
    /// Window height.
    pub height: u32,
    /// Whether nim-values are computed.
    pub with_nim: bool,
}

impl PlaneParams {
    /// What the computation depends on.
    pub fn key(&self) -> PlaneKey {
        PlaneKey {
            moves: self.moves.clone(),
            width: self.width,
            height: self.height,
            with_nim: self.mode == PlaneMode::Grundy,
        }
    }

    /// `2,6;3,3;6,1;19,6`: the moves in URL form.
    pub fn moves_url(&self) -> String {
        self.moves
            .moves()
            .iter()
            .map(|(a, b)| format!("{a},{b}"))
            .collect::<Vec<_>>()
            .join(";")
    }

    /// The query that shows exactly these parameters.
    pub fn to_query(&self) -> PlaneQuery {
        let whole = self.view.is_whole();
        PlaneQuery {
            moves: self.moves_url(),
            width: self.width.to_string(),
            height: self.height.to_string(),
            mode: self.mode.name().to_string(),
            zoom: (!whole).then(|| short(self.view.zoom, 3)),
            at: (!whole).then(|| format!("{},{}", short(self.view.cx, 1), short(self.view.cy, 1))),
        }
    }

    /// The same parameters with another view (clamped to the window).
    pub fn with_view(&self, view: View) -> PlaneParams {
        PlaneParams {
            view: view.clamped(self.width, self.height),
            ..self.clone()
        }
    }
}

/// `v` with at most `decimals` decimals and no trailing zeros: `4`, `2.5`, `1234.6`.
fn short(v: f64, decimals: usize) -> String {
    let text = format!("{v:.decimals$}");
    if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        text
    }
}

/// The raw state of the page, exactly as the URL or the form holds it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlaneQuery {
    /// The moves as typed.
    pub moves: String,
    /// The width as typed.
    pub width: String,
    /// The height as typed.
    pub height: String,
    /// The mode name.
    pub mode: String,
    /// The magnification as typed, if given.
    pub zoom: Option<String>,
    /// The view centre `x,y` as typed, if given.
    pub at: Option<String>,
}

impl Default for PlaneQuery {
    fn default() -> Self {
        PlaneQuery {
            moves: FIGURE_2_MOVES.to_string(),
            width: FIGURE_2_WIDTH.to_string(),
            height: FIGURE_2_HEIGHT.to_string(),
            mode: PlaneMode::Outcome.name().to_string(),
            zoom: None,
            at: None,
        }
    }
}

/// Why a plane query is not valid; each field holds the message for that parameter.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PlaneErrors {
    /// The moves.
    pub moves: Option<String>,
    /// The width.
    pub width: Option<String>,
    /// The height.
    pub height: Option<String>,
    /// The window as a whole (too many cells for the mode).
    pub size: Option<String>,
    /// The mode.
    pub mode: Option<String>,
    /// The view (`zoom`, `at`).
    pub view: Option<String>,
}

impl PlaneErrors {
    /// Every message, in form order.
    pub fn messages(&self) -> Vec<String> {
        [
            &self.moves,
            &self.width,
            &self.height,
            &self.size,
            &self.mode,
            &self.view,
        ]
        .into_iter()
        .flatten()
        .cloned()
        .collect()
    }
}

fn keep<T>(result: Result<T, EngineError>, slot: &mut Option<String>) -> Option<T> {
    result.map_err(|e| *slot = Some(e.to_string())).ok()
}

impl PlaneQuery {
    /// Reads the query part of `#/plane?...`. Missing keys take Figure 2's values; unknown
    /// keys are ignored. Never fails: problems are reported by [`Self::validate`].
    pub fn from_query(query: &str) -> PlaneQuery {
        let pairs = parse_query(query);
        let get = |key: &str| pairs.iter().find(|(k, _)| k == key).map(|(_, v)| v.clone());
        let d = PlaneQuery::default();
        PlaneQuery {
            moves: get("moves").unwrap_or(d.moves),
            width: get("w").unwrap_or(d.width),
            height: get("h").unwrap_or(d.height),
            mode: get("mode").unwrap_or(d.mode),
            zoom: get("zoom"),
            at: get("at"),
        }
    }

    /// The query string; a valid state is written canonically, so equal views give equal URLs.
    pub fn to_query(&self) -> String {
        let q = match self.validate() {
            Ok(params) => params.to_query(),
            Err(_) => self.clone(),
        };
        let mut pairs = vec![
            ("moves", q.moves.trim()),
            ("w", q.width.trim()),
            ("h", q.height.trim()),
            ("mode", q.mode.trim()),
        ];
        if let Some(zoom) = &q.zoom {
            pairs.push(("zoom", zoom.trim()));
        }
        if let Some(at) = &q.at {
            pairs.push(("at", at.trim()));
        }
        format_query(&pairs)
    }

    /// The full hash, `#/plane?moves=…`.
    pub fn to_hash(&self) -> String {
        format!("#/plane?{}", self.to_query())
    }

    /// Checks every parameter with the engine's parsers and the page's caps; all problems at
    /// once.
    pub fn validate(&self) -> Result<PlaneParams, Box<PlaneErrors>> {
        let mut errors = PlaneErrors::default();
        let moves = keep(MoveSet::parse(&self.moves), &mut errors.moves);
        let width = keep(
            parse_count(&self.width, "the width w", 1, u64::from(PAGE_MAX_SIDE)),
            &mut errors.width,
        );
        let height = keep(
            parse_count(&self.height, "the height h", 1, u64::from(PAGE_MAX_SIDE)),
            &mut errors.height,
        );
        let mode = PlaneMode::from_name(self.mode.trim());
        if mode.is_none() {
            errors.mode = Some(format!(
                "unknown mode '{}': use outcome or grundy",
                self.mode.trim()
            ));
        }
        let size = match (width, height) {
            (Some(w), Some(h)) => {
                let (w, h) = (w as u32, h as u32);
                let cells = u64::from(w) * u64::from(h);
                let cap = if mode == Some(PlaneMode::Grundy) {
                    PAGE_MAX_NIM_CELLS
                } else {
                    PAGE_MAX_CELLS
                };
                if cells > cap {
                    errors.size = Some(format!(
                        "{w}×{h} is {cells} cells; the page draws at most {cap} in {} mode (the heaplab CLI goes further)",
                        mode.unwrap_or(PlaneMode::Outcome).name()
                    ));
                    None
                } else {
                    keep(plane::check_size(w, h).map(|()| (w, h)), &mut errors.size)
                }
            }
            _ => None,
        };
        let view = self.parse_view(size, &mut errors.view);
        match (moves, size, mode, view) {
            (Some(moves), Some((width, height)), Some(mode), Some(view)) => Ok(PlaneParams {
                moves,
                width,
                height,
                mode,
                view,
            }),
            _ => Err(Box::new(errors)),
        }
    }

    /// The view from `zoom` and `at`, checked for the window `size` (when it is valid).
    fn parse_view(&self, size: Option<(u32, u32)>, slot: &mut Option<String>) -> Option<View> {
        let number = |text: &str, what: &str| -> Result<f64, String> {
            match text.trim().parse::<f64>() {
                Ok(v) if v.is_finite() => Ok(v),
                _ => Err(format!("{what} must be a number, not '{}'", text.trim())),
            }
        };
        let zoom = match &self.zoom {
            Some(text) => match number(text, "zoom") {
                Ok(z) if (1.0..=MAX_ZOOM).contains(&z) => Some(z),
                Ok(z) => {
                    *slot = Some(format!("zoom must be from 1 to {MAX_ZOOM}, not {z}"));
                    return None;
                }
                Err(e) => {
                    *slot = Some(e);
                    return None;
                }
            },
            None => None,
        };
        let at = match &self.at {
            Some(text) => {
                let parts: Vec<&str> = text.split(',').collect();
                let parsed = match parts.as_slice() {
                    [x, y] => number(x, "the view centre x")
                        .and_then(|x| number(y, "the view centre y").map(|y| (x, y))),
                    _ => Err(format!(
                        "the view centre 'at' must be two numbers x,y, not '{}'",
                        text.trim()
                    )),
                };
                match parsed {
                    Ok(p) => Some(p),
                    Err(e) => {
                        *slot = Some(e);
                        return None;
                    }
                }
            }
            None => None,
        };
        let (w, h) = size?;
        if let Some((x, y)) = at {
            if !(0.0..=f64::from(w)).contains(&x) || !(0.0..=f64::from(h)).contains(&y) {
                *slot = Some(format!(
                    "the view centre ({x}, {y}) is outside the {w}×{h} window"
                ));
                return None;
            }
        }
        let whole = View::whole(w, h);
        let (cx, cy) = at.unwrap_or((whole.cx, whole.cy));
        Some(
            View {
                zoom: zoom.unwrap_or(1.0),
                cx,
                cy,
            }
            .clamped(w, h),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn figure_2_round_trips() {
        let q = PlaneQuery::from_query("moves=2,6;3,3;6,1;19,6&w=3600&h=2000&mode=outcome");
        assert_eq!(q, PlaneQuery::default());
        assert_eq!(
            q.to_query(),
            "moves=2,6;3,3;6,1;19,6&w=3600&h=2000&mode=outcome"
        );
        let p = q.validate().unwrap();
        assert_eq!(p.view, View::whole(3600, 2000));
        let zoomed = p.with_view(p.view.zoomed(4.0, 0.25, 0.25, 3600, 2000));
        let back = PlaneQuery::from_query(&zoomed.to_query().to_query())
            .validate()
            .unwrap();
        assert_eq!(back.to_query(), zoomed.to_query());
    }

    #[test]
    fn views_stay_inside() {
        let v = View::whole(100, 50).zoomed(1000.0, 0.0, 0.0, 100, 50);
        assert_eq!(v.zoom, max_zoom(100, 50));
        let (x0, _, y0, _) = v.visible(100, 50);
        assert!(x0 >= 0.0 && y0 >= 0.0);
        let v = v.panned(-50.0, 50.0, 100, 50);
        let (x0, _, _, y1) = v.visible(100, 50);
        assert!(x0.abs() < 1e-9 && (y1 - 50.0).abs() < 1e-9);
        assert!(View::whole(100, 50)
            .zoomed(0.1, 0.5, 0.5, 100, 50)
            .is_whole());
    }
}
