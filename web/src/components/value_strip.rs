//! The value strip: one square cell per heap, drawn left to right in rows on a `<canvas>`.
//!
//! Geometry (the end-to-end tests read it back): cell `i` covers
//! `x = (i % per_row) * cell .. + cell`, `y = (i / per_row) * cell .. + cell`; the canvas
//! carries `data-cell` and `data-per-row`. Colours come from [`super::palette`] (P-positions are
//! `#000000`). Marked heaps (the end of the preperiod, the end of the first period) get a thin
//! white bar on the *left edge* of their cell, `max(1, cell / 8)` pixels wide, so cell interiors
//! keep their colour (cells under [`MIN_MARKED_CELL`] px get no bar). Pixels are written straight into `ImageData`.

use std::rc::Rc;

use web_sys::HtmlCanvasElement;
use yew::prelude::*;

use super::export::{download_canvas, put_rgba, ScaledPng};
use super::palette::value_rgb;

/// The strip is laid out to be about this many pixels wide.
const TARGET_WIDTH: u64 = 960;
/// And to take up about this many square pixels in all.
const TARGET_AREA: u64 = 960 * 360;
/// The widest a row may get when rows are aligned to a period.
const MAX_ALIGNED_WIDTH: u64 = 1_440;

/// Cells smaller than this get no period markers (a bar would cover their middle).
pub const MIN_MARKED_CELL: u32 = 4;

/// Cell size and cells per row for `n` heaps. With `align = Some(p)`, rows hold a multiple of
/// `p` cells (so a periodic pattern lines up in columns) whenever `p` cells fit in a row.
pub fn strip_layout(n: u64, align: Option<u64>) -> (u32, u64) {
    let n = n.max(1);
    let mut cell = ((TARGET_AREA / n) as f64).sqrt().floor() as u64;
    cell = cell.clamp(2, 24);
    let mut per_row = (TARGET_WIDTH / cell).max(1);
    if let Some(p) = align.filter(|&p| p >= 1 && p * 2 <= MAX_ALIGNED_WIDTH) {
        cell = cell.min(MAX_ALIGNED_WIDTH / p).max(2);
        let fit = (TARGET_WIDTH / cell).max(p);
        per_row = p * (fit / p).max(1);
    }
    (cell as u32, per_row.min(n).max(1))
}

/// Where heap `index` is drawn: the pixel of its cell's top-left corner.
pub fn cell_origin(index: u64, cell: u32, per_row: u64) -> (u64, u64) {
    (
        (index % per_row) * u64::from(cell),
        (index / per_row) * u64::from(cell),
    )
}

/// Draws `values` into `canvas` (resizing it), cell `cell` px, `per_row` cells a row, with
/// left-edge markers at the heaps in `marks`. Returns `None` when the canvas has no 2-D context.
pub fn draw_strip(
    canvas: &HtmlCanvasElement,
    values: &[u64],
    cell: u32,
    per_row: u64,
    marks: &[u64],
) -> Option<()> {
    let n = values.len() as u64;
    let rows = n.div_ceil(per_row).max(1);
    let width = (per_row * u64::from(cell)) as u32;
    let height = (rows * u64::from(cell)) as u32;
    let stride = width as usize * 4;
    // Transparent background; each cell is filled row by row.
    let mut pixels = vec![0u8; stride * height as usize];
    let cell_px = cell as usize;
    for (i, &value) in values.iter().enumerate() {
        let [r, g, b] = value_rgb(value);
        let (x0, y0) = cell_origin(i as u64, cell, per_row);
        for dy in 0..cell_px {
            let row = (y0 as usize + dy) * stride + x0 as usize * 4;
            for px in pixels[row..row + cell_px * 4].chunks_exact_mut(4) {
                px.copy_from_slice(&[r, g, b, 255]);
            }
        }
    }
    // Below 4 px a bar would cover the cell's middle, so small cells get no markers.
    let bar = (cell_px / 8).max(1);
    let marks = if cell >= MIN_MARKED_CELL { marks } else { &[] };
    for &m in marks.iter().filter(|&&m| m < n) {
        let (x0, y0) = cell_origin(m, cell, per_row);
        for dy in 0..cell_px {
            let row = (y0 as usize + dy) * stride + x0 as usize * 4;
            for px in pixels[row..row + bar * 4].chunks_exact_mut(4) {
                px.copy_from_slice(&[255, 255, 255, 255]);
            }
        }
    }
    put_rgba(canvas, &pixels, width, height).ok()
}

/// Properties of [`ValueStrip`].
#[derive(Properties, PartialEq)]
pub struct ValueStripProps {
    /// The canvas id (`value-strip` on the subtraction page).
    #[prop_or(AttrValue::Static("value-strip"))]
    pub id: AttrValue,
    /// Nim-values of heaps `0..n`.
    pub values: Rc<Vec<u64>>,
    /// Heaps whose cells get a left-edge marker (preperiod end, first period end).
    #[prop_or_default]
    pub marks: Vec<u64>,
    /// Align rows to this period when it fits.
    #[prop_or_default]
    pub align: Option<u64>,
    /// Called with the heap whose cell was clicked.
    #[prop_or_default]
    pub on_select: Callback<u64>,
    /// File name stem for the PNG download.
    pub file_stem: AttrValue,
    /// A one-line description for screen readers.
    pub label: AttrValue,
}

/// The canvas strip with a PNG export toolbar.
#[function_component(ValueStrip)]
pub fn value_strip(props: &ValueStripProps) -> Html {
    let canvas = use_node_ref();
    let n = props.values.len() as u64;
    let (cell, per_row) = strip_layout(n, props.align);
    {
        let canvas = canvas.clone();
        let values = props.values.clone();
        let marks = props.marks.clone();
        use_effect_with(
            (values, marks, cell, per_row),
            move |(values, marks, cell, per_row)| {
                if let Some(c) = canvas.cast::<HtmlCanvasElement>() {
                    draw_strip(&c, values, *cell, *per_row, marks);
                }
            },
        );
    }
    let onclick = {
        let canvas = canvas.clone();
        let on_select = props.on_select.clone();
        Callback::from(move |e: MouseEvent| {
            let Some(c) = canvas.cast::<HtmlCanvasElement>() else {
                return;
            };
            // The canvas may be scaled down by CSS; map CSS pixels to canvas pixels.
            let shown = f64::from(c.client_width().max(1));
            let scale = f64::from(c.width()) / shown;
            let x = (f64::from(e.offset_x()) * scale / f64::from(cell)).floor();
            let y = (f64::from(e.offset_y()) * scale / f64::from(cell)).floor();
            if x < 0.0 || y < 0.0 || x >= per_row as f64 {
                return;
            }
            let heap = y as u64 * per_row + x as u64;
            if heap < n {
                on_select.emit(heap);
            }
        })
    };
    let export = {
        let values = props.values.clone();
        let marks = props.marks.clone();
        let stem = props.file_stem.clone();
        Callback::from(move |scale: u32| {
            let Some(c) = super::export::new_canvas() else {
                return Err("this browser cannot create a canvas".to_string());
            };
            draw_strip(&c, &values, cell * scale, per_row, &marks)
                .ok_or_else(|| "the canvas could not be drawn".to_string())?;
            download_canvas(&c, &format!("{stem}-x{scale}.png"))
        })
    };
    html! {
        <div class="strip">
            <div class="strip-scroll">
                <canvas
                    ref={canvas}
                    id={props.id.clone()}
                    class="value-strip"
                    data-cell={cell.to_string()}
                    data-per-row={per_row.to_string()}
                    data-n={n.to_string()}
                    role="img"
                    aria-label={props.label.clone()}
                    {onclick}
                ></canvas>
            </div>
            <ScaledPng id="download-png" label="Download PNG" base={(per_row * u64::from(cell), n.div_ceil(per_row) * u64::from(cell))} {export} />
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layout_fits_and_aligns() {
        let (cell, per_row) = strip_layout(60, None);
        assert_eq!((cell, per_row), (24, 40));
        let (cell, per_row) = strip_layout(100_000, None);
        assert!(cell >= 2 && per_row * u64::from(cell) <= TARGET_WIDTH);
        let (_, per_row) = strip_layout(1000, Some(22));
        assert_eq!(per_row % 22, 0);
        assert_eq!(strip_layout(3, None).1, 3);
    }
}
