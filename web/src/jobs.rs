//! One heavy job of a page (see [`JobRequest`]) in a Web Worker — the same worker binary and
//! bootstrap as the period-map pool ([`crate::tiles::runner`]), on a bridge of its own — with
//! progress and cancel, and a main-thread fallback when the worker bootstrap is not served
//! (the wasm tests) or the worker does not load in time.
//!
//! Jobs that count their work (a cumulative game's solve) run in steps ([`JobRun`]): the worker
//! sends `JobProgress` after each step, and the main-thread fallback runs one step per timer
//! turn, so the page stays responsive there too. Cancelling drops the bridge, so the reply is
//! never used; a stepped job's worker closes at its next step, a whole job's after it.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use gloo::timers::callback::Timeout;
use gloo::worker::{Spawnable, WorkerBridge};
use heaplab_engine::cumulative_subtraction::TwoPileReport;
use yew::prelude::*;

use crate::pages::period_map::grouped;
use crate::worker::{
    JobRequest, JobResult, JobRun, MapWorker, ScoringTable, Truncated, WorkerReply, WorkerRequest,
};
use crate::worker_client::{worker_available, LOADER, WORKER_TIMEOUT_MS};

/// A finished job's result, compared by identity (results can be large grids).
#[derive(Debug, Clone)]
pub struct Shared(pub Rc<JobResult>);

impl PartialEq for Shared {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

impl Shared {
    /// The two-pile report, or the engine's message (`None` for another kind of job).
    pub fn two_piles(&self) -> Option<Result<&TwoPileReport, &str>> {
        match &*self.0 {
            JobResult::TwoPiles(r) => Some(r.as_ref().map_err(String::as_str)),
            _ => None,
        }
    }

    /// `tr^m` and the Conjecture 16 check, or the engine's message.
    pub fn truncated(&self) -> Option<Result<&Truncated, &str>> {
        match &*self.0 {
            JobResult::Truncated(r) => Some(r.as_ref().map_err(String::as_str)),
            _ => None,
        }
    }

    /// A scoring octal game's `G_s`, or the engine's message.
    pub fn scoring_octal(&self) -> Option<Result<&ScoringTable, &str>> {
        match &*self.0 {
            JobResult::ScoringOctal(r) => Some(r.as_ref().map_err(String::as_str)),
            _ => None,
        }
    }
}

/// Where a job is.
#[derive(Debug, Clone, PartialEq)]
pub enum JobState {
    /// Being computed, in a worker or on the main thread.
    Running {
        /// `true` in a Web Worker, `false` on the main thread.
        in_worker: bool,
        /// `(done, total)` of a job that counts its work, once known.
        progress: Option<(u64, u64)>,
    },
    /// Finished.
    Done(Shared),
    /// Cancelled by the visitor.
    Cancelled,
}

/// What [`use_job`] gives a page: the state, and the cancel and retry actions.
#[derive(Clone, PartialEq)]
pub struct JobHandle {
    /// Where the job is.
    pub state: JobState,
    /// Stops waiting for the job.
    pub cancel: Callback<()>,
    /// Runs the job again (after a cancel).
    pub retry: Callback<()>,
}

/// The job's moving parts, shared by the effect, its callbacks and cancel.
#[derive(Default)]
struct Live {
    /// Bumped for every start and cancel; replies of older generations are dropped.
    generation: u64,
    bridge: Option<WorkerBridge<MapWorker>>,
    watchdog: Option<Timeout>,
    step: Option<Timeout>,
}

/// Runs `request` (again whenever it changes) and reports its state.
#[hook]
pub fn use_job(request: JobRequest) -> JobHandle {
    let state = use_state_eq(|| JobState::Running {
        in_worker: false,
        progress: None,
    });
    let live = use_mut_ref(Live::default);
    let attempt = use_state_eq(|| 0u32);
    {
        let (state, live) = (state.clone(), live.clone());
        use_effect_with((request, *attempt), move |(request, _)| {
            let generation = {
                let mut l = live.borrow_mut();
                l.generation += 1;
                l.generation
            };
            state.set(JobState::Running {
                in_worker: false,
                progress: None,
            });
            let (request, state2, live2) = (request.clone(), state.clone(), live.clone());
            wasm_bindgen_futures::spawn_local(async move {
                let in_worker = worker_available().await;
                if live2.borrow().generation != generation {
                    return;
                }
                if in_worker {
                    start_in_worker(request, generation, state2, live2);
                } else {
                    start_on_main_thread(request, generation, state2, live2);
                }
            });
            move || {
                let mut l = live.borrow_mut();
                l.generation += 1;
                l.bridge = None;
                l.watchdog = None;
                l.step = None;
            }
        });
    }
    let cancel = {
        let (state, live) = (state.clone(), live.clone());
        Callback::from(move |()| {
            let mut l = live.borrow_mut();
            l.generation += 1;
            l.bridge = None;
            l.watchdog = None;
            l.step = None;
            state.set(JobState::Cancelled);
        })
    };
    let retry = {
        let attempt = attempt.clone();
        Callback::from(move |()| attempt.set(*attempt + 1))
    };
    JobHandle {
        state: (*state).clone(),
        cancel,
        retry,
    }
}

fn start_in_worker(
    request: JobRequest,
    generation: u64,
    state: UseStateHandle<JobState>,
    live: Rc<RefCell<Live>>,
) {
    state.set(JobState::Running {
        in_worker: true,
        progress: None,
    });
    let ready = Rc::new(Cell::new(false));
    let bridge = {
        let (state, live, ready) = (state.clone(), live.clone(), ready.clone());
        MapWorker::spawner()
            .callback(move |reply| {
                if live.borrow().generation != generation {
                    return;
                }
                match reply {
                    WorkerReply::Ready => ready.set(true),
                    WorkerReply::JobProgress { done, total } => {
                        ready.set(true);
                        state.set(JobState::Running {
                            in_worker: true,
                            progress: Some((done, total)),
                        });
                    }
                    WorkerReply::Job(result) => {
                        if let Ok(mut l) = live.try_borrow_mut() {
                            l.watchdog = None;
                        }
                        state.set(JobState::Done(Shared(Rc::new(result))));
                    }
                    // Replies for other pages' requests never come to this bridge.
                    _ => {}
                }
            })
            .spawn_with_loader(LOADER)
    };
    bridge.send(WorkerRequest::Job(request.clone()));
    let watchdog = {
        let (state, live) = (state.clone(), live.clone());
        Timeout::new(WORKER_TIMEOUT_MS, move || {
            if ready.get() || live.borrow().generation != generation {
                return;
            }
            // The worker never loaded: compute here instead.
            live.borrow_mut().bridge = None;
            start_on_main_thread(request, generation, state, live);
        })
    };
    let mut l = live.borrow_mut();
    l.bridge = Some(bridge);
    l.watchdog = Some(watchdog);
}

/// How long one main-thread step of a job takes at most, in milliseconds.
const MAIN_STEP_MS: f64 = 30.0;

fn start_on_main_thread(
    request: JobRequest,
    generation: u64,
    state: UseStateHandle<JobState>,
    live: Rc<RefCell<Live>>,
) {
    state.set(JobState::Running {
        in_worker: false,
        progress: None,
    });
    let run = Rc::new(RefCell::new(JobRun::new(&request, false)));
    // The first step waits a moment so the progress line is painted before the thread is busy.
    schedule_main_step(run, 30, generation, state, live);
}

/// Runs one step of `run` after `delay` ms, then schedules the next (unless cancelled: the
/// pending timer lives in `live.step`, which cancel drops).
fn schedule_main_step(
    run: Rc<RefCell<JobRun>>,
    delay: u32,
    generation: u64,
    state: UseStateHandle<JobState>,
    live: Rc<RefCell<Live>>,
) {
    let step = {
        let live = live.clone();
        Timeout::new(delay, move || {
            if live.borrow().generation != generation {
                return;
            }
            let finished = run.borrow_mut().step(MAIN_STEP_MS);
            match finished {
                Some(result) => state.set(JobState::Done(Shared(Rc::new(result)))),
                None => {
                    let progress = run.borrow().progress();
                    state.set(JobState::Running {
                        in_worker: false,
                        progress,
                    });
                    schedule_main_step(run, 0, generation, state, live);
                }
            }
        })
    };
    if let Ok(mut l) = live.try_borrow_mut() {
        l.step = Some(step);
    }
}

/// Properties of [`JobStatus`].
#[derive(Properties, PartialEq)]
pub struct JobStatusProps {
    /// The id of the status element (`{id}-cancel`, `{id}-retry` for the buttons).
    pub id: AttrValue,
    /// What is being computed, e.g. "the 600 × 600 grid".
    pub what: AttrValue,
    /// What a job that counts its work counts, e.g. "grounded positions".
    #[prop_or_default]
    pub unit: AttrValue,
    /// The job.
    pub job: JobHandle,
}

/// The progress line of a running job (indeterminate bar, where it runs, Cancel), or the
/// "cancelled" line with a button to compute again; nothing once done.
#[function_component(JobStatus)]
pub fn job_status(props: &JobStatusProps) -> Html {
    let id = props.id.to_string();
    match &props.job.state {
        JobState::Running {
            in_worker,
            progress,
        } => {
            let cancel = props.job.cancel.reform(|_: MouseEvent| ());
            let place = if *in_worker {
                "in a Web Worker"
            } else {
                "on the main thread"
            };
            let (bar, count) = match progress {
                Some((done, total)) => (
                    html! {
                        <progress id={format!("{id}-progress")} max={(*total).max(1).to_string()}
                            value={(*done).min(*total).to_string()}
                            aria-label={format!("Computing {}", props.what)}></progress>
                    },
                    format!(
                        ": {} {} (stops at {})",
                        grouped(*done),
                        props.unit,
                        grouped(*total)
                    ),
                ),
                None => (
                    html! {
                        <progress id={format!("{id}-progress")} aria-label={format!("Computing {}", props.what)}></progress>
                    },
                    String::new(),
                ),
            };
            html! {
                <div class="job-status" id={id.clone()} role="status">
                    { bar }
                    <span id={format!("{id}-text")}>{ format!("Computing {} {place}{count}…", props.what) }</span>
                    <button type="button" id={format!("{id}-cancel")} onclick={cancel}>{ "Cancel" }</button>
                </div>
            }
        }
        JobState::Cancelled => {
            let retry = props.job.retry.reform(|_: MouseEvent| ());
            html! {
                <div class="job-status" id={id.clone()} role="status">
                    <span>{ format!("Cancelled: {} was not computed.", props.what) }</span>
                    <button type="button" id={format!("{id}-retry")} onclick={retry}>{ "Compute again" }</button>
                </div>
            }
        }
        JobState::Done(_) => html! {},
    }
}
