//! Figures of HeapLab's results (feature `engine`): one builder per kind of picture, from the
//! engine's own types, so that the CLI's `--figure`, the web pages' exports, Python and the
//! gallery (`cargo xtask figures`) draw each figure the same way.

pub mod heaps;
pub mod period_map;
