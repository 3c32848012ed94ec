//! Per-ruleset metrics, computed only by the families' own pure functions.
//!
//! Each family has a fixed list of metric names ([`names`]); [`measure`] fills one value per
//! name (`None` when the metric is unknown for this ruleset, e.g. no period within the search)
//! and the hash of the periodic part of the nim-sequence where there is one. Nothing here
//! solves a game: it calls [`crate::subtraction`] and [`crate::all_but`].

use super::family::Ruleset;
use crate::period::Periodicity;
use crate::ruleset::NumberSet;
use crate::{all_but, subtraction, Budget, EngineError};

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

/// Short names a user may type for a metric (`--group-by max`).
const ALIASES: &[(&str, &str)] = &[("max", "max_move"), ("min", "min_move")];

/// The metric names of the family `ruleset`'s kind, in column order.
pub fn names(kind: crate::checks::SubjectKind) -> &'static [&'static str] {
    use crate::checks::SubjectKind as K;
    match kind {
        K::AllBut => ALL_BUT,
        _ => SUBTRACTION,
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
    }
}

/// `size`, `max_move`, `min_move` of a set.
fn shape(set: &NumberSet) -> [Option<i64>; 3] {
    [
        Some(set.elements().len() as i64),
        Some(i64::from(set.max())),
        Some(i64::from(set.min())),
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
    let (max_value, sequence) = match nim {
        Periodicity::Proven {
            preperiod, period, ..
        } => {
            let (pre, end) = (preperiod as usize, (preperiod + period) as usize);
            let max = values[..end].iter().max().map(|&v| i64::from(v));
            (max, Some(periodic_hash(&values[pre..end])))
        }
        Periodicity::NotFound { .. } => (None, None),
    };
    let mut row = shape(set).to_vec();
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
    let mut row = shape(excluded).to_vec();
    row.extend(period_pair(&period));
    row.push(period.saltus().map(|v| v as i64));
    Ok(Measured {
        values: row,
        sequence: None,
    })
}

/// xxh3 of the values as little-endian `u16`s: the same on every run and platform.
fn periodic_hash(values: &[u16]) -> u64 {
    let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
    xxhash_rust::xxh3::xxh3_64(&bytes)
}
