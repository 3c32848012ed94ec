//! Why a heap has its value, its game tree, and a game against the engine from it
//! (`super::play`): the ruleset's own `options` asked on the page (one heap, a few hundred
//! positions at most), each option's value read from the solved values (the XOR of its heaps'
//! values, by the Sprague–Grundy theorem), the mex, and the winning moves. The tree is the
//! shared [`TreeView`] with its figure exports (SVG, PNG, TikZ).

use std::rc::Rc;

use heaplab_engine::mex::mex;
use heaplab_engine::rules::{compile, Script};
use heaplab_engine::tree_layout::{Edge, Tree, TreeNode};
use heaplab_engine::EngineError;
use yew::prelude::*;

use super::play::Play;
use crate::components::field::event_value;
use crate::components::tree::TreeView;
use crate::protocol::rules::RulesRequest;
use heaplab_figures::views::tree::TreeKey;

/// At most this many options are listed.
const LISTED: usize = 40;
/// At most this many positions of the tree are built.
const TREE_NODES: usize = 400;

/// A position: heaps, increasing (empty: no heap left).
type Position = Vec<u64>;

/// `3 + 4`, or `0` for no heap.
pub(super) fn position_text(position: &[u64]) -> String {
    if position.is_empty() {
        return "0".into();
    }
    let parts: Vec<String> = position.iter().map(u64::to_string).collect();
    parts.join(" + ")
}

/// The value of a position (XOR of its heaps' values), when every heap was solved.
pub(super) fn value_of(values: &[u64], position: &[u64]) -> Option<u64> {
    position
        .iter()
        .try_fold(0, |acc, &h| values.get(h as usize).map(|v| acc ^ v))
}

/// The options of a position: each heap (once per size) replaced by each of its options.
pub(super) fn options_of(script: &Script, position: &[u64]) -> Result<Vec<Position>, EngineError> {
    let mut out = Vec::new();
    for (i, &heap) in position.iter().enumerate() {
        if i > 0 && position[i - 1] == heap {
            continue;
        }
        for option in script.heap_options(heap)? {
            let mut next = position.to_vec();
            next.remove(i);
            next.extend(option);
            next.sort_unstable();
            out.push(next);
        }
    }
    out.sort();
    out.dedup();
    Ok(out)
}

/// The game tree from `heap`, breadth first, at most [`TREE_NODES`] positions (the rest
/// counted as hidden): P-positions in class 0, N in class 1, winning moves marked.
fn game_tree(script: &Script, values: &[u64], heap: u64) -> Result<Tree, EngineError> {
    let describe = |p: &[u64]| match value_of(values, p) {
        Some(0) => ("value 0, P".to_string(), 0),
        Some(v) => (format!("value {v}, N"), 1),
        None => ("beyond the heaps solved".to_string(), 2),
    };
    let (detail, class) = describe(&[heap]);
    let mut tree = Tree::new(TreeNode::new(heap.to_string(), detail, class));
    let mut queue = std::collections::VecDeque::from([(0usize, vec![heap])]);
    while let Some((node, position)) = queue.pop_front() {
        for option in options_of(script, &position)? {
            if tree.len() >= TREE_NODES {
                tree.nodes[node].hidden += 1;
                continue;
            }
            let (detail, class) = describe(&option);
            let edge = Edge {
                marked: value_of(values, &option) == Some(0),
                ..Edge::default()
            };
            let child = tree.add_child(
                node,
                TreeNode::new(position_text(&option), detail, class).with_edge(edge),
            );
            queue.push_back((child, option));
        }
    }
    Ok(tree)
}

/// A compiled ruleset shared by the why panel, the tree and the game, compared by identity
/// (a compiled script has no equality of its own).
#[derive(Clone)]
pub struct Compiled(pub Rc<Option<Script>>);

impl PartialEq for Compiled {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

/// Properties of [`HeapExplain`].
#[derive(Properties, PartialEq)]
pub struct HeapExplainProps {
    /// The solved ruleset (compiled again here for its options).
    pub request: RulesRequest,
    /// The solved nim-values.
    pub values: Rc<Vec<u64>>,
    /// The heap to explain, as typed (`heap` in the URL).
    pub heap_text: String,
    /// Told the new heap text.
    pub on_heap: Callback<String>,
    /// File name stem of the tree's exports.
    pub stem: AttrValue,
}

/// The "why" card (`#rules-why`) and the game tree card (`#rules-tree`) of one heap.
#[function_component(HeapExplain)]
pub fn heap_explain(props: &HeapExplainProps) -> Html {
    let script = use_memo(props.request.clone(), |r| compile(&r.text, &r.params).ok());
    let n = props.values.len() as u64;
    let heap = props
        .heap_text
        .trim()
        .parse::<u64>()
        .ok()
        .filter(|&h| h < n);
    let default = (1..n).find(|&h| props.values[h as usize] != 0).unwrap_or(0);
    let heap = if props.heap_text.trim().is_empty() {
        Some(default)
    } else {
        heap
    };
    let tree = use_memo((props.request.clone(), heap), {
        let (script, values) = (script.clone(), props.values.clone());
        move |(_, heap)| {
            let script = (*script).as_ref()?;
            game_tree(script, &values, (*heap)?).ok().map(Rc::new)
        }
    });
    let oninput = props
        .on_heap
        .reform(|e: InputEvent| event_value(&e).unwrap_or_default());
    let body = match (heap, (*script).as_ref()) {
        (None, _) => {
            html! { <p class="form-error" role="alert" id="rules-why-error">{ format!("Give a heap from 0 to {}.", n - 1) }</p> }
        }
        (Some(_), None) => html! {},
        (Some(heap), Some(script)) => why_table(script, &props.values, heap),
    };
    html! {
        <div class="panel-grid">
            <section class="card" id="rules-why">
                <h2>{ "Why this value?" }</h2>
                <div class="field">
                    <label for="rules-why-heap">{ "Heap" }</label>
                    <input id="rules-why-heap" inputmode="numeric" value={heap.map_or_else(|| props.heap_text.clone(), |h| h.to_string())} {oninput} />
                </div>
                { body }
            </section>
            if let Some(heap) = heap {
                <Play script={Compiled(script.clone())} values={props.values.clone()} {heap} />
            }
            if let Some(tree) = (*tree).clone() {
                <section class="card wide" id="rules-tree-card">
                    <h2>{ "Game tree" }</h2>
                    <TreeView id="rules-tree" {tree} cap={150} legend="grey: P-position (value 0) · blue: N-position · thick: a winning move" filename={props.stem.clone()}
                        title="Game tree" classes={TreeKey::impartial()} />
                </section>
            }
        </div>
    }
}

/// The options of `heap` with their values, the mex and the verdict.
fn why_table(script: &Script, values: &[u64], heap: u64) -> Html {
    let options = match options_of(script, &[heap]) {
        Ok(options) => options,
        Err(e) => return html! { <p class="error" role="alert">{ e.to_string() }</p> },
    };
    let rows: Vec<(String, Option<u64>)> = options
        .iter()
        .map(|o| (position_text(o), value_of(values, o)))
        .collect();
    let known: Vec<u64> = rows.iter().filter_map(|(_, v)| *v).collect();
    let value = values[heap as usize];
    let winning = rows
        .iter()
        .find(|(_, v)| *v == Some(0))
        .map(|(t, _)| t.clone());
    let verdict = match winning {
        Some(to) => format!("G({heap}) = mex of the option values = {value}: an N-position; move to {to} (value 0) to win."),
        None if rows.is_empty() => format!("Heap {heap} has no move: a P-position (the player to move loses), G = 0."),
        None => format!("G({heap}) = mex of the option values = {value}: no option has value 0, so every move leads to an N-position: a P-position."),
    };
    html! {
        <>
            <p id="rules-why-verdict" role="status">{ verdict }</p>
            <p class="note" id="rules-why-mex">{ format!("mex {{{}}} = {}", option_values(&known), mex(known.iter().copied())) }</p>
            <table class="facts" id="rules-why-table">
                <thead><tr><th>{ "option" }</th><th>{ "value" }</th></tr></thead>
                <tbody>{ for rows.iter().take(LISTED).map(|(text, v)| html! {
                    <tr><td>{ text.clone() }</td><td>{ v.map_or("?".to_string(), |v| v.to_string()) }</td></tr>
                }) }</tbody>
            </table>
            if rows.len() > LISTED {
                <p class="note">{ format!("{} more options not listed.", rows.len() - LISTED) }</p>
            }
        </>
    }
}

/// The distinct option values, increasing, as `0, 1, 3`.
fn option_values(known: &[u64]) -> String {
    let mut sorted = known.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    let parts: Vec<String> = sorted.iter().map(u64::to_string).collect();
    parts.join(", ")
}
