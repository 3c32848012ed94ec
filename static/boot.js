// Starts the HeapLab wasm module. It lives in its own file because the page's
// Content-Security-Policy allows no inline scripts. The wasm module mounts the app
// into #app from its #[wasm_bindgen(start)] function.
import init from '../heaplab.js';

init().catch((error) => {
  const note = document.getElementById('boot-note');
  const message = 'HeapLab could not start: ' + error +
    '. It needs a browser with WebAssembly support.';
  if (note) {
    note.textContent = message;
    note.setAttribute('role', 'alert');
  }
  console.error(error);
});
