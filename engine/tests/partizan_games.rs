//! Canonical forms against the slow reference, and the notation (issue 18).

use heaplab_engine::partizan::reference::{self, Tree};
use heaplab_engine::partizan::{Dyadic, GameStore, Outcome};
use proptest::prelude::*;
use std::rc::Rc;

/// Thesis Section 2.3 (p. 36): |G_2| = 22 — the 256 forms born by day 2 have 22 values.
#[test]
fn day_two_has_22_values_and_matches_the_reference() {
    let forms = reference::forms_by_day(2).unwrap();
    assert_eq!(forms.len(), 256);
    let mut store = GameStore::default();
    let ids: Vec<_> = forms.iter().map(|t| store.from_tree(t).unwrap()).collect();
    let mut distinct = ids.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), 22);
    for (i, g) in forms.iter().enumerate() {
        assert_eq!(
            store.outcome(ids[i]).unwrap(),
            reference::outcome(g),
            "outcome of form {i}"
        );
        for (j, h) in forms.iter().enumerate() {
            assert_eq!(
                store.ge(ids[i], ids[j]).unwrap(),
                reference::ge(g, h),
                "forms {i} >= {j}"
            );
        }
    }
    // Each canonical form equals its form (played out), and canonical forms of equal games
    // are identical trees (Theorem 2.42).
    for (i, g) in forms.iter().enumerate() {
        let canonical = store.to_tree(ids[i]).unwrap();
        assert!(reference::equal(g, &canonical), "form {i}");
        assert!(canonical.birthday() <= g.birthday());
    }
}

/// Sums and negation of day-2 values, checked by playing the difference out.
#[test]
fn sums_of_day_two_values_match_the_reference() {
    let forms = reference::forms_by_day(2).unwrap();
    let mut store = GameStore::default();
    let mut values: Vec<_> = forms.iter().map(|t| store.from_tree(t).unwrap()).collect();
    values.sort();
    values.dedup();
    let trees: Vec<Rc<Tree>> = values.iter().map(|&g| store.to_tree(g).unwrap()).collect();
    for (i, &g) in values.iter().enumerate() {
        let minus = store.neg(g).unwrap();
        let minus_tree = store.to_tree(minus).unwrap();
        assert!(reference::geq_sum(
            &[trees[i].clone(), minus_tree.clone()],
            &[]
        ));
        assert!(reference::geq_sum(&[], &[trees[i].clone(), minus_tree]));
        for (j, &h) in values.iter().enumerate() {
            let sum = store.add(g, h).unwrap();
            let sum_tree = store.to_tree(sum).unwrap();
            let parts = [trees[i].clone(), trees[j].clone()];
            assert!(
                reference::geq_sum(&parts, std::slice::from_ref(&sum_tree)),
                "{i}+{j}"
            );
            assert!(reference::geq_sum(&[sum_tree], &parts), "{i}+{j}");
        }
    }
}

/// A random game tree of birthday at most `depth`, with at most `width` options a side.
fn tree(depth: u32, width: usize) -> BoxedStrategy<Rc<Tree>> {
    let leaf = Just(Tree::new(vec![], vec![])).boxed();
    leaf.prop_recursive(depth, 64, width as u32, move |inner| {
        (
            prop::collection::vec(inner.clone(), 0..=width),
            prop::collection::vec(inner, 0..=width),
        )
            .prop_map(|(l, r)| Tree::new(l, r))
    })
    .boxed()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    /// Random games of birthday ≤ 3–4: comparison, outcome and sums agree with the reference.
    #[test]
    fn random_games_match_the_reference(g in tree(4, 3), h in tree(3, 3)) {
        let mut store = GameStore::default();
        let (a, b) = (store.from_tree(&g).unwrap(), store.from_tree(&h).unwrap());
        prop_assert_eq!(store.ge(a, b).unwrap(), reference::ge(&g, &h));
        prop_assert_eq!(store.ge(b, a).unwrap(), reference::ge(&h, &g));
        prop_assert_eq!(store.outcome(a).unwrap(), reference::outcome(&g));
        let sum = store.add(a, b).unwrap();
        let sum_tree = store.to_tree(sum).unwrap();
        prop_assert!(reference::geq_sum(&[g.clone(), h.clone()], std::slice::from_ref(&sum_tree)));
        prop_assert!(reference::geq_sum(&[sum_tree], &[g.clone(), h.clone()]));
        // The printed name parses back to the same canonical form.
        let name = store.display(a).unwrap();
        prop_assert_eq!(store.parse(&name).unwrap(), a, "{}", name);
    }
}

#[test]
fn names_follow_the_usual_notation() {
    let mut store = GameStore::default();
    for (text, name) in [
        ("0", "0"),
        ("{|}", "0"),
        ("{0|0}", "*"),
        ("{0,*|0,*}", "*2"),
        ("{0|1}", "1/2"),
        ("{-1|-1/2}", "-3/4"),
        ("{0|*}", "^"),
        ("{*|0}", "v"),
        ("{0,*|0}", "^*"),
        ("{0|0,*}", "v*"),
        ("^+^", "^^"),
        ("^ + ^ + ^", "^3"),
        ("v3*", "v3*"),
        ("{2|1/2}", "{2|1/2}"),
        ("{1|-1}", "+-1"),
        ("+-2", "+-2"),
        ("1+*", "1*"),
        ("{1|1}", "1*"),
        ("{2|1||0}", "{{2|1}|0}"),
        ("{1*|}", "1"),
        ("{-5|5}", "0"),
        ("{3|}", "4"),
        ("{0|^}", "^^*"),
        ("{0|^*}", "^^"),
        ("1/2 + 1/4", "3/4"),
        ("⇑*", "^^*"),
        ("↓", "v"),
        ("±1", "+-1"),
    ] {
        let g = store.parse(text).unwrap();
        assert_eq!(store.display(g).unwrap(), name, "{text}");
    }
}

#[test]
fn bad_notation_is_a_clear_error() {
    let mut store = GameStore::default();
    for text in [
        "",
        "{",
        "}",
        "{1}",
        "{1|2",
        "1/3",
        "{a|b}",
        "{1||2||3}",
        "{,|}",
        "*99999",
        "^999",
        "1/",
        "{1|2}}",
        "+",
        "99999999999999999999",
    ] {
        assert!(store.parse(text).is_err(), "{text:?} should be refused");
    }
    let deep = "{".repeat(5000) + &"}".repeat(5000);
    assert!(store.parse(&deep).is_err());
    let long = "1+".repeat(60_000) + "1";
    assert!(store.parse(&long).is_err());
}

#[test]
fn stops_and_outcomes() {
    let mut store = GameStore::default();
    let g = store.parse("{2|1||0}").unwrap();
    assert_eq!(
        store.stops(g).unwrap(),
        (Dyadic::integer(1), Dyadic::integer(0))
    );
    let up = store.parse("^").unwrap();
    assert_eq!(store.outcome(up).unwrap(), Outcome::L);
    let star = store.parse("*").unwrap();
    assert_eq!(store.outcome(star).unwrap(), Outcome::N);
    let upstar = store.parse("^*").unwrap();
    assert_eq!(store.outcome(upstar).unwrap(), Outcome::N);
    let switch = store.parse("+-1").unwrap();
    assert_eq!(
        store.stops(switch).unwrap(),
        (Dyadic::integer(1), Dyadic::integer(-1))
    );
}
