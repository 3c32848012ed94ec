//! Nim-sequences of generalized codes: digits above 15 (a move leaves up to 16 heaps) and the
//! `!`, `?`, `=` modifiers of [`super::modifier`].
//!
//! The split sets are built as a knapsack over part sizes: once `G(s)` is known, part size `s`
//! is added to every set "XORs of the partitions of `m` into exactly `j` parts" (`m >= s`).
//! Adding it with `j` increasing lets a part repeat (the plain sets); with `j` decreasing each
//! part size is used at most once (the `!` sets, pairwise unequal parts). Each partition is
//! produced exactly once, so a second bitset "reached by at least two partitions" tells whether
//! the XOR of the one all-equal partition of `m` into `j` parts is reached by another partition:
//! the `?` set is the plain set without that XOR when it is not. The `=` set is that one XOR.
//!
//! Before `G(n)` is computed, every part size below `n` has been added, and a split of a heap
//! `m <= n` into two or more parts uses only parts below `n`, so the sets are complete. The
//! tables hold rows `m < capacity` and are rebuilt (every known part added again) when a heap
//! past the capacity is asked for or a value outgrows the bitset words.

use super::modifier::Modifier;
use super::sequence::{bitset_mex, insert, insert_translated, words_for};
use super::Ruleset;
use crate::{Budget, EngineError};

/// The most bitset words the tables may hold (512 MB).
const MAX_TABLE_WORDS: usize = 1 << 26;
/// Heaps between two progress reports.
const TICK: usize = 64;

/// The sets of one knapsack: `once[j][m]` the XORs of the partitions of `m` into `j` parts,
/// `twice[j][m]` those reached by at least two partitions (kept only for `?`).
struct Table {
    /// True for pairwise unequal parts (each part size used at most once).
    distinct: bool,
    once: Vec<Vec<u64>>,
    twice: Vec<Vec<u64>>,
}

impl Table {
    /// A table for up to `heaps` parts, rows `m < capacity` of `words` words.
    fn new(distinct: bool, heaps: usize, counted: bool, capacity: usize, words: usize) -> Self {
        let rows = |count: usize| vec![vec![0u64; capacity * words]; count];
        let mut once = rows(heaps + 1);
        once[0][0] = 1;
        Table {
            distinct,
            once,
            twice: if counted { rows(heaps + 1) } else { Vec::new() },
        }
    }

    /// Adds part size `s` with value `g` to every row `m >= s`.
    fn add(&mut self, s: usize, g: u32, words: usize) {
        let heaps = self.once.len() - 1;
        let order: Vec<usize> = if self.distinct {
            (1..=heaps).rev().collect()
        } else {
            (1..=heaps).collect()
        };
        let capacity = self.once[0].len() / words;
        let mut moved = vec![0u64; words];
        for j in order {
            let (lower, upper) = self.once.split_at_mut(j);
            let (from, to) = (&lower[j - 1], &mut upper[0]);
            for m in s..capacity {
                let source = &from[(m - s) * words..(m - s + 1) * words];
                if source.iter().all(|&w| w == 0) {
                    continue;
                }
                moved.fill(0);
                insert_translated(&mut moved, source, g);
                let target = &mut to[m * words..(m + 1) * words];
                if !self.twice.is_empty() {
                    let (lower2, upper2) = self.twice.split_at_mut(j);
                    let twice = &mut upper2[0][m * words..(m + 1) * words];
                    insert_translated(
                        twice,
                        &lower2[j - 1][(m - s) * words..(m - s + 1) * words],
                        g,
                    );
                    for ((t2, &t), &x) in twice.iter_mut().zip(target.iter()).zip(&moved) {
                        *t2 |= t & x;
                    }
                }
                for (t, &x) in target.iter_mut().zip(&moved) {
                    *t |= x;
                }
            }
        }
    }

    /// The row of the partitions of `m` into `j` parts.
    fn row(&self, j: usize, m: usize, words: usize) -> &[u64] {
        &self.once[j][m * words..(m + 1) * words]
    }

    /// True when `x` is reached by two partitions of `m` into `j` parts.
    fn twice_has(&self, j: usize, m: usize, words: usize, x: u32) -> bool {
        let row = &self.twice[j][m * words..(m + 1) * words];
        row[(x >> 6) as usize] >> (x & 63) & 1 == 1
    }
}

/// The nim-sequence of a generalized code by the knapsack split sets.
pub struct CutSequence {
    rules: Ruleset,
    values: Vec<u32>,
    value_bits: u32,
    /// Words of every set, and rows `m < capacity`.
    words: usize,
    capacity: usize,
    /// Plain and `?` splits (repeated parts allowed), with counts when some digit has `?`.
    any: Option<Table>,
    /// `!` splits (pairwise unequal parts).
    distinct: Option<Table>,
    work: u64,
    max_work: u64,
}

/// The most heaps a digit with modifier `wanted` leaves by splitting (0 when none splits).
fn heaps_with(rules: &Ruleset, wanted: &[Modifier]) -> usize {
    let finite = rules.digits().len() + rules.tail().len();
    (0..finite)
        .filter(|&k| wanted.contains(&rules.modifier(k)))
        .map(|k| (u32::BITS - rules.digit(k).leading_zeros()).saturating_sub(1) as usize)
        .filter(|&j| j >= 2)
        .max()
        .unwrap_or(0)
}

impl CutSequence {
    /// A sequence for any valid ruleset (meant for generalized codes).
    pub fn new(rules: &Ruleset) -> Self {
        CutSequence {
            rules: rules.clone(),
            values: Vec::new(),
            value_bits: 0,
            words: 1,
            capacity: 0,
            any: None,
            distinct: None,
            work: 0,
            max_work: u64::MAX,
        }
    }

    /// Caps the word operations of [`Self::extend_to`] (an error names `--max-work` past it).
    pub fn with_max_work(mut self, max_work: u64) -> Self {
        self.max_work = max_work;
        self
    }

    /// The values computed so far.
    pub fn values(&self) -> &[u32] {
        &self.values
    }

    /// Computes heaps up to `len` (exclusive), reporting progress to `budget`.
    pub fn extend_to(&mut self, len: usize, budget: &mut Budget<'_>) -> Result<(), EngineError> {
        if len > self.capacity {
            self.rebuild(len.max(2 * self.capacity))?;
        }
        while self.values.len() < len {
            let n = self.values.len();
            let value = self.next_value(n);
            self.values.push(value);
            while value >> self.value_bits != 0 {
                self.value_bits += 1;
            }
            if (1usize << self.value_bits) > 64 * self.words {
                self.rebuild(self.capacity)?;
            } else if n >= 1 {
                self.add_part(n)?;
            }
            if n.is_multiple_of(TICK) {
                budget.tick(n as u64, len as u64)?;
            }
        }
        Ok(())
    }

    /// New tables for rows `m < capacity`, with every known part size added again.
    fn rebuild(&mut self, capacity: usize) -> Result<(), EngineError> {
        let words = words_for(self.value_bits);
        let plain = heaps_with(&self.rules, &[Modifier::Plain, Modifier::NotAllEqual]);
        let counted = heaps_with(&self.rules, &[Modifier::NotAllEqual]) > 0;
        let unequal = heaps_with(&self.rules, &[Modifier::Unequal]);
        let rows = (plain + 1) * (1 + usize::from(counted)) + unequal + 1;
        if rows.saturating_mul(capacity).saturating_mul(words) > MAX_TABLE_WORDS {
            return Err(EngineError::OutOfRange(format!(
                "{}: the split sets for {capacity} heaps would pass {} MB",
                self.rules.ascii(),
                MAX_TABLE_WORDS / (1 << 17)
            )));
        }
        (self.words, self.capacity) = (words, capacity);
        self.any = (plain > 0).then(|| Table::new(false, plain, counted, capacity, words));
        self.distinct = (unequal > 0).then(|| Table::new(true, unequal, false, capacity, words));
        for s in 1..self.values.len() {
            self.add_part(s)?;
        }
        Ok(())
    }

    /// Adds part size `s` (whose value is known) to the tables, counting the work.
    fn add_part(&mut self, s: usize) -> Result<(), EngineError> {
        let (g, words) = (self.values[s], self.words);
        for table in self.any.iter_mut().chain(self.distinct.iter_mut()) {
            let rows = (table.once.len() - 1) * (1 + 2 * usize::from(!table.twice.is_empty()));
            let cost = (rows * (self.capacity - s) * words) as u64;
            self.work = self.work.saturating_add(cost);
            if self.work > self.max_work {
                return Err(EngineError::OutOfRange(format!(
                    "{}: stopped at heap {s}, past the work cap of {} steps (raise it with --max-work)",
                    self.rules.ascii(),
                    self.max_work
                )));
            }
            table.add(s, g, words);
        }
        Ok(())
    }

    /// The nim-value of heap `n` from the values below it and the tables.
    fn next_value(&self, n: usize) -> u32 {
        let words = self.words;
        let mut excluded = vec![0u64; 2 * words];
        let mut set = vec![0u64; words];
        for k in 0..=n {
            let (digit, modifier, m) = (self.rules.digit(k), self.rules.modifier(k), n - k);
            if digit & 1 != 0 && m == 0 {
                insert(&mut excluded, 0);
            }
            if digit & 2 != 0 && m >= 1 {
                insert(&mut excluded, self.values[m]);
            }
            for j in (2..=m.min(31)).filter(|&j| digit >> j & 1 == 1) {
                self.split_set(modifier, j, m, &mut set);
                for (e, &s) in excluded.iter_mut().zip(&set) {
                    *e |= s;
                }
            }
        }
        bitset_mex(&excluded)
    }

    /// The XORs of the splits of `m` into `j >= 2` heaps allowed by `modifier`, into `set`.
    fn split_set(&self, modifier: Modifier, j: usize, m: usize, set: &mut [u64]) {
        set.fill(0);
        let equal = m
            .is_multiple_of(j)
            .then(|| if j % 2 == 1 { self.values[m / j] } else { 0 });
        let words = self.words;
        match (modifier, &self.any, &self.distinct) {
            (Modifier::AllEqual, _, _) => {
                if let Some(x) = equal {
                    insert(set, x);
                }
            }
            (Modifier::Unequal, _, Some(table)) => set.copy_from_slice(table.row(j, m, words)),
            (Modifier::Plain | Modifier::NotAllEqual, Some(table), _) => {
                set.copy_from_slice(table.row(j, m, words));
                if let Some(x) = equal.filter(|_| modifier == Modifier::NotAllEqual) {
                    if !table.twice_has(j, m, words, x) {
                        set[(x >> 6) as usize] &= !(1 << (x & 63));
                    }
                }
            }
            _ => {}
        }
    }
}
