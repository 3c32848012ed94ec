//! Game trees as pictures: a generic tree type, a tidy (Reingold–Tilford style) layout, and
//! the SVG and TikZ writers shared by the web tree component and the CLI.
//!
//! # API
//!
//! * Build a [`Tree`]: [`Tree::new`] with the root [`TreeNode`], then [`Tree::add_child`] for
//!   every child, in drawing order (for CGT-type trees put Left's options before Right's).
//!   Node 0 is the root. A node carries
//!   - `label`: the short text drawn in the node (`"7; (0,0)"`);
//!   - `detail`: the full state, shown on hover (SVG `<title>`, the web component's status line);
//!   - `class`: a colour class: 0 neutral, `k >= 1` player `k` (Alice = 1, Bob = 2, …);
//!   - `edge`: the [`Edge`] from its parent: a label (the move), `marked` (drawn thick, e.g. a
//!     PSPE edge), [`Slant`] (Left/Right options of CGT trees get their own colour and are
//!     placed to the lower left / lower right of the parent) and `double` (two parallel lines);
//!   - `hidden`: how many descendants a capped builder did *not* materialise (shown as `+k`).
//! * [`initial_collapsed`] picks which nodes open collapsed so that at most `cap` nodes show.
//! * [`layout`] places the visible nodes (collapsed nodes hide their descendants); [`scene`]
//!   turns a layout into drawing primitives ([`Scene`]); [`to_svg`] and [`to_tikz`] write them.
//!   The web component draws the same [`Scene`] as live SVG, so screen and exports agree.
//!
//! Invariants of [`layout`]: nodes of one depth never overlap (their boxes are at least
//! [`LayoutOptions::sibling_gap`] apart), a parent whose child edges are all
//! [`Slant::Straight`] is centred over its first and last visible child, and the result is a
//! pure function of the tree, the collapsed set and the options.

use serde::{Deserialize, Serialize};

/// How an edge leans in a CGT-type tree: Left's options go down-left, Right's down-right.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Slant {
    /// An ordinary tree edge (extensive-form trees).
    #[default]
    Straight,
    /// An option of Left (drawn to the lower left of the parent).
    Left,
    /// An option of Right (drawn to the lower right of the parent).
    Right,
}

/// The edge from a node to its parent.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Edge {
    /// Text written beside the edge (the move, e.g. `"2"`); may be empty.
    pub label: String,
    /// Drawn thick: an equilibrium (PSPE) edge, a winning move, …
    pub marked: bool,
    /// Left/Right option of a CGT-type tree, or straight.
    pub slant: Slant,
    /// Drawn as two parallel lines (e.g. "this child determines the parent's value").
    pub double: bool,
}

/// One node of a [`Tree`].
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TreeNode {
    /// The short text drawn in the node.
    pub label: String,
    /// The full state, shown on hover.
    pub detail: String,
    /// Colour class: 0 neutral, `k >= 1` player `k`.
    pub class: u8,
    /// Indices of the children, in drawing order (filled by [`Tree::add_child`]).
    pub children: Vec<usize>,
    /// The edge from the parent (ignored at the root).
    pub edge: Edge,
    /// Descendants that a capped builder did not materialise.
    pub hidden: u64,
}

impl TreeNode {
    /// A node with a label, a hover text and a colour class, and a plain edge.
    pub fn new(label: impl Into<String>, detail: impl Into<String>, class: u8) -> Self {
        TreeNode {
            label: label.into(),
            detail: detail.into(),
            class,
            ..TreeNode::default()
        }
    }

    /// The same node with `edge` as its edge from the parent.
    pub fn with_edge(mut self, edge: Edge) -> Self {
        self.edge = edge;
        self
    }
}

/// A rooted tree; `nodes[0]` is the root. Invariant: every child index is greater than its
/// parent's (children are added after their parent), so `nodes` is in a topological order.
/// Deserialize exists to carry a tree from a Web Worker to its page, which built it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tree {
    /// The nodes; `nodes[0]` is the root.
    pub nodes: Vec<TreeNode>,
}

impl Tree {
    /// A tree holding only `root`.
    pub fn new(root: TreeNode) -> Self {
        Tree {
            nodes: vec![TreeNode {
                children: Vec::new(),
                ..root
            }],
        }
    }

    /// Appends `node` as the last child of `parent` and returns its index.
    /// A `parent` that does not exist is treated as the root.
    pub fn add_child(&mut self, parent: usize, node: TreeNode) -> usize {
        let index = self.nodes.len();
        let parent = if parent < index { parent } else { 0 };
        self.nodes.push(TreeNode {
            children: Vec::new(),
            ..node
        });
        self.nodes[parent].children.push(index);
        index
    }

    /// The tree pruned to its marked edges (the winning moves of a game tree): the root, and
    /// below each kept node only the children reached by a marked edge. Each kept node counts
    /// the descendants it lost as `hidden`, so a folded node's `[+k]` stays the true number.
    pub fn marked_only(&self) -> Tree {
        let counts = self.descendant_counts();
        let mut out = Tree::new(self.nodes[0].clone());
        let mut stack = vec![(0usize, 0usize)];
        while let Some((old, new)) = stack.pop() {
            let mut hidden = self.nodes[old].hidden;
            for &c in &self.nodes[old].children {
                if self.nodes[c].edge.marked {
                    let kept = out.add_child(new, self.nodes[c].clone());
                    stack.push((c, kept));
                } else {
                    hidden = hidden.saturating_add(counts[c].saturating_add(1));
                }
            }
            out.nodes[new].hidden = hidden;
        }
        out
    }

    /// The number of nodes held.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Always false: a tree has its root.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// For every node, the number of its descendants (held ones plus `hidden` ones).
    pub fn descendant_counts(&self) -> Vec<u64> {
        let mut counts: Vec<u64> = self.nodes.iter().map(|n| n.hidden).collect();
        for v in (0..self.nodes.len()).rev() {
            let sum: u64 = self.nodes[v]
                .children
                .iter()
                .map(|&c| counts[c].saturating_add(1))
                .fold(0u64, u64::saturating_add);
            counts[v] = counts[v].saturating_add(sum);
        }
        counts
    }

    /// The depth of every held node (the root is at depth 0).
    pub fn depths(&self) -> Vec<usize> {
        let mut depth = vec![0usize; self.nodes.len()];
        // Children come after their parent, so one forward pass sees every parent first.
        for v in 0..self.nodes.len() {
            for &c in &self.nodes[v].children {
                depth[c] = depth[v] + 1;
            }
        }
        depth
    }

    /// The parent of every node (`None` for the root).
    pub fn parents(&self) -> Vec<Option<usize>> {
        let mut parents = vec![None; self.nodes.len()];
        for (v, node) in self.nodes.iter().enumerate() {
            for &c in &node.children {
                parents[c] = Some(v);
            }
        }
        parents
    }
}

/// Sizes of the drawing, in SVG pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LayoutOptions {
    /// Vertical distance between depths.
    pub level_gap: f64,
    /// Least horizontal gap between the boxes of two nodes of one depth.
    pub sibling_gap: f64,
    /// Estimated width of one label character.
    pub char_width: f64,
    /// Height of a node box.
    pub node_height: f64,
    /// Empty border around the drawing.
    pub margin: f64,
}

impl Default for LayoutOptions {
    fn default() -> Self {
        LayoutOptions {
            level_gap: 64.0,
            sibling_gap: 14.0,
            char_width: 7.0,
            node_height: 22.0,
            margin: 16.0,
        }
    }
}

/// Where the visible nodes go.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    /// Centre x of every node (meaningless where `visible` is false).
    pub x: Vec<f64>,
    /// Centre y of every node.
    pub y: Vec<f64>,
    /// Box width of every node.
    pub width: Vec<f64>,
    /// Depth of every node.
    pub depth: Vec<usize>,
    /// Whether the node is drawn (its ancestors are all expanded).
    pub visible: Vec<bool>,
    /// Whether the node is drawn collapsed (it has descendants that are not shown).
    pub folded: Vec<bool>,
    /// Width of the whole drawing.
    pub total_width: f64,
    /// Height of the whole drawing.
    pub total_height: f64,
    /// Box height (from the options).
    pub node_height: f64,
}

/// The text drawn in a node: its label, plus `+k` when it is collapsed with `k` descendants.
pub fn node_text(label: &str, folded_count: Option<u64>) -> String {
    match folded_count {
        // Counts saturate at u64::MAX; huge ones are shown rounded.
        Some(k) if k >= u64::MAX - 1 => format!("{label} [+≥1.8e19]"),
        Some(k) if k >= 1_000_000_000_000 => format!("{label} [+{:.1e}]", k as f64),
        Some(k) => format!("{label} [+{k}]"),
        None => label.to_string(),
    }
}

/// Chooses which nodes open collapsed: nodes are expanded in breadth-first order while the
/// number of visible nodes stays at most `cap` (at least the root is shown).
pub fn initial_collapsed(tree: &Tree, cap: usize) -> Vec<bool> {
    let mut collapsed = vec![false; tree.len()];
    let mut visible = 1usize;
    let mut queue = std::collections::VecDeque::from([0usize]);
    while let Some(v) = queue.pop_front() {
        let children = &tree.nodes[v].children;
        if children.is_empty() {
            continue;
        }
        if visible + children.len() <= cap {
            visible += children.len();
            queue.extend(children.iter().copied());
        } else {
            collapsed[v] = true;
        }
    }
    collapsed
}

/// [`initial_collapsed`] with every node at depth `level` or deeper folded too, so at most
/// the levels `0..=level` show (and at most `cap` nodes).
pub fn collapsed_to_level(tree: &Tree, cap: usize, level: usize) -> Vec<bool> {
    let mut collapsed = initial_collapsed(tree, cap);
    for (v, depth) in tree.depths().into_iter().enumerate() {
        if depth >= level && !tree.nodes[v].children.is_empty() {
            collapsed[v] = true;
        }
    }
    collapsed
}

/// The deepest level with a visible node when the nodes with `collapsed[v]` hide their
/// descendants (indices past `collapsed.len()` count as expanded).
pub fn visible_depth(tree: &Tree, collapsed: &[bool]) -> usize {
    let depths = tree.depths();
    let mut visible = vec![false; tree.len()];
    let mut deepest = 0;
    for v in 0..tree.len() {
        // Children come after their parent: a node is visible once its parent has opened it.
        if v == 0 || visible[v] {
            deepest = deepest.max(depths[v]);
            if !collapsed.get(v).copied().unwrap_or(false) {
                for &c in &tree.nodes[v].children {
                    visible[c] = true;
                }
            }
        }
    }
    deepest
}

/// Whether a layout drawn into a `width × height` box (scaled to fit, aspect kept) is drawn
/// at a scale of at least `min_scale`, so text of size `s` shows at `s · min_scale` or more.
pub fn fits(layout: &Layout, width: f64, height: f64, min_scale: f64) -> bool {
    (width / layout.total_width).min(height / layout.total_height) >= min_scale
}

/// The folds that keep a tree readable in a `width × height` box (see [`fits`]): the
/// breadth-first set of [`initial_collapsed`] when it fits, and `None` for the level;
/// otherwise the deepest level that fits ([`collapsed_to_level`]; the root alone when nothing
/// does) and `Some(level)`. A huge or deep tree so opens with the levels a reader can read.
pub fn readable_collapsed(
    tree: &Tree,
    cap: usize,
    options: &LayoutOptions,
    (width, height): (f64, f64),
    min_scale: f64,
) -> (Vec<bool>, Option<usize>) {
    let readable =
        |collapsed: &[bool]| fits(&layout(tree, collapsed, options), width, height, min_scale);
    let capped = initial_collapsed(tree, cap);
    if readable(&capped) {
        return (capped, None);
    }
    let held = tree.depths().into_iter().max().unwrap_or(0);
    // Deeper levels only add nodes, so the drawing only grows: the readable levels are a prefix.
    let level = (1..=held)
        .take_while(|&level| readable(&collapsed_to_level(tree, cap, level)))
        .last()
        .unwrap_or(0);
    (collapsed_to_level(tree, cap, level), Some(level))
}

/// Outline of a subtree relative to its root's centre: per depth, the leftmost and rightmost
/// box edges.
struct Contour {
    left: Vec<f64>,
    right: Vec<f64>,
}

/// Lays out the nodes of `tree` that are visible when the nodes with `collapsed[v]` hide
/// their descendants (indices past `collapsed.len()` count as expanded).
pub fn layout(tree: &Tree, collapsed: &[bool], options: &LayoutOptions) -> Layout {
    let n = tree.len();
    let counts = tree.descendant_counts();
    let is_collapsed = |v: usize| collapsed.get(v).copied().unwrap_or(false);
    let mut visible = vec![false; n];
    let mut folded = vec![false; n];
    let mut depth = vec![0usize; n];
    let mut width = vec![0.0; n];
    // Preorder of the visible nodes.
    let mut order = Vec::new();
    let mut stack = vec![0usize];
    while let Some(v) = stack.pop() {
        visible[v] = true;
        order.push(v);
        let node = &tree.nodes[v];
        let open = !is_collapsed(v);
        folded[v] = counts[v] > 0 && (!open || node.children.is_empty());
        let text = node_text(&node.label, folded[v].then_some(counts[v]));
        width[v] = (text.chars().count() as f64 * options.char_width + 12.0).max(24.0);
        if open {
            for &c in node.children.iter().rev() {
                depth[c] = depth[v] + 1;
                stack.push(c);
            }
        }
    }
    let visible_children = |v: usize| -> &[usize] {
        if is_collapsed(v) {
            &[]
        } else {
            &tree.nodes[v].children
        }
    };
    // Bottom-up: relative offsets of children and subtree contours.
    let mut relative = vec![0.0f64; n];
    let mut contours: Vec<Option<Contour>> = (0..n).map(|_| None).collect();
    for &v in order.iter().rev() {
        let children = visible_children(v);
        let mut acc: Option<Contour> = None;
        let mut offsets = Vec::with_capacity(children.len());
        for &c in children {
            let child = contours[c].take().unwrap_or(Contour {
                left: vec![-width[c] / 2.0],
                right: vec![width[c] / 2.0],
            });
            match acc.as_mut() {
                None => {
                    offsets.push(0.0);
                    acc = Some(child);
                }
                Some(acc) => {
                    let common = acc.right.len().min(child.left.len());
                    let shift = (0..common)
                        .map(|d| acc.right[d] - child.left[d] + options.sibling_gap)
                        .fold(f64::NEG_INFINITY, f64::max);
                    offsets.push(shift);
                    for d in 0..child.left.len() {
                        if d < acc.right.len() {
                            acc.right[d] = child.right[d] + shift;
                        } else {
                            acc.left.push(child.left[d] + shift);
                            acc.right.push(child.right[d] + shift);
                        }
                    }
                }
            }
        }
        let anchor = anchor_of(tree, children, &offsets, options);
        for (&c, &off) in children.iter().zip(&offsets) {
            relative[c] = off - anchor;
        }
        let mut contour = Contour {
            left: vec![-width[v] / 2.0],
            right: vec![width[v] / 2.0],
        };
        if let Some(acc) = acc {
            contour.left.extend(acc.left.iter().map(|l| l - anchor));
            contour.right.extend(acc.right.iter().map(|r| r - anchor));
        }
        contours[v] = Some(contour);
    }
    // Top-down: absolute positions.
    let mut x = vec![0.0f64; n];
    let mut y = vec![0.0f64; n];
    for &v in &order {
        for &c in visible_children(v) {
            x[c] = x[v] + relative[c];
        }
    }
    let (mut min_x, mut max_x, mut max_depth) = (f64::INFINITY, f64::NEG_INFINITY, 0usize);
    for &v in &order {
        min_x = min_x.min(x[v] - width[v] / 2.0);
        max_x = max_x.max(x[v] + width[v] / 2.0);
        max_depth = max_depth.max(depth[v]);
    }
    let shift = options.margin - min_x;
    for &v in &order {
        x[v] += shift;
        y[v] = options.margin + options.node_height / 2.0 + depth[v] as f64 * options.level_gap;
    }
    Layout {
        x,
        y,
        width,
        depth,
        visible,
        folded,
        total_width: max_x - min_x + 2.0 * options.margin,
        total_height: max_depth as f64 * options.level_gap
            + options.node_height
            + 2.0 * options.margin,
        node_height: options.node_height,
    }
}

/// Where a parent sits relative to its children's offsets: centred over straight children;
/// between Left's last and Right's first option; beside one-sided option lists, so that
/// Left's options slant to the lower left and Right's to the lower right.
fn anchor_of(tree: &Tree, children: &[usize], offsets: &[f64], options: &LayoutOptions) -> f64 {
    let (Some(&first), Some(&last)) = (offsets.first(), offsets.last()) else {
        return 0.0;
    };
    let slant = |i: usize| tree.nodes[children[i]].edge.slant;
    let last_left = (0..children.len()).rev().find(|&i| slant(i) == Slant::Left);
    let first_right = (0..children.len()).find(|&i| slant(i) == Slant::Right);
    let step = options.level_gap * 0.5;
    match (last_left, first_right) {
        (Some(l), Some(r)) => (offsets[l] + offsets[r]) / 2.0,
        (Some(l), None) => offsets[l] + step,
        (None, Some(r)) => offsets[r] - step,
        (None, None) => (first + last) / 2.0,
    }
}

/// A node as drawn.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SceneNode {
    /// Index in the tree.
    pub id: usize,
    /// Centre.
    pub x: f64,
    /// Centre.
    pub y: f64,
    /// Box width.
    pub w: f64,
    /// Box height.
    pub h: f64,
    /// The text in the box (label, plus `[+k]` when folded).
    pub text: String,
    /// Hover text.
    pub detail: String,
    /// Colour class.
    pub class: u8,
    /// Drawn collapsed (has hidden descendants).
    pub folded: bool,
    /// Has children in the tree (so a click can fold or unfold it).
    pub expandable: bool,
}

/// An edge as drawn, from the bottom of the parent's box to the top of the child's.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SceneEdge {
    /// Parent index.
    pub from: usize,
    /// Child index.
    pub to: usize,
    /// Start point.
    pub x1: f64,
    /// Start point.
    pub y1: f64,
    /// End point.
    pub x2: f64,
    /// End point.
    pub y2: f64,
    /// The edge's style and label.
    pub edge: Edge,
}

/// Drawing primitives of a laid-out tree.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Scene {
    /// Width of the drawing.
    pub width: f64,
    /// Height of the drawing.
    pub height: f64,
    /// Visible nodes, in preorder.
    pub nodes: Vec<SceneNode>,
    /// Edges between visible nodes.
    pub edges: Vec<SceneEdge>,
}

/// Turns a layout of `tree` into nodes and edges to draw.
pub fn scene(tree: &Tree, layout: &Layout) -> Scene {
    let counts = tree.descendant_counts();
    let h = layout.node_height;
    let mut nodes = Vec::new();
    let mut edges = Vec::new();
    for (v, node) in tree.nodes.iter().enumerate() {
        if !layout.visible[v] {
            continue;
        }
        let folded = layout.folded[v];
        nodes.push(SceneNode {
            id: v,
            x: layout.x[v],
            y: layout.y[v],
            w: layout.width[v],
            h,
            text: node_text(&node.label, folded.then_some(counts[v])),
            detail: node.detail.clone(),
            class: node.class,
            folded,
            expandable: !node.children.is_empty(),
        });
        for &c in &node.children {
            if layout.visible[c] {
                edges.push(SceneEdge {
                    from: v,
                    to: c,
                    x1: layout.x[v],
                    y1: layout.y[v] + h / 2.0,
                    x2: layout.x[c],
                    y2: layout.y[c] - h / 2.0,
                    edge: tree.nodes[c].edge.clone(),
                });
            }
        }
    }
    Scene {
        width: layout.total_width,
        height: layout.total_height,
        nodes,
        edges,
    }
}

/// Fill colour of a node of colour class `class` (0 neutral, 1 Alice, 2 Bob, …).
pub fn class_fill(class: u8) -> &'static str {
    const FILLS: [&str; 6] = [
        "#eeeeee", "#cfe2ff", "#ffd9b3", "#d3f2d3", "#ead1f5", "#fff2b3",
    ];
    FILLS[usize::from(class) % FILLS.len()]
}

/// Stroke colour and dash pattern of an edge.
pub fn edge_stroke(edge: &Edge) -> (&'static str, Option<&'static str>) {
    match edge.slant {
        Slant::Straight => ("#333333", None),
        Slant::Left => ("#1f5fbf", None),
        Slant::Right => ("#c0392b", Some("6 3")),
    }
}

/// Stroke width of an edge: thick when marked.
pub fn edge_width(edge: &Edge) -> f64 {
    if edge.marked {
        4.5
    } else {
        1.5
    }
}

/// The two line segments of a double edge (offset 2.5 px either side), or the single segment.
pub fn edge_lines(e: &SceneEdge) -> Vec<(f64, f64, f64, f64)> {
    if !e.edge.double {
        return vec![(e.x1, e.y1, e.x2, e.y2)];
    }
    let (dx, dy) = (e.x2 - e.x1, e.y2 - e.y1);
    let len = (dx * dx + dy * dy).sqrt().max(1e-9);
    let (ox, oy) = (-dy / len * 2.5, dx / len * 2.5);
    vec![
        (e.x1 + ox, e.y1 + oy, e.x2 + ox, e.y2 + oy),
        (e.x1 - ox, e.y1 - oy, e.x2 - ox, e.y2 - oy),
    ]
}

/// Escapes text for XML.
pub fn xml_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

/// A game tree, fully expanded, as TikZ (`tikz`) or as SVG with `legend` under it: the figure
/// the CLI writes and the Python package shows.
pub fn figure(tree: &Tree, tikz: bool, legend: &str) -> String {
    let scene = scene(tree, &layout(tree, &[], &LayoutOptions::default()));
    if tikz {
        to_tikz(&scene)
    } else {
        to_svg(&scene, legend)
    }
}

/// A standalone SVG document of `scene`, with a legend line `legend` at the bottom (may be
/// empty).
pub fn to_svg(scene: &Scene, legend: &str) -> String {
    use std::fmt::Write;
    let legend_h = if legend.is_empty() { 0.0 } else { 24.0 };
    let (w, h) = (scene.width.max(60.0), scene.height + legend_h);
    let mut s = String::new();
    let _ = write!(
        s,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{w:.0}" height="{h:.0}" viewBox="0 0 {w:.1} {h:.1}" font-family="sans-serif" font-size="12"><rect width="100%" height="100%" fill="#ffffff"/>"##
    );
    for e in &scene.edges {
        let (stroke, dash) = edge_stroke(&e.edge);
        let dash = dash
            .map(|d| format!(r#" stroke-dasharray="{d}""#))
            .unwrap_or_default();
        for (x1, y1, x2, y2) in edge_lines(e) {
            let _ = write!(
                s,
                r#"<line x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" stroke="{stroke}" stroke-width="{}"{dash}/>"#,
                edge_width(&e.edge)
            );
        }
        if !e.edge.label.is_empty() {
            let (lx, ly) = ((e.x1 + e.x2) / 2.0 + 5.0, (e.y1 + e.y2) / 2.0);
            let _ = write!(
                s,
                r##"<text x="{lx:.1}" y="{ly:.1}" font-size="11" fill="#555555">{}</text>"##,
                xml_escape(&e.edge.label)
            );
        }
    }
    for n in &scene.nodes {
        let _ = write!(
            s,
            r##"<g><title>{}</title><rect x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" rx="5" fill="{}" stroke="#444444" stroke-width="{}"/><text x="{:.1}" y="{:.1}" text-anchor="middle" dominant-baseline="central">{}</text></g>"##,
            xml_escape(&n.detail),
            n.x - n.w / 2.0,
            n.y - n.h / 2.0,
            n.w,
            n.h,
            class_fill(n.class),
            if n.folded { 2 } else { 1 },
            n.x,
            n.y,
            xml_escape(&n.text)
        );
    }
    if !legend.is_empty() {
        let _ = write!(
            s,
            r##"<text x="8" y="{:.1}" font-size="11" fill="#333333">{}</text>"##,
            h - 8.0,
            xml_escape(legend)
        );
    }
    s.push_str("</svg>");
    s
}

/// Escapes text for LaTeX (outside math mode).
pub fn latex_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '\\' => out.push_str("\\textbackslash{}"),
            '{' | '}' | '$' | '&' | '#' | '_' | '%' => {
                out.push('\\');
                out.push(ch);
            }
            '^' => out.push_str("\\^{}"),
            '~' => out.push_str("\\~{}"),
            '→' => out.push_str("$\\to$"),
            '−' => out.push('-'),
            c if c.is_ascii() => out.push(c),
            _ => out.push('?'),
        }
    }
    out
}

/// A complete LaTeX document (package `tikz` only) drawing `scene` at the same coordinates as
/// the SVG (1 px = 0.02 cm). Paste the `tikzpicture` into a paper. The class is `standalone`
/// where it is installed and plain `article` otherwise, so the file compiles with any LaTeX
/// that has TikZ (a bare TeX Live has no `standalone`).
pub fn to_tikz(scene: &Scene) -> String {
    use std::fmt::Write;
    let mut s = String::from(
        "% HeapLab game tree. Compile with pdflatex; needs only the tikz package.\n\
         \\IfFileExists{standalone.cls}{\\documentclass[border=4pt]{standalone}}\
         {\\documentclass{article}\\pagestyle{empty}}\n\
         \\usepackage{tikz}\n\\begin{document}\n\
         \\begin{tikzpicture}[x=0.02cm,y=-0.02cm,every node/.style={font=\\scriptsize}]\n",
    );
    for e in &scene.edges {
        let colour = match e.edge.slant {
            Slant::Straight => "black",
            Slant::Left => "blue",
            Slant::Right => "red",
        };
        let dash = if e.edge.slant == Slant::Right {
            ",dashed"
        } else {
            ""
        };
        let width = if e.edge.marked { "2.4pt" } else { "0.6pt" };
        let double = if e.edge.double { ",double" } else { "" };
        let label = if e.edge.label.is_empty() {
            String::new()
        } else {
            format!(
                " node[midway,right,text=gray] {{{}}}",
                latex_escape(&e.edge.label)
            )
        };
        let _ = writeln!(
            s,
            "  \\draw[{colour},line width={width}{dash}{double}] ({:.1},{:.1}) -- ({:.1},{:.1}){label};",
            e.x1, e.y1, e.x2, e.y2
        );
    }
    for n in &scene.nodes {
        let fill = match n.class {
            0 => "gray!15",
            1 => "blue!15",
            2 => "orange!25",
            3 => "green!15",
            4 => "violet!15",
            _ => "yellow!20",
        };
        let line = if n.folded { "1.2pt" } else { "0.4pt" };
        let _ = writeln!(
            s,
            "  \\node[draw,rounded corners=2pt,fill={fill},line width={line},inner sep=2pt] at ({:.1},{:.1}) {{{}}};",
            n.x,
            n.y,
            latex_escape(&n.text)
        );
    }
    s.push_str("\\end{tikzpicture}\n\\end{document}\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A complete tree with `branching` children per node, `levels` deep.
    fn full_tree(branching: usize, levels: usize) -> Tree {
        let mut tree = Tree::new(TreeNode::new("r", "root", 0));
        let mut frontier = vec![0];
        for level in 1..=levels {
            let mut next = Vec::new();
            for &p in &frontier {
                for k in 0..branching {
                    next.push(tree.add_child(p, TreeNode::new(format!("{level}.{k}"), "", 1)));
                }
            }
            frontier = next;
        }
        tree
    }

    #[test]
    fn marked_only_keeps_the_marked_lines_and_counts_the_rest() {
        let mut tree = full_tree(3, 2);
        // Mark the root's second child and its first child.
        let second = tree.nodes[0].children[1];
        let grandchild = tree.nodes[second].children[0];
        for v in [second, grandchild] {
            tree.nodes[v].edge.marked = true;
        }
        let pruned = tree.marked_only();
        assert_eq!(pruned.len(), 3);
        assert_eq!(pruned.nodes[1].label, tree.nodes[second].label);
        assert_eq!(pruned.nodes[2].label, tree.nodes[grandchild].label);
        // Every node of the full tree is still counted below the root.
        assert_eq!(pruned.descendant_counts()[0], tree.descendant_counts()[0]);
    }

    /// Pseudo-random trees from a seed (a plain LCG, so the test is deterministic).
    fn random_tree(seed: u64, size: usize) -> Tree {
        let mut state = seed;
        let mut next = || {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) as usize
        };
        let mut tree = Tree::new(TreeNode::new("root", "", 0));
        for i in 1..size {
            let parent = next() % i;
            let label = "x".repeat(1 + next() % 9);
            let slant = match next() % 3 {
                0 => Slant::Straight,
                1 => Slant::Left,
                _ => Slant::Right,
            };
            let node = TreeNode::new(label, "", 1).with_edge(Edge {
                slant,
                ..Edge::default()
            });
            tree.add_child(parent, node);
        }
        tree
    }

    fn assert_no_overlaps(tree: &Tree, layout: &Layout, gap: f64) {
        let mut by_depth: Vec<Vec<usize>> = Vec::new();
        for v in 0..tree.len() {
            if layout.visible[v] {
                let d = layout.depth[v];
                if by_depth.len() <= d {
                    by_depth.resize(d + 1, Vec::new());
                }
                by_depth[d].push(v);
            }
        }
        for row in &mut by_depth {
            row.sort_by(|&a, &b| layout.x[a].total_cmp(&layout.x[b]));
            for pair in row.windows(2) {
                let (a, b) = (pair[0], pair[1]);
                let right_a = layout.x[a] + layout.width[a] / 2.0;
                let left_b = layout.x[b] - layout.width[b] / 2.0;
                assert!(
                    left_b - right_a >= gap - 1e-6,
                    "nodes {a} and {b} overlap: {right_a} vs {left_b}"
                );
            }
        }
        for v in 0..tree.len() {
            if layout.visible[v] {
                assert!(layout.x[v] - layout.width[v] / 2.0 >= -1e-6);
                assert!(layout.x[v] + layout.width[v] / 2.0 <= layout.total_width + 1e-6);
            }
        }
    }

    #[test]
    fn no_overlaps_on_full_and_random_trees() {
        let options = LayoutOptions::default();
        for (b, l) in [(1, 5), (2, 6), (3, 4), (5, 2)] {
            let tree = full_tree(b, l);
            let lay = layout(&tree, &[], &options);
            assert_no_overlaps(&tree, &lay, options.sibling_gap);
        }
        for seed in 0..200 {
            let tree = random_tree(seed, 1 + (seed as usize * 7) % 120);
            let lay = layout(&tree, &[], &options);
            assert_no_overlaps(&tree, &lay, options.sibling_gap);
            // With some nodes collapsed too.
            let collapsed: Vec<bool> = (0..tree.len()).map(|v| v % 5 == 3).collect();
            let lay = layout(&tree, &collapsed, &options);
            assert_no_overlaps(&tree, &lay, options.sibling_gap);
        }
    }

    #[test]
    fn parents_are_centred_over_straight_children() {
        let options = LayoutOptions::default();
        for seed in 0..50 {
            let mut tree = random_tree(seed, 60);
            for node in &mut tree.nodes {
                node.edge.slant = Slant::Straight;
            }
            let lay = layout(&tree, &[], &options);
            for node in &tree.nodes {
                if let (Some(&f), Some(&l)) = (node.children.first(), node.children.last()) {
                    let parent = tree
                        .nodes
                        .iter()
                        .position(|n| std::ptr::eq(n, node))
                        .unwrap();
                    let mid = (lay.x[f] + lay.x[l]) / 2.0;
                    assert!((lay.x[parent] - mid).abs() < 1e-6);
                }
            }
        }
    }

    #[test]
    fn left_options_slant_left_and_right_options_right() {
        let mut tree = Tree::new(TreeNode::new("4", "", 0));
        let left = Edge {
            slant: Slant::Left,
            ..Edge::default()
        };
        let right = Edge {
            slant: Slant::Right,
            ..Edge::default()
        };
        let a = tree.add_child(0, TreeNode::new("2", "", 1).with_edge(left.clone()));
        let b = tree.add_child(0, TreeNode::new("1", "", 1).with_edge(left.clone()));
        let c = tree.add_child(0, TreeNode::new("2'", "", 2).with_edge(right.clone()));
        let only_left = tree.add_child(a, TreeNode::new("0", "", 0).with_edge(left));
        let only_right = tree.add_child(c, TreeNode::new("0'", "", 0).with_edge(right));
        let lay = layout(&tree, &[], &LayoutOptions::default());
        assert!(lay.x[a] < lay.x[0] && lay.x[b] < lay.x[0] && lay.x[c] > lay.x[0]);
        assert!(lay.x[only_left] < lay.x[a]);
        assert!(lay.x[only_right] > lay.x[c]);
    }

    #[test]
    fn layout_is_deterministic_and_collapse_hides_descendants() {
        let tree = random_tree(7, 90);
        let options = LayoutOptions::default();
        assert_eq!(layout(&tree, &[], &options), layout(&tree, &[], &options));
        let mut collapsed = vec![false; tree.len()];
        collapsed[0] = true;
        let lay = layout(&tree, &collapsed, &options);
        assert_eq!(lay.visible.iter().filter(|&&v| v).count(), 1);
        let s = scene(&tree, &lay);
        assert_eq!(s.nodes.len(), 1);
        assert_eq!(s.nodes[0].text, format!("root [+{}]", tree.len() - 1));
        assert!(s.edges.is_empty());
    }

    #[test]
    fn cap_opens_collapsed_with_at_most_cap_nodes() {
        let tree = full_tree(3, 7); // 3280 nodes
        for cap in [1, 2, 4, 13, 40, 100, 1000, 5000] {
            let collapsed = initial_collapsed(&tree, cap);
            let lay = layout(&tree, &collapsed, &LayoutOptions::default());
            let shown = lay.visible.iter().filter(|&&v| v).count();
            assert!(shown <= cap.max(1), "cap {cap}: {shown} shown");
            if cap >= tree.len() {
                assert_eq!(shown, tree.len());
            }
        }
        // Breadth-first: with cap 40 the first three levels (1 + 3 + 9 + 27 = 40) show.
        let lay = layout(
            &tree,
            &initial_collapsed(&tree, 40),
            &LayoutOptions::default(),
        );
        assert_eq!(lay.visible.iter().filter(|&&v| v).count(), 40);
    }

    #[test]
    fn depths_follow_the_parents() {
        for seed in 0..20 {
            let tree = random_tree(seed, 60);
            let depths = tree.depths();
            let parents = tree.parents();
            assert_eq!(depths[0], 0);
            for v in 1..tree.len() {
                assert_eq!(depths[v], depths[parents[v].unwrap()] + 1);
            }
        }
    }

    /// The largest drawing scale at which `collapsed` fits `box_`, for the reference below.
    fn scale(tree: &Tree, collapsed: &[bool], (w, h): (f64, f64)) -> f64 {
        let lay = layout(tree, collapsed, &LayoutOptions::default());
        (w / lay.total_width).min(h / lay.total_height)
    }

    #[test]
    fn readable_folds_are_the_deepest_level_that_fits() {
        let options = LayoutOptions::default();
        let trees = [full_tree(3, 7), full_tree(2, 5), random_tree(3, 200)];
        for tree in &trees {
            let held = tree.depths().into_iter().max().unwrap();
            for box_ in [
                (350.0, 560.0),
                (800.0, 560.0),
                (1200.0, 900.0),
                (40.0, 40.0),
            ] {
                let (collapsed, level) = readable_collapsed(tree, 300, &options, box_, 11.0 / 12.0);
                let capped = initial_collapsed(tree, 300);
                match level {
                    None => {
                        assert_eq!(collapsed, capped);
                        assert!(scale(tree, &capped, box_) >= 11.0 / 12.0);
                    }
                    Some(level) => {
                        // Reference: try every level and keep the deepest that fits.
                        let deepest = (0..=held)
                            .filter(|&d| {
                                let c = collapsed_to_level(tree, 300, d);
                                scale(tree, &c, box_) >= 11.0 / 12.0
                            })
                            .max()
                            .unwrap_or(0);
                        assert_eq!(level, deepest, "box {box_:?}");
                        assert_eq!(collapsed, collapsed_to_level(tree, 300, level));
                        let lay = layout(tree, &collapsed, &options);
                        let shown = (0..tree.len()).filter(|&v| lay.visible[v]);
                        assert!(shown.clone().all(|v| lay.depth[v] <= level));
                        let deepest = shown.clone().map(|v| lay.depth[v]).max().unwrap();
                        assert_eq!(visible_depth(tree, &collapsed), deepest);
                        assert!(shown.count() <= 300);
                    }
                }
            }
        }
        // A deep chain (the squirrel game's preorder tree) on a phone: a few levels, not all.
        let mut chain = Tree::new(TreeNode::new("2000; (0,0)", "", 1));
        let mut last = 0;
        for k in 1..150 {
            chain.add_child(last, TreeNode::new(format!("{}; (1,0)", 2000 - k), "", 2));
            last = chain.add_child(last, TreeNode::new(format!("{}; (0,1)", 2000 - k), "", 2));
        }
        let (_, level) = readable_collapsed(&chain, 300, &options, (350.0, 560.0), 11.0 / 12.0);
        assert!(matches!(level, Some(1..=9)), "{level:?}");
    }

    #[test]
    fn hidden_descendants_are_counted() {
        let mut tree = Tree::new(TreeNode::new("r", "", 0));
        let c = tree.add_child(0, TreeNode::new("c", "", 1));
        tree.nodes[c].hidden = 1000;
        assert_eq!(tree.descendant_counts(), vec![1001, 1000]);
        let s = scene(&tree, &layout(&tree, &[], &LayoutOptions::default()));
        assert_eq!(s.nodes[1].text, "c [+1000]");
        assert!(s.nodes[1].folded && !s.nodes[1].expandable);
    }

    #[test]
    fn svg_and_tikz_draw_every_node_and_marked_edges_thick() {
        let mut tree = Tree::new(TreeNode::new("7; (0,0)", "heap 7 & <x>", 1));
        let marked = Edge {
            label: "2".into(),
            marked: true,
            ..Edge::default()
        };
        tree.add_child(0, TreeNode::new("5; (2,0)", "", 2).with_edge(marked));
        tree.add_child(0, TreeNode::new("4; (3,0)", "", 2));
        let s = scene(&tree, &layout(&tree, &[], &LayoutOptions::default()));
        let svg = to_svg(&s, "legend_x");
        assert_eq!(svg.matches("<rect x=").count(), 3);
        assert_eq!(svg.matches("stroke-width=\"4.5\"").count(), 1);
        assert!(svg.contains("heap 7 &amp; &lt;x&gt;"));
        let tex = to_tikz(&s);
        assert_eq!(tex.matches("\\node[").count(), 3);
        assert_eq!(tex.matches("line width=2.4pt").count(), 1);
        assert!(tex.contains("\\begin{tikzpicture}") && tex.ends_with("\\end{document}\n"));
        assert_eq!(latex_escape("a_b {c} 50% $"), "a\\_b \\{c\\} 50\\% \\$");
    }
}
