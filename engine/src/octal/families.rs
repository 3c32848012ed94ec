//! Two named families beyond code digits (thesis Section 3.6 and Section 4.2.2):
//!
//! * pure breaking `PB(ℓ1, …)` (Definition 3.86, after Dailly et al.): split one heap into
//!   `ℓ + 1` non-empty heaps for a cut number `ℓ` in the set; `PB(1, 2)` is the code `C·`;
//! * take-k-break-k `TkBk(k1, …)` (Definition 4.39): remove `k` tokens, `k` in the set, and
//!   split the rest into exactly `k` non-empty heaps.
//!
//! Values come from a split-set DP over "XORs of `m` split into exactly `j` heaps" for every
//! `j` up to the most heaps a move leaves (Algorithm 4.5 with any cut number), checked against a
//! plain enumeration of partitions. `PB(2)` and `PB(1,2)` past [`MAX_FAMILY_HEAPS`] heaps use the
//! candidate-and-trie method of [`super::breaking`] (the thesis's 1,500,000 values of PB(1,2)). Pure breaking games are proven arithmetic-periodic by the
//! power-of-two AP-test (Definition 3.88, Theorem 3.89); take-k-break-k games by Theorem 4.40
//! where its hypothesis holds. Anything else is reported as observed, not proven.

use super::arithmetic::{self, Pattern};
use super::breaking::{self, MAX_BREAKING_HEAPS};
use super::sequence::{bitset_mex, insert, insert_translated, words_for};
use crate::mex::mex;
use crate::{Budget, EngineError};

/// The largest cut number or `k` accepted (a move leaves at most 16 heaps).
pub const MAX_PART: u32 = 15;
/// The most heaps computed for a family (memory: one bitset per heap and part count).
pub const MAX_FAMILY_HEAPS: usize = 4_000;

/// A named family with its set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Family {
    /// `PB(L)`: split a heap into `ℓ + 1` non-empty heaps, `ℓ ∈ L`.
    PureBreaking(Vec<u32>),
    /// `TkBk(S)`: remove `k ∈ S` tokens and split the rest into `k` non-empty heaps.
    TakeBreak(Vec<u32>),
}

impl Family {
    /// Parses `PB(1,2)` or `TkBk(3)` (case and spaces ignored); `Ok(None)` when the text is not
    /// written as a family, an error when it is but the set is malformed.
    pub fn parse(text: &str) -> Result<Option<Family>, EngineError> {
        let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        let lower = compact.to_ascii_lowercase();
        let (make, rest): (fn(Vec<u32>) -> Family, &str) =
            if let Some(rest) = lower.strip_prefix("pb(") {
                (Family::PureBreaking, rest)
            } else if let Some(rest) = lower.strip_prefix("tkbk(") {
                (Family::TakeBreak, rest)
            } else {
                return Ok(None);
            };
        let inner = rest
            .strip_suffix(')')
            .ok_or_else(|| EngineError::Parse(format!("'{text}': the set must end with ')'")))?;
        let mut set = Vec::new();
        for item in inner.split(',') {
            let k: u32 = item.parse().map_err(|_| {
                EngineError::Parse(format!("'{item}' in '{text}' is not a positive integer"))
            })?;
            if k == 0 || k > MAX_PART {
                return Err(EngineError::OutOfRange(format!(
                    "'{text}': each number must be 1..={MAX_PART}"
                )));
            }
            set.push(k);
        }
        set.sort_unstable();
        set.dedup();
        Ok(Some(make(set)))
    }

    /// The family's name with its set, e.g. `PB(1,2)`.
    pub fn name(&self) -> String {
        let (prefix, set) = match self {
            Family::PureBreaking(set) => ("PB", set),
            Family::TakeBreak(set) => ("TkBk", set),
        };
        let items: Vec<String> = set.iter().map(u32::to_string).collect();
        format!("{prefix}({})", items.join(","))
    }

    /// `Some(cut_one)` for `PB(2)` and `PB(1,2)` (cut_one: 1 is in the set), which
    /// [`super::breaking`] computes far beyond the split-set DP.
    fn far_breaking(&self) -> Option<bool> {
        match self {
            Family::PureBreaking(set) if set == &[2] => Some(false),
            Family::PureBreaking(set) if set == &[1, 2] => Some(true),
            _ => None,
        }
    }

    /// The most heaps [`solve`] and [`nim_values`] compute for this family.
    pub fn max_heaps(&self) -> usize {
        match self.far_breaking() {
            Some(_) => MAX_BREAKING_HEAPS,
            None => MAX_FAMILY_HEAPS,
        }
    }

    /// The most heaps one move leaves.
    fn max_parts(&self) -> usize {
        match self {
            Family::PureBreaking(set) => set.iter().max().map_or(1, |&l| l as usize + 1),
            Family::TakeBreak(set) => set.iter().max().map_or(1, |&k| k as usize),
        }
    }

    /// The `(parts, remaining heap)` pairs of the moves from heap `n`.
    fn moves(&self, n: usize) -> Vec<(usize, usize)> {
        match self {
            Family::PureBreaking(set) => set.iter().map(|&l| (l as usize + 1, n)).collect(),
            Family::TakeBreak(set) => set
                .iter()
                .filter(|&&k| k as usize <= n)
                .map(|&k| (k as usize, n - k as usize))
                .collect(),
        }
    }
}

/// The split sets: `parts[j − 2][m]` holds the XORs of `m` split into exactly `j` heaps.
struct Splits {
    values: Vec<u32>,
    parts: Vec<Vec<Vec<u64>>>,
    value_bits: u32,
}

impl Splits {
    /// The XORs of splitting `m` into exactly `j` non-empty heaps, as a bitset of `words`.
    fn split_set(&self, j: usize, m: usize, words: usize) -> Vec<u64> {
        let mut set = vec![0u64; words];
        if j == 1 {
            if m > 0 {
                insert(&mut set, self.values[m]);
            }
        } else if m >= j {
            set[..self.parts[j - 2][m].len()].copy_from_slice(&self.parts[j - 2][m]);
        }
        set
    }

    /// Adds heap `n`: the split sets of `n`, then `G(n)` as the mex of the family's options.
    fn push(&mut self, family: &Family) {
        let n = self.values.len();
        let words = (words_for(self.value_bits) / 2).max(1);
        for j in 2..=self.parts.len() + 1 {
            let mut set = vec![0u64; words];
            for a in 1..n.saturating_sub(j - 2) {
                if j == 2 {
                    insert(&mut set, self.values[a] ^ self.values[n - a]);
                } else if n - a >= j - 1 {
                    insert_translated(&mut set, &self.parts[j - 3][n - a], self.values[a]);
                }
            }
            self.parts[j - 2].push(set);
        }
        let mut excluded = vec![0u64; words_for(self.value_bits)];
        for (j, m) in family.moves(n) {
            for (e, s) in excluded.iter_mut().zip(self.split_set(j, m, words)) {
                *e |= s;
            }
        }
        let value = bitset_mex(&excluded);
        while value >> self.value_bits != 0 {
            self.value_bits += 1;
        }
        self.values.push(value);
    }
}

/// Nim-values of heaps `0..terms` of a family by the split-set DP.
pub fn nim_values(
    family: &Family,
    terms: usize,
    budget: &mut Budget<'_>,
) -> Result<Vec<u32>, EngineError> {
    match family.far_breaking() {
        Some(cut_one) if terms > MAX_FAMILY_HEAPS => breaking::nim_values(cut_one, terms, budget),
        _ => Ok(splits(family, terms, budget)?.values),
    }
}

/// Refuses more than [`Family::max_heaps`] heaps with a one-line message.
fn check_terms(family: &Family, terms: usize) -> Result<(), EngineError> {
    if terms > family.max_heaps() {
        return Err(EngineError::OutOfRange(format!(
            "at most {} heaps for {}",
            family.max_heaps(),
            family.name()
        )));
    }
    Ok(())
}

/// The split sets of heaps `0..terms`.
fn splits(family: &Family, terms: usize, budget: &mut Budget<'_>) -> Result<Splits, EngineError> {
    check_terms(family, terms)?;
    let mut state = Splits {
        values: Vec::new(),
        parts: vec![Vec::new(); family.max_parts().saturating_sub(1)],
        value_bits: 0,
    };
    while state.values.len() < terms {
        state.push(family);
        if state.values.len().is_multiple_of(64) {
            budget.tick(state.values.len() as u64, terms as u64)?;
        }
    }
    Ok(state)
}

/// Every XOR of `m` split into exactly `j` non-empty heaps, by listing the partitions
/// (parts in non-increasing order, each at most `max`).
fn partition_xors(values: &[u64], m: usize, j: usize, max: usize, acc: u64, out: &mut Vec<u64>) {
    if j == 0 {
        if m == 0 {
            out.push(acc);
        }
        return;
    }
    for part in (1..=max.min(m)).rev() {
        if part * j < m {
            break;
        }
        partition_xors(values, m - part, j - 1, part, acc ^ values[part], out);
    }
}

/// The slow reference: every option of every heap listed as a partition, then a plain mex.
pub fn reference_values(family: &Family, terms: usize) -> Vec<u64> {
    let mut values = Vec::with_capacity(terms);
    for n in 0..terms {
        let mut options = Vec::new();
        for (j, m) in family.moves(n) {
            // Each of the other `j − 1` heaps holds at least one token.
            let largest = m.saturating_sub(j - 1);
            partition_xors(&values, m, j, largest, 0, &mut options);
        }
        values.push(mex(options));
    }
    values
}

/// The verdict on a family's values.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct FamilyReport {
    /// The family's name, e.g. `PB(1,2)`.
    pub name: String,
    /// Nim-values of heaps `0..terms`.
    pub values: Vec<u32>,
    /// The arithmetic-periodic pattern seen, if any.
    pub pattern: Option<Pattern>,
    /// True when a theorem proves the pattern.
    pub proven: bool,
    /// Which theorem, or why none.
    pub proof: String,
}

/// Heaps computed at least to look for a pattern (the values returned may be fewer).
const ANALYSED: usize = 400;

/// Computes a family's values (heaps `0..terms`) and proves or reports the pattern that the
/// first `max(terms, 400)` heaps show.
pub fn solve(
    family: &Family,
    terms: usize,
    budget: &mut Budget<'_>,
) -> Result<FamilyReport, EngineError> {
    check_terms(family, terms)?;
    let computed = terms.clamp(ANALYSED, MAX_FAMILY_HEAPS);
    let state = splits(family, computed, budget)?;
    let values = if terms > computed {
        nim_values(family, terms, budget)?
    } else {
        state.values[..terms].to_vec()
    };
    let pattern = arithmetic::observe(&state.values);
    let theorem = pattern.and_then(|p| match family {
        Family::PureBreaking(set) => power_of_two_test(set, &state, &p),
        Family::TakeBreak(set) => theorem_4_40(set, &p),
    });
    let proof = match (&theorem, pattern) {
        (Some(t), _) => t.clone(),
        (None, Some(p)) => format!(
            "observed, not proven: G(n + {}) = G(n) + {} for n ≥ {} up to {computed}",
            p.period, p.saltus, p.preperiod
        ),
        (None, None) => format!("no pattern seen up to {computed}"),
    };
    Ok(FamilyReport {
        name: family.name(),
        values,
        pattern,
        proven: theorem.is_some(),
        proof,
    })
}

/// Theorem 3.89 (the power-of-two AP-test of Definition 3.88): with `s = 2^k`, `k >= 1`,
/// (a) `G(n + p) = G(n) + s` for `1 <= n <= 3p`, (b) `{G(1), …, G(p)} = {0, …, s − 1}`, and
/// (c) every heap in `3p+1..=4p` has, for each `g < s`, an `m`-cut (`m >= 2` in the set) to `g`;
/// then the game is arithmetic periodic from 1 with period `p` and saltus `s`.
fn power_of_two_test(set: &[u32], state: &Splits, pattern: &Pattern) -> Option<String> {
    let (p, s) = (pattern.period as usize, pattern.saltus as usize);
    let values = &state.values;
    if s < 2 || !s.is_power_of_two() || pattern.preperiod > 1 || 4 * p >= values.len() {
        return None;
    }
    let a = (1..=3 * p).all(|n| values[n + p] as usize == values[n] as usize + s);
    let mut seen: Vec<u32> = values[1..=p].to_vec();
    seen.sort_unstable();
    seen.dedup();
    let b = seen.len() == s && seen.iter().enumerate().all(|(i, &g)| g as usize == i);
    let c = (3 * p + 1..=4 * p).all(|n| {
        (0..s as u32).all(|g| {
            set.iter().filter(|&&m| m >= 2).any(|&m| {
                let words = state.parts[m as usize - 1][n].len();
                let part = state.split_set(m as usize + 1, n, words);
                part.get((g >> 6) as usize)
                    .is_some_and(|w| w & (1 << (g & 63)) != 0)
            })
        })
    });
    (a && b && c).then(|| {
        format!(
            "Theorem 3.89 (power-of-two AP-test, p = {p}, s = {s}): checked on heaps 1..={}",
            4 * p
        )
    })
}

/// Theorem 4.40: with 1 in the set the sequence is `0 (0 1)…`; with least element `m > 2` it is
/// arithmetic periodic with period `2m − 1` and saltus 1 (`0` then blocks of equal values).
/// Claimed only for the pattern the values computed show.
fn theorem_4_40(set: &[u32], pattern: &Pattern) -> Option<String> {
    let m = *set.first()?;
    if m == 1 && pattern.saltus == 0 && pattern.period == 2 && pattern.preperiod <= 1 {
        return Some("Theorem 4.40 (a): 1 in the set, a parity game".into());
    }
    let p = 2 * u64::from(m) - 1;
    (m > 2 && pattern.period == p && pattern.saltus == 1 && pattern.preperiod <= 1)
        .then(|| format!("Theorem 4.40 (b): least element {m} > 2, period {p}, saltus 1"))
}
