//! `cargo xtask bench`: heaps per second of the fast solvers against the slow references,
//! measured in the same run and stated as ratios. Plain timing, no assertions.
//!
//! Usage: `cargo run --release -p heaplab-engine --example bench -- [--heaps N] [SECTION...]`
//! (or `cargo xtask bench [--heaps N] [SECTION...]`). With SECTION names only those sections
//! run, for example `cargo xtask bench period-map`; `--list` prints the names.

use heaplab_engine::period_map::{self, Family};
use heaplab_engine::plane::{self, MoveSet};
use heaplab_engine::ruleset::NumberSet;
use heaplab_engine::subtraction::{self, reference};
use heaplab_engine::{all_but, cumulative_subtraction, Budget};
use std::hint::black_box;
use std::time::{Duration, Instant};

/// The period-map cell solver as it stood before issue 16: the bench's frozen baseline.
#[path = "frozen/cell_solver.rs"]
mod frozen_cells;

/// Runs `job` until at least 0.3 s have passed and returns the best time of one run.
fn best_time(mut job: impl FnMut()) -> Duration {
    let mut best = Duration::MAX;
    let started = Instant::now();
    while started.elapsed() < Duration::from_millis(300) || best == Duration::MAX {
        let t = Instant::now();
        job();
        best = best.min(t.elapsed());
    }
    best
}

fn report(name: &str, heaps: usize, fast: Duration, slow: Duration) {
    let rate = |d: Duration| heaps as f64 / d.as_secs_f64();
    println!(
        "{name:<44} fast {:>12.3e} heaps/s   reference {:>12.3e} heaps/s   ratio {:>8.1}x",
        rate(fast),
        rate(slow),
        slow.as_secs_f64() / fast.as_secs_f64()
    );
}

/// The sections of the benchmark, in the order they run.
const SECTIONS: [&str; 14] = [
    "outcomes",
    "nim-values",
    "outcome-period",
    "all-but",
    "period-map",
    "plane",
    "cumulative-subtraction",
    "cumulative-games",
    "octal",
    "octal-split-sets",
    "scoring",
    "partizan",
    "sweep",
    "rules",
];

fn main() -> std::process::ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut heaps = 10_000_000usize;
    let mut chosen: Vec<&str> = Vec::new();
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--heaps" => {
                match args.get(i + 1).and_then(|v| v.parse().ok()) {
                    Some(n) => heaps = n,
                    None => {
                        eprintln!("bench: --heaps needs a number");
                        return std::process::ExitCode::FAILURE;
                    }
                }
                i += 1;
            }
            "--list" => {
                println!("{}", SECTIONS.join("\n"));
                return std::process::ExitCode::SUCCESS;
            }
            name => match SECTIONS.iter().find(|&&s| s == name) {
                Some(&s) => chosen.push(s),
                None => {
                    eprintln!(
                        "bench: unknown section '{name}'; sections: {}",
                        SECTIONS.join(", ")
                    );
                    return std::process::ExitCode::FAILURE;
                }
            },
        }
        i += 1;
    }
    let wants = |section: &str| chosen.is_empty() || chosen.contains(&section);
    println!("HeapLab engine benchmark ({heaps} heaps; best of repeated runs)");
    if wants("outcomes") {
        outcomes_bench(heaps);
    }
    if wants("nim-values") {
        nim_values_bench(heaps);
    }
    if wants("outcome-period") {
        outcome_period_bench();
    }
    if wants("all-but") {
        all_but_bench();
    }
    if wants("period-map") {
        period_map_bench();
    }
    if wants("plane") {
        plane_bench();
    }
    if wants("cumulative-subtraction") {
        cumulative_subtraction_bench(heaps);
    }
    if wants("cumulative-games") {
        cumulative_games_bench();
    }
    if wants("octal") {
        octal_bench();
    }
    if wants("octal-split-sets") {
        split_sets_bench();
    }
    if wants("scoring") {
        scoring_bench();
    }
    if wants("partizan") {
        partizan_bench();
    }
    if wants("sweep") {
        sweep_bench();
    }
    if wants("rules") {
        rules_bench();
    }
    std::process::ExitCode::SUCCESS
}

/// Outcomes of one large and one small set: bit-parallel against the plain loop.
fn outcomes_bench(heaps: usize) {
    let moves = [997u32, 1500, 3001];
    let set = NumberSet::from_elements(moves.to_vec()).expect("valid set");
    let fast = best_time(|| {
        black_box(subtraction::p_positions(&set, heaps));
    });
    let slow = best_time(|| {
        black_box(reference::p_positions(&moves, heaps));
    });
    report(
        "outcomes S={997,1500,3001} (bit-parallel)",
        heaps,
        fast,
        slow,
    );

    let small = [2u32, 5, 7];
    let set = NumberSet::from_elements(small.to_vec()).expect("valid set");
    let fast = best_time(|| {
        black_box(subtraction::p_positions(&set, heaps));
    });
    let slow = best_time(|| {
        black_box(reference::p_positions(&small, heaps));
    });
    report("outcomes S={2,5,7} (word rounds)", heaps, fast, slow);
}

/// Nim-values with the 64-bit mex mask against the plain mex.
fn nim_values_bench(heaps: usize) {
    let moves = [997u32, 1500, 3001];
    let nim_heaps = heaps / 10;
    let set = NumberSet::from_elements(moves.to_vec()).expect("valid set");
    let fast = best_time(|| {
        black_box(subtraction::nim_values(&set, nim_heaps));
    });
    let slow = best_time(|| {
        black_box(reference::nim_values(&moves, nim_heaps));
    });
    report(
        "nim-values S={997,1500,3001} (mex mask)",
        nim_heaps,
        fast,
        slow,
    );
}

/// Period proof: Brent on the fast machine against the brute-force window search.
fn outcome_period_bench() {
    let family = NumberSet::parse("28,33,62").expect("valid set");
    let search = 20_000;
    let fast = best_time(|| {
        black_box(
            subtraction::outcome_period(&family, search, &mut Budget::unlimited())
                .expect("no cancel"),
        );
    });
    let slow = best_time(|| {
        let p = reference::p_positions(family.elements(), search as usize);
        black_box(reference::least_period(&p, family.max() as usize));
    });
    let found =
        subtraction::outcome_period(&family, search, &mut Budget::unlimited()).expect("no cancel");
    report(
        &format!("outcome period {{28,33,62}} ({})", found.describe()),
        search as usize,
        fast,
        slow,
    );
}

/// All-but subtraction nim-values: counts against the plain mex.
fn all_but_bench() {
    let all_but_heaps = 20_000;
    let excluded = NumberSet::parse("2,7,9").expect("valid set");
    let fast = best_time(|| {
        black_box(all_but::nim_values(&excluded, all_but_heaps));
    });
    let slow = best_time(|| {
        black_box(all_but::reference::nim_values(
            excluded.elements(),
            all_but_heaps,
        ));
    });
    report(
        "all-but E={2,7,9} nim-values (counts)",
        all_but_heaps,
        fast,
        slow,
    );
}

/// The period map of survey Figure 1, scaled, on one core: fast cells against reference cells
/// and against the frozen pre-issue-16 solver; then 20 rows spread over the paper's full
/// window (s3 = 3001), fast against frozen (the reference is too slow there).
fn period_map_bench() {
    // Survey Figure 1, scaled: s3 = 301, 40 <= s1 < 160, 90 <= s2 < 210, on one core.
    // The fast side is `period_map::compute`, what the CLI and the web workers run (one
    // reusable cell solver); the reference solves each cell on its own.
    let scaled = (301, 40..160, (90..210).collect::<Vec<u32>>());
    let full = (
        3001,
        401..1600,
        (0..20).map(|i| 901 + 60 * i).collect::<Vec<u32>>(),
    );
    for (label, (s3, xs, ys), with_reference) in [
        ("period map s3=301 (Figure 1 scaled)", scaled, true),
        ("period map s3=3001, 20 rows of the full map", full, false),
    ] {
        let family = Family::ThreeMove { s3 };
        let max_heaps = period_map::DEFAULT_CELL_BUDGET;
        let fast = || {
            for &y in &ys {
                let row = period_map::Window {
                    x0: xs.start,
                    x1: xs.end,
                    y0: y,
                    y1: y + 1,
                };
                black_box(
                    period_map::compute(family, row, max_heaps, &mut Budget::unlimited())
                        .expect("valid window"),
                );
            }
        };
        let mut frozen_solver = frozen_cells::FrozenCellSolver::new();
        let mut frozen = || {
            for &y in &ys {
                for x in xs.clone().filter(|&x| x < y && y < s3) {
                    black_box(frozen_solver.outcome_period(&[x, y, s3], max_heaps));
                }
            }
        };
        let reference = || {
            for &y in &ys {
                for x in xs.clone() {
                    black_box(period_map::reference_cell(family, x, y, max_heaps));
                }
            }
        };
        // Best of repeated runs (at least three each), alternating, so load spikes hit all alike.
        let (mut t_fast, mut t_frozen, mut t_ref) = (Duration::MAX, Duration::MAX, Duration::MAX);
        let started = Instant::now();
        for round in 0.. {
            if round >= 3 && started.elapsed() > Duration::from_secs(2) {
                break;
            }
            t_fast = t_fast.min(time_once(fast));
            t_frozen = t_frozen.min(time_once(&mut frozen));
            if with_reference {
                t_ref = t_ref.min(time_once(reference));
            }
        }
        let n = xs.len() * ys.len();
        let secs = |d: Duration| d.as_secs_f64();
        let against_reference = if with_reference {
            format!(
                "   reference {:>8.3} s ({:.1}x)",
                secs(t_ref),
                secs(t_ref) / secs(t_fast)
            )
        } else {
            String::new()
        };
        println!(
            "{label:<44} fast {:>9.3} s   frozen {:>8.3} s ({:.2}x){against_reference}   ({n} pixels, one core)",
            secs(t_fast),
            secs(t_frozen),
            secs(t_frozen) / secs(t_fast),
        );
    }
}

/// The time of one run of `job`.
fn time_once(job: impl FnOnce()) -> Duration {
    let t = Instant::now();
    job();
    t.elapsed()
}

/// The plane game of survey Figure 2: bit-parallel rows against the plain grid.
fn plane_bench() {
    // Survey Figure 2: the 3600 x 2000 window of {(2,6), (3,3), (6,1), (19,6)}.
    let moves = MoveSet::parse("(2,6) (3,3) (6,1) (19,6)").expect("valid moves");
    let fast = best_time(|| {
        black_box(plane::grid(&moves, 3600, 2000, &mut Budget::unlimited()).expect("no cancel"));
    });
    let slow = best_time(|| {
        black_box(plane::reference_grid(&moves, 3600, 2000));
    });
    report(
        "plane Figure 2, 3600x2000 (bit-parallel rows)",
        3600 * 2000,
        fast,
        slow,
    );
    // The whole page/CLI computation (rows, columns, proven periods), and the nim-values.
    let solve = best_time(|| {
        black_box(plane::solve(&moves, 3600, 2000, &mut Budget::unlimited()).expect("no cancel"));
    });
    let nim = best_time(|| {
        black_box(
            plane::nim_values(&moves, 3600, 2000, &mut Budget::unlimited()).expect("no cancel"),
        );
    });
    println!(
        "{:<44} solve (grid, columns, periods) {:>7.3} s   nim-values {:>7.3} s",
        "plane Figure 2, 3600x2000",
        solve.as_secs_f64(),
        nim.as_secs_f64()
    );
}

/// Cumulative subtraction: sliding-window minimum and two-pile grid against the plain DP.
fn cumulative_subtraction_bench(heaps: usize) {
    // Cumulative subtraction, truncated support {30, …, 100} (sliding-window minimum against
    // the plain DP of Definition 2), and the two-pile grid of Figure 6's S = {2,10,13,14}.
    let cs_heaps = heaps / 5;
    let interval: Vec<u32> = (30..=100).collect();
    let fast = best_time(|| {
        black_box(cumulative_subtraction::interval_outcomes(30, 100, cs_heaps));
    });
    let slow = best_time(|| {
        black_box(cumulative_subtraction::reference_outcomes(
            &interval, cs_heaps,
        ));
    });
    report(
        "CS outcomes {30..100} (sliding minimum)",
        cs_heaps,
        fast,
        slow,
    );
    let set = NumberSet::parse("2,10,13,14").expect("valid set");
    let fast = best_time(|| {
        black_box(cumulative_subtraction::two_pile_grid(&set, 1000, 1000).expect("in range"));
    });
    let slow = best_time(|| {
        black_box(cumulative_subtraction::reference_two_pile_grid(
            set.elements(),
            1000,
            1000,
        ));
    });
    report(
        "CS two piles {2,10,13,14}, 1000x1000",
        1_000_000,
        fast,
        slow,
    );
}

/// Cumulative games: the memoised DAG against the plain tree walk.
fn cumulative_games_bench() {
    // PSPE of Squirrel Pebbles {2,3} from 48, memoised DAG against the plain tree walk
    // (Section 2.4: the tree is exponential, the DAG quadratic).
    {
        use heaplab_engine::cumulative_games::{
            self as cg, Grounded, Position, Preset, Rational, TieBreak,
        };
        let game = Preset::Squirrel.game(vec![vec![2, 3]], Rational::ZERO, TieBreak::Antagonistic);
        let start = Grounded {
            position: Position::new(vec![48], 2),
            to_move: 0,
        };
        let fast = best_time(|| {
            black_box(cg::solve(&game, &start, &mut Budget::unlimited()).expect("small"));
        });
        let slow = best_time(|| {
            black_box(cg::reference::solve(&game, &start));
        });
        report(
            "cumulative game squirrel {2,3} x=48 (solves/s)",
            1,
            fast,
            slow,
        );
    }
}

/// Scoring play: `G_s(n +_ℓ m)` of a taking-no-breaking game by the column DP against the
/// memoised multiset negamax (Definition 11 read literally) on the same heaps.
fn scoring_bench() {
    use heaplab_engine::scoring::octal::{self, FixedHeap, MultisetSolver, ScoringLimits};
    use heaplab_engine::scoring::ScoringRules;
    let rules = ScoringRules::parse("0332", "0,2,3,4").expect("valid rules");
    let fixed = FixedHeap {
        rules: rules.clone(),
        size: 40,
    };
    let terms = 400u32;
    let limits = ScoringLimits::new(u64::from(terms), u64::from(terms)).expect("valid limits");
    let fast = best_time(|| {
        black_box(
            octal::solve(&rules, Some(&fixed), limits, &mut Budget::unlimited())
                .expect("no cancel"),
        );
    });
    let slow = best_time(|| {
        let mut budget = Budget::unlimited();
        let mut solver = MultisetSolver::new(&[&rules], &mut budget).expect("valid rules");
        for n in 0..terms {
            black_box(solver.value_of(vec![(0, n), (0, 40)]).expect("no cancel"));
        }
    });
    report(
        "scoring G_s(n + 40), (0332; 0,2,3,4), n < 400",
        terms as usize,
        fast,
        slow,
    );
}

/// Octal games: heaps per second of the sparse-space method against the plain mex on the same
/// heaps, then the time each Theorem 3.73 proof of the thesis's Table 3.2 takes.
fn octal_bench() {
    use heaplab_engine::octal::{self, reference as octal_reference, Limits, Ruleset};
    let heaps = 20_000;
    for code in [".16", ".127", ".6"] {
        let rules = Ruleset::parse(code).expect("valid code");
        let fast = best_time(|| {
            black_box(
                octal::nim_values(&rules, heaps, &mut Budget::unlimited()).expect("no cancel"),
            );
        });
        let slow = best_time(|| {
            black_box(octal_reference::nim_values(&rules, heaps));
        });
        report(&format!("octal {code}, {heaps} heaps"), heaps, fast, slow);
    }
    for code in [
        ".45", ".156", ".055", ".644", ".356", ".165", ".127", ".56", ".16",
    ] {
        let rules = Ruleset::parse(code).expect("valid code");
        let limits = Limits {
            terms: 1,
            prove: true,
            max_heaps: 4_000_000,
        };
        let t = Instant::now();
        let report = octal::solve(&rules, limits, &mut Budget::unlimited()).expect("no cancel");
        println!(
            "octal {code:<6} proof: {:<40} {:>9.3} s ({} heaps)",
            report.periodicity.describe(),
            t.elapsed().as_secs_f64(),
            report.computed
        );
    }
}

/// Hexadecimal games: the grouped addXor of the split-set method against the plain per-heap
/// addXor it replaced, on the same heaps.
fn split_sets_bench() {
    use heaplab_engine::octal::sequence::GeneralSequence;
    use heaplab_engine::octal::Ruleset;
    let heaps = 3_000;
    for code in [".3F", ".28", ".8B", ".A8F"] {
        let rules = Ruleset::parse(code).expect("valid code");
        let run = |plain: bool| {
            let mut sequence = GeneralSequence::new(&rules);
            if plain {
                sequence = sequence.with_plain_xors();
            }
            sequence
                .extend_to(heaps, &mut Budget::unlimited())
                .expect("no cancel");
            black_box(sequence.values().len());
        };
        let fast = best_time(|| run(false));
        let slow = best_time(|| run(true));
        report(
            &format!("split sets {code}, {heaps} heaps"),
            heaps,
            fast,
            slow,
        );
    }
}

/// Partizan games: every comparison among the 256 forms born by day 2, canonical forms
/// (hash-consed, memoised) against playing each difference out; then the canonical-form
/// sequence of S(1, 2 | 1, 3) (Theorem 4.48) and its full report with the period search.
fn partizan_bench() {
    use heaplab_engine::partizan::heap::HeapRules;
    use heaplab_engine::partizan::reference as partizan_reference;
    use heaplab_engine::partizan::sequence;
    use heaplab_engine::partizan::GameStore;
    let forms = partizan_reference::forms_by_day(2).expect("day 2");
    let pairs = forms.len() * forms.len();
    let fast = best_time(|| {
        let mut store = GameStore::default();
        let ids: Vec<_> = forms
            .iter()
            .map(|t| store.from_tree(t).expect("small"))
            .collect();
        for &a in &ids {
            for &b in &ids {
                black_box(store.ge(a, b).expect("small"));
            }
        }
    });
    let slow = best_time(|| {
        for a in &forms {
            for b in &forms {
                black_box(partizan_reference::ge(a, b));
            }
        }
    });
    report("partizan: day-2 comparisons (pairs)", pairs, fast, slow);
    let rules = HeapRules::subtraction(
        &NumberSet::parse("1,2").expect("set"),
        &NumberSet::parse("1,3").expect("set"),
    )
    .expect("rules");
    for heaps in [500, 2000] {
        let t = Instant::now();
        let mut store = GameStore::default();
        sequence::canonical_sequence(&rules, heaps, &mut store, &mut Budget::unlimited())
            .expect("no cancel");
        let values = t.elapsed();
        let t = Instant::now();
        sequence::solve(&rules, heaps, false, &mut Budget::unlimited()).expect("no cancel");
        println!(
            "partizan S(1,2 | 1,3), {heaps} heaps: canonical forms {:.3} s, with outcomes, names and period search {:.3} s",
            values.as_secs_f64(),
            t.elapsed().as_secs_f64()
        );
    }
}

/// The explorer: rulesets per second on one core for the subtraction family with
/// max S <= 16 (nim-values, both periods, the distinct-sequence hash, a `--group-by max`
/// histogram), against calling the single-ruleset entry point `subtraction::solve` on every
/// set in a loop. `heaplab sweep` runs this walk on every core. The two sides alternate for
/// `REPS` rounds, so a load that comes and goes hits both; the line shows the best of each and
/// the range of the per-round ratios.
fn sweep_bench() {
    use heaplab_engine::sweep::{Family, FamilyOptions, Sweep, SweepSpec};
    const REPS: usize = 5;
    let m = 16;
    let options = FamilyOptions {
        bound: Some(m),
        ..FamilyOptions::default()
    };
    let family = Family::parse("subtraction", &options).expect("valid family");
    let len = family.len();
    let spec = SweepSpec {
        family,
        checks: Vec::new(),
        filter: None,
        group_by: Some("max".into()),
        top: None,
        rows: 0,
        search: subtraction::DEFAULT_SEARCH,
    };
    let sweep = Sweep::new(spec).expect("valid sweep");
    let limits = subtraction::Limits::new(1, subtraction::DEFAULT_SEARCH).expect("limits");
    let time = |job: &mut dyn FnMut()| {
        let t = Instant::now();
        job();
        t.elapsed()
    };
    let mut rounds = Vec::new();
    for _ in 0..REPS {
        let fast = time(&mut || {
            black_box(
                sweep
                    .run_range(0..len, &mut Budget::unlimited())
                    .expect("sweep"),
            );
        });
        let slow = time(&mut || {
            for mask in 1..1u32 << m {
                let moves: Vec<u32> = (0..m)
                    .filter(|j| mask >> j & 1 == 1)
                    .map(|j| j + 1)
                    .collect();
                let set = NumberSet::from_elements(moves).expect("valid set");
                let report = subtraction::solve(&set, limits, &mut Budget::unlimited());
                black_box(report.expect("solve"));
            }
        });
        rounds.push((fast, slow));
    }
    let fast = rounds.iter().map(|r| r.0).min().expect("rounds");
    let slow = rounds.iter().map(|r| r.1).min().expect("rounds");
    let ratios: Vec<f64> = rounds
        .iter()
        .map(|(f, s)| s.as_secs_f64() / f.as_secs_f64())
        .collect();
    let (low, high) = ratios
        .iter()
        .fold((f64::MAX, 0f64), |(lo, hi), &r| (lo.min(r), hi.max(r)));
    let rate = |d: Duration| len as f64 / d.as_secs_f64();
    println!(
        "{:<44} sweep {:>12.3e} rulesets/s   solve loop {:>12.3e} rulesets/s   ratio {:>6.2}x (rounds {low:.2}-{high:.2}x)",
        format!("sweep: subtraction, max S <= {m}, one core"),
        rate(fast),
        rate(slow),
        slow.as_secs_f64() / fast.as_secs_f64()
    );
}

/// Rule-defined games: the shipped rulesets run by the generic solver (as `heaplab rules`
/// runs them: values, outcomes, observed period and built-in match) against the built-in
/// solvers of the same games on the same heaps; the ratio is how many times slower the ruleset
/// is. Each heap game is timed in its preset's fast form (`fn steps()`, `splits`) and written
/// as a plain loop in `fn options(n)` (the script called for every heap, each option pushed).
fn rules_bench() {
    use heaplab_engine::octal::{self, Ruleset};
    use heaplab_engine::rules::{self, presets};
    let compile = |text: &str, params: &[(&str, &str)]| {
        let params: Vec<(String, String)> = params
            .iter()
            .map(|&(n, v)| (n.to_string(), v.to_string()))
            .collect();
        rules::compile(text, &params).expect("the ruleset compiles")
    };
    let preset = |name: &str| presets::preset(name).expect("a shipped preset").text;
    let time_heaps = |label: &str, script: &rules::Script, heaps: usize, fast: Duration| {
        let slow = best_time(|| {
            let report = rules::solve_heaps(script, heaps as u64, &mut Budget::unlimited());
            black_box(report.expect("the ruleset solves"));
        });
        report(label, heaps, fast, slow);
    };
    let heaps = 1_000_000;
    let set = NumberSet::parse("1,3,4").expect("valid set");
    let fast = best_time(|| {
        black_box(subtraction::nim_values(&set, heaps));
    });
    let loop_form = "param(\"S\", [1]); fn options(n) { let out = []; for s in S { if s <= n { out.push(n - s); } } out }";
    for (label, text) in [
        (
            "rules: subtraction S={1,3,4}, fn steps()",
            preset("subtraction"),
        ),
        ("rules: subtraction S={1,3,4}, fn options(n)", loop_form),
    ] {
        time_heaps(label, &compile(text, &[("S", "1,3,4")]), heaps, fast);
    }
    let heaps = 5_000;
    let code = Ruleset::parse(".07").expect("valid code");
    let fast = best_time(|| {
        let values = octal::nim_values(&code, heaps, &mut Budget::unlimited());
        black_box(values.expect("no cancel"));
    });
    let loop_form = "fn options(n) { let out = []; if n >= 2 { let rest = n - 2; for a in 0..=rest / 2 { out.push([a, rest - a]); } } out }";
    for (label, text) in [
        ("rules: Dawson's Kayles, splits", preset("dawsons-kayles")),
        ("rules: Dawson's Kayles, pushed pairs", loop_form),
    ] {
        time_heaps(label, &compile(text, &[]), heaps, fast);
    }
    let side = 1000;
    let script = compile(preset("wythoff"), &[]);
    let fast = best_time(|| {
        black_box(wythoff_table(side));
    });
    let slow = best_time(|| {
        let grid = rules::Grid::new(side, side).expect("a valid grid");
        let report = rules::solve_pairs(&script, grid, &mut Budget::unlimited());
        black_box(report.expect("the preset solves"));
    });
    report(
        "rules: WYTHOFF P-positions vs Theorem 3.71",
        (side * side) as usize,
        fast,
        slow,
    );
}

/// WYTHOFF's P-positions on the `side × side` grid by Theorem 3.71's formula, row by row: the
/// built-in answer the rays solver is timed against.
fn wythoff_table(side: u64) -> Vec<bool> {
    use heaplab_engine::checks::rules::wythoff_pair;
    use heaplab_engine::rules::Pair;
    let mut p = vec![false; (side * side) as usize];
    for n in 0..side {
        let Pair(a, b) = wythoff_pair(n);
        for (x, y) in [(a, b), (b, a)] {
            if x < side && y < side {
                p[(x * side + y) as usize] = true;
            }
        }
    }
    p
}
