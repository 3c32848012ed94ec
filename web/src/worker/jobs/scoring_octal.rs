//! Stewart's `G_s` of a scoring octal game ([`scoring_octal::solve`]): one engine call, so the
//! client terminates the worker to cancel it.

use heaplab_engine::scoring::octal as scoring_octal;
use heaplab_engine::scoring::ScoringRules;
use heaplab_engine::Budget;
use serde::{Deserialize, Serialize};

use super::Whole;
use crate::worker::{Job, JobOutput, Place};

pub use crate::protocol::ScoringOctalRequest;

/// What a finished job sends back ([`crate::worker::JobOutput::ScoringOctal`]).
pub type Output = Box<ScoringTable>;

/// `G_s` of a scoring octal game, in a form the worker can send (exact values as
/// `(numerator, denominator)`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ScoringTable {
    /// The ruleset in the paper's notation, e.g. `(3333, 2222)`.
    pub rules: String,
    /// `G_s(n)` (or `G_s(n +_ℓ m)`) for `n = 0..terms`, as `(numerator, denominator)`.
    pub values: Vec<(i64, i64)>,
    /// The proven period of the sequence, or how far the search went.
    pub period: heaplab_engine::Periodicity,
    /// Which solver ran, in words.
    pub method: String,
    /// The `2k` check of Conjectures 14 and 15.
    pub two_k: Option<scoring_octal::TwoKCheck>,
    /// The subtraction set when the game is cumulative subtraction (one point per bean).
    pub subtraction: Option<String>,
}

/// Solves a [`ScoringOctalRequest`] with the engine.
pub fn solve_scoring_octal(request: &ScoringOctalRequest) -> Result<ScoringTable, String> {
    let go = || -> Result<ScoringTable, heaplab_engine::EngineError> {
        let rules = ScoringRules::parse(&request.code, &request.points)?;
        let fixed = match &request.fixed {
            None => None,
            Some((size, code, points)) => Some(scoring_octal::FixedHeap {
                rules: ScoringRules::parse(code, points)?,
                size: *size,
            }),
        };
        let limits = scoring_octal::ScoringLimits::new(request.terms, 1 << 22)?;
        let report =
            scoring_octal::solve(&rules, fixed.as_ref(), limits, &mut Budget::unlimited())?;
        Ok(ScoringTable {
            rules: rules.to_string(),
            values: report
                .values
                .iter()
                .map(|v| (v.numer(), v.denom()))
                .collect(),
            period: report.period,
            method: report.method.describe().to_string(),
            two_k: report.two_k,
            subtraction: rules
                .as_cumulative_subtraction()
                .filter(|_| fixed.is_none())
                .map(|s| s.to_text()),
        })
    };
    go().map_err(|e| e.to_string())
}

/// The game as a job.
pub fn start(request: &ScoringOctalRequest, _place: Place) -> Result<Box<dyn Job>, String> {
    let request = request.clone();
    Ok(Whole::job(move |_| {
        solve_scoring_octal(&request).map(|table| JobOutput::ScoringOctal(Box::new(table)))
    }))
}
