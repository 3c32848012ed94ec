//! A slice of an explorer sweep (`#/explore`): the engine's [`Sweep`] over an index range, a
//! chunk ([`CHUNK`] rulesets) at a time, so a step stops within one chunk. Progress counts the
//! rulesets done; the result is the engine's [`Summary`] of the range, which the page merges
//! with the other slices' (the merge is exact, see `heaplab_engine::sweep::aggregate`).

use std::ops::Range;

use heaplab_engine::sweep::{wire, Summary, Sweep, CHUNK};
use heaplab_engine::Budget;

use crate::protocol::SweepRequest;
use crate::worker::{Job, JobOutput, JobSpec, Place, Progress, Unit};

/// What a finished job sends back ([`crate::worker::JobOutput::Sweep`]) (the summary as [`heaplab_engine::sweep::wire`] writes it).
pub type Output = String;

/// The job: the sweep, its range, the next chunk and the summary so far.
struct SweepJob {
    sweep: Sweep,
    range: Range<u64>,
    next: u64,
    summary: Summary,
}

/// The job that walks `range` of `request`'s sweep.
pub fn spec(request: &SweepRequest, range: (u64, u64)) -> JobSpec {
    JobSpec::Sweep {
        request: Box::new(request.clone()),
        start: range.0,
        end: range.1,
    }
}

/// Walks `start..end` of `request`'s sweep; refuses a bad request or a range past the family.
pub fn start(
    request: &SweepRequest,
    start: &u64,
    end: &u64,
    _place: Place,
) -> Result<Box<dyn Job>, String> {
    let (start, end) = (*start, *end);
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
