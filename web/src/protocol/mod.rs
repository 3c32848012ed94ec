//! What crosses between a page and its worker job: each job's request (and its progress), in
//! one layer that both the URL layer ([`crate::route`]) and the worker ([`crate::worker`])
//! import, so neither imports the other. It imports neither of them (the layer order is
//! checked by a test in `xtask/src/layers.rs`).

pub mod browser_json;
pub mod cumulative_games;
pub mod misere;
pub mod partizan;
pub mod progress;
pub mod rules;
pub mod scoring;
pub mod sweep;

pub use misere::MisereRequest;
pub use partizan::PartizanRequest;
pub use progress::{Progress, Unit};
pub use rules::RulesRequest;
pub use scoring::ScoringOctalRequest;
pub use sweep::SweepRequest;
