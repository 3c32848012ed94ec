//! The one status line of every job client ([`crate::worker_pool`]): a progress bar, the
//! text ([`status_text`]: what is computed, where, how far, at what rate, how long is left)
//! and Cancel or "Compute again"; [`job_status`] is its form for a single job.

use yew::prelude::*;

use crate::format::{capitalise, grouped, progress_text, took};
use crate::jobs::JobHandle;
use crate::worker_client::worker_timed_out;
use crate::worker_pool::{Phase, Runs, Snapshot};

/// `in a Web Worker`, `in 4 Web Workers`, `on the main thread, as …`: for status lines.
/// After a worker did not load in time it says so, rather than silently waiting or
/// making the tab slower.
pub fn runs_text(runs: Runs) -> String {
    let slow = worker_timed_out();
    match runs {
        Runs::Starting => "(starting)".into(),
        Runs::Loading if slow => "in a Web Worker that is still loading after 10 s (a slow connection?): Cancel stops waiting".into(),
        Runs::Loading => "in a Web Worker (loading)".into(),
        Runs::Workers(1) => "in a Web Worker".into(),
        Runs::Workers(n) => format!("in {n} Web Workers"),
        Runs::MainThread if slow => "on the main thread: the Web Worker did not load within 10 s (a slow connection?), so the page may respond slowly".into(),
        Runs::MainThread => "on the main thread, as no Web Worker runs here".into(),
    }
}

/// The one status text of a run. Running: `Computing {what} {where}: {progress}…`; done:
/// `done: {total} {unit} in {time} · {rate} · {where}`; cancelled: `Cancelled: {cancelled}`;
/// failed: `{What} could not be computed: {message}`.
pub fn status_text<D>(what: &str, cancelled: &str, s: &Snapshot<D>) -> String {
    let p = &s.progress;
    let runs = runs_text(s.runs);
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
