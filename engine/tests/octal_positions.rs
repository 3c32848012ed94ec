//! Positions of several heaps: the fast answer (nim-values, Sprague–Grundy) against a
//! plain game search on every small position, and huge heaps through proven periods.

use heaplab_engine::octal::position::{
    self, analyse, analyse_with, best_reply, for_each_option, parse_heaps, reference, HeapValues,
    Move, Outcome,
};
use heaplab_engine::octal::{self, Ruleset};
use heaplab_engine::{Budget, EngineError};
use std::collections::HashMap;
use std::ops::ControlFlow;

/// Octal, hexadecimal, infinite codes and Grundy's game.
const CODES: &[&str] = &[
    ".77", ".07", ".137", ".6", ".4", "4.07", ".A8F", ".F", "grundy", ".(3)", "4.(3)", ".3(03)",
    ".0(3)",
];

fn rules(code: &str) -> Ruleset {
    Ruleset::parse(code).unwrap()
}

/// Every multiset of `count` heaps of sizes `1..=max`, smallest first.
fn multisets(count: usize, max: u64) -> Vec<Vec<u64>> {
    if count == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for rest in multisets(count - 1, max) {
        let lo = rest.last().copied().unwrap_or(1);
        for h in lo..=max {
            let mut v = rest.clone();
            v.push(h);
            out.push(v);
        }
    }
    out
}

fn sorted(mut moves: Vec<Move>) -> Vec<Move> {
    moves.sort_by(|a, b| (a.heap, a.taken, &a.leaves).cmp(&(b.heap, b.taken, &b.leaves)));
    moves
}

#[test]
fn options_give_the_reference_nim_values() {
    // The option lister against `octal::reference`'s own listing, by mex, heaps 0..40.
    for code in CODES {
        let rules = rules(code);
        let expected = octal::reference::nim_values(&rules, 40);
        for n in 0..40u64 {
            let mut seen = Vec::new();
            for_each_option(&rules, n, &mut |_, leaves| {
                seen.push(leaves.iter().fold(0, |a, &h| a ^ expected[h as usize]));
                ControlFlow::Continue(())
            })
            .unwrap();
            assert_eq!(
                heaplab_engine::mex::mex(seen),
                expected[n as usize],
                "{code} heap {n}"
            );
        }
    }
}

#[test]
fn fast_answer_matches_game_search_on_every_small_position() {
    for code in CODES {
        let rules = rules(code);
        let mut memo = HashMap::new();
        let mut positions = multisets(1, 12);
        positions.extend(multisets(2, 8));
        positions.extend(multisets(3, 6));
        positions.extend(multisets(4, 4));
        for heaps in positions {
            let report = analyse(&rules, &heaps, 1 << 12, &mut Budget::unlimited()).unwrap();
            let p = reference::is_p(&rules, &heaps, &mut memo);
            assert_eq!(report.outcome == Outcome::P, p, "{code} {heaps:?}");
            assert!(!report.truncated);
            assert_eq!(
                sorted(report.winning_moves),
                sorted(reference::winning_moves(&rules, &heaps, &mut memo)),
                "{code} {heaps:?}"
            );
        }
    }
}

#[test]
fn the_opponent_wins_from_n_and_always_has_a_move_while_one_exists() {
    for code in [".77", ".137", "grundy", ".A8F"] {
        let rules = rules(code);
        let values = HeapValues::for_heaps(&rules, 12, 1 << 12, &mut Budget::unlimited()).unwrap();
        let mut memo = HashMap::new();
        for heaps in multisets(2, 6).into_iter().chain(multisets(3, 4)) {
            let reply = best_reply(&rules, &values, &heaps).unwrap();
            let legal = reference::moves(&rules, &heaps);
            match reply {
                None => assert!(legal.is_empty(), "{code} {heaps:?}"),
                Some(mv) => {
                    assert!(legal.iter().any(|(m, _)| *m == mv), "{code} {heaps:?}");
                    let after = mv.apply(&heaps);
                    let p_before = reference::is_p(&rules, &heaps, &mut memo);
                    // From an N-position the reply must reach a P-position.
                    assert!(p_before || reference::is_p(&rules, &after, &mut memo));
                }
            }
        }
    }
}

#[test]
fn kayles_huge_heap_value_from_the_proven_period() {
    // Kayles ·77: period 12, last exception 70 (Guy and Smith 1956; thesis Table 3.2).
    let kayles = rules("kayles");
    let values =
        HeapValues::for_heaps(&kayles, 1 << 21, 1 << 16, &mut Budget::unlimited()).unwrap();
    let direct = octal::nim_values(&kayles, 200, &mut Budget::unlimited()).unwrap();
    let n = 1_000_000_000_000_000u64;
    let residue = 71 + (n - 71) % 12;
    assert_eq!(values.get(n).unwrap(), u64::from(direct[residue as usize]));
    assert!(values.describe().contains("proven period 12 from heap 71"));
}

#[test]
fn split_classes_of_a_huge_heap_expand_to_the_explicit_list() {
    // A heap just past the explicit split limit: its classes, expanded, are exactly the splits
    // found one by one from directly computed values.
    let kayles = rules(".77");
    let n = 2 * position::SPLIT_SCAN + 41;
    let direct = octal::nim_values(&kayles, n as usize + 1, &mut Budget::unlimited()).unwrap();
    let values =
        HeapValues::for_heaps(&kayles, n + 1_000_000, 1 << 16, &mut Budget::unlimited()).unwrap();
    let mut classes = 0;
    for other in [1u64, 2, 3, 5, 70] {
        let heaps = [n, other];
        let report = analyse_with(&kayles, &values, &heaps).unwrap();
        let target = report.nim_value ^ report.heap_values[0];
        let mut expanded: Vec<(u64, Vec<u64>)> = Vec::new();
        for mv in report.winning_moves.iter().filter(|m| m.heap == 0) {
            let step = mv.repeat.map_or(0, |r| r.step);
            for j in 0..mv.count() {
                let mut leaves = mv.leaves.clone();
                if let [a, b] = &mut leaves[..] {
                    *a += j * step;
                    *b -= j * step;
                }
                expanded.push((mv.taken, leaves));
            }
        }
        let mut explicit = Vec::new();
        for_each_option(&kayles, n, &mut |taken, leaves| {
            let v = leaves.iter().fold(0, |a, &h| a ^ direct[h as usize]);
            if u64::from(v) == target {
                explicit.push((taken, leaves.to_vec()));
            }
            ControlFlow::Continue(())
        })
        .unwrap();
        expanded.sort();
        explicit.sort();
        assert_eq!(expanded, explicit, "heaps {heaps:?}");
        classes += report
            .winning_moves
            .iter()
            .filter(|m| m.repeat.is_some())
            .count();
    }
    assert!(classes > 0, "no class was exercised");
}

#[test]
fn nim_heaps_are_their_own_values() {
    // Nim ·(3): G(n) = n (Bouton 1901; thesis Section 2.3), here through the arithmetic period.
    let nim = rules("nim");
    let report = analyse(&nim, &[3, 5, 6], 1 << 12, &mut Budget::unlimited()).unwrap();
    assert_eq!((report.nim_value, report.outcome), (0, Outcome::P));
    let values = HeapValues::for_heaps(&nim, 1 << 40, 1 << 12, &mut Budget::unlimited()).unwrap();
    assert_eq!(values.get(1 << 40).unwrap(), 1 << 40);
}

#[test]
fn bad_positions_are_clear_errors() {
    let budget = &mut Budget::unlimited();
    for text in ["", " , ", "-3", "5,x", "1e9", "99999999999999999999999"] {
        assert!(parse_heaps(text).is_err(), "{text:?}");
    }
    let many = vec!["1"; position::MAX_POSITION_HEAPS + 1].join(",");
    assert!(matches!(
        parse_heaps(&many),
        Err(EngineError::OutOfRange(_))
    ));
    assert_eq!(parse_heaps("5, 7 9+9").unwrap(), [5, 7, 9, 9]);
    // No period proven: a huge heap is refused, never guessed.
    for code in ["grundy", ".6"] {
        let err = analyse(&rules(code), &[1 << 50], 1 << 12, budget).unwrap_err();
        assert!(err.to_string().contains("no period is proven"), "{err}");
    }
    // An infinite code's huge heap has too many moves to list.
    let err = analyse(&rules(".(3)"), &[1 << 50, 1], 1 << 12, budget).unwrap_err();
    assert!(err.to_string().contains("moves"), "{err}");
    // No heap left (the end of a game) is a P-position with no move.
    let over = analyse(&rules(".77"), &[], 1 << 12, budget).unwrap();
    assert_eq!((over.outcome, over.winning_moves.len()), (Outcome::P, 0));
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]

    /// Random octal codes of one to three digits and random positions of up to three heaps:
    /// the fast answer against the game search.
    #[test]
    fn random_codes_and_positions_match_the_search(
        digits in proptest::collection::vec(0u8..8, 1..=3),
        heaps in proptest::collection::vec(0u64..=9, 1..=3),
    ) {
        let text = format!(".{}", digits.iter().map(|d| d.to_string()).collect::<String>());
        let Ok(rules) = Ruleset::parse(&text) else { return Ok(()) };
        let report = analyse(&rules, &heaps, 1 << 12, &mut Budget::unlimited()).unwrap();
        let mut memo = HashMap::new();
        proptest::prop_assert_eq!(
            report.outcome == Outcome::P,
            reference::is_p(&rules, &heaps, &mut memo)
        );
        proptest::prop_assert_eq!(
            sorted(report.winning_moves),
            sorted(reference::winning_moves(&rules, &heaps, &mut memo))
        );
    }
}
