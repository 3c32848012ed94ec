//! The "why" panel: for one heap, its options with their nim-values, the mex, and a sentence
//! saying why the heap is a P- or an N-position. Values and winning moves come from the engine.

use std::collections::BTreeSet;
use std::rc::Rc;

use heaplab_engine::ruleset::parse_count;
use heaplab_engine::subtraction;
use web_sys::HtmlInputElement;
use yew::prelude::*;

use super::SolutionRef;
use crate::route::SetKind;

/// At most this many options are listed (all-but heaps have almost every move).
const LISTED: usize = 24;

/// What [`why`] shows.
pub struct WhyProps {
    /// The solved game.
    pub solution: Rc<SolutionRef>,
    /// The heap as typed in `#why-heap`.
    pub heap_text: String,
    /// Called with the new text when the visitor edits the heap.
    pub on_input: Callback<String>,
}

/// One option of a heap: move `s` to heap `target`, whose nim-value is `value`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Option_ {
    s: u64,
    target: u64,
    value: u64,
}

/// The options of `heap`, with their values (the legal moves come from the engine for finite
/// sets; for all-but they are `1..=heap` minus `E`).
fn options_of(sol: &SolutionRef, heap: u64) -> Vec<Option_> {
    let value = |t: u64| sol.values.get(t as usize).copied().unwrap_or(0);
    match sol.params.kind {
        SetKind::Finite => subtraction::options(&sol.params.set, heap)
            .into_iter()
            .map(|(s, target)| Option_ {
                s: u64::from(s),
                target,
                value: value(target),
            })
            .collect(),
        SetKind::AllBut => (1..=heap)
            .filter(|&m| u32::try_from(m).map_or(true, |m| !sol.params.set.contains(m)))
            .map(|s| Option_ {
                s,
                target: heap - s,
                value: value(heap - s),
            })
            .collect(),
    }
}

/// The winning move from `heap` (to a P-position), if there is one.
fn winning_move(sol: &SolutionRef, heap: u64, options: &[Option_]) -> Option<u64> {
    match &sol.finite {
        Some(report) => {
            subtraction::winning_move(&sol.params.set, &report.values, heap).map(u64::from)
        }
        None => options.iter().find(|o| o.value == 0).map(|o| o.s),
    }
}

/// The explanation panel (`#why-panel`).
pub fn why(props: &WhyProps) -> Html {
    let sol = &props.solution;
    let n = sol.params.terms;
    let oninput = {
        let on_input = props.on_input.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(input) = e.target_dyn_into::<HtmlInputElement>() {
                on_input.emit(input.value());
            }
        })
    };
    let body = match parse_count(&props.heap_text, "the heap", 0, n - 1) {
        Err(e) => html! {
            <p id="why-error" class="form-error" role="alert">
                { format!("{e} (the page has values for heaps 0 to {}; raise n to look further).", n - 1) }
            </p>
        },
        Ok(heap) => explain(sol, heap),
    };
    html! {
        <section class="card" id="why-panel" aria-labelledby="why-title">
            <h2 id="why-title">{ "Why?" }</h2>
            <div class="field narrow">
                <label for="why-heap">{ "Heap x" }</label>
                <input id="why-heap" type="number" min="0" max={(n - 1).to_string()} step="1"
                    value={props.heap_text.clone()} {oninput} />
            </div>
            { body }
        </section>
    }
}

fn explain(sol: &SolutionRef, heap: u64) -> Html {
    let options = options_of(sol, heap);
    let value = sol.values.get(heap as usize).copied().unwrap_or(0);
    let distinct: BTreeSet<u64> = options.iter().map(|o| o.value).collect();
    let mut shown: Vec<String> = distinct.iter().take(LISTED).map(u64::to_string).collect();
    if distinct.len() > LISTED {
        shown.push("…".into());
    }
    let verdict = if options.is_empty() {
        format!("Heap {heap} is a P-position: no move is legal from it, so the player to move loses at once.")
    } else if value == 0 {
        format!("Heap {heap} is a P-position: every option is an N-position (its nim-value is not 0), so whatever the player to move does, the opponent gets a winning position.")
    } else {
        match winning_move(sol, heap, &options) {
            Some(s) => format!(
                "Heap {heap} is an N-position: the move {s} reaches the P-position {}, from which the opponent has no good move.",
                heap - s
            ),
            None => format!("Heap {heap} is an N-position."),
        }
    };
    let rest = options.len().saturating_sub(LISTED);
    html! {
        <>
            <p id="why-verdict" class={classes!("verdict", if value == 0 { "is-p" } else { "is-n" })}>{ verdict }</p>
            <p id="why-mex">
                { format!("G({heap}) = mex{{{}}} = {value}", shown.join(", ")) }
                { if options.is_empty() { " (the mex of the empty set is 0)" } else { "" } }
            </p>
            if !options.is_empty() {
                <table class="options">
                    <caption>{ format!("The {} option{} of heap {heap}", options.len(), if options.len() == 1 { "" } else { "s" }) }</caption>
                    <thead><tr><th scope="col">{ "Move s" }</th><th scope="col">{ "Option x − s" }</th><th scope="col">{ "Nim-value" }</th></tr></thead>
                    <tbody>
                        { for options.iter().take(LISTED).map(|o| html! {
                            <tr class={classes!((o.value == 0).then_some("p-row"))}>
                                <td>{ o.s }</td><td>{ o.target }</td>
                                <td>{ if o.value == 0 { "0 (P)".to_string() } else { o.value.to_string() } }</td>
                            </tr>
                        }) }
                        if rest > 0 {
                            <tr><td colspan="3" class="note">{ format!("… and {rest} more options") }</td></tr>
                        }
                    </tbody>
                </table>
            }
        </>
    }
}
