//! The value strip: one square cell per heap, drawn left to right in rows on a `<canvas>`.
//!
//! Geometry (the end-to-end tests read it back): cell `i` covers canvas pixels
//! `x = (i % per_row) * cell .. + cell`, `y = (i / per_row) * cell .. + cell`; the canvas
//! carries `data-cell` (canvas pixels), `data-scale` (canvas pixels per CSS pixel, the device
//! pixel ratio rounded) and `data-per-row`, and is shown `per_row × cell / scale` CSS px wide.
//! On a narrow screen cells are [`TAP_CELL`] CSS px, big enough to tap; a strip too long for
//! that keeps small cells, and a tap opens a zoomed band (canvas `{id}-band`, the same
//! geometry from heap `data-first`) of [`BAND_ROWS`] rows of tap-sized cells around the tapped
//! heap, where a tap selects a heap. Colours come from [`super::palette`] (P-positions are
//! `#000000`). Marked heaps (the end of the preperiod, the end of the first period) get a thin
//! white bar on the *left edge* of their cell, `max(1, cell / 8)` pixels wide, so cell interiors
//! keep their colour (cells under [`MIN_MARKED_CELL`] px get no bar). Pixels are written straight into `ImageData`.

use std::rc::Rc;

use web_sys::HtmlCanvasElement;
use yew::prelude::*;

use super::export::{put_rgba, show_at_css_width};
use super::palette::value_rgb;

/// The strip is laid out to be about this many CSS pixels wide (at most; less on a narrow
/// screen).
pub const TARGET_WIDTH: u64 = 960;
/// And to take up about this many square pixels in all.
const TARGET_AREA: u64 = 960 * 360;
/// The widest a row may get when rows are aligned to a period.
const MAX_ALIGNED_WIDTH: u64 = 1_440;
/// On a screen narrower than [`TARGET_WIDTH`], cells are this many CSS pixels, big enough to
/// tap (the strip grows taller and scrolls inside its box) ...
pub const TAP_CELL: u32 = 24;
/// ... for up to this many heaps (more would make the strip taller than a canvas may be).
pub const TAP_HEAPS: u64 = 2_000;

/// Rows of tap-sized cells in the zoomed band of a long strip on a narrow screen.
pub const BAND_ROWS: u64 = 3;

/// The zoomed band around `heap` of a strip of `n` heaps (`heap < n`): its first heap and
/// length, [`BAND_ROWS`] rows of `per_row` cells with the tapped heap's row in the middle.
pub fn band_around(heap: u64, per_row: u64, n: u64) -> (u64, u64) {
    let per_row = per_row.max(1);
    let first = (heap / per_row).saturating_sub(1) * per_row;
    (first, (BAND_ROWS * per_row).min(n.saturating_sub(first)))
}

/// Cells smaller than this get no period markers (a bar would cover their middle).
pub const MIN_MARKED_CELL: u32 = 4;

/// Cell size (CSS px) and cells per row for `n` heaps in a box `width` CSS px wide. With
/// `align = Some(p)`, rows hold a multiple of `p` cells (so a periodic pattern lines up in
/// columns) whenever `p` cells fit in a row.
pub fn strip_layout(n: u64, align: Option<u64>, width: u64) -> (u32, u64) {
    let n = n.max(1);
    let width = width.clamp(u64::from(TAP_CELL), TARGET_WIDTH);
    if width < TARGET_WIDTH && n <= TAP_HEAPS {
        let mut per_row = width / u64::from(TAP_CELL);
        if let Some(p) = align.filter(|&p| p >= 1 && p <= per_row) {
            per_row = p * (per_row / p);
        }
        return (TAP_CELL, per_row.min(n));
    }
    let mut cell = ((TARGET_AREA / n) as f64).sqrt().floor() as u64;
    cell = cell.clamp(2, 24);
    let mut per_row = (width / cell).max(1);
    if let Some(p) = align.filter(|&p| p >= 1 && p * 2 <= MAX_ALIGNED_WIDTH) {
        cell = cell.min(MAX_ALIGNED_WIDTH / p).max(2);
        let fit = (width / cell).max(p);
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

/// RGBA pixels of a strip: cell `i` in `colours[i]`, `cell` px square, `per_row` cells a row,
/// with left-edge markers at the heaps in `marks`. Returns the pixels, width and height. The
/// value strip and the partizan outcome strip are both drawn by it.
pub fn strip_rgba(
    colours: &[[u8; 3]],
    cell: u32,
    per_row: u64,
    marks: &[u64],
) -> (Vec<u8>, u32, u32) {
    let n = colours.len() as u64;
    let rows = n.div_ceil(per_row).max(1);
    let width = (per_row * u64::from(cell)) as u32;
    let height = (rows * u64::from(cell)) as u32;
    let stride = width as usize * 4;
    // Transparent background; each cell is filled row by row.
    let mut pixels = vec![0u8; stride * height as usize];
    let cell_px = cell as usize;
    let mut fill = |index: u64, span: usize, [r, g, b]: [u8; 3]| {
        let (x0, y0) = cell_origin(index, cell, per_row);
        for dy in 0..cell_px {
            let row = (y0 as usize + dy) * stride + x0 as usize * 4;
            for px in pixels[row..row + span * 4].chunks_exact_mut(4) {
                px.copy_from_slice(&[r, g, b, 255]);
            }
        }
    };
    for (i, &colour) in colours.iter().enumerate() {
        fill(i as u64, cell_px, colour);
    }
    // Below 4 px a bar would cover the cell's middle, so small cells get no markers.
    let bar = (cell_px / 8).max(1);
    let marks = if cell >= MIN_MARKED_CELL { marks } else { &[] };
    for &m in marks.iter().filter(|&&m| m < n) {
        fill(m, bar, [255, 255, 255]);
    }
    (pixels, width, height)
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
    let colours: Vec<[u8; 3]> = values.iter().map(|&v| value_rgb(v)).collect();
    let (pixels, width, height) = strip_rgba(&colours, cell, per_row, marks);
    put_rgba(canvas, &pixels, width, height).ok()
}

/// The whole device pixels per CSS pixel a strip is drawn at (`devicePixelRatio` rounded,
/// 1 to 4), so cells stay sharp on a dense screen.
pub fn device_scale() -> u32 {
    let ratio = web_sys::window().map_or(1.0, |w| w.device_pixel_ratio());
    ratio.round().clamp(1.0, 4.0) as u32
}

/// The CSS width of `node`'s element once it is laid out (the desktop [`TARGET_WIDTH`] before
/// that), so a strip lays out for the screen it is on.
#[hook]
pub fn use_box_width(node: &NodeRef) -> u64 {
    let width = use_state_eq(|| TARGET_WIDTH);
    {
        let (node, width) = (node.clone(), width.clone());
        use_effect_with((), move |_| {
            if let Some(el) = node.cast::<web_sys::Element>() {
                if let Ok(w @ 1..) = u64::try_from(el.client_width()) {
                    width.set(w);
                }
            }
        });
    }
    *width
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
    /// A one-line description for screen readers.
    pub label: AttrValue,
    /// The strip's toolbar: the page's "Export figure…" dialog.
    #[prop_or_default]
    pub children: Html,
}

/// The canvas strip with its toolbar (the page's export) below it.
#[function_component(ValueStrip)]
pub fn value_strip(props: &ValueStripProps) -> Html {
    let canvas = use_node_ref();
    let strip_box = use_node_ref();
    let n = props.values.len() as u64;
    // Rows fit inside the scroll box's 1 px borders.
    let width = use_box_width(&strip_box).saturating_sub(2);
    let (cell, per_row) = strip_layout(n, props.align, width);
    let scale = device_scale();
    {
        let canvas = canvas.clone();
        let values = props.values.clone();
        let marks = props.marks.clone();
        use_effect_with(
            (values, marks, cell, per_row),
            move |(values, marks, cell, per_row)| {
                if let Some(c) = canvas.cast::<HtmlCanvasElement>() {
                    draw_strip(&c, values, *cell * scale, *per_row, marks);
                    show_at_css_width(&c, *per_row * u64::from(*cell));
                }
            },
        );
    }
    // On a narrow screen, cells too small to tap open a zoomed band of tap-sized cells.
    let zoomed = cell < TAP_CELL && width < TARGET_WIDTH;
    let band_per_row = (width / u64::from(TAP_CELL)).max(1);
    let band = use_state(|| None::<(u64, u64)>);
    let onclick = {
        let canvas = canvas.clone();
        let on_select = props.on_select.clone();
        let band = band.clone();
        Callback::from(move |e: MouseEvent| {
            let Some(heap) = tapped_cell(&canvas, &e, cell, per_row).filter(|&h| h < n) else {
                return;
            };
            if zoomed {
                band.set(Some(band_around(heap, band_per_row, n)));
            } else {
                on_select.emit(heap);
            }
        })
    };
    let band_canvas = use_node_ref();
    {
        let band_canvas = band_canvas.clone();
        let marks = props.marks.clone();
        use_effect_with((*band, props.values.clone()), move |(band, values)| {
            let Some((first, len)) = *band else { return };
            let shown = values.get(first as usize..(first + len) as usize);
            if let (Some(shown), Some(c)) = (shown, band_canvas.cast::<HtmlCanvasElement>()) {
                let marks: Vec<u64> = marks
                    .iter()
                    .filter(|&&m| m >= first)
                    .map(|m| m - first)
                    .collect();
                draw_strip(&c, shown, TAP_CELL * scale, band_per_row, &marks);
                show_at_css_width(&c, band_per_row * u64::from(TAP_CELL));
            }
        });
    }
    let on_band = {
        let band_canvas = band_canvas.clone();
        let on_select = props.on_select.clone();
        let first = band.map_or(0, |(first, _)| first);
        Callback::from(move |e: MouseEvent| {
            if let Some(i) = tapped_cell(&band_canvas, &e, TAP_CELL, band_per_row) {
                if first + i < n {
                    on_select.emit(first + i);
                }
            }
        })
    };
    html! {
        <div class="strip" ref={strip_box}>
            <div class="strip-scroll">
                <canvas
                    ref={canvas}
                    id={props.id.clone()}
                    class="value-strip"
                    data-cell={(cell * scale).to_string()}
                    data-scale={scale.to_string()}
                    data-per-row={per_row.to_string()}
                    data-n={n.to_string()}
                    role="img"
                    aria-label={props.label.clone()}
                    {onclick}
                ></canvas>
            </div>
            if zoomed {
                <p class="note">{ "Tap the strip to zoom in; tap a heap there for its “Why?”." }</p>
            }
            if let Some((first, _)) = *band {
                <div class="strip-scroll">
                    <canvas ref={band_canvas} id={format!("{}-band", props.id)} class="value-strip"
                        data-first={first.to_string()} data-cell={(TAP_CELL * scale).to_string()}
                        data-scale={scale.to_string()} data-per-row={band_per_row.to_string()}
                        role="img" aria-label="Zoomed heaps" onclick={on_band}></canvas>
                </div>
            }
            { props.children.clone() }
        </div>
    }
}

/// The index of the cell under a click on the strip canvas in `node` (`cell` CSS px cells,
/// `per_row` a row), or `None` outside the rows.
fn tapped_cell(node: &NodeRef, e: &MouseEvent, cell: u32, per_row: u64) -> Option<u64> {
    let c = node.cast::<HtmlCanvasElement>()?;
    // The canvas may be scaled down by CSS; map CSS pixels to canvas pixels.
    let scale = f64::from(c.width()) / f64::from(c.client_width().max(1));
    let cell = f64::from(cell * device_scale());
    let x = (f64::from(e.offset_x()) * scale / cell).floor();
    let y = (f64::from(e.offset_y()) * scale / cell).floor();
    (x >= 0.0 && y >= 0.0 && x < per_row as f64).then(|| y as u64 * per_row + x as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layout_fits_and_aligns() {
        let (cell, per_row) = strip_layout(60, None, TARGET_WIDTH);
        assert_eq!((cell, per_row), (24, 40));
        let (cell, per_row) = strip_layout(100_000, None, TARGET_WIDTH);
        assert!(cell >= 2 && per_row * u64::from(cell) <= TARGET_WIDTH);
        let (_, per_row) = strip_layout(1000, Some(22), TARGET_WIDTH);
        assert_eq!(per_row % 22, 0);
        assert_eq!(strip_layout(3, None, TARGET_WIDTH).1, 3);
    }

    #[test]
    fn the_band_holds_the_tapped_heap_within_the_strip() {
        for n in [1, 2, 13, 14, 15, 100, 5000] {
            for per_row in [1, 7, 14] {
                for heap in 0..n.min(300) {
                    let (first, len) = band_around(heap, per_row, n);
                    assert!(first <= heap && heap < first + len && first + len <= n);
                    assert_eq!(first % per_row, 0);
                    assert!(len <= BAND_ROWS * per_row);
                }
            }
        }
    }
}
