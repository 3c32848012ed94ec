//! SVG through plotters' SVG back end: title, plot (axes, ticks, data), legend below the plot
//! area, caption and provenance footer; then the `<svg>` is sized in cm and given `<title>`,
//! `<desc>` and `<metadata>`.

use crate::model::*;
use crate::palette::{Palette, Rgb, BAR_STEPS};
use crate::FigureError;
use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

mod circle;
mod tree;

/// User units per point: integer plotter coordinates are then a quarter point.
pub(crate) const UNITS_PER_PT: f64 = 4.0;

/// The average width of a character, in ems, by which text is measured for layout.
pub(crate) const CHAR_EM: f64 = 0.56;

/// The drawing area type of every part of a figure.
type Area<'a> = DrawingArea<SVGBackend<'a>, plotters::coord::Shift>;
/// A chart's coordinates: both axes plain `f64` (log axes are drawn as log10 of the data).
type Plot<'a, 'b> = ChartContext<'a, SVGBackend<'b>, Cartesian2d<RangedCoordf64, RangedCoordf64>>;

/// A figure point as plotters' integer coordinates (the trees' and circles' parts).
fn px((x, y): (f64, f64)) -> (i32, i32) {
    (x.round() as i32, y.round() as i32)
}

/// A palette colour as plotters' colour.
fn rgb(c: Rgb) -> RGBColor {
    RGBColor(c.0, c.1, c.2)
}

/// Converts any plotters error into ours.
fn err<E: std::fmt::Display>(e: E) -> FigureError {
    FigureError::Render(e.to_string())
}

/// Sizes (in user units) shared by the parts of one figure.
struct Metrics {
    /// The width.
    width: i32,
    /// The text size.
    font: f64,
}

impl Metrics {
    /// A plotters text style of `scale` × the text size (plotters writes size / 1.24).
    fn text(&self, scale: f64) -> TextStyle<'static> {
        TextStyle::from(("sans-serif", self.font * scale * 1.24).into_font()).color(&BLACK)
    }

    /// An estimate of the width of `text` at the text size (for layout only).
    fn text_width(&self, text: &str) -> f64 {
        text.chars().count() as f64 * self.font * CHAR_EM
    }

    /// `text` broken into lines that fit the width at `scale` × the text size: at spaces, and
    /// inside words too long for a line (a link, cut before its `?` and `&` first).
    fn wrap(&self, text: &str, scale: f64) -> Vec<String> {
        // Wider than `text_width`'s average: a line must never run past the edge.
        let per_line =
            ((self.width as f64 - self.font) / (self.font * scale * 0.62)).max(10.0) as usize;
        let mut lines: Vec<String> = Vec::new();
        for word in text.split_whitespace() {
            for (i, piece) in word_pieces(word, per_line).into_iter().enumerate() {
                let gap = if i == 0 { " " } else { "" };
                match lines.last_mut() {
                    Some(line) if slots(line) + gap.len() + slots(&piece) <= per_line => {
                        line.push_str(gap);
                        line.push_str(&piece);
                    }
                    _ => lines.push(piece),
                }
            }
        }
        lines
    }
}

/// The width of `text` in average characters (0.62 em), for wrapping: the widest signs (`%`
/// of an encoded link, `W`, `M`, `m`, `w`, `@`, about 0.95 em) count twice.
fn slots(text: &str) -> usize {
    text.chars().map(char_slots).sum()
}

/// The width of `c` in average characters (see [`slots`]).
fn char_slots(c: char) -> usize {
    if matches!(c, '%' | 'W' | 'M' | 'm' | 'w' | '@') {
        2
    } else {
        1
    }
}

/// `word` cut before each `?` and `&` (a link's query), and any piece still wider than
/// `per_line` ([`slots`]) cut where it reaches that width; the pieces joined give the word
/// back.
fn word_pieces(word: &str, per_line: usize) -> Vec<String> {
    let mut pieces = vec![String::new()];
    for c in word.chars() {
        if matches!(c, '?' | '&') && pieces.last().is_some_and(|p| !p.is_empty()) {
            pieces.push(String::new());
        }
        if let Some(last) = pieces.last_mut() {
            last.push(c);
        }
    }
    pieces
        .iter()
        .flat_map(|piece| {
            let mut cut = vec![String::new()];
            for c in piece.chars() {
                if cut
                    .last()
                    .is_some_and(|l| slots(l) + char_slots(c) > per_line)
                {
                    cut.push(String::new());
                }
                if let Some(last) = cut.last_mut() {
                    last.push(c);
                }
            }
            cut.into_iter()
                .filter(|p| !p.is_empty())
                .collect::<Vec<_>>()
        })
        .collect()
}

/// Renders `fig` as an SVG document.
pub(crate) fn render(fig: &Figure) -> Result<String, FigureError> {
    fig.validate()?;
    let m = Metrics {
        width: (fig.size.width_pt() * UNITS_PER_PT).round() as i32,
        font: fig.size.font_pt * UNITS_PER_PT,
    };
    let legend = legend_rows(fig, &m);
    let caption = m.wrap(&fig.caption, 1.0);
    let footer = fig
        .provenance
        .as_ref()
        .map(|p| m.wrap(&p.line(), 0.9))
        .unwrap_or_default();
    let titles = m.wrap(&fig.title, 1.1);
    let title_h = (m.font * (0.8 + 1.4 * titles.len() as f64)) as i32;
    let plot_h = plot_height(fig, &m);
    let legend_h = legend_height(fig, &legend, &m);
    let caption_h = (caption.len() as f64 * m.font * 1.3) as i32;
    let footer_h = (footer.len() as f64 * m.font * 1.2 + m.font * 0.6) as i32;
    let height = title_h + plot_h + legend_h + caption_h + footer_h;
    let mut out = String::new();
    {
        let root =
            SVGBackend::with_string(&mut out, (m.width as u32, height as u32)).into_drawing_area();
        root.fill(&WHITE).map_err(err)?;
        let (title, rest) = root.split_vertically(title_h);
        let (plot, rest) = rest.split_vertically(plot_h);
        let (legend_area, rest) = rest.split_vertically(legend_h);
        let (caption_area, footer_area) = rest.split_vertically(caption_h);
        let centre = Pos::new(HPos::Center, VPos::Top);
        for (i, line) in titles.iter().enumerate() {
            let y = (m.font * (0.4 + 1.4 * i as f64)) as i32;
            title
                .draw(&Text::new(
                    line.clone(),
                    (m.width / 2, y),
                    m.text(1.1).pos(centre),
                ))
                .map_err(err)?;
        }
        draw_body(fig, &plot, &m)?;
        draw_legend(fig, &legend, &legend_area, &m)?;
        draw_lines(&caption_area, &caption, &m, 1.0)?;
        draw_lines(&footer_area, &footer, &m, 0.9)?;
        root.present().map_err(err)?;
    }
    Ok(finish_svg(fig, out, m.width, height))
}

/// Draws `lines` left-aligned from the top of `area` at `scale` × the text size.
fn draw_lines(area: &Area, lines: &[String], m: &Metrics, scale: f64) -> Result<(), FigureError> {
    let top = Pos::new(HPos::Left, VPos::Top);
    for (i, line) in lines.iter().enumerate() {
        let y = (i as f64 * m.font * scale * 1.3) as i32;
        area.draw(&Text::new(
            line.clone(),
            ((m.font * 0.5) as i32, y),
            m.text(scale).pos(top),
        ))
        .map_err(err)?;
    }
    Ok(())
}

/// Gives the `<svg>` its true size in cm and adds `<title>`, `<desc>` and `<metadata>`.
fn finish_svg(fig: &Figure, svg: String, width: i32, height: i32) -> String {
    let cm = |units: i32| units as f64 / UNITS_PER_PT / 72.0 * 2.54;
    let head = format!("<svg width=\"{width}\" height=\"{height}\"");
    // Cells of rasters and strips meet without anti-aliased seams.
    let crisp = match fig.body {
        Body::Chart(_) | Body::Tree(_) | Body::Circle(_) => "",
        _ => " shape-rendering=\"crispEdges\"",
    };
    let sized = format!(
        "<svg width=\"{:.3}cm\" height=\"{:.3}cm\"{crisp}",
        cm(width),
        cm(height)
    );
    let svg = svg.replacen(&head, &sized, 1);
    let Some(end) = svg.find('>').map(|i| i + 1) else {
        return svg;
    };
    let mut extra = format!("\n<title>{}</title>", escape(&fig.title));
    if !fig.caption.is_empty() {
        extra += &format!("\n<desc>{}</desc>", escape(&fig.caption));
    }
    if let Some(p) = &fig.provenance {
        extra += &format!("\n<metadata>{}</metadata>", escape(&p.line()));
    }
    format!("{}{extra}{}", &svg[..end], &svg[end..])
}

/// Escapes text for XML content.
pub(crate) fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The height of the plot part (axes included).
fn plot_height(fig: &Figure, m: &Metrics) -> i32 {
    let w = m.width as f64;
    let axes = m.font * 4.0;
    (match &fig.body {
        Body::Chart(_) => w * 0.6,
        Body::Raster(r) => {
            let cells = (r.height as f64 * r.y.step) / (r.width as f64 * r.x.step);
            (w - axes) * cells.clamp(0.3, 1.2) + axes
        }
        Body::Strip(_) => m.font * 2.5 + axes,
        Body::Tree(t) => return tree::height(fig, t),
        Body::Circle(c) => return circle::height(fig, c),
    }) as i32
}

/// The categorical legend laid out in rows: each entry's text, colour and x offset.
type LegendRows = Vec<Vec<(String, Rgb, i32)>>;

/// Lays out the legend entries in rows that fit the width (empty for a colour bar).
fn legend_rows(fig: &Figure, m: &Metrics) -> LegendRows {
    if let Body::Raster(Raster {
        cells: Cells::Values { .. },
        ..
    })
    | Body::Strip(Strip {
        cells: Cells::Values { .. },
        ..
    }) = &fig.body
    {
        return Vec::new();
    }
    let mut rows: LegendRows = vec![Vec::new()];
    let mut x = m.font;
    for (text, colour) in fig.legend() {
        let w = m.font * 2.6 + m.text_width(&text);
        if x + w > m.width as f64 && x > m.font {
            rows.push(Vec::new());
            x = m.font;
        }
        if let Some(row) = rows.last_mut() {
            row.push((text, colour, x as i32));
        }
        x += w;
    }
    rows
}

/// The height of the legend part.
fn legend_height(fig: &Figure, rows: &LegendRows, m: &Metrics) -> i32 {
    if rows.is_empty() && !matches!(fig.body, Body::Chart(_)) {
        return (m.font * 3.6) as i32;
    }
    (rows.len() as f64 * m.font * 1.5 + m.font * 0.5) as i32
}

/// Draws the legend: a swatch and text per entry, or a colour bar.
fn draw_legend(
    fig: &Figure,
    rows: &LegendRows,
    area: &Area,
    m: &Metrics,
) -> Result<(), FigureError> {
    if let Body::Raster(Raster {
        cells: c @ Cells::Values { .. },
        ..
    })
    | Body::Strip(Strip {
        cells: c @ Cells::Values { .. },
        ..
    }) = &fig.body
    {
        return draw_colour_bar(fig.palette, c, area, m);
    }
    let left = Pos::new(HPos::Left, VPos::Center);
    let box_size = (m.font * 0.9) as i32;
    for (r, row) in rows.iter().enumerate() {
        let y = (m.font * (0.3 + 1.5 * r as f64)) as i32;
        for (text, colour, x) in row {
            let fill = RGBColor(colour.0, colour.1, colour.2);
            area.draw(&Rectangle::new(
                [(*x, y), (x + box_size, y + box_size)],
                fill.filled(),
            ))
            .map_err(err)?;
            area.draw(&Rectangle::new(
                [(*x, y), (x + box_size, y + box_size)],
                BLACK.stroke_width(1),
            ))
            .map_err(err)?;
            let at = (x + box_size + (m.font * 0.4) as i32, y + box_size / 2);
            area.draw(&Text::new(text.clone(), at, m.text(1.0).pos(left)))
                .map_err(err)?;
        }
    }
    Ok(())
}

/// The low and high ends of the values (log10 of them on a log scale), and the scale.
fn value_span(cells: &Cells) -> Option<(f64, f64, Scale)> {
    let Cells::Values { values, scale, .. } = cells else {
        return None;
    };
    let f = |v: f64| if *scale == Scale::Log { v.log10() } else { v };
    crate::value_span(values.iter().flatten().map(|&v| f(v))).map(|(lo, hi)| (lo, hi, *scale))
}

/// The colour of value `v` (in the units of [`value_span`]): its colour-bar step.
fn value_colour(palette: Palette, v: f64, (lo, hi, scale): (f64, f64, Scale)) -> Rgb {
    let v = if scale == Scale::Log { v.log10() } else { v };
    palette.value(v, (lo, hi))
}

/// Draws the labelled colour bar of a value field: [`BAR_STEPS`] swatches and ticks at both
/// ends and the middle.
fn draw_colour_bar(
    palette: Palette,
    cells: &Cells,
    area: &Area,
    m: &Metrics,
) -> Result<(), FigureError> {
    let Cells::Values { label, .. } = cells else {
        return Ok(());
    };
    let span = value_span(cells).unwrap_or((0.0, 1.0, Scale::Linear));
    let left = Pos::new(HPos::Left, VPos::Center);
    let y = (m.font * 0.5) as i32;
    let bar_h = (m.font * 0.9) as i32;
    area.draw(&Text::new(
        label.clone(),
        ((m.font) as i32, y + bar_h / 2),
        m.text(1.0).pos(left),
    ))
    .map_err(err)?;
    let x0 = m.font * 2.0 + m.text_width(label);
    let step_w = ((m.width as f64 - x0 - m.font * 2.0) / BAR_STEPS as f64).max(1.0);
    for i in 0..BAR_STEPS {
        let c = palette.step(i);
        let xa = (x0 + i as f64 * step_w) as i32;
        let xb = (x0 + (i + 1) as f64 * step_w) as i32;
        area.draw(&Rectangle::new(
            [(xa, y), (xb, y + bar_h)],
            RGBColor(c.0, c.1, c.2).filled(),
        ))
        .map_err(err)?;
    }
    let top = Pos::new(HPos::Center, VPos::Top);
    for v in bar_ticks(span) {
        let t = (v - span.0) / (span.1 - span.0);
        let x = (x0 + t * step_w * BAR_STEPS as f64) as i32;
        let text = if span.2 == Scale::Log {
            decade(v)
        } else {
            short_number(v)
        };
        area.draw(&PathElement::new(
            vec![(x, y + bar_h), (x, y + bar_h + (m.font * 0.3) as i32)],
            BLACK,
        ))
        .map_err(err)?;
        area.draw(&Text::new(
            text,
            (x, y + bar_h + (m.font * 0.4) as i32),
            m.text(0.9).pos(top),
        ))
        .map_err(err)?;
    }
    Ok(())
}

/// The ticks of a colour bar (in the units of [`value_span`]): the whole decades of a log bar
/// when it spans two or more, else both ends and the middle.
fn bar_ticks((lo, hi, scale): (f64, f64, Scale)) -> Vec<f64> {
    let decades: Vec<f64> = (lo.ceil() as i64..=hi.floor() as i64)
        .map(|e| e as f64)
        .collect();
    if scale == Scale::Log && (2..=8).contains(&decades.len()) {
        decades
    } else {
        vec![lo, (lo + hi) / 2.0, hi]
    }
}

/// A number for a tick: an integer without decimals, else three significant digits.
fn short_number(v: f64) -> String {
    if (v - v.round()).abs() < 1e-9 {
        format!("{}", v.round() as i64)
    } else {
        format!("{:.3}", v).trim_end_matches('0').to_string()
    }
}

/// 10^`e` as a tick label (plain up to 10^5, else `1e7`).
fn decade(e: f64) -> String {
    let value = 10f64.powf(e);
    if (0.0..=5.0).contains(&e) {
        short_number(value.round())
    } else {
        format!("{value:.1e}")
    }
}

/// The label of a chart tick at `v` (log10 of the value on a log axis): integer-only axes and
/// log axes label whole numbers (decades) only.
fn tick_text(v: f64, axis: &Axis) -> String {
    let whole = (v - v.round()).abs() < 1e-6;
    match axis.scale {
        Scale::Log if whole => decade(v.round()),
        Scale::Log => String::new(),
        Scale::Linear if axis.integer && !whole => String::new(),
        Scale::Linear => short_number(v),
    }
}

/// How many ticks to ask for on a span: at most 8, and at most one per unit on integer axes.
fn tick_count(lo: f64, hi: f64, whole: bool) -> usize {
    if whole {
        ((hi - lo).floor() as usize + 1).clamp(2, 8)
    } else {
        8
    }
}

/// Draws the body: a chart, a raster or a strip, with its axes.
fn draw_body(fig: &Figure, area: &Area, m: &Metrics) -> Result<(), FigureError> {
    match &fig.body {
        Body::Chart(c) => draw_chart(fig, c, area, m),
        Body::Raster(r) => draw_raster(fig, r, area, m),
        Body::Strip(s) => draw_strip(fig, s, area, m),
        Body::Tree(t) => tree::draw(fig, t, area, m),
        Body::Circle(c) => circle::draw(fig, c, area, m),
    }
}

/// The range `lo..hi` as plotters maps it: `hi..lo` on a reversed axis (plotters maps
/// linearly from a range's start to its end, so the values then increase to the left).
fn shown(lo: f64, hi: f64, axis: Option<&Axis>) -> std::ops::Range<f64> {
    if axis.is_some_and(|a| a.reversed) {
        hi..lo
    } else {
        lo..hi
    }
}

/// The axis of an optional y range.
fn y_axis_of(y: Option<(f64, f64, &Axis)>) -> Option<&Axis> {
    y.map(|(_, _, a)| a)
}

/// Builds plotters' chart on `area`, lets `data` draw into it, then draws the axes, ticks and
/// labels over the data's edges.
fn axes<'a, 'b>(
    area: &'a Area<'b>,
    m: &Metrics,
    x: (f64, f64, &Axis),
    y: Option<(f64, f64, &Axis)>,
    data: impl FnOnce(&mut Plot<'a, 'b>) -> Result<(), FigureError>,
) -> Result<(), FigureError> {
    let y_area = if y.is_some() { m.font * 5.0 } else { m.font };
    let (y0, y1) = y.map_or((0.0, 1.0), |(a, b, _)| (a, b));
    let mut chart = ChartBuilder::on(area)
        .margin_top((m.font * 0.5) as i32)
        .margin_right((m.font * 1.5) as i32)
        .margin_left((m.font * 0.3) as i32)
        .x_label_area_size((m.font * 2.6) as i32)
        .y_label_area_size(y_area as i32)
        .build_cartesian_2d(shown(x.0, x.1, Some(x.2)), shown(y0, y1, y_axis_of(y)))
        .map_err(err)?;
    data(&mut chart)?;
    let fx = |v: &f64| tick_text(*v, x.2);
    let no_axis = Axis::new("", true);
    let y_axis = y.map_or(&no_axis, |(_, _, a)| a);
    let fy = |v: &f64| tick_text(*v, y_axis);
    let whole = |a: &Axis| a.integer || a.scale == Scale::Log;
    let mut mesh = chart.configure_mesh();
    mesh.disable_mesh()
        .x_desc(x.2.label.clone())
        .x_labels(tick_count(x.0, x.1, whole(x.2)))
        .x_label_formatter(&fx)
        .y_label_formatter(&fy)
        .label_style(m.text(0.9))
        .axis_desc_style(m.text(1.0))
        .axis_style(BLACK.stroke_width((m.font / 8.0).max(1.0) as u32));
    match y {
        Some((a, b, axis)) => {
            mesh.y_desc(axis.label.clone())
                .y_labels(tick_count(a, b, whole(axis)))
        }
        None => mesh.y_labels(0),
    };
    mesh.draw().map_err(err)
}

/// The range an axis shows: its own, or the data's (with room for bars, log10 on log axes).
fn axis_range(axis: &Axis, values: impl Iterator<Item = f64>, bars: bool) -> (f64, f64) {
    let f = |v: f64| {
        if axis.scale == Scale::Log {
            v.log10()
        } else {
            v
        }
    };
    if let Some((a, b)) = axis.range {
        return (f(a.max(f64::MIN_POSITIVE)), f(b.max(f64::MIN_POSITIVE)));
    }
    let (mut lo, mut hi) = values.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| {
        (lo.min(f(v)), hi.max(f(v)))
    });
    if axis.scale == Scale::Log {
        return (lo.floor(), hi.ceil().max(lo.floor() + 1.0));
    }
    if bars {
        (lo, hi) = (lo.min(0.0), hi.max(0.0));
    }
    if hi <= lo {
        (lo, hi) = (lo - 1.0, hi + 1.0);
    }
    let pad = if axis.integer { 0.5 } else { (hi - lo) * 0.04 };
    (lo - pad, hi + pad)
}

/// Draws a chart: axes, then each series in its palette colour.
fn draw_chart(fig: &Figure, c: &Chart, area: &Area, m: &Metrics) -> Result<(), FigureError> {
    let bars = c.series.iter().any(|s| s.style == SeriesStyle::Bars);
    let xs = c.series.iter().flat_map(|s| s.points.iter().map(|p| p.0));
    let ys = c.series.iter().flat_map(|s| s.points.iter().map(|p| p.1));
    let (x0, x1) = axis_range(&c.x, xs, false);
    let (y0, y1) = axis_range(&c.y, ys, bars);
    let (x0, x1) = if bars && c.x.range.is_none() {
        (x0 - 0.5, x1 + 0.5)
    } else {
        (x0, x1)
    };
    let base = if c.y.scale == Scale::Log {
        y0
    } else {
        0f64.clamp(y0, y1)
    };
    axes(area, m, (x0, x1, &c.x), Some((y0, y1, &c.y)), |chart| {
        for (i, s) in c.series.iter().enumerate() {
            draw_series(chart, c, s, fig.palette.category(i), (m, base))?;
        }
        Ok(())
    })
}

/// A value as drawn on `axis`: log10 of it on a log axis.
fn scaled(axis: &Axis, v: f64) -> f64 {
    if axis.scale == Scale::Log {
        v.log10()
    } else {
        v
    }
}

/// Draws one series of chart `c` in `col`; bars stand on `base`.
fn draw_series(
    chart: &mut Plot,
    c: &Chart,
    s: &Series,
    col: Rgb,
    (m, base): (&Metrics, f64),
) -> Result<(), FigureError> {
    let colour = RGBColor(col.0, col.1, col.2);
    let pts: Vec<(f64, f64)> = s
        .points
        .iter()
        .map(|&(x, y)| (scaled(&c.x, x), scaled(&c.y, y)))
        .collect();
    let stroke = (m.font / 6.0).max(1.0) as u32;
    let r = (m.font / 4.0).max(1.0) as i32;
    match s.style {
        SeriesStyle::Line => chart
            .draw_series(std::iter::once(PathElement::new(
                pts,
                colour.stroke_width(stroke),
            )))
            .map(|_| ()),
        SeriesStyle::Points => chart
            .draw_series(pts.into_iter().map(|p| Circle::new(p, r, colour.filled())))
            .map(|_| ()),
        SeriesStyle::Bars => chart
            .draw_series(
                pts.into_iter()
                    .map(|(x, y)| Rectangle::new([(x - 0.4, base), (x + 0.4, y)], colour.filled())),
            )
            .map(|_| ()),
    }
    .map_err(err)
}

/// A cell axis as a chart axis: integer ticks when its units are whole.
fn cell_axis(a: &CellAxis) -> Axis {
    let whole = a.start.fract() == 0.0 && a.step.fract() == 0.0;
    Axis::new(&a.label, whole)
}

/// The unit range `n` cells cover on a cell axis.
fn cell_range(a: &CellAxis, n: usize) -> (f64, f64) {
    (a.start - a.step / 2.0, a.start + (n as f64 - 0.5) * a.step)
}

/// The colour of each cell (`None`: blank).
fn cell_colours(fig: &Figure, cells: &Cells) -> Vec<Option<Rgb>> {
    match cells {
        Cells::Categories {
            indices,
            categories,
        } => indices
            .iter()
            .map(|&i| Some(fig.category_colour(categories, i as usize)))
            .collect(),
        Cells::Values { values, .. } => {
            let span = value_span(cells).unwrap_or((0.0, 1.0, Scale::Linear));
            values
                .iter()
                .map(|v| v.map(|v| value_colour(fig.palette, v, span)))
                .collect()
        }
    }
}

/// Draws row `row` of `colours` (cells `0..n`) at unit height `y0..y1`, one rectangle per run
/// of equal colours.
fn draw_row(
    chart: &mut Plot,
    colours: &[Option<Rgb>],
    x: &CellAxis,
    (y0, y1): (f64, f64),
) -> Result<(), FigureError> {
    let mut start = 0;
    while start < colours.len() {
        let end = (start..colours.len())
            .find(|&j| colours[j] != colours[start])
            .unwrap_or(colours.len());
        if let Some(c) = colours[start] {
            let xa = x.start + (start as f64 - 0.5) * x.step;
            let xb = x.start + (end as f64 - 0.5) * x.step;
            chart
                .draw_series(std::iter::once(Rectangle::new(
                    [(xa, y0), (xb, y1)],
                    RGBColor(c.0, c.1, c.2).filled(),
                )))
                .map_err(err)?;
        }
        start = end;
    }
    Ok(())
}

/// Draws a raster: axes in units, then the cells row by row from the bottom.
fn draw_raster(fig: &Figure, r: &Raster, area: &Area, m: &Metrics) -> Result<(), FigureError> {
    let (xa, ya) = (cell_axis(&r.x), cell_axis(&r.y));
    let (x0, x1) = cell_range(&r.x, r.width);
    let (y0, y1) = cell_range(&r.y, r.height);
    let colours = cell_colours(fig, &r.cells);
    axes(area, m, (x0, x1, &xa), Some((y0, y1, &ya)), |chart| {
        for (row, cells) in colours.chunks(r.width).enumerate() {
            let yc = r.y.start + row as f64 * r.y.step;
            let ys = (yc - r.y.step / 2.0, yc + r.y.step / 2.0);
            draw_row(chart, cells, &r.x, ys)?;
        }
        Ok(())
    })
}

/// Draws a strip: a heap axis, then one cell per heap.
fn draw_strip(fig: &Figure, s: &Strip, area: &Area, m: &Metrics) -> Result<(), FigureError> {
    let xa = cell_axis(&s.x);
    let (x0, x1) = cell_range(&s.x, s.cells.len());
    let colours = cell_colours(fig, &s.cells);
    axes(area, m, (x0, x1, &xa), None, |chart| {
        draw_row(chart, &colours, &s.x, (0.0, 1.0))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_links_are_cut_before_their_parameters_and_join_back() {
        let link = "#/period-map?family=3move&fixed=61&s1=1..60&colour=class";
        let pieces = word_pieces(link, 20);
        assert_eq!(pieces.concat(), link);
        assert_eq!(pieces[0], "#/period-map");
        assert_eq!(pieces[1], "?family=3move");
        assert!(pieces.iter().all(|p| p.chars().count() <= 20));
        assert_eq!(word_pieces("abcdefghij", 4), ["abcd", "efgh", "ij"]);
        let m = Metrics {
            width: 400,
            font: 20.0,
        };
        let lines = m.wrap(&format!("HeapLab v0.1.0, {link}"), 1.0);
        assert_eq!(
            lines.concat().replace(", #", ",#"),
            format!("HeapLab v0.1.0,{link}")
        );
        assert!(lines.iter().all(|l| l.chars().count() <= 31), "{lines:?}");
    }
}
