//! The interactive game tree: a [`heaplab_engine::tree_layout::Tree`] drawn as live SVG.
//!
//! * Layout and drawing primitives come from the engine's `tree_layout` module; the exports
//!   are drawn by the figure layer from the same layout, so the picture on screen and the
//!   exported files agree.
//! * Click a node (or focus it and press Enter/Space) to collapse or expand it; a collapsed node
//!   shows `[+k]`, the number of descendants it hides.
//! * Hovering or focusing a node shows its full state (`detail`) in the status line and as the
//!   SVG tooltip.
//! * Drag to pan, wheel or the +/− buttons to zoom, "Fit" to reset.
//! * A tree larger than `cap` nodes opens collapsed (breadth-first up to `cap` visible nodes),
//!   so a huge tree never freezes the page; a tree too wide or deep to read in its box opens
//!   at the deepest level whose labels stay at least 11 CSS px (`readable_collapsed`), and
//!   "Deeper" / "Fewer levels" change the level. The count line says how many nodes and
//!   levels show of how many.
//! * Exports: the shared "Export figure…" dialog (SVG, PNG or TikZ of the tree as folded, at a
//!   journal width, with a legend, the page's legend line as caption and provenance; fold
//!   markers only when asked).
//!
//! DOM contract (tests rely on it): the `<svg>` has id `{id}-svg`; node groups are
//! `g.tree-node` with id `{id}-node-{index}`, `data-node`, `data-label` and `data-folded`;
//! edges are `line.tree-edge` (plus `.marked` when thick) with `data-from`/`data-to` node
//! indices and a `stroke-width` attribute; the export dialog opens with `{id}-export` (its parts
//! are `{id}-export-svg`, `{id}-export-tikz`, `{id}-export-download`, …).

use std::rc::Rc;

mod draw;
mod exports;
pub use exports::export_figure;
mod folds;
mod pan;

use heaplab_engine::tree_layout::{
    self, collapsed_to_level, initial_collapsed, readable_collapsed, visible_depth, LayoutOptions,
    Tree,
};
use heaplab_figures::views::tree::TreeKey;
use web_sys::Element;
use yew::prelude::*;

use folds::{use_folds, Folds};
use pan::{use_pan_zoom, PanZoom};

/// Properties of [`TreeView`].
#[derive(Properties, PartialEq)]
pub struct TreeViewProps {
    /// Prefix of every element id (one page may show several trees).
    pub id: AttrValue,
    /// The tree to draw. A new `Rc` resets the collapsed state and the view.
    pub tree: Rc<Tree>,
    /// At most this many nodes are shown when the tree first opens.
    #[prop_or(300)]
    pub cap: usize,
    /// A one-line legend drawn under the tree (and into exports).
    #[prop_or_default]
    pub legend: AttrValue,
    /// Base name of exported files (`{filename}.svg`, …).
    pub filename: AttrValue,
    /// The exported figure's title (empty: "Game tree").
    #[prop_or_default]
    pub title: AttrValue,
    /// What the exported figure's legend calls the node colours and edge kinds.
    #[prop_or_else(TreeKey::impartial)]
    pub classes: TreeKey,
    /// The CLI command that writes the same tree as a PDF (empty: none).
    #[prop_or_default]
    pub pdf_command: AttrValue,
    /// The levels to open at (a page's URL state), instead of the levels readable in the box.
    #[prop_or_default]
    pub level: Option<usize>,
    /// Told the levels the visitor picks with Deeper / Fewer levels (`None`: back to the
    /// readable opening), so a page can keep them in its URL.
    #[prop_or_default]
    pub on_level: Callback<Option<usize>>,
}

/// Toggles node `v` in a collapsed set (growing the set as needed).
pub fn toggle(collapsed: &[bool], v: usize) -> Vec<bool> {
    let mut next = collapsed.to_vec();
    if next.len() <= v {
        next.resize(v + 1, false);
    }
    next[v] = !next[v];
    next
}

/// "`shown` of N nodes shown (depth d of D)" for a tree whose root has `descendants`
/// descendants, drawn to depth `depth` of the `held` levels built. The count saturates (a capped
/// builder may stand for astronomically many positions); a saturated count is said as "more
/// than", never wrapped round to 0. A builder that left nodes out (`partial`) may hide deeper
/// levels, so the depth is then "at least" `held`.
pub fn node_count_text(
    shown: usize,
    descendants: u64,
    (depth, held): (usize, usize),
    partial: bool,
) -> String {
    let nodes = match descendants.checked_add(1) {
        Some(total) if descendants < u64::MAX - 1 => format!("{shown} of {total} nodes shown"),
        // Past u64 (about 1.8 × 10^19): a round bound reads better than twenty digits.
        _ => format!("{shown} of more than 10^19 nodes shown"),
    };
    let at_least = if partial { "at least " } else { "" };
    format!("{nodes} (depth {depth} of {at_least}{held})")
}

/// Labels are drawn at 12 drawing units; this scale keeps them at least 11 CSS px.
const MIN_SCALE: f64 = 11.0 / 12.0;

/// The folds a tree opens with: `level` levels when given, else [`readable_folds`].
fn opening_folds(view: &NodeRef, tree: &Tree, cap: usize, level: Option<usize>) -> Vec<bool> {
    match level {
        Some(level) => collapsed_to_level(tree, cap, level),
        None => readable_folds(view, tree, cap),
    }
}

/// The folds that keep `tree` readable in the view `view` (see `readable_collapsed`): its
/// box is the view's width and the `.tree-svg` height of the stylesheet, `min(70vh, 560px)`.
/// Without the view yet, the breadth-first folds of the cap.
fn readable_folds(view: &NodeRef, tree: &Tree, cap: usize) -> Vec<bool> {
    let Some(view) = view.cast::<Element>() else {
        return initial_collapsed(tree, cap);
    };
    let height = web_sys::window()
        .and_then(|w| w.inner_height().ok())
        .and_then(|h| h.as_f64())
        .map_or(560.0, |h| (0.7 * h).min(560.0));
    let box_ = (f64::from(view.client_width()), height);
    readable_collapsed(tree, cap, &LayoutOptions::default(), box_, MIN_SCALE).0
}

/// An interactive tree with collapse/expand, hover details, pan, zoom and exports.
#[function_component(TreeView)]
pub fn tree_view(props: &TreeViewProps) -> Html {
    let pan = use_pan_zoom();
    let hovered = use_state(|| None::<usize>);
    let svg_ref = use_node_ref();
    let view_ref = use_node_ref();
    let folds = use_folds(props, &view_ref, &pan);

    let scene = tree_layout::scene(
        &props.tree,
        &tree_layout::layout(&props.tree, &folds.collapsed, &LayoutOptions::default()),
    );
    let scene = Rc::new(scene);
    let depths = (
        visible_depth(&props.tree, &folds.collapsed),
        props.tree.depths().into_iter().max().unwrap_or(0),
    );
    let (w, h) = (scene.width.max(60.0), scene.height.max(40.0));
    let handlers = pan.handlers(&svg_ref, (w, h));
    let toggle_node = folds.toggler(&pan);

    let id = props.id.clone();
    let v = *pan.view;
    let status = match (*hovered).and_then(|i| props.tree.nodes.get(i)) {
        Some(node) if !node.detail.is_empty() => node.detail.clone(),
        Some(node) => node.label.clone(),
        None => "Hover a node for its full state; click it to collapse or expand; drag to pan, wheel to zoom.".to_string(),
    };

    html! {
        <div class="tree-view" id={id.clone()} ref={view_ref.clone()}>
            { toolbar(props, &folds, &pan, &view_ref, depths, scene.nodes.len(), (w, h)) }
            <svg id={format!("{id}-svg")} class="tree-svg" ref={svg_ref}
                viewBox={format!("0 0 {w:.1} {h:.1}")} preserveAspectRatio="xMidYMin meet"
                role="img" aria-label="Game tree"
                onpointerdown={handlers.down} onpointermove={handlers.moving}
                onpointerup={handlers.end.clone()} onpointerleave={handlers.end} onwheel={handlers.wheel}>
                <g transform={format!("translate({:.2} {:.2}) scale({:.4})", v.tx, v.ty, v.k)}>
                    { draw::edges(&scene) }
                    { draw::nodes(&scene, &id, &toggle_node, &hovered) }
                </g>
            </svg>
            <p class="tree-status" id={format!("{id}-status")} role="status">{ status }</p>
            if !props.legend.is_empty() {
                <p class="legend tree-legend">{ props.legend.clone() }</p>
            }
            { exports::export_dialog(props, &folds.collapsed) }
        </div>
    }
}

/// The toolbar over the tree: zoom, fit, expand and reset the folds, one level deeper or
/// fewer, and the count line (`shown` nodes; the depth shown of the depth held).
fn toolbar(
    props: &TreeViewProps,
    folds: &Folds,
    pan: &PanZoom,
    view_ref: &NodeRef,
    (shown_depth, held_depth): (usize, usize),
    shown: usize,
    (w, h): (f64, f64),
) -> Html {
    let id = &props.id;
    let deeper = (shown_depth < held_depth)
        .then(|| folds.to_level(shown_depth + 1, shown_depth, &props.on_level))
        .flatten();
    let fewer = (shown_depth > 0)
        .then(|| folds.to_level(shown_depth - 1, shown_depth, &props.on_level))
        .flatten();
    let expand_everything_is_safe = props.tree.len() <= 4 * props.cap.max(1);
    let partial = props.tree.nodes.iter().any(|n| n.hidden > 0);
    let count = node_count_text(
        shown,
        props.tree.descendant_counts()[0],
        (shown_depth, held_depth),
        partial,
    );
    let centre = (w / 2.0, h / 2.0);
    html! {
        <div class="toolbar">
            <button type="button" id={format!("{id}-zoom-in")} onclick={pan.zoom_button(1.25, centre)} aria-label="Zoom in">{ "+" }</button>
            <button type="button" id={format!("{id}-zoom-out")} onclick={pan.zoom_button(0.8, centre)} aria-label="Zoom out">{ "−" }</button>
            <button type="button" id={format!("{id}-fit")} onclick={pan.fit()}>{ "Fit" }</button>
            if expand_everything_is_safe {
                <button type="button" id={format!("{id}-expand-all")} onclick={folds.expand_all()}>{ "Expand all" }</button>
            }
            <button type="button" id={format!("{id}-collapse")} onclick={folds.reset(view_ref, &props.on_level)}>{ "Reset folds" }</button>
            <button type="button" id={format!("{id}-deeper")} disabled={deeper.is_none()} onclick={deeper}>{ "Deeper" }</button>
            <button type="button" id={format!("{id}-fewer")} disabled={fewer.is_none()} onclick={fewer}>{ "Fewer levels" }</button>
            <span class="toolbar-note" id={format!("{id}-count")}>
                { count }
            </span>
        </div>
    }
}
