//! The constant-memory outcome-period solver ([`heaplab_engine::outcome_cycle`]) against the
//! growing solver ([`subtraction::outcome_period`]) and the plain reference, exhaustively on
//! small sets, randomly on larger ones, and on the survey's parametrised families.
//!
//! Source: U. Larsson, I. Saha, K. Suetsugu, "A brief conversation about subtraction games"
//! (`shared/papers/brief-conversation-subtraction-games.txt`), Section 4.

use heaplab_engine::outcome_cycle::{self, is_max_symmetric, Method, OutcomeCycle};
use heaplab_engine::period_map::CellSolver;
use heaplab_engine::ruleset::NumberSet;
use heaplab_engine::subtraction::{self, reference};
use heaplab_engine::{Budget, EngineError, Periodicity};
use proptest::prelude::*;

fn constant_memory(moves: &[u32], method: Method) -> Periodicity {
    let set = NumberSet::from_elements(moves.to_vec()).unwrap();
    let mut cycle = OutcomeCycle::with_method(&set, 1 << 40, method).unwrap();
    loop {
        if let Some(answer) = cycle.run(1 << 20) {
            return answer;
        }
    }
}

fn proven(preperiod: u64, period: u64) -> Periodicity {
    Periodicity::Proven {
        preperiod,
        period,
        saltus: 0,
    }
}

/// The sets whose largest move is `max`, as bit masks of the smaller moves.
fn sets_with_max(max: u32) -> impl Iterator<Item = Vec<u32>> {
    (0u32..1 << (max - 1)).map(move |mask| {
        (1..max)
            .filter(|s| mask >> (s - 1) & 1 == 1)
            .chain(std::iter::once(max))
            .collect()
    })
}

/// Every set with max S <= 20 (about a million): Brent's method equals the growing solver,
/// and on max-symmetric sets the first return equals it too (Theorem 12: no preperiod).
#[test]
fn every_set_with_max_at_most_20_matches_the_growing_solver() {
    let mut solver = CellSolver::new();
    for max in 1..=20 {
        for moves in sets_with_max(max) {
            let expected = solver.outcome_period(&moves, 1 << 24);
            assert!(matches!(expected, Periodicity::Proven { .. }), "{moves:?}");
            assert_eq!(
                constant_memory(&moves, Method::Brent),
                expected,
                "{moves:?}"
            );
            let set = NumberSet::from_elements(moves.clone()).unwrap();
            if is_max_symmetric(&set) {
                assert_eq!(expected.preperiod(), Some(0), "{moves:?}: Theorem 12");
                assert_eq!(constant_memory(&moves, Method::FirstReturn), expected);
            }
        }
    }
}

/// Every set with max S <= 10 against the plain `bool` reference.
#[test]
fn every_set_with_max_at_most_10_matches_the_reference() {
    for max in 1..=10 {
        for moves in sets_with_max(max) {
            let p = reference::p_positions(&moves, 4000);
            let expected = reference::least_period(&p, max as usize);
            assert_eq!(
                constant_memory(&moves, Method::Brent),
                expected,
                "{moves:?}"
            );
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Random sets with moves up to 300: both solvers agree.
    #[test]
    fn random_sets_match_the_growing_solver(moves in prop::collection::btree_set(1u32..300, 1..5)) {
        let moves: Vec<u32> = moves.into_iter().collect();
        let set = NumberSet::from_elements(moves.clone()).unwrap();
        let expected = subtraction::outcome_period(&set, 50_000_000, &mut Budget::unlimited()).unwrap();
        prop_assume!(expected.period().is_some());
        prop_assert_eq!(constant_memory(&moves, Method::Brent), expected);
        if is_max_symmetric(&set) {
            prop_assert_eq!(constant_memory(&moves, Method::FirstReturn), expected);
        }
    }
}

/// Survey Section 4 (Althöfer and Bültermann [2]): S = {a, 4a, 12a + 1, 16a + 1} is purely
/// periodic with period 56a^3 + 52a^2 + 9a + 1 for 1 <= a <= 26; checked for a = 1..=26 with
/// Brent's method (which finds the preperiod too, so "purely" is checked as well).
#[test]
fn section_4_a_4a_12a_16a_family() {
    for a in 1u64..=26 {
        let moves = [a, 4 * a, 12 * a + 1, 16 * a + 1].map(|s| s as u32);
        let expected = 56 * a.pow(3) + 52 * a.pow(2) + 9 * a + 1;
        assert_eq!(
            constant_memory(&moves, Method::Brent),
            proven(0, expected),
            "a = {a}"
        );
    }
}

/// Survey Section 2 (Flammenkamp): {5n-2, 5n+3, 10n+2} has outcome preperiod 45n^2 - 1 and
/// period 5 (n >= 2; the digest checked n = 1 gives 13): the preperiod pass on long preperiods.
#[test]
fn section_2_long_preperiod_family() {
    for n in 2u64..=30 {
        let moves = [5 * n - 2, 5 * n + 3, 10 * n + 2].map(|s| s as u32);
        assert_eq!(
            constant_memory(&moves, Method::Brent),
            proven(45 * n * n - 1, 5),
            "n = {n}"
        );
    }
}

/// The choice of method: max-symmetric sets (survey Section 4's definition) take the first
/// return, the others Brent's method.
#[test]
fn max_symmetric_sets_use_the_first_return() {
    let set = |text: &str| NumberSet::parse(text).unwrap();
    assert!(is_max_symmetric(&set("15,27,88,100,115")));
    assert!(is_max_symmetric(&set("7")));
    assert!(is_max_symmetric(&set("2,5,7")));
    assert!(!is_max_symmetric(&set("2,4,7")));
    assert!(!is_max_symmetric(&set("2,5,7,9")));
    let record = OutcomeCycle::new(&set("15,27,88,100,115"), 1000).unwrap();
    assert_eq!(record.method(), Method::FirstReturn);
    let other = OutcomeCycle::new(&set("2,4,7"), 1000).unwrap();
    assert_eq!(other.method(), Method::Brent);
}

/// Bad limits are errors, a short search is "not found", and the budget cancels.
#[test]
fn limits_short_searches_and_cancellation() {
    let set = NumberSet::parse("15,27,88,100,115").unwrap();
    assert!(OutcomeCycle::new(&set, 0).is_err());
    assert!(OutcomeCycle::new(&set, outcome_cycle::MAX_CYCLE_SEARCH + 1).is_err());
    assert_eq!(
        outcome_cycle::outcome_period(&set, 100_000, &mut Budget::unlimited()),
        Ok(Periodicity::NotFound { searched: 100_000 })
    );
    let mut cancel = |_done: u64, _total: u64| false;
    assert_eq!(
        outcome_cycle::outcome_period(&set, 1 << 30, &mut Budget::with_progress(&mut cancel)),
        Err(EngineError::Cancelled)
    );
}
