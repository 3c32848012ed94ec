//! TikZ/PGFPlots: a chart as a PGFPlots axis, a strip as TikZ rectangles with heap-number
//! ticks. Both are complete LaTeX documents (`standalone` where installed, else `article`)
//! sized to the figure's width, with the legend, caption and provenance below the plot.

use crate::model::*;
use crate::palette::Rgb;
use crate::FigureError;
use std::fmt::Write;

mod circle;
mod tree;

/// Choices of a TikZ export that any figure can take.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TikzOptions {
    /// Wrap the picture in `\resizebox{\linewidth}{!}{…}`, so that it takes the width of the
    /// text it is pasted into (its text then scales with it).
    pub resize: bool,
}

/// Renders `fig` as a LaTeX document; a raster has no TikZ form.
pub(crate) fn render(fig: &Figure, options: &TikzOptions) -> Result<String, FigureError> {
    fig.validate()?;
    let mut s = String::from(
        "% HeapLab figure. Compile with pdflatex; needs pgfplots (which loads tikz).\n\
         \\IfFileExists{standalone.cls}{\\documentclass[border=4pt]{standalone}}\
         {\\documentclass{article}\\pagestyle{empty}}\n\
         \\usepackage{graphicx}\n\\usepackage{pgfplots}\n\\pgfplotsset{compat=1.16}\n\\begin{document}\n",
    );
    if options.resize {
        s.push_str("\\resizebox{\\linewidth}{!}{%\n");
    }
    let pt = fig.size.font_pt;
    let _ = writeln!(
        s,
        "\\begin{{tikzpicture}}[font=\\fontsize{{{pt}}}{{{:.1}}}\\selectfont]",
        pt * 1.2
    );
    match &fig.body {
        Body::Chart(c) => chart(&mut s, fig, c),
        Body::Strip(st) => strip(&mut s, fig, st),
        Body::Tree(t) => tree::draw(&mut s, fig, t),
        Body::Circle(c) => circle::draw(&mut s, fig, c),
        Body::Raster(_) => {
            return Err(FigureError::Format(
                "a map has no TikZ export: write .svg, .pdf or .png".into(),
            ))
        }
    }
    below(&mut s, fig);
    s.push_str("\\end{tikzpicture}\n");
    if options.resize {
        s.push_str("}\n");
    }
    s.push_str("\\end{document}\n");
    Ok(s)
}

/// Centimetres per figure unit (the SVG's user units), for the trees and circles drawn at
/// the SVG's positions.
const CM_PER_UNIT: f64 = 2.54 / 72.0 / crate::svg::UNITS_PER_PT;

/// A figure point as a TikZ coordinate in cm.
fn at((x, y): (f64, f64)) -> String {
    format!("({:.3},{:.3})", x * CM_PER_UNIT, y * CM_PER_UNIT)
}

/// Escapes text for LaTeX.
fn tex(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\textbackslash{}"),
            '{' | '}' | '$' | '&' | '#' | '_' | '%' => {
                out.push('\\');
                out.push(c);
            }
            '^' => out.push_str("\\^{}"),
            '~' => out.push_str("\\~{}"),
            // Signs that pdflatex's default fonts lack as text.
            '→' => out.push_str("$\\to$"),
            '−' => out.push('-'),
            '≥' => out.push_str("$\\geq$"),
            '≤' => out.push_str("$\\leq$"),
            '×' => out.push_str("$\\times$"),
            'ℓ' => out.push_str("$\\ell$"),
            '·' => out.push_str("$\\cdot$"),
            '…' => out.push_str("\\dots{}"),
            _ => out.push(c),
        }
    }
    out
}

/// A colour as an xcolor expression.
fn colour(c: Rgb) -> String {
    format!("{{rgb,255:red,{};green,{};blue,{}}}", c.0, c.1, c.2)
}

/// A legend swatch followed by its text.
fn swatch(c: Rgb, text: &str) -> String {
    format!(
        "\\textcolor[RGB]{{{},{},{}}}{{\\rule{{0.7em}}{{0.7em}}}}~{}",
        c.0,
        c.1,
        c.2,
        tex(text)
    )
}

/// The legend (for strips), caption and provenance as one wrapped node under the picture.
fn below(s: &mut String, fig: &Figure) {
    let mut lines = Vec::new();
    if !matches!(fig.body, Body::Chart(_)) {
        let entries: Vec<String> = legend_entries(fig)
            .iter()
            .map(|(t, c)| swatch(*c, t))
            .collect();
        lines.push(entries.join("\\quad "));
    }
    if !fig.caption.is_empty() {
        lines.push(tex(&fig.caption));
    }
    if let Some(p) = &fig.provenance {
        lines.push(tex(&p.line()));
    }
    if lines.is_empty() {
        return;
    }
    let _ = writeln!(
        s,
        "\\node[anchor=north west, text width={:.2}cm, align=left, inner sep=0pt] at ([yshift=-4pt]current bounding box.south west) {{{}}};",
        fig.size.width_cm,
        lines.join("\\\\ ")
    );
}

/// The legend entries of a strip: its categories, or its value label at the bar's two ends.
fn legend_entries(fig: &Figure) -> Vec<(String, Rgb)> {
    let legend = fig.legend();
    match &fig.body {
        Body::Strip(Strip {
            cells: Cells::Values { label, values, .. },
            ..
        }) => {
            let lo = values
                .iter()
                .flatten()
                .copied()
                .fold(f64::INFINITY, f64::min);
            let hi = values
                .iter()
                .flatten()
                .copied()
                .fold(f64::NEG_INFINITY, f64::max);
            let first = legend.first().map_or(Rgb(0, 0, 0), |e| e.1);
            let last = legend.last().map_or(Rgb(0, 0, 0), |e| e.1);
            vec![
                (format!("{label} {lo}"), first),
                (format!("{label} {hi}"), last),
            ]
        }
        _ => legend,
    }
}

/// Integer tick positions from `lo` to `hi`: at most eight, at a step of 1, 2 or 5 × 10^k (the
/// TikZ axes, and the pages' on-screen axes, so both tick the same values).
pub fn integer_ticks(lo: f64, hi: f64) -> Vec<i64> {
    let (lo, hi) = (lo.ceil() as i64, hi.floor() as i64);
    let span = (hi - lo).max(1) as f64;
    let mut step = 1i64;
    for k in 0..18 {
        let base = 10i64.pow(k);
        if let Some(&s) = [base, 2 * base, 5 * base]
            .iter()
            .find(|&&s| span / s as f64 <= 7.0)
        {
            step = s;
            break;
        }
    }
    let first = lo.div_euclid(step) * step + if lo.rem_euclid(step) == 0 { 0 } else { step };
    (0..)
        .map(|i| first + i * step)
        .take_while(|&t| t <= hi)
        .collect()
}

/// Writes a chart as a PGFPlots axis with its legend below.
fn chart(s: &mut String, fig: &Figure, c: &Chart) {
    let mut opts = vec![
        format!("width={:.2}cm", fig.size.width_cm),
        format!("height={:.2}cm", fig.size.width_cm * 0.6),
        format!("title={{{}}}", tex(&fig.title)),
        format!("xlabel={{{}}}", tex(&c.x.label)),
        format!("ylabel={{{}}}", tex(&c.y.label)),
        "legend style={at={(0.5,-0.3)}, anchor=north, legend columns=-1, draw=none, /tikz/every even column/.append style={column sep=6pt}}".into(),
        "scaled ticks=false".into(),
    ];
    for (name, axis) in [("x", &c.x), ("y", &c.y)] {
        if axis.scale == Scale::Log {
            opts.push(format!("{name}mode=log, log basis {name}=10"));
        } else if axis.integer {
            let values = c
                .series
                .iter()
                .flat_map(|s| s.points.iter().map(|p| if name == "x" { p.0 } else { p.1 }));
            let (lo, hi) = axis.range.unwrap_or_else(|| {
                values.fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), v| {
                    (a.min(v), b.max(v))
                })
            });
            let ticks: Vec<String> = integer_ticks(lo, hi)
                .iter()
                .map(|t| t.to_string())
                .collect();
            opts.push(format!("{name}tick={{{}}}", ticks.join(",")));
        }
        if let Some((a, b)) = axis.range {
            opts.push(format!("{name}min={a}, {name}max={b}"));
        }
        if axis.reversed {
            opts.push(format!("{name} dir=reverse"));
        }
    }
    let bars = c.series.iter().any(|x| x.style == SeriesStyle::Bars);
    if bars && c.y.scale == Scale::Linear && c.y.range.is_none() {
        opts.push("ymin=0".into());
    }
    let _ = writeln!(s, "\\begin{{axis}}[{}]", opts.join(",\n  "));
    for (i, series) in c.series.iter().enumerate() {
        let col = colour(fig.palette.category(i));
        let style = match series.style {
            SeriesStyle::Line => format!("color={col}, mark=none, thick"),
            SeriesStyle::Points => format!("color={col}, only marks, mark=*, mark size=1.2pt"),
            SeriesStyle::Bars => format!("ybar, bar width=0.8, area legend, fill={col}, draw=none"),
        };
        let points: String = series
            .points
            .iter()
            .map(|(x, y)| format!("({x},{y})"))
            .collect::<Vec<_>>()
            .join(" ");
        let _ = writeln!(
            s,
            "\\addplot[{style}] coordinates {{{points}}};\n\\addlegendentry{{{}}}",
            tex(&series.name)
        );
    }
    s.push_str("\\end{axis}\n");
}

/// Writes a strip: runs of equal cells as rectangles, heap-number ticks, the axis label and
/// the title.
fn strip(s: &mut String, fig: &Figure, st: &Strip) {
    let n = st.cells.len();
    let unit = fig.size.width_cm / n as f64;
    let _ = writeln!(s, "\\begin{{scope}}[x={unit:.5}cm, y=0.5cm]");
    let colours = strip_colours(fig, st);
    let mut start = 0;
    while start < n {
        let end = (start..n)
            .find(|&j| colours[j] != colours[start])
            .unwrap_or(n);
        if let Some(c) = colours[start] {
            let _ = writeln!(
                s,
                "\\fill[fill={}] ({start},0) rectangle ({end},1);",
                colour(c)
            );
        }
        start = end;
    }
    let _ = writeln!(s, "\\draw (0,0) -- ({n},0);");
    let (first, step) = (st.x.start, st.x.step);
    let last = first + (n as f64 - 1.0) * step;
    for t in integer_ticks(first, last) {
        let at = (t as f64 - first) / step + 0.5;
        let _ = writeln!(
            s,
            "\\draw ({at:.3},0) -- ({at:.3},-0.2) node[below] {{{t}}};"
        );
    }
    let _ = writeln!(
        s,
        "\\node[below] at ({:.3},-0.9) {{{}}};",
        n as f64 / 2.0,
        tex(&st.x.label)
    );
    let _ = writeln!(
        s,
        "\\node[above] at ({:.3},1.1) {{{}}};",
        n as f64 / 2.0,
        tex(&fig.title)
    );
    s.push_str("\\end{scope}\n");
}

/// The colour of each cell of a strip (as the SVG draws it).
fn strip_colours(fig: &Figure, st: &Strip) -> Vec<Option<Rgb>> {
    match &st.cells {
        Cells::Categories {
            indices,
            categories,
        } => indices
            .iter()
            .map(|&i| Some(fig.category_colour(categories, i as usize)))
            .collect(),
        Cells::Values { values, .. } => {
            let lo = values
                .iter()
                .flatten()
                .copied()
                .fold(f64::INFINITY, f64::min);
            let hi = values
                .iter()
                .flatten()
                .copied()
                .fold(f64::NEG_INFINITY, f64::max);
            let span = if hi > lo { hi - lo } else { 1.0 };
            values
                .iter()
                .map(|v| {
                    v.map(|v| {
                        fig.palette
                            .step(crate::palette::Palette::step_of((v - lo) / span))
                    })
                })
                .collect()
        }
    }
}
