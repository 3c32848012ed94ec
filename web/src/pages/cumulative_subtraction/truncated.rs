//! The truncated-support explorer (Section 6): `tr^m = (tr_a^m)` for `a = 1 … m−1`
//! (Definition 11: `tr_a^m = j` when `ξ({a, …, m}) ∈ (2(j−1)m, 2jm]`) plotted as in Figure 3,
//! with the check of Conjecture 16 for this `m`, the figure layer's `truncated_figure` (as
//! `heaplab truncated --figure` draws it) and a CSV; computed in a Web Worker. The chart's axes
//! are named as the figure's: `tr(a)` for `tr_a^m`.

use heaplab_engine::cumulative_subtraction::DualityCheck;
use heaplab_figures::views::cumulative::truncated_figure;
use plotters::prelude::*;
use web_sys::HtmlCanvasElement;
use yew::prelude::*;

use crate::components::export::download_text;
use crate::components::figure_export::FigureExport;
use crate::components::job_status::job_status;
use crate::components::sequence_export::{current_hash, figure_callback};
use crate::components::value_chart::device_area;
use crate::jobs::use_job;
use crate::worker::JobSpec;

/// The chart's largest width and its height, in CSS pixels.
const WIDTH: u32 = 720;
const HEIGHT: u32 = 300;

/// Properties of [`Truncated`].
#[derive(Properties, PartialEq)]
pub struct TruncatedProps {
    /// The largest action `m`.
    pub m: u32,
}

/// Draws `tr_a^m` against `a` with plotters, on the figure's axis labels.
fn draw(canvas: HtmlCanvasElement, m: u32, tr: &[u64]) -> Result<(), String> {
    let root = device_area(canvas, WIDTH, HEIGHT)?;
    let err = |e: &dyn std::fmt::Display| e.to_string();
    root.fill(&WHITE).map_err(|e| err(&e))?;
    // `u32` up, as the octal page's plot: the two charts share plotters' code in the module
    // (the values are `j`s of Definition 11, far below `u32::MAX`).
    let tr: Vec<u32> = tr
        .iter()
        .map(|&t| u32::try_from(t).unwrap_or(u32::MAX))
        .collect();
    let top = tr.iter().copied().max().unwrap_or(1).saturating_add(1);
    let mut chart = ChartBuilder::on(&root)
        .margin(12)
        .margin_right(24)
        .x_label_area_size(36)
        .y_label_area_size(52)
        .build_cartesian_2d(0u64..u64::from(m), 0u32..top)
        .map_err(|e| err(&e))?;
    chart
        .configure_mesh()
        .x_desc("a (the game {a, …, m})")
        .y_desc(format!("truncated support tr(a), m = {m}"))
        .light_line_style(RGBColor(238, 238, 238))
        .draw()
        .map_err(|e| err(&e))?;
    let ink = RGBColor(37, 99, 235);
    let points = tr.iter().enumerate().map(|(i, &t)| (i as u64 + 1, t));
    chart
        .draw_series(LineSeries::new(points.clone(), ink.mix(0.35)))
        .map_err(|e| err(&e))?;
    chart
        .draw_series(points.map(|p| Circle::new(p, 3, ink.filled())))
        .map_err(|e| err(&e))?;
    root.present().map_err(|e| err(&e))
}

/// The explorer card (`#cs-truncated`): `tr^m` is computed in a Web Worker
/// ([`crate::jobs`]) with progress and cancel.
#[function_component(Truncated)]
pub fn truncated(props: &TruncatedProps) -> Html {
    let m = props.m;
    let job = use_job(JobSpec::Truncated { m });
    let body = match job.output() {
        Some(result) => match result.truncated() {
            Some(Ok((tr, check))) => {
                html! { <TruncatedView {m} tr={tr.clone()} check={check.clone()} /> }
            }
            Some(Err(e)) => html! { <p class="error" role="alert">{ e.to_string() }</p> },
            None => html! {},
        },
        _ => html! {},
    };
    html! {
        <section class="card" id="cs-truncated" aria-labelledby="cs-truncated-title">
            <h2 id="cs-truncated-title">{ format!("Truncated support, m = {m} (Figure 3)") }</h2>
            <p class="note">{ "The games {a, …, m} for a = 1 … m − 1; tr_a^m = j when ξ lies in (2(j−1)m, 2jm] (Definition 11). The paper draws m = 25, 50 and 100." }</p>
            { job_status("cs-truncated-job", &format!("tr^{m}"), &job) }
            { body }
        </section>
    }
}

/// Properties of [`TruncatedView`].
#[derive(Properties, PartialEq)]
pub struct TruncatedViewProps {
    /// The largest action `m`.
    pub m: u32,
    /// `tr^m`, `a = 1 … m − 1`.
    pub tr: Vec<u64>,
    /// The Conjecture 16 check (for `m >= 3`).
    pub check: Option<DualityCheck>,
}

/// The chart, the sequence, the Conjecture 16 line and the exports.
#[function_component(TruncatedView)]
pub fn truncated_view(props: &TruncatedViewProps) -> Html {
    let m = props.m;
    let canvas = use_node_ref();
    let problem = use_state(|| None::<String>);
    {
        let (canvas, problem) = (canvas.clone(), problem.clone());
        use_effect_with(props.tr.clone(), move |tr| {
            if let Some(c) = canvas.cast::<HtmlCanvasElement>() {
                problem.set(draw(c, m, tr).err());
            }
        });
    }
    let (tr, check) = (props.tr.clone(), props.check.clone());
    let figure = {
        let tr = tr.clone();
        figure_callback(move || Ok(truncated_figure(m, &tr)))
    };
    let on_csv = {
        let (tr, problem) = (tr.clone(), problem.clone());
        Callback::from(move |_: MouseEvent| {
            let mut csv = String::from("a,tr_a^m\n");
            for (i, t) in tr.iter().enumerate() {
                csv.push_str(&format!("{},{t}\n", i + 1));
            }
            problem.set(download_text(&csv, &format!("heaplab-tr-m{m}.csv"), "text/csv").err());
        })
    };
    let conjecture = match &check {
        None => "Conjecture 16 starts at m = 3.".to_string(),
        Some(c) => {
            let bound = (1u64..)
                .take_while(|r| r * r <= 4 * u64::from(m) - 7)
                .last()
                .unwrap_or(0);
            format!(
                "Conjecture 16 at m = {m}: #x^m = {} distinct values, ⌊√(4m − 7)⌋ = {bound}: {}; duality M_(#x+1−a) = Δ_a: {}.",
                c.distinct.len(),
                if c.count_holds { "✓ holds" } else { "✗ fails" },
                if c.duality_holds { "✓ holds" } else { "✗ fails" }
            )
        }
    };
    let text = tr.iter().map(u64::to_string).collect::<Vec<_>>().join(",");
    html! {
        <>
            <canvas ref={canvas} id="cs-tr-chart" class="value-chart" width={WIDTH.to_string()} height={HEIGHT.to_string()} role="img" aria-label={format!("tr^{m} against a")}></canvas>
            <p class="sequence"><code id="cs-tr">{ format!("tr^{m} = ({text})") }</code></p>
            <p id="cs-conjecture16">{ conjecture }</p>
            <div class="toolbar">
                <FigureExport id="cs-tr-figure" stem={format!("heaplab-tr-m{m}")} link={current_hash()}
                    pdf_command={format!("heaplab truncated --m {m} --figure tr-m{m}.pdf")} not_ready={None::<AttrValue>} {figure} />
                <button type="button" id="cs-tr-csv" onclick={on_csv}>{ "Download CSV" }</button>
                if let Some(p) = &*problem {
                    <span class="toolbar-note" role="status">{ p.clone() }</span>
                }
            </div>
        </>
    }
}
