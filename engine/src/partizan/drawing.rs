//! Thermograph pictures, as SVG and as TikZ, drawn the way Winning Ways (ch. 6) and Siegel
//! (II.5) draw them: temperature upward, values increasing to the *left* (so Left's wall is
//! on the left), walls to the temperature and the mast above it, with axes and ticks.

use super::game::{GameId, GameStore};
use super::number::Dyadic;
use super::thermograph::Drawing;
use crate::EngineError;

/// A game's thermograph in both picture formats, drawn once for the CLI and the web page.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Pictures {
    /// The title the pictures carry.
    pub title: String,
    /// The standalone SVG document ([`svg`]).
    pub svg: String,
    /// The `tikzpicture` ([`tikz`]).
    pub tikz: String,
}

/// The thermograph of `g` as SVG and TikZ, titled `title`.
pub fn pictures(store: &mut GameStore, g: GameId, title: &str) -> Result<Pictures, EngineError> {
    let d = store.thermograph(g)?.drawing()?;
    Ok(Pictures {
        title: title.to_string(),
        svg: svg(&d, title),
        tikz: tikz(&d, title),
    })
}

/// The SVG canvas size and margin, in pixels.
const WIDTH: f64 = 480.0;
const HEIGHT: f64 = 360.0;
const MARGIN: f64 = 56.0;

fn float(x: Dyadic) -> f64 {
    x.numerator() as f64 / (1u64 << x.exponent()) as f64
}

/// The range of values drawn: every point, widened to at least one unit around the mast.
fn value_range(d: &Drawing) -> (f64, f64) {
    let values = d
        .left
        .iter()
        .chain(&d.right)
        .chain(&d.mast)
        .map(|p| float(p.1));
    let (lo, hi) = values.fold((f64::MAX, f64::MIN), |(l, h), v| (l.min(v), h.max(v)));
    let pad = ((hi - lo) * 0.1).max(0.5);
    (lo - pad, hi + pad)
}

/// Tick positions: multiples of a power of two, at most about ten across `lo..=hi`.
fn ticks(lo: f64, hi: f64) -> Vec<f64> {
    let mut step = 1.0f64;
    while (hi - lo) / step > 10.0 {
        step *= 2.0;
    }
    while (hi - lo) / step < 4.0 && step > 1.0 / 64.0 {
        step /= 2.0;
    }
    let first = (lo / step).ceil() as i64;
    let last = (hi / step).floor() as i64;
    (first..=last).map(|k| k as f64 * step).collect()
}

/// A tick label: an integer or a short fraction.
fn label(x: f64) -> String {
    if x.fract() == 0.0 {
        return format!("{x}");
    }
    let mut denominator = 2.0;
    while (x * denominator).fract() != 0.0 && denominator < 128.0 {
        denominator *= 2.0;
    }
    format!("{}/{}", x * denominator, denominator)
}

/// Maps `(temperature, value)` to canvas coordinates.
struct Frame {
    values: (f64, f64),
    temperatures: (f64, f64),
}

impl Frame {
    fn new(d: &Drawing) -> Frame {
        Frame {
            values: value_range(d),
            temperatures: (float(d.bottom), float(d.top)),
        }
    }

    fn x(&self, value: f64) -> f64 {
        let (lo, hi) = self.values;
        MARGIN + (hi - value) / (hi - lo) * (WIDTH - 2.0 * MARGIN)
    }

    fn y(&self, t: f64) -> f64 {
        let (lo, hi) = self.temperatures;
        HEIGHT - MARGIN - (t - lo) / (hi - lo) * (HEIGHT - 2.0 * MARGIN)
    }

    fn path(&self, points: &[(Dyadic, Dyadic)]) -> String {
        let coords: Vec<String> = points
            .iter()
            .map(|&(t, v)| format!("{:.2},{:.2}", self.x(float(v)), self.y(float(t))))
            .collect();
        coords.join(" ")
    }
}

/// Escapes text for XML.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The thermograph of the game named `title` as a standalone SVG document.
pub fn svg(d: &Drawing, title: &str) -> String {
    let f = Frame::new(d);
    let axis_y = f.y(0.0f64.clamp(f.temperatures.0, f.temperatures.1));
    let axis_x = f.x(0.0f64.clamp(f.values.0, f.values.1));
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{WIDTH}\" height=\"{HEIGHT}\" \
         viewBox=\"0 0 {WIDTH} {HEIGHT}\" font-family=\"sans-serif\" font-size=\"11\">\n\
         <title>Thermograph of {}</title>\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n",
        escape(title)
    );
    out.push_str(&format!(
        "<g stroke=\"#888\"><line x1=\"{:.2}\" y1=\"{axis_y:.2}\" x2=\"{:.2}\" y2=\"{axis_y:.2}\"/>\
         <line x1=\"{axis_x:.2}\" y1=\"{:.2}\" x2=\"{axis_x:.2}\" y2=\"{:.2}\"/></g>\n",
        MARGIN,
        WIDTH - MARGIN,
        HEIGHT - MARGIN,
        MARGIN
    ));
    for v in ticks(f.values.0, f.values.1) {
        let x = f.x(v);
        out.push_str(&format!(
            "<line x1=\"{x:.2}\" y1=\"{:.2}\" x2=\"{x:.2}\" y2=\"{:.2}\" stroke=\"#888\"/>\
             <text x=\"{x:.2}\" y=\"{:.2}\" text-anchor=\"middle\">{}</text>\n",
            axis_y - 3.0,
            axis_y + 3.0,
            axis_y + 15.0,
            label(v)
        ));
    }
    for t in ticks(f.temperatures.0, f.temperatures.1) {
        let y = f.y(t);
        out.push_str(&format!(
            "<line x1=\"{:.2}\" y1=\"{y:.2}\" x2=\"{:.2}\" y2=\"{y:.2}\" stroke=\"#888\"/>\
             <text x=\"{:.2}\" y=\"{:.2}\" text-anchor=\"end\">{}</text>\n",
            axis_x - 3.0,
            axis_x + 3.0,
            axis_x - 6.0,
            y + 4.0,
            label(t)
        ));
    }
    out.push_str(&svg_curves(d, &f, title));
    out.push_str("</svg>\n");
    out
}

/// The walls, the mast, their labels and the axis names.
fn svg_curves(d: &Drawing, f: &Frame, title: &str) -> String {
    let mut out = String::new();
    for (points, colour, name) in [
        (&d.left, "#1f5fbf", "left wall"),
        (&d.right, "#bf3f1f", "right wall"),
        (&d.mast, "#222", "mast"),
    ] {
        out.push_str(&format!(
            "<polyline points=\"{}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"2\"/>\n",
            f.path(points)
        ));
        // Each wall is named at its foot, the mast at its top, so the names never overlap
        // where the walls meet.
        let (t, v) = if name == "mast" {
            points[points.len() - 1]
        } else {
            points[0]
        };
        out.push_str(&format!(
            "<text x=\"{:.2}\" y=\"{:.2}\" fill=\"{colour}\">{name}</text>\n",
            f.x(float(v)) + 4.0,
            f.y(float(t)) - 4.0
        ));
    }
    out.push_str(&svg_legend());
    out.push_str(&format!(
        "<text x=\"{:.2}\" y=\"{:.2}\" text-anchor=\"middle\">value (Left's side on the left)</text>\n\
         <text x=\"14\" y=\"{:.2}\" transform=\"rotate(-90 14 {:.2})\" text-anchor=\"middle\">temperature</text>\n\
         <text x=\"{:.2}\" y=\"20\" text-anchor=\"middle\" font-size=\"13\">{}</text>\n",
        WIDTH / 2.0,
        HEIGHT - 12.0,
        HEIGHT / 2.0,
        HEIGHT / 2.0,
        WIDTH / 2.0,
        escape(title)
    ));
    out
}

/// The key in the top right corner: a short stroke in each curve's colour and its name.
fn svg_legend() -> String {
    let mut out = String::from("<g class=\"legend\">\n");
    for (i, (colour, name)) in [
        ("#1f5fbf", "Left wall"),
        ("#bf3f1f", "Right wall"),
        ("#222", "mast"),
    ]
    .iter()
    .enumerate()
    {
        let y = 36.0 + 14.0 * i as f64;
        out.push_str(&format!(
            "<line x1=\"{:.2}\" y1=\"{y:.2}\" x2=\"{:.2}\" y2=\"{y:.2}\" stroke=\"{colour}\" stroke-width=\"2\"/>\
             <text x=\"{:.2}\" y=\"{:.2}\">{name}</text>\n",
            WIDTH - 110.0,
            WIDTH - 94.0,
            WIDTH - 90.0,
            y + 4.0
        ));
    }
    out.push_str("</g>\n");
    out
}

/// `−x`, without printing `-0`.
fn flip(x: f64) -> f64 {
    -x + 0.0
}

/// TikZ coordinates `(−value, temperature)` of a curve.
fn tikz_path(points: &[(Dyadic, Dyadic)]) -> String {
    let coords: Vec<String> = points
        .iter()
        .map(|&(t, v)| format!("({:.4},{:.4})", flip(float(v)), float(t)))
        .collect();
    coords.join(" -- ")
}

/// The thermograph of the game named `title` as a `tikzpicture` (needs only `\usepackage{tikz}`).
pub fn tikz(d: &Drawing, title: &str) -> String {
    let (lo, hi) = value_range(d);
    let (bottom, top) = (float(d.bottom), float(d.top));
    let scale = 8.0 / (hi - lo).max(1.0);
    let mut out = format!(
        "% Thermograph of {title}: temperature upward, values increasing to the left.\n\
         \\begin{{tikzpicture}}[x={scale:.4}cm,y={:.4}cm]\n",
        5.0 / (top - bottom)
    );
    let axis_t = 0.0f64.clamp(bottom, top);
    out.push_str(&format!(
        "  \\draw[gray,->] ({:.4},{axis_t:.4}) -- ({:.4},{axis_t:.4}) node[below left] {{value}};\n  \\draw[gray,->] (0,{bottom:.4}) -- (0,{top:.4}) node[above] {{temperature}};\n",
        flip(lo),
        flip(hi)
    ));
    for v in ticks(lo, hi) {
        out.push_str(&format!(
            "  \\draw[gray] ({:.4},{axis_t:.4}) ++(0,-2pt) -- ++(0,4pt) node[above,font=\\tiny] {{${}$}};\n",
            flip(v),
            label(v)
        ));
    }
    for t in ticks(bottom, top) {
        out.push_str(&format!(
            "  \\draw[gray] (0,{t:.4}) ++(-2pt,0) -- ++(4pt,0) node[right,font=\\tiny] {{${}$}};\n",
            label(t)
        ));
    }
    for (points, style, name) in [
        (&d.left, "blue,thick", "left wall"),
        (&d.right, "red,thick", "right wall"),
        (&d.mast, "black,thick", "mast"),
    ] {
        out.push_str(&format!(
            "  \\draw[{style}] {} node[pos=0.5,right,font=\\scriptsize] {{{name}}};\n",
            tikz_path(points)
        ));
    }
    out.push_str("\\end{tikzpicture}\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pictures_name_the_game_the_axes_and_both_walls() {
        let mut store = GameStore::default();
        let g = store.parse("{2|-1}").unwrap();
        let p = pictures(&mut store, g, "{2|-1}").unwrap();
        for part in [
            "<title>Thermograph of {2|-1}</title>",
            "temperature",
            "value (Left's side on the left)",
            "Left wall",
            "Right wall",
            "mast",
        ] {
            assert!(p.svg.contains(part), "the SVG lacks {part:?}");
        }
        assert!(p.tikz.contains("\\begin{tikzpicture}") && p.tikz.contains("left wall"));
    }
}
