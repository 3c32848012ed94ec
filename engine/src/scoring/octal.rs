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
use crate::negamax::best_take;
use crate::period::{least_preperiod, Periodicity};
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

/// The column DP for taking-no-breaking games: values, the row's proven period, cells computed.
fn column_dp(
    rules: &ScoringRules,
    fixed: Option<&FixedHeap>,
    limits: ScoringLimits,
    budget: &mut Budget<'_>,
) -> Result<(Vec<Rational>, Periodicity, u64), EngineError> {
    let other = fixed.map_or(rules, |f| &f.rules);
    let m = fixed.map_or(0, |f| f.size as usize);
    let height = m + 1;
    let scaled = Scaled::new(&[rules, other])?;
    let (po, pp) = (&scaled.points[0], &scaled.points[1]);
    let k = rules.k();
    let window = k + 1;
    let mut cells: Vec<i64> = Vec::new();
    let mut columns = 0usize;
    let column = |cells: &mut Vec<i64>, a: usize| {
        for b in 0..height {
            let mine = (1..=k.min(a)).filter(|&i| rules.may_take(a, i)).map(|i| {
                (
                    i as u32,
                    po[i - 1].saturating_sub(cells[(a - i) * height + b]),
                )
            });
            let theirs = (1..=other.k().min(b))
                .filter(|&l| other.may_take(b, l))
                .map(|l| {
                    (
                        l as u32,
                        pp[l - 1].saturating_sub(cells[a * height + b - l]),
                    )
                });
            let v = best_take(mine.chain(theirs)).map_or(0, |(_, v)| v);
            cells.push(v);
        }
    };
    let terms = limits.terms as usize;
    let wanted = limits.terms.saturating_mul(height as u64);
    if wanted > MAX_CELLS {
        return Err(EngineError::OutOfRange(format!(
            "{} terms with a fixed heap of {m} need {wanted} cells; the most is {MAX_CELLS}: \
             lower the terms or the fixed heap",
            limits.terms
        )));
    }
    let cap_columns = (MAX_CELLS / height as u64).max(1) as usize;
    let search = (limits.search as usize).min(cap_columns).max(terms);
    let mut target = terms.max(4 * window + 64).min(search);
    let period = loop {
        while columns < target {
            column(&mut cells, columns);
            columns += 1;
            if columns.is_multiple_of(4096) {
                budget.tick(columns as u64, target as u64)?;
            }
        }
        let same = |x: usize, y: usize| {
            cells[x * height..(x + 1) * height] == cells[y * height..(y + 1) * height]
        };
        if let Some(found) = window_period(columns, window, same) {
            // The row b = m: its least period divides the columns' period.
            let (start, p) = found;
            while columns < start + 2 * p {
                column(&mut cells, columns);
                columns += 1;
            }
            let row = |x: usize| cells[x * height + m];
            let least = (1..=p)
                .filter(|d| p.is_multiple_of(*d))
                .find(|&d| (start..start + p).all(|x| row(x) == row(x + d)))
                .unwrap_or(p);
            let preperiod =
                least_preperiod(start as u64, |x| row(x as usize) == row(x as usize + least));
            break Periodicity::Proven {
                preperiod,
                period: least as u64,
                saltus: 0,
            };
        }
        if target >= search {
            break Periodicity::NotFound {
                searched: columns as u64,
            };
        }
        target = (target * 2).min(search);
    };
    while columns < terms {
        column(&mut cells, columns);
        columns += 1;
    }
    let values = (0..terms)
        .map(|n| scaled.value(cells[n * height + m]))
        .collect();
    Ok((values, period, (columns * height) as u64))
}

/// The least `p` for which the last `window` columns equal the `window` columns `p` earlier
/// (so, by the window argument, the sequence is periodic with `p` from `len − window − p` on),
/// as `(start, p)`. This least `p` is the least eventual period when `len` is long enough, and
/// a proven period in any case.
fn window_period(
    len: usize,
    window: usize,
    same: impl Fn(usize, usize) -> bool,
) -> Option<(usize, usize)> {
    if len < window + 1 {
        return None;
    }
    let end = len - window;
    (1..=end).find_map(|p| {
        (0..window)
            .all(|i| same(end + i, end - p + i))
            .then_some((end - p, p))
    })
}

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

/// One ruleset (and fixed heap) of a [`conjecture_15_survey`] whose period does not divide
/// `2k` (or is not proven).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct SurveyCase {
    /// The code `n_1…n_k`.
    pub code: String,
    /// The fixed heap `m` (same ruleset).
    pub m: u32,
    /// Conjecture 15's `k`.
    pub k: u32,
    /// The proven period (`None`: not found within the search).
    pub period: Option<u64>,
    /// The proven preperiod.
    pub preperiod: Option<u64>,
}

/// The result of checking Conjectures 15 and 16 over a range of rulesets.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Survey {
    /// (ruleset, m) pairs checked.
    pub checked: u64,
    /// Pairs with a proven period (Conjecture 16: eventually periodic).
    pub proven: u64,
    /// Pairs whose period divides `2k` (Conjecture 15, eventually).
    pub eventual_2k: u64,
    /// Pairs with `G_s(n + 2k +_ℓ m) = G_s(n +_ℓ m)` for every `n ≥ 0` (Conjecture 15 as printed).
    pub all_n_2k: u64,
    /// Counterexamples to the eventual form (or unproven cases), at most 100 listed.
    pub eventual_failures: Vec<SurveyCase>,
    /// Counterexamples to the printed form ("for all n"), at most 100 listed.
    pub all_n_failures: Vec<SurveyCase>,
}

/// Most counterexamples a [`Survey`] lists (all are counted).
pub const MAX_LISTED: usize = 100;

/// Most fixed heaps `m` a survey or a check puts beside the heap `n`.
pub const MAX_SURVEY_M: u32 = 50;

/// Conjectures 15 and 16 on one ruleset: `G_s(n +_ℓ m)` for `m = 0..=max_m` (the fixed heap
/// under the same ruleset), each case with its proven period and the `2k` check (`None` when no
/// period was proven, or the game breaks heaps). The survey below and the named checks
/// (`checks::scoring`) both call this.
pub fn conjecture_15_cases(
    rules: &ScoringRules,
    max_m: u32,
    budget: &mut Budget<'_>,
) -> Result<Vec<(SurveyCase, Option<TwoKCheck>)>, EngineError> {
    if max_m > MAX_SURVEY_M {
        return Err(EngineError::OutOfRange(format!(
            "the fixed heap m goes up to {MAX_SURVEY_M}, not {max_m}"
        )));
    }
    let limits = ScoringLimits::new(64, 1 << 16)?;
    (0..=max_m)
        .map(|m| {
            let fixed = (m > 0).then(|| FixedHeap {
                rules: rules.clone(),
                size: m,
            });
            let report = solve(rules, fixed.as_ref(), limits, budget)?;
            let case = SurveyCase {
                code: rules.code(),
                m,
                k: rules.conjecture_15_k().unwrap_or(0),
                period: report.period.period(),
                preperiod: report.period.preperiod(),
            };
            Ok((case, report.two_k))
        })
        .collect()
}

/// Checks Conjectures 15 and 16 on every taking-no-breaking code `n_1…n_L` with digits 0–3,
/// `L ≤ max_digits`, a last digit other than 0 and some digit 2 or 3, with the hypothesis'
/// points (`p_i = i` where `n_i ≠ 0`), for heaps `n +_ℓ m` with `m = 0..=max_m` under the same
/// ruleset.
pub fn conjecture_15_survey(
    max_digits: usize,
    max_m: u32,
    budget: &mut Budget<'_>,
) -> Result<Survey, EngineError> {
    if max_digits == 0 || max_digits > 8 || max_m > MAX_SURVEY_M {
        return Err(EngineError::OutOfRange(format!(
            "the survey takes 1–8 digits and m up to {MAX_SURVEY_M}"
        )));
    }
    let mut survey = Survey::default();
    for len in 1..=max_digits {
        for code in 0..4u32.pow(len as u32) {
            let digits: Vec<u8> = (0..len).map(|i| ((code >> (2 * i)) & 3) as u8).collect();
            if digits[len - 1] == 0 || digits.iter().all(|&d| d < 2) {
                continue;
            }
            let points = bean_points(&digits);
            let rules = ScoringRules::new(digits, points)?;
            for (case, check) in conjecture_15_cases(&rules, max_m, budget)? {
                survey.checked += 1;
                if case.period.is_some() {
                    survey.proven += 1;
                }
                if check.is_some_and(|c| c.eventual) {
                    survey.eventual_2k += 1;
                } else if survey.eventual_failures.len() < MAX_LISTED {
                    survey.eventual_failures.push(case.clone());
                }
                if check.is_some_and(|c| c.all_n) {
                    survey.all_n_2k += 1;
                } else if survey.all_n_failures.len() < MAX_LISTED {
                    survey.all_n_failures.push(case);
                }
            }
        }
    }
    Ok(survey)
}

/// Conjecture 15's points for `digits`: `p_i = i` where `n_i ≠ 0`, else 0.
pub fn bean_points(digits: &[u8]) -> Vec<Rational> {
    digits
        .iter()
        .enumerate()
        .map(|(i, &d)| Rational::int(if d == 0 { 0 } else { i as i64 + 1 }))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scoring::game::sum_final_scores;

    fn q(n: i64) -> Rational {
        Rational::int(n)
    }

    fn ints(values: &[Rational]) -> Vec<i64> {
        values
            .iter()
            .map(|v| {
                assert_eq!(v.denom(), 1);
                v.numer()
            })
            .collect()
    }

    fn run(rules: &ScoringRules, fixed: Option<&FixedHeap>, terms: u64) -> ScoringReport {
        solve(
            rules,
            fixed,
            ScoringLimits::new(terms, 1 << 16).unwrap(),
            &mut Budget::unlimited(),
        )
        .unwrap()
    }

    /// Stewart, Section 3.1.1, Table 1: S = {4, 5}, one point per bean.
    #[test]
    fn table_1() {
        let rules = ScoringRules::subtraction(&NumberSet::parse("4,5").unwrap()).unwrap();
        let report = run(&rules, None, 16);
        assert_eq!(report.method, Method::CumulativeSubtraction);
        assert_eq!(
            ints(&report.values),
            [0, 0, 0, 0, 4, 5, 5, 5, 5, 1, 0, 0, 0, 3, 4, 5]
        );
        // The same rules through the general column DP (points given explicitly).
        let general = ScoringRules::parse("00033", "0,0,0,4,5").unwrap();
        let fixed = FixedHeap {
            rules: general.clone(),
            size: 0,
        };
        let dp = run(&general, Some(&fixed), 16);
        assert_eq!(dp.method, Method::ColumnDp);
        assert_eq!(dp.values, report.values);
        assert_eq!(dp.period, report.period);
        // Conjecture 14 (period 2k = 10) holds eventually, not from n = 0 (G_s(8) ≠ G_s(18)).
        let two_k = report.two_k.unwrap();
        assert!(two_k.hypothesis && two_k.eventual && !two_k.all_n);
    }

    /// Stewart, Section 3.1.2: O = (3333, 2222) has G_s = 0 2 2 2 2 0 2 2 2 2 0 and period 5,
    /// which is no 2k for k in 1..4: the general case of Conjecture 15 fails.
    #[test]
    fn counterexample_3333_2222() {
        let rules = ScoringRules::parse("3333", "2222").unwrap();
        assert_eq!(rules, ScoringRules::parse("0.3333", "2,2,2,2").unwrap());
        let report = run(&rules, None, 11);
        assert_eq!(ints(&report.values), [0, 2, 2, 2, 2, 0, 2, 2, 2, 2, 0]);
        assert_eq!(report.period.period(), Some(5));
        assert_eq!(report.period.preperiod(), Some(0));
        let two_k = report.two_k.unwrap();
        assert_eq!(two_k.k, 4);
        assert!(!two_k.hypothesis && !two_k.eventual);
    }

    /// Stewart, Lemma 13: for every s ∈ S and i ≥ 1, G_s(s + 2ik) = k − G_s(s + (2i−1)k), and
    /// (its proof, Part 3) G_s(s + 2ik) = s and G_s(s + (2i+1)k) = k − s, k = max S. Checked
    /// for every S ⊆ {1, …, 10}.
    #[test]
    fn lemma_13_on_every_small_set() {
        for mask in 1u32..(1 << 10) {
            let set: Vec<u32> = (1..=10).filter(|i| mask & (1 << (i - 1)) != 0).collect();
            let set = NumberSet::from_elements(set).unwrap();
            let k = set.max() as usize;
            let rules = ScoringRules::subtraction(&set).unwrap();
            let g = ints(&run(&rules, None, (13 * k + 1) as u64).values);
            for &s in set.elements() {
                let s = s as usize;
                for i in 1..=6 {
                    assert_eq!(
                        g[s + 2 * i * k],
                        k as i64 - g[s + (2 * i - 1) * k],
                        "{set:?}"
                    );
                    assert_eq!(g[s + 2 * i * k], s as i64);
                }
                assert_eq!(g[s + k], (k - s) as i64);
            }
        }
    }

    /// The column DP, the multiset solver and the literal game tree (Theorem 12: G_s equals the
    /// Left final score and minus the Right final score) agree on small taking-no-breaking
    /// games, alone and beside a fixed heap m under another ruleset.
    #[test]
    fn column_dp_matches_multiset_solver_and_game_trees() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut trees = 0;
        for _ in 0..150 {
            let len = 1 + (next() % 4) as usize;
            let mut digits: Vec<u8> = (0..len).map(|_| (next() % 4) as u8).collect();
            digits[len - 1] = 1 + (next() % 3) as u8;
            let points: Vec<Rational> = (0..len).map(|_| q((next() % 7) as i64 - 2)).collect();
            let o = ScoringRules::new(digits, points).unwrap();
            let p = ScoringRules::parse("23", "1,3/2").unwrap();
            let m = (next() % 5) as u32;
            let fixed = FixedHeap {
                rules: p.clone(),
                size: m,
            };
            let dp = run(&o, Some(&fixed), 14);
            let mut budget = Budget::unlimited();
            let mut slow = MultisetSolver::new(&[&o, &p], &mut budget).unwrap();
            for n in 0..14u32 {
                let v = slow.value_of(vec![(0, n), (1, m)]).unwrap();
                assert_eq!(dp.values[n as usize], v, "{o} n={n} m={m}");
                if let Ok(tree) = game_tree(&[&o, &p], &[(0, n), (1, m)]) {
                    let f = tree.finals();
                    assert_eq!((f.left, -f.right), (v, v), "Theorem 12, {o} n={n} m={m}");
                    trees += 1;
                }
            }
        }
        assert!(trees > 500, "only {trees} trees were small enough to build");
    }

    /// The long-rule sum of two built heap trees has the same final score as G_s(n +_ℓ m).
    #[test]
    fn sums_of_heap_trees_match_g_s_of_the_sum() {
        let o = ScoringRules::parse("33", "1,2").unwrap();
        for (n, m) in [(3, 2), (4, 4), (5, 1)] {
            let a = game_tree(&[&o], &[(0, n)]).unwrap();
            let b = game_tree(&[&o], &[(0, m)]).unwrap();
            let f = sum_final_scores(&[&a, &b], &mut Budget::unlimited()).unwrap();
            let fixed = FixedHeap {
                rules: o.clone(),
                size: m,
            };
            let g = run(&o, Some(&fixed), u64::from(n) + 1);
            assert_eq!(f.left, g.values[n as usize]);
        }
    }

    /// Taking and breaking: octal 0.26 (Section 3.1.3) by the multiset solver against the
    /// literal game tree on small heaps.
    #[test]
    fn breaking_game_0_26() {
        let o = ScoringRules::parse("0.26", "1,2").unwrap();
        let report = run(&o, None, 12);
        assert_eq!(report.method, Method::Multiset);
        assert!(report.period.period().is_none());
        for n in 0..6u32 {
            let tree = game_tree(&[&o], &[(0, n)]).unwrap();
            assert_eq!(tree.finals().left, report.values[n as usize], "n = {n}");
        }
    }

    /// The subtraction case is cumulative subtraction: the CS solver and the column DP agree
    /// on every set S ⊆ {1..7}, values and proven period.
    #[test]
    fn subtraction_case_is_cumulative_subtraction() {
        for mask in 1u32..(1 << 7) {
            let set: Vec<u32> = (1..=7).filter(|i| mask & (1 << (i - 1)) != 0).collect();
            let set = NumberSet::from_elements(set).unwrap();
            let rules = ScoringRules::subtraction(&set).unwrap();
            let cs = run(&rules, None, 60);
            let fixed = FixedHeap {
                rules: rules.clone(),
                size: 0,
            };
            let dp = run(&rules, Some(&fixed), 60);
            assert_eq!(cs.values, dp.values, "{set:?}");
            assert_eq!(cs.period, dp.period, "{set:?}");
            let reference = cumulative_subtraction::reference_outcomes(set.elements(), 60);
            assert_eq!(ints(&cs.values), reference);
        }
    }

    /// Conjecture 14 on the digest's further sets: the period divides 2 max S.
    #[test]
    fn digest_oracles_for_g_s() {
        for (set, pre, per) in [
            ("1,2", 0, 4),
            ("1,3", 0, 6),
            ("2,3", 5, 6),
            ("3,5", 8, 10),
            ("3,4,7", 10, 14),
            ("4,5", 27, 10),
        ] {
            let rules = ScoringRules::subtraction(&NumberSet::parse(set).unwrap()).unwrap();
            let report = run(&rules, None, 10);
            assert_eq!(report.period.preperiod(), Some(pre), "{set}");
            assert_eq!(report.period.period(), Some(per), "{set}");
        }
    }

    /// Section 3.1.2: changing m changes the values, not the period (checked on S = {1, 3}
    /// and on a code with digit 2), and each row's period is proven.
    #[test]
    fn fixed_heap_keeps_the_period() {
        for (code, points) in [("303", "1,0,3"), ("0302", "0,2,0,4")] {
            let o = ScoringRules::parse(code, points).unwrap();
            let k = o.conjecture_15_k().unwrap();
            for m in 0..8 {
                let fixed = FixedHeap {
                    rules: o.clone(),
                    size: m,
                };
                let report = run(&o, Some(&fixed), 40);
                let p = report.period.period().expect("proven");
                assert!((2 * u64::from(k)).is_multiple_of(p), "{code} m={m} p={p}");
            }
        }
    }

    /// Conjectures 15 and 16 over every code of up to 3 digits and m ≤ 3 (224 cases): every
    /// case has a proven period (16) dividing 2k eventually (15, read as "for n ≥ N" like
    /// Conjecture 14). The printed "for all n" form fails for small n, as Table 1's S = {4, 5}
    /// already shows (G_s(8) = 5 ≠ G_s(18) = 2).
    #[test]
    fn conjectures_15_and_16_survey() {
        let survey = conjecture_15_survey(3, 3, &mut Budget::unlimited()).unwrap();
        assert!(survey.checked > 100);
        assert_eq!(
            survey.proven, survey.checked,
            "{:#?}",
            survey.eventual_failures
        );
        assert_eq!(
            survey.eventual_2k, survey.checked,
            "{:#?}",
            survey.eventual_failures
        );
        // By hand: code 2 (take one bean, leave a non-empty heap) has G_s = 0, 0, 1, 0, 1, …,
        // so G_s(0) = 0 ≠ G_s(2) = 1 although k = 1.
        assert!(survey.all_n_2k < survey.checked);
        assert!(survey
            .all_n_failures
            .iter()
            .any(|c| c.code == "2" && c.m == 0 && c.period == Some(2) && c.preperiod == Some(1)));
    }

    #[test]
    fn bad_rules_get_clear_errors() {
        for (code, points) in [
            ("", "1"),
            ("0", "1"),
            ("3x", "1,2"),
            ("33", "1"),
            ("33", ""),
            ("33", "1,abc"),
        ] {
            assert!(
                ScoringRules::parse(code, points).is_err(),
                "{code} / {points}"
            );
        }
        let o = ScoringRules::parse("0.26", "1,2").unwrap();
        let limits = ScoringLimits::new(MAX_BREAKING_TERMS + 1, 10).unwrap();
        assert!(solve(&o, None, limits, &mut Budget::unlimited()).is_err());
        assert!(ScoringLimits::new(0, 1).is_err());
        let fixed = FixedHeap {
            rules: o.clone(),
            size: MAX_FIXED_HEAP + 1,
        };
        let l = ScoringLimits::new(5, 10).unwrap();
        assert!(solve(&o, Some(&fixed), l, &mut Budget::unlimited()).is_err());
    }

    #[test]
    fn partitions_are_complete() {
        let mut out = Vec::new();
        partitions(6, 3, 6, &mut Vec::new(), &mut out);
        assert_eq!(out, vec![vec![4, 1, 1], vec![3, 2, 1], vec![2, 2, 2]]);
    }
}
