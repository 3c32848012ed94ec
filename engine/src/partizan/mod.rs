//! Partizan heap games in canonical form (thesis Chapter 2, Sections 3.1.4, 3.7, 4.3).
//!
//! * [`number`]: dyadic rationals, the numbers among short games;
//! * [`game`]: the hash-consed store of canonical forms: sums, negation, comparison, outcomes;
//! * `canonical`: canonical forms from canonical options (domination, reversibility);
//! * `simplest`: the number a form equals, by the simplicity theorem judged by comparison;
//! * [`notation`]: printing with the usual names (`*`, `^`, `1/2`, `+-1`, `{2|1||0}`);
//! * [`parse`]: the notation parser (CGSuite's and cgt-tools' spellings too), depth-capped;
//! * [`operations`]: cooling, heating, overheating, Norton products, incentives;
//! * [`atomic`]: atomic weights of infinitesimals (CGSuite's convention);
//! * [`reduced`]: stops and reduced canonical forms (Theorem 4.56, Table 4.2);
//! * [`thermograph`]: thermographs, means and temperatures, and as curves to draw;
//! * [`drawing`]: thermographs as curves to draw (the figure layer draws them);
//! * [`facts`]: one game's facts as plain data (the CLI's `--game` report, Python's `game`);
//! * [`reference`]: plain game trees played out, the slow check beside the fast path;
//! * [`heap`]: partizan heap rulesets (subtraction, pure breaking, duel code-digit,
//!   chessboard) and the solver giving each heap's canonical form from smaller heaps;
//! * [`modinf`]: heap values known modulo infinitesimals, for the reduced solver;
//! * [`sequence`]: canonical-form sequences, outcome classes and (arithmetic) periods;
//! * [`position`]: a sum of heaps, its value and each player's winning moves.
//!
//! All results are plain serde structs; every long computation takes a [`crate::Budget`].

pub mod atomic;
mod canonical;
pub mod drawing;
pub mod facts;
pub mod game;
pub mod heap;
pub mod modinf;
pub mod notation;
pub mod number;
pub mod operations;
pub mod parse;
pub mod position;
pub mod reduced;
pub mod reference;
pub mod sequence;
mod simplest;
pub mod thermograph;

pub use game::{GameId, GameStore, Outcome};
pub use number::Dyadic;
