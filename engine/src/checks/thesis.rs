//! Checks from the taking-and-breaking thesis (`shared/papers/taking-and-breaking-games-thesis.txt`,
//! Chapter 2's survey of subtraction games). Conjectures 1 and 4 are the survey's Guy and
//! Winning Ways conjectures, so their checks run the same functions under the thesis's names.

use super::survey::{guy, nim_period, outcome_period, subtraction_set, ww_additive_open};
use super::{braces, verdict, Check, Subject, SubjectKind, Verdict};
use crate::{Budget, EngineError};

const SUBTRACTION: &[SubjectKind] = &[SubjectKind::Subtraction];

/// Conjecture 1 (Guy), the survey's `survey-conjecture-guy`.
pub(super) const CONJECTURE_1: Check = Check {
    name: "thesis-conjecture-1",
    citation: "Taking and breaking games thesis, Section 2, Conjecture 1 (Guy, [56, CONG, A1])",
    statement: native_text!(
        "the period of S(s_1, …, s_k) is bounded by a polynomial of degree C(k, 2) in \
                s_k; checked as survey-conjecture-guy: outcome period ≤ s_k^C(k,2) for k ≥ 3"
    ),
    applies_to: SUBTRACTION,
    stated_range: native_text!("every S with at least three elements"),
    run: guy,
};

/// Conjecture 4, the survey's `survey-conjecture-ww-additive`.
pub(super) const CONJECTURE_4: Check = Check {
    name: "thesis-conjecture-4",
    citation: "Taking and breaking games thesis, Section 2, Conjecture 4 (Winning Ways p. 531; \
               open by Ho)",
    statement: native_text!(
        "S(a, b, a + b) with b = ka + r, 0 < r < a, k even: the nim period is (2b + r)a; \
                read for gcd(a, b) = 1, as survey-conjecture-ww-additive"
    ),
    applies_to: SUBTRACTION,
    stated_range: native_text!("every such S"),
    run: ww_additive_open,
};

/// Conjecture 9 (Ho): nim and outcome periods agree.
pub(super) const CONJECTURE_9: Check = Check {
    name: "thesis-conjecture-9",
    citation: "Taking and breaking games thesis, Section 2, Conjecture 9 (Ho [44, p. 18])",
    statement: native_text!(
        "for every subtraction game the nim-sequence and the outcome sequence have the \
                same period"
    ),
    applies_to: SUBTRACTION,
    stated_range: native_text!("every finite S"),
    run: conjecture_9,
};

fn conjecture_9(subject: &Subject<'_>, budget: &mut Budget<'_>) -> Result<Verdict, EngineError> {
    let Some(set) = subtraction_set(subject) else {
        return Ok(Verdict::NotApplicable);
    };
    let (nim_pre, nim) = nim_period(set, budget)?;
    let (out_pre, out) = outcome_period(set, budget)?;
    verdict(nim == out, || {
        format!(
            "S = {}: nim period {nim} (preperiod {nim_pre}), outcome period {out} (preperiod \
             {out_pre})",
            braces(set)
        )
    })
}
