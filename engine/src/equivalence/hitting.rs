//! Hitting sets of a small family of sets (Definition 4.15 of the thesis): the minimal ones and
//! the number of all of them. The universe is at most 128 elements, each set a `u128` mask.
//!
//! Both searches branch on the first set not yet hit, `E = {x1, …, xk}`: branch `i` takes `xi`
//! and forbids `x1 … x(i-1)`. The branches split the search space into disjoint parts, so each
//! hitting set is reached once. A taken element that no longer has a *private* set (one it alone
//! hits) can never get one back, so such branches are cut when only minimal sets are wanted.

use crate::{Budget, EngineError};

/// The largest universe the hitting-set search accepts (one `u128` mask).
pub const MAX_UNIVERSE: usize = 128;

/// The most branching steps one search may take before it gives up (a size cap: a few seconds).
pub const MAX_STEPS: u64 = 20_000_000;

/// A family of sets over the universe `0..size`, reduced to its inclusion-minimal members (a
/// set that contains another is hit whenever the smaller one is).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Family {
    /// Number of elements of the universe.
    pub size: usize,
    /// The inclusion-minimal sets, as masks, in increasing order.
    pub sets: Vec<u128>,
}

impl Family {
    /// The family of `sets`, keeping only the inclusion-minimal ones. An empty set in the
    /// family means nothing hits it; the searches then find no hitting set.
    pub fn new(size: usize, sets: impl IntoIterator<Item = u128>) -> Self {
        let mut all: Vec<u128> = sets.into_iter().collect();
        all.sort_by_key(|m| (m.count_ones(), *m));
        all.dedup();
        let mut kept: Vec<u128> = Vec::new();
        for m in all {
            if !kept.iter().any(|&k| k & !m == 0) {
                kept.push(m);
            }
        }
        kept.sort_unstable();
        Family { size, sets: kept }
    }

    /// Whether `t` meets every set of the family.
    pub fn is_hit_by(&self, t: u128) -> bool {
        self.sets.iter().all(|&e| e & t != 0)
    }

    /// Whether `t` is a hitting set and no element can be left out of it.
    pub fn is_minimal_hitting_set(&self, t: u128) -> bool {
        self.is_hit_by(t) && bits(t).all(|x| self.has_private_set(t, x))
    }

    fn has_private_set(&self, t: u128, x: usize) -> bool {
        self.sets.iter().any(|&e| e & t == 1 << x)
    }

    /// The inclusion-minimal hitting sets (Corollary 4.17: the minimals of a subtraction
    /// class), in increasing mask order; fails with `OutOfRange` past `cap` sets.
    pub fn minimal_hitting_sets(
        &self,
        cap: usize,
        budget: &mut Budget<'_>,
    ) -> Result<Vec<u128>, EngineError> {
        let mut out = Vec::new();
        let mut search = Search {
            family: self,
            budget,
            steps: 0,
        };
        search.minimal(0, 0, &mut out, cap)?;
        out.sort_unstable();
        Ok(out)
    }

    /// The number of hitting sets inside the universe (the size of a subtraction class).
    pub fn count_hitting_sets(&self, budget: &mut Budget<'_>) -> Result<u128, EngineError> {
        let mut search = Search {
            family: self,
            budget,
            steps: 0,
        };
        search.count(0, 0)
    }
}

/// The indices of the set bits of `mask`, lowest first.
pub fn bits(mask: u128) -> impl Iterator<Item = usize> {
    (0..128).filter(move |&i| mask >> i & 1 == 1)
}

/// The branching search shared by both queries.
struct Search<'f, 'b, 'c> {
    family: &'f Family,
    budget: &'b mut Budget<'c>,
    steps: u64,
}

impl Search<'_, '_, '_> {
    fn tick(&mut self) -> Result<(), EngineError> {
        self.steps += 1;
        if self.steps > MAX_STEPS {
            return Err(EngineError::OutOfRange(format!(
                "the hitting-set search passed {MAX_STEPS} steps; the class is too large to list"
            )));
        }
        if self.steps.is_multiple_of(4096) {
            self.budget.tick(self.steps, 0)?;
        }
        Ok(())
    }

    /// The first set not hit by `taken`, or `None` when `taken` hits them all.
    fn first_unhit(&self, taken: u128) -> Option<u128> {
        self.family.sets.iter().copied().find(|&e| e & taken == 0)
    }

    fn minimal(
        &mut self,
        taken: u128,
        banned: u128,
        out: &mut Vec<u128>,
        cap: usize,
    ) -> Result<(), EngineError> {
        self.tick()?;
        if !bits(taken).all(|x| self.family.has_private_set(taken, x)) {
            return Ok(());
        }
        let Some(edge) = self.first_unhit(taken) else {
            if out.len() == cap {
                return Err(EngineError::OutOfRange(format!(
                    "the class has more than {cap} minimals; HeapLab lists at most {cap}"
                )));
            }
            out.push(taken);
            return Ok(());
        };
        let mut banned = banned;
        for x in bits(edge & !banned) {
            self.minimal(taken | 1 << x, banned, out, cap)?;
            banned |= 1 << x;
        }
        Ok(())
    }

    fn count(&mut self, taken: u128, banned: u128) -> Result<u128, EngineError> {
        self.tick()?;
        let Some(edge) = self.first_unhit(taken) else {
            let free = self.family.size as u32 - (taken | banned).count_ones();
            return Ok(1u128 << free);
        };
        let mut banned = banned;
        let mut total = 0u128;
        for x in bits(edge & !banned) {
            total += self.count(taken | 1 << x, banned)?;
            banned |= 1 << x;
        }
        Ok(total)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Brute force over every subset of the universe.
    fn brute(family: &Family) -> (Vec<u128>, u128) {
        let all: Vec<u128> = (0..1u128 << family.size)
            .filter(|&t| family.is_hit_by(t))
            .collect();
        let minimal = all
            .iter()
            .copied()
            .filter(|&t| bits(t).all(|x| !family.is_hit_by(t & !(1 << x))))
            .collect();
        (minimal, all.len() as u128)
    }

    #[test]
    fn search_matches_brute_force_on_every_small_family() {
        // Every family of up to three sets over a universe of 4 elements.
        let masks: Vec<u128> = (0..16).collect();
        for a in &masks {
            for b in &masks {
                for c in &masks {
                    let family = Family::new(4, [*a, *b, *c]);
                    let (minimal, count) = brute(&family);
                    let mut budget = Budget::unlimited();
                    assert_eq!(
                        family.minimal_hitting_sets(1000, &mut budget).unwrap(),
                        minimal
                    );
                    assert_eq!(family.count_hitting_sets(&mut budget).unwrap(), count);
                    for &t in &minimal {
                        assert!(family.is_minimal_hitting_set(t));
                    }
                }
            }
        }
    }

    #[test]
    fn path_vertex_covers_follow_padovan_and_fibonacci() {
        // The proof of Theorem 4.22: the edges of the path on n vertices.
        let mut budget = Budget::unlimited();
        let minimal = [1, 2, 2, 3, 4, 5, 7, 9, 12];
        let all = [1, 2, 3, 5, 8, 13, 21, 34, 55];
        for n in 2..9usize {
            let family = Family::new(n, (0..n - 1).map(|i| 3u128 << i));
            let m = family
                .minimal_hitting_sets(1000, &mut budget)
                .unwrap()
                .len();
            assert_eq!(m, minimal[n - 1], "minimal covers of P_{n}");
            assert_eq!(family.count_hitting_sets(&mut budget).unwrap(), all[n]);
        }
    }
}
