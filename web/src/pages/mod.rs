//! One module per route.

pub mod home;
pub mod subtraction;
