//! A sum of heaps: its canonical form, outcome, each player's moves (the winning ones
//! marked), and its game tree to a small depth for the page's tree view and play.

use super::game::{GameId, GameStore, Outcome};
use super::heap::{HeapRules, HeapSolver};
use super::sequence::MAX_TERMS;
use crate::tree_layout::{Edge, Slant, Tree, TreeNode};
use crate::{Budget, EngineError};

/// The most heaps a position may have.
pub const MAX_POSITION_HEAPS: usize = 64;
/// The most moves examined from one heap (splits into many heaps can be numerous).
pub const MAX_MOVES_PER_HEAP: usize = 20_000;
/// How many levels of moves the game tree shows below the position.
pub const TREE_DEPTH: usize = 2;
/// The most nodes the game tree holds (further options are counted as hidden).
pub const TREE_NODES: usize = 150;

/// One move in a sum of heaps.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct HeapMove {
    /// The size of the heap moved in.
    pub from: usize,
    /// The heaps it leaves (empty when the move takes the whole heap).
    pub to: Vec<usize>,
    /// The canonical form of the whole position after the move, in notation.
    pub value: String,
    /// True when the move wins for the player who makes it (the position after it is `≥ 0`
    /// for Left, `≤ 0` for Right).
    pub wins: bool,
}

impl HeapMove {
    /// The move without its value, as the CLI and the page print it: `9 -> 4 + 3`, or
    /// `9 -> nothing` when it takes the whole heap.
    pub fn describe(&self) -> String {
        let to: Vec<String> = self.to.iter().map(usize::to_string).collect();
        let to = if to.is_empty() {
            "nothing".to_string()
        } else {
            to.join(" + ")
        };
        format!("{} -> {to}", self.from)
    }
}

/// A position's value and the moves that win for the player who makes them.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct PositionReport {
    /// The ruleset in the thesis's notation.
    pub ruleset: String,
    /// The heap sizes.
    pub heaps: Vec<usize>,
    /// The canonical form of the sum, in notation.
    pub value: String,
    /// Its outcome class.
    pub outcome: Outcome,
    /// Left's winning moves (to positions `≥ 0`).
    pub left_wins: Vec<HeapMove>,
    /// Right's winning moves (to positions `≤ 0`).
    pub right_wins: Vec<HeapMove>,
    /// Every move of Left (winning or not), for play.
    pub left_moves: Vec<HeapMove>,
    /// Every move of Right.
    pub right_moves: Vec<HeapMove>,
    /// The game tree to [`TREE_DEPTH`] levels and [`TREE_NODES`] nodes: Left's options
    /// slant left, Right's right; winning moves are marked; colour classes by outcome
    /// (1 L, 2 R, 0 P, 3 N).
    pub tree: Tree,
    /// True when some heap had more than [`MAX_MOVES_PER_HEAP`] moves and only that many
    /// were examined.
    pub truncated: bool,
}

/// Analyses the sum of heaps `heaps` under `rules`. The sum of no heaps is the game 0: no
/// moves, and the player to move loses.
pub fn analyse(
    rules: &HeapRules,
    heaps: &[usize],
    budget: &mut Budget<'_>,
) -> Result<PositionReport, EngineError> {
    if heaps.len() > MAX_POSITION_HEAPS {
        return Err(EngineError::OutOfRange(format!(
            "a position has at most {MAX_POSITION_HEAPS} heaps, not {}",
            heaps.len()
        )));
    }
    let largest = heaps.iter().copied().max().unwrap_or(0);
    if largest >= MAX_TERMS {
        return Err(EngineError::OutOfRange(format!(
            "heaps of at most {} tokens, not {largest}",
            MAX_TERMS - 1
        )));
    }
    let mut store = GameStore::default();
    let mut solver = HeapSolver::new(rules);
    solver.extend_to(&mut store, largest + 1, budget)?;
    let values = solver.values().to_vec();
    let mut sums = Sums {
        rules,
        store: &mut store,
        values: &values,
        truncated: false,
    };
    let total = sums.value(heaps)?;
    let (left_moves, right_moves) = (sums.moves(heaps, true)?, sums.moves(heaps, false)?);
    let tree = sums.tree(heaps)?;
    let (value, outcome) = (sums.store.display(total)?, sums.store.outcome(total)?);
    let winning = |moves: &[HeapMove]| moves.iter().filter(|m| m.wins).cloned().collect();
    Ok(PositionReport {
        ruleset: rules.name.clone(),
        heaps: heaps.to_vec(),
        value,
        outcome,
        left_wins: winning(&left_moves),
        right_wins: winning(&right_moves),
        truncated: sums.truncated,
        left_moves,
        right_moves,
        tree,
    })
}

/// Sums of heaps of one ruleset whose heap values are known.
struct Sums<'a> {
    rules: &'a HeapRules,
    store: &'a mut GameStore,
    values: &'a [GameId],
    /// Set when some heap had more than [`MAX_MOVES_PER_HEAP`] moves.
    truncated: bool,
}

impl Sums<'_> {
    /// The canonical form of a sum of heaps.
    fn value(&mut self, heaps: &[usize]) -> Result<GameId, EngineError> {
        let parts: Vec<GameId> = heaps.iter().map(|&h| self.values[h]).collect();
        self.store.sum(&parts)
    }

    /// Every move of one player in a sum, with the value after it and whether it wins.
    fn moves(&mut self, heaps: &[usize], left: bool) -> Result<Vec<HeapMove>, EngineError> {
        let mut sizes = heaps.to_vec();
        sizes.sort_unstable();
        sizes.dedup();
        let mut out = Vec::new();
        let zero = self.store.zero();
        for &from in &sizes {
            let (moves, cut) = self.rules.moves_from(from, left, MAX_MOVES_PER_HEAP);
            self.truncated |= cut;
            for to in moves {
                let after = self.value(&after_move(heaps, from, &to))?;
                let wins = if left {
                    self.store.ge(after, zero)?
                } else {
                    self.store.le(after, zero)?
                };
                let value = self.store.display(after)?;
                out.push(HeapMove {
                    from,
                    to,
                    value,
                    wins,
                });
            }
        }
        Ok(out)
    }

    /// The game tree of a sum to [`TREE_DEPTH`] levels, at most [`TREE_NODES`] nodes; only
    /// the nodes drawn are valued, the rest are counted as hidden.
    fn tree(&mut self, heaps: &[usize]) -> Result<Tree, EngineError> {
        let (root, _) = self.node(heaps)?;
        let mut tree = Tree::new(root);
        let mut level = vec![(0usize, heaps.to_vec())];
        for depth in 1..=TREE_DEPTH + 1 {
            let mut next = Vec::new();
            for (index, position) in level {
                let mut sizes = position.clone();
                sizes.sort_unstable();
                sizes.dedup();
                for left in [true, false] {
                    for &from in &sizes {
                        for to in self.rules.moves_from(from, left, MAX_MOVES_PER_HEAP).0 {
                            if depth > TREE_DEPTH || tree.nodes.len() >= TREE_NODES {
                                tree.nodes[index].hidden += 1;
                                continue;
                            }
                            let after = after_move(&position, from, &to);
                            let (child, outcome) = self.node(&after)?;
                            let edge = Edge {
                                label: String::new(),
                                marked: matches!(
                                    (left, outcome),
                                    (true, Outcome::L | Outcome::P)
                                        | (false, Outcome::R | Outcome::P)
                                ),
                                slant: if left { Slant::Left } else { Slant::Right },
                                double: false,
                            };
                            let child = tree.add_child(index, child.with_edge(edge));
                            next.push((child, after));
                        }
                    }
                }
            }
            level = next;
        }
        Ok(tree)
    }

    /// A tree node: the heaps as its label, value and outcome on hover, coloured by outcome.
    fn node(&mut self, heaps: &[usize]) -> Result<(TreeNode, Outcome), EngineError> {
        let value = self.value(heaps)?;
        let outcome = self.store.outcome(value)?;
        let class = match outcome {
            Outcome::L => 1,
            Outcome::R => 2,
            Outcome::P => 0,
            Outcome::N => 3,
        };
        let label = heaps_text(heaps);
        let detail = format!("{label} = {} ({outcome:?})", self.store.display(value)?);
        Ok((TreeNode::new(label, detail, class), outcome))
    }
}

/// The heaps after replacing one heap of size `from` by the heaps `to`, largest first, empty
/// heaps dropped.
pub fn after_move(heaps: &[usize], from: usize, to: &[usize]) -> Vec<usize> {
    let mut out = heaps.to_vec();
    if let Some(i) = out.iter().position(|&h| h == from) {
        out.remove(i);
    }
    out.extend(to.iter().copied().filter(|&h| h > 0));
    out.sort_unstable_by(|a, b| b.cmp(a));
    out
}

/// Heaps as `5+3+1`, or `0` for none.
pub fn heaps_text(heaps: &[usize]) -> String {
    if heaps.is_empty() {
        return "0".into();
    }
    let parts: Vec<String> = heaps.iter().map(usize::to_string).collect();
    parts.join("+")
}
