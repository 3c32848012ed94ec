//! The cumulative subtraction family (`G_s`) on every non-empty `S ⊆ {1..m}`, measured by
//! [`crate::cumulative_subtraction`]: the outcome's period, `ξ` and the sacrifices.

use super::subsets::{subset_family_methods, Subsets, SET_OPTIONS};
use crate::checks::{Subject, SubjectKind};
use crate::cumulative_subtraction;
use crate::ruleset::NumberSet;
use crate::subtraction::Limits;
use crate::sweep::family::{FamilyOptions, SweepFamily};
use crate::sweep::metrics::{
    period_end, period_pair, periodic_block, periodic_hash, shape, Measured, Workspace,
};
use crate::{Budget, EngineError};
use serde::{Deserialize, Serialize};

/// Cumulative subtraction (`G_s`) on every non-empty `S ⊆ {1..m}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct CumulativeSets(pub Subsets);

impl SweepFamily for CumulativeSets {
    const NAMES: &'static [&'static str] = &["cumulative-subtraction"];
    const SUMMARY: &'static str = "`cumulative-subtraction` (every S ⊆ {1..m}, with --max-move m)";
    const OPTIONS: &'static [&'static str] = SET_OPTIONS;
    const KIND: SubjectKind = SubjectKind::CumulativeSubtraction;
    /// The outcome's period, `ξ` (Definition 4), the action `opt` settles on, and the
    /// sacrifices (greedy minus optimal, Definition 6) over the heaps `x <= 2 (max S)² + max S`
    /// (past Theorem 3's bound on `ξ`).
    const METRICS: &'static [&'static str] = &[
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
    type Ruleset = NumberSet;

    subset_family_methods!(false);

    fn subject(set: &NumberSet) -> Option<Subject<'_>> {
        Some(Subject::CumulativeSubtraction(set))
    }

    fn measure(
        _: &mut Workspace,
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
}
