//! Truncated support: [`cs::truncated_sequence`] and [`cs::check_duality`] for `m`; one engine
//! call, so the client terminates the worker to cancel it.

use heaplab_engine::cumulative_subtraction::{self as cs, DualityCheck};

use super::Whole;
use crate::worker::{Job, JobOutput, Place};

/// What a finished job sends back ([`crate::worker::JobOutput::Truncated`]).
pub type Output = Box<Truncated>;

/// `tr^m` and the Conjecture 16 check (for `m >= 3`).
pub type Truncated = (Vec<u64>, Option<DualityCheck>);

/// `tr^m` as a job.
pub fn start(m: &u32, _place: Place) -> Result<Box<dyn Job>, String> {
    let m = *m;
    Ok(Whole::job(move |_| {
        cs::truncated_sequence(m)
            .and_then(|tr| {
                let check = (m >= 3).then(|| cs::check_duality(m)).transpose()?;
                Ok(JobOutput::Truncated(Box::new((tr, check))))
            })
            .map_err(|e| e.to_string())
    }))
}
