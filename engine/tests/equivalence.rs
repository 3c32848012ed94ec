//! Equivalence classes of subtraction games (thesis, Section 4.1.1–4.1.2, Table 4.7): the fast
//! hitting-set methods against brute force on every small set, and the thesis's numbers.

use heaplab_engine::equivalence::subtraction::{reference, restrictions, Profile, SEARCH};
use heaplab_engine::equivalence::{class, equal, master_rows};
use heaplab_engine::ruleset::NumberSet;
use heaplab_engine::Budget;

fn set(moves: &[u32]) -> NumberSet {
    NumberSet::from_elements(moves.to_vec()).unwrap()
}

fn all_sets(max: u32) -> impl Iterator<Item = Vec<u32>> {
    (1u32..1 << max).map(move |m| {
        (0..max)
            .filter(|i| m >> i & 1 == 1)
            .map(|i| i + 1)
            .collect()
    })
}

/// Long enough for the plain reference to see every difference of the small sets tested.
const LEN: usize = 400;

#[test]
fn equality_matches_long_brute_force_comparison_for_all_sets_up_to_6() {
    let sets: Vec<Vec<u32>> = all_sets(6).collect();
    let mut budget = Budget::unlimited();
    for a in &sets {
        for b in &sets {
            let fast = equal(&set(a), &set(b), &mut budget).unwrap();
            assert_eq!(fast, reference::equal_up_to(a, b, LEN), "{a:?} vs {b:?}");
        }
    }
}

#[test]
fn expansion_base_matches_brute_force_for_all_sets_up_to_8() {
    let mut budget = Budget::unlimited();
    for moves in all_sets(8) {
        let profile = Profile::new(&set(&moves), SEARCH, &mut budget).unwrap();
        let below = profile.span() as u32;
        assert_eq!(
            profile.expansion_base(&mut budget).unwrap(),
            reference::expansion(&moves, below, LEN),
            "{moves:?}"
        );
    }
}

#[test]
fn class_matches_brute_force_over_subsets_of_the_master_for_all_sets_up_to_7() {
    let mut budget = Budget::unlimited();
    for moves in all_sets(7) {
        let c = class(&set(&moves), &mut budget).unwrap();
        if c.master.len() > 12 {
            continue;
        }
        let (members, minimals) = reference::class(&moves, &c.master, LEN);
        assert_eq!(c.size, members.len() as u128, "{moves:?}");
        let mut fast = c.minimals.clone();
        fast.sort();
        let mut slow = minimals;
        slow.sort();
        assert_eq!(fast, slow, "{moves:?}");
        // Theorem 4.16: the given set and the master are members.
        assert!(members.contains(&moves) || moves.iter().any(|s| !c.master.contains(s)));
        assert!(members.contains(&c.master));
    }
}

/// Example 4.5, 4.9 and 4.12: S(2,3,5) = S(2,4,5), master S(2,3,4,5), period 7.
#[test]
fn thesis_example_4_12_two_minimals_and_master() {
    let mut budget = Budget::unlimited();
    assert!(equal(&set(&[2, 3, 5]), &set(&[2, 4, 5]), &mut budget).unwrap());
    let c = class(&set(&[2, 3, 5]), &mut budget).unwrap();
    assert_eq!(c.period, 7);
    assert_eq!(c.master, vec![2, 3, 4, 5]);
    assert_eq!(c.minimals, vec![vec![2, 3, 5], vec![2, 4, 5]]);
    assert_eq!(c.size, 3);
}

/// Theorem 4.22: S(2..k) is a master; minimals follow minCount2(k) = m(k-2) + m(k-3) and the
/// class size classSize2(k) = c(k-1) + c(k-2), with m(2..4) = c(2) = c(3) = 1.
#[test]
fn theorem_4_22_duplicate_bounded_nim_counts() {
    let mut budget = Budget::unlimited();
    let (mut mins, mut sizes) = ([0u128; 17], [0u128; 17]);
    for k in 2..17usize {
        mins[k] = if k <= 4 { 1 } else { mins[k - 2] + mins[k - 3] };
        sizes[k] = if k <= 3 {
            1
        } else {
            sizes[k - 1] + sizes[k - 2]
        };
        let moves: Vec<u32> = (2..=k as u32).collect();
        let c = class(&set(&moves), &mut budget).unwrap();
        assert_eq!(c.master, moves, "S(2..{k}) is a master");
        assert_eq!(c.minimals.len() as u128, mins[k], "minCount2({k})");
        assert_eq!(c.size, sizes[k], "classSize2({k})");
    }
}

/// Theorem 4.23: minCount3(k) = m(k-2) + m(k-3) + m(k-4) - m(k-6), m(3..6) = 1, m(7) = m(8) = 3.
#[test]
fn theorem_4_23_triplicate_bounded_nim_minimals() {
    let mut budget = Budget::unlimited();
    let mut mins = [0i64; 20];
    for k in 3..20usize {
        mins[k] = match k {
            3..=6 => 1,
            7 | 8 => 3,
            _ => mins[k - 2] + mins[k - 3] + mins[k - 4] - mins[k - 6],
        };
        let moves: Vec<u32> = (3..=k as u32).collect();
        let c = class(&set(&moves), &mut budget).unwrap();
        assert_eq!(c.minimals.len() as i64, mins[k], "minCount3({k})");
    }
}

/// Theorem 4.24: classSize_j(k) is the sum of the j previous terms (the j-Bonacci numbers).
/// Erratum (found here, not in the digest): the printed base case "classSize_j(i) = 1 for
/// i in {j, ..., 2j}" contradicts Theorem 4.22 (classSize_2(4) = 2) and the brute force; the
/// true start is classSize_j(j) = 1 with the terms below j taken as 0, so
/// classSize_j(k) = 2^(k-j-1) for j < k < 2j + 1.
#[test]
fn theorem_4_24_j_bonacci_class_sizes() {
    let mut budget = Budget::unlimited();
    for j in 2..5usize {
        let mut sizes = vec![0u128; 6 * j];
        for k in j..6 * j {
            sizes[k] = if k == j {
                1
            } else {
                sizes[k - j..k].iter().sum()
            };
            let moves: Vec<u32> = (j as u32..=k as u32).collect();
            let c = class(&set(&moves), &mut budget).unwrap();
            assert_eq!(c.size, sizes[k], "classSize_{j}({k})");
        }
    }
}

/// Section 4.1.2.1: Ho's conjecture (ultimately bipartite games are not expandable) fails for
/// S(3, 11, 15), where 9 can be adjoined, and for the family S(3, 5+6k, 9+6k) of Lemma 4.27
/// (n0 = 12k + 14, period 2, every 6j + 3 with 1 <= j <= k adjoinable).
#[test]
fn hos_conjecture_counterexamples() {
    let mut budget = Budget::unlimited();
    let c = class(&set(&[3, 11, 15]), &mut budget).unwrap();
    assert_eq!(c.period, 2);
    assert!(c.master.contains(&9));
    for k in 1..6u32 {
        let p = Profile::new(&set(&[3, 5 + 6 * k, 9 + 6 * k]), SEARCH, &mut budget).unwrap();
        assert_eq!(
            (p.period, p.preperiod),
            (2, u64::from(12 * k + 14)),
            "k = {k}"
        );
        for j in 1..=k {
            assert!(p.in_expansion(u64::from(6 * j + 3)), "k = {k}, j = {j}");
        }
    }
}

/// Theorem 4.26: S(3, 7, 10k - 1) is ultimately bipartite (period 2).
#[test]
fn theorem_4_26_ultimately_bipartite() {
    let mut budget = Budget::unlimited();
    for k in 1..12u32 {
        let p = Profile::new(&set(&[3, 7, 10 * k - 1]), SEARCH, &mut budget).unwrap();
        assert!(p.period <= 2, "k = {k}: period {}", p.period);
    }
}

/// Table 4.7 of the thesis (Section 4.4.5): max period, preperiod, sources and source range of
/// the masters with largest move m, rows 1..=16 (the rest is in `cargo xtask records`).
#[test]
fn table_4_7_rows_up_to_16() {
    let expected: [(u64, u64, u64, u64); 16] = [
        (2, 0, 1, 0),
        (4, 0, 1, 0),
        (6, 0, 1, 0),
        (8, 0, 1, 0),
        (10, 0, 2, 0),
        (12, 0, 2, 1),
        (14, 0, 3, 1),
        (16, 0, 4, 1),
        (18, 21, 5, 1),
        (20, 17, 7, 1),
        (22, 41, 9, 2),
        (45, 144, 12, 2),
        (68, 103, 16, 1),
        (144, 265, 24, 2),
        (142, 363, 33, 3),
        (168, 357, 46, 2),
    ];
    let rows = master_rows(16, &mut Budget::unlimited()).unwrap();
    for (row, want) in rows.iter().zip(expected) {
        let got = (row.period, row.preperiod, row.sources, row.source_range);
        assert_eq!(got, want, "max S = {}", row.largest_move);
    }
}

#[test]
fn bad_input_is_a_typed_error() {
    let mut budget = Budget::unlimited();
    assert!(master_rows(0, &mut budget).is_err());
    assert!(master_rows(31, &mut budget).is_err());
    let mut cancel = |_: u64, _: u64| false;
    assert!(master_rows(14, &mut Budget::with_progress(&mut cancel)).is_err());
}

proptest::proptest! {
    /// Theorem 4.16 three ways on random sets: for T inside the master of S, the exact
    /// equality test, a long plain comparison and "T hits every restriction" agree.
    #[test]
    fn equality_hitting_sets_and_brute_force_agree(
        low in 1u32..1 << 12,
        pick in proptest::num::u128::ANY,
    ) {
        let moves: Vec<u32> = (0..12).filter(|i| low >> i & 1 == 1).map(|i| i + 1).collect();
        let s = set(&moves);
        let mut budget = Budget::unlimited();
        let profile = Profile::new(&s, SEARCH, &mut budget).unwrap();
        let master = profile.expansion_base(&mut budget).unwrap();
        proptest::prop_assume!(master.len() <= 40);
        let family = restrictions(&profile, &master);
        let t: Vec<u32> = (0..master.len()).filter(|i| pick >> i & 1 == 1).map(|i| master[i]).collect();
        proptest::prop_assume!(!t.is_empty());
        let mask = pick & ((1u128 << master.len()) - 1);
        let exact = equal(&s, &set(&t), &mut budget).unwrap();
        proptest::prop_assert_eq!(exact, reference::equal_up_to(&moves, &t, 3_000));
        proptest::prop_assert_eq!(exact, family.is_hit_by(mask));
    }
}
