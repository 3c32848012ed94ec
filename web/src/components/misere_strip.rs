//! The misère card of the subtraction and octal pages (`misere=1` in their URLs): a checkbox
//! that turns it on and off, and the misère outcome strip of single heaps beside the page's
//! normal-play strip, from a worker job ([`crate::worker::jobs::misere_outcomes`]).

use heaplab_engine::misere::single::observed_period;
use yew::prelude::*;

use super::outcome_strip::{outcome_strip, OutcomeStrip};
use crate::components::job_status::job_status;
use crate::jobs::use_job;
use crate::route::misere::MisereRequest;
use crate::route::navigate;
use crate::worker::jobs::misere_outcomes::MisereOutcomes;
use crate::worker::JobSpec;

/// The most heaps the misère strip searches (sums of split heaps grow quickly).
pub const MAX_MISERE_HEAPS: u64 = 500;

/// The card: the checkbox (it navigates to `toggle`, the page's URL with `misere` flipped)
/// and, when `request` is given, the strip.
pub fn misere_card(request: Option<MisereRequest>, toggle: String) -> Html {
    let shown = request.is_some();
    let onchange = Callback::from(move |_: Event| navigate(&toggle));
    html! {
        <section class="card wide" aria-labelledby="misere-title">
            <h2 id="misere-title">{ "Misère play" }</h2>
            <label class="check">
                <input type="checkbox" id="misere-toggle" checked={shown} {onchange} />
                { "Show each heap's misère outcome (whoever makes the last move loses)" }
            </label>
            if let Some(request) = request {
                <MisereStrip {request} />
            }
        </section>
    }
}

/// Properties of [`MisereStrip`].
#[derive(Properties, PartialEq)]
pub struct MisereStripProps {
    /// The game and the last heap.
    pub request: MisereRequest,
}

/// Runs the search and draws its strip.
#[function_component(MisereStrip)]
pub fn misere_strip(props: &MisereStripProps) -> Html {
    let job = use_job(JobSpec::MisereOutcomes(props.request.clone()));
    let body = match job.output() {
        Some(shared) => match shared.misere_outcomes() {
            Some(Ok(result)) => strip(result, &props.request),
            Some(Err(e)) => html! { <p class="error" role="alert">{ e.to_string() }</p> },
            None => html! {},
        },
        _ => html! {},
    };
    let what = format!("misère outcomes of heaps 0..{}", props.request.max_heap);
    html! { <>{ job_status("misere-job", &what, &job) }{ body }</> }
}

/// The strip (P black, N coloured), its key, the observed period and any early stop.
fn strip(result: &MisereOutcomes, request: &MisereRequest) -> Html {
    let shown = result.outcomes.len();
    let period = match observed_period(&result.outcomes) {
        Some(p) => format!(
            "Period {} from heap {}, observed over heaps 0..{} (not proven).",
            p.period, p.preperiod, p.heaps_checked
        ),
        None => "No period seen twice in these heaps.".into(),
    };
    html! {
        <>
            <p class="note" id="misere-note">{ format!("Heaps 0…{} under misère play, by exhaustive search. ", shown.saturating_sub(1)) }{ period }</p>
            if let Some(stop) = &result.stopped {
                <p class="note" id="misere-stopped">{ format!("The search stopped after heap {}: {stop}.", shown.saturating_sub(1)) }</p>
            }
            { outcome_strip(OutcomeStrip {
                id: "misere-strip",
                outcomes: &result.outcomes,
                file_stem: format!("heaplab-misere-{}", request.text.replace([',', ' '], "-")),
                label: format!("Misère outcomes of heaps 0 to {}", shown.saturating_sub(1)),
                key_label: "Colour key of the misère strip",
            }) }
        </>
    }
}
