//! Arithmetic periodicity of hexadecimal and infinite codes: the observed pattern
//! `G(n + p) = G(n) + s`, and the Howse–Nowakowski test that proves it for finite codes.
//!
//! **Which statement.** The thesis prints the test as Theorem 3.85 (Section 3.5) with undefined
//! letters; the original (Howse and Nowakowski, "Periodicity and arithmetic-periodicity in
//! hexadecimal games", TCS 313 (2004) 463–472) could not be read from this project's sources,
//! so HeapLab uses the thesis's statement under its most demanding reading of the undefined
//! letters. For a finite hexadecimal code `·d1…du` (length `u`), write the saltus
//! `s = 2^(γ−1) + j` with `0 <= j < 2^(γ−1)`. If `3p >= u + 2` and
//!
//! * (a) `G(n + p) = G(n) + s` for all `n0 < n < u + max(3·n0 + p·(20 + 2^(γ+1) + 2^(2γ+1) +
//!   2^(3γ+3)), n0 + p·(1 + 2^max(0, j+u+3−γ)))`,
//! * (b) `G(n) < s` for all `n <= n0`,
//! * (c) `G(n) < 2s` for all `n <= n0 + p`,
//! * (d) either digits of an odd and of an even index both contain 8 and every `g < 2s` is
//!   `G(n)` for some `n > 0`, or some digit contains 8 and every `g < 2s` is both `G(odd)` and
//!   `G(even)`,
//!
//! then `G(n + p) = G(n) + s` for all `n > n0`. The printed bound has `t` and `k` where the
//! paper's code length `u` belongs; HeapLab reads `t = u`, and takes `k = 0` in the exponents
//! that fall with `k` and `k = u` in the one that rises with it, so the bound it checks is at
//! least the bound of every reading with `0 <= k <= u`.

use super::Ruleset;

/// An arithmetic-periodic pattern: `G(n + period) = G(n) + saltus` for all `n >= preperiod`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Pattern {
    /// The least `n0` from which the relation holds in the data.
    pub preperiod: u64,
    /// The least period showing the relation.
    pub period: u64,
    /// The constant added per period (0 for ordinary periodicity).
    pub saltus: u64,
}

/// How many periods the relation must hold for in the data before it counts as observed.
const MIN_REPEATS: usize = 3;
/// The fewest values a relation must cover before it counts as observed.
const MIN_SPAN: usize = 48;

/// The least period `p` (with its saltus and least preperiod) such that `G(n + p) = G(n) + s`
/// holds on a suffix of `values` covering at least three periods and 48 values. Only a data
/// check: [`howse_nowakowski`] says when it is proven.
pub fn observe(values: &[u32]) -> Option<Pattern> {
    let n = values.len();
    (1..=n / MIN_REPEATS).find_map(|p| {
        let last = n - 1;
        let saltus = values[last].checked_sub(values[last - p])?;
        let mut start = last - p;
        while start > 0 && values[start - 1].checked_add(saltus) == Some(values[start - 1 + p]) {
            start -= 1;
        }
        let span = n - start;
        (span >= MIN_REPEATS * p && span >= MIN_SPAN).then_some(Pattern {
            preperiod: start as u64,
            period: p as u64,
            saltus: u64::from(saltus),
        })
    })
}

/// The verdict of the Howse–Nowakowski test on a pattern.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Test {
    /// The test proves the pattern from the values given.
    Proven,
    /// Conditions (b)–(d) and `3p >= u + 2` hold in the data; (a) needs this many values.
    Needs(u64),
    /// The test does not apply (infinite code, zero saltus, or a condition fails); says why.
    DoesNotApply(&'static str),
}

/// The number of values (heaps `0..N`) condition (a) needs, for code length `u`, or `None`
/// when it overflows.
pub fn needed_values(pattern: &Pattern, u: u64) -> Option<u64> {
    let (p, s) = (pattern.period, pattern.saltus);
    let gamma = u64::from(u64::BITS - s.leading_zeros());
    let j = s - (1 << (gamma - 1));
    let pow = |e: u64| 1u64.checked_shl(u32::try_from(e).ok()?);
    let n0 = pattern.preperiod.saturating_sub(1);
    let factor = 20u64
        .checked_add(pow(gamma + 1)?)?
        .checked_add(pow(2 * gamma + 1)?)?
        .checked_add(pow(3 * gamma + 3)?)?;
    let first = n0.checked_mul(3)?.checked_add(p.checked_mul(factor)?)?;
    let exponent = (j + u + 3).saturating_sub(gamma);
    let second = n0.checked_add(p.checked_mul(pow(exponent)?.checked_add(1)?)?)?;
    // (a) is needed for n < u + max(..) and reads G(n + p): values up to that index.
    u.checked_add(first.max(second))?.checked_add(p)
}

/// Applies the Howse–Nowakowski test (module docs) to `pattern` over `values` of `rules`.
pub fn howse_nowakowski(rules: &Ruleset, values: &[u32], pattern: &Pattern) -> Test {
    if !rules.is_finite() || rules.has_modifiers() || rules.max_heaps_left() > 3 {
        return Test::DoesNotApply("the Howse–Nowakowski test covers finite codes only");
    }
    let (p, s, u) = (pattern.period, pattern.saltus, rules.length() as u64);
    if s == 0 {
        return Test::DoesNotApply("zero saltus: ordinary periodicity (Theorem 3.73)");
    }
    if 3 * p < u + 2 {
        return Test::DoesNotApply("the test needs 3p >= u + 2");
    }
    let n0 = pattern.preperiod.saturating_sub(1) as usize;
    let below = |limit: usize, bound: u64| values[..=limit].iter().all(|&g| u64::from(g) < bound);
    if n0 + p as usize >= values.len() || !below(n0, s) || !below(n0 + p as usize, 2 * s) {
        return Test::DoesNotApply("conditions (b)/(c): early values reach s or 2s");
    }
    if !condition_d(rules, values, 2 * s) {
        return Test::DoesNotApply("condition (d) fails on the values computed");
    }
    match needed_values(pattern, u) {
        Some(needed) if needed <= values.len() as u64 => Test::Proven,
        Some(needed) => Test::Needs(needed),
        None => Test::DoesNotApply("the bound of condition (a) overflows"),
    }
}

/// Condition (d) on the computed values.
fn condition_d(rules: &Ruleset, values: &[u32], below: u64) -> bool {
    // Fewer values than `below` cannot show every `g < below` (and this bounds the memory).
    if below > values.len() as u64 {
        return false;
    }
    let eights: Vec<usize> = (0..=rules.length())
        .filter(|&k| rules.digit(k) & 8 != 0)
        .collect();
    let odd_and_even = eights.iter().any(|k| k % 2 == 1) && eights.iter().any(|k| k % 2 == 0);
    let seen = |pick: &dyn Fn(usize) -> bool| {
        let mut found = vec![false; below as usize];
        for (n, &g) in values.iter().enumerate() {
            if pick(n) && u64::from(g) < below {
                found[g as usize] = true;
            }
        }
        found.into_iter().all(|f| f)
    };
    (odd_and_even && seen(&|n| n > 0))
        || (!eights.is_empty() && seen(&|n| n % 2 == 1) && seen(&|n| n % 2 == 0))
}

/// True when `G(n + p) = G(n) + s` for every `n >= n0` with `n + p < values.len()`: the plain
/// check of a claimed pattern against values computed far beyond the test's bound.
pub fn holds(values: &[u32], pattern: &Pattern) -> bool {
    let (n0, p) = (pattern.preperiod as usize, pattern.period as usize);
    (n0..values.len().saturating_sub(p))
        .all(|n| u64::from(values[n]) + pattern.saltus == u64::from(values[n + p]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn observes_the_least_period() {
        // 0 1 2 0 1 2 3 4 5 3 4 5 …: Kenyon's ·3F pattern, period 6 saltus 3.
        let values: Vec<u32> = (0..120).map(|n| (n / 6) * 3 + (n % 3)).collect();
        let pattern = observe(&values).unwrap();
        assert_eq!(
            (pattern.period, pattern.saltus, pattern.preperiod),
            (6, 3, 0)
        );
        assert!(holds(&values, &pattern));
        assert_eq!(observe(&[5, 1, 7, 2, 9]), None);
    }

    #[test]
    fn the_test_refuses_what_it_does_not_cover() {
        let values: Vec<u32> = (0..120).map(|n| n / 2).collect();
        let pattern = observe(&values).unwrap();
        let infinite = Ruleset::parse(".(03)").unwrap();
        assert!(matches!(
            howse_nowakowski(&infinite, &values, &pattern),
            Test::DoesNotApply(_)
        ));
        // An absurd saltus overflows the bound instead of panicking or allocating.
        let huge = Pattern {
            preperiod: 0,
            period: 5,
            saltus: u64::from(u32::MAX),
        };
        assert_eq!(needed_values(&huge, 3), None);
        let kenyon = Ruleset::parse(".3F").unwrap();
        // Passes (b) and (c); (d) would need 2^31 distinct values among eight.
        let big: Vec<u32> = vec![0, (1 << 30) - 1, (1 << 31) - 1, 7, 7, 7, 7, 7];
        let odd = Pattern {
            preperiod: 0,
            period: 2,
            saltus: 1 << 30,
        };
        assert!(matches!(
            howse_nowakowski(&kenyon, &big, &odd),
            Test::DoesNotApply(_)
        ));
    }

    #[test]
    fn bound_of_kenyons_game() {
        // u = 2, p = 6, s = 3 = 2 + 1 (γ = 2, j = 1), n0 = 0:
        // 2 + max(6·(20 + 8 + 32 + 512), 6·(1 + 2^4)) + 6 = 3440.
        let pattern = Pattern {
            preperiod: 0,
            period: 6,
            saltus: 3,
        };
        assert_eq!(needed_values(&pattern, 2), Some(3440));
    }
}
