//! Unit tests of scoring octal games: the survey's tables, the solvers against each other and the conjecture surveys (`super`).

use super::*;
use crate::scoring::game::sum_final_scores;

fn q(n: i64) -> Rational {
    Rational::int(n)
}

fn ints(values: &[Rational]) -> Vec<i64> {
    values
        .iter()
        .map(|v| {
            assert_eq!(v.denom(), 1);
            v.numer()
        })
        .collect()
}

fn run(rules: &ScoringRules, fixed: Option<&FixedHeap>, terms: u64) -> ScoringReport {
    solve(
        rules,
        fixed,
        ScoringLimits::new(terms, 1 << 16).unwrap(),
        &mut Budget::unlimited(),
    )
    .unwrap()
}

/// Stewart, Section 3.1.1, Table 1: S = {4, 5}, one point per bean.
#[test]
fn table_1() {
    let rules = ScoringRules::subtraction(&NumberSet::parse("4,5").unwrap()).unwrap();
    let report = run(&rules, None, 16);
    assert_eq!(report.method, Method::CumulativeSubtraction);
    assert_eq!(
        ints(&report.values),
        [0, 0, 0, 0, 4, 5, 5, 5, 5, 1, 0, 0, 0, 3, 4, 5]
    );
    // The same rules through the general column DP (points given explicitly).
    let general = ScoringRules::parse("00033", "0,0,0,4,5").unwrap();
    let fixed = FixedHeap {
        rules: general.clone(),
        size: 0,
    };
    let dp = run(&general, Some(&fixed), 16);
    assert_eq!(dp.method, Method::ColumnDp);
    assert_eq!(dp.values, report.values);
    assert_eq!(dp.period, report.period);
    // Conjecture 14 (period 2k = 10) holds eventually, not from n = 0 (G_s(8) ≠ G_s(18)).
    let two_k = report.two_k.unwrap();
    assert!(two_k.hypothesis && two_k.eventual && !two_k.all_n);
}

/// Stewart, Section 3.1.2: O = (3333, 2222) has G_s = 0 2 2 2 2 0 2 2 2 2 0 and period 5,
/// which is no 2k for k in 1..4: the general case of Conjecture 15 fails.
#[test]
fn counterexample_3333_2222() {
    let rules = ScoringRules::parse("3333", "2222").unwrap();
    assert_eq!(rules, ScoringRules::parse("0.3333", "2,2,2,2").unwrap());
    let report = run(&rules, None, 11);
    assert_eq!(ints(&report.values), [0, 2, 2, 2, 2, 0, 2, 2, 2, 2, 0]);
    assert_eq!(report.period.period(), Some(5));
    assert_eq!(report.period.preperiod(), Some(0));
    let two_k = report.two_k.unwrap();
    assert_eq!(two_k.k, 4);
    assert!(!two_k.hypothesis && !two_k.eventual);
}

/// Stewart, Lemma 13: for every s ∈ S and i ≥ 1, G_s(s + 2ik) = k − G_s(s + (2i−1)k), and
/// (its proof, Part 3) G_s(s + 2ik) = s and G_s(s + (2i+1)k) = k − s, k = max S. Checked
/// for every S ⊆ {1, …, 10}.
#[test]
fn lemma_13_on_every_small_set() {
    for mask in 1u32..(1 << 10) {
        let set: Vec<u32> = (1..=10).filter(|i| mask & (1 << (i - 1)) != 0).collect();
        let set = NumberSet::from_elements(set).unwrap();
        let k = set.max() as usize;
        let rules = ScoringRules::subtraction(&set).unwrap();
        let g = ints(&run(&rules, None, (13 * k + 1) as u64).values);
        for &s in set.elements() {
            let s = s as usize;
            for i in 1..=6 {
                assert_eq!(
                    g[s + 2 * i * k],
                    k as i64 - g[s + (2 * i - 1) * k],
                    "{set:?}"
                );
                assert_eq!(g[s + 2 * i * k], s as i64);
            }
            assert_eq!(g[s + k], (k - s) as i64);
        }
    }
}

/// The column DP, the multiset solver and the literal game tree (Theorem 12: G_s equals the
/// Left final score and minus the Right final score) agree on small taking-no-breaking
/// games, alone and beside a fixed heap m under another ruleset.
#[test]
fn column_dp_matches_multiset_solver_and_game_trees() {
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut trees = 0;
    for _ in 0..150 {
        let len = 1 + (next() % 4) as usize;
        let mut digits: Vec<u8> = (0..len).map(|_| (next() % 4) as u8).collect();
        digits[len - 1] = 1 + (next() % 3) as u8;
        let points: Vec<Rational> = (0..len).map(|_| q((next() % 7) as i64 - 2)).collect();
        let o = ScoringRules::new(digits, points).unwrap();
        let p = ScoringRules::parse("23", "1,3/2").unwrap();
        let m = (next() % 5) as u32;
        let fixed = FixedHeap {
            rules: p.clone(),
            size: m,
        };
        let dp = run(&o, Some(&fixed), 14);
        let mut budget = Budget::unlimited();
        let mut slow = MultisetSolver::new(&[&o, &p], &mut budget).unwrap();
        for n in 0..14u32 {
            let v = slow.value_of(vec![(0, n), (1, m)]).unwrap();
            assert_eq!(dp.values[n as usize], v, "{o} n={n} m={m}");
            if let Ok(tree) = game_tree(&[&o, &p], &[(0, n), (1, m)]) {
                let f = tree.finals();
                assert_eq!((f.left, -f.right), (v, v), "Theorem 12, {o} n={n} m={m}");
                trees += 1;
            }
        }
    }
    assert!(trees > 500, "only {trees} trees were small enough to build");
}

/// The long-rule sum of two built heap trees has the same final score as G_s(n +_ℓ m).
#[test]
fn sums_of_heap_trees_match_g_s_of_the_sum() {
    let o = ScoringRules::parse("33", "1,2").unwrap();
    for (n, m) in [(3, 2), (4, 4), (5, 1)] {
        let a = game_tree(&[&o], &[(0, n)]).unwrap();
        let b = game_tree(&[&o], &[(0, m)]).unwrap();
        let f = sum_final_scores(&[&a, &b], &mut Budget::unlimited()).unwrap();
        let fixed = FixedHeap {
            rules: o.clone(),
            size: m,
        };
        let g = run(&o, Some(&fixed), u64::from(n) + 1);
        assert_eq!(f.left, g.values[n as usize]);
    }
}

/// Taking and breaking: octal 0.26 (Section 3.1.3) by the multiset solver against the
/// literal game tree on small heaps.
#[test]
fn breaking_game_0_26() {
    let o = ScoringRules::parse("0.26", "1,2").unwrap();
    let report = run(&o, None, 12);
    assert_eq!(report.method, Method::Multiset);
    assert!(report.period.period().is_none());
    for n in 0..6u32 {
        let tree = game_tree(&[&o], &[(0, n)]).unwrap();
        assert_eq!(tree.finals().left, report.values[n as usize], "n = {n}");
    }
}

/// The subtraction case is cumulative subtraction: the CS solver and the column DP agree
/// on every set S ⊆ {1..7}, values and proven period.
#[test]
fn subtraction_case_is_cumulative_subtraction() {
    for mask in 1u32..(1 << 7) {
        let set: Vec<u32> = (1..=7).filter(|i| mask & (1 << (i - 1)) != 0).collect();
        let set = NumberSet::from_elements(set).unwrap();
        let rules = ScoringRules::subtraction(&set).unwrap();
        let cs = run(&rules, None, 60);
        let fixed = FixedHeap {
            rules: rules.clone(),
            size: 0,
        };
        let dp = run(&rules, Some(&fixed), 60);
        assert_eq!(cs.values, dp.values, "{set:?}");
        assert_eq!(cs.period, dp.period, "{set:?}");
        let reference = cumulative_subtraction::reference_outcomes(set.elements(), 60);
        assert_eq!(ints(&cs.values), reference);
    }
}

/// Conjecture 14 on the digest's further sets: the period divides 2 max S.
#[test]
fn digest_oracles_for_g_s() {
    for (set, pre, per) in [
        ("1,2", 0, 4),
        ("1,3", 0, 6),
        ("2,3", 5, 6),
        ("3,5", 8, 10),
        ("3,4,7", 10, 14),
        ("4,5", 27, 10),
    ] {
        let rules = ScoringRules::subtraction(&NumberSet::parse(set).unwrap()).unwrap();
        let report = run(&rules, None, 10);
        assert_eq!(report.period.preperiod(), Some(pre), "{set}");
        assert_eq!(report.period.period(), Some(per), "{set}");
    }
}

/// Section 3.1.2: changing m changes the values, not the period (checked on S = {1, 3}
/// and on a code with digit 2), and each row's period is proven.
#[test]
fn fixed_heap_keeps_the_period() {
    for (code, points) in [("303", "1,0,3"), ("0302", "0,2,0,4")] {
        let o = ScoringRules::parse(code, points).unwrap();
        let k = o.conjecture_15_k().unwrap();
        for m in 0..8 {
            let fixed = FixedHeap {
                rules: o.clone(),
                size: m,
            };
            let report = run(&o, Some(&fixed), 40);
            let p = report.period.period().expect("proven");
            assert!((2 * u64::from(k)).is_multiple_of(p), "{code} m={m} p={p}");
        }
    }
}

/// Conjectures 15 and 16 over every code of up to 3 digits and m ≤ 3 (224 cases): every
/// case has a proven period (16) dividing 2k eventually (15, read as "for n ≥ N" like
/// Conjecture 14). The printed "for all n" form fails for small n, as Table 1's S = {4, 5}
/// already shows (G_s(8) = 5 ≠ G_s(18) = 2).
#[test]
fn conjectures_15_and_16_survey() {
    let survey = conjecture_15_survey(3, 3, &mut Budget::unlimited()).unwrap();
    assert!(survey.checked > 100);
    assert_eq!(
        survey.proven, survey.checked,
        "{:#?}",
        survey.eventual_failures
    );
    assert_eq!(
        survey.eventual_2k, survey.checked,
        "{:#?}",
        survey.eventual_failures
    );
    // By hand: code 2 (take one bean, leave a non-empty heap) has G_s = 0, 0, 1, 0, 1, …,
    // so G_s(0) = 0 ≠ G_s(2) = 1 although k = 1.
    assert!(survey.all_n_2k < survey.checked);
    assert!(survey
        .all_n_failures
        .iter()
        .any(|c| c.code == "2" && c.m == 0 && c.period == Some(2) && c.preperiod == Some(1)));
}

#[test]
fn bad_rules_get_clear_errors() {
    for (code, points) in [
        ("", "1"),
        ("0", "1"),
        ("3x", "1,2"),
        ("33", "1"),
        ("33", ""),
        ("33", "1,abc"),
    ] {
        assert!(
            ScoringRules::parse(code, points).is_err(),
            "{code} / {points}"
        );
    }
    let o = ScoringRules::parse("0.26", "1,2").unwrap();
    let limits = ScoringLimits::new(MAX_BREAKING_TERMS + 1, 10).unwrap();
    assert!(solve(&o, None, limits, &mut Budget::unlimited()).is_err());
    assert!(ScoringLimits::new(0, 1).is_err());
    let fixed = FixedHeap {
        rules: o.clone(),
        size: MAX_FIXED_HEAP + 1,
    };
    let l = ScoringLimits::new(5, 10).unwrap();
    assert!(solve(&o, Some(&fixed), l, &mut Budget::unlimited()).is_err());
}

#[test]
fn partitions_are_complete() {
    let mut out = Vec::new();
    partitions(6, 3, 6, &mut Vec::new(), &mut out);
    assert_eq!(out, vec![vec![4, 1, 1], vec![3, 2, 1], vec![2, 2, 2]]);
}
