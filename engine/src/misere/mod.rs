//! Misère play of impartial heap games (thesis Definition 2.8: whoever makes the last move
//! loses): single heaps (outcome, Conway's genus, tameness), a brute-force search for sums, and
//! Plambeck–Siegel misère quotients.
//!
//! * [`rules`]: `HeapRules`, the options of a heap for subtraction, all-but and code games;
//! * [`search`]: the brute-force reference (memoised search over sorted multisets, capped);
//! * [`genus`]: Conway's genus `g^{λ0 λ1 …}` and the tame genera;
//! * [`single`]: per-heap outcomes, genera, tameness and the observed outcome period.

pub mod genus;
pub mod rules;
pub mod search;
pub mod single;

pub use genus::Genus;
pub use rules::HeapRules;
