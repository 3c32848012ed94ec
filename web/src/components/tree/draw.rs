//! The tree's SVG content: its edges and its nodes, from the engine's scene.

use std::rc::Rc;

use heaplab_engine::tree_layout::{class_fill, edge_lines, edge_stroke, edge_width, Scene};
use yew::prelude::*;

/// Every edge of `scene`: `line.tree-edge` pieces and the edge's label.
pub(super) fn edges(scene: &Scene) -> Html {
    html! {
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
    }
}

/// Every node of `scene` as a focusable `g.tree-node` with id `{id}-node-{index}`: a click,
/// Enter or Space calls `toggle`, hovering or focusing sets `hovered`.
pub(super) fn nodes(
    scene: &Scene,
    id: &str,
    toggle: &Rc<dyn Fn(usize)>,
    hovered: &UseStateHandle<Option<usize>>,
) -> Html {
    html! {
        { for scene.nodes.iter().map(|n| {
            let v = n.id;
            let onclick = { let t = toggle.clone(); Callback::from(move |_: MouseEvent| t(v)) };
            let onkeydown = {
                let t = toggle.clone();
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
    }
}
