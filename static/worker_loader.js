// The job worker's bootstrap, a module worker. The page posts [its compiled
// WebAssembly.Module, the URL of that bundle's JS glue] first (web/src/worker_client.rs,
// WorkerLink::spawn), so the worker instantiates the same wasm module the page runs (one
// download, one compile, whichever bundle it is). Then start_worker() starts the job host
// (web/src/worker/host.rs), which says Ready; the page sends nothing else before that. The
// pipeline copies this file to the root of dist/.
self.onmessage = (event) => {
  self.onmessage = null;
  const [module, glue] = event.data;
  import(glue)
    .then((bundle) => bundle.default({ module_or_path: module }).then(() => bundle.start_worker()))
    .catch((error) => console.error('HeapLab worker could not start: ' + error));
};
