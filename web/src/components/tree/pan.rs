//! Pan and zoom of the tree view: the view transform, a drag in progress, and the pointer and
//! wheel handlers that change them.

use std::cell::RefCell;
use std::rc::Rc;

use web_sys::Element;
use yew::prelude::*;

/// Pan and zoom, in the drawing's own units.
#[derive(Clone, Copy, PartialEq)]
pub(super) struct View {
    /// Horizontal shift.
    pub tx: f64,
    /// Vertical shift.
    pub ty: f64,
    /// Scale.
    pub k: f64,
}

/// No pan, no zoom: the whole drawing fitted in the box.
pub(super) const HOME: View = View {
    tx: 0.0,
    ty: 0.0,
    k: 1.0,
};

/// A drag in progress: where it started, in client pixels, and the view then.
pub(super) struct Drag {
    x: f64,
    y: f64,
    start: View,
    /// Whether the pointer moved far enough to pan (then the click that ends it does not
    /// toggle a node).
    moved: bool,
}

/// The view and the drag of one tree view.
#[derive(Clone)]
pub(super) struct PanZoom {
    /// The pan and zoom shown.
    pub view: UseStateHandle<View>,
    /// The drag in progress, if any.
    pub drag: Rc<RefCell<Option<Drag>>>,
}

/// The pointer and wheel handlers of the drawing.
pub(super) struct PanHandlers {
    /// Starts a drag.
    pub down: Callback<PointerEvent>,
    /// Pans while dragging.
    pub moving: Callback<PointerEvent>,
    /// Ends a drag (on pointer up and leave).
    pub end: Callback<PointerEvent>,
    /// Zooms around the pointer.
    pub wheel: Callback<WheelEvent>,
}

/// The view (starting at [`HOME`]) and the drag state.
#[hook]
pub(super) fn use_pan_zoom() -> PanZoom {
    let view = use_state(|| HOME);
    let drag = use_mut_ref(|| None::<Drag>);
    PanZoom { view, drag }
}

impl PanZoom {
    /// Whether the drag in progress has panned (a click ending it is not a toggle).
    pub fn dragged(&self) -> bool {
        self.drag.borrow().as_ref().is_some_and(|d| d.moved)
    }

    /// A button's handler that zooms by `factor` around the drawing point `(x, y)`.
    pub fn zoom_button(&self, factor: f64, (x, y): (f64, f64)) -> Callback<MouseEvent> {
        let view = self.view.clone();
        Callback::from(move |_: MouseEvent| view.set(zoom_at(*view, factor, x, y)))
    }

    /// A button's handler that resets the view.
    pub fn fit(&self) -> Callback<MouseEvent> {
        let view = self.view.clone();
        Callback::from(move |_: MouseEvent| view.set(HOME))
    }

    /// The drawing's handlers, for an SVG `svg_ref` whose viewBox is `w` × `h` units.
    pub fn handlers(&self, svg_ref: &NodeRef, (w, h): (f64, f64)) -> PanHandlers {
        // Drawing units per client pixel (the viewBox is fitted with "meet").
        let units_per_px = {
            let svg_ref = svg_ref.clone();
            move || -> f64 {
                svg_ref
                    .cast::<Element>()
                    .map(|e| {
                        let r = e.get_bounding_client_rect();
                        (w / r.width().max(1.0)).max(h / r.height().max(1.0))
                    })
                    .unwrap_or(1.0)
            }
        };
        PanHandlers {
            down: self.on_down(),
            moving: self.on_move(units_per_px.clone()),
            end: self.on_end(),
            wheel: self.on_wheel(svg_ref.clone(), units_per_px),
        }
    }

    fn on_down(&self) -> Callback<PointerEvent> {
        let drag = self.drag.clone();
        let view = self.view.clone();
        Callback::from(move |e: PointerEvent| {
            *drag.borrow_mut() = Some(Drag {
                x: f64::from(e.client_x()),
                y: f64::from(e.client_y()),
                start: *view,
                moved: false,
            });
        })
    }

    fn on_move(&self, units_per_px: impl Fn() -> f64 + 'static) -> Callback<PointerEvent> {
        let drag = self.drag.clone();
        let view = self.view.clone();
        Callback::from(move |e: PointerEvent| {
            let mut guard = drag.borrow_mut();
            let Some(d) = guard.as_mut() else { return };
            if e.buttons() == 0 {
                *guard = None;
                return;
            }
            let (dx, dy) = (f64::from(e.client_x()) - d.x, f64::from(e.client_y()) - d.y);
            if dx.abs() + dy.abs() > 4.0 {
                d.moved = true;
            }
            if d.moved {
                let u = units_per_px();
                view.set(View {
                    tx: d.start.tx + dx * u,
                    ty: d.start.ty + dy * u,
                    k: d.start.k,
                });
            }
        })
    }

    fn on_end(&self) -> Callback<PointerEvent> {
        let drag = self.drag.clone();
        Callback::from(move |_: PointerEvent| {
            // Cleared after the click that may follow, so a drag does not also toggle.
            let drag = drag.clone();
            gloo::timers::callback::Timeout::new(0, move || *drag.borrow_mut() = None).forget();
        })
    }

    fn on_wheel(
        &self,
        svg_ref: NodeRef,
        units_per_px: impl Fn() -> f64 + 'static,
    ) -> Callback<WheelEvent> {
        let view = self.view.clone();
        Callback::from(move |e: WheelEvent| {
            e.prevent_default();
            let factor = if e.delta_y() < 0.0 { 1.2 } else { 1.0 / 1.2 };
            let (mx, my) = svg_ref
                .cast::<Element>()
                .map(|el| {
                    let r = el.get_bounding_client_rect();
                    let u = units_per_px();
                    (
                        (f64::from(e.client_x()) - r.left()) * u,
                        (f64::from(e.client_y()) - r.top()) * u,
                    )
                })
                .unwrap_or((0.0, 0.0));
            view.set(zoom_at(*view, factor, mx, my));
        })
    }
}

/// The view after zooming by `factor` around the drawing point `(mx, my)`.
fn zoom_at(v: View, factor: f64, mx: f64, my: f64) -> View {
    let k = (v.k * factor).clamp(0.05, 20.0);
    let f = k / v.k;
    View {
        tx: mx - (mx - v.tx) * f,
        ty: my - (my - v.ty) * f,
        k,
    }
}
