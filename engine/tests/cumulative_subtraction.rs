//! Cumulative subtraction: every table and example of Cohensius, Larsson, Meir and Wahlstedt,
//! "Cumulative subtraction games" (`shared/papers/cumulative-subtraction-games.txt`), with the
//! research digest's corrections where the printed text is wrong, plus Stewart's Table 1
//! (`impartial-scoring-play-games.txt`, Section 3.1.1), which is the same recursion.

#![allow(clippy::needless_range_loop)] // grid tests index (x, y) pairs

use heaplab_engine::cumulative_subtraction::{self as cs, CumulativeReport};
use heaplab_engine::ruleset::NumberSet;
use heaplab_engine::subtraction::Limits;
use heaplab_engine::{Budget, Periodicity};

fn solve(text: &str, terms: u64) -> CumulativeReport {
    let set = NumberSet::parse(text).unwrap();
    cs::solve(
        &set,
        Limits::new(terms, 1_000_000).unwrap(),
        &mut Budget::unlimited(),
    )
    .unwrap()
}

/// Example 1 and the digest's S = {2,3} table: o, opt, period 6 from x = 5, ξ = 8.
#[test]
fn example_1_two_three() {
    let r = solve("2,3", 13);
    assert_eq!(r.outcomes, vec![0, 0, 2, 3, 3, 1, 0, 1, 2, 3, 2, 1, 0]);
    let opt: Vec<Option<u32>> = [
        None,
        None,
        Some(2),
        Some(3),
        Some(3),
        Some(3),
        Some(3),
        Some(2),
        Some(3),
        Some(3),
        Some(3),
        Some(3),
        Some(3),
    ]
    .to_vec();
    assert_eq!(r.optimal_actions, opt);
    assert_eq!(
        (r.outcomes[7], r.optimal_actions[7]),
        (1, Some(2)),
        "Example 1: o(7) = 1 via 2"
    );
    assert_eq!(
        r.period,
        Periodicity::Proven {
            preperiod: 5,
            period: 6,
            saltus: 0
        }
    );
    assert_eq!(r.convergence, Some(8));
    assert_eq!(r.sacrifice(7), 1);
}

/// Example 2 / Table 1, S = {5,7}, rebuilt from the DP (digest): o(0..55), X*, ξ = 31,
/// period 14 from x = 24.
#[test]
fn example_2_table_1() {
    let expected = [
        0, 0, 0, 0, 0, 5, 5, 7, 7, 7, 7, 7, 2, 2, 0, 0, 0, 3, 3, 5, 5, 7, 7, 7, 4, 4, 2, 2, 0, 1,
        1, 3, 3, 5, 5, 7, 6, 6, 4, 4, 2, 2, 0, 1, 1, 3, 3, 5, 5, 7, 6, 6, 4, 4, 2, 2,
    ];
    let r = solve("5,7", expected.len() as u64);
    assert_eq!(r.outcomes, expected.to_vec());
    for x in 7..expected.len() {
        let want = if [17, 18, 29, 30].contains(&x) { 5 } else { 7 };
        assert_eq!(r.optimal_actions[x], Some(want), "opt({x})");
    }
    assert_eq!(
        cs::two_action_sacrifice_set(5, 7),
        vec![5, 6, 17, 18, 29, 30]
    );
    assert_eq!(r.convergence, Some(31));
    assert_eq!(
        r.period,
        Periodicity::Proven {
            preperiod: 24,
            period: 14,
            saltus: 0
        }
    );
}

/// Stewart, Table 1 (S = {4,5}, p_i = i): G_s(0..15), and the digest's continuation
/// (preperiod 27, period 10 = 2k) — Corollary 5 settles Stewart's Conjecture 14.
#[test]
fn stewart_table_1_is_the_same_recursion() {
    let r = solve("4,5", 41);
    let table = [0, 0, 0, 0, 4, 5, 5, 5, 5, 1, 0, 0, 0, 3, 4, 5];
    let more = [
        5, 5, 2, 1, 0, 0, 2, 3, 4, 5, 5, 3, 2, 1, 0, 1, 2, 3, 4, 5, 4, 3, 2, 1, 0,
    ];
    assert_eq!(&r.outcomes[..16], &table);
    assert_eq!(&r.outcomes[16..], &more);
    assert_eq!(
        r.period,
        Periodicity::Proven {
            preperiod: 27,
            period: 10,
            saltus: 0
        }
    );
    assert_eq!(r.corollary_5_holds, Some(true));
}

/// Stewart's extra oracles (digest A.4.1): (preperiod, period) of G_s for nine sets.
#[test]
fn stewart_extra_oracles() {
    for (set, pre, per) in [
        ("1,2", 0, 4),
        ("1,3", 0, 6),
        ("2,3", 5, 6),
        ("1,2,3", 0, 6),
        ("3,5", 8, 10),
        ("2,5", 0, 10),
        ("1,4", 0, 8),
        ("2,7", 0, 14),
        ("3,4,7", 10, 14),
    ] {
        assert_eq!(
            solve(set, 10).period,
            Periodicity::Proven {
                preperiod: pre,
                period: per,
                saltus: 0
            },
            "{set}"
        );
    }
}

/// Examples 4 and 5: the unique optimal lines 5,7,5,1 (o = 2) and 10,13,10,2 (o = 5).
#[test]
fn examples_4_and_5_optimal_lines() {
    for (set, x, line, value) in [
        ("1,5,7", 18usize, vec![5, 7, 5, 1], 2),
        ("2,10,13,14", 35, vec![10, 13, 10, 2], 5),
    ] {
        let r = solve(set, x as u64 + 1);
        assert_eq!(r.outcomes[x], value, "{set}");
        let mut heap = x;
        let mut played = Vec::new();
        while let Some(Some(s)) = r.optimal_actions.get(heap) {
            played.push(*s);
            heap -= *s as usize;
        }
        assert_eq!(played, line, "{set} from {x}");
    }
}

/// The plain DP against the engine, and Theorem 3 / Corollary 5 checked, on every set within
/// {1..9} with at least two actions.
#[test]
fn engine_matches_the_plain_dp_and_the_theorems_hold() {
    for mask in 1u32..(1 << 9) {
        let moves: Vec<u32> = (0..9)
            .filter(|b| mask >> b & 1 == 1)
            .map(|b| b + 1)
            .collect();
        if moves.len() < 2 {
            continue;
        }
        let set = NumberSet::from_elements(moves.clone()).unwrap();
        let r = cs::solve(
            &set,
            Limits::new(400, 100_000).unwrap(),
            &mut Budget::unlimited(),
        )
        .unwrap();
        let slow = cs::reference_outcomes(&moves, 400);
        assert_eq!(
            r.outcomes.iter().map(|&v| i64::from(v)).collect::<Vec<_>>(),
            slow,
            "{moves:?}"
        );
        assert_eq!(r.theorem_3_holds, Some(true), "{moves:?}");
        assert_eq!(r.corollary_5_holds, Some(true), "{moves:?}");
    }
}

/// Theorem 6 (full support {1..s1}): pattern 0,1,…,s1,…,1, convergence at s1.
#[test]
fn theorem_6_full_support() {
    for s1 in 2..=12u32 {
        let moves: Vec<u32> = (1..=s1).collect();
        let r = cs::solve(
            &NumberSet::from_elements(moves).unwrap(),
            Limits::new(200, 100_000).unwrap(),
            &mut Budget::unlimited(),
        )
        .unwrap();
        for (x, &o) in r.outcomes.iter().enumerate() {
            assert_eq!(
                u64::from(o),
                cs::full_support_outcome(u64::from(s1), x as u64),
                "s1 = {s1}, x = {x}"
            );
        }
        assert_eq!(r.convergence, Some(u64::from(s1)), "s1 = {s1}");
    }
}

/// Theorem 12, Corollaries 13 and 14 (corrected) against the DP for every pair s2 < s1 <= 30.
#[test]
fn two_action_closed_forms() {
    for s1 in 2..=30u64 {
        for s2 in 1..s1 {
            let set = NumberSet::from_elements(vec![s2 as u32, s1 as u32]).unwrap();
            let r = cs::solve(
                &set,
                Limits::new(6 * s1 * s1, 1_000_000).unwrap(),
                &mut Budget::unlimited(),
            )
            .unwrap();
            let xstar = cs::two_action_sacrifice_set(s2, s1);
            for x in s2..6 * s1 * s1 {
                let sacrifice = r.optimal_actions[x as usize] == Some(s2 as u32);
                assert_eq!(
                    sacrifice,
                    xstar.contains(&x),
                    "Theorem 12, {{{s2},{s1}}}, x = {x}"
                );
                assert_eq!(
                    u64::from(r.outcomes[x as usize]),
                    cs::two_action_outcome(s2, s1, x),
                    "Corollary 13, {{{s2},{s1}}}, x = {x}"
                );
            }
            assert_eq!(
                r.convergence,
                Some(cs::two_action_convergence(s2, s1)),
                "Corollary 14, {{{s2},{s1}}}"
            );
            assert_eq!(
                xstar.iter().max().map(|m| m + 1),
                r.convergence,
                "max X* = ξ - 1"
            );
        }
    }
}

/// Table 2: tr^m for m = 2..10.
#[test]
fn table_2_truncated_sequences() {
    let table: [&[u64]; 9] = [
        &[1],
        &[1, 2],
        &[1, 2, 3],
        &[1, 2, 2, 4],
        &[1, 2, 2, 3, 5],
        &[1, 2, 2, 2, 3, 6],
        &[1, 2, 2, 2, 3, 4, 7],
        &[1, 2, 2, 2, 2, 3, 4, 8],
        &[1, 2, 2, 2, 2, 3, 3, 5, 9],
    ];
    for (i, row) in table.iter().enumerate() {
        assert_eq!(
            cs::truncated_sequence(i as u32 + 2).unwrap(),
            row.to_vec(),
            "m = {}",
            i + 2
        );
    }
    // The ξ values in brackets for m = 10.
    let xi: Vec<u64> = (1..10)
        .map(|a| cs::interval_convergence(a, 10).unwrap())
        .collect();
    assert_eq!(xi, vec![10, 22, 23, 24, 25, 42, 44, 82, 162]);
}

/// The sliding-minimum fast path against the plain DP on every interval {a..m}, m <= 25.
#[test]
fn interval_fast_path_matches_the_dp() {
    for m in 2..=25usize {
        for a in 1..m {
            let moves: Vec<u32> = (a as u32..=m as u32).collect();
            let (o, opt) = cs::interval_outcomes(a, m, 3 * m * m);
            let slow = cs::reference_outcomes(&moves, 3 * m * m);
            assert_eq!(
                o.iter().map(|&v| i64::from(v)).collect::<Vec<_>>(),
                slow,
                "{{{a}..{m}}}"
            );
            let set = NumberSet::from_elements(moves).unwrap();
            let r = cs::solve(
                &set,
                Limits::new(3 * (m * m) as u64, 1_000_000).unwrap(),
                &mut Budget::unlimited(),
            )
            .unwrap();
            assert_eq!(opt, r.optimal_actions, "{{{a}..{m}}}");
            assert_eq!(
                cs::interval_convergence(a as u32, m as u32),
                r.convergence,
                "{{{a}..{m}}}"
            );
        }
    }
}

/// Figure 3 as value:multiplicity (digest) for m = 25, 50, 100.
#[test]
fn figure_3_multiplicities() {
    for (m, expected) in [
        (
            25u32,
            vec![
                (1, 1),
                (2, 12),
                (3, 4),
                (4, 2),
                (5, 1),
                (6, 1),
                (8, 1),
                (12, 1),
                (24, 1),
            ],
        ),
        (
            50,
            vec![
                (1, 1),
                (2, 24),
                (3, 8),
                (4, 4),
                (5, 3),
                (6, 1),
                (7, 2),
                (9, 1),
                (10, 1),
                (13, 1),
                (17, 1),
                (25, 1),
                (49, 1),
            ],
        ),
        (
            100,
            vec![
                (1, 1),
                (2, 49),
                (3, 17),
                (4, 8),
                (5, 5),
                (6, 3),
                (7, 2),
                (8, 2),
                (9, 2),
                (10, 1),
                (11, 1),
                (13, 1),
                (15, 1),
                (17, 1),
                (20, 1),
                (25, 1),
                (33, 1),
                (50, 1),
                (99, 1),
            ],
        ),
    ] {
        let tr = cs::truncated_sequence(m).unwrap();
        let mut counts: Vec<(u64, u64)> = Vec::new();
        for v in tr {
            match counts.iter_mut().find(|(x, _)| *x == v) {
                Some((_, n)) => *n += 1,
                None => counts.push((v, 1)),
            }
        }
        counts.sort_unstable();
        assert_eq!(counts, expected, "m = {m}");
    }
}

/// Theorem 15 (corrected count ⌈m/2⌉ − 1 of a with tr = 2) and Conjecture 16 for m <= 60.
#[test]
fn theorem_15_and_conjecture_16() {
    for m in 3..=60u32 {
        let tr = cs::truncated_sequence(m).unwrap();
        assert!(
            tr[1..m.div_ceil(2) as usize].iter().all(|&t| t == 2),
            "m = {m}"
        );
        assert_eq!(
            tr.iter().filter(|&&t| t == 2).count() as u32,
            m.div_ceil(2) - 1,
            "m = {m}"
        );
    }
    let checks = cs::check_duality_range(60, &mut Budget::unlimited()).unwrap();
    assert_eq!(checks.len(), 58);
    assert!(checks.iter().all(|c| c.count_holds && c.duality_holds));
}

#[test]
fn start_score_and_starter_only_shift_the_outcome() {
    assert_eq!(cs::final_score(1, 0, true), 1);
    assert_eq!(cs::final_score(1, 10, true), 11);
    assert_eq!(cs::final_score(1, 10, false), 9);
}

/// Section 8, two piles: the grid against the plain DP; the digest's observations for Figures 5
/// and 6 (symmetric, o(x,x) = 0, o(x,c) = o(x) for c < min S, row/column period exactly
/// 2 max S); Conjecture 18 on a range of rulesets.
#[test]
fn two_piles_figures_5_and_6() {
    for text in ["5,7", "2,10,13,14"] {
        let set = NumberSet::parse(text).unwrap();
        let r = cs::two_piles(&set, 120, 120).unwrap();
        let slow = cs::reference_two_pile_grid(set.elements(), 120, 120);
        let single = cs::reference_outcomes(set.elements(), 120);
        for y in 0..120 {
            for x in 0..120 {
                assert_eq!(i64::from(r.grid[y][x]), slow[y][x], "{text} ({x},{y})");
                assert_eq!(r.grid[y][x], r.grid[x][y], "{text}: symmetric");
            }
            assert_eq!(r.grid[y][y], 0, "{text}: o(x,x) = 0");
            if (y as u32) < set.min() {
                for x in 0..120 {
                    assert_eq!(
                        i64::from(r.grid[y][x]),
                        single[x],
                        "{text}: o(x,c) = o(x) for c < min S"
                    );
                }
            }
        }
        let two_m = 2 * u64::from(set.max());
        let wide = cs::two_piles(&set, 600, 20).unwrap();
        for line in &wide.rows {
            assert_eq!(line.period(), Some(two_m), "{text}: {line:?}");
        }
        assert_eq!(r.conjecture_18_counterexample(), None);
    }
    for mask in 1u32..(1 << 7) {
        let moves: Vec<u32> = (0..7)
            .filter(|b| mask >> b & 1 == 1)
            .map(|b| b + 1)
            .collect();
        if moves.len() >= 2 {
            let r =
                cs::two_piles(&NumberSet::from_elements(moves.clone()).unwrap(), 150, 40).unwrap();
            assert_eq!(r.conjecture_18_counterexample(), None, "{moves:?}");
        }
    }
}

/// Section 8, Conjecture 19: every k-diagonal period the engine proves holds on a window three
/// times larger computed by the plain DP, its preperiod is least, and its period is least on
/// that window. The digest's observation for Figures 5 and 6 ("max S, or 1 on k = 0") is
/// nearly right: the proven periods are max S or 1, and 1 occurs off k = 0 too (for {5,7},
/// o(x, x ± 7) = 7 from the start).
#[test]
fn k_diagonals_conjecture_19() {
    for (text, side) in [
        ("5,7", 120u32),
        ("2,10,13,14", 300),
        ("2,3", 60),
        ("1,4,6", 90),
    ] {
        let set = NumberSet::parse(text).unwrap();
        let r = cs::two_piles(&set, side, side).unwrap();
        let big = 3 * side as usize;
        let slow = cs::reference_two_pile_grid(set.elements(), big, big);
        let diag = |k: i64, x: u64| slow[(x as i64 + k) as usize][x as usize];
        let mut proven = 0;
        for &(k, p) in &r.diagonals {
            assert_eq!(
                p,
                r.diagonal_period(k),
                "{text} k = {k}: memo changes nothing"
            );
            let Periodicity::Proven {
                preperiod, period, ..
            } = p
            else {
                continue;
            };
            proven += 1;
            let first = (-k).max(0) as u64;
            let last = (big as i64 - 1 - k.max(0)) as u64;
            for x in preperiod..=last - period {
                assert_eq!(diag(k, x + period), diag(k, x), "{text} k = {k} x = {x}");
            }
            if preperiod > first {
                let x = preperiod - 1;
                assert_ne!(
                    diag(k, x + period),
                    diag(k, x),
                    "{text} k = {k}: least preperiod"
                );
            }
            for q in 1..period {
                assert!(
                    (preperiod..=last - q).any(|x| diag(k, x + q) != diag(k, x)),
                    "{text} k = {k}: {q} is a smaller period"
                );
            }
            if text == "5,7" || text == "2,10,13,14" {
                assert!(
                    u64::from(set.max()).is_multiple_of(period),
                    "{text} k = {k}: {period}"
                );
            }
            if k == 0 {
                assert_eq!((preperiod, period), (0, 1), "{text}: o(x, x) = 0");
            }
        }
        assert!(
            proven * 2 > r.diagonals.len(),
            "{text}: {proven} of {}",
            r.diagonals.len()
        );
    }
}

/// Figures 1 and 2 (two actions, 2 s2 >= s1), S = {5,7}: X* = {5,6,17,18,29,30} lies in the
/// residues 5, 6 mod 12 (the only places where the sacrifice 5 is optimal before convergence);
/// the first 14 outcomes are Table 1's; at convergence each residue mod 14 carries the
/// periodic block of Table 1 from x = 42 (= 0 mod 14).
#[test]
fn figures_1_and_2_circles() {
    let set = NumberSet::parse("5,7").unwrap();
    let d = cs::circle_diagrams(&set, Limits::new(20, 100_000).unwrap()).unwrap();
    let actions = d.actions.unwrap();
    assert_eq!(actions.len(), 12);
    for (r, mark) in actions.iter().enumerate() {
        assert_eq!(mark.inside, r.to_string());
        assert_eq!(mark.highlight, r == 5 || r == 6, "residue {r}: {mark:?}");
        assert_eq!(
            mark.outside,
            if r == 5 || r == 6 { "5" } else { "7" },
            "residue {r}"
        );
    }
    let initial: Vec<&str> = d.initial.iter().map(|m| m.outside.as_str()).collect();
    assert_eq!(
        initial,
        ["0", "0", "0", "0", "0", "5", "5", "7", "7", "7", "7", "7", "2", "2"]
    );
    let converged = d.converged.unwrap();
    let converged: Vec<&str> = converged.iter().map(|m| m.outside.as_str()).collect();
    // Table 1 from x = 42: 0 1 1 3 3 5 5 7 6 6 4 4 2 2.
    assert_eq!(
        converged,
        ["0", "1", "1", "3", "3", "5", "5", "7", "6", "6", "4", "4", "2", "2"]
    );
    // Not two actions: no Figure 1.
    let three = cs::circle_diagrams(
        &NumberSet::parse("1,5,7").unwrap(),
        Limits::new(5, 100_000).unwrap(),
    )
    .unwrap();
    assert!(three.actions.is_none());
    assert_eq!(three.initial.len(), 14);
}

/// Conjectures 18 and 19 on a range of rulesets: every S ⊆ {1, …, 7} with |S| >= 2 on a
/// 300 × 300 window. No row or column period exceeds 2 max S (Conjecture 18), every k-diagonal
/// with |k| <= 15 has a proven period (Conjecture 19; no counterexample can be found in finite
/// time, but an unproven diagonal would be reported here), and — a regularity the paper does
/// not state — every proven diagonal period divides max S.
#[test]
fn conjectures_18_and_19_on_a_range() {
    for mask in 1u32..(1 << 7) {
        let moves: Vec<u32> = (0..7)
            .filter(|b| mask >> b & 1 == 1)
            .map(|b| b + 1)
            .collect();
        if moves.len() < 2 {
            continue;
        }
        let set = NumberSet::from_elements(moves.clone()).unwrap();
        let r = cs::two_piles(&set, 300, 300).unwrap();
        assert_eq!(r.conjecture_18_counterexample(), None, "{moves:?}");
        let unproven: Vec<i64> = r
            .conjecture_19_unproven()
            .into_iter()
            .filter(|k| k.abs() <= 15)
            .collect();
        assert!(unproven.is_empty(), "{moves:?}: k = {unproven:?}");
        for (k, p) in &r.diagonals {
            if let Some(p) = p.period() {
                assert!(
                    u64::from(set.max()).is_multiple_of(p),
                    "{moves:?} k = {k}: period {p}"
                );
            }
        }
    }
}
