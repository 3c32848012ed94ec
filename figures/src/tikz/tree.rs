//! A [`TreeFigure`] as plain TikZ at the positions the SVG uses, in cm: edges (thick when
//! marked, `double`, dashed by kind, arcs as Bézier curves), edge labels on a white ground
//! beside their edge, node boxes with their labels, the title above.

use super::{at, colour, tex};
use crate::svg::UNITS_PER_PT;
use crate::tree::{label_gap, line_widths, Geometry, TreeEdge, TreeFigure};
use crate::Figure;
use std::fmt::Write;

/// Writes the tree in a scope of 1 cm units with y downwards (as the SVG).
pub(super) fn draw(s: &mut String, fig: &Figure, t: &TreeFigure) {
    let g = Geometry::for_figure(fig, t);
    let pt = |units: f64| units / UNITS_PER_PT;
    let thin = line_widths(g.font).0;
    let width = fig.size.width_pt() * UNITS_PER_PT;
    let _ = writeln!(s, "\\begin{{scope}}[x=1cm, y=-1cm]");
    let _ = writeln!(
        s,
        "\\node[anchor=south, font=\\bfseries] at {} {{{}}};",
        at((width / 2.0, 0.0)),
        tex(&fig.title)
    );
    for (x, text) in &t.headings {
        let p = (g.heading_x(*x), g.font * 0.3);
        let _ = writeln!(
            s,
            "\\node[anchor=north west] at {} {{{}}};",
            at(p),
            tex(text)
        );
    }
    for e in &t.edges {
        draw_edge(s, fig, t, e, &g);
    }
    for e in t.edges.iter().filter(|e| !e.label.is_empty()) {
        let ends = g.edge_ends(t, e);
        let (p, leftwards) = g.label_anchor(&ends, label_gap(g.font));
        let anchor = if leftwards { "east" } else { "west" };
        let _ = writeln!(
            s,
            "\\node[anchor={anchor}, fill=white, inner sep=1pt] at {} {{{}}};",
            at(p),
            tex(&e.label)
        );
    }
    for n in &t.nodes {
        let fill = colour(t.node_fill(fig.palette, n.class));
        let border = pt(thin) * if n.folded.is_some() { 3.0 } else { 1.0 };
        let note = if n.note.is_empty() {
            String::new()
        } else {
            format!(", label={{left:{{{}}}}}", tex(&n.note))
        };
        let _ = writeln!(
            s,
            "\\node[draw, fill={fill}, line width={border:.2}pt, inner sep=2pt, minimum height={:.2}pt{note}] at {} {{{}}};",
            pt(g.half_box() * 2.0),
            at(g.at(n.x, n.y)),
            tex(&t.node_text(n))
        );
    }
    s.push_str("\\end{scope}\n");
}

/// Writes one edge: a line (or an arc) in its kind's colour, thick when marked, dashed by kind,
/// `double` for a double edge.
fn draw_edge(s: &mut String, fig: &Figure, t: &TreeFigure, e: &TreeEdge, g: &Geometry) {
    let pt = |units: f64| units / UNITS_PER_PT;
    let (thin, thick) = line_widths(g.font);
    let ends = g.edge_ends(t, e);
    let mut style = vec![
        format!("draw={}", colour(t.edge_colour(fig.palette, e.kind))),
        format!(
            "line width={:.2}pt",
            pt(if e.marked { thick } else { thin })
        ),
    ];
    if t.edge_kinds.get(e.kind).is_some_and(|k| k.dashed) {
        style.push("dashed".into());
    }
    if e.double {
        style.push(format!(
            "double=white, double distance={:.2}pt",
            pt(thin * 2.0)
        ));
    }
    let path = match ends.control {
        // The quadratic arc as the cubic TikZ draws.
        Some(c) => {
            let third =
                |p: (f64, f64)| (p.0 + (c.0 - p.0) * 2.0 / 3.0, p.1 + (c.1 - p.1) * 2.0 / 3.0);
            let (c1, c2) = (third(ends.a), third(ends.b));
            format!(
                "{} .. controls {} and {} .. {}",
                at(ends.a),
                at(c1),
                at(c2),
                at(ends.b)
            )
        }
        None => format!("{} -- {}", at(ends.a), at(ends.b)),
    };
    let _ = writeln!(s, "\\draw[{}] {path};", style.join(", "));
}
