//! Positions of several heaps in a code-digit game: the nim-value of the sum, P or
//! N, and every winning move.
//!
//! By the Sprague–Grundy theorem (thesis Section 2.3) a sum of heaps has the xor of the heaps'
//! nim-values, and it is a P-position exactly when that xor `X` is 0. A move in heap `n` wins
//! exactly when the heaps it leaves have xor `G(n) ⊕ X`, so the winning moves are found by
//! listing each heap's options ([`for_each_option`], read straight from the code's digits as in
//! [`super::reference`]) and keeping those with that value.
//!
//! Heaps beyond the values computed take their value from a *proven* period (and saltus):
//! `G(n) = G(n0 + (n − n0) mod p) + s·⌊(n − n0)/p⌋`; without one they are an error. The splits of
//! a huge heap into two are too many to list, so once both parts are past the preperiod they are
//! given as one move per residue class with a [`Repeat`] (saltus 0 only). [`reference`] is the
//! plain memoised game search the tests compare with.

use super::modifier::Modifier;
use super::{Limits, OctalReport, Ruleset};
use crate::period::Periodicity;
use crate::ruleset::parse_count;
use crate::{Budget, EngineError};
use std::ops::ControlFlow;

/// The most heaps a position may have.
pub const MAX_POSITION_HEAPS: usize = 64;
/// The largest heap accepted (values beyond the computed ones come from the proven period).
pub const MAX_HEAP: u64 = 1_000_000_000_000_000_000;
/// The most options examined one by one from a single heap.
pub const MAX_OPTIONS: u64 = 4_000_000;
/// Splits of a remainder `m` into two heaps are listed one by one while `m / 2` is at most
/// this; beyond it they are grouped by residue class of the period.
pub const SPLIT_SCAN: u64 = 1 << 16;
/// The most winning moves listed.
pub const MAX_LISTED: usize = 10_000;
/// The most heaps computed (and searched for a period) when a heap is too large to compute
/// directly: 2 bytes a heap for octal codes.
pub const DEFAULT_MAX_HEAPS: usize = 1 << 24;

/// The same move repeated: the first heap left grows by `step` and the second shrinks by
/// `step`, `count` times in all (the first of them is the move as written).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Repeat {
    /// The period of the nim-sequence.
    pub step: u64,
    /// How many moves the class holds (at least 1).
    pub count: u64,
}

/// One move: which heap, how many tokens taken, and the heaps left in its place.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Move {
    /// The index of the heap in the position (from 0).
    pub heap: usize,
    /// Its size.
    pub size: u64,
    /// Tokens removed.
    pub taken: u64,
    /// The heaps left in its place, smallest first (empty when the heap is taken whole).
    pub leaves: Vec<u64>,
    /// Set when this stands for a whole class of splits of a huge heap.
    pub repeat: Option<Repeat>,
}

impl Move {
    /// How many moves this entry stands for.
    pub fn count(&self) -> u64 {
        self.repeat.map_or(1, |r| r.count)
    }

    /// One line for people: `heap 2 (9): take 2, leave 3 + 4`; a class of splits says how its
    /// parts step and how many moves it holds. Heaps are numbered from 1 here.
    pub fn describe(&self) -> String {
        let leave = match self.leaves.as_slice() {
            [] => "leave nothing".to_string(),
            parts => {
                let parts: Vec<String> = parts.iter().map(u64::to_string).collect();
                format!("leave {}", parts.join(" + "))
            }
        };
        let class = match self.repeat {
            Some(r) if r.count > 1 => format!(
                ", and {} more: move {} tokens from the second heap to the first, again and \
                 again",
                r.count - 1,
                r.step
            ),
            _ => String::new(),
        };
        format!(
            "heap {} ({}): take {}, {leave}{class}",
            self.heap + 1,
            self.size,
            self.taken
        )
    }

    /// The position after this move (the first move of a class).
    pub fn apply(&self, heaps: &[u64]) -> Vec<u64> {
        let mut after = heaps.to_vec();
        after.splice(self.heap..=self.heap, self.leaves.iter().copied());
        after
    }
}

/// P: the player to move loses; N: the player to move wins.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Outcome {
    /// Previous player wins (nim-value 0).
    P,
    /// Next player wins.
    N,
}

/// A position's nim-value, outcome and winning moves.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct PositionReport {
    /// The code with a middle dot.
    pub code: String,
    /// The heap sizes, in the order given.
    pub heaps: Vec<u64>,
    /// The nim-value of each heap.
    pub heap_values: Vec<u64>,
    /// Their xor: the nim-value of the position.
    pub nim_value: u64,
    /// P when the nim-value is 0.
    pub outcome: Outcome,
    /// Every winning move (none in a P-position); classes of splits carry a [`Repeat`].
    pub winning_moves: Vec<Move>,
    /// True when more than [`MAX_LISTED`] entries were found and only those are listed.
    pub truncated: bool,
    /// Where the values come from: computed heaps, or the proven period that extends them.
    pub values_from: String,
}

/// Heap sizes such as `5,7,9` or `5 7 9` (repeats allowed, order kept).
pub fn parse_heaps(text: &str) -> Result<Vec<u64>, EngineError> {
    let mut heaps = Vec::new();
    for token in text
        .split(|c: char| c == ',' || c.is_whitespace() || c == '+')
        .filter(|t| !t.is_empty())
    {
        if heaps.len() >= MAX_POSITION_HEAPS {
            return Err(EngineError::OutOfRange(format!(
                "a position has at most {MAX_POSITION_HEAPS} heaps"
            )));
        }
        heaps.push(parse_count(token, "a heap", 0, MAX_HEAP)?);
    }
    if heaps.is_empty() {
        return Err(EngineError::Parse(
            "a position needs heap sizes, e.g. 5,7,9".into(),
        ));
    }
    Ok(heaps)
}

/// The nim-value of any heap: the values computed, extended by a proven period.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HeapValues {
    values: Vec<u32>,
    /// `(preperiod, period, saltus)` when proven.
    period: Option<(u64, u64, u64)>,
    /// The code, for error messages.
    code: String,
}

impl HeapValues {
    /// Values `values` of heaps `0..values.len()` of `report`'s game, with its period if proven.
    pub fn from_report(report: &OctalReport, values: Vec<u32>) -> Self {
        let period = match report.periodicity {
            Periodicity::Proven {
                preperiod,
                period,
                saltus,
            } if (preperiod + period) as usize <= values.len() => Some((preperiod, period, saltus)),
            _ => None,
        };
        HeapValues {
            values,
            period,
            code: report.code.clone(),
        }
    }

    /// Enough values for heaps up to `largest`: up to a proven period or to `largest`, whichever
    /// comes first, when that is cheap; otherwise through a period proven within `max_heaps`.
    pub fn for_heaps(
        rules: &Ruleset,
        largest: u64,
        max_heaps: usize,
        budget: &mut Budget<'_>,
    ) -> Result<Self, EngineError> {
        let fast = rules.fast_method();
        let direct = if fast {
            1 << 20
        } else {
            super::MAX_GENERAL_HEAPS as u64
        };
        // Prove a period when it comes cheaply: a finite code stops at its proof, or at the
        // largest heap when that is small. Infinite codes prove only all-but periods, so their
        // small heaps are computed outright.
        let small = largest < direct;
        let limits = Limits {
            terms: if small && !rules.is_finite() {
                largest as usize + 1
            } else {
                1
            },
            prove: true,
            max_heaps: if small {
                largest as usize + 1
            } else {
                max_heaps
            },
        };
        let (report, mut values) = super::solve_keeping_values(rules, limits, budget)?;
        if let Some(needed) = report
            .periodicity
            .preperiod()
            .zip(report.periodicity.period())
        {
            // An all-but code proves its period without computing the values it covers.
            let needed = (needed.0 + needed.1) as usize;
            if needed > values.len() {
                values = super::nim_values(rules, needed, budget)?;
            }
        }
        Ok(HeapValues::from_report(&report, values))
    }

    /// The nim-value of heap `n`, or an error when it is beyond the computed values and no
    /// period is proven.
    pub fn get(&self, n: u64) -> Result<u64, EngineError> {
        if n < self.values.len() as u64 {
            return Ok(u64::from(self.values[n as usize]));
        }
        let Some((n0, p, s)) = self.period else {
            return Err(EngineError::OutOfRange(format!(
                "heap {n} is beyond the {} heaps computed for {} and no period is proven \
                 (try --prove with a larger --max-heaps, or a smaller heap)",
                self.values.len(),
                self.code
            )));
        };
        let (q, r) = ((n - n0) / p, (n - n0) % p);
        let base = u64::from(self.values[(n0 + r) as usize]);
        q.checked_mul(s)
            .and_then(|x| x.checked_add(base))
            .ok_or_else(|| EngineError::OutOfRange(format!("the value of heap {n} overflows")))
    }

    /// A line saying where the values come from.
    pub fn describe(&self) -> String {
        let last = self.values.len().saturating_sub(1);
        match self.period {
            Some((n0, p, 0)) => {
                format!(
                    "heaps 0 to {last} computed; beyond them the proven period {p} from heap {n0}"
                )
            }
            Some((n0, p, s)) => format!(
                "heaps 0 to {last} computed; beyond them the proven period {p}, saltus {s}, \
                 from heap {n0}"
            ),
            None => format!("heaps 0 to {last} computed"),
        }
    }

    /// Saltus-0 period `(n0, p)` when proven.
    fn plain_period(&self) -> Option<(u64, u64)> {
        self.period.filter(|x| x.2 == 0).map(|(n0, p, _)| (n0, p))
    }
}

/// The largest `k` to try from heap `n` (`d_k` for larger `k` is 0 for a finite code).
fn last_take(rules: &Ruleset, n: u64) -> Result<u64, EngineError> {
    if rules.is_finite() {
        return Ok(n.min(rules.length() as u64));
    }
    if n > MAX_OPTIONS {
        return Err(EngineError::OutOfRange(format!(
            "heap {n} of the infinite code {} has more than {MAX_OPTIONS} moves to examine",
            rules.code()
        )));
    }
    Ok(n)
}

/// Calls `visit(parts)` for every way of writing `m` as `j` non-empty parts in increasing order
/// that `modifier` allows (`!`: distinct parts; `?`: not all equal; `=`: all equal).
pub(super) fn partitions(
    m: u64,
    j: u32,
    modifier: Modifier,
    visit: &mut dyn FnMut(&[u64]) -> ControlFlow<()>,
) -> ControlFlow<()> {
    match modifier {
        Modifier::AllEqual if j >= 2 => {
            let part = m / u64::from(j);
            if part >= 1 && part * u64::from(j) == m {
                return visit(&vec![part; j as usize]);
            }
            ControlFlow::Continue(())
        }
        _ => increasing_parts(m, j, 1, modifier, &mut Vec::new(), &mut |parts| {
            if modifier.allows(parts) {
                visit(parts)
            } else {
                ControlFlow::Continue(())
            }
        }),
    }
}

/// Calls `visit(parts)` for every way of writing `m` as `j` parts, each at least `lo`, in
/// increasing order (`parts` holds the parts chosen so far); distinct parts only for `!`.
fn increasing_parts(
    m: u64,
    j: u32,
    lo: u64,
    modifier: Modifier,
    parts: &mut Vec<u64>,
    visit: &mut dyn FnMut(&[u64]) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let unequal = modifier == Modifier::Unequal;
    if j <= 1 {
        if m >= lo {
            parts.push(m);
            let flow = visit(parts);
            parts.pop();
            flow?;
        }
        return ControlFlow::Continue(());
    }
    let mut a = lo;
    while a.saturating_mul(u64::from(j)) <= m {
        parts.push(a);
        let next = if unequal { a + 1 } else { a };
        let flow = increasing_parts(m - a, j - 1, next, modifier, parts, visit);
        parts.pop();
        flow?;
        a += 1;
    }
    ControlFlow::Continue(())
}

/// Calls `visit(taken, leaves)` for each option of heap `n` whose move takes `k` tokens and
/// leaves `j` heaps, with `d_k`'s bit `2^j` set (thesis Def 3.8) and its modifier obeyed.
fn for_each_split(
    rules: &Ruleset,
    n: u64,
    k: u64,
    j: u32,
    visit: &mut dyn FnMut(u64, &[u64]) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let m = n - k;
    match j {
        0 if m == 0 => visit(k, &[]),
        0 => ControlFlow::Continue(()),
        _ => partitions(m, j, rules.modifier(k as usize), &mut |parts| {
            visit(k, parts)
        }),
    }
}

/// The `(k, j)` pairs of heap `n`: take `k`, leave `j` heaps, allowed by `d_k`.
fn blocks(rules: &Ruleset, n: u64) -> Result<Vec<(u64, u32)>, EngineError> {
    let mut out = Vec::new();
    for k in 0..=last_take(rules, n)? {
        let digit = rules.digit(k as usize);
        out.extend(
            (0..u32::BITS)
                .filter(|&j| digit >> j & 1 != 0)
                .map(|j| (k, j)),
        );
    }
    Ok(out)
}

/// An upper bound on the options of one block (parts of `m` into `j`: at most `m^(j−1)`).
fn block_size(m: u64, j: u32) -> u64 {
    match j {
        0 | 1 => 1,
        _ => m.saturating_pow(j - 1),
    }
}

/// Calls `visit(taken, leaves)` for every option of heap `n` (plain listing; for the
/// reference and small heaps). Errors when the heap has more than [`MAX_OPTIONS`] options.
pub fn for_each_option(
    rules: &Ruleset,
    n: u64,
    visit: &mut dyn FnMut(u64, &[u64]) -> ControlFlow<()>,
) -> Result<(), EngineError> {
    for (k, j) in blocks(rules, n)? {
        if block_size(n - k, j) > MAX_OPTIONS {
            return Err(too_many(rules, n));
        }
        if for_each_split(rules, n, k, j, visit).is_break() {
            break;
        }
    }
    Ok(())
}

/// Every legal move of the position (heap by heap, as [`for_each_option`] lists them), or an
/// error when there are more than `cap` (a page lists them as buttons).
pub fn moves(rules: &Ruleset, heaps: &[u64], cap: usize) -> Result<Vec<Move>, EngineError> {
    let mut out = Vec::new();
    for (index, &n) in heaps.iter().enumerate() {
        for_each_option(rules, n, &mut |taken, leaves| {
            out.push(Move {
                heap: index,
                size: n,
                taken,
                leaves: leaves.to_vec(),
                repeat: None,
            });
            if out.len() > cap {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })?;
        if out.len() > cap {
            return Err(EngineError::OutOfRange(format!(
                "this position has more than {cap} moves to list; try smaller heaps"
            )));
        }
    }
    Ok(out)
}

fn too_many(rules: &Ruleset, n: u64) -> EngineError {
    EngineError::OutOfRange(format!(
        "heap {n} of {} has more than {MAX_OPTIONS} moves to examine",
        rules.code()
    ))
}

/// The winning moves in heap `index` (size `n`): options whose heaps have xor `target`.
struct Search<'a> {
    rules: &'a Ruleset,
    values: &'a HeapValues,
    found: Vec<Move>,
    truncated: bool,
}

impl Search<'_> {
    fn push(&mut self, mv: Move) -> ControlFlow<()> {
        if self.found.len() >= MAX_LISTED {
            self.truncated = true;
            return ControlFlow::Break(());
        }
        self.found.push(mv);
        ControlFlow::Continue(())
    }

    fn heap(&mut self, index: usize, n: u64, target: u64) -> Result<ControlFlow<()>, EngineError> {
        for (k, j) in blocks(self.rules, n)? {
            let m = n - k;
            let flow = if j == 2 && m / 2 > SPLIT_SCAN {
                self.split_classes(index, n, k, target)?
            } else {
                if block_size(m, j) > MAX_OPTIONS {
                    return Err(too_many(self.rules, n));
                }
                let mut error = None;
                let flow = for_each_split(self.rules, n, k, j, &mut |taken, parts| match xor_of(
                    self.values,
                    parts,
                ) {
                    Ok(v) if v == target => self.push(Move {
                        heap: index,
                        size: n,
                        taken,
                        leaves: parts.to_vec(),
                        repeat: None,
                    }),
                    Ok(_) => ControlFlow::Continue(()),
                    Err(e) => {
                        error = Some(e);
                        ControlFlow::Break(())
                    }
                });
                if let Some(e) = error {
                    return Err(e);
                }
                flow
            };
            if flow.is_break() {
                return Ok(flow);
            }
        }
        Ok(ControlFlow::Continue(()))
    }

    /// Splits of `m = n − k` into `a + (m − a)` with `m / 2` huge: `a < n0` one by one, then one
    /// class per residue of `a` mod `p` (both parts past `n0`, so the pair of values repeats).
    fn split_classes(
        &mut self,
        index: usize,
        n: u64,
        k: u64,
        target: u64,
    ) -> Result<ControlFlow<()>, EngineError> {
        let m = n - k;
        let half = m / 2;
        let Some((n0, p)) = self.values.plain_period().filter(|&(n0, p)| {
            !self.rules.has_modifiers() && n0 + p <= MAX_OPTIONS && n0 + p <= half
        }) else {
            return Err(too_many(self.rules, n));
        };
        for a in 1..n0 + p {
            if self.values.get(a)? ^ self.values.get(m - a)? != target {
                continue;
            }
            let repeat = (a >= n0).then(|| Repeat {
                step: p,
                count: (half - a) / p + 1,
            });
            let mv = Move {
                heap: index,
                size: n,
                taken: k,
                leaves: vec![a, m - a],
                repeat,
            };
            if self.push(mv).is_break() {
                return Ok(ControlFlow::Break(()));
            }
        }
        Ok(ControlFlow::Continue(()))
    }
}

fn xor_of(values: &HeapValues, heaps: &[u64]) -> Result<u64, EngineError> {
    heaps.iter().try_fold(0, |acc, &h| Ok(acc ^ values.get(h)?))
}

/// Analyses the sum of `heaps` with the values `values` of `rules` (no heaps: the game is over).
pub fn analyse_with(
    rules: &Ruleset,
    values: &HeapValues,
    heaps: &[u64],
) -> Result<PositionReport, EngineError> {
    // No heap at all is the end of a game (a P-position); a position grows by splits in play, so
    // only typed positions are capped (by `parse_heaps`), with a wide guard here.
    if heaps.len() > 8 * MAX_POSITION_HEAPS {
        return Err(EngineError::OutOfRange(format!(
            "a position has at most {} heaps, not {}",
            8 * MAX_POSITION_HEAPS,
            heaps.len()
        )));
    }
    let heap_values = heaps
        .iter()
        .map(|&h| values.get(h))
        .collect::<Result<Vec<_>, _>>()?;
    let nim_value = heap_values.iter().fold(0, |a, &v| a ^ v);
    let mut search = Search {
        rules,
        values,
        found: Vec::new(),
        truncated: false,
    };
    if nim_value != 0 {
        for (index, (&n, &v)) in heaps.iter().zip(&heap_values).enumerate() {
            if search.heap(index, n, v ^ nim_value)?.is_break() {
                break;
            }
        }
    }
    Ok(PositionReport {
        code: rules.code(),
        heaps: heaps.to_vec(),
        heap_values,
        nim_value,
        outcome: if nim_value == 0 {
            Outcome::P
        } else {
            Outcome::N
        },
        winning_moves: search.found,
        truncated: search.truncated,
        values_from: values.describe(),
    })
}

/// Analyses the sum of `heaps` under `rules`, computing the values it needs (a heap beyond
/// what can be computed needs a period proven within `max_heaps` heaps).
pub fn analyse(
    rules: &Ruleset,
    heaps: &[u64],
    max_heaps: usize,
    budget: &mut Budget<'_>,
) -> Result<PositionReport, EngineError> {
    let largest = heaps.iter().copied().max().unwrap_or(0);
    if largest > MAX_HEAP {
        return Err(EngineError::OutOfRange(format!(
            "heaps of at most {MAX_HEAP} tokens, not {largest}"
        )));
    }
    let values = HeapValues::for_heaps(rules, largest, max_heaps, budget)?;
    analyse_with(rules, &values, heaps)
}

/// The perfect opponent's move: the first winning move, or else the first legal move (taking
/// from the last heap, where a losing player prolongs the game least predictably); `None` when
/// no move is left.
pub fn best_reply(
    rules: &Ruleset,
    values: &HeapValues,
    heaps: &[u64],
) -> Result<Option<Move>, EngineError> {
    let report = analyse_with(rules, values, heaps)?;
    if let Some(mv) = report.winning_moves.into_iter().next() {
        return Ok(Some(mv));
    }
    for (index, &n) in heaps.iter().enumerate().rev() {
        let mut first = None;
        for (k, j) in blocks(rules, n)? {
            let mut leaves = None;
            let _ = for_each_split(rules, n, k, j, &mut |_, parts| {
                leaves = Some(parts.to_vec());
                ControlFlow::Break(())
            });
            if let Some(leaves) = leaves {
                first = Some(Move {
                    heap: index,
                    size: n,
                    taken: k,
                    leaves,
                    repeat: None,
                });
                break;
            }
        }
        if first.is_some() {
            return Ok(first);
        }
    }
    Ok(None)
}

pub mod reference {
    //! The slow reference: a memoised game search over sorted multisets of small heaps, with
    //! no nim-values at all (a position is P when every move leads to N).

    use super::*;
    use std::collections::HashMap;

    /// True when the position (sorted or not) is a P-position.
    pub fn is_p(rules: &Ruleset, heaps: &[u64], memo: &mut HashMap<Vec<u64>, bool>) -> bool {
        let mut key: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
        key.sort_unstable();
        if let Some(&p) = memo.get(&key) {
            return p;
        }
        let p = !options(rules, &key)
            .iter()
            .any(|after| is_p(rules, after, memo));
        memo.insert(key, p);
        p
    }

    /// Every position one move away, with the move that reaches it.
    pub fn moves(rules: &Ruleset, heaps: &[u64]) -> Vec<(Move, Vec<u64>)> {
        super::moves(rules, heaps, usize::MAX - 1)
            .expect("reference positions are small")
            .into_iter()
            .map(|mv| {
                let after = mv.apply(heaps);
                (mv, after)
            })
            .collect()
    }

    fn options(rules: &Ruleset, heaps: &[u64]) -> Vec<Vec<u64>> {
        moves(rules, heaps)
            .into_iter()
            .map(|(_, after)| after)
            .collect()
    }

    /// The winning moves by search: those to a P-position.
    pub fn winning_moves(
        rules: &Ruleset,
        heaps: &[u64],
        memo: &mut HashMap<Vec<u64>, bool>,
    ) -> Vec<Move> {
        moves(rules, heaps)
            .into_iter()
            .filter(|(_, after)| is_p(rules, after, memo))
            .map(|(mv, _)| mv)
            .collect()
    }
}
