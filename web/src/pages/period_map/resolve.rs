//! Resolving a red pixel (issue 16): a click on an unresolved ruleset runs the constant-memory
//! outcome-period search ([`heaplab_engine::outcome_cycle`]) as a worker job, with progress
//! and Cancel; when it proves the period the map's pixel is repainted and counted anew
//! ([`MapRunner::resolve`]).

use heaplab_engine::period_map::{cell_with, Family};
use yew::prelude::*;

use super::set_text;
use crate::format::{cycle_answer, grouped};
use crate::jobs::{job_status, JobHandle, JobRunner, JobState};
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
    let target = use_state_eq(|| None::<Target>);
    let state = use_state_eq(|| JobState::Idle);
    let runner = {
        let setter = state.setter();
        use_memo((), move |_| {
            JobRunner::new(Callback::from(move |s| setter.set(s)))
        })
    };
    {
        let runner = runner.clone();
        use_effect_with((), move |_| move || runner.shut_down());
    }
    // A proven period replaces the red pixel.
    {
        let map = map.clone();
        use_effect_with(((*state).clone(), *target), move |(state, target)| {
            if let (JobState::Done(shared), Some((family, x, y))) = (state, target) {
                if let Some(Ok(period)) = shared.outcome_cycle() {
                    map.resolve(*family, cell_with(*family, *x, *y, period));
                }
            }
        });
    }
    let spec = |(family, x, y): Target| {
        family
            .moves(x, y)
            .map(|moves| JobSpec::OutcomeCycle(CycleRequest { moves }))
    };
    let start = {
        let (runner, target) = (runner.clone(), target.clone());
        Callback::from(move |t: Target| {
            if let Some(spec) = spec(t) {
                target.set(Some(t));
                runner.start(spec);
            }
        })
    };
    let panel = match *target {
        Some(t) => {
            let retry = {
                let runner = runner.clone();
                Callback::from(move |()| {
                    if let Some(spec) = spec(t) {
                        runner.start(spec);
                    }
                })
            };
            let job = JobHandle {
                state: (*state).clone(),
                cancel: Callback::from(move |()| runner.cancel()),
                retry,
            };
            panel(t, job)
        }
        None => html! {},
    };
    Resolver { start, panel }
}

/// The panel for the search of `target`.
fn panel((family, x, y): Target, job: JobHandle) -> Html {
    let moves = family.moves(x, y).unwrap_or_default();
    let set = set_text(&moves);
    let result = match &job.state {
        JobState::Done(shared) => shared
            .outcome_cycle()
            .map(|answer| format!("{set}: {}", cycle_answer(answer))),
        _ => None,
    };
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
