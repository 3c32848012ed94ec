//! Rule-defined games beyond one impartial heap: misère play of pairs, comply games, partizan
//! rulesets and t-vector subtraction games, each against an independent answer.

use heaplab_engine::budget::Budget;
use heaplab_engine::rules::pairs::{self, Moves};
use heaplab_engine::rules::{self, presets, Cuboid, Grid, Lattice, Pair, PairReport, Vector};

fn preset(name: &str) -> &'static str {
    presets::preset(name).expect("a shipped preset").text
}

/// A small deterministic generator (xorshift), so the "random" games are the same every run.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

fn solve_pairs_as(text: &str, side: (u64, u64), misere: bool) -> Result<PairReport, String> {
    let mut script = rules::compile(text, &[]).map_err(|e| e.to_string())?;
    if misere {
        script.header.convention = rules::Convention::Misere;
    }
    let grid = Grid::new(side.0, side.1).map_err(|e| e.to_string())?;
    rules::solve_pairs(&script, grid, &mut Budget::unlimited()).map_err(|e| e.to_string())
}

// ---- Misère play of pairs ----

/// Misère Nim (Bouton): P exactly when the nim-sum is 0 if some heap is at least 2, and when
/// the nim-sum is 1 if every heap is 0 or 1.
fn misere_nim_is_p(a: u64, b: u64) -> bool {
    if a.max(b) >= 2 {
        a ^ b == 0
    } else {
        a ^ b == 1
    }
}

const NIM_BY_OPTIONS: &str = "
    fn options(a, b) {
        let out = [];
        for k in 1..=a { out.push([a - k, b]); }
        for k in 1..=b { out.push([a, b - k]); }
        out
    }";

#[test]
fn misere_two_pile_nim_in_both_forms() {
    for text in [preset("two-pile-nim"), NIM_BY_OPTIONS] {
        let report = solve_pairs_as(text, (30, 25), true).unwrap();
        assert_eq!(report.values, None, "misère play computes outcomes only");
        for i in 0..report.grid.len() {
            let Pair(a, b) = report.grid.pair(i);
            assert_eq!(report.p[i], misere_nim_is_p(a, b), "({a}, {b})");
        }
        // (1, 0) and (0, 1) are P, (0, 0) and (1, 1) N: the swap misère makes.
        let p = report.p_positions();
        assert!(p.contains(&Pair(1, 0)) && p.contains(&Pair(0, 1)));
        assert!(!p.contains(&Pair(0, 0)) && !p.contains(&Pair(1, 1)));
    }
}

/// Misère outcome of one position by plain recursion over its options.
fn misere_reference(
    at: Pair,
    moves: &Moves,
    memo: &mut std::collections::HashMap<Pair, bool>,
) -> bool {
    if let Some(&p) = memo.get(&at) {
        return p;
    }
    let options = moves.options(at);
    let p = !options.is_empty() && options.iter().all(|&q| !misere_reference(q, moves, memo));
    memo.insert(at, p);
    p
}

/// The fast rays-and-steps solver under misère play equals recursion over every option, on
/// random ray and step sets (with fixed steps marked forward, too).
#[test]
fn misere_rays_and_steps_equal_recursion() {
    let mut rng = Rng(0x5eed_1234);
    for round in 0..40 {
        let dir = |rng: &mut Rng| loop {
            let d = Pair(rng.below(4), rng.below(4));
            if d != Pair(0, 0) {
                return d;
            }
        };
        let rays = (0..rng.below(3)).map(|_| dir(&mut rng)).collect();
        let steps = (0..1 + rng.below(4)).map(|_| dir(&mut rng)).collect();
        let moves = Moves { rays, steps };
        let grid = Grid::new(12 + rng.below(10), 12 + rng.below(10)).unwrap();
        let mut memo = std::collections::HashMap::new();
        let want: Vec<bool> = grid
            .positions()
            .map(|at| misere_reference(at, &moves, &mut memo))
            .collect();
        let mut at = |_: Pair, m: &mut Moves| {
            m.rays.extend_from_slice(&moves.rays);
            m.steps.extend_from_slice(&moves.steps);
            Ok(())
        };
        let budget = &mut Budget::unlimited();
        let p = pairs::misere_p_positions_by_rays(grid, &mut at, &[], budget).unwrap();
        assert_eq!(p, want, "round {round}: {moves:?}");
        let mut rays_only = |_: Pair, m: &mut Moves| {
            m.rays.extend_from_slice(&moves.rays);
            Ok(())
        };
        let fixed = pairs::misere_p_positions_by_rays(grid, &mut rays_only, &moves.steps, budget);
        assert_eq!(fixed.unwrap(), want, "round {round}: fixed steps");
        let mut options = |at: Pair| Ok(moves.options(at));
        let by_options = pairs::misere_by_options(grid, &mut options, budget).unwrap();
        assert_eq!(by_options, want, "round {round}: options form");
    }
}

#[test]
fn misere_pairs_refuse_the_star() {
    let text = format!("star(); {NIM_BY_OPTIONS}");
    let error = solve_pairs_as(&text, (5, 5), true).unwrap_err();
    assert!(error.contains("normal play only"), "{error}");
}

// ---- Comply games ----

fn compile(text: &str, params: &[(&str, &str)]) -> Result<rules::Script, String> {
    let params: Vec<(String, String)> = params
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    rules::compile(text, &params).map_err(|e| e.to_string())
}

fn comply(text: &str, terms: u64) -> Result<rules::ComplyReport, String> {
    let script = compile(text, &[])?;
    rules::solve_comply(&script, terms, &mut Budget::unlimited()).map_err(|e| e.to_string())
}

/// Only the digits 0 and 1 in base 3.
fn base3_zeros_and_ones(mut n: u64) -> bool {
    while n > 0 {
        if n % 3 == 2 {
            return false;
        }
        n /= 3;
    }
    true
}

/// Larsson's example: proposing {d, 2d}, the P-positions are the numbers written with 0s and
/// 1s in base 3. The preset runs through the script to 3^5; the same rule in Rust through the
/// same solver runs to 3^8.
#[test]
fn comply_ap_loses_exactly_on_base3_zeros_and_ones() {
    let report = comply(preset("comply-ap"), 243).unwrap();
    let want: Vec<u64> = (0..243).filter(|&n| base3_zeros_and_ones(n)).collect();
    assert_eq!(report.p_positions(), want);
    assert_eq!(&want[..8], &[0, 1, 3, 4, 9, 10, 12, 13]);
    let terms = 3u64.pow(8);
    let mut ap = |n: u64| Ok((1..=n / 2).map(|d| vec![d, 2 * d]).collect());
    let budget = &mut Budget::unlimited();
    let outcomes = rules::comply::comply_outcomes(&mut ap, terms, false, budget).unwrap();
    for (n, o) in outcomes.iter().enumerate() {
        let p = *o == heaplab_engine::octal::position::Outcome::P;
        assert_eq!(p, base3_zeros_and_ones(n as u64), "heap {n}");
    }
}

/// Is heap `n` lost for the player to move? Plain recursion over every proposal (memoised).
fn comply_reference(
    n: u64,
    family: &[Vec<u64>],
    misere: bool,
    memo: &mut Vec<Option<bool>>,
) -> bool {
    if let Some(lost) = memo[n as usize] {
        return lost;
    }
    let sets: Vec<&Vec<u64>> = family
        .iter()
        .filter(|s| s.iter().all(|&a| a <= n))
        .collect();
    let lost = if sets.is_empty() {
        !misere
    } else {
        !sets.iter().any(|set| {
            set.iter()
                .all(|&s| comply_reference(n - s, family, misere, memo))
        })
    };
    memo[n as usize] = Some(lost);
    lost
}

/// Random finite families of sets, written as rules, against plain recursion, both conventions.
#[test]
fn comply_rules_equal_recursion_on_random_families() {
    let mut rng = Rng(0xc0ff_ee11);
    for round in 0..25 {
        let family: Vec<Vec<u64>> = (0..1 + rng.below(4))
            .map(|_| {
                let mut set: Vec<u64> = (0..1 + rng.below(3)).map(|_| 1 + rng.below(6)).collect();
                set.sort();
                set.dedup();
                set
            })
            .collect();
        let sets: Vec<String> = family.iter().map(|s| format!("{s:?}")).collect();
        let text = format!(
            "fn proposals(n) {{ let out = []; for set in [{}] {{ let ok = true; for a in set {{ if a > n {{ ok = false; }} }} if ok {{ out.push(set); }} }} out }}",
            sets.join(", ")
        );
        for misere in [false, true] {
            let mut script = compile(&text, &[]).unwrap();
            if misere {
                script.header.convention = rules::Convention::Misere;
            }
            let report = rules::solve_comply(&script, 22, &mut Budget::unlimited()).unwrap();
            let memo = &mut vec![None; 22];
            for n in 0..22 {
                let p = report.outcomes[n as usize] == heaplab_engine::octal::position::Outcome::P;
                assert_eq!(
                    p,
                    comply_reference(n, &family, misere, memo),
                    "round {round} {family:?} misère {misere} heap {n}"
                );
            }
        }
    }
}

#[test]
fn bad_comply_and_partizan_rules_stop_with_one_line() {
    let cases = [
        (
            "fn options(n) { [] } fn left(n) { [] } fn right(n) { [] }",
            "both left/right and options",
        ),
        ("fn left(n) { [] }", "fn left(n) and fn right(n)"),
        (
            "fn proposals(n) { [] } fn options(n) { [] }",
            "both proposals and options",
        ),
        (
            "fn proposals(n) { if n > 2 { [[]] } else { [] } }",
            "a proposal is empty",
        ),
        (
            "fn proposals(n) { if n > 2 { [[n + 1]] } else { [] } }",
            "more than the heap's 3",
        ),
        (
            "fn proposals(n) { if n > 2 { [[-1]] } else { [] } }",
            "negative",
        ),
        (
            "fn proposals(n) { if n > 2 { [[0]] } else { [] } }",
            "loopy",
        ),
        (
            "fn proposals(n) { if n > 2 { [3] } else { [] } }",
            "must be a list of amounts",
        ),
    ];
    for (text, want) in cases {
        let error = match compile(text, &[]) {
            Err(e) => e,
            Ok(script) => rules::solve_comply(&script, 10, &mut Budget::unlimited())
                .map(|_| ())
                .unwrap_err()
                .to_string(),
        };
        assert!(error.contains(want), "{text}: {error}");
        assert!(!error.contains('\n'), "{text}: {error}");
    }
    let loopy = compile("fn left(n) { [n] } fn right(n) { [] }", &[]).unwrap();
    let error = rules::solve_partizan(&loopy, 5, &mut Budget::unlimited()).unwrap_err();
    assert!(error.to_string().contains("loopy"), "{error}");
    let negative = compile("fn left(n) { [n - 5] } fn right(n) { [] }", &[]).unwrap();
    let error = rules::solve_partizan(&negative, 5, &mut Budget::unlimited()).unwrap_err();
    assert!(
        error
            .to_string()
            .contains("left(0): the option -5 is negative"),
        "{error}"
    );
}

// ---- Partizan rulesets ----

/// 50 random partizan subtraction games S(L | R), written as rules (the shipped preset with
/// its parameters), equal the built-in partizan solver's canonical forms on heaps 0..40: the
/// same `GameId`s in one store, so the same canonical forms.
#[test]
fn fifty_random_partizan_subtraction_games_equal_the_built_in_solver() {
    use heaplab_engine::partizan::heap::HeapRules;
    use heaplab_engine::partizan::sequence::canonical_sequence;
    use heaplab_engine::partizan::GameStore;
    use heaplab_engine::ruleset::NumberSet;
    let mut rng = Rng(0x9a27_1a4e);
    let mut store = GameStore::default();
    let budget = &mut Budget::unlimited();
    for round in 0..50 {
        let set = |rng: &mut Rng| {
            let mut items: Vec<u32> = (0..1 + rng.below(3))
                .map(|_| 1 + rng.below(5) as u32)
                .collect();
            items.sort();
            items.dedup();
            NumberSet::from_elements(items).unwrap()
        };
        let (left, right) = (set(&mut rng), set(&mut rng));
        let built_in = HeapRules::subtraction(&left, &right).unwrap();
        let want = canonical_sequence(&built_in, 40, &mut store, budget).unwrap();
        let (l, r) = (left.to_text(), right.to_text());
        let script = compile(preset("partizan-subtraction"), &[("L", &l), ("R", &r)]).unwrap();
        let mut ask = |is_left, n| script.player_options(is_left, n);
        let got = rules::partizan::canonical_forms(&mut ask, 40, &mut store, budget).unwrap();
        assert_eq!(got, want, "round {round}: S({l} | {r})");
    }
}

/// Breaking moves: an option is a sum of heaps. Left splits a heap into two non-empty heaps,
/// Right takes one token: the report prints each heap's form and outcome class.
#[test]
fn partizan_options_may_be_sums_of_heaps() {
    let text = "
        fn left(n) { let out = []; for a in 1..n { if a <= n - a { out.push([a, n - a]); } } out }
        fn right(n) { if n > 0 { [n - 1] } else { [] } }";
    let script = compile(text, &[]).unwrap();
    let report = rules::solve_partizan(&script, 6, &mut Budget::unlimited()).unwrap();
    assert_eq!(report.canonical.len(), 6);
    assert_eq!(report.canonical[0], "0");
    // Heap 1: Left has no move, Right moves to 0: { | 0 } = -1.
    assert_eq!(report.canonical[1], "-1");
    assert_eq!(report.outcomes.len(), 6);
    assert_eq!(&report.outcomes[..2], "PR");
}

// ---- t-vector subtraction games ----

fn vectors(text: &str, sides: &[u64], misere: bool) -> Result<rules::VectorReport, String> {
    let mut script = compile(text, &[])?;
    if misere {
        script.header.convention = rules::Convention::Misere;
    }
    let cuboid = Cuboid::new(sides).map_err(|e| e.to_string())?;
    rules::solve_vectors(&script, cuboid, &mut Budget::unlimited()).map_err(|e| e.to_string())
}

/// Three-pile Nim (Bouton): P exactly when a ⊕ b ⊕ c = 0, in the rays form and the options form.
#[test]
fn three_pile_nim_loses_exactly_on_nim_sum_zero() {
    let rays = "fn rays() { [[1, 0, 0], [0, 1, 0], [0, 0, 1]] }";
    let options = "fn options(a, b, c) { let o = []; for k in 1..=a { o.push([a - k, b, c]); } for k in 1..=b { o.push([a, b - k, c]); } for k in 1..=c { o.push([a, b, c - k]); } o }";
    for text in [rays, options] {
        let report = vectors(text, &[9, 8, 7], false).unwrap();
        let values = report.values.clone().expect("values on a small box");
        for (i, &value) in values.iter().enumerate() {
            let v = report.cuboid.point(i);
            let &[a, b, c] = v.coords() else {
                panic!("three heaps")
            };
            assert_eq!(report.p[i], a ^ b ^ c == 0, "{v}");
            assert_eq!(value, a ^ b ^ c, "{v}");
        }
    }
    let p = vectors(rays, &[4, 4, 4], false).unwrap().p_positions();
    assert!(p.contains(&vec![1, 2, 3]) && p.contains(&vec![0, 0, 0]));
    // Misère three-pile Nim: P exactly when the nim-sum is 0 if some heap is at least 2, else 1.
    let misere = vectors(rays, &[5, 5, 5], true).unwrap();
    for i in 0..misere.p.len() {
        let v = misere.cuboid.point(i);
        let &[a, b, c] = v.coords() else {
            panic!("three heaps")
        };
        let want = if a.max(b).max(c) >= 2 {
            a ^ b ^ c == 0
        } else {
            a ^ b ^ c == 1
        };
        assert_eq!(misere.p[i], want, "misère {v}");
    }
}

/// The value of a 3-D position by plain recursion over every option (memoised).
fn vector_reference(
    at: Vector,
    moves: &Moves<Vector>,
    memo: &mut std::collections::HashMap<Vector, u64>,
) -> u64 {
    if let Some(&v) = memo.get(&at) {
        return v;
    }
    let seen: std::collections::HashSet<u64> = moves
        .options(at)
        .into_iter()
        .map(|q| vector_reference(q, moves, memo))
        .collect();
    let v = (0..).find(|v| !seen.contains(v)).unwrap();
    memo.insert(at, v);
    v
}

/// Random 3-D step and ray sets, written as rules, against plain recursion.
#[test]
fn random_three_dimensional_move_sets_equal_recursion() {
    let mut rng = Rng(0x3d_5eed);
    for round in 0..25 {
        let dir = |rng: &mut Rng| loop {
            let d = [rng.below(3), rng.below(3), rng.below(3)];
            if d != [0, 0, 0] {
                return d;
            }
        };
        let steps: Vec<[u64; 3]> = (0..1 + rng.below(4)).map(|_| dir(&mut rng)).collect();
        let rays: Vec<[u64; 3]> = (0..rng.below(2)).map(|_| dir(&mut rng)).collect();
        let text = format!("fn steps() {{ {steps:?} }} fn rays() {{ {rays:?} }}");
        let report = vectors(&text, &[7, 6, 5], false).unwrap();
        let moves = Moves {
            rays: rays.iter().map(|d| Vector::new(d).unwrap()).collect(),
            steps: steps.iter().map(|d| Vector::new(d).unwrap()).collect(),
        };
        let memo = &mut std::collections::HashMap::new();
        let values = report.values.clone().unwrap();
        for (i, &value) in values.iter().enumerate() {
            let at = report.cuboid.point(i);
            let want = vector_reference(at, &moves, memo);
            assert_eq!(value, want, "round {round} {text} at {at}");
            assert_eq!(report.p[i], want == 0, "round {round} {text} at {at}");
        }
    }
}

#[test]
fn bad_vector_rules_stop_with_one_line() {
    let cases: [(&str, &[u64], &str); 5] = [
        (
            "fn rays() { [[1, 0, 0], [1, 0]] }",
            &[3, 3, 3],
            "must be a list of 3 heap sizes",
        ),
        (
            "fn steps(a, b, c) { [[0, 0, 0]] }",
            &[3, 3, 3],
            "loopy at position (0, 0, 0)",
        ),
        ("fn options(a, b, c) { [] }", &[3, 3], "give 3 sides, not 2"),
        (
            "fn options(a, b, c) { [[a, b, c]] }",
            &[2, 2, 2],
            "loopy at position (0, 0, 0)",
        ),
        ("fn rays() { [[1, 0, 0]] }", &[400, 400, 400], "4,000,000"),
    ];
    for (text, sides, want) in cases {
        let error = vectors(text, sides, false).unwrap_err();
        assert!(error.contains(want), "{text}: {error}");
        assert!(!error.contains('\n'), "{text}: {error}");
    }
    let error = compile("fn rays(a, b, c) { [] } fn steps(a, b) { [] }", &[])
        .map(|_| ())
        .unwrap_err();
    assert!(error.contains("one number of heaps"), "{error}");
}
