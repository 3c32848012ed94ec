//! The explorer page, `#/explore?family=subtraction&m=10&group=max&top=period:5&check=…`:
//! sweeps a whole family of rulesets with the engine's [`heaplab_engine::sweep`] on all cores
//! ([`runner`]), streaming the merged counts, records and check tallies into tables and a
//! histogram ([`results`]). The URL holds the whole sweep; a family past the page's cap gets
//! the `heaplab sweep …` command that runs it instead.

pub mod results;
pub mod runner;

use std::rc::Rc;

use heaplab_engine::sweep::{metrics, Summary};
use heaplab_figures::views::explore::histogram_figure;
use plotters::prelude::*;
use plotters_canvas::CanvasBackend;
use web_sys::HtmlCanvasElement;
use yew::prelude::*;

use crate::components::export::download_text;
use crate::components::field::{
    edit_form, field_errors, submit_or_rerun, text_field, use_query_form, FieldError,
    TextFieldProps,
};
use crate::components::figure_export::FigureExport;
use crate::components::job_status::{status_line, status_text};
use crate::components::page::page_head;
use crate::components::sequence_export::figure_callback;
use crate::format::grouped;
use crate::protocol::sweep::set_family;
use crate::route::explore::{checks_for, ExploreQuery};
use crate::route::registry::plain_errors;
use results::{CHART_HEIGHT, CHART_WIDTH};
use runner::{SweepProgress, SweepRunner};

/// Properties of [`ExplorePage`].
#[derive(Properties, PartialEq)]
pub struct ExplorePageProps {
    /// The URL state.
    pub query: ExploreQuery,
}

/// The metric names of `family` (none for an unknown family).
fn metric_names(family: &str) -> Vec<String> {
    let family = set_family(family, 1, None, false);
    family.map_or(Vec::new(), |f| {
        metrics::names(&f).into_iter().map(String::from).collect()
    })
}

/// `<option>`s of `names`, `selected` marked, with an empty "none" first; each has the id
/// `{id}-{name}`.
fn options(id: &str, names: &[&str], selected: &str) -> Html {
    // An alias (`max`) selects its metric (`max_move`).
    let chosen = metrics::column(names, selected).map_or("", |i| names[i]);
    let list: Vec<(&str, &str)> = std::iter::once(("", "none"))
        .chain(names.iter().map(|&n| (n, n)))
        .collect();
    choices(Some(id), &list, chosen)
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
    // A new sweep in the URL: run it (or stop the one running when it is invalid). The
    // clean-up stops it when the page is left (or before the next URL's sweep starts).
    {
        let runner = runner.clone();
        use_effect_with(query.clone(), move |q| {
            match q.validate() {
                Ok(params) => runner.start(params.request),
                Err(_) => runner.cancel(),
            }
            move || runner.cancel()
        });
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
        Callback::from(move |()| runner.cancel())
    };
    let errors: Vec<FieldError> = form.validate().err().map(plain_errors).unwrap_or_default();
    let committed_ok = query.validate().is_ok();
    let canvas = use_node_ref();
    let problem = use_state(|| None::<String>);
    // The checks' claims, from the guide (fetched once a sweep has checks; none in the module).
    let claims = use_state_eq(String::new);
    {
        let claims = claims.clone();
        use_effect_with(!query.checks.is_empty(), move |wanted| {
            if *wanted && claims.is_empty() {
                wasm_bindgen_futures::spawn_local(async move {
                    if let Ok(text) = crate::pages::guide::fetch_text("./guide/checks.tsv").await {
                        claims.set(text);
                    }
                });
            }
        });
    }
    {
        // Draw the histogram of the summary so far once the canvas is in the page.
        let (canvas, problem) = (canvas.clone(), problem.clone());
        let summary = state.as_ref().map(|p| p.detail.clone());
        use_effect_with(
            (summary, query.group.trim().to_string()),
            move |(summary, group)| {
                if let (Some(s), Some(c)) = (summary, canvas.cast::<HtmlCanvasElement>()) {
                    problem.set(draw_on(&c, s, group).err());
                }
            },
        );
    }
    html! {
        <section class="page explore">
            <>{ page_head("Explore families", "Sweep every ruleset of a family with the engine's explorer: counts grouped by a metric, the top-k records of another, and the papers' checks with their first counterexamples. Runs in one Web Worker per core; each ruleset links to its page.") }
                { sweep_form(&form, onsubmit) }
                { field_errors("explore-error", &errors, false) }
                <p class="cli">{ "The same sweep on the command line: " }
                    <code id="explore-cli">{ form.cli_command() }</code></p>
                if committed_ok {
                    { status_view(state.as_ref(), &on_cancel) }
                    if let Some(p) = state.as_ref() {
                        { results_view(&p.detail, &query, &canvas, &problem, &claims) }
                    }
                }
            </>
        </section>
    }
}

/// A `<select>`'s or checkbox's `onchange` storing its value with `set`. A `fn`, not a
/// closure, so every control shares one instance of [`edit_form`].
fn change(
    form: &UseStateHandle<ExploreQuery>,
    set: fn(&mut ExploreQuery, String),
) -> Callback<Event> {
    edit_form(form, set)
}

/// Ticks or unticks the check `name` (a checkbox's value).
fn toggle_check(q: &mut ExploreQuery, name: String) {
    match q.checks.iter().position(|c| *c == name) {
        Some(at) => {
            q.checks.remove(at);
        }
        None => q.checks.push(name),
    }
}

/// The top metric chosen (empty: none), keeping K (5 when there is none yet).
fn set_top_metric(q: &mut ExploreQuery, metric: String) {
    let k = q.top.split_once(':').map_or("", |(_, k)| k);
    let k = if k.is_empty() { "5" } else { k };
    q.top = if metric.is_empty() {
        String::new()
    } else {
        format!("{metric}:{k}")
    };
}

/// The form: family, bounds, checks (names and citations; the claims are left out of the
/// wasm module and fetched from the guide with the results), group-by and top-k.
fn sweep_form(
    form: &crate::components::field::QueryForm<ExploreQuery>,
    onsubmit: Callback<SubmitEvent>,
) -> Html {
    let handle = form.handle();
    let owned = metric_names(&form.family);
    let names: Vec<&str> = owned.iter().map(String::as_str).collect();
    let (top_metric, top_k) = form.top.split_once(':').unwrap_or((&form.top, ""));
    let (top_metric, top_k) = (top_metric.to_string(), top_k.to_string());
    let check_boxes = checks_for(&form.family).into_iter().map(|check| {
        let name = check.name;
        let checked = form.checks.iter().any(|c| c == name);
        html! {
            <li><label><input type="checkbox" id={format!("explore-check-box-{name}")} value={name} {checked} onchange={change(handle, toggle_check)} />
                { format!(" {name}") }</label>
                <small>{ format!(" ({})", check.citation) }</small></li>
        }
    });
    let exact = form.exact.as_str();
    let family_options = choices(
        None,
        &[
            ("subtraction", "subtraction sets S ⊆ {1..m}"),
            ("all-but", "all-but ℕ∖E, E ⊆ {1..m}"),
            (
                "cumulative-subtraction",
                "cumulative subtraction S ⊆ {1..m}",
            ),
        ],
        &form.family,
    );
    let text = |id: &'static str, label: &'static str, value: &str, hint: &'static str, set| {
        text_field(&yew::props!(TextFieldProps {
            id,
            label,
            value: value.to_string(),
            oninput: form.setter(set),
            hint,
            narrow: true,
            inputmode: "numeric",
        }))
    };
    html! {
        <form class="explore-form" {onsubmit}>
            { select_field("explore-family", "Family", family_options, change(handle, |q, v| { q.family = v; q.checks.clear(); })) }
            { text("explore-m", "max move m", &form.m, "", |q, v| q.m = v) }
            { text("explore-k", "|S| = k", &form.k, "any", |q, v| q.k = v) }
            { select_field("explore-exact", "largest element", choices(None, &[("", "any ≤ m"), ("1", "exactly m")], exact), change(handle, |q, v| q.exact = v)) }
            { select_field("explore-group", "group by", options("explore-group", &names, &form.group), change(handle, |q, v| q.group = v)) }
            { select_field("explore-top-metric", "top records of", options("explore-top-metric", &names, &top_metric), change(handle, set_top_metric)) }
            { text("explore-top-k", "K", &top_k, "", set_top_k) }
            <fieldset class="explore-checks"><legend>{ "Checks" }</legend>
                <p>{ "Each check's claim shows beside its result; the ranges its paper states are in " }<a href="#/guide?page=paper-checks">{ "the guide's paper checks" }</a>{ "." }</p>
                <ul>{ for check_boxes }</ul></fieldset>
            <button type="submit" id="explore-run">{ "Run" }</button>
        </form>
    }
}

/// The K of the top records, keeping the metric.
fn set_top_k(q: &mut ExploreQuery, k: String) {
    let metric = q.top.split_once(':').map_or(q.top.as_str(), |(m, _)| m);
    q.top = format!("{metric}:{k}");
}

/// A labelled `<select>` of `options` in a narrow field (one piece of markup for the four).
fn select_field(id: &str, label: &str, options: Html, onchange: Callback<Event>) -> Html {
    html! {
        <div class="field narrow"><label for={id.to_string()}>{ label.to_string() }</label>
            <select id={id.to_string()} {onchange}>{ options }</select></div>
    }
}

/// `<option>`s of `(value, text)` pairs, the one whose value is `selected` marked; with an
/// `id` prefix, each non-empty value's option has the id `{id}-{value}`. One piece of markup
/// for the four selects.
fn choices(id: Option<&str>, list: &[(&str, &str)], selected: &str) -> Html {
    list.iter()
        .map(|&(value, text)| {
            let id = id.filter(|_| !value.is_empty()).map(|id| format!("{id}-{value}"));
            html! { <option {id} value={value.to_string()} selected={value == selected}>{ text.to_string() }</option> }
        })
        .collect()
}

/// The sweep's status line (the one builder, [`status_line`]); once cancelled, the counts
/// are those of the tables below (merged pieces only).
fn status_view(progress: Option<&SweepProgress>, cancel: &Callback<()>) -> Html {
    let line = progress.map(|p| {
        let cancelled = format!(
            "the results below cover {} of {} rulesets",
            grouped(p.detail.rulesets),
            grouped(p.progress.total)
        );
        (status_text("the sweep", &cancelled, p), p)
    });
    let ids = (
        "explore",
        "explore-status",
        "Rulesets swept",
        "map-progress-line",
    );
    status_line(ids, line, Some(cancel), None)
}

/// Draws the histogram of `summary`'s groups on `canvas`.
fn draw_on(canvas: &HtmlCanvasElement, summary: &Summary, group: &str) -> Result<(), String> {
    canvas.set_width(CHART_WIDTH);
    canvas.set_height(CHART_HEIGHT);
    let backend = CanvasBackend::with_canvas_object(canvas.clone())
        .ok_or_else(|| "no 2-D canvas context".to_string())?;
    results::draw_histogram(&backend.into_drawing_area(), &summary.groups, group)
}

/// "Export figure…" of the histogram: the figure layer's `histogram_figure` of the groups.
fn histogram_export(summary: &Rc<Summary>, q: &ExploreQuery, stem: &str) -> Html {
    let (family, group) = (q.family.trim().to_string(), q.group.trim().to_string());
    let pdf_command = format!("{} --figure histogram.pdf", q.cli_command());
    let summary = summary.clone();
    let figure = figure_callback(move || Ok(histogram_figure(&family, &group, &summary.groups)));
    html! {
        <FigureExport id="explore-figure" stem={format!("{stem}-histogram")} link={q.to_hash()}
            not_ready={None::<AttrValue>} {pdf_command} {figure} />
    }
}

/// The tables, histogram and exports (CSV; the histogram's figure) of the summary so far; an
/// export that fails says why in `problem`.
fn results_view(
    summary: &Rc<Summary>,
    q: &ExploreQuery,
    canvas: &NodeRef,
    problem: &UseStateHandle<Option<String>>,
    claims: &str,
) -> Html {
    let group = q.group.trim().to_string();
    let top_metric = q.top.split_once(':').map_or("", |(m, _)| m).to_string();
    let stem = format!("explore-{}-m{}", q.family.trim(), q.m.trim());
    // One download a table (`{stem}-groups.csv`, …).
    let export = |kind: &'static str| {
        let (summary, problem) = (summary.clone(), problem.clone());
        let (group, top_metric, stem) = (group.clone(), top_metric.clone(), stem.clone());
        Callback::from(move |_: MouseEvent| {
            let done = results::csv_tables(&summary, &group, &top_metric)
                .into_iter()
                .find(|(name, _)| *name == kind)
                .map_or(Ok(()), |(_, text)| {
                    download_text(&text, &format!("{stem}-{kind}.csv"), "text/csv")
                });
            if let Err(e) = done {
                problem.set(Some(e));
            }
        })
    };
    let csv_buttons = results::csv_tables(summary, &group, &top_metric)
        .into_iter()
        .map(|(name, _)| {
            html! { <button type="button" id={format!("explore-csv-{name}")} onclick={export(name)}>{ format!("{name} (CSV)") }</button> }
        });
    let family = q.family.trim();
    html! {
        <div class="explore-results">
            { results::totals(summary, family) }
            <div class="exports">
                { for csv_buttons }
                if !group.is_empty() {
                    { histogram_export(summary, q, &stem) }
                }
            </div>
            if let Some(e) = (**problem).clone() {
                <p class="error" role="alert">{ e }</p>
            }
            if !group.is_empty() {
                <canvas id="explore-chart" ref={canvas.clone()} role="img" aria-label={format!("Histogram: rulesets counted by {group}")}></canvas>
            }
            { results::tables(summary, family, &group, &top_metric, claims) }
        </div>
    }
}
