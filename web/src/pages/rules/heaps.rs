//! The results of a one-heap ruleset: the summary (name, convention, parameters), the period
//! seen, the built-in game it equals, the value strip and chart, and the outcome strip. All
//! are the shared components the subtraction and octal pages draw with.

use std::rc::Rc;

use heaplab_engine::rules::{HeapReport, ObservedPeriod};
use heaplab_figures::views::heaps::SequenceKind;
use heaplab_figures::views::rules::heap_figure;
use yew::prelude::*;

use super::explain::HeapExplain;
use super::exports::{downloads, heap_csv};
use crate::components::export::canvas_png_button;
use crate::components::outcome_strip::{outcome_strip, OutcomeStrip};
use crate::components::palette::value_legend;
use crate::components::value_chart::{ChartMark, ValueChart};
use crate::components::value_strip::ValueStrip;
use crate::format::grouped;
use crate::route::navigate;
use crate::route::rules::{RulesParams, RulesQuery};

/// At most this many values are written out as text.
const SHOWN: usize = 200;

/// The period line: what was seen, and that it is not a proof.
pub fn period_sentence(period: Option<&ObservedPeriod>, heaps: usize) -> String {
    match period {
        Some(p) => format!(
            "Period {} from heap {}, observed on heaps 0 to {} (not proven: a ruleset given by code has no periodicity theorem).",
            grouped(p.period),
            grouped(p.preperiod),
            grouped(heaps.saturating_sub(1) as u64)
        ),
        None => format!(
            "No period found up to heap {} (which does not mean there is none).",
            grouped(heaps.saturating_sub(1) as u64)
        ),
    }
}

/// A file name stem for exports: the ruleset's name in lower case, or `ruleset`.
pub fn file_stem(params: &RulesParams) -> String {
    let name: String = params
        .name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .collect();
    format!(
        "heaplab-rules-{}",
        if name.is_empty() { "ruleset" } else { &name }
    )
}

/// Everything shown for a solved one-heap ruleset.
pub fn heap_results(report: &Rc<HeapReport>, params: &RulesParams, query: &RulesQuery) -> Html {
    let n = report.values.len();
    let stem = file_stem(params);
    let marks: Vec<u64> = report
        .period
        .iter()
        .flat_map(|p| [p.preperiod, p.preperiod + p.period])
        .filter(|&h| (h as usize) < n)
        .collect();
    let chart_marks = report
        .period
        .iter()
        .flat_map(|p| {
            [
                (p.preperiod, "preperiod"),
                (p.preperiod + p.period, "preperiod + period"),
            ]
        })
        .map(|(heap, label)| ChartMark {
            heap,
            label: label.into(),
        })
        .collect::<Vec<_>>();
    let max_value = report.values.iter().copied().max().unwrap_or(0);
    let values = Rc::new(report.values.clone());
    let chart = Rc::new(
        report
            .values
            .iter()
            .map(|&v| v as f64)
            .collect::<Vec<f64>>(),
    );
    let on_heap = {
        let query = query.clone();
        Callback::from(move |text: String| {
            let mut next = query.clone();
            next.heap = text.trim().to_string();
            navigate(&next.to_hash());
        })
    };
    let (csv, fig) = (report.clone(), report.clone());
    let files = downloads(
        params,
        &stem,
        Rc::new(move || heap_csv(&csv)),
        Rc::new(move || heap_figure(SequenceKind::ValueChart, &fig)),
    );
    html! {
        <>
            { summary(report, params) }
            <section class="card wide">
                <h2>{ "Value strip" }</h2>
                <p class="note">{ format!("One cell per heap 0…{}, left to right in rows; P-positions are black. White bars mark where the period seen starts and where its first repetition ends.", n - 1) }</p>
                <ValueStrip id="rules-strip" values={values.clone()} marks={marks} on_select={on_heap.reform(|h: u64| h.to_string())} label={format!("Nim-values of heaps 0 to {} of {}", n - 1, params.name)}>
                    { canvas_png_button("rules-strip-png".into(), "rules-strip".into(), format!("{stem}-strip.png")) }
                </ValueStrip>
                { value_legend(max_value) }
            </section>
            { outcomes_card(report, params, &stem) }
            <section class="card wide">
                <h2>{ "Nim-value against heap" }</h2>
                <ValueChart id="rules-chart" values={chart} marks={chart_marks} label={format!("Chart of nim-value against heap for {}", params.name)}>
                    { canvas_png_button("rules-chart-png".into(), "rules-chart".into(), format!("{stem}-chart.png")) }
                </ValueChart>
                { files }
            </section>
            <HeapExplain request={params.request.clone()} {values} heap_text={query.heap.clone()} {on_heap} stem={format!("{stem}-tree")} />
        </>
    }
}

/// The summary card: name, convention, parameters, the period line, the built-in match and
/// the first values.
fn summary(report: &HeapReport, params: &RulesParams) -> Html {
    let n = report.values.len();
    let mut text: Vec<String> = report
        .values
        .iter()
        .take(SHOWN)
        .map(u64::to_string)
        .collect();
    if n > SHOWN {
        text.push("…".into());
    }
    let bound: Vec<String> = params
        .bound
        .iter()
        .map(|(name, value)| format!("{name} = {value}"))
        .collect();
    let convention = if params.misere { "misère" } else { "normal" };
    html! {
        <section class="card summary">
            <h2 id="rules-name">{ if params.name.is_empty() { "Your ruleset".to_string() } else { params.name.clone() } }</h2>
            <dl class="facts">
                <dt>{ "play" }</dt><dd id="rules-convention">{ convention }</dd>
                <dt>{ "parameters" }</dt><dd id="rules-bound">{ if bound.is_empty() { "none".to_string() } else { bound.join(", ") } }</dd>
                <dt>{ "heaps" }</dt><dd id="rules-heaps">{ format!("0 to {}", grouped(n.saturating_sub(1) as u64)) }</dd>
            </dl>
            <p id="rules-period">{ period_sentence(report.period.as_ref(), n) }</p>
            { same_as(report) }
            <p class="sequence" aria-label="Nim-values of the first heaps"><code id="rules-values">{ text.join(" ") }</code></p>
        </section>
    }
}

/// "Same as built-in": the built-in game the options equal, linked to its page (where the
/// period is proven).
fn same_as(report: &HeapReport) -> Html {
    match &report.same_as {
        Some(game) => html! {
            <p id="rules-same-as">{ format!("Its options equal those of {}. ", game.describe()) }
                <a id="rules-same-as-link" href={game.link(report.values.len() as u64)}>{ "Open it on its own page" }</a>
                { ", where the period is proven." }</p>
        },
        None => html! {
            <p id="rules-same-as" class="note">{ "Not the same as a built-in subtraction or octal game on these heaps." }</p>
        },
    }
}

/// The outcome strip under the ruleset's convention, and where a misère search stopped.
fn outcomes_card(report: &HeapReport, params: &RulesParams, stem: &str) -> Html {
    let shown = report.outcomes.len();
    let convention = if params.misere { "misère" } else { "normal" };
    html! {
        <section class="card wide">
            <h2>{ "Outcomes" }</h2>
            <p class="note" id="rules-outcomes-note">{ format!("Heaps 0…{} under {convention} play.", shown.saturating_sub(1)) }</p>
            if let Some(stop) = report.outcomes_stopped_at {
                <p class="note" id="rules-outcomes-stopped">{ format!("The misère search stopped at heap {}: its outcomes beyond are not known.", grouped(stop)) }</p>
            }
            { outcome_strip(OutcomeStrip {
                id: "rules-outcomes",
                outcomes: &report.outcomes,
                export: canvas_png_button("rules-outcomes-png".into(), "rules-outcomes".into(), format!("{stem}-outcomes.png")),
                label: format!("Outcomes of heaps 0 to {}", shown.saturating_sub(1)),
                key_label: "Colour key of the outcome strip",
            }) }
        </section>
    }
}
