//! Checks from F. Stewart, "Impartial Scoring Play Games"
//! (`shared/papers/impartial-scoring-play-games.txt`), Section 3: the scoring function `G_s` of
//! scoring octal games. They read the engine's solvers: cumulative subtraction (the same
//! recursion for subtraction sets with one point per bean) and `scoring::octal` (the column DP
//! with its window proof, and `conjecture_15_cases`, which the survey of Conjectures 15 and 16
//! also uses).

use super::cumulative::{cs_set, report, two_max_s_period};
use super::{braces, fails, Check, Subject, SubjectKind, Verdict};
use crate::ruleset::NumberSet;
use crate::scoring::octal::{conjecture_15_cases, ScoringRules, SurveyCase, TwoKCheck};
use crate::{Budget, EngineError};

const SUBTRACTION_LIKE: &[SubjectKind] = &[
    SubjectKind::CumulativeSubtraction,
    SubjectKind::ScoringOctal,
];
const SCORING: &[SubjectKind] = &[SubjectKind::ScoringOctal];

/// The fixed heaps `m = 0..=FIXED_M` put beside the heap `n` (under the same ruleset).
pub const FIXED_M: u32 = 3;

/// The subtraction set `S` of a subject played with one point per bean: a cumulative
/// subtraction set, or a scoring octal code of digits 0 and 3 with `p_i = i`.
fn bean_subtraction(subject: &Subject<'_>) -> Option<NumberSet> {
    match subject {
        Subject::ScoringOctal(rules) => rules.as_cumulative_subtraction(),
        _ => cs_set(subject).cloned(),
    }
}

/// The rules of a scoring octal subject.
fn scoring_rules<'a>(subject: &Subject<'a>) -> Option<&'a ScoringRules> {
    match subject {
        Subject::ScoringOctal(rules) => Some(rules),
        _ => None,
    }
}

/// Conjecture 14, proven by Cohensius et al. (Corollary 5).
pub(super) const CONJECTURE_14: Check = Check {
    name: "stewart-conjecture-14",
    citation: "Stewart, Impartial scoring play games, Section 3.1.1, Conjecture 14 (proved by \
               Cohensius et al., Cumulative subtraction games, Corollary 5)",
    statement: "for a finite subtraction set S with one point per bean, G_s(n + 2k) = G_s(n) \
                for all n ≥ N, k = max S",
    applies_to: SUBTRACTION_LIKE,
    stated_range: "every finite S",
    run: conjecture_14,
};

fn conjecture_14(subject: &Subject<'_>, budget: &mut Budget<'_>) -> Result<Verdict, EngineError> {
    match bean_subtraction(subject) {
        Some(set) => two_max_s_period(&set, budget),
        None => Ok(Verdict::NotApplicable),
    }
}

/// Lemma 13.
pub(super) const LEMMA_13: Check = Check {
    name: "stewart-lemma-13",
    citation: "Stewart, Impartial scoring play games, Section 3.1.1, Lemma 13",
    statement: "for a finite subtraction set S with one point per bean, k = max S and every \
                s ∈ S, i ≥ 0: G_s(s + 2ik) = s and G_s(s + (2i + 1)k) = k − s",
    applies_to: SUBTRACTION_LIKE,
    stated_range: "every finite S and every i (a proven period dividing 2k decides all i)",
    run: lemma_13,
};

fn lemma_13(subject: &Subject<'_>, budget: &mut Budget<'_>) -> Result<Verdict, EngineError> {
    let Some(set) = bean_subtraction(subject) else {
        return Ok(Verdict::NotApplicable);
    };
    let k = u64::from(set.max());
    let first = report(&set, 1, budget)?;
    let (Some(pre), Some(p)) = (first.period.preperiod(), first.period.period()) else {
        return Err(EngineError::OutOfRange(format!(
            "S = {}: no period of G_s was proven",
            braces(&set)
        )));
    };
    if !(2 * k).is_multiple_of(p) {
        return Err(EngineError::OutOfRange(format!(
            "S = {}: the period {p} does not divide 2k, so finitely many i do not decide all",
            braces(&set)
        )));
    }
    // From j = ⌈pre/k⌉ on, the heaps s + jk repeat every two steps of j.
    let last_j = pre.div_ceil(k) + 2;
    let values = report(&set, k * (last_j + 2), budget)?.outcomes;
    for &s in set.elements() {
        for j in 0..=last_j {
            let want = if j % 2 == 0 {
                u64::from(s)
            } else {
                k - u64::from(s)
            };
            let heap = u64::from(s) + j * k;
            let got = u64::from(values[heap as usize]);
            if got != want {
                return fails(format!(
                    "S = {}: G_s({heap}) = {got}, the lemma gives {want} (s = {s}, k = {k})",
                    braces(&set)
                ));
            }
        }
    }
    Ok(Verdict::Holds)
}

/// Conjecture 15's hypothesis: taking-no-breaking, `p_i = i` where `n_i ≠ 0` (else 0), and a
/// removal that can leave a non-empty heap.
fn conjecture_15_rules<'a>(subject: &Subject<'a>) -> Option<&'a ScoringRules> {
    scoring_rules(subject).filter(|r| r.has_bean_points() && r.conjecture_15_k().is_some())
}

/// The cases `m = 0..=FIXED_M` of one ruleset.
fn cases(
    rules: &ScoringRules,
    budget: &mut Budget<'_>,
) -> Result<Vec<(SurveyCase, Option<TwoKCheck>)>, EngineError> {
    conjecture_15_cases(rules, FIXED_M, budget)
}

/// A one-line witness for a case of Conjecture 15 or 16.
fn case_witness(case: &SurveyCase, claim: &str) -> String {
    let period = case.period.map_or("none proven".into(), |p| p.to_string());
    let pre = case.preperiod.map_or("?".into(), |p| p.to_string());
    format!(
        "code {} with fixed heap m = {} (k = {}): period {period}, preperiod {pre}; {claim}",
        case.code, case.m, case.k
    )
}

/// Conjecture 15 against `holds` (the eventual or the printed form).
fn conjecture_15_with(
    subject: &Subject<'_>,
    holds: fn(&TwoKCheck) -> bool,
    claim: &str,
    budget: &mut Budget<'_>,
) -> Result<Verdict, EngineError> {
    let Some(rules) = conjecture_15_rules(subject) else {
        return Ok(Verdict::NotApplicable);
    };
    for (case, check) in cases(rules, budget)? {
        match check {
            None => {
                return Err(EngineError::OutOfRange(case_witness(
                    &case,
                    "no period proven within the search",
                )))
            }
            Some(c) if !holds(&c) => return fails(case_witness(&case, claim)),
            Some(_) => {}
        }
    }
    Ok(Verdict::Holds)
}

/// Conjecture 15 read as "for all n ≥ N", as Conjecture 14 is stated.
pub(super) const CONJECTURE_15: Check = Check {
    name: "stewart-conjecture-15",
    citation: "Stewart, Impartial scoring play games, Section 3.1.2, Conjecture 15 (read for \
               n ≥ N like Conjecture 14; the printed \"for all n\" is stewart-conjecture-15-printed)",
    statement: "a finite taking-no-breaking scoring octal game with p_i = i where n_i ≠ 0 (else \
                0) and some n_s ∉ {0, 1}: G_s(n + 2k +ℓ m) = G_s(n +ℓ m) for all n ≥ N, k the \
                largest removal with n_k ∉ {0, 1}; m under the same ruleset",
    applies_to: SCORING,
    stated_range: "fixed heaps m = 0..3 under the same ruleset",
    run: conjecture_15,
};

fn conjecture_15(subject: &Subject<'_>, budget: &mut Budget<'_>) -> Result<Verdict, EngineError> {
    conjecture_15_with(
        subject,
        |c| c.eventual,
        "the period does not divide 2k",
        budget,
    )
}

/// Conjecture 15 as printed, for every `n ≥ 0`.
pub(super) const CONJECTURE_15_PRINTED: Check = Check {
    name: "stewart-conjecture-15-printed",
    citation: "Stewart, Impartial scoring play games, Section 3.1.2, Conjecture 15 as printed \
               (for all n)",
    statement: "as stewart-conjecture-15, but G_s(n + 2k +ℓ m) = G_s(n +ℓ m) for every n ≥ 0 \
                (no preperiod)",
    applies_to: SCORING,
    stated_range: "fixed heaps m = 0..3 under the same ruleset",
    run: conjecture_15_printed,
};

fn conjecture_15_printed(
    subject: &Subject<'_>,
    budget: &mut Budget<'_>,
) -> Result<Verdict, EngineError> {
    conjecture_15_with(
        subject,
        |c| c.all_n,
        "G_s(n + 2k) = G_s(n) fails for some n ≥ 0",
        budget,
    )
}

/// Conjectures 16 and 17: some period exists. Proven for taking-no-breaking games by the column
/// DP's window argument; breaking games have no proof method (values may be unbounded).
fn eventually_periodic(
    rules: &ScoringRules,
    budget: &mut Budget<'_>,
) -> Result<Verdict, EngineError> {
    if !rules.is_taking_no_breaking() {
        return Err(EngineError::OutOfRange(format!(
            "{} breaks heaps: its values may grow without bound (Section 3.1.3), and HeapLab \
             proves no period for breaking games",
            rules.code()
        )));
    }
    for (case, _) in cases(rules, budget)? {
        if case.period.is_none() {
            return Err(EngineError::OutOfRange(case_witness(
                &case,
                "no period proven within the search",
            )));
        }
    }
    Ok(Verdict::Holds)
}

/// Conjecture 16.
pub(super) const CONJECTURE_16: Check = Check {
    name: "stewart-conjecture-16",
    citation: "Stewart, Impartial scoring play games, Section 3.1.2, Conjecture 16",
    statement: "a finite taking-no-breaking scoring octal game (any points) has a t with \
                G_s(n + t +ℓ m) = G_s(n +ℓ m) for all large n; a window can prove this, never \
                refute it, so an unproven case is an error, not a failure",
    applies_to: SCORING,
    stated_range: "fixed heaps m = 0..3 under the same ruleset",
    run: conjecture_16,
};

fn conjecture_16(subject: &Subject<'_>, budget: &mut Budget<'_>) -> Result<Verdict, EngineError> {
    match scoring_rules(subject).filter(|r| r.is_taking_no_breaking()) {
        Some(rules) => eventually_periodic(rules, budget),
        None => Ok(Verdict::NotApplicable),
    }
}

/// Conjecture 17.
pub(super) const CONJECTURE_17: Check = Check {
    name: "stewart-conjecture-17",
    citation: "Stewart, Impartial scoring play games, Section 3.1.3, Conjecture 17",
    statement: "every finite scoring octal game has a t with G_s(n + t +ℓ m) = G_s(n +ℓ m) for \
                all large n; proven here for taking-no-breaking games, while a breaking game is \
                an error (no period can be proven: values may grow without bound)",
    applies_to: SCORING,
    stated_range: "fixed heaps m = 0..3 under the same ruleset",
    run: conjecture_17,
};

fn conjecture_17(subject: &Subject<'_>, budget: &mut Budget<'_>) -> Result<Verdict, EngineError> {
    match scoring_rules(subject) {
        Some(rules) => eventually_periodic(rules, budget),
        None => Ok(Verdict::NotApplicable),
    }
}
