//! Rule-defined games: a heap game written as a short script in the ruleset language
//! ([`script`], Rhai), solved by one generic solver ([`solve`]). Besides one impartial heap a
//! ruleset may describe a pair or a t-tuple of heaps ([`pairs`], normal or misère play), a
//! partizan heap ([`partizan`], canonical forms) or a comply game ([`comply`], outcomes).
//!
//! A ruleset says its options as a function of the position, so it can express what no
//! built-in family does: the subtraction–division games of the thesis's Section 3.3.7 (MARK and
//! its relatives, Definition 3.67), or any variant a researcher wants to try. Periods are only
//! ever *observed* here (arbitrary code has no proof), and where the options equal a built-in
//! family's on every heap computed, the report says which ([`recognise`]), so its proven result
//! can be read there.

pub mod comply;
pub mod pairs;
pub mod partizan;
pub mod presets;
pub mod recognise;
pub mod script;
pub mod solve;

pub use comply::{solve_comply, ComplyReport};
pub use pairs::{Coords, Cuboid, Grid, Lattice, Pair, Vector};
pub use partizan::{solve_partizan, PartizanReport};
pub use recognise::BuiltIn;
pub use script::{compile, Convention, Header, PairForm, ParamValue, Script, Shape};

use rustc_hash::FxHashMap;

use crate::budget::Budget;
pub use crate::misere::single::ObservedPeriod;
use crate::octal::position::Outcome;
use crate::EngineError;

/// The most heaps one run computes.
pub const MAX_TERMS: u64 = 10_000_000;

/// What a run of a one-heap ruleset finds.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct HeapReport {
    /// The ruleset's name, convention and parameters as bound.
    pub header: Header,
    /// Nim-values (normal play) of heaps `0..values.len()`.
    pub values: Vec<u64>,
    /// Outcomes under the ruleset's convention, from heap 0 (shorter than `values` when a
    /// misère search stopped; see `outcomes_stopped_at`).
    pub outcomes: Vec<Outcome>,
    /// The heap where the misère search ran out of room, if it did.
    pub outcomes_stopped_at: Option<u64>,
    /// The least period seen in the values, if any.
    pub period: Option<ObservedPeriod>,
    /// The built-in game the options equal on the heaps compared, if any.
    pub same_as: Option<BuiltIn>,
}

/// A rule's options for the solver: asked once per heap (kept below `keep`), fed in order
/// to the recogniser.
struct Asked<'s> {
    rules: &'s mut dyn solve::HeapRules,
    /// With `star()`: the non-zero P-positions of G below `terms`, taken as extra moves.
    star: Option<(Vec<u64>, u64)>,
    keep: u64,
    cache: FxHashMap<u64, Vec<Vec<u64>>>,
    recogniser: Option<recognise::Recogniser>,
}

impl solve::HeapRules for Asked<'_> {
    fn options(&mut self, n: u64) -> Result<Vec<Vec<u64>>, EngineError> {
        if let Some(options) = self.cache.get(&n) {
            return Ok(options.clone());
        }
        let mut options = self.rules.options(n)?;
        if let Some((p, terms)) = &self.star {
            if n >= *terms {
                return Err(EngineError::Parse(format!(
                    "star(): the options climb to heap {n}, where G's P-positions are not known; ask for more heaps"
                )));
            }
            let taken = p.iter().filter(|&&q| q <= n);
            options.extend(taken.map(|&q| if q == n { Vec::new() } else { vec![n - q] }));
        }
        if let Some(r) = self.recogniser.as_mut() {
            if r.heaps() == n {
                r.feed(n, &options);
            } else {
                self.recogniser = None;
            }
        }
        if n < self.keep {
            self.cache.insert(n, options.clone());
        }
        Ok(options)
    }
}

/// The most heaps a misère run solves (its search is over multisets of heaps, and far smaller
/// heaps already outgrow it for breaking games).
pub const MISERE_HEAPS: u64 = 1 << 16;

/// Solves heaps `0..terms` of a one-heap ruleset: values, outcomes, an observed period and a
/// built-in match.
pub fn solve_heaps(
    script: &Script,
    terms: u64,
    budget: &mut Budget,
) -> Result<HeapReport, EngineError> {
    if script.shape != Shape::Heap {
        return Err(EngineError::Parse(
            "this ruleset is played on a pair of heaps: give a grid size, not a number of heaps"
                .into(),
        ));
    }
    let header = &script.header;
    match &script.heap_steps {
        Some(steps) if !header.star && header.convention == Convention::Normal => {
            solve_steps(steps, header.clone(), terms, budget)
        }
        _ => {
            let mut ask = |n| script.heap_options(n);
            solve_heap_rules(&mut ask, header.clone(), terms, budget)
        }
    }
}

/// [`solve_heaps`] for a ruleset saying `fn steps()`: its options are the subtraction game's
/// by construction, so the values come from one pass over the heaps ([`solve::step_values`]),
/// with no script call and no search.
fn solve_steps(
    steps: &[u64],
    header: Header,
    terms: u64,
    budget: &mut Budget,
) -> Result<HeapReport, EngineError> {
    check_terms(terms)?;
    let values = solve::step_values(steps, terms as usize, budget)?;
    let same_as = steps
        .last()
        .filter(|&&largest| 2 * largest <= terms)
        .map(|_| recognise::BuiltIn::Subtraction {
            set: steps.to_vec(),
            heaps: terms,
        });
    Ok(HeapReport {
        header,
        period: observed_period(&values),
        outcomes: solve::normal_outcomes(&values),
        values,
        outcomes_stopped_at: None,
        same_as,
    })
}

/// Refuses a number of heaps outside `1..=MAX_TERMS`.
fn check_terms(terms: u64) -> Result<(), EngineError> {
    if terms == 0 || terms > MAX_TERMS {
        return Err(EngineError::OutOfRange(format!(
            "heaps: give 1 to {MAX_TERMS}, not {terms}"
        )));
    }
    Ok(())
}

/// [`solve_heaps`] for options from any source (a script, a Python callable): `header` names
/// the game and its convention.
pub fn solve_heap_rules(
    rules: &mut dyn solve::HeapRules,
    header: Header,
    terms: u64,
    budget: &mut Budget,
) -> Result<HeapReport, EngineError> {
    check_terms(terms)?;
    let misere = header.convention == Convention::Misere;
    let star = match header.star {
        true if misere => {
            return Err(EngineError::Parse(
                "the star operator is computed under normal play only".into(),
            ))
        }
        true => Some((star_moves(rules, terms, budget)?, terms)),
        false => None,
    };
    let mut asked = Asked {
        rules,
        star,
        keep: if misere { terms.min(MISERE_HEAPS) } else { 0 },
        cache: FxHashMap::default(),
        recogniser: Some(recognise::Recogniser::new()),
    };
    let values = solve::nim_values(&mut asked, terms as usize, budget)?;
    let same_as = asked.recogniser.as_ref().and_then(|r| r.result());
    let (outcomes, outcomes_stopped_at) = if misere {
        let table = closed_table(&mut asked)?;
        let (outcomes, stop) = solve::misere_outcomes(&table, budget)?;
        let stop = stop.or((table.len() < terms as usize).then_some(table.len() as u64));
        (outcomes, stop)
    } else {
        (solve::normal_outcomes(&values), None)
    };
    Ok(HeapReport {
        header,
        period: observed_period(&values),
        values,
        outcomes,
        outcomes_stopped_at,
        same_as,
    })
}

/// The non-zero P-positions (normal play) of G's heaps `0..terms`: the taking moves its star
/// adds (thesis, Section 3.3.7).
fn star_moves(
    rules: &mut dyn solve::HeapRules,
    terms: u64,
    budget: &mut Budget,
) -> Result<Vec<u64>, EngineError> {
    let mut asked = Asked {
        rules,
        star: None,
        keep: 0,
        cache: FxHashMap::default(),
        recogniser: None,
    };
    let values = solve::nim_values(&mut asked, terms as usize, budget)?;
    Ok((1..terms).filter(|&n| values[n as usize] == 0).collect())
}

/// The options of heaps `0..L` for the longest `L ≤ keep` whose options stay below `L`.
fn closed_table(asked: &mut Asked) -> Result<Vec<Vec<Vec<u64>>>, EngineError> {
    let mut table = Vec::new();
    let (mut reach, mut closed) = (0, 0);
    for n in 0..asked.keep {
        let options = solve::HeapRules::options(asked, n)?;
        reach = options.iter().flatten().fold(reach, |r, &h| r.max(h));
        table.push(options);
        if reach <= n {
            closed = n + 1;
        }
    }
    table.truncate(closed as usize);
    Ok(table)
}

/// The period seen in `values` ([`crate::misere::single::observed_period`]), kept only when
/// its preperiod is at most half the heaps: a pattern seen only at the end of the data (two
/// equal last values, say) is not reported, so an aperiodic game such as MARK shows none.
pub fn observed_period(values: &[u64]) -> Option<ObservedPeriod> {
    crate::misere::single::observed_period(values)
        .filter(|p| 2 * p.preperiod <= values.len() as u64)
}

/// What a run of a pair ruleset finds on its grid.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct PairReport {
    /// The ruleset's name, convention and parameters as bound; `star` when G* was played.
    pub header: Header,
    /// The grid solved.
    pub grid: Grid,
    /// Whether each position is a P-position under the convention, row by row (`(a, b)` at
    /// `a·H + b`).
    pub p: Vec<bool>,
    /// Nim-values (normal play), row by row, when computed (options form: always; rays form:
    /// on grids of at most [`pairs::MAX_RAY_VALUES`] positions; never under misère play, where
    /// only outcomes are computed).
    pub values: Option<Vec<u64>>,
    /// With `star`, how many moves the star added (the non-zero P-positions of G in the grid).
    pub star_moves: Option<usize>,
}

impl PairReport {
    /// The P-positions in the grid, row by row.
    pub fn p_positions(&self) -> Vec<Pair> {
        (0..self.p.len())
            .filter(|&i| self.p[i])
            .map(|i| self.grid.pair(i))
            .collect()
    }
}

/// Solves a pair ruleset on `grid`: P-positions everywhere under its convention (misère: a
/// position with no move is won by the player to move), nim-values under normal play where the
/// form allows (see [`PairReport::values`]). With `star` in the header, solves G first and
/// then G*, whose extra moves take any non-zero P-position of G (a move from `(a, b)` takes
/// `(p, q)` when `p ≤ a` and `q ≤ b`, so G's P-positions in the grid are all it needs).
pub fn solve_pairs(
    script: &Script,
    grid: Grid,
    budget: &mut Budget,
) -> Result<PairReport, EngineError> {
    if script.shape != Shape::Pair {
        return Err(EngineError::Parse(match script.shape {
            Shape::Vector(t) => format!("this ruleset is played on {t} heaps: give {t} sides"),
            _ => "this ruleset is played on one heap: give a number of heaps, not a grid".into(),
        }));
    }
    let (p, values, star_moves) = solve_box(script, grid, budget)?;
    Ok(PairReport {
        header: script.header.clone(),
        grid,
        p,
        values,
        star_moves,
    })
}

/// What a run of a t-vector ruleset finds on its box (the pair report's fields, for any t).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VectorReport {
    /// The ruleset's name, convention and parameters as bound; `star` when G* was played.
    pub header: Header,
    /// The box solved.
    pub cuboid: Cuboid,
    /// Whether each position is a P-position under the convention, in the box's index order
    /// (the last coordinate varies fastest).
    pub p: Vec<bool>,
    /// Nim-values (normal play) in the same order, when computed (as for pairs).
    pub values: Option<Vec<u64>>,
    /// With `star`, how many moves the star added.
    pub star_moves: Option<usize>,
}

impl VectorReport {
    /// The P-positions in the box, in index order, each as its t heap sizes.
    pub fn p_positions(&self) -> Vec<Vec<u64>> {
        (0..self.p.len())
            .filter(|&i| self.p[i])
            .map(|i| self.cuboid.point(i).coords().to_vec())
            .collect()
    }
}

/// Solves a t-vector ruleset (t ≥ 3 heaps; pairs are [`solve_pairs`]) on `cuboid`, exactly as
/// pairs are solved: P-positions under its convention, nim-values where the form allows, the
/// star when asked.
pub fn solve_vectors(
    script: &Script,
    cuboid: Cuboid,
    budget: &mut Budget,
) -> Result<VectorReport, EngineError> {
    let sides = cuboid.sides().len();
    match script.shape {
        Shape::Vector(t) if t == sides => {}
        Shape::Vector(t) => {
            return Err(EngineError::Parse(format!(
                "this ruleset is played on {t} heaps: give {t} sides, not {sides}"
            )))
        }
        _ => {
            return Err(EngineError::Parse(format!(
                "this ruleset is not played on {sides} heaps: give {}",
                if script.shape == Shape::Pair {
                    "two sides"
                } else {
                    "a number of heaps"
                }
            )))
        }
    }
    let (p, values, star_moves) = solve_box(script, cuboid, budget)?;
    Ok(VectorReport {
        header: script.header.clone(),
        cuboid,
        p,
        values,
        star_moves,
    })
}

/// P-positions, values (if computed) and how many moves the star added, on any box.
type Solved = (Vec<bool>, Option<Vec<u64>>, Option<usize>);

/// The pair and t-vector solvers' shared run: the convention and the star.
fn solve_box<L: Lattice>(
    script: &Script,
    grid: L,
    budget: &mut Budget,
) -> Result<Solved, EngineError> {
    let misere = script.header.convention == Convention::Misere;
    if misere && script.header.star {
        return Err(EngineError::Parse(
            "the star operator is computed under normal play only".into(),
        ));
    }
    let mut extra = Vec::new();
    let mut star_moves = None;
    if script.header.star {
        let base = solve_form(script, grid, &[], Play::Outcomes, budget)?.0;
        extra = (1..grid.size())
            .filter(|&i| base[i])
            .map(|i| grid.point(i))
            .collect();
        star_moves = Some(extra.len());
    }
    let play = if misere { Play::Misere } else { Play::Values };
    let (p, values) = solve_form(script, grid, &extra, play, budget)?;
    Ok((p, values, star_moves))
}

/// What [`solve_form`] computes.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Play {
    /// Normal-play P-positions only.
    Outcomes,
    /// Normal-play P-positions, and nim-values where the form allows.
    Values,
    /// Misère P-positions only.
    Misere,
}

/// A script's coordinate lists as points (their lengths are checked by the script).
fn to_points<P: Coords>(list: Vec<Vec<u64>>) -> Result<Vec<P>, EngineError> {
    list.iter()
        .map(|c| {
            P::from_coords(c).ok_or_else(|| {
                EngineError::Parse(format!("the position {c:?} has the wrong number of heaps"))
            })
        })
        .collect()
}

/// P-positions (and values when `play` asks and the form allows) of the script with the
/// steps `extra` added at every position.
fn solve_form<L: Lattice>(
    script: &Script,
    grid: L,
    extra: &[L::Point],
    play: Play,
    budget: &mut Budget,
) -> Result<(Vec<bool>, Option<Vec<u64>>), EngineError> {
    let PairForm::Directions { rays, steps } = script.form else {
        let mut options = |at: L::Point| -> Result<Vec<L::Point>, EngineError> {
            let mut list: Vec<L::Point> = to_points(script.point_options(&at.to_coords())?)?;
            if !extra.is_empty() {
                if grid.index(at).is_none() {
                    return Err(EngineError::Parse(format!(
                        "star(): the options leave the grid at {at}, where G's P-positions are not known; give a larger grid"
                    )));
                }
                list.extend(extra.iter().filter_map(|&d| at.minus(d)));
            }
            Ok(list)
        };
        if play == Play::Misere {
            return Ok((pairs::misere_by_options(grid, &mut options, budget)?, None));
        }
        let values = pairs::values_by_options(grid, &mut options, budget)?;
        return Ok((values.iter().map(|&v| v == 0).collect(), Some(values)));
    };
    let fixed = |name: &str, arity: Option<usize>| -> Result<Vec<L::Point>, EngineError> {
        match arity {
            Some(0) => to_points(script.directions(name, None)?),
            _ => Ok(Vec::new()),
        }
    };
    let fixed_rays = fixed("rays", rays)?;
    let mut fixed_steps = fixed("steps", steps)?;
    fixed_steps.extend_from_slice(extra);
    let varies = |arity: Option<usize>| arity.is_some_and(|n| n > 0);
    let mut moves_at = |at: L::Point, moves: &mut pairs::Moves<L::Point>| {
        moves.rays.extend_from_slice(&fixed_rays);
        for (name, list, arity) in [
            ("rays", &mut moves.rays, rays),
            ("steps", &mut moves.steps, steps),
        ] {
            if varies(arity) {
                list.extend(to_points::<L::Point>(
                    script.directions(name, Some(&at.to_coords()))?,
                )?);
            }
        }
        Ok(())
    };
    if play == Play::Misere {
        let p = pairs::misere_p_positions_by_rays(grid, &mut moves_at, &fixed_steps, budget)?;
        return Ok((p, None));
    }
    let p = pairs::p_positions_by_rays(grid, &mut moves_at, &fixed_steps, budget)?;
    let values = if play == Play::Values && grid.size() as u64 <= pairs::MAX_RAY_VALUES {
        Some(pairs::values_by_rays(
            grid,
            &mut moves_at,
            &fixed_steps,
            budget,
        )?)
    } else {
        None
    };
    Ok((p, values))
}
