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

//!
//! Files: `model` (the game form and positions), `presets` (PEBBLES and Example 4), `solver`
//! (PSPE), `outcome_table` (Theorem 8 and the views read off it).

pub mod efg;
mod model;
pub mod optimal_actions;
pub mod order;
mod outcome_table;
mod presets;
mod solver;
pub mod spec;
pub mod views;

pub use crate::rational::Rational;
pub use model::*;
pub use outcome_table::*;
pub use presets::*;
pub use solver::*;

/// Most states the memoised solver visits before it gives up with a clear error.
pub const MAX_STATES: usize = 2_000_000;
/// Most players.
pub const MAX_PLAYERS: usize = 8;
/// Most cells (heap vectors × players) of an outcome table.
pub const MAX_TABLE_CELLS: usize = 4_000_000;
/// Largest heap size accepted anywhere.
pub const MAX_HEAP: u64 = 1_000_000;
