//! The generic solver for rule-defined heap games: nim-values by mex over the XOR of an
//! option's parts, and misère outcomes by the misère module's search over multisets of heaps.
//!
//! Neither depends on the order or repetition of a rule's options: the values take the mex of
//! a set, the outcomes ask whether some option is lost. Each heap's options are asked once and
//! kept while the heap is solved. A heap whose options lead back to itself is refused as loopy;
//! so is a rule whose options climb past [`MAX_EXTRA_HEAPS`] heaps beyond those asked for.

use rustc_hash::{FxHashMap, FxHashSet};

use crate::budget::Budget;
use crate::octal::position::Outcome;
use crate::text::grouped;
use crate::EngineError;

/// The most heaps at or beyond `terms` a run may solve on the way (options that grow).
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

/// Every heap's options, asked once, and the values found so far.
struct Table<'r> {
    rules: &'r mut dyn HeapRules,
    terms: usize,
    values: Vec<Option<u64>>,
    extra: FxHashMap<u64, u64>,
    visiting: FxHashSet<u64>,
}

impl Table<'_> {
    fn value(&self, heap: u64) -> Option<u64> {
        match usize::try_from(heap) {
            Ok(h) if h < self.terms => self.values[h],
            _ => self.extra.get(&heap).copied(),
        }
    }

    fn set(&mut self, heap: u64, value: u64) {
        match usize::try_from(heap) {
            Ok(h) if h < self.terms => self.values[h] = Some(value),
            _ => {
                self.extra.insert(heap, value);
            }
        }
    }

    /// Refuses a heap beyond those asked for once [`MAX_EXTRA_HEAPS`] such heaps are solved or
    /// being solved (an endless climb would otherwise grow the stack without end).
    fn check_room(&self, heap: u64) -> Result<(), EngineError> {
        let beyond = heap >= self.terms as u64;
        if beyond && self.extra.len() + self.visiting.len() >= MAX_EXTRA_HEAPS {
            return Err(EngineError::OutOfRange(format!(
                "the ruleset's options climb past {} heaps beyond those asked for (heap {})",
                grouped(MAX_EXTRA_HEAPS as u64),
                grouped(heap)
            )));
        }
        Ok(())
    }
}

/// A heap being solved: its options and how far its parts are known.
struct Frame {
    heap: u64,
    options: Vec<Vec<u64>>,
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
    let mut table = Table {
        rules,
        terms,
        values: vec![None; terms],
        extra: FxHashMap::default(),
        visiting: FxHashSet::default(),
    };
    for n in 0..terms {
        // Often: one heap of a script with thousands of options can take a tenth of a second,
        // and each tick is where a caller's Ctrl-C or Stop is heard.
        if n % 16 == 0 {
            budget.tick(n as u64, terms as u64)?;
        }
        if table.values[n].is_none() {
            solve_from(&mut table, n as u64)?;
        }
    }
    Ok(table.values.into_iter().map(|v| v.unwrap_or(0)).collect())
}

/// Solves `start` and every unknown heap its options reach.
fn solve_from(table: &mut Table, start: u64) -> Result<(), EngineError> {
    let mut stack = vec![open(table, start)?];
    while let Some(top) = stack.last_mut() {
        match next_unknown(table, top) {
            Some(heap) if table.visiting.contains(&heap) => return Err(loopy(grouped(heap))),
            Some(heap) => {
                let frame = open(table, heap)?;
                stack.push(frame);
            }
            None => {
                let frame = stack.pop().expect("the stack has a top");
                let value = crate::mex::mex(frame.options.iter().map(|parts| {
                    parts
                        .iter()
                        .fold(0, |x, &h| x ^ table.value(h).expect("parts are solved"))
                }));
                table.visiting.remove(&frame.heap);
                table.set(frame.heap, value);
            }
        }
    }
    Ok(())
}

fn open(table: &mut Table, heap: u64) -> Result<Frame, EngineError> {
    table.check_room(heap)?;
    table.visiting.insert(heap);
    Ok(Frame {
        heap,
        options: table.rules.options(heap)?,
        option: 0,
        part: 0,
    })
}

/// The next part of `frame`'s options whose value is unknown, advancing its cursor.
fn next_unknown(table: &Table, frame: &mut Frame) -> Option<u64> {
    while frame.option < frame.options.len() {
        let parts = &frame.options[frame.option];
        while frame.part < parts.len() {
            let heap = parts[frame.part];
            if table.value(heap).is_none() {
                return Some(heap);
            }
            frame.part += 1;
        }
        frame.option += 1;
        frame.part = 0;
    }
    None
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
