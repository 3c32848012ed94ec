//! Playing a sum of heaps under misère play against the quotient: every move of a sum
//! ([`moves`]), the position a move leaves ([`after`]) and the engine's reply ([`reply`]: a move
//! to a P-position when there is one). The web page's game and its tests use these.

use super::quotient::Quotient;
use super::report::{sum_report, MisereMove};
use super::rules::HeapRules;
use crate::EngineError;

/// Every move of the sum `heaps` (each distinct heap size once), in heap order, at most
/// `limit` of them; the flag is true when more were left out.
pub fn moves(
    rules: &HeapRules,
    heaps: &[u64],
    limit: usize,
) -> Result<(Vec<MisereMove>, bool), EngineError> {
    let mut out = Vec::new();
    for (i, &size) in heaps.iter().enumerate() {
        if heaps[..i].contains(&size) {
            continue;
        }
        for leaves in rules.options(size)? {
            if out.len() == limit {
                return Ok((out, true));
            }
            out.push(MisereMove {
                heap: i,
                size,
                leaves,
            });
        }
    }
    Ok((out, false))
}

/// The sum after `mv`: its heap replaced by the heaps it leaves, empty heaps dropped.
pub fn after(heaps: &[u64], mv: &MisereMove) -> Vec<u64> {
    let mut next: Vec<u64> = heaps
        .iter()
        .enumerate()
        .filter(|&(i, &h)| i != mv.heap && h > 0)
        .map(|(_, &h)| h)
        .collect();
    next.extend(mv.leaves.iter().copied().filter(|&h| h > 0));
    next
}

/// The engine's move in `heaps`: a winning move when the sum is an N-position, else its first
/// move (it is losing then); `None` when no move is left.
pub fn reply(
    rules: &HeapRules,
    q: &Quotient,
    heaps: &[u64],
) -> Result<Option<MisereMove>, EngineError> {
    let report = sum_report(rules, q, heaps)?;
    if let Some(win) = report.winning_moves.into_iter().next() {
        return Ok(Some(win));
    }
    Ok(moves(rules, heaps, 1)?.0.into_iter().next())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::misere::quotient::{quotient, QuotientCaps};
    use crate::misere::rules::HeapRules;
    use crate::misere::search::{OutcomeSearch, DEFAULT_MAX_STATES};
    use crate::octal::Ruleset;
    use crate::Budget;

    /// From every N-position of three heaps of Kayles at most 8 that has a move, the reply
    /// leaves a position the brute-force search calls P.
    #[test]
    fn replies_from_n_positions_reach_p_positions_by_brute_force() {
        let rules = HeapRules::Code(Ruleset::parse(".77").unwrap());
        let q = quotient(&rules, 8, QuotientCaps::default(), &mut Budget::unlimited()).unwrap();
        let table = rules.option_table(8).unwrap();
        let mut search = OutcomeSearch::new(&table, DEFAULT_MAX_STATES);
        let mut checked = 0;
        for a in 0..=8 {
            for b in a..=8 {
                for c in b..=8 {
                    let heaps = [a, b, c];
                    let budget = &mut Budget::unlimited();
                    if search.is_p(&heaps, budget).unwrap() {
                        continue;
                    }
                    // A sum with no move is an N-position of misère play: its player wins.
                    let Some(mv) = reply(&rules, &q, &heaps).unwrap() else {
                        assert!(moves(&rules, &heaps, 1).unwrap().0.is_empty());
                        continue;
                    };
                    let next = after(&heaps, &mv);
                    assert!(search.is_p(&next, budget).unwrap(), "{heaps:?} -> {next:?}");
                    checked += 1;
                }
            }
        }
        assert!(checked > 50, "only {checked} N-positions");
    }

    #[test]
    fn moves_list_each_heap_size_once_and_stop_at_the_limit() {
        let rules = HeapRules::Subtraction(crate::ruleset::NumberSet::parse("1,2").unwrap());
        let (all, more) = moves(&rules, &[3, 3, 1], 10).unwrap();
        // Heap 3: take 1 or 2; the second 3 is the same; heap 1: take 1.
        assert_eq!(all.len(), 3);
        assert!(!more);
        assert_eq!(after(&[3, 3, 1], &all[2]), vec![3, 3]);
        let (two, more) = moves(&rules, &[3, 3, 1], 2).unwrap();
        assert_eq!((two.len(), more), (2, true));
        let none = reply(
            &rules,
            &quotient(&rules, 3, QuotientCaps::default(), &mut Budget::unlimited()).unwrap(),
            &[0],
        )
        .unwrap();
        assert_eq!(none, None);
    }
}
