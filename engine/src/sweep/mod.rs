//! The explorer's sweeps: walk a whole family of rulesets and keep counts,
//! histograms, records, distinct sequences and the checks' first counterexamples.
//!
//! * [`family`]: the [`SweepFamily`] trait, the one list of registered families ([`Family`],
//!   each a deterministic generator with a stable index `0..len`) and shards as contiguous
//!   index ranges;
//! * [`families`]: one type per family (its parsing, `len`/`get`, check subject, metrics);
//! * [`metrics`]: the per-ruleset metrics, read off the families' own solvers;
//! * [`expr`]: `--where` predicates in the `evalexpr` language;
//! * [`aggregate`]: the [`Summary`] of an index range, which merges exactly;
//! * [`run`]: the checked [`Sweep`] and its walk over an index range in chunks;
//! * [`seal`]: a checksum over the JSON of shard and resume files;
//! * [`wire`]: a [`Summary`] as one string and back, for Web Workers (no serde type).
//!
//! A new family plugs in as one type implementing [`SweepFamily`] in [`families`] and one line
//! in [`family`]'s `families!` list; a new check is registered in [`crate::checks`] and needs
//! nothing here.

pub mod aggregate;
pub mod expr;
pub mod families;
pub mod family;
pub mod metrics;
pub mod run;
pub mod seal;
pub mod wire;

pub use aggregate::{Caps, Summary};
pub use family::{shard_range, Family, FamilyOptions, Subsets, SweepFamily};
pub use run::{Sweep, SweepSpec, TopSpec, CHUNK};
