//! One module per route.

pub mod cumulative_games;
pub mod cumulative_subtraction;
pub mod explore;
pub mod guide;
pub mod home;
pub mod octal;
pub mod partizan;
pub mod period_map;
pub mod plane;
pub mod scoring;
pub mod subtraction;
