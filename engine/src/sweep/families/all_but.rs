//! The all-but subtraction family `ℕ ∖ E`: every excluded set `E ⊆ {1..m}`, the empty one
//! (Nim) too, measured by [`crate::all_but`]'s arithmetic period.

use super::subsets::{subset_family_methods, Subsets, SET_OPTIONS};
use crate::all_but;
use crate::checks::{Subject, SubjectKind};
use crate::ruleset::NumberSet;
use crate::sweep::family::{FamilyOptions, SweepFamily};
use crate::sweep::metrics::{
    period_pair, periodic_block, periodic_hash, shape, Measured, Workspace,
};
use crate::{Budget, EngineError};
use serde::{Deserialize, Serialize};

/// All-but subtraction `ℕ ∖ E`: every excluded set `E ⊆ {1..m}`, `E = ∅` included.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct AllButSets(pub Subsets);

impl SweepFamily for AllButSets {
    const NAMES: &'static [&'static str] = &["all-but"];
    const SUMMARY: &'static str = "`all-but` (every excluded set E ⊆ {1..m}, with --max-move m)";
    const OPTIONS: &'static [&'static str] = SET_OPTIONS;
    const KIND: SubjectKind = SubjectKind::AllBut;
    /// `period`, `preperiod` and `saltus` are the arithmetic period's.
    const METRICS: &'static [&'static str] = &[
        "size",
        "max_move",
        "min_move",
        "period",
        "preperiod",
        "saltus",
    ];
    type Ruleset = NumberSet;

    subset_family_methods!(true);

    fn subject(excluded: &NumberSet) -> Option<Subject<'_>> {
        Some(Subject::AllBut(excluded))
    }

    fn measure(
        _: &mut Workspace,
        excluded: &NumberSet,
        search: u64,
        budget: &mut Budget<'_>,
    ) -> Result<Measured, EngineError> {
        let (period, values) = all_but::arithmetic_period_and_values(excluded, search, budget)?;
        let mut row = shape(excluded.elements()).to_vec();
        row.extend(period_pair(&period));
        row.push(period.saltus().map(|v| v as i64));
        // One period and the saltus fix the sequence from the preperiod on.
        let sequence = periodic_block(&period, &values)
            .map(|block| periodic_hash(block.iter().copied().chain(period.saltus())));
        Ok(Measured {
            values: row,
            sequence,
        })
    }
}
