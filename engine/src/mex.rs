//! The minimum excluded value, written plainly for the slow reference solvers.

use std::collections::BTreeSet;

/// The least non-negative integer not in `values` (the Sprague–Grundy "mex").
pub fn mex(values: impl IntoIterator<Item = u64>) -> u64 {
    let present: BTreeSet<u64> = values.into_iter().collect();
    (0..).find(|v| !present.contains(v)).unwrap_or(u64::MAX)
}

#[cfg(test)]
mod tests {
    #[test]
    fn mex_examples() {
        // The survey's example (Section 1): option values {0, 1, 3, 5, 8} give mex 2.
        assert_eq!(super::mex([0, 1, 3, 5, 8]), 2);
        assert_eq!(super::mex([]), 0);
        assert_eq!(super::mex([1, 2]), 0);
    }
}
