//! Draws a [`TreeFigure`] body with plotters: edges (straight or arcs, thick when marked,
//! double, dashed by kind), their labels beside them, then the node boxes with their labels and
//! notes, all placed by the [`Geometry`] the TikZ writer shares.

use super::{err, px, rgb, Area, Metrics};
use crate::tree::{label_gap, line_widths, EdgeEnds, Geometry, TreeEdge, TreeFigure};
use crate::{Figure, FigureError};
use plotters::element::DashedPathElement;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// The height of the tree part of figure `fig`.
pub(super) fn height(fig: &Figure, t: &TreeFigure) -> i32 {
    Geometry::for_figure(fig, t).height.ceil() as i32
}

/// Draws the tree: headings, edges, edge labels, nodes.
pub(super) fn draw(
    fig: &Figure,
    t: &TreeFigure,
    area: &Area,
    m: &Metrics,
) -> Result<(), FigureError> {
    let g = Geometry::for_figure(fig, t);
    let left = Pos::new(HPos::Left, VPos::Top);
    for (x, text) in &t.headings {
        let at = (g.heading_x(*x), m.font * 0.3);
        area.draw(&Text::new(text.clone(), px(at), m.text(1.0).pos(left)))
            .map_err(err)?;
    }
    for e in &t.edges {
        draw_edge(fig, t, e, &g, area)?;
    }
    for e in t.edges.iter().filter(|e| !e.label.is_empty()) {
        draw_edge_label(t, e, &g, area, m)?;
    }
    for n in &t.nodes {
        let (x, y) = g.at(n.x, n.y);
        let text = t.node_text(n);
        let (hw, hh) = (m.text_width(&text) / 2.0 + m.font * 0.4, g.half_box());
        let corners = [px((x - hw, y - hh)), px((x + hw, y + hh))];
        let fill = rgb(t.node_fill(fig.palette, n.class));
        area.draw(&Rectangle::new(corners, fill.filled()))
            .map_err(err)?;
        let border = if n.folded.is_some() { 3.0 } else { 1.0 };
        let stroke = (line_widths(m.font).0 * border).round() as u32;
        area.draw(&Rectangle::new(corners, BLACK.stroke_width(stroke)))
            .map_err(err)?;
        let centre = Pos::new(HPos::Center, VPos::Center);
        area.draw(&Text::new(text, px((x, y)), m.text(1.0).pos(centre)))
            .map_err(err)?;
        if !n.note.is_empty() {
            let at = px((x - hw - m.font * 0.3, y));
            let right = Pos::new(HPos::Right, VPos::Center);
            area.draw(&Text::new(n.note.clone(), at, m.text(0.9).pos(right)))
                .map_err(err)?;
        }
    }
    Ok(())
}

/// Draws one edge: its line (two for a double edge), dashed if its kind is.
fn draw_edge(
    fig: &Figure,
    t: &TreeFigure,
    e: &TreeEdge,
    g: &Geometry,
    area: &Area,
) -> Result<(), FigureError> {
    let ends = g.edge_ends(t, e);
    let (thin, thick) = line_widths(g.font);
    let width = if e.marked { thick } else { thin };
    let style = rgb(t.edge_colour(fig.palette, e.kind)).stroke_width(width.round() as u32);
    let offsets: &[f64] = if e.double { &[-1.0, 1.0] } else { &[0.0] };
    let dashed = t.edge_kinds.get(e.kind).is_some_and(|k| k.dashed);
    for &o in offsets {
        let points: Vec<(i32, i32)> = ends
            .points(o * (width + thin))
            .into_iter()
            .map(px)
            .collect();
        if dashed {
            let dash = (g.font * 0.4) as i32;
            area.draw(&DashedPathElement::new(points, dash, dash / 2, style))
                .map_err(err)?;
        } else {
            area.draw(&PathElement::new(points, style)).map_err(err)?;
        }
    }
    Ok(())
}

/// Draws an edge's label on a white ground beside the edge (see [`Geometry::label_anchor`]).
fn draw_edge_label(
    t: &TreeFigure,
    e: &TreeEdge,
    g: &Geometry,
    area: &Area,
    m: &Metrics,
) -> Result<(), FigureError> {
    let ends: EdgeEnds = g.edge_ends(t, e);
    let ((x, y), leftwards) = g.label_anchor(&ends, label_gap(m.font));
    let w = m.text_width(&e.label) * 0.9;
    let h = m.font * 0.5;
    let (x0, x1) = if leftwards { (x - w, x) } else { (x, x + w) };
    area.draw(&Rectangle::new(
        [px((x0, y - h)), px((x1, y + h))],
        WHITE.filled(),
    ))
    .map_err(err)?;
    let hpos = if leftwards { HPos::Right } else { HPos::Left };
    let pos = Pos::new(hpos, VPos::Center);
    area.draw(&Text::new(
        e.label.clone(),
        px((x, y)),
        m.text(0.9).pos(pos),
    ))
    .map_err(err)
}
