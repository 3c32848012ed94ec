//! Unit tests of the tree layout and the scene (`super`).

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
