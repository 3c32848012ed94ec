//! The octal and hexadecimal code families: every code `·d1…dd` of `d` digits, measured by
//! [`crate::octal`] (the period proven by Theorem 3.73 or unknown).

use super::codes::{Codes, CODE_OPTIONS};
use crate::checks::{Subject, SubjectKind};
use crate::octal::{self, code::Ruleset as OctalRules};
use crate::sweep::family::{FamilyOptions, SweepFamily};
use crate::sweep::metrics::{max_and_hash, period_pair, shape, Measured, Workspace};
use crate::{Budget, EngineError};
use serde::{Deserialize, Serialize};

/// Octal (`base` 8) or hexadecimal (16) codes of `digits` digits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct OctalCodes(pub Codes);

impl SweepFamily for OctalCodes {
    const NAMES: &'static [&'static str] = &["octal", "hexadecimal"];
    const SUMMARY: &'static str = "`octal` or `hexadecimal` (every code of --digits D digits)";
    const OPTIONS: &'static [&'static str] = CODE_OPTIONS;
    const KIND: SubjectKind = SubjectKind::Octal;
    const METRICS: &'static [&'static str] = &[
        "size",
        "max_move",
        "min_move",
        "period",
        "preperiod",
        "computed",
        "max_value",
    ];
    type Ruleset = OctalRules;

    fn parse(name: &str, options: &FamilyOptions) -> Result<Self, EngineError> {
        let base = if name == "hexadecimal" { 16 } else { 8 };
        Codes::parse(name, options, base).map(Self)
    }

    fn validate(&self) -> Result<(), EngineError> {
        self.0.check(&[8, 16])
    }

    fn len(&self) -> u64 {
        self.0.len()
    }

    fn get(&self, index: u64) -> Result<OctalRules, EngineError> {
        OctalRules::from_digits(self.0.get(index), Vec::new())
    }

    /// Codes are slower per heap; an unresolved code would otherwise compute millions of
    /// heaps. Three-heap splits make the split-set method superlinear: 2,000 heaps already
    /// take minutes for some two-digit hexadecimal codes.
    fn default_search(&self) -> u64 {
        match self.0.base {
            8 => 1 << 12,
            _ => 1 << 10,
        }
    }

    fn subject(rules: &OctalRules) -> Option<Subject<'_>> {
        Some(Subject::Octal(rules))
    }

    fn text(rules: &OctalRules) -> String {
        rules.ascii()
    }

    /// The move sizes `k` with `d_k ≠ 0`.
    fn elements(rules: &OctalRules) -> Vec<u32> {
        (1..rules.digits().len())
            .filter(|&k| rules.digit(k) != 0)
            .map(|k| k as u32)
            .collect()
    }

    fn measure(
        _: &mut Workspace,
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
        let mut row = shape(&Self::elements(rules)).to_vec();
        row.extend(period_pair(&report.periodicity));
        row.push(Some(report.computed as i64));
        row.push(max_value);
        Ok(Measured {
            values: row,
            sequence,
        })
    }
}
