//! One module per route.

pub mod home;
pub mod octal;
pub mod period_map;
pub mod subtraction;
