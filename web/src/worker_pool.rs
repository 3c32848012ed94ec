//! One pool runner for work cut into pieces, shared by the period-map tiles
//! ([`crate::tiles::runner`]) and the explorer's sweep ([`crate::pages::explore::runner`]):
//! it looks for the worker bootstrap once, spawns [`pool_size`] workers, hands the next piece
//! to each idle ready worker as a job of the one protocol, gives up on workers that never say
//! Ready ([`WORKER_TIMEOUT_MS`]), and otherwise runs main-thread steps between timer ticks.
//! Replies for pieces of an earlier run (before [`Pool::restart`]) are dropped.
//!
//! What a piece is, and what its result does, is the runner's ([`PieceRunner`]).

use std::rc::Rc;

use gloo::timers::callback::Timeout;

use crate::worker::{JobId, JobOutput, JobSpec, WorkerReply, WorkerRequest};
use crate::worker_client::{
    note_worker_timeout, probe_workers, spawn_links, RunnerState, WeakShared, WorkerLink, Workers,
    WORKER_TIMEOUT_MS,
};

/// The most workers a pool starts, whatever `navigator.hardwareConcurrency` says.
pub const MAX_WORKERS: usize = 8;

/// How many workers to start: `navigator.hardwareConcurrency`, between 1 and [`MAX_WORKERS`].
pub fn pool_size() -> usize {
    let cores = web_sys::window()
        .map(|w| w.navigator().hardware_concurrency())
        .unwrap_or(1.0);
    if cores.is_finite() {
        (cores as usize).clamp(1, MAX_WORKERS)
    } else {
        1
    }
}

/// The pool's state, embedded in a runner's state.
pub struct Pool {
    workers: Workers,
    /// Each worker and the piece it is computing.
    links: Option<Vec<(WorkerLink, Option<JobId>)>>,
    /// Gives up on the workers when none is ready in time.
    watchdog: Option<Timeout>,
    /// The next main-thread step.
    step: Option<Timeout>,
    next_id: JobId,
    /// Replies for ids below this belong to an earlier run.
    first_id: JobId,
    /// Counts restarts, so a step scheduled before one does nothing.
    run: u64,
}

impl Default for Pool {
    fn default() -> Pool {
        Pool {
            workers: Workers::initial(),
            links: None,
            watchdog: None,
            step: None,
            next_id: 0,
            first_id: 0,
            run: 0,
        }
    }
}

impl Pool {
    /// Starts a new run: replies for earlier pieces are dropped from now on. With `terminate`
    /// the workers go too (new ones are spawned when work comes); else busy workers finish
    /// their old piece (dropped on arrival) and then get new ones.
    pub fn restart(&mut self, terminate: bool) {
        self.first_id = self.next_id;
        self.run += 1;
        self.step = None;
        if terminate {
            self.links = None;
            self.watchdog = None;
        } else if let Some(links) = self.links.as_mut() {
            links.iter_mut().for_each(|(_, busy)| *busy = None);
        }
    }

    /// Whether workers are looked up, usable or given up on.
    pub fn workers(&self) -> Workers {
        self.workers
    }

    /// Workers in use (`None`: the main thread, or not decided yet).
    pub fn worker_count(&self) -> Option<usize> {
        match (&self.links, self.workers) {
            (Some(links), Workers::Available) => Some(links.len()),
            _ => None,
        }
    }

    /// A fresh job id for a main-thread piece.
    pub fn take_id(&mut self) -> JobId {
        self.next_id += 1;
        self.next_id - 1
    }
}

/// A runner whose work the [`Pool`] hands out piece by piece. Object-safe: the pool's
/// bookkeeping takes `&mut dyn PieceRunner`, so the module holds one copy of it for every
/// runner; only the timer and worker callbacks, which hold the runner's handle, are generic.
pub trait PieceRunner {
    /// The runner's pool.
    fn pool(&mut self) -> &mut Pool;
    /// Whether work is still to be handed out (not done, cancelled or failed).
    fn running(&self) -> bool;
    /// The next piece, as job `id`, for one of `solvers` workers; `None` when all are out.
    fn next_piece(&mut self, id: JobId, solvers: usize) -> Option<JobSpec>;
    /// Computes a little on the main thread (no workers here).
    fn main_step(&mut self);
    /// Piece `id` of the current run ended with this output or message.
    fn finished(&mut self, id: JobId, output: Result<JobOutput, String>);
    /// Piece `id` of the current run has walked `done` items.
    fn progress(&mut self, _id: JobId, _done: u64) {}
    /// Where the work runs has changed (workers found, or given up on).
    fn mode_changed(&mut self) {}
}

/// Hands out work: pieces to idle ready workers, or a main-thread step.
pub fn pump<S: PieceRunner + RunnerState>(s: &mut S, runner: &WeakShared<S>) {
    if !s.running() {
        return;
    }
    match s.pool().workers {
        Workers::Unknown => {
            s.pool().workers = Workers::Probing;
            let runner = runner.clone();
            probe_workers(move |found| {
                runner.with(move |s, again| {
                    // Ready replies confirm `Available`; until then the pool is "starting".
                    s.pool().workers = found;
                    s.mode_changed();
                    pump(s, again);
                })
            });
        }
        Workers::Probing => {}
        Workers::Unavailable => schedule_step(s, runner),
        Workers::Available => {
            if s.pool().links.is_none() {
                let Some(links) = spawn(runner) else {
                    return fall_back(s, runner);
                };
                s.pool().links = Some(links.into_iter().map(|l| (l, None)).collect());
                s.pool().watchdog = Some(watchdog(runner));
            }
            feed(s);
        }
    }
}

/// Drops the workers and goes on on the main thread (nothing was handed out: work only goes
/// to ready workers).
fn fall_back<S: PieceRunner + RunnerState>(s: &mut S, runner: &WeakShared<S>) {
    give_up_workers(s);
    pump(s, runner);
}

/// [`fall_back`]'s part that needs no handle.
fn give_up_workers(s: &mut dyn PieceRunner) {
    let pool = s.pool();
    pool.links = None;
    pool.watchdog = None;
    pool.workers = Workers::Unavailable;
    s.mode_changed();
}

/// Gives each idle ready worker its next piece.
fn feed(s: &mut dyn PieceRunner) {
    let Some(links) = s.pool().links.as_ref() else {
        return;
    };
    let solvers = links.len();
    let idle: Vec<usize> = (0..solvers)
        .filter(|&i| links[i].0.is_ready() && links[i].1.is_none())
        .collect();
    for i in idle {
        let id = s.pool().next_id;
        let Some(spec) = s.next_piece(id, solvers) else {
            break;
        };
        let pool = s.pool();
        pool.next_id += 1;
        if let Some((link, busy)) = pool.links.as_mut().and_then(|l| l.get_mut(i)) {
            *busy = Some(id);
            link.send(&WorkerRequest::Start { id, spec });
        }
    }
}

/// Takes worker `worker`'s reply: Ready, a piece's progress, or its end; then hands out
/// more work.
fn on_reply<S: PieceRunner + RunnerState>(
    s: &mut S,
    worker: usize,
    reply: WorkerReply,
    again: &WeakShared<S>,
) {
    if take_reply(s, worker, reply) {
        pump(s, again);
    }
}

/// [`on_reply`]'s part that needs no handle; whether to hand out more work.
fn take_reply(s: &mut dyn PieceRunner, worker: usize, reply: WorkerReply) -> bool {
    let pool = s.pool();
    if pool.links.is_none() {
        return false;
    }
    let (id, output) = match reply {
        WorkerReply::Ready => {
            pool.watchdog = None;
            pool.workers = Workers::Available;
            return true;
        }
        WorkerReply::Progress { id, progress } => {
            if id >= pool.first_id {
                s.progress(id, progress.done);
            }
            return false;
        }
        WorkerReply::Result { id, output } => (id, Ok(*output)),
        WorkerReply::Error { id, message } => (id, Err(message)),
    };
    if let Some((_, busy)) = pool.links.as_mut().and_then(|l| l.get_mut(worker)) {
        if *busy == Some(id) {
            *busy = None;
        }
    }
    if id >= pool.first_id {
        s.finished(id, output);
    }
    true
}

/// Runs one main-thread step soon (once: a step already scheduled stays).
fn schedule_step<S: PieceRunner + RunnerState>(s: &mut S, runner: &WeakShared<S>) {
    let pool = s.pool();
    if pool.step.is_some() {
        return;
    }
    let runner = runner.clone();
    let run = pool.run;
    pool.step = Some(Timeout::new(0, move || {
        runner.with(move |s, again| {
            s.pool().step = None;
            if s.pool().run == run {
                s.main_step();
                pump(s, again);
            }
        });
    }));
}

/// Starts [`pool_size`] workers whose replies go to the runner; `None` when the browser
/// refuses.
fn spawn<S: PieceRunner + RunnerState>(runner: &WeakShared<S>) -> Option<Vec<WorkerLink>> {
    let runner = runner.clone();
    spawn_links(
        pool_size(),
        Rc::new(move |i, reply| {
            runner.with(move |s, again| on_reply(s, i, reply, again));
        }),
    )
}

/// The timer of a new pool: if no worker said Ready within [`WORKER_TIMEOUT_MS`], the runner
/// falls back to the main thread.
fn watchdog<S: PieceRunner + RunnerState>(runner: &WeakShared<S>) -> Timeout {
    let runner = runner.clone();
    Timeout::new(WORKER_TIMEOUT_MS, move || {
        runner.with(move |s, again| {
            if none_ready(s.pool()) {
                note_worker_timeout();
                fall_back(s, again);
            }
        });
    })
}

/// Whether the pool has workers and none of them is ready.
fn none_ready(pool: &Pool) -> bool {
    pool.links
        .as_ref()
        .is_some_and(|links| !links.iter().any(|(l, _)| l.is_ready()))
}
