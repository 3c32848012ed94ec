//! The explorer page, `#/explore?family=subtraction&m=10&group=max&top=period:5&check=…`:
//! sweeps a whole family of rulesets with the engine's [`heaplab_engine::sweep`] on all cores
//! ([`runner`]), streaming the merged counts, records and check tallies into tables and a
//! histogram ([`results`]). The URL holds the whole sweep; a family past the page's cap gets
//! the `heaplab sweep …` command that runs it instead.

pub mod results;
pub mod runner;

use heaplab_engine::sweep::metrics;
use plotters::prelude::*;
use plotters_canvas::CanvasBackend;
use web_sys::HtmlCanvasElement;
use yew::prelude::*;

use crate::components::export::{download_canvas, download_text};
use crate::components::field::{
    edit_form, field_errors, submit_or_rerun, use_query_form, FieldError,
};
use crate::components::page::page_head;
use crate::format::progress_text;
use crate::route::explore::{checks_for, ExploreQuery};
use crate::worker::jobs::sweep::set_family;
use crate::worker::{Progress, Unit};
use results::{CHART_HEIGHT, CHART_WIDTH};
use runner::{Phase, SweepProgress, SweepRunner};

/// Properties of [`ExplorePage`].
#[derive(Properties, PartialEq)]
pub struct ExplorePageProps {
    /// The URL state.
    pub query: ExploreQuery,
}

/// The metric names of `family` (none for an unknown family).
fn metric_names(family: &str) -> &'static [&'static str] {
    set_family(family, 1, None, false).map_or(&[], |f| metrics::names(&f))
}

/// `<option>`s of `names`, `selected` marked, with an empty "none" first; each has the id
/// `{id}-{name}`.
fn options(id: &str, names: &[&str], selected: &str) -> Html {
    let none = html! { <option value="" selected={selected.is_empty()}>{ "none" }</option> };
    // An alias (`max`) selects its metric (`max_move`).
    let chosen = metrics::column(names, selected).ok();
    let rest = names.iter().enumerate().map(|(i, n)| {
        html! { <option id={format!("{id}-{n}")} value={n.to_string()} selected={chosen == Some(i)}>{ n.to_string() }</option> }
    });
    html! { <>{ none }{ for rest }</> }
}

/// The `#/explore` page.
#[function_component(ExplorePage)]
pub fn explore_page(props: &ExplorePageProps) -> Html {
    let query = props.query.clone();
    let form = use_query_form(&query);
    let state = use_state_eq(|| None::<SweepProgress>);
    let runner = {
        let setter = state.setter();
        use_memo((), move |_| {
            SweepRunner::new(Callback::from(move |p| setter.set(Some(p))))
        })
    };
    // A new sweep in the URL: run it (or stop the one running when it is invalid).
    {
        let runner = runner.clone();
        use_effect_with(query.clone(), move |q| match q.validate() {
            Ok(params) => runner.start(params.request),
            Err(_) => runner.cancel(),
        });
    }
    {
        let runner = runner.clone();
        use_effect_with((), move |_| move || runner.cancel());
    }
    let onsubmit = {
        let runner = runner.clone();
        submit_or_rerun(
            form.handle(),
            &query,
            ExploreQuery::validate,
            ExploreQuery::to_hash,
            |form, _| form.clone(),
            move |params| runner.start(params.request),
        )
    };
    let on_cancel = {
        let runner = runner.clone();
        Callback::from(move |_: MouseEvent| runner.cancel())
    };
    let errors: Vec<FieldError> = form
        .validate()
        .err()
        .unwrap_or_default()
        .into_iter()
        .map(FieldError::plain)
        .collect();
    let committed_ok = query.validate().is_ok();
    html! {
        <section class="page explore">
            <>{ page_head("Explore families", "Sweep every ruleset of a family with the engine's explorer (issue 17): counts grouped by a metric, the top-k records of another, and the papers' checks with their first counterexamples. Runs in one Web Worker per core; each ruleset links to its page.") }
                { sweep_form(&form, onsubmit) }
                { field_errors("explore-error", &errors, false) }
                <p class="cli">{ "The same sweep on the command line: " }
                    <code id="explore-cli">{ form.cli_command() }</code></p>
                if committed_ok {
                    { status_view(state.as_ref(), on_cancel) }
                    if let Some(p) = state.as_ref() {
                        <ResultsView progress={p.clone()} query={query.clone()} />
                    }
                }
            </>
        </section>
    }
}

/// The form: family, bounds, checks (with citations), group-by and top-k.
fn sweep_form(
    form: &crate::components::field::QueryForm<ExploreQuery>,
    onsubmit: Callback<SubmitEvent>,
) -> Html {
    let handle = form.handle();
    let names = metric_names(&form.family);
    let (top_metric, top_k) = form.top.split_once(':').unwrap_or((&form.top, ""));
    let (top_metric, top_k) = (top_metric.to_string(), top_k.to_string());
    let check_boxes = checks_for(&form.family).into_iter().map(|check| {
        let name = check.name;
        let checked = form.checks.iter().any(|c| c == name);
        let onchange = edit_form(handle, move |q: &mut ExploreQuery, _| {
            match q.checks.iter().position(|c| c == name) {
                Some(at) => {
                    q.checks.remove(at);
                }
                None => q.checks.push(name.to_string()),
            }
        });
        html! {
            <li><label><input type="checkbox" id={format!("explore-check-box-{name}")} {checked} {onchange} />
                { format!(" {name}") }</label>
                <small>{ format!(" — {} ({})", check.statement, check.citation) }</small></li>
        }
    });
    let top_metric_k = top_k.clone();
    html! {
        <form class="explore-form" {onsubmit}>
            <div class="field narrow"><label for="explore-family">{ "Family" }</label>
                <select id="explore-family" onchange={edit_form(handle, |q: &mut ExploreQuery, v| { q.family = v; q.checks.clear(); })}>
                    <option value="subtraction" selected={form.family == "subtraction"}>{ "subtraction sets S ⊆ {1..m}" }</option>
                    <option value="all-but" selected={form.family == "all-but"}>{ "all-but ℕ∖E, E ⊆ {1..m}" }</option>
                </select></div>
            <div class="field narrow"><label for="explore-m">{ "max move m" }</label>
                <input id="explore-m" type="text" inputmode="numeric" value={form.m.clone()} oninput={edit_form(handle, |q: &mut ExploreQuery, v| q.m = v)} /></div>
            <div class="field narrow"><label for="explore-k">{ "|S| = k" }</label>
                <input id="explore-k" type="text" inputmode="numeric" placeholder="any" value={form.k.clone()} oninput={edit_form(handle, |q: &mut ExploreQuery, v| q.k = v)} /></div>
            <div class="field narrow"><label for="explore-exact">{ "largest element" }</label>
                <select id="explore-exact" onchange={edit_form(handle, |q: &mut ExploreQuery, v| q.exact = v)}>
                    <option value="" selected={form.exact.is_empty()}>{ "any ≤ m" }</option>
                    <option value="1" selected={form.exact == "1"}>{ "exactly m" }</option>
                </select></div>
            <div class="field narrow"><label for="explore-group">{ "group by" }</label>
                <select id="explore-group" onchange={edit_form(handle, |q: &mut ExploreQuery, v| q.group = v)}>
                    { options("explore-group", names, &form.group) }
                </select></div>
            <div class="field narrow"><label for="explore-top-metric">{ "top records of" }</label>
                <select id="explore-top-metric" onchange={edit_form(handle, move |q: &mut ExploreQuery, v: String| {
                    q.top = if v.is_empty() { String::new() } else { format!("{v}:{}", if top_metric_k.is_empty() { "5" } else { &top_metric_k }) };
                })}>
                    { options("explore-top-metric", names, &top_metric) }
                </select></div>
            <div class="field narrow"><label for="explore-top-k">{ "K" }</label>
                <input id="explore-top-k" type="text" inputmode="numeric" value={top_k} oninput={edit_form(handle, move |q: &mut ExploreQuery, v: String| {
                    let metric = q.top.split_once(':').map_or(q.top.clone(), |(m, _)| m.to_string());
                    q.top = format!("{metric}:{v}");
                })} /></div>
            <fieldset class="explore-checks"><legend>{ "Checks" }</legend>
                <ul>{ for check_boxes }</ul></fieldset>
            <button type="submit" id="explore-run">{ "Run" }</button>
        </form>
    }
}

/// The progress bar, its line (done, rate, time left) and Cancel; or how the sweep ended.
fn status_view(progress: Option<&SweepProgress>, on_cancel: Callback<MouseEvent>) -> Html {
    let Some(p) = progress else {
        return html! { <p id="explore-status" role="status">{ "Starting…" }</p> };
    };
    let line = progress_text(
        &Progress::new(p.done, p.total, Unit::Rulesets),
        p.elapsed_ms,
    );
    let place = match p.workers {
        Some(n) => format!(" · {n} workers"),
        None => String::new(),
    };
    match &p.phase {
        Phase::Running => html! {
            <div class="map-progress-line">
                <progress id="explore-progress" max={p.total.max(1).to_string()} value={p.done.to_string()} aria-label="Rulesets swept"></progress>
                <span id="explore-status">{ format!("Sweeping: {line}{place}") }</span>
                <button type="button" id="explore-cancel" onclick={on_cancel}>{ "Cancel" }</button>
            </div>
        },
        Phase::Done => {
            html! { <p id="explore-status" role="status">{ format!("Done: {line}{place}") }</p> }
        }
        Phase::Cancelled => {
            html! { <p id="explore-status" role="status">{ format!("Cancelled after {line}") }</p> }
        }
        Phase::Failed(message) => {
            html! { <p id="explore-status" class="error" role="alert">{ message.clone() }</p> }
        }
    }
}

/// Properties of [`ResultsView`].
#[derive(Properties, PartialEq)]
struct ResultsProps {
    progress: SweepProgress,
    query: ExploreQuery,
}

/// The tables, histogram and exports of the summary so far.
#[function_component(ResultsView)]
fn results_view(props: &ResultsProps) -> Html {
    let summary = props.progress.summary.clone();
    let q = &props.query;
    let group = q.group.trim().to_string();
    let top_metric = q.top.split_once(':').map_or("", |(m, _)| m).to_string();
    let canvas = use_node_ref();
    let problem = use_state(|| None::<String>);
    {
        let (canvas, problem, group) = (canvas.clone(), problem.clone(), group.clone());
        use_effect_with(summary.clone(), move |summary| {
            if let Some(c) = canvas.cast::<HtmlCanvasElement>() {
                c.set_width(CHART_WIDTH);
                c.set_height(CHART_HEIGHT);
                let drawn = CanvasBackend::with_canvas_object(c)
                    .ok_or_else(|| "no 2-D canvas context".to_string())
                    .and_then(|b| {
                        results::draw_histogram(&b.into_drawing_area(), &summary.groups, &group)
                    });
                problem.set(drawn.err());
            }
        });
    }
    let stem = format!("explore-{}-m{}", q.family.trim(), q.m.trim());
    let export = |kind: &'static str| {
        let (summary, canvas, problem) = (summary.clone(), canvas.clone(), problem.clone());
        let (group, top_metric, name) =
            (group.clone(), top_metric.clone(), format!("{stem}.{kind}"));
        Callback::from(move |_: MouseEvent| {
            let done = match kind {
                "png" => canvas
                    .cast::<HtmlCanvasElement>()
                    .ok_or_else(|| "no chart".to_string())
                    .and_then(|c| download_canvas(&c, &name)),
                "svg" => {
                    let mut text = String::new();
                    let drawn = {
                        let root = SVGBackend::with_string(&mut text, (CHART_WIDTH, CHART_HEIGHT))
                            .into_drawing_area();
                        results::draw_histogram(&root, &summary.groups, &group)
                    };
                    drawn.and_then(|_| download_text(&text, &name, "image/svg+xml"))
                }
                _ => download_text(
                    &results::summary_csv(&summary, &group, &top_metric),
                    &name,
                    "text/csv",
                ),
            };
            if let Err(e) = done {
                problem.set(Some(e));
            }
        })
    };
    let family = q.family.trim();
    html! {
        <div class="explore-results">
            { results::totals(&summary, family) }
            <div class="exports">
                <button type="button" id="explore-csv" onclick={export("csv")}>{ "CSV" }</button>
                if !group.is_empty() {
                    <button type="button" id="explore-png" onclick={export("png")}>{ "PNG" }</button>
                    <button type="button" id="explore-svg" onclick={export("svg")}>{ "SVG" }</button>
                }
            </div>
            if let Some(e) = (*problem).clone() {
                <p class="error" role="alert">{ e }</p>
            }
            if !group.is_empty() {
                <canvas id="explore-chart" ref={canvas} aria-label="Histogram of the group counts"></canvas>
                { results::groups_table(&summary, &group) }
            }
            if !top_metric.is_empty() {
                { results::top_table(&summary, family, &top_metric) }
            }
            if !summary.checks.is_empty() {
                { results::checks_table(&summary, family) }
            }
        </div>
    }
}
