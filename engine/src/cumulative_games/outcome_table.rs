//! Theorem 8's outcome table for heap-dynamic games with linear utility, and what is read off
//! it: Definitions 2 and 3, CGT outcome classes; also Definition 14's σ-outcome.

use serde::Serialize;

use super::{solve, Action, Game, Grounded, Position, Preset, Rational, TieBreak, MAX_TABLE_CELLS};
use crate::rational::check_all;
use crate::{Budget, EngineError};

/// Theorem 8's table: for every heap vector `x <= max` (componentwise) and every player `p` to
/// move, the outcome row `o(x, p)` in utility terms (what PSPE play adds to each player's
/// utility, including the [`Ending`]'s term at the end) and the PSPE action.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct OutcomeTable {
    /// Number of players.
    pub players: usize,
    /// Largest heap sizes covered.
    pub max: Vec<u64>,
    /// `rows[index(x) * players + p]`: the outcome row.
    pub rows: Vec<Vec<Rational>>,
    /// `choices[index(x) * players + p]`: the PSPE action, `None` when `p` cannot move.
    pub choices: Vec<Option<Action>>,
}

impl OutcomeTable {
    /// Mixed-radix index of heap vector `x`, `None` outside the table.
    pub fn index(&self, x: &[u64]) -> Option<usize> {
        let mut idx = 0usize;
        for (&xi, &m) in x.iter().zip(&self.max) {
            if xi > m {
                return None;
            }
            idx = idx * (m as usize + 1) + xi as usize;
        }
        Some(idx)
    }

    /// The outcome row `o(x, p)`.
    pub fn row(&self, x: &[u64], p: usize) -> Option<&[Rational]> {
        self.index(x)
            .map(|i| self.rows[i * self.players + p].as_slice())
    }

    /// The n×n outcome matrix of Section 3 at `x`: row p is `o(x, p)`.
    pub fn matrix(&self, x: &[u64]) -> Option<Vec<Vec<Rational>>> {
        (0..self.players)
            .map(|p| self.row(x, p).map(<[Rational]>::to_vec))
            .collect()
    }
}

/// Theorem 8 (efficient outcome) for heap-dynamic games with linear utility: dynamic
/// programming over heap vectors, `o(x, p) = o(x − a*, γ(x, p)) + gain(r(x, p, a*))`, with `a*`
/// the mover's preferred action (utility, then tie-break), and `o(x, p)` = the ending's term
/// where `p` cannot move. The grounded value from `(x, C, p)` is then
/// `Σ_h u_h(C) + o(x, p)` (Corollary 7; [`Game::heap_utilities`]). Normal and misère play
/// (utility only from the ending) are covered too (see [`Game::has_outcome_table`]).
pub fn outcome_table(
    game: &Game,
    max: &[u64],
    budget: &mut Budget,
) -> Result<OutcomeTable, EngineError> {
    game.validate()?;
    if !game.has_outcome_table() {
        return Err(EngineError::OutOfRange(
            "the outcome table needs a heap-dynamic game with self-interest, zero-sum or no heap utility (Theorem 8)"
                .into(),
        ));
    }
    if max.len() != game.heaps.len() {
        return Err(EngineError::OutOfRange(
            "one maximum heap size per heap".into(),
        ));
    }
    let n = game.players;
    let mut cells: usize = n;
    for &m in max {
        cells = cells
            .checked_mul(m as usize + 1)
            .filter(|&c| c <= MAX_TABLE_CELLS)
            .ok_or_else(|| {
                EngineError::OutOfRange(format!(
                    "the table would exceed {MAX_TABLE_CELLS} cells: use smaller heaps"
                ))
            })?;
    }
    let mut table = OutcomeTable {
        players: n,
        max: max.to_vec(),
        rows: vec![Vec::new(); cells],
        choices: vec![None; cells],
    };
    let count = cells / n;
    // Mixed-radix order: every option (smaller in one coordinate) has a smaller index.
    let mut x = vec![0u64; max.len()];
    let zero_cum = Position::new(vec![0; max.len()], n).cumulations;
    for idx in 0..count {
        if idx > 0 {
            for h in (0..x.len()).rev() {
                if x[h] < max[h] {
                    x[h] += 1;
                    break;
                }
                x[h] = 0;
            }
        }
        let position = Position {
            heaps: x.clone(),
            cumulations: zero_cum.clone(),
        };
        for p in 0..n {
            let actions = game.actions(&position, p);
            let cell = idx * n + p;
            if actions.is_empty() {
                table.rows[cell] = game.ending_utilities(p);
                continue;
            }
            let options: Vec<Vec<Rational>> = actions
                .iter()
                .map(|&a| {
                    let mut next = x.clone();
                    next[a.heap] -= a.take;
                    let q = game.next_player(&next, p);
                    let j = table.index(&next).unwrap_or(0) * n + q;
                    let gain = game.linear_gain(a.heap, &game.reward(&position, p, a));
                    table.rows[j]
                        .iter()
                        .zip(gain)
                        .map(|(&o, g)| o + g)
                        .collect()
                })
                .collect();
            for option in &options {
                check_all(option)?;
            }
            let refs: Vec<&[Rational]> = options.iter().map(Vec::as_slice).collect();
            let best = game.choose(p, &refs);
            table.rows[cell] = options[best].clone();
            table.choices[cell] = Some(actions[best]);
        }
        if idx % 4096 == 4095 {
            budget.tick(idx as u64, count as u64)?;
        }
    }
    Ok(table)
}

/// Definition 2: `o_zs(x)` for `x = 0..terms` of the symmetric zero-sum game with set `set`.
pub fn symmetric_zero_sum(
    set: &[u64],
    terms: u64,
    budget: &mut Budget,
) -> Result<Vec<Rational>, EngineError> {
    let game = Preset::Scoring.game(vec![set.to_vec()], Rational::ZERO, TieBreak::Antagonistic);
    let max = terms.saturating_sub(1);
    let table = outcome_table(&game, &[max], budget)?;
    Ok((0..terms)
        .map(|x| table.row(&[x], 0).map(|r| r[0]).unwrap_or_default())
        .collect())
}

/// Definition 3: `o_si(x) = (o¹, o²)` for `x = 0..terms` (Player 1 to move) of the symmetric
/// self-interest game with set `set` under tie-break `tie`.
pub fn symmetric_self_interest(
    set: &[u64],
    terms: u64,
    tie: TieBreak,
    budget: &mut Budget,
) -> Result<Vec<Vec<Rational>>, EngineError> {
    let game = Preset::Squirrel.game(vec![set.to_vec()], Rational::ZERO, tie);
    let table = outcome_table(&game, &[terms.saturating_sub(1)], budget)?;
    Ok((0..terms)
        .map(|x| {
            table
                .row(&[x], 0)
                .map(<[Rational]>::to_vec)
                .unwrap_or_default()
        })
        .collect())
}

/// Definition 14: the σ-outcome of a grounded position under the strategy profile `sigma`
/// (which picks an index into [`Game::actions`]): the sum of the rewards along σ-play, per heap
/// and player, `outcome[h][i]`. Theorem 6: for self-interest utility, utility = outcome + C.
pub fn sigma_outcome(
    game: &Game,
    start: &Grounded,
    sigma: &mut dyn FnMut(&Grounded, &[Action]) -> usize,
) -> (Vec<Vec<Rational>>, Grounded) {
    let mut outcome = vec![vec![Rational::ZERO; game.players]; game.heaps.len()];
    let mut g = start.clone();
    loop {
        let actions = game.actions(&g.position, g.to_move);
        if actions.is_empty() {
            return (outcome, g);
        }
        let k = sigma(&g, &actions).min(actions.len() - 1);
        let a = actions[k];
        for (o, r) in outcome[a.heap]
            .iter_mut()
            .zip(game.reward(&g.position, g.to_move, a))
        {
            *o = *o + r;
        }
        g = game.play(&g, a);
    }
}

/// The CGT outcome classes (see [`outcome_class`]) of a one-heap, two-player game with an
/// outcome table (normal or misère play) for heaps `0..terms`, from Theorem 8's table.
pub fn outcome_classes(
    game: &Game,
    terms: u64,
    budget: &mut Budget,
) -> Result<String, EngineError> {
    if game.players != 2 || game.heaps.len() != 1 || terms == 0 {
        return Err(EngineError::OutOfRange(
            "outcome classes need two players, one heap and at least one row".into(),
        ));
    }
    let table = outcome_table(game, &[terms - 1], budget)?;
    Ok((0..terms)
        .map(|x| {
            let wins = |p: usize| table.row(&[x], p).is_some_and(|r| r[p] > Rational::ZERO);
            match (wins(0), wins(1)) {
                (true, true) => 'N',
                (false, false) => 'P',
                (true, false) => 'L',
                (false, true) => 'R',
            }
        })
        .collect())
}

/// The CGT outcome class of a two-player normal or misère game at heap vector `x`, from the
/// PSPE values with each player starting: `N` (the player to move wins), `P` (the previous
/// player wins), `L` (Alice wins either way), `R` (Bob wins either way).
pub fn outcome_class(game: &Game, x: &[u64], budget: &mut Budget) -> Result<char, EngineError> {
    let mut wins_as_starter = [false; 2];
    for (p, win) in wins_as_starter.iter_mut().enumerate() {
        let start = Grounded {
            position: Position::new(x.to_vec(), game.players),
            to_move: p,
        };
        let solution = solve(game, &start, budget)?;
        *win = solution.value()[p] > Rational::ZERO;
    }
    Ok(match wins_as_starter {
        [true, true] => 'N',
        [false, false] => 'P',
        [true, false] => 'L',
        [false, true] => 'R',
    })
}
