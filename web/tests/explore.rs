//! Browser tests of the explorer page's state and its sweep job: URL round trips, every bad
//! value named, the page's cap with its CLI command, and a sweep split into pieces and merged
//! as the page does equal to one run (and to the counts the family's definition gives).

use heaplab_engine::sweep::{wire, Summary};
use heaplab_web::pages::explore::results::csv_tables;
use heaplab_web::route::explore::{checks_for, ruleset_link, ExploreQuery, PAGE_CAP};
use heaplab_web::route::Route;
use heaplab_web::worker::jobs::sweep_job;
use heaplab_web::worker::{run_to_end, JobOutput, Place, SweepRequest};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn query_round_trips() {
    for text in [
        "",
        "family=subtraction&m=8&group=max&top=period:5",
        "family=all-but&m=6&k=2&exact=1&group=period&top=saltus:3",
        "family=subtraction&m=7&check=a,b&group=&top=",
    ] {
        let q = ExploreQuery::from_query(text);
        assert_eq!(
            Route::parse(&q.to_hash()),
            Route::Explore(q.clone()),
            "{text}"
        );
    }
    let q = ExploreQuery::from_query("check=x,,y&m=5");
    assert_eq!(q.checks, vec!["x".to_string(), "y".to_string()]);
    assert_eq!(q.m, "5");
}

#[wasm_bindgen_test]
fn a_valid_query_is_the_whole_family() {
    let p = ExploreQuery::from_query("family=subtraction&m=8&group=max&top=period:5")
        .validate()
        .expect("valid");
    assert_eq!(p.len, (1 << 8) - 1);
    assert_eq!(p.request.range, (0, p.len));
    assert_eq!(p.request.top, Some(("period".to_string(), 5)));
    let p = ExploreQuery::from_query("family=subtraction&m=8&k=3&exact=1")
        .validate()
        .expect("valid");
    // |S| = 3 with max S = 8: choose the other two of {1..7}.
    assert_eq!(p.len, 7 * 6 / 2);
}

/// Each tampered value gives a message naming it.
#[wasm_bindgen_test]
fn bad_values_are_named() {
    for (text, needle) in [
        ("m=0", "m must be between"),
        ("m=abc", "m must be a whole number"),
        ("m=-3", "m must be between"),
        ("m=8&k=-1", "k must be between"),
        ("m=8&k=9", "size 9"),
        ("m=8&exact=maybe", "exact must be"),
        ("m=8&top=period", "top must be METRIC:K"),
        ("m=8&top=period:0", "top's K"),
        ("m=8&top=nope:3", "unknown metric `nope`"),
        ("m=8&group=nope", "unknown metric `nope`"),
        ("family=octal&m=8", "unknown family `octal`"),
        ("family=scoring-octal&m=2", "unknown family `scoring-octal`"),
        (
            "m=8&check=stewart-conjecture-15",
            "unknown check `stewart-conjecture-15`",
        ),
        ("m=8&check=no-such-check", "unknown check `no-such-check`"),
    ] {
        let errors = ExploreQuery::from_query(text).validate().unwrap_err();
        assert!(
            errors.iter().any(|e| e.contains(needle)),
            "{text}: {errors:?}"
        );
    }
}

#[wasm_bindgen_test]
fn families_past_the_cap_get_the_cli_command() {
    let q = ExploreQuery::from_query("family=subtraction&m=23&group=max&top=period:5");
    let errors = q.validate().unwrap_err();
    let command =
        "heaplab sweep subtraction --max-move 23 --group-by max --top period:5 --progress";
    assert_eq!(q.cli_command(), command);
    assert!(errors[0].contains(command), "{errors:?}");
    assert!(errors[0].contains("4,194,304"), "{errors:?}");
    assert_eq!(PAGE_CAP, 1 << 22);
    // m = 22 is exactly 2^22 - 1 sets: inside the cap.
    assert!(ExploreQuery::from_query("m=22").validate().is_ok());
    let odd = ExploreQuery::from_query("m=5&group=it's");
    assert!(odd.cli_command().contains(r"--group-by 'it'\''s'"));
}

#[wasm_bindgen_test]
fn checks_offered_are_those_that_apply() {
    for family in ["subtraction", "all-but", "cumulative-subtraction"] {
        let kind = heaplab_web::protocol::sweep::set_family(family, 1, None, false)
            .unwrap()
            .kind();
        let offered = checks_for(family);
        let expected: Vec<&str> = heaplab_engine::checks::all()
            .iter()
            .filter(|c| c.applies_to.contains(&kind))
            .map(|c| c.name)
            .collect();
        assert_eq!(offered.iter().map(|c| c.name).collect::<Vec<_>>(), expected);
    }
    assert!(checks_for("nope").is_empty());
}

/// The summary of `request`'s range, run as a worker runs it (sent as text, decoded).
fn run(request: &SweepRequest) -> Summary {
    match run_to_end(&sweep_job::spec(request, request.range), Place::Worker) {
        Ok(JobOutput::Sweep(text)) => wire::decode(&text).expect("a summary"),
        other => panic!("not a sweep: {other:?}"),
    }
}

/// Pieces merged in any order give the one-run summary, and grouping subtraction sets
/// `S ⊆ {1..8}` by max gives `2^(j-1)` sets with max `j` (the other elements are any subset
/// of `{1..j-1}`).
#[wasm_bindgen_test]
fn pieces_merge_to_the_whole_and_the_counts_of_the_definition() {
    let checks: Vec<String> = checks_for("subtraction")
        .iter()
        .take(2)
        .map(|c| c.name.to_string())
        .collect();
    let q = ExploreQuery {
        checks,
        ..ExploreQuery::from_query("family=subtraction&m=8&group=max&top=period:5")
    };
    let whole_request = q.validate().expect("valid").request;
    let sweep = whole_request.sweep().unwrap();
    let whole = run(&whole_request);
    let mut merged = sweep.empty_summary();
    for (start, end) in [(200, 255), (0, 17), (17, 200)] {
        let mut piece = whole_request.clone();
        piece.range = (start, end);
        merged.merge(run(&piece), sweep.caps());
    }
    assert_eq!(merged, whole);
    let expected: Vec<(Option<i64>, u64)> = (1..=8).map(|j| (Some(j), 1u64 << (j - 1))).collect();
    assert_eq!(whole.groups, expected);
    assert_eq!(whole.rulesets, 255);
    assert_eq!(whole.top.len(), 5);
    // One clean table a file: a header line, then its rows only.
    let tables = csv_tables(&whole, "max", "period");
    let names: Vec<&str> = tables.iter().map(|(name, _)| *name).collect();
    assert_eq!(names, ["totals", "groups", "records", "checks", "failures"]);
    assert_eq!(
        tables[0].1,
        format!(
            "rulesets,matched,errors,distinct_sequences\n255,255,0,{}\n",
            whole.sequences.len()
        )
    );
    assert!(
        tables[1].1.starts_with("max,count\n1,1\n2,2\n"),
        "{}",
        tables[1].1
    );
    assert!(
        tables[2].1.starts_with("rank,period,index,ruleset\n1,"),
        "{}",
        tables[2].1
    );
    for (name, text) in &tables {
        assert!(!text.contains("\n\n"), "{name} holds an empty line: {text}");
    }
}

/// A cumulative subtraction sweep with its paper's checks, run as a worker runs it, gives the
/// engine's own sweep of the family (every check and metric of the CLI).
#[wasm_bindgen_test]
fn a_cumulative_subtraction_sweep_is_the_engines() {
    let q = ExploreQuery {
        checks: vec!["cs-conjecture-17".into(), "cs-observation-3".into()],
        ..ExploreQuery::from_query("family=cumulative-subtraction&m=6&group=max&top=xi:3")
    };
    let request = q.validate().expect("valid").request;
    let page = run(&request);
    let spec = request.spec().unwrap();
    let engine = heaplab_engine::sweep::Sweep::new(spec).unwrap();
    let whole = engine
        .run_range(
            0..engine.spec().family.len(),
            &mut heaplab_engine::Budget::unlimited(),
        )
        .unwrap();
    assert_eq!(page, whole);
    assert_eq!(page.rulesets, 63);
    assert_eq!(page.errors, 0);
    assert_eq!(page.checks.len(), 2);
}

#[wasm_bindgen_test]
fn a_range_past_the_family_is_refused() {
    let request = ExploreQuery::from_query("m=4").validate().unwrap().request;
    assert!(
        run_to_end(&sweep_job::spec(&request, (0, 100)), Place::Worker)
            .unwrap_err()
            .contains("not inside")
    );
    // A request the page would never send (m = 0) is refused by the job itself.
    let bad = SweepRequest { m: 0, ..request };
    assert!(run_to_end(&sweep_job::spec(&bad, (0, 1)), Place::Worker)
        .unwrap_err()
        .contains("m"));
}

#[wasm_bindgen_test]
fn rulesets_link_to_their_pages() {
    assert_eq!(
        ruleset_link("subtraction", "2,5,7").as_deref(),
        Some("#/subtraction?S=2,5,7&n=100")
    );
    // A set whose smallest move is 1,087 opens with heaps past its first zeros.
    assert_eq!(
        ruleset_link("subtraction", "1087,1200").as_deref(),
        Some("#/subtraction?S=1087,1200&n=9600")
    );
    assert_eq!(
        ruleset_link("all-but", "2,3").as_deref(),
        Some("#/subtraction?E=2,3")
    );
    assert_eq!(
        ruleset_link("cumulative-subtraction", "2,3").as_deref(),
        Some("#/cumulative-subtraction?S=2,3")
    );
    assert_eq!(ruleset_link("all-but", "∅"), None);
}

#[wasm_bindgen_test]
fn clicked_rulesets_show_two_periods_or_eight_largest_moves() {
    use heaplab_web::route::{max_terms_for, terms_to_show};
    assert_eq!(terms_to_show(&[1, 2], Some((0, 3))), 100);
    assert_eq!(terms_to_show(&[3, 500], Some((10, 1000))), 2010);
    assert_eq!(terms_to_show(&[1087, 1100], None), 8800);
    assert_eq!(terms_to_show(&[10_000_000], None), max_terms_for(1));
}
