//! The rules page, `#/rules?preset=mark&n=200`: a ruleset of the ruleset language (the
//! engine's `rules` module, Rhai) typed in an editor or opened from the presets, its
//! parameters, and its results from one worker job: nim-values and outcomes of heaps `0..n`
//! with the period seen and the built-in game it equals, or the P-positions of a grid for a
//! pair ruleset. The URL holds the whole state (the text compressed, `crate::route::rules`).

mod editor;
mod explain;
mod exports;

pub use exports::{heap_csv, pair_csv, pdf_command};
mod heaps;
mod pairs;
mod play;

use std::rc::Rc;

use heaplab_engine::rules::{compile, presets, HeapReport, PairReport, ParamValue, Shape};
use yew::prelude::*;
use yew::props;

use crate::components::field::{
    edit_text, event_value, same_state, text_field, use_live_form, TextFieldProps,
};
use crate::components::job_status::job_status;
use crate::components::page::{empty_results, error_card, page_head};
use crate::jobs::use_job;
use crate::protocol::rules::Board;
use crate::route::navigate;
use crate::route::rules::{error_position, RulesParams, RulesQuery};
use crate::worker::jobs::rules::RulesResult;
use crate::worker::JobSpec;

use editor::{editor, Editor};

/// Properties of [`RulesPage`].
#[derive(Properties, PartialEq)]
pub struct RulesPageProps {
    /// The URL state.
    pub query: RulesQuery,
}

/// The `#/rules` page: the form card (presets, editor, parameters, heaps or grid), then the
/// job's results.
#[function_component(RulesPage)]
pub fn rules_page(props: &RulesPageProps) -> Html {
    let query = props.query.clone();
    let form = use_live_form(&query, RulesQuery::validate, RulesQuery::to_hash);
    // Run on the state already shown (say, after Cancel) computes it again.
    let attempt = use_state_eq(|| 0u32);
    let run = {
        let (form, query, attempt) = (form.clone(), query.clone(), attempt.clone());
        Callback::from(move |()| {
            if form.validate().is_ok() {
                if same_state(&*form, &query, RulesQuery::validate) {
                    attempt.set(*attempt + 1);
                } else {
                    navigate(&form.to_hash());
                }
            }
        })
    };
    let onsubmit = run.reform(|e: SubmitEvent| e.prevent_default());
    let problem = form.validate().err().and_then(|e| e.into_iter().next());
    let error_line = problem
        .as_deref()
        .and_then(error_position)
        .map(|(line, _)| line);
    let results = match query.validate() {
        Ok(params) => html! { <RulesJob key={attempt.to_string()} {params} query={query.clone()} /> },
        Err(e) if query.link.is_some() => error_card(&e.join(" ")),
        Err(_) => empty_results(
            "Nothing to compute yet: fix the ruleset or the numbers above and the results appear here.",
        ),
    };
    html! {
        <>{ page_head("Rule-defined games", "Write the options of a heap (fn options(n)) or of a pair of heaps (fn options(a, b), fn rays, fn steps) in a few lines of the ruleset language, or start from a preset. Periods here are observed, never proven: where the game equals a built-in one, its page has the proof.") }
            <form class="card rules-form" {onsubmit} novalidate=true aria-label="Ruleset">
                { preset_menu(&form) }
                { editor(Editor { text: form.text.clone(), error_line, on_input: edit_ruleset(&form), on_run: run }) }
                <p class="hint" id="rules-editor-hint">{ "Ctrl+Enter or Run computes; a valid edit also runs after a moment. The language is described in the guide (Rule-defined games)." }</p>
                <div class="rules-fields">{ parameter_fields(&form) }</div>
                <div class="field actions"><button type="submit" class="primary" id="rules-run">{ "Run" }</button></div>
                if let Some(e) = problem {
                    <p id="rules-error" class="form-error" role="alert">{ e }</p>
                }
            </form>
            { results }
        </>
    }
}

/// The presets menu (`#rules-preset`): choosing one opens it at once.
fn preset_menu(form: &UseStateHandle<RulesQuery>) -> Html {
    let current = presets::PRESETS.iter().find(|p| p.text == form.text);
    let onchange = {
        let form = form.clone();
        Callback::from(move |e: Event| {
            let Some(name) = event_value(&e) else {
                return;
            };
            if let Some(preset) = presets::preset(&name) {
                let next = RulesQuery {
                    text: preset.text.to_string(),
                    link: None,
                    params: Vec::new(),
                    heap: String::new(),
                    ..(*form).clone()
                };
                navigate(&next.to_hash());
            }
        })
    };
    let options = presets::PRESETS.iter().map(|p| {
        let selected = current.is_some_and(|c| c.name == p.name);
        html! { <option value={p.name} {selected}>{ p.name }</option> }
    });
    html! {
        <div class="field">
            <label for="rules-preset">{ "Preset" }</label>
            <select id="rules-preset" {onchange}>
                <option value="" selected={current.is_none()} disabled=true>{ "your ruleset" }</option>
                { for options }
            </select>
        </div>
    }
}

/// The editor's input: the new text, the link's error cleared, and the parameters the text no
/// longer declares dropped.
fn edit_ruleset(form: &UseStateHandle<RulesQuery>) -> Callback<String> {
    let form = form.clone();
    Callback::from(move |text: String| {
        let mut next = (*form).clone();
        if let Ok(script) = compile(&text, &[]) {
            let declared = &script.header.params;
            next.params
                .retain(|(name, _)| declared.iter().any(|(d, _)| d == name));
        }
        next.text = text;
        next.link = None;
        form.set(next);
    })
}

/// One field per declared parameter (`#rules-param-NAME`), then the heaps (`#rules-terms`) or
/// the grid (`#rules-size`) the ruleset's shape needs.
fn parameter_fields(form: &UseStateHandle<RulesQuery>) -> Html {
    let Ok(script) = compile(&form.text, &[]) else {
        return html! {};
    };
    let params = script.header.params.iter().map(|(name, default)| {
        let value = form
            .param(name)
            .map_or_else(|| default.text(), str::to_string);
        let oninput = {
            let (form, name) = (form.clone(), name.clone());
            Callback::from(move |text: String| {
                let mut next = (*form).clone();
                next.set_param(&name, text);
                form.set(next);
            })
        };
        let hint = match default {
            ParamValue::List(_) => "a list, [1, 2]",
            ParamValue::Text(_) => "text",
            _ => "a whole number",
        };
        text_field(&props!(TextFieldProps {
            id: format!("rules-param-{name}"),
            label: format!("Parameter {name}"),
            value,
            oninput,
            hint,
            narrow: true
        }))
    });
    let board = match script.shape {
        Shape::Heap | Shape::Vector(_) | Shape::Partizan | Shape::Comply => {
            text_field(&props!(TextFieldProps {
                id: "rules-terms",
                label: "Heaps",
                narrow: true,
                inputmode: "numeric",
                value: form.terms.clone(),
                oninput: edit_text(form, |q, t| q.terms = t),
                hint: "heaps 0 to n − 1"
            }))
        }
        Shape::Pair => text_field(&props!(TextFieldProps {
            id: "rules-size",
            label: "Grid W,H",
            narrow: true,
            value: form.size.clone(),
            oninput: edit_text(form, |q, t| q.size = t),
            hint: "100,100"
        })),
    };
    html! { <>{ for params }{ board }</> }
}

/// A finished job's report, shared with the views that keep it (downloads, the tree).
enum Solved {
    /// A one-heap ruleset's report.
    Heaps(Rc<HeapReport>),
    /// A pair ruleset's report.
    Pairs(Rc<PairReport>),
}

/// Properties of [`RulesJob`].
#[derive(Properties, PartialEq)]
pub struct RulesJobProps {
    /// The valid URL state.
    pub params: RulesParams,
    /// The URL state as typed (the "why" heap lives there).
    pub query: RulesQuery,
}

/// Solves the ruleset in the Web Worker (the shared progress line and Cancel), then shows the
/// results of its shape.
#[function_component(RulesJob)]
pub fn rules_job(props: &RulesJobProps) -> Html {
    let params = &props.params;
    let job = use_job(JobSpec::Rules(params.request.clone()));
    let name = if params.name.is_empty() {
        "the ruleset"
    } else {
        &params.name
    };
    let what = match params.request.board {
        Board::Heaps(n) => format!("{name} on heaps 0 to {}", n - 1),
        Board::Grid(w, h) => format!("{name} on the {w} × {h} grid"),
    };
    let solved = use_memo(job.output().cloned(), |done| {
        match done.as_ref()?.rules()? {
            Ok(RulesResult::Heaps(report)) => Some(Ok(Solved::Heaps(Rc::new(report.clone())))),
            Ok(RulesResult::Pairs(report)) => Some(Ok(Solved::Pairs(Rc::new(report.clone())))),
            Err(message) => Some(Err(message.to_string())),
        }
    });
    let body = match &*solved {
        Some(Ok(Solved::Heaps(report))) => heaps::heap_results(report, params, &props.query),
        Some(Ok(Solved::Pairs(report))) => pairs::pair_results(report, params),
        Some(Err(message)) => error_card(message),
        None => html! {},
    };
    html! { <>{ job_status("rules-job", &what, &job) }{ body }</> }
}
