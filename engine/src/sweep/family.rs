//! The families a sweep walks: deterministic generators with a stable index `0..len`.
//!
//! A family is a set of rulesets (subtraction sets, all-but excluded sets, ...) numbered
//! `0..len()` in a fixed order, so that a sweep can be cut into index ranges (chunks, shards)
//! and any ruleset found by a sweep can be named by its index. [`Family::get`] builds one
//! ruleset from its index without enumerating the others, and [`Family::len`] counts them
//! without enumerating.
//!
//! Each family is one type implementing [`SweepFamily`] (in [`super::families`]) and one line
//! of the `families!` list there, which generates [`Family`] (one variant per type, the
//! serialized form of shard and resume files) and [`Ruleset`] (one variant per type's
//! ruleset), and dispatches their methods to the types.

pub use super::families::{kind_name, Family, Ruleset};
use super::metrics::{Measured, Workspace};
use crate::checks::{Subject, SubjectKind};
use crate::period_map::Window;
use crate::{Budget, EngineError};
use std::fmt::Debug;

pub use super::families::codes::{Codes, MAX_DIGITS};
pub use super::families::period_map::MapCell;
pub use super::families::subsets::{binomial, Subsets, MAX_SET_BOUND};
#[cfg(test)]
use super::families::{
    all_but::AllButSets, octal::OctalCodes, scoring_octal::ScoringCodes,
    subtraction::SubtractionSets,
};

/// The largest number of rulesets one sweep may walk: 2^32, so `subtraction --max-move 32`
/// and every octal or hexadecimal family of up to 8 digits fit, the CLI's per-chunk resume
/// bookkeeping stays a few tens of MB, and a bigger walk (years of CPU) is refused before
/// anything is allocated. A sweep past it is cut by `--size` or `--exact-max`, or sharded
/// into several sweeps.
pub const MAX_RULESETS: u64 = 1 << 32;

/// What a user gives to pick a family: its name and its options.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FamilyOptions {
    /// The bound `m` of set families (`--max-move`).
    pub bound: Option<u32>,
    /// `|S| = k` (`--size`).
    pub size: Option<u32>,
    /// `max S = m` exactly (`--exact-max`).
    pub exact_max: bool,
    /// The number of code digits (`--digits`).
    pub digits: Option<u32>,
    /// The fixed move of a period-map family (`--fixed`: `s3` or `m`).
    pub fixed: Option<u32>,
    /// The pixel window of a period-map family (`--x A..B --y C..D`).
    pub window: Option<Window>,
    /// The ruleset and parameter ranges of the rules family (`FILE --param t=2..20`).
    #[cfg(feature = "rules")]
    pub rules: Option<super::families::rules::RuleSweep>,
}

impl FamilyOptions {
    /// The options given, by the flag that sets them.
    fn given(&self) -> Vec<(&'static str, bool)> {
        vec![
            ("--max-move", self.bound.is_some()),
            ("--size", self.size.is_some()),
            ("--exact-max", self.exact_max),
            ("--digits", self.digits.is_some()),
            ("--fixed", self.fixed.is_some()),
            ("--x/--y", self.window.is_some()),
            #[cfg(feature = "rules")]
            ("--param", self.rules.is_some()),
        ]
    }
}

/// What a family of rulesets says about itself to a sweep: how it is named and parsed, how
/// its rulesets are numbered, shown, checked and measured. One type per family implements it
/// and is registered once in the `families!` list of [`super::families`].
pub trait SweepFamily: Sized {
    /// The names [`Family::parse`] accepts for it (the first is its name in `heaplab checks`).
    const NAMES: &'static [&'static str];
    /// Its names and what they enumerate, for help texts: "`subtraction` (every non-empty
    /// S ⊆ {1..m})".
    const SUMMARY: &'static str;
    /// The option flags it reads (of [`FamilyOptions`]); the others are refused, not ignored.
    const OPTIONS: &'static [&'static str];
    /// The kind of subject its rulesets are, for the checks' `applies_to`.
    const KIND: SubjectKind;
    /// The metric names of its rulesets, in column order.
    const METRICS: &'static [&'static str];
    /// One ruleset, owned (a [`Subject`] borrows it).
    type Ruleset: Debug + Clone + PartialEq + Eq;

    /// The family `name` (one of [`Self::NAMES`]) with the options it reads.
    fn parse(name: &str, options: &FamilyOptions) -> Result<Self, EngineError>;
    /// Checks a family read back from a file against the bounds `parse` enforces.
    fn validate(&self) -> Result<(), EngineError>;
    /// The number of rulesets (no enumeration).
    fn len(&self) -> u64;
    /// Whether the family is empty (never, once `parse` or `validate` accepted it).
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Ruleset number `index`, for `index < len()` (checked by [`Family::get`]).
    fn get(&self, index: u64) -> Result<Self::Ruleset, EngineError>;
    /// How many heaps a period search computes unless the user says otherwise.
    fn default_search(&self) -> u64 {
        crate::subtraction::DEFAULT_SEARCH
    }
    /// The metric names of this family's rulesets, in column order: [`Self::METRICS`]
    /// unless the family's own columns depend on what the user gave (a rules sweep's
    /// parameters).
    fn metric_names(&self) -> Vec<&str> {
        Self::METRICS.to_vec()
    }
    /// The subject the checks are asked about (`None` when there is none).
    fn subject(ruleset: &Self::Ruleset) -> Option<Subject<'_>>;
    /// The ruleset as a user types it.
    fn text(ruleset: &Self::Ruleset) -> String;
    /// The ruleset's elements: the expression language's `S`.
    fn elements(ruleset: &Self::Ruleset) -> Vec<u32>;
    /// The ruleset's [`Self::METRICS`] and the hash of its sequence's periodic part,
    /// searching at most `search` heaps for each period.
    fn measure(
        workspace: &mut Workspace,
        ruleset: &Self::Ruleset,
        search: u64,
        budget: &mut Budget<'_>,
    ) -> Result<Measured, EngineError>;
}

/// Generates each family's `pub mod` line, [`Family`], [`Ruleset`] and their dispatch from
/// one line per family: `Variant(module::FamilyType) -> RulesetVariant`, invoked in
/// [`super::families`] (so the modules are its files). The variant names are the serialized
/// tags.
macro_rules! families {
    ($($(#[$cfg:meta])* $variant:ident($module:ident :: $type:ident) -> $ruleset:ident,)+) => {
        $($(#[$cfg])* pub mod $module;)+
        $crate::sweep::family::family_dispatch! {
            $($(#[$cfg])* $variant($module::$type) -> $ruleset,)+
        }
    };
}
pub(crate) use families;

/// The types and dispatch of [`families!`], from its list with each type as one `ty`.
macro_rules! family_dispatch {
    ($($(#[$cfg:meta])* $variant:ident($family:ty) -> $ruleset:ident,)+) => {
        /// A family of rulesets a sweep can walk (serialized as `{"family": "<variant>", …}`).
        #[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
        #[serde(tag = "family", rename_all = "kebab-case")]
        pub enum Family {
            $(
                #[doc = concat!("The family [`", stringify!($family), "`].")]
                $(#[$cfg])*
                $variant($family),
            )+
        }

        /// One ruleset of a family, owned (a [`Subject`] borrows it).
        #[derive(Debug, Clone, PartialEq, Eq)]
        pub enum Ruleset {
            $(
                #[doc = concat!("A ruleset of [`Family::", stringify!($variant), "`].")]
                $(#[$cfg])*
                $ruleset(<$family as SweepFamily>::Ruleset),
            )+
        }

        impl Family {
            /// The family names [`Family::parse`] accepts, in registration order.
            pub fn names() -> Vec<&'static str> {
                [$($(#[$cfg])* <$family as SweepFamily>::NAMES),+].concat()
            }

            /// Every family's [`SweepFamily::SUMMARY`], in registration order: the help of
            /// `heaplab sweep`.
            pub fn summaries() -> Vec<&'static str> {
                vec![$($(#[$cfg])* <$family as SweepFamily>::SUMMARY),+]
            }

            /// [`Family::parse`] before the check of unused options.
            pub(in crate::sweep) fn parse_used(name: &str, options: &FamilyOptions) -> Result<Self, EngineError> {
                $($(#[$cfg])* if <$family as SweepFamily>::NAMES.contains(&name) {
                    return <$family as SweepFamily>::parse(name, options).map(Family::$variant);
                })+
                Err(EngineError::Parse(format!(
                    "unknown family `{name}`; known families: {}",
                    Family::names().join(", ")
                )))
            }

            /// The option flags this family reads.
            pub(in crate::sweep) fn options(&self) -> &'static [&'static str] {
                match self { $($(#[$cfg])* Family::$variant(_) => <$family as SweepFamily>::OPTIONS,)+ }
            }

            /// Checks a family built without [`Family::parse`] (read back from a shard or
            /// resume file): the same bounds `parse` enforces, so a forged file cannot ask for
            /// a family past [`MAX_RULESETS`] or with a bound that would overflow.
            pub fn validate(&self) -> Result<(), EngineError> {
                match self { $($(#[$cfg])* Family::$variant(f) => f.validate(),)+ }
            }

            /// How many heaps a period search computes unless the user says otherwise.
            pub fn default_search(&self) -> u64 {
                match self { $($(#[$cfg])* Family::$variant(f) => f.default_search(),)+ }
            }

            /// The kind of subject its rulesets are, for the checks' `applies_to`.
            pub fn kind(&self) -> SubjectKind {
                match self { $($(#[$cfg])* Family::$variant(_) => <$family as SweepFamily>::KIND,)+ }
            }

            /// The metric names of its rulesets, in column order.
            pub fn metric_names(&self) -> Vec<&str> {
                match self { $($(#[$cfg])* Family::$variant(f) => f.metric_names(),)+ }
            }

            /// The number of rulesets (no enumeration).
            pub fn len(&self) -> u64 {
                match self { $($(#[$cfg])* Family::$variant(f) => f.len(),)+ }
            }

            /// Ruleset number `index`, unchecked.
            pub(in crate::sweep) fn get_in_range(&self, index: u64) -> Result<Ruleset, EngineError> {
                match self { $($(#[$cfg])* Family::$variant(f) => f.get(index).map(Ruleset::$ruleset),)+ }
            }
        }

        impl Ruleset {
            /// The subject the checks are asked about (`None` for a pixel outside its map's
            /// family).
            pub fn subject(&self) -> Option<Subject<'_>> {
                match self { $($(#[$cfg])* Ruleset::$ruleset(r) => <$family as SweepFamily>::subject(r),)+ }
            }

            /// The ruleset as a user types it (`2,3,7`; `∅` for an empty excluded set; `.137`).
            pub fn to_text(&self) -> String {
                match self { $($(#[$cfg])* Ruleset::$ruleset(r) => <$family as SweepFamily>::text(r),)+ }
            }

            /// The set's elements (the expression language's `S`); a code's move sizes `k`
            /// with `d_k ≠ 0`.
            pub fn elements(&self) -> Vec<u32> {
                match self { $($(#[$cfg])* Ruleset::$ruleset(r) => <$family as SweepFamily>::elements(r),)+ }
            }

            /// Measures the ruleset with its family's own function.
            pub(super) fn measure(
                &self,
                workspace: &mut Workspace,
                search: u64,
                budget: &mut Budget<'_>,
            ) -> Result<Measured, EngineError> {
                match self {
                    $($(#[$cfg])* Ruleset::$ruleset(r) => {
                        <$family as SweepFamily>::measure(workspace, r, search, budget)
                    })+
                }
            }
        }

        /// The name `heaplab checks` gives a kind of subject: the first name of the first
        /// family of that kind.
        pub fn kind_name(kind: SubjectKind) -> &'static str {
            [$($(#[$cfg])* (<$family as SweepFamily>::KIND, <$family as SweepFamily>::NAMES[0])),+]
                .into_iter()
                .find(|(k, _)| *k == kind)
                .map_or("?", |(_, name)| name)
        }
    };
}
pub(crate) use family_dispatch;

impl Family {
    /// The family named `name` with its options (`--max-move` for set families, `--digits`
    /// for codes); an option the family does not use is refused, not ignored.
    pub fn parse(name: &str, options: &FamilyOptions) -> Result<Self, EngineError> {
        let family = Self::parse_used(name, options)?;
        let used = family.options();
        match options
            .given()
            .iter()
            .find(|(flag, set)| *set && !used.contains(flag))
        {
            Some((flag, _)) => Err(EngineError::Parse(format!(
                "{flag} does not apply to this family; it takes {}",
                used.join(", ")
            ))),
            None => Ok(family),
        }
    }

    /// Whether the family is empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Ruleset number `index` (`index < len()`).
    pub fn get(&self, index: u64) -> Result<Ruleset, EngineError> {
        if index >= self.len() {
            return Err(EngineError::OutOfRange(format!(
                "index {index} is past the family's {} rulesets",
                self.len()
            )));
        }
        self.get_in_range(index)
    }
}

/// Shard `index` of `count` of `0..len`: a contiguous index range, the shards in order.
/// Contiguous (not strided) so that a shard's first failures and rows are a prefix-closed
/// piece of the whole, and `merge` only concatenates.
pub fn shard_range(len: u64, index: u64, count: u64) -> Result<std::ops::Range<u64>, EngineError> {
    if count == 0 || index >= count {
        return Err(EngineError::OutOfRange(format!(
            "shard {index}/{count} does not exist: write I/N with 0 <= I < N"
        )));
    }
    let at = |i: u64| (u128::from(len) * u128::from(i) / u128::from(count)) as u64;
    Ok(at(index)..at(index + 1))
}

#[cfg(test)]
mod tests;
