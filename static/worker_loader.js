// The job worker's bootstrap, a module worker. The page posts its own compiled
// WebAssembly.Module first (web/src/worker_client.rs, WorkerLink::spawn), so the worker
// instantiates the same heaplab_bg.wasm the page runs: one download, one compile. Then
// start_worker() starts the job host (web/src/worker/host.rs), which says Ready; the page
// sends nothing else before that. The pipeline copies this file to the root of dist/.
import init, { start_worker } from './heaplab.js';

self.onmessage = (event) => {
  self.onmessage = null;
  init({ module_or_path: event.data })
    .then(() => start_worker())
    .catch((error) => console.error('HeapLab worker could not start: ' + error));
};
