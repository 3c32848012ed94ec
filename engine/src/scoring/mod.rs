//! Impartial scoring play: F. Stewart, "Impartial Scoring Play Games"
//! (`shared/papers/impartial-scoring-play-games.txt`).
//!
//! * [`game`]: scoring games `G = {G^L | G^S | G^R}` (Definition 1) in bracket notation, their
//!   final scores (Definition 3), outcome classes (Definitions 5–6), the long-rule disjunctive
//!   sum (Definition 4), conjugates and the impartiality test (Definition 7), and game trees
//!   (Definition 2) for the shared tree component.
//! * [`octal`]: scoring-play octal games `O = (n_1…n_k, p_1…p_k)` (Definition 10) and Stewart's
//!   `G_s` (Definition 11), single heaps and sums with a fixed heap, with proven periods for
//!   taking-no-breaking games and the checks of Lemma 13 and Conjectures 14–16.
//! * [`multiset`]: `G_s` of sums with breaking moves, by memoised negamax over heap multisets
//!   (fast, capped in memory and time) beside the literal reference.
//!
//! Scores are exact rationals ([`Rational`]): the paper allows real scores, and every score a
//! person can type (an integer, a decimal such as `2.5`, a fraction such as `11/4`) is rational.

pub mod game;
pub mod multiset;
pub mod octal;

pub use crate::rational::Rational;
pub use game::{OutcomeClass, ScoringGame};
pub use octal::ScoringRules;
