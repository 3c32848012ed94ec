//! Browser tests of the core and rules pages, one module per page and one of the figure
//! dialogs, in one test binary (each binary links the whole web crate and starts its own
//! browser, so one binary keeps the suite fast).

use wasm_bindgen_test::wasm_bindgen_test_configure;

wasm_bindgen_test_configure!(run_in_browser);

mod app;
mod common;
mod cumulative_subtraction;
mod figures;
mod octal;
mod period_map;
mod plane;
mod rules;
mod subtraction;
