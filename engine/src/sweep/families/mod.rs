//! The sweep families, one type each implementing [`super::family::SweepFamily`], and the
//! index orders they share ([`subsets`], [`codes`]). A family is its file here and one line
//! in the `families!` list below, which declares its module and registers it.

pub mod codes;
pub mod subsets;

use super::family::{families, FamilyOptions, SweepFamily};
use super::metrics::{Measured, Workspace};
use crate::checks::{Subject, SubjectKind};
use crate::{Budget, EngineError};
use serde::{Deserialize, Serialize};

// The registered families, one line each: `Variant(module::Type) -> RulesetVariant`. The
// variant is the serialized tag (kebab-case); the order is that of `Family::names()`. A line
// may carry `#[cfg(...)]` (the rules family needs the engine's `rules` feature).
families! {
    Subtraction(subtraction::SubtractionSets) -> Subtraction,
    AllBut(all_but::AllButSets) -> AllBut,
    CumulativeSubtraction(cumulative_subtraction::CumulativeSets) -> CumulativeSubtraction,
    Codes(octal::OctalCodes) -> Code,
    ScoringOctal(scoring_octal::ScoringCodes) -> ScoringOctal,
    PeriodMap(period_map::MapWindow) -> MapCell,
    #[cfg(feature = "rules")]
    Rules(rules::RuleSweep) -> Rules,
}
