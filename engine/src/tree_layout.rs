//! Game trees as pictures: a generic tree type, a tidy (Reingold–Tilford style) layout, and
//! the [`Scene`] the web tree component draws on screen. Exported figures (SVG, PNG, PDF,
//! TikZ) are drawn from the same layout by the figure layer (`heaplab-figures`).
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
//!   turns a layout into drawing primitives ([`Scene`]), which the web component draws as live
//!   SVG; the figure layer's `views::tree` draws exports from the same [`layout`].
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

/// XML escaping, re-exported here so that its path stays `tree_layout::xml_escape`.
mod export;
pub use export::xml_escape;

#[cfg(test)]
mod tests;
