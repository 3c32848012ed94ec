//! The three pictures of a cumulative game, as data (drawn by the figure layer and the web
//! tree view):
//!
//! * [`extensive_tree`]: the Extensive Form Game tree (Figures 2 and 4): nodes `x; (C1,…,Cn)`
//!   coloured by the player to move, PSPE choices marked thick;
//! * [`cgt_tree`]: the CGT-type tree of a heap position (Figure 3): Alice's options slant left,
//!   Bob's right, no player to move;
//! * [`heap_dag`]: the DAG of heap sizes (Figure 5) with zero-sum and general-sum outcome labels
//!   and double edges where a child determines its parent's value.
//!
//! Trees are capped: at most `cap` nodes are materialised (preorder); the rest are counted in
//! [`TreeNode::hidden`], so a huge game still opens instantly, collapsed, with counts.

use std::collections::HashMap;

use serde::Serialize;

use super::{
    outcome_table, player_name, Game, Grounded, Position, Preset, Rational, Solution, TieBreak,
};
use crate::tree_layout::{Edge, Slant, Tree, TreeNode};
use crate::{Budget, EngineError};

/// An outcome vector as text, `(a,b,…)`: the DAG's general-sum labels and the nodes' hover
/// texts.
pub fn vector(v: &[Rational]) -> String {
    let parts: Vec<String> = v.iter().map(Rational::to_string).collect();
    format!("({})", parts.join(","))
}

/// Builds a tree of at most `cap` nodes in preorder from `root`, using `children` to expand a
/// state and `size` (the whole subtree's node count) to count what is left out.
fn capped_tree<S: Clone>(
    root: S,
    cap: usize,
    node: &dyn Fn(&S) -> TreeNode,
    children: &dyn Fn(&S) -> Vec<(S, Edge)>,
    size: &dyn Fn(&S) -> u64,
) -> Tree {
    let mut tree = Tree::new(node(&root));
    let mut stack = vec![(root, 0usize)];
    while let Some((state, index)) = stack.pop() {
        let kids = children(&state);
        if tree.len() + kids.len() > cap.max(1) {
            tree.nodes[index].hidden = size(&state).saturating_sub(1);
            continue;
        }
        let mut pushed = Vec::with_capacity(kids.len());
        for (kid, edge) in kids {
            let i = tree.add_child(index, node(&kid).with_edge(edge));
            pushed.push((kid, i));
        }
        stack.extend(pushed.into_iter().rev());
    }
    tree
}

/// The Extensive Form tree of a solved grounded game (Figures 2 and 4): every node shows
/// `x; (C1,…,Cn)`, its colour class is the player to move (1-based), its hover text names the
/// player, the PSPE value and (at leaves) the utilities; the PSPE choice at every node is marked.
pub fn extensive_tree(game: &Game, solution: &Solution, cap: usize) -> Tree {
    let n = game.players;
    let node = |g: &Grounded| -> TreeNode {
        let entry = solution.memo.get(g);
        let value = entry.map(|e| vector(&e.value)).unwrap_or_default();
        let who = player_name(g.to_move, n);
        let leaf = entry.is_some_and(|e| e.choice.is_none());
        let detail = if leaf {
            format!(
                "{} · {who} to move and cannot: game over · utilities {value}",
                g.position.label()
            )
        } else {
            format!(
                "{} · {who} to move · PSPE value {value}",
                g.position.label()
            )
        };
        TreeNode::new(g.position.label(), detail, (g.to_move + 1) as u8)
    };
    let children = |g: &Grounded| -> Vec<(Grounded, Edge)> {
        let choice = solution.memo.get(g).and_then(|e| e.choice);
        game.actions(&g.position, g.to_move)
            .into_iter()
            .enumerate()
            .map(|(k, a)| {
                let label = if game.heaps.len() == 1 {
                    a.take.to_string()
                } else {
                    format!("{}@{}", a.take, a.heap + 1)
                };
                let edge = Edge {
                    label,
                    marked: choice == Some(k),
                    ..Edge::default()
                };
                (game.play(g, a), edge)
            })
            .collect::<Vec<_>>()
            .into_iter()
            .rev() // smallest removal on the left, as in the paper's figures
            .collect()
    };
    let size = |g: &Grounded| solution.memo.get(g).map_or(1, |e| e.tree_size);
    capped_tree(solution.start.clone(), cap, &node, &children, &size)
}

/// The CGT-type tree of a two-player heap position (Figure 3): no player to move; the first
/// player's options slant left, the second's right (for more players, the others are straight).
/// Capped at `cap` nodes; subtree sizes are memoised on the heap position.
pub fn cgt_tree(game: &Game, root: &Position, cap: usize) -> Result<Tree, EngineError> {
    cgt_tree_within(game, root, cap, super::MAX_STATES)
}

/// [`cgt_tree`] that gives up with a message after `max_positions` heap positions.
pub fn cgt_tree_within(
    game: &Game,
    root: &Position,
    cap: usize,
    max_positions: usize,
) -> Result<Tree, EngineError> {
    game.check_start(&Grounded {
        position: root.clone(),
        to_move: 0,
    })?;
    let n = game.players;
    let options = |pos: &Position| -> Vec<(Position, Edge)> {
        let mut out = Vec::new();
        for p in 0..n {
            let slant = match p {
                0 => Slant::Left,
                1 => Slant::Right,
                _ => Slant::Straight,
            };
            let g = Grounded {
                position: pos.clone(),
                to_move: p,
            };
            let mut mine: Vec<_> = game
                .actions(pos, p)
                .into_iter()
                .map(|a| {
                    let edge = Edge {
                        label: String::new(),
                        slant,
                        ..Edge::default()
                    };
                    (game.play(&g, a).position, edge)
                })
                .collect();
            if p == 0 {
                // Mirror-symmetric: both players' smallest removals outermost.
                mine.reverse();
            }
            out.extend(mine);
        }
        out
    };
    // Subtree sizes over the DAG of heap positions, iteratively (capped work).
    let mut sizes: HashMap<Position, u64> = HashMap::new();
    let mut stack = vec![(root.clone(), false)];
    while let Some((pos, done)) = stack.pop() {
        if sizes.contains_key(&pos) {
            continue;
        }
        let kids = options(&pos);
        if done {
            let s = kids.iter().fold(1u64, |acc, (k, _)| {
                acc.saturating_add(sizes.get(k).copied().unwrap_or(1))
            });
            sizes.insert(pos, s);
            if sizes.len() > max_positions {
                return Err(EngineError::OutOfRange(format!(
                    "the CGT tree has more than {max_positions} heap positions: try a smaller heap"
                )));
            }
        } else {
            stack.push((pos, true));
            for (k, _) in kids {
                if !sizes.contains_key(&k) {
                    stack.push((k, false));
                }
            }
        }
    }
    let node = |pos: &Position| TreeNode::new(pos.label(), pos.label(), 0);
    let size = |pos: &Position| sizes.get(pos).copied().unwrap_or(1);
    Ok(capped_tree(root.clone(), cap, &node, &options, &size))
}

/// A node of the heap-size DAG.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DagNode {
    /// Heap size.
    pub x: u64,
    /// Zero-sum outcome `o_zs(x)` (Definition 2).
    pub zero_sum: Rational,
    /// General-sum outcome `o_si(x)` with the mover first (Definition 3).
    pub general: Vec<Rational>,
}

/// An edge `x → x − a` of the heap-size DAG.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DagEdge {
    /// Parent heap size.
    pub from: u64,
    /// Child heap size.
    pub to: u64,
    /// The child determines the parent's zero-sum value (the optimal action).
    pub zero_sum_double: bool,
    /// The child determines the parent's general-sum value (the PSPE action).
    pub general_double: bool,
}

/// The DAG of heap sizes reachable from `x` in the symmetric game with set `set` (Figure 5).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HeapDag {
    /// Reachable heap sizes, largest first.
    pub nodes: Vec<DagNode>,
    /// All moves between them.
    pub edges: Vec<DagEdge>,
}

/// Largest heap drawn as a DAG.
pub const MAX_DAG_HEAP: u64 = 400;

/// Figure 5: the DAG of heap sizes from `x` for the symmetric set `set`, labelled with the
/// zero-sum and general-sum (tie-break `tie`) outcomes of Theorem 8's tables.
pub fn heap_dag(set: &[u64], x: u64, tie: TieBreak) -> Result<HeapDag, EngineError> {
    if x > MAX_DAG_HEAP {
        return Err(EngineError::OutOfRange(format!(
            "the DAG view is drawn up to heap {MAX_DAG_HEAP}"
        )));
    }
    let mut budget = Budget::unlimited();
    let zs_game = Preset::Scoring.game(vec![set.to_vec()], Rational::ZERO, tie);
    let si_game = Preset::Squirrel.game(vec![set.to_vec()], Rational::ZERO, tie);
    let zs = outcome_table(&zs_game, &[x], &mut budget)?;
    let si = outcome_table(&si_game, &[x], &mut budget)?;
    let mut reachable = vec![false; x as usize + 1];
    reachable[x as usize] = true;
    let mut nodes = Vec::new();
    let mut edges = Vec::new();
    for y in (0..=x).rev() {
        if !reachable[y as usize] {
            continue;
        }
        nodes.push(DagNode {
            x: y,
            zero_sum: zs.row(&[y], 0).map(|r| r[0]).unwrap_or_default(),
            general: si
                .row(&[y], 0)
                .map(<[Rational]>::to_vec)
                .unwrap_or_default(),
        });
        let zs_choice = zs.choices[zs.index(&[y]).unwrap_or(0) * 2];
        let si_choice = si.choices[si.index(&[y]).unwrap_or(0) * 2];
        let mut takes: Vec<u64> = set.iter().copied().filter(|&a| a >= 1 && a <= y).collect();
        takes.sort_unstable();
        takes.dedup();
        for a in takes {
            reachable[(y - a) as usize] = true;
            edges.push(DagEdge {
                from: y,
                to: y - a,
                zero_sum_double: zs_choice.is_some_and(|c| c.take == a),
                general_double: si_choice.is_some_and(|c| c.take == a),
            });
        }
    }
    Ok(HeapDag { nodes, edges })
}
