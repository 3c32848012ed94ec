//! The picture panel: zoom/pan buttons and Cancel, the progress line, the canvas in its frame,
//! the axes and hover lines, the PNG and legend downloads, and the legend beside it.

use heaplab_engine::figure;
use yew::prelude::*;

use super::legend::legend_html;
use super::pointer::{pointer_handlers, PointerHandlers};
use super::render;
use super::state::PlaneState;
use crate::components::export::{download_rgba, download_text, ScaledPng};
use crate::components::job_status::{status_line, status_text};
use crate::components::pixel_canvas::{view_button, view_buttons, ViewKey};
use crate::jobs::JobState;
use crate::route::plane::{PlaneMode, PlaneParams};
use crate::worker_pool::Phase;

/// The picture and its legend for the valid URL state `params`; `go` serves the view buttons.
pub(super) fn picture_html(
    state: &PlaneState,
    params: PlaneParams,
    go: &Callback<ViewKey>,
) -> Html {
    let PlaneState {
        canvas,
        frame,
        boxed,
        hover,
        committed,
        current,
        complete,
        solution,
        ..
    } = state;
    let (w, h) = (params.width, params.height);
    let shown = (*state.view).unwrap_or(params.view);
    let (vx0, vx1, vy0, vy1) = shown.visible(w, h);
    let export = export_png(state, &params);
    let legend_download = legend_svg(state, &params);
    let running = current.as_ref().is_some_and(|p| p.phase == Phase::Running);
    let on_cancel = {
        let runner = state.runner.clone();
        Callback::from(move |_: MouseEvent| runner.cancel())
    };
    let PointerHandlers {
        onpointermove,
        onpointerdown,
        onpointerup,
        onpointerleave,
        onkeydown,
    } = pointer_handlers(state, go);
    html! {
        <div class="map-layout plane-layout">
            <section class="card map-panel" aria-label="Picture">
                <div class="toolbar map-tools" role="group" aria-label="Zoom and pan">
                    { view_buttons("plane", committed.is_none(), go) }
                    { view_button("plane-reset".into(), "Show the whole window", "Whole window", committed.is_none(), ViewKey::Whole, go) }
                    <button type="button" id="plane-cancel" onclick={on_cancel} disabled={!running}>{ "Cancel" }</button>
                </div>
                { status_html(current.as_ref(), &params) }
                <div ref={frame.clone()} class="plane-frame">
                    <canvas
                        ref={canvas.clone()}
                        id="plane-canvas"
                        class="plane-canvas"
                        width={w.to_string()}
                        height={h.to_string()}
                        data-width={w.to_string()}
                        data-height={h.to_string()}
                        data-mode={params.mode.name()}
                        data-complete={complete.to_string()}
                        tabindex="0"
                        role="img"
                        aria-label={format!("Outcomes of 2-D subtraction with moves {}: x from 0 to {} across, y from 0 to {} upwards, P-positions black. Arrow keys pan, + and − zoom, 0 shows the whole window.", params.moves.to_text(), w - 1, h - 1)}
                        {onpointermove} {onpointerdown} {onpointerup} {onpointerleave} {onkeydown}
                    ></canvas>
                    <div ref={boxed.clone()} class="map-box" aria-hidden="true"></div>
                </div>
                <p class="map-axes note" id="plane-axes">
                    { format!("Showing x = {:.0} … {:.0} left to right and y = {:.0} … {:.0} bottom to top (zoom ×{}); the window is {w} × {h} cells, one pixel each, (0, 0) at the bottom left.", vx0.max(0.0), (vx1 - 1.0).max(0.0), vy0.max(0.0), (vy1 - 1.0).max(0.0), short_zoom(shown.zoom)) }
                </p>
                <p id="plane-hover" class="map-hover" aria-live="polite">
                    { (**hover).clone().unwrap_or_else(|| "Hover over the picture to read a cell and its row's and column's periods; drag a box or turn the wheel to zoom; Shift+drag (or drag with a finger) to pan.".to_string()) }
                </p>
                <ScaledPng id="plane-png" label="Download PNG" base={(u64::from(w), u64::from(h))} {export} />
                if params.mode == PlaneMode::Grundy {
                    <div class="toolbar">
                        <button type="button" id="plane-legend-svg" onclick={legend_download} disabled={solution.is_none()}>{ "Download legend SVG" }</button>
                    </div>
                }
            </section>
            <aside class="card map-side" aria-label="Legend">
                { legend_html(&params, solution.as_deref()) }
            </aside>
        </div>
    }
}

/// The PNG download at a scale: the finished picture, rendered again at that scale.
fn export_png(state: &PlaneState, params: &PlaneParams) -> Callback<u32, Result<(), String>> {
    let runner = state.runner.clone();
    let params = params.clone();
    Callback::from(move |scale: u32| {
        let solution = runner
            .finished()
            .and_then(|s| s.plane_rc())
            .filter(|s| s.report.width == params.width && s.report.height == params.height)
            .ok_or_else(|| "the picture is not computed yet".to_string())?;
        download_rgba(
            &render(&solution, params.mode),
            (params.width, params.height),
            scale,
            &format!("{}-x{scale}.png", file_stem(&params)),
        )
    })
}

/// The nim-value legend as an SVG download (Grundy mode, once computed).
fn legend_svg(state: &PlaneState, params: &PlaneParams) -> Callback<MouseEvent> {
    let solution = state.solution.clone();
    let params = params.clone();
    Callback::from(move |_: MouseEvent| {
        if let Some(nim) = solution.as_ref().and_then(|s| s.nim.as_ref()) {
            let _ = download_text(
                &figure::nim_legend_svg(&nim.counts()),
                &format!("{}-legend.svg", file_stem(&params)),
                "image/svg+xml",
            );
        }
    })
}

/// `heaplab-plane-2-6_3-3-3600x2000-outcome`.
fn file_stem(params: &PlaneParams) -> String {
    let moves: Vec<String> = params
        .moves
        .moves()
        .iter()
        .map(|(a, b)| format!("{a}-{b}"))
        .collect();
    format!(
        "heaplab-plane-{}-{}x{}-{}",
        moves.join("_"),
        params.width,
        params.height,
        params.mode.name()
    )
}

/// `4`, `2.5`.
fn short_zoom(zoom: f64) -> String {
    let text = format!("{zoom:.2}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// The window's status line (the one builder, [`status_line`]).
fn status_html(p: Option<&JobState>, params: &PlaneParams) -> Html {
    let then = if params.mode == PlaneMode::Grundy {
        ", then nim-values"
    } else {
        ""
    };
    let (w, h) = (params.width, params.height);
    let what = format!("{w} × {h} cells (rows, then columns{then})");
    let line = p.map(|p| (status_text(&what, "press “Draw” to compute again.", p), p));
    let ids = (
        "plane",
        "plane-status",
        "Cells computed",
        "map-progress-line",
    );
    status_line(ids, line, None, None)
}
