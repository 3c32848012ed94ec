//! The papers' stated ranges as plain enumerations, for the tests (fast parts) and for
//! `long_ranges` (the parts that take minutes, meant for `cargo xtask records`). The explorer's
//! family generators (issue 17's `sweep`) will supersede these lists; until then they are the
//! one place the checks' ranges are enumerated.

use super::{find, tally, Subject, Tally};
use crate::ruleset::NumberSet;
use crate::scoring::octal::{bean_points, ScoringRules};
use crate::{Budget, EngineError};

/// Every set `S ⊆ {1..m}` with `max S = m`, for `m = 1..=max`, by `m` and then by the bit mask
/// of the smaller elements (`2^max − 1` sets; `max ≤ 24`).
pub fn sets_up_to(max: u32) -> Vec<NumberSet> {
    (1..=max.min(24))
        .flat_map(|m| {
            (0u32..1 << (m - 1)).filter_map(move |mask| {
                let mut e: Vec<u32> = (1..m).filter(|i| mask >> (i - 1) & 1 == 1).collect();
                e.push(m);
                NumberSet::from_elements(e).ok()
            })
        })
        .collect()
}

/// The members of a one-parameter family for `n` in `range` (parameters that repeat an element
/// are skipped).
pub fn family(
    members: impl Fn(u32) -> Vec<u32>,
    range: std::ops::RangeInclusive<u32>,
) -> Vec<NumberSet> {
    range
        .filter_map(|n| NumberSet::from_elements(members(n)).ok())
        .collect()
}

/// Every taking-no-breaking code of `1..=max_digits` digits 0–3 (last digit non-zero) with
/// Conjecture 15's points (`p_i = i` where `n_i ≠ 0`).
pub fn bean_codes(max_digits: usize) -> Vec<ScoringRules> {
    let mut codes = Vec::new();
    for len in 1..=max_digits.min(8) {
        for code in 0..4u32.pow(len as u32) {
            let digits: Vec<u8> = (0..len).map(|i| ((code >> (2 * i)) & 3) as u8).collect();
            if digits[len - 1] != 0 {
                let points = bean_points(&digits);
                codes.extend(ScoringRules::new(digits, points).ok());
            }
        }
    }
    codes
}

/// One long range: the check, the range in words, and its tally.
#[derive(Debug, Clone)]
pub struct RangeRun {
    /// The check's name.
    pub check: &'static str,
    /// The range run, in words.
    pub range: String,
    /// What the check said over it.
    pub tally: Tally,
}

/// How a [`long_ranges`] entry builds its subjects.
enum Sets {
    Subtraction(Vec<NumberSet>),
    AllBut(Vec<NumberSet>),
    Cumulative(Vec<NumberSet>),
    Scoring(Vec<ScoringRules>),
}

/// The ranges that take minutes (`cargo xtask records`): each check over the widest range one
/// machine reaches, ticking `budget` per subject and handing each finished run to `done` (so a
/// caller can print as it goes).
pub fn long_ranges(
    budget: &mut Budget<'_>,
    done: &mut dyn FnMut(&RangeRun),
) -> Result<Vec<RangeRun>, EngineError> {
    let plan: Vec<(&'static str, &str, Sets)> = vec![
        (
            "cs-conjecture-17",
            "max S ≤ 14",
            Sets::Cumulative(sets_up_to(14)),
        ),
        (
            "cs-observation-3",
            "max S ≤ 14",
            Sets::Cumulative(sets_up_to(14)),
        ),
        (
            "cs-observation-4",
            "max S ≤ 14",
            Sets::Cumulative(sets_up_to(14)),
        ),
        (
            "cs-conjecture-18",
            "max S ≤ 8",
            Sets::Cumulative(sets_up_to(8)),
        ),
        (
            "cs-conjecture-19",
            "max S ≤ 8",
            Sets::Cumulative(sets_up_to(8)),
        ),
        (
            "survey-claim-cubic-period",
            "a = 1..=26",
            Sets::Subtraction(family(|a| vec![a, 4 * a, 12 * a + 1, 16 * a + 1], 1..=26)),
        ),
        (
            "survey-claim-preperiod-45n2",
            "n = 1..=20",
            Sets::Subtraction(family(|n| vec![5 * n - 2, 5 * n + 3, 10 * n + 2], 1..=20)),
        ),
        (
            "survey-conjecture-guy",
            "max S ≤ 18",
            Sets::Subtraction(sets_up_to(18)),
        ),
        (
            "survey-conjecture-3move",
            "max S ≤ 18",
            Sets::Subtraction(sets_up_to(18)),
        ),
        (
            "thesis-conjecture-9",
            "max S ≤ 18",
            Sets::Subtraction(sets_up_to(18)),
        ),
        (
            "survey-appendix-a4",
            "max E ≤ 16",
            Sets::AllBut(sets_up_to(16)),
        ),
        (
            "survey-appendix-a7",
            "max E ≤ 16",
            Sets::AllBut(sets_up_to(16)),
        ),
        (
            "survey-appendix-a10",
            "max E ≤ 16",
            Sets::AllBut(sets_up_to(16)),
        ),
        (
            "stewart-conjecture-15",
            "codes of ≤ 6 digits",
            Sets::Scoring(bean_codes(6)),
        ),
        (
            "cs-conjecture-16",
            "m = 3..=200",
            Sets::Cumulative(family(|m| (1..=m).collect(), 3..=200)),
        ),
    ];
    let mut runs = Vec::new();
    for (check, range, sets) in plan {
        let c = find(check)?;
        let tally = match &sets {
            Sets::Subtraction(s) => tally(c, s.iter().map(Subject::Subtraction), budget),
            Sets::AllBut(s) => tally(c, s.iter().map(Subject::AllBut), budget),
            Sets::Cumulative(s) => tally(c, s.iter().map(Subject::CumulativeSubtraction), budget),
            Sets::Scoring(s) => tally(c, s.iter().map(Subject::ScoringOctal), budget),
        }?;
        let run = RangeRun {
            check,
            range: range.to_string(),
            tally,
        };
        done(&run);
        runs.push(run);
    }
    Ok(runs)
}
