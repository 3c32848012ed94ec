//! The long-rule sum of scoring games (Definition 4), solved without building it: a negamax
//! over tuples of component nodes. Apart from the single-game code because it has its own
//! state (the memo and its caps).

use super::{add, Finals, ScoringGame, MAX_SUM_PLAY, MAX_SUM_STATES, MAX_SUM_WORDS};
use crate::scoring::Rational;
use crate::{Budget, EngineError};

/// The final scores of the long-rule sum `G_1 +_ℓ … +_ℓ G_k` (Definition 4) without building
/// it: negamax memoised on (the tuple of component nodes, who moves). The game ends when the
/// player to move has no option in any component; its score is the sum of the components'.
pub fn sum_final_scores(
    games: &[&ScoringGame],
    budget: &mut Budget<'_>,
) -> Result<Finals, EngineError> {
    if games.is_empty() {
        return Err(EngineError::OutOfRange(
            "a sum needs at least one game".into(),
        ));
    }
    // The solver recurses once per move along a play: bound the longest play.
    let longest: usize = games.iter().map(|g| g.height()).sum();
    if longest > MAX_SUM_PLAY {
        return Err(EngineError::OutOfRange(format!(
            "a play of the sum can last {longest} moves; HeapLab solves sums whose plays last \
             at most {MAX_SUM_PLAY}: use fewer or shallower games"
        )));
    }
    let mut solver = SumSolver {
        games,
        memo: rustc_hash::FxHashMap::default(),
        budget,
        // Each memo entry stores one node index per component: cap the words, not the entries.
        max_states: (MAX_SUM_WORDS / games.len()).min(MAX_SUM_STATES),
    };
    let root = vec![0usize; games.len()];
    Ok(Finals {
        left: solver.value(&root, true)?,
        right: solver.value(&root, false)?,
    })
}

struct SumSolver<'g, 'b, 'c> {
    games: &'g [&'g ScoringGame],
    /// Fx-hashed: the keys are short vectors of node indices, hashed millions of times.
    memo: rustc_hash::FxHashMap<(Vec<usize>, bool), Rational>,
    budget: &'b mut Budget<'c>,
    max_states: usize,
}

impl SumSolver<'_, '_, '_> {
    fn value(&mut self, at: &[usize], left_moves: bool) -> Result<Rational, EngineError> {
        let key = (at.to_vec(), left_moves);
        if let Some(&v) = self.memo.get(&key) {
            return Ok(v);
        }
        if self.memo.len() >= self.max_states {
            return Err(EngineError::OutOfRange(format!(
                "the sum has more than {} positions (of {} games each); solve smaller or fewer \
                 games",
                self.max_states,
                self.games.len()
            )));
        }
        let mut best: Option<Rational> = None;
        let mut next = at.to_vec();
        for (i, g) in self.games.iter().enumerate() {
            let n = &g.nodes[at[i]];
            let side = if left_moves { &n.left } else { &n.right };
            for &c in side {
                next[i] = c;
                let v = self.value(&next, !left_moves)?;
                best = Some(match best {
                    None => v,
                    Some(b) if left_moves => b.max(v),
                    Some(b) => b.min(v),
                });
            }
            next[i] = at[i];
        }
        let value = match best {
            Some(v) => v,
            None => {
                let mut s = Rational::ZERO;
                for (i, g) in self.games.iter().enumerate() {
                    s = add(s, g.nodes[at[i]].score)?;
                }
                s
            }
        };
        self.memo.insert(key, value);
        if self.memo.len().is_multiple_of(4096) {
            self.budget
                .tick(self.memo.len() as u64, self.max_states as u64)?;
        }
        Ok(value)
    }
}
