//! A plotters chart of a value sequence against heap (nim-values, or real scores such as
//! Stewart's `G_s`), drawn on a `<canvas>` with `CanvasBackend`.
//! Vertical dashed lines mark given heaps (the end of the preperiod, the end of a period),
//! named in a legend above the plot (it never covers data). Integer values get integer ticks
//! ([`super::ticks`]). The page puts its "Export figure…" dialog in the chart's toolbar.
//!
//! Plotters measures label text with a hidden `<span style="…font-size: 12px…">`; `index.html`'s
//! Content-Security-Policy allows exactly that inline style by hash. Keep the chart's text at
//! plotters' default 12px sans-serif, or add the new style's hash there.

use std::rc::Rc;

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use plotters_canvas::CanvasBackend;
use web_sys::HtmlCanvasElement;
use yew::prelude::*;

use super::export::context_2d;
use super::ticks::{label_count, tick_label};

/// The chart's largest width and its height, in CSS pixels.
const WIDTH: u32 = 960;
const HEIGHT: u32 = 320;
/// Narrower than this the chart no longer shrinks (its box scrolls or scales instead).
const MIN_CSS_WIDTH: u32 = 280;

/// A plotters drawing area on `canvas`, laid out in CSS pixels and drawn for the device: the
/// chart is as wide as its box (at most `max_width` CSS px) and `height` CSS px tall, the
/// canvas holds that size times `devicePixelRatio`, and the context is scaled to match, so
/// plotters' 12 px text stays 12 CSS px on a phone and is sharp on a dense screen.
pub fn device_area(
    canvas: HtmlCanvasElement,
    max_width: u32,
    height: u32,
) -> Result<DrawingArea<CanvasBackend, Shift>, String> {
    let shown = canvas
        .parent_element()
        .map_or(0, |p| u32::try_from(p.client_width()).unwrap_or(0));
    let width = if shown == 0 {
        max_width
    } else {
        shown.clamp(MIN_CSS_WIDTH, max_width)
    };
    let ratio = web_sys::window()
        .map_or(1.0, |w| w.device_pixel_ratio())
        .clamp(1.0, 4.0);
    canvas.set_width((f64::from(width) * ratio).round() as u32);
    canvas.set_height((f64::from(height) * ratio).round() as u32);
    let context = context_2d(&canvas)?;
    // Resizing reset the context; every drawing call below is in CSS pixels.
    context
        .set_transform(ratio, 0.0, 0.0, ratio, 0.0, 0.0)
        .map_err(|_| "the canvas could not be scaled")?;
    let backend = CanvasBackend::with_canvas_object(canvas).ok_or("no 2-D canvas context")?;
    Ok(backend.into_drawing_area().shrink((0, 0), (width, height)))
}

/// A labelled vertical line on the chart.
#[derive(Clone, PartialEq, Debug)]
pub struct ChartMark {
    /// The heap where the line is drawn.
    pub heap: u64,
    /// Its legend text.
    pub label: String,
}

/// Draws the chart; errors are plotters' messages.
fn draw(
    canvas: HtmlCanvasElement,
    values: &[f64],
    marks: &[ChartMark],
    y_label: &str,
) -> Result<(), String> {
    let root = device_area(canvas, WIDTH, HEIGHT)?;
    let err = |e: &dyn std::fmt::Display| e.to_string();
    root.fill(&WHITE).map_err(|e| err(&e))?;
    let n = values.len() as u64;
    let colours = [RGBColor(220, 38, 38), RGBColor(22, 163, 74)];
    let shown: Vec<(&str, RGBColor)> = marks
        .iter()
        .filter(|m| m.heap < n)
        .zip(colours.iter().cycle())
        .map(|(mark, colour)| (mark.label.as_str(), *colour))
        .collect();
    let plot = legend_band(&root, &shown, false).map_err(|e| err(&e))?;
    // The axis spans 0 and every value: one unit above whole numbers (nim-values keep their
    // 0..max+1 axis), half a unit of margin around fractions.
    let lo = values.iter().copied().fold(0.0, f64::min);
    let hi = values.iter().copied().fold(0.0, f64::max);
    let whole = values.iter().all(|v| v.fract() == 0.0);
    let (bottom, top) = if whole {
        (if lo < 0.0 { lo - 1.0 } else { 0.0 }, hi + 1.0)
    } else {
        (lo - 0.5, hi + 0.5)
    };
    let mut chart = ChartBuilder::on(&plot)
        .margin(12)
        .margin_right(40)
        .x_label_area_size(36)
        .y_label_area_size(48)
        .build_cartesian_2d(0u64..n.max(1), bottom..top)
        .map_err(|e| err(&e))?;
    chart
        .configure_mesh()
        .x_desc("heap n")
        .y_desc(y_label)
        .y_labels(label_count(bottom, top, whole))
        .y_label_formatter(&|v| tick_label(*v, whole))
        .light_line_style(RGBColor(238, 238, 238))
        .draw()
        .map_err(|e| err(&e))?;
    let points = values.iter().enumerate().map(|(x, &v)| (x as u64, v));
    let ink = RGBColor(37, 99, 235);
    if n <= 400 {
        chart
            .draw_series(LineSeries::new(points.clone(), ink.mix(0.35)))
            .map_err(|e| err(&e))?;
        chart
            .draw_series(points.map(|p| Circle::new(p, 2, ink.filled())))
            .map_err(|e| err(&e))?;
    } else {
        chart
            .draw_series(points.map(|p| Pixel::new(p, ink)))
            .map_err(|e| err(&e))?;
    }
    for (mark, (_, colour)) in marks.iter().filter(|m| m.heap < n).zip(&shown) {
        chart
            .draw_series(DashedLineSeries::new(
                [(mark.heap, bottom), (mark.heap, top)],
                6,
                4,
                colour.stroke_width(2),
            ))
            .map_err(|e| err(&e))?;
    }
    root.present().map_err(|e| err(&e))
}

/// The height of one row of a legend band, in CSS pixels.
const LEGEND_ROW: i32 = 18;

/// Draws a legend in a band across the top of `root` and returns the area below it for the
/// chart, so that the legend never covers data (`root` itself when there are no entries).
/// Each entry is a short line, or a filled box when `boxes`, in its colour, then its label;
/// entries run left to right and wrap onto more rows on a narrow chart. Shared by every
/// chart, and drawn by hand: plotters' series labels name their font by a string, and parsing
/// that string pulls Unicode's case tables (about 5 KB gzipped) into the module.
pub fn legend_band<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    entries: &[(&str, RGBColor)],
    boxes: bool,
) -> Result<DrawingArea<DB, Shift>, DrawingAreaErrorKind<DB::ErrorType>> {
    if entries.is_empty() {
        return Ok(root.clone());
    }
    let font: TextStyle = FontDesc::new(FontFamily::SansSerif, 12.0, FontStyle::Normal).into();
    let font = font.pos(Pos::new(HPos::Left, VPos::Center));
    let width = root.dim_in_pixel().0 as i32;
    let (left, gap) = (60, 16);
    let mut places = Vec::with_capacity(entries.len());
    let (mut x, mut row) = (left, 0);
    for (label, _) in entries {
        let w = 28 + root.estimate_text_size(label, &font)?.0 as i32;
        if x > left && x + w > width - 8 {
            (x, row) = (left, row + 1);
        }
        places.push((x, 6 + LEGEND_ROW * row + LEGEND_ROW / 2));
        x += w + gap;
    }
    let height = 6 + LEGEND_ROW * (row + 1);
    let (band, rest) = root.split_vertically(height);
    for ((label, colour), (x, y)) in entries.iter().zip(places) {
        if boxes {
            band.draw(&Rectangle::new(
                [(x + 2, y - 5), (x + 14, y + 5)],
                colour.filled(),
            ))?;
        } else {
            band.draw(&PathElement::new(
                [(x, y), (x + 16, y)],
                colour.stroke_width(2),
            ))?;
        }
        band.draw(&Text::new(label.to_string(), (x + 22, y), font.clone()))?;
    }
    Ok(rest)
}

/// Properties of [`ValueChart`].
#[derive(Properties, PartialEq)]
pub struct ValueChartProps {
    /// The canvas id (`value-chart` on the subtraction page).
    #[prop_or(AttrValue::Static("value-chart"))]
    pub id: AttrValue,
    /// The values of heaps `0..n`.
    pub values: Rc<Vec<f64>>,
    /// The y axis' label.
    #[prop_or(AttrValue::Static("nim-value G(x)"))]
    pub y_label: AttrValue,
    /// Heaps marked with dashed lines.
    #[prop_or_default]
    pub marks: Vec<ChartMark>,
    /// A one-line description for screen readers.
    pub label: AttrValue,
    /// The chart's toolbar: the page's "Export figure…" dialog.
    #[prop_or_default]
    pub children: Html,
}

/// The value chart with its toolbar (the page's export) below it.
#[function_component(ValueChart)]
pub fn value_chart(props: &ValueChartProps) -> Html {
    let canvas = use_node_ref();
    let problem = use_state(|| None::<String>);
    {
        let canvas = canvas.clone();
        let problem = problem.clone();
        use_effect_with(
            (
                props.values.clone(),
                props.marks.clone(),
                props.y_label.clone(),
            ),
            move |(values, marks, y_label)| {
                if let Some(c) = canvas.cast::<HtmlCanvasElement>() {
                    problem.set(draw(c, values, marks, y_label).err());
                }
            },
        );
    }
    html! {
        <div class="chart">
            <canvas ref={canvas} id={props.id.clone()} class="value-chart" width={WIDTH.to_string()} height={HEIGHT.to_string()} role="img" aria-label={props.label.clone()}></canvas>
            <div class="toolbar">
                { props.children.clone() }
                if let Some(p) = &*problem {
                    <span class="toolbar-note" role="status">{ format!("The chart could not be drawn: {p}") }</span>
                }
            </div>
        </div>
    }
}
