//! The period-map worker binary: built for wasm32, run through `wasm-bindgen --target
//! no-modules --out-name worker`, and loaded in a Web Worker by `static/worker_loader.js`.

use gloo::worker::Registrable;
use heaplab_web::worker::MapWorker;

fn main() {
    MapWorker::registrar().register();
}
