//! The box a visitor drags over a picture to zoom into it (period-map and plane pages).

use web_sys::HtmlElement;
use yew::NodeRef;

/// Shows the box element `boxed` spanning the two client-pixel `corners`, or hides it with
/// `None`. `origin` gives the client position of the box's containing block, so the box is
/// placed in CSS pixels inside it; it is only asked for when the box is shown.
pub fn show_zoom_box(
    boxed: &NodeRef,
    corners: Option<((i32, i32), (i32, i32))>,
    origin: impl FnOnce() -> (f64, f64),
) {
    let Some(el) = boxed.cast::<HtmlElement>() else {
        return;
    };
    let style = el.style();
    let Some((a, b)) = corners else {
        let _ = style.set_property("display", "none");
        return;
    };
    let (x0, y0) = origin();
    let left = f64::from(a.0.min(b.0)) - x0;
    let top = f64::from(a.1.min(b.1)) - y0;
    let _ = style.set_property("display", "block");
    let _ = style.set_property("left", &format!("{left}px"));
    let _ = style.set_property("top", &format!("{top}px"));
    let _ = style.set_property("width", &format!("{}px", (a.0 - b.0).abs()));
    let _ = style.set_property("height", &format!("{}px", (a.1 - b.1).abs()));
}
