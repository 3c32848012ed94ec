//! Scoring games `G = {G^L | G^S | G^R}` (Stewart, Section 1.1).
//!
//! A game is a tree: every node has a score `G^S` and the sets of Left's and Right's options.
//! It is stored as an arena in preorder (every child's index is greater than its parent's), so
//! the final scores are one backward pass and the tree component can draw it as it is.
//!
//! * Bracket notation: `{2,{11|4|-3}|3|4,{9|2|-5}}`; a bare number `c` is the leaf `{.|c|.}`;
//!   `.` or nothing stands for an empty side. Scores are integers, decimals or fractions.
//! * Final scores (Definition 3): `G_F^{SL}` with Left moving first (Left maximises), and
//!   `G_F^{SR}` with Right moving first (Right minimises). The game ends when the player to move
//!   has no option; the score then is the final score.
//! * Outcome classes (Definitions 5–6): from the signs of the two final scores.
//! * The long-rule sum (Definition 4): the game ends when the player to move cannot move in any
//!   component; [`sum_final_scores`] solves sums without building them (memoised on the tuple of
//!   component nodes), [`ScoringGame::sum`] builds the sum's tree when it is small enough to draw.
//! * Negation (conjugate): swap Left and Right and negate every score. Shift `G +_ℓ c`: add `c`
//!   to every score.
//! * Impartiality (Definition 7), applied at every node as the paper's examples do.

use std::collections::HashMap;
use std::fmt;

use super::Rational;
use crate::tree_layout::{Edge, Slant, Tree, TreeNode};
use crate::EngineError;

/// Longest bracket text accepted.
pub const MAX_TEXT: usize = 100_000;
/// Most nodes in a game (typed or built).
pub const MAX_NODES: usize = 20_000;
/// Deepest nesting of braces accepted.
pub const MAX_DEPTH: usize = 200;
/// Most states [`sum_final_scores`] memoises before it stops with a message.
pub const MAX_SUM_STATES: usize = 2_000_000;
/// Most node indices the sum solver's memo holds (positions × games), about 400 MB.
pub const MAX_SUM_WORDS: usize = 50_000_000;
/// Longest play of a sum (total height of its games) the recursive sum solver accepts.
pub const MAX_SUM_PLAY: usize = 2_000;

/// The legend of [`ScoringGame::tree`] pictures (page, exports and CLI).
pub const TREE_LEGEND: &str = "node: score · down-left: Left's options, down-right: Right's · \
thick: optimal move · colour: class (blue L, orange R, green N, purple P, grey T)";

/// One node of a scoring game: its score and the indices of its options.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// The current score `G^S` (positive is good for Left).
    pub score: Rational,
    /// Left's options (`G^L`), as node indices.
    pub left: Vec<usize>,
    /// Right's options (`G^R`), as node indices.
    pub right: Vec<usize>,
}

/// A scoring game: an arena of [`Node`]s in preorder, node 0 the root.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoringGame {
    nodes: Vec<Node>,
}

/// The five outcome classes of Definition 6.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum OutcomeClass {
    /// Left wins (or ties one way and wins the other).
    L,
    /// Right wins (or ties one way and wins the other).
    R,
    /// The player who moves first wins.
    N,
    /// The player who moves second wins.
    P,
    /// A tie whoever starts.
    T,
}

impl OutcomeClass {
    /// The class of a game with Left final score `left` and Right final score `right`
    /// (Definition 6: `(L_> ∩ R_=)` and `(L_= ∩ R_>)` count as `𝓛`, symmetrically for `𝓡`).
    pub fn from_finals(left: Rational, right: Rational) -> Self {
        use std::cmp::Ordering::*;
        let zero = Rational::ZERO;
        match (left.cmp(&zero), right.cmp(&zero)) {
            (Greater, Greater) | (Greater, Equal) | (Equal, Greater) => OutcomeClass::L,
            (Less, Less) | (Less, Equal) | (Equal, Less) => OutcomeClass::R,
            (Greater, Less) => OutcomeClass::N,
            (Less, Greater) => OutcomeClass::P,
            (Equal, Equal) => OutcomeClass::T,
        }
    }

    /// The class's letter.
    pub fn letter(self) -> &'static str {
        match self {
            OutcomeClass::L => "L",
            OutcomeClass::R => "R",
            OutcomeClass::N => "N",
            OutcomeClass::P => "P",
            OutcomeClass::T => "T",
        }
    }

    /// What the class means, in words.
    pub fn meaning(self) -> &'static str {
        match self {
            OutcomeClass::L => "Left wins (whoever starts, or ties one way)",
            OutcomeClass::R => "Right wins (whoever starts, or ties one way)",
            OutcomeClass::N => "the first player wins",
            OutcomeClass::P => "the second player wins",
            OutcomeClass::T => "a tie whoever starts",
        }
    }
}

impl fmt::Display for OutcomeClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.letter())
    }
}

/// Both final scores of a game (Definition 3) and its class.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Finals {
    /// `G_F^{SL}`: the final score when Left moves first.
    pub left: Rational,
    /// `G_F^{SR}`: the final score when Right moves first.
    pub right: Rational,
}

impl Finals {
    /// The outcome class of Definition 6.
    pub fn class(self) -> OutcomeClass {
        OutcomeClass::from_finals(self.left, self.right)
    }
}

/// The result of the impartiality test (Definition 7).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Impartiality {
    /// Whether every node satisfies Definition 7.
    pub impartial: bool,
    /// Why not: the first node (in preorder) that fails, and how.
    pub reason: Option<String>,
}

fn too_many_nodes() -> EngineError {
    EngineError::OutOfRange(format!(
        "the game has more than {MAX_NODES} nodes; HeapLab draws and solves games up to that size"
    ))
}

/// Adds two scores, with a clear error instead of a silent overflow.
fn add(a: Rational, b: Rational) -> Result<Rational, EngineError> {
    a.checked_add(b).ok_or_else(|| {
        EngineError::OutOfRange(format!(
            "the score {a} + {b} is too large to represent exactly"
        ))
    })
}

impl ScoringGame {
    /// The game `{.|score|.}`: no options, score `score` (a number `c` in the paper's notation).
    pub fn number(score: Rational) -> Self {
        ScoringGame {
            nodes: vec![Node {
                score,
                left: Vec::new(),
                right: Vec::new(),
            }],
        }
    }

    /// The game `{left | score | right}` built from its options.
    pub fn new(
        score: Rational,
        left: Vec<ScoringGame>,
        right: Vec<ScoringGame>,
    ) -> Result<Self, EngineError> {
        let total = 1 + left.iter().chain(&right).map(|g| g.len()).sum::<usize>();
        if total > MAX_NODES {
            return Err(too_many_nodes());
        }
        let mut nodes = Vec::with_capacity(total);
        nodes.push(Node {
            score,
            left: Vec::new(),
            right: Vec::new(),
        });
        for (is_left, side) in [(true, left), (false, right)] {
            for option in side {
                let offset = nodes.len();
                if is_left {
                    nodes[0].left.push(offset);
                } else {
                    nodes[0].right.push(offset);
                }
                nodes.extend(option.nodes.into_iter().map(|n| Node {
                    score: n.score,
                    left: n.left.iter().map(|&c| c + offset).collect(),
                    right: n.right.iter().map(|&c| c + offset).collect(),
                }));
            }
        }
        Ok(ScoringGame { nodes })
    }

    /// Parses bracket notation, e.g. `{2,{11|4|-3}|3|4,{9|2|-5}}` (Figure 1), `{4|3|2}` or a
    /// bare number. Errors name the character position and what was expected.
    pub fn parse(text: &str) -> Result<Self, EngineError> {
        if text.len() > MAX_TEXT {
            return Err(EngineError::OutOfRange(format!(
                "the game text is {} characters long; the limit is {MAX_TEXT}",
                text.len()
            )));
        }
        // The paper and word processors write the minus sign as U+2212.
        let normalised: Vec<char> = text
            .chars()
            .map(|c| if c == '\u{2212}' { '-' } else { c })
            .collect();
        let mut parser = Parser {
            chars: &normalised,
            at: 0,
            nodes: Vec::new(),
        };
        parser.skip_space();
        if parser.at == parser.chars.len() {
            return Err(EngineError::Parse(
                "the game is empty: type a game such as {4|3|2} or a number".into(),
            ));
        }
        parser.game(0)?;
        parser.skip_space();
        if parser.at < parser.chars.len() {
            return Err(parser.error(&format!(
                "unexpected '{}' after the end of the game",
                parser.chars[parser.at]
            )));
        }
        Ok(ScoringGame {
            nodes: parser.nodes,
        })
    }

    /// Parses a sum of games written `G + H + …` (the long-rule sum of Definition 4): each term
    /// as [`ScoringGame::parse`]. A `+` outside braces ends a term once the term has begun, so
    /// a leading `+` is still a number's sign (`3 + +4` is 3 + 4). Errors name the term.
    pub fn parse_sum(text: &str) -> Result<Vec<Self>, EngineError> {
        if text.len() > MAX_TEXT {
            return Err(EngineError::OutOfRange(format!(
                "the sum's text is {} characters long; the limit is {MAX_TEXT}",
                text.len()
            )));
        }
        let mut terms = Vec::new();
        let (mut depth, mut start) = (0usize, 0usize);
        for (i, c) in text.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => depth = depth.saturating_sub(1),
                '+' if depth == 0 && !text[start..i].trim().is_empty() => {
                    terms.push(&text[start..i]);
                    start = i + 1;
                }
                _ => {}
            }
        }
        terms.push(&text[start..]);
        terms
            .iter()
            .enumerate()
            .map(|(i, term)| {
                ScoringGame::parse(term).map_err(|e| match e {
                    EngineError::Parse(m) if terms.len() > 1 => {
                        EngineError::Parse(format!("term {}: {m}", i + 1))
                    }
                    other => other,
                })
            })
            .collect()
    }

    /// The nodes, in preorder (node 0 is the root).
    pub fn nodes(&self) -> &[Node] {
        &self.nodes
    }

    /// The number of nodes.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// The number of moves in the longest play from the root (children follow their parent
    /// in preorder, so one backward pass suffices).
    pub fn height(&self) -> usize {
        let mut height = vec![0usize; self.nodes.len()];
        for (v, n) in self.nodes.iter().enumerate().rev() {
            height[v] = n
                .left
                .iter()
                .chain(&n.right)
                .map(|&c| height[c] + 1)
                .max()
                .unwrap_or(0);
        }
        height[0]
    }

    /// Always false: a game has its root.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The root's score `G^S`.
    pub fn score(&self) -> Rational {
        self.nodes[0].score
    }

    /// The subgame rooted at node `v`, as a game of its own.
    pub fn subgame(&self, v: usize) -> ScoringGame {
        let mut map = HashMap::new();
        let mut nodes = Vec::new();
        let mut stack = vec![v];
        // Preorder copy: a node is pushed before its options, in the same order as the arena.
        let mut order = Vec::new();
        while let Some(u) = stack.pop() {
            map.insert(u, order.len());
            order.push(u);
            let n = &self.nodes[u];
            stack.extend(n.left.iter().chain(&n.right).rev());
        }
        for &u in &order {
            let n = &self.nodes[u];
            nodes.push(Node {
                score: n.score,
                left: n.left.iter().map(|c| map[c]).collect(),
                right: n.right.iter().map(|c| map[c]).collect(),
            });
        }
        ScoringGame { nodes }
    }

    /// `G_F^{SL}` and `G_F^{SR}` of every node (Definition 3), by one backward pass over the
    /// preorder arena: `LeftFirst(G) = G^S` if `G^L = ∅`, else `max RightFirst(G^L)`, and
    /// `RightFirst(G) = G^S` if `G^R = ∅`, else `min LeftFirst(G^R)`.
    pub fn all_finals(&self) -> Vec<Finals> {
        let mut finals = vec![
            Finals {
                left: Rational::ZERO,
                right: Rational::ZERO
            };
            self.nodes.len()
        ];
        for v in (0..self.nodes.len()).rev() {
            let n = &self.nodes[v];
            let left = n.left.iter().map(|&c| finals[c].right).max();
            let right = n.right.iter().map(|&c| finals[c].left).min();
            finals[v] = Finals {
                left: left.unwrap_or(n.score),
                right: right.unwrap_or(n.score),
            };
        }
        finals
    }

    /// The final scores of the whole game (Definition 3).
    pub fn finals(&self) -> Finals {
        self.all_finals()[0]
    }

    /// The outcome class of the whole game (Definition 6).
    pub fn outcome_class(&self) -> OutcomeClass {
        self.finals().class()
    }

    /// The conjugate `−G`: Left and Right swapped and every score negated.
    pub fn negate(&self) -> ScoringGame {
        ScoringGame {
            nodes: self
                .nodes
                .iter()
                .map(|n| Node {
                    score: -n.score,
                    left: n.right.clone(),
                    right: n.left.clone(),
                })
                .collect(),
        }
    }

    /// `G +_ℓ c` for a number `c`: every score shifted by `c`.
    pub fn shift(&self, c: Rational) -> Result<ScoringGame, EngineError> {
        let mut nodes = self.nodes.clone();
        for n in &mut nodes {
            n.score = add(n.score, c)?;
        }
        Ok(ScoringGame { nodes })
    }

    /// Structural identity: same scores and the same sets of options (in any order), at every
    /// node. This is the equality the paper uses in Definition 7 and its Figure 1 checks.
    pub fn identical(&self, other: &ScoringGame) -> bool {
        let mut shapes = Shapes::default();
        let a = shapes.shape_ids(self);
        let b = shapes.shape_ids(other);
        self.score() == other.score() && a[0].0 == b[0].0
    }

    /// The impartiality test of Definition 7 at every node: `G^L = ∅` iff `G^R = ∅`, and every
    /// Left option `g^L` has a Right option `g^R` with `g^L +_ℓ −G^S = −(g^R +_ℓ −G^S)` (and
    /// every Right option a Left one: the relation is symmetric, so the options pair up).
    pub fn impartiality(&self) -> Impartiality {
        let mut shapes = Shapes::default();
        let ids = shapes.shape_ids(self);
        // g^L − S = −(g^R − S)  ⇔  score(g^L) − S = S − score(g^R) and shape(g^L) = shape(−g^R)
        // (compared exactly, so huge scores cannot overflow into a false "impartial").
        let mirrors = |s: Rational, a: usize, b: usize| {
            s.is_midpoint(self.nodes[a].score, self.nodes[b].score) && ids[a].0 == ids[b].1
        };
        for (v, n) in self.nodes.iter().enumerate() {
            let fail = |why: String| Impartiality {
                impartial: false,
                reason: Some(format!("at {}: {why}", self.subgame(v))),
            };
            if n.left.is_empty() != n.right.is_empty() {
                return fail("one player has options and the other has none".into());
            }
            for (side, other, name) in [(&n.left, &n.right, "Left"), (&n.right, &n.left, "Right")] {
                for &a in side {
                    if !other.iter().any(|&b| mirrors(n.score, a, b)) {
                        return fail(format!(
                            "the {name} option {} has no mirror image among the other player's options",
                            self.subgame(a)
                        ));
                    }
                }
            }
        }
        Impartiality {
            impartial: true,
            reason: None,
        }
    }

    /// The long-rule sum `G +_ℓ H` (Definition 4) as a tree, for drawing; fails with a message
    /// when the sum has more than [`MAX_NODES`] nodes (its final scores are still available
    /// from [`sum_final_scores`]).
    pub fn sum(&self, other: &ScoringGame) -> Result<ScoringGame, EngineError> {
        // Node count of the sum tree: c(g, h) = 1 + Σ_{g'} c(g', h) + Σ_{h'} c(g, h').
        let (n, m) = (self.len(), other.len());
        let mut count = vec![0u64; n * m];
        for g in (0..n).rev() {
            for h in (0..m).rev() {
                let (a, b) = (&self.nodes[g], &other.nodes[h]);
                let mut c = 1u64;
                for &x in a.left.iter().chain(&a.right) {
                    c = c.saturating_add(count[x * m + h]);
                }
                for &y in b.left.iter().chain(&b.right) {
                    c = c.saturating_add(count[g * m + y]);
                }
                count[g * m + h] = c;
            }
        }
        if count[0] > MAX_NODES as u64 {
            return Err(EngineError::OutOfRange(format!(
                "the sum's tree has {} nodes; HeapLab draws trees up to {MAX_NODES} nodes (the \
                 final scores and class are still computed)",
                count[0]
            )));
        }
        let sum = self.sum_at(other, 0, 0);
        for node in &sum.nodes {
            node.score.check()?;
        }
        Ok(sum)
    }

    fn sum_at(&self, other: &ScoringGame, g: usize, h: usize) -> ScoringGame {
        let (a, b) = (&self.nodes[g], &other.nodes[h]);
        let options = |mine: &[usize], theirs: &[usize]| -> Vec<ScoringGame> {
            let mut out: Vec<ScoringGame> =
                mine.iter().map(|&x| self.sum_at(other, x, h)).collect();
            out.extend(theirs.iter().map(|&y| self.sum_at(other, g, y)));
            out
        };
        let left = options(&a.left, &b.left);
        let right = options(&a.right, &b.right);
        // The caller checked the node count; an overflowed score is caught by the caller.
        let score = a.score + b.score;
        ScoringGame::new(score, left, right).unwrap_or_else(|_| ScoringGame::number(score))
    }

    /// The game tree (Definition 2) for the tree component: every node is labelled with its
    /// score; Left's options slant left and Right's right; the hover text gives the subgame,
    /// both final scores and its class; an edge is thick when the move is optimal for the
    /// player making it (it achieves that node's final score), and a node's colour is its class
    /// (1 for `𝓛`, 2 for `𝓡`, 3 for `𝓝`, 4 for `𝓟`, 0 for `𝓣`).
    pub fn tree(&self) -> Tree {
        let finals = self.all_finals();
        let node = |v: usize, edge: Edge| {
            let f = finals[v];
            let class = match f.class() {
                OutcomeClass::L => 1,
                OutcomeClass::R => 2,
                OutcomeClass::N => 3,
                OutcomeClass::P => 4,
                OutcomeClass::T => 0,
            };
            let mut text = self.subgame(v).to_string();
            if text.chars().count() > 120 {
                text = text.chars().take(117).collect::<String>() + "...";
            }
            let detail = format!(
                "{text}; Left first: {}, Right first: {}, class {}",
                f.left,
                f.right,
                f.class()
            );
            TreeNode::new(self.nodes[v].score.to_string(), detail, class).with_edge(edge)
        };
        let mut tree = Tree::new(node(0, Edge::default()));
        let mut index = vec![0usize; self.nodes.len()];
        for (v, n) in self.nodes.iter().enumerate() {
            for (side, slant) in [(&n.left, Slant::Left), (&n.right, Slant::Right)] {
                for &c in side {
                    let best = match slant {
                        Slant::Left => finals[v].left == finals[c].right,
                        _ => finals[v].right == finals[c].left,
                    };
                    let edge = Edge {
                        label: String::new(),
                        marked: best,
                        slant,
                        double: false,
                    };
                    index[c] = tree.add_child(index[v], node(c, edge));
                }
            }
        }
        tree
    }
}

impl fmt::Display for ScoringGame {
    /// Bracket notation; a node without options is written as its number.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fn write(g: &ScoringGame, v: usize, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            let n = &g.nodes[v];
            if n.left.is_empty() && n.right.is_empty() {
                return write!(f, "{}", n.score);
            }
            f.write_str("{")?;
            for (side, close) in [(&n.left, true), (&n.right, false)] {
                for (i, &c) in side.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write(g, c, f)?;
                }
                if close {
                    write!(f, "|{}|", n.score)?;
                }
            }
            f.write_str("}")
        }
        write(self, 0, f)
    }
}

/// Hash-consed shapes: a node's shape is its subtree with scores taken relative to the node's
/// own score, options as sets. Two subtrees are identical iff their scores and shapes agree.
#[derive(Default)]
struct Shapes {
    ids: HashMap<(ShapeOptions, ShapeOptions), u32>,
}

/// One side's options in a shape: (score relative to the parent, the option's shape id).
type ShapeOptions = Vec<(Rational, u32)>;

impl Shapes {
    fn intern(&mut self, mut left: ShapeOptions, mut right: ShapeOptions) -> u32 {
        left.sort_unstable_by(|a, b| a.0.cmp(&b.0).then(a.1.cmp(&b.1)));
        left.dedup();
        right.sort_unstable_by(|a, b| a.0.cmp(&b.0).then(a.1.cmp(&b.1)));
        right.dedup();
        let next = self.ids.len() as u32;
        *self.ids.entry((left, right)).or_insert(next)
    }

    /// For every node: (shape of the subtree, shape of its negation).
    fn shape_ids(&mut self, g: &ScoringGame) -> Vec<(u32, u32)> {
        let mut ids = vec![(0u32, 0u32); g.len()];
        for v in (0..g.len()).rev() {
            let n = &g.nodes[v];
            let rel = |c: &usize| g.nodes[*c].score - n.score;
            let left: Vec<_> = n.left.iter().map(|c| (rel(c), ids[*c].0)).collect();
            let right: Vec<_> = n.right.iter().map(|c| (rel(c), ids[*c].0)).collect();
            // −G: Left's options are the negated Right options, scores negated.
            let neg_left: Vec<_> = n.right.iter().map(|c| (-rel(c), ids[*c].1)).collect();
            let neg_right: Vec<_> = n.left.iter().map(|c| (-rel(c), ids[*c].1)).collect();
            ids[v] = (self.intern(left, right), self.intern(neg_left, neg_right));
        }
        ids
    }
}

/// The bracket-notation parser behind [`ScoringGame::parse`].
mod parse;
use parse::Parser;

/// The long-rule sum, re-exported so its path stays `scoring::game::sum_final_scores`.
mod sum;
pub use sum::sum_final_scores;

#[cfg(test)]
mod tests;
