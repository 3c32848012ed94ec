//! Per-ruleset metrics, computed only by the families' own pure functions.
//!
//! Each family lists its metric names ([`names`], its [`SweepFamily::METRICS`]) and fills one
//! value per name in its [`SweepFamily::measure`] (`None` when the metric is unknown for this
//! ruleset, e.g. no period within the search), with the hash of the periodic part of its
//! sequence where a period is proven. Nothing here solves a game: this module dispatches to
//! the families and holds the pieces their rows share ([`shape`], [`period_pair`], the hash).

use super::families::{
    all_but::AllButSets, cumulative_subtraction::CumulativeSets, subtraction::SubtractionSets,
};
use super::family::{Family, Ruleset, SweepFamily};
use crate::period::Periodicity;
use crate::period_map::CellSolver;
use crate::{subtraction, Budget, EngineError};

/// Short names a user may type for a metric (`--group-by max`).
const ALIASES: &[(&str, &str)] = &[("max", "max_move"), ("min", "min_move")];

/// The metric names of `family`'s rulesets, in column order.
pub fn names(family: &Family) -> Vec<&str> {
    family.metric_names()
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
    pub(super) subtraction: subtraction::Workspace,
    pub(super) cells: CellSolver,
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
/// (the web page's sweeps) leaves the other families' metrics out of its module, so this is
/// the one list of families a new family joins only to run on the `#/explore` page (it calls
/// their [`SweepFamily::measure`] directly, not through the dispatch of every family).
pub fn measure_sets(
    workspace: &mut Workspace,
    ruleset: &Ruleset,
    search: u64,
    budget: &mut Budget<'_>,
) -> Result<Measured, EngineError> {
    match ruleset {
        Ruleset::Subtraction(set) => SubtractionSets::measure(workspace, set, search, budget),
        Ruleset::AllBut(excluded) => AllButSets::measure(workspace, excluded, search, budget),
        Ruleset::CumulativeSubtraction(set) => {
            CumulativeSets::measure(workspace, set, search, budget)
        }
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
    ruleset.measure(workspace, search, budget)
}

/// `size`, `max_move`, `min_move` of a set of moves.
pub(super) fn shape(moves: &[u32]) -> [Option<i64>; 3] {
    [
        Some(moves.len() as i64),
        moves.last().map(|&m| i64::from(m)),
        moves.first().map(|&m| i64::from(m)),
    ]
}

/// `period`, `preperiod` of a periodicity.
pub(super) fn period_pair(p: &Periodicity) -> [Option<i64>; 2] {
    [
        p.period().map(|v| v as i64),
        p.preperiod().map(|v| v as i64),
    ]
}

/// Preperiod + period of a proven periodicity.
pub(super) fn period_end(p: &Periodicity) -> Option<usize> {
    Some((p.preperiod()? + p.period()?) as usize)
}

/// One period of `values` from the preperiod on (`None` without a proven period, or when
/// `values` stops short of it).
pub(super) fn periodic_block<'v, V>(p: &Periodicity, values: &'v [V]) -> Option<&'v [V]> {
    let pre = p.preperiod()? as usize;
    values.get(pre..period_end(p)?)
}

/// The largest value up to the end of the first period, and the hash of the periodic part
/// (`None`s when no period is proven).
pub(super) fn max_and_hash<V: Copy + Into<u64>>(
    p: &Periodicity,
    values: &[V],
) -> (Option<i64>, Option<u64>) {
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
pub(super) fn periodic_hash(words: impl IntoIterator<Item = u64>) -> u64 {
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
