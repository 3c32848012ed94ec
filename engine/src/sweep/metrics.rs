//! Per-ruleset metrics, computed only by the families' own pure functions.
//!
//! Each family has a fixed list of metric names ([`names`]); [`measure`] fills one value per
//! name (`None` when the metric is unknown for this ruleset, e.g. no period within the search)
//! and the hash of the periodic part of its sequence where a period is proven: the nim-sequence
//! of subtraction, all-but (with its saltus), octal and hexadecimal games, the outcome
//! sequence of cumulative subtraction and of period-map cells, and `G_s` of scoring octal
//! games. Nothing here
//! solves a game: it calls [`crate::subtraction`], [`crate::all_but`],
//! [`crate::cumulative_subtraction`] and [`crate::octal`].

use super::family::{Family, Ruleset};
use crate::octal::{self, code::Ruleset as OctalRules};
use crate::period::Periodicity;
use crate::period_map::{CellSolver, Family as MapFamily};
use crate::ruleset::NumberSet;
use crate::scoring::{
    self,
    octal::{ScoringLimits, ScoringRules},
};
use crate::subtraction::Limits;
use crate::{all_but, cumulative_subtraction, subtraction, Budget, EngineError};

/// The metrics of finite subtraction sets.
const SUBTRACTION: &[&str] = &[
    "size",
    "max_move",
    "min_move",
    "period",
    "preperiod",
    "outcome_period",
    "outcome_preperiod",
    "max_value",
];

/// The metrics of all-but sets (`period`, `preperiod` and `saltus` are the arithmetic period's).
const ALL_BUT: &[&str] = &[
    "size",
    "max_move",
    "min_move",
    "period",
    "preperiod",
    "saltus",
];

/// The metrics of cumulative subtraction sets: the outcome's period, `ξ` (Definition 4), the
/// action `opt` settles on, and the sacrifices (greedy minus optimal, Definition 6) over the
/// heaps `x <= 2 (max S)² + max S` (past Theorem 3's bound on `ξ`).
const CUMULATIVE: &[&str] = &[
    "size",
    "max_move",
    "min_move",
    "period",
    "preperiod",
    "xi",
    "converged_action",
    "max_sacrifice",
    "sacrifice_heaps",
];

/// The metrics of octal and hexadecimal codes (`period` proven by Theorem 3.73 or unknown).
const CODES: &[&str] = &[
    "size",
    "max_move",
    "min_move",
    "period",
    "preperiod",
    "computed",
    "max_value",
];

/// The metrics of period-map pixels: the pixel, its set's shape, and the outcome period the
/// map colours by (from [`crate::period_map::solve_cell`]; unknown outside the family).
const MAP_CELLS: &[&str] = &[
    "x",
    "y",
    "size",
    "max_move",
    "min_move",
    "period",
    "preperiod",
];

/// The metrics of scoring octal games: `G_s`'s proven period and the `2k` check of
/// Conjectures 14/15 (1 when it holds, 0 when not, unknown without a period).
const SCORING: &[&str] = &[
    "size",
    "max_move",
    "min_move",
    "period",
    "preperiod",
    "two_k_eventual",
    "two_k_all_n",
];

/// Short names a user may type for a metric (`--group-by max`).
const ALIASES: &[(&str, &str)] = &[("max", "max_move"), ("min", "min_move")];

/// The metric names of `family`'s rulesets, in column order.
pub fn names(family: &Family) -> &'static [&'static str] {
    match family {
        Family::Subtraction(_) => SUBTRACTION,
        Family::AllBut(_) => ALL_BUT,
        Family::CumulativeSubtraction(_) => CUMULATIVE,
        Family::Codes(_) => CODES,
        Family::ScoringOctal(_) => SCORING,
        Family::PeriodMap { .. } => MAP_CELLS,
    }
}

/// The column of metric `name` (or its alias) among `names`, or an error listing them.
pub fn column(names: &[&str], name: &str) -> Result<usize, EngineError> {
    let name = ALIASES
        .iter()
        .find(|(alias, _)| *alias == name)
        .map_or(name, |(_, full)| full);
    names.iter().position(|n| *n == name).ok_or_else(|| {
        EngineError::Parse(format!(
            "unknown metric `{name}`; this family's metrics: {}",
            names.join(", ")
        ))
    })
}

/// What a sweep records of one ruleset.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Measured {
    /// One value per metric name, in [`names`] order.
    pub values: Vec<Option<i64>>,
    /// A stable hash of the periodic part of the nim-sequence (`None` when there is none).
    pub sequence: Option<u64>,
}

/// The buffers a sweep thread reuses from one ruleset to the next: the subtraction solvers'
/// and the period-map cell solver's (the other families' solvers allocate per ruleset).
#[derive(Debug, Default)]
pub struct Workspace {
    subtraction: subtraction::Workspace,
    cells: CellSolver,
}

impl Workspace {
    /// Empty buffers (they grow to the largest ruleset measured).
    pub fn new() -> Self {
        Self::default()
    }
}

/// Measures one ruleset, searching at most `search` heaps for each period.
pub fn measure(ruleset: &Ruleset, search: u64) -> Result<Measured, EngineError> {
    measure_with(
        &mut Workspace::new(),
        ruleset,
        search,
        &mut Budget::unlimited(),
    )
}

/// A function that measures one ruleset: [`measure_with`] (every family) or
/// [`measure_sets`] (subtraction, all-but and cumulative subtraction sets only).
pub type Measure =
    fn(&mut Workspace, &Ruleset, u64, &mut Budget<'_>) -> Result<Measured, EngineError>;

/// [`measure_with`] for families of sets only (subtraction, all-but, cumulative
/// subtraction); any other ruleset is an error. A build that measures through this alone
/// (the web page's sweeps) leaves the other families' metrics out of its module.
pub fn measure_sets(
    workspace: &mut Workspace,
    ruleset: &Ruleset,
    search: u64,
    budget: &mut Budget<'_>,
) -> Result<Measured, EngineError> {
    match ruleset {
        Ruleset::Subtraction(set) => {
            subtraction_metrics(&mut workspace.subtraction, set, search, budget)
        }
        Ruleset::AllBut(excluded) => all_but_metrics(excluded, search, budget),
        Ruleset::CumulativeSubtraction(set) => cumulative_metrics(set, search, budget),
        _ => Err(EngineError::Parse(
            "this sweep measures subtraction, all-but and cumulative subtraction sets only".into(),
        )),
    }
}

/// [`measure`] reusing the buffers of `workspace`; the solvers poll `budget` (the period-map
/// cell solver has no budget: its search is capped by `search`).
pub fn measure_with(
    workspace: &mut Workspace,
    ruleset: &Ruleset,
    search: u64,
    budget: &mut Budget<'_>,
) -> Result<Measured, EngineError> {
    match ruleset {
        Ruleset::Subtraction(_) | Ruleset::AllBut(_) | Ruleset::CumulativeSubtraction(_) => {
            measure_sets(workspace, ruleset, search, budget)
        }
        Ruleset::Code(rules) => code_metrics(ruleset, rules, search, budget),
        Ruleset::ScoringOctal(rules) => scoring_metrics(ruleset, rules, search, budget),
        Ruleset::MapCell { map, x, y, set } => Ok(map_cell_metrics(
            &mut workspace.cells,
            (*map, *x, *y),
            set,
            search,
        )),
    }
}

/// `size`, `max_move`, `min_move` of a set of moves.
fn shape(moves: &[u32]) -> [Option<i64>; 3] {
    [
        Some(moves.len() as i64),
        moves.last().map(|&m| i64::from(m)),
        moves.first().map(|&m| i64::from(m)),
    ]
}

/// `period`, `preperiod` of a periodicity.
fn period_pair(p: &Periodicity) -> [Option<i64>; 2] {
    [
        p.period().map(|v| v as i64),
        p.preperiod().map(|v| v as i64),
    ]
}

fn subtraction_metrics(
    workspace: &mut subtraction::Workspace,
    set: &NumberSet,
    search: u64,
    budget: &mut Budget<'_>,
) -> Result<Measured, EngineError> {
    let (nim, outcome) = subtraction::periods_with(workspace, set, search, budget)?;
    let (max_value, sequence) = max_and_hash(&nim, workspace.values());
    let mut row = Vec::with_capacity(SUBTRACTION.len());
    row.extend(shape(set.elements()));
    row.extend(period_pair(&nim));
    row.extend(period_pair(&outcome));
    row.push(max_value);
    Ok(Measured {
        values: row,
        sequence,
    })
}

fn all_but_metrics(
    excluded: &NumberSet,
    search: u64,
    budget: &mut Budget<'_>,
) -> Result<Measured, EngineError> {
    let (period, values) = all_but::arithmetic_period_and_values(excluded, search, budget)?;
    let mut row = shape(excluded.elements()).to_vec();
    row.extend(period_pair(&period));
    row.push(period.saltus().map(|v| v as i64));
    // One period and the saltus fix the sequence from the preperiod on.
    let sequence = periodic_block(&period, &values)
        .map(|block| periodic_hash(block.iter().copied().chain(period.saltus())));
    Ok(Measured {
        values: row,
        sequence,
    })
}

fn cumulative_metrics(
    set: &NumberSet,
    search: u64,
    budget: &mut Budget<'_>,
) -> Result<Measured, EngineError> {
    let m = u64::from(set.max());
    let mut solve = |terms| {
        let limits = Limits::new(terms, search)?;
        cumulative_subtraction::solve(set, limits, budget)
    };
    let mut report = solve(2 * m * m + m + 1)?;
    if let Some(end) = period_end(&report.period).filter(|&e| e > report.outcomes.len()) {
        // Rare: the periodic part reaches past the heaps the sacrifices need.
        report = solve(end as u64)?;
    }
    let sequence = periodic_block(&report.period, &report.outcomes)
        .map(|block| periodic_hash(block.iter().map(|&v| u64::from(v))));
    let sacrifices: Vec<u32> = (0..report.outcomes.len())
        .map(|x| report.sacrifice(x))
        .collect();
    let mut row = shape(set.elements()).to_vec();
    row.extend(period_pair(&report.period));
    row.push(report.convergence.map(|xi| xi as i64));
    row.push(report.converged_action.map(i64::from));
    row.push(sacrifices.iter().max().map(|&s| i64::from(s)));
    row.push(Some(sacrifices.iter().filter(|&&s| s > 0).count() as i64));
    Ok(Measured {
        values: row,
        sequence,
    })
}

fn code_metrics(
    ruleset: &Ruleset,
    rules: &OctalRules,
    search: u64,
    budget: &mut Budget<'_>,
) -> Result<Measured, EngineError> {
    let limits = octal::Limits {
        terms: 1,
        prove: true,
        max_heaps: usize::try_from(search).unwrap_or(usize::MAX),
    };
    let (report, values) = octal::solve_keeping_values(rules, limits, budget)?;
    let (max_value, sequence) = max_and_hash(&report.periodicity, &values);
    let mut row = shape(&ruleset.elements()).to_vec();
    row.extend(period_pair(&report.periodicity));
    row.push(Some(report.computed as i64));
    row.push(max_value);
    Ok(Measured {
        values: row,
        sequence,
    })
}

fn scoring_metrics(
    ruleset: &Ruleset,
    rules: &ScoringRules,
    search: u64,
    budget: &mut Budget<'_>,
) -> Result<Measured, EngineError> {
    let mut solve = |terms| {
        let limits = ScoringLimits::new(terms, search)?;
        scoring::octal::solve(rules, None, limits, budget)
    };
    let mut report = solve(SCORING_TERMS)?;
    if let Some(end) = period_end(&report.period).filter(|&e| e > report.values.len()) {
        report = solve(end as u64)?;
    }
    let sequence = periodic_block(&report.period, &report.values).map(|block| {
        let words = block
            .iter()
            .flat_map(|v| [v.numer() as u64, v.denom() as u64]);
        periodic_hash(words)
    });
    let mut row = shape(&ruleset.elements()).to_vec();
    row.extend(period_pair(&report.period));
    row.push(report.two_k.map(|c| i64::from(c.eventual)));
    row.push(report.two_k.map(|c| i64::from(c.all_n)));
    Ok(Measured {
        values: row,
        sequence,
    })
}

/// The metrics of the pixel `(map, x, y)` (the set `set` inside the family) and the hash of
/// its outcome sequence's periodic part, solved in `cells`' reused buffers.
fn map_cell_metrics(
    cells: &mut CellSolver,
    (map, x, y): (MapFamily, u32, u32),
    set: &Option<NumberSet>,
    search: u64,
) -> Measured {
    let moves = set.as_ref().map_or(&[][..], |s| s.elements());
    let mut row = vec![Some(i64::from(x)), Some(i64::from(y))];
    row.extend(shape(moves));
    let cell = cells.solve(map, x, y, search);
    row.push(cell.period.map(|p| p as i64));
    row.push(cell.preperiod.map(|p| p as i64));
    // The bits are this cell's only when it proved a period.
    let sequence = cell.period.zip(cell.preperiod).map(|(period, pre)| {
        let bits = cells.p_bits();
        periodic_hash((pre..pre + period).map(|i| u64::from(bits.get(i as i64))))
    });
    Measured {
        values: row,
        sequence,
    }
}

/// How many values the scoring solver lists first: enough for most periodic parts, so that
/// the solver rarely runs a second time for a longer one.
const SCORING_TERMS: u64 = 64;

/// Preperiod + period of a proven periodicity.
fn period_end(p: &Periodicity) -> Option<usize> {
    Some((p.preperiod()? + p.period()?) as usize)
}

/// One period of `values` from the preperiod on (`None` without a proven period, or when
/// `values` stops short of it).
fn periodic_block<'v, V>(p: &Periodicity, values: &'v [V]) -> Option<&'v [V]> {
    let pre = p.preperiod()? as usize;
    values.get(pre..period_end(p)?)
}

/// The largest value up to the end of the first period, and the hash of the periodic part
/// (`None`s when no period is proven).
fn max_and_hash<V: Copy + Into<u64>>(p: &Periodicity, values: &[V]) -> (Option<i64>, Option<u64>) {
    let Some(block) = periodic_block(p, values) else {
        return (None, None);
    };
    let seen = &values[..period_end(p).unwrap_or(0)];
    let max = seen.iter().map(|&v| v.into() as i64).max();
    (max, Some(periodic_hash(block.iter().map(|&v| v.into()))))
}

/// xxh3 of the words as little-endian `u64`s: the same on every run and platform. The bytes
/// are hashed in one call (`xxh3_64`) rather than streamed: the one-shot function is about
/// half the code of the streaming hasher in the web module, and one period's bytes are small
/// next to the values the period was found in.
fn periodic_hash(words: impl IntoIterator<Item = u64>) -> u64 {
    let bytes: Vec<u8> = words.into_iter().flat_map(u64::to_le_bytes).collect();
    xxhash_rust::xxh3::xxh3_64(&bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The hash is xxh3 (the spec's value for no input) of the words' little-endian bytes,
    /// written out here byte by byte, so the sweep's hashes stay those of earlier outputs.
    #[test]
    fn the_hash_is_xxh3_of_the_little_endian_bytes() {
        assert_eq!(periodic_hash([]), 0x2D06_8005_38D3_94C2);
        let bytes = [
            1, 0, 0, 0, 0, 0, 0, 0, 0x10, 0x32, 0x54, 0x76, 0x98, 0xba, 0xdc, 0xfe,
        ];
        assert_eq!(
            periodic_hash([1, 0xfedc_ba98_7654_3210]),
            xxhash_rust::xxh3::xxh3_64(&bytes)
        );
        let long: Vec<u64> = (0..200u64).map(|v| v.wrapping_mul(7919 << 40)).collect();
        let mut streamed = xxhash_rust::xxh3::Xxh3::new();
        for word in &long {
            streamed.update(&word.to_le_bytes());
        }
        assert_eq!(periodic_hash(long), streamed.digest());
    }
}
