//! The host loop inside the Web Worker: it keeps the jobs it was sent in a queue and runs the
//! first one a step (about [`JOB_STEP_MS`]) per message-queue turn, posting progress after
//! each step and the result or error at the end. Between steps the worker reads its messages,
//! so a [`WorkerRequest::Cancel`] drops its job before the job's next step.
//!
//! Registered by [`crate::start_worker`] ([`register`]); messages are bincode bytes in a
//! `Uint8Array`, both ways.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;

use gloo::timers::callback::Timeout;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

use super::{Job, JobId, Place, WorkerReply, WorkerRequest, JOB_STEP_MS};

/// The worker's jobs, first one running, and the timer of its next step.
#[derive(Default)]
struct Host {
    queue: VecDeque<(JobId, Box<dyn Job>)>,
    next: Option<Timeout>,
}

/// Starts answering the page: sets the message handler and says [`WorkerReply::Ready`].
/// Does nothing outside a dedicated worker.
pub fn register() {
    let Ok(scope) = js_sys::global().dyn_into::<DedicatedWorkerGlobalScope>() else {
        return;
    };
    let host = Rc::new(RefCell::new(Host::default()));
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        if let Some(request) = decode(&event.data()) {
            received(&host, request);
        }
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    // The handler lives as long as the worker.
    on_message.forget();
    post(&WorkerReply::Ready);
}

/// Reads a request (bincode bytes); `None` for anything else.
fn decode(data: &JsValue) -> Option<WorkerRequest> {
    let bytes = data.dyn_ref::<js_sys::Uint8Array>()?.to_vec();
    bincode::deserialize(&bytes).ok()
}

/// Sends `reply` to the page.
fn post(reply: &WorkerReply) {
    let Ok(scope) = js_sys::global().dyn_into::<DedicatedWorkerGlobalScope>() else {
        return;
    };
    if let Ok(bytes) = bincode::serialize(reply) {
        let _ = scope.post_message(&js_sys::Uint8Array::from(bytes.as_slice()));
    }
}

fn received(host: &Rc<RefCell<Host>>, request: WorkerRequest) {
    match request {
        WorkerRequest::Start { id, spec } => match spec.start(Place::Worker) {
            Ok(job) => {
                host.borrow_mut().queue.push_back((id, job));
                schedule(host);
            }
            Err(message) => post(&WorkerReply::Error { id, message }),
        },
        WorkerRequest::Cancel { id } => host.borrow_mut().queue.retain(|(j, _)| *j != id),
    }
}

/// Runs the next step at the next message-queue turn (after pending messages are read).
fn schedule(host: &Rc<RefCell<Host>>) {
    let mut h = host.borrow_mut();
    if h.next.is_some() || h.queue.is_empty() {
        return;
    }
    let again = Rc::clone(host);
    h.next = Some(Timeout::new(0, move || step(&again)));
}

/// Runs one step of the first job, then reports and schedules the next step.
fn step(host: &Rc<RefCell<Host>>) {
    let front = {
        let mut h = host.borrow_mut();
        h.next = None;
        h.queue.pop_front()
    };
    let Some((id, mut job)) = front else {
        return;
    };
    let mut report = |progress| post(&WorkerReply::Progress { id, progress });
    match job.step(JOB_STEP_MS, &mut report) {
        Ok(true) => post(&match job.output() {
            Ok(output) => WorkerReply::Result {
                id,
                output: Box::new(output),
            },
            Err(message) => WorkerReply::Error { id, message },
        }),
        Ok(false) => {
            if let Some(progress) = job.progress() {
                post(&WorkerReply::Progress { id, progress });
            }
            host.borrow_mut().queue.push_front((id, job));
        }
        Err(message) => post(&WorkerReply::Error { id, message }),
    }
    schedule(host);
}
