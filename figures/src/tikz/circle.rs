//! A [`CircleFigure`] as plain TikZ at the positions the SVG uses, in cm: the title, the
//! circle, a tick per mark, the inside and outside labels (highlighted ones bold in the
//! accent colour).

use super::{at, colour, tex, CM_PER_UNIT};
use crate::circle::{CircleFigure, CircleGeometry};
use crate::svg::UNITS_PER_PT;
use crate::Figure;
use std::fmt::Write;

/// Writes the diagram in a scope of 1 cm units with y downwards (as the SVG).
pub(super) fn draw(s: &mut String, fig: &Figure, c: &CircleFigure) {
    let g = CircleGeometry::for_figure(fig, c);
    let (ink, accent) = CircleFigure::colours(fig.palette);
    let width = fig.size.width_pt() * UNITS_PER_PT;
    let line = format!(
        "draw={}, line width={:.2}pt",
        colour(ink),
        g.line() / UNITS_PER_PT
    );
    let pt = fig.size.font_pt * g.text_scale;
    let font = format!("\\fontsize{{{pt:.1}}}{{{:.1}}}\\selectfont", pt * 1.2);
    let _ = writeln!(s, "\\begin{{scope}}[x=1cm, y=-1cm]");
    let _ = writeln!(
        s,
        "\\node[anchor=south, font=\\bfseries] at {} {{{}}};",
        at((width / 2.0, 0.0)),
        tex(&fig.title)
    );
    let _ = writeln!(
        s,
        "\\draw[{line}] {} circle ({:.3});",
        at(g.centre),
        g.r * CM_PER_UNIT
    );
    for (i, mark) in c.marks.iter().enumerate() {
        let (a, b) = g.tick(i);
        let _ = writeln!(s, "\\draw[{line}] {} -- {};", at(a), at(b));
        let (inside, outside) = g.labels(i);
        let node = |p, text: &str, bold: bool, ink| {
            let weight = if bold { "\\bfseries" } else { "" };
            format!(
                "\\node[text={}, font={font}{weight}, inner sep=0pt] at {} {{{}}};",
                colour(ink),
                at(p),
                tex(text)
            )
        };
        let _ = writeln!(s, "{}", node(inside, &mark.inside, false, ink));
        let outside_ink = if mark.highlight { accent } else { ink };
        let _ = writeln!(
            s,
            "{}",
            node(outside, &mark.outside, mark.highlight, outside_ink)
        );
    }
    s.push_str("\\end{scope}\n");
}
