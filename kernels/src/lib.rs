//! HeapLab's hot word-level kernels: the code the period map spends its time in, kept apart
//! from the engine so that it can be compiled for speed while the rest is compiled for size.
//!
//! The web build optimises every crate for size (opt-level "z": the first visit has a byte
//! budget), and Cargo sets opt-level per crate only. The period map's kernels run about twice
//! as fast at opt-level 3, so they live here, with their own `[profile.wasm-release.package]`
//! override (see the workspace `Cargo.toml` and BENCHMARKS.md, "Browser speed against size"). The
//! crate is pure (no I/O, no dependencies besides serde's derive for [`bits::BitVec`]), and
//! its entry points are not generic: generic code is compiled in the caller's crate, at the
//! caller's opt-level. The engine re-exports what its callers use (`heaplab_engine::bits`,
//! `heaplab_engine::subtraction::OutcomeWords`, `heaplab_engine::period_map::least_tail_period`).
//!
//! * [`bits`]: the growable bit array that the bit-parallel solvers write into;
//! * [`outcome_words`]: the outcome (P/N) rule of a finite subtraction game, 64 heaps a step;
//! * [`tail_period`]: exact period searches on outcome words (least period at the tail, least
//!   period dividing a known one, least preperiod);
//! * [`cell`]: the period map's cell search (expected periods first, then the tail searches).

pub mod bits;
pub mod cell;
pub mod outcome_words;
pub mod tail_period;
