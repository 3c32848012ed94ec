//! The sweep families, one type each implementing [`super::family::SweepFamily`], and the
//! index orders they share ([`subsets`], [`codes`]). A family is its file here, its `pub mod`
//! line below and one line in [`super::family`]'s `families!` list.

pub mod all_but;
pub mod codes;
pub mod cumulative_subtraction;
pub mod octal;
pub mod period_map;
pub mod scoring_octal;
pub mod subsets;
pub mod subtraction;
