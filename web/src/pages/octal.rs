//! The octal games page, `#/octal?code=.77&max=1000000&from=0&to=200`: a code or a famous game,
//! its nim-sequence computed and its period proven (thesis Theorem 3.73) in a Web Worker with
//! progress and cancel, the sequence plotted with rare values highlighted (Theorem 3.81), and
//! PNG/SVG/CSV exports. The URL holds the whole state; the engine computes everything.

pub mod catalogue;
pub mod position;

use std::rc::Rc;

use heaplab_engine::octal::position::HeapValues;
use heaplab_engine::octal::{self, named_games, OctalReport};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters_canvas::CanvasBackend;
use web_sys::{HtmlCanvasElement, HtmlInputElement};
use yew::prelude::*;

use crate::components::export::{download_canvas, download_text, CopyLink};
use crate::format::progress_text;
use crate::jobs::{JobRunner, JobState, Shared};
use crate::route::{navigate, OctalQuery};
use crate::worker::{JobSpec, OctalRequest, Progress};

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

/// What the page shows below the form.
#[derive(Clone, PartialEq)]
enum Status {
    Running {
        progress: Option<Progress>,
        elapsed_ms: f64,
    },
    Done(Shared),
    Failed(String),
    Cancelled,
    /// No valid code and budget yet.
    Idle,
}

impl Status {
    /// The page's view of the job.
    fn of(state: &JobState) -> Status {
        match state {
            JobState::Idle => Status::Idle,
            JobState::Cancelled => Status::Cancelled,
            JobState::Running {
                progress,
                elapsed_ms,
                ..
            } => Status::Running {
                progress: *progress,
                elapsed_ms: *elapsed_ms,
            },
            JobState::Done(shared) => match shared.octal() {
                Some(Err(message)) => Status::Failed(message.to_string()),
                _ => Status::Done(shared.clone()),
            },
        }
    }

    /// The report and values of a finished job.
    fn solved(&self) -> Option<&(OctalReport, Vec<u32>)> {
        match self {
            Status::Done(shared) => shared.octal()?.ok(),
            _ => None,
        }
    }
}

/// Properties of [`OctalPage`].
#[derive(Properties, PartialEq)]
pub struct OctalPageProps {
    /// The URL state.
    pub query: OctalQuery,
}

/// The `#/octal` page.
#[function_component(OctalPage)]
pub fn octal_page(props: &OctalPageProps) -> Html {
    let query = props.query.clone();
    let valid = query.validate();
    let code_text = use_state(|| query.code.clone());
    let job = use_state_eq(|| JobState::Idle);
    let runner = {
        let setter = job.setter();
        use_memo((), move |_| {
            JobRunner::new(Callback::from(move |s| setter.set(s)))
        })
    };
    let status = Status::of(&job);
    // The values of every heap, extended by the proven period, for the position panel.
    let heap_values = use_memo(status.clone(), |status| {
        status
            .solved()
            .map(|(report, values)| Rc::new(HeapValues::from_report(report, values.clone())))
    });
    let canvas = use_node_ref();
    let problem = use_state(|| None::<String>);

    // A new code or budget in the URL: reset the field and start a job in the worker.
    {
        let code_text = code_text.clone();
        let runner = runner.clone();
        let key = (query.code.clone(), query.max.clone());
        let params = valid.clone();
        use_effect_with(key, move |(code, _)| {
            code_text.set(code.clone());
            match params {
                Ok(params) => runner.start(JobSpec::Octal(OctalRequest {
                    code: params.rules.ascii(),
                    max_heaps: params.max,
                })),
                Err(_) => runner.cancel(),
            }
        });
    }
    // Leaving the page stops the job and terminates its worker.
    {
        let runner = runner.clone();
        use_effect_with((), move |_| move || runner.shut_down());
    }

    let range = match (status.solved(), &valid) {
        (Some(solved), Ok(params)) => Some(plotted_range(solved.1.len(), params.from, params.to)),
        _ => None,
    };
    {
        let canvas = canvas.clone();
        let problem = problem.clone();
        use_effect_with((status.clone(), range), move |(status, range)| {
            if let (Some(solved), Some(range), Some(c)) =
                (status.solved(), range, canvas.cast::<HtmlCanvasElement>())
            {
                c.set_width(PLOT_WIDTH);
                c.set_height(PLOT_HEIGHT);
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
        let query = query.clone();
        move |change: &dyn Fn(&mut OctalQuery)| {
            let mut next = query.clone();
            change(&mut next);
            navigate(&next.to_hash());
        }
    };
    let on_code = {
        let code_text = code_text.clone();
        let commit = commit.clone();
        Callback::from(move |e: InputEvent| {
            let text = e.target_unchecked_into::<HtmlInputElement>().value();
            code_text.set(text.clone());
            if octal::Ruleset::parse(&text).is_ok() {
                commit(&|q: &mut OctalQuery| {
                    q.code = text.trim().to_string();
                    q.from = "0".into();
                    q.to = String::new();
                });
            }
        })
    };
    let field = |name: &'static str, value: String| {
        let commit = commit.clone();
        Callback::from(move |e: Event| {
            let text = e.target_unchecked_into::<HtmlInputElement>().value();
            commit(&|q: &mut OctalQuery| match name {
                "max" => q.max = text.clone(),
                "from" => q.from = text.clone(),
                _ => q.to = text.clone(),
            });
            let _ = &value;
        })
    };
    let on_heaps = {
        let commit = commit.clone();
        Callback::from(move |text: String| {
            commit(&|q: &mut OctalQuery| q.heaps = text.trim().to_string());
        })
    };
    let on_cancel = {
        let runner = runner.clone();
        Callback::from(move |_: MouseEvent| runner.cancel())
    };
    let code_error = octal::Ruleset::parse(&code_text)
        .err()
        .map(|e| e.to_string());
    let query_error = valid.as_ref().err().map(|e| e.to_string());

    let presets = named_games().into_iter().map(|(name, code)| {
        let commit = commit.clone();
        let target = code.clone();
        let onclick = Callback::from(move |_: MouseEvent| {
            commit(&|q: &mut OctalQuery| {
                q.code = target.clone();
                q.from = "0".into();
                q.to = String::new();
            })
        });
        html! { <button type="button" class="preset" {onclick}>{ format!("{name} {code}") }</button> }
    });

    let body = match &status {
        Status::Running {
            progress,
            elapsed_ms,
        } => html! {
            <div class="map-progress-line">
                <progress id="octal-progress" max={progress.map_or(1, |p| p.total.max(1)).to_string()} value={progress.map_or(0, |p| p.done).to_string()} aria-label="Heaps computed"></progress>
                <span id="octal-status">{ match progress {
                    Some(p) => format!("Computing: {}", progress_text(p, *elapsed_ms)),
                    None => "Computing…".to_string(),
                } }</span>
                <button type="button" id="octal-cancel" onclick={on_cancel}>{ "Cancel" }</button>
            </div>
        },
        Status::Cancelled => {
            html! { <p id="octal-status" role="status">{ "Cancelled." }</p> }
        }
        Status::Idle => {
            html! { <p id="octal-status" role="status">{ "Nothing to compute yet." }</p> }
        }
        Status::Failed(message) => {
            html! { <p id="octal-status" class="error" role="alert">{ message.clone() }</p> }
        }
        Status::Done(_) => match status.solved() {
            Some(solved) => {
                solved_view(solved, range.unwrap_or((0, 1)), &canvas, &problem, &commit)
            }
            None => html! {},
        },
    };

    html! {
        <section class="page octal">
            <h1>{ "Octal and hexadecimal games" }</h1>
            <p>{ "A code d0·d1d2…dk: digit d_k = 2^a + 2^b + … lets a player remove k tokens and leave exactly a or b or … non-empty heaps (thesis Def. 3.8). Periods are proven by the Simple periodicity theorem 3.73." }</p>
            <form class="octal-form" onsubmit={Callback::from(|e: SubmitEvent| e.prevent_default())}>
                <label for="octal-code">{ "Code or name" }</label>
                <input id="octal-code" type="text" value={(*code_text).clone()} oninput={on_code} aria-invalid={code_error.is_some().to_string()} spellcheck="false" autocomplete="off" />
                <label for="octal-max">{ "Heap budget" }</label>
                <input id="octal-max" type="text" inputmode="numeric" value={query.max.clone()} onchange={field("max", query.max.clone())} />
                <label for="octal-from">{ "Plot from" }</label>
                <input id="octal-from" type="text" inputmode="numeric" value={query.from.clone()} onchange={field("from", query.from.clone())} />
                <label for="octal-to">{ "to" }</label>
                <input id="octal-to" type="text" inputmode="numeric" value={query.to.clone()} placeholder="all" onchange={field("to", query.to.clone())} />
            </form>
            if let Some(e) = code_error.or(query_error) {
                <p id="octal-error" class="error" role="alert">{ e }</p>
            }
            <div class="presets" aria-label="Famous games">{ for presets }</div>
            { body }
            if let Ok(params) = &valid {
                <position::PositionPanel rules={params.rules.clone()} heaps_text={query.heaps.clone()} on_commit={on_heaps} values={(*heap_values).clone()} />
            }
            <catalogue::Catalogue />
        </section>
    }
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
    let badge = if report.proven() {
        format!("proven by Theorem 3.73 up to {}", report.computed)
    } else {
        format!("not yet periodic up to {}", report.computed)
    };
    let text = |v: Option<u64>| v.map_or("—".to_string(), |v| v.to_string());
    let png = {
        let canvas = canvas.clone();
        let problem = problem.clone();
        let name = format!("octal-{stem}.png");
        Callback::from(move |_: MouseEvent| {
            if let Some(c) = canvas.cast::<HtmlCanvasElement>() {
                if let Err(e) = download_canvas(&c, &name) {
                    problem.set(Some(e));
                }
            }
        })
    };
    let svg = {
        let solved = solved.clone();
        let problem = problem.clone();
        let name = format!("octal-{stem}.svg");
        Callback::from(move |_: MouseEvent| {
            let mut text = String::new();
            let drawn = {
                let root = SVGBackend::with_string(&mut text, (PLOT_WIDTH, PLOT_HEIGHT))
                    .into_drawing_area();
                draw_plot(&root, &solved.0, &solved.1, range)
            };
            if let Err(e) = drawn.and_then(|_| download_text(&text, &name, "image/svg+xml")) {
                problem.set(Some(e));
            }
        })
    };
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
                <dt>{ "rare / common heaps" }</dt><dd id="octal-counts">{ match (report.rare_count, report.common_count) { (Some(r), Some(c)) => format!("{r} / {c}"), _ => "—".to_string() } }</dd>
            </dl>
            <p class="proof">{ report.proof.clone() }</p>
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
                <button type="button" id="octal-png" onclick={png}>{ "Download PNG" }</button>
                <button type="button" id="octal-svg" onclick={svg}>{ "Download SVG" }</button>
                <button type="button" id="octal-csv" onclick={csv}>{ "Download CSV" }</button>
                <CopyLink />
                if let Some(p) = &**problem {
                    <span class="toolbar-note" role="status">{ format!("The plot could not be drawn: {p}") }</span>
                }
            </div>
        </div>
    }
}
