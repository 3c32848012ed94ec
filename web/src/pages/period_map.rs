//! The period-map page, `#/period-map?family=3move&fixed=3001&s1=401..1600&s2=901..2100&colour=class`:
//! Flammenkamp's maps of period lengths (survey Section 2, Figure 1). One pixel is one ruleset;
//! its colour comes from the proven outcome period.
//!
//! The URL holds the whole view ([`MapQuery`]). The map is computed tile by tile by a
//! [`MapRunner`] (a worker pool, or the main thread) and drawn into the canvas as tiles arrive;
//! only the family and the window start a new job, a new colouring recolours what is there.
//! Zooming and panning (wheel, dragged box, buttons, keys) push a new URL, so Back undoes them.

mod resolve;
mod view;

use std::cell::Cell;
use std::rc::Rc;

use heaplab_engine::figure::{self, class_colour, hex, Colouring};
use heaplab_engine::period_map::{CellClass, Family, Window};
use wasm_bindgen::{Clamped, JsCast};
use web_sys::{CanvasRenderingContext2d, Element, HtmlCanvasElement, HtmlSelectElement, ImageData};
use yew::prelude::*;

use crate::components::field::field_errors;
use crate::route::PageQuery;

use crate::components::export::{download_rgba, download_text, ScaledPng};
use crate::components::field::{choose_and_commit, edit_form, same_state, submit_or_rerun};
use crate::components::page::{empty_results, page_head};
use crate::components::palette::ColourSwatch;
use crate::components::pixel_canvas::{
    fraction_in, view_buttons, view_key, wheel_zoom, Drag, ViewKey,
};
use crate::components::zoom_box::show_zoom_box;
use crate::format::{grouped, progress_text, took};
use crate::route::{
    format_query, navigate, suited_colour, terms_to_show, MapParams, MapQuery, MAP_COLOURINGS,
    MAP_FAMILIES,
};
use crate::tiles::runner::{MapRunner, Mode, Phase, Progress, MAX_HEAPS};
use crate::worker_client::main_thread_text;

use resolve::use_resolver;
pub use view::{box_window, pan, pixel_to_point, zoom, MIN_SIDE};

/// The label of a class in the legend, for `family`.
pub fn class_label(class: CellClass, family: Family) -> &'static str {
    let three = matches!(family, Family::ThreeMove { .. });
    match class {
        CellClass::Diagonal => "diagonal s1 + s2 = s3",
        CellClass::S2S3 => "period s2 + s3",
        CellClass::S1S3 => "period s1 + s3",
        CellClass::S1S2 => "period s1 + s2",
        CellClass::Other if three => "any other period",
        CellClass::Other => "period found",
        CellClass::Unresolved => "unresolved (budget exhausted)",
        CellClass::Invalid => "not a ruleset",
    }
}

/// The classes a family's legend lists: all seven for 3-move maps, else the three that occur.
fn legend_classes(family: Family) -> Vec<CellClass> {
    match family {
        Family::ThreeMove { .. } => CellClass::ALL.to_vec(),
        _ => vec![CellClass::Other, CellClass::Unresolved, CellClass::Invalid],
    }
}

/// `S = {a, b, c}` for a list of moves.
fn set_text(moves: &[u32]) -> String {
    let inner: Vec<String> = moves.iter().map(u32::to_string).collect();
    format!("S = {{{}}}", inner.join(", "))
}

/// The hover readout for ruleset `(x, y)` of `family`, given its solved cell (if any).
pub fn describe_point(
    family: Family,
    x: u32,
    y: u32,
    cell: Option<heaplab_engine::period_map::Cell>,
) -> String {
    let Some(moves) = family.moves(x, y) else {
        let rule = match family {
            Family::MaxSym5 { .. } => "s1 < s2 < m − s2",
            _ => "s1 < s2 < s3",
        };
        return format!("s1 = {x}, s2 = {y}: not a ruleset of this family (it needs {rule}).");
    };
    let set = set_text(&moves);
    match cell {
        None => format!("{set}: not computed yet."),
        Some(c) => match (c.period, c.preperiod) {
            (Some(p), Some(q)) => format!(
                "{set}: period {p}, preperiod {q} ({}). Click to open it.",
                class_label(c.class, family)
            ),
            _ => {
                format!("{set}: unresolved — no period within {MAX_HEAPS} heaps. Click to search further.")
            }
        },
    }
}

/// Rulesets of `family` solved and in all in the job's window: the legend's unit, not pixels
/// (pixels that are not rulesets are solved too, but are not counted).
pub fn ruleset_progress(p: &Progress, family: Family) -> (u64, u64) {
    let not_rulesets = p
        .counts
        .iter()
        .find(|(class, _)| *class == CellClass::Invalid)
        .map_or(0, |(_, n)| *n);
    let total = family.rulesets_in(p.window);
    (p.done.saturating_sub(not_rulesets).min(total), total)
}

/// The status line under the progress bar, counting the rulesets of `family`.
pub fn status_text(p: &Progress, family: Family) -> String {
    let seconds = p.elapsed_ms / 1000.0;
    let (done, total) = ruleset_progress(p, family);
    let rate = if seconds > 0.0 {
        done as f64 / seconds
    } else {
        0.0
    };
    let solver = match p.mode {
        Mode::Starting => "starting the workers".to_string(),
        Mode::Workers(1) => "1 worker".to_string(),
        Mode::Workers(n) => format!("{n} workers"),
        Mode::MainThread => main_thread_text().to_string(),
    };
    match &p.phase {
        Phase::Running => format!(
            "Computing: {} · {solver}",
            progress_text(
                &crate::worker::Progress::new(done, total, crate::worker::Unit::Rulesets),
                p.elapsed_ms
            )
        ),
        Phase::Done => format!(
            "done: {} rulesets in {} · {} rulesets/s · {solver}",
            grouped(total),
            took(seconds),
            grouped(rate.round() as u64)
        ),
        Phase::Cancelled => format!(
            "Cancelled after {} of {} rulesets. Zoom, pan or press “Draw” to start again.",
            grouped(done),
            grouped(total)
        ),
        Phase::Failed(message) => format!("The map could not be computed: {message}"),
    }
}

/// Downloads the map at `scale` pixels per ruleset.
fn export_png(runner: &MapRunner, params: MapParams, scale: u32) -> Result<(), String> {
    let (window, rgba) = runner
        .render()
        .ok_or_else(|| "the map is busy; try again".to_string())?;
    let (w, h) = (window.x1 - window.x0, window.y1 - window.y0);
    download_rgba(
        &rgba,
        (w, h),
        scale,
        &format!("{}-x{scale}.png", file_stem(&params)),
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

/// Shows the map canvas (`columns` rulesets wide) at [`view::crisp_css_width`] in its frame,
/// or at the frame's width when even one device pixel per ruleset does not fit.
fn show_crisp(canvas: &HtmlCanvasElement, columns: u32) {
    let frame = canvas.parent_element().map_or(0, |f| f.client_width());
    let ratio = web_sys::window().map_or(1.0, |w| w.device_pixel_ratio());
    let width = view::crisp_css_width(columns, f64::from(frame), ratio)
        .map_or("100%".to_string(), |w| format!("{w:.2}px"));
    let _ = canvas.style().set_property("width", &width);
}

/// The ruleset under a mouse event on the canvas, as a canvas pixel `(col, row)`.
fn event_pixel(canvas: &HtmlCanvasElement, client_x: i32, client_y: i32) -> (i64, i64) {
    let rect = canvas.get_bounding_client_rect();
    let fx = (f64::from(client_x) - rect.left()) / rect.width().max(1.0);
    let fy = (f64::from(client_y) - rect.top()) / rect.height().max(1.0);
    (
        (fx * f64::from(canvas.width())).floor() as i64,
        (fy * f64::from(canvas.height())).floor() as i64,
    )
}

/// A press on the canvas: where it started (client and canvas pixels) and whether it moved.
#[derive(Debug, Clone, Copy)]
struct Press {
    drag: Drag,
    pixel: (i64, i64),
}

/// The window a zoom/pan key asks for (`None` for [`ViewKey::Whole`]: the map's whole is its
/// reset button).
fn apply_key(key: ViewKey, w: Window) -> Option<Window> {
    match key {
        ViewKey::ZoomIn => Some(zoom(w, 0.5, 0.5, 0.5)),
        ViewKey::ZoomOut => Some(zoom(w, 2.0, 0.5, 0.5)),
        ViewKey::Whole => None,
        ViewKey::Pan(dx, dy) => Some(pan(w, dx, dy)),
    }
}

/// Shows (or hides, with `None`) the dragged box over the canvas, in CSS pixels.
fn show_box(
    boxed: &NodeRef,
    canvas: &HtmlCanvasElement,
    corners: Option<((i32, i32), (i32, i32))>,
) {
    show_zoom_box(boxed, corners, || {
        let rect = canvas.get_bounding_client_rect();
        (
            rect.left() - f64::from(canvas.offset_left()),
            rect.top() - f64::from(canvas.offset_top()),
        )
    });
}

/// Properties of [`PeriodMapPage`].
#[derive(Properties, PartialEq)]
pub struct PeriodMapPageProps {
    /// The state in the URL.
    pub query: MapQuery,
}

/// The period-map page.
#[function_component(PeriodMapPage)]
pub fn period_map_page(props: &PeriodMapPageProps) -> Html {
    let form = use_state(|| props.query.clone());
    let progress = use_state(|| None::<Progress>);
    let hover = use_state(|| None::<String>);
    let canvas = use_node_ref();
    let boxed = use_node_ref();
    let press = use_mut_ref(|| None::<Press>);
    let runner = {
        let setter = progress.setter();
        use_memo((), move |_| {
            MapRunner::new(Callback::from(move |p: Progress| setter.set(Some(p))))
        })
    };
    let resolver = use_resolver(&runner);
    let committed = props.query.validate().ok();
    let job_key = committed.map(|p| (p.family, p.window));

    // The URL changed from outside (Back/Forward, a link, a zoom): show it in the form.
    {
        let form = form.clone();
        use_effect_with(props.query.clone(), move |query| {
            if !same_state(&*form, query, MapQuery::validate) {
                form.set(query.clone());
            }
        });
    }
    // A new family or window starts a new job; an invalid URL stops the old one.
    {
        let runner = runner.clone();
        let canvas = canvas.clone();
        let colouring = committed.map_or(Colouring::Class, |p| p.colouring);
        use_effect_with(job_key, move |key| match key {
            Some((family, window)) => runner.start(
                *family,
                *window,
                colouring,
                canvas.cast::<HtmlCanvasElement>(),
            ),
            None => runner.cancel(),
        });
    }
    // A new colouring recolours the cells already computed.
    {
        let runner = runner.clone();
        use_effect_with(committed.map(|p| p.colouring), move |colouring| {
            if let Some(c) = colouring {
                runner.recolour(*c);
            }
        });
    }
    // Leaving the page closes the workers.
    {
        let runner = runner.clone();
        use_effect_with((), move |_| move || runner.shut_down());
    }
    // Each ruleset on a whole number of device pixels: the map is crisp at any pixel ratio.
    {
        let canvas = canvas.clone();
        let columns = committed.map(|p| p.window.x1 - p.window.x0);
        use_effect_with(columns, move |&columns| {
            let fit = move || {
                if let (Some(c), Some(columns)) = (canvas.cast::<HtmlCanvasElement>(), columns) {
                    show_crisp(&c, columns);
                }
            };
            fit();
            let again = fit.clone();
            let listener = web_sys::window()
                .map(|w| gloo::events::EventListener::new(&w, "resize", move |_| again()));
            move || drop(listener)
        });
    }
    // The wheel zooms around the cursor; the zoom is committed to the URL once it rests.
    {
        let canvas = canvas.clone();
        use_effect_with(committed, move |committed| {
            let listener = committed.and_then(|params| {
                let el = canvas.cast::<Element>()?;
                let target = el.clone();
                let pending: Rc<Cell<Option<Window>>> = Rc::default();
                Some(wheel_zoom(&el, move |wheel, zoom_in| {
                    let current = pending.get().unwrap_or(params.window);
                    let (fx, fy) = fraction_in(&target, wheel.client_x(), wheel.client_y());
                    let factor = if zoom_in { 0.8 } else { 1.25 };
                    let next = zoom(current, factor, fx, fy);
                    pending.set(Some(next));
                    Some(params.with_window(next).to_query().to_hash())
                }))
            });
            move || drop(listener)
        });
    }

    let go = Callback::from(move |key: ViewKey| {
        if let Some(params) = committed {
            if let Some(next) = apply_key(key, params.window) {
                navigate(&params.with_window(next).to_query().to_hash());
            }
        }
    });

    let form_errors = form.validate().err();
    let edit = |f: fn(&mut MapQuery, String)| edit_form::<_, InputEvent>(&form, f);
    let on_family = {
        let form = form.clone();
        Callback::from(move |e: Event| {
            if let Some(select) = e.target_dyn_into::<HtmlSelectElement>() {
                let family = select.value();
                let next = MapQuery::defaults_for(&family, suited_colour(&family, &form.colour));
                form.set(next.clone());
                if next.validate().is_ok() {
                    navigate(&next.to_hash());
                }
            }
        })
    };
    let on_colour = choose_and_commit(
        &form,
        |q: &mut MapQuery, v| q.colour = v,
        |q| q.validate().is_ok().then(|| q.to_hash()),
    );
    let onsubmit = {
        let runner = runner.clone();
        let canvas = canvas.clone();
        submit_or_rerun(
            &form,
            &props.query,
            MapQuery::validate,
            MapQuery::to_hash,
            |form, _| form.clone(),
            // Same view (say, after Cancel): compute it again.
            move |params| {
                runner.start(
                    params.family,
                    params.window,
                    params.colouring,
                    canvas.cast(),
                )
            },
        )
    };
    let on_reset = {
        let colour = committed.map_or("class", |p| p.colouring.name());
        let family = committed.map_or("3move", |p| p.family.name());
        Callback::from(move |_: MouseEvent| {
            navigate(&MapQuery::defaults_for(family, colour).to_hash())
        })
    };
    let on_cancel = {
        let runner = runner.clone();
        Callback::from(move |_: MouseEvent| runner.cancel())
    };

    // Hover, click and dragged boxes on the canvas.
    let onmousemove = {
        let canvas = canvas.clone();
        let boxed = boxed.clone();
        let hover = hover.clone();
        let press = press.clone();
        let runner = runner.clone();
        Callback::from(move |e: MouseEvent| {
            let (Some(params), Some(c)) = (committed, canvas.cast::<HtmlCanvasElement>()) else {
                return;
            };
            let (col, row) = event_pixel(&c, e.client_x(), e.client_y());
            if let Some((x, y)) = pixel_to_point(params.window, col, row) {
                hover.set(Some(describe_point(params.family, x, y, runner.cell(x, y))));
            }
            if let Some(p) = press.borrow_mut().as_mut() {
                if p.drag.moved_to((e.client_x(), e.client_y())) {
                    show_box(
                        &boxed,
                        &c,
                        Some((p.drag.client, (e.client_x(), e.client_y()))),
                    );
                }
            }
        })
    };
    let onmousedown = {
        let canvas = canvas.clone();
        let press = press.clone();
        Callback::from(move |e: MouseEvent| {
            if e.button() != 0 {
                return;
            }
            if let Some(c) = canvas.cast::<HtmlCanvasElement>() {
                e.prevent_default();
                *press.borrow_mut() = Some(Press {
                    drag: Drag::new((e.client_x(), e.client_y())),
                    pixel: event_pixel(&c, e.client_x(), e.client_y()),
                });
            }
        })
    };
    let onmouseup = {
        let canvas = canvas.clone();
        let boxed = boxed.clone();
        let press = press.clone();
        let runner = runner.clone();
        let resolve = resolver.start.clone();
        Callback::from(move |e: MouseEvent| {
            let Some(p) = press.borrow_mut().take() else {
                return;
            };
            let (Some(params), Some(c)) = (committed, canvas.cast::<HtmlCanvasElement>()) else {
                return;
            };
            show_box(&boxed, &c, None);
            let end = event_pixel(&c, e.client_x(), e.client_y());
            if p.drag.dragged {
                if let Some(w) = box_window(params.window, p.pixel, end) {
                    navigate(&params.with_window(w).to_query().to_hash());
                }
            } else if let Some((x, y)) = pixel_to_point(params.window, end.0, end.1) {
                let cell = runner.cell(x, y);
                if cell
                    .as_ref()
                    .is_some_and(|c| c.class == CellClass::Unresolved)
                {
                    resolve.emit((params.family, x, y));
                } else if let Some(moves) = params.family.moves(x, y) {
                    let set: Vec<String> = moves.iter().map(u32::to_string).collect();
                    let period = cell.and_then(|c| Some((c.preperiod?, c.period?)));
                    let n = terms_to_show(&moves, period).to_string();
                    navigate(&format!(
                        "#/subtraction?{}",
                        format_query(&[("S", &set.join(",")), ("n", &n)])
                    ));
                }
            }
        })
    };
    let onmouseleave = {
        let canvas = canvas.clone();
        let boxed = boxed.clone();
        let press = press.clone();
        let hover = hover.clone();
        Callback::from(move |_: MouseEvent| {
            press.borrow_mut().take();
            hover.set(None);
            if let Some(c) = canvas.cast::<HtmlCanvasElement>() {
                show_box(&boxed, &c, None);
            }
        })
    };
    let onkeydown = {
        let go = go.clone();
        Callback::from(move |e: KeyboardEvent| {
            let Some(params) = committed else {
                return;
            };
            if let Some(key) = view_key(&e).filter(|k| apply_key(*k, params.window).is_some()) {
                e.prevent_default();
                go.emit(key);
            }
        })
    };

    let form_html = html! {
        <form class="card ruleset-form map-form" {onsubmit} novalidate=true aria-label="Map">
            <div class="field">
                <label for="map-family">{ "Family" }</label>
                <select id="map-family" onchange={on_family}>
                    { for MAP_FAMILIES.iter().map(|(name, label)| html! {
                        <option value={*name} selected={form.family == *name}>{ *label }</option>
                    }) }
                </select>
            </div>
            <div class="field narrow">
                <label for="map-fixed">{ if form.family == "maxsym5" { "Fixed move m" } else { "Fixed move s3" } }</label>
                <input id="map-fixed" type="text" inputmode="numeric" autocomplete="off" spellcheck="false"
                    value={form.fixed.clone()} oninput={edit(|q, v| q.fixed = v)}
                    aria-invalid={form_errors.as_ref().is_some_and(|e| e.fixed.is_some()).to_string()} />
            </div>
            <div class="field narrow">
                <label for="map-s1">{ "s1 range (across)" }</label>
                <input id="map-s1" type="text" autocomplete="off" spellcheck="false"
                    value={form.s1.clone()} oninput={edit(|q, v| q.s1 = v)} aria-describedby="map-range-hint"
                    aria-invalid={form_errors.as_ref().is_some_and(|e| e.s1.is_some() || e.window.is_some()).to_string()} />
            </div>
            <div class="field narrow">
                <label for="map-s2">{ "s2 range (up)" }</label>
                <input id="map-s2" type="text" autocomplete="off" spellcheck="false"
                    value={form.s2.clone()} oninput={edit(|q, v| q.s2 = v)} aria-describedby="map-range-hint"
                    aria-invalid={form_errors.as_ref().is_some_and(|e| e.s2.is_some() || e.window.is_some()).to_string()} />
            </div>
            <div class="field">
                <label for="map-colour">{ "Colour by" }</label>
                <select id="map-colour" onchange={on_colour}>
                    { for MAP_COLOURINGS.iter().map(|(name, label)| html! {
                        <option value={*name} selected={form.colour == *name}>{ *label }</option>
                    }) }
                </select>
            </div>
            <div class="field actions">
                <button type="submit" class="primary" id="map-draw">{ "Draw" }</button>
            </div>
            <small id="map-range-hint" class="hint map-hint">
                { "Ranges are half-open, as in Rust: 401..1600 means 401 ≤ s1 < 1600. At most 4,000,000 pixels." }
            </small>
            { field_errors("map-error", &form_errors.as_ref().map(MapQuery::field_errors).unwrap_or_default(), true) }
        </form>
    };

    // With a map to show, the form sits beside it (under it on a phone), so the map starts
    // near the top of the page; without one, the form stands above the message.
    let form_beside_map = committed.is_some();
    let body = match committed {
        Some(params) => {
            let p = progress.as_ref().filter(|p| p.window == params.window);
            let complete = p.is_some_and(|p| p.phase == Phase::Done);
            let running = p.is_some_and(|p| p.phase == Phase::Running);
            let w = params.window;
            let (width, height) = (w.x1 - w.x0, w.y1 - w.y0);
            let status = p.map_or_else(
                || "Starting…".to_string(),
                |p| status_text(p, params.family),
            );
            let (done, total) = p.map_or((0, 1), |p| ruleset_progress(p, params.family));
            let export = {
                let runner = runner.clone();
                Callback::from(move |scale: u32| export_png(&runner, params, scale))
            };
            let legend_download = {
                let runner = runner.clone();
                Callback::from(move |_: MouseEvent| {
                    if let Some((counts, scale)) = runner.counts() {
                        let svg = figure::legend_svg(&counts, params.colouring, scale);
                        let _ = download_text(
                            &svg,
                            &format!("{}-legend.svg", file_stem(&params)),
                            "image/svg+xml",
                        );
                    }
                })
            };
            html! {
                <div class="map-layout map-with-form">
                    { form_html.clone() }
                    <section class="card map-panel" aria-label="Map">
                        <div class="toolbar map-tools" role="group" aria-label="Zoom and pan">
                            { view_buttons("map", false, &go) }
                            <button type="button" id="map-reset" onclick={on_reset}>
                                { if matches!(params.family, Family::ThreeMove { .. }) { "Reset to the paper's window" } else { "Reset to the default window" } }
                            </button>
                            <button type="button" id="map-cancel" onclick={on_cancel} disabled={!running}>{ "Cancel" }</button>
                        </div>
                        <div class="map-progress-line">
                            <progress id="map-progress" max={total.max(1).to_string()} value={done.to_string()}
                                aria-label="Rulesets computed"></progress>
                            <p id="map-status" class="note" role="status" aria-live="polite">{ status }</p>
                        </div>
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
                                data-coarse-ms={p.and_then(|p| p.coarse_ms).map(|ms| (ms.round() as u64).to_string())}
                                tabindex="0"
                                role="img"
                                aria-label={format!("Period map of the {} family, fixed move {}, s1 from {} to {} across, s2 from {} to {} upwards. Arrow keys pan, + and − zoom.", params.family.name(), params.family.fixed(), w.x0, w.x1 - 1, w.y0, w.y1 - 1)}
                                {onmousemove} {onmousedown} {onmouseup} {onmouseleave} {onkeydown}
                            ></canvas>
                            <div ref={boxed.clone()} class="map-box" aria-hidden="true"></div>
                        </div>
                        <p class="map-axes note">
                            { format!("s1 = {} … {} left to right; s2 = {} … {} bottom to top. {} × {} pixels, one per ruleset.", w.x0, w.x1 - 1, w.y0, w.y1 - 1, width, height) }
                        </p>
                        <p id="map-hover" class="map-hover" aria-live="polite">
                            { (*hover).clone().unwrap_or_else(|| "Hover over the map to read a ruleset; click to open it (a red pixel: to search further); drag a box or use the wheel to zoom.".to_string()) }
                        </p>
                        { resolver.panel.clone() }
                    </section>
                    <aside class="card map-side" aria-label="Legend">
                        { legend_html(params, p) }
                    </aside>
                    // After the legend, so on a phone the legend follows the map directly.
                    <section class="card map-exports" aria-label="Downloads">
                        <ScaledPng id="map-png" label="Download PNG" base={(u64::from(width), u64::from(height))} {export} />
                        <div class="toolbar">
                            <button type="button" id="map-legend-svg" onclick={legend_download}>{ "Download legend SVG" }</button>
                        </div>
                    </section>
                </div>
            }
        }
        None => {
            empty_results("Nothing to draw yet: fix the parameters above and the map appears here.")
        }
    };

    html! {
        <>{ page_head("Period maps", "Flammenkamp's picture of 3-move subtraction games (survey Section 2, Figure 1): pixel (s1, s2) is the ruleset {s1, s2, s3}, coloured by its proven outcome period — is it s1 + s3, s2 + s3, s1 + s2, or something else? The 4-move family {s1, s2, s3, s1 + s3} and the max-symmetric 5-move family are coloured by log period or preperiod.") }
            if !form_beside_map {
                { form_html }
            }
            { body }
        </>
    }
}

/// The legend beside the map: counts and shares per class (`#map-counts`), the log ramp for
/// log colourings, and the survey's limiting proportions.
fn legend_html(params: MapParams, progress: Option<&Progress>) -> Html {
    let counts = progress.map(|p| p.counts.clone()).unwrap_or_default();
    let count_of = |class: CellClass| {
        counts
            .iter()
            .find(|(c, _)| *c == class)
            .map_or(0, |(_, n)| *n)
    };
    let rulesets: u64 = counts
        .iter()
        .filter(|(c, _)| *c != CellClass::Invalid)
        .map(|(_, n)| n)
        .sum();
    let scale_max = progress.map_or(1, |p| p.scale_max);
    let complete = progress.is_some_and(|p| p.phase == Phase::Done);
    let log = params.colouring != Colouring::Class;
    html! {
        <>
            <h2>{ "Legend" }</h2>
            if log {
                <div class="map-ramp">
                    <RampBar />
                    <div class="map-ramp-labels">
                        <span id="map-ramp-min">{ "1" }</span>
                        <span id="map-ramp-max">{ scale_max.to_string() }</span>
                    </div>
                    <p class="note">
                        { if params.colouring == Colouring::LogPeriod { "Period length" } else { "Preperiod length" } }
                        { ", log scale (colour of ln(v + 1) / ln(max + 1)). Unresolved pixels are red, non-rulesets pale." }
                    </p>
                </div>
            }
            <table class="map-counts-table">
                <caption>{ format!("Rulesets by class ({}{})", grouped(rulesets), if complete { "" } else { " so far" }) }</caption>
                <thead><tr><th scope="col">{ "Class" }</th><th scope="col">{ "Count" }</th><th scope="col">{ "Share" }</th></tr></thead>
                <tbody id="map-counts">
                    { for legend_classes(params.family).into_iter().map(|class| {
                        let n = count_of(class);
                        let share = if class == CellClass::Invalid || rulesets == 0 {
                            "—".to_string()
                        } else {
                            format!("{:.3}", n as f64 / rulesets as f64)
                        };
                        html! {
                            <tr data-class={class.name()} data-count={n.to_string()}>
                                <th scope="row"><ColourSwatch colour={hex(class_colour(class))} />{ class_label(class, params.family) }</th>
                                <td class="count">{ grouped(n) }</td>
                                <td class="share">{ share }</td>
                            </tr>
                        }
                    }) }
                </tbody>
            </table>
            if matches!(params.family, Family::ThreeMove { .. }) {
                <p class="note" id="map-limits">
                    { "Flammenkamp (survey Section 2): as s3 grows, the shares appear to approach 0.53… for period s1 + s3, and 0.365… and 0.105… for the other two pair sums. The survey does not say which of those two is which; its list order suggests 0.365… for s2 + s3 and 0.105… for s1 + s2. Shares here are of the rulesets in the window, so they differ from the limits for small s3 or a window off the paper's." }
                </p>
            }
            <p class="note">
                { format!("Each ruleset computes at most {} heaps; periods are proven by the repeating-window argument, never guessed.", grouped(MAX_HEAPS)) }
            </p>
        </>
    }
}

/// The log-scale colour ramp (the engine's `figure::ramp`), drawn into a small canvas.
#[function_component(RampBar)]
fn ramp_bar() -> Html {
    const WIDTH: u32 = 200;
    let node = use_node_ref();
    {
        let node = node.clone();
        use_effect_with((), move |_| {
            let ctx = node
                .cast::<HtmlCanvasElement>()
                .and_then(|c| c.get_context("2d").ok().flatten())
                .and_then(|c| c.dyn_into::<CanvasRenderingContext2d>().ok());
            if let Some(ctx) = ctx {
                let mut pixels = Vec::with_capacity(WIDTH as usize * 4);
                for i in 0..WIDTH {
                    let [r, g, b] = figure::ramp(f64::from(i) / f64::from(WIDTH - 1));
                    pixels.extend_from_slice(&[r, g, b, 255]);
                }
                if let Ok(image) =
                    ImageData::new_with_u8_clamped_array_and_sh(Clamped(&pixels), WIDTH, 1)
                {
                    let _ = ctx.put_image_data(&image, 0.0, 0.0);
                }
            }
        });
    }
    html! { <canvas ref={node} id="map-ramp" class="map-ramp-bar" width={WIDTH.to_string()} height="1" aria-hidden="true"></canvas> }
}
