//! Extensive Form Games (Definition 9) read from JSON, solved by backward induction
//! (Definitions 10, 11), and turned into a strategically equivalent single-heap cumulative game
//! (Theorem 11; with a cyclic turn function after cycle completion, Theorem 12).
//!
//! JSON format: `{"players": 2, "root": NODE}` where a NODE is either a decision node
//! `{"player": 1, "children": [NODE, ...], "label": "optional"}` (players are 1-based) or a
//! terminal `{"utility": [3, "1/2", 0.25], "label": "optional"}` with one utility per player
//! (integers, decimals or fraction strings). Trees are capped at [`MAX_EFG_NODES`] nodes.

use serde::Serialize;

use super::{
    Ending, Game, Grounded, HeapRule, HeapUtility, Moves, Position, Rational, Reward, TieBreak,
    Turn,
};
use crate::EngineError;

/// Most nodes of an imported Extensive Form Game.
pub const MAX_EFG_NODES: usize = 20_000;
/// Deepest nesting of an imported Extensive Form Game.
pub const MAX_EFG_DEPTH: usize = 200;

/// Largest JSON text of an imported game, in bytes (readers stop after this many).
pub const MAX_EFG_BYTES: usize = 4 << 20;
/// Deepest JSON nesting accepted: two levels a tree level, plus room for utility arrays.
const JSON_DEPTH_LIMIT: usize = 2 * MAX_EFG_DEPTH + 8;

/// The deepest nesting of `[`/`{` in a JSON text (brackets inside strings do not count).
fn json_depth(text: &str) -> usize {
    let (mut depth, mut deepest, mut in_string, mut escaped) = (0usize, 0usize, false, false);
    for b in text.bytes() {
        match (in_string, escaped, b) {
            (true, true, _) => escaped = false,
            (true, false, b'\\') => escaped = true,
            (true, false, b'"') => in_string = false,
            (true, false, _) => {}
            (false, _, b'"') => in_string = true,
            (false, _, b'[' | b'{') => {
                depth += 1;
                deepest = deepest.max(depth);
            }
            (false, _, b']' | b'}') => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    deepest
}

/// One state of an Extensive Form Game, stored in preorder.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EfgState {
    /// The player to move (0-based); for terminals, the player assigned to the terminal.
    pub player: usize,
    /// Children (indices into [`Efg::states`]); empty at terminals.
    pub children: Vec<usize>,
    /// Utilities at a terminal, one per player.
    pub utility: Option<Vec<Rational>>,
    /// Optional name.
    pub label: String,
}

/// An Extensive Form Game `([n], S, T, s0, δ, g, U)`: states in preorder, `states[0] = s0`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Efg {
    /// Number of players.
    pub players: usize,
    /// The states in preorder (every node before its descendants).
    pub states: Vec<EfgState>,
}

/// A parsed JSON value as [`Efg::from_tree`] walks it. `&serde_json::Value` implements it (the
/// CLI, Python and [`Efg::from_json`]); the web page implements it over the browser's own
/// `JSON.parse` result, so the wasm module carries no JSON parser. One reader serves both.
pub trait JsonTree: Sized {
    /// The member `key` of an object (`None` for a missing key or a non-object).
    fn member(&self, key: &str) -> Option<Self>;
    /// A non-negative integer.
    fn as_count(&self) -> Option<u64>;
    /// A string.
    fn as_text(&self) -> Option<String>;
    /// The elements of an array.
    fn elements(&self) -> Option<Vec<Self>>;
    /// A number as decimal text, for an exact [`Rational`].
    fn number_text(&self) -> Option<String>;
}

impl JsonTree for &serde_json::Value {
    fn member(&self, key: &str) -> Option<Self> {
        self.get(key)
    }
    fn as_count(&self) -> Option<u64> {
        self.as_u64()
    }
    fn as_text(&self) -> Option<String> {
        self.as_str().map(str::to_string)
    }
    fn elements(&self) -> Option<Vec<Self>> {
        self.as_array().map(|items| items.iter().collect())
    }
    fn number_text(&self) -> Option<String> {
        self.as_number().map(|n| n.to_string())
    }
}

/// A utility: a number, or a string holding a fraction or decimal.
fn number(v: &impl JsonTree) -> Result<Rational, EngineError> {
    match (v.number_text(), v.as_text()) {
        (Some(text), _) | (None, Some(text)) => Rational::parse(&text),
        (None, None) => Err(EngineError::Parse(
            "a utility must be a number or a fraction string".into(),
        )),
    }
}

/// One node of the tree: its state (children not yet linked) and its child nodes, in order.
fn read_node<T: JsonTree>(
    node: &T,
    index: usize,
    players: usize,
) -> Result<(EfgState, Vec<T>), EngineError> {
    let label = node
        .member("label")
        .and_then(|l| l.as_text())
        .unwrap_or_default();
    let player = node.member("player").and_then(|p| p.as_count());
    let children = node.member("children").and_then(|c| c.elements());
    let utility = node.member("utility");
    match (children, utility.as_ref().and_then(|u| u.elements())) {
        (Some(kids), None) if !kids.is_empty() && utility.is_none() => {
            let player = player
                .filter(|&p| p >= 1 && p as usize <= players)
                .ok_or_else(|| {
                    EngineError::Parse(format!(
                        "node {index}: a decision node needs \"player\" 1..={players}"
                    ))
                })? as usize;
            let state = EfgState {
                player: player - 1,
                children: Vec::new(),
                utility: None,
                label,
            };
            Ok((state, kids))
        }
        (None, Some(us)) => {
            if us.len() != players {
                return Err(EngineError::Parse(format!(
                    "node {index}: a terminal needs {players} utilities, not {}",
                    us.len()
                )));
            }
            let utility = us.iter().map(number).collect::<Result<Vec<_>, _>>()?;
            let state = EfgState {
                player: player.map_or(0, |p| (p as usize).saturating_sub(1) % players),
                children: Vec::new(),
                utility: Some(utility),
                label,
            };
            Ok((state, Vec::new()))
        }
        _ => Err(EngineError::Parse(format!(
            "node {index}: give either non-empty \"children\" or \"utility\""
        ))),
    }
}

impl Efg {
    /// Parses the JSON format described in the module documentation.
    pub fn from_json(text: &str) -> Result<Self, EngineError> {
        Self::check_json_text(text)?;
        // The nesting is capped by `check_json_text`'s flat scan, so serde_json's own recursion
        // limit (128, below the two JSON levels a tree level needs) can be lifted safely.
        let mut reader = serde_json::Deserializer::from_str(text);
        reader.disable_recursion_limit();
        let value = serde::Deserialize::deserialize(&mut reader)
            .and_then(|v: serde_json::Value| reader.end().map(|()| v))
            .map_err(|e| EngineError::Parse(format!("the game is not valid JSON: {e}")))?;
        Self::from_tree(&value)
    }

    /// The caps every reader applies before parsing: at most [`MAX_EFG_BYTES`] bytes, and a
    /// nesting of at most two JSON levels a tree level (checked by a flat scan, so no parser's
    /// recursion can reach the stack's end).
    pub fn check_json_text(text: &str) -> Result<(), EngineError> {
        if text.len() > MAX_EFG_BYTES {
            return Err(EngineError::OutOfRange(format!(
                "the game's JSON is larger than {MAX_EFG_BYTES} bytes"
            )));
        }
        if json_depth(text) > JSON_DEPTH_LIMIT {
            return Err(EngineError::OutOfRange(format!(
                "the game is deeper than {MAX_EFG_DEPTH}"
            )));
        }
        Ok(())
    }

    /// Reads a game from a parsed JSON value (`{"players": n, "root": NODE}`).
    pub fn from_tree<T: JsonTree>(value: T) -> Result<Self, EngineError> {
        let players = value
            .member("players")
            .and_then(|n| n.as_count())
            .filter(|&n| (1..=super::MAX_PLAYERS as u64).contains(&n))
            .ok_or_else(|| {
                EngineError::Parse(format!(
                    "\"players\" must be a number 1..={}",
                    super::MAX_PLAYERS
                ))
            })? as usize;
        let root = value
            .member("root")
            .ok_or_else(|| EngineError::Parse("the game needs a \"root\" node".into()))?;
        let mut efg = Efg {
            players,
            states: Vec::new(),
        };
        // Iterative preorder: (node, parent index, depth).
        let mut stack: Vec<(T, Option<usize>, usize)> = vec![(root, None, 0)];
        while let Some((node, parent, depth)) = stack.pop() {
            if efg.states.len() >= MAX_EFG_NODES {
                return Err(EngineError::OutOfRange(format!(
                    "the game has more than {MAX_EFG_NODES} nodes"
                )));
            }
            if depth > MAX_EFG_DEPTH {
                return Err(EngineError::OutOfRange(format!(
                    "the game is deeper than {MAX_EFG_DEPTH}"
                )));
            }
            let index = efg.states.len();
            let (state, kids) = read_node(&node, index, players)?;
            for kid in kids.into_iter().rev() {
                stack.push((kid, Some(index), depth + 1));
            }
            efg.states.push(state);
            if let Some(p) = parent {
                efg.states[p].children.push(index);
            }
        }
        Ok(efg)
    }

    /// Backward induction on the tree itself (Definitions 10, 11), with the same preference
    /// rule as the cumulative solver: the PSPE value of every state and each choice.
    pub fn solve(&self, tie: TieBreak) -> (Vec<Vec<Rational>>, Vec<Option<usize>>) {
        let chooser = Game {
            players: self.players,
            heaps: Vec::new(),
            turn: Turn::Cyclic,
            ending: Ending::Scoring,
            tie,
        };
        let n = self.states.len();
        let mut values: Vec<Vec<Rational>> = vec![Vec::new(); n];
        let mut choices = vec![None; n];
        for s in (0..n).rev() {
            let state = &self.states[s];
            if let Some(u) = &state.utility {
                values[s] = u.clone();
                continue;
            }
            let options: Vec<&[Rational]> = state
                .children
                .iter()
                .map(|&c| values[c].as_slice())
                .collect();
            let best = chooser.choose(state.player, &options);
            choices[s] = Some(best);
            values[s] = values[state.children[best]].clone();
        }
        (values, choices)
    }

    /// The cycle completion `cyc(G)` of Section 8: every edge `s → s'` whose players are not
    /// consecutive (`δ(s') ≠ δ(s) + 1 mod n`) becomes a chain of forced moves through dummy
    /// states of players `δ(s) + 1, δ(s) + 2, …`, so that turns go round cyclically. Edges
    /// into terminals are kept (a terminal's player does not matter). Same values, same PSPE
    /// play on the original states.
    pub fn cycle_complete(&self) -> Efg {
        let n = self.players.max(1);
        let mut out = Efg {
            players: self.players,
            states: Vec::new(),
        };
        // Iterative preorder over the original tree, rebuilding with the inserted chains.
        // Stack entries: (original state, new parent index).
        let mut stack: Vec<(usize, Option<usize>)> = vec![(0, None)];
        while let Some((s, parent)) = stack.pop() {
            let state = &self.states[s];
            let mut attach = parent;
            if let Some(p) = parent {
                let from = out.states[p].player;
                if state.utility.is_none() {
                    let gap = (state.player + n - from) % n;
                    let steps = if gap == 0 { n } else { gap };
                    for i in 1..steps {
                        let index = out.states.len();
                        out.states.push(EfgState {
                            player: (from + i) % n,
                            children: Vec::new(),
                            utility: None,
                            label: "pass".into(),
                        });
                        if let Some(a) = attach {
                            out.states[a].children.push(index);
                        }
                        attach = Some(index);
                    }
                }
            }
            let index = out.states.len();
            let player = match (parent, &state.utility) {
                (Some(p), Some(_)) => (out.states[attach.unwrap_or(p)].player + 1) % n,
                _ => state.player,
            };
            out.states.push(EfgState {
                player,
                children: Vec::new(),
                utility: state.utility.clone(),
                label: state.label.clone(),
            });
            if let Some(a) = attach {
                out.states[a].children.push(index);
            }
            for &c in state.children.iter().rev() {
                stack.push((c, Some(index)));
            }
        }
        out
    }

    /// Theorem 12: a strategically equivalent single-heap cumulative game with the cyclic turn
    /// function: Theorem 11's construction applied to the cycle completion `cyc(G)`, with
    /// [`Turn::Cyclic`] in place of the heap-size turn table.
    pub fn to_cumulative_cyclic(&self, tie: TieBreak) -> (Game, Grounded) {
        let (mut game, start) = self.cycle_complete().to_cumulative(tie);
        game.turn = Turn::Cyclic;
        (game, start)
    }

    /// Theorem 11: the single-heap cumulative game and its start. With `Q = |S|` and preorder
    /// numbers `q(s) = 1..=Q`, state `s` is heap `Q − q(s)` with every cumulation `q(s)`; the
    /// actions at heap `x` lead to the heaps of the children, every player is rewarded the
    /// amount removed, the player to move at heap `x` is `δ(s(x))`, and player i's utility is
    /// `U_i(q⁻¹(C_i))` at a terminal.
    pub fn to_cumulative(&self, tie: TieBreak) -> (Game, Grounded) {
        let q_total = self.states.len() as u64;
        let heap_of = |s: usize| q_total - (s as u64 + 1);
        let size = self.states.len();
        let mut moves = vec![Vec::new(); size];
        let mut turn = vec![0usize; size];
        let mut lookup = Vec::new();
        for (s, state) in self.states.iter().enumerate() {
            let x = heap_of(s) as usize;
            turn[x] = state.player;
            moves[x] = state
                .children
                .iter()
                .map(|&c| heap_of(s) - heap_of(c))
                .collect();
            if let Some(u) = &state.utility {
                lookup.push((Rational::int(s as i64 + 1), u.clone()));
            }
        }
        let game = Game {
            players: self.players,
            heaps: vec![HeapRule {
                moves: Moves::Dynamic(vec![moves]),
                reward: Reward::Shared,
                utility: HeapUtility::Lookup(lookup),
            }],
            turn: Turn::ByHeap(turn),
            ending: Ending::Scoring,
            tie,
        };
        let start = Grounded {
            position: Position {
                heaps: vec![heap_of(0)],
                cumulations: vec![vec![Rational::int(1); self.players]],
            },
            to_move: self.states[0].player,
        };
        (game, start)
    }
}
