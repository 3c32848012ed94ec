//! Equivalences among impartial heap games (thesis, Sections 3.2.2 and 4.1–4.2):
//!
//! * [`subtraction`]: equality of subtraction games (Definition 4.6), expansion sets, masters
//!   and minimals through hitting sets (Theorems 4.8–4.17), the class of a set;
//! * [`table`]: the survey of master subtraction games by largest move (Table 4.7), which the
//!   explorer and `cargo xtask records` call;
//! * [`code_digit`]: standard form (Theorem 4.38), cousins and the corrected m-plicate rule of
//!   code-digit games;
//! * [`hitting`]: minimal hitting sets and their count, the combinatorial core of the above.

pub mod code_digit;
pub mod hitting;
pub mod subtraction;
pub mod table;

pub use subtraction::{class, equal, Class, Profile};
pub use table::{master_row, master_rows, MasterRow};
