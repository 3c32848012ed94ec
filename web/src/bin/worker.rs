//! The worker binary: built for wasm32, run through `wasm-bindgen --target no-modules
//! --out-name worker`, and loaded in a Web Worker by `static/worker_loader.js`. It runs the
//! host loop of the one job protocol ([`heaplab_web::worker::host`]).

fn main() {
    heaplab_web::worker::host::register();
}
