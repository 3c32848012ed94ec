//! A slice of an explorer sweep (`#/explore`): the engine's [`Sweep`] over an index range, a
//! chunk ([`CHUNK`] rulesets) at a time, so a step stops within one chunk. Progress counts the
//! rulesets done; the result is the engine's [`Summary`] of the range, which the page merges
//! with the other slices' (the merge is exact, see `heaplab_engine::sweep::aggregate`).

use std::ops::Range;

use heaplab_engine::subtraction::DEFAULT_SEARCH;
use heaplab_engine::sweep::{
    metrics, wire, Family, FamilyOptions, Summary, Sweep, SweepSpec, TopSpec, CHUNK,
};
use heaplab_engine::{checks, Budget, EngineError};

use crate::route::explore::ExploreQuery;
use crate::worker::{Job, JobOutput, JobSpec, Progress, Unit};

/// The sweep as the page states it (names as the CLI's `heaplab sweep` takes them), and the
/// index range of this slice. A worker is sent the URL query it was read from and the range
/// ([`SweepRequest::job`]): strings and numbers, so the protocol needs no serde type for it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SweepRequest {
    /// The `#/explore?…` query this request was read from.
    pub query: String,
    /// `subtraction` or `all-but`.
    pub family: String,
    /// The bound m.
    pub m: u32,
    /// Only sets of this size, when given.
    pub size: Option<u32>,
    /// Only sets whose largest element is exactly m.
    pub exact_max: bool,
    /// Check names.
    pub checks: Vec<String>,
    /// The group-by metric.
    pub group_by: Option<String>,
    /// The top metric and K.
    pub top: Option<(String, u64)>,
    /// The slice of the family's indices this job walks.
    pub range: (u64, u64),
}

impl SweepRequest {
    /// The job that walks `range` of this sweep.
    pub fn job(&self, range: (u64, u64)) -> JobSpec {
        JobSpec::Sweep {
            query: self.query.clone(),
            start: range.0,
            end: range.1,
        }
    }

    /// The family.
    pub fn family(&self) -> Result<Family, EngineError> {
        set_family(&self.family, self.m, self.size, self.exact_max)
    }

    /// The engine's spec of the whole sweep (the range is not part of it).
    pub fn spec(&self) -> Result<SweepSpec, EngineError> {
        Ok(SweepSpec {
            family: self.family()?,
            checks: self.checks.clone(),
            filter: None,
            group_by: self.group_by.clone(),
            top: self.top.clone().map(|(metric, k)| TopSpec { metric, k }),
            rows: 0,
            search: DEFAULT_SEARCH,
        })
    }

    /// The checked sweep. Check names are looked up among the set families' checks only
    /// ([`checks::find_for_sets`]) and rulesets measured by [`metrics::measure_sets`], so the
    /// other families' checks and metrics stay out of the wasm module.
    pub fn sweep(&self) -> Result<Sweep, EngineError> {
        Sweep::with_parts(self.spec()?, checks::find_for_sets, metrics::measure_sets)
    }
}

/// The families of sets `S ⊆ {1..m}` the page sweeps: subtraction, all-but and cumulative
/// subtraction (the CLI sweeps the others: octal and hexadecimal codes, move windows, scoring
/// octal games).
pub const SET_FAMILIES: [&str; 3] = ["subtraction", "all-but", "cumulative-subtraction"];

/// The set family `name` (one of [`SET_FAMILIES`]) over subsets of `{1..m}`, of size `size`
/// when given, with largest element exactly `m` when `exact_max`.
pub fn set_family(
    name: &str,
    m: u32,
    size: Option<u32>,
    exact_max: bool,
) -> Result<Family, EngineError> {
    if !SET_FAMILIES.contains(&name) {
        return Err(EngineError::Parse(format!(
            "unknown family `{name}` for this page: use {} (`heaplab sweep` sweeps every family)",
            SET_FAMILIES.join(", ")
        )));
    }
    let options = FamilyOptions {
        bound: Some(m),
        size,
        exact_max,
        ..FamilyOptions::default()
    };
    Family::parse(name, &options)
}

/// The job: the sweep, its range, the next chunk and the summary so far.
struct SweepJob {
    sweep: Sweep,
    range: Range<u64>,
    next: u64,
    summary: Summary,
}

/// Walks `start..end` of the sweep the `#/explore` query `query` states; refuses a bad
/// query or a range past the family.
pub fn start(query: &str, start: u64, end: u64) -> Result<Box<dyn Job>, String> {
    let request = ExploreQuery::from_query(query)
        .validate()
        .map_err(|e| e.join("; "))?
        .request;
    let sweep = request.sweep().map_err(|e| e.to_string())?;
    if start > end || end > sweep.spec().family.len() {
        return Err(format!(
            "the range {start}..{end} is not inside the family's {} rulesets",
            sweep.spec().family.len()
        ));
    }
    let summary = sweep.empty_summary();
    Ok(Box::new(SweepJob {
        sweep,
        range: start..end,
        next: 0,
        summary,
    }))
}

impl SweepJob {
    fn chunks(&self) -> u64 {
        Sweep::chunks(&self.range)
    }
}

impl Job for SweepJob {
    fn step(&mut self, millis: f64, report: &mut dyn FnMut(Progress)) -> Result<bool, String> {
        let started = js_sys::Date::now();
        while self.next < self.chunks() {
            let chunk = Sweep::chunk(&self.range, self.next);
            let part = self
                .sweep
                .run_range(chunk, &mut Budget::unlimited())
                .map_err(|e| e.to_string())?;
            self.summary.merge(part, self.sweep.caps());
            self.next += 1;
            if js_sys::Date::now() - started >= millis {
                break;
            }
        }
        if let Some(p) = self.progress() {
            report(p);
        }
        Ok(self.next >= self.chunks())
    }

    fn progress(&self) -> Option<Progress> {
        let total = self.range.end - self.range.start;
        Some(Progress::new(
            (self.next * CHUNK).min(total),
            total,
            Unit::Rulesets,
        ))
    }

    fn output(self: Box<Self>) -> Result<JobOutput, String> {
        Ok(JobOutput::Sweep(wire::encode(&self.summary)))
    }
}
