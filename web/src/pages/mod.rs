//! One module per route, each compiled into its bundle only (`crate::bundle`; the bundle of
//! each page is in `crate::for_each_page!`).

#[cfg(feature = "lab")]
pub mod atlas;
#[cfg(feature = "lab")]
pub mod cumulative_games;
#[cfg(feature = "lab")]
pub mod cumulative_subtraction;
#[cfg(feature = "core")]
pub mod explore;
pub mod guide;
pub mod home;
#[cfg(feature = "lab")]
pub mod misere;
#[cfg(feature = "core")]
pub mod octal;
#[cfg(feature = "lab")]
pub mod partizan;
#[cfg(feature = "core")]
pub mod period_map;
#[cfg(feature = "core")]
pub mod plane;
#[cfg(feature = "lab")]
pub mod scoring;
#[cfg(feature = "core")]
pub mod subtraction;
