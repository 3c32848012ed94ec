//! Scoring-play octal games and Stewart's `G_s` (Section 3.1, Definitions 10 and 11).
//!
//! `O = (n_1…n_k, p_1…p_k)`: removing `i` beans scores `p_i` for the mover, and bit `t` of the
//! digit `n_i` allows leaving exactly `t` non-empty heaps (digit 3: leave 0 or 1 heap, digit 1:
//! take the whole heap, digit 2: leave one non-empty heap; digits up to `f` allow up to three
//! heaps). `G_s` is the negamax value: the best (mover's points − opponent's points) from now
//! on, with the mover to play; a position with no move is worth 0 (Theorem 12: `G_s(n)` is
//! the Left final score of the heap, and minus its Right final score).
//!
//! Three solvers, one recursion:
//! * **Subtraction games with one point per bean** (digits 0 and 3, `p_i = i`): the recursion
//!   `G_s(n) = max_s (s − G_s(n − s))` *is* cumulative subtraction, so a single heap is solved
//!   by [`crate::cumulative_subtraction::solve`] (Brent's cycle finder on windows).
//! * **Taking-no-breaking games** (digits 0–3), a heap `n` alone or beside a fixed heap `m`
//!   (`G_s(n +_ℓ m)`, possibly under another ruleset `P`): a dynamic programme over columns
//!   `(G_s(n +_ℓ b))_{b = 0..m}`. From `n > k` (the largest removal) on, a column is the same
//!   function of the previous `k` columns, so two equal windows of `k + 1` columns prove a
//!   period (the window argument). The least such period is found exactly, then the least
//!   period of the row `b = m` divides it.
//! * **Taking and breaking** (and the reference for the others): memoised negamax over
//!   multisets of heaps ([`MultisetSolver`], in `super::multiset`), capped in multisets and in
//!   moves tried; values are not additive and may grow without bound (Section 3.1.3), so no
//!   period is claimed.
//!
//! Both fast paths share the negamax step [`crate::negamax::best_take`] with cumulative
//! subtraction.

use std::fmt;

use super::game::ScoringGame;
use super::Rational;
use crate::cumulative_subtraction;
use crate::period::Periodicity;
use crate::ruleset::NumberSet;
use crate::subtraction::Limits;
use crate::{Budget, EngineError};

/// Most digits in a ruleset (`k`).
pub const MAX_DIGITS: usize = 64;
/// Largest fixed heap `m` beside the heap `n`.
pub const MAX_FIXED_HEAP: u32 = 2_000;
/// Most heaps listed for taking-no-breaking games.
pub const MAX_TERMS: u64 = 1_000_000;
/// Most cells (`columns × (m + 1)`) the column DP computes while searching for a period.
pub const MAX_CELLS: u64 = 50_000_000;
/// Most heaps listed for taking-and-breaking games (their cost grows exponentially).
pub const MAX_BREAKING_TERMS: u64 = 200;
/// Largest fixed heap beside a taking-and-breaking game.
pub const MAX_BREAKING_FIXED_HEAP: u32 = 64;
pub use super::multiset::{MultisetSolver, MAX_STATES, MAX_WORK};

/// A scoring-play octal (or hexadecimal) ruleset `(n_1…n_k, p_1…p_k)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoringRules {
    /// `digits[i - 1] = n_i`, the code digit for removing `i` beans (0..=15).
    digits: Vec<u8>,
    /// `points[i - 1] = p_i`, the points for removing `i` beans.
    points: Vec<Rational>,
}

impl ScoringRules {
    /// Builds a ruleset from digits (0..=15) and points, one per digit.
    pub fn new(digits: Vec<u8>, points: Vec<Rational>) -> Result<Self, EngineError> {
        if digits.is_empty() || digits.iter().all(|&d| d == 0) {
            return Err(EngineError::OutOfRange(
                "the code allows no move: give at least one non-zero digit".into(),
            ));
        }
        if digits.len() > MAX_DIGITS {
            return Err(EngineError::OutOfRange(format!(
                "the code has {} digits; HeapLab accepts at most {MAX_DIGITS}",
                digits.len()
            )));
        }
        if let Some(d) = digits.iter().find(|&&d| d > 15) {
            return Err(EngineError::OutOfRange(format!(
                "{d} is not a code digit (0-f)"
            )));
        }
        if points.len() != digits.len() {
            return Err(EngineError::Parse(format!(
                "the code has {} digits but {} point values are given: give one per digit \
                 (the points for removing 1, 2, … beans)",
                digits.len(),
                points.len()
            )));
        }
        for p in &points {
            if p.numer().unsigned_abs() > 1 << 30 || p.denom() > 1 << 20 {
                return Err(EngineError::OutOfRange(format!(
                    "the points {p} are too large or too finely divided (numerators up to 2^30, \
                     denominators up to 2^20)"
                )));
            }
        }
        let mut digits = digits;
        let mut points = points;
        while digits.last() == Some(&0) {
            digits.pop();
            points.pop();
        }
        Ok(ScoringRules { digits, points })
    }

    /// Parses the paper's notation: the code `3333` (or `0.3333`, `.3333`, hex digits `a`–`f`)
    /// and the points `2,2,2,2` (commas or spaces; integers, decimals or fractions). When the
    /// points are one string of single digits as long as the code (`2222`), each character is
    /// one point value, as the paper writes `(3333, 2222)`.
    pub fn parse(code: &str, points: &str) -> Result<Self, EngineError> {
        let code = code.trim();
        let body = code
            .strip_prefix("0.")
            .or_else(|| code.strip_prefix('.'))
            .or_else(|| code.strip_prefix('·'))
            .unwrap_or(code);
        if body.is_empty() {
            return Err(EngineError::Parse(
                "the code is empty: type digits such as 3333 (remove 1–4 beans, leave 0 or 1 heap)"
                    .into(),
            ));
        }
        let digits = body
            .chars()
            .map(|c| {
                c.to_digit(16).map(|d| d as u8).ok_or_else(|| {
                    EngineError::Parse(format!(
                        "'{c}' is not a code digit: use 0-9 and a-f, e.g. 3333 or 0.26"
                    ))
                })
            })
            .collect::<Result<Vec<u8>, _>>()?;
        let text = points.trim();
        let points = if !text.contains([',', ' '])
            && text.len() == digits.len()
            && text.len() > 1
            && text.chars().all(|c| c.is_ascii_digit())
        {
            text.chars()
                .map(|c| Rational::int(i64::from(c.to_digit(10).unwrap_or(0))))
                .collect()
        } else if text.is_empty() {
            return Err(EngineError::Parse(
                "no points given: give one value per digit, e.g. 2,2,2,2".into(),
            ));
        } else {
            text.split([',', ' '])
                .filter(|t| !t.is_empty())
                .map(Rational::parse)
                .collect::<Result<Vec<_>, _>>()?
        };
        ScoringRules::new(digits, points)
    }

    /// The subtraction game `S` of Section 3.1.1: digit 3 at every `s ∈ S`, one point per bean.
    pub fn subtraction(set: &NumberSet) -> Result<Self, EngineError> {
        let k = set.max() as usize;
        if k > MAX_DIGITS {
            return Err(EngineError::OutOfRange(format!(
                "max S is {k}; scoring octal codes have at most {MAX_DIGITS} digits (use the \
                 cumulative subtraction page for larger sets)"
            )));
        }
        let digits = (1..=k as u32)
            .map(|i| if set.contains(i) { 3 } else { 0 })
            .collect();
        let points = (1..=k as i64)
            .map(|i| Rational::int(if set.contains(i as u32) { i } else { 0 }))
            .collect();
        ScoringRules::new(digits, points)
    }

    /// The code digits `n_1…n_k`.
    pub fn digits(&self) -> &[u8] {
        &self.digits
    }

    /// The points `p_1…p_k`.
    pub fn points(&self) -> &[Rational] {
        &self.points
    }

    /// The code as typed in the paper, e.g. `3333`.
    pub fn code(&self) -> String {
        self.digits
            .iter()
            .map(|&d| char::from_digit(u32::from(d), 16).unwrap_or('?'))
            .collect()
    }

    /// The points as a comma-separated list.
    pub fn points_text(&self) -> String {
        let parts: Vec<String> = self.points.iter().map(Rational::to_string).collect();
        parts.join(",")
    }

    /// Whether no move breaks a heap (every digit is 0–3): Section 3.1.2.
    pub fn is_taking_no_breaking(&self) -> bool {
        self.digits.iter().all(|&d| d <= 3)
    }

    /// The subtraction set, when this is a subtraction game with one point per bean
    /// (digits 0 and 3 only, `p_i = i` wherever `n_i = 3`): the case shared with cumulative
    /// subtraction.
    pub fn as_cumulative_subtraction(&self) -> Option<NumberSet> {
        let mut set = Vec::new();
        for (i, (&d, p)) in self.digits.iter().zip(&self.points).enumerate() {
            let k = i as u32 + 1;
            match d {
                0 => {}
                3 if *p == Rational::int(i64::from(k)) => set.push(k),
                _ => return None,
            }
        }
        NumberSet::from_elements(set).ok()
    }

    /// The `k` of Conjecture 15: the largest removal whose digit is not 0 or 1 (a move that can
    /// leave a non-empty heap); `None` if there is none.
    pub fn conjecture_15_k(&self) -> Option<u32> {
        self.digits
            .iter()
            .rposition(|&d| d > 1)
            .map(|i| i as u32 + 1)
    }

    /// Whether the points follow Conjecture 15's hypothesis: `p_i = i` where `n_i` is 1, 2 or
    /// 3, and `p_i = 0` otherwise (for a taking-no-breaking game).
    pub fn has_bean_points(&self) -> bool {
        self.is_taking_no_breaking()
            && self
                .digits
                .iter()
                .zip(&self.points)
                .enumerate()
                .all(|(i, (&d, p))| *p == Rational::int(if d == 0 { 0 } else { i as i64 + 1 }))
    }

    /// The largest removal `k` (the number of digits).
    fn k(&self) -> usize {
        self.digits.len()
    }

    /// Whether removing `k` beans from a heap of `heap` may leave `heap − k` as 0 or 1 heap
    /// (the taking-no-breaking part of the digit).
    fn may_take(&self, heap: usize, k: usize) -> bool {
        let d = self.digits[k - 1];
        k <= heap && ((d & 1 != 0 && heap == k) || (d & 2 != 0 && heap > k))
    }

    /// The heaps that removing `k` beans from `heap` may leave: every multiset of exactly `c`
    /// non-empty heaps summing to `heap − k`, for every allowed count `c` (bit `c` of the digit).
    pub(super) fn leaves(&self, heap: u32, k: u32) -> Vec<Vec<u32>> {
        let mut out = Vec::new();
        if k == 0 || k > heap || k as usize > self.digits.len() {
            return out;
        }
        let d = self.digits[k as usize - 1];
        let rest = heap - k;
        for c in 0..4u32 {
            if d & (1 << c) == 0 {
                continue;
            }
            if c == 0 {
                if rest == 0 {
                    out.push(Vec::new());
                }
                continue;
            }
            partitions(rest, c, rest, &mut Vec::new(), &mut out);
        }
        out
    }
}

impl ScoringRules {
    /// Whether a heap of `heap` has a move: some removal `k` may leave its rest as some count
    /// `c` of non-empty heaps that the digit allows (none only when nothing is left).
    pub(super) fn can_move(&self, heap: u32) -> bool {
        (1..=heap.min(self.k() as u32)).any(|k| {
            let (digit, rest) = (self.digits[k as usize - 1], heap - k);
            (0..4).any(|c| digit & (1 << c) != 0 && if c == 0 { rest == 0 } else { rest >= c })
        })
    }
}

/// Every partition of `total` into exactly `parts` positive parts, each at most `max`, in
/// non-increasing order.
fn partitions(total: u32, parts: u32, max: u32, current: &mut Vec<u32>, out: &mut Vec<Vec<u32>>) {
    if parts == 0 {
        if total == 0 {
            out.push(current.clone());
        }
        return;
    }
    if total < parts {
        return;
    }
    let hi = max.min(total - (parts - 1));
    let lo = total.div_ceil(parts);
    for first in (lo..=hi).rev() {
        current.push(first);
        partitions(total - first, parts - 1, first, current, out);
        current.pop();
    }
}

impl fmt::Display for ScoringRules {
    /// `(3333; 2,2,2,2)`: the code, then the points `p_1,…,p_k` (the paper writes
    /// `(3333, 2222)`, which is ambiguous once a point has two digits).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}; {})", self.code(), self.points_text())
    }
}

/// Exact scores as integers: every point times the common denominator `scale`.
#[derive(Clone, Debug)]
pub(super) struct Scaled {
    scale: i64,
    /// Per ruleset, `points[i - 1] * scale`.
    pub(super) points: Vec<Vec<i64>>,
}

fn lcm(a: i64, b: i64) -> i64 {
    let mut x = a;
    let mut y = b;
    while y != 0 {
        (x, y) = (y, x % y);
    }
    a / x * b
}

impl Scaled {
    /// The common scale of `rules`' points (at most 2^20).
    pub(super) fn new(rules: &[&ScoringRules]) -> Result<Self, EngineError> {
        let mut scale = 1i64;
        for r in rules {
            for p in &r.points {
                scale = lcm(scale, p.denom());
                if scale > 1 << 20 {
                    return Err(EngineError::OutOfRange(
                        "the points' denominators have a common multiple above 2^20".into(),
                    ));
                }
            }
        }
        let points = rules
            .iter()
            .map(|r| {
                r.points
                    .iter()
                    .map(|p| p.numer() * (scale / p.denom()))
                    .collect()
            })
            .collect();
        Ok(Scaled { scale, points })
    }

    /// The exact score of a scaled integer.
    pub(super) fn value(&self, v: i64) -> Rational {
        Rational::new(i128::from(v), i128::from(self.scale)).unwrap_or(Rational::ZERO)
    }
}

/// How many heaps and how far to search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScoringLimits {
    /// `G_s` is listed for `n = 0..terms`.
    pub terms: u64,
    /// The period search of taking-no-breaking games gives up after this many heaps `n`.
    pub search: u64,
    /// Most heap multisets the breaking games' solver stores (memory).
    pub max_states: usize,
    /// Most moves the breaking games' solver tries (time).
    pub max_work: u64,
}

impl ScoringLimits {
    /// Checked limits.
    pub fn new(terms: u64, search: u64) -> Result<Self, EngineError> {
        if terms == 0 || terms > MAX_TERMS {
            return Err(EngineError::OutOfRange(format!(
                "the number of terms must be between 1 and {MAX_TERMS}, not {terms}"
            )));
        }
        Ok(ScoringLimits {
            terms,
            search: search.clamp(1, MAX_TERMS * 8),
            max_states: MAX_STATES,
            max_work: MAX_WORK,
        })
    }

    /// The same limits with other caps for the breaking games' solver.
    pub fn with_caps(mut self, max_states: usize, max_work: u64) -> Self {
        self.max_states = max_states;
        self.max_work = max_work;
        self
    }
}

/// The heap `m` (under ruleset `rules`) that every heap `n` is added to: `G_s(n +_ℓ m)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FixedHeap {
    /// The ruleset `P` of the fixed heap.
    pub rules: ScoringRules,
    /// Its size `m`.
    pub size: u32,
}

/// Which solver produced a report.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Method {
    /// The cumulative-subtraction DP (subtraction set, one point per bean).
    CumulativeSubtraction,
    /// The column DP for taking-no-breaking games, with the window argument.
    ColumnDp,
    /// Memoised negamax over multisets of heaps (taking and breaking): no period claimed.
    Multiset,
}

impl Method {
    /// A one-line description for the page and the CLI.
    pub fn describe(self) -> &'static str {
        match self {
            Method::CumulativeSubtraction => {
                "cumulative-subtraction DP (same recursion), period proven by the window argument"
            }
            Method::ColumnDp => {
                "column DP over (n, b ≤ m), period proven by two equal windows of k + 1 columns"
            }
            Method::Multiset => {
                "memoised negamax over heap multisets (breaking: values may be unbounded, no period claimed)"
            }
        }
    }
}

/// The `2k` check of Conjectures 14 and 15 on a proven period.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct TwoKCheck {
    /// `k`: the largest removal that can leave a non-empty heap (max S for subtraction games).
    pub k: u32,
    /// Whether the game meets Conjecture 15's hypothesis (taking-no-breaking, points `p_i = i`).
    pub hypothesis: bool,
    /// Eventually `G_s(n + 2k) = G_s(n)` (the period divides `2k`): Conjecture 14's form.
    pub eventual: bool,
    /// `G_s(n + 2k) = G_s(n)` for **all** `n ≥ 0`, as Conjecture 15 is printed.
    pub all_n: bool,
}

/// `G_s` of a scoring octal game, with its period when one is proven.
#[derive(Clone, Debug)]
pub struct ScoringReport {
    /// The ruleset `O`.
    pub rules: ScoringRules,
    /// The fixed heap, if `G_s(n +_ℓ m)` was asked for.
    pub fixed: Option<FixedHeap>,
    /// `G_s(n)` (or `G_s(n +_ℓ m)`) for `n = 0..terms`.
    pub values: Vec<Rational>,
    /// The proven eventual period of the listed sequence, or how far the search went.
    pub period: Periodicity,
    /// Which solver ran.
    pub method: Method,
    /// The `2k` check of Conjectures 14/15 (taking-no-breaking games with a proven period).
    pub two_k: Option<TwoKCheck>,
    /// Multisets stored (memoised solver) or cells computed (column DP).
    pub work: u64,
}

/// Solves `G_s(n)` (or `G_s(n +_ℓ m)` with `fixed`) for `n = 0..terms`, with the period when
/// the game is taking-no-breaking.
pub fn solve(
    rules: &ScoringRules,
    fixed: Option<&FixedHeap>,
    limits: ScoringLimits,
    budget: &mut Budget<'_>,
) -> Result<ScoringReport, EngineError> {
    if let Some(f) = fixed {
        if f.size > MAX_FIXED_HEAP {
            return Err(EngineError::OutOfRange(format!(
                "the fixed heap m = {} is above HeapLab's cap of {MAX_FIXED_HEAP}",
                f.size
            )));
        }
    }
    let breaking =
        !rules.is_taking_no_breaking() || fixed.is_some_and(|f| !f.rules.is_taking_no_breaking());
    let (values, period, method, work) = if breaking {
        if limits.terms > MAX_BREAKING_TERMS {
            return Err(EngineError::OutOfRange(format!(
                "{} is a taking-and-breaking game: its cost grows exponentially, so HeapLab lists \
                 at most {MAX_BREAKING_TERMS} terms",
                rules.code()
            )));
        }
        if fixed.is_some_and(|f| f.size > MAX_BREAKING_FIXED_HEAP) {
            return Err(EngineError::OutOfRange(format!(
                "beside a taking-and-breaking game the fixed heap may be at most \
                 {MAX_BREAKING_FIXED_HEAP}"
            )));
        }
        let (values, work) = multiset_values(rules, fixed, limits, budget)?;
        let period = Periodicity::NotFound {
            searched: limits.terms,
        };
        (values, period, Method::Multiset, work)
    } else if let (Some(set), None) = (rules.as_cumulative_subtraction(), fixed) {
        let report = cumulative_subtraction::solve(
            &set,
            Limits {
                terms: limits.terms,
                search: limits.search,
            },
            budget,
        )?;
        let values = report
            .outcomes
            .iter()
            .map(|&v| Rational::int(i64::from(v)))
            .collect();
        let work = report.outcomes.len() as u64;
        (values, report.period, Method::CumulativeSubtraction, work)
    } else {
        let dp = column_dp(rules, fixed, limits, budget)?;
        (dp.0, dp.1, Method::ColumnDp, dp.2)
    };
    let two_k = match (rules.conjecture_15_k(), period) {
        (
            Some(k),
            Periodicity::Proven {
                preperiod, period, ..
            },
        ) if !breaking => {
            let eventual = (2 * u64::from(k)).is_multiple_of(period);
            Some(TwoKCheck {
                k,
                hypothesis: rules.has_bean_points()
                    && fixed.is_none_or(|f| f.rules.has_bean_points()),
                eventual,
                all_n: eventual && preperiod == 0,
            })
        }
        _ => None,
    };
    Ok(ScoringReport {
        rules: rules.clone(),
        fixed: fixed.cloned(),
        values,
        period,
        method,
        two_k,
        work,
    })
}

/// The column DP of taking-no-breaking games.
mod column;
use column::column_dp;
/// `G_s(n)` (or `G_s(n +_ℓ m)`) for `n = 0..terms` by memoised negamax over multisets, and
/// the number of multisets stored.
fn multiset_values(
    rules: &ScoringRules,
    fixed: Option<&FixedHeap>,
    limits: ScoringLimits,
    budget: &mut Budget<'_>,
) -> Result<(Vec<Rational>, u64), EngineError> {
    let other = fixed.map_or(rules, |f| &f.rules);
    let mut solver =
        MultisetSolver::new(&[rules, other], budget)?.with_caps(limits.max_states, limits.max_work);
    let mut values = Vec::with_capacity(limits.terms as usize);
    for n in 0..limits.terms as u32 {
        let mut heaps = vec![(0u8, n)];
        if let Some(f) = fixed {
            heaps.push((1, f.size));
        }
        let v = solver.value_of(heaps).map_err(|e| match e {
            EngineError::OutOfRange(why) => EngineError::OutOfRange(format!(
                "{rules}: G_s of heap {n} needs {why}, or ask for --terms {n} (heaps below \
                 {n} are within the caps)"
            )),
            other => other,
        })?;
        values.push(v);
    }
    Ok((values, solver.states() as u64))
}

/// The scoring game tree (Definition 2) of a sum of heaps, Left scoring `+p` and Right `−p`
/// for each move: the literal game that Theorem 12 speaks about, for tests and small pictures.
/// Fails when the tree would exceed [`super::game::MAX_NODES`] nodes.
pub fn game_tree(rules: &[&ScoringRules], heaps: &[(u8, u32)]) -> Result<ScoringGame, EngineError> {
    fn build(
        rules: &[&ScoringRules],
        heaps: &[(u8, u32)],
        score: Rational,
        budget: &mut usize,
    ) -> Result<ScoringGame, EngineError> {
        if *budget == 0 {
            return Err(EngineError::OutOfRange(format!(
                "the game tree has more than {} nodes",
                super::game::MAX_NODES
            )));
        }
        *budget -= 1;
        let mut moves = Vec::new();
        for (i, &(tag, h)) in heaps.iter().enumerate() {
            let r = rules[tag as usize];
            for k in 1..=h.min(r.k() as u32) {
                for leave in r.leaves(h, k) {
                    let mut next: Vec<(u8, u32)> = heaps[..i].to_vec();
                    next.extend_from_slice(&heaps[i + 1..]);
                    next.extend(leave.into_iter().map(|x| (tag, x)));
                    moves.push((r.points[k as usize - 1], next));
                }
            }
        }
        let mut left = Vec::new();
        let mut right = Vec::new();
        for (p, next) in &moves {
            left.push(build(rules, next, (score + *p).check()?, budget)?);
        }
        for (p, next) in &moves {
            right.push(build(rules, next, (score - *p).check()?, budget)?);
        }
        ScoringGame::new(score, left, right)
    }
    let mut budget = super::game::MAX_NODES;
    build(rules, heaps, Rational::ZERO, &mut budget)
}

/// The Conjecture 15 and 16 survey, re-exported so its paths stay `scoring::octal::*`.
mod survey;
pub use survey::{
    conjecture_15_cases, conjecture_15_survey, Survey, SurveyCase, MAX_LISTED, MAX_SURVEY_M,
};
/// Conjecture 15's points for `digits`: `p_i = i` where `n_i ≠ 0`, else 0.
pub fn bean_points(digits: &[u8]) -> Vec<Rational> {
    digits
        .iter()
        .enumerate()
        .map(|(i, &d)| Rational::int(if d == 0 { 0 } else { i as i64 + 1 }))
        .collect()
}

#[cfg(test)]
mod tests;
