//! Game notation: every printed name parses back to its game (all 1474 values born by day 3,
//! thesis Section 2.3), CGSuite's and cgt-tools' spellings, and hostile text refused with a
//! one-line error naming the limit, run on a small stack so that recursion growing with the
//! input would fail.

use heaplab_engine::partizan::reference;
use heaplab_engine::partizan::{GameId, GameStore};
use proptest::prelude::*;

/// Runs `f` on a thread with a 256 KiB stack (a recursion that grows with its input overflows).
fn small_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(f)
        .expect("thread")
        .join()
        .expect("no stack overflow or panic")
}

/// Every subset of `values` in which no value is comparable with another (the option sets a
/// canonical form can have).
fn antichains(store: &mut GameStore, values: &[GameId]) -> Vec<Vec<GameId>> {
    let n = values.len();
    let mut comparable = vec![vec![false; n]; n];
    for (i, row) in comparable.iter_mut().enumerate() {
        for (j, cell) in row.iter_mut().enumerate() {
            *cell = i != j
                && (store.ge(values[i], values[j]).unwrap()
                    || store.ge(values[j], values[i]).unwrap());
        }
    }
    let mut out: Vec<Vec<usize>> = vec![Vec::new()];
    for (i, row) in comparable.iter().enumerate() {
        let extended: Vec<Vec<usize>> = out
            .iter()
            .filter(|set| set.iter().all(|&j| !row[j]))
            .map(|set| {
                let mut s = set.clone();
                s.push(i);
                s
            })
            .collect();
        out.extend(extended);
    }
    out.into_iter()
        .map(|set| set.into_iter().map(|i| values[i]).collect())
        .collect()
}

/// Thesis Section 2.3: |G_2| = 22 and |G_3| = 1474. Every value born by day 3 prints to a name
/// that parses back to the same canonical form, and so does its braces-only spelling.
#[test]
fn every_value_born_by_day_three_round_trips() {
    small_stack(|| {
        let mut store = GameStore::default();
        let mut day2: Vec<GameId> = reference::forms_by_day(2)
            .unwrap()
            .iter()
            .map(|t| store.from_tree(t).unwrap())
            .collect();
        day2.sort();
        day2.dedup();
        assert_eq!(day2.len(), 22);
        let sides = antichains(&mut store, &day2);
        let mut day3 = Vec::new();
        for l in &sides {
            for r in &sides {
                day3.push(store.canonical(l.clone(), r.clone()).unwrap());
            }
        }
        day3.sort();
        day3.dedup();
        assert_eq!(day3.len(), 1474);
        for g in day3 {
            let name = store.display(g).unwrap();
            assert_eq!(store.parse(&name).unwrap(), g, "{name}");
            let braces = store.display_braces(g).unwrap();
            assert_eq!(store.parse(&braces).unwrap(), g, "{braces}");
            for word in ["||", "+-", "Tiny", "Miny", "^^", "vv"] {
                assert!(!braces.contains(word), "{braces}");
            }
        }
    });
}

/// The same game in the spellings of papers, CGSuite and cgt-tools, and the names printed.
#[test]
fn spellings_of_cgsuite_and_cgt_tools() {
    let mut store = GameStore::default();
    for (spellings, name) in [
        (&["^^*", "^2*", "⇑*", "^+^+*", "{0|^}"][..], "^^*"),
        (&["v3", "vvv", "v+v+v", "-^3"], "v3"),
        (&["+-1", "±1", "{1|-1}"], "+-1"),
        (&["±{2|1}", "+-{2|1}", "{2|1||-1|-2}"], "+-{2|1}"),
        (&["3/8", "{1/4|1/2}", "1/4 + 1/8"], "3/8"),
        (&["-1/2", "{-1|0}", "-(1/2)"], "-1/2"),
        (&["-1/2^", "-1/2 + ^", "{-1/2|-1/2*}"], "-1/2^"),
        (&["*3", "{0,*,*2|0,*,*2}"], "*3"),
        (&["Tiny(2)", "+_2", "{0||0|-2}", "tiny(2)"], "Tiny(2)"),
        (&["Miny(2)", "-_2", "{2|0||0}"], "Miny(2)"),
        (&["2Tiny(1)", "2 + Tiny(1)", "{2||2|1}"], "2Tiny(1)"),
        (&["Tiny(3/2)", "{0||0|-3/2}"], "Tiny(3/2)"),
        (&["{2|1||0}", "{{2|1}|0}"], "{2|1||0}"),
        (&["{3|2||1|0}", "{{3|2}|{1|0}}"], "{3|2||1|0}"),
        (&["{4|3||2|||1}", "{{{4|3}|2}|1}"], "{4|3||2|||1}"),
        (&["(1 + *) + ^", "1^*"], "1^*"),
    ] {
        let want = store.parse(spellings[0]).unwrap();
        for s in spellings {
            assert_eq!(store.parse(s).unwrap(), want, "{s}");
        }
        assert_eq!(store.display(want).unwrap(), name, "{}", spellings[0]);
    }
}

/// CGSuite's own test cases (`CanonicalShortGameTestCase.scala` in aaron-siegel/cgsuite):
/// the input it is given and the name CGSuite prints, which HeapLab prints too.
#[test]
fn cgsuite_test_cases_print_as_cgsuite_prints_them() {
    let mut store = GameStore::default();
    for (input, printed) in [
        ("9/8+*", "9/8*"),
        ("6+^*", "6^*"),
        ("{0||0|vvv}", "{0||0|v3}"),
        ("{^^^|vv}", "{^3|vv}"),
        ("{0||0|-3/2}", "Tiny(3/2)"),
        ("{1|^^^||^}", "{1|^3||^}"),
        ("{3||2+*|1+*}", "{3||2*|1*}"),
    ] {
        let g = store.parse(input).unwrap();
        assert_eq!(store.display(g).unwrap(), printed, "{input}");
    }
}

/// Hostile notation: each a one-line error naming its limit, on a 256 KiB stack.
#[test]
fn hostile_notation_is_refused_on_a_small_stack() {
    let cases: Vec<(String, &str)> = vec![
        ("{".repeat(10_000), "24"),
        ("{".repeat(10_000) + "}".repeat(10_000).as_str(), "24"),
        ("{|||}".into(), "'||'"),
        (
            "{".repeat(30) + "0" + "|}".repeat(30).as_str(), // a game of birthday 30
            "24",
        ),
        (vec!["^256"; 50].join(" + "), "300"),
        ("(".repeat(10_000), "24"),
        ("+-".repeat(10_000) + "1", "24"),
        ("-".repeat(10_000) + "1", "24"),
        ("1+".repeat(60_000) + "1", "100000"),
    ];
    for (text, limit) in cases {
        let shown: String = text.chars().take(30).collect();
        let err = small_stack(move || {
            let mut store = GameStore::default();
            store.parse(&text).map(|_| ()).unwrap_err().to_string()
        });
        assert!(!err.contains('\n'), "{shown}: {err}");
        assert!(err.contains(limit), "{shown}: {err} should name {limit}");
    }
}

/// Deep but legal notation still parses on a small stack: 23 levels of braces, `^256`, and a
/// sum whose depth bound (257) is within the limit.
#[test]
fn deep_legal_notation_parses_on_a_small_stack() {
    small_stack(|| {
        let mut store = GameStore::default();
        let deep = "{".repeat(23) + "0" + "|}".repeat(23).as_str();
        let g = store.parse(&deep).unwrap();
        assert_eq!(store.display(g).unwrap(), "23");
        let g = store.parse("^256").unwrap();
        assert_eq!(store.birthday(g).unwrap(), 257);
        let g = store.parse("^128 + v127").unwrap();
        assert_eq!(store.display(g).unwrap(), "^");
    });
}

#[test]
fn malformed_bars_and_names_are_clear_errors() {
    let mut store = GameStore::default();
    for text in [
        "{2||1}", "{|||}", "Tiny", "Tiny()", "Tinyx", "+_", "(1", "1)", "{1|2)}",
    ] {
        let err = store.parse(text);
        assert!(err.is_err(), "{text:?} should be refused");
    }
}

/// Texts made of notation pieces, so the parser gets deep rather than failing at once.
fn notation_text() -> impl Strategy<Value = String> {
    let pieces = prop_oneof![
        Just("{"),
        Just("}"),
        Just("|"),
        Just("||"),
        Just(","),
        Just("-"),
        Just("+"),
        Just("+-"),
        Just("*"),
        Just("*3"),
        Just("^"),
        Just("v"),
        Just("1"),
        Just("1/2"),
        Just("Tiny("),
        Just("("),
        Just(")"),
        Just("0"),
    ];
    prop::collection::vec(pieces, 0..40).prop_map(|p| p.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Random notation: a game whose name parses back to it, or a one-line error; never a
    /// panic or a stack overflow on a 256 KiB stack.
    #[test]
    fn random_notation_parses_or_is_a_one_line_error(text in notation_text()) {
        let shown = text.clone();
        let outcome = small_stack(move || {
            let mut store = GameStore::default();
            match store.parse(&text) {
                Ok(g) => {
                    let name = store.display(g).unwrap();
                    Ok(store.parse(&name).ok() == Some(g))
                }
                Err(e) => Err(e.to_string()),
            }
        });
        match outcome {
            Ok(round_trips) => prop_assert!(round_trips, "{}", shown),
            Err(e) => prop_assert!(!e.contains('\n') && !e.is_empty(), "{}: {}", shown, e),
        }
    }
}
