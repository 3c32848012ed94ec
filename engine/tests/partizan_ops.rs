//! Operations on partizan games: atomic weight, cooling, heating, overheating, Norton products
//! and incentives, against worked examples (CGSuite's own test cases, Winning Ways, Siegel,
//! the thesis) and against cooling computed from the definition on game trees.

mod common;
use common::tree;
use heaplab_engine::partizan::reference::{self, Tree, TreeCooling};
use heaplab_engine::partizan::{Dyadic, GameId, GameStore};
use proptest::prelude::*;
use std::rc::Rc;

fn d(text: &str) -> Dyadic {
    let mut store = GameStore::default();
    let g = store.parse(text).unwrap();
    store.as_number(g).unwrap()
}

/// Atomic weights as CGSuite computes them (its `CanonicalShortGameTestCase.scala`, the
/// `atomicWeight` of each case) and Winning Ways ch. 8 (`aw(↑) = 1`, `aw(⇑*) = 2`, nimbers 0).
#[test]
fn atomic_weights_of_worked_examples() {
    let mut store = GameStore::default();
    for (game, weight) in [
        ("0", "0"),
        ("^", "1"),
        ("^^*", "2"),
        ("*", "0"),
        ("*8", "0"),
        ("v*", "-1"),
        ("^*6", "1"),
        ("{0||0|vvv}", "0"),
        ("{^^^|vv}", "{1|0}"),
        ("{0||0|-3/2}", "0"),
        ("{1|^^||^}", "2"),
        ("{0|*||*|||*||||*}", "1"),
        ("{0||0|v*}", "1"),
    ] {
        let g = store.parse(game).unwrap();
        let w = store.atomic_weight(g).unwrap();
        assert_eq!(store.display(w).unwrap(), weight, "{game}");
    }
}

/// CGSuite refuses these: numbers and other games that are not infinitesimal, and
/// `{1|^^^||^}`, infinitesimal but not atomic.
#[test]
fn atomic_weight_is_an_error_where_it_is_undefined() {
    let mut store = GameStore::default();
    for (game, says) in [
        ("5", "infinitesimal"),
        ("-1/2", "infinitesimal"),
        ("9/8*", "infinitesimal"),
        ("6^*", "infinitesimal"),
        ("{3||2*|1*}", "infinitesimal"),
        ("{1|^^^||^}", "not atomic"),
    ] {
        let g = store.parse(game).unwrap();
        let err = store.atomic_weight(g).unwrap_err().to_string();
        assert!(err.contains(says), "{game}: {err}");
    }
}

/// Worked cooling examples (Winning Ways ch. 6; Siegel II.5): `{2|-1}` has temperature 3/2
/// and mean 1/2; cooled by 1 it is `{1|0}`, by exactly 3/2 the taxed form `{1/2|1/2} = 1/2*`,
/// and hotter it is its mean; infinitesimals are their own form at 0 and freeze above.
#[test]
fn cooling_worked_examples() {
    let mut store = GameStore::default();
    for (game, t, cooled) in [
        ("{2|-1}", "1", "{1|0}"),
        ("{2|-1}", "3/2", "1/2*"),
        ("{2|-1}", "2", "1/2"),
        ("{2|-1}", "0", "{2|-1}"),
        ("+-1", "1", "*"),
        ("+-1", "1/2", "+-1/2"),
        ("^", "0", "^"),
        ("^", "1/4", "0"),
        ("{4|0} + {2|0}", "1", "{3|1} + 1*"),
        ("3/4", "1", "3/4"),
    ] {
        let g = store.parse(game).unwrap();
        let want = store.parse(cooled).unwrap();
        assert_eq!(store.cool(g, d(t)).unwrap(), want, "{game} cooled by {t}");
    }
    let g = store.parse("{2|-1}").unwrap();
    assert!(store.cool(g, d("-1/2")).is_err());
}

/// Heating (Winning Ways ch. 6): `∫^1 * = ±1`, `∫^1 {1|0} = {2|-1}`; numbers are unchanged.
#[test]
fn heating_worked_examples() {
    let mut store = GameStore::default();
    for (game, t, heated) in [
        ("*", "1", "+-1"),
        ("{1|0}", "1", "{2|-1}"),
        ("1/2*", "3/2", "{2|-1}"),
        ("3/4", "5", "3/4"),
        ("*2", "1", "{1,{2|0}|-1,{0|-2}}"),
    ] {
        let (g, t) = (store.parse(game).unwrap(), store.parse(t).unwrap());
        let want = store.parse(heated).unwrap();
        assert_eq!(store.heat(g, t).unwrap(), want, "{game} heated");
    }
}

/// Cooling then heating by the same `t` returns the game when nothing freezes and the cooled
/// forms need no simplification: here for switches `{a|b}` of numbers at any
/// `0 ≤ t ≤ (a − b)/2`, the temperature (at `t` equal to it the cooled form is `m*`, whose
/// options heat back to `a` and `b`). Above the temperature the game froze to its mean and
/// heating cannot undo it: `{2|-1}` cooled by 2 is 1/2, and heating 1/2 leaves 1/2. Heating
/// acts on canonical forms, so an option that cooling makes dominated is lost too.
#[test]
fn heating_undoes_cooling_only_below_freezing() {
    let mut store = GameStore::default();
    for (a, b) in [(2, -1), (3, 1), (1, -1), (5, -2)] {
        let g = store.parse(&format!("{{{a}|{b}}}")).unwrap();
        let temperature = store.mean_temperature(g).unwrap().1;
        for k in 0..=8 {
            let t = Dyadic::new(k, 2).unwrap();
            if t > temperature {
                continue;
            }
            let cooled = store.cool(g, t).unwrap();
            let tid = store.number(t).unwrap();
            assert_eq!(store.heat(cooled, tid).unwrap(), g, "{{{a}|{b}}} at {t}");
        }
    }
    let g = store.parse("{2|-1}").unwrap();
    let cooled = store.cool(g, d("2")).unwrap();
    let two = store.integer(2).unwrap();
    let heated = store.heat(cooled, two).unwrap();
    assert_eq!(store.display(heated).unwrap(), "1/2");
    assert_ne!(heated, g);
    // Below every temperature, but cooling makes an option dominated: in {0,{0|-1}|-1} cooled
    // by 1/4, Left's {0|-1} becomes {-1/2|-1}, below Left's -1/4, and is dropped from the
    // canonical form, so heating gives {0|-1}.
    let g = store.parse("{0,{0|-1}|-1}").unwrap();
    let quarter = d("1/4");
    let cooled = store.cool(g, quarter).unwrap();
    assert_eq!(store.display(cooled).unwrap(), "{-1/4|-3/4}");
    let q = store.number(quarter).unwrap();
    let heated = store.heat(cooled, q).unwrap();
    assert_eq!(store.display(heated).unwrap(), "{0|-1}");
}

/// Norton products: `n.U` is `n` copies (`2.↑ = ⇑`); the thesis's Theorem 3.104 uses
/// `G.1* = {G^L.1* + 1 | G^R.1* − 1}`, so `1/2.1* = {1|*}` and `3/2.1* = {2*|1}`; and the
/// product is additive in `G` (`1/2.↑ + 1/2.↑ = ↑`, `3/4.U + 1/4.U = 1.U`).
#[test]
fn norton_products() {
    let mut store = GameStore::default();
    for (g, u, product) in [
        ("2", "^", "^^"),
        ("-3", "^", "v3"),
        ("1/2", "1*", "{1|*}"),
        ("3/2", "1*", "{2*|1}"),
        ("0", "{2|1}", "0"),
        ("*", "1", "*"),
    ] {
        let (a, b) = (store.parse(g).unwrap(), store.parse(u).unwrap());
        let want = store.parse(product).unwrap();
        assert_eq!(store.norton(a, b).unwrap(), want, "{g}.{u}");
    }
    for u in ["^", "1*", "{2|1}", "2", "1^"] {
        let u = store.parse(u).unwrap();
        for (a, b) in [
            ("1/2", "1/2"),
            ("3/4", "1/4"),
            ("1/2", "-3/8"),
            ("5/4", "3/2"),
        ] {
            let (a, b) = (store.parse(a).unwrap(), store.parse(b).unwrap());
            let sum = store.add(a, b).unwrap();
            let (pa, pb) = (store.norton(a, u).unwrap(), store.norton(b, u).unwrap());
            let together = store.add(pa, pb).unwrap();
            assert_eq!(store.norton(sum, u).unwrap(), together);
        }
    }
    for bad in ["0", "*", "-1", "{1|-1}", "v"] {
        let u = store.parse(bad).unwrap();
        let one = store.integer(1).unwrap();
        assert!(store.norton(one, u).is_err(), "{bad}");
    }
}

/// Overheating (CGSuite's `Overheat(s, t)`): integers become `n.s`, other forms
/// `{∫G^L + t | ∫G^R − t}`; `s`, `t` must be positive.
#[test]
fn overheating() {
    let mut store = GameStore::default();
    for (game, s, t, want) in [
        ("3", "1*", "1", "3*"),
        ("*", "1", "1", "+-1"),
        ("1/2", "1", "1", "{1|0}"),
        ("{1|0}", "1", "2", "{3|-2}"),
    ] {
        let g = store.parse(game).unwrap();
        let (s, t) = (store.parse(s).unwrap(), store.parse(t).unwrap());
        let want = store.parse(want).unwrap();
        assert_eq!(store.overheat(g, s, t).unwrap(), want, "{game}");
    }
    let (g, one, zero) = (
        store.parse("*").unwrap(),
        store.integer(1).unwrap(),
        store.zero(),
    );
    assert!(store.overheat(g, zero, one).is_err());
    assert!(store.overheat(g, one, zero).is_err());
}

/// Incentives as CGSuite lists them (`incentives`: both sides, dominated ones removed;
/// `leftIncentives`, `rightIncentives`) in its test cases.
#[test]
fn incentives_as_cgsuite_lists_them() {
    let mut store = GameStore::default();
    for (game, all) in [
        ("5", &["-1"][..]),
        ("-1/2", &["-1/2"]),
        ("25/16", &["-1/16"]),
        (
            "*8",
            &["*8", "*9", "*10", "*11", "*12", "*13", "*14", "*15"],
        ),
        ("9/8*", &["*"]),
        ("^", &["^*"]),
        ("v*", &["^*"]),
        ("{^^^|vv}", &["{^5|0}"]),
        ("{0||0|-3/2}", &["{3/2,{3/2|0}|0}"]),
        ("{3||2*|1*}", &["{2*|1*||0}"]),
    ] {
        let g = store.parse(game).unwrap();
        let inc = store.incentives(g).unwrap();
        let both: Vec<GameId> = inc.left.iter().chain(&inc.right).copied().collect();
        let mut got = Vec::new();
        for &i in &both {
            // Keep the maximal ones, as CGSuite's combined list does.
            let mut dominated = false;
            for &j in &both {
                if j != i && store.ge(j, i).unwrap() {
                    dominated = true;
                }
            }
            if !dominated {
                got.push(i);
            }
        }
        got.sort();
        got.dedup();
        let mut want: Vec<GameId> = all.iter().map(|t| store.parse(t).unwrap()).collect();
        want.sort();
        assert_eq!(got, want, "{game}");
    }
    let g = store.parse("{1|^^^||^}").unwrap();
    let inc = store.incentives(g).unwrap();
    let left = store
        .parse("{{1v|^^},{1v||1v3|0}|0,{^^|0,{0|-1^3}}}")
        .unwrap();
    let right = store.parse("{1v|^^||0}").unwrap();
    assert_eq!((inc.left, inc.right), (vec![left], vec![right]));
}

/// The stops of a tree from their definition (Siegel II.3; thesis Definition 2.57): a form
/// equal to a number is its own stops; otherwise Left's stop is the largest right stop of a
/// Left option and Right's the smallest left stop of a Right option.
fn tree_stops(store: &mut GameStore, g: &Rc<Tree>) -> (Dyadic, Dyadic) {
    let value = store.from_tree(g).unwrap();
    if let Some(x) = store.as_number(value) {
        return (x, x);
    }
    let left = g.left.iter().map(|o| tree_stops(store, o).1).max().unwrap();
    let right = g
        .right
        .iter()
        .map(|o| tree_stops(store, o).0)
        .min()
        .unwrap();
    (left, right)
}

/// Temperatures the cooling comparisons use.
fn temperatures() -> Vec<Dyadic> {
    (0..=12).map(|k| Dyadic::new(k, 2).unwrap()).collect()
}

/// Fast cooling against the definition on trees, for one tree at every test temperature.
fn check_cooling(store: &mut GameStore, slow: &mut TreeCooling, g: &Rc<Tree>) {
    let id = store.from_tree(g).unwrap();
    for t in temperatures() {
        let fast = store.cool(id, t).unwrap();
        let reference = slow.cooled(store, g, t).unwrap();
        assert_eq!(
            fast,
            reference,
            "{} cooled by {t}: {} against the definition's {}",
            store.display(id).unwrap(),
            store.display(fast).unwrap(),
            store.display(reference).unwrap()
        );
    }
}

/// Every form born by day 2 (256 forms), cooled at 0, 1/4, …, 3.
#[test]
fn cooling_matches_the_definition_on_day_two() {
    let mut store = GameStore::default();
    let mut slow = TreeCooling::new(5);
    let forms = reference::forms_by_day(2).unwrap();
    for g in &forms {
        check_cooling(&mut store, &mut slow, g);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(80))]

    /// Random games of birthday ≤ 3: cooling against the definition; the thermograph's walls
    /// are the stops of the cooled game; cooling is additive (`(G + H)_t = G_t + H_t`).
    #[test]
    fn random_cooling_matches_the_definition(g in tree(3, 3), h in tree(2, 2)) {
        let mut store = GameStore::default();
        let mut slow = TreeCooling::new(5);
        check_cooling(&mut store, &mut slow, &g);
        let (a, b) = (store.from_tree(&g).unwrap(), store.from_tree(&h).unwrap());
        prop_assert_eq!(store.stops(a).unwrap(), tree_stops(&mut store, &g));
        let graph = store.thermograph(a).unwrap();
        let sum = store.add(a, b).unwrap();
        for t in temperatures() {
            let cooled = store.cool(a, t).unwrap();
            let walls = (graph.left.at(t).unwrap(), graph.right.at(t).unwrap());
            let by_definition = slow.cooled(&mut store, &g, t).unwrap();
            prop_assert_eq!(store.stops(by_definition).unwrap(), walls);
            let parts = (cooled, store.cool(b, t).unwrap());
            let together = store.add(parts.0, parts.1).unwrap();
            prop_assert_eq!(store.cool(sum, t).unwrap(), together);
        }
    }
}

/// The thermograph of `{2|-1}` as curves (Winning Ways ch. 6): walls from 2 and −1 at
/// temperature 0 meeting at 1/2 at temperature 3/2, the mast above; the curves to draw hold
/// the same points.
#[test]
fn thermograph_drawing_of_a_switch() {
    let mut store = GameStore::default();
    let g = store.parse("{2|-1}").unwrap();
    let graph = store.thermograph(g).unwrap();
    let drawing = graph.drawing().unwrap();
    let (zero, tau, half) = (d("0"), d("3/2"), d("1/2"));
    assert_eq!(drawing.left, vec![(zero, d("2")), (tau, half)]);
    assert_eq!(drawing.right, vec![(zero, d("-1")), (tau, half)]);
    assert_eq!(drawing.mast, vec![(tau, half), (d("5/2"), half)]);
    // The curves the figure draws are the same points as floats, titled by the caller.
    let curves = heaplab_engine::partizan::drawing::curves(&mut store, g, "{2|-1}").unwrap();
    assert_eq!(curves.title, "{2|-1}");
    assert_eq!(curves.left, vec![(0.0, 2.0), (1.5, 0.5)]);
    assert_eq!(curves.right, vec![(0.0, -1.0), (1.5, 0.5)]);
    assert_eq!(curves.mast, vec![(1.5, 0.5), (2.5, 0.5)]);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    /// Drawn points of random games lie on the walls, in increasing temperature, and the
    /// mast stands at the mean from the temperature up.
    #[test]
    fn drawn_points_lie_on_the_walls(g in tree(3, 3)) {
        let mut store = GameStore::default();
        let a = store.from_tree(&g).unwrap();
        let graph = store.thermograph(a).unwrap();
        let drawing = graph.drawing().unwrap();
        for (points, wall) in [(&drawing.left, &graph.left), (&drawing.right, &graph.right)] {
            prop_assert!(points.windows(2).all(|w| w[0].0 < w[1].0));
            for &(t, v) in points {
                prop_assert_eq!(wall.at(t).unwrap(), v);
            }
            prop_assert_eq!(points.last().unwrap().0, graph.temperature);
        }
        prop_assert_eq!(drawing.mast[0], (graph.temperature, graph.mean));
    }
}
