//! The interactive game tree: a [`heaplab_engine::tree_layout::Tree`] drawn as live SVG.
//!
//! * Layout, drawing primitives and the SVG/TikZ exports all come from the engine's
//!   `tree_layout` module, so the picture on screen and the exported files agree.
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
//! * Exports: SVG, PNG (the SVG rendered to a canvas at a chosen scale) and TikZ (`.tex`).
//!
//! DOM contract (tests rely on it): the `<svg>` has id `{id}-svg`; node groups are
//! `g.tree-node` with id `{id}-node-{index}`, `data-node`, `data-label` and `data-folded`;
//! edges are `line.tree-edge` (plus `.marked` when thick) with `data-from`/`data-to` node
//! indices and a `stroke-width` attribute; the export buttons are `{id}-svg-export`,
//! `{id}-png` and `{id}-tikz`.

use std::rc::Rc;

use heaplab_engine::tree_layout::{
    self, class_fill, collapsed_to_level, edge_lines, edge_stroke, edge_width, initial_collapsed,
    readable_collapsed, visible_depth, LayoutOptions, Tree,
};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlImageElement};
use yew::prelude::*;

use super::export::{download_canvas, download_text, new_canvas, ScaledPng};

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
    /// The levels to open at (a page's URL state), instead of the levels readable in the box.
    #[prop_or_default]
    pub level: Option<usize>,
    /// Told the levels the visitor picks with Deeper / Fewer levels (`None`: back to the
    /// readable opening), so a page can keep them in its URL.
    #[prop_or_default]
    pub on_level: Callback<Option<usize>>,
}

/// Pan and zoom, in the drawing's own units.
#[derive(Clone, Copy, PartialEq)]
struct View {
    tx: f64,
    ty: f64,
    k: f64,
}

const HOME: View = View {
    tx: 0.0,
    ty: 0.0,
    k: 1.0,
};

/// A drag in progress: where it started, in client pixels, and the view then.
struct Drag {
    x: f64,
    y: f64,
    start: View,
    moved: bool,
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
    // The collapsed set belongs to one tree; a new tree starts from its own initial set.
    let state = {
        let tree = props.tree.clone();
        let cap = props.cap;
        use_state(move || (tree.clone(), initial_collapsed(&tree, cap)))
    };
    let collapsed = if Rc::ptr_eq(&state.0, &props.tree) {
        state.1.clone()
    } else {
        initial_collapsed(&props.tree, props.cap)
    };
    let view = use_state(|| HOME);
    let hovered = use_state(|| None::<usize>);
    let drag = use_mut_ref(|| None::<Drag>);
    let svg_ref = use_node_ref();
    let view_ref = use_node_ref();
    {
        // A new tree resets the view and opens at the levels asked for, or readable in the box.
        let view = view.clone();
        let state = state.clone();
        let view_ref = view_ref.clone();
        let cap = props.cap;
        use_effect_with((props.tree.clone(), props.level), move |(tree, level)| {
            view.set(HOME);
            state.set((tree.clone(), opening_folds(&view_ref, tree, cap, *level)));
        });
    }

    let options = LayoutOptions::default();
    let scene = tree_layout::scene(
        &props.tree,
        &tree_layout::layout(&props.tree, &collapsed, &options),
    );
    let scene = Rc::new(scene);
    let shown_depth = visible_depth(&props.tree, &collapsed);
    let held_depth = props.tree.depths().into_iter().max().unwrap_or(0);
    let (w, h) = (scene.width.max(60.0), scene.height.max(40.0));
    // Drawing units per client pixel (the viewBox is fitted with "meet").
    let units_per_px = {
        let svg_ref = svg_ref.clone();
        move || -> f64 {
            svg_ref
                .cast::<Element>()
                .map(|e| {
                    let r = e.get_bounding_client_rect();
                    (w / r.width().max(1.0)).max(h / r.height().max(1.0))
                })
                .unwrap_or(1.0)
        }
    };

    let toggle_node = {
        let state = state.clone();
        let tree = props.tree.clone();
        let collapsed = collapsed.clone();
        let drag = drag.clone();
        Rc::new(move |v: usize| {
            if drag.borrow().as_ref().is_some_and(|d| d.moved) {
                return;
            }
            if tree.nodes.get(v).is_some_and(|n| !n.children.is_empty()) {
                state.set((tree.clone(), toggle(&collapsed, v)));
            }
        })
    };

    let onpointerdown = {
        let drag = drag.clone();
        let view = view.clone();
        Callback::from(move |e: PointerEvent| {
            *drag.borrow_mut() = Some(Drag {
                x: f64::from(e.client_x()),
                y: f64::from(e.client_y()),
                start: *view,
                moved: false,
            });
        })
    };
    let onpointermove = {
        let drag = drag.clone();
        let view = view.clone();
        let units_per_px = units_per_px.clone();
        Callback::from(move |e: PointerEvent| {
            let mut guard = drag.borrow_mut();
            let Some(d) = guard.as_mut() else { return };
            if e.buttons() == 0 {
                *guard = None;
                return;
            }
            let (dx, dy) = (f64::from(e.client_x()) - d.x, f64::from(e.client_y()) - d.y);
            if dx.abs() + dy.abs() > 4.0 {
                d.moved = true;
            }
            if d.moved {
                let u = units_per_px();
                view.set(View {
                    tx: d.start.tx + dx * u,
                    ty: d.start.ty + dy * u,
                    k: d.start.k,
                });
            }
        })
    };
    let end_drag = {
        let drag = drag.clone();
        Callback::from(move |_: PointerEvent| {
            // Cleared after the click that may follow, so a drag does not also toggle.
            let drag = drag.clone();
            gloo::timers::callback::Timeout::new(0, move || *drag.borrow_mut() = None).forget();
        })
    };
    let onwheel = {
        let view = view.clone();
        let svg_ref = svg_ref.clone();
        let units_per_px = units_per_px.clone();
        Callback::from(move |e: WheelEvent| {
            e.prevent_default();
            let factor = if e.delta_y() < 0.0 { 1.2 } else { 1.0 / 1.2 };
            let (mx, my) = svg_ref
                .cast::<Element>()
                .map(|el| {
                    let r = el.get_bounding_client_rect();
                    let u = units_per_px();
                    (
                        (f64::from(e.client_x()) - r.left()) * u,
                        (f64::from(e.client_y()) - r.top()) * u,
                    )
                })
                .unwrap_or((0.0, 0.0));
            view.set(zoom_at(*view, factor, mx, my));
        })
    };
    let zoom_button = |factor: f64| {
        let view = view.clone();
        Callback::from(move |_: MouseEvent| view.set(zoom_at(*view, factor, w / 2.0, h / 2.0)))
    };
    let fit = {
        let view = view.clone();
        Callback::from(move |_: MouseEvent| view.set(HOME))
    };
    let expand_all = {
        let state = state.clone();
        let tree = props.tree.clone();
        Callback::from(move |_: MouseEvent| state.set((tree.clone(), Vec::new())))
    };
    let collapse_to_cap = {
        let state = state.clone();
        let tree = props.tree.clone();
        let cap = props.cap;
        let view_ref = view_ref.clone();
        let on_level = props.on_level.clone();
        Callback::from(move |_: MouseEvent| {
            state.set((tree.clone(), readable_folds(&view_ref, &tree, cap)));
            on_level.emit(None);
        })
    };
    // One level more or fewer than shown now (within the node cap), when that changes the view.
    let to_level = |level: usize| {
        let folds = collapsed_to_level(&props.tree, props.cap, level);
        (visible_depth(&props.tree, &folds) != shown_depth).then(|| {
            let state = state.clone();
            let tree = props.tree.clone();
            let on_level = props.on_level.clone();
            Callback::from(move |_: MouseEvent| {
                state.set((tree.clone(), folds.clone()));
                on_level.emit(Some(level));
            })
        })
    };
    let deeper = (shown_depth < held_depth)
        .then(|| to_level(shown_depth + 1))
        .flatten();
    let fewer = (shown_depth > 0)
        .then(|| to_level(shown_depth - 1))
        .flatten();

    let export_svg = {
        let scene = scene.clone();
        let legend = props.legend.to_string();
        let name = format!("{}.svg", props.filename);
        Callback::from(move |_: MouseEvent| {
            let _ = download_text(
                &tree_layout::to_svg(&scene, &legend),
                &name,
                "image/svg+xml",
            );
        })
    };
    let export_tikz = {
        let scene = scene.clone();
        let name = format!("{}.tex", props.filename);
        Callback::from(move |_: MouseEvent| {
            let _ = download_text(&tree_layout::to_tikz(&scene), &name, "application/x-tex");
        })
    };
    let export_png = {
        let scene = scene.clone();
        let legend = props.legend.to_string();
        let name = format!("{}.png", props.filename);
        Callback::from(move |scale: u32| {
            svg_to_png(&tree_layout::to_svg(&scene, &legend), scale, &name)
        })
    };
    let expand_everything_is_safe = props.tree.len() <= 4 * props.cap.max(1);

    let id = props.id.clone();
    let v = *view;
    let status = match (*hovered).and_then(|i| props.tree.nodes.get(i)) {
        Some(node) if !node.detail.is_empty() => node.detail.clone(),
        Some(node) => node.label.clone(),
        None => "Hover a node for its full state; click it to collapse or expand; drag to pan, wheel to zoom.".to_string(),
    };
    let partial = props.tree.nodes.iter().any(|n| n.hidden > 0);
    let count = node_count_text(
        scene.nodes.len(),
        props.tree.descendant_counts()[0],
        (shown_depth, held_depth),
        partial,
    );

    html! {
        <div class="tree-view" id={id.clone()} ref={view_ref}>
            <div class="toolbar">
                <button type="button" id={format!("{id}-zoom-in")} onclick={zoom_button(1.25)} aria-label="Zoom in">{ "+" }</button>
                <button type="button" id={format!("{id}-zoom-out")} onclick={zoom_button(0.8)} aria-label="Zoom out">{ "−" }</button>
                <button type="button" id={format!("{id}-fit")} onclick={fit}>{ "Fit" }</button>
                if expand_everything_is_safe {
                    <button type="button" id={format!("{id}-expand-all")} onclick={expand_all}>{ "Expand all" }</button>
                }
                <button type="button" id={format!("{id}-collapse")} onclick={collapse_to_cap}>{ "Reset folds" }</button>
                <button type="button" id={format!("{id}-deeper")} disabled={deeper.is_none()} onclick={deeper}>{ "Deeper" }</button>
                <button type="button" id={format!("{id}-fewer")} disabled={fewer.is_none()} onclick={fewer}>{ "Fewer levels" }</button>
                <span class="toolbar-note" id={format!("{id}-count")}>
                    { count }
                </span>
            </div>
            <svg id={format!("{id}-svg")} class="tree-svg" ref={svg_ref}
                viewBox={format!("0 0 {w:.1} {h:.1}")} preserveAspectRatio="xMidYMin meet"
                role="img" aria-label="Game tree"
                {onpointerdown} {onpointermove} onpointerup={end_drag.clone()} onpointerleave={end_drag} {onwheel}>
                <g transform={format!("translate({:.2} {:.2}) scale({:.4})", v.tx, v.ty, v.k)}>
                    { for scene.edges.iter().map(|e| {
                        let (stroke, dash) = edge_stroke(&e.edge);
                        let class = if e.edge.marked { "tree-edge marked" } else { "tree-edge" };
                        let width = edge_width(&e.edge).to_string();
                        html! {
                            <g>
                                { for edge_lines(e).into_iter().map(|(x1, y1, x2, y2)| html! {
                                    <line class={class} data-from={e.from.to_string()} data-to={e.to.to_string()}
                                        x1={format!("{x1:.1}")} y1={format!("{y1:.1}")}
                                        x2={format!("{x2:.1}")} y2={format!("{y2:.1}")}
                                        stroke={stroke} stroke-width={width.clone()}
                                        stroke-dasharray={dash.unwrap_or("none")} />
                                }) }
                                if !e.edge.label.is_empty() {
                                    <text class="tree-edge-label" x={format!("{:.1}", (e.x1 + e.x2) / 2.0 + 5.0)}
                                        y={format!("{:.1}", (e.y1 + e.y2) / 2.0)}>{ e.edge.label.clone() }</text>
                                }
                            </g>
                        }
                    }) }
                    { for scene.nodes.iter().map(|n| {
                        let v = n.id;
                        let onclick = { let t = toggle_node.clone(); Callback::from(move |_: MouseEvent| t(v)) };
                        let onkeydown = {
                            let t = toggle_node.clone();
                            Callback::from(move |e: KeyboardEvent| {
                                if e.key() == "Enter" || e.key() == " " {
                                    e.prevent_default();
                                    t(v);
                                }
                            })
                        };
                        let enter = { let h = hovered.clone(); Callback::from(move |_: MouseEvent| h.set(Some(v))) };
                        let focus = { let h = hovered.clone(); Callback::from(move |_: FocusEvent| h.set(Some(v))) };
                        let class = classes!("tree-node", n.folded.then_some("folded"), n.expandable.then_some("expandable"));
                        html! {
                            <g class={class} id={format!("{id}-node-{v}")} data-node={v.to_string()}
                                data-label={n.text.clone()} data-folded={n.folded.to_string()}
                                tabindex="0" role="button" aria-label={format!("{}: {}", n.text, n.detail)}
                                {onclick} {onkeydown} onmouseenter={enter} onfocus={focus}>
                                <title>{ n.detail.clone() }</title>
                                <rect x={format!("{:.1}", n.x - n.w / 2.0)} y={format!("{:.1}", n.y - n.h / 2.0)}
                                    width={format!("{:.1}", n.w)} height={format!("{:.1}", n.h)} rx="5"
                                    fill={class_fill(n.class)} stroke="#444444"
                                    stroke-width={if n.folded { "2" } else { "1" }} />
                                <text x={format!("{:.1}", n.x)} y={format!("{:.1}", n.y)}
                                    text-anchor="middle" dominant-baseline="central">{ n.text.clone() }</text>
                            </g>
                        }
                    }) }
                </g>
            </svg>
            <p class="tree-status" id={format!("{id}-status")} role="status">{ status }</p>
            if !props.legend.is_empty() {
                <p class="legend tree-legend">{ props.legend.clone() }</p>
            }
            <div class="toolbar">
                <button type="button" id={format!("{id}-svg-export")} onclick={export_svg}>{ "Download SVG" }</button>
                <button type="button" id={format!("{id}-tikz")} onclick={export_tikz}>{ "Download TikZ" }</button>
            </div>
            <ScaledPng id={format!("{id}-png")} label="Download PNG"
                base={(w.ceil() as u64, h.ceil() as u64)} export={export_png} />
        </div>
    }
}

/// The view after zooming by `factor` around the drawing point `(mx, my)`.
fn zoom_at(v: View, factor: f64, mx: f64, my: f64) -> View {
    let k = (v.k * factor).clamp(0.05, 20.0);
    let f = k / v.k;
    View {
        tx: mx - (mx - v.tx) * f,
        ty: my - (my - v.ty) * f,
        k,
    }
}

/// Renders `svg` into a canvas at `scale` and downloads it as a PNG (asynchronously, once
/// the browser has decoded the image).
pub fn svg_to_png(svg: &str, scale: u32, filename: &str) -> Result<(), String> {
    let image = HtmlImageElement::new().map_err(|_| "could not create an image".to_string())?;
    let url = format!(
        "data:image/svg+xml;charset=utf-8,{}",
        js_sys::encode_uri_component(svg)
    );
    let filename = filename.to_string();
    let img = image.clone();
    let onload = Closure::<dyn FnMut()>::new(move || {
        let scale = f64::from(scale.max(1));
        if let Some(canvas) = new_canvas() {
            canvas.set_width((f64::from(img.natural_width()) * scale) as u32);
            canvas.set_height((f64::from(img.natural_height()) * scale) as u32);
            if let Some(ctx) = canvas
                .get_context("2d")
                .ok()
                .flatten()
                .and_then(|c| c.dyn_into::<web_sys::CanvasRenderingContext2d>().ok())
            {
                let _ = ctx.scale(scale, scale);
                let _ = ctx.draw_image_with_html_image_element(&img, 0.0, 0.0);
                if let Err(e) = download_canvas(&canvas, &filename) {
                    gloo::console::error!(e);
                }
            }
        }
    });
    image.set_onload(Some(onload.as_ref().unchecked_ref()));
    // One small closure per export; it must outlive this call until the image loads.
    onload.forget();
    image.set_src(&url);
    Ok(())
}
