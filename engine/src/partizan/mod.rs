//! Partizan heap games in canonical form (issue 18; thesis Chapter 2, Sections 3.1.4, 3.7, 4.3).
//!
//! * [`number`]: dyadic rationals, the numbers among short games;
//! * [`game`]: the hash-consed store of canonical forms: sums, negation, comparison, outcomes;
//! * [`notation`]: printing with the usual names (`*`, `^`, `1/2`, `+-1`, `{2|1/2}`) and parsing;
//! * [`reduced`]: stops and reduced canonical forms (Theorem 4.56, Table 4.2);
//! * [`reference`]: plain game trees played out, the slow check beside the fast path.

pub mod game;
pub mod notation;
pub mod number;
pub mod reduced;
pub mod reference;

pub use game::{GameId, GameStore, Outcome};
pub use number::Dyadic;
