//! Unit tests of scoring game trees: parsing, outcome classes, final scores and sums (`super`).

use super::*;
use crate::Budget;

fn g(text: &str) -> ScoringGame {
    ScoringGame::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn q(n: i64) -> Rational {
    Rational::int(n)
}

#[test]
fn parses_sums_term_by_term() {
    let printed = |text: &str| -> Vec<String> {
        ScoringGame::parse_sum(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"))
            .iter()
            .map(ScoringGame::to_string)
            .collect()
    };
    // Conjecture 9's G + G, with the paper's minus sign.
    let conj9 = "{2,{1|2|3}|0|\u{2212}2,{\u{2212}3|\u{2212}2|\u{2212}1}}";
    assert_eq!(printed(&format!("{conj9} + {conj9}")).len(), 2);
    assert_eq!(printed("{4|3|2}+{1|0|-1}+5"), ["{4|3|2}", "{1|0|-1}", "5"]);
    // A leading `+` is a sign, not a sum.
    assert_eq!(printed("3 + +4"), ["3", "4"]);
    assert_eq!(printed("+3"), ["3"]);
    assert_eq!(printed("{4|3|2}"), ["{4|3|2}"]);
    for bad in ["", "{4|3|2} +", "{4|3|2} + + ", "{1|+|2}", "{4|3|2} + {1|2"] {
        assert!(ScoringGame::parse_sum(bad).is_err(), "{bad:?}");
    }
    let err = ScoringGame::parse_sum("{4|3|2} + {1|x|2}").unwrap_err();
    assert!(err.to_string().contains("term 2"), "{err}");
}

#[test]
fn parses_and_prints_bracket_notation() {
    let fig1 = g("{2,{11|4|-3}|3|4,{9|2|-5}}");
    assert_eq!(fig1.len(), 9, "Figure 1 has nine nodes");
    assert_eq!(fig1.to_string(), "{2,{11|4|-3}|3|4,{9|2|-5}}");
    assert_eq!(g(" { . | 5 | . } ").to_string(), "5");
    assert_eq!(g("{|0|}").to_string(), "0");
    assert_eq!(g("{2.5|1/2|−3}").to_string(), "{5/2|1/2|-3}");
    assert_eq!(g("{.5|0|}").to_string(), "{1/2|0|}");
}

#[test]
fn bad_text_gets_a_clear_error() {
    for bad in [
        "",
        "{",
        "{1|2}",
        "{1|2|3",
        "{1|x|3}",
        "{1|2|3}}",
        "{,|0|}",
        "{1|2|3} 4",
        "1/0",
    ] {
        let err = ScoringGame::parse(bad).expect_err(bad);
        assert!(matches!(err, EngineError::Parse(_)), "{bad}: {err}");
    }
    let deep = "{".repeat(MAX_DEPTH + 5) + "0" + "||}".repeat(MAX_DEPTH + 5).as_str();
    assert!(matches!(
        ScoringGame::parse(&deep),
        Err(EngineError::OutOfRange(_))
    ));
    let wide = format!("{{{}|0|}}", vec!["1"; MAX_NODES + 1].join(","));
    assert!(ScoringGame::parse(&wide).is_err());
}

/// Stewart, Figure 1 and Section 2: G = {2,{11|4|−3} | 3 | 4,{9|2|−5}} is impartial, with
/// the paper's checks {11|4|−3} +_ℓ −3 = {8|1|−6} = −({9|2|−5} +_ℓ −3).
#[test]
fn figure_1_game() {
    let fig1 = g("{2,{11|4|-3}|3|4,{9|2|-5}}");
    assert_eq!(fig1.score(), q(3));
    let imp = fig1.impartiality();
    assert!(imp.impartial, "{:?}", imp.reason);
    let a = g("{11|4|-3}").shift(q(-3)).unwrap();
    let b = g("{9|2|-5}").shift(q(-3)).unwrap().negate();
    assert!(a.identical(&g("{8|1|-6}")));
    assert!(b.identical(&g("{8|1|-6}")));
    assert!(g("2")
        .shift(q(-3))
        .unwrap()
        .identical(&g("4").shift(q(-3)).unwrap().negate()));
    // Left first: 2 (to 2; {11|4|−3} lets Right reach −3). Right first: 4.
    let f = fig1.finals();
    assert_eq!((f.left, f.right), (q(2), q(4)));
    assert_eq!(fig1.outcome_class(), OutcomeClass::L);
    let labels: Vec<String> = fig1.nodes().iter().map(|n| n.score.to_string()).collect();
    let mut sorted = labels.clone();
    sorted.sort();
    let mut paper: Vec<String> = "11 -3 9 -5 2 4 2 4 3"
        .split(' ')
        .map(String::from)
        .collect();
    paper.sort();
    assert_eq!(sorted, paper, "the node labels of Figure 1");
}

/// Stewart, Theorem 8 and Figure 2: the identity i = {{0|0|0} | 0 | {0|0|0}} (seven nodes,
/// all 0) is impartial, and adding it keeps the final scores of impartial games.
#[test]
fn identity_game_of_figure_2() {
    let i = g("{{0|0|0}|0|{0|0|0}}");
    assert_eq!(i.len(), 7);
    assert!(i.nodes().iter().all(|n| n.score == Rational::ZERO));
    assert!(i.impartiality().impartial);
    assert_eq!(i.outcome_class(), OutcomeClass::T);
    for text in [
        "{2,{11|4|-3}|3|4,{9|2|-5}}",
        "{4|3|2}",
        "{2,{1|2|3}|0|-2,{-3|-2|-1}}",
        "{{1|0|-1}|0|{1|0|-1}}",
        "7",
    ] {
        let x = g(text);
        assert!(x.impartiality().impartial, "{text}");
        let alone = x.finals();
        let with_i = sum_final_scores(&[&x, &i], &mut Budget::unlimited()).unwrap();
        assert_eq!(alone, with_i, "{text} + i");
    }
}

/// Stewart, Conjecture 9: G = {2,{1|2|3} | 0 | −2,{−3|−2|−1}} has −G = G, yet G +_ℓ G is in
/// 𝓟 (Left first ends at −1, Right first at +1), so −G is not an inverse.
#[test]
fn conjecture_9_example() {
    let x = g("{2,{1|2|3}|0|-2,{-3|-2|-1}}");
    assert!(x.impartiality().impartial);
    assert!(x.negate().identical(&x));
    let f = sum_final_scores(&[&x, &x], &mut Budget::unlimited()).unwrap();
    assert_eq!((f.left, f.right), (q(-1), q(1)));
    assert_eq!(f.class(), OutcomeClass::P);
    let built = x.sum(&x).unwrap();
    assert_eq!(
        built.finals(),
        f,
        "the built sum agrees with the memoised one"
    );
}

/// Stewart, Section 2: {4|3|2} is impartial (each player gains one point) and Left wins
/// moving first (4) or second (2).
#[test]
fn four_three_two() {
    let x = g("{4|3|2}");
    assert!(x.impartiality().impartial);
    let f = x.finals();
    assert_eq!((f.left, f.right), (q(4), q(2)));
    assert_eq!(x.outcome_class(), OutcomeClass::L);
    let not = g("{5|3|2}").impartiality();
    assert!(!not.impartial);
    assert!(not.reason.unwrap().contains("mirror"));
    assert!(!g("{4|3|}").impartiality().impartial);
}

/// Definition 6 including the boundary cases (+,0), (0,+) → 𝓛.
#[test]
fn outcome_classes_from_signs() {
    let c = |l, r| OutcomeClass::from_finals(q(l), q(r)).letter();
    assert_eq!(
        [
            c(1, 1),
            c(1, 0),
            c(0, 1),
            c(-1, -1),
            c(-1, 0),
            c(0, -1),
            c(1, -1),
            c(-1, 1),
            c(0, 0)
        ],
        ["L", "L", "L", "R", "R", "R", "N", "P", "T"]
    );
    // The paper's remark: {a | G^S | b} can lie in every class.
    assert_eq!(g("{1|0|-1}").outcome_class(), OutcomeClass::N);
    assert_eq!(g("{-1|0|1}").outcome_class(), OutcomeClass::P);
    assert_eq!(g("{0|0|0}").outcome_class(), OutcomeClass::T);
    assert_eq!(g("{-2|-3|-4}").outcome_class(), OutcomeClass::R);
}

/// Small random games, to compare the memoised sum with the built sum tree.
fn random_game(seed: &mut u64, depth: u32) -> ScoringGame {
    let mut next = || {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        *seed
    };
    let score = q((next() % 11) as i64 - 5);
    if depth == 0 || next() % 3 == 0 {
        return ScoringGame::number(score);
    }
    let nl = (next() % 3) as usize;
    let nr = (next() % 3) as usize;
    let left = (0..nl).map(|_| random_game(seed, depth - 1)).collect();
    let right = (0..nr).map(|_| random_game(seed, depth - 1)).collect();
    ScoringGame::new(score, left, right).unwrap()
}

#[test]
fn memoised_sums_match_built_sum_trees() {
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    for _ in 0..300 {
        let a = random_game(&mut seed, 3);
        let b = random_game(&mut seed, 3);
        let fast = sum_final_scores(&[&a, &b], &mut Budget::unlimited()).unwrap();
        let built = a.sum(&b).unwrap();
        assert_eq!(fast, built.finals(), "{a} + {b}");
        // Commutativity of the long-rule sum (final scores).
        let swapped = sum_final_scores(&[&b, &a], &mut Budget::unlimited()).unwrap();
        assert_eq!(fast, swapped);
        // Negation mirrors the final scores.
        let neg = a.negate().finals();
        assert_eq!((neg.left, neg.right), (-a.finals().right, -a.finals().left));
        // Printing and parsing round-trip.
        assert!(ScoringGame::parse(&a.to_string()).unwrap().identical(&a));
    }
}

#[test]
fn tree_marks_optimal_moves() {
    let fig1 = g("{2,{11|4|-3}|3|4,{9|2|-5}}");
    let tree = fig1.tree();
    assert_eq!(tree.len(), 9);
    let root = &tree.nodes[0];
    assert_eq!(root.label, "3");
    let kids: Vec<(&str, bool, Slant)> = root
        .children
        .iter()
        .map(|&c| {
            let n = &tree.nodes[c];
            (n.label.as_str(), n.edge.marked, n.edge.slant)
        })
        .collect();
    assert_eq!(
        kids,
        [
            ("2", true, Slant::Left),
            ("4", false, Slant::Left),
            ("4", true, Slant::Right),
            ("2", false, Slant::Right)
        ]
    );
}
