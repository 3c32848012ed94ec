//! Conjectures 15 and 16 checked over many rulesets: the per-ruleset cases and the survey
//! that counts and lists the counterexamples. Apart from the solver because it only calls it.

use super::{bean_points, solve, FixedHeap, ScoringLimits, ScoringRules, TwoKCheck};
use crate::{Budget, EngineError};

/// One ruleset (and fixed heap) of a [`conjecture_15_survey`] whose period does not divide
/// `2k` (or is not proven).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct SurveyCase {
    /// The code `n_1…n_k`.
    pub code: String,
    /// The fixed heap `m` (same ruleset).
    pub m: u32,
    /// Conjecture 15's `k`.
    pub k: u32,
    /// The proven period (`None`: not found within the search).
    pub period: Option<u64>,
    /// The proven preperiod.
    pub preperiod: Option<u64>,
}

/// The result of checking Conjectures 15 and 16 over a range of rulesets.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Survey {
    /// (ruleset, m) pairs checked.
    pub checked: u64,
    /// Pairs with a proven period (Conjecture 16: eventually periodic).
    pub proven: u64,
    /// Pairs whose period divides `2k` (Conjecture 15, eventually).
    pub eventual_2k: u64,
    /// Pairs with `G_s(n + 2k +_ℓ m) = G_s(n +_ℓ m)` for every `n ≥ 0` (Conjecture 15 as printed).
    pub all_n_2k: u64,
    /// Counterexamples to the eventual form (or unproven cases), at most 100 listed.
    pub eventual_failures: Vec<SurveyCase>,
    /// Counterexamples to the printed form ("for all n"), at most 100 listed.
    pub all_n_failures: Vec<SurveyCase>,
}

/// Most counterexamples a [`Survey`] lists (all are counted).
pub const MAX_LISTED: usize = 100;

/// Most fixed heaps `m` a survey or a check puts beside the heap `n`.
pub const MAX_SURVEY_M: u32 = 50;

/// Conjectures 15 and 16 on one ruleset: `G_s(n +_ℓ m)` for `m = 0..=max_m` (the fixed heap
/// under the same ruleset), each case with its proven period and the `2k` check (`None` when no
/// period was proven, or the game breaks heaps). The survey below and the named checks
/// (`checks::scoring`) both call this.
pub fn conjecture_15_cases(
    rules: &ScoringRules,
    max_m: u32,
    budget: &mut Budget<'_>,
) -> Result<Vec<(SurveyCase, Option<TwoKCheck>)>, EngineError> {
    if max_m > MAX_SURVEY_M {
        return Err(EngineError::OutOfRange(format!(
            "the fixed heap m goes up to {MAX_SURVEY_M}, not {max_m}"
        )));
    }
    let limits = ScoringLimits::new(64, 1 << 16)?;
    (0..=max_m)
        .map(|m| {
            let fixed = (m > 0).then(|| FixedHeap {
                rules: rules.clone(),
                size: m,
            });
            let report = solve(rules, fixed.as_ref(), limits, budget)?;
            let case = SurveyCase {
                code: rules.code(),
                m,
                k: rules.conjecture_15_k().unwrap_or(0),
                period: report.period.period(),
                preperiod: report.period.preperiod(),
            };
            Ok((case, report.two_k))
        })
        .collect()
}

/// Checks Conjectures 15 and 16 on every taking-no-breaking code `n_1…n_L` with digits 0–3,
/// `L ≤ max_digits`, a last digit other than 0 and some digit 2 or 3, with the hypothesis'
/// points (`p_i = i` where `n_i ≠ 0`), for heaps `n +_ℓ m` with `m = 0..=max_m` under the same
/// ruleset.
pub fn conjecture_15_survey(
    max_digits: usize,
    max_m: u32,
    budget: &mut Budget<'_>,
) -> Result<Survey, EngineError> {
    if max_digits == 0 || max_digits > 8 || max_m > MAX_SURVEY_M {
        return Err(EngineError::OutOfRange(format!(
            "the survey takes 1–8 digits and m up to {MAX_SURVEY_M}"
        )));
    }
    let mut survey = Survey::default();
    for len in 1..=max_digits {
        for code in 0..4u32.pow(len as u32) {
            let digits: Vec<u8> = (0..len).map(|i| ((code >> (2 * i)) & 3) as u8).collect();
            if digits[len - 1] == 0 || digits.iter().all(|&d| d < 2) {
                continue;
            }
            let points = bean_points(&digits);
            let rules = ScoringRules::new(digits, points)?;
            for (case, check) in conjecture_15_cases(&rules, max_m, budget)? {
                survey.checked += 1;
                if case.period.is_some() {
                    survey.proven += 1;
                }
                if check.is_some_and(|c| c.eventual) {
                    survey.eventual_2k += 1;
                } else if survey.eventual_failures.len() < MAX_LISTED {
                    survey.eventual_failures.push(case.clone());
                }
                if check.is_some_and(|c| c.all_n) {
                    survey.all_n_2k += 1;
                } else if survey.all_n_failures.len() < MAX_LISTED {
                    survey.all_n_failures.push(case);
                }
            }
        }
    }
    Ok(survey)
}
