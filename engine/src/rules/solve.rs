//! The generic solver for rule-defined games: nim-values by mex over the XOR of an option's
//! parts, by a depth-first search generic over the position (a heap, or a pair of heaps), and
//! misère outcomes of heaps by the misère module's search over multisets of heaps.
//!
//! Neither depends on the order or repetition of a rule's options: the values take the mex of
//! a set, the outcomes ask whether some option is lost. Each position's options are asked once
//! and kept while it is solved. A position whose options lead back to itself is refused as
//! loopy; so is a rule whose options climb past [`MAX_EXTRA_HEAPS`] positions beyond those
//! asked for.

use rustc_hash::{FxHashMap, FxHashSet};

use crate::budget::Budget;
use crate::octal::position::Outcome;
use crate::text::grouped;
use crate::EngineError;

/// The most positions beyond those asked for a run may solve on the way (options that grow).
pub const MAX_EXTRA_HEAPS: usize = 1 << 18;

/// The most multisets of heaps a misère search keeps before it stops.
pub const MAX_MISERE_POSITIONS: usize = 1 << 21;

/// Where a solver gets a heap's options from: a script, a Python callable, a built-in rule.
pub trait HeapRules {
    /// The options of heap `n`, each a list of non-empty heaps (the empty list: no heaps left).
    fn options(&mut self, n: u64) -> Result<Vec<Vec<u64>>, EngineError>;
}

impl<F: FnMut(u64) -> Result<Vec<Vec<u64>>, EngineError>> HeapRules for F {
    fn options(&mut self, n: u64) -> Result<Vec<Vec<u64>>, EngineError> {
        self(n)
    }
}

/// A position the depth-first solver can key on: a heap (`u64`) or a pair of heaps.
pub trait Key: Copy + Eq + std::hash::Hash + std::fmt::Display {}

impl<K: Copy + Eq + std::hash::Hash + std::fmt::Display> Key for K {}

/// Where the generic solver gets options and keeps values: `options` are asked once per
/// position, `slot` maps a position asked for to its place in the dense table (others are
/// kept in a map, at most [`MAX_EXTRA_HEAPS`] of them), and `noun` names a position in messages.
pub struct Positions<'r, K> {
    /// The options of a position, each a list of parts (the value XORs the parts' values).
    pub options: &'r mut dyn FnMut(K) -> Result<Vec<Vec<K>>, EngineError>,
    /// The dense index of a position asked for, `None` beyond them.
    pub slot: &'r dyn Fn(K) -> Option<usize>,
    /// How many positions are asked for (the dense table's length).
    pub size: usize,
    /// `("heap", "heaps")` or `("position", "positions")`.
    pub noun: (&'static str, &'static str),
}

/// Where the depth-first solver keeps values: [`Positions`] without the options.
pub struct Place<'r, K> {
    /// The dense index of a position asked for, `None` beyond them.
    pub slot: &'r dyn Fn(K) -> Option<usize>,
    /// How many positions are asked for (the dense table's length).
    pub size: usize,
    /// `("heap", "heaps")` or `("position", "positions")`.
    pub noun: (&'static str, &'static str),
}

/// How the depth-first solver values a position once its options' parts are valued: a
/// nim-value (mex of XORs), a misère outcome, a canonical form. It is one trait, not two
/// closures, so an implementation may remember what `options` saw (which options are Left's)
/// when `value` is asked.
pub trait Evaluate<K> {
    /// What a position is worth.
    type Value: Copy;
    /// The options of `at`, each a list of parts; asked once per position.
    fn options(&mut self, at: K) -> Result<Vec<Vec<K>>, EngineError>;
    /// The value of `at` from its `options` (as [`Evaluate::options`] gave them), with every
    /// part's value read by `known`.
    fn value(
        &mut self,
        at: K,
        options: &[Vec<K>],
        known: &dyn Fn(K) -> Self::Value,
    ) -> Result<Self::Value, EngineError>;
}

/// Nim-values: the mex over the options of the XOR of their parts' values.
struct Mex<'r, K>(&'r mut dyn FnMut(K) -> Result<Vec<Vec<K>>, EngineError>);

impl<K: Key> Evaluate<K> for Mex<'_, K> {
    type Value = u64;

    fn options(&mut self, at: K) -> Result<Vec<Vec<K>>, EngineError> {
        (self.0)(at)
    }

    fn value(
        &mut self,
        _: K,
        options: &[Vec<K>],
        known: &dyn Fn(K) -> u64,
    ) -> Result<u64, EngineError> {
        let values = options
            .iter()
            .map(|parts| parts.iter().fold(0, |x, &p| x ^ known(p)));
        Ok(mex_of(values, options.len()))
    }
}

/// The mex of `count` values by a bit set: the mex is at most `count`, so larger values are
/// skipped and `count + 1` bits suffice (a breaking game's heap has thousands of options, and
/// a tree set per heap cost more than the rest of the solve).
pub fn mex_of(values: impl Iterator<Item = u64>, count: usize) -> u64 {
    let mut seen = vec![0u64; count / 64 + 1];
    for v in values.filter(|&v| v <= count as u64) {
        seen[v as usize / 64] |= 1 << (v % 64);
    }
    let (word, bits) = seen
        .iter()
        .enumerate()
        .find(|(_, &w)| w != u64::MAX)
        .expect("count + 1 bits hold a clear bit");
    (word * 64) as u64 + u64::from(bits.trailing_ones())
}

/// Single-position outcomes under misère play, `true` for a P-position: a position with no
/// option is won by the player to move (an N-position), any other is P exactly when every
/// option is N. Each option is one position (a part list of length one).
pub struct MisereOutcome<'r, K>(pub &'r mut dyn FnMut(K) -> Result<Vec<K>, EngineError>);

impl<K: Key> Evaluate<K> for MisereOutcome<'_, K> {
    type Value = bool;

    fn options(&mut self, at: K) -> Result<Vec<Vec<K>>, EngineError> {
        Ok((self.0)(at)?.into_iter().map(|q| vec![q]).collect())
    }

    fn value(
        &mut self,
        _: K,
        options: &[Vec<K>],
        known: &dyn Fn(K) -> bool,
    ) -> Result<bool, EngineError> {
        let some_p = options.iter().flatten().any(|&q| known(q));
        Ok(!options.is_empty() && !some_p)
    }
}

/// Every position's options, asked once, and the values found so far.
struct Table<'r, K, V> {
    place: Place<'r, K>,
    values: Vec<Option<V>>,
    extra: FxHashMap<K, V>,
    visiting: FxHashSet<K>,
}

impl<K: Key, V: Copy> Table<'_, K, V> {
    fn value(&self, at: K) -> Option<V> {
        match (self.place.slot)(at) {
            Some(i) => self.values[i],
            None => self.extra.get(&at).copied(),
        }
    }

    fn set(&mut self, at: K, value: V) {
        match (self.place.slot)(at) {
            Some(i) => self.values[i] = Some(value),
            None => {
                self.extra.insert(at, value);
            }
        }
    }

    /// Refuses a position beyond those asked for once [`MAX_EXTRA_HEAPS`] such positions are
    /// solved or being solved (an endless climb would otherwise grow the stack without end).
    fn check_room(&self, at: K) -> Result<(), EngineError> {
        let beyond = (self.place.slot)(at).is_none();
        if beyond && self.extra.len() + self.visiting.len() >= MAX_EXTRA_HEAPS {
            let (one, many) = self.place.noun;
            return Err(EngineError::OutOfRange(format!(
                "the ruleset's options climb past {} {many} beyond those asked for ({one} {at})",
                grouped(MAX_EXTRA_HEAPS as u64),
            )));
        }
        Ok(())
    }
}

/// A position being solved: its options and how far its parts are known.
struct Frame<K> {
    at: K,
    options: Vec<Vec<K>>,
    option: usize,
    part: usize,
}

/// The loopy-rule message, naming the heap the cycle passes through.
pub fn loopy(at: impl std::fmt::Display) -> EngineError {
    EngineError::Parse(format!(
        "this ruleset is loopy at position {at}: an option leads back to it"
    ))
}

/// Nim-values of heaps `0..terms`: `G(n)` is the mex of `G(a) ⊕ G(b) ⊕ …` over the options
/// `[a, b, …]` of `n`. Options may name any heap; unknown ones are solved first (depth-first,
/// with an explicit stack), and a cycle is refused as loopy.
pub fn nim_values(
    rules: &mut dyn HeapRules,
    terms: usize,
    budget: &mut Budget,
) -> Result<Vec<u64>, EngineError> {
    let mut options = |n: Heap| -> Result<Vec<Vec<Heap>>, EngineError> {
        let options = rules.options(n.0)?;
        Ok(options
            .into_iter()
            .map(|parts| parts.into_iter().map(Heap).collect())
            .collect())
    };
    let slot = |n: Heap| usize::try_from(n.0).ok().filter(|&h| h < terms);
    let positions = Positions {
        options: &mut options,
        slot: &slot,
        size: terms,
        noun: ("heap", "heaps"),
    };
    values_of(positions, (0..terms as u64).map(Heap), budget)
}

/// A heap that prints grouped (`1,000`), so the heap solver's messages read as before.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Heap(pub u64);

impl std::fmt::Display for Heap {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&grouped(self.0))
    }
}

/// Nim-values of the positions `order` lists (each must have a slot, in slot order), by the
/// depth-first search over options described at [`nim_values`]; the budget ticks every 16.
pub fn values_of<K: Key>(
    rules: Positions<'_, K>,
    order: impl Iterator<Item = K>,
    budget: &mut Budget,
) -> Result<Vec<u64>, EngineError> {
    let place = Place {
        slot: rules.slot,
        size: rules.size,
        noun: rules.noun,
    };
    let values = evaluate(&mut Mex(rules.options), place, order, budget)?;
    Ok(values.into_iter().map(|v| v.unwrap_or(0)).collect())
}

/// The values `eval` gives the positions `order` lists (each must have a slot), every
/// position reached solved first, depth-first; a cycle is refused as loopy. The table is
/// returned by slot (`None` only for slots `order` left out).
pub fn evaluate<K: Key, E: Evaluate<K>>(
    eval: &mut E,
    place: Place<'_, K>,
    order: impl Iterator<Item = K>,
    budget: &mut Budget,
) -> Result<Vec<Option<E::Value>>, EngineError> {
    let size = place.size;
    let mut table = Table {
        place,
        values: vec![None; size],
        extra: FxHashMap::default(),
        visiting: FxHashSet::default(),
    };
    for (i, at) in order.enumerate() {
        // Often: one position of a script with thousands of options can take a tenth of a
        // second, and each tick is where a caller's Ctrl-C or Stop is heard.
        if i % 16 == 0 {
            budget.tick(i as u64, size as u64)?;
        }
        if table.value(at).is_none() {
            solve_from(eval, &mut table, at)?;
        }
    }
    Ok(table.values)
}

/// Solves `start` and every unknown position its options reach.
fn solve_from<K: Key, E: Evaluate<K>>(
    eval: &mut E,
    table: &mut Table<K, E::Value>,
    start: K,
) -> Result<(), EngineError> {
    let mut stack = vec![open(eval, table, start)?];
    while let Some(top) = stack.last_mut() {
        match next_unknown(table, top) {
            Some(at) if table.visiting.contains(&at) => return Err(loopy(at)),
            Some(at) => {
                let frame = open(eval, table, at)?;
                stack.push(frame);
            }
            None => {
                let frame = stack.pop().expect("the stack has a top");
                let known = |p: K| table.value(p).expect("parts are solved");
                let value = eval.value(frame.at, &frame.options, &known)?;
                table.visiting.remove(&frame.at);
                table.set(frame.at, value);
            }
        }
    }
    Ok(())
}

fn open<K: Key, E: Evaluate<K>>(
    eval: &mut E,
    table: &mut Table<K, E::Value>,
    at: K,
) -> Result<Frame<K>, EngineError> {
    table.check_room(at)?;
    table.visiting.insert(at);
    Ok(Frame {
        at,
        options: eval.options(at)?,
        option: 0,
        part: 0,
    })
}

/// The next part of `frame`'s options whose value is unknown, advancing its cursor.
fn next_unknown<K: Key, V: Copy>(table: &Table<K, V>, frame: &mut Frame<K>) -> Option<K> {
    while frame.option < frame.options.len() {
        let parts = &frame.options[frame.option];
        while frame.part < parts.len() {
            let at = parts[frame.part];
            if table.value(at).is_none() {
                return Some(at);
            }
            frame.part += 1;
        }
        frame.option += 1;
        frame.part = 0;
    }
    None
}

/// Nim-values of heaps `0..terms` of the subtraction game `steps` (increasing, each at least
/// 1): `G(n)` is the mex of `G(n − s)` over the steps `s ≤ n`. A set of fewer than 64 steps has
/// values below 64, so each mex is one word's lowest clear bit; the budget ticks every 65,536
/// heaps.
pub fn step_values(
    steps: &[u64],
    terms: usize,
    budget: &mut Budget,
) -> Result<Vec<u64>, EngineError> {
    let mut values: Vec<u64> = Vec::with_capacity(terms);
    for n in 0..terms {
        if n % (1 << 16) == 0 {
            budget.tick(n as u64, terms as u64)?;
        }
        let below = steps.iter().take_while(|&&s| s as usize <= n);
        let seen = below.map(|&s| values[n - s as usize]);
        let value = if steps.len() < 64 {
            (!seen.fold(0u64, |word, v| word | 1 << v)).trailing_zeros() as u64
        } else {
            mex_of(seen, steps.len())
        };
        values.push(value);
    }
    Ok(values)
}

/// Normal-play outcomes from nim-values: `P` exactly where the value is 0.
pub fn normal_outcomes(values: &[u64]) -> Vec<Outcome> {
    values
        .iter()
        .map(|&v| if v == 0 { Outcome::P } else { Outcome::N })
        .collect()
}

/// Misère outcomes of single heaps `0..table.len()` (each heap's options, every part inside
/// the table) by the misère module's search over multisets of heaps; the heap where the search
/// outgrew [`MAX_MISERE_POSITIONS`] positions, if it did (the outcomes before it are complete).
pub fn misere_outcomes(
    table: &[Vec<Vec<u64>>],
    budget: &mut Budget,
) -> Result<(Vec<Outcome>, Option<u64>), EngineError> {
    let (outcomes, stop) =
        crate::misere::single::table_outcomes_until_cap(table, MAX_MISERE_POSITIONS, budget)?;
    let stopped_at = stop.map(|_| outcomes.len() as u64);
    Ok((outcomes, stopped_at))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bit_set_mex_equals_the_plain_mex() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        for count in 0..300usize {
            let values: Vec<u64> = (0..count)
                .map(|_| {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    state % (count as u64 + 70)
                })
                .collect();
            let plain = crate::mex::mex(values.iter().copied());
            assert_eq!(mex_of(values.into_iter(), count), plain, "count {count}");
        }
        assert_eq!(mex_of((0..64).chain([200]), 65), 64);
    }
}
