//! Named checks of the papers' conjectures, observations and parametric claims (issue 17).
//!
//! A [`Check`] asks one question of one ruleset (a [`Subject`]) and answers with a
//! [`Verdict`]: the claim holds, fails with a witness, or does not speak about this ruleset.
//! The explorer (`sweep`) runs a check over a whole family; tests run each one over the range
//! its paper states. Every check cites its paper and section.

use crate::octal::code::Ruleset as OctalRules;
use crate::ruleset::NumberSet;
use crate::scoring::octal::ScoringRules;
use crate::{Budget, EngineError};

/// One ruleset a check is asked about, borrowed from a sweep's family.
#[derive(Debug, Clone, Copy)]
pub enum Subject<'a> {
    /// The finite subtraction game S.
    Subtraction(&'a NumberSet),
    /// The all-but subtraction game ℕ ∖ E, given by its excluded set E.
    AllBut(&'a NumberSet),
    /// An octal or hexadecimal (code-digit) game.
    Octal(&'a OctalRules),
    /// Cumulative subtraction `G_s` on the set S (Stewart; Cohensius et al.).
    CumulativeSubtraction(&'a NumberSet),
    /// A scoring octal game (Stewart's scoring play).
    ScoringOctal(&'a ScoringRules),
}

/// The family a [`Subject`] comes from, so a sweep can refuse a check that cannot apply.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SubjectKind {
    /// [`Subject::Subtraction`].
    Subtraction,
    /// [`Subject::AllBut`].
    AllBut,
    /// [`Subject::Octal`].
    Octal,
    /// [`Subject::CumulativeSubtraction`].
    CumulativeSubtraction,
    /// [`Subject::ScoringOctal`].
    ScoringOctal,
}

impl Subject<'_> {
    /// The family this subject comes from.
    pub fn kind(&self) -> SubjectKind {
        match self {
            Subject::Subtraction(_) => SubjectKind::Subtraction,
            Subject::AllBut(_) => SubjectKind::AllBut,
            Subject::Octal(_) => SubjectKind::Octal,
            Subject::CumulativeSubtraction(_) => SubjectKind::CumulativeSubtraction,
            Subject::ScoringOctal(_) => SubjectKind::ScoringOctal,
        }
    }
}

/// What a check says of one ruleset.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// The claim holds for this ruleset (within the check's stated range).
    Holds,
    /// The claim fails; the witness names the ruleset's heap, line or values that break it.
    Fails {
        /// One line a reader can verify, e.g. `heap 17: nim-value 3, the formula gives 2`.
        witness: String,
    },
    /// The claim says nothing about this ruleset (outside its hypothesis).
    NotApplicable,
}

/// A named check with its citation.
#[derive(Debug, Clone, Copy)]
pub struct Check {
    /// Stable name used on the command line and in URLs, e.g. `cs-conjecture-17`.
    pub name: &'static str,
    /// Paper and section, e.g. `Cohensius et al., Cumulative subtraction games, Conjecture 17`.
    pub citation: &'static str,
    /// The claim in one sentence.
    pub statement: &'static str,
    /// The families the claim speaks about; a sweep of another family refuses the check.
    pub applies_to: &'static [SubjectKind],
    /// The range the paper states the claim for, in words (e.g. `every S with max S ≤ 7`).
    pub stated_range: &'static str,
    /// Asks the claim of one ruleset.
    pub run: fn(&Subject<'_>, &Budget<'_>) -> Result<Verdict, EngineError>,
}

/// Every check HeapLab knows, in a stable order.
pub fn all() -> &'static [Check] {
    &CHECKS
}

/// The check called `name`, or an error that lists the known names.
pub fn find(name: &str) -> Result<&'static Check, EngineError> {
    all().iter().find(|c| c.name == name).ok_or_else(|| {
        let known: Vec<&str> = all().iter().map(|c| c.name).collect();
        EngineError::Parse(format!(
            "unknown check `{name}`; known checks: {}",
            known.join(", ")
        ))
    })
}

/// The registry. Each check lives in the module of the paper it comes from.
static CHECKS: [Check; 0] = [];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_check_names_are_rejected_with_the_list() {
        let err = find("no-such-check").unwrap_err().to_string();
        assert!(err.contains("unknown check `no-such-check`"), "{err}");
    }

    #[test]
    fn check_names_are_unique() {
        let mut names: Vec<&str> = all().iter().map(|c| c.name).collect();
        names.sort_unstable();
        let before = names.len();
        names.dedup();
        assert_eq!(before, names.len());
    }
}
