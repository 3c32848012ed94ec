//! Canonical forms against the slow reference, and the notation.

mod common;
use common::tree;
use heaplab_engine::partizan::reference::{self, Cooling, Tree};
use heaplab_engine::partizan::{Dyadic, GameId, GameStore, Outcome};
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
        ("{2|1||0}", "{2|1||0}"),
        ("{{2|1}|0}", "{2|1||0}"),
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
    let deep = "{".repeat(5000) + "}".repeat(5000).as_str();
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

/// Checks `g`'s thermograph against cooling by the definition on the reference's grid: the
/// temperature and mean are the first grid point where the taxed form freezes and its
/// number, and both walls are the stops of `G_t` at every grid temperature.
fn check_thermograph(
    store: &mut GameStore,
    cooling: &mut Cooling,
    g: GameId,
) -> Result<(), String> {
    let graph = store.thermograph(g).unwrap();
    let name = store.display(g).unwrap();
    if store.as_number(g).is_none() {
        let (tau, x) = cooling
            .freezing(store, g)
            .unwrap()
            .ok_or(format!("{name} never froze"))?;
        if (graph.temperature, graph.mean) != (tau, x) {
            return Err(format!(
                "{name}: {:?} against the definition's {tau}, {x}",
                graph
            ));
        }
    }
    for t in cooling.grid().unwrap() {
        let cooled = cooling.cooled(store, g, t).unwrap();
        let stops = store.stops(cooled).unwrap();
        let walls = (graph.left.at(t).unwrap(), graph.right.at(t).unwrap());
        if stops != walls {
            return Err(format!(
                "{name} at t = {t}: walls {walls:?}, stops {stops:?}"
            ));
        }
    }
    Ok(())
}

/// Every form born by day 2: thermograph, mean and temperature against cooling by the
/// definition on the grid of eighths.
#[test]
fn day_two_thermographs_match_cooling() {
    let mut store = GameStore::default();
    let mut cooling = Cooling::new(3, 3);
    for (i, form) in reference::forms_by_day(2).unwrap().iter().enumerate() {
        let g = store.from_tree(form).unwrap();
        check_thermograph(&mut store, &mut cooling, g).unwrap_or_else(|e| panic!("form {i}: {e}"));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    /// Random games of birthday ≤ 4: thermographs against cooling on the grid of 1/32nds,
    /// and the mean is additive (mean(G + H) = mean(G) + mean(H)).
    #[test]
    fn random_thermographs_match_cooling(g in tree(4, 3), h in tree(3, 2)) {
        let mut store = GameStore::default();
        let mut cooling = Cooling::new(5, 4);
        let (a, b) = (store.from_tree(&g).unwrap(), store.from_tree(&h).unwrap());
        prop_assert_eq!(check_thermograph(&mut store, &mut cooling, a), Ok(()));
        let sum = store.add(a, b).unwrap();
        let means = (store.mean_temperature(a).unwrap().0, store.mean_temperature(b).unwrap().0);
        prop_assert_eq!(store.mean_temperature(sum).unwrap().0, means.0.checked_add(means.1).unwrap());
    }
}

/// Textbook means and temperatures (Siegel, *Combinatorial Game Theory*, II.5; Berlekamp,
/// Conway and Guy, *Winning Ways*, ch. 6). The thesis names temperature theory (Section 4.3.2)
/// but quotes no mean or temperature, so these are the standard examples. Numbers follow
/// Siegel's convention: `a/2^b` has temperature `−1/2^b`.
#[test]
fn textbook_means_and_temperatures() {
    let mut store = GameStore::default();
    for (game, mean, temperature) in [
        ("{2|-1}", "1/2", "3/2"),
        ("+-1", "0", "1"),
        ("{1|0}", "1/2", "1/2"),
        ("{2|1||0}", "3/4", "3/4"),
        ("{3|1}", "2", "1"),
        ("^", "0", "0"),
        ("*", "0", "0"),
        ("^*", "0", "0"),
        ("1*", "1", "0"),
        ("0", "0", "-1"),
        ("3", "3", "-1"),
        ("-2", "-2", "-1"),
        ("1/2", "1/2", "-1/2"),
        ("-3/4", "-3/4", "-1/4"),
        ("{1|0} + {1|0}", "1", "-1"),
        ("{4|0} + {2|0}", "3", "2"),
    ] {
        let g = store.parse(game).unwrap();
        let (m, t) = store.mean_temperature(g).unwrap();
        assert_eq!(
            (m.to_string(), t.to_string()),
            (mean.into(), temperature.into()),
            "{game}"
        );
    }
}
