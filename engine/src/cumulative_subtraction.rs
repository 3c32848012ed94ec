//! Cumulative subtraction (CS): Cohensius, Larsson, Meir and Wahlstedt, "Cumulative subtraction
//! games" (`shared/papers/cumulative-subtraction-games.txt`). It is the same recursion as
//! Stewart's scoring function `G_s` for subtraction games with one point per token
//! (`impartial-scoring-play-games.txt`, Section 3.1.1), so this module serves both names.
//!
//! A move takes `s ∈ S` tokens and scores `s` for the mover; Positive (the maximiser) starts.
//! The outcome (Definition 2) is the negamax value
//! `o(x) = max_{s ∈ S, s <= x} (s - o(x - s))`, and `o(x) = 0` when no move is possible.
//! `opt(x)` (Definition 3) is the **largest** maximising action.
//!
//! **Periods are proven** by the window argument (the last `max S` outcomes determine the next
//! one), with Brent's cycle finder ([`crate::period::WindowSequence`]). Corollary 5 of the paper
//! (the period divides `2 max S`, which settles Stewart's Conjecture 14) and Theorem 3
//! (`ξ(S) <= 2 (max S)²`) are *checked* on every report, not assumed.
//!
//! Fast paths: interval sets `{a, …, m}` (full and truncated support) use
//! `o(x) = x - min_{y ∈ [x-m, x-a]} (y + o(y))`, a sliding-window minimum (O(1) per heap);
//! the closed forms of Theorems 6 and 12 and Corollaries 13 and 14 are implemented and tested
//! against the plain DP ([`reference_outcomes`]).

use crate::negamax::best_take;
use crate::period::{Periodicity, WindowRule, WindowSequence};
use crate::ruleset::NumberSet;
use crate::subtraction::Limits;
use crate::{Budget, EngineError};
use std::collections::VecDeque;

/// The outcome rule of Definition 2 (negamax over the actions).
struct OutcomeRule<'s> {
    set: &'s NumberSet,
}

impl WindowRule for OutcomeRule<'_> {
    type Value = u32;

    fn window(&self) -> usize {
        self.set.max() as usize
    }

    fn next(&self, values: &[u32]) -> u32 {
        let x = values.len();
        best_action(self.set, values, x).map_or(0, |(_, o)| o)
    }
}

/// The largest maximising action at heap `x` and the outcome it gives, from the outcomes of all
/// smaller heaps; `None` when no action fits (`x < min S`).
fn best_action(set: &NumberSet, outcomes: &[u32], x: usize) -> Option<(u32, u32)> {
    let options = set
        .elements()
        .iter()
        .take_while(|&&s| s as usize <= x)
        .map(|&s| (s, i64::from(s) - i64::from(outcomes[x - s as usize])));
    // Ties go to the larger action: opt is the largest maximiser. Lemma 1: 0 <= o(x) <= max S.
    best_take(options).map(|(s, v)| (s, v.clamp(0, i64::from(u32::MAX)) as u32))
}

/// Everything the page and the CLI show about one CS ruleset.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct CumulativeReport {
    /// The action set, increasing.
    pub moves: Vec<u32>,
    /// `o(x)` for `x = 0..terms` (Definition 2; Stewart's `G_s`).
    pub outcomes: Vec<u32>,
    /// `opt(x)` (Definition 3), `None` where `x < min S`.
    pub optimal_actions: Vec<Option<u32>>,
    /// The greedy action `max {s <= x}` (Definition 6), `None` where `x < min S`.
    pub greedy_actions: Vec<Option<u32>>,
    /// The convergence point `ξ(S)` (Definition 4), when the proven period shows `opt` constant.
    pub convergence: Option<u64>,
    /// The eventual action `opt(y)` for `y >= ξ`.
    pub converged_action: Option<u32>,
    /// The proven eventual period of `o`.
    pub period: Periodicity,
    /// Theorem 3 checked: `ξ <= 2 (max S)²` (None if `ξ` is unknown).
    pub theorem_3_holds: Option<bool>,
    /// Corollary 5 checked: the period divides `2 max S` (None if no period was proven).
    pub corollary_5_holds: Option<bool>,
}

impl CumulativeReport {
    /// The sacrifice at heap `x` (Definition 6): greedy minus optimal, 0 when greedy is optimal.
    pub fn sacrifice(&self, x: usize) -> u32 {
        match (self.greedy_actions.get(x), self.optimal_actions.get(x)) {
            (Some(Some(g)), Some(Some(o))) => g - o,
            _ => 0,
        }
    }
}

/// The final score of `(S, x, p)` when `positive_starts` (else Negative starts): the paper's
/// remark after Definition 3 — the start score only shifts the outcome, and a Negative start
/// negates it.
pub fn final_score(outcome: u32, start_score: i64, positive_starts: bool) -> i64 {
    if positive_starts {
        start_score + i64::from(outcome)
    } else {
        start_score - i64::from(outcome)
    }
}

/// Solves a CS ruleset: outcomes, optimal and greedy actions, `ξ`, the proven period, and the
/// checks of Theorem 3 and Corollary 5.
pub fn solve(
    set: &NumberSet,
    limits: Limits,
    budget: &mut Budget<'_>,
) -> Result<CumulativeReport, EngineError> {
    let m = set.max() as usize;
    let mut seq = WindowSequence::new(OutcomeRule { set });
    let period = seq.find_period(limits.search, budget)?;
    // opt is periodic from preperiod + m on; one full period past that decides convergence.
    let needed = match period {
        Periodicity::Proven {
            preperiod, period, ..
        } => (preperiod + period) as usize + m + 1,
        Periodicity::NotFound { .. } => 0,
    };
    seq.extend_to(needed.max(limits.terms as usize));
    let all = seq.values();
    let convergence = match period {
        Periodicity::Proven {
            preperiod, period, ..
        } => convergence_of(set, all, preperiod as usize + m, period as usize),
        Periodicity::NotFound { .. } => None,
    };
    let terms = limits.terms as usize;
    let optimal_actions = (0..terms)
        .map(|x| best_action(set, all, x).map(|(s, _)| s))
        .collect();
    let greedy_actions = (0..terms).map(|x| greedy(set, x)).collect();
    let two_m_squared = 2 * (m as u64) * (m as u64);
    Ok(CumulativeReport {
        moves: set.elements().to_vec(),
        outcomes: all[..terms].to_vec(),
        optimal_actions,
        greedy_actions,
        convergence: convergence.map(|(xi, _)| xi),
        converged_action: convergence.map(|(_, s)| s),
        period,
        theorem_3_holds: convergence.map(|(xi, _)| xi <= two_m_squared),
        corollary_5_holds: period.period().map(|p| (2 * m as u64).is_multiple_of(p)),
    })
}

/// The greedy action at heap `x`: the largest action that fits.
pub fn greedy(set: &NumberSet, x: usize) -> Option<u32> {
    set.elements()
        .iter()
        .rev()
        .find(|&&s| s as usize <= x)
        .copied()
}

/// `ξ` and the eventual action, given outcomes up to at least `from + period` where `opt` is
/// periodic with `period` from `from` on; `None` if `opt` is not constant over a period.
fn convergence_of(
    set: &NumberSet,
    outcomes: &[u32],
    from: usize,
    period: usize,
) -> Option<(u64, u32)> {
    let opt = |x: usize| best_action(set, outcomes, x).map(|(s, _)| s);
    let eventual = opt(from)?;
    if (from..from + period).any(|x| opt(x) != Some(eventual)) {
        return None;
    }
    let last_other = (0..from).rev().find(|&x| opt(x) != Some(eventual));
    Some((last_other.map_or(0, |x| x as u64 + 1), eventual))
}

/// The plain DP of Definition 2, `o(0..terms)`, kept obviously correct for the tests.
pub fn reference_outcomes(moves: &[u32], terms: usize) -> Vec<i64> {
    let mut o = Vec::with_capacity(terms);
    for x in 0..terms {
        let best = moves
            .iter()
            .filter(|&&s| s as usize <= x)
            .map(|&s| i64::from(s) - o[x - s as usize])
            .max();
        o.push(best.unwrap_or(0));
    }
    o
}

/// Outcomes of the full-support game `{1, …, s1}` by Theorem 6: the purely periodic pattern
/// `0, 1, …, s1, s1 - 1, …, 1`.
pub fn full_support_outcome(s1: u64, x: u64) -> u64 {
    let r = x % (2 * s1);
    if r <= s1 {
        r
    } else {
        2 * s1 - r
    }
}

/// `X*` of a two-action game `{s2 < s1}` (Definition 8): the heaps where sacrificing (playing
/// `s2`) is optimal, by Theorem 12. Blocks `X*(i) = {i s2 + (i-1) s1 + δ : 0 <= δ < α}` for
/// `i = 1 … ⌈s2/α⌉` (the research digest's correction of the last block), `α = s1 - s2`.
pub fn two_action_sacrifice_set(s2: u64, s1: u64) -> Vec<u64> {
    let alpha = s1 - s2;
    (1..=s2.div_ceil(alpha))
        .flat_map(|i| (0..alpha).map(move |d| i * s2 + (i - 1) * s1 + d))
        .collect()
}

/// The outcome of a two-action game `{s2 < s1}` in closed form (Corollary 13, in the research
/// digest's corrected form, which covers the residues the printed corollary misses).
pub fn two_action_outcome(s2: u64, s1: u64, x: u64) -> u64 {
    let alpha = s1 - s2;
    if 2 * s2 > s1 {
        let r = x % (2 * s1);
        if r >= s1 {
            return s1 - two_action_outcome(s2, s1, x - s1);
        }
        let i = (s1 - r).div_ceil(alpha);
        if x + s1 >= i * (s1 + s2) {
            s1.saturating_sub(i * alpha)
        } else {
            0
        }
    } else if x < s1 {
        s2 * ((x / s2) % 2)
    } else {
        s1 - two_action_outcome(s2, s1, x - s1)
    }
}

/// The convergence point of a two-action game (Corollary 14, corrected): `ξ = max X* + 1`
/// `= (s1 + s2) ⌈s2/α⌉ - s2`.
pub fn two_action_convergence(s2: u64, s1: u64) -> u64 {
    (s1 + s2) * s2.div_ceil(s1 - s2) - s2
}

/// `ξ` of the truncated-support game `{a, …, m}` (Definition 10), fast: outcomes from a
/// sliding-window minimum, the period `2m` (Corollary 5) verified by the window argument at
/// doubling lengths, then `opt` read over one period. The lengths start at `16m` (any length
/// of at least `4m` proves what it finds): in the computed `tr^m`, `ξ` is about
/// `2m · m/(m − a)`, so most `a` are proven long before the `2m²` that `a = m − 1` needs.
pub fn interval_convergence(a: u32, m: u32) -> Option<u64> {
    let (a, m) = (a as usize, m as usize);
    let mut length = 16 * m;
    while length <= 64 * (m * m + m) {
        let (o, opt) = interval_outcomes(a, m, length);
        let t = length - m - 2 * m;
        if o[t..t + m] == o[t + 2 * m..t + 3 * m] {
            // Proven: o is 2m-periodic from t, so opt is periodic from t + m.
            let from = t + m;
            let eventual = opt[from]?;
            if (from..from + 2 * m).any(|x| opt[x] != Some(eventual)) {
                return None;
            }
            let last = (0..from).rev().find(|&x| opt[x] != Some(eventual));
            return Some(last.map_or(0, |x| x as u64 + 1));
        }
        length *= 2;
    }
    None
}

/// Outcomes and optimal actions of `{a, …, m}` for heaps `0..len`:
/// `o(x) = x - min_{y ∈ [x-m, x-a]} (y + o(y))`, the optimal action being `x - y` for the
/// smallest minimising `y` (the largest action), kept in a monotone deque.
pub fn interval_outcomes(a: usize, m: usize, len: usize) -> (Vec<u32>, Vec<Option<u32>>) {
    let mut o = vec![0u32; len];
    let mut opt = vec![None; len];
    // Front: the smallest y + o(y) in the window, earliest first among equals.
    let mut window: VecDeque<(usize, usize)> = VecDeque::new();
    for x in 0..len {
        if x >= a {
            let y = x - a;
            let key = y + o[y] as usize;
            while window.back().is_some_and(|&(_, k)| k > key) {
                window.pop_back();
            }
            window.push_back((y, key));
        }
        while window.front().is_some_and(|&(y, _)| y + m < x) {
            window.pop_front();
        }
        if let Some(&(y, key)) = window.front() {
            o[x] = (x - key) as u32;
            opt[x] = Some((x - y) as u32);
        }
    }
    (o, opt)
}

/// The largest `m` of `tr^m` the CLI and the page compute (about 2.5 s natively at `m = 2000`).
pub const MAX_TRUNCATED_M: u32 = 2_000;

/// `tr^m = (tr_a^m)_{a=1}^{m-1}` (Definition 11): `tr_a^m = j` when `ξ({a..m}) ∈ (2(j-1)m, 2jm]`.
pub fn truncated_sequence(m: u32) -> Result<Vec<u64>, EngineError> {
    truncated_sequence_with(m, &mut Budget::unlimited())
}

/// [`truncated_sequence`], ticking `budget` with `(a, m − 1)` after each `a`.
pub fn truncated_sequence_with(m: u32, budget: &mut Budget<'_>) -> Result<Vec<u64>, EngineError> {
    if !(2..=2_000).contains(&m) {
        return Err(EngineError::OutOfRange(format!(
            "m must be between 2 and 2000, not {m}"
        )));
    }
    let mut tr = Vec::with_capacity(m as usize - 1);
    for a in 1..m {
        let xi = interval_convergence(a, m).ok_or_else(|| {
            EngineError::OutOfRange(format!("{{{a}..{m}}} did not converge within the search"))
        })?;
        tr.push(xi.div_ceil(2 * u64::from(m)));
        budget.tick(u64::from(a), u64::from(m - 1))?;
    }
    Ok(tr)
}

/// What Conjecture 16 (duality) says of one `m`, and whether it holds.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct DualityCheck {
    /// The `m` checked.
    pub m: u32,
    /// The distinct values `x^m` of `tr^m`, increasing.
    pub distinct: Vec<u64>,
    /// `#x^m = ⌊√(4m − 7)⌋` holds.
    pub count_holds: bool,
    /// `M_{#x+1−a} = Δ_a` holds for every `a` (the digest's corrected index).
    pub duality_holds: bool,
}

/// Checks Conjecture 16 for one `m >= 3`.
pub fn check_duality(m: u32) -> Result<DualityCheck, EngineError> {
    Ok(duality_of(m, &truncated_sequence(m)?))
}

/// [`check_duality`] from an already computed `tr^m`.
pub fn duality_of(m: u32, tr: &[u64]) -> DualityCheck {
    let mut distinct = tr.to_vec();
    distinct.sort_unstable();
    distinct.dedup();
    let n = distinct.len();
    let bound = (1..)
        .take_while(|r: &u64| r * r <= 4 * u64::from(m) - 7)
        .last()
        .unwrap_or(0);
    let multiplicity = |j: usize| tr.iter().filter(|&&t| t == distinct[j - 1]).count() as u64;
    let duality_holds = (1..n).all(|a| multiplicity(n + 1 - a) == distinct[a] - distinct[a - 1]);
    DualityCheck {
        m,
        distinct,
        count_holds: n as u64 == bound,
        duality_holds,
    }
}

/// Checks Conjecture 16 for `m = 3 ..= up_to`, stopping at the first counterexample, ticking
/// `budget` per `m`. Returns the checks made (the last one fails if a counterexample was found).
pub fn check_duality_range(
    up_to: u32,
    budget: &mut Budget<'_>,
) -> Result<Vec<DualityCheck>, EngineError> {
    let mut checks = Vec::new();
    for m in 3..=up_to {
        let check = check_duality(m)?;
        let failed = !(check.count_holds && check.duality_holds);
        checks.push(check);
        budget.tick(u64::from(m), u64::from(up_to))?;
        if failed {
            break;
        }
    }
    Ok(checks)
}

/// The greatest common divisor (Euclid), shared with the checks.
pub(crate) fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// Two-pile CS, re-exported so its paths stay `cumulative_subtraction::two_piles` etc.
mod two_pile;
pub use two_pile::{
    diagonal_reach, reference_two_pile_grid, two_pile_grid, two_piles, TwoPileReport, MAX_PILE_SIDE,
};
/// One position on a circle diagram: the label inside the circle (a heap size or residue),
/// the label outside it (an action or an outcome), and whether to highlight it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CircleMark {
    /// Drawn just inside the circle.
    pub inside: String,
    /// Drawn just outside the circle.
    pub outside: String,
    /// Drawn in red (a sacrifice, say) instead of black.
    pub highlight: bool,
}

/// The circle diagrams of the paper's Figures 1 and 2 for one ruleset (`s1 = max S`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CircleDiagrams {
    /// Figure 1 (two actions `{s2 < s1}` only): residues `r` mod `s1 + s2` inside, outside the
    /// optimal actions of the heaps `x ≡ r` before convergence (`min S <= x < ξ`); highlighted
    /// where one of them is the sacrifice `s2`.
    pub actions: Option<Vec<CircleMark>>,
    /// Figure 2, top: heaps `0 .. 2 s1` inside, `o(x)` outside; highlighted where `opt(x)` is a
    /// sacrifice.
    pub initial: Vec<CircleMark>,
    /// Figure 2, bottom: residues mod `2 s1` inside, the outcome at convergence outside (the
    /// value on that residue class once the proven period, which divides `2 s1`, has begun).
    /// `None` when no period dividing `2 s1` was proven.
    pub converged: Option<Vec<CircleMark>>,
}

/// Computes the circle diagrams of Figures 1 and 2 (see [`CircleDiagrams`]).
pub fn circle_diagrams(set: &NumberSet, limits: Limits) -> Result<CircleDiagrams, EngineError> {
    let m = u64::from(set.max());
    let first = solve(set, limits, &mut Budget::unlimited())?;
    let start = first.period.preperiod().unwrap_or(0);
    let xi = first.convergence.unwrap_or(0);
    let needed = (start + 2 * m).max(xi).max(2 * m) + 1;
    let r = if needed > first.outcomes.len() as u64 {
        solve(
            set,
            Limits::new(needed, limits.search)?,
            &mut Budget::unlimited(),
        )?
    } else {
        first
    };
    let actions = match set.elements() {
        &[s2, s1] => Some(
            (0..u64::from(s1 + s2))
                .map(|res| {
                    let mut seen: Vec<u32> = (res..xi)
                        .step_by((s1 + s2) as usize)
                        .filter_map(|x| r.optimal_actions[x as usize])
                        .collect();
                    seen.sort_unstable();
                    seen.dedup();
                    CircleMark {
                        inside: res.to_string(),
                        outside: if seen.is_empty() {
                            "–".to_string()
                        } else {
                            seen.iter()
                                .map(u32::to_string)
                                .collect::<Vec<_>>()
                                .join("/")
                        },
                        highlight: seen.contains(&s2),
                    }
                })
                .collect(),
        ),
        _ => None,
    };
    let initial = (0..2 * m as usize)
        .map(|x| CircleMark {
            inside: x.to_string(),
            outside: r.outcomes[x].to_string(),
            highlight: r.sacrifice(x) > 0,
        })
        .collect();
    let converged = (r.corollary_5_holds == Some(true)).then(|| {
        (0..2 * m)
            .map(|res| {
                let x = start + (res + 2 * m - start % (2 * m)) % (2 * m);
                CircleMark {
                    inside: res.to_string(),
                    outside: r.outcomes[x as usize].to_string(),
                    highlight: false,
                }
            })
            .collect()
    });
    Ok(CircleDiagrams {
        actions,
        initial,
        converged,
    })
}
