//! Named checks of the papers' conjectures, observations and parametric claims.
//!
//! A [`Check`] asks one question of one ruleset (a [`Subject`]) and answers with a
//! [`Verdict`]: the claim holds, fails with a witness, or does not speak about this ruleset.
//! The explorer (`sweep`) runs a check over a whole family; tests run each one over the range
//! its paper states. Every check cites its paper and section.

/// A check's long text (its statement or stated range), left out of the wasm module: the
/// `#/explore` page shows each check's name and citation and points to `heaplab checks` and
/// docs/guide/paper-checks.md for the statement, so these texts need not ship to every first visit.
macro_rules! native_text {
    ($text:expr) => {
        if cfg!(target_arch = "wasm32") {
            ""
        } else {
            $text
        }
    };
}

mod appendix_a;
mod cumulative;
pub mod ranges;
#[cfg(feature = "rules")]
pub mod rules;
mod scoring;
mod survey;
mod thesis;

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
    /// A rule-defined game with its parameters bound (a rules sweep's ruleset).
    #[cfg(feature = "rules")]
    Rules(&'a crate::sweep::families::rules::RuleBinding),
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
    /// [`Subject::Rules`].
    #[cfg(feature = "rules")]
    Rules,
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
            #[cfg(feature = "rules")]
            Subject::Rules(_) => SubjectKind::Rules,
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
    /// The claim in one sentence (empty in the wasm build, see `native_text!`).
    pub statement: &'static str,
    /// The families the claim speaks about; a sweep of another family refuses the check.
    pub applies_to: &'static [SubjectKind],
    /// The range the paper states the claim for, in words (e.g. `every S with max S ≤ 7`;
    /// empty in the wasm build, see `native_text!`).
    pub stated_range: &'static str,
    /// Asks the claim of one ruleset, polling `budget` (through the solvers it calls) so a
    /// sweep can cancel it midway.
    pub run: fn(&Subject<'_>, &mut Budget<'_>) -> Result<Verdict, EngineError>,
}

/// Every check HeapLab knows, in a stable order.
pub fn all() -> &'static [Check] {
    &CHECKS
}

/// The check called `name`, or an error that lists the known names.
pub fn find(name: &str) -> Result<&'static Check, EngineError> {
    find_among(all().iter(), name)
}

/// The checks that can speak about a family of sets: subtraction, all-but or cumulative
/// subtraction (every check but the four of scoring octal games only), in [`all`]'s order.
/// The web module reaches the checks only through this and [`find_for_sets`], so the scoring
/// octal checks' code and texts stay out of it.
pub fn for_sets() -> impl Iterator<Item = &'static Check> + Clone {
    SETS_BEFORE_SCORING.iter().chain(SETS_AFTER_SCORING.iter())
}

/// [`find`] among [`for_sets`]: a check of other families is unknown here.
pub fn find_for_sets(name: &str) -> Result<&'static Check, EngineError> {
    find_among(for_sets(), name)
}

/// The check called `name` in `checks`, or an error that lists their names.
fn find_among(
    checks: impl Iterator<Item = &'static Check> + Clone,
    name: &str,
) -> Result<&'static Check, EngineError> {
    checks.clone().find(|c| c.name == name).ok_or_else(|| {
        let known: Vec<&str> = checks.map(|c| c.name).collect();
        EngineError::Parse(format!(
            "unknown check `{name}`; known checks: {}",
            known.join(", ")
        ))
    })
}

/// How a check fared over a list of subjects: counts and the first failure and error.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Tally {
    /// Subjects where the claim holds.
    pub holds: u64,
    /// Subjects where it fails.
    pub fails: u64,
    /// Subjects outside its hypothesis.
    pub not_applicable: u64,
    /// Subjects whose computation stopped with an error (e.g. no period proven in the cap).
    pub errors: u64,
    /// The first failure's witness.
    pub first_failure: Option<String>,
    /// The first error's message.
    pub first_error: Option<String>,
}

/// Runs `check` on every subject in order, ticking `budget` once per subject; a cancel stops
/// the run with [`EngineError::Cancelled`], any other error is counted in the tally.
pub fn tally<'s>(
    check: &Check,
    subjects: impl ExactSizeIterator<Item = Subject<'s>>,
    budget: &mut Budget<'_>,
) -> Result<Tally, EngineError> {
    let total = subjects.len() as u64;
    let mut t = Tally::default();
    for (i, subject) in subjects.enumerate() {
        match budget.nested(i as u64, total, |inner| (check.run)(&subject, inner)) {
            Ok(Verdict::Holds) => t.holds += 1,
            Ok(Verdict::NotApplicable) => t.not_applicable += 1,
            Ok(Verdict::Fails { witness }) => {
                t.fails += 1;
                t.first_failure.get_or_insert(witness);
            }
            Err(EngineError::Cancelled) => return Err(EngineError::Cancelled),
            Err(e) => {
                t.errors += 1;
                t.first_error.get_or_insert(e.to_string());
            }
        }
        budget.tick(i as u64 + 1, total)?;
    }
    Ok(t)
}

/// `Ok(Verdict::Fails)` with `witness`: the common return of a broken claim.
fn fails(witness: String) -> Result<Verdict, EngineError> {
    Ok(Verdict::Fails { witness })
}

/// `Holds` when `ok`, else `Fails` with the witness `why` builds.
fn verdict(ok: bool, why: impl FnOnce() -> String) -> Result<Verdict, EngineError> {
    if ok {
        Ok(Verdict::Holds)
    } else {
        fails(why())
    }
}

/// A set as the papers write it, `{2, 5, 7}`.
fn braces(set: &NumberSet) -> String {
    format!(
        "{{{}}}",
        set.elements()
            .iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    )
}

/// The registry, in a stable order: [`SETS_BEFORE_SCORING`] (cumulative subtraction),
/// [`SCORING_ONLY`], [`SETS_AFTER_SCORING`] (subtraction and all-but), [`RULES_ONLY`]. Each
/// check lives in the module of the paper it comes from: `cumulative` (Cohensius et al.),
/// `scoring` (Stewart), `survey` (Larsson, Saha, Suetsugu), `appendix_a` (the survey's
/// Appendix A, all-but games), `thesis` (the taking-and-breaking thesis), `rules` (the
/// thesis's Section 3.3.7, rule-defined games). The parts are separate statics so that a
/// build using only [`for_sets`] (the web module) leaves the other checks out.
static CHECKS: [Check; 43 + RULES_ONLY.len()] = concat(
    &SETS_BEFORE_SCORING,
    &SCORING_ONLY,
    &SETS_AFTER_SCORING,
    &RULES_ONLY,
);

/// The checks of rule-defined games (thesis, Section 3.3.7), with the engine's `rules` feature.
#[cfg(feature = "rules")]
const RULES_ONLY: [Check; 3] = [
    rules::THEOREM_3_70,
    rules::THEOREM_3_71,
    rules::STAR_TWO_PILE_NIM,
];
#[cfg(not(feature = "rules"))]
const RULES_ONLY: [Check; 0] = [];

static SETS_BEFORE_SCORING: [Check; 10] = [
    cumulative::THEOREM_3,
    cumulative::COROLLARY_5,
    cumulative::OBSERVATION_3,
    cumulative::OBSERVATION_4,
    cumulative::CONJECTURE_16,
    cumulative::CONJECTURE_17,
    cumulative::CONJECTURE_18,
    cumulative::CONJECTURE_19,
    scoring::LEMMA_13,
    scoring::CONJECTURE_14,
];

static SCORING_ONLY: [Check; 4] = [
    scoring::CONJECTURE_15,
    scoring::CONJECTURE_15_PRINTED,
    scoring::CONJECTURE_16,
    scoring::CONJECTURE_17,
];

static SETS_AFTER_SCORING: [Check; 29] = [
    survey::WINNING_WAYS_MAX7,
    survey::TWO_MOVE,
    survey::AUSTIN_TWO_MOVE_NIM,
    survey::MAX_SYMMETRIC,
    survey::GUY,
    survey::THREE_MOVE,
    survey::PREPERIOD_45N2,
    survey::CUBIC_PERIOD,
    survey::FLAMMENKAMP_S1,
    survey::FLAMMENKAMP_S2,
    survey::FLAMMENKAMP_S3,
    survey::FLAMMENKAMP_S4,
    survey::WW_ADDITIVE,
    survey::WW_ADDITIVE_OPEN,
    survey::HO,
    survey::CAIRNS_HO,
    appendix_a::A1,
    appendix_a::A2,
    appendix_a::A3,
    appendix_a::A4,
    appendix_a::A5,
    appendix_a::A6,
    appendix_a::A7,
    appendix_a::A8,
    appendix_a::A9,
    appendix_a::A10,
    thesis::CONJECTURE_1,
    thesis::CONJECTURE_4,
    thesis::CONJECTURE_9,
];

/// `a`, `b`, `c` and `d` one after the other (evaluated at compile time).
const fn concat<const A: usize, const B: usize, const C: usize, const D: usize, const N: usize>(
    a: &[Check; A],
    b: &[Check; B],
    c: &[Check; C],
    d: &[Check; D],
) -> [Check; N] {
    assert!(A + B + C + D == N && A > 0);
    let mut out = [a[0]; N];
    let mut i = 0;
    while i < N {
        out[i] = if i < A {
            a[i]
        } else if i < A + B {
            b[i - A]
        } else if i < A + B + C {
            c[i - A - B]
        } else {
            d[i - A - B - C]
        };
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_check_names_are_rejected_with_the_list() {
        let err = find("no-such-check").unwrap_err().to_string();
        assert!(err.contains("unknown check `no-such-check`"), "{err}");
    }

    /// The set checks are exactly the checks that apply to subtraction, all-but or
    /// cumulative subtraction.
    #[test]
    fn the_set_checks_are_those_that_apply_to_a_family_of_sets() {
        let families = [
            SubjectKind::Subtraction,
            SubjectKind::AllBut,
            SubjectKind::CumulativeSubtraction,
        ];
        let expected: Vec<&str> = all()
            .iter()
            .filter(|c| c.applies_to.iter().any(|k| families.contains(k)))
            .map(|c| c.name)
            .collect();
        let got: Vec<&str> = for_sets().map(|c| c.name).collect();
        assert_eq!(got, expected);
        for name in ["survey-winning-ways-max7", "cs-conjecture-17"] {
            assert_eq!(find_for_sets(name).unwrap().name, find(name).unwrap().name);
        }
        let others: Vec<_> = all()
            .iter()
            .filter(|c| !expected.contains(&c.name))
            .collect();
        assert!(!others.is_empty());
        for other in others {
            assert!(find_for_sets(other.name).is_err(), "{}", other.name);
        }
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
