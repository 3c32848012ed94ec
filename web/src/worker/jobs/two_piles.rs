//! A two-pile cumulative subtraction grid ([`cs::two_piles`]): one engine call, so the client
//! terminates the worker to cancel it.

use heaplab_engine::cumulative_subtraction as cs;
use heaplab_engine::ruleset::NumberSet;

use super::Whole;
use crate::worker::{Job, JobOutput, Place};

/// What a finished job sends back ([`crate::worker::JobOutput::TwoPiles`]).
pub type Output = Box<cs::TwoPileReport>;

/// The grid of the action set `moves` in a `width` × `height` window, as a job.
pub fn start(
    moves: &[u32],
    width: &u32,
    height: &u32,
    _place: Place,
) -> Result<Box<dyn Job>, String> {
    let (moves, width, height) = (moves.to_vec(), *width, *height);
    Ok(Whole::job(move |_| {
        NumberSet::from_elements(moves)
            .and_then(|set| cs::two_piles(&set, width, height))
            .map(|report| JobOutput::TwoPiles(Box::new(report)))
            .map_err(|e| e.to_string())
    }))
}
