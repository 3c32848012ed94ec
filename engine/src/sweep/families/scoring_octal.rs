//! The scoring octal family (Stewart): games that take without breaking, every code
//! `n_1…n_d` with digits in `0..=3` (`n_d ≠ 0`, the mixed radix of [`Codes`] with base 4) and
//! the points `p_i = i` of Conjectures 14 and 15, measured by [`crate::scoring::octal`].

use super::codes::{Codes, CODE_OPTIONS};
use crate::checks::{Subject, SubjectKind};
use crate::rational::Rational;
use crate::scoring::{
    self,
    octal::{ScoringLimits, ScoringRules},
};
use crate::sweep::family::{FamilyOptions, SweepFamily};
use crate::sweep::metrics::{
    period_end, period_pair, periodic_block, periodic_hash, shape, Measured, Workspace,
};
use crate::{Budget, EngineError};
use serde::{Deserialize, Serialize};

/// How many values the scoring solver lists first: enough for most periodic parts, so that
/// the solver rarely runs a second time for a longer one.
const SCORING_TERMS: u64 = 64;

/// Scoring octal games of `digits` digits in base 4, with the points `p_i = i`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct ScoringCodes(pub Codes);

impl SweepFamily for ScoringCodes {
    const NAMES: &'static [&'static str] = &["scoring-octal"];
    const SUMMARY: &'static str =
        "`scoring-octal` (taking-no-breaking codes of --digits D digits, points p_i = i)";
    const OPTIONS: &'static [&'static str] = CODE_OPTIONS;
    const KIND: SubjectKind = SubjectKind::ScoringOctal;
    /// `G_s`'s proven period and the `2k` check of Conjectures 14/15 (1 when it holds, 0 when
    /// not, unknown without a period).
    const METRICS: &'static [&'static str] = &[
        "size",
        "max_move",
        "min_move",
        "period",
        "preperiod",
        "two_k_eventual",
        "two_k_all_n",
    ];
    type Ruleset = ScoringRules;

    fn parse(name: &str, options: &FamilyOptions) -> Result<Self, EngineError> {
        Codes::parse(name, options, 4).map(Self)
    }

    fn validate(&self) -> Result<(), EngineError> {
        self.0.check(&[4])
    }

    fn len(&self) -> u64 {
        self.0.len()
    }

    fn get(&self, index: u64) -> Result<ScoringRules, EngineError> {
        let digits = self.0.get(index)[1..].to_vec();
        let points = (1..=digits.len() as i64).map(Rational::int).collect();
        ScoringRules::new(digits, points)
    }

    fn subject(rules: &ScoringRules) -> Option<Subject<'_>> {
        Some(Subject::ScoringOctal(rules))
    }

    fn text(rules: &ScoringRules) -> String {
        rules.code()
    }

    /// None: a scoring code's `S` is empty in `--where` (and its size 0).
    fn elements(_: &ScoringRules) -> Vec<u32> {
        Vec::new()
    }

    fn measure(
        _: &mut Workspace,
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
        let mut row = shape(&Self::elements(rules)).to_vec();
        row.extend(period_pair(&report.period));
        row.push(report.two_k.map(|c| i64::from(c.eventual)));
        row.push(report.two_k.map(|c| i64::from(c.all_n)));
        Ok(Measured {
            values: row,
            sequence,
        })
    }
}
