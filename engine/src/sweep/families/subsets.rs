//! Subsets of `{1..m}`: the index order shared by the subtraction, all-but and cumulative
//! subtraction families.
//!
//! Sets are read as bit masks (bit `j - 1` for element `j`). Without a size constraint, index
//! `i` is the mask `i + 1` (or `i` when the empty set belongs to the family), so sets appear
//! in increasing mask order; with `--exact-max` the mask is `2^(m-1) | i`. With `|S| = k` the
//! order is colexicographic (the combinatorial number system), which is again increasing mask
//! order restricted to masks with `k` bits.

use crate::ruleset::NumberSet;
use crate::sweep::family::{FamilyOptions, MAX_RULESETS};
use crate::text::grouped;
use crate::EngineError;
use serde::{Deserialize, Serialize};

/// The largest `m` a set family accepts (`2^m` sets is the size of the family).
pub const MAX_SET_BOUND: u32 = 40;

/// The options a set family reads (the others are refused).
pub const SET_OPTIONS: &[&str] = &["--max-move", "--size", "--exact-max"];

/// Subsets of `{1..m}`: the shape shared by the subtraction, all-but and cumulative families.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Subsets {
    /// The bound `m`: every element is in `1..=m`.
    pub bound: u32,
    /// Only sets of exactly this many elements, when given.
    pub size: Option<u32>,
    /// Only sets whose largest element is exactly `m`.
    pub exact_max: bool,
    /// Whether the empty set belongs to the family (all-but: `E = ∅` is Nim).
    pub allow_empty: bool,
}

impl Subsets {
    /// Checks the bound and the size and returns the family, or a one-line error.
    pub fn new(
        bound: u32,
        size: Option<u32>,
        exact_max: bool,
        allow_empty: bool,
    ) -> Result<Self, EngineError> {
        if bound == 0 || bound > MAX_SET_BOUND {
            return Err(EngineError::OutOfRange(format!(
                "the bound m must be between 1 and {MAX_SET_BOUND}, not {bound}"
            )));
        }
        if let Some(k) = size {
            if k > bound || (k == 0 && !allow_empty) || (k == 0 && exact_max) {
                return Err(EngineError::OutOfRange(format!(
                    "no set of size {k} fits in 1..{bound} (with these options)"
                )));
            }
        }
        let family = Subsets {
            bound,
            size,
            exact_max,
            allow_empty,
        };
        if family.len() > MAX_RULESETS {
            return Err(EngineError::OutOfRange(format!(
                "the family has {} sets; a sweep walks at most {} (2^32): lower --max-move (at most 32 for every set) or give --size K",
                grouped(family.len()),
                grouped(MAX_RULESETS)
            )));
        }
        Ok(family)
    }

    /// The sets of the family `name` from the user's options (`--max-move` is required).
    pub fn parse(
        name: &str,
        options: &FamilyOptions,
        allow_empty: bool,
    ) -> Result<Self, EngineError> {
        let bound = options
            .bound
            .ok_or_else(|| EngineError::Parse(format!("the {name} family needs --max-move M")))?;
        Subsets::new(bound, options.size, options.exact_max, allow_empty)
    }

    /// Checks sets read back from a file: the bounds of [`Subsets::new`], and the empty-set
    /// rule of the family they belong to.
    pub fn check(&self, allow_empty: bool) -> Result<(), EngineError> {
        if self.allow_empty != allow_empty {
            return Err(EngineError::Parse(
                "a set family with the wrong empty-set rule".into(),
            ));
        }
        Subsets::new(self.bound, self.size, self.exact_max, allow_empty).map(|_| ())
    }

    /// The number of sets, computed without enumerating.
    pub fn len(&self) -> u64 {
        let m = u64::from(self.bound);
        match (self.size.map(u64::from), self.exact_max) {
            (None, false) => (1u64 << m) - u64::from(!self.allow_empty),
            (None, true) => 1u64 << (m - 1),
            (Some(k), false) => binomial(m, k),
            (Some(k), true) => binomial(m - 1, k - 1),
        }
    }

    /// Whether the family is empty (never, once [`Subsets::new`] accepted it).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The elements of set number `index` (`index < len()`), in increasing order.
    pub fn get(&self, index: u64) -> Vec<u32> {
        let top = 1u64 << (self.bound - 1);
        let mask = match (self.size, self.exact_max) {
            (None, false) => index + u64::from(!self.allow_empty),
            (None, true) => top | index,
            (Some(k), false) => unrank_colex(index, k),
            (Some(k), true) => top | unrank_colex(index, k - 1),
        };
        (0..self.bound)
            .filter(|j| mask >> j & 1 == 1)
            .map(|j| j + 1)
            .collect()
    }

    /// Set number `index` as a [`NumberSet`].
    pub fn set(&self, index: u64) -> Result<NumberSet, EngineError> {
        NumberSet::from_elements(self.get(index))
    }
}

/// A set as a user types it (`2,3,7`), `∅` when empty (an all-but game's `E = ∅`).
pub fn set_text(set: &NumberSet) -> String {
    match set.elements().is_empty() {
        true => "∅".into(),
        false => set.to_text(),
    }
}

/// `C(n, k)`, exact for every `n <= 64` (saturating beyond).
pub fn binomial(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    let k = k.min(n - k);
    (0..k).fold(1u128, |acc, i| acc * u128::from(n - i) / u128::from(i + 1)) as u64
}

/// The mask with `k` bits whose colexicographic rank is `rank` (combinatorial number system:
/// `rank = Σ C(c_i, i)` over the bit positions `c_1 < … < c_k`).
fn unrank_colex(mut rank: u64, k: u32) -> u64 {
    let mut mask = 0u64;
    for i in (1..=u64::from(k)).rev() {
        let mut c = i - 1;
        while binomial(c + 1, i) <= rank {
            c += 1;
        }
        rank -= binomial(c, i);
        mask |= 1 << c;
    }
    mask
}

/// The methods of [`crate::sweep::family::SweepFamily`] that every family of subsets of
/// `{1..m}` shares (a newtype over [`Subsets`] whose rulesets are `NumberSet`s): parsing and
/// checking the bound (`$allow_empty`: whether `∅` belongs), counting, building a set from its
/// index, and the set's text and elements. Written inside the family's `impl SweepFamily`.
macro_rules! subset_family_methods {
    ($allow_empty:expr) => {
        fn parse(name: &str, options: &FamilyOptions) -> Result<Self, EngineError> {
            Subsets::parse(name, options, $allow_empty).map(Self)
        }

        fn validate(&self) -> Result<(), EngineError> {
            self.0.check($allow_empty)
        }

        fn len(&self) -> u64 {
            self.0.len()
        }

        fn get(&self, index: u64) -> Result<NumberSet, EngineError> {
            self.0.set(index)
        }

        fn text(set: &NumberSet) -> String {
            super::subsets::set_text(set)
        }

        fn elements(set: &NumberSet) -> Vec<u32> {
            set.elements().to_vec()
        }
    };
}
pub(crate) use subset_family_methods;

#[cfg(test)]
mod tests {
    use super::*;

    /// The slow definition: every mask in increasing order, filtered.
    fn reference(family: &Subsets) -> Vec<Vec<u32>> {
        (0..1u64 << family.bound)
            .map(|mask| {
                (0..family.bound)
                    .filter(|j| mask >> j & 1 == 1)
                    .map(|j| j + 1)
                    .collect::<Vec<u32>>()
            })
            .filter(|s| family.allow_empty || !s.is_empty())
            .filter(|s| family.size.is_none_or(|k| s.len() == k as usize))
            .filter(|s| !family.exact_max || s.last() == Some(&family.bound))
            .collect()
    }

    #[test]
    fn get_and_len_match_the_definition_on_every_small_family() {
        for m in 1..=9 {
            for size in std::iter::once(None).chain((0..=m).map(Some)) {
                for exact_max in [false, true] {
                    for allow_empty in [false, true] {
                        let Ok(family) = Subsets::new(m, size, exact_max, allow_empty) else {
                            continue;
                        };
                        let expected = reference(&family);
                        assert_eq!(family.len(), expected.len() as u64, "{family:?}");
                        let got: Vec<Vec<u32>> = (0..family.len()).map(|i| family.get(i)).collect();
                        assert_eq!(got, expected, "{family:?}");
                    }
                }
            }
        }
    }
}
