//! "Search further": when the page's own search finds no outcome period, the
//! constant-memory search ([`heaplab_engine::outcome_cycle`]) runs in a worker job with
//! progress and Cancel. The URL keeps `further=1`, so a pasted link runs it again.

use heaplab_engine::ruleset::NumberSet;
use heaplab_engine::Periodicity;
use yew::prelude::*;

use crate::components::job_status::job_status;
use crate::format::{cycle_answer, grouped};
use crate::jobs::use_job;
use crate::route::{navigate, SubtractionQuery};
use crate::worker::{CycleRequest, JobSpec};

/// The "search further" card for the committed URL state `query` (a finite `set` whose
/// outcome period the page's own search of `searched` heaps did not find): a button that puts
/// `further=1` in the URL, then the search. A plain function, not a component: it keeps no
/// state, and each component costs the shared module its own copy of Yew's machinery.
/// `found` hears the proven period, so the page's outcome card shows it too.
pub fn search_further(
    query: &SubtractionQuery,
    set: &NumberSet,
    searched: u64,
    found: Callback<Periodicity>,
) -> Html {
    let body = if query.further {
        html! { <Search set={set.clone()} {found} /> }
    } else {
        let next = SubtractionQuery {
            further: true,
            ..query.clone()
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
                { format!("The page's search stopped at {} heaps. The constant-memory search keeps only the last max S outcomes, so it can look much further (up to 10^12 heaps in a worker) and proves the least period and preperiod exactly when the window of max S outcomes returns.", grouped(searched)) }
            </p>
            { body }
        </section>
    }
}

/// Properties of [`Search`].
#[derive(Properties, PartialEq)]
struct SearchProps {
    set: NumberSet,
    found: Callback<Periodicity>,
}

/// The running search (progress, Cancel) and then its answer in `#further-result`.
#[function_component(Search)]
fn search(props: &SearchProps) -> Html {
    let job = use_job(JobSpec::OutcomeCycle(CycleRequest {
        moves: props.set.elements().to_vec(),
    }));
    let answer = match job.output() {
        Some(shared) => shared.outcome_cycle().map(|r| r.copied()),
        _ => None,
    };
    let proven = answer.and_then(Result::ok).filter(|p| p.period().is_some());
    {
        let found = props.found.clone();
        use_effect_with(proven, move |proven| {
            if let Some(p) = proven {
                found.emit(*p);
            }
        });
    }
    let result = answer.map(cycle_answer);
    html! {
        <>
            { job_status("further-status", "the outcome period", &job) }
            if let Some(result) = result {
                <p id="further-result" role="status">{ result }</p>
            }
        </>
    }
}
