//! Per-ruleset metrics, computed only by the families' own pure functions.
//!
//! Each family has a fixed list of metric names ([`names`]); [`measure`] fills one value per
//! name (`None` when the metric is unknown for this ruleset, e.g. no period within the search)
//! and the hash of the periodic part of the nim-sequence where there is one. Nothing here
//! solves a game: it calls [`crate::subtraction`], [`crate::all_but`],
//! [`crate::cumulative_subtraction`] and [`crate::octal`].

use super::family::{Family, Ruleset};
use crate::octal::{self, code::Ruleset as OctalRules};
use crate::period::Periodicity;
use crate::period_map::{self, Family as MapFamily};
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

/// Measures one ruleset, searching at most `search` heaps for each period.
pub fn measure(ruleset: &Ruleset, search: u64) -> Result<Measured, EngineError> {
    match ruleset {
        Ruleset::Subtraction(set) => subtraction_metrics(set, search),
        Ruleset::AllBut(excluded) => all_but_metrics(excluded, search),
        Ruleset::CumulativeSubtraction(set) => cumulative_metrics(set, search),
        Ruleset::Code(rules) => code_metrics(ruleset, rules, search),
        Ruleset::ScoringOctal(rules) => scoring_metrics(ruleset, rules, search),
        Ruleset::MapCell { map, x, y, set } => Ok(map_cell_metrics(*map, *x, *y, set, search)),
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

fn subtraction_metrics(set: &NumberSet, search: u64) -> Result<Measured, EngineError> {
    let mut budget = Budget::unlimited();
    let (nim, values) = subtraction::nim_period_and_values(set, search, &mut budget)?;
    let outcome = subtraction::outcome_period(set, search, &mut budget)?;
    let (max_value, sequence) = periodic_part(&nim, &values);
    let mut row = shape(set.elements()).to_vec();
    row.extend(period_pair(&nim));
    row.extend(period_pair(&outcome));
    row.push(max_value);
    Ok(Measured {
        values: row,
        sequence,
    })
}

fn all_but_metrics(excluded: &NumberSet, search: u64) -> Result<Measured, EngineError> {
    let period = all_but::arithmetic_period(excluded, search, &mut Budget::unlimited())?;
    let mut row = shape(excluded.elements()).to_vec();
    row.extend(period_pair(&period));
    row.push(period.saltus().map(|v| v as i64));
    Ok(Measured {
        values: row,
        sequence: None,
    })
}

fn cumulative_metrics(set: &NumberSet, search: u64) -> Result<Measured, EngineError> {
    let m = u64::from(set.max());
    let limits = Limits::new(2 * m * m + m + 1, search)?;
    let report = cumulative_subtraction::solve(set, limits, &mut Budget::unlimited())?;
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
        sequence: None,
    })
}

fn code_metrics(
    ruleset: &Ruleset,
    rules: &OctalRules,
    search: u64,
) -> Result<Measured, EngineError> {
    let limits = octal::Limits {
        terms: 1,
        prove: true,
        max_heaps: usize::try_from(search).unwrap_or(usize::MAX),
    };
    let (report, values) = octal::solve_keeping_values(rules, limits, &mut Budget::unlimited())?;
    let (max_value, sequence) = periodic_part(&report.periodicity, &values);
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
) -> Result<Measured, EngineError> {
    let limits = ScoringLimits::new(1, search)?;
    let report = scoring::octal::solve(rules, None, limits, &mut Budget::unlimited())?;
    let mut row = shape(&ruleset.elements()).to_vec();
    row.extend(period_pair(&report.period));
    row.push(report.two_k.map(|c| i64::from(c.eventual)));
    row.push(report.two_k.map(|c| i64::from(c.all_n)));
    Ok(Measured {
        values: row,
        sequence: None,
    })
}

fn map_cell_metrics(
    map: MapFamily,
    x: u32,
    y: u32,
    set: &Option<NumberSet>,
    search: u64,
) -> Measured {
    let moves = set.as_ref().map_or(&[][..], |s| s.elements());
    let mut row = vec![Some(i64::from(x)), Some(i64::from(y))];
    row.extend(shape(moves));
    let cell = period_map::solve_cell(map, x, y, search);
    row.push(cell.period.map(|p| p as i64));
    row.push(cell.preperiod.map(|p| p as i64));
    Measured {
        values: row,
        sequence: None,
    }
}

/// The largest value up to the end of the first period, and the hash of the periodic part
/// (`None`s when no period is proven).
fn periodic_part<V: Copy + Into<u64>>(p: &Periodicity, values: &[V]) -> (Option<i64>, Option<u64>) {
    let Periodicity::Proven {
        preperiod, period, ..
    } = *p
    else {
        return (None, None);
    };
    let (pre, end) = (preperiod as usize, (preperiod + period) as usize);
    let Some(seen) = values.get(..end) else {
        return (None, None);
    };
    let max = seen.iter().map(|&v| v.into() as i64).max();
    (max, Some(periodic_hash(&values[pre..end])))
}

/// xxh3 of the values as little-endian `u32`s: the same on every run and platform.
fn periodic_hash<V: Copy + Into<u64>>(values: &[V]) -> u64 {
    let mut hasher = xxhash_rust::xxh3::Xxh3::new();
    for chunk in values.chunks(64) {
        let mut bytes = [0u8; 256];
        for (slot, &v) in bytes.chunks_exact_mut(4).zip(chunk) {
            slot.copy_from_slice(&(v.into() as u32).to_le_bytes());
        }
        hasher.update(&bytes[..4 * chunk.len()]);
    }
    hasher.digest()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_streamed_hash_is_xxh3_of_the_little_endian_bytes() {
        for len in [0usize, 1, 63, 64, 65, 200] {
            let values: Vec<u16> = (0..len as u16).map(|v| v.wrapping_mul(7919)).collect();
            let bytes: Vec<u8> = values
                .iter()
                .flat_map(|&v| u32::from(v).to_le_bytes())
                .collect();
            assert_eq!(periodic_hash(&values), xxhash_rust::xxh3::xxh3_64(&bytes));
        }
    }
}
