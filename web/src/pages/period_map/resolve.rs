//! Resolving a red pixel: a click on an unresolved ruleset runs the constant-memory
//! outcome-period search ([`heaplab_engine::outcome_cycle`]) as a worker job, with progress
//! and Cancel; when it proves the period the map's pixel is repainted and counted anew
//! ([`MapRunner::resolve`]).

use heaplab_engine::period_map::{cell_with, Family};
use yew::prelude::*;

use super::set_text;
use crate::components::job_status::job_status;
use crate::format::{cycle_answer, grouped};
use crate::jobs::{use_job_when, JobHandle};
use crate::route::format_query;
use crate::tiles::runner::{MapRunner, MAX_HEAPS};
use crate::worker::{CycleRequest, JobSpec};

/// A ruleset of a map: the family and the pixel `(x, y)`.
pub type Target = (Family, u32, u32);

/// What [`use_resolver`] gives the page: the action a click on a red pixel calls, and the
/// panel that shows the search.
pub struct Resolver {
    /// Starts resolving a pixel (cancelling the previous search).
    pub start: Callback<Target>,
    /// The search's progress line and result (empty before the first click).
    pub panel: Html,
}

/// One search at a time for the map `map`; its answer goes into the map when found.
#[hook]
pub fn use_resolver(map: &MapRunner) -> Resolver {
    // The pixel and the click that asked (a second click on it searches again).
    let target = use_state_eq(|| None::<(Target, u32)>);
    let spec = target.and_then(|((family, x, y), _)| {
        let moves = family.moves(x, y)?;
        Some(JobSpec::OutcomeCycle(CycleRequest { moves }))
    });
    let job = use_job_when(spec, target.map_or(0, |(_, click)| click));
    // A proven period replaces the red pixel.
    {
        let map = map.clone();
        let found = job.output().cloned();
        use_effect_with((found, *target), move |(found, target)| {
            if let (Some(shared), Some(((family, x, y), _))) = (found, target) {
                if let Some(Ok(period)) = shared.outcome_cycle() {
                    map.resolve(*family, cell_with(*family, *x, *y, *period));
                }
            }
        });
    }
    let start = {
        let target = target.clone();
        Callback::from(move |t: Target| {
            let click = target.map_or(0, |(_, c)| c + 1);
            target.set(Some((t, click)));
        })
    };
    let panel = match *target {
        Some((t, _)) => panel(t, job),
        None => html! {},
    };
    Resolver { start, panel }
}

/// The panel for the search of `target`.
fn panel((family, x, y): Target, job: JobHandle) -> Html {
    let moves = family.moves(x, y).unwrap_or_default();
    let set = set_text(&moves);
    let result = job
        .output()
        .and_then(|shared| shared.outcome_cycle().map(|r| r.copied()))
        .map(|answer| format!("{set}: {}", cycle_answer(answer)));
    let inner: Vec<String> = moves.iter().map(u32::to_string).collect();
    let link = format!(
        "#/subtraction?{}",
        format_query(&[("S", &inner.join(",")), ("n", "200"), ("further", "1")])
    );
    html! {
        <div class="map-resolve" id="map-resolve">
            <p class="note">
                { format!("{set} was unresolved within {} heaps: searching with the constant-memory solver. ", grouped(MAX_HEAPS)) }
                <a href={link} id="map-resolve-open">{ "Open it on the subtraction page" }</a>
            </p>
            { job_status("resolve-status", &format!("the period of {set}"), &job) }
            if let Some(result) = result {
                <p id="resolve-result" role="status">{ result }</p>
            }
        </div>
    }
}
