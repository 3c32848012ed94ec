//! The map's canvas: its crisp CSS width, the ruleset pixel under a mouse event, the dragged
//! zoom box, and the window a zoom/pan key asks for.

use heaplab_engine::period_map::Window;
use web_sys::HtmlCanvasElement;
use yew::prelude::*;

use super::view::{self, pan, zoom};
use crate::components::pixel_canvas::{Drag, ViewKey};
use crate::components::zoom_box::show_zoom_box;

/// Shows the map canvas (`columns` rulesets wide) at [`view::crisp_css_width`] in its frame,
/// or at the frame's width when even one device pixel per ruleset does not fit.
pub(super) fn show_crisp(canvas: &HtmlCanvasElement, columns: u32) {
    let frame = canvas.parent_element().map_or(0, |f| f.client_width());
    let ratio = web_sys::window().map_or(1.0, |w| w.device_pixel_ratio());
    let width = view::crisp_css_width(columns, f64::from(frame), ratio)
        .map_or("100%".to_string(), |w| format!("{w:.2}px"));
    let _ = canvas.style().set_property("width", &width);
}

/// The ruleset under a mouse event on the canvas, as a canvas pixel `(col, row)`.
pub(super) fn event_pixel(canvas: &HtmlCanvasElement, client_x: i32, client_y: i32) -> (i64, i64) {
    let rect = canvas.get_bounding_client_rect();
    let fx = (f64::from(client_x) - rect.left()) / rect.width().max(1.0);
    let fy = (f64::from(client_y) - rect.top()) / rect.height().max(1.0);
    (
        (fx * f64::from(canvas.width())).floor() as i64,
        (fy * f64::from(canvas.height())).floor() as i64,
    )
}

/// A press on the canvas: where it started (client and canvas pixels) and whether it moved.
#[derive(Debug, Clone, Copy)]
pub(super) struct Press {
    pub(super) drag: Drag,
    pub(super) pixel: (i64, i64),
}

/// The window a zoom/pan key asks for (`None` for [`ViewKey::Whole`]: the map's whole is its
/// reset button).
pub(super) fn apply_key(key: ViewKey, w: Window) -> Option<Window> {
    match key {
        ViewKey::ZoomIn => Some(zoom(w, 0.5, 0.5, 0.5)),
        ViewKey::ZoomOut => Some(zoom(w, 2.0, 0.5, 0.5)),
        ViewKey::Whole => None,
        ViewKey::Pan(dx, dy) => Some(pan(w, dx, dy)),
    }
}

/// Shows (or hides, with `None`) the dragged box over the canvas, in CSS pixels.
pub(super) fn show_box(
    boxed: &NodeRef,
    canvas: &HtmlCanvasElement,
    corners: Option<((i32, i32), (i32, i32))>,
) {
    show_zoom_box(boxed, corners, || {
        let rect = canvas.get_bounding_client_rect();
        (
            rect.left() - f64::from(canvas.offset_left()),
            rect.top() - f64::from(canvas.offset_top()),
        )
    });
}
