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
use crate::{Budget, EngineError};

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

/// A recursive-descent parser for bracket notation, writing the arena in preorder.
struct Parser<'t> {
    chars: &'t [char],
    at: usize,
    nodes: Vec<Node>,
}

impl Parser<'_> {
    fn error(&self, what: &str) -> EngineError {
        EngineError::Parse(format!("{what} (at character {})", self.at + 1))
    }

    fn skip_space(&mut self) {
        while self.at < self.chars.len() && self.chars[self.at].is_whitespace() {
            self.at += 1;
        }
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    /// Parses one game at the cursor and returns its node index.
    fn game(&mut self, depth: usize) -> Result<usize, EngineError> {
        if depth > MAX_DEPTH {
            return Err(EngineError::OutOfRange(format!(
                "the game is nested more than {MAX_DEPTH} levels deep"
            )));
        }
        if self.nodes.len() >= MAX_NODES {
            return Err(too_many_nodes());
        }
        self.skip_space();
        let v = self.nodes.len();
        self.nodes.push(Node {
            score: Rational::ZERO,
            left: Vec::new(),
            right: Vec::new(),
        });
        match self.peek() {
            Some('{') => {
                self.at += 1;
                let left = self.options(depth, '|')?;
                self.expect('|', "'|' after Left's options")?;
                let score = self.number()?;
                self.skip_space();
                self.expect('|', "'|' after the score")?;
                let right = self.options(depth, '}')?;
                self.expect('}', "'}' to close the game")?;
                let n = &mut self.nodes[v];
                n.score = score;
                n.left = left;
                n.right = right;
            }
            Some(_) => self.nodes[v].score = self.number()?,
            None => return Err(self.error("the text ends where a game was expected")),
        }
        Ok(v)
    }

    fn expect(&mut self, c: char, what: &str) -> Result<(), EngineError> {
        self.skip_space();
        if self.peek() == Some(c) {
            self.at += 1;
            Ok(())
        } else {
            Err(self.error(&match self.peek() {
                Some(found) => format!("expected {what}, found '{found}'"),
                None => format!("expected {what}, but the text ends"),
            }))
        }
    }

    /// A comma-separated list of games up to (not including) `end`; empty, or `.`, is `∅`.
    fn options(&mut self, depth: usize, end: char) -> Result<Vec<usize>, EngineError> {
        self.skip_space();
        if self.peek() == Some('.') {
            let after = self.chars.get(self.at + 1).copied();
            if !after.is_some_and(|c| c.is_ascii_digit()) {
                self.at += 1;
                self.skip_space();
                return Ok(Vec::new());
            }
        }
        if self.peek() == Some(end) || (end == '}' && self.peek() == Some('|')) {
            return Ok(Vec::new());
        }
        let mut out = vec![self.game(depth + 1)?];
        loop {
            self.skip_space();
            if self.peek() != Some(',') {
                return Ok(out);
            }
            self.at += 1;
            out.push(self.game(depth + 1)?);
        }
    }

    /// A score: an integer, a decimal or a fraction.
    fn number(&mut self) -> Result<Rational, EngineError> {
        self.skip_space();
        let start = self.at;
        while let Some(c) = self.peek() {
            if c.is_ascii_digit() || matches!(c, '-' | '+' | '.' | '/') {
                self.at += 1;
            } else {
                break;
            }
        }
        let text: String = self.chars[start..self.at].iter().collect();
        if text.is_empty() {
            self.at = start;
            return Err(self.error(&match self.peek() {
                Some(c) => format!("expected a score (a number), found '{c}'"),
                None => "expected a score (a number), but the text ends".into(),
            }));
        }
        Rational::parse(text.trim_start_matches('+')).map_err(|e| {
            self.at = start;
            self.error(&e.to_string())
        })
    }
}

/// The final scores of the long-rule sum `G_1 +_ℓ … +_ℓ G_k` (Definition 4) without building
/// it: negamax memoised on (the tuple of component nodes, who moves). The game ends when the
/// player to move has no option in any component; its score is the sum of the components'.
pub fn sum_final_scores(
    games: &[&ScoringGame],
    budget: &mut Budget<'_>,
) -> Result<Finals, EngineError> {
    if games.is_empty() {
        return Err(EngineError::OutOfRange(
            "a sum needs at least one game".into(),
        ));
    }
    // The solver recurses once per move along a play: bound the longest play.
    let longest: usize = games.iter().map(|g| g.height()).sum();
    if longest > MAX_SUM_PLAY {
        return Err(EngineError::OutOfRange(format!(
            "a play of the sum can last {longest} moves; HeapLab solves sums whose plays last \
             at most {MAX_SUM_PLAY}: use fewer or shallower games"
        )));
    }
    let mut solver = SumSolver {
        games,
        memo: rustc_hash::FxHashMap::default(),
        budget,
        // Each memo entry stores one node index per component: cap the words, not the entries.
        max_states: (MAX_SUM_WORDS / games.len()).min(MAX_SUM_STATES),
    };
    let root = vec![0usize; games.len()];
    Ok(Finals {
        left: solver.value(&root, true)?,
        right: solver.value(&root, false)?,
    })
}

struct SumSolver<'g, 'b, 'c> {
    games: &'g [&'g ScoringGame],
    /// Fx-hashed: the keys are short vectors of node indices, hashed millions of times.
    memo: rustc_hash::FxHashMap<(Vec<usize>, bool), Rational>,
    budget: &'b mut Budget<'c>,
    max_states: usize,
}

impl SumSolver<'_, '_, '_> {
    fn value(&mut self, at: &[usize], left_moves: bool) -> Result<Rational, EngineError> {
        let key = (at.to_vec(), left_moves);
        if let Some(&v) = self.memo.get(&key) {
            return Ok(v);
        }
        if self.memo.len() >= self.max_states {
            return Err(EngineError::OutOfRange(format!(
                "the sum has more than {} positions (of {} games each); solve smaller or fewer \
                 games",
                self.max_states,
                self.games.len()
            )));
        }
        let mut best: Option<Rational> = None;
        let mut next = at.to_vec();
        for (i, g) in self.games.iter().enumerate() {
            let n = &g.nodes[at[i]];
            let side = if left_moves { &n.left } else { &n.right };
            for &c in side {
                next[i] = c;
                let v = self.value(&next, !left_moves)?;
                best = Some(match best {
                    None => v,
                    Some(b) if left_moves => b.max(v),
                    Some(b) => b.min(v),
                });
            }
            next[i] = at[i];
        }
        let value = match best {
            Some(v) => v,
            None => {
                let mut s = Rational::ZERO;
                for (i, g) in self.games.iter().enumerate() {
                    s = add(s, g.nodes[at[i]].score)?;
                }
                s
            }
        };
        self.memo.insert(key, value);
        if self.memo.len().is_multiple_of(4096) {
            self.budget
                .tick(self.memo.len() as u64, self.max_states as u64)?;
        }
        Ok(value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn g(text: &str) -> ScoringGame {
        ScoringGame::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    fn q(n: i64) -> Rational {
        Rational::int(n)
    }

    #[test]
    fn parses_sums_term_by_term() {
        let printed = |text: &str| -> Vec<String> {
            ScoringGame::parse_sum(text)
                .unwrap_or_else(|e| panic!("{text}: {e}"))
                .iter()
                .map(ScoringGame::to_string)
                .collect()
        };
        // Conjecture 9's G + G, with the paper's minus sign.
        let conj9 = "{2,{1|2|3}|0|\u{2212}2,{\u{2212}3|\u{2212}2|\u{2212}1}}";
        assert_eq!(printed(&format!("{conj9} + {conj9}")).len(), 2);
        assert_eq!(printed("{4|3|2}+{1|0|-1}+5"), ["{4|3|2}", "{1|0|-1}", "5"]);
        // A leading `+` is a sign, not a sum.
        assert_eq!(printed("3 + +4"), ["3", "4"]);
        assert_eq!(printed("+3"), ["3"]);
        assert_eq!(printed("{4|3|2}"), ["{4|3|2}"]);
        for bad in ["", "{4|3|2} +", "{4|3|2} + + ", "{1|+|2}", "{4|3|2} + {1|2"] {
            assert!(ScoringGame::parse_sum(bad).is_err(), "{bad:?}");
        }
        let err = ScoringGame::parse_sum("{4|3|2} + {1|x|2}").unwrap_err();
        assert!(err.to_string().contains("term 2"), "{err}");
    }

    #[test]
    fn parses_and_prints_bracket_notation() {
        let fig1 = g("{2,{11|4|-3}|3|4,{9|2|-5}}");
        assert_eq!(fig1.len(), 9, "Figure 1 has nine nodes");
        assert_eq!(fig1.to_string(), "{2,{11|4|-3}|3|4,{9|2|-5}}");
        assert_eq!(g(" { . | 5 | . } ").to_string(), "5");
        assert_eq!(g("{|0|}").to_string(), "0");
        assert_eq!(g("{2.5|1/2|−3}").to_string(), "{5/2|1/2|-3}");
        assert_eq!(g("{.5|0|}").to_string(), "{1/2|0|}");
    }

    #[test]
    fn bad_text_gets_a_clear_error() {
        for bad in [
            "",
            "{",
            "{1|2}",
            "{1|2|3",
            "{1|x|3}",
            "{1|2|3}}",
            "{,|0|}",
            "{1|2|3} 4",
            "1/0",
        ] {
            let err = ScoringGame::parse(bad).expect_err(bad);
            assert!(matches!(err, EngineError::Parse(_)), "{bad}: {err}");
        }
        let deep = "{".repeat(MAX_DEPTH + 5) + "0" + &"||}".repeat(MAX_DEPTH + 5);
        assert!(matches!(
            ScoringGame::parse(&deep),
            Err(EngineError::OutOfRange(_))
        ));
        let wide = format!("{{{}|0|}}", vec!["1"; MAX_NODES + 1].join(","));
        assert!(ScoringGame::parse(&wide).is_err());
    }

    /// Stewart, Figure 1 and Section 2: G = {2,{11|4|−3} | 3 | 4,{9|2|−5}} is impartial, with
    /// the paper's checks {11|4|−3} +_ℓ −3 = {8|1|−6} = −({9|2|−5} +_ℓ −3).
    #[test]
    fn figure_1_game() {
        let fig1 = g("{2,{11|4|-3}|3|4,{9|2|-5}}");
        assert_eq!(fig1.score(), q(3));
        let imp = fig1.impartiality();
        assert!(imp.impartial, "{:?}", imp.reason);
        let a = g("{11|4|-3}").shift(q(-3)).unwrap();
        let b = g("{9|2|-5}").shift(q(-3)).unwrap().negate();
        assert!(a.identical(&g("{8|1|-6}")));
        assert!(b.identical(&g("{8|1|-6}")));
        assert!(g("2")
            .shift(q(-3))
            .unwrap()
            .identical(&g("4").shift(q(-3)).unwrap().negate()));
        // Left first: 2 (to 2; {11|4|−3} lets Right reach −3). Right first: 4.
        let f = fig1.finals();
        assert_eq!((f.left, f.right), (q(2), q(4)));
        assert_eq!(fig1.outcome_class(), OutcomeClass::L);
        let labels: Vec<String> = fig1.nodes().iter().map(|n| n.score.to_string()).collect();
        let mut sorted = labels.clone();
        sorted.sort();
        let mut paper: Vec<String> = "11 -3 9 -5 2 4 2 4 3"
            .split(' ')
            .map(String::from)
            .collect();
        paper.sort();
        assert_eq!(sorted, paper, "the node labels of Figure 1");
    }

    /// Stewart, Theorem 8 and Figure 2: the identity i = {{0|0|0} | 0 | {0|0|0}} (seven nodes,
    /// all 0) is impartial, and adding it keeps the final scores of impartial games.
    #[test]
    fn identity_game_of_figure_2() {
        let i = g("{{0|0|0}|0|{0|0|0}}");
        assert_eq!(i.len(), 7);
        assert!(i.nodes().iter().all(|n| n.score == Rational::ZERO));
        assert!(i.impartiality().impartial);
        assert_eq!(i.outcome_class(), OutcomeClass::T);
        for text in [
            "{2,{11|4|-3}|3|4,{9|2|-5}}",
            "{4|3|2}",
            "{2,{1|2|3}|0|-2,{-3|-2|-1}}",
            "{{1|0|-1}|0|{1|0|-1}}",
            "7",
        ] {
            let x = g(text);
            assert!(x.impartiality().impartial, "{text}");
            let alone = x.finals();
            let with_i = sum_final_scores(&[&x, &i], &mut Budget::unlimited()).unwrap();
            assert_eq!(alone, with_i, "{text} + i");
        }
    }

    /// Stewart, Conjecture 9: G = {2,{1|2|3} | 0 | −2,{−3|−2|−1}} has −G = G, yet G +_ℓ G is in
    /// 𝓟 (Left first ends at −1, Right first at +1), so −G is not an inverse.
    #[test]
    fn conjecture_9_example() {
        let x = g("{2,{1|2|3}|0|-2,{-3|-2|-1}}");
        assert!(x.impartiality().impartial);
        assert!(x.negate().identical(&x));
        let f = sum_final_scores(&[&x, &x], &mut Budget::unlimited()).unwrap();
        assert_eq!((f.left, f.right), (q(-1), q(1)));
        assert_eq!(f.class(), OutcomeClass::P);
        let built = x.sum(&x).unwrap();
        assert_eq!(
            built.finals(),
            f,
            "the built sum agrees with the memoised one"
        );
    }

    /// Stewart, Section 2: {4|3|2} is impartial (each player gains one point) and Left wins
    /// moving first (4) or second (2).
    #[test]
    fn four_three_two() {
        let x = g("{4|3|2}");
        assert!(x.impartiality().impartial);
        let f = x.finals();
        assert_eq!((f.left, f.right), (q(4), q(2)));
        assert_eq!(x.outcome_class(), OutcomeClass::L);
        let not = g("{5|3|2}").impartiality();
        assert!(!not.impartial);
        assert!(not.reason.unwrap().contains("mirror"));
        assert!(!g("{4|3|}").impartiality().impartial);
    }

    /// Definition 6 including the boundary cases (+,0), (0,+) → 𝓛.
    #[test]
    fn outcome_classes_from_signs() {
        let c = |l, r| OutcomeClass::from_finals(q(l), q(r)).letter();
        assert_eq!(
            [
                c(1, 1),
                c(1, 0),
                c(0, 1),
                c(-1, -1),
                c(-1, 0),
                c(0, -1),
                c(1, -1),
                c(-1, 1),
                c(0, 0)
            ],
            ["L", "L", "L", "R", "R", "R", "N", "P", "T"]
        );
        // The paper's remark: {a | G^S | b} can lie in every class.
        assert_eq!(g("{1|0|-1}").outcome_class(), OutcomeClass::N);
        assert_eq!(g("{-1|0|1}").outcome_class(), OutcomeClass::P);
        assert_eq!(g("{0|0|0}").outcome_class(), OutcomeClass::T);
        assert_eq!(g("{-2|-3|-4}").outcome_class(), OutcomeClass::R);
    }

    /// Small random games, to compare the memoised sum with the built sum tree.
    fn random_game(seed: &mut u64, depth: u32) -> ScoringGame {
        let mut next = || {
            *seed ^= *seed << 13;
            *seed ^= *seed >> 7;
            *seed ^= *seed << 17;
            *seed
        };
        let score = q((next() % 11) as i64 - 5);
        if depth == 0 || next() % 3 == 0 {
            return ScoringGame::number(score);
        }
        let nl = (next() % 3) as usize;
        let nr = (next() % 3) as usize;
        let left = (0..nl).map(|_| random_game(seed, depth - 1)).collect();
        let right = (0..nr).map(|_| random_game(seed, depth - 1)).collect();
        ScoringGame::new(score, left, right).unwrap()
    }

    #[test]
    fn memoised_sums_match_built_sum_trees() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..300 {
            let a = random_game(&mut seed, 3);
            let b = random_game(&mut seed, 3);
            let fast = sum_final_scores(&[&a, &b], &mut Budget::unlimited()).unwrap();
            let built = a.sum(&b).unwrap();
            assert_eq!(fast, built.finals(), "{a} + {b}");
            // Commutativity of the long-rule sum (final scores).
            let swapped = sum_final_scores(&[&b, &a], &mut Budget::unlimited()).unwrap();
            assert_eq!(fast, swapped);
            // Negation mirrors the final scores.
            let neg = a.negate().finals();
            assert_eq!((neg.left, neg.right), (-a.finals().right, -a.finals().left));
            // Printing and parsing round-trip.
            assert!(ScoringGame::parse(&a.to_string()).unwrap().identical(&a));
        }
    }

    #[test]
    fn tree_marks_optimal_moves() {
        let fig1 = g("{2,{11|4|-3}|3|4,{9|2|-5}}");
        let tree = fig1.tree();
        assert_eq!(tree.len(), 9);
        let root = &tree.nodes[0];
        assert_eq!(root.label, "3");
        let kids: Vec<(&str, bool, Slant)> = root
            .children
            .iter()
            .map(|&c| {
                let n = &tree.nodes[c];
                (n.label.as_str(), n.edge.marked, n.edge.slant)
            })
            .collect();
        assert_eq!(
            kids,
            [
                ("2", true, Slant::Left),
                ("4", false, Slant::Left),
                ("4", true, Slant::Right),
                ("2", false, Slant::Right)
            ]
        );
    }
}
