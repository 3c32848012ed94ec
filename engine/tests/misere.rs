//! Misère play: quotients against the brute-force search, genus against its reference, misère
//! nim against Bouton's rule, and the quotients' published properties.

use heaplab_engine::misere::genus::{genera, reference, MAX_LAMBDAS};
use heaplab_engine::misere::names::name;
use heaplab_engine::misere::quotient::{quotient, Quotient, QuotientCaps};
use heaplab_engine::misere::search::OutcomeSearch;
use heaplab_engine::misere::{analyse, HeapRules};
use heaplab_engine::octal::position::Outcome;
use heaplab_engine::octal::Ruleset;
use heaplab_engine::ruleset::NumberSet;
use heaplab_engine::{Budget, EngineError};

fn code(text: &str) -> HeapRules {
    HeapRules::Code(Ruleset::parse(text).unwrap())
}

fn build(rules: &HeapRules, n: u64) -> Quotient {
    quotient(rules, n, QuotientCaps::default(), &mut Budget::unlimited())
        .unwrap_or_else(|e| panic!("{}: {e}", rules.describe()))
}

/// Every multiset of at most `len` heaps from `1..=max`, smallest heap first.
fn multisets(max: u64, len: usize) -> Vec<Vec<u64>> {
    let mut out = vec![vec![]];
    let mut frontier = vec![vec![]];
    for _ in 0..len {
        let mut next = Vec::new();
        for m in &frontier {
            let lo = m.last().copied().unwrap_or(1);
            for h in lo..=max {
                let mut m2: Vec<u64> = m.clone();
                m2.push(h);
                next.push(m2);
            }
        }
        out.extend(next.iter().cloned());
        frontier = next;
    }
    out
}

/// A tiny seeded xorshift generator (the tests' only randomness).
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

fn compare_with_search(rules: &HeapRules, max_heap: u64, small: u64) {
    let text = rules.describe();
    let rules = rules.clone();
    let q = build(&rules, max_heap);
    let table = rules.option_table(max_heap).unwrap();
    let mut search = OutcomeSearch::new(&table, 20_000_000);
    let mut b = Budget::unlimited();
    for sum in multisets(small, 4) {
        assert_eq!(
            q.is_p(&sum).unwrap(),
            search.is_p(&sum, &mut b).unwrap(),
            "{text} {sum:?}"
        );
    }
    let mut rng = XorShift(0x9E37_79B9_7F4A_7C15 ^ max_heap);
    for _ in 0..10_000 {
        let len = (rng.next() % 9) as usize;
        let sum: Vec<u64> = (0..len).map(|_| rng.next() % (small - 1)).collect();
        assert_eq!(
            q.is_p(&sum).unwrap(),
            search.is_p(&sum, &mut b).unwrap(),
            "{text} {sum:?}"
        );
    }
}

// The quotient's outcome equals the brute-force search on every sum of up to 4 heaps of at most
// `small` tokens and on 10,000 random sums of up to 8 heaps below `small - 1` (seeded xorshift).
// The quotients are built to larger bounds than the sums use: a quotient of heaps `0..=n` must
// answer every sum of those heaps.

#[test]
fn kayles_quotient_matches_brute_force() {
    compare_with_search(&code(".77"), 30, 8);
}

#[test]
fn dawsons_kayles_quotient_matches_brute_force() {
    compare_with_search(&code(".07"), 24, 9);
}

#[test]
fn dawsons_chess_quotient_matches_brute_force() {
    compare_with_search(&code(".137"), 23, 8);
}

#[test]
fn misere_nim_quotient_matches_brute_force() {
    // Nim is the infinite code ·(3) (any number taken, one heap left or none).
    compare_with_search(&code(".(3)"), 15, 8);
}

#[test]
fn other_games_match_brute_force() {
    for (text, n) in [
        (".333", 20),
        (".6", 15),
        (".15", 19),
        (".34", 20),
        ("4.07", 10),
        (".31", 20),
    ] {
        compare_with_search(&code(text), n, 7);
    }
    compare_with_search(
        &HeapRules::Subtraction(NumberSet::parse("1,3,4").unwrap()),
        30,
        8,
    );
    compare_with_search(&HeapRules::AllBut(NumberSet::parse("2").unwrap()), 12, 7);
}

/// Bouton's rule for misère nim (Bouton 1902; WW ch. 13): when some heap has 2 or more, P iff
/// the nim-sum is 0; otherwise P iff the number of heaps of size 1 is odd.
fn bouton(heaps: &[u64]) -> bool {
    if heaps.iter().any(|&h| h >= 2) {
        heaps.iter().fold(0, |x, &h| x ^ h) == 0
    } else {
        heaps.iter().filter(|&&h| h == 1).count() % 2 == 1
    }
}

#[test]
fn misere_nim_follows_boutons_rule() {
    let q = build(&code(".(3)"), 15);
    for sum in multisets(15, 4) {
        assert_eq!(q.is_p(&sum).unwrap(), bouton(&sum), "{sum:?}");
    }
    let mut rng = XorShift(12345);
    for _ in 0..10_000 {
        let len = (rng.next() % 9) as usize;
        let sum: Vec<u64> = (0..len).map(|_| rng.next() % 16).collect();
        assert_eq!(q.is_p(&sum).unwrap(), bouton(&sum), "{sum:?}");
    }
}

#[test]
fn misere_nim_quotients_have_the_published_shape() {
    // Siegel, "Misère games and misère quotients" (Games of No Chance 5): misère nim's quotient
    // is (A × {1}) ∪ (A0 × {0}) with P = {(0,1), (1,0)}; heaps below 2^m give 2^m + 2 elements.
    for (max_heap, order) in [(3, 6), (7, 10), (15, 18)] {
        let q = build(&code(".(3)"), max_heap);
        assert_eq!(q.monoid.order(), order, "heaps up to {max_heap}");
        assert_eq!(q.p.iter().filter(|&&p| p).count(), 2);
        let expected = format!("misère nim, heaps below {} (tame)", max_heap + 1);
        assert_eq!(name(&q).as_deref(), Some(expected.as_str()));
    }
    // Heaps 0 and 1 only: T2 = ⟨a | a² = 1⟩, P = {a}.
    assert_eq!(name(&build(&code(".(3)"), 1)).as_deref(), Some("T2"));
}

#[test]
fn quotients_have_the_published_cardinalities() {
    // Plambeck–Siegel 2008 (as cited by Rubinstein-Salzedo and Zhou, arXiv 2603.18244, §1):
    // every misère quotient of impartial games has even order. Siegel, arXiv math/0703070
    // (abstract): if |P| = 2 and Q is finite then |Q| = 2^n + 2 or 2^n + 4.
    for (text, n) in [
        (".77", 40),
        (".07", 24),
        (".137", 23),
        (".(3)", 12),
        (".6", 15),
        (".15", 19),
        (".333", 20),
    ] {
        let q = build(&code(text), n);
        let order = q.monoid.order();
        assert_eq!(order % 2, 0, "{text}: order {order}");
        if q.p.iter().filter(|&&p| p).count() == 2 {
            let ok = (1..12).any(|k| order == (1 << k) + 2 || order == (1 << k) + 4);
            assert!(ok, "{text}: |P| = 2 and order {order}");
        }
    }
}

#[test]
fn tame_games_have_nim_quotients() {
    // Conway: a tame game plays like misère nim, so its quotient is misère nim's.
    for text in [".333", ".(3)", ".3"] {
        let rules = code(text);
        let report = analyse(
            &rules,
            12,
            None,
            QuotientCaps::default(),
            &mut Budget::unlimited(),
        )
        .unwrap();
        assert_eq!(report.tame, Some(true), "{text}");
        let named = report.name.unwrap_or_default();
        assert!(
            named.starts_with("misère nim") || named == "T2",
            "{text}: {named}"
        );
    }
    let kayles = analyse(
        &code(".77"),
        12,
        None,
        QuotientCaps::default(),
        &mut Budget::unlimited(),
    )
    .unwrap();
    assert_eq!(kayles.tame, Some(false));
}

#[test]
fn genus_matches_the_reference_on_two_digit_codes() {
    // Every code 0·d1d2 (d in 0..=7) with a move: the fast genus (shared memo, early stop) equals
    // the plain reference computing 12 λ values, on heaps 0..=60 for codes that never split a
    // heap and 0..=14 for codes that can (their reference search grows with the partitions).
    for d1 in 0..=7u8 {
        for d2 in 0..=7u8 {
            let Ok(ruleset) = Ruleset::from_digits(vec![0, d1, d2], vec![]) else {
                continue;
            };
            let rules = HeapRules::Code(ruleset);
            let n = if d1 < 4 && d2 < 4 { 60 } else { 14 };
            let (fast, stop) = genera(&rules, n, 5_000_000, &mut Budget::unlimited()).unwrap();
            assert!(stop.is_none(), "0.{d1}{d2}: {stop:?}");
            for (h, g) in fast.iter().enumerate() {
                let slow = reference::genus(&rules, h as u64, MAX_LAMBDAS);
                assert_eq!(g, &slow, "0.{d1}{d2} heap {h}");
            }
        }
    }
}

#[test]
fn sums_report_winning_moves_to_p_positions() {
    let rules = code(".77");
    let report = analyse(
        &rules,
        20,
        Some(&[3, 5, 7]),
        QuotientCaps::default(),
        &mut Budget::unlimited(),
    )
    .unwrap();
    let sum = report.sum.unwrap();
    let table = rules.option_table(20).unwrap();
    let mut search = OutcomeSearch::new(&table, 5_000_000);
    let mut b = Budget::unlimited();
    let p = search.is_p(&[3, 5, 7], &mut b).unwrap();
    assert_eq!(sum.outcome == Outcome::P, p);
    assert_eq!(sum.winning_moves.is_empty(), p);
    for mv in &sum.winning_moves {
        let mut after: Vec<u64> = [3u64, 5, 7].to_vec();
        after.remove(mv.heap);
        after.extend(&mv.leaves);
        assert!(search.is_p(&after, &mut b).unwrap(), "{mv:?}");
    }
}

#[test]
fn caps_give_clear_errors() {
    let caps = QuotientCaps {
        max_order: 5,
        max_pairs: 1_000_000,
    };
    let err = quotient(&code(".77"), 20, caps, &mut Budget::unlimited()).unwrap_err();
    assert!(err.to_string().contains("more than 5 elements"), "{err}");
    let mut cancel = |_: u64, _: u64| false;
    let err = quotient(
        &code(".77"),
        20,
        QuotientCaps::default(),
        &mut Budget::with_progress(&mut cancel),
    );
    assert_eq!(err.unwrap_err(), EngineError::Cancelled);
    let big = analyse(
        &code(".77"),
        5_000,
        None,
        QuotientCaps::default(),
        &mut Budget::unlimited(),
    );
    assert!(big.unwrap_err().to_string().contains("between 1 and"));
    let long = vec![1u64; 1_000];
    let err = analyse(
        &code(".77"),
        10,
        Some(&long),
        QuotientCaps::default(),
        &mut Budget::unlimited(),
    );
    assert!(err.unwrap_err().to_string().contains("at most 64 heaps"));
}
