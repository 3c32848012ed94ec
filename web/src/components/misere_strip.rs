//! The misère card of the subtraction and octal pages (`misere=1` in their URLs): a checkbox
//! that turns it on and off, and the misère outcome strip of single heaps beside the page's
//! normal-play strip, from a worker job ([`crate::worker::jobs::misere_outcomes`]).

use std::rc::Rc;

use heaplab_engine::misere::report::outcome_letter;
use heaplab_engine::misere::single::observed_period;
use heaplab_figures::views::heaps::{misere_game, misere_link, SequenceKind};
use yew::prelude::*;

use super::outcome_strip::{outcome_strip, OutcomeStrip};
use super::sequence_export::{sequence_export, SequenceExport};
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

/// "Export figure…" of the misère strip: the figure layer's outcome strip, titled and linked
/// as `heaplab misere … --figure` writes it.
fn strip_export(result: &MisereOutcomes, request: &MisereRequest, caption: &str) -> Html {
    let (key, text) = (request.key.as_str(), request.text.as_str());
    let option = match key {
        "S" => format!("--subtraction {text}"),
        "E" => format!("--all-but {text}"),
        _ => text.to_string(),
    };
    sequence_export(SequenceExport {
        id: "misere-figure",
        stem: format!("heaplab-misere-{}", text.replace([',', ' '], "-")),
        link: misere_link(key, text),
        pdf_command: format!(
            "heaplab misere {option} --max-heap {} --figure misere.pdf",
            request.max_heap
        ),
        kind: SequenceKind::Outcomes,
        game: misere_game(key, text),
        values: None,
        outcomes: Rc::new(result.outcomes.iter().map(|&o| outcome_letter(o)).collect()),
        caption: caption.to_string(),
    })
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
    let export = strip_export(result, request, &period);
    html! {
        <>
            <p class="note" id="misere-note">{ format!("Heaps 0…{} under misère play, by exhaustive search. ", shown.saturating_sub(1)) }{ period }</p>
            if let Some(stop) = &result.stopped {
                <p class="note" id="misere-stopped">{ format!("The search stopped after heap {}: {stop}.", shown.saturating_sub(1)) }</p>
            }
            { outcome_strip(OutcomeStrip {
                id: "misere-strip",
                outcomes: &result.outcomes,
                export,
                label: format!("Misère outcomes of heaps 0 to {}", shown.saturating_sub(1)),
                key_label: "Colour key of the misère strip",
            }) }
        </>
    }
}
