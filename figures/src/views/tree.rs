//! Game trees and the cumulative games' heap-size DAG as figures: the engine's
//! [`tree_layout`](heaplab_engine::tree_layout) places the nodes (collapsed nodes hide their
//! descendants), and the figure layer draws them with a title, a legend naming every node
//! colour and edge kind, the page's legend line as the caption, and provenance.

use crate::{Body, Category, EdgeKind, Figure, TreeEdge, TreeFigure, TreeNode};
use heaplab_engine::cumulative_games::player_name;
use heaplab_engine::cumulative_games::views::{vector, HeapDag};
use heaplab_engine::scoring::game::TREE_LEGEND;
use heaplab_engine::tree_layout::{initial_collapsed, layout, LayoutOptions, Slant, Tree};
use std::collections::HashMap;

/// What a tree figure's legend calls the colour classes of its nodes and its kinds of edges.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TreeKey {
    /// The name of colour class `k` (class 0, 1, …); a class beyond the list is `class k`.
    pub classes: Vec<String>,
    /// The names of straight edges, Left's options (drawn blue, leaning left) and Right's
    /// options (red, dashed, leaning right).
    pub edges: [String; 3],
}

/// Strings from string slices.
fn owned<const N: usize>(names: [&str; N]) -> Vec<String> {
    names.iter().map(|s| s.to_string()).collect()
}

impl TreeKey {
    /// A key with `classes` and the usual edge names (move, Left's option, Right's option).
    pub fn new(classes: Vec<String>) -> TreeKey {
        TreeKey {
            classes,
            edges: ["move", "Left's option", "Right's option"].map(String::from),
        }
    }

    /// Impartial positions by outcome: class 0 P, class 1 N (the rules page).
    pub fn impartial() -> TreeKey {
        TreeKey::new(owned(["P-position (value 0)", "N-position"]))
    }

    /// Partizan positions by outcome (class 0 P, 1 L, 2 R, 3 N).
    pub fn partizan() -> TreeKey {
        TreeKey::new(owned([
            "P: second player wins",
            "L: Left wins",
            "R: Right wins",
            "N: first player wins",
        ]))
    }

    /// Scoring games by outcome class of Definition 6 (class 0 T, 1 L, 2 R, 3 N, 4 P).
    pub fn scoring() -> TreeKey {
        TreeKey::new(owned([
            "class T", "class L", "class R", "class N", "class P",
        ]))
    }

    /// A cumulative game of `players`: class 0 no one to move, class `k` player `k` to move;
    /// Left's and Right's options are the first two players'.
    pub fn cumulative(players: usize) -> TreeKey {
        let mut classes = vec!["no player to move".to_string()];
        classes.extend((0..players).map(|p| format!("{} to move", player_name(p, players))));
        let option = |p: usize| format!("{}'s option", player_name(p, players));
        TreeKey {
            classes,
            edges: ["move".to_string(), option(0), option(1)],
        }
    }
}

/// A figure of `tree` as laid out with `collapsed` nodes folded (their descendants hidden,
/// their border thick; [`Figure::with_fold_markers`] adds the `[+k]` counts), titled `title`,
/// with `caption` (the page's legend line) below the legend of `key`.
pub fn tree_figure(
    tree: &Tree,
    collapsed: &[bool],
    key: &TreeKey,
    title: &str,
    caption: &str,
) -> Figure {
    let options = LayoutOptions::default();
    let lay = layout(tree, collapsed, &options);
    let counts = tree.descendant_counts();
    let mut index = HashMap::new();
    let mut nodes = Vec::new();
    for (v, node) in tree
        .nodes
        .iter()
        .enumerate()
        .filter(|(v, _)| lay.visible[*v])
    {
        index.insert(v, nodes.len());
        nodes.push(TreeNode {
            x: lay.x[v],
            y: lay.y[v],
            label: node.label.clone(),
            class: usize::from(node.class),
            folded: lay.folded[v].then_some(counts[v]),
            note: String::new(),
        });
    }
    let edges = visible_edges(tree, &index);
    let top = nodes.iter().map(|n| n.class).max().unwrap_or(0);
    let name = |k: usize| key.classes.get(k).cloned().unwrap_or(format!("class {k}"));
    let body = TreeFigure {
        nodes,
        edges,
        node_classes: (0..=top).map(|k| Category::new(&name(k))).collect(),
        edge_kinds: key
            .edges
            .iter()
            .enumerate()
            .map(|(i, n)| EdgeKind {
                name: n.clone(),
                colour: None,
                dashed: i == 2,
            })
            .collect(),
        char_width: options.char_width,
        headings: Vec::new(),
        fold_markers: false,
    };
    Figure {
        caption: caption.to_string(),
        ..Figure::new(title, Body::Tree(body))
    }
}

/// The edges of `tree` between visible nodes (`index`: tree node → figure node), their kind
/// by slant (straight 0, Left 1, Right 2).
fn visible_edges(tree: &Tree, index: &HashMap<usize, usize>) -> Vec<TreeEdge> {
    let mut edges = Vec::new();
    for (v, node) in tree.nodes.iter().enumerate() {
        for &c in &node.children {
            if let (Some(&from), Some(&to)) = (index.get(&v), index.get(&c)) {
                let e = &tree.nodes[c].edge;
                edges.push(TreeEdge {
                    from,
                    to,
                    label: e.label.clone(),
                    kind: match e.slant {
                        Slant::Straight => 0,
                        Slant::Left => 1,
                        Slant::Right => 2,
                    },
                    marked: e.marked,
                    double: e.double,
                    bend: 0.0,
                });
            }
        }
    }
    edges
}

/// A scoring game's tree (`tree`, of the game written `text`) as a figure, with the scoring
/// page's legend line as caption.
pub fn scoring_figure(tree: &Tree, text: &str) -> Figure {
    let all = initial_collapsed(tree, crate::MAX_TREE_NODES);
    let title = format!("Scoring game {text}");
    tree_figure(tree, &all, &TreeKey::scoring(), &title, TREE_LEGEND)
}

/// The `#/scoring` link of a game (`g`) and the games added to it (`plus`, may be empty).
pub fn scoring_link(game: &str, plus: &str) -> String {
    let mut pairs = vec![("tab", "game"), ("g", game.trim())];
    if !plus.trim().is_empty() {
        pairs.push(("plus", plus.trim()));
    }
    super::page_link("scoring", &pairs)
}

/// The caption of a cumulative game's tree with `players`: the extensive form (`cgt` false:
/// the player to move, the PSPE) or the CGT form (no player to move; options by player).
pub fn cumulative_caption(cgt: bool, players: usize) -> String {
    let nodes = if players == 2 {
        "x; (C1,C2)"
    } else {
        "x; (C1,…,Cn)"
    };
    if !cgt {
        return format!(
            "Nodes {nodes}: the heap and each player's cumulation · thick edges: the PSPE \
             choice at every node · edge labels: pebbles taken"
        );
    }
    let (a, b) = (player_name(0, players), player_name(1, players));
    let others = if players > 2 {
        " · straight edges: the other players'"
    } else {
        ""
    };
    format!(
        "Nodes {nodes}, no player to move · edges leaning left: {a}'s options, leaning right: \
         {b}'s{others}"
    )
}

/// The caption of the DAG figure.
pub const DAG_CAPTION: &str =
    "Double edges: the child that determines the parent's value (the largest such move on ties).";

/// Figure 5 of the cumulative games: the heap-size DAG in three panels (heap sizes, the
/// zero-sum outcomes `o_zs` and the general-sum outcomes `o_si` beside the nodes), moves as
/// arcs, the edge to the child that determines the parent's value drawn double; titled
/// "Heap sizes reachable from x".
pub fn dag_figure(dag: &HeapDag) -> Figure {
    let x = dag.nodes.first().map_or(0, |n| n.x);
    let title = format!("Heap sizes reachable from {x}");
    let (row, panel) = (44.0, 260.0);
    let y_of: HashMap<u64, usize> = dag
        .nodes
        .iter()
        .enumerate()
        .map(|(i, n)| (n.x, i))
        .collect();
    let mut nodes = Vec::new();
    let mut edges = Vec::new();
    for p in 0..3 {
        let x = p as f64 * panel + 70.0;
        for (i, n) in dag.nodes.iter().enumerate() {
            let note = match p {
                0 => String::new(),
                1 => n.zero_sum.to_string(),
                _ => vector(&n.general),
            };
            nodes.push(TreeNode {
                x,
                y: i as f64 * row,
                label: n.x.to_string(),
                class: 0,
                folded: None,
                note,
            });
        }
        edges.extend(dag_edges(dag, p, &y_of, row));
    }
    let kinds = ["move x → x − a", "the move that determines the value"];
    let headings = ["heap sizes", "zero-sum o_zs", "general-sum o_si"];
    let body = TreeFigure {
        nodes,
        edges,
        node_classes: vec![Category::new("heap size")],
        edge_kinds: kinds
            .iter()
            .map(|n| EdgeKind {
                name: n.to_string(),
                colour: None,
                dashed: false,
            })
            .collect(),
        char_width: LayoutOptions::default().char_width,
        headings: (0..3)
            .map(|p| (p as f64 * panel, headings[p].to_string()))
            .collect(),
        fold_markers: false,
    };
    Figure {
        caption: DAG_CAPTION.to_string(),
        ..Figure::new(&title, Body::Tree(body))
    }
}

/// The edges of panel `p` (0 plain, 1 zero-sum, 2 general-sum) of the DAG, whose nodes are
/// numbered from `p` × the node count, `y_of` a heap's row and `row` the rows' spacing: arcs
/// bulging right by their length, double where the child determines the parent's value.
fn dag_edges(dag: &HeapDag, p: usize, y_of: &HashMap<u64, usize>, row: f64) -> Vec<TreeEdge> {
    let first = p * dag.nodes.len();
    let mut edges = Vec::new();
    for e in &dag.edges {
        let (Some(&a), Some(&b)) = (y_of.get(&e.from), y_of.get(&e.to)) else {
            continue;
        };
        let double = [false, e.zero_sum_double, e.general_double][p.min(2)];
        edges.push(TreeEdge {
            from: first + a,
            to: first + b,
            label: String::new(),
            kind: usize::from(double),
            marked: false,
            double,
            bend: 16.0 + (b as f64 - a as f64) * row * 0.45,
        });
    }
    edges
}

#[cfg(test)]
mod tests {
    use super::*;
    use heaplab_engine::cumulative_games::TieBreak;
    use heaplab_engine::tree_layout::{Edge, TreeNode as Node};

    #[test]
    fn a_folded_tree_keeps_its_visible_nodes_edges_and_kinds() {
        let mut tree = Tree::new(Node::new("root", "", 1));
        let left = Edge {
            label: "2".into(),
            marked: true,
            slant: Slant::Left,
            double: false,
        };
        let a = tree.add_child(0, Node::new("a", "", 2).with_edge(left));
        let right = Edge {
            slant: Slant::Right,
            ..Edge::default()
        };
        tree.add_child(0, Node::new("b", "", 0).with_edge(right));
        for k in 0..3 {
            tree.add_child(a, Node::new(format!("a{k}"), "", 1));
        }
        let mut collapsed = vec![false; tree.len()];
        collapsed[a] = true;
        let fig = tree_figure(&tree, &collapsed, &TreeKey::partizan(), "T", "C");
        let Body::Tree(t) = &fig.body else {
            panic!("not a tree")
        };
        let labels: Vec<&str> = t.nodes.iter().map(|n| n.label.as_str()).collect();
        assert_eq!(labels, ["root", "a", "b"]);
        assert_eq!(t.nodes[1].folded, Some(3));
        let kinds: Vec<(usize, bool)> = t.edges.iter().map(|e| (e.kind, e.marked)).collect();
        assert_eq!(kinds, [(1, true), (2, false)]);
        let names: Vec<String> = fig.legend().into_iter().map(|(n, _)| n).collect();
        assert_eq!(
            names,
            [
                "P: second player wins",
                "L: Left wins",
                "R: Right wins",
                "Left's option",
                "Right's option"
            ]
        );
    }

    #[test]
    fn figure_5_dag_has_three_panels_and_ten_double_edges() {
        let dag = heap_dag_of_paper();
        let fig = dag_figure(&dag);
        assert_eq!(fig.title, "Heap sizes reachable from 7");
        let Body::Tree(t) = &fig.body else {
            panic!("not a tree")
        };
        assert_eq!(t.nodes.len(), 3 * 7);
        assert_eq!(t.edges.iter().filter(|e| e.double).count(), 2 * 5);
        assert!(t.edges.iter().all(|e| e.bend > 0.0));
        let notes: Vec<&str> = t.nodes[14..].iter().map(|n| n.note.as_str()).collect();
        assert_eq!(notes[0], "(4,3)");
        let svg = fig.to_svg().unwrap();
        assert!(svg.contains("zero-sum o_zs") && svg.contains("(4,3)"));
    }

    /// The paper's Figure 5: the DAG from 7 of {2, 3}.
    fn heap_dag_of_paper() -> HeapDag {
        heaplab_engine::cumulative_games::views::heap_dag(&[2, 3], 7, TieBreak::Antagonistic)
            .unwrap()
    }
}
