//! The subtraction games page, `#/subtraction?S=2,3,7&n=200` (finite `S`) or
//! `#/subtraction?E=3,6&n=200` (all-but `ℕ ∖ E`). Survey: Larsson, Saha, Suetsugu, "A brief
//! conversation about subtraction games", Section 2 and Appendix A.
//!
//! State flows one way: the URL (the `query` prop) is the committed state and everything below
//! the form is computed from it by the engine. The form is an editor: while its text is valid
//! and differs from the URL it is committed as a new history entry (after a short pause, or at
//! once on Enter / "Show"), so Back restores the previous set. When the URL changes from
//! outside (Back, a pasted link), the form is reset to it.

mod further;
mod play;
mod why;

use std::rc::Rc;

use heaplab_engine::all_but::{self, AllButReport};
use heaplab_engine::ruleset::NumberSet;
use heaplab_engine::subtraction::{self, Limits, SubtractionReport};
use heaplab_engine::{Budget, Periodicity};
use heaplab_figures::views::heaps::{subtraction_link, SequenceKind};
use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::components::field::field_errors;
use crate::route::PageQuery;

use crate::components::field::{edit_form, same_state, submit_when_valid, use_live_form};
use crate::components::misere_strip::{misere_card, MAX_MISERE_HEAPS};
use crate::components::page::{empty_results, error_card, page_head};
use crate::components::palette::value_legend;
use crate::components::period_facts::{period_facts, PeriodFactsProps};
use crate::components::sequence_export::{outcome_letters, sequence_export, SequenceExport};
use crate::components::value_chart::{ChartMark, ValueChart};
use crate::components::value_strip::ValueStrip;
use crate::format::grouped;
use crate::route::misere::MisereRequest;
use crate::route::{SetKind, SubtractionParams, SubtractionQuery};

use further::search_further;
use play::Play;
use why::{why, WhyProps};

/// The period search stops after about this much work (`|S|` × heaps), so that solving on the
/// main thread stays well under a second for every input.
const SEARCH_WORK: u64 = 30_000_000;
/// The engine's cycle test compares windows of `max S` values, which in the worst case (long
/// runs of equal values, e.g. `S = {k}`) costs `max S` a step: cap `max S` × heaps too.
const WINDOW_WORK: u64 = 300_000_000;
/// The longest period search the page runs.
const MAX_PAGE_SEARCH: u64 = 2_000_000;
/// How many heaps the period search computes for `set`: at most 2,000,000, and small
/// enough that both `|S|` × heaps and `max S` × heaps stay within a fixed budget, so no input
/// freezes the page. When a period is longer than this, the page says so honestly ("no period
/// found up to N").
pub fn search_limit(set: &NumberSet) -> u64 {
    let size = set.elements().len().max(1) as u64;
    let window = u64::from(set.max()).max(1);
    (SEARCH_WORK / size)
        .min(WINDOW_WORK / window)
        .clamp(1_000, MAX_PAGE_SEARCH)
}

/// The engine's report for one query, in the form the page draws.
#[derive(Debug, PartialEq)]
pub struct Solution {
    /// What was solved.
    pub params: SubtractionParams,
    /// Nim-values of heaps `0..n`, widened for the shared drawing components.
    pub values: Rc<Vec<u64>>,
    /// The family-specific report.
    pub detail: Detail,
}

/// The engine report of either kind.
#[derive(Debug, PartialEq)]
pub enum Detail {
    /// A finite subtraction set.
    Finite(Rc<SubtractionReport>),
    /// All-but subtraction.
    AllBut(AllButReport),
}

impl Solution {
    /// The proven (or not) period of the nim-sequence.
    pub fn nim_period(&self) -> Periodicity {
        match &self.detail {
            Detail::Finite(r) => r.nim_period,
            Detail::AllBut(r) => r.period,
        }
    }

    /// Heaps to mark in the figures: the end of the preperiod and the end of the first period.
    pub fn marks(&self) -> Vec<(u64, String)> {
        match self.nim_period() {
            Periodicity::Proven {
                preperiod, period, ..
            } => vec![
                (preperiod, format!("period starts (heap {preperiod})")),
                (
                    preperiod + period,
                    format!("first period ends (heap {})", preperiod + period),
                ),
            ],
            Periodicity::NotFound { .. } => Vec::new(),
        }
    }

    /// The set in mathematical notation: `S = {2, 5, 7}` or `ℕ ∖ {3, 6}`.
    pub fn ruleset_text(&self) -> String {
        ruleset_text(&self.params)
    }
}

/// `S = {2, 5, 7}` or `ℕ ∖ {3, 6}` for a checked query.
pub fn ruleset_text(params: &SubtractionParams) -> String {
    let inner = params.set.to_text().replace(',', ", ");
    match params.kind {
        SetKind::Finite => format!("S = {{{inner}}}"),
        SetKind::AllBut if inner.is_empty() => "ℕ ∖ {} (Nim)".to_string(),
        SetKind::AllBut => format!("ℕ ∖ {{{inner}}}"),
    }
}

/// Calls the engine for `params` (the only place this page computes anything).
pub fn solve(params: &SubtractionParams) -> Result<Solution, String> {
    let limits = Limits::new(params.terms, search_limit(&params.set)).map_err(|e| e.to_string())?;
    let mut budget = Budget::unlimited();
    let (values, detail) = match params.kind {
        SetKind::Finite => {
            let report =
                subtraction::solve(&params.set, limits, &mut budget).map_err(|e| e.to_string())?;
            let values = report.values.iter().map(|&v| u64::from(v)).collect();
            (values, Detail::Finite(Rc::new(report)))
        }
        SetKind::AllBut => {
            let report =
                all_but::solve(&params.set, limits, &mut budget).map_err(|e| e.to_string())?;
            (report.values.clone(), Detail::AllBut(report))
        }
    };
    Ok(Solution {
        params: params.clone(),
        values: Rc::new(values),
        detail,
    })
}

/// Properties of [`SubtractionPage`].
#[derive(Properties, PartialEq)]
pub struct SubtractionPageProps {
    /// The state in the URL.
    pub query: SubtractionQuery,
}

/// The subtraction games page.
#[function_component(SubtractionPage)]
pub fn subtraction_page(props: &SubtractionPageProps) -> Html {
    // The form follows the URL, and commits valid edits to it after a pause.
    let form = use_live_form(
        &props.query,
        SubtractionQuery::validate,
        SubtractionQuery::to_hash,
    );
    let align = use_state(|| false);
    let why_heap = use_state(|| None::<String>);
    // The outcome period "Search further" proved, with its set: the outcome card shows it.
    let further_found = use_state(|| None::<(NumberSet, Periodicity)>);

    let committed = props.query.validate().ok();
    let solution = use_memo(committed.clone(), |params| params.as_ref().map(solve));

    let form_errors = form.validate().err();
    let edit = |f: fn(&mut SubtractionQuery, String)| {
        edit_form::<_, InputEvent>(&form, move |q: &mut SubtractionQuery, v| {
            f(q, v);
            q.conflict = None;
            q.further = false;
        })
    };
    let set_kind = |kind: SetKind| {
        let form = form.clone();
        Callback::from(move |_: Event| {
            let mut next = (*form).clone();
            next.kind = kind;
            next.conflict = None;
            form.set(next);
        })
    };
    let onsubmit = submit_when_valid(&form, SubtractionQuery::validate, SubtractionQuery::to_hash);
    let on_select_heap = {
        let why_heap = why_heap.clone();
        Callback::from(move |heap: u64| why_heap.set(Some(heap.to_string())))
    };
    let on_why_input = {
        let why_heap = why_heap.clone();
        Callback::from(move |text: String| why_heap.set(Some(text)))
    };
    let on_align = {
        let align = align.clone();
        Callback::from(move |e: Event| {
            if let Some(input) = e.target_dyn_into::<HtmlInputElement>() {
                align.set(input.checked());
            }
        })
    };

    let kind = form.kind;
    let set_label = match kind {
        SetKind::Finite => "Subtraction set S",
        SetKind::AllBut => "Excluded moves E",
    };
    let set_hint = match kind {
        SetKind::Finite => "Moves a player may remove, e.g. 2,5,7 or {2, 5, 7}.",
        SetKind::AllBut => {
            "Any number of tokens may be removed except these, e.g. 3,6 (empty = Nim)."
        }
    };
    let invalid_set = form_errors.as_ref().is_some_and(|e| e.set.is_some());
    let invalid_terms = form_errors.as_ref().is_some_and(|e| e.terms.is_some());

    let form_html = html! {
        <form class="card ruleset-form" {onsubmit} novalidate=true aria-label="Ruleset">
            <fieldset class="kind">
                <legend>{ "Ruleset" }</legend>
                <label class="radio">
                    <input type="radio" id="kind-finite" name="kind" value="finite" checked={kind == SetKind::Finite} onchange={set_kind(SetKind::Finite)} />
                    { "Finite set S" }
                </label>
                <label class="radio">
                    <input type="radio" id="kind-allbut" name="kind" value="allbut" checked={kind == SetKind::AllBut} onchange={set_kind(SetKind::AllBut)} />
                    { "All-but ℕ ∖ E" }
                </label>
            </fieldset>
            <div class="field">
                <label for="set-input">{ set_label }</label>
                <input id="set-input" type="text" autocomplete="off" spellcheck="false"
                    value={form.set.clone()} oninput={edit(|q, v| q.set = v)}
                    aria-invalid={invalid_set.to_string()} aria-describedby="set-hint" />
                <small id="set-hint" class="hint">{ set_hint }</small>
            </div>
            <div class="field narrow">
                <label for="terms-input">{ "Heaps shown, n" }</label>
                <input id="terms-input" type="number" min="1" max={crate::route::MAX_UI_TERMS.to_string()} step="1"
                    value={form.terms.clone()} oninput={edit(|q, v| q.terms = v)}
                    aria-invalid={invalid_terms.to_string()} />
            </div>
            <div class="field actions">
                <button type="submit" class="primary">{ "Show" }</button>
            </div>
            { field_errors("set-error", &form_errors.as_ref().map(SubtractionQuery::field_errors).unwrap_or_default(), true) }
        </form>
    };

    let results = match (&committed, solution.as_ref()) {
        (Some(params), Some(Ok(sol))) => {
            let stale = form_errors.is_some()
                || !same_state(&*form, &props.query, SubtractionQuery::validate);
            let note = stale.then(|| {
                html! {
                    <p class="note stale" id="results-note">
                        { format!("Below: {} with n = {}, the last valid input.", ruleset_text(params), params.terms) }
                    </p>
                }
            });
            let found = {
                let further_found = further_found.clone();
                let set = params.set.clone();
                Callback::from(move |p: Periodicity| further_found.set(Some((set.clone(), p))))
            };
            let further = match &sol.detail {
                Detail::Finite(report) => match report.outcome_period {
                    Periodicity::NotFound { searched } => {
                        search_further(&props.query, &params.set, searched, found)
                    }
                    Periodicity::Proven { .. } => html! {},
                },
                Detail::AllBut(_) => html! {},
            };
            let proven_further = (*further_found)
                .as_ref()
                .filter(|(set, _)| props.query.further && *set == params.set)
                .map(|(_, p)| *p);
            html! {
                <>
                    { for note }
                    { results_html(sol, *align, on_align, on_select_heap, (*why_heap).clone(), on_why_input, (further, proven_further)) }
                    { misere_section(&props.query, params) }
                </>
            }
        }
        (Some(_), Some(Err(message))) => error_card(message),
        _ => {
            empty_results("Nothing to show yet: fix the ruleset above and the results appear here.")
        }
    };

    html! {
        <>{ page_head("Subtraction games", "A heap of x tokens; a move removes s tokens for some s in the set (s ≤ x); whoever cannot move loses. HeapLab computes the nim-value G(x) = mex of the options' values and proves the eventual period from repeating windows of the last max S values.") }
            { form_html }
            { results }
        </>
    }
}

/// The misère card: the strip of heaps `0..n` (at most [`MAX_MISERE_HEAPS`]) when the URL
/// says `misere=1`.
fn misere_section(query: &SubtractionQuery, params: &SubtractionParams) -> Html {
    let mut toggled = query.clone();
    toggled.misere = !query.misere;
    let request = query.misere.then(|| MisereRequest {
        key: params.kind.key().to_string(),
        text: params.set.to_text(),
        max_heap: (params.terms - 1).clamp(1, MAX_MISERE_HEAPS),
    });
    misere_card(request, toggled.to_hash())
}

/// Everything below the form for one solution; `further` is the "search further" card and
/// the outcome period it proved, which the outcome card then shows.
fn results_html(
    sol: &Solution,
    align: bool,
    on_align: Callback<Event>,
    on_select_heap: Callback<u64>,
    why_heap: Option<String>,
    on_why_input: Callback<String>,
    (further, proven_further): (Html, Option<Periodicity>),
) -> Html {
    let n = sol.params.terms;
    let marks = sol.marks();
    let stem = format!(
        "heaplab-{}-{}-n{}",
        sol.params.kind.key(),
        sol.params.set.to_text().replace(',', "-"),
        n
    );
    let max_value = sol.values.iter().copied().max().unwrap_or(0);
    let nim_period = sol.nim_period();
    let facts = match &sol.detail {
        Detail::Finite(report) => html! {
            <>
                { period_facts(&PeriodFactsProps { prefix: "outcome", title: "Outcomes (P/N)", period: proven_further.unwrap_or(report.outcome_period), show_saltus: false }) }
                { period_facts(&PeriodFactsProps { prefix: "nim", title: "Nim-values", period: report.nim_period, show_saltus: false }) }
            </>
        },
        Detail::AllBut(report) => html! {
            { period_facts(&PeriodFactsProps { prefix: "nim", title: "Nim-values (arithmetic period)", period: report.period, show_saltus: true }) }
        },
    };
    let period_sentence = match nim_period {
        Periodicity::Proven {
            preperiod,
            period,
            saltus: 0,
        } => format!("G(x + {period}) = G(x) for every x ≥ {preperiod}."),
        Periodicity::Proven {
            preperiod,
            period,
            saltus,
        } => format!("G(x + {period}) = G(x) + {saltus} for every x ≥ {preperiod}."),
        Periodicity::NotFound { searched } if searched < n => format!(
            "No period found: the page's search for this set stops at {} heaps (its limit), \
             fewer than the {} heaps shown.",
            grouped(searched),
            grouped(n)
        ),
        Periodicity::NotFound { searched } => format!(
            "No period found among the first {} heaps (the page's search limit for this set).",
            grouped(searched)
        ),
    };
    let align_to = if align { nim_period.period() } else { None };
    let strip_marks: Vec<u64> = marks.iter().map(|(h, _)| *h).collect();
    let chart_marks: Vec<ChartMark> = marks
        .iter()
        .map(|(heap, label)| ChartMark {
            heap: *heap,
            label: label.clone(),
        })
        .collect();
    let sequence_text = sequence_preview(sol);
    let export = |id, kind| sequence_export(solution_export(sol, id, kind, &stem));
    let why_text = why_heap.unwrap_or_else(|| n.saturating_sub(1).min(10).to_string());
    html! {
        <>
            <div class="panel-grid">
                <section class="card summary">
                    <h2>{ sol.ruleset_text() }</h2>
                    <p>{ period_sentence }</p>
                    <p class="sequence" aria-label="Nim-values of the first heaps"><code id="value-text">{ sequence_text }</code></p>
                </section>
                { facts }
            </div>
            { further }
            <section class="card wide">
                <h2>{ "Value strip" }</h2>
                <p class="note">
                    { format!("One cell per heap 0…{}, left to right in rows; P-positions are black. ", n - 1) }
                    { if strip_marks.is_empty() { "No proven period to mark. " } else { "White bars on a cell's left edge (cells of 4 px or more) mark where the period starts and where its first repetition ends. " } }
                    { "Click a cell to explain that heap." }
                </p>
                <label class="check">
                    <input type="checkbox" id="align-period" checked={align} onchange={on_align} disabled={nim_period.period().is_none()} />
                    { "Rows a multiple of the period long (periodic columns line up)" }
                </label>
                <ValueStrip values={sol.values.clone()} marks={strip_marks} align={align_to} on_select={on_select_heap} label={format!("Nim-values of heaps 0 to {} of {}", n - 1, sol.ruleset_text())}>
                    { export("strip-figure", SequenceKind::ValueStrip) }
                </ValueStrip>
                { value_legend(max_value) }
            </section>
            <section class="card wide">
                <h2>{ "Nim-value against heap" }</h2>
                <ValueChart values={Rc::new(sol.values.iter().map(|&v| v as f64).collect::<Vec<f64>>())} marks={chart_marks} label={format!("Chart of nim-value against heap for {}", sol.ruleset_text())}>
                    { export("chart-figure", SequenceKind::ValueChart) }
                </ValueChart>
            </section>
            <div class="panel-grid">
                { why(&WhyProps { solution: Rc::new(SolutionRef::from(sol)), heap_text: why_text, on_input: on_why_input }) }
                { match &sol.detail {
                    Detail::Finite(report) => html! { <Play set={sol.params.set.clone()} report={report.clone()} /> },
                    Detail::AllBut(_) => html! {
                        <section class="card" id="play-panel">
                            <h2>{ "Play" }</h2>
                            <p class="note">{ "Play mode is for finite sets S: switch the ruleset above to a finite set to play against the perfect opponent." }</p>
                        </section>
                    },
                } }
            </div>
        </>
    }
}

/// The export of the solution's nim-values as a chart or strip (`kind`): the figure the CLI's
/// `heaplab subtraction … --figure` draws, with the same title, caption and link.
fn solution_export(
    sol: &Solution,
    id: &'static str,
    kind: SequenceKind,
    stem: &str,
) -> SequenceExport {
    let (key, set) = (sol.params.kind.key(), sol.params.set.to_text());
    let n = sol.values.len() as u64;
    let (game, option, caption) = match &sol.detail {
        Detail::Finite(report) => (
            format!("Subtraction game S = {{{set}}}"),
            "set",
            format!("Nim-sequence: {}.", report.nim_period.describe()),
        ),
        Detail::AllBut(report) => (
            format!("All-but subtraction N \\ {{{set}}}"),
            "all-but",
            format!("Arithmetic period: {}.", report.period.describe()),
        ),
    };
    let what = if kind == SequenceKind::ValueStrip {
        "strip"
    } else {
        "values"
    };
    SequenceExport {
        id,
        stem: format!("{stem}-{what}"),
        link: subtraction_link(key, &set, n),
        pdf_command: format!("heaplab subtraction --{option} {set} --terms {n} --figure-kind {what} --figure {id}.pdf"),
        kind,
        game,
        values: Some(Rc::new(sol.values.iter().map(|&v| v as f64).collect())),
        outcomes: Rc::new(outcome_letters(&sol.values)),
        caption,
    }
}

/// The first values as text, `0 0 1 1 0 2 …`, at most 200 of them.
fn sequence_preview(sol: &Solution) -> String {
    const SHOWN: usize = 200;
    let mut text: Vec<String> = sol.values.iter().take(SHOWN).map(u64::to_string).collect();
    if sol.values.len() > SHOWN {
        text.push("…".into());
    }
    text.join(" ")
}

/// What the "why" panel needs from a solution (cheap to clone into props).
#[derive(Debug, PartialEq, Clone)]
pub struct SolutionRef {
    /// Finite or all-but, the set, and n.
    pub params: SubtractionParams,
    /// Nim-values of heaps `0..n`.
    pub values: Rc<Vec<u64>>,
    /// The finite report (for the engine's `options` and `winning_move`), if finite.
    pub finite: Option<Rc<SubtractionReport>>,
}

impl From<&Solution> for SolutionRef {
    fn from(sol: &Solution) -> Self {
        SolutionRef {
            params: sol.params.clone(),
            values: sol.values.clone(),
            finite: match &sol.detail {
                Detail::Finite(r) => Some(r.clone()),
                Detail::AllBut(_) => None,
            },
        }
    }
}
