//! Octal games: the fast sparse-space method against the plain mex, and the thesis's numbers
//! (Lomič, "Taking and breaking games", CTU Prague 2019; Table 3.2 in Section 3.4.3).

use heaplab_engine::octal::{self, reference, Limits, Method, Ruleset};
use heaplab_engine::{Budget, Periodicity};

fn prove(code: &str) -> octal::OctalReport {
    let rules = Ruleset::parse(code).expect("valid code");
    octal::solve(
        &rules,
        Limits {
            terms: 100,
            prove: true,
            max_heaps: 2_000_000,
        },
        &mut Budget::unlimited(),
    )
    .expect("solves")
}

fn assert_period(code: &str, period: u64, preperiod: u64) {
    let report = prove(code);
    assert_eq!(
        report.periodicity,
        Periodicity::Proven {
            preperiod,
            period,
            saltus: 0
        },
        "{code}: {}",
        report.proof
    );
    assert_eq!(report.last_exception(), preperiod.checked_sub(1));
}

/// Every code `d0·d1…dj` with d0 in {0, 4}, j <= 3 digits and a non-zero last digit.
fn small_octal_codes() -> Vec<Ruleset> {
    let mut codes = Vec::new();
    for d0 in [0u8, 4] {
        for len in 1..=3u32 {
            for rest in 0..8usize.pow(len - 1) {
                for last in 1..8u8 {
                    let mut digits = vec![d0];
                    for i in (0..len - 1).rev() {
                        digits.push(((rest >> (3 * i)) & 7) as u8);
                    }
                    digits.push(last);
                    codes.push(Ruleset::from_digits(digits, Vec::new()).expect("valid"));
                }
            }
        }
    }
    codes
}

/// The fast values of the first `heaps` heaps on two threads, the main one waiting for every
/// far set of the helper (so every block takes its path), and how many heaps it served.
fn two_threads(rules: &Ruleset, heaps: usize) -> (Vec<u32>, usize) {
    let mut sequence = octal::fast::OctalSequence::new(rules).with_patient_helper();
    sequence.extend_to(heaps, &mut Budget::unlimited()).unwrap();
    (sequence.values(heaps), sequence.helped())
}

/// One thread and two (the helper's far rare scan) against the plain mex.
#[test]
fn fast_matches_reference_on_every_small_octal_game() {
    let heaps = 1500;
    let codes = small_octal_codes();
    assert_eq!(codes.len(), 2 * (7 + 56 + 448));
    let (mut sparse, mut helped) = (0, 0);
    for rules in codes {
        let fast = octal::nim_values(&rules, heaps, &mut Budget::unlimited()).unwrap();
        let slow = reference::nim_values(&rules, heaps);
        let slow: Vec<u32> = slow.into_iter().map(|v| v as u32).collect();
        assert_eq!(fast, slow, "{}", rules.code());
        let (parallel, served) = two_threads(&rules, heaps);
        assert_eq!(parallel, slow, "{} on two threads", rules.code());
        helped += usize::from(served > 0);
        let report = octal::solve(
            &rules,
            Limits {
                terms: heaps,
                prove: false,
                max_heaps: heaps,
            },
            &mut Budget::unlimited(),
        )
        .unwrap();
        sparse += usize::from(report.method == Method::Sparse);
    }
    // The comparison must exercise the sparse-space method, not only the full one, and the
    // helper thread.
    assert!(sparse > 100, "only {sparse} codes ran the sparse method");
    assert!(helped > 100, "only {helped} codes ran the helper thread");
}

/// Two threads against one on the Table 3.2 games well past their reviews and value-width
/// changes (·56 to its Table 3.2 proof's length, ·354 and ·376 to 2^18 heaps): with the patient
/// helper, with the plain one (blocks the helper is late for are the main thread's), and a
/// resumed run against the whole one.
#[test]
fn two_threads_match_one_on_table_3_2_games() {
    for (code, heaps) in [
        (".56", 655_360),
        (".354", 1 << 18),
        (".376", 1 << 18),
        (".16", 1 << 17),
        (".127", 93_168),
        (".454", 1 << 17),
    ] {
        let rules = Ruleset::parse(code).unwrap();
        let mut one = octal::fast::OctalSequence::new(&rules);
        one.extend_to(heaps, &mut Budget::unlimited()).unwrap();
        let (two, served) = two_threads(&rules, heaps);
        assert_eq!(two, one.values(heaps), "{code}");
        assert!(
            served > heaps / 2,
            "{code}: the helper served {served} heaps"
        );
        let mut plain = octal::fast::OctalSequence::new(&rules).with_threads(2);
        plain.extend_to(heaps, &mut Budget::unlimited()).unwrap();
        assert_eq!(plain.stored(), one.stored(), "{code} plain helper");
        let mut prefix = one.stored().clone();
        prefix.truncate(heaps / 3);
        let mut resumed = octal::fast::OctalSequence::resume(&rules, prefix).with_threads(2);
        resumed.extend_to(heaps, &mut Budget::unlimited()).unwrap();
        assert_eq!(resumed.stored(), one.stored(), "{code} resumed");
    }
}

/// Two threads start the helper only where its far part has work: ·354 (97 rare heaps from
/// 128, two breaking moves) and ·376 use it; the record games ·454 and ·104 (17 and 20 rare
/// heaps in all), which ran slower with it, stay on one thread.
#[test]
fn the_helper_starts_only_where_its_far_part_has_work() {
    for (code, helped) in [
        (".354", true),
        (".376", true),
        (".454", false),
        (".104", false),
    ] {
        let rules = Ruleset::parse(code).unwrap();
        let mut sequence = octal::fast::OctalSequence::new(&rules).with_threads(2);
        sequence
            .extend_to(1 << 16, &mut Budget::unlimited())
            .unwrap();
        assert_eq!(
            sequence.helped() > 0,
            helped,
            "{code}: {}",
            sequence.helped()
        );
    }
}

/// The option sets in registers (values below 64) against the same method with its sets in
/// memory, on every code of up to three digits and on Table 3.2 games past their reviews
/// (·56 reaches 64 at heap 22,778: its one-word sets of the values below 64, and the heaps
/// they leave undecided, computed again with the sets in memory).
#[test]
fn register_sets_match_word_sets() {
    let (mut small, mut redone) = (0, Vec::new());
    let cases = small_octal_codes().into_iter().map(|rules| (rules, 2000));
    let table =
        [".127", ".16", ".56", ".354", ".376"].map(|code| (Ruleset::parse(code).unwrap(), 30_000));
    for (rules, heaps) in cases.chain(table) {
        let mut registers = octal::fast::OctalSequence::new(&rules);
        let mut words = octal::fast::OctalSequence::with_word_sets(&rules);
        registers
            .extend_to(heaps, &mut Budget::unlimited())
            .unwrap();
        words.extend_to(heaps, &mut Budget::unlimited()).unwrap();
        assert_eq!(registers.stored(), words.stored(), "{}", rules.code());
        small += usize::from((0..heaps).all(|n| registers.value(n) < 64));
        if registers.redone() > 0 {
            redone.push(rules.code());
        }
    }
    assert!(small > 500, "only {small} codes stayed below 64");
    // The one-word sets left some heaps undecided, ·56's among them.
    assert!(redone.len() > 10, "heaps redone in {redone:?}");
    let dot_56 = Ruleset::parse(".56").unwrap().code();
    assert!(redone.contains(&dot_56), "{redone:?}");
}

/// Thesis Table 3.2 (Section 3.4.3): period and pre-period of the non-trivial octal games.
/// The pre-period is the least `n0` (the thesis's convention); `last_exception` is `n0 − 1`.
#[test]
fn thesis_table_3_2_small_rows() {
    assert_period(".45", 20, 498);
    assert_period(".156", 349, 3_479);
    assert_period(".055", 148, 259);
    assert_period(".644", 442, 3_256);
    assert_period(".356", 142, 7_315);
    assert_period(".165", 1_550, 5_181);
}

/// Thesis Table 3.2: ·127 (period 4, pre-period 46,578), proven from about 93,000 heaps.
#[test]
fn thesis_table_3_2_dot_127() {
    assert_period(".127", 4, 46_578);
}

/// Thesis Table 3.2 and Section 3.4.3: ·16 has period 149,459 and pre-period 105,351
/// (the prose's "105,350" is the last exceptional heap).
#[test]
fn thesis_table_3_2_dot_16() {
    let report = prove(".16");
    assert_eq!(report.periodicity.period(), Some(149_459));
    assert_eq!(report.preperiod(), Some(105_351));
    assert_eq!(report.last_exception(), Some(105_350));
    // Digest Section 3: the first values of ·16.
    assert_eq!(
        &report.values[..20],
        &[0, 1, 0, 0, 1, 2, 2, 1, 4, 0, 1, 4, 2, 1, 4, 0, 1, 4, 2, 1]
    );
    assert_eq!(report.method, Method::Sparse);
}

/// Thesis Table 3.2: ·56 has period 144 and pre-period 326,640 (655,360 heaps). ·376 (period 4,
/// pre-period 2,268,248) needs 4.5 million heaps and minutes, so `cargo xtask records` checks it.
#[test]
fn thesis_table_3_2_dot_56() {
    assert_period(".56", 144, 326_640);
    assert_eq!(prove(".56").method, Method::Sparse);
}

/// The parity-split sparse method against the full method (every option listed) on the
/// Table 3.2 games, record games included, over their first 10,000 heaps.
#[test]
fn sparse_matches_full_method_on_table_3_2_games() {
    for code in [
        ".45", ".156", ".055", ".644", ".356", ".165", ".127", ".56", ".16", ".376", ".454",
        ".104", ".054", ".354",
    ] {
        let rules = Ruleset::parse(code).unwrap();
        let mut sparse = octal::fast::OctalSequence::new(&rules);
        let mut full = octal::fast::OctalSequence::full_method(&rules);
        sparse.extend_to(10_000, &mut Budget::unlimited()).unwrap();
        full.extend_to(10_000, &mut Budget::unlimited()).unwrap();
        assert_eq!(full.method(), Method::Full);
        assert_eq!(sparse.stored(), full.stored(), "{code}");
    }
}

/// Grundy's game (splits into unequal heaps) with the sparse method against the full method
/// past the first reviews: the rare scan skips the equal split `m/2 + m/2` only.
#[test]
fn grundy_sparse_matches_full_method() {
    let rules = Ruleset::parse("grundy").unwrap();
    let mut sparse = octal::fast::OctalSequence::new(&rules);
    let mut full = octal::fast::OctalSequence::full_method(&rules);
    sparse.extend_to(20_000, &mut Budget::unlimited()).unwrap();
    full.extend_to(20_000, &mut Budget::unlimited()).unwrap();
    assert_eq!(sparse.method(), Method::Sparse);
    assert_eq!(sparse.stored(), full.stored());
}

/// Kayles ·77: period 12 from heap 71 (last exception 70); Dawson's Kayles ·07: period 34 from
/// heap 53; Dawson's chess ·137 = ·07 shifted by one: from heap 52; Guiles ·15: n0 = 1, p = 10
/// (thesis Section 3.4.3).
#[test]
fn kayles_dawson_and_guiles() {
    assert_period("kayles", 12, 71);
    assert_period("Dawson's Kayles", 34, 53);
    assert_period("dawson's chess", 34, 52);
    assert_period("guiles", 10, 1);
    let kayles = prove(".77");
    assert_eq!(kayles.name.as_deref(), Some("Kayles"));
    // Kayles has a sparse space with ignore mask 0: the rare values are the evil numbers.
    assert_eq!(kayles.ignore_mask, Some(0));
}

/// Section 3.2.2 cousins: ·07(n) = ·4(n+1), ·137(n) = ·4(n+2), ·37(n) = ·6(n+1).
#[test]
fn cousins_of_section_3_2_2() {
    let values = |code: &str| {
        let rules = Ruleset::parse(code).unwrap();
        octal::nim_values(&rules, 3000, &mut Budget::unlimited()).unwrap()
    };
    let (four, six) = (values(".4"), values(".6"));
    assert_eq!(values(".07")[..2999], four[1..]);
    assert_eq!(values(".137")[..2998], four[2..]);
    assert_eq!(values(".37")[..2999], six[1..]);
}

/// Hexadecimal codes, repeating tails and Grundy's game: the split-set method and the
/// sparse method against the plain mex.
#[test]
fn other_rulesets_match_reference() {
    for code in [
        ".3F", ".28", ".9C", ".9E", ".89", ".8B", ".A8F", ".205200C", "8.1", ".(3)", "4.(3)",
        ".0(3)", ".(03)", ".(7)", ".1(4)", "grundy", "4.07",
    ] {
        let rules = Ruleset::parse(code).unwrap();
        let heaps = if rules.max_heaps_left() == 3 {
            250
        } else {
            1500
        };
        let fast = octal::nim_values(&rules, heaps, &mut Budget::unlimited()).unwrap();
        let slow: Vec<u32> = reference::nim_values(&rules, heaps)
            .into_iter()
            .map(|v| v as u32)
            .collect();
        assert_eq!(fast, slow, "{code}");
    }
}

/// Digest Section 3 (hexadecimal games, checked): ·28 begins 0 0 1 0 1 2 0 1 0 1 2 3 2 3 4 5 …
#[test]
fn hexadecimal_dot_28_first_values() {
    let rules = Ruleset::parse(".28").unwrap();
    assert_eq!(rules.kind(), octal::Kind::Hexadecimal);
    let values = octal::nim_values(&rules, 30, &mut Budget::unlimited()).unwrap();
    assert_eq!(
        values,
        [
            0, 0, 1, 0, 1, 2, 0, 1, 0, 1, 2, 3, 2, 3, 4, 5, 3, 4, 3, 4, 5, 6, 7, 6, 7, 8, 9, 7, 6,
            7
        ]
    );
}

/// Infinite codes: Nim ·(3) and all-but subtraction codes get proven arithmetic periods;
/// Lasker's nim is computed but not claimed (no theorem for it in HeapLab).
#[test]
fn infinite_codes() {
    let nim = prove(".(3)");
    assert_eq!(
        nim.periodicity,
        Periodicity::Proven {
            preperiod: 0,
            period: 1,
            saltus: 1
        }
    );
    assert_eq!(&nim.values[..5], &[0, 1, 2, 3, 4]);
    // ·0(3) is all-but {1}: the thesis's duplicate-style nim, period 2 saltus 1.
    let all_but_one = prove(".0(3)");
    assert_eq!(all_but_one.periodicity.period(), Some(2));
    assert_eq!(all_but_one.periodicity.saltus(), Some(1));
    let lasker = prove("4.(3)");
    assert!(!lasker.proven());
    // Lasker's nim: G(4k+1) = 4k+1, G(4k+2) = 4k+2, G(4k+3) = 4k+4, G(4k+4) = 4k+3.
    assert_eq!(&lasker.values[..9], &[0, 1, 2, 4, 3, 5, 6, 8, 7]);
}

/// Officers ·6 shows no period early on; the report says so instead of guessing.
#[test]
fn officers_is_not_claimed_periodic() {
    let rules = Ruleset::parse("officers").unwrap();
    let report = octal::solve(
        &rules,
        Limits {
            terms: 10,
            prove: true,
            max_heaps: 20_000,
        },
        &mut Budget::unlimited(),
    )
    .unwrap();
    assert!(!report.proven());
    assert_eq!(report.last_exception(), None);
    assert!(report.proof.starts_with("not yet periodic up to 20,000"));
}

/// Grundy's game is never claimed periodic (no theorem applies), and a cancel stops the run.
#[test]
fn grundy_and_cancel() {
    let grundy = prove("grundy");
    assert!(!grundy.proven());
    let rules = Ruleset::parse(".16").unwrap();
    let mut calls = 0;
    let mut stop_soon = |_: u64, _: u64| {
        calls += 1;
        calls < 3
    };
    let result = octal::solve(
        &rules,
        Limits {
            terms: 10,
            prove: true,
            max_heaps: 1_000_000,
        },
        &mut Budget::with_progress(&mut stop_soon),
    );
    assert_eq!(result.unwrap_err(), heaplab_engine::EngineError::Cancelled);
}

/// Absurd sizes are one-line errors, not panics or hangs.
#[test]
fn absurd_sizes_are_errors() {
    let hex = Ruleset::parse(".A8F").unwrap();
    let err = octal::solve(
        &hex,
        Limits {
            terms: octal::MAX_GENERAL_HEAPS + 1,
            prove: false,
            max_heaps: 0,
        },
        &mut Budget::unlimited(),
    )
    .unwrap_err();
    assert!(err.to_string().contains("at most"));
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]

    /// Random longer octal codes (up to 6 digits, d0 in {0, 4}) over 1,200 heaps: enough for
    /// the ignore mask to be chosen (at 1,024 heaps) and the sparse method to run.
    #[test]
    fn fast_matches_reference_on_random_octal_codes(
        d0 in proptest::sample::select(vec![0u8, 4]),
        digits in proptest::collection::vec(0u8..8, 1..=6),
    ) {
        if let Ok(rules) = Ruleset::from_digits([vec![d0], digits].concat(), Vec::new()) {
            let fast = octal::nim_values(&rules, 1200, &mut Budget::unlimited()).unwrap();
            let slow: Vec<u32> =
                reference::nim_values(&rules, 1200).into_iter().map(|v| v as u32).collect();
            proptest::prop_assert_eq!(fast, slow, "{}", rules.code());
        }
    }

    /// Random hexadecimal codes (up to 3 digits) over 150 heaps.
    #[test]
    fn fast_matches_reference_on_random_hex_codes(
        digits in proptest::collection::vec(0u8..16, 1..=3),
    ) {
        if let Ok(rules) = Ruleset::from_digits([vec![0], digits].concat(), Vec::new()) {
            let fast = octal::nim_values(&rules, 150, &mut Budget::unlimited()).unwrap();
            let slow: Vec<u32> =
                reference::nim_values(&rules, 150).into_iter().map(|v| v as u32).collect();
            proptest::prop_assert_eq!(fast, slow, "{}", rules.code());
        }
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(16))]

    /// Random 4-digit octal codes over 3,000 heaps (two reviews of the functionals, at 1,024
    /// and 2,048 heaps), on one thread and two, against the plain mex.
    #[test]
    fn fast_matches_reference_on_random_four_digit_codes(
        d0 in proptest::sample::select(vec![0u8, 4]),
        digits in proptest::collection::vec(0u8..8, 4),
    ) {
        if let Ok(rules) = Ruleset::from_digits([vec![d0], digits].concat(), Vec::new()) {
            let fast = octal::nim_values(&rules, 3000, &mut Budget::unlimited()).unwrap();
            let slow: Vec<u32> =
                reference::nim_values(&rules, 3000).into_iter().map(|v| v as u32).collect();
            proptest::prop_assert_eq!(&fast, &slow, "{}", rules.code());
            let (parallel, _) = two_threads(&rules, 3000);
            proptest::prop_assert_eq!(parallel, slow, "{} on two threads", rules.code());
        }
    }
}

/// The values of `code` for heaps `0..heaps`, with the largest value and the last rare heap.
fn summary(code: &str, heaps: usize) -> (octal::OctalReport, Option<u32>, Option<u64>) {
    let rules = Ruleset::parse(code).expect("valid code");
    let limits = Limits {
        terms: heaps,
        prove: false,
        max_heaps: heaps,
    };
    let (report, values) =
        octal::solve_with_values(&rules, limits, Default::default(), &mut Budget::unlimited())
            .expect("solves");
    assert_eq!(values.len(), heaps, "{code}");
    let (largest, last_rare) = octal::value_summary(&values, report.ignore_mask);
    // The slow way: the same two facts read from the values one by one.
    let plain = report.values.iter().copied().max();
    let mask = report.ignore_mask.expect("sparse method");
    let rare = (0..heaps)
        .rev()
        .find(|&n| octal::is_rare(report.values[n], mask));
    assert_eq!(
        (largest, last_rare),
        (plain, rare.map(|n| n as u64)),
        "{code}"
    );
    (report, largest, last_rare)
}

/// Grundy's game: Winning Ways p. 102, as the thesis quotes it (Section 3.4.2, The Sparse
/// Space Phenomenon): computing G(250,001) the sparse way takes the nim-sums of only 1,273
/// rare heaps (heaps 1..250,000; heap 0, also rare, is the empty heap).
#[test]
fn grundys_game_has_1273_rare_heaps_below_250001() {
    let (report, largest, last_rare) = summary("grundy", 250_001);
    assert_eq!(report.ignore_mask, Some(1));
    assert_eq!(report.rare_count, Some(1_274));
    assert!(octal::is_rare(report.values[0], 1));
    assert!(largest.is_some() && last_rare.is_some_and(|n| n < 250_001));
}

/// Officers (·6), the unsolved one-digit game (thesis Section 3.4.3, Open Problem 5): its
/// largest value below heap 40,000 is 284 (Flammenkamp's octal table, as the research digest
/// records it).
#[test]
fn officers_largest_value_below_40000_is_284() {
    let (_, largest, _) = summary(".6", 40_000);
    assert_eq!(largest, Some(284));
}
