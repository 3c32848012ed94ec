// Loads the job worker (web/src/bin/worker.rs, the host of web/src/worker/): the wasm-bindgen
// "no-modules" glue, then its wasm; its main() starts the host, which says Ready.
// The pipeline copies this file to the root of dist/, next to worker.js.
importScripts('./worker.js');
wasm_bindgen({ module_or_path: './worker_bg.wasm' });
