//! "Export figure…": one dialog for every page with a figure of the figure layer
//! (`heaplab-figures`). The reader picks the format (SVG, PNG, or TikZ where the figure has
//! one, optionally scaled to `\linewidth`; fold markers for a tree), the width (one journal
//! column, 8.5 cm, or two, 17.5 cm), the PNG's DPI (300 or 600), the palette (colour or grey)
//! and whether the provenance line is drawn; the page builds its figure with the same builder
//! as the CLI's `--figure`, and [`Figure::with_export`] applies those choices.
//!
//! The SVG and TikZ are the figure layer's own (`Figure::to_svg`, `Figure::to_tikz_with`,
//! through `figure_writer`, which borrows the core bundle's writers in the rules bundle). A PNG is that SVG drawn by the
//! browser onto a canvas `width_cm / 2.54 · dpi` pixels wide (no rasteriser in the module),
//! with the figure's `tEXt` chunks (title, caption, provenance, software) inserted into the
//! canvas's bytes by the figure layer (`insert_png_text`).
//! The dialog is a native `<dialog>`: it takes the focus, Escape closes it, and on a phone it
//! is a sheet of large choices.

use heaplab_figures::{Figure, Palette, Size};
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{Blob, HtmlImageElement};
use yew::prelude::*;

use super::export::{context_2d, download_blob, download_text, export_fits, new_canvas, text_blob};
use super::figure_writer::{draw, png_with_text, Output};

/// The file format of an export.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExportFormat {
    /// The figure layer's SVG.
    Svg,
    /// That SVG drawn by the browser at the chosen DPI.
    Png,
    /// A LaTeX document drawing the figure with TikZ (figures that have one).
    Tikz,
}

/// What the reader chose in the dialog.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ExportChoice {
    /// SVG or PNG.
    pub format: ExportFormat,
    /// Two journal columns (17.5 cm) instead of one (8.5 cm).
    pub two_columns: bool,
    /// 600 DPI instead of 300 (PNG only).
    pub dpi_600: bool,
    /// Grey levels instead of the colour-blind-safe colours.
    pub grey: bool,
    /// Draw the provenance line (and write it into the metadata).
    pub provenance: bool,
    /// TikZ: wrap the picture in `\resizebox{\linewidth}{!}{…}`.
    pub resize: bool,
    /// Trees: draw a collapsed node's hidden count (`[+k]`).
    pub fold_markers: bool,
}

impl Default for ExportChoice {
    fn default() -> Self {
        ExportChoice {
            format: ExportFormat::Svg,
            two_columns: false,
            dpi_600: false,
            grey: false,
            provenance: true,
            resize: false,
            fold_markers: false,
        }
    }
}

impl ExportChoice {
    /// The figure layer's size preset for this choice.
    pub fn size(self) -> Size {
        let size = if self.two_columns {
            Size::TWO_COLUMNS
        } else {
            Size::ONE_COLUMN
        };
        size.at_dpi(if self.dpi_600 { 600 } else { 300 })
    }

    /// The figure layer's palette for this choice.
    pub fn palette(self) -> Palette {
        if self.grey {
            Palette::Grey
        } else {
            Palette::ColourBlind
        }
    }

    /// The PNG's width in pixels: the width in inches times the DPI.
    pub fn png_width(self) -> u32 {
        let size = self.size();
        (size.width_cm / 2.54 * f64::from(size.dpi)).round() as u32
    }
}

/// Properties of [`FigureExport`].
#[derive(Properties, PartialEq)]
pub struct FigureExportProps {
    /// The opening button's id; the dialog's parts are `{id}-dialog`, `{id}-svg`, `{id}-png`,
    /// `{id}-tikz`, `{id}-resize`, `{id}-column`, `{id}-page`, `{id}-300`, `{id}-600`,
    /// `{id}-colour`, `{id}-grey`, `{id}-provenance`, `{id}-folds` (trees), `{id}-download`,
    /// `{id}-close` and `{id}-status`.
    pub id: AttrValue,
    /// The downloaded file's name without its extension.
    pub stem: AttrValue,
    /// The page's address of the same view (`#/…`); the provenance link is this page's
    /// origin and path followed by it.
    pub link: AttrValue,
    /// The CLI command that writes the same figure as a PDF (shown, since the page has no
    /// PDF writer); empty when the CLI has none.
    pub pdf_command: AttrValue,
    /// Whether the figure can be drawn now (the data is complete); the reason otherwise.
    pub not_ready: Option<AttrValue>,
    /// Builds the page's figure in a palette (the same builder as the CLI's `--figure`).
    pub figure: Callback<Palette, Result<Figure, String>>,
    /// The figure is a tree: offer the fold-marker choice.
    #[prop_or_default]
    pub tree_options: bool,
}

/// The "Export figure…" button and its dialog.
#[function_component(FigureExport)]
pub fn figure_export(props: &FigureExportProps) -> Html {
    let choice = use_state(ExportChoice::default);
    let status = use_state(|| None::<String>);
    // Whether the figure has a TikZ form, learnt when the dialog opens.
    let tikz = use_state(|| false);
    let dialog = use_node_ref();
    let id = props.id.clone();
    let open = {
        let (dialog, figure, tikz) = (dialog.clone(), props.figure.clone(), tikz.setter());
        Callback::from(move |_: MouseEvent| {
            tikz.set(figure.emit(Palette::default()).is_ok_and(|f| f.has_tikz()));
            call_dialog(&dialog, "showModal")
        })
    };
    let close = {
        let dialog = dialog.clone();
        Callback::from(move |_: MouseEvent| call_dialog(&dialog, "close"))
    };
    let download = download_callback(props, *choice, status.setter());
    html! {
        <div class="toolbar">
            <button type="button" id={id.clone()} onclick={open} aria-haspopup="dialog">{ "Export figure…" }</button>
            <dialog ref={dialog} id={format!("{id}-dialog")} class="figure-dialog" aria-labelledby={format!("{id}-title")}>
                <h2 id={format!("{id}-title")}>{ "Export figure" }</h2>
                { choices_html(&id, &choice, *tikz, props.tree_options) }
                if !props.pdf_command.is_empty() {
                    <p class="note">{ "PDF: " }<code>{ props.pdf_command.clone() }</code></p>
                }
                if let Some(reason) = &props.not_ready {
                    <p class="note">{ reason.clone() }</p>
                }
                <div class="toolbar">
                    <button type="button" id={format!("{id}-download")} onclick={download} disabled={props.not_ready.is_some()}>{ "Download" }</button>
                    <button type="button" id={format!("{id}-close")} onclick={close}>{ "Close" }</button>
                </div>
                <p id={format!("{id}-status")} role="status" aria-live="polite">{ (*status).clone().unwrap_or_default() }</p>
            </dialog>
        </div>
    }
}

/// Calls the `<dialog>`'s `method` (`showModal` or `close`). Through `Reflect`, not web-sys's
/// `HtmlDialogElement`: that one feature would rebuild web-sys and every crate on it.
fn call_dialog(dialog: &NodeRef, method: &str) {
    let Some(element) = dialog.cast::<web_sys::Element>() else {
        return;
    };
    if let Ok(f) = js_sys::Reflect::get(&element, &method.into()) {
        if let Some(f) = f.dyn_ref::<js_sys::Function>() {
            let _ = f.call0(&element);
        }
    }
}

/// The dialog's choices: format (TikZ when the figure has it, `tikz`), width, DPI, palette,
/// provenance, and for a tree (`tree`) the fold markers.
fn choices_html(id: &str, choice: &UseStateHandle<ExportChoice>, tikz: bool, tree: bool) -> Html {
    let c = **choice;
    let set = |change: fn(&mut ExportChoice)| {
        let choice = choice.clone();
        Callback::from(move |_: Event| {
            let mut next = *choice;
            change(&mut next);
            choice.set(next);
        })
    };
    let png = c.format == ExportFormat::Png;
    let tex = c.format == ExportFormat::Tikz && tikz;
    html! {
        <>
            <fieldset>
                <legend>{ "Format" }</legend>
                { radio(id, "svg", "format", "SVG (vector)", !png && !tex, set(|c| c.format = ExportFormat::Svg)) }
                { radio(id, "png", "format", "PNG", png, set(|c| c.format = ExportFormat::Png)) }
                <span hidden={!tikz}>
                    { radio(id, "tikz", "format", "TikZ (LaTeX)", tex, set(|c| c.format = ExportFormat::Tikz)) }
                    <label class="check">
                        <input type="checkbox" id={format!("{id}-resize")} checked={c.resize} disabled={!tex}
                            onchange={set(|c| c.resize = !c.resize)} />
                        { " Scale to \\linewidth" }
                    </label>
                </span>
            </fieldset>
            <fieldset>
                <legend>{ "Width" }</legend>
                { radio(id, "column", "width", "One column (8.5 cm)", !c.two_columns, set(|c| c.two_columns = false)) }
                { radio(id, "page", "width", "Two columns (17.5 cm)", c.two_columns, set(|c| c.two_columns = true)) }
            </fieldset>
            <fieldset disabled={!png}>
                <legend>{ "Resolution (PNG)" }</legend>
                { radio(id, "300", "dpi", "300 DPI", !c.dpi_600, set(|c| c.dpi_600 = false)) }
                { radio(id, "600", "dpi", "600 DPI", c.dpi_600, set(|c| c.dpi_600 = true)) }
                <p class="note">{ format!("{} px wide", c.png_width()) }</p>
            </fieldset>
            <fieldset>
                <legend>{ "Palette" }</legend>
                { radio(id, "colour", "palette", "Colour (colour-blind safe)", !c.grey, set(|c| c.grey = false)) }
                { radio(id, "grey", "palette", "Grey (for print)", c.grey, set(|c| c.grey = true)) }
            </fieldset>
            <label class="check">
                <input type="checkbox" id={format!("{id}-provenance")} checked={c.provenance}
                    onchange={set(|c| c.provenance = !c.provenance)} />
                { " Provenance line (HeapLab version and the link to this view)" }
            </label>
            if tree {
                <label class="check">
                    <input type="checkbox" id={format!("{id}-folds")} checked={c.fold_markers}
                        onchange={set(|c| c.fold_markers = !c.fold_markers)} />
                    { " Fold markers ([+k] on a collapsed node)" }
                </label>
            }
        </>
    }
}

/// One radio button `{id}-{value}` of the group `{id}-{group}`, labelled `label`.
fn radio(
    id: &str,
    value: &str,
    group: &str,
    label: &str,
    checked: bool,
    onchange: Callback<Event>,
) -> Html {
    let input_id = format!("{id}-{value}");
    html! {
        <label class="radio" for={input_id.clone()}>
            <input type="radio" id={input_id} name={format!("{id}-{group}")} value={value.to_string()} {checked} {onchange} />
            { format!(" {label}") }
        </label>
    }
}

/// The Download button: builds the figure with the choices and saves it as SVG or TikZ, or
/// draws it into a PNG first; the outcome goes to the status line.
fn download_callback(
    props: &FigureExportProps,
    choice: ExportChoice,
    status: UseStateSetter<Option<String>>,
) -> Callback<MouseEvent> {
    let figure = props.figure.clone();
    let stem = props.stem.to_string();
    let link = props.link.to_string();
    Callback::from(move |_: MouseEvent| {
        let provenance = choice.provenance.then(|| page_address(&link));
        let fig = match figure.emit(choice.palette()) {
            Ok(fig) => fig
                .with_export(choice.size(), choice.palette(), provenance)
                .with_fold_markers(choice.fold_markers),
            Err(e) => return status.set(Some(format!("Could not draw the figure: {e}"))),
        };
        status.set(Some("Drawing the figure…".into()));
        let (status, stem) = (status.clone(), stem.clone());
        wasm_bindgen_futures::spawn_local(async move {
            let done = save(&fig, choice, &stem).await;
            status.set(Some(done.unwrap_or_else(|e| e)));
        });
    })
}

/// Draws `fig` in the chosen format and downloads it as `{stem}.svg`, `.png` or `.tex`: what
/// was saved, or why not.
async fn save(fig: &Figure, choice: ExportChoice, stem: &str) -> Result<String, String> {
    let failed = |e: String| format!("Could not draw the figure: {e}");
    let output = match choice.format {
        ExportFormat::Tikz => Output::Tikz {
            resize: choice.resize,
        },
        _ => Output::Svg,
    };
    let text = draw(fig, output).await.map_err(failed)?;
    let (ext, mime) = match choice.format {
        ExportFormat::Tikz => ("tex", "application/x-tex"),
        ExportFormat::Svg => ("svg", "image/svg+xml"),
        ExportFormat::Png => {
            let name = format!("{stem}.png");
            let (blob, (w, h)) = png_blob(&text, choice.png_width()).await?;
            download_blob(&with_png_text(fig, &blob).await?, &name)?;
            return Ok(format!("Saved {name} ({w} × {h} px)."));
        }
    };
    let name = format!("{stem}.{ext}");
    download_text(&text, &name, mime)?;
    Ok(format!("Saved {name}."))
}

/// The address bar's `#/…` part: the link of the view on screen, for a figure's provenance.
pub fn current_hash() -> String {
    web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .unwrap_or_default()
}

/// This page's origin and path followed by `hash` (`#/…`): the link that reopens the view.
pub fn page_address(hash: &str) -> String {
    let location = web_sys::window().map(|w| w.location());
    let part = |f: fn(&web_sys::Location) -> Result<String, wasm_bindgen::JsValue>| {
        location
            .as_ref()
            .and_then(|l| f(l).ok())
            .unwrap_or_default()
    };
    format!(
        "{}{}{hash}",
        part(web_sys::Location::origin),
        part(web_sys::Location::pathname)
    )
}

/// The width and height of an SVG sized in cm by the figure layer (`width="8.500cm"`).
fn svg_size_cm(svg: &str) -> Option<(f64, f64)> {
    let head = &svg[..svg.find('>')?];
    let attr = |name: &str| {
        let start = head.find(&format!(" {name}=\""))? + name.len() + 3;
        decimal(head[start..].split('"').next()?.strip_suffix("cm")?)
    };
    Some((attr("width")?, attr("height")?)).filter(|(w, h)| *w > 0.0 && *h > 0.0)
}

/// A plain decimal `12.345`, read digit by digit: the standard float parser would add its
/// tables to every bundle with this dialog.
fn decimal(text: &str) -> Option<f64> {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    let digits = |part: &str| {
        part.bytes()
            .try_fold((0.0_f64, 1.0_f64), |(value, scale), b| {
                b.is_ascii_digit()
                    .then(|| (value * 10.0 + f64::from(b - b'0'), scale * 10.0))
            })
    };
    let ((w, _), (f, scale)) = (digits(whole)?, digits(fraction)?);
    (!whole.is_empty()).then(|| w + f / scale)
}

/// `svg` drawn by the browser onto a canvas `width` pixels wide (the height in proportion),
/// as a PNG `Blob` with its pixel size.
async fn png_blob(svg: &str, width: u32) -> Result<(Blob, (u32, u32)), String> {
    let (w_cm, h_cm) = svg_size_cm(svg).ok_or("the figure has no size")?;
    let height = (f64::from(width) * h_cm / w_cm).round() as u32;
    if !export_fits((u64::from(width), u64::from(height)), 1) {
        return Err(format!(
            "{width} × {height} px is too large for the browser"
        ));
    }
    let url = web_sys::Url::create_object_url_with_blob(&text_blob(svg, "image/svg+xml")?)
        .map_err(|_| "the browser could not read the figure".to_string())?;
    let image = HtmlImageElement::new().map_err(|_| "no image element".to_string())?;
    image.set_src(&url);
    let decoded = JsFuture::from(image.decode()).await;
    let _ = web_sys::Url::revoke_object_url(&url);
    decoded.map_err(|_| "the browser could not draw the figure".to_string())?;
    let canvas = new_canvas().ok_or("this browser cannot create a canvas")?;
    canvas.set_width(width);
    canvas.set_height(height);
    context_2d(&canvas)?
        .draw_image_with_html_image_element_and_dw_and_dh(
            &image,
            0.0,
            0.0,
            f64::from(width),
            f64::from(height),
        )
        .map_err(|_| "the browser could not draw the figure".to_string())?;
    let promise = js_sys::Promise::new(&mut |resolve, _reject| {
        let _ = canvas.to_blob(&resolve);
    });
    let blob = JsFuture::from(promise)
        .await
        .ok()
        .and_then(|b| b.dyn_into::<Blob>().ok())
        .ok_or("the browser could not encode the PNG")?;
    Ok((blob, (width, height)))
}

/// `blob`, a PNG the browser encoded, with the figure's text chunks (title, caption,
/// provenance, software; [`Figure::png_text`]) inserted by the figure layer.
async fn with_png_text(fig: &Figure, blob: &Blob) -> Result<Blob, String> {
    let buffer = JsFuture::from(blob.array_buffer())
        .await
        .map_err(|_| "the browser could not read the PNG".to_string())?;
    let bytes = js_sys::Uint8Array::new(&buffer).to_vec();
    let png = png_with_text(fig, &bytes).await?;
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("image/png");
    let parts = js_sys::Array::of1(&js_sys::Uint8Array::from(png.as_slice()));
    Blob::new_with_u8_array_sequence_and_options(&parts, &options)
        .map_err(|_| "the browser could not make the file".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_and_png_widths() {
        let c = ExportChoice::default();
        assert_eq!(c.size(), Size::ONE_COLUMN);
        assert_eq!(c.png_width(), 1004);
        let page = ExportChoice {
            two_columns: true,
            dpi_600: true,
            ..c
        };
        assert_eq!(page.png_width(), 4134);
        assert_eq!(page.size().dpi, 600);
    }

    #[test]
    fn the_svg_size_is_read_from_its_head() {
        let svg = "<svg width=\"8.500cm\" height=\"6.250cm\" shape-rendering=\"crispEdges\">";
        assert_eq!(svg_size_cm(svg), Some((8.5, 6.25)));
        assert_eq!(svg_size_cm("<svg width=\"100\" height=\"5\">"), None);
        assert_eq!(svg_size_cm("no svg"), None);
        assert_eq!(decimal("17.500"), Some(17.5));
        assert_eq!(decimal("3"), Some(3.0));
        for bad in ["", ".5", "1.2.3", "-1", "1e3", "x"] {
            assert_eq!(decimal(bad), None, "{bad}");
        }
    }
}
