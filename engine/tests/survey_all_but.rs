//! Every number of the survey's Appendix A (all-but nim, by K. Suetsugu) that HeapLab checks.
//!
//! Source: `shared/papers/brief-conversation-subtraction-games.txt`, Appendix A; values
//! re-checked in the research digest (B.2, "Appendix A").

use heaplab_engine::all_but;
use heaplab_engine::ruleset::NumberSet;
use heaplab_engine::{Budget, Periodicity};

fn period(text: &str) -> Periodicity {
    let set = NumberSet::parse_allow_empty(text).unwrap();
    all_but::arithmetic_period(&set, 1_000_000, &mut Budget::unlimited()).unwrap()
}

fn arith(preperiod: u64, period: u64, saltus: u64) -> Periodicity {
    Periodicity::Proven {
        preperiod,
        period,
        saltus,
    }
}

/// Theorem A.2 (Siegel): S = {a} gives (0 … a-1)^2 + a; S = {a, b} gives (0 … a-1)^2 + a
/// when b != 2a and (0 … a-1)^3 + a when b = 2a. All purely arithmetic periodic.
#[test]
fn theorem_a2_one_and_two_exclusions() {
    for a in 1..=9u32 {
        assert_eq!(
            period(&a.to_string()),
            arith(0, 2 * u64::from(a), u64::from(a)),
            "{{{a}}}"
        );
        for b in a + 1..=25 {
            let expected = if b == 2 * a {
                arith(0, 3 * u64::from(a), u64::from(a))
            } else {
                arith(0, 2 * u64::from(a), u64::from(a))
            };
            assert_eq!(period(&format!("{a},{b}")), expected, "{{{a},{b}}}");
        }
    }
    let set = NumberSet::parse("3").unwrap();
    assert_eq!(
        all_but::nim_values(&set, 12),
        vec![0, 1, 2, 0, 1, 2, 3, 4, 5, 3, 4, 5]
    );
}

/// Appendix A, the worked examples: {3,6} has period 9 and saltus 3 (the example and
/// (012)^3 + 3 in the text), and the notation example's first values.
#[test]
fn appendix_a_example_3_6() {
    assert_eq!(period("3,6"), arith(0, 9, 3));
    let set = NumberSet::parse("3,6").unwrap();
    let values = all_but::nim_values(&set, 27);
    assert_eq!(
        values,
        vec![0, 1, 2, 0, 1, 2, 0, 1, 2, 3, 4, 5, 3, 4, 5, 3, 4, 5, 6, 7, 8, 6, 7, 8, 6, 7, 8]
    );
}

/// Conjecture A.4 (Sleator and Slusky) examples: {2,7,9} has period 48 (m = 8), saltus 16;
/// {3,10,13} has period 108 (m = 12), saltus 36.
#[test]
fn conjecture_a4_examples() {
    assert_eq!(period("2,7,9"), arith(0, 48, 16));
    assert_eq!(period("3,10,13"), arith(0, 108, 36));
}

/// Appendix A: |S| = 4 can have a preperiod; S = {2,3,5,7} has preperiod length 2
/// (period 10, saltus 3 per the digest).
#[test]
fn four_exclusions_can_have_a_preperiod() {
    assert_eq!(period("2,3,5,7"), arith(2, 10, 3));
    let set = NumberSet::parse("2,3,5,7").unwrap();
    let first = [
        0, 1, 0, 1, 2, 0, 1, 0, 1, 2, 3, 2, 3, 4, 5, 3, 4, 3, 4, 5, 6, 5, 6, 7,
    ];
    assert_eq!(all_but::nim_values(&set, first.len()), first.to_vec());
}

/// Theorem A.5 (Abuku and Suetsugu): G_{N∖S}(n) = G_{N∖S'}(⌊n/g⌋)·g + (n mod g), S' = S/g.
#[test]
fn theorem_a5_gcd_reduction() {
    let big = all_but::nim_values(&NumberSet::parse("4,6,10,14").unwrap(), 400);
    let small = all_but::nim_values(&NumberSet::parse("2,3,5,7").unwrap(), 200);
    for (n, &v) in big.iter().enumerate() {
        assert_eq!(v, small[n / 2] * 2 + (n % 2) as u64, "n = {n}");
    }
}

/// Conjecture A.7's verified table: S = {a, b, a+b, a+2b}, purely arithmetic periodic with
/// (period, saltus) as listed in the digest.
#[test]
fn conjecture_a7_table() {
    for (a, b, p, s) in [
        (2, 3, 7, 2),
        (2, 4, 8, 2),
        (2, 5, 23, 6),
        (2, 7, 47, 12),
        (3, 4, 10, 3),
        (3, 5, 11, 3),
        (3, 6, 12, 3),
        (3, 7, 46, 12),
        (3, 8, 58, 15),
        (4, 5, 13, 4),
        (4, 7, 15, 4),
        (4, 9, 77, 20),
        (5, 7, 17, 5),
    ] {
        assert_eq!(
            period(&format!("{a},{b},{},{}", a + b, a + 2 * b)),
            arith(0, p, s),
            "(a,b) = ({a},{b})"
        );
    }
}

/// Lemma A.9 (proved): S = {a, b, a+b, 2a+b} with 2ma <= b <= (2m+1)a, b != 2a, has period
/// (2m+3)a + b.
#[test]
fn lemma_a9_periods() {
    for (a, b, p) in [(2, 5, 15), (3, 7, 22), (3, 9, 24), (2, 9, 23), (4, 9, 29)] {
        let got = period(&format!("{a},{b},{},{}", a + b, 2 * a + b));
        assert_eq!(got.period(), Some(p), "(a,b) = ({a},{b})");
        assert_eq!(got.preperiod(), Some(0), "(a,b) = ({a},{b})");
    }
}

/// Conjecture A.10's verified table (b > 2a): period f'/gcd(a,b).
#[test]
fn conjecture_a10_table() {
    for (a, b, p) in [
        (2, 7, 38),
        (2, 11, 54),
        (3, 10, 81),
        (3, 11, 90),
        (3, 16, 117),
        (4, 13, 140),
        (4, 14, 76),
        (4, 15, 164),
        (4, 23, 228),
        (5, 17, 230),
        (5, 18, 245),
    ] {
        let got = period(&format!("{a},{b},{},{}", a + b, 2 * a + b));
        assert_eq!(got.period(), Some(p), "(a,b) = ({a},{b})");
    }
}

/// No exclusions is plain Nim: G(n) = n, period 1, saltus 1.
#[test]
fn empty_exclusion_set_is_nim() {
    assert_eq!(period(""), arith(0, 1, 1));
}
