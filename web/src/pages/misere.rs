//! The misère quotient page, `#/misere?code=.77&n=30&sum=3,5,7` (URL keys in
//! [`crate::route::misere`]; the theory is Plambeck and Siegel's misère quotients, as the
//! `heaplab misere` command computes them).
//!
//! The worker job ([`crate::worker::jobs::misere`]) proves the quotient of heaps `0..=n`; the
//! page shows its presentation and P-portion, its multiplication table as a picture
//! ([`table`]), each heap's element, outcome and genus, and the sum box ([`play`]): a sum's
//! outcome and winning moves, read from the quotient, and a game against the engine.

pub mod heaps;
pub mod play;
pub mod table;

use std::rc::Rc;

use yew::prelude::*;
use yew::props;

use crate::components::field::{
    edit_form, field_errors, submit_when_valid, text_field, use_live_form, TextFieldProps,
};
use crate::components::job_status::job_status;
use crate::components::page::{empty_results, page_head};
use crate::jobs::use_job;
use crate::route::misere::{MisereParams, MisereQuery};
use crate::route::registry::{plain_errors, FieldError};
use crate::worker::jobs::misere::MisereResult;
use crate::worker::JobSpec;

/// The game kinds of the form: URL key and label.
const KINDS: [(&str, &str); 3] = [
    ("code", "Octal or hexadecimal code"),
    ("S", "Subtraction set S"),
    ("E", "All-but: ℕ without E"),
];

/// Properties of [`MiserePage`].
#[derive(Properties, PartialEq)]
pub struct MiserePageProps {
    /// The state in the URL.
    pub query: MisereQuery,
}

/// The `#/misere` page: the form, then the worker's quotient.
#[function_component(MiserePage)]
pub fn misere_page(props: &MiserePageProps) -> Html {
    let form = use_live_form(&props.query, MisereQuery::validate, MisereQuery::to_hash);
    let errors: Vec<FieldError> = form.validate().err().map(plain_errors).unwrap_or_default();
    let (kind, text) = form.game();
    let on_kind = edit_form::<_, Event>(&form, |q: &mut MisereQuery, key| {
        let (_, text) = q.game();
        let text = text.to_string();
        q.code.clear();
        q.subtraction.clear();
        q.all_but.clear();
        *game_field(q, &key) = text;
        q.sum.clear();
        q.reply.clear();
    });
    let edit = |f: fn(&mut MisereQuery, String)| {
        let form = form.clone();
        Callback::from(move |value: String| {
            let mut next = (*form).clone();
            f(&mut next, value);
            form.set(next);
        })
    };
    let on_text = edit(|q, v| {
        let (key, _) = q.game();
        *game_field(q, key) = v;
        q.reply.clear();
    });
    let onsubmit = submit_when_valid(&form, MisereQuery::validate, MisereQuery::to_hash);
    let form_html = html! {
        <form class="card ruleset-form" {onsubmit} novalidate=true aria-label="Misère game">
            <div class="field">
                <label for="mq-kind">{ "Game" }</label>
                <select id="mq-kind" onchange={on_kind}>
                    { for KINDS.iter().map(|(key, label)| html! {
                        <option value={*key} selected={kind == *key}>{ *label }</option>
                    }) }
                </select>
            </div>
            { text_field(&props!(TextFieldProps { id: "mq-game", label: "Rules", value: text.to_string(), oninput: on_text, hint: ".77" })) }
            { text_field(&props!(TextFieldProps { id: "mq-n", label: "Heaps up to n", narrow: true, inputmode: "numeric", value: form.max_heap.clone(), oninput: edit(|q, v| q.max_heap = v) })) }
            { text_field(&props!(TextFieldProps { id: "mq-sum", label: "A sum of heaps (optional)", value: form.sum.clone(), oninput: edit(|q, v| { q.sum = v; q.reply.clear(); }), hint: "3,5,7" })) }
            <div class="field actions"><button type="submit" class="primary" id="mq-show">{ "Show" }</button></div>
            { field_errors("mq-error", &errors, true) }
        </form>
    };
    let results = match props.query.validate() {
        Ok(params) => html! { <MisereJob {params} query={props.query.clone()} /> },
        Err(_) => {
            empty_results("Nothing to show yet: fix the input above and the results appear here.")
        }
    };
    html! {
        <>{ page_head("Misère quotients", "Misère play: whoever makes the last move loses. For octal, hexadecimal, subtraction and all-but games, the misère quotient of heaps 0..n (Plambeck and Siegel), proven by its construction: its presentation, multiplication table and P-portion, each heap's element, misère outcome and genus, and any sum's outcome and winning moves, which you can play against the engine.") }
            { form_html }
            { results }
        </>
    }
}

/// The query's text field of the game key `key` (`code`, `S` or `E`).
fn game_field<'a>(q: &'a mut MisereQuery, key: &str) -> &'a mut String {
    match key {
        "S" => &mut q.subtraction,
        "E" => &mut q.all_but,
        _ => &mut q.code,
    }
}

/// Properties of [`MisereJob`].
#[derive(Properties, PartialEq)]
pub struct MisereJobProps {
    /// The valid state.
    pub params: MisereParams,
    /// The URL state (the sum box's links change it).
    pub query: MisereQuery,
}

/// Runs the quotient in the Web Worker (progress, Cancel) and shows it.
#[function_component(MisereJob)]
pub fn misere_job(props: &MisereJobProps) -> Html {
    let job = use_job(JobSpec::Misere(props.params.request.clone()));
    let body = match job.output() {
        Some(shared) => match shared.misere() {
            Some(Ok(result)) => results(Rc::new(result.clone()), &props.params, &props.query),
            Some(Err(e)) => {
                html! { <p class="form-error" id="mq-job-error" role="alert">{ e.to_string() }</p> }
            }
            None => html! {},
        },
        _ => html! {},
    };
    let what = format!("the quotient of heaps 0..{}", props.params.request.max_heap);
    html! {
        <>
            { job_status("mq-job", &what, &job) }
            { body }
        </>
    }
}

/// The presentation, the sum box, the table picture and the heaps.
fn results(result: Rc<MisereResult>, params: &MisereParams, query: &MisereQuery) -> Html {
    html! {
        <>
            { summary(&result) }
            if let Some(sum) = &params.sum {
                { play::sum_box(&result, &params.rules, sum, params.reply.as_ref(), query) }
            }
            <table::ProductPicture result={result.clone()} />
            { heaps::heap_table(&result, query) }
        </>
    }
}

/// The quotient's name, order, generators, relations, P-portion and tameness.
fn summary(result: &MisereResult) -> Html {
    let r = &result.report;
    let generators: Vec<String> = r
        .generators
        .iter()
        .map(|g| format!("{} = heap {}", g.name, g.heap))
        .collect();
    let list = |items: &[String]| match items {
        [] => "none".to_string(),
        _ => items.join(", "),
    };
    let tame = match r.tame {
        Some(true) => "tame on every heap with a genus (it plays like misère nim)",
        Some(false) => "wild: some heap's genus is not that of a nim-heap",
        None => "not decided (no genus was computed)",
    };
    html! {
        <section class="card summary" aria-labelledby="mq-summary-title">
            <h2 id="mq-summary-title">{ format!("{}, heaps 0..{}", r.rules, r.max_heap) }</h2>
            <p id="mq-order">{ format!("A quotient of order {}", r.order) }
                { r.name.as_ref().map(|n| format!(": {n}")).unwrap_or_default() }
                { ", proven by the construction (every option's image checked)." }</p>
            <p id="mq-generators">{ format!("Generators: {}.", list(&generators)) }</p>
            <p id="mq-relations">{ format!("Relations: {}.", list(&r.relations)) }</p>
            <p id="mq-p-portion">{ format!("P-portion (the sums the player to move loses): {}.", list(&r.p_portion)) }</p>
            <p id="mq-tame">{ format!("Tameness: {tame}.") }</p>
            if let Some(note) = &r.genus_note {
                <p class="note">{ note.clone() }</p>
            }
        </section>
    }
}
