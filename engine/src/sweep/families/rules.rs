//! Parameter sweeps of a rule-defined game ([`crate::rules`]): one ruleset text, every
//! combination of whole-number parameter values in the ranges given (`--param t=2..20`),
//! each solved by the rules solver. Periods here are only *observed* (arbitrary code has no
//! periodicity theorem), and the columns say so in the guide.

use crate::checks::{Subject, SubjectKind};
use crate::octal::position::Outcome;
use crate::rules::pairs::{Cuboid, MAX_POSITIONS};
use crate::rules::{self, Grid, Script, Shape};
use crate::sweep::family::{FamilyOptions, SweepFamily, MAX_RULESETS};
use crate::sweep::metrics::{periodic_hash, Measured, Workspace};
use crate::{Budget, EngineError};
use serde::{Deserialize, Serialize};

/// The heaps (one-heap rulesets) or grid side (pair rulesets) solved unless `--search` says
/// otherwise: a script call per position is a thousand times slower than a built-in solver.
pub const DEFAULT_RULES_SEARCH: u64 = 1000;

/// The columns every rules sweep has after its swept parameters.
const RESULT_METRICS: &[&str] = &["period", "preperiod", "max_value", "p_positions"];

/// A parameter swept over the whole numbers `low..=high`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ParamRange {
    /// The parameter's name, as the ruleset declares it with `param(...)`.
    pub name: String,
    /// The first value.
    pub low: i64,
    /// The last value (inclusive).
    pub high: i64,
}

impl ParamRange {
    /// How many values the range holds.
    fn count(&self) -> u64 {
        (self.high - self.low) as u64 + 1
    }

    /// Reads `NAME=A..B` (a range) or `NAME=V` (one value for the whole sweep: `Err` gives
    /// the text back so the caller keeps it as a fixed parameter).
    pub fn parse(text: &str) -> Result<Result<Self, (String, String)>, EngineError> {
        let (name, value) = text.split_once('=').ok_or_else(|| {
            EngineError::Parse(format!(
                "--param `{text}`: write NAME=A..B (a range) or NAME=VALUE"
            ))
        })?;
        let (name, value) = (name.trim().to_string(), value.trim());
        let Some((low, high)) = value.split_once("..") else {
            return Ok(Err((name, value.to_string())));
        };
        let number = |t: &str| {
            t.trim().parse::<i64>().map_err(|_| {
                EngineError::Parse(format!(
                    "--param {name}={value}: `{}` is not a whole number",
                    t.trim()
                ))
            })
        };
        let (low, high) = (number(low)?, number(high)?);
        Ok(Ok(ParamRange { name, low, high }))
    }
}

/// A rule-defined game and the parameter values to sweep it over.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RuleSweep {
    /// The ruleset's text (a file's contents or a preset's).
    pub text: String,
    /// The swept parameters; the last one varies fastest with the index.
    pub ranges: Vec<ParamRange>,
    /// Parameters set to one value for the whole sweep (`--param S=1,2`), as typed.
    #[serde(default)]
    pub fixed: Vec<(String, String)>,
}

impl RuleSweep {
    /// The sweep of `text` with the `--param` texts `params`: `NAME=A..B` is swept,
    /// `NAME=VALUE` fixed.
    pub fn new(text: String, params: &[String]) -> Result<Self, EngineError> {
        let mut sweep = RuleSweep {
            text,
            ranges: Vec::new(),
            fixed: Vec::new(),
        };
        for param in params {
            match ParamRange::parse(param)? {
                Ok(range) => sweep.ranges.push(range),
                Err(fixed) => sweep.fixed.push(fixed),
            }
        }
        Ok(sweep)
    }
}

/// One ruleset of a rules sweep: the text with every parameter bound.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuleBinding {
    /// The ruleset's text.
    pub text: String,
    /// The fixed parameters, as typed.
    pub fixed: Vec<(String, String)>,
    /// The swept parameters with this ruleset's values.
    pub swept: Vec<(String, i64)>,
}

impl RuleBinding {
    /// The script with these parameter values bound.
    pub fn compile(&self) -> Result<Script, EngineError> {
        let swept = self.swept.iter().map(|(n, v)| (n.clone(), v.to_string()));
        let overrides: Vec<(String, String)> = self.fixed.iter().cloned().chain(swept).collect();
        rules::compile(&self.text, &overrides)
    }
}

impl SweepFamily for RuleSweep {
    const NAMES: &'static [&'static str] = &["rules"];
    const SUMMARY: &'static str =
        "`rules` (a ruleset FILE or preset, every value of --param NAME=A..B)";
    const OPTIONS: &'static [&'static str] = &["--param"];
    const KIND: SubjectKind = SubjectKind::Rules;
    /// The swept parameters come first (see [`SweepFamily::metric_names`]).
    const METRICS: &'static [&'static str] = RESULT_METRICS;
    type Ruleset = RuleBinding;

    fn parse(_: &str, options: &FamilyOptions) -> Result<Self, EngineError> {
        let sweep = options.rules.clone().ok_or_else(|| {
            EngineError::Parse(
                "the rules family needs a ruleset: `heaplab sweep rules FILE|PRESET --param NAME=A..B`"
                    .into(),
            )
        })?;
        sweep.validate()?;
        Ok(sweep)
    }

    fn validate(&self) -> Result<(), EngineError> {
        let mut len: u64 = 1;
        for (i, r) in self.ranges.iter().enumerate() {
            if r.low > r.high {
                return Err(EngineError::OutOfRange(format!(
                    "--param {}={}..{}: the range is empty",
                    r.name, r.low, r.high
                )));
            }
            let taken = RESULT_METRICS.contains(&r.name.as_str())
                || self.ranges[..i].iter().any(|o| o.name == r.name);
            if taken {
                return Err(EngineError::Parse(format!(
                    "--param {}: the name is given twice or is a result column",
                    r.name
                )));
            }
            len = len
                .checked_mul(r.count())
                .filter(|&n| n <= MAX_RULESETS)
                .ok_or_else(|| {
                    EngineError::OutOfRange(format!(
                        "the parameter ranges hold more than {MAX_RULESETS} rulesets"
                    ))
                })?;
        }
        self.get(0)?.compile().map(|_| ())
    }

    fn len(&self) -> u64 {
        self.ranges.iter().map(ParamRange::count).product()
    }

    fn get(&self, mut index: u64) -> Result<RuleBinding, EngineError> {
        let mut swept = vec![(String::new(), 0); self.ranges.len()];
        for (slot, r) in swept.iter_mut().zip(&self.ranges).rev() {
            *slot = (r.name.clone(), r.low + (index % r.count()) as i64);
            index /= r.count();
        }
        Ok(RuleBinding {
            text: self.text.clone(),
            fixed: self.fixed.clone(),
            swept,
        })
    }

    fn default_search(&self) -> u64 {
        DEFAULT_RULES_SEARCH
    }

    fn metric_names(&self) -> Vec<&str> {
        let params = self.ranges.iter().map(|r| r.name.as_str());
        params.chain(RESULT_METRICS.iter().copied()).collect()
    }

    fn subject(binding: &RuleBinding) -> Option<Subject<'_>> {
        Some(Subject::Rules(binding))
    }

    /// The swept values, `t=3 u=5` (`defaults` when nothing is swept).
    fn text(binding: &RuleBinding) -> String {
        let parts: Vec<String> = binding
            .swept
            .iter()
            .map(|(name, value)| format!("{name}={value}"))
            .collect();
        match parts.is_empty() {
            true => "defaults".into(),
            false => parts.join(" "),
        }
    }

    /// None: a ruleset's parameters are columns of their own in `--where`.
    fn elements(_: &RuleBinding) -> Vec<u32> {
        Vec::new()
    }

    fn measure(
        _: &mut Workspace,
        binding: &RuleBinding,
        search: u64,
        budget: &mut Budget<'_>,
    ) -> Result<Measured, EngineError> {
        let script = binding.compile()?;
        let (results, sequence) = match script.shape {
            Shape::Heap => heap_row(&script, search, budget)?,
            Shape::Pair | Shape::Vector(_) => box_row(&script, search, budget)?,
            Shape::Comply => {
                let report = rules::comply::solve_comply(&script, search, budget)?;
                let p: Vec<bool> = report.outcomes.iter().map(|&o| o == Outcome::P).collect();
                let ids: Vec<u64> = p.iter().map(|&p| u64::from(p)).collect();
                (seen_row(&ids, None, &p), None)
            }
            Shape::Partizan => {
                let report = rules::partizan::solve_partizan(&script, search, budget)?;
                let p: Vec<bool> = report.outcomes.chars().map(|o| o == 'P').collect();
                (seen_row(&first_seen_ids(&report.canonical), None, &p), None)
            }
        };
        let mut values: Vec<Option<i64>> = binding.swept.iter().map(|(_, v)| Some(*v)).collect();
        values.extend(results);
        Ok(Measured { values, sequence })
    }
}

/// A rules sweep's result columns: `period`, `preperiod`, `max_value`, `p_positions`.
type ResultRow = [Option<i64>; 4];

/// The columns of a one-heap impartial ruleset, and the hash of its periodic part when a
/// period is seen.
fn heap_row(
    script: &Script,
    search: u64,
    budget: &mut Budget<'_>,
) -> Result<(ResultRow, Option<u64>), EngineError> {
    let report = rules::solve_heaps(script, search, budget)?;
    let p: Vec<bool> = report.outcomes.iter().map(|&o| o == Outcome::P).collect();
    let max = report.values.iter().max().map(|&v| v as i64);
    let sequence = report.period.as_ref().map(|period| {
        let start = period.preperiod as usize;
        let block = &report.values[start..start + period.period as usize];
        periodic_hash(block.iter().copied())
    });
    Ok((seen_row(&report.values, max, &p), sequence))
}

/// The columns of a ruleset on two or more heaps, solved on a box of side `search` (cut so
/// that the box stays within the solver's positions): no period, the largest nim-value where
/// the form computes them, and the P-positions counted.
fn box_row(
    script: &Script,
    search: u64,
    budget: &mut Budget<'_>,
) -> Result<(ResultRow, Option<u64>), EngineError> {
    let (p, values) = match script.shape {
        Shape::Vector(t) => {
            let side = search.min(largest_side(t));
            let report = rules::solve_vectors(script, Cuboid::new(&vec![side; t])?, budget)?;
            (report.p, report.values)
        }
        _ => {
            let side = search.min(largest_side(2));
            let report = rules::solve_pairs(script, Grid::new(side, side)?, budget)?;
            (report.p, report.values)
        }
    };
    let max = values.and_then(|v| v.into_iter().max()).map(|v| v as i64);
    Ok(([None, None, max, Some(count_p(&p))], None))
}

/// The largest side `s` with `s^t` within the solver's [`MAX_POSITIONS`].
fn largest_side(t: usize) -> u64 {
    let mut side = 1u64;
    while (side + 1)
        .checked_pow(t as u32)
        .is_some_and(|n| n <= MAX_POSITIONS)
    {
        side += 1;
    }
    side
}

/// `period` and `preperiod` seen in `sequence` (observed, never proven), then `max` and the
/// number of P-positions in `p`.
fn seen_row(sequence: &[u64], max: Option<i64>, p: &[bool]) -> ResultRow {
    let period = rules::observed_period(sequence);
    [
        period.as_ref().map(|s| s.period as i64),
        period.as_ref().map(|s| s.preperiod as i64),
        max,
        Some(count_p(p)),
    ]
}

/// Each item replaced by the index of its first occurrence, so that a sequence of texts (the
/// canonical forms) can be searched for a period like numbers.
fn first_seen_ids(items: &[String]) -> Vec<u64> {
    let mut seen: std::collections::HashMap<&str, u64> = std::collections::HashMap::new();
    items
        .iter()
        .map(|item| {
            let next = seen.len() as u64;
            *seen.entry(item.as_str()).or_insert(next)
        })
        .collect()
}

/// How many of the positions are P-positions.
fn count_p(p: &[bool]) -> i64 {
    p.iter().filter(|&&p| p).count() as i64
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sweep(ranges: &[(&str, i64, i64)]) -> RuleSweep {
        RuleSweep {
            text: crate::rules::presets::preset("mark-t").unwrap().text.into(),
            ranges: ranges
                .iter()
                .map(|&(name, low, high)| ParamRange {
                    name: name.into(),
                    low,
                    high,
                })
                .collect(),
            fixed: Vec::new(),
        }
    }

    #[test]
    fn indices_run_the_last_parameter_fastest() {
        let s = RuleSweep {
            ranges: vec![
                ParamRange {
                    name: "a".into(),
                    low: 1,
                    high: 2,
                },
                ParamRange {
                    name: "b".into(),
                    low: -1,
                    high: 1,
                },
            ],
            ..sweep(&[])
        };
        assert_eq!(s.len(), 6);
        let texts: Vec<String> = (0..6)
            .map(|i| RuleSweep::text(&s.get(i).unwrap()))
            .collect();
        assert_eq!(
            texts,
            ["a=1 b=-1", "a=1 b=0", "a=1 b=1", "a=2 b=-1", "a=2 b=0", "a=2 b=1"]
        );
    }

    #[test]
    fn bad_ranges_and_unknown_parameters_are_refused() {
        let err = |s: RuleSweep| s.validate().unwrap_err().to_string();
        assert!(err(sweep(&[("t", 5, 2)])).contains("empty"));
        assert!(err(sweep(&[("t", 2, 3), ("t", 2, 3)])).contains("twice"));
        assert!(err(sweep(&[("period", 2, 3)])).contains("result column"));
        assert!(err(sweep(&[("u", 2, 3)])).contains('u'));
        let huge = sweep(&[("t", 0, i64::MAX / 2), ("t2", 0, i64::MAX / 2)]);
        assert!(err(huge).contains("more than"));
        assert!(ParamRange::parse("t").is_err());
        assert!(ParamRange::parse("t=a..3").is_err());
        assert_eq!(
            ParamRange::parse("S=1,2").unwrap(),
            Err(("S".into(), "1,2".into()))
        );
    }

    #[test]
    fn mark_t_rows_hold_the_parameter_and_an_observed_period_or_none() {
        let s = sweep(&[("t", 2, 4)]);
        let mut budget = Budget::unlimited();
        for i in 0..s.len() {
            let binding = s.get(i).unwrap();
            let m = RuleSweep::measure(&mut Workspace::new(), &binding, 200, &mut budget).unwrap();
            assert_eq!(m.values[0], Some(2 + i as i64));
            assert_eq!(m.values.len(), s.metric_names().len());
            // MARK-t is aperiodic for every t (Proposition 3.68): no period is seen.
            assert_eq!(m.values[1], None, "t = {}", 2 + i);
            assert_eq!(m.sequence, None);
            assert!(m.values[4].unwrap() > 0);
        }
    }

    fn row(text: &str, fixed: &[(&str, &str)], search: u64) -> Vec<Option<i64>> {
        let binding = RuleBinding {
            text: text.into(),
            fixed: fixed
                .iter()
                .map(|(n, v)| (n.to_string(), v.to_string()))
                .collect(),
            swept: Vec::new(),
        };
        let mut budget = Budget::unlimited();
        RuleSweep::measure(&mut Workspace::new(), &binding, search, &mut budget)
            .unwrap()
            .values
    }

    /// Every shape gives the four result columns: comply and partizan games their outcomes'
    /// P count, a 3-heap game its P-positions in the box.
    #[test]
    fn every_shape_fills_the_result_columns() {
        let preset = |name| crate::rules::presets::preset(name).unwrap().text;
        let comply = row(preset("comply-ap"), &[], 100);
        let base3 = (0..100u32).filter(|&n| no_two(n)).count();
        assert_eq!(comply[3], Some(base3 as i64));
        assert_eq!(comply[2], None);
        // S(1 | 1) is the subtraction game {1}: every even heap is a P-position.
        let partizan = row(
            preset("partizan-subtraction"),
            &[("L", "1"), ("R", "1")],
            20,
        );
        assert_eq!(partizan[3], Some(10));
        let nim3 = row("fn rays() { [[1, 0, 0], [0, 1, 0], [0, 0, 1]] }", &[], 8);
        let zero_sums = (0..512u64).filter(|i| (i & 7) ^ (i >> 3 & 7) ^ (i >> 6) == 0);
        assert_eq!(nim3[3], Some(zero_sums.count() as i64));
        assert_eq!(largest_side(2), 2000);
        assert_eq!(largest_side(3), 158);
    }

    /// Whether `n`'s base-3 digits are all 0 or 1.
    fn no_two(mut n: u32) -> bool {
        while n > 0 {
            if n % 3 == 2 {
                return false;
            }
            n /= 3;
        }
        true
    }
}
