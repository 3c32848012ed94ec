//! What the pointer and the keys do on the picture: hover reads a cell, a drag draws a zoom
//! box (or pans, with Shift or a finger), and the zoom/pan keys and buttons push a new view to
//! the URL.

use web_sys::{Element, HtmlCanvasElement};
use yew::prelude::*;

use super::canvas::{apply_key, cell_at, show_box, Press};
use super::describe_cell;
use super::state::PlaneState;
use crate::components::pixel_canvas::{view_key, Drag, ViewKey};
use crate::route::navigate;
use crate::route::plane::{PlaneParams, View};

/// The canvas's event handlers.
pub(super) struct PointerHandlers {
    /// Hover readout, and the box or pan of a drag.
    pub(super) onpointermove: Callback<PointerEvent>,
    /// Starts a press.
    pub(super) onpointerdown: Callback<PointerEvent>,
    /// Ends a press: a dragged box or pan goes to the URL.
    pub(super) onpointerup: Callback<PointerEvent>,
    /// Clears the hover readout.
    pub(super) onpointerleave: Callback<PointerEvent>,
    /// The zoom/pan keys.
    pub(super) onkeydown: Callback<KeyboardEvent>,
}

/// The action of a zoom/pan key or button: the new view goes to the URL.
pub(super) fn view_go(state: &PlaneState) -> Callback<ViewKey> {
    let committed = state.committed.clone();
    Callback::from(move |key: ViewKey| {
        if let Some(params) = &committed {
            let next = apply_key(key, params.view, params.width, params.height);
            navigate(&params.with_view(next).to_query().to_hash());
        }
    })
}

/// Hover, dragged boxes and panning on the canvas; `go` serves the keys.
pub(super) fn pointer_handlers(state: &PlaneState, go: &Callback<ViewKey>) -> PointerHandlers {
    let onpointerleave = {
        let hover = state.hover.clone();
        Callback::from(move |_: PointerEvent| hover.set(None))
    };
    let onkeydown = {
        let go = go.clone();
        Callback::from(move |e: KeyboardEvent| {
            if let Some(key) = view_key(&e) {
                e.prevent_default();
                go.emit(key);
            }
        })
    };
    PointerHandlers {
        onpointermove: on_move(state),
        onpointerdown: on_down(state),
        onpointerup: on_up(state),
        onpointerleave,
        onkeydown,
    }
}

/// The shown picture's parameters, canvas and frame, once all three are there.
fn drawn(state: &PlaneState) -> Option<(&PlaneParams, HtmlCanvasElement, Element)> {
    Some((
        state.committed.as_ref()?,
        state.canvas.cast::<HtmlCanvasElement>()?,
        state.frame.cast::<Element>()?,
    ))
}

/// Hover reads the cell; a press that moved draws its box, or pans the view live.
fn on_move(state: &PlaneState) -> Callback<PointerEvent> {
    let state = state.clone();
    Callback::from(move |e: PointerEvent| {
        let Some((params, c, f)) = drawn(&state) else {
            return;
        };
        if let Some(cell) = cell_at(&c, e.client_x(), e.client_y()) {
            state.hover.set(Some(match &state.solution {
                Some(s) => describe_cell(s, cell.0, cell.1),
                None => format!("(x, y) = ({}, {}): not computed yet.", cell.0, cell.1),
            }));
        }
        let mut slot = state.press.borrow_mut();
        let Some(p) = slot.as_mut() else {
            return;
        };
        if !p.drag.moved_to((e.client_x(), e.client_y())) {
            return;
        }
        let start = p.drag.client;
        if p.pan {
            let rect = f.get_bounding_client_rect();
            let dx = -f64::from(e.client_x() - start.0) / rect.width().max(1.0);
            let dy = f64::from(e.client_y() - start.1) / rect.height().max(1.0);
            let next = p.view.panned(dx, dy, params.width, params.height);
            *state.view_now.borrow_mut() = Some(next);
            state.view.set(Some(next));
        } else {
            show_box(
                &state.boxed,
                &f,
                Some((start, (e.client_x(), e.client_y()))),
            );
        }
    })
}

/// The primary button starts a press (a pan with Shift or a finger).
fn on_down(state: &PlaneState) -> Callback<PointerEvent> {
    let canvas = state.canvas.clone();
    let press = state.press.clone();
    let view_now = state.view_now.clone();
    Callback::from(move |e: PointerEvent| {
        if e.button() != 0 {
            return;
        }
        let (Some(c), Some(v)) = (canvas.cast::<HtmlCanvasElement>(), *view_now.borrow()) else {
            return;
        };
        e.prevent_default();
        let _ = c.set_pointer_capture(e.pointer_id());
        *press.borrow_mut() = Some(Press {
            drag: Drag::new((e.client_x(), e.client_y())),
            cell: cell_at(&c, e.client_x(), e.client_y()),
            pan: e.shift_key() || e.pointer_type() == "touch",
            view: v,
        });
    })
}

/// The end of a press: a dragged box zooms to it, a pan stays; either goes to the URL.
fn on_up(state: &PlaneState) -> Callback<PointerEvent> {
    let state = state.clone();
    Callback::from(move |e: PointerEvent| {
        let Some(p) = state.press.borrow_mut().take() else {
            return;
        };
        let Some((params, c, f)) = drawn(&state) else {
            return;
        };
        show_box(&state.boxed, &f, None);
        if !p.drag.dragged {
            return;
        }
        let next = if p.pan {
            *state.view_now.borrow()
        } else {
            let end = cell_at(&c, e.client_x(), e.client_y());
            match (p.cell, end) {
                (Some(a), Some(b)) => Some(View::boxed(a, b, params.width, params.height)),
                _ => None,
            }
        };
        if let Some(next) = next {
            navigate(&params.with_view(next).to_query().to_hash());
        }
    })
}
