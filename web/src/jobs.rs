//! The page API of the one job client ([`crate::worker_pool`]): [`JobRunner`] runs one
//! [`JobSpec`] at a time, as work of one piece for at most one Web Worker (or the main thread
//! when workers are not available or do not load); [`use_job`] is the hook pages use;
//! [`status_line`] the one status line (bar, text, Cancel) of every client, [`job_status`]
//! its form for single jobs.

use std::rc::Rc;

#[cfg(feature = "core")]
use heaplab_engine::plane::Solution;
use yew::prelude::*;

use crate::format::{capitalise, grouped, progress_text, took};
use crate::worker::{JobId, JobOutput, JobSpec, Progress, Unit};
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
    /// The outcome periodicity of a constant-memory search.
    #[cfg(feature = "core")]
    pub fn outcome_cycle(&self) -> Option<Result<heaplab_engine::Periodicity, &str>> {
        match &*self.0 {
            Ok(JobOutput::OutcomeCycle(p)) => Some(Ok(*p)),
            Ok(_) => None,
            Err(message) => Some(Err(message)),
        }
    }
}

/// A single job's snapshot: its detail is the job's output (or message) once it has ended.
pub type JobState = Snapshot<Option<Shared>>;

/// Nothing counted yet.
fn no_progress() -> Progress {
    Progress::new(0, 0, Unit::Cells)
}

/// One job: work of one piece.
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
            spec: None,
            sent: false,
            progress: no_progress(),
            output: None,
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
            one.progress = no_progress();
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
        run: 0,
        phase: Phase::Running,
        progress: no_progress(),
        elapsed_ms: 0.0,
        runs: crate::worker_pool::Runs::Starting,
        detail: None,
    });
    JobHandle {
        state,
        cancel,
        retry,
    }
}

/// The one status text of a run. Running: `Computing {what} {where}: {progress}…`; done:
/// `done: {total} {unit} in {time} · {rate} · {where}`; cancelled: `Cancelled: {cancelled}`;
/// failed: `{What} could not be computed: {message}`.
pub fn status_text<D>(what: &str, cancelled: &str, s: &Snapshot<D>) -> String {
    let p = &s.progress;
    let runs = s.runs.describe();
    match &s.phase {
        Phase::Running if p.total == 0 => format!("Computing {what} {runs}…"),
        Phase::Running => format!(
            "Computing {what} {runs}: {}…",
            progress_text(p, s.elapsed_ms)
        ),
        Phase::Done => {
            let seconds = s.elapsed_ms / 1000.0;
            let rate = (p.done as f64 / seconds.max(1e-3)).round() as u64;
            let unit = p.unit.label();
            format!(
                "done: {} {unit} in {} · {} {unit}/s · {runs}",
                grouped(p.total),
                took(seconds),
                grouped(rate)
            )
        }
        Phase::Cancelled => format!("Cancelled: {cancelled}"),
        Phase::Failed(message) => format!("{} could not be computed: {message}", capitalise(what)),
    }
}

/// The one status line of every client, a box of `class`: "Starting…" before the first
/// snapshot (`None`); while running or done the bar (`{id}-progress`, labelled `label`); the
/// text (`text_id`, from [`status_text`]); while running, Cancel (`{id}-cancel`) unless the
/// page has its own in a toolbar (`cancel` is `None`); after a cancel "Compute again"
/// (`{id}-retry`) when `retry` is given. A plain function: it holds no state, and each
/// component costs the module yew's lifecycle code.
pub fn status_line<D>(
    (id, text_id, label, class): (&str, &str, &str, &str),
    line: Option<(String, &Snapshot<D>)>,
    cancel: Option<&Callback<()>>,
    retry: Option<&Callback<()>>,
) -> Html {
    let Some((text, s)) = line else {
        return html! {
            <div class={class.to_string()} id={id.to_string()}>
                <span id={text_id.to_string()} role="status">{ "Starting…" }</span>
            </div>
        };
    };
    let p = &s.progress;
    let bar = match (&s.phase, p.total) {
        (Phase::Running, 0) => html! {
            <progress id={format!("{id}-progress")} aria-label={label.to_string()}></progress>
        },
        (Phase::Running | Phase::Done, _) => html! {
            <progress id={format!("{id}-progress")} max={p.total.max(1).to_string()}
                value={p.done.min(p.total).to_string()} aria-label={label.to_string()}></progress>
        },
        _ => html! {},
    };
    let failed = matches!(s.phase, Phase::Failed(_));
    let role = if failed { "alert" } else { "status" };
    html! {
        <div class={class.to_string()} id={id.to_string()}>
            { bar }
            <span id={text_id.to_string()} class={failed.then_some("error")} {role}>{ text }</span>
            if let (Phase::Running, Some(cancel)) = (&s.phase, cancel) {
                <button type="button" id={format!("{id}-cancel")} onclick={cancel.reform(|_: MouseEvent| ())}>{ "Cancel" }</button>
            }
            if let (Phase::Cancelled, Some(retry)) = (&s.phase, retry) {
                <button type="button" id={format!("{id}-retry")} onclick={retry.reform(|_: MouseEvent| ())}>{ "Compute again" }</button>
            }
        </div>
    }
}

/// A single job's status line while it runs or after a cancel (nothing once it has ended:
/// the page shows the output or message). `id` names the elements (`{id}-text` inside);
/// `what` is what is computed, e.g. "the 600 × 600 grid".
pub fn job_status(id: &str, what: &str, job: &JobHandle) -> Html {
    if matches!(job.state.phase, Phase::Done | Phase::Failed(_)) {
        return html! {};
    }
    let text = status_text(what, &format!("{what} was not computed."), &job.state);
    let ids = (
        id,
        &*format!("{id}-text"),
        &*format!("Computing {what}"),
        "job-status",
    );
    status_line(
        ids,
        Some((text, &job.state)),
        Some(&job.cancel),
        Some(&job.retry),
    )
}
