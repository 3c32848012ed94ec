//! Misère play of impartial heap games (thesis Definition 2.8: whoever makes the last move
//! loses): single heaps (outcome, Conway's genus, tameness), a brute-force search for sums, and
//! Plambeck–Siegel misère quotients.
//!
//! * [`rules`]: `HeapRules`, the options of a heap for subtraction, all-but and code games;
//! * [`search`]: the brute-force reference (memoised search over sorted multisets, capped);
//! * [`genus`]: Conway's genus `g^{λ0 λ1 …}` and the tame genera;
//! * [`single`]: per-heap outcomes, genera, tameness and the observed outcome period;
//! * [`monoid`]: finite commutative monoids by table, normal forms and presentations;
//! * [`verify`]: the proof that a candidate is the misère quotient;
//! * [`construct`]: a candidate when a heap brings a new generator (trial product, marking,
//!   Moore's refinement);
//! * [`quotient`]: the heap-by-heap construction, caps, and sums read from the quotient;
//! * [`names`]: the papers' names of small quotients;
//! * [`report`]: [`analyse`], the one call for the CLI.

pub mod genus;
pub mod rules;
pub mod search;
pub mod single;

pub use genus::Genus;
pub use rules::HeapRules;
pub mod construct;
pub mod monoid;
pub mod names;
pub mod play;
pub mod quotient;
pub mod report;
pub mod verify;

pub use report::{analyse, MisereReport};
