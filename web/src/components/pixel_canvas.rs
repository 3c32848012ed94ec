//! The canvas behaviour the period-map and plane pages share: the wheel zoom committed to the
//! URL once the wheel rests, the drag threshold that tells a click from a dragged box, the
//! zoom/pan keys, pointer fractions, and the zoom/pan buttons. Each page maps these onto its
//! own view type (`Window` or `route::plane::View`).

use std::cell::RefCell;
use std::rc::Rc;

use gloo::events::{EventListener, EventListenerOptions};
use gloo::timers::callback::Timeout;
use wasm_bindgen::JsCast;
use web_sys::{Element, KeyboardEvent, WheelEvent};
use yew::prelude::*;

use crate::route::navigate;

/// How long the wheel must rest before its zoom is written to the URL.
pub const WHEEL_COMMIT_MS: u32 = 300;
/// Pointer movement (CSS pixels) that turns a click into a drag.
pub const DRAG_THRESHOLD: f64 = 4.0;

/// A press that may become a drag: where it started, and whether it has moved far enough.
#[derive(Debug, Clone, Copy)]
pub struct Drag {
    /// The client point of the press.
    pub client: (i32, i32),
    /// Whether the pointer has moved [`DRAG_THRESHOLD`] away since.
    pub dragged: bool,
}

impl Drag {
    /// A press at `client`, not dragged yet.
    pub fn new(client: (i32, i32)) -> Drag {
        Drag {
            client,
            dragged: false,
        }
    }

    /// Notes a move to `client`; returns whether the press is now a drag.
    pub fn moved_to(&mut self, client: (i32, i32)) -> bool {
        let moved = (client.0 - self.client.0)
            .abs()
            .max((client.1 - self.client.1).abs());
        if f64::from(moved) >= DRAG_THRESHOLD {
            self.dragged = true;
        }
        self.dragged
    }
}

/// Fractions `(fx, fy)` of a client point in `el`, from the left and from the bottom.
pub fn fraction_in(el: &Element, client_x: i32, client_y: i32) -> (f64, f64) {
    let rect = el.get_bounding_client_rect();
    (
        (f64::from(client_x) - rect.left()) / rect.width().max(1.0),
        1.0 - (f64::from(client_y) - rect.top()) / rect.height().max(1.0),
    )
}

/// Listens for the wheel on `target`: each turn calls `zoom(event, zoom_in)`, which shows the
/// new view and returns its hash; the last hash is navigated to once the wheel has rested
/// [`WHEEL_COMMIT_MS`]. Dropping the listener stops it.
pub fn wheel_zoom(
    target: &Element,
    mut zoom: impl FnMut(&WheelEvent, bool) -> Option<String> + 'static,
) -> EventListener {
    let pending: Rc<RefCell<Option<Timeout>>> = Rc::default();
    EventListener::new_with_options(
        target,
        "wheel",
        EventListenerOptions::enable_prevent_default(),
        move |event| {
            let Some(wheel) = event.dyn_ref::<WheelEvent>() else {
                return;
            };
            event.prevent_default();
            if let Some(hash) = zoom(wheel, wheel.delta_y() <= 0.0) {
                *pending.borrow_mut() =
                    Some(Timeout::new(WHEEL_COMMIT_MS, move || navigate(&hash)));
            }
        },
    )
}

/// A zoom or pan asked for from the keyboard.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum ViewKey {
    /// `+` or `=`: zoom in about the centre.
    ZoomIn,
    /// `-` or `_`: zoom out about the centre.
    ZoomOut,
    /// `0`: the whole picture.
    Whole,
    /// An arrow: pan by `(dx, dy)` of the view (up is positive `dy`).
    Pan(f64, f64),
}

/// The view key a key press asks for, if any.
pub fn view_key(e: &KeyboardEvent) -> Option<ViewKey> {
    Some(match e.key().as_str() {
        "+" | "=" => ViewKey::ZoomIn,
        "-" | "_" => ViewKey::ZoomOut,
        "0" => ViewKey::Whole,
        "ArrowLeft" => ViewKey::Pan(-0.25, 0.0),
        "ArrowRight" => ViewKey::Pan(0.25, 0.0),
        "ArrowUp" => ViewKey::Pan(0.0, 0.25),
        "ArrowDown" => ViewKey::Pan(0.0, -0.25),
        _ => return None,
    })
}

/// The six zoom/pan buttons `(id suffix, label, text, key)` of a picture's toolbar.
pub const VIEW_BUTTONS: [(&str, &str, &str, ViewKey); 6] = [
    ("zoom-in", "Zoom in", "+", ViewKey::ZoomIn),
    ("zoom-out", "Zoom out", "−", ViewKey::ZoomOut),
    ("pan-left", "Pan left", "←", ViewKey::Pan(-0.25, 0.0)),
    ("pan-right", "Pan right", "→", ViewKey::Pan(0.25, 0.0)),
    ("pan-up", "Pan up", "↑", ViewKey::Pan(0.0, 0.25)),
    ("pan-down", "Pan down", "↓", ViewKey::Pan(0.0, -0.25)),
];

/// One toolbar button that asks for `key`: `go` is called with it.
pub fn view_button(
    id: String,
    label: &'static str,
    text: &'static str,
    disabled: bool,
    key: ViewKey,
    go: &Callback<ViewKey>,
) -> Html {
    let go = go.clone();
    let onclick = Callback::from(move |_: MouseEvent| go.emit(key));
    html! {
        <button type="button" {id} aria-label={label} title={label} {disabled} {onclick}>{ text }</button>
    }
}

/// The zoom/pan buttons with ids `{prefix}-zoom-in`, …; a press calls `go` with its key.
pub fn view_buttons(prefix: &str, disabled: bool, go: &Callback<ViewKey>) -> Html {
    VIEW_BUTTONS
        .iter()
        .map(|&(suffix, label, text, key)| {
            view_button(format!("{prefix}-{suffix}"), label, text, disabled, key, go)
        })
        .collect()
}
