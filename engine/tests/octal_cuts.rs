//! Generalized codes as CGSuite writes them (digits above 15, the `!`, `?`, `=` modifiers):
//! the knapsack split sets of `octal::cuts` against the plain mex over every listed partition.

use heaplab_engine::octal::cuts::CutSequence;
use heaplab_engine::octal::{self, reference, Kind, Limits, Ruleset};
use heaplab_engine::Budget;
use proptest::prelude::*;

/// Values by the knapsack split sets, widened for comparison with the reference.
fn cut_values(rules: &Ruleset, terms: usize) -> Vec<u64> {
    let mut sequence = CutSequence::new(rules);
    sequence
        .extend_to(terms, &mut Budget::unlimited())
        .expect("computes");
    sequence.values().iter().map(|&v| u64::from(v)).collect()
}

/// The values the solver reports (whatever method it picks).
fn solved(rules: &Ruleset, terms: usize) -> Vec<u64> {
    octal::nim_values(rules, terms, &mut Budget::unlimited())
        .expect("computes")
        .into_iter()
        .map(u64::from)
        .collect()
}

#[test]
fn grundys_game_is_4_bang_dot_0() {
    // Grundy's game: OEIS A002188; CGSuite's TakeAndBreak documentation writes it `4!.0`.
    let a002188 = [
        0u64, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0,
    ];
    let rules = Ruleset::parse("4!.0").unwrap();
    assert_eq!(rules, Ruleset::parse("Grundy's game").unwrap());
    assert_eq!(rules.kind(), Kind::Grundy);
    assert!(
        rules.fast_method(),
        "one implementation: the fast method's unequal split"
    );
    assert_eq!(solved(&rules, 21), a002188);
    assert_eq!(reference::nim_values(&rules, 21), a002188);
    assert_eq!(cut_values(&rules, 21), a002188);
    assert_eq!(solved(&rules, 300), cut_values(&rules, 300));
}

/// Every code `d0·` or `·d` (and `·0d`) with one digit below 64 and each modifier.
fn one_digit_codes() -> Vec<Ruleset> {
    let mut codes = Vec::new();
    for d in 1u32..64 {
        for modifier in ["", "!", "?", "="] {
            let digit = format!("&{d};{modifier}");
            for text in [
                format!(".{digit}"),
                format!(".0{digit}"),
                format!("{digit}.0"),
            ] {
                if let Ok(rules) = Ruleset::parse(&text) {
                    codes.push(rules);
                }
            }
        }
    }
    codes
}

#[test]
fn knapsack_sets_match_the_plain_mex_on_every_one_digit_code() {
    let codes = one_digit_codes();
    assert!(codes.len() > 500, "{} codes", codes.len());
    for rules in codes {
        let expected = reference::nim_values(&rules, 22);
        assert_eq!(cut_values(&rules, 22), expected, "{}", rules.ascii());
        assert_eq!(solved(&rules, 22), expected, "{}", rules.ascii());
    }
}

#[test]
fn knapsack_sets_match_the_split_set_dp_on_hexadecimal_codes() {
    for code in [".3F", ".A8F", ".F", "8.0", "C.7", ".(9)", ".3(F)"] {
        let rules = Ruleset::parse(code).unwrap();
        assert_eq!(cut_values(&rules, 400), solved(&rules, 400), "{code}");
    }
}

#[test]
fn cgsuite_examples() {
    // CGSuite's TakeAndBreak documentation: `8!.0` splits a heap into three pairwise unequal
    // heaps, so the first heap with a move is 1 + 2 + 3 = 6; `8?.0` into three heaps not all
    // equal, so heap 3 (1, 1, 1) has no move and heap 4 (1, 1, 2) has one.
    let unequal = solved(&Ruleset::parse("8!.0").unwrap(), 8);
    assert_eq!(unequal[..7], [0, 0, 0, 0, 0, 0, 1]);
    let not_all = solved(&Ruleset::parse("8?.0").unwrap(), 5);
    assert_eq!(not_all, [0, 0, 0, 0, 1]);
    // `.&16;` (= `.G`): remove one token and leave exactly four heaps.
    let four = solved(&Ruleset::parse(".G").unwrap(), 7);
    assert_eq!(four, [0, 0, 0, 0, 0, 1, 1]);
}

#[test]
fn modifiers_get_no_periodicity_claim() {
    let rules = Ruleset::parse("8!.0").unwrap();
    let report = octal::solve(
        &rules,
        Limits {
            terms: 200,
            prove: true,
            max_heaps: 2_000,
        },
        &mut Budget::unlimited(),
    )
    .unwrap();
    assert!(!report.proven(), "{}", report.proof);
    assert_eq!(report.kind, Kind::Generalized);
}

/// A random generalized code: d0, up to three digits below 2^7 with modifiers, maybe a tail.
fn generalized_code() -> impl Strategy<Value = String> {
    let digit = (0u32..128, prop::sample::select(vec!["", "!", "?", "="]))
        .prop_map(|(d, m)| format!("&{d};{m}"));
    (
        prop::sample::select(vec!["", "4", "8!", "C?", "&16;=", "&20;!"]),
        prop::collection::vec(digit.clone(), 0..3),
        prop::collection::vec(digit, 0..2),
    )
        .prop_map(|(d0, finite, tail)| {
            let tail = if tail.is_empty() {
                String::new()
            } else {
                format!("[{}]", tail.concat())
            };
            format!("{d0}.{}{tail}", finite.concat())
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn random_generalized_codes_match_the_plain_mex(code in generalized_code()) {
        if let Ok(rules) = Ruleset::parse(&code) {
            let expected = reference::nim_values(&rules, 18);
            prop_assert_eq!(cut_values(&rules, 18), expected.clone(), "{}", code);
            prop_assert_eq!(solved(&rules, 18), expected, "{}", code);
        }
    }
}

/// A digit written `&n;` too large for any code is called too large whatever its size (a
/// number past `u32` used to read "'&;' holds no number"); an empty one holds no number.
#[test]
fn too_large_digits_say_so() {
    for text in [".&131072;", ".&4294967296;", ".&999999999999;"] {
        let err = Ruleset::parse(text).unwrap_err().to_string();
        assert!(
            err.contains("would let a move leave more than 16 heaps"),
            "{text}: {err}"
        );
    }
    let empty = Ruleset::parse(".&;").unwrap_err().to_string();
    assert!(empty.contains("holds no number"), "{empty}");
}
