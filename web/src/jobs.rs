//! The page API of the one job client ([`crate::worker_pool`]): [`JobRunner`] runs one
//! [`JobSpec`] at a time, as work of one piece for at most one Web Worker (or the main thread
//! when workers are not available or do not load); [`use_job`] is the hook pages use. Its
//! status line is [`crate::components::job_status`].

use std::rc::Rc;

#[cfg(feature = "core")]
use heaplab_engine::plane::Solution;
use yew::prelude::*;

use crate::worker::{JobId, JobOutput, JobSpec, Progress};
use crate::worker_pool::{pump, Client, Handle, Phase, Snapshot, Work};

/// A finished job's output or message, compared by identity (outputs can be large grids).
#[derive(Debug, Clone)]
pub struct Shared(pub Rc<Result<JobOutput, String>>);

impl PartialEq for Shared {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

crate::for_each_job!(crate::job_output_accessors);

impl Shared {
    /// The 2-D subtraction window, shared (the page keeps it to draw and export).
    #[cfg(feature = "core")]
    pub fn plane_rc(&self) -> Option<Rc<Solution>> {
        match &*self.0 {
            Ok(JobOutput::Plane(r)) => Some(Rc::clone(r)),
            _ => None,
        }
    }
}

/// A single job's snapshot: its detail is the job's output (or message) once it has ended.
pub type JobState = Snapshot<Option<Shared>>;

/// One job: work of one piece.
#[derive(Default)]
struct One {
    client: Client,
    spec: Option<JobSpec>,
    sent: bool,
    progress: Progress,
    output: Option<Shared>,
}

impl Work for One {
    type Detail = Option<Shared>;

    fn client(&mut self) -> &mut Client {
        &mut self.client
    }

    fn next_piece(&mut self, _id: JobId, _solvers: usize) -> Option<JobSpec> {
        if std::mem::replace(&mut self.sent, true) {
            return None;
        }
        self.spec.clone()
    }

    fn finished(&mut self, _id: JobId, output: Result<JobOutput, String>) {
        let phase = match &output {
            Ok(_) => Phase::Done,
            Err(message) => Phase::Failed(message.clone()),
        };
        self.progress.done = self.progress.total;
        self.output = Some(Shared(Rc::new(output)));
        self.client.end(phase);
    }

    /// Every report is shown (a pool's are thinned out), so the line reaches 100 % before
    /// the result.
    fn progress(&mut self, _id: JobId, progress: Progress) {
        self.progress = progress.at_least(Some(&self.progress));
        self.client.report(true);
    }

    fn snapshot(&self) -> (Progress, Option<Shared>) {
        (self.progress, self.output.clone())
    }
}

/// Runs one job at a time for a page and reports its [`JobState`]. Cheap to clone.
#[derive(Clone, PartialEq)]
pub struct JobRunner(Handle<One>);

impl JobRunner {
    /// A runner reporting to `on_state`; it starts no worker until [`Self::start`].
    pub fn new(on_state: Callback<JobState>) -> JobRunner {
        let one = One {
            client: Client::new(1),
            ..One::default()
        };
        JobRunner(Handle::new(one, on_state))
    }

    /// Starts `spec`, cancelling the job in progress; gives the new run's number. A one-call
    /// job waits for a slow worker rather than freeze the tab on the main thread.
    pub fn start(&self, spec: JobSpec) -> u64 {
        let mut run = 0;
        self.0.with(|one, handle| {
            one.client.start(!spec.is_stepped());
            run = one.client.run();
            one.spec = Some(spec);
            one.sent = false;
            one.progress = Progress::default();
            one.output = None;
            pump(one, handle);
        });
        run
    }

    /// Stops the job in progress and reports `Cancelled`.
    pub fn cancel(&self) {
        self.0.with(|one, _| one.client.end(Phase::Cancelled));
    }

    /// Stops everything and terminates the worker (the page is going away).
    pub fn shut_down(&self) {
        self.cancel();
        self.0.with(|one, _| one.client.shut_down());
    }

    /// The last finished job's output.
    pub fn finished(&self) -> Option<Shared> {
        self.0.read(|one| one.output.clone())
    }
}

/// What [`use_job`] gives a page: the state, and the cancel and retry actions.
#[derive(Clone, PartialEq)]
pub struct JobHandle {
    /// Where the job is.
    pub state: JobState,
    /// Stops the job.
    pub cancel: Callback<()>,
    /// Runs the job again (after a cancel).
    pub retry: Callback<()>,
}

impl JobHandle {
    /// The job's output or message, once it has ended.
    pub fn output(&self) -> Option<&Shared> {
        self.state.detail.as_ref()
    }
}

/// Runs `spec` (again whenever it changes) and reports its state; leaving the page stops it.
#[hook]
pub fn use_job(spec: JobSpec) -> JobHandle {
    use_job_when(Some(spec), 0)
}

/// [`use_job`] for a job that may not be asked yet (`None`: nothing runs); a new `asked`
/// runs the same job again.
#[hook]
pub fn use_job_when(spec: Option<JobSpec>, asked: u32) -> JobHandle {
    let state = use_state_eq(|| None::<JobState>);
    let runner = {
        let setter = state.setter();
        use_memo((), move |_| {
            JobRunner::new(Callback::from(move |s| setter.set(Some(s))))
        })
    };
    let attempt = use_state_eq(|| 0u32);
    {
        let runner = runner.clone();
        use_effect_with((spec, asked, *attempt), move |(spec, _, _)| {
            if let Some(spec) = spec {
                runner.start(spec.clone());
            }
            move || runner.shut_down()
        });
    }
    let cancel = Callback::from(move |()| runner.cancel());
    let retry = Callback::from(move |()| attempt.set(*attempt + 1));
    let state = (*state).clone().unwrap_or_else(|| Snapshot {
        phase: Phase::Running,
        ..Snapshot::default()
    });
    JobHandle {
        state,
        cancel,
        retry,
    }
}
