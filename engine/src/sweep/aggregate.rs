//! What a sweep keeps: counts, histograms, top-k records, distinct sequences, check tallies,
//! first failures and rows, all of which MERGE exactly.
//!
//! A [`Summary`] of an index range merged with the summary of the next range equals the
//! summary of both ranges, whatever the order of merging, because every part is either a sum
//! (counts), a union kept sorted (group counts by key, sequence hashes), or a list kept sorted
//! by a total order with the ruleset index as the last key and cut to its cap (top-k by value
//! then index; first errors, failures and rows by index). So the shards of a sweep, or its
//! chunks finished by threads in any order, merge to the one-process summary.

use serde::{Deserialize, Serialize};
use std::cmp::{Ordering, Reverse};
use std::ops::Range;

/// How many first errors and first failures per check a summary keeps.
pub const FIRST_K: usize = 10;

/// One ruleset named with a detail: an error, or a check's witness.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Found {
    /// The ruleset's index in its family.
    pub index: u64,
    /// The ruleset as text.
    pub ruleset: String,
    /// The error message or the witness.
    pub detail: String,
}

/// A top-k entry: a ruleset and its value of the ranked metric.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    /// The metric's value.
    pub value: i64,
    /// The ruleset's index in its family.
    pub index: u64,
    /// The ruleset as text.
    pub ruleset: String,
}

/// One ruleset's metrics (a row of the CSV), or its error.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Row {
    /// The ruleset's index in its family.
    pub index: u64,
    /// The ruleset as text.
    pub ruleset: String,
    /// The metrics in the family's column order (`null` where unknown).
    pub values: Vec<Option<i64>>,
    /// Why the ruleset could not be measured, if it could not.
    pub error: Option<String>,
}

/// One check's tally over the rulesets swept.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CheckTally {
    /// The check's name.
    pub name: String,
    /// Rulesets where the claim holds.
    pub holds: u64,
    /// Rulesets where it fails.
    pub fails: u64,
    /// Rulesets outside its hypothesis.
    pub not_applicable: u64,
    /// Rulesets where the check itself stopped with an error.
    pub errors: u64,
    /// The failures (and errors) with the smallest indices, with their witnesses.
    pub first_failures: Vec<Found>,
}

/// The caps a summary is cut to (from the sweep's spec); merging needs the same caps.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Caps {
    /// Top-k length (0 when no `--top`).
    pub top: usize,
    /// Rows kept (0 when no rows were asked for).
    pub rows: usize,
}

/// Everything a sweep keeps of an index range; see the module docs for why it merges exactly.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Summary {
    /// Rulesets walked.
    pub rulesets: u64,
    /// Rulesets measured that pass `--where` (all measured ones without it).
    pub matched: u64,
    /// Rulesets whose measurement or `--where` failed.
    pub errors: u64,
    /// The errors with the smallest indices.
    pub first_errors: Vec<Found>,
    /// Matched rulesets per value of the `--group-by` key (`None`: unknown), sorted by key.
    pub groups: Vec<(Option<i64>, u64)>,
    /// The `--top` records: largest value first, ties by smaller index.
    pub top: Vec<Record>,
    /// The distinct hashes of the periodic parts of the matched rulesets' sequences, sorted
    /// (a sorted `Vec` rather than a set: the web module then needs no B-tree code).
    pub sequences: Vec<u64>,
    /// One tally per `--check`, in the order given.
    pub checks: Vec<CheckTally>,
    /// The rows with the smallest indices.
    pub rows: Vec<Row>,
}

impl Summary {
    /// An empty summary with one empty tally per check name.
    pub fn new(checks: &[String]) -> Self {
        Summary {
            checks: checks
                .iter()
                .map(|name| CheckTally {
                    name: name.clone(),
                    holds: 0,
                    fails: 0,
                    not_applicable: 0,
                    errors: 0,
                    first_failures: Vec::new(),
                })
                .collect(),
            ..Summary::default()
        }
    }

    /// Adds `other` (a summary of a disjoint index range, same sweep) into `self`.
    pub fn merge(&mut self, other: Summary, caps: Caps) {
        self.rulesets += other.rulesets;
        self.matched += other.matched;
        self.errors += other.errors;
        merge_by_index(&mut self.first_errors, other.first_errors, FIRST_K, |f| {
            f.index
        });
        let mine = std::mem::take(&mut self.groups);
        merge_sorted(
            &mut self.groups,
            mine,
            other.groups,
            usize::MAX,
            |g| g.0,
            |a, b| a.1 += b.1,
        );
        self.add_records(other.top, caps.top);
        let mine = std::mem::take(&mut self.sequences);
        merge_sorted(
            &mut self.sequences,
            mine,
            other.sequences,
            usize::MAX,
            |h| *h,
            |_, _| {},
        );
        for (mine, theirs) in self.checks.iter_mut().zip(other.checks) {
            mine.holds += theirs.holds;
            mine.fails += theirs.fails;
            mine.not_applicable += theirs.not_applicable;
            mine.errors += theirs.errors;
            merge_by_index(
                &mut mine.first_failures,
                theirs.first_failures,
                FIRST_K,
                |f| f.index,
            );
        }
        merge_by_index(&mut self.rows, other.rows, caps.rows, |r| r.index);
    }

    /// Adds top-k candidates and keeps the best `k`: largest value first, ties by index.
    /// Each candidate is placed by binary search, so a full list skips a worse one in O(log k).
    pub fn add_records(&mut self, records: impl IntoIterator<Item = Record>, k: usize) {
        for record in records {
            let key = (std::cmp::Reverse(record.value), record.index);
            let at = self
                .top
                .partition_point(|r| (std::cmp::Reverse(r.value), r.index) < key);
            if at < k {
                self.top.insert(at, record);
                self.top.truncate(k);
            }
        }
    }

    /// Counts one matched ruleset under its group key.
    pub fn add_to_group(&mut self, key: Option<i64>) {
        match self.groups.binary_search_by(|(k, _)| k.cmp(&key)) {
            Ok(at) => self.groups[at].1 += 1,
            Err(at) => self.groups.insert(at, (key, 1)),
        }
    }

    /// Adds one sequence hash to the sorted distinct list (a binary search, no sort: the
    /// web module then holds no sort of `u64`s).
    pub fn add_sequence(&mut self, hash: u64) {
        if let Err(at) = self.sequences.binary_search(&hash) {
            self.sequences.insert(at, hash);
        }
    }

    /// Checks a summary read from a file against the index `range` it claims to cover and
    /// the sweep's `caps`: it walked exactly the range's rulesets, its counts add up (matched
    /// and errors within the rulesets, group counts summing to the matched, each check's
    /// tally to the matched), every index it names lies in the range, and its lists are
    /// sorted and cut as [`Summary::merge`] keeps them. So a forged or relabelled part is
    /// refused, and merging parts of a family of at most 2^64 rulesets cannot wrap.
    pub fn validate(
        &self,
        range: &Range<u64>,
        caps: Caps,
        checks: &[String],
    ) -> Result<(), String> {
        let len = range.end - range.start;
        let sum = |counts: &[u64]| {
            counts
                .iter()
                .try_fold(0u64, |a, &b| a.checked_add(b))
                .unwrap_or(u64::MAX)
        };
        // Increasing indices inside the range.
        let in_range = |indices: Vec<u64>| {
            indices.windows(2).all(|w| w[0] < w[1]) && indices.iter().all(|i| range.contains(i))
        };
        let found = |list: &[Found], cap| {
            list.len() <= cap && in_range(list.iter().map(|f| f.index).collect())
        };
        let groups: Vec<u64> = self.groups.iter().map(|g| g.1).collect();
        let rank = |r: &Record| (Reverse(r.value), r.index);
        let tally = |t: &CheckTally| {
            sum(&[t.holds, t.fails, t.not_applicable, t.errors]) == self.matched
                && found(&t.first_failures, FIRST_K)
        };
        let problems = [
            (
                self.rulesets == len,
                "its ruleset count is not its range's length",
            ),
            (
                sum(&[self.matched, self.errors]) <= len,
                "it matched more rulesets than it walked",
            ),
            (
                groups.is_empty() || sum(&groups) == self.matched,
                "its group counts do not add up to its matched count",
            ),
            (
                self.groups.windows(2).all(|w| w[0].0 < w[1].0),
                "its groups are not sorted",
            ),
            (
                self.sequences.windows(2).all(|w| w[0] < w[1]),
                "its sequence hashes are not sorted",
            ),
            (
                self.top.len() <= caps.top
                    && self.top.windows(2).all(|w| rank(&w[0]) < rank(&w[1]))
                    && self.top.iter().all(|r| range.contains(&r.index)),
                "its records are out of order or out of its range",
            ),
            (
                found(&self.first_errors, FIRST_K),
                "its first errors are out of order or out of its range",
            ),
            (
                self.rows.len() <= caps.rows
                    && in_range(self.rows.iter().map(|r| r.index).collect()),
                "its rows are out of order or out of its range",
            ),
            (
                self.checks.len() == checks.len()
                    && self
                        .checks
                        .iter()
                        .zip(checks)
                        .all(|(t, name)| t.name == *name),
                "its checks are not the sweep's",
            ),
            (
                self.checks.iter().all(tally),
                "its check tallies do not add up to its matched count",
            ),
        ];
        match problems.into_iter().find(|(good, _)| !good) {
            Some((_, why)) => Err(why.to_string()),
            None => Ok(()),
        }
    }

    /// The published form: the distinct-sequence hashes replaced by their count.
    pub fn report(&self) -> Report<'_> {
        Report {
            rulesets: self.rulesets,
            matched: self.matched,
            errors: self.errors,
            first_errors: &self.first_errors,
            distinct_sequences: self.sequences.len() as u64,
            groups: &self.groups,
            top: &self.top,
            checks: &self.checks,
            rows: &self.rows,
        }
    }
}

/// A summary as a sweep's final output shows it (see [`Summary::report`]).
#[derive(Debug, Serialize)]
pub struct Report<'a> {
    /// Rulesets walked.
    pub rulesets: u64,
    /// Rulesets measured that pass `--where`.
    pub matched: u64,
    /// Rulesets whose measurement or `--where` failed.
    pub errors: u64,
    /// The errors with the smallest indices.
    pub first_errors: &'a [Found],
    /// How many different periodic parts the matched rulesets' nim-sequences have.
    pub distinct_sequences: u64,
    /// `(key, count)` per value of the group key.
    pub groups: &'a [(Option<i64>, u64)],
    /// The top-k records.
    pub top: &'a [Record],
    /// The check tallies.
    pub checks: &'a [CheckTally],
    /// The rows kept.
    pub rows: &'a [Row],
}

/// Merges two lists sorted by `key` (disjoint keys) and keeps the first `cap`.
/// `key` is a `fn`, so both lists of [`Found`] share one instance of the merge.
fn merge_by_index<T>(mine: &mut Vec<T>, theirs: Vec<T>, cap: usize, key: fn(&T) -> u64) {
    let ours = std::mem::take(mine);
    merge_sorted(mine, ours, theirs, cap, key, |_, _| {});
}

/// Writes into `out` the first `cap` items of the two lists `a` and `b`, each sorted by
/// `key` with distinct keys, in `key` order; an item of `b` whose key is also in `a` is
/// folded into `a`'s by `combine`. A two-finger merge: no sort (and none of a stable
/// sort's code in the web module).
fn merge_sorted<T, K: Ord>(
    out: &mut Vec<T>,
    a: Vec<T>,
    b: Vec<T>,
    cap: usize,
    key: impl Fn(&T) -> K,
    combine: impl Fn(&mut T, T),
) {
    let (mut a, mut b) = (a.into_iter().peekable(), b.into_iter().peekable());
    while out.len() < cap {
        let order = match (a.peek(), b.peek()) {
            (Some(x), Some(y)) => key(x).cmp(&key(y)),
            (Some(_), None) => Ordering::Less,
            (None, Some(_)) => Ordering::Greater,
            (None, None) => break,
        };
        let next = match order {
            Ordering::Less => a.next(),
            Ordering::Greater => b.next(),
            Ordering::Equal => a.next().map(|mut x| {
                if let Some(y) = b.next() {
                    combine(&mut x, y);
                }
                x
            }),
        };
        out.extend(next);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn summary(index: u64, key: i64, value: i64) -> Summary {
        let mut s = Summary::new(&[]);
        s.rulesets = 1;
        s.matched = 1;
        s.add_to_group(Some(key));
        s.top.push(Record {
            value,
            index,
            ruleset: index.to_string(),
        });
        s.add_sequence(value as u64);
        s
    }

    #[test]
    fn merging_in_any_order_gives_the_same_summary() {
        let caps = Caps { top: 3, rows: 0 };
        let parts: Vec<Summary> = (0..8)
            .map(|i| summary(i, (i % 3) as i64, (i * 7 % 5) as i64))
            .collect();
        let mut forward = Summary::new(&[]);
        for p in parts.iter().cloned() {
            forward.merge(p, caps);
        }
        let mut backward = Summary::new(&[]);
        for p in parts.iter().rev().cloned() {
            backward.merge(p, caps);
        }
        assert_eq!(forward, backward);
        assert_eq!(forward.rulesets, 8);
        assert_eq!(forward.groups.iter().map(|g| g.1).sum::<u64>(), 8);
        assert_eq!(forward.top.len(), 3);
        assert_eq!(forward.sequences, (0..5).collect::<Vec<u64>>());
    }

    /// The two-finger merge against the plain way (a map summing equal keys, then a cut),
    /// on every pair of subsets of 0..6 with counts, for every cap up to past their length.
    #[test]
    fn merge_sorted_equals_summing_in_a_map_then_cutting() {
        let list = |mask: u32, count: u64| -> Vec<(u64, u64)> {
            (0..6)
                .filter(|k| mask >> k & 1 == 1)
                .map(|k| (k, count + k))
                .collect()
        };
        for a in 0..64 {
            for b in 0..64 {
                let mut expected = std::collections::BTreeMap::new();
                for (k, c) in list(a, 1).into_iter().chain(list(b, 10)) {
                    *expected.entry(k).or_insert(0) += c;
                }
                for cap in 0..8 {
                    let mut got = Vec::new();
                    merge_sorted(
                        &mut got,
                        list(a, 1),
                        list(b, 10),
                        cap,
                        |g| g.0,
                        |x, y| x.1 += y.1,
                    );
                    let want: Vec<(u64, u64)> = expected.clone().into_iter().take(cap).collect();
                    assert_eq!(got, want, "a = {a:b}, b = {b:b}, cap = {cap}");
                }
            }
        }
    }
}
