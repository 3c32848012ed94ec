//! Cumulative games (Larsson, Meir, Zick, "Cumulative games: who is the current player?"):
//! n-player, general-sum games on heaps whose moves add rewards to cumulations.
//!
//! * The game form of Definitions 1, 6, 7 and 8: [`Game`] has `n` players and `d` heaps; each
//!   heap has its own [`HeapRule`] (subtraction maps per player, fixed or heap-size dynamic or
//!   cumulation dependent ([`Moves::Wealth`]); a [`Reward`]; a per-heap [`HeapUtility`]), and
//!   the game has a [`Turn`] function, an [`Ending`] (scoring, normal or misère) and a
//!   [`TieBreak`] (Definition 3: antagonistic or friendly).
//! * Convention: a [`Grounded`] position stores the player **to move** explicitly (the paper
//!   mixes "current" and "previous" player; see the digest). Players are 0-based in code
//!   (player 0 is Alice, "Player 1" in the paper).
//! * [`solve`]: PSPE by backward induction over the Extensive Form Game (Definitions 9–11, 13),
//!   memoised on the grounded position (a DAG, not a tree walk); [`reference::solve`] is the
//!   plain tree walk it is tested against.
//! * [`outcome_table`]: the tabular approach of Theorem 8 for heap-dynamic games whose utility is
//!   linear in the cumulations (self-interest, zero-sum): one n×n matrix per heap vector.
//!   Definitions 2–5 and the n×n matrix of Section 3 are views of it ([`symmetric_zero_sum`],
//!   [`symmetric_self_interest`], [`OutcomeTable::matrix`]).
//! * [`sigma_outcome`]: the σ-outcome of Definition 14 for any strategy profile (Theorem 6).
//! * [`Game::sum`]: the disjunctive sum `+_n` of equation (2) (Theorem 9).
//! * [`order`]: Definition 15's preference order `≥_i`, checked on a family of probe games.
//! * [`optimal_actions`]: Observation 7, where zero-sum and self-interest optimal actions differ.
//! * [`spec`]: the typed text of a game (players, per-player and dynamic maps, turn tables),
//!   shared by the page and the CLI.
//! * [`efg`]: Extensive Form Games from JSON and their single-heap cumulative games (Theorems 11
//!   and 12).
//! * [`views`]: the Extensive Form tree (Figures 2, 4), the CGT-type tree (Figure 3) and the
//!   DAG of heap sizes (Figure 5).

pub mod efg;
pub mod optimal_actions;
pub mod order;
pub mod rational;
pub mod spec;
pub mod views;

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use serde::Serialize;

pub use rational::Rational;

use crate::{Budget, EngineError};

/// Most states the memoised solver visits before it gives up with a clear error.
pub const MAX_STATES: usize = 2_000_000;
/// Most players.
pub const MAX_PLAYERS: usize = 8;
/// Most cells (heap vectors × players) of an outcome table.
pub const MAX_TABLE_CELLS: usize = 4_000_000;
/// Largest heap size accepted anywhere.
pub const MAX_HEAP: u64 = 1_000_000;

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

/// The six PEBBLES situations of Section 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Preset {
    /// P1: the player who cannot move loses.
    Normal,
    /// P2: the player who cannot move wins.
    Misere,
    /// P3: a common score, Alice adds, Bob subtracts (zero-sum).
    Scoring,
    /// P4: each squirrel keeps what it takes (self-interest).
    Squirrel,
    /// P5: bids for an item of value `v` (default 4).
    Auction,
    /// P6: removals bounded by the mover's own pocket; normal play.
    Wealth,
    /// Example 4: Auction Pebbles with self-interest utility, the auction's utility moved
    /// into the rewards ([`Reward::AuctionSettlement`]); same play as [`Preset::Auction`].
    AuctionRewards,
}

impl Preset {
    /// All presets in the paper's order.
    pub const ALL: [Preset; 7] = [
        Preset::Normal,
        Preset::Misere,
        Preset::Scoring,
        Preset::Squirrel,
        Preset::Auction,
        Preset::Wealth,
        Preset::AuctionRewards,
    ];

    /// The name used in URLs and the CLI.
    pub fn name(self) -> &'static str {
        match self {
            Preset::Normal => "normal",
            Preset::Misere => "misere",
            Preset::Scoring => "scoring",
            Preset::Squirrel => "squirrel",
            Preset::Auction => "auction",
            Preset::Wealth => "wealth",
            Preset::AuctionRewards => "auction-rewards",
        }
    }

    /// The name as the paper prints it.
    pub fn title(self) -> &'static str {
        match self {
            Preset::Normal => "P1 Normal Pebbles",
            Preset::Misere => "P2 Misère Pebbles",
            Preset::Scoring => "P3 Scoring Pebbles",
            Preset::Squirrel => "P4 Squirrel Pebbles",
            Preset::Auction => "P5 Auction Pebbles",
            Preset::Wealth => "P6 Wealth Pebbles",
            Preset::AuctionRewards => "Example 4 Auction Pebbles by rewards",
        }
    }

    /// Whether the preset has an item value `v` (the two auctions).
    pub fn uses_value(self) -> bool {
        matches!(self, Preset::Auction | Preset::AuctionRewards)
    }

    /// Reads a preset name.
    pub fn from_name(name: &str) -> Result<Self, EngineError> {
        let name = name.trim();
        Preset::ALL
            .into_iter()
            .find(|p| p.name() == name || (name == "misère" && *p == Preset::Misere))
            .ok_or_else(|| {
                let names: Vec<&str> = Preset::ALL.iter().map(|p| p.name()).collect();
                EngineError::Parse(format!(
                    "unknown preset '{name}': use one of {}",
                    names.join(", ")
                ))
            })
    }

    /// The two-player, one-heap game of this preset with subtraction sets `sets` (one shared
    /// set or one per player; ignored by Wealth) and, for the auction, item value `value`.
    pub fn game(self, sets: Vec<Vec<u64>>, value: Rational, tie: TieBreak) -> Game {
        self.game_with(2, Moves::Fixed(sets), value, tie)
    }

    /// The one-heap game of this preset for `players` players with subtraction maps `moves`
    /// (fixed or heap-size dynamic; ignored by Wealth) and, for the auction, item value
    /// `value`. Alternating (cyclic) turns; set [`Game::turn`] for another turn function.
    pub fn game_with(self, players: usize, moves: Moves, value: Rational, tie: TieBreak) -> Game {
        let take = Reward::Take;
        let (moves, reward, utility, ending) = match self {
            Preset::Normal => (moves, take, HeapUtility::Nothing, Ending::Normal),
            Preset::Misere => (moves, take, HeapUtility::Nothing, Ending::Misere),
            Preset::Scoring => (moves, take, HeapUtility::ZeroSum, Ending::Scoring),
            Preset::Squirrel => (moves, take, HeapUtility::SelfInterest, Ending::Scoring),
            Preset::Auction => (moves, take, HeapUtility::Auction { value }, Ending::Scoring),
            Preset::Wealth => (Moves::Wealth, take, HeapUtility::Nothing, Ending::Normal),
            Preset::AuctionRewards => (
                moves,
                Reward::AuctionSettlement { value },
                HeapUtility::SelfInterest,
                Ending::Scoring,
            ),
        };
        Game {
            players,
            heaps: vec![HeapRule {
                moves,
                reward,
                utility,
            }],
            turn: Turn::Cyclic,
            ending,
            tie,
        }
    }
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
    if (0..c.len()).all(|j| j == i || c[i] > c[j]) {
        value - c[i]
    } else {
        Rational::ZERO
    }
}

/// Example 4: Auction Pebbles rewritten with identity (self-interest) utility, the auction's
/// utility moved into the rewards ([`Reward::AuctionSettlement`]). Two players, one heap,
/// subtraction sets `sets` (one shared set or one per player), item value `value`.
pub fn auction_by_rewards(sets: Vec<Vec<u64>>, value: Rational, tie: TieBreak) -> Game {
    Preset::AuctionRewards.game(sets, value, tie)
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

    /// Whether every player's utility is a linear function of the cumulations: self-interest
    /// or zero-sum heaps and a scoring ending. Then Theorem 8's table applies.
    pub fn is_linear(&self) -> bool {
        self.ending == Ending::Scoring
            && self
                .heaps
                .iter()
                .all(|h| matches!(h.utility, HeapUtility::SelfInterest | HeapUtility::ZeroSum))
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
        takes.sort_unstable_by(|a, b| b.cmp(a));
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
    fn linear_gain(&self, h: usize, r: &[Rational]) -> Vec<Rational> {
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
    limit: u64,
}

impl Solver {
    /// A solver for `game` that gives up once it has expanded more than `limit` positions.
    pub fn new(game: &Game, limit: u64) -> Result<Self, EngineError> {
        game.validate()?;
        Ok(Solver {
            game: game.clone(),
            memo: Memo::default(),
            stack: Vec::new(),
            expanded: 0,
            limit,
        })
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
                    let kids: Vec<Grounded> = game
                        .actions(&g.position, g.to_move)
                        .into_iter()
                        .map(|a| game.play(&g, a))
                        .collect();
                    kids
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
                Entry {
                    value: game.utility(&g),
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

/// Theorem 8's table: for every heap vector `x <= max` (componentwise) and every player `p` to
/// move, the outcome row `o(x, p)` in utility terms (what PSPE play adds to each player's
/// utility, including the [`Ending`]'s term at the end) and the PSPE action.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct OutcomeTable {
    /// Number of players.
    pub players: usize,
    /// Largest heap sizes covered.
    pub max: Vec<u64>,
    /// `rows[index(x) * players + p]`: the outcome row.
    pub rows: Vec<Vec<Rational>>,
    /// `choices[index(x) * players + p]`: the PSPE action, `None` when `p` cannot move.
    pub choices: Vec<Option<Action>>,
}

impl OutcomeTable {
    /// Mixed-radix index of heap vector `x`, `None` outside the table.
    pub fn index(&self, x: &[u64]) -> Option<usize> {
        let mut idx = 0usize;
        for (&xi, &m) in x.iter().zip(&self.max) {
            if xi > m {
                return None;
            }
            idx = idx * (m as usize + 1) + xi as usize;
        }
        Some(idx)
    }

    /// The outcome row `o(x, p)`.
    pub fn row(&self, x: &[u64], p: usize) -> Option<&[Rational]> {
        self.index(x)
            .map(|i| self.rows[i * self.players + p].as_slice())
    }

    /// The n×n outcome matrix of Section 3 at `x`: row p is `o(x, p)`.
    pub fn matrix(&self, x: &[u64]) -> Option<Vec<Vec<Rational>>> {
        (0..self.players)
            .map(|p| self.row(x, p).map(<[Rational]>::to_vec))
            .collect()
    }
}

/// Theorem 8 (efficient outcome) for heap-dynamic games with linear utility: dynamic
/// programming over heap vectors, `o(x, p) = o(x − a*, γ(x, p)) + gain(r(x, p, a*))`, with `a*`
/// the mover's preferred action (utility, then tie-break), and `o(x, p)` = the ending's term
/// where `p` cannot move. The grounded value from `(x, C, p)` is then
/// `Σ_h u_h(C) + o(x, p)` (Corollary 7; [`Game::heap_utilities`]). Normal and misère play
/// (utility only from the ending) are covered too (see [`Game::has_outcome_table`]).
pub fn outcome_table(
    game: &Game,
    max: &[u64],
    budget: &mut Budget,
) -> Result<OutcomeTable, EngineError> {
    game.validate()?;
    if !game.has_outcome_table() {
        return Err(EngineError::OutOfRange(
            "the outcome table needs a heap-dynamic game with self-interest, zero-sum or no heap utility (Theorem 8)"
                .into(),
        ));
    }
    if max.len() != game.heaps.len() {
        return Err(EngineError::OutOfRange(
            "one maximum heap size per heap".into(),
        ));
    }
    let n = game.players;
    let mut cells: usize = n;
    for &m in max {
        cells = cells
            .checked_mul(m as usize + 1)
            .filter(|&c| c <= MAX_TABLE_CELLS)
            .ok_or_else(|| {
                EngineError::OutOfRange(format!(
                    "the table would exceed {MAX_TABLE_CELLS} cells: use smaller heaps"
                ))
            })?;
    }
    let mut table = OutcomeTable {
        players: n,
        max: max.to_vec(),
        rows: vec![Vec::new(); cells],
        choices: vec![None; cells],
    };
    let count = cells / n;
    // Mixed-radix order: every option (smaller in one coordinate) has a smaller index.
    let mut x = vec![0u64; max.len()];
    let zero_cum = Position::new(vec![0; max.len()], n).cumulations;
    for idx in 0..count {
        if idx > 0 {
            for h in (0..x.len()).rev() {
                if x[h] < max[h] {
                    x[h] += 1;
                    break;
                }
                x[h] = 0;
            }
        }
        let position = Position {
            heaps: x.clone(),
            cumulations: zero_cum.clone(),
        };
        for p in 0..n {
            let actions = game.actions(&position, p);
            let cell = idx * n + p;
            if actions.is_empty() {
                table.rows[cell] = game.ending_utilities(p);
                continue;
            }
            let options: Vec<Vec<Rational>> = actions
                .iter()
                .map(|&a| {
                    let mut next = x.clone();
                    next[a.heap] -= a.take;
                    let q = game.next_player(&next, p);
                    let j = table.index(&next).unwrap_or(0) * n + q;
                    let gain = game.linear_gain(a.heap, &game.reward(&position, p, a));
                    table.rows[j]
                        .iter()
                        .zip(gain)
                        .map(|(&o, g)| o + g)
                        .collect()
                })
                .collect();
            let refs: Vec<&[Rational]> = options.iter().map(Vec::as_slice).collect();
            let best = game.choose(p, &refs);
            table.rows[cell] = options[best].clone();
            table.choices[cell] = Some(actions[best]);
        }
        if idx % 4096 == 4095 {
            budget.tick(idx as u64, count as u64)?;
        }
    }
    Ok(table)
}

/// Definition 2: `o_zs(x)` for `x = 0..terms` of the symmetric zero-sum game with set `set`.
pub fn symmetric_zero_sum(
    set: &[u64],
    terms: u64,
    budget: &mut Budget,
) -> Result<Vec<Rational>, EngineError> {
    let game = Preset::Scoring.game(vec![set.to_vec()], Rational::ZERO, TieBreak::Antagonistic);
    let max = terms.saturating_sub(1);
    let table = outcome_table(&game, &[max], budget)?;
    Ok((0..terms)
        .map(|x| table.row(&[x], 0).map(|r| r[0]).unwrap_or_default())
        .collect())
}

/// Definition 3: `o_si(x) = (o¹, o²)` for `x = 0..terms` (Player 1 to move) of the symmetric
/// self-interest game with set `set` under tie-break `tie`.
pub fn symmetric_self_interest(
    set: &[u64],
    terms: u64,
    tie: TieBreak,
    budget: &mut Budget,
) -> Result<Vec<Vec<Rational>>, EngineError> {
    let game = Preset::Squirrel.game(vec![set.to_vec()], Rational::ZERO, tie);
    let table = outcome_table(&game, &[terms.saturating_sub(1)], budget)?;
    Ok((0..terms)
        .map(|x| {
            table
                .row(&[x], 0)
                .map(<[Rational]>::to_vec)
                .unwrap_or_default()
        })
        .collect())
}

/// Definition 14: the σ-outcome of a grounded position under the strategy profile `sigma`
/// (which picks an index into [`Game::actions`]): the sum of the rewards along σ-play, per heap
/// and player, `outcome[h][i]`. Theorem 6: for self-interest utility, utility = outcome + C.
pub fn sigma_outcome(
    game: &Game,
    start: &Grounded,
    sigma: &mut dyn FnMut(&Grounded, &[Action]) -> usize,
) -> (Vec<Vec<Rational>>, Grounded) {
    let mut outcome = vec![vec![Rational::ZERO; game.players]; game.heaps.len()];
    let mut g = start.clone();
    loop {
        let actions = game.actions(&g.position, g.to_move);
        if actions.is_empty() {
            return (outcome, g);
        }
        let k = sigma(&g, &actions).min(actions.len() - 1);
        let a = actions[k];
        for (o, r) in outcome[a.heap]
            .iter_mut()
            .zip(game.reward(&g.position, g.to_move, a))
        {
            *o = *o + r;
        }
        g = game.play(&g, a);
    }
}

/// The CGT outcome classes (see [`outcome_class`]) of a one-heap, two-player game with an
/// outcome table (normal or misère play) for heaps `0..terms`, from Theorem 8's table.
pub fn outcome_classes(
    game: &Game,
    terms: u64,
    budget: &mut Budget,
) -> Result<String, EngineError> {
    if game.players != 2 || game.heaps.len() != 1 || terms == 0 {
        return Err(EngineError::OutOfRange(
            "outcome classes need two players, one heap and at least one row".into(),
        ));
    }
    let table = outcome_table(game, &[terms - 1], budget)?;
    Ok((0..terms)
        .map(|x| {
            let wins = |p: usize| table.row(&[x], p).is_some_and(|r| r[p] > Rational::ZERO);
            match (wins(0), wins(1)) {
                (true, true) => 'N',
                (false, false) => 'P',
                (true, false) => 'L',
                (false, true) => 'R',
            }
        })
        .collect())
}

/// The CGT outcome class of a two-player normal or misère game at heap vector `x`, from the
/// PSPE values with each player starting: `N` (the player to move wins), `P` (the previous
/// player wins), `L` (Alice wins either way), `R` (Bob wins either way).
pub fn outcome_class(game: &Game, x: &[u64], budget: &mut Budget) -> Result<char, EngineError> {
    let mut wins_as_starter = [false; 2];
    for (p, win) in wins_as_starter.iter_mut().enumerate() {
        let start = Grounded {
            position: Position::new(x.to_vec(), game.players),
            to_move: p,
        };
        let solution = solve(game, &start, budget)?;
        *win = solution.value()[p] > Rational::ZERO;
    }
    Ok(match wins_as_starter {
        [true, true] => 'N',
        [false, false] => 'P',
        [true, false] => 'L',
        [false, true] => 'R',
    })
}
