//! The brute-force reference: misère outcomes and misère Grundy values of sums of heaps by a
//! memoised game search over sorted multisets, with no theory at all.
//!
//! A position is a multiset of heaps (sorted, empty heaps dropped). Under misère play
//! (thesis Definition 2.8) the player who cannot move has *won*, so a position with no options
//! is an N-position; otherwise it is P exactly when every option is N. The misère Grundy value
//! `G⁻` is 1 for a position with no options and the mex of its options' values otherwise
//! (Conway, On Numbers and Games, ch. 12). The search is iterative (no recursion, so deep games
//! cannot overflow the stack) and stops with a clear error past a cap on stored positions.

use crate::mex::mex;
use crate::{Budget, EngineError};
use rustc_hash::FxHashMap;

/// The default cap on positions one search stores.
pub const DEFAULT_MAX_STATES: usize = 2_000_000;

/// Lists a position's options (as keys).
pub(super) type Children<'c> = &'c dyn Fn(&[u64]) -> Result<Vec<Vec<u64>>, EngineError>;

/// One frame of the iterative search: a position, its options and the values seen so far.
struct Frame<V> {
    key: Vec<u64>,
    children: Vec<Vec<u64>>,
    next: usize,
    values: Vec<V>,
}

/// A memoised search over positions encoded as `Vec<u64>` keys.
pub(super) struct Memo<V> {
    memo: FxHashMap<Vec<u64>, V>,
    max_states: usize,
}

impl<V: Copy> Memo<V> {
    /// An empty memo that stores at most `max_states` positions.
    pub(super) fn new(max_states: usize) -> Self {
        Memo {
            memo: FxHashMap::default(),
            max_states,
        }
    }

    /// The value of `root`: `children(key)` lists a position's options (as keys), `combine`
    /// turns the options' values into the position's, and a child value for which `decisive`
    /// holds ends the listing early (its siblings cannot change the result).
    pub(super) fn evaluate(
        &mut self,
        root: Vec<u64>,
        children: Children<'_>,
        combine: &dyn Fn(&[V]) -> V,
        decisive: &dyn Fn(&V) -> bool,
        budget: &mut Budget<'_>,
    ) -> Result<V, EngineError> {
        if let Some(&v) = self.memo.get(&root) {
            return Ok(v);
        }
        let mut stack = vec![Frame {
            children: children(&root)?,
            key: root,
            next: 0,
            values: Vec::new(),
        }];
        while let Some(top) = stack.last_mut() {
            if top.next < top.children.len() && !top.values.last().is_some_and(decisive) {
                let child = std::mem::take(&mut top.children[top.next]);
                top.next += 1;
                match self.memo.get(&child) {
                    Some(&v) => top.values.push(v),
                    None => {
                        let grandchildren = children(&child)?;
                        stack.push(Frame {
                            key: child,
                            children: grandchildren,
                            next: 0,
                            values: Vec::new(),
                        });
                    }
                }
                continue;
            }
            let frame = stack.pop().expect("the stack is not empty");
            let value = combine(&frame.values);
            self.store(frame.key, value, budget)?;
            if let Some(parent) = stack.last_mut() {
                parent.values.push(value);
            } else {
                return Ok(value);
            }
        }
        unreachable!("the root frame returns")
    }

    fn store(
        &mut self,
        key: Vec<u64>,
        value: V,
        budget: &mut Budget<'_>,
    ) -> Result<(), EngineError> {
        if self.memo.len() >= self.max_states {
            return Err(EngineError::OutOfRange(format!(
                "the brute-force search needs more than {} positions; try smaller heaps",
                self.max_states
            )));
        }
        self.memo.insert(key, value);
        if self.memo.len() & 4095 == 0 {
            budget.tick(self.memo.len() as u64, self.max_states as u64)?;
        }
        Ok(())
    }
}

/// The options of the position `heaps` (sorted, no zeros) under the heap option table
/// `table[n]` (each option a sorted list of heaps): every heap replaced by each of its options.
pub(super) fn position_options(
    table: &[Vec<Vec<u64>>],
    heaps: &[u64],
) -> Result<Vec<Vec<u64>>, EngineError> {
    let mut out = Vec::new();
    for (i, &h) in heaps.iter().enumerate() {
        if i > 0 && heaps[i - 1] == h {
            continue;
        }
        let options = table.get(h as usize).ok_or_else(|| beyond(table, h))?;
        for option in options {
            let mut next: Vec<u64> = heaps[..i].iter().chain(&heaps[i + 1..]).copied().collect();
            next.extend_from_slice(option);
            next.sort_unstable();
            out.push(next);
        }
    }
    Ok(out)
}

fn beyond(table: &[Vec<Vec<u64>>], h: u64) -> EngineError {
    EngineError::OutOfRange(format!(
        "heap {h} is beyond the {} heaps computed",
        table.len().saturating_sub(1)
    ))
}

/// Sorted heaps with the empty ones dropped: the search's key for a position.
pub fn normalise(heaps: &[u64]) -> Vec<u64> {
    let mut key: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
    key.sort_unstable();
    key
}

/// Misère outcomes of sums of heaps by brute force: `is_p` is true for a misère P-position.
pub struct OutcomeSearch<'a> {
    table: &'a [Vec<Vec<u64>>],
    memo: Memo<bool>,
}

impl<'a> OutcomeSearch<'a> {
    /// A search over heaps `0..table.len()`, storing at most `max_states` positions.
    pub fn new(table: &'a [Vec<Vec<u64>>], max_states: usize) -> Self {
        OutcomeSearch {
            table,
            memo: Memo::new(max_states),
        }
    }

    /// True when the sum of `heaps` is a misère P-position (the player to move loses).
    pub fn is_p(&mut self, heaps: &[u64], budget: &mut Budget<'_>) -> Result<bool, EngineError> {
        let table = self.table;
        self.memo.evaluate(
            normalise(heaps),
            &|key| position_options(table, key),
            // P when there are options and none is P; a position with no options is N.
            &|values| !values.is_empty() && values.iter().all(|&p| !p),
            &|&p| p,
            budget,
        )
    }
}

/// Misère Grundy values of a sum of heaps plus `ones` copies of `*1` and `twos` of `*2`.
pub struct GrundySearch<'a> {
    table: &'a [Vec<Vec<u64>>],
    memo: Memo<u64>,
}

impl<'a> GrundySearch<'a> {
    /// A search over heaps `0..table.len()`, storing at most `max_states` positions.
    pub fn new(table: &'a [Vec<Vec<u64>>], max_states: usize) -> Self {
        GrundySearch {
            table,
            memo: Memo::new(max_states),
        }
    }

    /// `G⁻(heaps + ones·*1 + twos·*2)`.
    pub fn value(
        &mut self,
        heaps: &[u64],
        ones: u64,
        twos: u64,
        budget: &mut Budget<'_>,
    ) -> Result<u64, EngineError> {
        let mut key = vec![twos, ones];
        key.extend(normalise(heaps));
        let table = self.table;
        self.memo.evaluate(
            key,
            &|key| nimmed_options(table, key),
            &|values| {
                if values.is_empty() {
                    1
                } else {
                    mex(values.iter().copied())
                }
            },
            &|_| false,
            budget,
        )
    }
}

/// Options of the key `[twos, ones, heaps…]`: a `*2` becomes `*1` or vanishes, a `*1`
/// vanishes, or a heap moves.
fn nimmed_options(table: &[Vec<Vec<u64>>], key: &[u64]) -> Result<Vec<Vec<u64>>, EngineError> {
    let (twos, ones, heaps) = (key[0], key[1], &key[2..]);
    let with = |t: u64, o: u64, h: &[u64]| {
        let mut k = vec![t, o];
        k.extend_from_slice(h);
        k
    };
    let mut out = Vec::new();
    if twos > 0 {
        out.push(with(twos - 1, ones + 1, heaps));
        out.push(with(twos - 1, ones, heaps));
    }
    if ones > 0 {
        out.push(with(twos, ones - 1, heaps));
    }
    for option in position_options(table, heaps)? {
        out.push(with(twos, ones, &option));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::misere::rules::HeapRules;
    use crate::octal::Ruleset;

    #[test]
    fn misere_nim_small_positions() {
        // Misère nim (Bouton; WW ch. 13): a single heap of 1 is P, 2 is N, 1+1 is N, 2+2 is P.
        let rules = HeapRules::Code(Ruleset::parse(".(3)").unwrap());
        let table = rules.option_table(4).unwrap();
        let mut search = OutcomeSearch::new(&table, 10_000);
        let mut b = Budget::unlimited();
        assert!(search.is_p(&[1], &mut b).unwrap());
        assert!(!search.is_p(&[2], &mut b).unwrap());
        assert!(!search.is_p(&[1, 1], &mut b).unwrap());
        assert!(search.is_p(&[2, 2], &mut b).unwrap());
        assert!(!search.is_p(&[], &mut b).unwrap());
    }

    #[test]
    fn state_cap_is_a_clear_error() {
        let rules = HeapRules::Code(Ruleset::parse(".77").unwrap());
        let table = rules.option_table(30).unwrap();
        let mut search = OutcomeSearch::new(&table, 50);
        let err = search
            .is_p(&[30, 29], &mut Budget::unlimited())
            .unwrap_err();
        assert!(err.to_string().contains("more than 50 positions"), "{err}");
    }
}
