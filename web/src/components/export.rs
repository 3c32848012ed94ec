//! Export: PNG downloads of canvases (at a chosen pixel scale), text files (SVG legends) and
//! "Copy link".

use wasm_bindgen::{Clamped, JsCast};
use web_sys::{
    CanvasRenderingContext2d, HtmlAnchorElement, HtmlCanvasElement, HtmlSelectElement, ImageData,
};
use yew::prelude::*;

/// A fresh, detached `<canvas>` to render an export into.
pub fn new_canvas() -> Option<HtmlCanvasElement> {
    web_sys::window()?
        .document()?
        .create_element("canvas")
        .ok()?
        .dyn_into::<HtmlCanvasElement>()
        .ok()
}

/// Saves `canvas` as a PNG file called `filename` (through a temporary `<a download>`).
pub fn download_canvas(canvas: &HtmlCanvasElement, filename: &str) -> Result<(), String> {
    let url = canvas
        .to_data_url_with_type("image/png")
        .map_err(|_| "the browser refused to encode the image".to_string())?;
    click_download(&url, filename)
}

/// A "Download PNG" button (`id`) that saves the canvas `canvas_id` as it is on screen, as
/// `filename`: for a chart or strip on a page without the "Export figure…" dialog (the rules
/// page, whose bundle has no room for the figure layer's SVG writer). A failure is logged.
pub fn canvas_png_button(id: String, canvas_id: String, filename: String) -> Html {
    let onclick = Callback::from(move |_: MouseEvent| {
        let canvas = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.get_element_by_id(&canvas_id))
            .and_then(|e| e.dyn_into::<HtmlCanvasElement>().ok());
        let done = canvas
            .ok_or_else(|| "the picture is not on the page".to_string())
            .and_then(|c| download_canvas(&c, &filename));
        if let Err(e) = done {
            gloo::console::error!(e);
        }
    });
    html! { <button type="button" {id} {onclick}>{ "Download PNG" }</button> }
}

/// The most pixels an exported PNG may have (as the CLI's `--scale` check).
const MAX_EXPORT_PIXELS: u64 = 64_000_000;
/// The widest or tallest canvas browsers reliably make.
const MAX_EXPORT_SIDE: u64 = 16_384;

/// Whether an image of `(width, height)` pixels scaled `scale` times is one browsers can make
/// (the size menus offer only those, so no offered size is then refused).
pub fn export_fits((w, h): (u64, u64), scale: u32) -> bool {
    let (sw, sh) = (w * u64::from(scale), h * u64::from(scale));
    sw.saturating_mul(sh) <= MAX_EXPORT_PIXELS && sw <= MAX_EXPORT_SIDE && sh <= MAX_EXPORT_SIDE
}

/// Scales RGBA pixels `width × height` up by an integer `scale` (nearest neighbour).
pub fn upscale(rgba: &[u8], width: u32, height: u32, scale: u32) -> Vec<u8> {
    if scale <= 1 {
        return rgba.to_vec();
    }
    let (w, s) = (width as usize, scale as usize);
    let mut out = Vec::with_capacity(rgba.len() * s * s);
    for row in rgba.chunks_exact(w * 4).take(height as usize) {
        let mut line = Vec::with_capacity(w * s * 4);
        for px in row.chunks_exact(4) {
            for _ in 0..s {
                line.extend_from_slice(px);
            }
        }
        for _ in 0..s {
            out.extend_from_slice(&line);
        }
    }
    out
}

/// Saves RGBA pixels of size `(width, height)`, scaled up `scale` times, as the PNG
/// `filename`; refuses sizes browsers cannot make.
pub fn download_rgba(
    rgba: &[u8],
    (w, h): (u32, u32),
    scale: u32,
    filename: &str,
) -> Result<(), String> {
    let (sw, sh) = (
        u64::from(w) * u64::from(scale),
        u64::from(h) * u64::from(scale),
    );
    if !export_fits((u64::from(w), u64::from(h)), scale) {
        return Err(format!(
            "{sw} × {sh} px is too large for the browser; choose a smaller size"
        ));
    }
    let canvas = new_canvas().ok_or("this browser cannot create a canvas")?;
    put_rgba(&canvas, &upscale(rgba, w, h, scale), sw as u32, sh as u32)?;
    download_canvas(&canvas, filename)
}

/// Resizes `canvas` to `width × height` and draws `rgba` (4 bytes a pixel, row by row) into
/// it: the one path from engine pixels to a canvas, for the pages' pictures and the PNG export.
pub fn put_rgba(
    canvas: &HtmlCanvasElement,
    rgba: &[u8],
    width: u32,
    height: u32,
) -> Result<(), String> {
    if canvas.width() != width || canvas.height() != height {
        canvas.set_width(width);
        canvas.set_height(height);
    }
    put_rgba_at(canvas, rgba, (width, height), (0, 0))
}

/// Draws `rgba` (`size` pixels, row by row) into `canvas` with its top left corner at `at`,
/// leaving the rest of the canvas as it is (a map's tile).
pub fn put_rgba_at(
    canvas: &HtmlCanvasElement,
    rgba: &[u8],
    (width, height): (u32, u32),
    (left, top): (u32, u32),
) -> Result<(), String> {
    let ctx = context_2d(canvas)?;
    let image = ImageData::new_with_u8_clamped_array_and_sh(Clamped(rgba), width, height)
        .map_err(|_| "the image could not be made".to_string())?;
    ctx.put_image_data(&image, f64::from(left), f64::from(top))
        .map_err(|_| "the image could not be drawn".to_string())
}

/// The canvas' 2-D context, or why there is none.
pub fn context_2d(canvas: &HtmlCanvasElement) -> Result<CanvasRenderingContext2d, String> {
    canvas
        .get_context("2d")
        .ok()
        .flatten()
        .and_then(|c| c.dyn_into::<CanvasRenderingContext2d>().ok())
        .ok_or_else(|| "no 2-D canvas context".to_string())
}

/// Shows `canvas` `width` CSS px wide whatever its pixel size, so a picture drawn at the
/// device pixel ratio keeps its layout size (set through the CSSOM, which the
/// Content-Security-Policy allows where a `style` attribute is refused).
pub fn show_at_css_width(canvas: &HtmlCanvasElement, width: u64) {
    // Failure only leaves the canvas at its pixel size, scaled down by `max-width`.
    let _ = canvas.style().set_property("width", &format!("{width}px"));
}

/// Saves `text` as a file called `filename` of type `mime` (an SVG legend, say), through a
/// temporary object URL and `<a download>`.
pub fn download_text(text: &str, filename: &str, mime: &str) -> Result<(), String> {
    download_blob(&text_blob(text, mime)?, filename)
}

/// `text` as a `Blob` of type `mime`.
pub fn text_blob(text: &str, mime: &str) -> Result<web_sys::Blob, String> {
    let parts = js_sys::Array::of1(&text.into());
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    web_sys::Blob::new_with_str_sequence_and_options(&parts, &options)
        .map_err(|_| "the browser could not make the file".to_string())
}

/// Saves `blob` as a file called `filename`, through a temporary object URL and
/// `<a download>`.
pub fn download_blob(blob: &web_sys::Blob, filename: &str) -> Result<(), String> {
    let url = web_sys::Url::create_object_url_with_blob(blob)
        .map_err(|_| "the browser could not make a download link".to_string())?;
    let result = click_download(&url, filename);
    let _ = web_sys::Url::revoke_object_url(&url);
    result
}

/// Clicks a temporary `<a href={url} download={filename}>`.
fn click_download(url: &str, filename: &str) -> Result<(), String> {
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or_else(|| "no document".to_string())?;
    let anchor = document
        .create_element("a")
        .ok()
        .and_then(|a| a.dyn_into::<HtmlAnchorElement>().ok())
        .ok_or_else(|| "could not create a download link".to_string())?;
    anchor.set_href(url);
    anchor.set_download(filename);
    anchor.click();
    Ok(())
}

/// Properties of [`ScaledPng`].
#[derive(Properties, PartialEq)]
pub struct ScaledPngProps {
    /// The button id; the scale select gets `{id}-scale`.
    pub id: AttrValue,
    /// The button text.
    pub label: AttrValue,
    /// Width and height of the image at scale 1, shown next to the scale choice.
    pub base: (u64, u64),
    /// Renders and downloads the image at the given integer scale.
    pub export: Callback<u32, Result<(), String>>,
}

/// The scales offered for PNG export.
const SCALES: [u32; 4] = [1, 2, 4, 8];

/// A "Download PNG" button with a pixel-size choice.
#[function_component(ScaledPng)]
pub fn scaled_png(props: &ScaledPngProps) -> Html {
    let scale = use_state(|| 1u32);
    let message = use_state(|| None::<String>);
    let select_id = format!("{}-scale", props.id);
    let onchange = {
        let scale = scale.clone();
        Callback::from(move |e: Event| {
            if let Some(select) = e.target_dyn_into::<HtmlSelectElement>() {
                scale.set(select.value().parse().unwrap_or(1));
            }
        })
    };
    // Only the sizes a browser can make; a chosen size that no longer fits falls back to ×1.
    let offered: Vec<u32> = SCALES
        .into_iter()
        .filter(|&s| s == 1 || export_fits(props.base, s))
        .collect();
    let chosen = if offered.contains(&*scale) { *scale } else { 1 };
    let onclick = {
        let export = props.export.clone();
        let scale = chosen;
        let message = message.clone();
        Callback::from(move |_: MouseEvent| {
            message.set(export.emit(scale).err());
        })
    };
    let (w, h) = props.base;
    html! {
        <div class="toolbar">
            <label for={select_id.clone()}>{ "Size" }</label>
            <select id={select_id} {onchange}>
                { for offered.iter().map(|&s| html! {
                    <option value={s.to_string()} selected={s == chosen}>
                        { format!("×{s} ({} × {} px)", w * u64::from(s), h * u64::from(s)) }
                    </option>
                }) }
            </select>
            <button type="button" id={props.id.clone()} {onclick}>{ props.label.clone() }</button>
            if let Some(m) = &*message {
                <span class="toolbar-note" role="status">{ m.clone() }</span>
            }
        </div>
    }
}

/// What the copy-link button last did.
#[derive(Clone, PartialEq)]
enum CopyState {
    Idle,
    Copied,
    /// The clipboard is unavailable: show the link for copying by hand.
    Manual(String),
}

/// A "Copy link" button: writes `location.href` to the clipboard, or shows it to copy by hand.
#[function_component(CopyLink)]
pub fn copy_link() -> Html {
    let state = use_state(|| CopyState::Idle);
    let onclick = {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| {
            let Some(window) = web_sys::window() else {
                return;
            };
            let href = window.location().href().unwrap_or_default();
            let navigator = window.navigator();
            // `navigator.clipboard` is missing outside secure contexts; calling it would throw.
            let has_clipboard = js_sys::Reflect::get(&navigator, &"clipboard".into())
                .map(|c| !c.is_undefined() && !c.is_null())
                .unwrap_or(false);
            if !has_clipboard {
                state.set(CopyState::Manual(href));
                return;
            }
            let promise = navigator.clipboard().write_text(&href);
            let state = state.clone();
            wasm_bindgen_futures::spawn_local(async move {
                match wasm_bindgen_futures::JsFuture::from(promise).await {
                    Ok(_) => state.set(CopyState::Copied),
                    Err(_) => state.set(CopyState::Manual(href)),
                }
            });
        })
    };
    html! {
        <div class="toolbar">
            <button type="button" id="copy-link" {onclick}>{ "Copy link" }</button>
            { match &*state {
                CopyState::Idle => html! {},
                CopyState::Copied => html! { <span class="toolbar-note" role="status">{ "Link copied." }</span> },
                CopyState::Manual(href) => html! {
                    <span class="toolbar-note" role="status">
                        <label for="copy-link-fallback">{ "The clipboard is not available; copy this link: " }</label>
                        <input id="copy-link-fallback" class="link-box" type="text" readonly=true value={href.clone()} />
                    </span>
                },
            } }
        </div>
    }
}
