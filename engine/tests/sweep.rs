//! The explorer's sweeps: the sweep's metrics equal the single-ruleset entry points
//! on every ruleset of small families, shards merge to the one-process summary, group counts
//! sum to the total, and checks are tallied with their first failures.

use heaplab_engine::checks::{Check, Subject, SubjectKind, Verdict};
use heaplab_engine::ruleset::NumberSet;
use heaplab_engine::scoring::{self, octal::ScoringLimits};
use heaplab_engine::subtraction::{self, reference, Limits, DEFAULT_SEARCH};
use heaplab_engine::sweep::family::Ruleset;
use heaplab_engine::sweep::{
    metrics, shard_range, wire, Family, FamilyOptions, Summary, Sweep, SweepSpec, TopSpec,
};
use heaplab_engine::{all_but, Budget, EngineError, Periodicity};
use heaplab_engine::{cumulative_subtraction, octal, period_map};

fn spec(family: Family) -> SweepSpec {
    SweepSpec {
        family,
        checks: Vec::new(),
        filter: None,
        group_by: None,
        top: None,
        rows: 1_000_000,
        search: DEFAULT_SEARCH,
    }
}

/// Family `name` with `m` as its bound (set families) or its number of digits (codes).
fn family(name: &str, m: u32) -> Family {
    let codes = ["octal", "hexadecimal", "scoring-octal"].contains(&name);
    let options = FamilyOptions {
        bound: Some(m).filter(|_| !codes),
        digits: Some(m).filter(|_| codes),
        ..FamilyOptions::default()
    };
    Family::parse(name, &options).unwrap()
}

fn subtraction_family(m: u32) -> Family {
    family("subtraction", m)
}

fn run(sweep: &Sweep) -> Summary {
    let len = sweep.spec().family.len();
    sweep.run_range(0..len, &mut Budget::unlimited()).unwrap()
}

fn pair(p: Periodicity) -> [Option<i64>; 2] {
    [
        p.period().map(|v| v as i64),
        p.preperiod().map(|v| v as i64),
    ]
}

#[test]
fn subtraction_metrics_equal_the_single_ruleset_solver_and_the_reference() {
    let sweep = Sweep::new(spec(subtraction_family(8))).unwrap();
    let summary = run(&sweep);
    assert_eq!(summary.rows.len(), 255);
    for row in &summary.rows {
        let set = NumberSet::parse(&row.ruleset).unwrap();
        let limits = Limits::new(1, DEFAULT_SEARCH).unwrap();
        let report = subtraction::solve(&set, limits, &mut Budget::unlimited()).unwrap();
        let (nim, outcome) = (pair(report.nim_period), pair(report.outcome_period));
        // The slow reference: values by the definition, the least period by brute force.
        let values = reference::nim_values(set.elements(), 400);
        let slow = reference::least_period(&values, set.max() as usize);
        assert_eq!(pair(slow), nim, "{}", row.ruleset);
        let end = (nim[0].unwrap() + nim[1].unwrap()) as usize;
        let max_value = values[..end].iter().max().map(|&v| i64::from(v));
        let e = set.elements();
        let mut expected = vec![
            Some(e.len() as i64),
            Some(i64::from(set.max())),
            Some(i64::from(e[0])),
        ];
        expected.extend(nim);
        expected.extend(outcome);
        expected.push(max_value);
        assert_eq!(row.values, expected, "{}", row.ruleset);
    }
}

/// The sweep reuses one workspace for a whole chunk; on every set with max S <= 12 its
/// metrics equal a fresh `subtraction::solve`, and `solve_with` in one workspace reused in the
/// opposite order (large sets before small ones) gives the same reports as `solve`. The
/// outcome period (read off the nim period) equals the bit-parallel outcome search and the
/// reference.
#[test]
fn reused_workspaces_give_the_fresh_solver_s_answers_up_to_max_12() {
    let sweep = Sweep::new(SweepSpec {
        rows: 4095,
        ..spec(subtraction_family(12))
    })
    .unwrap();
    let summary = run(&sweep);
    assert_eq!(summary.rows.len(), 4095);
    let limits = Limits::new(40, DEFAULT_SEARCH).unwrap();
    let mut workspace = subtraction::Workspace::new();
    for row in summary.rows.iter().rev() {
        let set = NumberSet::parse(&row.ruleset).unwrap();
        let fresh = subtraction::solve(&set, limits, &mut Budget::unlimited()).unwrap();
        let reused =
            subtraction::solve_with(&mut workspace, &set, limits, &mut Budget::unlimited());
        assert_eq!(reused.unwrap(), fresh, "{}", row.ruleset);
        assert_eq!(row.values[3..5], pair(fresh.nim_period), "{}", row.ruleset);
        assert_eq!(
            row.values[5..7],
            pair(fresh.outcome_period),
            "{}",
            row.ruleset
        );
        // The outcome period read off the nim period equals the outcome sequence's own search
        // and the reference's least period of the P-positions.
        let own = subtraction::outcome_period(&set, DEFAULT_SEARCH, &mut Budget::unlimited());
        assert_eq!(own.unwrap(), fresh.outcome_period, "{}", row.ruleset);
        let p = reference::p_positions(set.elements(), 3000);
        let slow = reference::least_period_at_tail(&p, set.max() as usize);
        assert_eq!(slow, fresh.outcome_period, "{}", row.ruleset);
    }
}

#[test]
fn all_but_metrics_equal_the_single_ruleset_solver() {
    let sweep = Sweep::new(spec(family("all-but", 6))).unwrap();
    let summary = run(&sweep);
    assert_eq!(summary.rows.len(), 64);
    assert_eq!(summary.rows[0].ruleset, "∅");
    for (i, row) in summary.rows.iter().enumerate() {
        let Ruleset::AllBut(e) = sweep.spec().family.get(i as u64).unwrap() else {
            panic!("not an all-but set");
        };
        let p = all_but::arithmetic_period(&e, DEFAULT_SEARCH, &mut Budget::unlimited()).unwrap();
        assert_eq!(row.values[3..5], pair(p), "{}", row.ruleset);
        assert_eq!(row.values[5], p.saltus().map(|v| v as i64));
    }
}

#[test]
fn cumulative_metrics_equal_the_single_ruleset_solver() {
    let sweep = Sweep::new(spec(family("cumulative-subtraction", 6))).unwrap();
    let summary = run(&sweep);
    assert_eq!(summary.rows.len(), 63);
    for row in &summary.rows {
        let set = NumberSet::parse(&row.ruleset).unwrap();
        let m = u64::from(set.max());
        let limits = Limits::new(2 * m * m + m + 1, DEFAULT_SEARCH).unwrap();
        let r = cumulative_subtraction::solve(&set, limits, &mut Budget::unlimited()).unwrap();
        // The slow reference DP gives the same outcomes.
        let slow = cumulative_subtraction::reference_outcomes(set.elements(), r.outcomes.len());
        let fast: Vec<i64> = r.outcomes.iter().map(|&o| i64::from(o)).collect();
        assert_eq!(fast, slow, "{}", row.ruleset);
        let sacrifices: Vec<u32> = (0..r.outcomes.len()).map(|x| r.sacrifice(x)).collect();
        assert_eq!(row.values[3..5], pair(r.period), "{}", row.ruleset);
        assert_eq!(row.values[5], r.convergence.map(|v| v as i64));
        assert_eq!(row.values[6], r.converged_action.map(i64::from));
        assert_eq!(
            row.values[7],
            sacrifices.iter().max().map(|&v| i64::from(v))
        );
        let heaps = sacrifices.iter().filter(|&&v| v > 0).count() as i64;
        assert_eq!(row.values[8], Some(heaps));
    }
}

#[test]
fn octal_metrics_equal_the_single_ruleset_solver_and_the_reference() {
    let sweep = Sweep::new(SweepSpec {
        search: 1 << 12,
        ..spec(family("octal", 2))
    })
    .unwrap();
    let summary = run(&sweep);
    assert_eq!(summary.rows.len(), 56);
    assert_eq!(summary.errors, 0);
    for row in &summary.rows {
        let rules = octal::Ruleset::parse(&row.ruleset).unwrap();
        let limits = octal::Limits {
            terms: 300,
            prove: true,
            max_heaps: 1 << 12,
        };
        let report = octal::solve(&rules, limits, &mut Budget::unlimited()).unwrap();
        assert_eq!(
            row.values[3..5],
            pair(report.periodicity),
            "{}",
            row.ruleset
        );
        let fast: Vec<u64> = report.values.iter().map(|&v| u64::from(v)).collect();
        assert_eq!(
            fast,
            octal::reference::nim_values(&rules, 300),
            "{}",
            row.ruleset
        );
    }
}

#[test]
fn period_map_cells_equal_the_map_solver_and_its_reference() {
    let window = period_map::Window {
        x0: 1,
        x1: 12,
        y0: 2,
        y1: 14,
    };
    let options = FamilyOptions {
        fixed: Some(15),
        window: Some(window),
        ..FamilyOptions::default()
    };
    let family = Family::parse("3move", &options).unwrap();
    let sweep = Sweep::new(spec(family)).unwrap();
    let summary = run(&sweep);
    assert_eq!(summary.rows.len(), 11 * 12);
    let map = period_map::Family::ThreeMove { s3: 15 };
    for row in &summary.rows {
        let (x, y) = (row.values[0].unwrap() as u32, row.values[1].unwrap() as u32);
        let cell = period_map::reference_cell(map, x, y, 1 << 16);
        let expected = [
            cell.period.map(|p| p as i64),
            cell.preperiod.map(|p| p as i64),
        ];
        assert_eq!(row.values[5..7], expected, "({x}, {y})");
        assert_eq!(
            row.values[3].is_some(),
            x < y,
            "({x}, {y}): max_move only inside the family"
        );
    }
}

#[test]
fn scoring_octal_metrics_equal_the_scoring_solver_and_cumulative_subtraction() {
    let sweep = Sweep::new(spec(family("scoring-octal", 3))).unwrap();
    let summary = run(&sweep);
    assert_eq!(summary.rows.len(), 3 * 4 * 4);
    assert_eq!(summary.errors, 0);
    let mut as_cumulative = 0;
    for (i, row) in summary.rows.iter().enumerate() {
        let Ruleset::ScoringOctal(rules) = sweep.spec().family.get(i as u64).unwrap() else {
            panic!("not a scoring octal game");
        };
        let limits = ScoringLimits::new(1, DEFAULT_SEARCH).unwrap();
        let report = scoring::octal::solve(&rules, None, limits, &mut Budget::unlimited()).unwrap();
        assert_eq!(row.values[3..5], pair(report.period), "{}", row.ruleset);
        // Codes of 0s and 3s with p_i = i are cumulative subtraction (Stewart's G_s).
        if let Some(set) = rules.as_cumulative_subtraction() {
            as_cumulative += 1;
            let limits = Limits::new(1, DEFAULT_SEARCH).unwrap();
            let cs = cumulative_subtraction::solve(&set, limits, &mut Budget::unlimited()).unwrap();
            assert_eq!(row.values[3..5], pair(cs.period), "{}", row.ruleset);
        }
    }
    assert_eq!(as_cumulative, 4, "the subsets of {{1, 2, 3}} with max 3");
}

/// A test-only claim (not a paper's): "the nim period is at most 2 max S". It fails on some
/// sets, so tallies and first failures have something to count.
fn short_period(subject: &Subject<'_>, _: &mut Budget<'_>) -> Result<Verdict, EngineError> {
    let Subject::Subtraction(set) = subject else {
        return Ok(Verdict::NotApplicable);
    };
    if set.elements().len() == 1 {
        return Ok(Verdict::NotApplicable);
    }
    let p = subtraction::nim_period(set, DEFAULT_SEARCH, &mut Budget::unlimited())?;
    Ok(match p.period() {
        Some(p) if p > 2 * u64::from(set.max()) => Verdict::Fails {
            witness: format!("period {p}"),
        },
        _ => Verdict::Holds,
    })
}

/// A test-only check on every subtraction set.
const fn test_check(name: &'static str, statement: &'static str, run: RunCheck) -> Check {
    Check {
        name,
        citation: "test only",
        statement,
        applies_to: &[SubjectKind::Subtraction],
        stated_range: "every S",
        run,
    }
}

type RunCheck = fn(&Subject<'_>, &mut Budget<'_>) -> Result<Verdict, EngineError>;

static TEST_CHECK: Check = test_check(
    "test-short-period",
    "the nim period is at most 2 max S",
    short_period,
);

/// Steps the slow test check has taken (only the cancel test runs it).
static SLOW_STEPS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// A test-only check that takes a million steps on every ruleset, polling its budget at each,
/// as a slow check does through its solvers.
fn slow(_: &Subject<'_>, budget: &mut Budget<'_>) -> Result<Verdict, EngineError> {
    for step in 0..1_000_000 {
        SLOW_STEPS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        budget.tick(step, 1_000_000)?;
    }
    Ok(Verdict::Holds)
}

static SLOW_CHECK: Check = test_check("test-slow", "holds after a million steps", slow);

fn find_test_check(name: &str) -> Result<&'static Check, EngineError> {
    match name {
        "test-short-period" => Ok(&TEST_CHECK),
        "test-slow" => Ok(&SLOW_CHECK),
        _ => heaplab_engine::checks::find(name),
    }
}

fn full_spec(m: u32) -> SweepSpec {
    SweepSpec {
        checks: vec!["test-short-period".into()],
        filter: Some("size >= 2".into()),
        group_by: Some("max".into()),
        top: Some(TopSpec {
            metric: "period".into(),
            k: 7,
        }),
        rows: 50,
        ..spec(subtraction_family(m))
    }
}

#[test]
fn shards_and_chunks_merge_to_the_one_process_summary() {
    let sweep = Sweep::with_checks(full_spec(11), find_test_check).unwrap();
    let len = sweep.spec().family.len();
    let whole = run(&sweep);
    for count in [3u64, 4] {
        let mut merged = sweep.empty_summary();
        // Merge in reverse order: the result must not depend on it.
        for i in (0..count).rev() {
            let range = shard_range(len, i, count).unwrap();
            let part = sweep.run_range(range, &mut Budget::unlimited()).unwrap();
            // Each part as a Web Worker sends it: as text, decoded by the page.
            let part = wire::decode(&wire::encode(&part)).unwrap();
            merged.merge(part, sweep.caps());
        }
        assert_eq!(merged, whole, "{count} shards");
    }
    assert!(!whole.rows.is_empty() && !whole.checks[0].first_failures.is_empty());
    assert_eq!(wire::decode(&wire::encode(&whole)).unwrap(), whole);
}

#[test]
fn counts_groups_and_checks_agree_with_direct_counting() {
    let sweep = Sweep::with_checks(full_spec(9), find_test_check).unwrap();
    let s = run(&sweep);
    assert_eq!(s.rulesets, 511);
    assert_eq!(s.matched, 511 - 9, "the 9 singletons fail `size >= 2`");
    assert_eq!(s.errors, 0);
    assert_eq!(s.groups.iter().map(|g| g.1).sum::<u64>(), s.matched);
    // Sets with max S = m and at least 2 elements: 2^(m-1) - 1.
    for &(key, count) in &s.groups {
        let m = key.unwrap();
        assert_eq!(count, (1u64 << (m - 1)) - 1, "max {m}");
    }
    let tally = &s.checks[0];
    let mut fails = Vec::new();
    let mut ranked = Vec::new();
    for i in 0..511 {
        let Ruleset::Subtraction(set) = sweep.spec().family.get(i).unwrap() else {
            unreachable!()
        };
        if set.elements().len() < 2 {
            continue;
        }
        let p = subtraction::nim_period(&set, DEFAULT_SEARCH, &mut Budget::unlimited()).unwrap();
        if p.period().unwrap() > 2 * u64::from(set.max()) {
            fails.push(i);
        }
        ranked.push((std::cmp::Reverse(p.period().unwrap() as i64), i));
    }
    ranked.sort_unstable();
    let top: Vec<(i64, u64)> = s.top.iter().map(|r| (r.value, r.index)).collect();
    let expected: Vec<(i64, u64)> = ranked[..7].iter().map(|&(v, i)| (v.0, i)).collect();
    assert_eq!(top, expected, "top-k: largest period first, ties by index");
    assert!(!fails.is_empty(), "the test claim should fail somewhere");
    assert_eq!(tally.fails, fails.len() as u64);
    assert_eq!(tally.holds + tally.fails, s.matched);
    let first: Vec<u64> = tally.first_failures.iter().map(|f| f.index).collect();
    assert_eq!(first, fails[..first.len()]);
    // Top-k: sorted by period, ties by index, and no unlisted ruleset beats the last one.
    let top = &s.top;
    assert_eq!(top.len(), 7);
    assert!(top
        .windows(2)
        .all(|w| (w[0].value, w[1].index) >= (w[1].value, w[0].index)));
}

#[test]
fn bad_specs_fail_before_the_sweep() {
    let bad = |edit: fn(&mut SweepSpec)| {
        let mut s = full_spec(5);
        edit(&mut s);
        Sweep::with_checks(s, find_test_check)
            .err()
            .map(|e| e.to_string())
    };
    let err = bad(|s| s.checks.push("no-such-check".into())).unwrap();
    assert!(err.contains("unknown check `no-such-check`"), "{err}");
    let err = bad(|s| s.group_by = Some("colour".into())).unwrap();
    assert!(err.contains("unknown metric `colour`"), "{err}");
    let err = bad(|s| s.filter = Some("perod > 1".into())).unwrap();
    assert!(err.contains("unknown name `perod`"), "{err}");
    let err = bad(|s| s.filter = Some("period + 1".into())).unwrap();
    assert!(err.contains("first ruleset"), "{err}");
    let err = bad(|s| s.family = family("all-but", 4)).unwrap();
    assert!(err.contains("does not speak about this family"), "{err}");
    let bound = |m| FamilyOptions {
        bound: Some(m),
        ..FamilyOptions::default()
    };
    assert!(Family::parse("subtraction", &bound(0)).is_err());
    assert!(Family::parse("subtraction", &bound(1000)).is_err());
    assert!(Family::parse("octal", &bound(3)).is_err());
}

#[test]
fn cancelling_stops_a_sweep() {
    let sweep = Sweep::new(spec(subtraction_family(12))).unwrap();
    let mut stop = |_: u64, _: u64| false;
    let result = sweep.run_range(0..4095, &mut Budget::with_progress(&mut stop));
    assert_eq!(result, Err(EngineError::Cancelled));
}

/// A cancel reaches a check midway through its first ruleset: the sweep stops with a clean
/// `Cancelled` after the few steps the budget allowed (counted, not timed), and the progress
/// the sweep's callback sees is its own (rulesets), never the check's step numbers.
#[test]
fn cancelling_stops_a_slow_check_midway() {
    let spec = SweepSpec {
        checks: vec!["test-slow".into()],
        ..spec(subtraction_family(4))
    };
    let sweep = Sweep::with_checks(spec, find_test_check).unwrap();
    let mut polls = Vec::new();
    let mut stop_at_fifth = |done: u64, total: u64| {
        polls.push((done, total));
        polls.len() < 5
    };
    let result = sweep.run_range(0..15, &mut Budget::with_progress(&mut stop_at_fifth));
    assert_eq!(result, Err(EngineError::Cancelled));
    assert_eq!(
        polls,
        vec![(0, 15); 5],
        "the sweep's own progress, re-reported"
    );
    let steps = SLOW_STEPS.load(std::sync::atomic::Ordering::Relaxed);
    assert_eq!(steps, 5, "the check stopped at the poll that cancelled");
}

fn mask(set: &[u32]) -> u64 {
    set.iter().map(|&s| 1u64 << (s - 1)).sum()
}

proptest::proptest! {
    /// On families too large to enumerate: set `i` meets the family's constraints and the sets
    /// come in strictly increasing mask order (so the index is a bijection onto the family).
    #[test]
    fn large_families_index_in_increasing_mask_order(
        m in 10u32..=40,
        size in proptest::option::of(1u32..=10),
        exact_max: bool,
        at in 0.0f64..1.0,
    ) {
        let Ok(sets) = heaplab_engine::sweep::Subsets::new(m, size, exact_max, false) else {
            return Ok(());
        };
        let i = ((sets.len() - 1) as f64 * at) as u64;
        let set = sets.get(i);
        proptest::prop_assert!(!set.is_empty() && *set.last().unwrap() <= m);
        proptest::prop_assert!(size.is_none_or(|k| set.len() == k as usize));
        proptest::prop_assert!(!exact_max || *set.last().unwrap() == m);
        if i + 1 < sets.len() {
            proptest::prop_assert!(mask(&set) < mask(&sets.get(i + 1)));
        }
        if i > 0 {
            proptest::prop_assert!(mask(&sets.get(i - 1)) < mask(&set));
        }
    }
}

/// Counts distinct periodic parts by hand: for every row with a proven period (columns
/// `at`, `at + 1`: period, preperiod), `part(ruleset, row, pre..end)` lists the periodic part
/// of the family's reference sequence (plus the all-but saltus); the parts are collected into
/// a set, independently of the sweep's hashes.
fn distinct_by_hand(sweep: &Sweep, summary: &Summary, at: usize, part: &Part) -> usize {
    let mut seen = std::collections::HashSet::new();
    for row in &summary.rows {
        let (Some(period), Some(pre)) = (row.values[at], row.values[at + 1]) else {
            continue;
        };
        let ruleset = sweep.spec().family.get(row.index).unwrap();
        let range = pre as usize..(pre + period) as usize;
        seen.insert(part(ruleset, &row.values, range));
    }
    seen.len()
}

type Part = dyn Fn(Ruleset, &[Option<i64>], std::ops::Range<usize>) -> Vec<i64>;

fn as_i64<T: TryInto<i64> + Copy>(values: &[T]) -> Vec<i64> {
    values.iter().map(|&v| v.try_into().ok().unwrap()).collect()
}

/// Distinct-sequence counts of every family equal a count by hand over small families, and
/// some rulesets share a sequence (so the count is not just the number of rulesets).
#[test]
fn distinct_sequences_are_counted_in_every_family() {
    let check = |sweep: Sweep, at, part: &Part| {
        let summary = run(&sweep);
        let expected = distinct_by_hand(&sweep, &summary, at, part);
        assert_eq!(
            summary.sequences.len(),
            expected,
            "{:?}",
            sweep.spec().family
        );
        assert!(expected > 1 && (expected as u64) < summary.matched);
    };
    check(
        Sweep::new(spec(subtraction_family(8))).unwrap(),
        3,
        &|r, _, range| as_i64(&reference::nim_values(&r.elements(), range.end)[range]),
    );
    check(
        Sweep::new(spec(family("all-but", 5))).unwrap(),
        3,
        &|r, row, range| {
            let values = all_but::reference::nim_values(&r.elements(), range.end);
            let mut part = as_i64(&values[range]);
            part.push(row[5].unwrap());
            part
        },
    );
    let cs = spec(family("cumulative-subtraction", 6));
    check(Sweep::new(cs).unwrap(), 3, &|r, _, range| {
        cumulative_subtraction::reference_outcomes(&r.elements(), range.end)[range].to_vec()
    });
    let octal_spec = SweepSpec {
        search: 1 << 12,
        ..spec(family("octal", 2))
    };
    check(Sweep::new(octal_spec).unwrap(), 3, &|r, _, range| {
        let Ruleset::Code(rules) = r else { panic!() };
        as_i64(&octal::reference::nim_values(&rules, range.end)[range])
    });
    check(
        Sweep::new(spec(family("scoring-octal", 3))).unwrap(),
        3,
        &|r, _, range| {
            let Ruleset::ScoringOctal(rules) = r else {
                panic!()
            };
            let limits = ScoringLimits::new(range.end as u64, DEFAULT_SEARCH).unwrap();
            let report = scoring::octal::solve(&rules, None, limits, &mut Budget::unlimited());
            let values = report.unwrap().values;
            values[range]
                .iter()
                .flat_map(|v| [v.numer(), v.denom()])
                .collect()
        },
    );
    let options = FamilyOptions {
        fixed: Some(15),
        window: Some(period_map::Window {
            x0: 1,
            x1: 12,
            y0: 2,
            y1: 14,
        }),
        ..FamilyOptions::default()
    };
    let map = Family::parse("3move", &options).unwrap();
    check(Sweep::new(spec(map)).unwrap(), 5, &|r, _, range| {
        let p = reference::p_positions(&r.elements(), range.end);
        p[range].iter().map(|&b| i64::from(b)).collect()
    });
}

/// The web page's measure (families of sets only) gives every row and the whole summary of
/// the full one on those families, and counts any other ruleset as an error.
#[test]
fn the_set_measure_equals_the_full_one_on_its_families() {
    let find = heaplab_engine::checks::find;
    for name in ["subtraction", "all-but", "cumulative-subtraction"] {
        let spec = || SweepSpec {
            group_by: Some("max".into()),
            ..spec(family(name, 9))
        };
        let full = Sweep::with_checks(spec(), find).unwrap();
        let sets = Sweep::with_parts(spec(), find, metrics::measure_sets).unwrap();
        assert_eq!(run(&sets), run(&full), "{name}");
    }
    let octal = Sweep::with_parts(spec(family("octal", 2)), find, metrics::measure_sets).unwrap();
    let summary = run(&octal);
    assert_eq!((summary.errors, summary.matched), (summary.rulesets, 0));
    assert!(summary.first_errors[0]
        .detail
        .contains("cumulative subtraction sets only"));
}

/// [`Summary::validate`] accepts the summary of every shard of a real sweep (with groups,
/// records, rows and a check) against its own range, and refuses it against a neighbour's
/// range, with a count off by one, or with a record moved out of its range.
#[test]
fn summaries_validate_against_their_own_range_only() {
    let sweep = Sweep::new(SweepSpec {
        checks: vec!["survey-winning-ways-max7".into()],
        group_by: Some("max".into()),
        top: Some(TopSpec {
            metric: "period".into(),
            k: 5,
        }),
        rows: 30,
        ..spec(subtraction_family(9))
    })
    .unwrap();
    let (caps, checks) = (sweep.caps(), &sweep.spec().checks);
    let len = sweep.spec().family.len();
    for (i, n) in [(0, 1), (0, 3), (1, 3), (2, 3)] {
        let range = shard_range(len, i, n).unwrap();
        let part = sweep
            .run_range(range.clone(), &mut Budget::unlimited())
            .unwrap();
        assert_eq!(part.validate(&range, caps, checks), Ok(()), "shard {i}/{n}");
        let shifted = range.start + 1..range.end + 1;
        assert!(
            part.validate(&shifted, caps, checks).is_err(),
            "shard {i}/{n}"
        );
        let mut forged = part.clone();
        forged.matched += 1;
        assert!(forged.validate(&range, caps, checks).is_err());
        let mut forged = part.clone();
        forged.top[0].index = range.end;
        assert!(forged.validate(&range, caps, checks).is_err());
    }
}
