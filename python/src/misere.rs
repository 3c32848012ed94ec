//! Misère play for Python (`heaplab.misere`): the same [`analyse`] and JSON as `heaplab
//! misere --format json`.

use crate::{count, detached, to_py_error};
use heaplab_engine::misere::quotient::QuotientCaps;
use heaplab_engine::misere::report::MAX_HEAP;
use heaplab_engine::misere::{analyse, HeapRules};
use heaplab_engine::octal::position::parse_heaps;
use pyo3::prelude::*;

/// The misère quotient of heaps `0..=max_heap` of one game (a code, a subtraction set or an
/// all-but set), with each heap's outcome and genus and, given `sum`, that sum's outcome and
/// winning moves: JSON text.
#[pyfunction]
#[pyo3(signature = (code, subtraction, all_but, max_heap, sum, max_order))]
pub fn misere(
    py: Python<'_>,
    code: Option<&str>,
    subtraction: Option<&str>,
    all_but: Option<&str>,
    max_heap: &str,
    sum: Option<&str>,
    max_order: &str,
) -> PyResult<String> {
    let rules = HeapRules::choose(code, subtraction, all_but).map_err(to_py_error)?;
    let max_heap = count(max_heap, "max_heap", 1, MAX_HEAP)?;
    let max_order = count(max_order, "max_order", 1, 100_000)? as usize;
    let sum = sum.map(parse_heaps).transpose().map_err(to_py_error)?;
    let caps = QuotientCaps {
        max_order,
        ..QuotientCaps::default()
    };
    let report = detached(py, |b| analyse(&rules, max_heap, sum.as_deref(), caps, b))?;
    Ok(report.to_json().to_string())
}
