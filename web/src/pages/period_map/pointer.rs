//! What the mouse and the keys do on the map: hover reads a ruleset, a drag draws a zoom box,
//! a click opens the ruleset (or resolves a red pixel), and the zoom/pan keys and buttons push
//! a new window to the URL.

use heaplab_engine::period_map::CellClass;
use web_sys::HtmlCanvasElement;
use yew::prelude::*;

use super::canvas::{apply_key, event_pixel, show_box, Press};
use super::state::MapState;
use super::{box_window, describe_point, pixel_to_point};
use crate::components::pixel_canvas::{view_key, Drag, ViewKey};
use crate::route::{format_query, navigate, terms_to_show};

/// The canvas's event handlers.
pub(super) struct MouseHandlers {
    /// Hover readout, and the box of a drag.
    pub(super) onmousemove: Callback<MouseEvent>,
    /// Starts a press.
    pub(super) onmousedown: Callback<MouseEvent>,
    /// Ends a press: a dragged box zooms, a click opens or resolves the ruleset.
    pub(super) onmouseup: Callback<MouseEvent>,
    /// Drops the press, the hover readout and the box.
    pub(super) onmouseleave: Callback<MouseEvent>,
    /// The zoom/pan keys.
    pub(super) onkeydown: Callback<KeyboardEvent>,
}

/// The action of a zoom/pan key or button: the new window goes to the URL.
pub(super) fn view_go(state: &MapState) -> Callback<ViewKey> {
    let committed = state.committed;
    Callback::from(move |key: ViewKey| {
        if let Some(params) = committed {
            if let Some(next) = apply_key(key, params.window) {
                navigate(&params.with_window(next).to_query().to_hash());
            }
        }
    })
}

/// Hover, click and dragged boxes on the canvas; `go` serves the keys.
pub(super) fn mouse_handlers(state: &MapState, go: &Callback<ViewKey>) -> MouseHandlers {
    MouseHandlers {
        onmousemove: on_move(state),
        onmousedown: on_down(state),
        onmouseup: on_up(state),
        onmouseleave: on_leave(state),
        onkeydown: on_key(state, go),
    }
}

/// Hover reads the ruleset under the mouse; a press that moved draws its box.
fn on_move(state: &MapState) -> Callback<MouseEvent> {
    let committed = state.committed;
    let canvas = state.canvas.clone();
    let boxed = state.boxed.clone();
    let hover = state.hover.clone();
    let press = state.press.clone();
    let runner = state.runner.clone();
    Callback::from(move |e: MouseEvent| {
        let (Some(params), Some(c)) = (committed, canvas.cast::<HtmlCanvasElement>()) else {
            return;
        };
        let (col, row) = event_pixel(&c, e.client_x(), e.client_y());
        if let Some((x, y)) = pixel_to_point(params.window, col, row) {
            hover.set(Some(describe_point(params.family, x, y, runner.cell(x, y))));
        }
        if let Some(p) = press.borrow_mut().as_mut() {
            if p.drag.moved_to((e.client_x(), e.client_y())) {
                show_box(
                    &boxed,
                    &c,
                    Some((p.drag.client, (e.client_x(), e.client_y()))),
                );
            }
        }
    })
}

/// The primary button starts a press.
fn on_down(state: &MapState) -> Callback<MouseEvent> {
    let canvas = state.canvas.clone();
    let press = state.press.clone();
    Callback::from(move |e: MouseEvent| {
        if e.button() != 0 {
            return;
        }
        if let Some(c) = canvas.cast::<HtmlCanvasElement>() {
            e.prevent_default();
            *press.borrow_mut() = Some(Press {
                drag: Drag::new((e.client_x(), e.client_y())),
                pixel: event_pixel(&c, e.client_x(), e.client_y()),
            });
        }
    })
}

/// The end of a press: a dragged box zooms to it; a click on a red pixel resolves it, on any
/// other ruleset opens it on the subtraction page.
fn on_up(state: &MapState) -> Callback<MouseEvent> {
    let committed = state.committed;
    let canvas = state.canvas.clone();
    let boxed = state.boxed.clone();
    let press = state.press.clone();
    let runner = state.runner.clone();
    let resolve = state.resolver.start.clone();
    Callback::from(move |e: MouseEvent| {
        let Some(p) = press.borrow_mut().take() else {
            return;
        };
        let (Some(params), Some(c)) = (committed, canvas.cast::<HtmlCanvasElement>()) else {
            return;
        };
        show_box(&boxed, &c, None);
        let end = event_pixel(&c, e.client_x(), e.client_y());
        if p.drag.dragged {
            if let Some(w) = box_window(params.window, p.pixel, end) {
                navigate(&params.with_window(w).to_query().to_hash());
            }
        } else if let Some((x, y)) = pixel_to_point(params.window, end.0, end.1) {
            let cell = runner.cell(x, y);
            if cell
                .as_ref()
                .is_some_and(|c| c.class == CellClass::Unresolved)
            {
                resolve.emit((params.family, x, y));
            } else if let Some(moves) = params.family.moves(x, y) {
                let set: Vec<String> = moves.iter().map(u32::to_string).collect();
                let period = cell.and_then(|c| Some((c.preperiod?, c.period?)));
                let n = terms_to_show(&moves, period).to_string();
                navigate(&format!(
                    "#/subtraction?{}",
                    format_query(&[("S", &set.join(",")), ("n", &n)])
                ));
            }
        }
    })
}

/// Leaving the canvas drops the press, the hover readout and the box.
fn on_leave(state: &MapState) -> Callback<MouseEvent> {
    let canvas = state.canvas.clone();
    let boxed = state.boxed.clone();
    let press = state.press.clone();
    let hover = state.hover.clone();
    Callback::from(move |_: MouseEvent| {
        press.borrow_mut().take();
        hover.set(None);
        if let Some(c) = canvas.cast::<HtmlCanvasElement>() {
            show_box(&boxed, &c, None);
        }
    })
}

/// The zoom/pan keys that change the window (not Whole: the map's whole is its reset button).
fn on_key(state: &MapState, go: &Callback<ViewKey>) -> Callback<KeyboardEvent> {
    let committed = state.committed;
    let go = go.clone();
    Callback::from(move |e: KeyboardEvent| {
        let Some(params) = committed else {
            return;
        };
        if let Some(key) = view_key(&e).filter(|k| apply_key(*k, params.window).is_some()) {
            e.prevent_default();
            go.emit(key);
        }
    })
}
