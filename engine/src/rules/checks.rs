//! Named checks of the thesis's claims about pair rulesets (Section 3.3.7), each run on the
//! shipped presets over a square grid and answered with the checks module's [`Verdict`].

use super::pairs::{Grid, Pair};
use super::{compile, presets, solve_pairs, PairReport};
use crate::budget::Budget;
use crate::checks::Verdict;
use crate::EngineError;

/// A named claim about pair rulesets, with its citation and the grid side it is run on.
#[derive(Debug, Clone, Copy)]
pub struct PairCheck {
    /// Stable name, `<paper>-<kind>-<id>` like the checks registry's.
    pub name: &'static str,
    /// Paper and section.
    pub citation: &'static str,
    /// The claim in one sentence.
    pub statement: &'static str,
    /// The side N of the N × N grid it is checked on by default.
    pub side: u64,
    /// Asks the claim on the `side × side` grid.
    pub run: fn(u64, &mut Budget<'_>) -> Result<Verdict, EngineError>,
}

/// The pair checks, in a stable order.
pub const PAIR_CHECKS: [PairCheck; 2] = [
    PairCheck {
        name: "thesis-theorem-3.71",
        citation: "Taking and breaking games thesis, Section 3.3.7, Figure 3.4 and Theorem 3.71 \
                   (Wythoff 1907; Duchêne et al., Wythoff Wisdom, ch. 1)",
        statement: "the P-positions of WYTHOFF are exactly (⌊φn⌋, ⌊φ²n⌋) and (⌊φ²n⌋, ⌊φn⌋), n ≥ 0",
        side: 1000,
        run: theorem_3_71,
    },
    PairCheck {
        name: "thesis-star-two-pile-nim",
        citation: "Taking and breaking games thesis, Section 3.3.7 (the star operator, Larsson)",
        statement: "TWO-PILE-NIM* = WYTHOFF: same P-positions and same nim-values",
        side: 200,
        run: star_two_pile_nim,
    },
];

/// `(⌊φn⌋, ⌊φ²n⌋)` in exact integer arithmetic: `⌊φn⌋ = ⌊(n + ⌊√(5n²)⌋)/2⌋` (√(5n²) is
/// irrational for n > 0, so flooring it first changes nothing), and `⌊φ²n⌋ = ⌊φn⌋ + n`.
pub fn wythoff_pair(n: u64) -> Pair {
    let low = (n + (5 * u128::from(n) * u128::from(n)).isqrt() as u64) / 2;
    Pair(low, low + n)
}

/// A preset solved on the `side × side` grid.
fn solved(name: &str, side: u64, budget: &mut Budget) -> Result<PairReport, EngineError> {
    let preset = presets::preset(name).expect("a shipped preset");
    solve_pairs(&compile(preset.text, &[])?, Grid::new(side, side)?, budget)
}

fn theorem_3_71(side: u64, budget: &mut Budget) -> Result<Verdict, EngineError> {
    let report = solved("wythoff", side, budget)?;
    let mut want = vec![false; report.grid.len()];
    for n in 0..side {
        let Pair(a, b) = wythoff_pair(n);
        for at in [Pair(a, b), Pair(b, a)] {
            if let Some(i) = report.grid.slot(at) {
                want[i] = true;
            }
        }
    }
    Ok(first_difference(&report, &want, "the formula"))
}

fn star_two_pile_nim(side: u64, budget: &mut Budget) -> Result<Verdict, EngineError> {
    let star = solved("two-pile-nim-star", side, budget)?;
    let wythoff = solved("wythoff", side, budget)?;
    if star.values != wythoff.values {
        return Ok(Verdict::Fails {
            witness: "TWO-PILE-NIM* and WYTHOFF differ in nim-values".into(),
        });
    }
    Ok(first_difference(&star, &wythoff.p, "WYTHOFF"))
}

/// `Holds` when `report`'s P-positions are `want`, else the first position that differs.
fn first_difference(report: &PairReport, want: &[bool], other: &str) -> Verdict {
    let letter = |p: bool| if p { "P" } else { "N" };
    match (0..want.len()).find(|&i| report.p[i] != want[i]) {
        None => Verdict::Holds,
        Some(i) => Verdict::Fails {
            witness: format!(
                "position {}: the solver says {}, {other} says {}",
                report.grid.pair(i),
                letter(report.p[i]),
                letter(want[i])
            ),
        },
    }
}
