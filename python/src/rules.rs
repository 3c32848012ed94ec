//! Rule-defined heap games for Python: `heaplab.rules` (a ruleset text or preset, solved by
//! the same [`rules::solve_heaps`] as `heaplab rules`) and `heaplab.heap_game` (options from a
//! Python callable, solved by the same generic solver through [`rules::solve_heap_rules`]).

use crate::{count, detached};
use heaplab_engine::rules::script::MAX_HEAP;
use heaplab_engine::rules::solve::HeapRules;
use heaplab_engine::rules::{self, presets, Convention, Header, HeapReport, Shape};
use heaplab_engine::EngineError;
use heaplab_figures::views::heaps::rules_link;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use serde_json::json;

/// A ruleset (a preset's name, or the text itself) with `params` as `NAME`, `VALUE` texts,
/// solved for heaps `0..terms`: the report as JSON (a partizan ruleset's or a comply game's
/// tagged with its `kind`). `misere` plays it under misère play whatever it declares.
#[pyfunction]
pub fn ruleset_game(
    py: Python<'_>,
    ruleset: &str,
    params: Vec<(String, String)>,
    terms: &str,
    misere: bool,
) -> PyResult<String> {
    let terms = count(terms, "terms", 1, rules::MAX_TERMS)?;
    let text = match presets::preset(ruleset) {
        Some(preset) => preset.text.to_string(),
        None => ruleset.to_string(),
    };
    let preset = presets::PRESETS
        .iter()
        .find(|p| p.text == text)
        .map(|p| p.name);
    let link = rules_link(&text, preset, &params, terms);
    // The compiled script is not `Send`: it is compiled on the thread that solves it.
    let solved = detached(py, move |b| {
        let mut script = rules::compile(&text, &params)?;
        if misere {
            script.header.convention = Convention::Misere;
        }
        Ok(match script.shape {
            Shape::Partizan => Solved::Partizan(rules::solve_partizan(&script, terms, b)?),
            Shape::Comply => Solved::Comply(rules::solve_comply(&script, terms, b)?),
            _ => Solved::Heap(rules::solve_heaps(&script, terms, b)?),
        })
    })?;
    match solved {
        Solved::Heap(report) => report_json(&report, terms, Some(link)),
        Solved::Partizan(report) => tagged("partizan", serde_json::to_value(report)),
        Solved::Comply(report) => tagged("comply", serde_json::to_value(report)),
    }
}

/// A report as JSON with its `kind` added, for the Python wrapper to pick its class.
fn tagged(kind: &str, report: serde_json::Result<serde_json::Value>) -> PyResult<String> {
    let mut out = report.map_err(|e| PyValueError::new_err(e.to_string()))?;
    out["kind"] = json!(kind);
    Ok(out.to_string())
}

/// What [`ruleset_game`] solved: a heap game, a partizan ruleset or a comply game.
enum Solved {
    Heap(HeapReport),
    Partizan(rules::PartizanReport),
    Comply(rules::ComplyReport),
}

/// A heap game whose options come from `options(n)`, a Python callable returning a list of
/// options, each a list of heap sizes (zeros dropped): the report as JSON, as [`ruleset_game`] gives.
#[pyfunction]
pub fn heap_game(
    py: Python<'_>,
    options: Py<PyAny>,
    name: &str,
    terms: &str,
    misere: bool,
) -> PyResult<String> {
    let terms = count(terms, "terms", 1, rules::MAX_TERMS)?;
    let header = Header {
        name: name.chars().take(80).collect(),
        convention: if misere {
            Convention::Misere
        } else {
            Convention::Normal
        },
        params: Vec::new(),
        star: false,
    };
    let mut callable = Callable {
        options,
        raised: None,
    };
    let result = detached(py, |b| {
        rules::solve_heap_rules(&mut callable, header, terms, b)
    });
    if let Some(error) = callable.raised {
        return Err(error);
    }
    report_json(&result?, terms, None)
}

/// The report as the Python wrapper reads it: the engine's fields, the recognised built-in
/// family described in words with its link, and `link`, the `#/rules` page of the same game
/// (for its figures), when it has one.
fn report_json(report: &HeapReport, terms: u64, link: Option<String>) -> PyResult<String> {
    let mut out = serde_json::to_value(report).map_err(|e| PyValueError::new_err(e.to_string()))?;
    out["recognised"] = json!(report.same_as.as_ref().map(|b| b.describe()));
    out["recognised_link"] = json!(report.same_as.as_ref().map(|b| b.link(terms)));
    out["link"] = json!(link);
    Ok(out.to_string())
}

/// A Python callable as the solver's source of options; the GIL is held only while it runs.
/// An exception it raises is kept here (the solver sees a one-line error and stops) and is
/// raised again, unchanged, once the solver returns.
struct Callable {
    options: Py<PyAny>,
    raised: Option<PyErr>,
}

impl HeapRules for Callable {
    fn options(&mut self, n: u64) -> Result<Vec<Vec<u64>>, EngineError> {
        Python::attach(|py| {
            let returned = self.options.bind(py).call1((n,)).map_err(|error| {
                let line = format!("options({n}) raised {error}");
                self.raised = Some(error);
                EngineError::Parse(line)
            })?;
            option_lists(&returned, n)
        })
    }
}

/// What the callable returned, read as options: a list (or tuple) of lists of heap sizes.
fn option_lists(returned: &Bound<'_, PyAny>, n: u64) -> Result<Vec<Vec<u64>>, EngineError> {
    let bad = |what: String| EngineError::Parse(format!("options({n}): {what}"));
    let list = sequence(returned).ok_or_else(|| {
        bad(format!(
            "must return a list of options, each a list of heap sizes such as [[{}]], not {}",
            n.saturating_sub(1),
            type_name(returned)
        ))
    })?;
    list.iter()
        .map(|option| {
            let parts = sequence(option).ok_or_else(|| {
                bad(format!(
                    "each option must be a list of heap sizes, not {}",
                    shown(option)
                ))
            })?;
            parts
                .iter()
                .map(|part| heap_size(part).map_err(bad))
                .filter(|part| part.as_ref().map_or(true, |&h| h > 0))
                .collect()
        })
        .collect()
}

/// The items of a list or tuple; anything else (a string, a number, a dict) is not one.
fn sequence<'py>(value: &Bound<'py, PyAny>) -> Option<Vec<Bound<'py, PyAny>>> {
    use pyo3::types::{PyList, PyTuple};
    if let Ok(list) = value.cast::<PyList>() {
        return Some(list.iter().collect());
    }
    value.cast::<PyTuple>().ok().map(|t| t.iter().collect())
}

/// One heap size: a whole number (a Python or numpy integer, not a bool) in `0..=MAX_HEAP`.
fn heap_size(value: &Bound<'_, PyAny>) -> Result<u64, String> {
    use pyo3::types::{PyBool, PyInt};
    let not_whole = || format!("the heap size {} is not a whole number", shown(value));
    if value.is_instance_of::<PyBool>() {
        return Err(not_whole());
    }
    match value.extract::<i128>() {
        Ok(v) if v < 0 => Err(format!("the heap size {v} is negative")),
        Ok(v) if v <= i128::from(MAX_HEAP) => Ok(v as u64),
        Err(_) if !value.is_instance_of::<PyInt>() => Err(not_whole()),
        _ => Err(format!(
            "the heap size {} is larger than {MAX_HEAP}",
            shown(value)
        )),
    }
}

/// A value as a message quotes it: its `repr`, cut short.
fn shown(value: &Bound<'_, PyAny>) -> String {
    let text = value
        .repr()
        .map(|r| r.to_string())
        .unwrap_or_else(|_| type_name(value));
    heaplab_engine::text::shorten(&text)
}

fn type_name(value: &Bound<'_, PyAny>) -> String {
    value
        .get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_else(|_| "that".into())
}
