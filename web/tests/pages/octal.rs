//! Browser tests of the octal page: URL state, the CSV and plot window, the period badge, and
//! the worker request's values against the plain mex.

use heaplab_web::route::Route;
use wasm_bindgen_test::*;

#[wasm_bindgen_test]
fn octal_query_round_trips_and_validates() {
    use heaplab_web::route::OctalQuery;
    let q = OctalQuery::from_query("code=.16&max=500000&from=10&to=300");
    assert_eq!(q.to_hash(), "#/octal?code=.16&max=500000&from=10&to=300");
    let params = q.validate().unwrap();
    assert_eq!(
        (params.max, params.from, params.to),
        (500_000, 10, Some(300))
    );
    assert_eq!(params.rules.code(), "·16");
    assert_eq!(Route::parse("#/octal"), Route::Octal(OctalQuery::default()));
    for bad in [
        "code=.1W",
        "code=137",
        "code=.77&max=0",
        "code=.77&max=999999999999",
        "code=.77&from=50&to=10",
        "code=.77&to=-3",
    ] {
        let err = OctalQuery::from_query(bad)
            .validate()
            .unwrap_err()
            .to_string();
        assert!(!err.is_empty() && !err.contains('\n'), "{bad}: {err}");
    }
}

#[wasm_bindgen_test]
fn octal_csv_and_plot_window() {
    use heaplab_web::pages::octal::{drawn_heaps, plotted_range, values_csv};
    // Kayles' first values; mask 0 makes the evil numbers (0, 3, 5, 6, …) rare.
    let values = [0u32, 1, 2, 3, 1, 4];
    assert_eq!(
        values_csv(&values, Some(0)),
        "heap,value,class\n0,0,rare\n1,1,common\n2,2,common\n3,3,rare\n4,1,common\n5,4,common\n"
    );
    assert_eq!(values_csv(&values[..1], None), "heap,value,class\n0,0,\n");
    assert_eq!(plotted_range(100, 0, None), (0, 100));
    assert_eq!(plotted_range(100, 10, Some(50)), (10, 50));
    assert_eq!(plotted_range(100, 500, Some(900)), (99, 100));
    // Long windows are sampled, but every rare heap is kept.
    let long: Vec<u32> = (0..100_000)
        .map(|n| if n == 12_345 { 3 } else { 1 })
        .collect();
    let drawn = drawn_heaps(&long, 0, long.len(), Some(0));
    assert!(drawn.len() <= 20_001 && drawn.contains(&12_345));
}

#[wasm_bindgen_test]
fn octal_badge_shows_observed_not_proven() {
    use heaplab_web::pages::octal::verdict;
    use heaplab_web::worker::{solve_octal, OctalRequest};
    let solve = |code: &str| {
        let request = OctalRequest {
            code: code.into(),
            max_heaps: 200,
        };
        solve_octal(&request, &mut |_| {}).unwrap().0
    };
    // Lasker's nim: G(n + 4) = G(n) + 4 is seen, but no test proves it for an infinite code.
    let lasker = solve("4.(3)");
    assert_eq!(
        verdict(&lasker),
        "observed, not proven: G(n + 4) = G(n) + 4 from heap 1"
    );
    assert!(
        lasker.proof.contains("Howse–Nowakowski"),
        "{}",
        lasker.proof
    );
    assert_eq!(verdict(&solve(".77")), "proven by Theorem 3.73 up to 200");
    assert!(verdict(&solve("grundy")).starts_with("not yet periodic"));
}

#[wasm_bindgen_test]
fn octal_worker_request_solves_kayles() {
    use heaplab_web::worker::{solve_octal, OctalRequest};
    let result = solve_octal(
        &OctalRequest {
            code: ".77".into(),
            max_heaps: 10_000,
        },
        &mut |_| {},
    );
    let (report, values) = result.unwrap();
    assert_eq!(report.periodicity.period(), Some(12));
    assert_eq!(report.preperiod(), Some(71));
    assert_eq!(values.len() as u64, report.computed);
    let bad = solve_octal(
        &OctalRequest {
            code: ".9Z".into(),
            max_heaps: 10,
        },
        &mut |_| {},
    );
    assert!(bad.is_err());
}

/// The browser's module has its own octal path (one cell width, no block scans; see
/// `engine/src/octal/fast.rs`), which the native tests never run: its values equal the plain
/// mex of `octal::reference` on every code of up to two digits and on five Table 3.2 games.
#[wasm_bindgen_test]
fn octal_browser_path_matches_the_plain_mex() {
    use heaplab_engine::octal::{reference, Ruleset};
    use heaplab_web::worker::{solve_octal, OctalRequest};
    let two_digit = (1..64).map(|d| format!(".{}{}", d / 8, d % 8));
    let table = [".16", ".127", ".56", ".354", ".376"].map(String::from);
    for code in two_digit.chain(table) {
        let request = OctalRequest {
            code: code.clone(),
            max_heaps: 1_500,
        };
        let (_, values) = solve_octal(&request, &mut |_| {}).unwrap();
        let rules = Ruleset::parse(&code).unwrap();
        let slow = reference::nim_values(&rules, values.len());
        let fast: Vec<u64> = values.iter().map(|&v| u64::from(v)).collect();
        assert_eq!(fast, slow, "{code}");
    }
}
