//! Partizan games for Python: single games in notation (`heaplab.game`) and partizan heap
//! rulesets (`heaplab.partizan`). Each call parses its games into a fresh store, so a Python
//! `Game` is just its canonical form's text (with braces only, which the parser reads back).

use crate::{count, detached, to_py_error};
use heaplab_engine::partizan::drawing::{self, ThermographCurves};
use heaplab_engine::partizan::heap::HeapRules;
use heaplab_engine::partizan::sequence::{self, SequenceReport, MAX_TERMS};
use heaplab_engine::partizan::{facts, GameId, GameStore};
use heaplab_engine::ruleset::NumberSet;
use heaplab_engine::EngineError;
use heaplab_figures::views::partizan::outcome_figure;
use heaplab_figures::views::thermograph;
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use serde_json::json;
use std::cmp::Ordering;

/// Parses each of `texts` into one store.
fn parse_all(store: &mut GameStore, texts: &[&str]) -> Result<Vec<GameId>, EngineError> {
    texts.iter().map(|t| store.parse(t)).collect()
}

/// One game's facts as JSON: the keys of `heaplab partizan --game G --format json`.
#[pyfunction]
pub fn partizan_game(text: &str) -> PyResult<String> {
    let run = || {
        let mut store = GameStore::default();
        let g = store.parse(text)?;
        let (facts, _) = facts::game_facts(&mut store, g)?;
        Ok(json!(facts).to_string())
    };
    run().map_err(to_py_error)
}

/// `op` applied to the games `args` (in notation), as the result's braces form. `op` is one
/// of `+`, `-` (binary), `atomic_weight`, `cool` (the second game a number), `heat`,
/// `overheat` (three games), `norton`.
#[pyfunction]
pub fn partizan_apply(op: &str, args: Vec<String>) -> PyResult<String> {
    let texts: Vec<&str> = args.iter().map(String::as_str).collect();
    let run = || -> Result<String, EngineError> {
        let mut store = GameStore::default();
        let ids = parse_all(&mut store, &texts)?;
        let result = match (op, &ids[..]) {
            ("+", &[a, b]) => store.add(a, b)?,
            ("-", &[a, b]) => store.sub(a, b)?,
            ("atomic_weight", &[a]) => store.atomic_weight(a)?,
            ("cool", &[a, _]) => {
                let t = facts::number_argument(&mut store, texts[1], "cooling")?;
                store.cool(a, t)?
            }
            ("heat", &[a, t]) => store.heat(a, t)?,
            ("overheat", &[a, s, t]) => store.overheat(a, s, t)?,
            ("norton", &[a, u]) => store.norton(a, u)?,
            _ => {
                return Err(EngineError::Parse(format!(
                    "unknown partizan operation '{op}' with {} games",
                    ids.len()
                )))
            }
        };
        store.display_braces(result)
    };
    run().map_err(to_py_error)
}

/// The game order between `a` and `b`: -1, 0 or 1, or `None` when they are confused.
#[pyfunction]
pub fn partizan_compare(a: &str, b: &str) -> PyResult<Option<i8>> {
    let run = || {
        let mut store = GameStore::default();
        let ids = parse_all(&mut store, &[a, b])?;
        Ok(
            facts::compare(&mut store, ids[0], ids[1])?.map(|o| match o {
                Ordering::Less => -1,
                Ordering::Equal => 0,
                Ordering::Greater => 1,
            }),
        )
    };
    run().map_err(to_py_error)
}

/// Left's and Right's incentives of `text`, each in braces form.
#[pyfunction]
pub fn partizan_incentives(text: &str) -> PyResult<(Vec<String>, Vec<String>)> {
    let run = || -> Result<_, EngineError> {
        let mut store = GameStore::default();
        let g = store.parse(text)?;
        let inc = store.incentives(g)?;
        let mut names = |side: Vec<GameId>| -> Result<Vec<String>, EngineError> {
            side.into_iter().map(|i| store.display_braces(i)).collect()
        };
        Ok((names(inc.left)?, names(inc.right)?))
    };
    run().map_err(to_py_error)
}

/// The thermograph of `text` as a figure of the figure layer (the CLI's `--thermograph`), as
/// the bytes of the file `path` names by its extension (`.svg`, `.pdf`, `.png`, `.tex`), with
/// the size preset, palette and (with `provenance`) the `#/partizan` link of the game.
#[pyfunction]
pub fn partizan_thermograph<'py>(
    py: Python<'py>,
    text: &str,
    path: &str,
    size: &str,
    palette: &str,
    provenance: bool,
) -> PyResult<Bound<'py, PyBytes>> {
    let curves = (|| -> Result<ThermographCurves, EngineError> {
        let mut store = GameStore::default();
        let g = store.parse(text)?;
        let name = store.display(g)?;
        drawing::curves(&mut store, g, &name)
    })()
    .map_err(to_py_error)?;
    let link = provenance.then(|| thermograph::game_link(text));
    let bytes = crate::figures::render(thermograph::figure(&curves), path, (size, palette), link)?;
    Ok(PyBytes::new(py, &bytes))
}

/// A partizan subtraction (or, with `pure_breaking`, pure breaking) ruleset `(L | R)`: the
/// engine's sequence report as JSON, with each heap's mean and temperature when asked.
#[pyfunction]
pub fn partizan_sequence(
    py: Python<'_>,
    left: &str,
    right: &str,
    terms: &str,
    pure_breaking: bool,
    temperatures: bool,
) -> PyResult<String> {
    let (left, right) = (
        NumberSet::parse(left).map_err(to_py_error)?,
        NumberSet::parse(right).map_err(to_py_error)?,
    );
    let rules = if pure_breaking {
        HeapRules::pure_breaking(&left, &right)
    } else {
        HeapRules::subtraction(&left, &right)
    }
    .map_err(to_py_error)?;
    let terms = count(terms, "terms", 1, MAX_TERMS as u64)? as usize;
    let report = detached(py, |b| sequence::solve(&rules, terms, false, b))?;
    let thermal = if temperatures {
        detached(py, |b| sequence::means_and_temperatures(&rules, terms, b))?
    } else {
        Vec::new()
    };
    Ok(json!({ "report": report, "thermal": thermal }).to_string())
}

/// The outcome strip of a sequence (its report's JSON, as [`partizan_sequence`] gives it) as the
/// bytes of the file `path` names by its extension, with the provenance `link` (or none): the
/// figure of `heaplab partizan --figure`.
#[pyfunction]
#[pyo3(signature = (report, link, path, size, palette))]
pub fn partizan_strip_figure<'py>(
    py: Python<'py>,
    report: &str,
    link: Option<String>,
    path: &str,
    size: &str,
    palette: &str,
) -> PyResult<Bound<'py, PyBytes>> {
    let report: SequenceReport = serde_json::from_str(report)
        .map_err(|e| pyo3::exceptions::PyValueError::new_err(format!("not a sequence: {e}")))?;
    let bytes = crate::figures::render(outcome_figure(&report), path, (size, palette), link)?;
    Ok(PyBytes::new(py, &bytes))
}
