//! The page's state as one custom hook: the form's editable copy, the tile runner and its
//! progress, the hover line, the canvas refs and the red-pixel resolver, with the effects that
//! keep them in step with the URL (follow the URL, start or stop the job, recolour, shut down,
//! crisp width, wheel zoom).

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use heaplab_engine::figure::Colouring;
use heaplab_engine::period_map::Window;
use web_sys::{Element, HtmlCanvasElement};
use yew::prelude::*;

use super::canvas::{show_crisp, Press};
use super::resolve::{use_resolver, Resolver};
use super::zoom;
use crate::components::field::same_state;
use crate::components::pixel_canvas::{fraction_in, wheel_zoom};
use crate::route::{MapParams, MapQuery};
use crate::tiles::runner::{MapRunner, MapSnapshot};

/// Everything the page's parts read and change.
pub(super) struct MapState {
    /// The form's editable copy of the URL state.
    pub(super) form: UseStateHandle<MapQuery>,
    /// The last progress of the tile job.
    pub(super) progress: UseStateHandle<Option<MapSnapshot>>,
    /// The hover readout under the map.
    pub(super) hover: UseStateHandle<Option<String>>,
    /// The map's canvas.
    pub(super) canvas: NodeRef,
    /// The dragged zoom box.
    pub(super) boxed: NodeRef,
    /// The press in progress on the canvas, if any.
    pub(super) press: Rc<RefCell<Option<Press>>>,
    /// The page's tile runner.
    pub(super) runner: Rc<MapRunner>,
    /// The search behind a click on a red pixel, and its panel.
    pub(super) resolver: Resolver,
    /// The URL state, when it is valid.
    pub(super) committed: Option<MapParams>,
}

/// The page's state for the URL state `query`, with its effects.
#[hook]
pub(super) fn use_map_state(query: &MapQuery) -> MapState {
    let form = use_state(|| query.clone());
    let progress = use_state(|| None::<MapSnapshot>);
    let hover = use_state(|| None::<String>);
    let canvas = use_node_ref();
    let boxed = use_node_ref();
    let press = use_mut_ref(|| None::<Press>);
    let runner = {
        let setter = progress.setter();
        use_memo((), move |_| {
            MapRunner::new(Callback::from(move |p: MapSnapshot| setter.set(Some(p))))
        })
    };
    let resolver = use_resolver(&runner);
    let committed = query.validate().ok();
    let state = MapState {
        form,
        progress,
        hover,
        canvas,
        boxed,
        press,
        runner,
        resolver,
        committed,
    };
    use_follow_url(&state, query);
    use_job(&state);
    // Leaving the page closes the workers.
    {
        let runner = state.runner.clone();
        use_effect_with((), move |_| move || runner.shut_down());
    }
    use_crisp(&state);
    use_wheel(&state);
    state
}

/// The URL changed from outside (Back/Forward, a link, a zoom): show it in the form.
#[hook]
fn use_follow_url(state: &MapState, query: &MapQuery) {
    let form = state.form.clone();
    use_effect_with(query.clone(), move |query| {
        if !same_state(&*form, query, MapQuery::validate) {
            form.set(query.clone());
        }
    });
}

/// A new family or window starts a new job (an invalid URL stops the old one); a new colouring
/// recolours the cells already computed.
#[hook]
fn use_job(state: &MapState) {
    let committed = state.committed;
    let job_key = committed.map(|p| (p.family, p.window));
    {
        let runner = state.runner.clone();
        let canvas = state.canvas.clone();
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
    {
        let runner = state.runner.clone();
        use_effect_with(committed.map(|p| p.colouring), move |colouring| {
            if let Some(c) = colouring {
                runner.recolour(*c);
            }
        });
    }
}

/// Each ruleset on a whole number of device pixels: the map is crisp at any pixel ratio.
#[hook]
fn use_crisp(state: &MapState) {
    let canvas = state.canvas.clone();
    let columns = state.committed.map(|p| p.window.x1 - p.window.x0);
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

/// The wheel zooms around the cursor; the zoom is committed to the URL once it rests.
#[hook]
fn use_wheel(state: &MapState) {
    let canvas = state.canvas.clone();
    use_effect_with(state.committed, move |committed| {
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
