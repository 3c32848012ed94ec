//! The named checks of issue 17 (`heaplab_engine::checks`): for every check a case where it
//! holds, a case where it fails with the expected witness where the paper or the research
//! digest knows one, a case outside its hypothesis, and a run over (a fast part of) the range
//! the paper states. Longer ranges are in `checks::long_ranges` (`cargo xtask records`).

use heaplab_engine::checks::{all, find, ranges, tally, Subject, SubjectKind, Tally, Verdict};
use heaplab_engine::ruleset::NumberSet;
use heaplab_engine::scoring::octal::ScoringRules;
use heaplab_engine::Budget;

/// What a case expects.
enum Want {
    Holds,
    /// Fails, and the witness contains this text.
    Fails(&'static str),
    NotApplicable,
    /// An error (no counterexample: out of the check's cap or unprovable), containing this text.
    Error(&'static str),
}

fn set(text: &str) -> NumberSet {
    NumberSet::parse(text).unwrap()
}

fn run(name: &str, subject: Subject<'_>) -> Result<Verdict, String> {
    (find(name).unwrap().run)(&subject, &mut Budget::unlimited()).map_err(|e| e.to_string())
}

fn expect(name: &str, subject: Subject<'_>, want: Want) {
    let got = run(name, subject);
    match (&want, &got) {
        (Want::Holds, Ok(Verdict::Holds)) | (Want::NotApplicable, Ok(Verdict::NotApplicable)) => {}
        (Want::Fails(text), Ok(Verdict::Fails { witness })) if witness.contains(text) => {}
        (Want::Error(text), Err(e)) if e.contains(text) => {}
        _ => panic!("{name} on {subject:?}: got {got:?}"),
    }
}

/// Every check has a citation, a statement, a stated range and at least one family.
#[test]
fn every_check_is_documented() {
    assert!(all().len() >= 40);
    for check in all() {
        let parts: Vec<&str> = check.name.splitn(3, '-').collect();
        assert!(
            ["cs", "stewart", "survey", "thesis"].contains(&parts[0]) && parts.len() >= 2,
            "{} is not named <paper>-<kind>-<id>",
            check.name
        );
        assert!(!check.citation.is_empty() && !check.statement.is_empty());
        assert!(!check.stated_range.is_empty() && !check.applies_to.is_empty());
    }
}

/// A subject from another family is NotApplicable, for every check and every family.
#[test]
fn checks_refuse_other_families() {
    let s = set("2,3");
    let rules = ScoringRules::parse("33", "1,2").unwrap();
    let mark = heaplab_engine::sweep::families::rules::RuleBinding {
        text: heaplab_engine::rules::presets::preset("mark")
            .unwrap()
            .text
            .into(),
        fixed: Vec::new(),
        swept: Vec::new(),
    };
    let subjects = [
        Subject::Subtraction(&s),
        Subject::AllBut(&s),
        Subject::CumulativeSubtraction(&s),
        Subject::ScoringOctal(&rules),
        Subject::Rules(&mark),
    ];
    for check in all() {
        for subject in subjects {
            if !check.applies_to.contains(&subject.kind()) {
                let got = (check.run)(&subject, &mut Budget::unlimited());
                assert_eq!(got, Ok(Verdict::NotApplicable), "{}", check.name);
            }
        }
    }
}

/// Cohensius et al.: Theorem 3, Corollary 5, Observations 3 and 4, Conjectures 16 to 19.
#[test]
fn cumulative_subtraction_checks() {
    use Subject::CumulativeSubtraction as Cs;
    let (s57, s157, s23) = (set("5,7"), set("1,5,7"), set("2,3"));
    let (full10, cut10, big) = (
        set("1,2,3,4,5,6,7,8,9,10"),
        set("2,3,4,5,6,7,8,9,10"),
        set("1,13"),
    );
    let tiny = set("1,2");
    for name in [
        "cs-theorem-3",
        "cs-corollary-5",
        "cs-observation-3",
        "cs-observation-4",
    ] {
        expect(name, Cs(&s57), Want::Holds);
        expect(name, Subject::Subtraction(&s57), Want::NotApplicable);
    }
    // The observations speak about two actions only (the paper: "they do not hold any more").
    expect("cs-observation-3", Cs(&s157), Want::NotApplicable);
    expect("cs-observation-4", Cs(&s157), Want::NotApplicable);
    // Example 4 ({1, 5, 7}, heap 18: line 5, 7, 5, 1) and Example 5 ({2, 10, 13, 14}).
    expect("cs-conjecture-17", Cs(&s157), Want::Holds);
    // Not in the paper or the digest: counterexamples, the first with a unique optimal line.
    expect(
        "cs-conjecture-17",
        Cs(&set("2,6,7,10,11")),
        Want::Fails(
            "S = {2, 6, 7, 10, 11}, heap 37: optimal line 11, 7, 10, 7, 2 (o = 9, the only \
             optimal line); Positive sacrifices 1, Negative 4, 5 moves",
        ),
    );
    // Example 5's own set, one greedy move earlier (heap 49 = 35 + 14): the roles swap.
    expect(
        "cs-conjecture-17",
        Cs(&set("2,10,13,14")),
        Want::Fails("heap 49: optimal line 14, 10, 13, 10, 2 (o = 9, other optimal lines exist)"),
    );
    expect("cs-conjecture-16", Cs(&full10), Want::Holds);
    expect("cs-conjecture-16", Cs(&cut10), Want::NotApplicable);
    expect("cs-conjecture-16", Cs(&tiny), Want::NotApplicable);
    for name in ["cs-conjecture-18", "cs-conjecture-19"] {
        expect(name, Cs(&s57), Want::Holds);
        expect(name, Cs(&s23), Want::Holds);
        expect(name, Cs(&big), Want::Error("max S ≤ 12"));
    }
}

/// Stewart: Lemma 13, Conjectures 14 to 17.
#[test]
fn scoring_play_checks() {
    use Subject::ScoringOctal as So;
    let s45 = set("4,5");
    let subtraction_45 = ScoringRules::subtraction(&s45).unwrap();
    let two_points = ScoringRules::parse("3333", "2222").unwrap();
    let bean = ScoringRules::parse("3303", "1,2,0,4").unwrap();
    let take_one_leave_one = ScoringRules::parse("2", "1").unwrap();
    let breaking = ScoringRules::parse("0.26", "1,2").unwrap();
    for name in ["stewart-lemma-13", "stewart-conjecture-14"] {
        expect(name, Subject::CumulativeSubtraction(&s45), Want::Holds);
        expect(name, So(&subtraction_45), Want::Holds);
        expect(name, So(&two_points), Want::NotApplicable);
    }
    expect("stewart-conjecture-15", So(&bean), Want::Holds);
    expect(
        "stewart-conjecture-15",
        So(&take_one_leave_one),
        Want::Holds,
    );
    // Stewart's own counterexample to the general case has points ≠ beans: outside 15.
    expect(
        "stewart-conjecture-15",
        So(&two_points),
        Want::NotApplicable,
    );
    expect("stewart-conjecture-15", So(&breaking), Want::NotApplicable);
    // As printed ("for all n"), code 2 breaks it at once: G_s = 0, 0, 1, 0, 1, …
    expect(
        "stewart-conjecture-15-printed",
        So(&take_one_leave_one),
        Want::Fails("code 2 with fixed heap m = 0 (k = 1): period 2, preperiod 1"),
    );
    // Table 1's S = {4, 5} has preperiod 27: the printed form fails there too.
    expect(
        "stewart-conjecture-15-printed",
        So(&subtraction_45),
        Want::Fails("code 00033 with fixed heap m = 0 (k = 5): period 10, preperiod 27"),
    );
    expect("stewart-conjecture-16", So(&two_points), Want::Holds);
    expect("stewart-conjecture-16", So(&breaking), Want::NotApplicable);
    expect("stewart-conjecture-17", So(&two_points), Want::Holds);
    expect(
        "stewart-conjecture-17",
        So(&breaking),
        Want::Error("breaks heaps"),
    );
}

/// The survey's main text, on subtraction sets.
#[test]
fn survey_checks() {
    use Subject::Subtraction as Sub;
    let cases: &[(&str, &str, Want)] = &[
        ("survey-winning-ways-max7", "2,5,7", Want::Holds),
        ("survey-winning-ways-max7", "1,2", Want::Holds),
        (
            "survey-winning-ways-max7",
            "2,4,7",
            Want::Fails("S = {2, 4, 7}: nim period 3 (preperiod 8) is not a sum of two elements"),
        ),
        ("survey-winning-ways-max7", "1,8", Want::NotApplicable),
        ("survey-claim-two-move", "2,5", Want::Holds),
        ("survey-claim-two-move", "1,3", Want::Holds),
        ("survey-claim-two-move", "2,5,7", Want::NotApplicable),
        ("survey-claim-austin-two-move-nim", "3,7", Want::Holds),
        ("survey-claim-austin-two-move-nim", "4,9", Want::Holds),
        (
            "survey-claim-austin-two-move-nim",
            "3,6",
            Want::NotApplicable,
        ),
        ("survey-theorem-max-symmetric", "2,5,7", Want::Holds),
        ("survey-theorem-max-symmetric", "2,4,7", Want::NotApplicable),
        ("survey-conjecture-guy", "2,5,7", Want::Holds),
        ("survey-conjecture-guy", "2,5", Want::NotApplicable),
        ("survey-conjecture-3move", "2,4,7", Want::Holds),
        ("survey-conjecture-3move", "2,5,7", Want::NotApplicable),
        ("survey-claim-preperiod-45n2", "8,13,22", Want::Holds),
        (
            "survey-claim-preperiod-45n2",
            "3,8,12",
            Want::Fails(
                "S = {3, 8, 12} (n = 1): outcome preperiod 13, period 5; the claim gives 44",
            ),
        ),
        ("survey-claim-preperiod-45n2", "2,5", Want::NotApplicable),
        ("survey-claim-cubic-period", "1,4,13,17", Want::Holds),
        ("survey-claim-cubic-period", "2,8,25,33", Want::Holds),
        ("survey-claim-cubic-period", "1,4,13", Want::NotApplicable),
        ("survey-claim-flammenkamp-s1", "5,8,14,18", Want::Holds),
        (
            "survey-claim-flammenkamp-s1",
            "3,6,8,12",
            Want::Fails("(n = 3): nim preperiod 13, period 14; the claim gives any and 42"),
        ),
        ("survey-claim-flammenkamp-s2", "2,7,9,13,14", Want::Holds),
        (
            "survey-claim-flammenkamp-s2",
            "2,3,5,6,9",
            Want::NotApplicable,
        ),
        ("survey-claim-flammenkamp-s3", "2,9,11,15,18", Want::Holds),
        ("survey-claim-flammenkamp-s4", "2,5,10,13,15", Want::Holds),
        ("survey-claim-flammenkamp-s4", "3,7,14,18,21", Want::Holds),
        ("survey-claim-ww-additive", "3,5,8", Want::Holds),
        ("survey-claim-ww-additive", "3,7,10", Want::NotApplicable),
        ("survey-conjecture-ww-additive", "3,7,10", Want::Holds),
        (
            "survey-conjecture-ww-additive",
            "3,5,8",
            Want::NotApplicable,
        ),
        ("survey-theorem-ho", "1,3,4", Want::Holds),
        ("survey-theorem-ho", "1,5,12", Want::Holds),
        ("survey-theorem-ho", "1,2,3", Want::NotApplicable),
        ("survey-theorem-cairns-ho", "3,5,9", Want::Holds),
        ("survey-theorem-cairns-ho", "3,5,9,17", Want::Holds),
        ("survey-theorem-cairns-ho", "3,5,33", Want::Holds),
        ("survey-theorem-cairns-ho", "7,9,17", Want::Holds),
        ("survey-theorem-cairns-ho", "3,5,8", Want::NotApplicable),
        ("thesis-conjecture-1", "2,5,7", Want::Holds),
        ("thesis-conjecture-4", "3,7,10", Want::Holds),
        ("thesis-conjecture-9", "2,5,7", Want::Holds),
        (
            "thesis-conjecture-9",
            "4,6,11,14",
            Want::Fails("nim period 34 (preperiod 18), outcome period 17 (preperiod 12)"),
        ),
    ];
    for (name, s, want) in cases {
        let s = set(s);
        expect(name, Sub(&s), clone(want));
        if !matches!(want, Want::NotApplicable) {
            expect(name, Subject::AllBut(&s), Want::NotApplicable);
        }
    }
}

fn clone(want: &Want) -> Want {
    match want {
        Want::Holds => Want::Holds,
        Want::Fails(t) => Want::Fails(t),
        Want::NotApplicable => Want::NotApplicable,
        Want::Error(t) => Want::Error(t),
    }
}

/// The survey's Appendix A, on all-but games, with the digest's verified examples.
#[test]
fn appendix_a_checks() {
    let cases: &[(&str, &str, Want)] = &[
        ("survey-appendix-a1", "2,3,5,7", Want::Holds),
        ("survey-appendix-a2", "3", Want::Holds),
        ("survey-appendix-a2", "3,5", Want::Holds),
        ("survey-appendix-a2", "3,6", Want::Holds),
        ("survey-appendix-a2", "1,4", Want::Holds),
        ("survey-appendix-a2", "1,2,3", Want::NotApplicable),
        ("survey-appendix-a3", "2,7,9", Want::Holds),
        ("survey-appendix-a3", "2,7", Want::NotApplicable),
        ("survey-appendix-a4", "2,7,9", Want::Holds),
        ("survey-appendix-a4", "3,10,13", Want::Holds),
        // a = 1: the open interval (b, b + 1) holds no n; the period is 3ab.
        (
            "survey-appendix-a4",
            "1,4,5",
            Want::Fails("E = {1, 4, 5}: period 12 (saltus 4)"),
        ),
        ("survey-appendix-a4", "2,5,7", Want::NotApplicable),
        ("survey-appendix-a5", "4,6,10,14", Want::Holds),
        ("survey-appendix-a5", "2,3,5,7", Want::NotApplicable),
        ("survey-appendix-a6", "1,2,4,8", Want::Holds),
        ("survey-appendix-a6", "2,3,5,7", Want::NotApplicable),
        ("survey-appendix-a7", "2,3,5,8", Want::Holds),
        ("survey-appendix-a7", "3,7,10,17", Want::Holds),
        ("survey-appendix-a7", "2,3,5,7", Want::NotApplicable),
        ("survey-appendix-a8", "2,5,7,9", Want::Holds),
        ("survey-appendix-a8", "3,4,7,10", Want::NotApplicable),
        ("survey-appendix-a9", "2,5,7,9", Want::Holds),
        ("survey-appendix-a9", "3,7,10,13", Want::Holds),
        ("survey-appendix-a9", "2,7,9,11", Want::NotApplicable),
        ("survey-appendix-a10", "2,7,9,11", Want::Holds),
        ("survey-appendix-a10", "4,13,17,21", Want::Holds),
        (
            "survey-appendix-a10",
            "3,4,7,10",
            Want::Fails(
                "E = {3, 4, 7, 10}: preperiod 3, period 14, saltus 4; the claim gives \
                         preperiod 0, period 45",
            ),
        ),
        ("survey-appendix-a10", "2,5,7,9", Want::NotApplicable),
    ];
    for (name, e, want) in cases {
        let e = set(e);
        expect(name, Subject::AllBut(&e), clone(want));
        expect(name, Subject::Subtraction(&e), Want::NotApplicable);
    }
    // The empty exclusion set is plain Nim: arithmetic periodic (period 1, saltus 1).
    let nim = NumberSet::parse_allow_empty("").unwrap();
    expect("survey-appendix-a1", Subject::AllBut(&nim), Want::Holds);
    expect(
        "survey-appendix-a5",
        Subject::AllBut(&nim),
        Want::NotApplicable,
    );
}

/// Every subset of {1..m} with max exactly m, for m = 1..=max.
fn subsets(max: u32) -> Vec<NumberSet> {
    ranges::sets_up_to(max)
}

/// Runs `name` over `sets` as subjects of `kind`.
fn over(name: &str, sets: &[NumberSet], kind: SubjectKind) -> Tally {
    let subject = |s| match kind {
        SubjectKind::AllBut => Subject::AllBut(s),
        SubjectKind::CumulativeSubtraction => Subject::CumulativeSubtraction(s),
        _ => Subject::Subtraction(s),
    };
    tally(
        find(name).unwrap(),
        sets.iter().map(subject),
        &mut Budget::unlimited(),
    )
    .unwrap()
}

/// Asserts a clean run: no failure, no error, and `applicable` subjects where the claim spoke.
fn clean(name: &str, t: &Tally, applicable: u64) {
    assert_eq!((t.fails, t.errors), (0, 0), "{name}: {t:?}");
    assert_eq!(t.holds, applicable, "{name}: {t:?}");
}

/// The stated ranges over subtraction sets: max S ≤ 7 for Winning Ways (one failure beyond the
/// named exception), max S ≤ 14 (16383 sets) for the general claims.
#[test]
fn survey_ranges() {
    let small = subsets(7);
    let t = over("survey-winning-ways-max7", &small, SubjectKind::Subtraction);
    assert_eq!((t.holds, t.fails, t.errors), (126, 1, 0), "{t:?}");
    assert!(t.first_failure.unwrap().starts_with("S = {2, 4, 7}"));
    let sets = subsets(14);
    for (name, applicable) in [
        ("survey-conjecture-guy", 16278),
        ("survey-conjecture-3move", 322),
        ("survey-theorem-max-symmetric", 381),
        ("survey-claim-two-move", 91),
        ("survey-claim-austin-two-move-nim", 64),
        ("survey-claim-ww-additive", 16),
        ("survey-conjecture-ww-additive", 5),
        ("survey-theorem-ho", 21),
        ("survey-theorem-cairns-ho", 2),
    ] {
        clean(
            name,
            &over(name, &sets, SubjectKind::Subtraction),
            applicable,
        );
    }
    let t = over("thesis-conjecture-9", &sets, SubjectKind::Subtraction);
    assert_eq!(t.errors, 0);
    assert!(t
        .first_failure
        .unwrap()
        .starts_with("S = {2, 3, 6, 7, 9, 10}"));
}

/// The one-parameter families over their parameter (the costly ones in `long_ranges`).
#[test]
fn family_ranges() {
    let family = |f: fn(u32) -> Vec<u32>, n| ranges::family(f, n);
    let pre = family(|n| vec![5 * n - 2, 5 * n + 3, 10 * n + 2], 1..=6);
    let t = over(
        "survey-claim-preperiod-45n2",
        &pre,
        SubjectKind::Subtraction,
    );
    assert_eq!((t.holds, t.fails), (5, 1), "{t:?}");
    let cubic = family(|a| vec![a, 4 * a, 12 * a + 1, 16 * a + 1], 1..=5);
    clean(
        "survey-claim-cubic-period",
        &over(
            "survey-claim-cubic-period",
            &cubic,
            SubjectKind::Subtraction,
        ),
        5,
    );
    let s1 = family(|n| vec![n, n + 3, 3 * n - 1, 3 * n + 3], 3..=10);
    let t = over("survey-claim-flammenkamp-s1", &s1, SubjectKind::Subtraction);
    assert_eq!((t.holds, t.fails), (6, 2), "{t:?}");
    let s2 = family(
        |n| vec![2, 4 * n - 1, 4 * n + 1, 4 * n + 5, 8 * n - 2],
        2..=6,
    );
    clean(
        "survey-claim-flammenkamp-s2",
        &over("survey-claim-flammenkamp-s2", &s2, SubjectKind::Subtraction),
        5,
    );
    let s3 = family(
        |n| vec![2, 4 * n + 1, 4 * n + 3, 4 * n + 7, 8 * n + 2],
        2..=6,
    );
    clean(
        "survey-claim-flammenkamp-s3",
        &over("survey-claim-flammenkamp-s3", &s3, SubjectKind::Subtraction),
        5,
    );
    let s4 = family(
        |n| vec![n, 2 * n + 1, 4 * n + 2, 5 * n + 3, 6 * n + 3],
        2..=6,
    );
    clean(
        "survey-claim-flammenkamp-s4",
        &over("survey-claim-flammenkamp-s4", &s4, SubjectKind::Subtraction),
        5,
    );
}

/// Appendix A over every exclusion set with max E ≤ 12 (4095 sets).
#[test]
fn appendix_a_ranges() {
    let sets = subsets(12);
    for (name, applicable) in [
        ("survey-appendix-a1", 4095),
        ("survey-appendix-a2", 78),
        ("survey-appendix-a3", 220),
        ("survey-appendix-a5", 79),
        ("survey-appendix-a6", 418),
        ("survey-appendix-a7", 8),
        ("survey-appendix-a8", 12),
        ("survey-appendix-a9", 11),
    ] {
        clean(name, &over(name, &sets, SubjectKind::AllBut), applicable);
    }
    let t = over("survey-appendix-a4", &sets, SubjectKind::AllBut);
    assert_eq!(t.errors, 0);
    assert!(t.first_failure.unwrap().starts_with("E = {1, 4, 5}"));
    let t = over("survey-appendix-a10", &sets, SubjectKind::AllBut);
    assert_eq!(t.errors, 0);
    assert!(t.first_failure.unwrap().starts_with("E = {2, 3, 5, 7}"));
}

/// Cumulative subtraction over every S with max S ≤ 10 (the two-pile checks to max S ≤ 6).
#[test]
fn cumulative_ranges() {
    let sets = subsets(10);
    for (name, applicable) in [
        ("cs-theorem-3", 1023),
        ("cs-corollary-5", 1023),
        ("cs-observation-3", 45),
        ("cs-observation-4", 45),
        ("cs-conjecture-16", 8),
        ("cs-conjecture-17", 1023),
        ("stewart-lemma-13", 1023),
        ("stewart-conjecture-14", 1023),
    ] {
        clean(
            name,
            &over(name, &sets, SubjectKind::CumulativeSubtraction),
            applicable,
        );
    }
    // Conjecture 17's first counterexamples have max S = 11 (none up to 10, above).
    let eleven: Vec<NumberSet> = subsets(11).into_iter().filter(|s| s.max() == 11).collect();
    let t = over(
        "cs-conjecture-17",
        &eleven,
        SubjectKind::CumulativeSubtraction,
    );
    assert_eq!((t.holds, t.fails, t.errors), (1022, 2, 0), "{t:?}");
    let witness = t.first_failure.unwrap();
    assert!(witness.starts_with("S = {2, 7, 10, 11}, heap 37: optimal line 11, 7, 10, 7, 2"));
    let pairs = subsets(6);
    for name in ["cs-conjecture-18", "cs-conjecture-19"] {
        clean(
            name,
            &over(name, &pairs, SubjectKind::CumulativeSubtraction),
            63,
        );
    }
}

/// Stewart's Conjectures 15 and 16 over every taking-no-breaking code of up to 4 digits with
/// bean points (the survey `conjecture_15_survey` counts the same cases).
#[test]
fn scoring_ranges() {
    let codes = ranges::bean_codes(4);
    let run = |name: &str| {
        tally(
            find(name).unwrap(),
            codes.iter().map(Subject::ScoringOctal),
            &mut Budget::unlimited(),
        )
        .unwrap()
    };
    clean("stewart-conjecture-15", &run("stewart-conjecture-15"), 240);
    clean("stewart-conjecture-16", &run("stewart-conjecture-16"), 255);
    let printed = run("stewart-conjecture-15-printed");
    assert_eq!((printed.holds, printed.fails), (33, 207), "{printed:?}");
}

/// The long ranges (minutes): `cargo test -p heaplab-engine --release --test checks -- --ignored`
/// prints each check's tally (the table of docs/guide/paper-checks.md comes from this run).
#[test]
#[ignore]
fn long_ranges() {
    let mut print = |run: &ranges::RangeRun| {
        println!("{} over {}: {:?}", run.check, run.range, run.tally);
    };
    let runs = ranges::long_ranges(&mut Budget::unlimited(), &mut print).unwrap();
    assert!(runs.iter().all(|r| r.tally.errors == 0), "{runs:?}");
}

/// A cancel from the budget stops a tally.
#[test]
fn tally_stops_on_cancel() {
    let sets = subsets(5);
    let mut stop = |done: u64, _: u64| done < 3;
    let got = tally(
        find("survey-conjecture-guy").unwrap(),
        sets.iter().map(Subject::Subtraction),
        &mut Budget::with_progress(&mut stop),
    );
    assert_eq!(got, Err(heaplab_engine::EngineError::Cancelled));
}
