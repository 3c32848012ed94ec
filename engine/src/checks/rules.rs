//! Checks of the thesis's Section 3.3.7 claims about rule-defined games
//! (`shared/papers/taking-and-breaking-games-thesis.txt`): Theorem 3.70 (MARK), Theorem 3.71
//! (WYTHOFF) and TWO-PILE-NIM* = WYTHOFF.
//!
//! A claim speaks about one game, so a ruleset is inside its hypothesis only when it *is* that
//! game on the positions checked: its moves equal the shipped preset's there (same options at
//! every position, the same star and convention). Any other ruleset is not applicable, so a
//! failure is always a counterexample to the claim, never a different game.

use super::{Check, Subject, SubjectKind, Verdict};
use crate::rules::pairs::Moves;
use crate::rules::{self, presets, Grid, Pair, PairForm, Script, Shape};
use crate::{Budget, EngineError};

const RULES: &[SubjectKind] = &[SubjectKind::Rules];

/// The heaps Theorem 3.70 is checked on.
pub const MARK_HEAPS: u64 = 10_000;

/// The side of the square grid the pair claims are checked on.
pub const PAIR_SIDE: u64 = 200;

/// Theorem 3.70 (MARK's nim-values by evil, odious, vile and dopey numbers).
pub(super) const THEOREM_3_70: Check = Check {
    name: "thesis-theorem-3.70",
    citation: "Taking and breaking games thesis, Section 3.3.7, Definition 3.69 and Theorem 3.70 \
               (MARK; Fraenkel)",
    statement: native_text!(
        "MARK = SD({1}, {2}) has G(n) = 0 for dopey n, 1 for vile odious n and 2 for vile \
         evil n (n ≥ 1)"
    ),
    applies_to: RULES,
    stated_range: native_text!("heaps 0 to 9,999 of a ruleset whose options are MARK's there"),
    run: theorem_3_70,
};

/// Theorem 3.71 (WYTHOFF's P-positions).
pub(super) const THEOREM_3_71: Check = Check {
    name: "thesis-theorem-3.71",
    citation: "Taking and breaking games thesis, Section 3.3.7, Figure 3.4 and Theorem 3.71 \
               (Wythoff 1907)",
    statement: native_text!(
        "the P-positions of WYTHOFF are exactly (⌊φn⌋, ⌊φ²n⌋) and (⌊φ²n⌋, ⌊φn⌋), n ≥ 0"
    ),
    applies_to: RULES,
    stated_range: native_text!("the 200 × 200 grid of a ruleset whose moves are WYTHOFF's there"),
    run: theorem_3_71,
};

/// TWO-PILE-NIM* = WYTHOFF (the star operator).
pub(super) const STAR_TWO_PILE_NIM: Check = Check {
    name: "thesis-star-two-pile-nim",
    citation: "Taking and breaking games thesis, Section 3.3.7 (the star operator, Larsson)",
    statement: native_text!("TWO-PILE-NIM* = WYTHOFF: the same P-positions and nim-values"),
    applies_to: RULES,
    stated_range: native_text!(
        "the 200 × 200 grid of a ruleset whose moves are TWO-PILE-NIM*'s there"
    ),
    run: star_two_pile_nim,
};

/// The subject's script, when the subject is a rule-defined game.
fn script_of(subject: &Subject<'_>) -> Result<Option<Script>, EngineError> {
    match subject {
        Subject::Rules(binding) => binding.compile().map(Some),
        _ => Ok(None),
    }
}

/// A shipped preset, compiled.
fn preset(name: &str) -> Result<Script, EngineError> {
    let preset = presets::preset(name)
        .ok_or_else(|| EngineError::Parse(format!("the preset `{name}` is missing")))?;
    rules::compile(preset.text, &[])
}

/// `(⌊φn⌋, ⌊φ²n⌋)` in exact integer arithmetic: `⌊φn⌋ = ⌊(n + ⌊√(5n²)⌋)/2⌋` (√(5n²) is
/// irrational for n > 0, so flooring it first changes nothing), and `⌊φ²n⌋ = ⌊φn⌋ + n`.
pub fn wythoff_pair(n: u64) -> Pair {
    let low = (n + (5 * u128::from(n) * u128::from(n)).isqrt() as u64) / 2;
    Pair(low, low + n)
}

/// Theorem 3.70's value of heap `n` (Definition 3.69: `n` is dopey when its binary form ends
/// in an odd number of zeros, evil when it has an even number of ones). The theorem leaves
/// `n = 0` out; heap 0 has no move, so its value is 0.
pub fn mark_value(n: u64) -> u64 {
    if n == 0 {
        return 0;
    }
    let dopey = n.trailing_zeros() % 2 == 1;
    let evil = n.count_ones().is_multiple_of(2);
    match (dopey, evil) {
        (true, _) => 0,
        (false, false) => 1,
        (false, true) => 2,
    }
}

fn theorem_3_70(subject: &Subject<'_>, budget: &mut Budget<'_>) -> Result<Verdict, EngineError> {
    let Some(script) = script_of(subject)? else {
        return Ok(Verdict::NotApplicable);
    };
    if !same_heap_game(&script, &preset("mark")?, MARK_HEAPS)? {
        return Ok(Verdict::NotApplicable);
    }
    let report = rules::solve_heaps(&script, MARK_HEAPS, budget)?;
    let wrong = (0..MARK_HEAPS).find(|&n| report.values[n as usize] != mark_value(n));
    Ok(match wrong {
        None => Verdict::Holds,
        Some(n) => Verdict::Fails {
            witness: format!(
                "heap {n}: the solver gives {}, Theorem 3.70 gives {}",
                report.values[n as usize],
                mark_value(n)
            ),
        },
    })
}

fn theorem_3_71(subject: &Subject<'_>, budget: &mut Budget<'_>) -> Result<Verdict, EngineError> {
    let grid = Grid::new(PAIR_SIDE, PAIR_SIDE)?;
    let Some(script) = pair_game_like(subject, "wythoff", grid)? else {
        return Ok(Verdict::NotApplicable);
    };
    let report = rules::solve_pairs(&script, grid, budget)?;
    let mut want = vec![false; grid.len()];
    for n in 0..PAIR_SIDE {
        let Pair(a, b) = wythoff_pair(n);
        for at in [Pair(a, b), Pair(b, a)] {
            if let Some(i) = grid.slot(at) {
                want[i] = true;
            }
        }
    }
    Ok(first_difference(grid, &report.p, &want, "the formula"))
}

fn star_two_pile_nim(
    subject: &Subject<'_>,
    budget: &mut Budget<'_>,
) -> Result<Verdict, EngineError> {
    let grid = Grid::new(PAIR_SIDE, PAIR_SIDE)?;
    let Some(script) = pair_game_like(subject, "two-pile-nim-star", grid)? else {
        return Ok(Verdict::NotApplicable);
    };
    let star = rules::solve_pairs(&script, grid, budget)?;
    let wythoff = rules::solve_pairs(&preset("wythoff")?, grid, budget)?;
    if star.values != wythoff.values {
        return Ok(Verdict::Fails {
            witness: "TWO-PILE-NIM* and WYTHOFF differ in nim-values".into(),
        });
    }
    Ok(first_difference(grid, &star.p, &wythoff.p, "WYTHOFF"))
}

/// The subject's script when it is a pair ruleset with the moves of the preset `name` on
/// `grid` (`None` otherwise).
fn pair_game_like(
    subject: &Subject<'_>,
    name: &str,
    grid: Grid,
) -> Result<Option<Script>, EngineError> {
    let Some(script) = script_of(subject)? else {
        return Ok(None);
    };
    let same = script.shape == Shape::Pair && same_pair_game(&script, &preset(name)?, grid)?;
    Ok(same.then_some(script))
}

/// `Holds` when `p` is `want` position by position, else the first position that differs.
fn first_difference(grid: Grid, p: &[bool], want: &[bool], other: &str) -> Verdict {
    let letter = |p: bool| if p { "P" } else { "N" };
    match (0..want.len()).find(|&i| p[i] != want[i]) {
        None => Verdict::Holds,
        Some(i) => Verdict::Fails {
            witness: format!(
                "position {}: the solver says {}, {other} says {}",
                grid.pair(i),
                letter(p[i]),
                letter(want[i])
            ),
        },
    }
}

/// Whether two rulesets play the same game: the same convention and star.
fn same_frame(a: &Script, b: &Script) -> bool {
    a.shape == b.shape
        && a.header.convention == b.header.convention
        && a.header.star == b.header.star
}

/// Whether the one-heap rulesets `a` and `b` have the same options on heaps `0..heaps`
/// (each option's heaps and the list compared as sets).
fn same_heap_game(a: &Script, b: &Script, heaps: u64) -> Result<bool, EngineError> {
    if !same_frame(a, b) || a.shape != Shape::Heap {
        return Ok(false);
    }
    let normal = |mut options: Vec<Vec<u64>>| {
        options.iter_mut().for_each(|o| o.sort_unstable());
        options.sort_unstable();
        options.dedup();
        options
    };
    for n in 0..heaps {
        if normal(a.heap_options(n)?) != normal(b.heap_options(n)?) {
            return Ok(false);
        }
    }
    Ok(true)
}

/// Whether the pair rulesets `a` and `b` have the same options at every position of `grid`.
/// Two rulesets of fixed directions with the same rays and steps are the same at once; any
/// others are compared option list by option list.
fn same_pair_game(a: &Script, b: &Script, grid: Grid) -> Result<bool, EngineError> {
    if !same_frame(a, b) {
        return Ok(false);
    }
    if let (Some(x), Some(y)) = (fixed_moves(a)?, fixed_moves(b)?) {
        if x == y {
            return Ok(true);
        }
    }
    for at in grid.positions() {
        if own_options(a, at)? != own_options(b, at)? {
            return Ok(false);
        }
    }
    Ok(true)
}

/// The rays and steps (sorted) of a ruleset whose directions take no arguments.
fn fixed_moves(script: &Script) -> Result<Option<Moves>, EngineError> {
    let PairForm::Directions { rays, steps } = script.form else {
        return Ok(None);
    };
    if rays.is_some_and(|a| a != 0) || steps.is_some_and(|a| a != 0) {
        return Ok(None);
    }
    let mut moves = Moves::default();
    let load = |name: &str, arity: Option<usize>, into: &mut Vec<Pair>| {
        if arity.is_some() {
            let mut list = to_pairs(script.directions(name, None)?);
            list.sort_unstable();
            list.dedup();
            *into = list;
        }
        Ok::<(), EngineError>(())
    };
    load("rays", rays, &mut moves.rays)?;
    load("steps", steps, &mut moves.steps)?;
    Ok(Some(moves))
}

/// The options of `at` by the ruleset's own moves (without the star's), as a sorted set.
fn own_options(script: &Script, at: Pair) -> Result<Vec<Pair>, EngineError> {
    let mut options = match script.form {
        PairForm::Options => to_pairs(script.point_options(&[at.0, at.1])?),
        PairForm::Directions { rays, steps } => {
            let coords = [at.0, at.1];
            let here = |arity: Option<usize>| (arity == Some(2)).then_some(&coords[..]);
            let mut moves = Moves::default();
            if rays.is_some() {
                moves.rays = to_pairs(script.directions("rays", here(rays))?);
            }
            if steps.is_some() {
                moves.steps = to_pairs(script.directions("steps", here(steps))?);
            }
            moves.options(at)
        }
    };
    options.sort_unstable();
    options.dedup();
    Ok(options)
}

/// The script's two-coordinate points as pairs (a pair ruleset's points have two).
fn to_pairs(list: Vec<Vec<u64>>) -> Vec<Pair> {
    list.iter()
        .filter_map(|v| match v[..] {
            [x, y] => Some(Pair(x, y)),
            _ => None,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sweep::families::rules::RuleBinding;

    fn binding(name: &str) -> RuleBinding {
        RuleBinding {
            text: presets::preset(name).unwrap().text.into(),
            fixed: Vec::new(),
            swept: Vec::new(),
        }
    }

    fn verdict(check: &Check, subject: &RuleBinding) -> Verdict {
        (check.run)(&Subject::Rules(subject), &mut Budget::unlimited()).unwrap()
    }

    #[test]
    fn the_presets_are_inside_their_claims_and_the_claims_hold() {
        assert_eq!(verdict(&THEOREM_3_70, &binding("mark")), Verdict::Holds);
        assert_eq!(verdict(&THEOREM_3_71, &binding("wythoff")), Verdict::Holds);
        let star = binding("two-pile-nim-star");
        assert_eq!(verdict(&STAR_TWO_PILE_NIM, &star), Verdict::Holds);
    }

    /// SD({1}, {2}) is MARK; i-MARK (which halves even heaps only), MARK-3 and two-pile nim
    /// are other games, outside the claims.
    #[test]
    fn other_games_are_not_applicable_and_equal_games_are() {
        assert_eq!(verdict(&THEOREM_3_70, &binding("sd")), Verdict::Holds);
        let i_mark = binding("i-mark");
        assert_eq!(verdict(&THEOREM_3_70, &i_mark), Verdict::NotApplicable);
        let mut mark_3 = binding("mark-t");
        mark_3.swept = vec![("t".into(), 3)];
        assert_eq!(verdict(&THEOREM_3_70, &mark_3), Verdict::NotApplicable);
        let nim = binding("two-pile-nim");
        assert_eq!(verdict(&THEOREM_3_71, &nim), Verdict::NotApplicable);
        assert_eq!(verdict(&STAR_TWO_PILE_NIM, &nim), Verdict::NotApplicable);
        assert_eq!(
            verdict(&THEOREM_3_71, &binding("mark")),
            Verdict::NotApplicable
        );
    }

    /// WYTHOFF written with `fn options(a, b)` is WYTHOFF, compared option by option.
    #[test]
    fn a_wythoff_written_as_options_is_compared_by_its_options() {
        let text = "fn options(a, b) { let out = []; \
                    for k in 1..=a { out.push([a - k, b]); } \
                    for k in 1..=b { out.push([a, b - k]); } \
                    for k in 1..=min(a, b) { out.push([a - k, b - k]); } out }";
        let subject = RuleBinding {
            text: text.into(),
            fixed: Vec::new(),
            swept: Vec::new(),
        };
        let grid = Grid::new(30, 30).unwrap();
        let script = subject.compile().unwrap();
        assert!(same_pair_game(&script, &preset("wythoff").unwrap(), grid).unwrap());
        let nim = preset("two-pile-nim").unwrap();
        assert!(!same_pair_game(&script, &nim, grid).unwrap());
    }

    #[test]
    fn a_wrong_table_gives_the_first_position_as_witness() {
        let grid = Grid::new(2, 2).unwrap();
        let verdict = first_difference(grid, &[true, false, false, true], &[true; 4], "X");
        let Verdict::Fails { witness } = verdict else {
            panic!("{verdict:?}")
        };
        assert!(witness.contains("solver says N, X says P"), "{witness}");
        // 2 = 10b is dopey; 7 = 111b is vile and odious; 12 = 1100b is vile and evil.
        assert_eq!((mark_value(2), mark_value(7), mark_value(12)), (0, 1, 2));
    }
}
