//! The map panel: zoom/pan buttons, Reset and Cancel, the progress line, the canvas in its
//! frame, the axes and hover lines, the resolver's panel, the legend and the downloads.

use heaplab_engine::period_map::Family;
use heaplab_figures::views::period_map::{map_figure, map_link};
use heaplab_figures::{Figure, Palette};
use yew::prelude::*;

use super::legend::legend_html;
use super::pointer::{mouse_handlers, MouseHandlers};
use super::state::MapState;
use crate::components::figure_export::FigureExport;
use crate::components::job_status::{status_line, status_text};
use crate::components::pixel_canvas::{view_buttons, ViewKey};
use crate::components::window_axes::{bottom_axis, left_axis};
use crate::format::grouped;
use crate::route::{navigate, MapParams, MapQuery};
use crate::tiles::runner::{MapRunner, MapSnapshot};
use crate::worker_pool::Phase;

/// The map, its legend and downloads for the valid URL state `params`, with the form
/// (`form_html`) beside it; `go` serves the view buttons.
pub(super) fn map_html(
    state: &MapState,
    params: MapParams,
    form_html: Html,
    go: &Callback<ViewKey>,
) -> Html {
    let MapState {
        canvas,
        boxed,
        hover,
        progress,
        resolver,
        committed,
        ..
    } = state;
    let p = progress
        .as_ref()
        .filter(|p| p.detail.window == params.window);
    let complete = p.is_some_and(|p| p.phase == Phase::Done);
    let w = params.window;
    let (width, height) = (w.x1 - w.x0, w.y1 - w.y0);
    let figure = {
        let runner = state.runner.clone();
        Callback::from(move |palette: Palette| map_figure_of(&runner, params, palette))
    };
    let not_ready = (!complete).then(|| {
        AttrValue::from(
            "The map is still being computed: the figure can be exported when it is done.",
        )
    });
    let on_reset = reset_window(*committed);
    let running = p.is_some_and(|p| p.phase == Phase::Running);
    let on_cancel = {
        let runner = state.runner.clone();
        Callback::from(move |_: MouseEvent| runner.cancel())
    };
    let MouseHandlers {
        onmousemove,
        onmousedown,
        onmouseup,
        onmouseleave,
        onkeydown,
    } = mouse_handlers(state, go);
    html! {
        <div class="map-layout map-with-form">
            { form_html }
            <section class="card map-panel" aria-label="Map">
                <div class="toolbar map-tools" role="group" aria-label="Zoom and pan">
                    { view_buttons("map", false, go) }
                    <button type="button" id="map-reset" onclick={on_reset}>
                        { if matches!(params.family, Family::ThreeMove { .. }) { "Reset to the paper's window" } else { "Reset to the default window" } }
                    </button>
                    <button type="button" id="map-cancel" onclick={on_cancel} disabled={!running}>{ "Cancel" }</button>
                </div>
                { status_html(p) }
                <div class="window-axes">
                    { left_axis("map-y-axis", "s2", (w.y0.into(), w.y1.into())) }
                    <div class="map-frame">
                        <canvas
                            ref={canvas.clone()}
                            id="period-map"
                            class="period-map"
                            width={width.to_string()}
                            height={height.to_string()}
                            data-x0={w.x0.to_string()}
                            data-x1={w.x1.to_string()}
                            data-y0={w.y0.to_string()}
                            data-y1={w.y1.to_string()}
                            data-family={params.family.name()}
                            data-fixed={params.family.fixed().to_string()}
                            data-colour={params.colouring.name()}
                            data-complete={complete.to_string()}
                            data-coarse-ms={p.and_then(|p| p.detail.coarse_ms).map(|ms| (ms.round() as u64).to_string())}
                            tabindex="0"
                            role="img"
                            aria-label={format!("Period map of the {} family, fixed move {}, s1 from {} to {} across, s2 from {} to {} upwards. Arrow keys pan, + and − zoom.", params.family.name(), params.family.fixed(), w.x0, w.x1 - 1, w.y0, w.y1 - 1)}
                            {onmousemove} {onmousedown} {onmouseup} {onmouseleave} {onkeydown}
                        ></canvas>
                        <div ref={boxed.clone()} class="map-box" aria-hidden="true"></div>
                    </div>
                    { bottom_axis("map-x-axis", "s1", (w.x0.into(), w.x1.into())) }
                </div>
                <p class="map-axes note">
                    { format!("s1 = {} … {} left to right; s2 = {} … {} bottom to top. {} × {} pixels, one per ruleset.", w.x0, w.x1 - 1, w.y0, w.y1 - 1, width, height) }
                </p>
                <p id="map-hover" class="map-hover" aria-live="polite">
                    { (**hover).clone().unwrap_or_else(|| "Hover over the map to read a ruleset; click to open it (a red pixel: to search further); drag a box or use the wheel to zoom.".to_string()) }
                </p>
                { resolver.panel.clone() }
            </section>
            <aside class="card map-side" aria-label="Legend">
                { legend_html(params, p) }
            </aside>
            // After the legend, so on a phone the legend follows the map directly.
            <section class="card map-exports" aria-label="Downloads">
                <FigureExport id="map-figure" stem={file_stem(&params)} link={map_link(params.family, w, params.colouring)}
                    pdf_command={pdf_command(&params)} {not_ready} {figure} />
            </section>
        </div>
    }
}

/// Reset: the family's default window, in the same colouring.
fn reset_window(committed: Option<MapParams>) -> Callback<MouseEvent> {
    let colour = committed.map_or("class", |p| p.colouring.name());
    let family = committed.map_or("3move", |p| p.family.name());
    Callback::from(move |_: MouseEvent| navigate(&MapQuery::defaults_for(family, colour).to_hash()))
}

/// The map's figure in `palette`, drawn by the figure layer's builder (the CLI's
/// `period-map --figure` draws the same), from the cells of the finished map.
fn map_figure_of(
    runner: &MapRunner,
    params: MapParams,
    palette: Palette,
) -> Result<Figure, String> {
    let (window, cells, counts) = runner
        .cells()
        .ok_or_else(|| "the map is busy; try again".to_string())?;
    if window != params.window {
        return Err("the map is still being computed; try again when it is done".into());
    }
    let MapParams {
        family, colouring, ..
    } = params;
    Ok(map_figure(
        family, window, colouring, &cells, &counts, palette,
    ))
}

/// The CLI command that writes this map as a PDF figure.
fn pdf_command(params: &MapParams) -> String {
    let w = params.window;
    let fixed = match params.family {
        Family::MaxSym5 { .. } => "--m",
        _ => "--s3",
    };
    format!(
        "heaplab period-map --family {} {fixed} {} --s1 {}..{} --s2 {}..{} --colour {} --figure map.pdf",
        params.family.name(),
        params.family.fixed(),
        w.x0,
        w.x1,
        w.y0,
        w.y1,
        params.colouring.name()
    )
}

/// `heaplab-3move-3001-s1-401-1600-s2-901-2100-class`.
fn file_stem(params: &MapParams) -> String {
    let w = params.window;
    format!(
        "heaplab-{}-{}-s1-{}-{}-s2-{}-{}-{}",
        params.family.name(),
        params.family.fixed(),
        w.x0,
        w.x1,
        w.y0,
        w.y1,
        params.colouring.name()
    )
}

/// The map's status line (the one builder, [`status_line`]).
fn status_html(p: Option<&MapSnapshot>) -> Html {
    let line = p.map(|p| {
        let cancelled = format!(
            "{} of {} rulesets were computed. Zoom, pan or press “Draw” to start again.",
            grouped(p.progress.done),
            grouped(p.progress.total)
        );
        (status_text("the map", &cancelled, p), p)
    });
    let ids = (
        "map",
        "map-status",
        "Rulesets computed",
        "map-progress-line",
    );
    status_line(ids, line, None, None)
}
