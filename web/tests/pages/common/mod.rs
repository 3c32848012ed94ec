//! Helpers shared by the page test modules: mounting the app at a URL, reading the page, and
//! reading canvas pixels.

use std::time::Duration;

use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, Element, HtmlCanvasElement, HtmlInputElement};

/// The test page's document.
pub fn document() -> web_sys::Document {
    web_sys::window().unwrap().document().unwrap()
}

/// Sets the hash, mounts the app into a fresh div and waits for it to render.
pub async fn mount_at(hash: &str) -> (Element, yew::AppHandle<heaplab_web::app::App>) {
    web_sys::window()
        .unwrap()
        .location()
        .set_hash(hash)
        .unwrap();
    let root = document().create_element("div").unwrap();
    document().body().unwrap().append_child(&root).unwrap();
    let handle = heaplab_web::mount(root.clone());
    sleep(150).await;
    (root, handle)
}

/// Destroys the app mounted by [`mount_at`] and removes its div.
pub fn unmount(root: Element, handle: yew::AppHandle<heaplab_web::app::App>) {
    handle.destroy();
    root.remove();
}

/// Opens the tampered link `hash` and checks the page survives it: the `error` box is an
/// alert, the site header and every `present` selector are there, and no `absent` one (the
/// results). Returns the alert's text.
pub async fn bad_link_error(hash: &str, error: &str, present: &[&str], absent: &[&str]) -> String {
    let (root, handle) = mount_at(hash).await;
    let alert = root.query_selector(error).unwrap().expect(error);
    assert_eq!(alert.get_attribute("role").as_deref(), Some("alert"));
    let message = alert.text_content().unwrap();
    assert!(root.query_selector(".site-header").unwrap().is_some());
    for selector in present {
        assert!(
            root.query_selector(selector).unwrap().is_some(),
            "{selector}"
        );
    }
    for selector in absent {
        assert!(
            root.query_selector(selector).unwrap().is_none(),
            "{selector}"
        );
    }
    unmount(root, handle);
    message
}

/// Lets the page run for `ms` milliseconds.
pub async fn sleep(ms: u64) {
    yew::platform::time::sleep(Duration::from_millis(ms)).await;
}

/// The text of the first element matching `selector`, if any.
pub fn text(root: &Element, selector: &str) -> Option<String> {
    root.query_selector(selector)
        .ok()
        .flatten()
        .and_then(|e| e.text_content())
}

/// Types `value` into the input matching `selector`, as a bubbling `input` event.
pub fn type_into(root: &Element, selector: &str, value: &str) {
    let input: HtmlInputElement = root
        .query_selector(selector)
        .unwrap()
        .unwrap()
        .dyn_into()
        .unwrap();
    input.set_value(value);
    let init = web_sys::EventInit::new();
    init.set_bubbles(true);
    let event = web_sys::Event::new_with_event_init_dict("input", &init).unwrap();
    input.dispatch_event(&event).unwrap();
}

/// The 2-D context of a canvas.
fn context(canvas: &HtmlCanvasElement) -> CanvasRenderingContext2d {
    canvas
        .get_context("2d")
        .unwrap()
        .unwrap()
        .dyn_into()
        .unwrap()
}

/// The RGBA pixel at `(x, y)` of a 2-D canvas.
pub fn pixel(canvas: &HtmlCanvasElement, x: f64, y: f64) -> [u8; 4] {
    let ctx = context(canvas);
    let data = ctx.get_image_data(x, y, 1.0, 1.0).unwrap().data();
    [data[0], data[1], data[2], data[3]]
}

/// All of a 2-D canvas's pixels, RGBA row by row.
pub fn canvas_rgba(canvas: &HtmlCanvasElement) -> Vec<u8> {
    let ctx = context(canvas);
    ctx.get_image_data(
        0.0,
        0.0,
        f64::from(canvas.width()),
        f64::from(canvas.height()),
    )
    .unwrap()
    .data()
    .to_vec()
}

/// Sends a mouse event of `kind` at the centre of canvas pixel `(col, row)`.
pub fn mouse(canvas: &HtmlCanvasElement, kind: &str, col: u32, row: u32) {
    let rect = canvas.get_bounding_client_rect();
    let scale = rect.width() / f64::from(canvas.width());
    let init = web_sys::MouseEventInit::new();
    init.set_bubbles(true);
    init.set_client_x((rect.left() + (f64::from(col) + 0.5) * scale) as i32);
    init.set_client_y((rect.top() + (f64::from(row) + 0.5) * scale) as i32);
    let event = web_sys::MouseEvent::new_with_mouse_event_init_dict(kind, &init).unwrap();
    canvas.dispatch_event(&event).unwrap();
}
