//! Arithmetic periodicity of hexadecimal and infinite codes (Lomič, "Taking and breaking games",
//! CTU Prague 2019, Section 3.5: Kenyon's ·3F, Theorem 3.85 and the results of Section 3.5.1,
//! which quote Howse and Nowakowski, TCS 313 (2004)): the claimed patterns, the proofs, and
//! the plain mex against the claimed formula beyond the test's bound.

use heaplab_engine::octal::arithmetic::{self, Pattern};
use heaplab_engine::octal::sequence::GeneralSequence;
use heaplab_engine::octal::{self, reference, Limits, Ruleset};
use heaplab_engine::{Budget, Periodicity};

fn solve(code: &str, max_heaps: usize) -> octal::OctalReport {
    let rules = Ruleset::parse(code).expect("valid code");
    let limits = Limits {
        terms: 40,
        prove: true,
        max_heaps,
    };
    octal::solve(&rules, limits, &mut Budget::unlimited()).expect("solves")
}

fn pattern(preperiod: u64, period: u64, saltus: u64) -> Pattern {
    Pattern {
        preperiod,
        period,
        saltus,
    }
}

/// Asserts a proven pattern and checks it against the split-set values up to `beyond` heaps
/// and against the plain mex of the reference up to `slow` heaps.
fn assert_proven(code: &str, expected: Pattern, beyond: usize, slow: usize) {
    let report = solve(code, 4096.min(beyond / 3 * 2));
    assert_eq!(
        report.periodicity,
        Periodicity::Proven {
            preperiod: expected.preperiod,
            period: expected.period,
            saltus: expected.saltus
        },
        "{code}: {}",
        report.proof
    );
    assert!(
        report.proof.contains("Howse–Nowakowski"),
        "{}",
        report.proof
    );
    let rules = Ruleset::parse(code).unwrap();
    let needed = arithmetic::needed_values(&expected, rules.length() as u64).unwrap();
    assert!(needed <= report.computed, "{code}: proven below its bound");
    let mut sequence = GeneralSequence::new(&rules);
    sequence
        .extend_to(beyond, &mut Budget::unlimited())
        .unwrap();
    assert!(arithmetic::holds(sequence.values(), &expected), "{code}");
    let plain = reference::nim_values(&rules, slow);
    let fast: Vec<u64> = sequence.values()[..slow]
        .iter()
        .map(|&v| u64::from(v))
        .collect();
    assert_eq!(plain, fast, "{code}");
}

/// Asserts an observed, unproven pattern, with the plain mex agreeing on the first heaps.
fn assert_observed(code: &str, expected: Pattern, slow: usize) -> octal::OctalReport {
    let report = solve(code, 4096);
    assert!(!report.proven(), "{code}");
    assert_eq!(report.observed, Some(expected), "{code}: {}", report.proof);
    assert!(
        report.proof.starts_with("observed, not proven"),
        "{}",
        report.proof
    );
    let rules = Ruleset::parse(code).unwrap();
    let plain: Vec<u32> = reference::nim_values(&rules, slow)
        .into_iter()
        .map(|v| v as u32)
        .collect();
    assert!(arithmetic::holds(&plain, &expected), "{code}");
    report
}

/// Kenyon's game ·3F = (012)²(+3): period 6, saltus 3, from heap 0 (Section 3.5, the
/// counterexample to Guy's power-of-two saltus conjecture). The test's bound is 3,440 heaps;
/// the formula is checked on 7,000.
#[test]
fn kenyons_game_is_proven() {
    let report = solve(".3F", 20_000);
    assert_eq!(
        report.values[..12],
        [0, 1, 2, 0, 1, 2, 3, 4, 5, 3, 4, 5],
        "(012)^2 (+3)"
    );
    assert_proven(".3F", pattern(0, 6, 3), 7_000, 400);
    let formula: Vec<u32> = (0..40).map(|n| 3 * (n / 6) + n % 3).collect();
    assert_eq!(report.values, formula);
}

/// Section 3.5.1 (Howse's 1,500 values): period 3 saltus 2, and period 4 saltus 2, proven
/// (the test needs at most 2,300 heaps for these) and checked on 3,600.
#[test]
fn howses_short_periods_are_proven() {
    for code in [".9E", ".9F", ".BC"] {
        assert_proven(code, pattern(4, 3, 2), 3_600, 200);
    }
    for code in [".C9", ".CB", ".CD", ".CF"] {
        assert_proven(code, pattern(3, 3, 2), 3_600, 200);
    }
    for code in [".89", ".8D"] {
        assert_proven(code, pattern(3, 4, 2), 3_600, 200);
    }
    for code in [".A8", ".A9", ".AC", ".AD"] {
        assert_proven(code, pattern(1, 4, 2), 3_600, 200);
    }
}

/// ·28 = ·29: period 53, saltus 16, the only exception G(0) (Section 3.5.1); its values begin
/// 0 0 1 0 1 2 0 1 0 1 2 3 2 3 4 5 3 4 3 4 5 6 7 6 7 8 9 7 6 7. The test needs about 14
/// million heaps, past the cap, so it is observed, not proven.
#[test]
fn dot_28_is_observed() {
    for code in [".28", ".29"] {
        let report = assert_observed(code, pattern(1, 53, 16), 300);
        assert_eq!(
            report.values[..30],
            [
                0, 0, 1, 0, 1, 2, 0, 1, 0, 1, 2, 3, 2, 3, 4, 5, 3, 4, 3, 4, 5, 6, 7, 6, 7, 8, 9, 7,
                6, 7
            ]
        );
        assert!(
            report.proof.contains("needs 14006683 heaps"),
            "{}",
            report.proof
        );
    }
}

/// ·9C: the longest known pre-period, n0 = 28, p = 36, s = 16 (Section 3.5.1); and ·8B, ·8F,
/// ·9B: period 7 saltus 4, whose bounds (about 30,000 heaps) lie past the cap.
#[test]
fn long_patterns_are_observed() {
    assert_observed(".9C", pattern(28, 36, 16), 300);
    assert_observed(".8B", pattern(7, 7, 4), 200);
    assert_observed(".8F", pattern(7, 7, 4), 200);
    assert_observed(".9B", pattern(8, 7, 4), 200);
}

/// Lasker's nim 4·3̄ (split a heap, or take any number): G(4k+1) = 4k+1, G(4k+2) = 4k+2,
/// G(4k+3) = 4k+4, G(4k+4) = 4k+3 (Winning Ways; thesis Section 3.2): period 4, saltus 4.
/// Duplicate nim ·0̄3̄ (take an even number): G(n) = ⌊n/2⌋, period 2, saltus 1 (Section 3.5.1).
/// The Howse–Nowakowski test covers finite codes only, so both are observed, not proven.
#[test]
fn infinite_codes_are_observed() {
    let lasker = assert_observed("lasker", pattern(1, 4, 4), 300);
    let formula = |n: u32| match n % 4 {
        0 if n == 0 => 0,
        3 => n + 1,
        0 => n - 1,
        _ => n,
    };
    assert_eq!(lasker.values, (0..40).map(formula).collect::<Vec<_>>());
    let duplicate = assert_observed(".(03)", pattern(0, 2, 1), 300);
    assert_eq!(duplicate.values, (0..40).map(|n| n / 2).collect::<Vec<_>>());
    assert!(duplicate.proof.contains("finite codes only"));
}

/// Every proof claimed within 1,800 heaps for a one-digit hexadecimal code, or a two-digit one
/// whose first digit splits into three heaps (where Howse's arithmetic-periodic games of
/// Section 3.5.1 are), holds on the values computed to one and a half times the heaps the proof
/// used. (Kenyon's ·3F is checked to 7,000 heaps above.)
#[test]
fn every_short_hexadecimal_proof_holds_beyond_its_bound() {
    let mut codes: Vec<Vec<u8>> = (8..16).map(|d| vec![0, d]).collect();
    for d1 in 8..16 {
        codes.extend((0..16).map(|d2| vec![0, d1, d2]));
    }
    let mut arithmetic_proofs = 0;
    for digits in codes {
        let rules = Ruleset::from_digits(digits, Vec::new()).expect("valid");
        let limits = Limits {
            terms: 1,
            prove: true,
            max_heaps: 1_800,
        };
        let report = octal::solve(&rules, limits, &mut Budget::unlimited()).unwrap();
        let Periodicity::Proven {
            preperiod,
            period,
            saltus,
        } = report.periodicity
        else {
            continue;
        };
        let claim = pattern(preperiod, period, saltus);
        arithmetic_proofs += usize::from(saltus > 0);
        let mut sequence = GeneralSequence::new(&rules);
        let beyond = 3 * report.computed as usize / 2;
        sequence
            .extend_to(beyond, &mut Budget::unlimited())
            .unwrap();
        assert!(
            arithmetic::holds(sequence.values(), &claim),
            "{}: {claim:?}",
            rules.code()
        );
    }
    // ·9E, ·9F, ·BC, ·C9, ·CB, ·CD, ·CF at least (bound about 1,730 heaps).
    assert!(arithmetic_proofs >= 7, "{arithmetic_proofs}");
}

/// Values of `rules` up to `heaps` by the grouped and by the plain addXor.
fn both_methods(rules: &Ruleset, heaps: usize) -> (Vec<u32>, Vec<u32>) {
    let mut grouped = GeneralSequence::new(rules);
    grouped.extend_to(heaps, &mut Budget::unlimited()).unwrap();
    let mut plain = GeneralSequence::new(rules).with_plain_xors();
    plain.extend_to(heaps, &mut Budget::unlimited()).unwrap();
    (grouped.values().to_vec(), plain.values().to_vec())
}

/// The grouped addXor of the split-set method agrees with the plain one it replaced on every
/// hexadecimal code of one to three digits (with d0 = 0 or 8), up to 160 heaps, and with the
/// plain mex on the first 40.
#[test]
fn grouped_addxor_matches_plain_on_every_short_hexadecimal_code() {
    let mut checked = 0;
    for d0 in [0u8, 8] {
        for code in 1..16u32.pow(3) {
            let digits: Vec<u8> = [code >> 8, (code >> 4) & 15, code & 15]
                .iter()
                .map(|&d| d as u8)
                .collect();
            let mut all = vec![d0];
            all.extend(digits);
            let Ok(rules) = Ruleset::from_digits(all, Vec::new()) else {
                continue;
            };
            if rules.kind() != octal::Kind::Hexadecimal {
                continue;
            }
            let (grouped, plain) = both_methods(&rules, 160);
            assert_eq!(grouped, plain, "{}", rules.code());
            let slow: Vec<u32> = reference::nim_values(&rules, 40)
                .into_iter()
                .map(|v| v as u32)
                .collect();
            assert_eq!(grouped[..40], slow[..], "{}", rules.code());
            checked += 1;
        }
    }
    assert!(checked > 6000, "{checked}");
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(48))]
    /// Random longer hexadecimal codes, finite or with a tail: grouped and plain addXor agree.
    #[test]
    fn grouped_addxor_matches_plain_on_random_codes(
        digits in proptest::collection::vec(0u8..16, 1..8),
        tail in proptest::collection::vec(0u8..16, 0..3),
        heaps in 100usize..400,
    ) {
        let mut all = vec![8];
        all.extend(digits);
        if let Ok(rules) = Ruleset::from_digits(all, tail) {
            let (grouped, plain) = both_methods(&rules, heaps);
            proptest::prop_assert_eq!(grouped, plain);
        }
    }
}
