//! The plane page's view of its one job: a [`JobRunner`] running [`JobSpec::Plane`] (in a
//! Web Worker, or on the main thread without workers), its [`crate::jobs::JobState`] turned
//! into the page's [`Progress`] (what is computed, phase, place, elapsed time).

use std::cell::RefCell;
use std::rc::Rc;

use heaplab_engine::plane::Solution;
use yew::Callback;

use crate::jobs::{JobRunner, JobState, RunPlace};
use crate::route::plane::PlaneKey;
use crate::worker::{JobSpec, PlaneRequest};
pub use crate::worker_client::Phase;

/// Where a job is computed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// Not decided yet (the worker script is being looked for, or the worker is loading).
    Starting,
    /// In a Web Worker.
    Worker,
    /// On the main thread, between timer ticks.
    MainThread,
}

/// A snapshot of a job for the progress bar and status line.
#[derive(Debug, Clone, PartialEq)]
pub struct Progress {
    /// The job number (one per start).
    pub job: u64,
    /// What is computed.
    pub key: PlaneKey,
    /// Cells computed (rows, columns for the column periods, and nim-values if asked).
    pub done: u64,
    /// Cells in all.
    pub total: u64,
    /// Milliseconds since the job started.
    pub elapsed_ms: f64,
    /// Running, done, cancelled or failed.
    pub phase: Phase,
    /// Where the job runs.
    pub place: Place,
}

/// The page's job runner. Cheap to clone.
#[derive(Clone, PartialEq)]
pub struct PlaneRunner {
    runner: JobRunner,
    /// The job number and key of the last start, and the last snapshot.
    current: Rc<RefCell<(u64, Option<Progress>)>>,
}

impl PlaneRunner {
    /// A runner that reports to `on_progress`; it starts no worker until [`Self::start`].
    pub fn new(on_progress: Callback<Progress>) -> PlaneRunner {
        let current: Rc<RefCell<(u64, Option<Progress>)>> = Rc::default();
        let seen = Rc::clone(&current);
        let runner = JobRunner::new(Callback::from(move |state: JobState| {
            let next = {
                let mut c = seen.borrow_mut();
                let Some(last) = c.1.clone() else {
                    return;
                };
                let next = snapshot(last, &state);
                c.1 = Some(next.clone());
                next
            };
            on_progress.emit(next);
        }));
        PlaneRunner { runner, current }
    }

    /// Starts computing `key` (cancelling any job in progress).
    pub fn start(&self, key: PlaneKey) {
        {
            let mut c = self.current.borrow_mut();
            c.0 += 1;
            c.1 = Some(Progress {
                job: c.0,
                key: key.clone(),
                done: 0,
                total: 0,
                elapsed_ms: 0.0,
                phase: Phase::Running,
                place: Place::Starting,
            });
        }
        self.runner.start(JobSpec::Plane(PlaneRequest {
            moves: key.moves,
            width: key.width,
            height: key.height,
            with_nim: key.with_nim,
        }));
    }

    /// Stops the job in progress (the worker drops it before its next step).
    pub fn cancel(&self) {
        self.runner.cancel();
    }

    /// Stops everything and terminates the worker (the page is going away).
    pub fn shut_down(&self) {
        self.runner.shut_down();
    }

    /// The solution of the last finished job.
    pub fn solution(&self) -> Option<Rc<Solution>> {
        self.runner.finished()?.plane_rc()
    }
}

/// `last` updated with the runner's new state.
fn snapshot(last: Progress, state: &JobState) -> Progress {
    match state {
        JobState::Idle => last,
        JobState::Running {
            place,
            progress,
            elapsed_ms,
        } => Progress {
            done: progress.map_or(last.done, |p| p.done),
            total: progress.map_or(last.total, |p| p.total),
            elapsed_ms: *elapsed_ms,
            phase: Phase::Running,
            place: match place {
                RunPlace::Starting | RunPlace::LoadingWorker => Place::Starting,
                RunPlace::Worker => Place::Worker,
                RunPlace::MainThread => Place::MainThread,
            },
            ..last
        },
        JobState::Done(shared) => match shared.plane() {
            Some(Err(message)) => Progress {
                phase: Phase::Failed(message.to_string()),
                ..last
            },
            _ => Progress {
                done: last.total,
                phase: Phase::Done,
                ..last
            },
        },
        JobState::Cancelled => Progress {
            phase: Phase::Cancelled,
            ..last
        },
    }
}
