//! The figure layer's writers for the export dialogs: a figure's SVG or TikZ ([`draw`]) and the
//! text chunks of a browser-drawn PNG ([`png_with_text`]). The core and lab bundles hold the
//! writers. The rules bundle leaves them out, since they would take the rules page's first
//! visit over its byte budget: there the figure goes, as bincode, to the core bundle's
//! [`figure_text`] and [`figure_png`] exports, whose module `static/boot.js` loads on the
//! first export (`globalThis.heaplabFigureWriter`) and keeps. So every bundle's files are the
//! same writers'.

use heaplab_figures::Figure;

/// What [`draw`] writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Output {
    /// An SVG document.
    Svg,
    /// A LaTeX document drawing the figure with TikZ, wrapped in `\resizebox{\linewidth}{!}`
    /// when `resize`.
    Tikz {
        /// Scale the picture to the line width.
        resize: bool,
    },
}

impl Output {
    /// The name [`figure_text`] takes for this output.
    fn name(self) -> &'static str {
        match self {
            Output::Svg => "svg",
            Output::Tikz { resize: false } => "tikz",
            Output::Tikz { resize: true } => "tikz-resize",
        }
    }
}

/// The figure as an SVG or TikZ document.
pub async fn draw(figure: &Figure, output: Output) -> Result<String, String> {
    #[cfg(any(feature = "core", feature = "lab"))]
    return write_text(figure, output.name());
    #[cfg(not(any(feature = "core", feature = "lab")))]
    return borrowed::call(figure, "figure_text", &output.name().into())
        .await?
        .as_string()
        .ok_or_else(borrowed::unavailable);
}

/// `png`, a PNG the browser drew of the figure, with the figure's `tEXt` chunks (title,
/// caption, provenance, software) inserted.
pub async fn png_with_text(figure: &Figure, png: &[u8]) -> Result<Vec<u8>, String> {
    #[cfg(any(feature = "core", feature = "lab"))]
    return insert_text(figure, png);
    #[cfg(not(any(feature = "core", feature = "lab")))]
    return Ok(js_sys::Uint8Array::new(
        &borrowed::call(figure, "figure_png", &js_sys::Uint8Array::from(png)).await?,
    )
    .to_vec());
}

/// Writes the figure as `output` (a name of [`Output::name`]).
#[cfg(any(feature = "core", feature = "lab"))]
fn write_text(figure: &Figure, output: &str) -> Result<String, String> {
    let drawn = match output {
        "svg" => figure.to_svg(),
        "tikz" | "tikz-resize" => figure.to_tikz_with(&heaplab_figures::TikzOptions {
            resize: output == "tikz-resize",
        }),
        other => return Err(format!("no figure output named '{other}'")),
    };
    drawn.map_err(|e| e.to_string())
}

/// Inserts the figure's text chunks into `png`.
#[cfg(any(feature = "core", feature = "lab"))]
fn insert_text(figure: &Figure, png: &[u8]) -> Result<Vec<u8>, String> {
    let text = figure.png_text();
    let pairs: Vec<(&str, &str)> = text.iter().map(|(k, v)| (*k, v.as_str())).collect();
    heaplab_figures::insert_png_text(png, &pairs).map_err(|e| e.to_string())
}

/// Reads the bincode of a figure another bundle sent.
#[cfg(feature = "core")]
fn figure_of(bytes: &[u8]) -> Result<Figure, String> {
    bincode::deserialize(bytes).map_err(|e| format!("not a figure description: {e}"))
}

/// The core bundle's figure writer for the other bundles: the bincode of a [`Figure`] written
/// as `output` (`svg`, `tikz` or `tikz-resize`); `Err` with the reason for bytes that are not a
/// figure, or a figure that cannot be drawn.
#[cfg(feature = "core")]
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn figure_text(figure: &[u8], output: &str) -> Result<String, String> {
    write_text(&figure_of(figure)?, output)
}

/// The core bundle's PNG text insertion for the other bundles: `png` with the text chunks of
/// the figure whose bincode is `figure`.
#[cfg(feature = "core")]
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn figure_png(figure: &[u8], png: &[u8]) -> Result<Vec<u8>, String> {
    insert_text(&figure_of(figure)?, png)
}

/// The rules bundle's side: calls the core module's exports through `boot.js`.
#[cfg(not(any(feature = "core", feature = "lab")))]
mod borrowed {
    use heaplab_figures::Figure;
    use wasm_bindgen::{JsCast, JsValue};
    use wasm_bindgen_futures::JsFuture;

    /// Why a borrowed writer gave nothing.
    pub fn unavailable() -> String {
        "the figure writer could not be loaded".to_string()
    }

    /// Calls the core module's export `name` with the figure's bincode and `arg`, once
    /// `boot.js` has loaded that module.
    pub async fn call(figure: &Figure, name: &str, arg: &JsValue) -> Result<JsValue, String> {
        let bytes = bincode::serialize(figure).map_err(|e| e.to_string())?;
        let loader = js_sys::Reflect::get(&js_sys::global(), &"heaplabFigureWriter".into())
            .ok()
            .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
            .ok_or_else(unavailable)?;
        let promise: js_sys::Promise = loader
            .call0(&JsValue::NULL)
            .ok()
            .and_then(|p| p.dyn_into().ok())
            .ok_or_else(unavailable)?;
        let glue = JsFuture::from(promise).await.map_err(|_| unavailable())?;
        let export: js_sys::Function = js_sys::Reflect::get(&glue, &name.into())
            .ok()
            .and_then(|f| f.dyn_into().ok())
            .ok_or_else(unavailable)?;
        let figure = js_sys::Uint8Array::from(bytes.as_slice());
        export
            .call2(&JsValue::NULL, &figure, arg)
            .map_err(|e| e.as_string().unwrap_or_else(unavailable))
    }
}

#[cfg(all(test, feature = "core"))]
mod tests {
    use heaplab_figures::views::heaps::value_chart;
    use heaplab_figures::{Figure, Size, TikzOptions};

    /// A figure sent as bincode comes back as the SVG and TikZ the figure layer writes for it,
    /// and a PNG with its text chunks; bytes that are not a figure, and an unknown output, get
    /// a message, not a panic.
    #[test]
    fn a_figure_crosses_as_bincode() {
        let figure = Figure::new("G(n)", value_chart(&[0.0, 1.0, 2.0, 0.0])).with_export(
            Size::ONE_COLUMN,
            Default::default(),
            Some("#/x".into()),
        );
        let bytes = bincode::serialize(&figure).expect("serialises");
        let svg = figure.to_svg().map_err(|e| e.to_string());
        assert_eq!(super::figure_text(&bytes, "svg"), svg);
        let resized = figure.to_tikz_with(&TikzOptions { resize: true });
        let resized = resized.map_err(|e| e.to_string());
        assert_eq!(super::figure_text(&bytes, "tikz-resize"), resized);
        let bad = super::figure_text(&[7, 1, 2], "svg").expect_err("not a figure");
        assert!(bad.starts_with("not a figure description"), "{bad}");
        assert!(super::figure_text(&bytes, "gif").is_err());
        // The smallest PNG: signature, IHDR, IDAT, IEND (a 1 × 1 grey pixel).
        let png = include_bytes!("../../tests/data/one_pixel.png");
        let with_text = super::figure_png(&bytes, png).expect("a PNG");
        assert!(with_text.len() > png.len());
        assert!(with_text.windows(5).any(|w| w == b"tEXtT"), "no text chunk");
    }
}
