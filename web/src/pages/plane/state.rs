//! The page's state as one custom hook: the form's editable copy, the job runner and its
//! progress, the hover line, the canvas refs and the view on screen, with the effects that
//! keep them in step with the URL (follow the URL, start or stop the job, draw, transform,
//! shut down, wheel zoom).

use std::cell::RefCell;
use std::rc::Rc;

use heaplab_engine::plane::Solution;
use web_sys::{Element, HtmlCanvasElement, HtmlElement};
use yew::prelude::*;

use super::canvas::{draw, Press};
use super::form::form_text;
use crate::components::export::context_2d;
use crate::components::field::same_state;
use crate::components::pixel_canvas::{fraction_in, wheel_zoom};
use crate::jobs::{JobRunner, JobState};
use crate::route::plane::{PlaneKey, PlaneMode, PlaneParams, PlaneQuery, View};
use crate::worker::{JobSpec, PlaneRequest};
use crate::worker_pool::Phase;

/// Everything the page's parts read and change. Cheap to clone (handles and `Rc`s).
#[derive(Clone)]
pub(super) struct PlaneState {
    /// The form's editable copy of the URL state.
    pub(super) form: UseStateHandle<PlaneQuery>,
    /// The hover readout under the picture.
    pub(super) hover: UseStateHandle<Option<String>>,
    /// The picture's canvas.
    pub(super) canvas: NodeRef,
    /// The frame around the canvas (the zoom box and wheel fractions are relative to it).
    pub(super) frame: NodeRef,
    /// The dragged zoom box.
    pub(super) boxed: NodeRef,
    /// The press in progress on the canvas, if any.
    pub(super) press: Rc<RefCell<Option<Press>>>,
    /// The page's one job runner.
    pub(super) runner: Rc<JobRunner>,
    /// The run the runner was last started on, and what it computes.
    pub(super) started: Rc<RefCell<Option<(u64, PlaneKey)>>>,
    /// The view on screen: follows the URL, and moves live while the wheel turns or a drag pans.
    pub(super) view: UseStateHandle<Option<View>>,
    /// The view as of now, for listeners that outlive a render.
    pub(super) view_now: Rc<RefCell<Option<View>>>,
    /// The URL state, when it is valid.
    pub(super) committed: Option<PlaneParams>,
    /// The last progress of the job for the URL's state.
    pub(super) current: Option<JobState>,
    /// True when that job is done.
    pub(super) complete: bool,
    /// Its solution, once done.
    pub(super) solution: Option<Rc<Solution>>,
}

/// The page's state for the URL state `query`, with its effects.
#[hook]
pub(super) fn use_plane_state(query: &PlaneQuery) -> PlaneState {
    let form = use_state(|| form_text(query));
    let progress = use_state(|| None::<JobState>);
    let hover = use_state(|| None::<String>);
    let canvas = use_node_ref();
    let frame = use_node_ref();
    let boxed = use_node_ref();
    let press = use_mut_ref(|| None::<Press>);
    let runner = {
        let setter = progress.setter();
        use_memo((), move |_| {
            JobRunner::new(Callback::from(move |p: JobState| setter.set(Some(p))))
        })
    };
    let started = use_mut_ref(|| None::<(u64, PlaneKey)>);
    let committed = query.validate().ok();
    let key = committed.as_ref().map(PlaneParams::key);
    let view = use_state(|| committed.as_ref().map(|p| p.view));
    let view_now: Rc<RefCell<Option<View>>> = use_mut_ref(|| *view);
    let current = progress
        .as_ref()
        .filter(|p| {
            let started = started.borrow();
            started.as_ref().map(|(run, k)| (*run, Some(k))) == Some((p.run, key.as_ref()))
        })
        .cloned();
    let complete = current.as_ref().is_some_and(|p| p.phase == Phase::Done);
    let solution = current
        .as_ref()
        .filter(|_| complete)
        .and_then(|p| p.detail.as_ref()?.plane_rc());
    let state = PlaneState {
        form,
        hover,
        canvas,
        frame,
        boxed,
        press,
        runner,
        started,
        view,
        view_now,
        committed,
        current,
        complete,
        solution,
    };
    use_follow_url(&state, query);
    use_job(&state, key.clone());
    use_drawing(&state);
    // Leaving the page stops the job and closes the worker.
    {
        let runner = state.runner.clone();
        use_effect_with((), move |_| move || runner.shut_down());
    }
    use_wheel(&state, key);
    state
}

/// The URL changed from outside (Back/Forward, a link, a zoom): show it in the form and view.
#[hook]
fn use_follow_url(state: &PlaneState, query: &PlaneQuery) {
    let form = state.form.clone();
    let view = state.view.clone();
    let view_now = state.view_now.clone();
    let committed = state.committed.clone();
    use_effect_with(query.clone(), move |query| {
        if !same_state(&*form, query, PlaneQuery::validate) {
            form.set(form_text(query));
        }
        let v = committed.map(|p| p.view);
        *view_now.borrow_mut() = v;
        view.set(v);
    });
}

impl PlaneState {
    /// Computes `key` (again).
    pub(super) fn start(&self, key: PlaneKey) {
        start(&self.runner, &self.started, key);
    }
}

/// Starts computing `key`, remembering which run computes it.
fn start(runner: &JobRunner, started: &RefCell<Option<(u64, PlaneKey)>>, key: PlaneKey) {
    let run = runner.start(JobSpec::Plane(PlaneRequest {
        moves: key.moves.clone(),
        width: key.width,
        height: key.height,
        with_nim: key.with_nim,
    }));
    *started.borrow_mut() = Some((run, key));
}

/// A new computation starts a job; an invalid URL stops the old one.
#[hook]
fn use_job(state: &PlaneState, key: Option<PlaneKey>) {
    let runner = state.runner.clone();
    let started = state.started.clone();
    let canvas = state.canvas.clone();
    use_effect_with(key, move |key| {
        if let Some(c) = canvas.cast::<HtmlCanvasElement>() {
            if let Ok(ctx) = context_2d(&c) {
                ctx.clear_rect(0.0, 0.0, f64::from(c.width()), f64::from(c.height()));
            }
        }
        match key {
            Some(key) => start(&runner, &started, key.clone()),
            None => runner.cancel(),
        }
    });
}

/// A finished job (or a new mode) is drawn, and the view is a CSS transform of the canvas.
#[hook]
fn use_drawing(state: &PlaneState) {
    let mode = state
        .committed
        .as_ref()
        .map_or(PlaneMode::Outcome, |p| p.mode);
    {
        let canvas = state.canvas.clone();
        let solution = state.solution.clone();
        let job = state.current.as_ref().map(|p| p.run);
        use_effect_with((job, state.complete, mode), move |_| {
            if let (Some(c), Some(s)) = (canvas.cast::<HtmlCanvasElement>(), solution) {
                draw(&c, &s, mode);
            }
        });
    }
    {
        let canvas = state.canvas.clone();
        let size = state.committed.as_ref().map(|p| (p.width, p.height));
        use_effect_with((*state.view, size), move |(view, size)| {
            if let (Some(c), Some(v), Some((w, h))) = (canvas.cast::<HtmlElement>(), view, size) {
                let _ = c
                    .style()
                    .set_property("transform", &v.css_transform(*w, *h));
            }
        });
    }
}

/// The wheel zooms around the cursor; the zoom goes to the URL once the wheel rests.
#[hook]
fn use_wheel(state: &PlaneState, key: Option<PlaneKey>) {
    let canvas = state.canvas.clone();
    let frame = state.frame.clone();
    let view = state.view.clone();
    let view_now = state.view_now.clone();
    let committed = state.committed.clone();
    use_effect_with(key, move |_| {
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
