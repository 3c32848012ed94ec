//! Painting a period map into its canvas as the tiles arrive: each tile's pixels at once, and
//! with a log colouring (whose scale grows as tiles arrive) the whole map again at most every
//! [`RECOLOUR_MS`] and once at the end.

use heaplab_engine::figure::Colouring;
use heaplab_engine::period_map::Window;
use web_sys::HtmlCanvasElement;

use super::grid::MapGrid;
use crate::components::export::put_rgba_at;
use crate::worker_pool::now;

/// How often, at most, a log-coloured map is recoloured while its tiles arrive.
const RECOLOUR_MS: f64 = 400.0;

/// The canvas a map is painted into, and the scale its pixels were painted with.
#[derive(Default)]
pub struct Painter {
    canvas: Option<HtmlCanvasElement>,
    last_recolour: f64,
    drawn_scale: u64,
}

impl Painter {
    /// Paints into `canvas` (if any), resized to one pixel per ruleset of `window`.
    pub fn new(canvas: Option<HtmlCanvasElement>, window: Window) -> Painter {
        if let Some(c) = &canvas {
            c.set_width(window.x1 - window.x0);
            c.set_height(window.y1 - window.y0);
        }
        Painter {
            canvas,
            last_recolour: now(),
            drawn_scale: 1,
        }
    }

    /// Paints `region` of `grid`; the whole map instead when the colour scale has changed
    /// and `recolour` says so (the map is finished, or a pixel was resolved) or the last
    /// recolouring is long enough ago.
    pub fn update(&mut self, grid: &MapGrid, colouring: Colouring, region: Window, recolour: bool) {
        let scale = grid.scale_max(colouring);
        if scale != self.drawn_scale && (recolour || now() - self.last_recolour >= RECOLOUR_MS) {
            self.repaint(grid, colouring);
        } else {
            self.paint(grid, colouring, region);
        }
    }

    /// Paints the whole map with its current scale.
    pub fn repaint(&mut self, grid: &MapGrid, colouring: Colouring) {
        self.drawn_scale = grid.scale_max(colouring);
        self.last_recolour = now();
        self.paint(grid, colouring, grid.window());
    }

    /// Puts the pixels of `region` into the canvas. A failed put only leaves the tile blank;
    /// the export still has it.
    fn paint(&self, grid: &MapGrid, colouring: Colouring, region: Window) {
        if let Some(canvas) = &self.canvas {
            let window = grid.window();
            let rgba = grid.rgba(region, colouring, self.drawn_scale);
            let size = (region.x1 - region.x0, region.y1 - region.y0);
            let at = (region.x0 - window.x0, window.y1 - region.y1);
            let _ = put_rgba_at(canvas, &rgba, size, at);
        }
    }
}
