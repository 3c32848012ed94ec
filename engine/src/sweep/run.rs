//! A sweep: its spec, checked before it starts, and the walk over an index range in chunks.
//!
//! [`Sweep::new`] resolves every name of the spec (family, checks, metrics, the `--where`
//! expression, evaluated once on the first ruleset) so bad input fails before any work.
//! [`Sweep::run_range`] walks any index range and returns its [`Summary`]; callers cut the
//! family into chunks ([`Sweep::chunk`]) and hand them to threads, workers or cluster shards,
//! then merge the summaries (see [`super::aggregate`]). A ruleset whose computation fails is
//! counted and reported as such; a sweep never stops on one.

use super::aggregate::{Caps, Found, Record, Row, Summary, FIRST_K};
use super::expr::Predicate;
use super::family::{Family, Ruleset};
use super::metrics::{self, Measure, Measured};
use crate::checks::{self, Check, Verdict};
use crate::{Budget, EngineError};
use serde::{Deserialize, Serialize};
use std::ops::Range;

/// Rulesets in one chunk: the unit of threads, progress and resume.
pub const CHUNK: u64 = 1024;

/// The most rows a sweep may keep.
pub const MAX_ROWS: u64 = 1_000_000;

/// The most records `--top METRIC:K` may keep.
pub const MAX_TOP: u64 = 100_000;

/// `--top METRIC:K`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TopSpec {
    /// The ranked metric.
    pub metric: String,
    /// How many records.
    pub k: u64,
}

/// Everything that defines a sweep's result (and nothing that does not: no shard, no threads).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SweepSpec {
    /// The family walked.
    pub family: Family,
    /// The checks run on every matched ruleset.
    pub checks: Vec<String>,
    /// The `--where` predicate.
    #[serde(rename = "where")]
    pub filter: Option<String>,
    /// The `--group-by` metric.
    pub group_by: Option<String>,
    /// The `--top` records.
    pub top: Option<TopSpec>,
    /// How many rows (the smallest indices) to keep.
    pub rows: u64,
    /// How many heaps each period search may compute.
    pub search: u64,
}

/// A checked sweep, ready to walk any index range.
pub struct Sweep {
    spec: SweepSpec,
    names: Vec<String>,
    checks: Vec<&'static Check>,
    filter: Option<Predicate>,
    group: Option<usize>,
    top: Option<usize>,
    measure: Measure,
}

impl Sweep {
    /// Checks the spec against the engine's registry of checks.
    pub fn new(spec: SweepSpec) -> Result<Self, EngineError> {
        Self::with_checks(spec, checks::find)
    }

    /// Checks the spec, resolving check names with `find` (tests pass their own checks).
    pub fn with_checks(
        spec: SweepSpec,
        find: impl Fn(&str) -> Result<&'static Check, EngineError>,
    ) -> Result<Self, EngineError> {
        Self::with_parts(spec, find, metrics::measure_with)
    }

    /// [`Self::with_checks`], measuring each ruleset with `measure`: the web page passes
    /// [`metrics::measure_sets`], so only the set families' solvers reach its module.
    pub fn with_parts(
        spec: SweepSpec,
        find: impl Fn(&str) -> Result<&'static Check, EngineError>,
        measure: Measure,
    ) -> Result<Self, EngineError> {
        spec.family.validate()?;
        if let Some(top) = spec.top.as_ref().filter(|t| t.k == 0 || t.k > MAX_TOP) {
            return Err(EngineError::OutOfRange(format!(
                "--top keeps 1 to {MAX_TOP} records, not {}",
                top.k
            )));
        }
        if spec.rows > MAX_ROWS {
            return Err(EngineError::OutOfRange(format!(
                "a sweep keeps at most {MAX_ROWS} rows, not {}",
                spec.rows
            )));
        }
        if spec.search == 0 || spec.search > crate::subtraction::MAX_SEARCH {
            return Err(EngineError::OutOfRange(format!(
                "the period search must be between 1 and {} heaps",
                crate::subtraction::MAX_SEARCH
            )));
        }
        let kind = spec.family.kind();
        let names = metrics::names(&spec.family);
        let checks = spec
            .checks
            .iter()
            .map(|name| {
                let check = find(name)?;
                match check.applies_to.contains(&kind) {
                    true => Ok(check),
                    false => Err(EngineError::Parse(format!(
                        "the check `{name}` does not speak about this family ({kind:?}); it applies to {:?}",
                        check.applies_to
                    ))),
                }
            })
            .collect::<Result<Vec<_>, _>>()?;
        let column = |name: &Option<String>| {
            name.as_deref()
                .map(|n| metrics::column(&names, n))
                .transpose()
        };
        let group = column(&spec.group_by)?;
        let top = column(&spec.top.as_ref().map(|t| t.metric.clone()))?;
        let filter = spec
            .filter
            .as_deref()
            .map(|text| Predicate::parse(text, &names))
            .transpose()?;
        let names = names.into_iter().map(String::from).collect();
        let sweep = Sweep {
            spec,
            names,
            checks,
            filter,
            group,
            top,
            measure,
        };
        sweep.try_filter_on_first()?;
        Ok(sweep)
    }

    /// Evaluates `--where` on ruleset 0, so an expression of the wrong type fails up front.
    fn try_filter_on_first(&self) -> Result<(), EngineError> {
        let (Some(filter), Ok(first)) = (&self.filter, self.spec.family.get(0)) else {
            return Ok(());
        };
        let mut workspace = metrics::Workspace::new();
        let search = self.spec.search;
        let measured = (self.measure)(&mut workspace, &first, search, &mut Budget::unlimited())?;
        filter
            .eval(&self.metric_names(), &measured.values, &first.elements())
            .map(|_| ())
            .map_err(|e| {
                EngineError::Parse(format!("{e} (on the first ruleset, {})", first.to_text()))
            })
    }

    /// The spec.
    pub fn spec(&self) -> &SweepSpec {
        &self.spec
    }

    /// The metric names, the columns of a row.
    pub fn metric_names(&self) -> Vec<&str> {
        self.names.iter().map(String::as_str).collect()
    }

    /// The caps the sweep's summaries are cut to.
    pub fn caps(&self) -> Caps {
        Caps {
            top: self.spec.top.as_ref().map_or(0, |t| t.k as usize),
            rows: self.spec.rows as usize,
        }
    }

    /// An empty summary of this sweep.
    pub fn empty_summary(&self) -> Summary {
        Summary::new(&self.spec.checks)
    }

    /// How many chunks cover `range`.
    pub fn chunks(range: &Range<u64>) -> u64 {
        (range.end - range.start).div_ceil(CHUNK)
    }

    /// Chunk number `c` of `range`.
    pub fn chunk(range: &Range<u64>, c: u64) -> Range<u64> {
        let start = range.start + c * CHUNK;
        start..(start + CHUNK).min(range.end)
    }

    /// Walks `range` (indices of the family), ticking `budget` once per chunk; the solvers and
    /// checks inside a chunk poll it too (through [`Budget::nested`]), so a cancel stops even
    /// one slow ruleset midway with [`EngineError::Cancelled`].
    pub fn run_range(
        &self,
        range: Range<u64>,
        budget: &mut Budget<'_>,
    ) -> Result<Summary, EngineError> {
        let mut summary = self.empty_summary();
        let mut workspace = metrics::Workspace::new();
        let total = range.end - range.start;
        for c in 0..Self::chunks(&range) {
            // Each chunk into a summary of its own, merged exactly: the sorted lists it keeps
            // (sequence hashes, groups) stay chunk-sized while they are built.
            let mut part = self.empty_summary();
            budget.nested(c * CHUNK, total, |inner| {
                Self::chunk(&range, c)
                    .try_for_each(|index| self.visit(&mut workspace, index, &mut part, inner))
            })?;
            summary.merge(part, self.caps());
            budget.tick(((c + 1) * CHUNK).min(total), total)?;
        }
        Ok(summary)
    }

    /// Measures ruleset `index` (in `workspace`) and adds it to `summary`; only a cancel of
    /// `budget` is an error, any other failure is the ruleset's and is recorded.
    fn visit(
        &self,
        workspace: &mut metrics::Workspace,
        index: u64,
        summary: &mut Summary,
        budget: &mut Budget<'_>,
    ) -> Result<(), EngineError> {
        let ruleset = self.spec.family.get(index)?;
        summary.rulesets += 1;
        let measured = (self.measure)(workspace, &ruleset, self.spec.search, budget);
        let outcome = measured.and_then(|m| {
            let keep = match &self.filter {
                Some(f) => f.eval(&self.metric_names(), &m.values, &ruleset.elements())?,
                None => true,
            };
            Ok((m, keep))
        });
        match outcome {
            Err(EngineError::Cancelled) => return Err(EngineError::Cancelled),
            Err(error) => self.add_error(index, &ruleset, error, summary),
            Ok((_, false)) => {}
            Ok((measured, true)) => self.add_match(index, &ruleset, measured, summary, budget)?,
        }
        Ok(())
    }

    fn add_error(&self, index: u64, ruleset: &Ruleset, error: EngineError, summary: &mut Summary) {
        summary.errors += 1;
        let text = ruleset.to_text();
        if summary.first_errors.len() < FIRST_K {
            summary
                .first_errors
                .push(found(index, &text, error.to_string()));
        }
        if (summary.rows.len() as u64) < self.spec.rows {
            summary.rows.push(Row {
                index,
                ruleset: text,
                values: Vec::new(),
                error: Some(error.to_string()),
            });
        }
    }

    fn add_match(
        &self,
        index: u64,
        ruleset: &Ruleset,
        measured: Measured,
        summary: &mut Summary,
        budget: &mut Budget<'_>,
    ) -> Result<(), EngineError> {
        summary.matched += 1;
        // The text only for what keeps it (records, failures, rows): formatting every set
        // would cost more than measuring it.
        let text = || ruleset.to_text();
        if let Some(column) = self.group {
            summary.add_to_group(measured.values[column]);
        }
        if let (Some(column), Some(top)) = (self.top, &self.spec.top) {
            if let Some(value) = measured.values[column] {
                let record = Record {
                    value,
                    index,
                    ruleset: text(),
                };
                summary.add_records([record], top.k as usize);
            }
        }
        if let Some(hash) = measured.sequence {
            summary.add_sequence(hash);
        }
        let subject = ruleset.subject();
        for (check, tally) in self.checks.iter().zip(&mut summary.checks) {
            let verdict = match &subject {
                Some(subject) => (check.run)(subject, budget),
                None => Ok(Verdict::NotApplicable),
            };
            let failure = match verdict {
                Ok(Verdict::Holds) => {
                    tally.holds += 1;
                    None
                }
                Ok(Verdict::NotApplicable) => {
                    tally.not_applicable += 1;
                    None
                }
                Ok(Verdict::Fails { witness }) => {
                    tally.fails += 1;
                    Some(witness)
                }
                Err(EngineError::Cancelled) => return Err(EngineError::Cancelled),
                Err(error) => {
                    tally.errors += 1;
                    Some(format!("error: {error}"))
                }
            };
            if let Some(detail) = failure.filter(|_| tally.first_failures.len() < FIRST_K) {
                tally.first_failures.push(found(index, &text(), detail));
            }
        }
        if (summary.rows.len() as u64) < self.spec.rows {
            summary.rows.push(Row {
                index,
                ruleset: text(),
                values: measured.values,
                error: None,
            });
        }
        Ok(())
    }
}

fn found(index: u64, ruleset: &str, detail: String) -> Found {
    Found {
        index,
        ruleset: ruleset.to_string(),
        detail,
    }
}
