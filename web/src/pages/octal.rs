//! The octal games page, `#/octal?code=.77&max=1000000&from=0&to=200`: a code or a famous game,
//! its nim-sequence computed and its period proven (thesis Theorem 3.73) in a Web Worker with
//! progress and cancel, the sequence plotted with rare values highlighted (Theorem 3.81), and
//! PNG/SVG/CSV exports. The URL holds the whole state; the engine computes everything.

pub mod catalogue;
pub mod certificate;
pub mod position;

use std::rc::Rc;

use heaplab_engine::octal::position::HeapValues;
use heaplab_engine::octal::{self, named_games, OctalReport};
use heaplab_figures::views::heaps::{octal_link, SequenceKind};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters_canvas::CanvasBackend;
use web_sys::HtmlCanvasElement;
use yew::prelude::*;
use yew::props;

use crate::components::export::download_text;
use crate::components::field::{
    edit_text, submit_or_rerun, text_field, use_live_form, TextFieldProps,
};
use crate::components::job_status::job_status;
use crate::components::misere_strip::misere_card;
use crate::components::page::{empty_results, error_card, page_head};
use crate::components::sequence_export::{sequence_export, SequenceExport};
use crate::format::grouped;
use crate::jobs::use_job;
use crate::route::misere::MisereRequest;
use crate::route::{navigate, OctalParams, OctalQuery};
use crate::worker::{JobSpec, OctalRequest};

/// Plot size in pixels.
const PLOT_WIDTH: u32 = 960;
const PLOT_HEIGHT: u32 = 360;
/// At most this many common points are drawn (a stride sample); rare points are all drawn.
const MAX_POINTS: usize = 20_000;
/// Colours: common values, rare values, preperiod and period marks.
const COMMON_INK: RGBColor = RGBColor(37, 99, 235);
const RARE_INK: RGBColor = RGBColor(220, 38, 38);
const PREPERIOD_INK: RGBColor = RGBColor(22, 163, 74);
const PERIOD_INK: RGBColor = RGBColor(217, 119, 6);

/// The plotted heaps `from..to` clamped to the `len` heaps computed.
pub fn plotted_range(len: usize, from: u64, to: Option<u64>) -> (usize, usize) {
    let end = to.map_or(len, |to| (to as usize).min(len));
    let start = (from as usize).min(end.saturating_sub(1));
    (start, end.max(start + 1).min(len.max(1)))
}

/// The values as CSV: `heap,value,class` with class `rare`/`common` (or empty without a mask).
pub fn values_csv(values: &[u32], mask: Option<u32>) -> String {
    let mut csv = String::from("heap,value,class\n");
    for (n, &v) in values.iter().enumerate() {
        let class = match mask {
            Some(m) if octal::is_rare(v, m) => "rare",
            Some(_) => "common",
            None => "",
        };
        csv.push_str(&format!("{n},{v},{class}\n"));
    }
    csv
}

/// Heaps drawn in `start..end`: every `stride`-th heap, plus every rare heap.
pub fn drawn_heaps(values: &[u32], start: usize, end: usize, mask: Option<u32>) -> Vec<usize> {
    let stride = (end - start).div_ceil(MAX_POINTS).max(1);
    (start..end)
        .filter(|&n| {
            (n - start).is_multiple_of(stride) || mask.is_some_and(|m| octal::is_rare(values[n], m))
        })
        .collect()
}

/// Draws the plot of heaps `start..end` on any plotters backend (canvas or SVG).
fn draw_plot<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    report: &OctalReport,
    values: &[u32],
    (start, end): (usize, usize),
) -> Result<(), String> {
    let err = |e: &dyn std::fmt::Display| e.to_string();
    root.fill(&WHITE).map_err(|e| err(&e))?;
    let top = values[start..end].iter().copied().max().unwrap_or(0) + 1;
    let mut chart = ChartBuilder::on(root)
        .margin(12)
        .margin_right(40)
        .x_label_area_size(36)
        .y_label_area_size(48)
        .build_cartesian_2d(start as u64..end as u64, 0u32..top)
        .map_err(|e| err(&e))?;
    chart
        .configure_mesh()
        .x_desc("heap n")
        .y_desc("nim-value G(n)")
        .light_line_style(RGBColor(238, 238, 238))
        .draw()
        .map_err(|e| err(&e))?;
    let mask = report.ignore_mask;
    let heaps = drawn_heaps(values, start, end, mask);
    let rare = |n: &usize| mask.is_some_and(|m| octal::is_rare(values[*n], m));
    let size = if end - start <= 400 { 2 } else { 1 };
    chart
        .draw_series(
            heaps
                .iter()
                .filter(|n| !rare(n))
                .map(|&n| Circle::new((n as u64, values[n]), size, COMMON_INK.filled())),
        )
        .map_err(|e| err(&e))?;
    chart
        .draw_series(
            heaps
                .iter()
                .filter(|n| rare(n))
                .map(|&n| Circle::new((n as u64, values[n]), 3, RARE_INK.filled())),
        )
        .map_err(|e| err(&e))?;
    if let (Some(n0), Some(p)) = (report.preperiod(), report.periodicity.period()) {
        for (heap, ink) in [(n0, PREPERIOD_INK), (n0 + p, PERIOD_INK)] {
            if (start as u64..end as u64).contains(&heap) {
                chart
                    .draw_series(DashedLineSeries::new(
                        [(heap, 0), (heap, top)],
                        6,
                        4,
                        ink.stroke_width(2),
                    ))
                    .map_err(|e| err(&e))?;
            }
        }
    }
    root.present().map_err(|e| err(&e))
}

/// The plot's size in canvas pixels: one per CSS pixel of the box it sits in (at most
/// [`PLOT_WIDTH`]), so its text keeps its size on a phone instead of being scaled down.
fn plot_size(canvas: &HtmlCanvasElement) -> (u32, u32) {
    let box_width = canvas
        .parent_element()
        .map_or(0, |p| p.client_width())
        .try_into()
        .unwrap_or(0u32);
    let w = if box_width == 0 {
        PLOT_WIDTH
    } else {
        box_width.min(PLOT_WIDTH)
    };
    (w, PLOT_HEIGHT.min(w * 3 / 4).max(220))
}

/// Properties of [`OctalPage`].
#[derive(Properties, PartialEq)]
pub struct OctalPageProps {
    /// The URL state.
    pub query: OctalQuery,
}

/// The `#/octal` page: the form card (Compute, or Enter), the famous games, then the job.
#[function_component(OctalPage)]
pub fn octal_page(props: &OctalPageProps) -> Html {
    let query = props.query.clone();
    let form = use_live_form(&query, OctalQuery::validate, OctalQuery::to_hash);
    let form_error = form.validate().err().map(|e| e.to_string());
    // Compute on the state already shown (say, after Cancel) computes it again.
    let attempt = use_state_eq(|| 0u32);
    let onsubmit = {
        let attempt = attempt.clone();
        submit_or_rerun(
            &form,
            &query,
            OctalQuery::validate,
            OctalQuery::to_hash,
            |form, _| form.clone(),
            move |_| attempt.set(*attempt + 1),
        )
    };
    let presets = named_games().into_iter().map(|(name, code)| {
        let mut next = query.clone();
        next.code = code.clone();
        next.from = "0".into();
        next.to = String::new();
        let onclick = Callback::from(move |_: MouseEvent| navigate(&next.to_hash()));
        html! { <button type="button" class="preset" {onclick}>{ format!("{name} {code}") }</button> }
    });
    let results = match query.validate() {
        Ok(params) => html! { <OctalJob key={attempt.to_string()} {params} query={query.clone()} /> },
        Err(_) => empty_results(
            "Nothing to compute yet: fix the code or the numbers above and the results appear here.",
        ),
    };
    html! {
        <>{ page_head("Octal and hexadecimal games", "A code d0·d1d2…dk: digit d_k = 2^a + 2^b + … lets a player remove k tokens and leave exactly a or b or … non-empty heaps (thesis Def. 3.8). Periods are proven by the Simple periodicity theorem 3.73.") }
            <form class="card ruleset-form octal-form" {onsubmit} novalidate=true aria-label="Octal game">
                { text_field(&props!(TextFieldProps { id: "octal-code", label: "Code or name", value: form.code.clone(), oninput: edit_text(&form, |q, t| q.code = t), hint: ".77 or kayles" })) }
                { text_field(&props!(TextFieldProps { id: "octal-max", label: "Heap budget", narrow: true, inputmode: "numeric", value: form.max.clone(), oninput: edit_text(&form, |q, t| q.max = t) })) }
                { text_field(&props!(TextFieldProps { id: "octal-from", label: "Plot from", narrow: true, inputmode: "numeric", value: form.from.clone(), oninput: edit_text(&form, |q, t| q.from = t) })) }
                { text_field(&props!(TextFieldProps { id: "octal-to", label: "to", narrow: true, inputmode: "numeric", value: form.to.clone(), oninput: edit_text(&form, |q, t| q.to = t), hint: "all" })) }
                <div class="field actions"><button type="submit" class="primary" id="octal-compute">{ "Compute" }</button></div>
                <p class="hint" id="octal-hint">{ "Enter or Compute starts a run; a valid edit also starts one after a moment." }</p>
                if let Some(e) = form_error {
                    <p id="octal-error" class="form-error" role="alert">{ e }</p>
                }
            </form>
            <div class="presets" aria-label="Famous games">{ for presets }</div>
            { results }
            { catalogue::catalogue() }
        </>
    }
}

/// Properties of [`OctalJob`].
#[derive(Properties, PartialEq)]
pub struct OctalJobProps {
    /// The valid URL state.
    pub params: OctalParams,
    /// The URL state as typed (the zoom buttons and the position panel change it).
    pub query: OctalQuery,
}

/// Proves the game in the Web Worker (the shared progress line and Cancel), then shows the
/// facts, the plot and the position panel.
#[function_component(OctalJob)]
pub fn octal_job(props: &OctalJobProps) -> Html {
    let params = &props.params;
    let job = use_job(JobSpec::Octal(OctalRequest {
        code: params.rules.ascii(),
        max_heaps: params.max,
    }));
    let done = job.output().cloned();
    let solved = done.as_ref().and_then(|d| d.octal());
    // The values of every heap, extended by the proven period, for the position panel.
    let heap_values = use_memo(done.clone(), |done| {
        let (report, values) = done.as_ref()?.octal()?.ok()?;
        Some(Rc::new(HeapValues::from_report(report, values.clone())))
    });
    let range = match solved {
        Some(Ok(s)) => Some(plotted_range(s.1.len(), params.from, params.to)),
        _ => None,
    };
    let canvas = use_node_ref();
    let problem = use_state(|| None::<String>);
    {
        let canvas = canvas.clone();
        let problem = problem.clone();
        use_effect_with((done.clone(), range), move |(done, range)| {
            let solved = done.as_ref().and_then(|d| d.octal()?.ok());
            if let (Some(solved), Some(range), Some(c)) =
                (solved, range, canvas.cast::<HtmlCanvasElement>())
            {
                let (w, h) = plot_size(&c);
                c.set_width(w);
                c.set_height(h);
                let drawn = CanvasBackend::with_canvas_object(c)
                    .ok_or_else(|| "no 2-D canvas context".to_string())
                    .and_then(|backend| {
                        draw_plot(&backend.into_drawing_area(), &solved.0, &solved.1, *range)
                    });
                problem.set(drawn.err());
            }
        });
    }
    let commit = {
        let query = props.query.clone();
        move |change: &dyn Fn(&mut OctalQuery)| {
            let mut next = query.clone();
            change(&mut next);
            navigate(&next.to_hash());
        }
    };
    let on_heaps = {
        let commit = commit.clone();
        Callback::from(move |text: String| {
            commit(&|q: &mut OctalQuery| q.heaps = text.trim().to_string());
        })
    };
    let body = match solved {
        Some(Ok(solved)) => {
            solved_view(solved, range.unwrap_or((0, 1)), &canvas, &problem, &commit)
        }
        Some(Err(message)) => error_card(message),
        None => html! {},
    };
    let what = format!(
        "{} up to {} heaps",
        params.rules.ascii(),
        grouped(params.max)
    );
    html! {
        <>
            { job_status("octal-job", &what, &job) }
            { body }
            <position::PositionPanel rules={params.rules.clone()} heaps_text={props.query.heaps.clone()} on_commit={on_heaps} values={(*heap_values).clone()} />
            { misere_section(&props.query, params) }
        </>
    }
}

/// The most heaps of a code's misère strip: a split leaves sums of heaps, which the search
/// stores, so codes get fewer heaps than subtraction games.
pub const MISERE_CODE_HEAPS: u64 = 100;

/// The misère card: the strip of heaps `0..=100` when the URL says `misere=1`.
fn misere_section(query: &OctalQuery, params: &OctalParams) -> Html {
    let mut toggled = query.clone();
    toggled.misere = !query.misere;
    let request = query.misere.then(|| MisereRequest {
        key: "code".into(),
        text: params.rules.ascii(),
        max_heap: MISERE_CODE_HEAPS.min(params.max),
    });
    misere_card(request, toggled.to_hash())
}

/// The badge over a result: proven, observed but not proven (as the CLI's `observed`; the proof
/// line below says what bound a proof would need), or not yet periodic.
pub fn verdict(report: &OctalReport) -> String {
    match (report.proven(), report.observed) {
        (true, _) if report.periodicity.saltus() == Some(0) => {
            format!("proven by Theorem 3.73 up to {}", grouped(report.computed))
        }
        (true, _) => format!(
            "proven arithmetic-periodic up to {}",
            grouped(report.computed)
        ),
        (false, Some(o)) => format!(
            "observed, not proven: G(n + {}) = G(n) + {} from heap {}",
            grouped(o.period),
            grouped(o.saltus),
            grouped(o.preperiod)
        ),
        (false, None) => format!("not yet periodic up to {}", grouped(report.computed)),
    }
}

/// "Export figure…" of the plot: the nim-values of heaps 0 to the plot's end (at most the
/// figure layer's 1,000) as `heaplab octal CODE --terms N --figure` draws them.
fn plot_export(report: &OctalReport, values: &[u32], range: (usize, usize), stem: &str) -> Html {
    let n = range.1.min(values.len());
    let game = match &report.name {
        Some(name) => format!("Octal game {} ({name})", report.code),
        None => format!("Octal game {}", report.code),
    };
    let shown = &values[..n];
    sequence_export(SequenceExport {
        id: "octal-figure",
        stem: format!("octal-{stem}"),
        link: octal_link(&report.ascii, n as u64),
        pdf_command: format!(
            "heaplab octal {} --terms {n} --figure octal.pdf",
            report.ascii
        ),
        kind: SequenceKind::ValueChart,
        game,
        values: Some(Rc::new(shown.iter().map(|&v| f64::from(v)).collect())),
        outcomes: Rc::new(
            shown
                .iter()
                .map(|&v| if v == 0 { 'P' } else { 'N' })
                .collect(),
        ),
        caption: format!("{}.", report.periodicity.describe()),
    })
}

/// The facts, badge, plot, legend and exports of a solved game.
fn solved_view(
    solved: &(OctalReport, Vec<u32>),
    range: (usize, usize),
    canvas: &NodeRef,
    problem: &UseStateHandle<Option<String>>,
    commit: &(impl Fn(&dyn Fn(&mut OctalQuery)) + Clone + 'static),
) -> Html {
    let (report, values) = (&solved.0, &solved.1);
    let stem = report
        .ascii
        .trim_start_matches('.')
        .replace(['(', ')', '.'], "_");
    let badge = verdict(report);
    let text = |v: Option<u64>| v.map_or("—".to_string(), grouped);
    let csv = {
        let solved = solved.clone();
        let problem = problem.clone();
        let name = format!("octal-{stem}.csv");
        Callback::from(move |_: MouseEvent| {
            let text = values_csv(&solved.1, solved.0.ignore_mask);
            if let Err(e) = download_text(&text, &name, "text/csv") {
                problem.set(Some(e));
            }
        })
    };
    let zoom = |label: &'static str, id: &'static str, from: u64, to: Option<u64>| {
        let commit = commit.clone();
        let onclick = Callback::from(move |_: MouseEvent| {
            commit(&|q: &mut OctalQuery| {
                q.from = from.to_string();
                q.to = to.map_or(String::new(), |t| t.to_string());
            })
        });
        html! { <button type="button" {id} {onclick}>{ label }</button> }
    };
    let period_end = report
        .preperiod()
        .zip(report.periodicity.period())
        .map(|(n0, p)| n0 + 2 * p);
    let plotted: String = values[range.0..range.1.min(range.0 + 200)]
        .iter()
        .map(|v| v.to_string())
        .collect::<Vec<_>>()
        .join(",");
    html! {
        <div class="octal-result">
            <p id="octal-badge" class={if report.proven() { "badge proven" } else { "badge open" }}>{ badge }</p>
            <dl class="facts">
                <dt>{ "game" }</dt><dd id="octal-game">{ format!("{} {}", report.code, report.name.clone().unwrap_or_default()) }</dd>
                <dt>{ "period" }</dt><dd id="octal-period">{ text(report.periodicity.period()) }</dd>
                <dt>{ "preperiod n0" }</dt><dd id="octal-preperiod">{ text(report.preperiod()) }</dd>
                <dt>{ "last exception" }</dt><dd id="octal-last-exception">{ text(report.last_exception()) }</dd>
                <dt>{ "method" }</dt><dd id="octal-method">{ format!("{:?}", report.method) }</dd>
                <dt>{ "ignore mask" }</dt><dd id="octal-mask">{ report.ignore_mask.map_or("— (no sparse space in use)".to_string(), |m| m.to_string()) }</dd>
                <dt>{ "rare / common heaps" }</dt><dd id="octal-counts">{ match (report.rare_count, report.common_count) { (Some(r), Some(c)) => format!("{} / {}", grouped(r), grouped(c)), _ => "—".to_string() } }</dd>
            </dl>
            <p class="proof" id="octal-proof">{ report.proof.clone() }</p>
            if let Some(note) = catalogue::beyond_budget(report) {
                <p class="note" id="octal-beyond">{ note }</p>
            }
            <div class="toolbar">
                { zoom("Show all", "octal-zoom-all", 0, None) }
                { zoom("First 200", "octal-zoom-start", 0, Some(200)) }
                if let Some(end) = period_end {
                    { zoom("Preperiod + 2 periods", "octal-zoom-period", 0, Some(end)) }
                }
            </div>
            <canvas ref={canvas.clone()} id="octal-plot" width={PLOT_WIDTH.to_string()} height={PLOT_HEIGHT.to_string()} role="img"
                data-from={range.0.to_string()} data-to={range.1.to_string()} data-values={plotted}
                aria-label={format!("nim-values of {} for heaps {} to {}", report.code, range.0, range.1 - 1)}></canvas>
            <p class="legend" id="octal-legend">
                <span class="octal-common">{ "● common value" }</span>{ " · " }
                <span class="octal-rare">{ "● rare value (Theorem 3.81)" }</span>{ " · " }
                <span class="octal-preperiod">{ "┆ preperiod n0" }</span>{ " · " }
                <span class="octal-period">{ "┆ n0 + period" }</span>
            </p>
            <div class="toolbar">
                { plot_export(report, values, range, &stem) }
                <button type="button" id="octal-csv" onclick={csv}>{ "Download CSV" }</button>
                { certificate::certificate_button(solved, &stem, problem) }
                if let Some(p) = &**problem {
                    <span class="toolbar-note" role="status">{ format!("The plot could not be drawn: {p}") }</span>
                }
            </div>
        </div>
    }
}
