//! The finite subtraction family: every non-empty `S ⊆ {1..m}` (survey, Section 2), measured
//! by [`crate::subtraction`]'s nim- and outcome periods.

use super::subsets::{subset_family_methods, Subsets, SET_OPTIONS};
use crate::checks::{Subject, SubjectKind};
use crate::ruleset::NumberSet;
use crate::subtraction;
use crate::sweep::family::{FamilyOptions, SweepFamily};
use crate::sweep::metrics::{max_and_hash, period_pair, shape, Measured, Workspace};
use crate::{Budget, EngineError};
use serde::{Deserialize, Serialize};

/// Finite subtraction games: every non-empty `S ⊆ {1..m}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct SubtractionSets(pub Subsets);

impl SweepFamily for SubtractionSets {
    const NAMES: &'static [&'static str] = &["subtraction"];
    const SUMMARY: &'static str = "`subtraction` (every non-empty S ⊆ {1..m}, with --max-move m)";
    const OPTIONS: &'static [&'static str] = SET_OPTIONS;
    const KIND: SubjectKind = SubjectKind::Subtraction;
    const METRICS: &'static [&'static str] = &[
        "size",
        "max_move",
        "min_move",
        "period",
        "preperiod",
        "outcome_period",
        "outcome_preperiod",
        "max_value",
    ];
    type Ruleset = NumberSet;

    subset_family_methods!(false);

    fn subject(set: &NumberSet) -> Option<Subject<'_>> {
        Some(Subject::Subtraction(set))
    }

    fn measure(
        workspace: &mut Workspace,
        set: &NumberSet,
        search: u64,
        budget: &mut Budget<'_>,
    ) -> Result<Measured, EngineError> {
        let workspace = &mut workspace.subtraction;
        let (nim, outcome) = subtraction::periods_with(workspace, set, search, budget)?;
        let (max_value, sequence) = max_and_hash(&nim, workspace.values());
        let mut row = Vec::with_capacity(Self::METRICS.len());
        row.extend(shape(set.elements()));
        row.extend(period_pair(&nim));
        row.extend(period_pair(&outcome));
        row.push(max_value);
        Ok(Measured {
            values: row,
            sequence,
        })
    }
}
