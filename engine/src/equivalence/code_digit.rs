//! Equivalences of code-digit games (thesis Sections 3.2.2 and 4.2.1):
//!
//! * **cousins** (Definition 3.12): `A ≡_t B` when `G_A(n) = G_B(n + t)` for all `n` and
//!   `G_B(n) = 0` for `n < t`; [`cousin_shift`] finds the `t` that fits a computed prefix;
//! * **standard form** (Theorem 4.38): for `D = d0·d1d2…` with `d1` even, the code `E` with
//!   `e_r ⊇ 2^(h+1) − 1` whenever `2^h ∈ d_(r−h+1)` is a first cousin: `G_E(n) = G_D(n + 1)`;
//! * **m-plicates** (Theorem 3.21, *as corrected by the research digest*): the printed rule
//!   (each run of 7s of length ℓ becomes a run of length mℓ) is wrong; Kayles ·77 has
//!   duplicate ·077 and triplicate ·0077. The rule implemented here maps a run of 7s on the
//!   positions `a..=b` (`b > a`) to a run on `m·a ..= m·(b − 1) + 1`: removing `j` in that range
//!   from heap `mq + r` and splitting the rest leaves blocks whose quotients by `m` add up to
//!   exactly the `q − k` with `a <= k <= b`. Tests compare it with the plain solver.

use crate::octal::Ruleset;
use crate::EngineError;

/// The standard form `E` of `D` (Theorem 4.38), a first cousin: `G_E(n) = G_D(n + 1)`.
pub fn standard_form(d: &Ruleset) -> Result<Ruleset, EngineError> {
    if d.has_modifiers() || d.max_heaps_left() > 3 {
        return Err(EngineError::Parse(format!(
            "{} is not a plain octal or hexadecimal code; Theorem 4.38 covers only those",
            d.ascii()
        )));
    }
    if d.digit(1) % 2 == 1 {
        return Err(EngineError::Parse(format!(
            "{} has d1 odd; Theorem 4.38 needs d1 even (G(1) = 0)",
            d.ascii()
        )));
    }
    // e_r reads d_(r-h+1) for h <= 3, so from r = len + 2 on it repeats with the tail.
    let finite = d.digits().len() + 2;
    let e = |r: usize| -> u8 {
        (0..4usize)
            .filter(|&h| r + 1 >= h && d.digit(r + 1 - h) >> h & 1 == 1)
            .fold(0, |e, h| e | ((1u8 << (h + 1)) - 1))
    };
    let digits = (0..finite).map(e).collect();
    let tail = (finite..finite + d.tail().len()).map(e).collect();
    Ruleset::from_digits(digits, tail)
}

/// The m-plicate of a finite code whose digits are 0 or 7 with no isolated 7 (Theorem 3.21 as
/// corrected in the digest): `G_M(n) = G_D(⌊n / m⌋)`.
pub fn m_plicate(d: &Ruleset, m: usize) -> Result<Ruleset, EngineError> {
    if m == 0 || m > 64 {
        return Err(EngineError::OutOfRange(format!(
            "the multiplier must be between 1 and 64, not {m}"
        )));
    }
    let digits = d.digits();
    let plain = digits.iter().all(|&x| x == 0 || x == 7);
    if !d.is_finite() || d.has_modifiers() || !plain {
        return Err(EngineError::Parse(format!(
            "{} is not a finite code of 0s and 7s; Theorem 3.21 covers only those",
            d.ascii()
        )));
    }
    let mut out = vec![0u8; m * digits.len() + 1];
    let mut k = 0;
    while k < digits.len() {
        if digits[k] != 7 {
            k += 1;
            continue;
        }
        let a = k;
        while k < digits.len() && digits[k] == 7 {
            k += 1;
        }
        let b = k - 1;
        if a == b {
            return Err(EngineError::Parse(format!(
                "{} has an isolated 7 at position {a}; Theorem 3.21 needs runs of two or more",
                d.ascii()
            )));
        }
        out[m * a..=m * (b - 1) + 1].fill(7);
    }
    Ruleset::from_digits(out, Vec::new())
}

/// The least `t <= max_t` with `a ≡_t b` on the computed prefixes (`G_A(n) = G_B(n + t)` for
/// every `n + t < b.len()`, and `G_B(n) = 0` for `n < t`), if any. Observed, not proven.
pub fn cousin_shift(a: &[u32], b: &[u32], max_t: usize) -> Option<usize> {
    (0..=max_t.min(b.len()))
        .find(|&t| b[..t].iter().all(|&g| g == 0) && a.iter().zip(&b[t..]).all(|(x, y)| x == y))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::octal::reference::nim_values;

    fn code(text: &str) -> Ruleset {
        Ruleset::parse(text).unwrap()
    }

    fn values(rules: &Ruleset, terms: usize) -> Vec<u32> {
        nim_values(rules, terms)
            .into_iter()
            .map(|v| v as u32)
            .collect()
    }

    /// Section 3.2.2's examples: ·07(n) = ·4(n+1), ·137(n) = ·4(n+2), ·37(n) = ·6(n+1).
    #[test]
    fn thesis_cousin_examples() {
        assert_eq!(standard_form(&code(".4")).unwrap().ascii(), ".07");
        assert_eq!(standard_form(&code(".6")).unwrap().ascii(), ".37");
        assert_eq!(standard_form(&code(".07")).unwrap().ascii(), ".137");
        let four = values(&code(".4"), 60);
        assert_eq!(cousin_shift(&values(&code(".07"), 59), &four, 3), Some(1));
        assert_eq!(cousin_shift(&values(&code(".137"), 58), &four, 3), Some(2));
        let six = values(&code(".6"), 60);
        assert_eq!(cousin_shift(&values(&code(".37"), 59), &six, 3), Some(1));
    }

    /// Theorem 4.38 against the plain solver for every code d0·d1d2 with d1 even and digits
    /// up to F (d0 in {0, 4, 8, C}).
    #[test]
    fn standard_form_is_a_first_cousin_for_every_short_code() {
        for d0 in [0u8, 4, 8, 12] {
            for d1 in (0..16u8).step_by(2) {
                for d2 in 0..16u8 {
                    let Ok(d) = Ruleset::from_digits(vec![d0, d1, d2], Vec::new()) else {
                        continue;
                    };
                    let e = standard_form(&d).unwrap();
                    let gd = values(&d, 26);
                    let ge = values(&e, 25);
                    assert_eq!(ge[..], gd[1..], "{} vs {}", d.ascii(), e.ascii());
                }
            }
        }
    }

    /// The digest's erratum to Example 3.22: Kayles' duplicate is ·077, its triplicate ·0077.
    #[test]
    fn kayles_m_plicates_as_corrected() {
        assert_eq!(m_plicate(&code(".77"), 2).unwrap().ascii(), ".077");
        assert_eq!(m_plicate(&code(".77"), 3).unwrap().ascii(), ".0077");
        assert!(m_plicate(&code(".7"), 2).is_err());
        assert!(m_plicate(&code(".77"), 0).is_err());
        assert!(m_plicate(&code(".6"), 2).is_err());
    }

    /// The corrected rule against the plain solver: every 0/7 code of up to 6 digits with no
    /// isolated 7, m = 1..4, `G_M(n) = G_D(⌊n/m⌋)`.
    #[test]
    fn m_plicate_rule_matches_the_plain_solver() {
        let mut checked = 0;
        for mask in 1u32..1 << 6 {
            let digits: Vec<u8> = std::iter::once(0)
                .chain((0..6).map(|i| if mask >> i & 1 == 1 { 7 } else { 0 }))
                .collect();
            let Ok(d) = Ruleset::from_digits(digits, Vec::new()) else {
                continue;
            };
            for m in 1..=4usize {
                let Ok(mp) = m_plicate(&d, m) else {
                    continue;
                };
                let gd = values(&d, 80 / m + 1);
                let gm = values(&mp, 80);
                let want: Vec<u32> = (0..80).map(|n| gd[n / m]).collect();
                assert_eq!(gm, want, "{} m = {m}: {}", d.ascii(), mp.ascii());
                checked += 1;
            }
        }
        // ·77, ·077, ·777, ·0077, ·7707, ·7777, …: the 20 codes without an isolated 7, 4 m each.
        assert_eq!(checked, 20 * 4);
    }
}
