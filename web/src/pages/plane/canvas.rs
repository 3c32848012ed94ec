//! The picture's canvas: drawing a solution one pixel per cell, reading the cell under the
//! pointer from the canvas's transformed rectangle, the dragged zoom box, and the view a
//! zoom/pan key asks for.

use heaplab_engine::plane::Solution;
use web_sys::{Element, HtmlCanvasElement};
use yew::prelude::*;

use super::render;
use crate::components::export::put_rgba;
use crate::components::pixel_canvas::{Drag, ViewKey};
use crate::components::zoom_box::show_zoom_box;
use crate::route::plane::{PlaneMode, View};

/// Draws the picture into the canvas (one pixel per cell). A failed put leaves the canvas
/// blank; the export still renders from the solution.
pub(super) fn draw(canvas: &HtmlCanvasElement, solution: &Solution, mode: PlaneMode) {
    let (w, h) = (solution.grid.width, solution.grid.height);
    let _ = put_rgba(canvas, &render(solution, mode), w, h);
}

/// The cell under a client point, from the canvas's on-screen (transformed) rectangle.
pub(super) fn cell_at(
    canvas: &HtmlCanvasElement,
    client_x: i32,
    client_y: i32,
) -> Option<(u32, u32)> {
    let rect = canvas.get_bounding_client_rect();
    let fx = (f64::from(client_x) - rect.left()) / rect.width().max(1e-9);
    let fy = (f64::from(client_y) - rect.top()) / rect.height().max(1e-9);
    if !(0.0..1.0).contains(&fx) || !(0.0..1.0).contains(&fy) {
        return None;
    }
    let (w, h) = (canvas.width(), canvas.height());
    let col = ((fx * f64::from(w)) as u32).min(w.saturating_sub(1));
    let row = ((fy * f64::from(h)) as u32).min(h.saturating_sub(1));
    Some((col, h - 1 - row))
}

/// A press on the canvas.
#[derive(Debug, Clone, Copy)]
pub(super) struct Press {
    pub(super) drag: Drag,
    pub(super) cell: Option<(u32, u32)>,
    /// Panning (touch, or Shift held) rather than drawing a zoom box.
    pub(super) pan: bool,
    pub(super) view: View,
}

/// The view a zoom/pan key asks for, from `view` of a `w × h` window.
pub(super) fn apply_key(key: ViewKey, view: View, w: u32, h: u32) -> View {
    match key {
        ViewKey::ZoomIn => view.zoomed(2.0, 0.5, 0.5, w, h),
        ViewKey::ZoomOut => view.zoomed(0.5, 0.5, 0.5, w, h),
        ViewKey::Whole => View::whole(w, h),
        ViewKey::Pan(dx, dy) => view.panned(dx, dy, w, h),
    }
}

/// Shows (or hides, with `None`) the dragged box over the frame, in CSS pixels.
pub(super) fn show_box(
    boxed: &NodeRef,
    frame: &Element,
    corners: Option<((i32, i32), (i32, i32))>,
) {
    show_zoom_box(boxed, corners, || {
        let rect = frame.get_bounding_client_rect();
        (rect.left(), rect.top())
    });
}
