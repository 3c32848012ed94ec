//! The fast solvers against the slow references: every finite subtraction set with
//! max S <= 12 (all 4,095 of them), random larger sets, and all-but sets.

use heaplab_engine::ruleset::NumberSet;
use heaplab_engine::subtraction::{self, reference};
use heaplab_engine::{all_but, Budget, Periodicity};
use proptest::prelude::*;

/// Checks values, outcomes and both periods of one finite set against the references.
fn check_finite(moves: &[u32], terms: usize) {
    let set = NumberSet::from_elements(moves.to_vec()).unwrap();
    let slow_values = reference::nim_values(moves, terms);
    let fast_values: Vec<u32> = subtraction::nim_values(&set, terms)
        .into_iter()
        .map(u32::from)
        .collect();
    assert_eq!(fast_values, slow_values, "nim-values of {moves:?}");

    let slow_p = reference::p_positions(moves, terms);
    let fast_p = subtraction::p_positions(&set, terms);
    assert_eq!(fast_p.len(), terms);
    for (x, &p) in slow_p.iter().enumerate() {
        assert_eq!(fast_p.get(x as i64), p, "outcome of heap {x} for {moves:?}");
    }

    let k = set.max() as usize;
    let slow_nim = reference::least_period(&slow_values, k);
    let slow_outcome = reference::least_period(&slow_p, k);
    assert!(
        matches!(slow_nim, Periodicity::Proven { .. }),
        "reference found no nim period for {moves:?}"
    );
    let fast_nim = subtraction::nim_period(&set, terms as u64, &mut Budget::unlimited()).unwrap();
    let fast_outcome =
        subtraction::outcome_period(&set, terms as u64, &mut Budget::unlimited()).unwrap();
    assert_eq!(fast_nim, slow_nim, "nim period of {moves:?}");
    assert_eq!(fast_outcome, slow_outcome, "outcome period of {moves:?}");
    // The outcome period read off the nim period (what `solve` and the sweep use).
    let mut workspace = subtraction::Workspace::new();
    let both =
        subtraction::periods_with(&mut workspace, &set, terms as u64, &mut Budget::unlimited());
    assert_eq!(
        both.unwrap(),
        (slow_nim, slow_outcome),
        "periods of {moves:?}"
    );
}

#[test]
fn every_set_with_max_at_most_12() {
    for mask in 1u32..(1 << 12) {
        let moves: Vec<u32> = (0..12)
            .filter(|b| mask >> b & 1 == 1)
            .map(|b| b + 1)
            .collect();
        check_finite(&moves, 1500);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Random sets with larger moves; long enough sequences that both solvers prove a period.
    #[test]
    fn random_larger_sets(moves in prop::collection::btree_set(1u32..40, 1..6)) {
        let moves: Vec<u32> = moves.into_iter().collect();
        check_finite(&moves, 6000);
    }

    /// Random sets with min S >= 64, so the outcome solver takes 64 heaps a step.
    #[test]
    fn random_sets_with_wide_steps(moves in prop::collection::btree_set(64u32..200, 1..4)) {
        let moves: Vec<u32> = moves.into_iter().collect();
        let set = NumberSet::from_elements(moves.clone()).unwrap();
        let slow = reference::p_positions(&moves, 5000);
        let fast = subtraction::p_positions(&set, 5000);
        for (x, &p) in slow.iter().enumerate() {
            prop_assert_eq!(fast.get(x as i64), p);
        }
    }

    /// Random sets mixing moves below and above 64 (and multiples of 64), so the word kernel
    /// both refines its own word in rounds and reads whole earlier words.
    #[test]
    fn random_sets_mixing_short_and_long_moves(
        short in prop::collection::btree_set(1u32..64, 1..3),
        long in prop::collection::btree_set(prop::sample::select(vec![64u32, 65, 127, 128, 129, 191, 200, 256, 300]), 1..3),
    ) {
        let moves: Vec<u32> = short.into_iter().chain(long).collect();
        let set = NumberSet::from_elements(moves.clone()).unwrap();
        let slow = reference::p_positions(&moves, 3000);
        let fast = subtraction::p_positions(&set, 3000);
        for (x, &p) in slow.iter().enumerate() {
            prop_assert_eq!(fast.get(x as i64), p, "heap {} of {:?}", x, moves);
        }
    }

    /// Random sets of moves all at least 256, whose words the kernel makes four at a time in
    /// place (every read lies four or more words back), with lengths that end mid-chunk.
    #[test]
    fn random_sets_of_long_moves(
        moves in prop::collection::btree_set(256u32..900, 1..5),
        len in 3000usize..6000,
    ) {
        let moves: Vec<u32> = moves.into_iter().collect();
        let set = NumberSet::from_elements(moves.clone()).unwrap();
        let slow = reference::p_positions(&moves, len);
        let fast = subtraction::p_positions(&set, len);
        for (x, &p) in slow.iter().enumerate() {
            prop_assert_eq!(fast.get(x as i64), p, "heap {} of {:?}", x, moves);
        }
    }

    /// All-but values and arithmetic periods against the O(n²) definition.
    #[test]
    fn all_but_matches_reference(excluded in prop::collection::btree_set(1u32..12, 0..5)) {
        let excluded: Vec<u32> = excluded.into_iter().collect();
        let set = NumberSet::from_elements(excluded.clone()).unwrap();
        let slow = all_but::reference::nim_values(&excluded, 1200);
        prop_assert_eq!(all_but::nim_values(&set, 1200), slow.clone());
        let fast = all_but::arithmetic_period(&set, 1200, &mut Budget::unlimited()).unwrap();
        let (l, p, s) = all_but::reference::least_arithmetic_period(&slow, 400).unwrap();
        prop_assert_eq!(fast, Periodicity::Proven { preperiod: l, period: p, saltus: s });
    }
}

#[test]
fn every_all_but_set_within_1_to_8() {
    for mask in 0u32..(1 << 8) {
        let excluded: Vec<u32> = (0..8)
            .filter(|b| mask >> b & 1 == 1)
            .map(|b| b + 1)
            .collect();
        let set = NumberSet::from_elements(excluded.clone()).unwrap();
        let slow = all_but::reference::nim_values(&excluded, 900);
        assert_eq!(
            all_but::nim_values(&set, 900),
            slow,
            "values of all-but {excluded:?}"
        );
        let fast = all_but::arithmetic_period(&set, 900, &mut Budget::unlimited()).unwrap();
        let (l, p, s) = all_but::reference::least_arithmetic_period(&slow, 300).unwrap();
        assert_eq!(
            fast,
            Periodicity::Proven {
                preperiod: l,
                period: p,
                saltus: s
            },
            "all-but {excluded:?}"
        );
    }
}
