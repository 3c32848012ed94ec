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

/// Clicks the element matching `selector` (a button or a radio button).
pub fn click(root: &Element, selector: &str) {
    root.query_selector(selector)
        .unwrap()
        .unwrap_or_else(|| panic!("no {selector}"))
        .dyn_into::<web_sys::HtmlElement>()
        .unwrap()
        .click();
}

/// Exports through the "Export figure…" dialog `id`: opens it, clicks each of `choices` (ids
/// after `{id}-`), then Download, and waits for the status line to say the file `name` was
/// saved. Returns that line and the saved file (the last `Blob` given a URL: the page's
/// `URL.createObjectURL` is wrapped to keep them).
pub async fn export_figure(
    root: &Element,
    id: &str,
    choices: &[&str],
    name: &str,
) -> (String, web_sys::Blob) {
    let keep = "if (!window.__blobs) { window.__blobs = []; const make = URL.createObjectURL; \
                URL.createObjectURL = function (b) { window.__blobs.push(b); return make.call(URL, b); }; }";
    js_sys::Function::new_no_args(keep)
        .call0(&wasm_bindgen::JsValue::NULL)
        .unwrap();
    click(root, &format!("#{id}"));
    for choice in choices {
        click(root, &format!("#{id}-{choice}"));
        sleep(50).await;
    }
    click(root, &format!("#{id}-download"));
    let mut waited = 0;
    let status = loop {
        let status = text(root, &format!("#{id}-status")).unwrap_or_default();
        if status.starts_with(&format!("Saved {name}")) {
            break status;
        }
        assert!(waited < 10_000, "no file saved: {status:?}");
        sleep(50).await;
        waited += 50;
    };
    click(root, &format!("#{id}-close"));
    let blobs = js_sys::Reflect::get(&web_sys::window().unwrap(), &"__blobs".into()).unwrap();
    let blobs: js_sys::Array = blobs.dyn_into().unwrap();
    let last = blobs.get(blobs.length() - 1).dyn_into().unwrap();
    (status, last)
}

/// The text of a `Blob` (an exported SVG).
pub async fn blob_text(blob: &web_sys::Blob) -> String {
    wasm_bindgen_futures::JsFuture::from(blob.text())
        .await
        .unwrap()
        .as_string()
        .unwrap()
}

/// The bytes of a `Blob` (an exported PNG).
pub async fn blob_bytes(blob: &web_sys::Blob) -> Vec<u8> {
    let buffer = wasm_bindgen_futures::JsFuture::from(blob.array_buffer())
        .await
        .unwrap();
    js_sys::Uint8Array::new(&buffer).to_vec()
}

/// The chunk types of a PNG in order, and its `tEXt` chunks as `(keyword, text)` (Latin-1),
/// read by walking the chunks (length, type, data, CRC).
pub fn png_chunks(png: &[u8]) -> (Vec<String>, Vec<(String, String)>) {
    assert_eq!(&png[1..4], b"PNG", "not a PNG");
    let (mut at, mut types, mut texts) = (8, Vec::new(), Vec::new());
    while at + 8 <= png.len() {
        let length = u32::from_be_bytes(png[at..at + 4].try_into().unwrap()) as usize;
        let kind = String::from_utf8_lossy(&png[at + 4..at + 8]).to_string();
        let data = &png[at + 8..at + 8 + length];
        if kind == "tEXt" {
            let nul = data.iter().position(|&b| b == 0).unwrap();
            let latin1 = |bytes: &[u8]| bytes.iter().map(|&b| char::from(b)).collect::<String>();
            texts.push((latin1(&data[..nul]), latin1(&data[nul + 1..])));
        }
        types.push(kind);
        at += 12 + length;
    }
    (types, texts)
}

/// The trimmed contents of an SVG's `<text>` elements, in order.
pub fn svg_texts(svg: &str) -> Vec<String> {
    svg.split("<text")
        .skip(1)
        .filter_map(|part| {
            let body = &part[part.find('>')? + 1..];
            Some(body[..body.find("</text>")?].trim().to_string())
        })
        .collect()
}
