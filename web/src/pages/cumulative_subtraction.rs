//! The cumulative-subtraction page, `#/cumulative-subtraction?S=2,3&...` (Cohensius, Larsson,
//! Meir, Wahlstedt, "Cumulative subtraction games"; the same recursion as Stewart's `G_s`,
//! "Impartial scoring play games", Section 3.1.1). URL keys: [`crate::route::cumulative`].
//!
//! The URL is the committed state; the form edits a copy and commits it after a pause (or at
//! once on Enter), as on the subtraction page. Every number comes from
//! `heaplab_engine::cumulative_subtraction`; the page is capped (see the route module) so each
//! computation runs on the main thread in well under a second.

mod circles;
pub mod heatmap;
mod play;
mod table;
mod truncated;

use std::rc::Rc;

use heaplab_engine::cumulative_subtraction::{self as cs, CumulativeReport};
use heaplab_engine::ruleset::NumberSet;
use heaplab_engine::subtraction::Limits;
use heaplab_engine::{Budget, Periodicity};
use yew::prelude::*;

use crate::components::field::field_errors;
use crate::route::PageQuery;

use crate::components::field::{edit_form, submit_when_valid, use_live_form};
use crate::components::page::{empty_results, error_card, page_head};
use crate::route::cumulative::{CumulativeParams, CumulativeQuery};
use crate::route::navigate;

/// Heaps the period search may compute for `set`: Theorem 3 bounds `ξ` by `2 (max S)²` and
/// Corollary 5 bounds the period by `2 max S`, so this leaves room for the proof windows.
pub fn search_limit(set: &NumberSet) -> u64 {
    let m = u64::from(set.max());
    4 * m * m + 16 * m + 1_000
}

/// Solves one pile for heaps `0..terms` (the only place the page calls the one-pile solver).
pub fn solve(set: &NumberSet, terms: u64) -> Result<CumulativeReport, String> {
    let limits = Limits::new(terms, search_limit(set)).map_err(|e| e.to_string())?;
    cs::solve(set, limits, &mut Budget::unlimited()).map_err(|e| e.to_string())
}

/// `S = {2, 3}` for a set.
pub fn set_text(set: &NumberSet) -> String {
    format!("S = {{{}}}", set.to_text().replace(',', ", "))
}

/// Properties of [`CumulativePage`].
#[derive(Properties, PartialEq)]
pub struct CumulativePageProps {
    /// The state in the URL.
    pub query: CumulativeQuery,
}

/// The cumulative-subtraction page.
#[function_component(CumulativePage)]
pub fn cumulative_page(props: &CumulativePageProps) -> Html {
    // The form follows the URL, and commits valid edits to it after a pause.
    let form = use_live_form(
        &props.query,
        CumulativeQuery::validate,
        CumulativeQuery::to_hash,
    );

    let committed = props.query.validate().ok();
    let one_pile = use_memo(
        committed.as_ref().map(|p| (p.set.clone(), p.terms)),
        |key| {
            key.as_ref()
                .map(|(set, terms)| solve(set, *terms).map(Rc::new))
        },
    );
    let form_errors = form.validate().err();

    let edit = |f: fn(&mut CumulativeQuery, String)| edit_form::<_, InputEvent>(&form, f);
    let on_first = edit_form::<_, Event>(&form, |q: &mut CumulativeQuery, v| q.first = v);
    let onsubmit = submit_when_valid(&form, CumulativeQuery::validate, CumulativeQuery::to_hash);
    let invalid = |key: &str| {
        form_errors
            .as_ref()
            .is_some_and(|errs| errs.iter().any(|(k, _)| *k == key))
            .to_string()
    };
    let field = |id: &str, label: &str, key: &str, value: &str, kind: &str, f| {
        html! {
            <div class="field narrow">
                <label for={id.to_string()}>{ label.to_string() }</label>
                <input id={id.to_string()} type={kind.to_string()} autocomplete="off" spellcheck="false"
                    value={value.to_string()} oninput={edit(f)} aria-invalid={invalid(key)} />
            </div>
        }
    };
    let form_html = html! {
        <form class="card ruleset-form cs-form" {onsubmit} novalidate=true aria-label="Ruleset and views">
            <div class="field">
                <label for="cs-set-input">{ "Action set S" }</label>
                <input id="cs-set-input" type="text" autocomplete="off" spellcheck="false"
                    value={form.set.clone()} oninput={edit(|q, v| q.set = v)}
                    aria-invalid={invalid("S")} aria-describedby="cs-set-hint" />
                <small id="cs-set-hint" class="hint">{ "A move takes s ∈ S tokens and scores s for the mover, e.g. 2,3 or {5, 7}." }</small>
            </div>
            { field("cs-terms-input", "Heaps in the table, n", "n", &form.terms, "number", |q, v| q.terms = v) }
            { field("cs-score-input", "Starting score p", "p", &form.start_score, "number", |q, v| q.start_score = v) }
            <div class="field narrow">
                <label for="cs-first-input">{ "Who starts" }</label>
                <select id="cs-first-input" onchange={on_first} aria-invalid={invalid("first")}>
                    <option value="positive" selected={form.first.trim() == "positive"}>{ "Positive" }</option>
                    <option value="negative" selected={form.first.trim() == "negative"}>{ "Negative" }</option>
                </select>
            </div>
            { field("cs-width-input", "Two piles: width", "w", &form.width, "number", |q, v| q.width = v) }
            { field("cs-height-input", "Two piles: height", "h", &form.height, "number", |q, v| q.height = v) }
            { field("cs-zoom-input", "Zoom (px per cell)", "zoom", &form.zoom, "number", |q, v| q.zoom = v) }
            { field("cs-m-input", "Truncated: m", "m", &form.m, "number", |q, v| q.m = v) }
            { field("cs-heap-input", "Play: heap", "heap", &form.heap, "number", |q, v| q.heap = v) }
            <div class="field actions">
                <button type="submit" class="primary">{ "Show" }</button>
            </div>
            { field_errors("cs-error", &form_errors.as_ref().map(CumulativeQuery::field_errors).unwrap_or_default(), true) }
        </form>
    };

    let results = match (&committed, one_pile.as_ref()) {
        (Some(params), Some(Ok(report))) => results_html(params, report.clone()),
        (Some(_), Some(Err(message))) => error_card(message),
        _ => empty_results("Nothing to show yet: fix the input above and the results appear here."),
    };

    html! {
        <>{ page_head("Cumulative subtraction", "A heap of x tokens; a move takes s ∈ S tokens and the mover scores s. Positive maximises the score difference, Negative minimises it. The outcome is o(x) = max over s ≤ x of (s − o(x − s)), and 0 when no move fits (Definition 2 of Cohensius, Larsson, Meir and Wahlstedt) — the same recursion as Stewart's scoring Sprague–Grundy function G_s for subtraction games (Impartial scoring play games, Section 3.1.1).") }
            { form_html }
            { results }
        </>
    }
}

/// `✓` or `✗` with a word.
fn holds(ok: bool) -> &'static str {
    if ok {
        "✓ holds"
    } else {
        "✗ fails"
    }
}

/// Everything below the form for one committed state.
fn results_html(params: &CumulativeParams, report: Rc<CumulativeReport>) -> Html {
    let m = u64::from(params.set.max());
    let shown = |v: Option<u64>| v.map_or("—".to_string(), |v| v.to_string());
    let period_line = match report.period {
        Periodicity::Proven {
            preperiod, period, ..
        } => format!("o(x + {period}) = o(x) for every x ≥ {preperiod} (proven: two equal windows of max S = {m} outcomes)."),
        Periodicity::NotFound { searched } => {
            format!("No period found among the first {searched} heaps.")
        }
    };
    let theorem_3 = match (report.convergence, report.theorem_3_holds) {
        (Some(xi), Some(ok)) => format!("ξ(S) = {xi} ≤ 2·(max S)² = {}: {}", 2 * m * m, holds(ok)),
        _ => "ξ(S) not found within the search".to_string(),
    };
    let corollary_5 = match (report.period.period(), report.corollary_5_holds) {
        (Some(p), Some(ok)) => format!("the period {p} divides 2·max S = {}: {}", 2 * m, holds(ok)),
        _ => "no period proven".to_string(),
    };
    let conjecture_14 = match (report.period, report.corollary_5_holds) {
        (Periodicity::Proven { preperiod, .. }, Some(true)) => format!(
            "Stewart's Conjecture 14 asks for an N with G_s(n + 2k) = G_s(n) for all n ≥ N, k = max S. Corollary 5 of Cohensius et al. proves it for every finite S; here k = {m} and N = {preperiod} works: G_s(n + {}) = G_s(n) for all n ≥ {preperiod}.",
            2 * m
        ),
        _ => "Stewart's Conjecture 14 (G_s(n + 2 max S) = G_s(n) for large n) is Corollary 5 of Cohensius et al.; the engine could not confirm it within this search.".to_string(),
    };
    let starter = if params.positive_starts {
        "Positive"
    } else {
        "Negative"
    };
    let heap = params.terms - 1;
    let final_score = cs::final_score(
        report.outcomes[heap as usize],
        params.start_score,
        params.positive_starts,
    );
    html! {
        <>
            <div class="panel-grid">
                <section class="card summary" aria-labelledby="cs-summary-title">
                    <h2 id="cs-summary-title">{ set_text(&params.set) }</h2>
                    <p>{ "Cohensius et al.'s outcome " }<strong>{ "o(x)" }</strong>{ " is Stewart's " }<strong>{ "G_s(x)" }</strong>{ ": the final score difference under optimal play, from the mover's side." }</p>
                    <p id="cs-period-line">{ period_line }</p>
                    <p id="cs-start-line">{ format!("From a start score p = {} with {starter} to move, heap x ends at p {} o(x): heap x = {heap} ends at the final score {final_score} (only the offset changes, never the optimal actions).", params.start_score, if params.positive_starts { "+" } else { "−" }) }</p>
                </section>
                <section class="card facts" aria-label="Convergence and period">
                    <h3>{ "Convergence and period" }</h3>
                    <dl>
                        <div><dt>{ "ξ(S)" }</dt><dd id="cs-xi">{ shown(report.convergence) }</dd></div>
                        <div><dt>{ "opt from ξ on" }</dt><dd id="cs-eventual">{ shown(report.converged_action.map(u64::from)) }</dd></div>
                        <div><dt>{ "Period" }</dt><dd id="cs-period">{ shown(report.period.period()) }</dd></div>
                        <div><dt>{ "Preperiod" }</dt><dd id="cs-preperiod">{ shown(report.period.preperiod()) }</dd></div>
                    </dl>
                    <p class="note" id="cs-theorem3">{ format!("Theorem 3: {theorem_3}.") }</p>
                    <p class="note" id="cs-corollary5">{ format!("Corollary 5: {corollary_5}.") }</p>
                </section>
            </div>
            <section class="card wide" id="cs-conjecture14-card">
                <h2>{ "Corollary 5 settles Stewart's Conjecture 14" }</h2>
                <p id="cs-conjecture14">{ conjecture_14 }</p>
            </section>
            <table::OutcomeTable params={params.clone()} report={report.clone()} />
            <circles::Circles set={params.set.clone()} />
            <heatmap::Heatmap params={params.clone()} />
            <div class="panel-grid">
                <truncated::Truncated m={params.m} />
                <play::Play set={params.set.clone()} heap={params.heap} start_score={params.start_score} positive_starts={params.positive_starts} />
            </div>
        </>
    }
}

/// The file name stem of this state's exports, `heaplab-cs-2-3`.
pub fn file_stem(set: &NumberSet) -> String {
    format!("heaplab-cs-{}", set.to_text().replace(',', "-"))
}

/// Moves to the same view with one parameter changed (zoom buttons, say).
pub fn navigate_with(params: &CumulativeParams, change: impl FnOnce(&mut CumulativeParams)) {
    let mut next = params.clone();
    change(&mut next);
    navigate(&next.to_query().to_hash());
}
