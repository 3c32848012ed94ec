//! Browser tests of the tree component (`components/tree.rs`): real clicks on real SVG.

use std::rc::Rc;
use std::time::Duration;

use heaplab_engine::tree_layout::{Edge, Tree, TreeNode};
use heaplab_figures::views::tree::TreeKey;
use heaplab_web::components::tree::{export_figure, node_count_text, TreeView, TreeViewProps};
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
    mount_in(tree, cap, 1400).await
}

/// [`mount`] in a box `width` CSS px wide (the tree opens at the levels readable in it).
async fn mount_in(tree: Tree, cap: usize, width: u32) -> (Element, yew::AppHandle<TreeView>) {
    let root = document().create_element("div").unwrap();
    root.set_attribute("style", &format!("width: {width}px"))
        .unwrap();
    document().body().unwrap().append_child(&root).unwrap();
    let props = TreeViewProps {
        id: "t".into(),
        tree: Rc::new(tree),
        cap,
        legend: "legend".into(),
        filename: "tree".into(),
        title: "A test tree".into(),
        classes: TreeKey::impartial(),
        pdf_command: Default::default(),
        level: None,
        on_level: Default::default(),
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
    // 3^9 leaves, 29524 nodes: opens with at most 40 visible (in a box wide enough to read
    // all 27 folded nodes of depth 3).
    let (root, handle) = mount_in(full_tree(3, 9), 40, 3000).await;
    assert_eq!(count(&root, "g.tree-node"), 40);
    assert_eq!(
        root.query_selector("#t-count")
            .unwrap()
            .unwrap()
            .text_content()
            .as_deref(),
        Some("40 of 29524 nodes shown (depth 3 of 9)")
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

/// The CSS size of every drawn label of the tree `t`.
fn label_sizes(root: &Element) -> Vec<f64> {
    let texts = root.query_selector_all("g.tree-node text").unwrap();
    (0..texts.length())
        .map(|i| {
            let text: web_sys::SvgGraphicsElement = texts.item(i).unwrap().dyn_into().unwrap();
            let m = text.get_screen_ctm().unwrap();
            12.0 * f64::from(m.a()).hypot(f64::from(m.b()))
        })
        .collect()
}

fn count_text(root: &Element) -> String {
    let count = root.query_selector("#t-count").unwrap().unwrap();
    count.text_content().unwrap_or_default()
}

#[wasm_bindgen_test]
async fn a_wide_tree_opens_at_a_readable_level_on_a_phone() {
    // 3^9 leaves in a 390 px box: the first levels only, every label at least 11 CSS px.
    let (root, handle) = mount_in(full_tree(3, 9), 300, 390).await;
    let sizes = label_sizes(&root);
    assert!(sizes.len() < 40, "{} nodes drawn", sizes.len());
    assert!(sizes.iter().all(|&s| s >= 11.0), "label sizes {sizes:?}");
    let shown = count(&root, "g.tree-node");
    let text = count_text(&root);
    assert!(
        text.starts_with(&format!("{shown} of 29524 nodes shown (depth "))
            && text.ends_with(" of 9)"),
        "{text}"
    );
    // "Deeper" opens one more level; "Fewer levels" goes back.
    let depth = |text: &str| {
        text.split("(depth ")
            .nth(1)
            .unwrap()
            .split(' ')
            .next()
            .unwrap()
            .parse::<u32>()
            .unwrap()
    };
    let before = depth(&text);
    click(&root, "#t-deeper");
    sleep(50).await;
    assert_eq!(depth(&count_text(&root)), before + 1);
    assert!(count(&root, "g.tree-node") > shown);
    click(&root, "#t-fewer");
    sleep(50).await;
    assert_eq!(count_text(&root), text);
    handle.destroy();
    root.remove();
}

#[wasm_bindgen_test]
fn a_saturated_node_count_is_never_wrapped_to_zero() {
    assert_eq!(
        node_count_text(3, 2, (1, 1), false),
        "3 of 3 nodes shown (depth 1 of 1)"
    );
    // A root whose hidden count saturated (squirrel from 2000 has more positions than u64
    // holds): the page once said "299 of 0 nodes shown".
    let mut tree = Tree::new(TreeNode::new("2000", "", 0));
    tree.nodes[0].hidden = u64::MAX;
    let text = node_count_text(299, tree.descendant_counts()[0], (0, 0), true);
    assert!(
        text.starts_with("299 of more than 10^19 nodes shown")
            && text.ends_with("(depth 0 of at least 0)"),
        "{text}"
    );
}

#[wasm_bindgen_test]
async fn the_export_dialog_offers_tikz_and_fold_markers_and_draws_the_folded_tree() {
    let (root, handle) = mount(full_tree(2, 3), 100).await;
    click(&root, "#t-export");
    sleep(50).await;
    // A tree has a TikZ form: its choice is shown, with the \linewidth and fold-marker boxes.
    let tikz = root
        .query_selector("#t-export-tikz")
        .unwrap()
        .expect("TikZ choice");
    let shown = tikz.closest("[hidden]").unwrap().is_none();
    assert!(shown, "the TikZ choice is hidden for a tree");
    assert_eq!(count(&root, "#t-export-resize"), 1);
    assert_eq!(count(&root, "#t-export-folds"), 1);
    // The figure it exports: fold the root's first child, as a click on screen would.
    let tree = full_tree(2, 3);
    let mut collapsed = vec![false; tree.len()];
    collapsed[tree.nodes[0].children[0]] = true;
    let key = TreeKey::new(vec!["neutral".into(), "Alice to move".into()]);
    let fig = export_figure(
        &tree,
        &collapsed,
        &key,
        ("A test tree", "thick: the first move"),
    );
    let svg = fig.to_svg().unwrap();
    for want in [
        "A test tree",
        "Alice to move",
        "neutral",
        "thick: the first move",
        "1.1",
    ] {
        assert!(svg.contains(want), "{want} missing from the exported SVG");
    }
    // The folded child's subtree is not drawn (two of the four "3.0" leaves remain), and
    // there is no fold marker unless asked.
    assert_eq!(svg.matches("\n3.0\n").count(), 2);
    assert!(!svg.contains("[+"), "a fold marker was drawn unasked");
    let marked = fig.with_fold_markers(true).to_svg().unwrap();
    assert!(marked.contains("1.0 [+6]"), "no fold marker when asked");
    handle.destroy();
    root.remove();
}
