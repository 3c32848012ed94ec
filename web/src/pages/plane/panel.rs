//! The picture panel: zoom/pan buttons and Cancel, the progress line, the canvas in its frame,
//! the axes and hover lines, the "Export figure…" dialog, and the legend beside it.

use heaplab_figures::views::plane::{plane_figure, plane_link};
use heaplab_figures::{Figure, Palette};
use yew::prelude::*;

use super::legend::legend_html;
use super::pointer::{pointer_handlers, PointerHandlers};
use super::state::PlaneState;
use crate::components::figure_export::FigureExport;
use crate::components::job_status::{status_line, status_text};
use crate::components::pixel_canvas::{view_button, view_buttons, ViewKey};
use crate::components::window_axes::{bottom_axis, left_axis};
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
    let figure = {
        let (runner, params) = (state.runner.clone(), params.clone());
        Callback::from(move |_: Palette| plane_figure_of(&runner, &params))
    };
    let not_ready = solution.is_none().then(|| {
        AttrValue::from(
            "The window is still being computed: the figure can be exported when it is done.",
        )
    });
    let link = plane_link(&params.moves, w, h, params.mode == PlaneMode::Grundy);
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
                <div class="window-axes">
                    { left_axis("plane-y-axis", "y", (vy0, vy1)) }
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
                    { bottom_axis("plane-x-axis", "x", (vx0, vx1)) }
                </div>
                <p class="map-axes note" id="plane-axes">
                    { format!("Showing x = {:.0} … {:.0} left to right and y = {:.0} … {:.0} bottom to top (zoom ×{}); the window is {w} × {h} cells, one pixel each, (0, 0) at the bottom left.", vx0.max(0.0), (vx1 - 1.0).max(0.0), vy0.max(0.0), (vy1 - 1.0).max(0.0), short_zoom(shown.zoom)) }
                </p>
                <p id="plane-hover" class="map-hover" aria-live="polite">
                    { (**hover).clone().unwrap_or_else(|| "Hover over the picture to read a cell and its row's and column's periods; drag a box or turn the wheel to zoom; Shift+drag (or drag with a finger) to pan.".to_string()) }
                </p>
                <FigureExport id="plane-figure" stem={file_stem(&params)} {link}
                    pdf_command={pdf_command(&params)} {not_ready} {figure} />
            </section>
            <aside class="card map-side" aria-label="Legend">
                { legend_html(&params, solution.as_deref()) }
            </aside>
        </div>
    }
}

/// The window's figure, drawn by the figure layer's builder (the CLI's `plane --figure` draws
/// the same), from the finished solution: outcomes, or nim-values in Grundy mode.
fn plane_figure_of(
    runner: &crate::jobs::JobRunner,
    params: &PlaneParams,
) -> Result<Figure, String> {
    let solution = runner
        .finished()
        .and_then(|s| s.plane_rc())
        .filter(|s| s.report.width == params.width && s.report.height == params.height)
        .ok_or_else(|| "the window is not computed yet".to_string())?;
    let nim = match params.mode {
        PlaneMode::Grundy => Some(
            solution
                .nim
                .as_ref()
                .ok_or_else(|| "the nim-values are not computed yet".to_string())?,
        ),
        PlaneMode::Outcome => None,
    };
    Ok(plane_figure(&params.moves, &solution.grid, nim))
}

/// The CLI command that writes this window's figure as a PDF.
fn pdf_command(params: &PlaneParams) -> String {
    format!(
        "heaplab plane --moves \"{}\" --width {} --height {} --mode {} --figure plane.pdf",
        params.moves.to_text(),
        params.width,
        params.height,
        params.mode.name()
    )
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
