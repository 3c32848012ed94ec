//! The column DP of taking-no-breaking scoring games: `G_s` column by column over the heap
//! and the fixed heap, scaled to integers, with the window argument that proves the row's
//! period. The fast path of [`super::solve`]; the multiset solver covers every other game.

use super::{FixedHeap, Scaled, ScoringLimits, ScoringRules, MAX_CELLS};
use crate::negamax::best_take;
use crate::period::{least_preperiod, Periodicity};
use crate::scoring::Rational;
use crate::{Budget, EngineError};

/// The column DP for taking-no-breaking games: values, the row's proven period, cells computed.
pub(super) fn column_dp(
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
