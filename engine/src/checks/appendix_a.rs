//! Checks from Appendix A of the survey (K. Suetsugu, in Larsson–Saha–Suetsugu, "A brief
//! conversation about subtraction games"): all-but subtraction ℕ ∖ E. Each check reads the
//! engine's proven arithmetic period (`crate::all_but`). A formula check is NotApplicable
//! outside its family and compares the engine's period (and values) with the formula inside it.

use super::survey::{proven, SEARCH};
use super::{braces, verdict, Check, Subject, SubjectKind, Verdict};
use crate::cumulative_subtraction::gcd;
use crate::ruleset::NumberSet;
use crate::{all_but, Budget, EngineError};

const ALL_BUT: &[SubjectKind] = &[SubjectKind::AllBut];

/// The excluded set of an all-but subject.
fn excluded<'a>(subject: &Subject<'a>) -> Option<&'a NumberSet> {
    match subject {
        Subject::AllBut(e) => Some(e),
        _ => None,
    }
}

/// The excluded set and its elements as `u64`s, when the subject is all-but with exactly
/// `len` exclusions.
fn exactly<'a>(subject: &Subject<'a>, len: usize) -> Option<(&'a NumberSet, Vec<u64>)> {
    excluded(subject)
        .filter(|e| e.elements().len() == len)
        .map(|e| (e, e.elements().iter().map(|&x| u64::from(x)).collect()))
}

/// The proven `(preperiod, period, saltus)` of `ℕ ∖ E`.
fn arithmetic(e: &NumberSet, budget: &mut Budget<'_>) -> Result<(u64, u64, u64), EngineError> {
    let found = all_but::arithmetic_period(e, SEARCH, budget)?;
    let saltus = found.saltus().unwrap_or(0);
    let (pre, p) = proven(found, "arithmetic", e)?;
    Ok((pre, p, saltus))
}

/// `Holds` when `ℕ ∖ E` is purely arithmetic periodic and, if `want` is given, its least
/// period is `want`.
fn pure_with_period(
    e: &NumberSet,
    want: Option<u64>,
    budget: &mut Budget<'_>,
) -> Result<Verdict, EngineError> {
    let (pre, p, s) = arithmetic(e, budget)?;
    let ok = pre == 0 && want.is_none_or(|w| w == p);
    verdict(ok, || {
        let claim = want.map_or("a pure sequence".to_string(), |w| {
            format!("preperiod 0, period {w}")
        });
        format!(
            "E = {}: preperiod {pre}, period {p}, saltus {s}; the claim gives {claim}",
            braces(e)
        )
    })
}

/// Theorem A.1 (Siegel).
pub(super) const A1: Check = Check {
    name: "survey-appendix-a1",
    citation: "Larsson–Saha–Suetsugu, survey Appendix A, Theorem A.1 (Siegel [19])",
    statement: native_text!("for every finite E the nim-sequence of ℕ ∖ E is arithmetic periodic"),
    applies_to: ALL_BUT,
    stated_range: native_text!("every finite E"),
    run: a1,
};

fn a1(subject: &Subject<'_>, budget: &mut Budget<'_>) -> Result<Verdict, EngineError> {
    let Some(e) = excluded(subject) else {
        return Ok(Verdict::NotApplicable);
    };
    // A period not proven within the search is an error (no counterexample); a proven one holds.
    arithmetic(e, budget).map(|_| Verdict::Holds)
}

/// Theorem A.2 (Siegel): one or two exclusions.
pub(super) const A2: Check = Check {
    name: "survey-appendix-a2",
    citation: "Larsson–Saha–Suetsugu, survey Appendix A, Theorem A.2 (Siegel [19])",
    statement: native_text!(
        "E = {a}, or {a, b} with b ≠ 2a: purely arithmetic periodic (0 … a−1)² + a; \
                E = {a, 2a}: (0 … a−1)³ + a"
    ),
    applies_to: ALL_BUT,
    stated_range: native_text!("every E with one or two elements"),
    run: a2,
};

fn a2(subject: &Subject<'_>, budget: &mut Budget<'_>) -> Result<Verdict, EngineError> {
    let Some(e) = excluded(subject).filter(|e| matches!(e.elements().len(), 1 | 2)) else {
        return Ok(Verdict::NotApplicable);
    };
    let x = e.elements();
    let a = u64::from(x[0]);
    let copies = if x.len() == 2 && x[1] == 2 * x[0] {
        3
    } else {
        2
    };
    let (pre, p, s) = arithmetic(e, budget)?;
    let block = all_but::nim_values(e, (copies * a) as usize);
    let word_ok = block.iter().enumerate().all(|(n, &v)| v == n as u64 % a);
    verdict(pre == 0 && p == copies * a && s == a && word_ok, || {
        format!(
            "E = {}: preperiod {pre}, period {p}, saltus {s}, first values {:?}; the theorem \
             gives (0 … {})^{copies} + {a}",
            braces(e),
            &block[..block.len().min(12)],
            a - 1
        )
    })
}

/// Theorem A.3 (Sleator and Slusky): three exclusions.
pub(super) const A3: Check = Check {
    name: "survey-appendix-a3",
    citation: "Larsson–Saha–Suetsugu, survey Appendix A, Theorem A.3 (Sleator and Slusky [20])",
    statement: native_text!("E = {a < b < c}: the nim-sequence is purely arithmetic periodic"),
    applies_to: ALL_BUT,
    stated_range: native_text!("every E with three elements"),
    run: a3,
};

fn a3(subject: &Subject<'_>, budget: &mut Budget<'_>) -> Result<Verdict, EngineError> {
    match excluded(subject).filter(|e| e.elements().len() == 3) {
        Some(e) => pure_with_period(e, None, budget),
        None => Ok(Verdict::NotApplicable),
    }
}

/// Conjecture A.4 (Sleator and Slusky): additive exclusions.
pub(super) const A4: Check = Check {
    name: "survey-appendix-a4",
    citation: "Larsson–Saha–Suetsugu, survey Appendix A, Conjecture A.4 (Sleator and Slusky)",
    statement: native_text!(
        "E = {a, b, a + b}, b > 3a, gcd(a, b) = 1: the period p is 3am if a multiple m of \
                2a lies strictly between b and a + b, and else p = 3an for some n strictly \
                between b and a + b"
    ),
    applies_to: ALL_BUT,
    stated_range: native_text!("every such E"),
    run: a4,
};

fn a4(subject: &Subject<'_>, budget: &mut Budget<'_>) -> Result<Verdict, EngineError> {
    let Some((e, x)) = exactly(subject, 3) else {
        return Ok(Verdict::NotApplicable);
    };
    let (a, b) = (x[0], x[1]);
    if x[2] != a + b || b <= 3 * a || gcd(a, b) != 1 {
        return Ok(Verdict::NotApplicable);
    }
    let (_, p, s) = arithmetic(e, budget)?;
    let m = (b + 1..a + b).find(|m| m.is_multiple_of(2 * a));
    let n = p / (3 * a);
    let ok = match m {
        Some(m) => p == 3 * a * m,
        None => p.is_multiple_of(3 * a) && b < n && n < a + b,
    };
    verdict(ok, || {
        let claim = m.map_or(format!("3a·n with {b} < n < {}", a + b), |m| {
            format!("3a·{m} = {}", 3 * a * m)
        });
        format!(
            "E = {}: period {p} (saltus {s}); the conjecture gives {claim}",
            braces(e)
        )
    })
}

/// Theorem A.5 (Abuku and Suetsugu): dividing out the gcd.
pub(super) const A5: Check = Check {
    name: "survey-appendix-a5",
    citation: "Larsson–Saha–Suetsugu, survey Appendix A, Theorem A.5 (Abuku and Suetsugu [21])",
    statement: native_text!(
        "with g = gcd(E) > 1 and E′ = E / g: G_E(n) = G_E′(⌊n/g⌋)·g + (n mod g) for all n"
    ),
    applies_to: ALL_BUT,
    stated_range: native_text!("every E with gcd > 1"),
    run: a5,
};

fn a5(subject: &Subject<'_>, budget: &mut Budget<'_>) -> Result<Verdict, EngineError> {
    let Some(e) = excluded(subject) else {
        return Ok(Verdict::NotApplicable);
    };
    let g = e.elements().iter().fold(0, |g, &x| gcd(g, u64::from(x)));
    if g <= 1 {
        return Ok(Verdict::NotApplicable);
    }
    let reduced = NumberSet::from_elements(e.elements().iter().map(|&x| x / g as u32).collect())?;
    let (pre, p, s) = arithmetic(e, budget)?;
    let (pre2, p2, s2) = arithmetic(&reduced, budget)?;
    // The formula's sequence is arithmetic periodic with (g·pre2, g·p2, g·s2). Two arithmetic
    // periodic sequences with the same growth s/p agree everywhere once they agree up to the
    // larger preperiod plus a common period.
    let common = p / gcd(p, g * p2) * (g * p2);
    let span = pre.max(g * pre2) + common;
    if s * (g * p2) != g * s2 * p || span > 10 * SEARCH {
        return Err(EngineError::OutOfRange(format!(
            "E = {}: the two sequences grow at different rates or their common period is too long",
            braces(e)
        )));
    }
    let values = all_but::nim_values(e, span as usize);
    let small = all_but::nim_values(&reduced, (span / g + 1) as usize);
    let first = (0..span).find(|&n| values[n as usize] != small[(n / g) as usize] * g + n % g);
    verdict(first.is_none(), || {
        let n = first.unwrap_or(0);
        format!(
            "E = {}: heap {n} has nim-value {}, the theorem gives {}",
            braces(e),
            values[n as usize],
            small[(n / g) as usize] * g + n % g
        )
    })
}

/// Theorem A.6: four exclusions.
pub(super) const A6: Check = Check {
    name: "survey-appendix-a6",
    citation: "Larsson–Saha–Suetsugu, survey Appendix A, Theorem A.6",
    statement: native_text!(
        "E = {a < b < c < d}: purely arithmetic periodic, except when E = {a, b, a + b, \
                a + 2b} (b ≠ 2a) or E = {a, b, c, a + c} (b ≠ 2a, c ≠ 2a)"
    ),
    applies_to: ALL_BUT,
    stated_range: native_text!("every E with four elements outside the two exceptions"),
    run: a6,
};

fn a6(subject: &Subject<'_>, budget: &mut Budget<'_>) -> Result<Verdict, EngineError> {
    let Some((e, x)) = exactly(subject, 4) else {
        return Ok(Verdict::NotApplicable);
    };
    let (a, b, c, d) = (x[0], x[1], x[2], x[3]);
    let first = c == a + b && d == a + 2 * b && b != 2 * a;
    let second = d == a + c && b != 2 * a && c != 2 * a;
    if first || second {
        return Ok(Verdict::NotApplicable);
    }
    pure_with_period(e, None, budget)
}

/// `(E, a, b)` when the subject is `ℕ ∖ E` with `E = {a, b, a + b, third(a, b)}`.
fn four<'a>(
    subject: &Subject<'a>,
    third: fn(u64, u64) -> u64,
) -> Option<(&'a NumberSet, u64, u64)> {
    let (e, x) = exactly(subject, 4)?;
    (x[2] == x[0] + x[1] && x[3] == third(x[0], x[1])).then_some((e, x[0], x[1]))
}

/// Conjecture A.7: `{a, b, a + b, a + 2b}`.
pub(super) const A7: Check = Check {
    name: "survey-appendix-a7",
    citation: "Larsson–Saha–Suetsugu, survey Appendix A, Conjecture A.7",
    statement: native_text!(
        "E = {a, b, a + b, a + 2b}: purely arithmetic periodic with period f/(b − a) if \
                a < b < 2a, f/(⌊(a + b − 1)/(2a)⌋·a) if b ≥ 2a and a | b, f/gcd(a, b) otherwise, \
                where i = ⌊(b − a)/(2a)⌋, j = ⌊(b − (2i + 1)a)/a⌋, k = b − (2i + j + 1)a, \
                f = 4(i + j)(i + 1)a² + (4i + 3)ka + k²"
    ),
    applies_to: ALL_BUT,
    stated_range: native_text!("every such E"),
    run: a7,
};

/// Conjecture A.7's period.
fn a7_period(a: u64, b: u64) -> u64 {
    let i = (b - a) / (2 * a);
    let j = (b - (2 * i + 1) * a) / a;
    let k = b - (2 * i + j + 1) * a;
    let f = 4 * (i + j) * (i + 1) * a * a + (4 * i + 3) * k * a + k * k;
    if b < 2 * a {
        f / (b - a)
    } else if b.is_multiple_of(a) {
        f / ((a + b - 1) / (2 * a) * a)
    } else {
        f / gcd(a, b)
    }
}

fn a7(subject: &Subject<'_>, budget: &mut Budget<'_>) -> Result<Verdict, EngineError> {
    match four(subject, |a, b| a + 2 * b) {
        Some((e, a, b)) => pure_with_period(e, Some(a7_period(a, b)), budget),
        None => Ok(Verdict::NotApplicable),
    }
}

/// Conjecture A.8: `{a, b, a + b, 2a + b}` with `b > 2a`.
pub(super) const A8: Check = Check {
    name: "survey-appendix-a8",
    citation: "Larsson–Saha–Suetsugu, survey Appendix A, Conjecture A.8",
    statement: native_text!("E = {a, b, a + b, 2a + b} with b > 2a: purely arithmetic periodic"),
    applies_to: ALL_BUT,
    stated_range: native_text!("every such E"),
    run: a8,
};

fn a8(subject: &Subject<'_>, budget: &mut Budget<'_>) -> Result<Verdict, EngineError> {
    match four(subject, |a, b| 2 * a + b) {
        Some((e, a, b)) if b > 2 * a => pure_with_period(e, None, budget),
        _ => Ok(Verdict::NotApplicable),
    }
}

/// Lemma A.9: `{a, b, a + b, 2a + b}` with `2ma ≤ b ≤ (2m + 1)a`.
pub(super) const A9: Check = Check {
    name: "survey-appendix-a9",
    citation: "Larsson–Saha–Suetsugu, survey Appendix A, Lemma A.9",
    statement: native_text!(
        "E = {a, b, a + b, 2a + b}, b ≠ 2a, 2ma ≤ b ≤ (2m + 1)a for a positive integer m: \
                purely arithmetic periodic with period (2m + 3)a + b"
    ),
    applies_to: ALL_BUT,
    stated_range: native_text!("every such E"),
    run: a9,
};

fn a9(subject: &Subject<'_>, budget: &mut Budget<'_>) -> Result<Verdict, EngineError> {
    let Some((e, a, b)) = four(subject, |a, b| 2 * a + b) else {
        return Ok(Verdict::NotApplicable);
    };
    let m = b / (2 * a);
    if b == 2 * a || m == 0 || b > (2 * m + 1) * a {
        return Ok(Verdict::NotApplicable);
    }
    pure_with_period(e, Some((2 * m + 3) * a + b), budget)
}

/// Conjecture A.10: `{a, b, a + b, 2a + b}` with `(2m + 1)a < b < (2m + 2)a`.
pub(super) const A10: Check = Check {
    name: "survey-appendix-a10",
    citation: "Larsson–Saha–Suetsugu, survey Appendix A, Conjecture A.10",
    statement: native_text!(
        "E = {a, b, a + b, 2a + b}, (2m + 1)a < b < (2m + 2)a for an integer m ≥ 0: purely \
                arithmetic periodic with period f′/gcd(a, b), f′ = ⌊(b + 2a − 1)/(2a)⌋·4a² + \
                3a·(b mod a) (as printed; the digest finds it fails for m = 0, a < b < 2a)"
    ),
    applies_to: ALL_BUT,
    stated_range: native_text!("every such E"),
    run: a10,
};

fn a10(subject: &Subject<'_>, budget: &mut Budget<'_>) -> Result<Verdict, EngineError> {
    let Some((e, a, b)) = four(subject, |a, b| 2 * a + b) else {
        return Ok(Verdict::NotApplicable);
    };
    let m = (b / a).saturating_sub(1) / 2;
    if !((2 * m + 1) * a < b && b < (2 * m + 2) * a) {
        return Ok(Verdict::NotApplicable);
    }
    // ⌊(b + 2a − 1)/(2a)⌋ = ⌈b/(2a)⌉.
    let f = b.div_ceil(2 * a) * 4 * a * a + 3 * a * (b % a);
    pure_with_period(e, Some(f / gcd(a, b)), budget)
}
