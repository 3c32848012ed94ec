//! Equality of subtraction games and their equivalence classes (thesis, Section 4.1.1).
//!
//! * **Equality** (Definition 4.6): `S = T` when the nim-sequences agree at every heap. It is
//!   decided exactly by [`equal`]: if `S` has the proven period `p` from `n0` and `T` agrees
//!   with `S` on the heaps `0 .. n0 + p + max T`, they agree everywhere. (Induction: for
//!   `n >= n0 + p + max T` every option `n - t` is at least `n0 + p`, so
//!   `G_T(n) = mex G_S(n - t) = mex G_S(n - p - t) = G_T(n - p) = G_S(n - p) = G_S(n)`.)
//! * **Expansion set** (Definition 3.38): `s` with `G(n) != G(n + s)` for every `n`. For a
//!   sequence periodic from `n0` with period `p` it suffices to look at `n < n0 + p`, and for
//!   `s >= n0 + p`, `s` is in the set iff `s - p` is (Proposition 3.40), so the set is the
//!   finite part `exp ∩ [1, n0 + p)` repeated with period `p`.
//! * **Master** (Definition 4.11): the largest member of the class. As in the thesis's survey
//!   (Section 4.4.5) the master is given by its finite presentation, the moves of the expansion
//!   set below `n0 + p`; [`Class::master`] checks that this set plays like `S`.
//! * **Minimals** (Corollary 4.17): the inclusion-minimal hitting sets of the restrictions
//!   `R(g, n) = {s ∈ exp : s <= n, G(n - s) = g}` for `g < G(n)` (Theorem 4.16), taken inside
//!   the master. The class (Corollary 4.14) is every set between a minimal and the master.

use super::hitting::{bits, Family, MAX_UNIVERSE};
use crate::ruleset::NumberSet;
use crate::subtraction::{nim_period, nim_values};
use crate::{Budget, EngineError};

/// The default number of heaps a period search may compute for the equivalence tools.
pub const SEARCH: u64 = 4_000_000;

/// The largest `n0 + p` whose expansion set is computed (the check is quadratic in it).
pub const MAX_SPAN: u64 = 50_000;

/// The largest number of minimals listed.
pub const MAX_MINIMALS: usize = 100_000;

/// A subtraction set with its proven nim-sequence: enough values to read `G(n)` at any heap.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Profile {
    /// The subtraction set, increasing.
    pub moves: Vec<u32>,
    /// The least preperiod `n0` of the nim-sequence.
    pub preperiod: u64,
    /// The least period `p` of the nim-sequence.
    pub period: u64,
    /// Nim-values of heaps `0 .. n0 + p` (one full period after the preperiod).
    pub values: Vec<u16>,
}

impl Profile {
    /// Solves `set` and proves its period (searching at most `search` heaps).
    pub fn new(set: &NumberSet, search: u64, budget: &mut Budget<'_>) -> Result<Self, EngineError> {
        let periodicity = nim_period(set, search, budget)?;
        let (Some(preperiod), Some(period)) = (periodicity.preperiod(), periodicity.period())
        else {
            return Err(EngineError::OutOfRange(format!(
                "no period of {{{}}} found in {search} heaps",
                set.to_text()
            )));
        };
        let span = preperiod + period;
        if span > MAX_SPAN {
            return Err(EngineError::OutOfRange(format!(
                "preperiod + period of {{{}}} is {span}; the equivalence tools accept at most {MAX_SPAN}",
                set.to_text()
            )));
        }
        Ok(Profile {
            moves: set.elements().to_vec(),
            preperiod,
            period,
            values: nim_values(set, span as usize),
        })
    }

    /// `n0 + p`: every heap's value equals the value of a heap below it.
    pub fn span(&self) -> u64 {
        self.preperiod + self.period
    }

    /// `G(n)` for any heap, folding `n` into the stored period.
    pub fn value(&self, n: u64) -> u16 {
        let n = if n < self.span() {
            n
        } else {
            self.preperiod + (n - self.preperiod) % self.period
        };
        self.values[n as usize]
    }

    /// Whether `s` is in the expansion set: `G(n) != G(n + s)` for every `n < n0 + p`, which
    /// covers every `n` since both sides repeat with period `p` from `n0` on.
    pub fn in_expansion(&self, s: u64) -> bool {
        s > 0 && (0..self.span()).all(|n| self.value(n) != self.value(n + s))
    }

    /// The finite part of the expansion set, `exp ∩ [1, n0 + p)` (Proposition 3.40's
    /// `S1 ∪ S2`); the whole set is this part plus its translates by multiples of `p` above
    /// `n0`.
    pub fn expansion_base(&self, budget: &mut Budget<'_>) -> Result<Vec<u32>, EngineError> {
        let mut out = Vec::new();
        for s in 1..self.span() {
            if s.is_multiple_of(256) {
                budget.tick(s, self.span())?;
            }
            if self.in_expansion(s) {
                out.push(s as u32);
            }
        }
        Ok(out)
    }
}

/// Whether the subtraction games `a` and `b` have the same nim-sequence at every heap, decided
/// exactly by the bound in the module documentation.
pub fn equal(a: &NumberSet, b: &NumberSet, budget: &mut Budget<'_>) -> Result<bool, EngineError> {
    let pa = Profile::new(a, SEARCH, budget)?;
    Ok(agrees_with(&pa, b))
}

/// Whether the set `t` plays like the solved game `profile` (the bound of [`equal`]). The
/// prefix is compared in doubling lengths, so a difference near the start is found cheaply.
pub fn agrees_with(profile: &Profile, t: &NumberSet) -> bool {
    let len = profile.span() + u64::from(t.max());
    let mut at = 256u64.min(len);
    loop {
        let values = nim_values(t, at as usize);
        if !(0..at).all(|n| values[n as usize] == profile.value(n)) {
            return false;
        }
        if at == len {
            return true;
        }
        at = (2 * at).min(len);
    }
}

/// The equivalence class of a subtraction game: its master, the restrictions of Theorem 4.16
/// and the minimals.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Class {
    /// The given set.
    pub moves: Vec<u32>,
    /// The least preperiod of the common nim-sequence.
    pub preperiod: u64,
    /// The least period of the common nim-sequence.
    pub period: u64,
    /// The finite part of the expansion set, `exp ∩ [1, n0 + p)`: the master.
    pub master: Vec<u32>,
    /// The inclusion-minimal members of the class (inside the master).
    pub minimals: Vec<Vec<u32>>,
    /// The number of members of the class inside the master (sets `T` with
    /// `minimal ⊆ T ⊆ master` for some minimal). Not serialized: JSON numbers stop at
    /// `u64`, so callers write it themselves.
    #[serde(skip)]
    pub size: u128,
}

impl Class {
    /// Whether the class has a single minimal (the thesis calls it a *lattice*).
    pub fn is_lattice(&self) -> bool {
        self.minimals.len() == 1
    }

    /// Largest minus smallest size of a minimal (the thesis's *source range*).
    pub fn source_range(&self) -> usize {
        source_range(&self.minimals)
    }
}

/// Largest minus smallest size among `minimals` (0 when there are none).
pub fn source_range(minimals: &[Vec<u32>]) -> usize {
    let sizes = minimals.iter().map(Vec::len);
    sizes.clone().max().unwrap_or(0) - sizes.min().unwrap_or(0)
}

/// The class of `set`: master, minimals and size, with the hitting-set search.
pub fn class(set: &NumberSet, budget: &mut Budget<'_>) -> Result<Class, EngineError> {
    let profile = Profile::new(set, SEARCH, budget)?;
    let master = profile.expansion_base(budget)?;
    class_of(&profile, master, budget)
}

/// The class of a solved game whose master is already known.
pub fn class_of(
    profile: &Profile,
    master: Vec<u32>,
    budget: &mut Budget<'_>,
) -> Result<Class, EngineError> {
    let family = master_family(profile, &master)?;
    let minimals = minimals_in(&family, &master, budget)?;
    let size = family.count_hitting_sets(budget)?;
    Ok(Class {
        moves: profile.moves.clone(),
        preperiod: profile.preperiod,
        period: profile.period,
        master,
        minimals,
        size,
    })
}

/// The minimals of a solved game whose master is known (no class count: the survey's need).
pub fn minimals_of(
    profile: &Profile,
    master: &[u32],
    budget: &mut Budget<'_>,
) -> Result<Vec<Vec<u32>>, EngineError> {
    let family = master_family(profile, master)?;
    minimals_in(&family, master, budget)
}

/// The restrictions inside `master`, checked to be hit by the whole master.
fn master_family(profile: &Profile, master: &[u32]) -> Result<Family, EngineError> {
    if master.len() > MAX_UNIVERSE {
        return Err(EngineError::OutOfRange(format!(
            "the master has {} moves; the class search accepts at most {MAX_UNIVERSE}",
            master.len()
        )));
    }
    let family = restrictions(profile, master);
    if !family.is_hit_by(full(master.len())) {
        return Err(EngineError::OutOfRange(
            "the expansion set below n0 + p does not play like the set".into(),
        ));
    }
    Ok(family)
}

fn minimals_in(
    family: &Family,
    master: &[u32],
    budget: &mut Budget<'_>,
) -> Result<Vec<Vec<u32>>, EngineError> {
    Ok(family
        .minimal_hitting_sets(MAX_MINIMALS, budget)?
        .into_iter()
        .map(|m| pick(master, m))
        .collect())
}

/// The restrictions `R(g, n)` of Theorem 4.16 inside `universe`, as masks over its indices.
/// Heaps `n >= n0 + p + max(universe)` repeat earlier ones, so the heaps below suffice.
pub fn restrictions(profile: &Profile, universe: &[u32]) -> Family {
    let top = universe.last().map_or(0, |&m| u64::from(m));
    let mut sets = Vec::new();
    for n in 0..profile.span() + top {
        let g = profile.value(n);
        let mut by_value = vec![0u128; usize::from(g)];
        for (i, &s) in universe.iter().enumerate() {
            let s = u64::from(s);
            if s > n {
                break;
            }
            let h = profile.value(n - s);
            if h < g {
                by_value[usize::from(h)] |= 1 << i;
            }
        }
        sets.extend(by_value);
    }
    Family::new(universe.len(), sets)
}

fn full(len: usize) -> u128 {
    if len == 128 {
        u128::MAX
    } else {
        (1u128 << len) - 1
    }
}

fn pick(universe: &[u32], mask: u128) -> Vec<u32> {
    bits(mask).map(|i| universe[i]).collect()
}

/// Plain references: brute force over every subset of a small universe.
pub mod reference {
    use crate::subtraction::reference::nim_values;

    /// Whether two sets have equal nim-sequences on the heaps `0..len` (plain loops).
    pub fn equal_up_to(a: &[u32], b: &[u32], len: usize) -> bool {
        nim_values(a, len) == nim_values(b, len)
    }

    /// The moves `s` in `1..below` with `G(n) != G(n + s)` for every `n` with `n + s < len`.
    pub fn expansion(moves: &[u32], below: u32, len: usize) -> Vec<u32> {
        let g = nim_values(moves, len);
        (1..below)
            .filter(|&s| (0..len - s as usize).all(|n| g[n] != g[n + s as usize]))
            .collect()
    }

    /// Every subset of `universe` whose nim-sequence equals that of `moves` on `0..len`,
    /// and the inclusion-minimal ones among them.
    pub fn class(moves: &[u32], universe: &[u32], len: usize) -> (Vec<Vec<u32>>, Vec<Vec<u32>>) {
        let target = nim_values(moves, len);
        let members: Vec<u32> = (0..1u32 << universe.len())
            .filter(|&m| {
                let set = subset(universe, m);
                !set.is_empty() && nim_values(&set, len) == target
            })
            .collect();
        let minimal = members
            .iter()
            .filter(|&&m| !members.iter().any(|&o| o != m && o & m == o))
            .map(|&m| subset(universe, m))
            .collect();
        (
            members.iter().map(|&m| subset(universe, m)).collect(),
            minimal,
        )
    }

    fn subset(universe: &[u32], mask: u32) -> Vec<u32> {
        (0..universe.len())
            .filter(|i| mask >> i & 1 == 1)
            .map(|i| universe[i])
            .collect()
    }
}
