//! Checks from Cohensius, Larsson, Meir and Wahlstedt, "Cumulative subtraction games"
//! (`shared/papers/cumulative-subtraction-games.txt`), with the research digest's errata. They
//! read the engine's cumulative subtraction solver (`crate::cumulative_subtraction`): outcomes,
//! `opt` (the largest maximising action), greedy actions, `ξ`, tr^m and two-pile windows.

use super::survey::SEARCH;
use super::{braces, fails, verdict, Check, Subject, SubjectKind, Verdict};
use crate::cumulative_subtraction::{self as cs, CumulativeReport};
use crate::ruleset::NumberSet;
use crate::subtraction::Limits;
use crate::{Budget, EngineError};

const CS: &[SubjectKind] = &[SubjectKind::CumulativeSubtraction];

/// Largest `max S` whose optimal lines are followed (heaps up to `2 (max S)² + 2 max S`).
pub const MAX_LINE_MOVE: u32 = 300;
/// Largest `m` for Conjecture 16 (tr^m costs about m³ steps).
pub const MAX_DUALITY_M: u32 = 400;
/// Largest `max S` for the two-pile conjectures (the window grows with `(max S)²`).
pub const MAX_TWO_PILE_MOVE: u32 = 12;

/// The set of a cumulative subtraction subject.
pub(super) fn cs_set<'a>(subject: &Subject<'a>) -> Option<&'a NumberSet> {
    match subject {
        Subject::CumulativeSubtraction(set) if !set.elements().is_empty() => Some(set),
        _ => None,
    }
}

/// The report of `set` with outcomes and actions listed for heaps `0..terms`.
pub(super) fn report(
    set: &NumberSet,
    terms: u64,
    budget: &mut Budget<'_>,
) -> Result<CumulativeReport, EngineError> {
    cs::solve(set, Limits::new(terms, SEARCH)?, budget)
}

/// Theorem 3.
pub(super) const THEOREM_3: Check = Check {
    name: "cs-theorem-3",
    citation: "Cohensius–Larsson–Meir–Wahlstedt, Cumulative subtraction games, Theorem 3",
    statement: "the convergence point satisfies ξ(S) ≤ m + (m − 1)² + (m − 1)m ≤ 2m², m = max S",
    applies_to: CS,
    stated_range: "every finite S",
    run: theorem_3,
};

fn theorem_3(subject: &Subject<'_>, budget: &mut Budget<'_>) -> Result<Verdict, EngineError> {
    let Some(set) = cs_set(subject) else {
        return Ok(Verdict::NotApplicable);
    };
    let report = report(set, 1, budget)?;
    let m = u64::from(set.max());
    let xi = report.convergence.ok_or_else(|| unproven(set))?;
    let bound = m + (m - 1) * (m - 1) + (m - 1) * m;
    verdict(xi <= bound, || {
        format!("S = {}: ξ = {xi} > {bound}", braces(set))
    })
}

/// The error for a set whose period (hence `ξ`) was not proven within the search.
fn unproven(set: &NumberSet) -> EngineError {
    EngineError::OutOfRange(format!(
        "S = {}: no period (so no ξ) was proven within {SEARCH} heaps",
        braces(set)
    ))
}

/// Corollary 5, which settles Stewart's Conjecture 14.
pub(super) const COROLLARY_5: Check = Check {
    name: "cs-corollary-5",
    citation: "Cohensius–Larsson–Meir–Wahlstedt, Cumulative subtraction games, Corollary 5 \
               (Stewart's Conjecture 14)",
    statement: "o(x + 2 max S) = o(x) for all large enough x: the proven period divides 2 max S",
    applies_to: CS,
    stated_range: "every finite S",
    run: corollary_5,
};

fn corollary_5(subject: &Subject<'_>, budget: &mut Budget<'_>) -> Result<Verdict, EngineError> {
    match cs_set(subject) {
        Some(set) => two_max_s_period(set, budget),
        None => Ok(Verdict::NotApplicable),
    }
}

/// `Holds` when the proven period of `o` (Stewart's `G_s`) divides `2 max S`.
pub(super) fn two_max_s_period(
    set: &NumberSet,
    budget: &mut Budget<'_>,
) -> Result<Verdict, EngineError> {
    let report = report(set, 1, budget)?;
    let p = report.period.period().ok_or_else(|| unproven(set))?;
    let pre = report.period.preperiod().unwrap_or(0);
    let two_m = 2 * u64::from(set.max());
    verdict(two_m.is_multiple_of(p), || {
        format!(
            "S = {}: period {p} (preperiod {pre}) does not divide 2 max S = {two_m}",
            braces(set)
        )
    })
}

/// What the optimal line from each heap does: who sacrifices how much, and how long it is.
struct Lines {
    report: CumulativeReport,
    /// Heaps `0..end` cover every heap (see [`lines`]).
    end: usize,
    /// Total sacrifice of the player to move (Positive) along the line from `x`.
    positive: Vec<u64>,
    /// Total sacrifice of the other player (Negative).
    negative: Vec<u64>,
    /// Moves in the line.
    moves: Vec<u64>,
    /// Whether the line is the only optimal one (one maximising action at every step).
    forced: Vec<bool>,
}

/// The lines that play `opt` at every turn from heaps `0 .. ξ + 2 max S`. That covers every
/// heap: from `ξ` on `opt` is the greedy `max S` (checked), so the line from `x ≥ ξ + 2 max S`
/// opens with two greedy moves and then is the line from `x − 2 max S`, with the same players.
fn lines(set: &NumberSet, budget: &mut Budget<'_>) -> Result<Lines, EngineError> {
    let m = set.max();
    if m > MAX_LINE_MOVE {
        return Err(EngineError::OutOfRange(format!(
            "max S is {m}; the optimal-line checks take max S ≤ {MAX_LINE_MOVE}"
        )));
    }
    let m = u64::from(m);
    // Theorem 3 (itself a check): ξ ≤ 2m², so 2m² + 2m heaps hold ξ + 2 max S.
    let report = report(set, 2 * m * m + 2 * m + 1, budget)?;
    let xi = report.convergence.ok_or_else(|| unproven(set))?;
    let end = (xi + 2 * m) as usize;
    if report.converged_action != Some(m as u32) || end > report.optimal_actions.len() {
        return Err(EngineError::OutOfRange(format!(
            "S = {}: opt does not settle on max S by heap 2(max S)² (ξ = {xi})",
            braces(set)
        )));
    }
    let (mut positive, mut negative, mut moves) = (vec![0; end], vec![0; end], vec![0; end]);
    let mut forced = vec![true; end];
    let o = |x: usize| i64::from(report.outcomes[x]);
    for x in 0..end {
        if let Some(a) = report.optimal_actions[x] {
            let y = x - a as usize;
            positive[x] = u64::from(report.sacrifice(x)) + negative[y];
            negative[x] = positive[y];
            moves[x] = 1 + moves[y];
            let best = set
                .elements()
                .iter()
                .filter(|&&s| s as usize <= x && i64::from(s) - o(x - s as usize) == o(x));
            forced[x] = best.count() == 1 && forced[y];
        }
    }
    Ok(Lines {
        report,
        end,
        positive,
        negative,
        moves,
        forced,
    })
}

impl Lines {
    /// The first heap where `bad(positive, negative, moves)` holds, as a one-line witness.
    fn first(&self, set: &NumberSet, bad: impl Fn(u64, u64, u64) -> bool) -> Option<String> {
        let x = (0..self.end).find(|&x| bad(self.positive[x], self.negative[x], self.moves[x]))?;
        let mut line = Vec::new();
        let mut y = x;
        while let Some(a) = self.report.optimal_actions[y] {
            line.push(a.to_string());
            y -= a as usize;
        }
        let only = if self.forced[x] {
            "the only optimal line"
        } else {
            "other optimal lines exist"
        };
        Some(format!(
            "S = {}, heap {x}: optimal line {} (o = {}, {only}); Positive sacrifices {}, \
             Negative {}, {} moves",
            braces(set),
            line.join(", "),
            self.report.outcomes[x],
            self.positive[x],
            self.negative[x],
            self.moves[x]
        ))
    }
}

/// Runs `bad` over the lines of `set` when `applies(set)`.
fn line_check(
    subject: &Subject<'_>,
    applies: fn(&NumberSet) -> bool,
    bad: fn(u64, u64, u64) -> bool,
    budget: &mut Budget<'_>,
) -> Result<Verdict, EngineError> {
    let Some(set) = cs_set(subject).filter(|s| applies(s)) else {
        return Ok(Verdict::NotApplicable);
    };
    match lines(set, budget)?.first(set, bad) {
        Some(witness) => fails(witness),
        None => Ok(Verdict::Holds),
    }
}

fn two_actions(set: &NumberSet) -> bool {
    set.elements().len() == 2
}

const LINES_RANGE: &str = "every heap (heaps below ξ + 2 max S decide all), max S ≤ 300";

/// Observation 3.
pub(super) const OBSERVATION_3: Check = Check {
    name: "cs-observation-3",
    citation: "Cohensius–Larsson–Meir–Wahlstedt, Cumulative subtraction games, Observation 3",
    statement: "with exactly two actions, a player who sacrifices in optimal play (the line \
                playing opt, the largest maximising action) plays the last move",
    applies_to: CS,
    stated_range: LINES_RANGE,
    run: observation_3,
};

fn observation_3(subject: &Subject<'_>, budget: &mut Budget<'_>) -> Result<Verdict, EngineError> {
    let bad = |pos, neg, moves: u64| {
        (pos > 0 && moves.is_multiple_of(2)) || (neg > 0 && !moves.is_multiple_of(2))
    };
    line_check(subject, two_actions, bad, budget)
}

/// Observation 4.
pub(super) const OBSERVATION_4: Check = Check {
    name: "cs-observation-4",
    citation: "Cohensius–Larsson–Meir–Wahlstedt, Cumulative subtraction games, Observation 4",
    statement: "with exactly two actions, at least one player plays only greedy actions in \
                optimal play (the line playing opt)",
    applies_to: CS,
    stated_range: LINES_RANGE,
    run: observation_4,
};

fn observation_4(subject: &Subject<'_>, budget: &mut Budget<'_>) -> Result<Verdict, EngineError> {
    line_check(
        subject,
        two_actions,
        |pos, neg, _| pos > 0 && neg > 0,
        budget,
    )
}

/// Conjecture 17.
pub(super) const CONJECTURE_17: Check = Check {
    name: "cs-conjecture-17",
    citation: "Cohensius–Larsson–Meir–Wahlstedt, Cumulative subtraction games, Conjecture 17",
    statement: "when optimal play (the line playing opt) includes sacrifices by both players, \
                Negative's total sacrifice is smaller than Positive's",
    applies_to: CS,
    stated_range: LINES_RANGE,
    run: conjecture_17,
};

fn conjecture_17(subject: &Subject<'_>, budget: &mut Budget<'_>) -> Result<Verdict, EngineError> {
    let bad = |pos, neg, _| pos > 0 && neg > 0 && neg >= pos;
    line_check(subject, |_| true, bad, budget)
}

/// Conjecture 16 (duality), with the digest's corrected index.
pub(super) const CONJECTURE_16: Check = Check {
    name: "cs-conjecture-16",
    citation: "Cohensius–Larsson–Meir–Wahlstedt, Cumulative subtraction games, Conjecture 16 \
               (index corrected: M_{#x+1−a} = Δ_a; the print has m + 1 − a)",
    statement: "for tr^m = (tr_a^m) over the truncated games {a, …, m}: (a) it takes \
                ⌊√(4m − 7)⌋ distinct values x_1 < x_2 < …, and (b) the multiplicity of \
                x_{#x+1−a} equals x_{a+1} − x_a; asked of the full-support set {1, …, m}, which \
                stands for the whole sequence tr^m",
    applies_to: CS,
    stated_range: "every m from 3 to 400 (the digest checked m ≤ 200)",
    run: conjecture_16,
};

fn conjecture_16(subject: &Subject<'_>, budget: &mut Budget<'_>) -> Result<Verdict, EngineError> {
    let Some(set) = cs_set(subject) else {
        return Ok(Verdict::NotApplicable);
    };
    let m = set.max();
    if m < 3 || set.min() != 1 || set.elements().len() != m as usize {
        return Ok(Verdict::NotApplicable);
    }
    if m > MAX_DUALITY_M {
        return Err(EngineError::OutOfRange(format!(
            "m is {m}; Conjecture 16 is checked for m ≤ {MAX_DUALITY_M}"
        )));
    }
    let tr = cs::truncated_sequence_with(m, budget)?;
    let check = cs::duality_of(m, &tr);
    verdict(check.count_holds && check.duality_holds, || {
        format!(
            "m = {m}: tr^m = {tr:?}, distinct values {:?} (count holds: {}, duality holds: {})",
            check.distinct, check.count_holds, check.duality_holds
        )
    })
}

/// The side of the square two-pile window for `max S = m`: rows settle within about `2m²`.
fn two_pile_side(m: u32) -> u32 {
    (4 * m * m + 8 * m).clamp(16, cs::MAX_PILE_SIDE)
}

/// The two-pile report of `set` in its square window, or an error above the cap.
/// The grid has no budget of its own, so `budget` is polled before it is computed.
fn two_pile_window(
    set: &NumberSet,
    budget: &mut Budget<'_>,
) -> Result<cs::TwoPileReport, EngineError> {
    let m = set.max();
    if m > MAX_TWO_PILE_MOVE {
        return Err(EngineError::OutOfRange(format!(
            "max S is {m}; the two-pile checks take max S ≤ {MAX_TWO_PILE_MOVE}"
        )));
    }
    let side = two_pile_side(m);
    budget.tick(0, 1)?;
    cs::two_piles(set, side, side)
}

/// Conjecture 18.
pub(super) const CONJECTURE_18: Check = Check {
    name: "cs-conjecture-18",
    citation: "Cohensius–Larsson–Meir–Wahlstedt, Cumulative subtraction games, Conjecture 18",
    statement: "in two-pile CS the outcome along every row and column is eventually periodic \
                with period at most 2 max S; checked on the rows and columns of a \
                (4m² + 8m)-square window (m = max S) whose period the window proves",
    applies_to: CS,
    stated_range: "rows and columns below 2m² + 4m, max S ≤ 12",
    run: conjecture_18,
};

fn conjecture_18(subject: &Subject<'_>, budget: &mut Budget<'_>) -> Result<Verdict, EngineError> {
    let Some(set) = cs_set(subject) else {
        return Ok(Verdict::NotApplicable);
    };
    let window = two_pile_window(set, budget)?;
    if let Some((kind, index, period)) = window.conjecture_18_counterexample() {
        return fails(format!(
            "S = {}: {kind} {index} has proven period {period} > 2 max S = {}",
            braces(set),
            2 * set.max()
        ));
    }
    let half = window.width as usize / 2;
    if let Some(i) = window.rows[..half]
        .iter()
        .chain(&window.columns[..half])
        .position(|p| p.period().is_none())
    {
        return Err(EngineError::OutOfRange(format!(
            "S = {}: the window does not prove the period of {} {}",
            braces(set),
            if i < half { "row" } else { "column" },
            i % half
        )));
    }
    Ok(Verdict::Holds)
}

/// Conjecture 19.
pub(super) const CONJECTURE_19: Check = Check {
    name: "cs-conjecture-19",
    citation: "Cohensius–Larsson–Meir–Wahlstedt, Cumulative subtraction games, Conjecture 19",
    statement: "in two-pile CS the outcome is eventually periodic along every k-diagonal \
                (x, x + k); a window can prove this, never refute it, so a diagonal left \
                unproven is an error, not a failure",
    applies_to: CS,
    stated_range: "|k| ≤ m² + 2m in a (4m² + 8m)-square window, max S ≤ 12",
    run: conjecture_19,
};

fn conjecture_19(subject: &Subject<'_>, budget: &mut Budget<'_>) -> Result<Verdict, EngineError> {
    let Some(set) = cs_set(subject) else {
        return Ok(Verdict::NotApplicable);
    };
    let unproven = two_pile_window(set, budget)?.conjecture_19_unproven();
    if unproven.is_empty() {
        Ok(Verdict::Holds)
    } else {
        Err(EngineError::OutOfRange(format!(
            "S = {}: the window proves no period for the k-diagonals {unproven:?}",
            braces(set)
        )))
    }
}
