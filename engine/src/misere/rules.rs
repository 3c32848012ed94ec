//! The heap families misère play covers, behind one interface: the options of heap `n` as
//! lists of heaps.
//!
//! Each family's moves come from the engine's existing enumeration: finite subtraction from
//! [`crate::subtraction::options`], code-digit games (octal, hexadecimal, generalized) from
//! [`crate::octal::position::for_each_option`]. An all-but subtraction game `ℕ ∖ E` removes any
//! `m >= 1` not in `E` and leaves one heap (or none).

use crate::octal::position::for_each_option;
use crate::octal::Ruleset;
use crate::ruleset::NumberSet;
use crate::EngineError;
use std::ops::ControlFlow;

/// An impartial heap game: a finite subtraction set, an all-but set or a code-digit code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HeapRules {
    /// Finite subtraction: remove `s` tokens for any `s` in the set.
    Subtraction(NumberSet),
    /// All-but subtraction: remove any `m >= 1` tokens with `m` not in the set.
    AllBut(NumberSet),
    /// An octal, hexadecimal or generalized code-digit game.
    Code(Ruleset),
}

impl HeapRules {
    /// The one game named by a code (`.77`, `kayles`), a subtraction set or an all-but set,
    /// exactly one of which is given (the CLI's and Python's arguments).
    pub fn choose(
        code: Option<&str>,
        subtraction: Option<&str>,
        all_but: Option<&str>,
    ) -> Result<HeapRules, EngineError> {
        match (code, subtraction, all_but) {
            (Some(code), None, None) => Ok(HeapRules::Code(Ruleset::parse(code)?)),
            (None, Some(set), None) => Ok(HeapRules::Subtraction(NumberSet::parse(set)?)),
            (None, None, Some(set)) => Ok(HeapRules::AllBut(NumberSet::parse(set)?)),
            _ => Err(EngineError::Parse(
                "give one game: a code such as .77, --subtraction 1,2,3 or --all-but 2".into(),
            )),
        }
    }

    /// The ruleset as people write it: `{1,2,3}`, `all-but {2}` or the code `·77`.
    pub fn describe(&self) -> String {
        match self {
            HeapRules::Subtraction(set) => format!("subtraction {}", set.to_text()),
            HeapRules::AllBut(set) => format!("all-but {}", set.to_text()),
            HeapRules::Code(code) => code.code(),
        }
    }

    /// The options of heap `n`: each is the list of non-empty heaps the move leaves, sorted
    /// (empty when the move takes the heap whole). Duplicates are removed.
    pub fn options(&self, n: u64) -> Result<Vec<Vec<u64>>, EngineError> {
        let mut out: Vec<Vec<u64>> = match self {
            HeapRules::Subtraction(set) => crate::subtraction::options(set, n)
                .into_iter()
                .map(|(_, left)| leave_one(left))
                .collect(),
            HeapRules::AllBut(excluded) => (1..=n)
                .filter(|&m| m > u64::from(u32::MAX) || !excluded.contains(m as u32))
                .map(|m| leave_one(n - m))
                .collect(),
            HeapRules::Code(code) => {
                let mut all = Vec::new();
                for_each_option(code, n, &mut |_, leaves| {
                    let mut heaps = leaves.to_vec();
                    heaps.sort_unstable();
                    all.push(heaps);
                    ControlFlow::Continue(())
                })?;
                all
            }
        };
        out.sort_unstable();
        out.dedup();
        Ok(out)
    }

    /// The options of heaps `0..=max_heap`, one list a heap (see [`HeapRules::options`]).
    pub fn option_table(&self, max_heap: u64) -> Result<Vec<Vec<Vec<u64>>>, EngineError> {
        (0..=max_heap).map(|n| self.options(n)).collect()
    }
}

/// The heaps left by a move that leaves one heap of `left` tokens (none when `left` is 0).
fn leave_one(left: u64) -> Vec<u64> {
    if left == 0 {
        Vec::new()
    } else {
        vec![left]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kayles_options_follow_the_digits() {
        // ·77: take 1 or 2 from a row, leaving 0, 1 or 2 rows: 3 → {1,1}, {2}, {1}.
        let rules = HeapRules::Code(Ruleset::parse(".77").unwrap());
        assert_eq!(
            rules.options(3).unwrap(),
            vec![vec![1], vec![1, 1], vec![2]]
        );
        assert_eq!(rules.options(2).unwrap(), vec![vec![], vec![1]]);
    }

    #[test]
    fn subtraction_and_all_but_leave_one_heap() {
        let sub = HeapRules::Subtraction(NumberSet::parse("1,3").unwrap());
        assert_eq!(sub.options(3).unwrap(), vec![vec![], vec![2]]);
        let all_but = HeapRules::AllBut(NumberSet::parse("2").unwrap());
        assert_eq!(all_but.options(3).unwrap(), vec![vec![], vec![2]]);
    }
}
