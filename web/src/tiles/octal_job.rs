//! One octal game solved in a Web Worker of the same worker binary as the period maps
//! (`WorkerRequest::Octal`), with progress events; dropping the job cancels it.
//!
//! Cancelling drops the job: its `alive` flag goes down first, so a reply already queued for
//! delivery never reaches the page, and the bridge is dropped; the worker ends after its
//! current (capped) computation, because a busy worker reads no messages.

use std::cell::Cell;
use std::rc::Rc;

use gloo::worker::{Spawnable, WorkerBridge};
use heaplab_engine::octal::OctalReport;
use yew::Callback;

use crate::worker::{solve_octal, MapWorker, OctalRequest, WorkerReply, WorkerRequest};
use crate::worker_client::{has_worker_api, LOADER};

/// What an octal job reports to the page.
#[derive(Debug, Clone, PartialEq)]
pub enum OctalEvent {
    /// Heaps done of the length being computed.
    Progress {
        /// Heaps computed.
        done: u64,
        /// The current target length.
        total: u64,
    },
    /// The report and all values, or the engine's one-line message.
    Done(Result<Box<(OctalReport, Vec<u32>)>, String>),
}

/// A running octal job; drop it to cancel.
pub struct OctalJob {
    _bridge: Option<WorkerBridge<MapWorker>>,
    /// Whether replies still go to the page; lowered on drop.
    alive: Rc<Cell<bool>>,
}

impl Drop for OctalJob {
    fn drop(&mut self) {
        self.alive.set(false);
    }
}

/// The most heaps the main thread computes when the browser has no Web Workers.
pub const MAIN_THREAD_HEAPS: u64 = 100_000;

impl OctalJob {
    /// Starts solving `code` (ASCII) up to `max_heaps` heaps, reporting to `on_event`.
    pub fn start(code: String, max_heaps: u64, on_event: Callback<OctalEvent>) -> OctalJob {
        let has_worker = has_worker_api();
        if !has_worker {
            let request = OctalRequest {
                job: 0,
                code,
                max_heaps: max_heaps.min(MAIN_THREAD_HEAPS),
            };
            let result = solve_octal(&request, &mut |_, _| {});
            on_event.emit(OctalEvent::Done(result.outcome.map(Box::new)));
            return OctalJob {
                _bridge: None,
                alive: Rc::new(Cell::new(false)),
            };
        }
        let alive = Rc::new(Cell::new(true));
        let live = alive.clone();
        let bridge = MapWorker::spawner()
            .callback(move |reply| match reply {
                // A cancelled job's late replies are dropped.
                _ if !live.get() => {}
                WorkerReply::OctalProgress { done, total, .. } => {
                    on_event.emit(OctalEvent::Progress { done, total })
                }
                WorkerReply::Octal(result) => {
                    on_event.emit(OctalEvent::Done(result.outcome.map(Box::new)))
                }
                // Replies for other pages' requests never come to this bridge.
                _ => {}
            })
            .spawn_with_loader(LOADER);
        bridge.send(WorkerRequest::Octal(OctalRequest {
            job: 0,
            code,
            max_heaps,
        }));
        OctalJob {
            _bridge: Some(bridge),
            alive,
        }
    }
}
