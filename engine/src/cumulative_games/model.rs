//! The game form (Definitions 1, 6, 7, 8): moves, rewards, utilities, turns, endings and
//! tie-breaks; positions and grounded positions; what a move does ([`Game::play`]), terminal
//! utilities and the mover's choice among options.

use serde::Serialize;

use super::{Rational, MAX_HEAP, MAX_PLAYERS};
use crate::EngineError;

/// Which amounts a player may remove from one heap.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Moves {
    /// Fixed subtraction sets, one per player; a single set is shared by all (symmetric).
    Fixed(Vec<Vec<u64>>),
    /// Heap-size dynamic maps: `maps[p][x]` are player p's removals at heap size `x` (sizes
    /// beyond the table have none); a single map is shared by all players.
    Dynamic(Vec<Vec<Vec<u64>>>),
    /// Wealth Pebbles (P6): remove `k` with `1 <= k <= min(heap, own cumulation on this heap)`.
    /// Cumulation dependent, so not heap dynamic.
    Wealth,
}

/// What a move gives, as a reward vector added to the heap's cumulations.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Reward {
    /// "You get what you take": the mover's cumulation grows by the amount removed.
    Take,
    /// Every player's cumulation grows by the amount removed (Theorem 11's construction).
    Shared,
    /// Only the move after which nobody can move on this heap pays: `mover` to the mover,
    /// `others` to every other player (misère or normal play of one component, Section 1.3).
    LastMove {
        /// Paid to the player who makes the last move on the heap.
        mover: Rational,
        /// Paid to each other player.
        others: Rational,
    },
    /// Example 4 (Auction Pebbles with modified utility): a move raises the mover's bid by the
    /// amount removed, except the move after which nobody can move on this heap: it settles
    /// the auction, paying each player `u_i(C') − C_i`, where `C'` are the bids after the move
    /// and `u_i` is the auction utility of [`HeapUtility::Auction`]. The final cumulations are
    /// then the auction's utilities, so a self-interest utility reads them. The reward depends
    /// on the cumulations (Property 8 fails): no Theorem 8 table.
    AuctionSettlement {
        /// The item's value `v`.
        value: Rational,
    },
}

/// How a heap's terminal cumulations turn into utilities (Definition 7: `u_i = Σ_h u_{i,h}`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum HeapUtility {
    /// Contributes nothing (normal and misère play decide by [`Ending`]).
    Nothing,
    /// `u_i = C_i` (squirrel pebbles, self-interest).
    SelfInterest,
    /// `u_i = C_i − Σ_{j≠i} C_j` (scoring pebbles; for two players `C_1 − C_2`).
    ZeroSum,
    /// Auction pebbles (P5, Example 3): `u_i = value − C_i` if `C_i` exceeds every other
    /// cumulation, else 0.
    Auction {
        /// The item's value `v`.
        value: Rational,
    },
    /// Theorem 11: `u_i = table[C_i][i]` when `C_i` is a key of the table, else 0.
    Lookup(Vec<(Rational, Vec<Rational>)>),
}

/// Who moves next.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Turn {
    /// `p → p + 1 (mod n)`; alternating play for two players.
    Cyclic,
    /// `p → next[p]`: any fixed order, given as a table.
    Next(Vec<usize>),
    /// The player to move at total heap size `x` is `by_heap[x]` (Theorem 11).
    ByHeap(Vec<usize>),
}

/// The utility added when the game ends (the player to move cannot move), Observation 2.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Ending {
    /// Nothing is added: utilities come from the heaps.
    Scoring,
    /// Normal play: the player to move gets −1, every other player +1.
    Normal,
    /// Misère play: the player to move gets +1, every other player −1.
    Misere,
}

/// The declared preference on indifference (Definition 3, Property 6): among actions of equal
/// utility to the mover, antagonistic play minimises, friendly play maximises, the other
/// players' utilities, compared in turn order after the mover. Remaining ties (equal vectors)
/// go to the first action in [`Game::actions`] order (largest removal first: greedy).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum TieBreak {
    /// Minimise the others on indifference.
    Antagonistic,
    /// Maximise the others on indifference.
    Friendly,
}

impl TieBreak {
    /// Reads `antagonistic` or `friendly`.
    pub fn from_name(name: &str) -> Result<Self, EngineError> {
        match name.trim() {
            "antagonistic" | "a" => Ok(TieBreak::Antagonistic),
            "friendly" | "f" => Ok(TieBreak::Friendly),
            other => Err(EngineError::Parse(format!(
                "unknown tie-break '{other}': use antagonistic or friendly"
            ))),
        }
    }

    /// The name used in URLs and the CLI.
    pub fn name(self) -> &'static str {
        match self {
            TieBreak::Antagonistic => "antagonistic",
            TieBreak::Friendly => "friendly",
        }
    }
}

/// The rules of one heap.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HeapRule {
    /// The subtraction maps.
    pub moves: Moves,
    /// The reward of a move.
    pub reward: Reward,
    /// The utility of this heap's terminal cumulations.
    pub utility: HeapUtility,
}

/// A cumulative game (Definition 8): a game form plus utilities.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Game {
    /// Number of players `n` (1..=[`MAX_PLAYERS`]).
    pub players: usize,
    /// One rule per heap (`d = heaps.len()`).
    pub heaps: Vec<HeapRule>,
    /// The turn function.
    pub turn: Turn,
    /// What the end of the game adds.
    pub ending: Ending,
    /// The declared tie-break.
    pub tie: TieBreak,
}

/// A heap position (Layer 2): heap sizes and, per heap, an n-tuple of cumulations.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Position {
    /// `x_h` for each heap.
    pub heaps: Vec<u64>,
    /// `cumulations[h][i]`: player i's cumulation on heap h.
    pub cumulations: Vec<Vec<Rational>>,
}

/// A grounded position (Layer 3): a heap position and the player to move.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Grounded {
    /// The heaps and cumulations.
    pub position: Position,
    /// The player to move (0-based).
    pub to_move: usize,
}

/// One action: remove `take` from heap `heap`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Action {
    /// Heap index.
    pub heap: usize,
    /// Amount removed.
    pub take: u64,
}

impl Position {
    /// A position of `heaps` with all cumulations zero for `players` players.
    pub fn new(heaps: Vec<u64>, players: usize) -> Self {
        let cumulations = vec![vec![Rational::ZERO; players]; heaps.len()];
        Position { heaps, cumulations }
    }

    /// Player i's total cumulation over all heaps.
    pub fn total(&self, i: usize) -> Rational {
        self.cumulations.iter().fold(Rational::ZERO, |acc, c| {
            acc + c.get(i).copied().unwrap_or_default()
        })
    }

    /// `"7; (0,0)"` for one heap, `"4,4; (0,0 | 0,0)"` for several.
    pub fn label(&self) -> String {
        let heaps: Vec<String> = self.heaps.iter().map(u64::to_string).collect();
        let cums: Vec<String> = self
            .cumulations
            .iter()
            .map(|c| {
                c.iter()
                    .map(Rational::to_string)
                    .collect::<Vec<_>>()
                    .join(",")
            })
            .collect();
        format!("{}; ({})", heaps.join(","), cums.join(" | "))
    }
}

/// The auction utility of Example 3 for player `i` with bids `c`: `value − c_i` when `c_i` is
/// strictly the highest bid, else 0.
pub fn auction_utility(c: &[Rational], i: usize, value: Rational) -> Rational {
    if c.iter().any(|r| r.is_overflow()) {
        Rational::OVERFLOW
    } else if (0..c.len()).all(|j| j == i || c[i] > c[j]) {
        value - c[i]
    } else {
        Rational::ZERO
    }
}

/// The name of player `i` (0-based): Alice and Bob for two players, else `P1..Pn`.
pub fn player_name(i: usize, players: usize) -> String {
    match (players, i) {
        (2, 0) => "Alice".into(),
        (2, 1) => "Bob".into(),
        _ => format!("P{}", i + 1),
    }
}

impl Game {
    /// Checks the game's shape: player count, non-empty heaps, tables of the right sizes.
    pub fn validate(&self) -> Result<(), EngineError> {
        let n = self.players;
        if n == 0 || n > MAX_PLAYERS {
            return Err(EngineError::OutOfRange(format!(
                "the number of players must be 1..={MAX_PLAYERS}, not {n}"
            )));
        }
        if self.heaps.is_empty() {
            return Err(EngineError::OutOfRange(
                "a game needs at least one heap".into(),
            ));
        }
        for heap in &self.heaps {
            let per_player = match &heap.moves {
                Moves::Fixed(sets) => sets.len(),
                Moves::Dynamic(maps) => maps.len(),
                Moves::Wealth => 1,
            };
            if per_player != 1 && per_player != n {
                return Err(EngineError::OutOfRange(format!(
                    "give one subtraction set for all players or one per player ({n}), not {per_player}"
                )));
            }
            if let Moves::Fixed(sets) = &heap.moves {
                if sets.iter().any(|s| s.is_empty() || s.contains(&0)) {
                    return Err(EngineError::OutOfRange(
                        "every subtraction set needs positive numbers, e.g. 2,3".into(),
                    ));
                }
            }
        }
        match &self.turn {
            Turn::Next(next) if next.len() != n || next.iter().any(|&p| p >= n) => {
                Err(EngineError::OutOfRange(format!(
                    "the turn table needs one next player in 1..={n} for each of the {n} players"
                )))
            }
            Turn::ByHeap(t) if t.iter().any(|&p| p >= n) => Err(EngineError::OutOfRange(
                "the turn table names a player that does not exist".into(),
            )),
            _ => Ok(()),
        }
    }

    /// Whether actions, rewards and the turn are independent of the cumulations (Property 8).
    pub fn is_heap_dynamic(&self) -> bool {
        self.heaps.iter().all(|h| {
            !matches!(h.moves, Moves::Wealth)
                && !matches!(h.reward, Reward::AuctionSettlement { .. })
        })
    }

    /// The removals player `p` may make from heap `h` of `position`, largest first.
    fn heap_actions(&self, position: &Position, h: usize, p: usize) -> Vec<u64> {
        let x = position.heaps[h];
        let mut takes: Vec<u64> = match &self.heaps[h].moves {
            Moves::Fixed(sets) => sets[p % sets.len()]
                .iter()
                .copied()
                .filter(|&s| s >= 1 && s <= x)
                .collect(),
            Moves::Dynamic(maps) => usize::try_from(x)
                .ok()
                .and_then(|xi| maps[p % maps.len()].get(xi))
                .map(|v| v.iter().copied().filter(|&s| s >= 1 && s <= x).collect())
                .unwrap_or_default(),
            Moves::Wealth => {
                let pocket = position.cumulations[h][p].floor().max(0) as u64;
                (1..=x.min(pocket)).collect()
            }
        };
        // Ascending then reversed: the plain `u64` sort is one instantiation the wasm module
        // shares with the engine's other `u64` sorts (a descending comparator would be its own).
        takes.sort_unstable();
        takes.reverse();
        takes.dedup();
        takes
    }

    /// All actions of player `p` at `position` (heap by heap, largest removal first). Empty
    /// means the position is terminal for `p`.
    pub fn actions(&self, position: &Position, p: usize) -> Vec<Action> {
        (0..self.heaps.len())
            .flat_map(|h| {
                self.heap_actions(position, h, p)
                    .into_iter()
                    .map(move |take| Action { heap: h, take })
            })
            .collect()
    }

    /// The reward vector `r(ω, p, a)` added to the moved heap's cumulations.
    pub fn reward(&self, position: &Position, p: usize, a: Action) -> Vec<Rational> {
        let n = self.players;
        let amount = Rational::int(a.take as i64);
        match &self.heaps[a.heap].reward {
            Reward::Take => (0..n)
                .map(|i| if i == p { amount } else { Rational::ZERO })
                .collect(),
            Reward::Shared => vec![amount; n],
            Reward::LastMove { mover, others } => {
                let dead = self.heap_dead_after(position, a);
                (0..n)
                    .map(|i| match (dead, i == p) {
                        (false, _) => Rational::ZERO,
                        (true, true) => *mover,
                        (true, false) => *others,
                    })
                    .collect()
            }
            Reward::AuctionSettlement { value } => {
                let before = &position.cumulations[a.heap];
                let mut bids = before.clone();
                bids[p] = bids[p] + amount;
                if !self.heap_dead_after(position, a) {
                    return (0..n)
                        .map(|i| if i == p { amount } else { Rational::ZERO })
                        .collect();
                }
                (0..n)
                    .map(|i| auction_utility(&bids, i, *value) - before[i])
                    .collect()
            }
        }
    }

    /// Whether nobody can move on heap `a.heap` once `a` is played at `position` (judged on the
    /// heap sizes, with the cumulations as they were before the move).
    fn heap_dead_after(&self, position: &Position, a: Action) -> bool {
        let mut after = position.clone();
        after.heaps[a.heap] -= a.take;
        (0..self.players).all(|i| self.heap_actions(&after, a.heap, i).is_empty())
    }

    /// The player to move after `p` moved to a position with heaps `heaps`.
    pub fn next_player(&self, heaps: &[u64], p: usize) -> usize {
        let n = self.players.max(1);
        match &self.turn {
            Turn::Cyclic => (p + 1) % n,
            Turn::Next(next) => next.get(p).copied().unwrap_or(0) % n,
            Turn::ByHeap(table) => {
                let total: u64 = heaps.iter().sum();
                usize::try_from(total)
                    .ok()
                    .and_then(|t| table.get(t))
                    .copied()
                    .unwrap_or(0)
                    % n
            }
        }
    }

    /// The grounded position after player `to_move` plays `a`.
    pub fn play(&self, g: &Grounded, a: Action) -> Grounded {
        let mut position = g.position.clone();
        let reward = self.reward(&g.position, g.to_move, a);
        position.heaps[a.heap] -= a.take;
        for (c, r) in position.cumulations[a.heap].iter_mut().zip(reward) {
            *c = *c + r;
        }
        let to_move = self.next_player(&position.heaps, g.to_move);
        Grounded { position, to_move }
    }

    /// Utilities at a terminal grounded position (Definition 7 plus the [`Ending`]).
    pub fn utility(&self, g: &Grounded) -> Vec<Rational> {
        self.heap_utilities(&g.position)
            .into_iter()
            .zip(self.ending_utilities(g.to_move))
            .map(|(u, e)| u + e)
            .collect()
    }

    /// Definition 7's part of the utilities: `Σ_h u_{i,h}(C_h)` for each player `i`.
    pub fn heap_utilities(&self, position: &Position) -> Vec<Rational> {
        let n = self.players;
        let mut u = vec![Rational::ZERO; n];
        for (h, rule) in self.heaps.iter().enumerate() {
            let c = &position.cumulations[h];
            if c.iter().any(|r| r.is_overflow()) {
                return vec![Rational::OVERFLOW; n];
            }
            for (i, ui) in u.iter_mut().enumerate() {
                let add = match &rule.utility {
                    HeapUtility::Nothing => Rational::ZERO,
                    HeapUtility::SelfInterest => c[i],
                    HeapUtility::ZeroSum => {
                        (0..n).filter(|&j| j != i).fold(c[i], |acc, j| acc - c[j])
                    }
                    HeapUtility::Auction { value } => auction_utility(c, i, *value),
                    HeapUtility::Lookup(table) => table
                        .iter()
                        .find(|(key, _)| *key == c[i])
                        .and_then(|(_, us)| us.get(i).copied())
                        .unwrap_or_default(),
                };
                *ui = *ui + add;
            }
        }
        u
    }

    /// What the [`Ending`] adds when player `to_move` cannot move (Observation 2).
    pub fn ending_utilities(&self, to_move: usize) -> Vec<Rational> {
        let (mover, others) = match self.ending {
            Ending::Scoring => (Rational::ZERO, Rational::ZERO),
            Ending::Normal => (Rational::int(-1), Rational::int(1)),
            Ending::Misere => (Rational::int(1), Rational::int(-1)),
        };
        (0..self.players)
            .map(|i| if i == to_move { mover } else { others })
            .collect()
    }

    /// Whether Theorem 8's table applies: heap-dynamic rules and heap utilities linear in the
    /// cumulations (self-interest, zero-sum, or none), with any [`Ending`] (its term depends
    /// only on who cannot move, so the table's terminal rows carry it).
    pub fn has_outcome_table(&self) -> bool {
        self.is_heap_dynamic()
            && self.heaps.iter().all(|h| {
                matches!(
                    h.utility,
                    HeapUtility::SelfInterest | HeapUtility::ZeroSum | HeapUtility::Nothing
                )
            })
    }

    /// The utility vector a reward `r` on heap `h` adds, for a heap utility that is linear in
    /// the cumulations (see [`Game::has_outcome_table`]).
    pub(super) fn linear_gain(&self, h: usize, r: &[Rational]) -> Vec<Rational> {
        let n = self.players;
        match self.heaps[h].utility {
            HeapUtility::ZeroSum => (0..n)
                .map(|i| (0..n).filter(|&j| j != i).fold(r[i], |acc, j| acc - r[j]))
                .collect(),
            HeapUtility::Nothing => vec![Rational::ZERO; n],
            _ => r.to_vec(),
        }
    }

    /// The disjunctive sum `self +_n other` (equation (2), Theorem 9): the heaps of both side by
    /// side; a move is a move in exactly one component. Both games must have the same players,
    /// turn function, ending and tie-break.
    pub fn sum(&self, other: &Game) -> Result<Game, EngineError> {
        if self.players != other.players
            || self.turn != other.turn
            || self.ending != other.ending
            || self.tie != other.tie
        {
            return Err(EngineError::OutOfRange(
                "a disjunctive sum needs the same players, turn function, ending and tie-break"
                    .into(),
            ));
        }
        let mut heaps = self.heaps.clone();
        heaps.extend(other.heaps.iter().cloned());
        Ok(Game {
            heaps,
            ..self.clone()
        })
    }

    /// Picks the index of the preferred option for `mover` among option utility vectors
    /// (non-empty), by the mover's utility and then the declared tie-break.
    pub fn choose(&self, mover: usize, options: &[&[Rational]]) -> usize {
        let n = self.players;
        let mut best = 0;
        for k in 1..options.len() {
            let (a, b) = (options[k], options[best]);
            let better = match a[mover].cmp(&b[mover]) {
                std::cmp::Ordering::Greater => true,
                std::cmp::Ordering::Less => false,
                std::cmp::Ordering::Equal => {
                    let mut verdict = false;
                    for step in 1..n {
                        let j = (mover + step) % n;
                        match a[j].cmp(&b[j]) {
                            std::cmp::Ordering::Equal => continue,
                            ord => {
                                verdict = match self.tie {
                                    TieBreak::Antagonistic => ord == std::cmp::Ordering::Less,
                                    TieBreak::Friendly => ord == std::cmp::Ordering::Greater,
                                };
                                break;
                            }
                        }
                    }
                    verdict
                }
            };
            if better {
                best = k;
            }
        }
        best
    }

    /// Checks a start position against the game: heap count, cumulation widths, sizes.
    pub fn check_start(&self, g: &Grounded) -> Result<(), EngineError> {
        self.validate()?;
        if g.position.heaps.len() != self.heaps.len()
            || g.position.cumulations.len() != self.heaps.len()
            || g.position
                .cumulations
                .iter()
                .any(|c| c.len() != self.players)
        {
            return Err(EngineError::OutOfRange(format!(
                "the position needs {} heap(s), each with {} cumulations",
                self.heaps.len(),
                self.players
            )));
        }
        if g.to_move >= self.players {
            return Err(EngineError::OutOfRange(format!(
                "the starting player must be 1..={}",
                self.players
            )));
        }
        if g.position.heaps.iter().any(|&x| x > MAX_HEAP) {
            return Err(EngineError::OutOfRange(format!(
                "heaps are capped at {MAX_HEAP}"
            )));
        }
        Ok(())
    }
}
