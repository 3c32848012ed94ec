//! The body of a game tree or a DAG: nodes at layout positions, edges between them, and the
//! legend of node classes and edge kinds; with the geometry that the SVG and TikZ writers share
//! (so both place every node, edge and label at the same spot).
use serde::{Deserialize, Serialize};

use crate::model::Category;
use crate::palette::{Palette, Rgb};
use crate::FigureError;

/// Most nodes a tree figure draws (a readable tree has far fewer).
pub const MAX_TREE_NODES: usize = 20_000;

/// A tree (or DAG) as a figure body. Positions are in the layout's own units (x to the right,
/// y downwards); the writers scale them to the figure's width while the text keeps its size.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TreeFigure {
    /// The nodes, each drawn as a box with its label.
    pub nodes: Vec<TreeNode>,
    /// The edges, drawn under the nodes.
    pub edges: Vec<TreeEdge>,
    /// The legend of node fills: a node's `class` indexes it (a fixed colour or a tint of the
    /// palette's category colour).
    pub node_classes: Vec<Category>,
    /// The legend of edge strokes: an edge's `kind` indexes it.
    pub edge_kinds: Vec<EdgeKind>,
    /// Layout units of one label character: how wide the layout made a node per character,
    /// so that the writers can match the layout's spacing to the text size.
    pub char_width: f64,
    /// Column headings drawn above the drawing, each left-aligned at its layout x (the panels
    /// of a DAG); usually empty.
    pub headings: Vec<(f64, String)>,
    /// Draw a collapsed node's hidden count as `[+k]` after its label (off by default: a
    /// collapsed node is drawn with a thick border only).
    pub fold_markers: bool,
}

/// A node of a [`TreeFigure`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TreeNode {
    /// Centre x in layout units.
    pub x: f64,
    /// Centre y in layout units (downwards).
    pub y: f64,
    /// The text in the box.
    pub label: String,
    /// Index into [`TreeFigure::node_classes`].
    pub class: usize,
    /// `Some(k)`: the node is drawn collapsed, with `k` descendants not shown.
    pub folded: Option<u64>,
    /// A text written left of the box (a DAG's outcome label); may be empty.
    pub note: String,
}

/// An edge of a [`TreeFigure`], from the bottom of one node to the top of another.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TreeEdge {
    /// The parent node's index.
    pub from: usize,
    /// The child node's index.
    pub to: usize,
    /// Text beside the edge (the move); may be empty.
    pub label: String,
    /// Index into [`TreeFigure::edge_kinds`].
    pub kind: usize,
    /// Drawn thick (an equilibrium edge, a winning move).
    pub marked: bool,
    /// Drawn as two parallel lines.
    pub double: bool,
    /// 0 for a straight edge; else the edge is an arc whose middle bulges this many layout
    /// units to the right (edges between nodes of one column of a DAG).
    pub bend: f64,
}

/// A kind of edge in the legend: its name, colour and dash.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EdgeKind {
    /// The legend entry.
    pub name: String,
    /// A fixed colour; `None` takes the palette's line colour of this kind.
    pub colour: Option<Rgb>,
    /// Drawn dashed (so that kinds differ in grey print too).
    pub dashed: bool,
}

impl TreeFigure {
    /// Checks what the writers rely on: nodes present and not too many, finite positions,
    /// edges, classes and kinds in range.
    pub fn validate(&self) -> Result<(), FigureError> {
        let bad = |m: &str| Err(FigureError::Invalid(m.to_string()));
        if self.nodes.is_empty() || self.nodes.len() > MAX_TREE_NODES {
            return bad("a tree needs 1 to 20000 nodes");
        }
        if !(self.char_width.is_finite() && self.char_width > 0.0) {
            return bad("a tree's character width must be positive");
        }
        let finite = |n: &TreeNode| n.x.is_finite() && n.y.is_finite();
        if !self.nodes.iter().all(finite) || self.headings.iter().any(|h| !h.0.is_finite()) {
            return bad("tree positions must be finite");
        }
        if self
            .nodes
            .iter()
            .any(|n| n.class >= self.node_classes.len())
        {
            return bad("a node's class is not in the legend");
        }
        for e in &self.edges {
            if e.from >= self.nodes.len() || e.to >= self.nodes.len() || e.from == e.to {
                return bad("an edge joins nodes that are not in the tree");
            }
            if e.kind >= self.edge_kinds.len() {
                return bad("an edge's kind is not in the legend");
            }
            if !e.bend.is_finite() {
                return bad("an edge's bend must be finite");
            }
        }
        Ok(())
    }

    /// The fill of node class `i`: its fixed colour, else light grey for class 0 and a light
    /// tint of the palette's colours for the others (blue, orange, green, purple, yellow, …,
    /// as the pages draw players and outcome classes).
    pub fn node_fill(&self, palette: Palette, i: usize) -> Rgb {
        const ORDER: [usize; 7] = [1, 0, 2, 6, 3, 4, 5];
        match self.node_classes.get(i).and_then(|c| c.colour) {
            Some(c) => c,
            None if i == 0 => Rgb(0xDD, 0xDD, 0xDD),
            None => tint(palette.category(ORDER[(i - 1) % ORDER.len()])),
        }
    }

    /// The stroke of edge kind `i`: its fixed colour or the palette's line colour.
    pub fn edge_colour(&self, palette: Palette, i: usize) -> Rgb {
        match self.edge_kinds.get(i).and_then(|k| k.colour) {
            Some(c) => c,
            None => line_colour(palette, i),
        }
    }

    /// The legend: the node classes and edge kinds that some node or edge uses, each with
    /// the colour it is drawn in.
    pub fn legend(&self, palette: Palette) -> Vec<(String, Rgb)> {
        let classes = self.node_classes.iter().enumerate();
        let nodes = classes
            .filter(|(i, _)| self.nodes.iter().any(|n| n.class == *i))
            .map(|(i, c)| (c.name.clone(), self.node_fill(palette, i)));
        let kinds = self.edge_kinds.iter().enumerate();
        let edges = kinds
            .filter(|(i, _)| self.edges.iter().any(|e| e.kind == *i))
            .map(|(i, k)| (k.name.clone(), self.edge_colour(palette, i)));
        nodes.chain(edges).collect()
    }

    /// The text in node `n`'s box: its label, with `[+k]` when folded and markers are asked.
    pub fn node_text(&self, n: &TreeNode) -> String {
        match n.folded {
            Some(k) if self.fold_markers => format!("{} [+{}]", n.label, count_text(k)),
            _ => n.label.clone(),
        }
    }
}

impl crate::Figure {
    /// The figure with fold markers (`[+k]` after a collapsed node's label) drawn or not; a
    /// figure that is not a tree is returned as it is.
    pub fn with_fold_markers(mut self, on: bool) -> crate::Figure {
        if let crate::Body::Tree(t) = &mut self.body {
            t.fold_markers = on;
        }
        self
    }
}

/// A hidden-descendant count as a fold marker shows it: exact up to 10^12, then rounded.
fn count_text(k: u64) -> String {
    if k >= 1_000_000_000_000 {
        format!("{:.1e}", k as f64)
    } else {
        k.to_string()
    }
}

/// A light tint of `c` (40 % of it over white), so that black text on it stays readable.
fn tint(c: Rgb) -> Rgb {
    let mix = |v: u8| (255.0 - 0.4 * (255.0 - f64::from(v))).round() as u8;
    Rgb(mix(c.0), mix(c.1), mix(c.2))
}

/// The line colour of edge kind `i`: near-black, then the palette's darker colours (blue,
/// vermilion, green, purple; dark greys for print).
fn line_colour(palette: Palette, i: usize) -> Rgb {
    match palette {
        Palette::Grey => palette.category([0, 3, 1][i % 3]),
        _ if i == 0 => Rgb(0x33, 0x33, 0x33),
        _ => palette.category([4, 5, 2, 6][(i - 1) % 4]),
    }
}

/// Where a tree's parts go in figure units (the SVG's user units; TikZ divides them into cm):
/// layout x and y map to `left + (x - x0) * sx` and `top + (y - y0) * sy`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Geometry {
    /// Figure units per layout unit, across.
    pub sx: f64,
    /// Figure units per layout unit, down.
    pub sy: f64,
    /// The figure x of layout x `x0`.
    pub left: f64,
    /// The figure y of layout y `y0`.
    pub top: f64,
    /// The least layout x.
    pub x0: f64,
    /// The least layout y.
    pub y0: f64,
    /// The height of the drawing in figure units.
    pub height: f64,
    /// The text size in figure units.
    pub font: f64,
}

/// Line widths in figure units: a plain edge and a marked (thick) one.
pub(crate) fn line_widths(font: f64) -> (f64, f64) {
    ((font * 0.07).max(1.0), font * 0.24)
}

/// The distance of an edge label's anchor from its edge: clear of a thick, double line.
pub(crate) fn label_gap(font: f64) -> f64 {
    let (thin, thick) = line_widths(font);
    thick / 2.0 + thin * 2.0 + font * 0.25
}

impl Geometry {
    /// The geometry of `t` in `fig`: its width and text size in SVG user units, text measured
    /// as the SVG writer measures it.
    pub fn for_figure(fig: &crate::Figure, t: &TreeFigure) -> Geometry {
        let per_pt = crate::svg::UNITS_PER_PT;
        let width = (fig.size.width_pt() * per_pt).round();
        let font = fig.size.font_pt * per_pt;
        Geometry::fit(t, width, font, font * crate::svg::CHAR_EM)
    }

    /// Fits `t` into `width` figure units at text size `font` (and `text_width` per
    /// character): the layout is shrunk to the width, or grown up to 1.25 × the spacing its
    /// own text would need; rows never get closer than that spacing (the text keeps its size).
    pub fn fit(t: &TreeFigure, width: f64, font: f64, char_w: f64) -> Geometry {
        let natural = char_w / t.char_width;
        let xs = t.nodes.iter().map(|n| n.x);
        let x0 = xs.clone().fold(f64::INFINITY, f64::min);
        let bends = t
            .edges
            .iter()
            .map(|e| t.nodes[e.from].x.max(t.nodes[e.to].x) + e.bend / 2.0);
        let x1 = xs.chain(bends).fold(f64::NEG_INFINITY, f64::max);
        let ys = t.nodes.iter().map(|n| n.y);
        let y0 = ys.clone().fold(f64::INFINITY, f64::min);
        let y1 = ys.fold(f64::NEG_INFINITY, f64::max);
        let box_w = |n: &TreeNode| (t.node_text(n).chars().count() as f64 * char_w + font) / 2.0;
        let note_w = |n: &TreeNode| n.note.chars().count() as f64 * char_w + font * 0.6;
        let pad_l = t
            .nodes
            .iter()
            .map(|n| box_w(n) + note_w(n))
            .fold(0.0, f64::max);
        let pad_r = t.nodes.iter().map(box_w).fold(0.0, f64::max) + font;
        let room = (width - pad_l - pad_r).max(width * 0.2);
        let span = x1 - x0;
        let sx = if span > 0.0 {
            (room / span).min(natural * 1.25)
        } else {
            natural
        };
        let used = pad_l + span * sx + pad_r;
        let headings = if t.headings.is_empty() {
            0.0
        } else {
            font * 1.8
        };
        let sy = sx.max(natural);
        Geometry {
            sx,
            sy,
            left: pad_l + ((width - used) / 2.0).max(0.0),
            top: headings + font * 1.5,
            x0,
            y0,
            height: headings + font * 3.5 + (y1 - y0) * sy,
            font,
        }
    }

    /// The figure x of a heading at layout x `x` (a little left of it, never off the page).
    pub fn heading_x(&self, x: f64) -> f64 {
        (self.at(x, self.y0).0 - self.font).max(self.font * 0.3)
    }

    /// The figure position of layout point `(x, y)`.
    pub fn at(&self, x: f64, y: f64) -> (f64, f64) {
        (
            self.left + (x - self.x0) * self.sx,
            self.top + (y - self.y0) * self.sy,
        )
    }

    /// The half height of a node box.
    pub fn half_box(&self) -> f64 {
        self.font * 0.75
    }

    /// An edge's ends in figure units: from the bottom of `from`'s box to the top of `to`'s
    /// (side to side for an arc), and the arc's control point if it bends.
    pub fn edge_ends(&self, t: &TreeFigure, e: &TreeEdge) -> EdgeEnds {
        let (a, b) = (&t.nodes[e.from], &t.nodes[e.to]);
        let (p, q) = (self.at(a.x, a.y), self.at(b.x, b.y));
        if e.bend != 0.0 {
            let r = self.half_box();
            let c = ((p.0 + q.0) / 2.0 + e.bend * self.sx, (p.1 + q.1) / 2.0);
            return EdgeEnds {
                a: (p.0 + r, p.1),
                b: (q.0 + r, q.1),
                control: Some(c),
            };
        }
        let h = self.half_box() * if q.1 >= p.1 { 1.0 } else { -1.0 };
        EdgeEnds {
            a: (p.0, p.1 + h),
            b: (q.0, q.1 - h),
            control: None,
        }
    }

    /// Where an edge's label goes: beside the middle of the edge, `gap` figure units off the
    /// line on the side away from the tree's inside (left of an edge going down-left, else
    /// right), and whether the text extends to the left of that point (`true`) or the right.
    pub fn label_anchor(&self, ends: &EdgeEnds, gap: f64) -> ((f64, f64), bool) {
        let mid = ends.middle();
        let (dx, dy) = (ends.b.0 - ends.a.0, ends.b.1 - ends.a.1);
        let len = (dx * dx + dy * dy).sqrt().max(1e-9);
        let leftwards = ends.control.is_none() && dx < -1e-9;
        // The unit normal on the label's side: +x for rightward or vertical edges, -x else.
        let (nx, ny) = if leftwards {
            (-dy / len, dx / len)
        } else {
            (dy / len, -dx / len)
        };
        let (nx, ny) = if ends.control.is_some() {
            (1.0, 0.0)
        } else {
            (nx, ny)
        };
        ((mid.0 + nx * gap, mid.1 + ny * gap), leftwards)
    }
}

/// An edge as drawn: its two ends and, for an arc, the quadratic control point.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct EdgeEnds {
    /// The start (the parent's side).
    pub a: (f64, f64),
    /// The end (the child's side).
    pub b: (f64, f64),
    /// The control point of an arc.
    pub control: Option<(f64, f64)>,
}

impl EdgeEnds {
    /// The point half way along the edge (the arc's middle for an arc).
    pub fn middle(&self) -> (f64, f64) {
        let (a, b) = (self.a, self.b);
        match self.control {
            Some(c) => (
                0.25 * a.0 + 0.5 * c.0 + 0.25 * b.0,
                0.25 * a.1 + 0.5 * c.1 + 0.25 * b.1,
            ),
            None => ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0),
        }
    }

    /// The edge as a polyline (16 pieces for an arc), shifted `offset` units sideways (the
    /// two lines of a double edge).
    pub fn points(&self, offset: f64) -> Vec<(f64, f64)> {
        let (a, b) = (self.a, self.b);
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let len = (dx * dx + dy * dy).sqrt().max(1e-9);
        let (ox, oy) = match self.control {
            Some(_) => (offset, 0.0),
            None => (-dy / len * offset, dx / len * offset),
        };
        let Some(c) = self.control else {
            return vec![(a.0 + ox, a.1 + oy), (b.0 + ox, b.1 + oy)];
        };
        (0..=16)
            .map(|i| {
                let s = i as f64 / 16.0;
                let (u, v, w) = ((1.0 - s) * (1.0 - s), 2.0 * s * (1.0 - s), s * s);
                (
                    u * a.0 + v * c.0 + w * b.0 + ox,
                    u * a.1 + v * c.1 + w * b.1 + oy,
                )
            })
            .collect()
    }
}
