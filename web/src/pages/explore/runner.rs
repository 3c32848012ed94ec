//! Runs an explorer sweep on all cores as [`Work`] of the one job client
//! ([`crate::worker_pool`]): the family's index range is cut into contiguous pieces
//! ([`shard_range`]), each a `sweep` job for a Web Worker (or for the main thread, a few
//! milliseconds at a time, without workers), and each piece's [`Summary`] is merged into the
//! running total with the engine's exact merge as it arrives, so the results stream into the
//! page.

use std::rc::Rc;

use heaplab_engine::sweep::{shard_range, wire, Caps, Summary, Sweep};
use yew::Callback;

use crate::worker::{JobId, JobOutput, JobSpec, Progress, SweepRequest, Unit};
use crate::worker_pool::{pool_size, pump, Client, Handle, Phase, Snapshot, Work};

/// Pieces per worker: enough that results stream in and fast workers take more.
const PIECES_PER_WORKER: u64 = 8;

/// A sweep's snapshot for the page: its detail is the merged summary of the pieces so far.
pub type SweepProgress = Snapshot<Rc<Summary>>;

#[derive(Default)]
struct Inner {
    request: Option<SweepRequest>,
    caps: Caps,
    pieces: Vec<(u64, u64)>,
    next_piece: usize,
    /// The pieces being walked: job id and rulesets done (a few, so a `Vec`, not a map).
    running: Vec<(JobId, u64)>,
    summary: Summary,
    total: u64,
    client: Client,
}

impl Work for Inner {
    type Detail = Rc<Summary>;

    fn client(&mut self) -> &mut Client {
        &mut self.client
    }

    fn next_piece(&mut self, id: JobId, _solvers: usize) -> Option<JobSpec> {
        let piece = *self.pieces.get(self.next_piece)?;
        let request = self.request.as_ref()?;
        self.next_piece += 1;
        self.running.push((id, 0));
        Some(crate::worker::jobs::sweep_job::spec(request, piece))
    }

    fn finished(&mut self, id: JobId, output: Result<JobOutput, String>) {
        self.running.retain(|r| r.0 != id);
        match output.map(|o| match o {
            JobOutput::Sweep(text) => wire::decode(&text).map_err(|e| e.to_string()),
            _ => Err("not a sweep".into()),
        }) {
            Ok(Ok(summary)) => self.add(summary),
            Ok(Err(message)) | Err(message) => self.fail(message),
        }
    }

    fn progress(&mut self, id: JobId, progress: Progress) {
        if let Some(entry) = self.running.iter_mut().find(|r| r.0 == id) {
            entry.1 = progress.done;
            self.client.report(false);
        }
    }

    /// The merged pieces and the running pieces' progress.
    fn snapshot(&self) -> (Progress, Rc<Summary>) {
        let done = self.summary.rulesets + self.running.iter().map(|(_, d)| d).sum::<u64>();
        let progress = Progress::new(done, self.total, Unit::Rulesets);
        (progress, Rc::new(self.summary.clone()))
    }
}

/// Runs one sweep at a time for the page. Cheap to clone (shared state).
#[derive(Clone, PartialEq)]
pub struct SweepRunner(Handle<Inner>);

impl SweepRunner {
    /// A runner that reports to `on_progress`; it starts no worker until [`Self::start`].
    pub fn new(on_progress: Callback<SweepProgress>) -> SweepRunner {
        let inner = Inner {
            client: Client::new(pool_size()),
            ..Inner::default()
        };
        SweepRunner(Handle::new(inner, on_progress))
    }

    /// Starts the sweep `request` (its range the whole family), cancelling any sweep running.
    pub fn start(&self, request: SweepRequest) {
        self.0.with(|inner, handle| {
            inner.client.start(false);
            inner.running.clear();
            inner.next_piece = 0;
            match request.sweep() {
                Ok(sweep) => {
                    inner.caps = sweep.caps();
                    inner.summary = sweep.empty_summary();
                    inner.pieces = pieces(request.range, pool_size());
                    inner.total = request.range.1 - request.range.0;
                    inner.request = Some(request);
                }
                Err(e) => inner.fail(e.to_string()),
            }
            pump(inner, handle);
        });
    }

    /// Stops the sweep; replies on their way are dropped.
    pub fn cancel(&self) {
        self.0.with(|inner, _| {
            inner.running.clear();
            inner.client.end(Phase::Cancelled);
        });
    }

    /// Stops everything and terminates the workers (the page is going away).
    pub fn shut_down(&self) {
        self.cancel();
        self.0.with(|inner, _| inner.client.shut_down());
    }
}

/// `range` cut into contiguous pieces, about [`PIECES_PER_WORKER`] per worker, whole chunks.
fn pieces(range: (u64, u64), workers: usize) -> Vec<(u64, u64)> {
    let len = range.1 - range.0;
    let count = Sweep::chunks(&(0..len)).clamp(1, workers as u64 * PIECES_PER_WORKER);
    (0..count)
        .filter_map(|i| shard_range(len, i, count).ok())
        .filter(|r| !r.is_empty())
        .map(|r| (range.0 + r.start, range.0 + r.end))
        .collect()
}

impl Inner {
    /// Ends the sweep with `message`.
    fn fail(&mut self, message: String) {
        self.running.clear();
        self.client.end(Phase::Failed(message));
    }

    /// Merges a finished piece and finishes the sweep after the last one.
    fn add(&mut self, summary: Summary) {
        self.summary.merge(summary, self.caps);
        let finished = self.next_piece >= self.pieces.len() && self.running.is_empty();
        if finished {
            self.client.end(Phase::Done);
        }
        self.client.report(false);
    }
}
