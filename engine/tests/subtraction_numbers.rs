//! Subtraction numbers of the thesis (Lomič, "Taking and breaking games", 2019) that the
//! engine computes, each cited with its section and, where the print is wrong, the research
//! digest's erratum (`taking-and-breaking-digest.md`).

use heaplab_engine::ruleset::NumberSet;
use heaplab_engine::subtraction::{nim_period, nim_values, outcome_period, DEFAULT_SEARCH};
use heaplab_engine::{all_but, Budget, Periodicity};

fn set(moves: &[u32]) -> NumberSet {
    NumberSet::from_elements(moves.to_vec()).unwrap()
}

fn proven(preperiod: u64, period: u64) -> Periodicity {
    Periodicity::Proven {
        preperiod,
        period,
        saltus: 0,
    }
}

fn nim(moves: &[u32]) -> Periodicity {
    nim_period(&set(moves), DEFAULT_SEARCH, &mut Budget::unlimited()).unwrap()
}

fn outcome(moves: &[u32]) -> Periodicity {
    outcome_period(&set(moves), DEFAULT_SEARCH, &mut Budget::unlimited()).unwrap()
}

/// Table 4.1 (Section 4.1, proof of Theorem 4.4): the nim-sequence of S(1, 4, 10), preperiod 16
/// (the boxed last exception G(15) = 3) and period 11.
#[test]
fn table_4_1_s_1_4_10() {
    let table: [[u16; 11]; 4] = [
        [0, 1, 0, 1, 2, 0, 1, 0, 1, 2, 3],
        [2, 3, 0, 1, 3, 0, 1, 0, 1, 2, 0],
        [1, 2, 0, 1, 2, 0, 1, 0, 1, 2, 0],
        [1, 2, 0, 1, 2, 0, 1, 0, 1, 2, 0],
    ];
    let want: Vec<u16> = table.iter().flatten().copied().collect();
    assert_eq!(nim_values(&set(&[1, 4, 10]), 44), want);
    assert_eq!(nim(&[1, 4, 10]), proven(16, 11));
}

/// Conjecture 9 (Section 4.1.0.1) fails: S(1, 15, 23, 38, 39, 50, 81, 98) has nim period 8
/// (preperiod 1,140, period values 01230132) and outcome period 4 (preperiod 1,041, NNNP).
#[test]
fn conjecture_9_counterexample_nim_period_8_outcome_period_4() {
    let moves = [1, 15, 23, 38, 39, 50, 81, 98];
    assert_eq!(nim(&moves), proven(1_140, 8));
    assert_eq!(outcome(&moves), proven(1_041, 4));
}

/// Observation 3.31 (Section 3.3.1) as corrected by the digest's erratum: the printed
/// pre-period 24s² − 4s + 1 of S(2s, 4s+1, 22s+2) does not reproduce; under normal play the
/// outcome preperiod is 24s² − 4s − 1, the nim preperiod 24s² − 2s − 1, the period 26s + 3.
#[test]
fn observation_3_31_corrected_superlinear_preperiod() {
    for s in 2..=8u64 {
        let moves = [2 * s as u32, 4 * s as u32 + 1, 22 * s as u32 + 2];
        let p = 26 * s + 3;
        assert_eq!(nim(&moves), proven(24 * s * s - 2 * s - 1, p), "s = {s}");
        assert_eq!(
            outcome(&moves),
            proven(24 * s * s - 4 * s - 1, p),
            "s = {s}"
        );
    }
}

/// Theorem 3.63, fourth family (Section 3.3.5): S(a, 2a+1, 3a) for odd a >= 5 is ultimately
/// bipartite with preperiod 2a² − a − 1.
#[test]
fn theorem_3_63_fourth_family_ultimately_bipartite() {
    for a in (5..=21u64).step_by(2) {
        let moves = [a as u32, 2 * a as u32 + 1, 3 * a as u32];
        assert_eq!(nim(&moves), proven(2 * a * a - a - 1, 2), "a = {a}");
    }
}

/// Theorem 3.66 (Section 3.3.6) claims all-but {a, b, a+b} has period 3(a+b); the digest's
/// erratum gives the measured periods and saltus (preperiod 0), which this test reproduces.
#[test]
fn theorem_3_66_corrected_all_but_table() {
    let table = [
        ([1, 2, 3], 4, 1),
        ([1, 3, 4], 12, 4),
        ([2, 3, 5], 18, 6),
        ([1, 4, 5], 12, 4),
        ([2, 5, 7], 30, 10),
        ([3, 4, 7], 36, 12),
        ([3, 5, 8], 78, 26),
    ];
    for (excluded, period, saltus) in table {
        let got = all_but::arithmetic_period(&set(&excluded), 1_000_000, &mut Budget::unlimited())
            .unwrap();
        let want = Periodicity::Proven {
            preperiod: 0,
            period,
            saltus,
        };
        assert_eq!(got, want, "all-but {excluded:?}");
    }
}
