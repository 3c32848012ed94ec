//! Two-pile cumulative subtraction (Section 8; Figures 5 and 6): the outcome grid
//! `o(x1, x2)` as a heatmap on the figure layer's perceptual map (dark low, light high) with
//! its colour bar, one canvas pixel per position with `x1` across and `x2` up, drawn with
//! `views::cumulative::heatmap_pixels` (the CLI's `--out` PNG has the same pixels), with x1
//! and x2 tick labels around it. Zoom, a hover readout, the "Export figure…" dialog (`views::cumulative::heatmap_figure`, as the
//! CLI's `--figure`), the proven row, column and k-diagonal periods, and the checks of
//! Conjectures 18 and 19. The grid is computed in a Web Worker ([`crate::jobs`]).

use heaplab_engine::cumulative_subtraction::{self as cs, TwoPileReport};
use heaplab_engine::Periodicity;
use heaplab_figures::views::cumulative::{heatmap_figure, heatmap_pixels, heatmap_span};
use heaplab_figures::{Figure, Palette};
use web_sys::HtmlCanvasElement;
use yew::prelude::*;

use super::{file_stem, navigate_with};
use crate::components::cell_axes::with_cell_axes;
use crate::components::colour_bar::colour_bar;
use crate::components::export::put_rgba;
use crate::components::figure_export::FigureExport;
use crate::components::job_status::job_status;
use crate::jobs::{use_job, Shared};
use crate::route::cumulative::{CumulativeParams, MAX_ZOOM};
use crate::worker::JobSpec;

/// Properties of [`Heatmap`].
#[derive(Properties, PartialEq)]
pub struct HeatmapProps {
    /// The committed parameters (set, window, zoom).
    pub params: CumulativeParams,
}

/// Draws the grid into `canvas` (one pixel per position) and sizes it on screen by `zoom`.
fn draw(canvas: &HtmlCanvasElement, report: &TwoPileReport, zoom: u32) -> Result<(), String> {
    let (w, h) = (report.width, report.height);
    let rgba = heatmap_pixels(&report.grid, Palette::ColourBlind);
    put_rgba(canvas, &rgba, w, h)?;
    // CSSOM writes are allowed by the Content-Security-Policy (inline style attributes are not).
    let style = canvas.style();
    let _ = style.set_property("width", &format!("{}px", w * zoom));
    let _ = style.set_property("aspect-ratio", &format!("{w} / {h}"));
    Ok(())
}

fn max_action(report: &TwoPileReport) -> u32 {
    report.moves.last().copied().unwrap_or(1)
}

/// The heatmap's figure from the finished job (the CLI's two-pile `--figure` draws the same).
fn heatmap_figure_of(shared: &Shared, set: &str) -> Result<Figure, String> {
    match shared.two_piles() {
        Some(Ok(r)) => Ok(heatmap_figure(set, &r.grid)),
        _ => Err("the grid is not ready".to_string()),
    }
}

/// The heatmap's "Export figure…" dialog: the figure of [`heatmap_figure_of`], named after
/// the set and window, with this view's link as provenance and the CLI command for a PDF.
fn export_html(p: &CumulativeParams, r: &TwoPileReport, shared: &Shared) -> Html {
    let figure = {
        let (shared, set) = (shared.clone(), p.set.to_text());
        Callback::from(move |_: Palette| heatmap_figure_of(&shared, &set))
    };
    let stem = format!("{}-two-piles-{}x{}", file_stem(&p.set), r.width, r.height);
    let pdf_command = format!(
        "heaplab cumulative-subtraction --set {} --piles 2 --width {} --height {} --figure heatmap.pdf",
        p.set.to_text(),
        r.width,
        r.height
    );
    html! {
        <FigureExport id="cs-heatmap-figure" {stem} link={p.to_query().to_hash()}
            {pdf_command} not_ready={None::<AttrValue>} {figure} />
    }
}

/// "period 14 from 102", or "not proven in this window".
fn line_text(p: &Periodicity) -> String {
    match p {
        Periodicity::Proven {
            preperiod, period, ..
        } => format!("period {period} from {preperiod}"),
        Periodicity::NotFound { .. } => "not proven in this window".to_string(),
    }
}

/// The hover readout for the cell under canvas offset `(ox, oy)` of a canvas shown
/// `(cw, ch)` CSS pixels large.
pub fn readout(
    report: &TwoPileReport,
    (ox, oy): (f64, f64),
    (cw, ch): (f64, f64),
) -> Option<String> {
    if cw <= 0.0 || ch <= 0.0 || ox < 0.0 || oy < 0.0 {
        return None;
    }
    let x = (ox * f64::from(report.width) / cw).floor() as u32;
    let row = (oy * f64::from(report.height) / ch).floor() as u32;
    if x >= report.width || row >= report.height {
        return None;
    }
    let y = report.height - 1 - row;
    let o = report.grid[y as usize][x as usize];
    Some(format!(
        "o({x}, {y}) = {o}; row x2 = {y}: {}; column x1 = {x}: {}",
        line_text(&report.rows[y as usize]),
        line_text(&report.columns[x as usize])
    ))
}

/// The heatmap card (`#cs-heatmap-card`): the grid is computed in a Web Worker
/// ([`crate::jobs`]) with progress and cancel, then drawn by [`HeatmapView`].
#[function_component(Heatmap)]
pub fn heatmap(props: &HeatmapProps) -> Html {
    let p = &props.params;
    let job = use_job(JobSpec::TwoPiles {
        moves: p.set.elements().to_vec(),
        width: p.width,
        height: p.height,
    });
    let body = match job.output() {
        Some(result) => match result.two_piles() {
            Some(Ok(_)) => html! { <HeatmapView params={p.clone()} result={result.clone()} /> },
            Some(Err(e)) => html! { <p class="error" role="alert">{ e.to_string() }</p> },
            None => html! {},
        },
        _ => html! {},
    };
    html! {
        <section class="card wide" id="cs-heatmap-card" aria-labelledby="cs-heatmap-title">
            <h2 id="cs-heatmap-title">{ format!("Two piles (Section 8, Figures 5 and 6): {} × {}", p.width, p.height) }</h2>
            <p class="note">{ "The mover picks a pile and plays a CS action there. x1 runs across, x2 up, (0, 0) at the bottom left; dark (purple) is a low outcome, light (yellow) a high one, as on the colour bar below." }</p>
            { job_status("cs-heatmap-job", &format!("the {} × {} grid", p.width, p.height), &job) }
            { body }
        </section>
    }
}

/// Properties of [`HeatmapView`].
#[derive(Properties, PartialEq)]
pub struct HeatmapViewProps {
    /// The committed parameters (set, window, zoom).
    pub params: CumulativeParams,
    /// The finished job; holds a two-pile report.
    pub result: Shared,
}

/// The drawn heatmap with zoom, hover readout, legend, exports and the period checks.
#[function_component(HeatmapView)]
pub fn heatmap_view(props: &HeatmapViewProps) -> Html {
    let p = &props.params;
    let canvas = use_node_ref();
    let hover = use_state(|| None::<String>);
    let problem = use_state(|| None::<String>);
    {
        let (canvas, problem) = (canvas.clone(), problem.clone());
        use_effect_with((props.result.clone(), p.zoom), move |(result, zoom)| {
            if let (Some(c), Some(Ok(r))) = (canvas.cast::<HtmlCanvasElement>(), result.two_piles())
            {
                problem.set(draw(&c, r, *zoom).err());
            }
        });
    }
    let shared = props.result.clone();
    let Some(Ok(r)) = props.result.two_piles() else {
        return html! {};
    };
    let onmousemove = {
        let (hover, shared) = (hover.clone(), shared.clone());
        Callback::from(move |e: MouseEvent| {
            if let (Some(c), Some(Ok(r))) =
                (e.target_dyn_into::<HtmlCanvasElement>(), shared.two_piles())
            {
                let text = readout(
                    r,
                    (f64::from(e.offset_x()), f64::from(e.offset_y())),
                    (f64::from(c.client_width()), f64::from(c.client_height())),
                );
                hover.set(text);
            }
        })
    };
    let zoom_button = |id: &'static str, label: &'static str, text: &'static str, to: u32| {
        let params = p.clone();
        let onclick = Callback::from(move |_: MouseEvent| navigate_with(&params, |q| q.zoom = to));
        let disabled = to == p.zoom;
        html! { <button type="button" {id} aria-label={label} {onclick} {disabled}>{ text }</button> }
    };
    let proven = |lines: &[Periodicity]| lines.iter().filter(|l| l.period().is_some()).count();
    let conjecture_18 = match r.conjecture_18_counterexample() {
        None => format!(
            "Conjecture 18 (rows and columns eventually periodic with period at most 2 max S = {}): no counterexample among the {} rows and {} columns proven here.",
            2 * max_action(r),
            proven(&r.rows),
            proven(&r.columns)
        ),
        Some((kind, index, period)) => format!(
            "Conjecture 18 fails: {kind} {index} has the proven period {period} > 2 max S = {}.",
            2 * max_action(r)
        ),
    };
    let unproven = r.conjecture_19_unproven();
    let conjecture_19 = conjecture_19_text(
        r.diagonals.len(),
        cs::diagonal_reach(r.width, r.height),
        &unproven,
    );
    let diagonal_rows = r.diagonals.iter().filter(|(k, _)| *k >= 0).map(|(k, l)| {
        html! {
            <tr data-k={k.to_string()}>
                <th scope="row">{ k }</th>
                <td class="period">{ l.period().map_or("—".to_string(), |v| v.to_string()) }</td>
                <td class="preperiod">{ l.preperiod().map_or("—".to_string(), |v| v.to_string()) }</td>
            </tr>
        }
    });
    let canvas_html = html! {
        <canvas ref={canvas} id="cs-heatmap" class="cs-heatmap" width={r.width.to_string()} height={r.height.to_string()}
            role="img" aria-label={format!("Outcomes o(x1, x2) of two-pile CS, 0 ≤ x1 < {}, 0 ≤ x2 < {}", r.width, r.height)}
            data-max={max_action(r).to_string()} {onmousemove}></canvas>
    };
    let next_zoom_in = (p.zoom * 2).min(MAX_ZOOM as u32);
    let next_zoom_out = (p.zoom / 2).max(1);
    html! {
        <>
            <div class="toolbar" role="group" aria-label="Zoom">
                { zoom_button("cs-zoom-out", "Zoom out", "−", next_zoom_out) }
                <span class="toolbar-note" id="cs-zoom">{ format!("{} px per cell", p.zoom) }</span>
                { zoom_button("cs-zoom-in", "Zoom in", "+", next_zoom_in) }
            </div>
            <div class="heatmap-scroll">
                { with_cell_axes(canvas_html, ("cs-x1-axis", "cs-x2-axis"), ("x1", "x2"), (r.width, r.height), p.zoom) }
            </div>
            <p class="map-axes note" id="cs-axes">
                { format!("x1 = 0 … {} left to right; x2 = 0 … {} bottom to top; (0, 0) at the bottom left.", r.width - 1, r.height - 1) }
            </p>
            <p id="cs-hover" class="map-readout" role="status">
                { (*hover).clone().unwrap_or_else(|| "Hover over the heatmap to read o(x1, x2).".to_string()) }
            </p>
            <div class="heatmap-legend" id="cs-heatmap-legend">
                { colour_bar("cs-colour-bar", "outcome o(x1, x2)", heatmap_span(&r.grid)) }
            </div>
            if let Some(m) = &*problem {
                <p class="note" role="status">{ m.clone() }</p>
            }
            { export_html(p, r, &shared) }
            <p id="cs-conjecture18">{ conjecture_18 }</p>
            <p id="cs-conjecture19">{ conjecture_19 }</p>
            <details>
                <summary>{ "k-diagonal periods (k ≥ 0; the grid is symmetric, so −k has the same period)" }</summary>
                <p class="note">{ "Proven by a window argument on a quadrant: a shift (p, p) that holds on the two edge strips max S wide holds on the whole quadrant. Preperiods count in x." }</p>
                <div class="table-scroll">
                    <table id="cs-diagonals" class="options">
                        <thead><tr><th scope="col">{ "k" }</th><th scope="col">{ "period" }</th><th scope="col">{ "preperiod" }</th></tr></thead>
                        <tbody>{ for diagonal_rows }</tbody>
                    </table>
                </div>
            </details>
        </>
    }
}

/// The Conjecture 19 line: how many of the `diagonals` k-diagonals `|k| ≤ reach` this window
/// proves periodic, and that the others are open here (the window is too small), not
/// counterexamples.
pub fn conjecture_19_text(diagonals: usize, reach: i64, unproven: &[i64]) -> String {
    let claim = "Conjecture 19 (every k-diagonal (x, x + k) is eventually periodic)";
    let list = || {
        unproven
            .iter()
            .map(i64::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    };
    match unproven.len() {
        0 => format!("{claim}: a period is proven for all {diagonals} diagonals |k| ≤ {reach}."),
        n if n == diagonals => format!(
            "{claim}: open in this window — it is too small to prove a period for any of the {diagonals} diagonals |k| ≤ {reach}. None is a counterexample; a larger window may prove them."
        ),
        n => format!(
            "{claim}: a period is proven for {} of the {diagonals} diagonals |k| ≤ {reach}; for k = {} this window is too small to prove one (not a counterexample).",
            diagonals - n,
            list()
        ),
    }
}
