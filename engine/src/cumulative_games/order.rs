//! Section 7: the preference order of Definition 15. Player `i` weakly prefers `G` to `H`
//! (`G ≥_i H`) when `o^i(G +_n X, p) ≥ o^i(H +_n X, p)` for every cumulative game `X` and every
//! starting player `p`, where `o` is the PSPE outcome (Definition 14 with σ = σ*, summed over
//! heaps).
//!
//! "For every `X`" cannot be computed. HeapLab checks a finite family of probes `X` (for example
//! [`heap_probes`]): a probe where the inequality fails is a [`Witness`] that *refutes*
//! `G ≥_i H`; when no probe fails, the order holds *on those probes* and nothing more is claimed.
//! Conjecture 1 (all cumulative games are incomparable) is tested this way.

use serde::Serialize;

use super::{
    sigma_outcome, solve, Game, Grounded, HeapRule, HeapUtility, Moves, Position, Rational, Reward,
};
use crate::{Budget, EngineError};

/// A Layer-2 game (Section 7's `G`, `H`, `X`): heap positions of a cumulative game, no player
/// to move yet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Component {
    /// The rules, utilities, turn function and tie-break.
    pub game: Game,
    /// The heaps and their cumulations.
    pub position: Position,
}

impl Component {
    /// The single heap `x` of `game` (a one-heap game) with all cumulations zero.
    pub fn heap(game: &Game, x: u64) -> Component {
        Component {
            game: game.clone(),
            position: Position::new(vec![x], game.players),
        }
    }

    /// The disjunctive sum `self +_n other` (equation (2)): both games' heaps side by side.
    pub fn sum(&self, other: &Component) -> Result<Component, EngineError> {
        let mut position = self.position.clone();
        position.heaps.extend(&other.position.heaps);
        position
            .cumulations
            .extend(other.position.cumulations.iter().cloned());
        Ok(Component {
            game: self.game.sum(&other.game)?,
            position,
        })
    }
}

/// The PSPE outcome `o(ω, p)` (Definition 14 for σ = σ*): what equilibrium play from the
/// grounded position adds to each player's cumulations, summed over heaps.
pub fn pspe_outcome(
    game: &Game,
    start: &Grounded,
    budget: &mut Budget,
) -> Result<Vec<Rational>, EngineError> {
    let solution = solve(game, start, budget)?;
    let (per_heap, _) = sigma_outcome(game, start, &mut |g, _| {
        solution.memo.get(g).and_then(|e| e.choice).unwrap_or(0)
    });
    Ok((0..game.players)
        .map(|i| {
            per_heap
                .iter()
                .fold(Rational::ZERO, |acc, heap| acc + heap[i])
        })
        .collect())
}

/// A probe and a starting player where `o^i(G +_n X, p) < o^i(H +_n X, p)`: it refutes
/// `G ≥_i H`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Witness {
    /// Index of the probe `X`.
    pub probe: usize,
    /// The starting player `p` (0-based).
    pub start: usize,
    /// `o^i(G +_n X, p)`.
    pub left: Rational,
    /// `o^i(H +_n X, p)`, larger.
    pub right: Rational,
}

/// The first probe and starting player refuting `G ≥_i H` (player `i` 0-based), or `None` when
/// every probe satisfies Definition 15's inequality.
pub fn refute_preference(
    player: usize,
    g: &Component,
    h: &Component,
    probes: &[Component],
    budget: &mut Budget,
) -> Result<Option<Witness>, EngineError> {
    let n = g.game.players;
    if player >= n || h.game.players != n {
        return Err(EngineError::OutOfRange(format!(
            "both games need the same players, and player {} must be one of them",
            player + 1
        )));
    }
    for (k, x) in probes.iter().enumerate() {
        let (gx, hx) = (g.sum(x)?, h.sum(x)?);
        for start in 0..n {
            let o = |c: &Component, budget: &mut Budget| {
                let grounded = Grounded {
                    position: c.position.clone(),
                    to_move: start,
                };
                pspe_outcome(&c.game, &grounded, budget).map(|o| o[player])
            };
            let (left, right) = (o(&gx, budget)?, o(&hx, budget)?);
            if left < right {
                return Ok(Some(Witness {
                    probe: k,
                    start,
                    left,
                    right,
                }));
            }
        }
    }
    Ok(None)
}

/// How two games compare for one player on a family of probes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Relation {
    /// `G ≥_i H` and `H ≥_i G` on every probe.
    Equivalent,
    /// `G ≥_i H` on every probe; a witness refutes `H ≥_i G`.
    Greater(Witness),
    /// `H ≥_i G` on every probe; a witness refutes `G ≥_i H`.
    Less(Witness),
    /// Witnesses refute both (`G ≥_i H` fails at the first, `H ≥_i G` at the second).
    Incomparable(Witness, Witness),
}

/// Compares `g` and `h` for player `player` (0-based) on `probes` (Definition 15).
pub fn compare(
    player: usize,
    g: &Component,
    h: &Component,
    probes: &[Component],
    budget: &mut Budget,
) -> Result<Relation, EngineError> {
    let not_g_geq_h = refute_preference(player, g, h, probes, budget)?;
    let not_h_geq_g = refute_preference(player, h, g, probes, budget)?;
    Ok(match (not_g_geq_h, not_h_geq_g) {
        (None, None) => Relation::Equivalent,
        (None, Some(w)) => Relation::Greater(w),
        (Some(w), None) => Relation::Less(w),
        (Some(a), Some(b)) => Relation::Incomparable(a, b),
    })
}

/// Probes for [`compare`]: the single heaps `0..=max_heap` of `game`, cumulations zero.
pub fn heap_probes(game: &Game, max_heap: u64) -> Vec<Component> {
    (0..=max_heap).map(|x| Component::heap(game, x)).collect()
}

/// Tempo probes for [`compare`]: heaps `0..=max_heap` where every move takes one pebble and
/// only the last move pays, `prize` or `−prize` to the last mover or to everyone else
/// (Section 1.3's normal and misère components). Adding one changes who moves last in the
/// sum, which single heaps of one ruleset rarely do.
pub fn tempo_probes(game: &Game, max_heap: u64, prize: Rational) -> Vec<Component> {
    let zero = Rational::ZERO;
    let payouts = [
        (prize, zero),
        (zero, prize),
        (zero - prize, zero),
        (zero, zero - prize),
    ];
    let mut out = Vec::new();
    for x in 0..=max_heap {
        for (mover, others) in payouts {
            let rule = HeapRule {
                moves: Moves::Fixed(vec![vec![1]]),
                reward: Reward::LastMove { mover, others },
                utility: HeapUtility::SelfInterest,
            };
            out.push(Component {
                game: Game {
                    heaps: vec![rule],
                    ..game.clone()
                },
                position: Position::new(vec![x], game.players),
            });
        }
    }
    out
}
