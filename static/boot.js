// Starts the HeapLab wasm module. It lives in its own file because the page's
// Content-Security-Policy allows no inline scripts. start() mounts the app into #app
// (it is not a #[wasm_bindgen(start)] function: see web/src/lib.rs).
import init, { start } from '../heaplab.js';

init().then(() => start()).catch((error) => {
  const note = document.getElementById('boot-note');
  const message = 'HeapLab could not start: ' + error +
    '. It needs a browser with WebAssembly SIMD: Chrome or Edge 97, Firefox 114, Safari 16.4 or later.';
  if (note) {
    note.textContent = message;
    note.setAttribute('role', 'alert');
  }
  console.error(error);
});
