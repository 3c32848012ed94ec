//! The 2-D subtraction page, `#/plane?moves=2,6;3,3;6,1;19,6&w=3600&h=2000&mode=outcome`:
//! the survey's two-dimensional subtraction games (Figure 2). A position is `(x, y)`; a move
//! subtracts a vector `(a, b)` and both coordinates must stay `>= 0`.
//!
//! The URL holds the whole state ([`PlaneQuery`]). The window is computed by a
//! [`PlaneRunner`] (in the period map's Web Worker, step by step, with progress and cancel) and
//! drawn one canvas pixel per cell with the engine's own render functions, `y = 0` at the
//! bottom as in the CLI's PNG. Zooming and panning only change a CSS transform of the canvas
//! (no recomputation); hovering reads a cell, its nim-value and its row's and column's proven
//! periods.

pub mod runner;

use std::cell::RefCell;
use std::rc::Rc;

use heaplab_engine::figure::{self, hex};
use heaplab_engine::plane::{self, Solution};
use heaplab_engine::Periodicity;
use wasm_bindgen::{Clamped, JsCast};
use web_sys::{CanvasRenderingContext2d, Element, HtmlCanvasElement, HtmlElement, ImageData};
use yew::prelude::*;

use crate::components::field::field_errors;
use crate::route::PageQuery;

use crate::components::export::{download_rgba, download_text, ScaledPng};
use crate::components::field::{choose_and_commit, edit_form, same_state, submit_or_rerun};
use crate::components::page::{empty_results, page_head};
use crate::components::palette::ColourSwatch;
use crate::components::pixel_canvas::{
    fraction_in, view_button, view_buttons, view_key, wheel_zoom, Drag, ViewKey,
};
use crate::components::zoom_box::show_zoom_box;
use crate::format::{grouped, progress_text};
use crate::route::navigate;
use crate::route::plane::{
    PlaneErrors, PlaneMode, PlaneParams, PlaneQuery, View, PAGE_MAX_CELLS, PAGE_MAX_NIM_CELLS,
    PAGE_MAX_SIDE,
};
use crate::worker::{Progress as WorkProgress, Unit};
use crate::worker_client::main_thread_text;
use runner::{Phase, Place, PlaneRunner, Progress};

/// `period 12 from 40` / `no period proven in the window`.
pub fn describe_period(line: Option<&Periodicity>, along: &str) -> String {
    match line {
        Some(Periodicity::Proven {
            preperiod, period, ..
        }) => format!("period {period} from {along} = {preperiod}"),
        _ => "no period proven within the window".to_string(),
    }
}

/// The hover readout for cell `(x, y)`.
pub fn describe_cell(solution: &Solution, x: u32, y: u32) -> String {
    let outcome = if solution.grid.is_p(x, y) { "P" } else { "N" };
    let nim = solution
        .nim
        .as_ref()
        .and_then(|n| n.get(x, y))
        .map_or(String::new(), |v| format!(" · nim-value {v}"));
    format!(
        "(x, y) = ({x}, {y}): {outcome}{nim} · row y = {y}: {} · column x = {x}: {}",
        describe_period(solution.report.rows.get(y as usize), "x"),
        describe_period(solution.report.columns.get(x as usize), "y"),
    )
}

/// The RGBA pixels of a solution in `mode`: the engine's render functions, as the CLI's PNG.
pub fn render(solution: &Solution, mode: PlaneMode) -> Vec<u8> {
    match (mode, &solution.nim) {
        (PlaneMode::Grundy, Some(nim)) => plane::render_nim_values(nim),
        _ => plane::render_outcomes(&solution.grid),
    }
}

/// The status line under the progress bar.
pub fn status_text(p: &Progress) -> String {
    let place = match p.place {
        Place::Starting => "starting the worker",
        Place::Worker => "in a Web Worker",
        Place::MainThread => main_thread_text(),
    };
    let cells = format!("{} × {} cells", p.key.width, p.key.height);
    match &p.phase {
        Phase::Running => {
            // The shared progress line: done/total, percent, rate, time left.
            let line = progress_text(
                &WorkProgress::new(p.done, p.total, Unit::Cells),
                p.elapsed_ms,
            );
            let then = if p.key.with_nim {
                ", then nim-values"
            } else {
                ""
            };
            format!("Computing {cells}: {line} (rows, then columns{then}) · {place}")
        }
        Phase::Done => format!("done: {cells} in {:.2} s, {place}", p.elapsed_ms / 1000.0),
        Phase::Cancelled => "Cancelled. Press “Draw” to compute again.".to_string(),
        Phase::Failed(message) => format!("The window could not be computed: {message}"),
    }
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

fn context(canvas: &HtmlCanvasElement) -> Option<CanvasRenderingContext2d> {
    canvas
        .get_context("2d")
        .ok()
        .flatten()
        .and_then(|c| c.dyn_into::<CanvasRenderingContext2d>().ok())
}

/// Draws the picture into the canvas (one pixel per cell).
fn draw(canvas: &HtmlCanvasElement, solution: &Solution, mode: PlaneMode) {
    let (w, h) = (solution.grid.width, solution.grid.height);
    if canvas.width() != w || canvas.height() != h {
        canvas.set_width(w);
        canvas.set_height(h);
    }
    let Some(ctx) = context(canvas) else {
        return;
    };
    let rgba = render(solution, mode);
    if let Ok(image) = ImageData::new_with_u8_clamped_array_and_sh(Clamped(&rgba), w, h) {
        // A failed put leaves the canvas blank; the export still renders from the solution.
        let _ = ctx.put_image_data(&image, 0.0, 0.0);
    }
}

/// The cell under a client point, from the canvas's on-screen (transformed) rectangle.
fn cell_at(canvas: &HtmlCanvasElement, client_x: i32, client_y: i32) -> Option<(u32, u32)> {
    let rect = canvas.get_bounding_client_rect();
    let fx = (f64::from(client_x) - rect.left()) / rect.width().max(1e-9);
    let fy = (f64::from(client_y) - rect.top()) / rect.height().max(1e-9);
    if !(0.0..1.0).contains(&fx) || !(0.0..1.0).contains(&fy) {
        return None;
    }
    let (w, h) = (canvas.width(), canvas.height());
    let col = ((fx * f64::from(w)) as u32).min(w.saturating_sub(1));
    let row = ((fy * f64::from(h)) as u32).min(h.saturating_sub(1));
    Some((col, h - 1 - row))
}

/// A press on the canvas.
#[derive(Debug, Clone, Copy)]
struct Press {
    drag: Drag,
    cell: Option<(u32, u32)>,
    /// Panning (touch, or Shift held) rather than drawing a zoom box.
    pan: bool,
    view: View,
}

/// The view a zoom/pan key asks for, from `view` of a `w × h` window.
fn apply_key(key: ViewKey, view: View, w: u32, h: u32) -> View {
    match key {
        ViewKey::ZoomIn => view.zoomed(2.0, 0.5, 0.5, w, h),
        ViewKey::ZoomOut => view.zoomed(0.5, 0.5, 0.5, w, h),
        ViewKey::Whole => View::whole(w, h),
        ViewKey::Pan(dx, dy) => view.panned(dx, dy, w, h),
    }
}

/// Shows (or hides, with `None`) the dragged box over the frame, in CSS pixels.
fn show_box(boxed: &NodeRef, frame: &Element, corners: Option<((i32, i32), (i32, i32))>) {
    show_zoom_box(boxed, corners, || {
        let rect = frame.get_bounding_client_rect();
        (rect.left(), rect.top())
    });
}

/// Properties of [`PlanePage`].
#[derive(Properties, PartialEq)]
pub struct PlanePageProps {
    /// The state in the URL.
    pub query: PlaneQuery,
}

/// The form's text for a URL state: a valid ruleset is shown as `(2,6) (3,3)`, anything else
/// exactly as the URL has it.
fn form_text(query: &PlaneQuery) -> PlaneQuery {
    let mut form = query.clone();
    if let Ok(moves) = plane::MoveSet::parse(&query.moves) {
        form.moves = moves.to_text();
    }
    form
}

/// The 2-D subtraction page.
#[function_component(PlanePage)]
pub fn plane_page(props: &PlanePageProps) -> Html {
    let form = use_state(|| form_text(&props.query));
    let progress = use_state(|| None::<Progress>);
    let hover = use_state(|| None::<String>);
    let canvas = use_node_ref();
    let frame = use_node_ref();
    let boxed = use_node_ref();
    let press = use_mut_ref(|| None::<Press>);
    let runner = {
        let setter = progress.setter();
        use_memo((), move |_| {
            PlaneRunner::new(Callback::from(move |p: Progress| setter.set(Some(p))))
        })
    };
    let committed = props.query.validate().ok();
    let key = committed.as_ref().map(PlaneParams::key);
    let mode = committed.as_ref().map_or(PlaneMode::Outcome, |p| p.mode);
    // The view on screen: follows the URL, and moves live while the wheel turns or a drag pans.
    let view = use_state(|| committed.as_ref().map(|p| p.view));
    let view_now: Rc<RefCell<Option<View>>> = use_mut_ref(|| *view);

    // The URL changed from outside (Back/Forward, a link, a zoom): show it in the form and view.
    {
        let form = form.clone();
        let view = view.clone();
        let view_now = view_now.clone();
        let committed = committed.clone();
        use_effect_with(props.query.clone(), move |query| {
            if !same_state(&*form, query, PlaneQuery::validate) {
                form.set(form_text(query));
            }
            let v = committed.map(|p| p.view);
            *view_now.borrow_mut() = v;
            view.set(v);
        });
    }
    // A new computation starts a job; an invalid URL stops the old one.
    {
        let runner = runner.clone();
        let canvas = canvas.clone();
        use_effect_with(key.clone(), move |key| {
            if let Some(c) = canvas.cast::<HtmlCanvasElement>() {
                if let Some(ctx) = context(&c) {
                    ctx.clear_rect(0.0, 0.0, f64::from(c.width()), f64::from(c.height()));
                }
            }
            match key {
                Some(key) => runner.start(key.clone()),
                None => runner.cancel(),
            }
        });
    }
    let current = progress
        .as_ref()
        .filter(|p| Some(&p.key) == key.as_ref())
        .cloned();
    let complete = current.as_ref().is_some_and(|p| p.phase == Phase::Done);
    let solution = if complete { runner.solution() } else { None };
    // A finished job (or a new mode) is drawn.
    {
        let canvas = canvas.clone();
        let solution = solution.clone();
        let job = current.as_ref().map(|p| p.job);
        use_effect_with((job, complete, mode), move |_| {
            if let (Some(c), Some(s)) = (canvas.cast::<HtmlCanvasElement>(), solution) {
                draw(&c, &s, mode);
            }
        });
    }
    // The view is a CSS transform of the canvas.
    {
        let canvas = canvas.clone();
        let size = committed.as_ref().map(|p| (p.width, p.height));
        use_effect_with((*view, size), move |(view, size)| {
            if let (Some(c), Some(v), Some((w, h))) = (canvas.cast::<HtmlElement>(), view, size) {
                let _ = c
                    .style()
                    .set_property("transform", &v.css_transform(*w, *h));
            }
        });
    }
    // Leaving the page stops the job and closes the worker.
    {
        let runner = runner.clone();
        use_effect_with((), move |_| move || runner.shut_down());
    }
    // The wheel zooms around the cursor; the zoom goes to the URL once the wheel rests.
    {
        let canvas = canvas.clone();
        let frame = frame.clone();
        let view = view.clone();
        let view_now = view_now.clone();
        let committed = committed.clone();
        use_effect_with(key.clone(), move |_| {
            let listener = committed.and_then(|params| {
                let el = canvas.cast::<Element>()?;
                Some(wheel_zoom(&el, move |wheel, zoom_in| {
                    let frame = frame.cast::<Element>()?;
                    let base = view_now.borrow().unwrap_or(params.view);
                    let (fx, fy) = fraction_in(&frame, wheel.client_x(), wheel.client_y());
                    let factor = if zoom_in { 1.25 } else { 0.8 };
                    let next = base.zoomed(factor, fx, fy, params.width, params.height);
                    *view_now.borrow_mut() = Some(next);
                    view.set(Some(next));
                    Some(params.with_view(next).to_query().to_hash())
                }))
            });
            move || drop(listener)
        });
    }

    let go = {
        let committed = committed.clone();
        Callback::from(move |key: ViewKey| {
            if let Some(params) = &committed {
                let next = apply_key(key, params.view, params.width, params.height);
                navigate(&params.with_view(next).to_query().to_hash());
            }
        })
    };

    let form_errors = form.validate().err();
    let edit_input = |f: fn(&mut PlaneQuery, String)| edit_form::<_, InputEvent>(&form, f);
    let on_moves = edit_form::<_, InputEvent>(&form, |q: &mut PlaneQuery, v| q.moves = v);
    let on_mode = choose_and_commit(
        &form,
        |q: &mut PlaneQuery, v| q.mode = v,
        |q| q.validate().is_ok().then(|| q.to_hash()),
    );
    let onsubmit = {
        let runner = runner.clone();
        let old = props.query.validate().ok();
        submit_or_rerun(
            &form,
            &props.query,
            PlaneQuery::validate,
            PlaneQuery::to_hash,
            // A new window or ruleset shows the whole window.
            move |_, params| match old.as_ref().filter(|old| old.key() == params.key()) {
                Some(old) => params.with_view(old.view).to_query(),
                None => params
                    .with_view(View::whole(params.width, params.height))
                    .to_query(),
            },
            // Same state (say, after Cancel): compute it again.
            move |params| runner.start(params.key()),
        )
    };
    let on_cancel = {
        let runner = runner.clone();
        Callback::from(move |_: MouseEvent| runner.cancel())
    };

    // Hover, dragged boxes and panning on the canvas.
    let onpointermove = {
        let canvas = canvas.clone();
        let frame = frame.clone();
        let boxed = boxed.clone();
        let hover = hover.clone();
        let press = press.clone();
        let view = view.clone();
        let view_now = view_now.clone();
        let solution = solution.clone();
        let committed = committed.clone();
        Callback::from(move |e: PointerEvent| {
            let (Some(params), Some(c), Some(f)) = (
                committed.as_ref(),
                canvas.cast::<HtmlCanvasElement>(),
                frame.cast::<Element>(),
            ) else {
                return;
            };
            if let Some(cell) = cell_at(&c, e.client_x(), e.client_y()) {
                hover.set(Some(match &solution {
                    Some(s) => describe_cell(s, cell.0, cell.1),
                    None => format!("(x, y) = ({}, {}): not computed yet.", cell.0, cell.1),
                }));
            }
            let mut slot = press.borrow_mut();
            let Some(p) = slot.as_mut() else {
                return;
            };
            if !p.drag.moved_to((e.client_x(), e.client_y())) {
                return;
            }
            let start = p.drag.client;
            if p.pan {
                let rect = f.get_bounding_client_rect();
                let dx = -f64::from(e.client_x() - start.0) / rect.width().max(1.0);
                let dy = f64::from(e.client_y() - start.1) / rect.height().max(1.0);
                let next = p.view.panned(dx, dy, params.width, params.height);
                *view_now.borrow_mut() = Some(next);
                view.set(Some(next));
            } else {
                show_box(&boxed, &f, Some((start, (e.client_x(), e.client_y()))));
            }
        })
    };
    let onpointerdown = {
        let canvas = canvas.clone();
        let press = press.clone();
        let view_now = view_now.clone();
        Callback::from(move |e: PointerEvent| {
            if e.button() != 0 {
                return;
            }
            let (Some(c), Some(v)) = (canvas.cast::<HtmlCanvasElement>(), *view_now.borrow())
            else {
                return;
            };
            e.prevent_default();
            let _ = c.set_pointer_capture(e.pointer_id());
            *press.borrow_mut() = Some(Press {
                drag: Drag::new((e.client_x(), e.client_y())),
                cell: cell_at(&c, e.client_x(), e.client_y()),
                pan: e.shift_key() || e.pointer_type() == "touch",
                view: v,
            });
        })
    };
    let onpointerup = {
        let canvas = canvas.clone();
        let frame = frame.clone();
        let boxed = boxed.clone();
        let press = press.clone();
        let view_now = view_now.clone();
        let committed = committed.clone();
        Callback::from(move |e: PointerEvent| {
            let Some(p) = press.borrow_mut().take() else {
                return;
            };
            let (Some(params), Some(c), Some(f)) = (
                committed.as_ref(),
                canvas.cast::<HtmlCanvasElement>(),
                frame.cast::<Element>(),
            ) else {
                return;
            };
            show_box(&boxed, &f, None);
            if !p.drag.dragged {
                return;
            }
            let next = if p.pan {
                *view_now.borrow()
            } else {
                let end = cell_at(&c, e.client_x(), e.client_y());
                match (p.cell, end) {
                    (Some(a), Some(b)) => Some(View::boxed(a, b, params.width, params.height)),
                    _ => None,
                }
            };
            if let Some(next) = next {
                navigate(&params.with_view(next).to_query().to_hash());
            }
        })
    };
    let onpointerleave = {
        let hover = hover.clone();
        Callback::from(move |_: PointerEvent| hover.set(None))
    };
    let onkeydown = {
        let go = go.clone();
        Callback::from(move |e: KeyboardEvent| {
            if let Some(key) = view_key(&e) {
                e.prevent_default();
                go.emit(key);
            }
        })
    };

    let invalid =
        |pick: fn(&PlaneErrors) -> bool| form_errors.as_deref().is_some_and(pick).to_string();
    let form_html = html! {
        <form class="card ruleset-form plane-form" {onsubmit} novalidate=true aria-label="Game">
            <div class="field plane-moves-field">
                <label for="plane-moves">{ "Move vectors (a, b)" }</label>
                <textarea id="plane-moves" rows="3" autocomplete="off" spellcheck="false"
                    value={form.moves.clone()} oninput={on_moves} aria-describedby="plane-hint"
                    aria-invalid={invalid(|e| e.moves.is_some())}></textarea>
            </div>
            <div class="field narrow">
                <label for="plane-width">{ "Width (x)" }</label>
                <input id="plane-width" type="text" inputmode="numeric" autocomplete="off"
                    value={form.width.clone()} oninput={edit_input(|q, v| q.width = v)}
                    aria-invalid={invalid(|e| e.width.is_some() || e.size.is_some())} />
            </div>
            <div class="field narrow">
                <label for="plane-height">{ "Height (y)" }</label>
                <input id="plane-height" type="text" inputmode="numeric" autocomplete="off"
                    value={form.height.clone()} oninput={edit_input(|q, v| q.height = v)}
                    aria-invalid={invalid(|e| e.height.is_some() || e.size.is_some())} />
            </div>
            <div class="field">
                <label for="plane-mode">{ "Colour by" }</label>
                <select id="plane-mode" onchange={on_mode}>
                    <option value="outcome" selected={form.mode == "outcome"}>{ "Outcome: P black, N white" }</option>
                    <option value="grundy" selected={form.mode == "grundy"}>{ "Nim-value (Grundy colours)" }</option>
                </select>
            </div>
            <div class="field actions">
                <button type="submit" class="primary" id="plane-draw">{ "Draw" }</button>
            </div>
            <small id="plane-hint" class="hint plane-hint">
                { format!("Pairs like (2,6) (3,3), or 2,6 3,3, or one pair per line; a, b ≥ 0, not both 0. Window sides up to {}; at most {} cells ({} with nim-values).", grouped(u64::from(PAGE_MAX_SIDE)), grouped(PAGE_MAX_CELLS), grouped(PAGE_MAX_NIM_CELLS)) }
            </small>
            { field_errors("plane-error", &form_errors.as_ref().map(PlaneQuery::field_errors).unwrap_or_default(), true) }
        </form>
    };

    let body = match committed.clone() {
        Some(params) => {
            let (w, h) = (params.width, params.height);
            let running = current.as_ref().is_some_and(|p| p.phase == Phase::Running);
            let status = current
                .as_ref()
                .map_or_else(|| "Starting…".to_string(), status_text);
            let shown = (*view).unwrap_or(params.view);
            let (vx0, vx1, vy0, vy1) = shown.visible(w, h);
            let export = {
                let runner = runner.clone();
                let params = params.clone();
                Callback::from(move |scale: u32| {
                    let solution = runner
                        .solution()
                        .filter(|s| {
                            s.report.width == params.width && s.report.height == params.height
                        })
                        .ok_or_else(|| "the picture is not computed yet".to_string())?;
                    download_rgba(
                        &render(&solution, params.mode),
                        (params.width, params.height),
                        scale,
                        &format!("{}-x{scale}.png", file_stem(&params)),
                    )
                })
            };
            let legend_download = {
                let solution = solution.clone();
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
            };
            html! {
                <div class="map-layout plane-layout">
                    <section class="card map-panel" aria-label="Picture">
                        <div class="toolbar map-tools" role="group" aria-label="Zoom and pan">
                            { view_buttons("plane", committed.is_none(), &go) }
                            { view_button("plane-reset".into(), "Show the whole window", "Whole window", committed.is_none(), ViewKey::Whole, &go) }
                            <button type="button" id="plane-cancel" onclick={on_cancel} disabled={!running}>{ "Cancel" }</button>
                        </div>
                        <div class="map-progress-line">
                            <progress id="plane-progress" max={current.as_ref().map_or(1, |p| p.total.max(1)).to_string()}
                                value={current.as_ref().map_or(0, |p| p.done).to_string()} aria-label="Cells computed"></progress>
                            <p id="plane-status" class="note" role="status" aria-live="polite">{ status }</p>
                        </div>
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
                            { (*hover).clone().unwrap_or_else(|| "Hover over the picture to read a cell and its row's and column's periods; drag a box or turn the wheel to zoom; Shift+drag (or drag with a finger) to pan.".to_string()) }
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
        None => empty_results(
            "Nothing to draw yet: fix the parameters above and the picture appears here.",
        ),
    };

    html! {
        <>{ page_head("2-D subtraction", "Two heaps (x, y) and a finite set of move vectors (a, b): a move subtracts a vector, and both coordinates must stay ≥ 0; whoever cannot move loses. A position is P when no move leads to a P-position. The survey's Figure 2 is S = {(2,6), (3,3), (6,1), (19,6)} on the first 3600 × 2000 positions, P black. Rows and columns are eventually periodic; hover to read the periods this window proves.") }
            { form_html }
            { body }
        </>
    }
}

/// `4`, `2.5`.
fn short_zoom(zoom: f64) -> String {
    let text = format!("{zoom:.2}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// The legend and summary beside the picture.
fn legend_html(params: &PlaneParams, solution: Option<&Solution>) -> Html {
    let cells = u64::from(params.width) * u64::from(params.height);
    let rows = |counts: Vec<(String, [u8; 3], Option<u64>)>| {
        html! {
            <table class="map-counts-table">
                <thead><tr><th scope="col">{ "Colour" }</th><th scope="col">{ "Cells" }</th><th scope="col">{ "Share" }</th></tr></thead>
                <tbody id="plane-legend">
                    { for counts.into_iter().map(|(label, colour, n)| html! {
                        <tr data-count={n.map(|n| n.to_string()).unwrap_or_default()}>
                            <th scope="row"><ColourSwatch colour={hex(colour)} />{ label }</th>
                            <td class="count">{ n.map_or("…".to_string(), grouped) }</td>
                            <td class="share">{ n.map_or("…".to_string(), |n| format!("{:.3}", n as f64 / cells.max(1) as f64)) }</td>
                        </tr>
                    }) }
                </tbody>
            </table>
        }
    };
    let p_count = solution.map(|s| s.report.p_positions);
    let table = match (params.mode, solution.and_then(|s| s.nim.as_ref())) {
        (PlaneMode::Grundy, Some(nim)) => {
            let max = nim.max();
            rows(
                nim.counts()
                    .into_iter()
                    .enumerate()
                    .map(|(v, n)| {
                        let label = if v == 0 {
                            "nim-value 0 (P)".to_string()
                        } else {
                            format!("nim-value {v}")
                        };
                        (label, figure::nim_colour(v as u16, max), Some(n))
                    })
                    .collect(),
            )
        }
        (PlaneMode::Grundy, None) => {
            html! { <p class="note">{ "The nim-value colours appear when the window is computed." }</p> }
        }
        (PlaneMode::Outcome, _) => rows(vec![
            ("P-position".to_string(), [0, 0, 0], p_count),
            (
                "N-position".to_string(),
                [255, 255, 255],
                p_count.map(|p| cells - p),
            ),
        ]),
    };
    let summary = solution.map(|s| {
        let proven = |lines: &[Periodicity]| lines.iter().filter(|l| l.period().is_some()).count();
        html! {
            <ul id="plane-summary" class="plain-list">
                <li data-p-positions={s.report.p_positions.to_string()}>{ format!("{} P-positions in the window", grouped(s.report.p_positions)) }</li>
                <li>{ format!("rows with a proven period: {} of {}", grouped(proven(&s.report.rows) as u64), grouped(u64::from(params.height))) }</li>
                <li>{ format!("columns with a proven period: {} of {}", grouped(proven(&s.report.columns) as u64), grouped(u64::from(params.width))) }</li>
            </ul>
        }
    });
    html! {
        <>
            <h2>{ "Legend" }</h2>
            { table }
            { for summary }
            <p class="note">
                { "A row's period is proven when the last A columns of all rows up to it (A = the largest a) repeat inside the window: from then on the rule repeats them forever. Columns likewise with B = the largest b. Lines the window cannot decide say so." }
            </p>
        </>
    }
}
