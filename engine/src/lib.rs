//! HeapLab's solver library: pure functions from a parsed ruleset to a result struct.
//!
//! The crate has no web or OS dependencies, so the same code runs in the native `heaplab` CLI,
//! in the Yew page and in its Web Workers. One module per game family, plus shared pieces:
//!
//! * [`ruleset`]: parsing of user-typed sets such as `2,3,7`, `{2, 3, 7}` or `2 3 7`;
//! * [`bits`]: the growable bit array that the bit-parallel solvers write into (from
//!   `heaplab-kernels`, the crate of the hot word kernels, compiled for speed in the web build);
//! * [`period`]: proven eventual periods (window argument) and their report type;
//! * [`figure`]: RGBA map pixels and SVG legends, shared by the page and the CLI (a top layer:
//!   it imports families, never the reverse);
//! * [`checks`]: the papers' conjectures and claims as named checks with citations (the explorer's);
//! * [`atlas`]: every octal code of D digits solved and grouped into classes, with the
//!   catalogues' facts checked;
//! * [`certificate`]: certificates of proven periods (theorem, window, SHA-256 of the values);
//! * [`budget`]: size caps, progress reports and cancellation for every long computation;
//! * [`mex`]: the plain minimum-excluded-value used by the reference solvers;
//! * [`negamax`]: the negamax step shared by cumulative subtraction and scoring octal games;
//! * [`rational`]: exact rationals (overflow is an error, never a wrong value);
//! * [`colour`]: the colour scales the families' pictures and [`figure`] share;
//! * [`subtraction`]: finite subtraction games (nim-values, outcomes, periods);
//! * [`period_map`]: Flammenkamp's period-length maps of 3-, 4- and 5-move families;
//! * [`plane`]: two-dimensional subtraction games (P/N grids, row and column periods);
//! * [`cumulative_subtraction`]: cumulative subtraction (Stewart's `G_s`), convergence, tr^m;
//! * [`all_but`]: all-but subtraction (finite excluded subtraction), arithmetic periods;
//! * [`infinite_subtraction`]: take-a-square, take-a-prime, Fibonacci and Theorem 4.4's sets;
//! * [`equivalence`]: equal subtraction games, expansion sets, masters and minimals (Table 4.7);
//! * [`cumulative_games`]: n-player general-sum cumulative games, PSPE, outcome functions, trees;
//! * [`tree_layout`]: game trees: tidy layout and the scene the web draws (figures: `heaplab-figures`);
//! * [`scoring`]: Stewart's scoring play: bracket-notation games, final scores, classes, sums,
//!   impartiality; scoring octal games and `G_s` (sharing cumulative subtraction's DP);
//! * [`sweep`]: the explorer: whole families of rulesets, metrics, aggregates that merge;
//! * [`octal`]: octal and hexadecimal (code-digit) games and Grundy's game, Theorem 3.73 periods;
//! * [`misere`]: misère play: outcomes, Conway's genus, tameness, Plambeck–Siegel quotients;
//! * [`rules`]: rule-defined games written in the ruleset language (Rhai), one generic solver;
//! * [`partizan`]: short partizan games in canonical form and partizan heap games (subtraction,
//!   pure breaking, duel code-digit, chessboard) with their canonical-form sequences.

pub mod all_but;
pub use heaplab_kernels::bits;
pub mod budget;
#[cfg(feature = "certificate")]
pub mod certificate;
// The atlas writes certificate hashes, so it comes with certificates (native only).
#[cfg(feature = "certificate")]
pub mod atlas;
pub mod checks;
pub mod colour;
pub mod cumulative_games;
pub mod cumulative_subtraction;
pub mod equivalence;
pub mod error;
pub mod figure;
pub mod infinite_subtraction;
pub mod mex;
#[cfg(feature = "misere")]
pub mod misere;
pub mod negamax;
pub mod octal;
pub mod outcome_cycle;
pub mod partizan;
pub mod period;
pub mod period_map;
pub mod plane;
pub mod rational;
#[cfg(feature = "rules")]
pub mod rules;
pub mod ruleset;
pub mod scoring;
pub mod subtraction;
pub mod sweep;
pub mod text;
pub mod tree_layout;

pub use budget::Budget;
pub use error::EngineError;
pub use period::Periodicity;
