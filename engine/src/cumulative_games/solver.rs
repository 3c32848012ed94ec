//! PSPE by memoised backward induction: the stepped [`Solver`], [`solve`] to the end, and the
//! plain tree-walk [`reference`] it is tested against.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use serde::Serialize;

use super::{Action, Game, Grounded, Rational, TieBreak, MAX_STATES};
use crate::rational::check_all;
use crate::{Budget, EngineError};

/// What the solver knows about one grounded position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Entry {
    /// The grounded game value (PSPE utilities) from here.
    pub value: Vec<Rational>,
    /// Index (into [`Game::actions`]) of the PSPE action, `None` at a terminal.
    pub choice: Option<usize>,
    /// Number of nodes of the game tree below and including this position (saturating).
    pub tree_size: u64,
}

/// A fast, non-cryptographic hasher for the memo (the Fx hash of rustc: multiply and rotate
/// per word). Keys are positions the solver itself generates, so no collision attacks apply;
/// SipHash made hashing half of the solver's time.
#[derive(Clone, Copy, Debug, Default)]
pub struct FxHasher {
    hash: u64,
}

impl FxHasher {
    const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

    fn add(&mut self, word: u64) {
        self.hash = (self.hash.rotate_left(5) ^ word).wrapping_mul(Self::SEED);
    }
}

impl Hasher for FxHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.add(n);
    }

    fn write_i64(&mut self, n: i64) {
        self.add(n as u64);
    }

    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }

    fn finish(&self) -> u64 {
        self.hash
    }
}

/// The solver's memo: every solved grounded position and its entry.
pub type Memo = HashMap<Grounded, Entry, BuildHasherDefault<FxHasher>>;

/// The PSPE of a grounded game: values of every reachable grounded position.
#[derive(Clone, Debug)]
pub struct Solution {
    /// The start position.
    pub start: Grounded,
    /// Every reachable grounded position (the DAG of Section 2.4).
    pub memo: Memo,
}

impl Solution {
    /// The grounded game value of the start (Definition 13).
    pub fn value(&self) -> &[Rational] {
        &self.memo[&self.start].value
    }

    /// The equilibrium play from the start: grounded positions and actions.
    pub fn path(&self, game: &Game) -> Vec<(Grounded, Option<Action>)> {
        self.path_from(game, &self.start)
    }

    /// The equilibrium play from any solved position `from` (empty when it is not solved).
    pub fn path_from(&self, game: &Game, from: &Grounded) -> Vec<(Grounded, Option<Action>)> {
        let mut out = Vec::new();
        let mut g = from.clone();
        while let Some(entry) = self.memo.get(&g) {
            match entry.choice {
                Some(k) => {
                    let a = game.actions(&g.position, g.to_move)[k];
                    let next = game.play(&g, a);
                    out.push((g, Some(a)));
                    g = next;
                }
                None => {
                    out.push((g, None));
                    break;
                }
            }
        }
        out
    }

    /// Number of distinct grounded positions (DAG nodes).
    pub fn states(&self) -> usize {
        self.memo.len()
    }
}

/// Backward induction that runs in steps and from several roots sharing one memo: a Web Worker
/// runs a bounded number of expansions per step, reports progress and stays responsive (so it
/// can be cancelled) between steps. [`solve`] runs one to the end.
///
/// Invariant: every position in the memo is solved, and so are all its children.
#[derive(Clone, Debug)]
pub struct Solver {
    game: Game,
    memo: Memo,
    /// Positions to solve, each with its children once expanded.
    stack: Vec<(Grounded, Option<Vec<Grounded>>)>,
    /// Positions expanded so far: the unit of progress (each position is expanded once).
    expanded: u64,
    /// Moves held: children of expanded positions not yet solved, which the stack keeps (twice:
    /// as the parent's list and as pending entries). Bounds the stack's memory when positions
    /// have thousands of moves each, which the position cap does not.
    held: u64,
    limit: u64,
    /// Most moves held at once (unbounded unless [`Solver::limit_moves`] sets it).
    move_limit: u64,
}

/// Moves held at once per allowed position that callers bounding memory give
/// [`Solver::limit_moves`] (the CLI gives a quarter of `--max-states` times this). A position
/// and a held move cost a few hundred bytes each, so the stack holds no more than the memo.
pub const MOVES_PER_STATE: u64 = 1;

impl Solver {
    /// A solver for `game` that gives up once it has expanded more than `limit` positions.
    pub fn new(game: &Game, limit: u64) -> Result<Self, EngineError> {
        game.validate()?;
        Ok(Solver {
            game: game.clone(),
            memo: Memo::default(),
            stack: Vec::new(),
            expanded: 0,
            held: 0,
            limit,
            move_limit: u64::MAX,
        })
    }

    /// Also gives up once more than `moves` moves are held at once (generated and not yet
    /// released by their solved parent): positions with thousands of moves each cost memory
    /// that the position cap does not bound.
    pub fn limit_moves(mut self, moves: u64) -> Self {
        self.move_limit = moves;
        self
    }

    /// Adds a start position to solve (checked against the game).
    pub fn add_root(&mut self, start: &Grounded) -> Result<(), EngineError> {
        self.game.check_start(start)?;
        if !self.memo.contains_key(start) {
            self.stack.push((start.clone(), None));
        }
        Ok(())
    }

    /// Positions expanded so far.
    pub fn expanded(&self) -> u64 {
        self.expanded
    }

    /// The most positions this solver expands.
    pub fn limit(&self) -> u64 {
        self.limit
    }

    /// Whether every root is solved.
    pub fn is_done(&self) -> bool {
        self.stack.is_empty()
    }

    /// Expands at most `expansions` more positions (finishing any whose children are solved);
    /// returns whether every root is solved. Errs once more than the limit are expanded.
    pub fn step(&mut self, expansions: u64) -> Result<bool, EngineError> {
        let stop = self.expanded.saturating_add(expansions);
        let game = &self.game;
        let memo = &mut self.memo;
        while let Some((g, children)) = self.stack.pop() {
            if memo.contains_key(&g) {
                self.held -= children.map_or(0, |kids| kids.len() as u64);
                continue;
            }
            let kids = match children {
                None => {
                    if self.expanded >= stop {
                        self.stack.push((g, None));
                        return Ok(false);
                    }
                    self.expanded += 1;
                    if self.expanded > self.limit {
                        self.stack.push((g, None));
                        return Err(EngineError::OutOfRange(format!(
                            "more than {} distinct positions: try a smaller heap",
                            self.limit
                        )));
                    }
                    let actions = game.actions(&g.position, g.to_move);
                    self.held = self.held.saturating_add(actions.len() as u64);
                    if self.held > self.move_limit {
                        self.held -= actions.len() as u64;
                        self.stack.push((g, None));
                        return Err(EngineError::OutOfRange(format!(
                            "more than {} moves held at once: try a smaller heap or set",
                            self.move_limit
                        )));
                    }
                    actions.into_iter().map(|a| game.play(&g, a)).collect()
                }
                Some(kids) => kids,
            };
            let pending: Vec<Grounded> = kids
                .iter()
                .filter(|k| !memo.contains_key(k))
                .cloned()
                .collect();
            if !pending.is_empty() {
                // Solve the children first (a child pushed again below us is solved again
                // only once: the memo check above skips it).
                self.stack.push((g, Some(kids)));
                self.stack.extend(pending.into_iter().map(|k| (k, None)));
                continue;
            }
            let entry = if kids.is_empty() {
                let value = game.utility(&g);
                check_all(&value)?;
                Entry {
                    value,
                    choice: None,
                    tree_size: 1,
                }
            } else {
                let entries: Vec<&Entry> = kids.iter().map(|k| &memo[k]).collect();
                let values: Vec<&[Rational]> = entries.iter().map(|e| e.value.as_slice()).collect();
                let best = game.choose(g.to_move, &values);
                let size = entries
                    .iter()
                    .fold(1u64, |acc, e| acc.saturating_add(e.tree_size));
                Entry {
                    value: values[best].to_vec(),
                    choice: Some(best),
                    tree_size: size,
                }
            };
            self.held -= kids.len() as u64;
            memo.insert(g, entry);
        }
        Ok(true)
    }

    /// The solved entry of a position, if it is solved.
    pub fn entry(&self, g: &Grounded) -> Option<&Entry> {
        self.memo.get(g)
    }

    /// The solution seen from the solved position `start` (sharing the whole memo).
    pub fn into_solution(self, start: &Grounded) -> Result<Solution, EngineError> {
        if !self.memo.contains_key(start) {
            return Err(EngineError::OutOfRange(
                "that position is not solved yet".into(),
            ));
        }
        Ok(Solution {
            start: start.clone(),
            memo: self.memo,
        })
    }
}

/// Positions expanded between two progress reports of [`solve`].
const SOLVE_STEP: u64 = 256;

/// PSPE by backward induction over the Extensive Form Game from `start`, memoised on the
/// grounded position (so each distinct position is solved once). Iterative, so deep games do
/// not overflow the stack; at most [`MAX_STATES`] positions. Reports `(expanded, MAX_STATES)`
/// to the budget every 256 positions.
pub fn solve(game: &Game, start: &Grounded, budget: &mut Budget) -> Result<Solution, EngineError> {
    let mut solver = Solver::new(game, MAX_STATES as u64)?;
    solver.add_root(start)?;
    while !solver.step(SOLVE_STEP)? {
        budget.tick(solver.expanded(), MAX_STATES as u64)?;
    }
    solver.into_solution(start)
}

/// The slow references the fast solvers are tested against.
pub mod reference {
    use super::*;

    /// PSPE value by a plain recursive walk of the game tree (no memo): exponential, tests only.
    pub fn solve(game: &Game, g: &Grounded) -> Vec<Rational> {
        let actions = game.actions(&g.position, g.to_move);
        if actions.is_empty() {
            return game.utility(g);
        }
        let values: Vec<Vec<Rational>> = actions
            .iter()
            .map(|&a| solve(game, &game.play(g, a)))
            .collect();
        let refs: Vec<&[Rational]> = values.iter().map(Vec::as_slice).collect();
        values[game.choose(g.to_move, &refs)].clone()
    }

    /// Definition 2 as printed: `o(x) = max_{a ∈ S, a <= x} (a − o(x − a))`, 0 without moves.
    pub fn zero_sum_symmetric(set: &[u64], terms: usize) -> Vec<i64> {
        let mut o = vec![0i64; terms];
        for x in 0..terms {
            o[x] = set
                .iter()
                .filter(|&&a| a as usize <= x)
                .map(|&a| a as i64 - o[x - a as usize])
                .max()
                .unwrap_or(0);
        }
        o
    }

    /// Definition 3 as printed (antagonistic or friendly): the pair `(o¹, o²)` for each heap.
    pub fn self_interest_symmetric(set: &[u64], terms: usize, tie: TieBreak) -> Vec<(i64, i64)> {
        let mut o = vec![(0i64, 0i64); terms];
        for x in 0..terms {
            let moves: Vec<u64> = set.iter().copied().filter(|&a| a as usize <= x).collect();
            let Some(best) = moves.iter().map(|&a| o[x - a as usize].1 + a as i64).max() else {
                continue;
            };
            let indifferent = moves
                .iter()
                .filter(|&&a| o[x - a as usize].1 + a as i64 == best)
                .map(|&a| o[x - a as usize].0);
            let second = match tie {
                TieBreak::Antagonistic => indifferent.min(),
                TieBreak::Friendly => indifferent.max(),
            };
            o[x] = (best, second.unwrap_or(0));
        }
        o
    }
}
