// Loads the period-map worker (web/src/bin/worker.rs): the wasm-bindgen "no-modules" glue,
// then its wasm. The pipeline copies this file to the root of dist/, next to worker.js.
importScripts('./worker.js');
wasm_bindgen({ module_or_path: './worker_bg.wasm' });
