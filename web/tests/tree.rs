//! Browser tests of the tree component (`components/tree.rs`): real clicks on real SVG.

use std::rc::Rc;
use std::time::Duration;

use heaplab_engine::tree_layout::{Edge, Tree, TreeNode};
use heaplab_web::components::tree::{node_count_text, TreeView, TreeViewProps};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::Element;

wasm_bindgen_test_configure!(run_in_browser);

fn document() -> web_sys::Document {
    web_sys::window().unwrap().document().unwrap()
}

async fn sleep(ms: u64) {
    yew::platform::time::sleep(Duration::from_millis(ms)).await;
}

/// A complete tree: `branching` children per node, `levels` deep; the first child edge of
/// every node is marked.
fn full_tree(branching: usize, levels: usize) -> Tree {
    let mut tree = Tree::new(TreeNode::new("root", "the root", 0));
    let mut frontier = vec![0];
    for level in 1..=levels {
        let mut next = Vec::new();
        for &p in &frontier {
            for k in 0..branching {
                let edge = Edge {
                    label: k.to_string(),
                    marked: k == 0,
                    ..Edge::default()
                };
                let node = TreeNode::new(format!("{level}.{k}"), format!("depth {level}"), 1);
                next.push(tree.add_child(p, node.with_edge(edge)));
            }
        }
        frontier = next;
    }
    tree
}

async fn mount(tree: Tree, cap: usize) -> (Element, yew::AppHandle<TreeView>) {
    let root = document().create_element("div").unwrap();
    document().body().unwrap().append_child(&root).unwrap();
    let props = TreeViewProps {
        id: "t".into(),
        tree: Rc::new(tree),
        cap,
        legend: "legend".into(),
        filename: "tree".into(),
    };
    let handle = yew::Renderer::<TreeView>::with_root_and_props(root.clone(), props).render();
    sleep(100).await;
    (root, handle)
}

fn count(root: &Element, selector: &str) -> u32 {
    root.query_selector_all(selector).unwrap().length()
}

fn click(root: &Element, selector: &str) {
    let el: web_sys::HtmlElement = root
        .query_selector(selector)
        .unwrap()
        .expect(selector)
        .dyn_into()
        .ok()
        .unwrap_or_else(|| panic!("{selector} is not clickable"));
    el.click();
}

/// SVG `<g>` elements are not `HtmlElement`s: dispatch a real click event instead.
fn click_svg(root: &Element, selector: &str) {
    let el = root.query_selector(selector).unwrap().expect(selector);
    let init = web_sys::MouseEventInit::new();
    init.set_bubbles(true);
    let event = web_sys::MouseEvent::new_with_mouse_event_init_dict("click", &init).unwrap();
    el.dispatch_event(&event).unwrap();
}

#[wasm_bindgen_test]
async fn clicking_a_node_collapses_and_expands_it() {
    let (root, handle) = mount(full_tree(2, 3), 100).await;
    assert_eq!(count(&root, "g.tree-node"), 15);
    assert_eq!(count(&root, "line.tree-edge"), 14);
    // One marked (thick) edge per internal node.
    assert_eq!(count(&root, "line.tree-edge.marked"), 7);
    let thick = root
        .query_selector("line.tree-edge.marked")
        .unwrap()
        .unwrap();
    assert_eq!(thick.get_attribute("stroke-width").as_deref(), Some("4.5"));
    click_svg(&root, "#t-node-1");
    sleep(50).await;
    assert_eq!(count(&root, "g.tree-node"), 9);
    let folded = root.query_selector("#t-node-1").unwrap().unwrap();
    assert_eq!(folded.get_attribute("data-folded").as_deref(), Some("true"));
    assert_eq!(
        folded.get_attribute("data-label").as_deref(),
        Some("1.0 [+6]")
    );
    click_svg(&root, "#t-node-1");
    sleep(50).await;
    assert_eq!(count(&root, "g.tree-node"), 15);
    handle.destroy();
    root.remove();
}

#[wasm_bindgen_test]
async fn a_huge_tree_opens_collapsed_within_the_cap() {
    // 3^9 leaves, 29524 nodes: opens with at most 40 visible.
    let (root, handle) = mount(full_tree(3, 9), 40).await;
    assert_eq!(count(&root, "g.tree-node"), 40);
    assert_eq!(
        root.query_selector("#t-count")
            .unwrap()
            .unwrap()
            .text_content()
            .as_deref(),
        Some("40 of 29524 nodes shown")
    );
    // "Expand all" is not offered for a tree this large.
    assert_eq!(count(&root, "#t-expand-all"), 0);
    handle.destroy();
    root.remove();
}

#[wasm_bindgen_test]
async fn hover_shows_the_full_state_and_zoom_changes_the_view() {
    let (root, handle) = mount(full_tree(2, 2), 100).await;
    let node = root.query_selector("#t-node-3").unwrap().unwrap();
    let init = web_sys::MouseEventInit::new();
    let event = web_sys::MouseEvent::new_with_mouse_event_init_dict("mouseenter", &init).unwrap();
    node.dispatch_event(&event).unwrap();
    sleep(50).await;
    let status = root.query_selector("#t-status").unwrap().unwrap();
    assert_eq!(status.text_content().as_deref(), Some("depth 2"));
    let g = root.query_selector("#t-svg > g").unwrap().unwrap();
    let before = g.get_attribute("transform");
    click(&root, "#t-zoom-in");
    sleep(50).await;
    assert_ne!(g.get_attribute("transform"), before);
    click(&root, "#t-fit");
    sleep(50).await;
    assert_eq!(g.get_attribute("transform"), before);
    handle.destroy();
    root.remove();
}

#[wasm_bindgen_test]
fn a_saturated_node_count_is_never_wrapped_to_zero() {
    assert_eq!(node_count_text(3, 2), "3 of 3 nodes shown");
    // A root whose hidden count saturated (squirrel from 2000 has more positions than u64
    // holds): the page once said "299 of 0 nodes shown".
    let mut tree = Tree::new(TreeNode::new("2000", "", 0));
    tree.nodes[0].hidden = u64::MAX;
    let text = node_count_text(299, tree.descendant_counts()[0]);
    assert!(
        text.starts_with("299 of more than 1844674407370955161"),
        "{text}"
    );
}
