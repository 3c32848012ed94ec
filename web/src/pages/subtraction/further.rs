//! "Search further" (issue 16): when the page's own search finds no outcome period, the
//! constant-memory search ([`heaplab_engine::outcome_cycle`]) runs in a worker job with
//! progress and Cancel. The URL keeps `further=1`, so a pasted link runs it again.

use heaplab_engine::ruleset::NumberSet;
use yew::prelude::*;

use crate::format::{cycle_answer, grouped};
use crate::jobs::{use_job, JobState, JobStatus};
use crate::route::{navigate, SubtractionQuery};
use crate::worker::{CycleRequest, JobSpec};

/// Properties of [`SearchFurther`].
#[derive(Properties, PartialEq)]
pub struct SearchFurtherProps {
    /// The committed URL state (a finite set whose outcome period was not found).
    pub query: SubtractionQuery,
    /// The set.
    pub set: NumberSet,
    /// How many heaps the page's own search looked at.
    pub searched: u64,
}

/// The "search further" card: a button that puts `further=1` in the URL, then the search.
#[function_component(SearchFurther)]
pub fn search_further(props: &SearchFurtherProps) -> Html {
    let body = if props.query.further {
        html! { <Search set={props.set.clone()} /> }
    } else {
        let next = SubtractionQuery {
            further: true,
            ..props.query.clone()
        };
        let onclick = Callback::from(move |_: MouseEvent| navigate(&next.to_hash()));
        html! {
            <button type="button" id="further-button" {onclick}>{ "Search further" }</button>
        }
    };
    html! {
        <section class="card wide" id="further">
            <h2>{ "Outcome period: search further" }</h2>
            <p class="note">
                { format!("The page's search stopped at {} heaps. The constant-memory search keeps only the last max S outcomes, so it can look much further (up to {} heaps in a worker) and proves the least period and preperiod exactly when the window of max S outcomes returns.", grouped(props.searched), grouped(crate::worker::jobs::outcome_cycle::WORKER_CYCLE_CAP)) }
            </p>
            { body }
        </section>
    }
}

/// Properties of [`Search`].
#[derive(Properties, PartialEq)]
struct SearchProps {
    set: NumberSet,
}

/// The running search (progress, Cancel) and then its answer in `#further-result`.
#[function_component(Search)]
fn search(props: &SearchProps) -> Html {
    let job = use_job(JobSpec::OutcomeCycle(CycleRequest {
        moves: props.set.elements().to_vec(),
    }));
    let result = match &job.state {
        JobState::Done(shared) => shared.outcome_cycle().map(cycle_answer),
        _ => None,
    };
    html! {
        <>
            <JobStatus id="further-status" what="the outcome period" job={job} />
            if let Some(result) = result {
                <p id="further-result" role="status">{ result }</p>
            }
        </>
    }
}
