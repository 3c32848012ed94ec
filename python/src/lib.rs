//! `heaplab._engine`: the HeapLab engine for Python (pyo3).
//!
//! Every function here parses its arguments with the engine's own parsers, calls the same pure
//! engine function the CLI and the web worker call, and returns either JSON text (reports, read
//! by the `heaplab` Python package into objects) or raw little-endian bytes (maps and grids, read
//! into numpy arrays). Long calls release the GIL and check for Ctrl-C at every progress tick of
//! the engine's [`Budget`]; engine errors become `ValueError`s carrying the engine's message.

use heaplab_engine::cumulative_subtraction as cs;
use heaplab_engine::period_map::{self, Cell, CellClass, Family, Window};
use heaplab_engine::rules::presets;
use heaplab_engine::ruleset::{parse_count, NumberSet};
use heaplab_engine::scoring::game::ScoringGame;
use heaplab_engine::scoring::octal::{ScoringLimits, ScoringRules};
use heaplab_engine::subtraction::{self as sub, Limits};
use heaplab_engine::sweep::families::rules::RuleSweep;
use heaplab_engine::sweep::family::{FamilyOptions, MAX_DIGITS, MAX_SET_BOUND};
use heaplab_engine::sweep::run::{MAX_ROWS, MAX_TOP};
use heaplab_engine::sweep::{Family as SweepFamily, Sweep, SweepSpec, TopSpec};
use heaplab_engine::text::shorten;
use heaplab_engine::{all_but as ab, figure, octal, plane, Budget, EngineError, Periodicity};
use heaplab_figures::views::tree::{scoring_figure, scoring_link};
use pyo3::exceptions::{PyKeyboardInterrupt, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use serde_json::{json, Value};

/// Runs `work` with the GIL released; its budget re-attaches at each tick to see Ctrl-C.
fn detached<T: Send>(
    py: Python<'_>,
    work: impl FnOnce(&mut Budget<'_>) -> Result<T, EngineError> + Send,
) -> PyResult<T> {
    detached_until(py, None, work)
}

/// [`detached`], also stopping once `stop` (a `threading.Event`) is set: Ctrl-C reaches only
/// Python's main thread, so a call on a worker thread (a band of `period_map`) learns of it
/// through the event its caller sets.
fn detached_until<T: Send>(
    py: Python<'_>,
    stop: Option<Py<PyAny>>,
    work: impl FnOnce(&mut Budget<'_>) -> Result<T, EngineError> + Send,
) -> PyResult<T> {
    let result = py.detach(|| {
        let mut check = |_done: u64, _total: u64| {
            Python::attach(|py| {
                let stopped = stop.as_ref().is_some_and(|event| {
                    event
                        .bind(py)
                        .call_method0("is_set")
                        .and_then(|set| set.is_truthy())
                        .unwrap_or(true)
                });
                !stopped && py.check_signals().is_ok()
            })
        };
        work(&mut Budget::with_progress(&mut check))
    });
    result.map_err(to_py_error)
}

/// An engine error as the Python exception a caller expects: the one place the binding
/// turns engine errors into exceptions, with any long quoted input cut
/// ([`heaplab_engine::text::shorten`]).
fn to_py_error(error: EngineError) -> PyErr {
    match error {
        EngineError::Cancelled => PyKeyboardInterrupt::new_err("interrupted"),
        other => PyValueError::new_err(shorten(&other.to_string())),
    }
}

/// A count argument checked by the engine's parser (so messages match the CLI's).
fn count(text: &str, name: &str, min: u64, max: u64) -> PyResult<u64> {
    parse_count(text, name, min, max).map_err(to_py_error)
}

/// JSON fields `preperiod`, `period`, `saltus` (nulls when nothing was proven) and `searched`.
fn period_json(p: &Periodicity) -> Value {
    let searched = match p {
        Periodicity::NotFound { searched } => Some(*searched),
        Periodicity::Proven { .. } => None,
    };
    json!({ "preperiod": p.preperiod(), "period": p.period(), "saltus": p.saltus(),
            "searched": searched })
}

/// Finite subtraction game `S`: the engine's report (values, outcomes, both periods) as JSON.
#[pyfunction]
fn subtraction(py: Python<'_>, set: &str, terms: &str, search: &str) -> PyResult<String> {
    let set = NumberSet::parse(set).map_err(to_py_error)?;
    let limits = subtraction_limits(terms, search)?;
    let report = detached(py, |b| sub::solve(&set, limits, b))?;
    Ok(json!({
        "moves": report.moves, "values": report.values, "outcomes": report.outcome_string(),
        "nim_period": period_json(&report.nim_period),
        "outcome_period": period_json(&report.outcome_period),
    })
    .to_string())
}

/// Checked `terms` and `search` for the subtraction families.
fn subtraction_limits(terms: &str, search: &str) -> PyResult<Limits> {
    let terms = count(terms, "terms", 1, sub::MAX_TERMS)?;
    let search = count(search, "search", 1, sub::MAX_SEARCH)?;
    Limits::new(terms, search).map_err(to_py_error)
}

/// All-but subtraction ℕ∖E: values and the proven arithmetic period as JSON.
#[pyfunction]
fn all_but(py: Python<'_>, excluded: &str, terms: &str, search: &str) -> PyResult<String> {
    let excluded = NumberSet::parse_allow_empty(excluded).map_err(to_py_error)?;
    let limits = subtraction_limits(terms, search)?;
    let report = detached(py, |b| ab::solve(&excluded, limits, b))?;
    Ok(
        json!({ "excluded": report.excluded, "values": report.values,
               "period": period_json(&report.period) })
        .to_string(),
    )
}

/// An octal or hexadecimal game (or Grundy's game): the engine's report as JSON.
#[pyfunction]
fn octal_game(
    py: Python<'_>,
    code: &str,
    terms: &str,
    prove: bool,
    max_heaps: &str,
) -> PyResult<String> {
    let rules = octal::Ruleset::parse(code).map_err(to_py_error)?;
    let cap = octal::MAX_HEAPS as u64;
    let limits = octal::Limits {
        terms: count(terms, "terms", 1, cap)? as usize,
        prove,
        max_heaps: count(max_heaps, "max_heaps", 1, cap)? as usize,
    };
    let report = detached(py, |b| octal::solve(&rules, limits, b))?;
    let mut out =
        serde_json::to_value(&report).map_err(|e| PyValueError::new_err(e.to_string()))?;
    out["periodicity"] = period_json(&report.periodicity);
    out["preperiod"] = json!(report.preperiod());
    out["proven"] = json!(report.proven());
    Ok(out.to_string())
}

/// Cumulative subtraction (`o(x)`, Stewart's `G_s`): the engine's report as JSON.
#[pyfunction]
fn cumulative_subtraction(
    py: Python<'_>,
    set: &str,
    terms: &str,
    search: &str,
) -> PyResult<String> {
    let set = NumberSet::parse(set).map_err(to_py_error)?;
    let limits = subtraction_limits(terms, search)?;
    let report = detached(py, |b| cs::solve(&set, limits, b))?;
    let mut out =
        serde_json::to_value(&report).map_err(|e| PyValueError::new_err(e.to_string()))?;
    out["period"] = period_json(&report.period);
    Ok(out.to_string())
}

/// A scoring-play game in bracket notation: final scores, class, impartiality, as JSON.
#[pyfunction]
fn scoring_game(text: &str) -> PyResult<String> {
    let game = ScoringGame::parse(text).map_err(to_py_error)?;
    let finals = game.finals();
    let imp = game.impartiality();
    Ok(json!({
        "game": game.to_string(), "nodes": game.len(),
        "left_final": finals.left.to_string(), "right_final": finals.right.to_string(),
        "outcome_class": finals.class().letter(),
        "impartial": imp.impartial, "impartial_reason": imp.reason,
    })
    .to_string())
}

/// The game tree of a scoring-play game as SVG (`tikz=True`: TikZ), as the CLI's `--out`
/// writes it (the figure layer's tree figure with the scoring page's link as provenance).
#[pyfunction]
fn scoring_tree(text: &str, tikz: bool) -> PyResult<String> {
    let game = ScoringGame::parse(text).map_err(to_py_error)?;
    let link = scoring_link(text, "");
    let fig = scoring_figure(&game.tree(), &game.to_string()).with_export(
        heaplab_figures::Size::default(),
        heaplab_figures::Palette::default(),
        Some(link),
    );
    let out = if tikz { fig.to_tikz() } else { fig.to_svg() };
    out.map_err(|e| PyValueError::new_err(e.to_string()))
}

/// A scoring octal game's `G_s(n)` for `n = 0..terms`, with its proven period, as JSON.
#[pyfunction]
fn scoring_octal(py: Python<'_>, code: &str, points: &str, terms: &str) -> PyResult<String> {
    let rules = ScoringRules::parse(code, points).map_err(to_py_error)?;
    let terms = count(terms, "terms", 1, heaplab_engine::scoring::octal::MAX_TERMS)?;
    let limits = ScoringLimits::new(terms, terms * 8).map_err(to_py_error)?;
    let report = detached(py, |b| {
        heaplab_engine::scoring::octal::solve(&rules, None, limits, b)
    })?;
    let values: Vec<String> = report.values.iter().map(|v| v.to_string()).collect();
    Ok(
        json!({ "code": rules.code(), "points": rules.points_text(), "values": values,
               "period": period_json(&report.period) })
        .to_string(),
    )
}

/// One band of a period-length map: `(periods, preperiods, classes)`, periods and preperiods as
/// little-endian u64 bytes (0 where unresolved), classes as the [`CellClass::ALL`] index of each
/// pixel; rows `y0` first, `x0` first in a row. Python runs bands on several threads.
/// A small whole-number option given as text, or none.
fn option_u32(text: Option<&str>, name: &str, min: u64, max: u32) -> PyResult<Option<u32>> {
    text.map(|t| count(t, name, min, u64::from(max)).map(|v| v as u32))
        .transpose()
}

/// The rules family's ruleset (a preset's name or the text itself) and `--param` texts.
fn rule_sweep(ruleset: Option<&str>, params: &[String]) -> Result<Option<RuleSweep>, EngineError> {
    let Some(ruleset) = ruleset else {
        return match params.is_empty() {
            true => Ok(None),
            false => Err(EngineError::Parse("params need a ruleset".into())),
        };
    };
    let text = presets::preset(ruleset).map_or(ruleset, |p| p.text);
    RuleSweep::new(text.to_string(), params).map(Some)
}

/// A sweep over a whole family (the engine's `sweep`, as `heaplab sweep` runs it, on one
/// thread): the spec, the metric names and the merged report, as JSON.
#[pyfunction]
#[pyo3(signature = (family, max_move, size, exact_max, digits, checks, filter, group_by, top, rows, ruleset, params))]
#[allow(clippy::too_many_arguments)]
fn sweep(
    py: Python<'_>,
    family: &str,
    max_move: Option<&str>,
    size: Option<&str>,
    exact_max: bool,
    digits: Option<&str>,
    checks: Vec<String>,
    filter: Option<String>,
    group_by: Option<String>,
    top: Option<(String, String)>,
    rows: &str,
    ruleset: Option<&str>,
    params: Vec<String>,
) -> PyResult<String> {
    let options = FamilyOptions {
        bound: option_u32(max_move, "max_move", 1, MAX_SET_BOUND)?,
        size: option_u32(size, "size", 0, MAX_SET_BOUND)?,
        exact_max,
        digits: option_u32(digits, "digits", 1, MAX_DIGITS)?,
        fixed: None,
        window: None,
        rules: rule_sweep(ruleset, &params).map_err(to_py_error)?,
    };
    let family = SweepFamily::parse(family, &options).map_err(to_py_error)?;
    let spec = SweepSpec {
        search: family.default_search(),
        family,
        checks,
        filter,
        group_by,
        top: top
            .map(|(metric, k)| {
                Ok::<_, PyErr>(TopSpec {
                    metric,
                    k: count(&k, "top's k", 1, MAX_TOP)?,
                })
            })
            .transpose()?,
        rows: count(rows, "rows", 0, MAX_ROWS)?,
    };
    let sweep = Sweep::new(spec).map_err(to_py_error)?;
    let len = sweep.spec().family.len();
    let summary = detached(py, |b| sweep.run_range(0..len, b))?;
    Ok(
        json!({ "spec": sweep.spec(), "metrics": sweep.metric_names(),
               "result": summary.report() })
        .to_string(),
    )
}

/// `stop` is the `threading.Event` the caller sets on Ctrl-C; the band then stops at its next
/// progress tick.
#[pyfunction]
#[pyo3(signature = (family, fixed, x, y, max_heaps, stop=None))]
fn period_map_cells<'py>(
    py: Python<'py>,
    family: &str,
    fixed: u32,
    x: (u32, u32),
    y: (u32, u32),
    max_heaps: &str,
    stop: Option<Py<PyAny>>,
) -> PyResult<(Bound<'py, PyBytes>, Bound<'py, PyBytes>, Vec<u8>)> {
    let family = Family::from_name(family, fixed).map_err(to_py_error)?;
    let window = Window {
        x0: x.0,
        x1: x.1,
        y0: y.0,
        y1: y.1,
    };
    let max_heaps = count(max_heaps, "max_heaps", 1, MAX_CELL_HEAPS)?;
    let cells = detached_until(py, stop, |b| {
        period_map::compute(family, window, max_heaps, b)
    })?;
    let periods: Vec<u8> = cells
        .iter()
        .flat_map(|c| c.period.unwrap_or(0).to_le_bytes())
        .collect();
    let preperiods: Vec<u8> = cells
        .iter()
        .flat_map(|c| c.preperiod.unwrap_or(0).to_le_bytes())
        .collect();
    let classes = cells.iter().map(|c| class_index(c.class)).collect();
    Ok((
        PyBytes::new(py, &periods),
        PyBytes::new(py, &preperiods),
        classes,
    ))
}

/// The most heaps one map cell may compute from Python (the CLI's cap).
const MAX_CELL_HEAPS: u64 = 1 << 32;

/// The position of `class` in [`CellClass::ALL`].
fn class_index(class: CellClass) -> u8 {
    CellClass::ALL.iter().position(|&k| k == class).unwrap_or(0) as u8
}

/// The PNG of a period-length map from the arrays of [`period_map_cells`] (the CLI's picture).
#[pyfunction]
#[allow(clippy::too_many_arguments)]
fn period_map_png<'py>(
    py: Python<'py>,
    x: (u32, u32),
    y: (u32, u32),
    periods: &[u8],
    preperiods: &[u8],
    classes: &[u8],
    colouring: &str,
) -> PyResult<Bound<'py, PyBytes>> {
    let window = Window {
        x0: x.0,
        x1: x.1,
        y0: y.0,
        y1: y.1,
    }
    .validate()
    .map_err(to_py_error)?;
    let colouring = figure::Colouring::from_name(colouring)
        .ok_or_else(|| PyValueError::new_err(format!("unknown colouring '{colouring}'")))?;
    let n = window.pixels() as usize;
    if periods.len() != 8 * n || preperiods.len() != 8 * n || classes.len() != n {
        return Err(PyValueError::new_err("the arrays do not match the window"));
    }
    let word = |bytes: &[u8], i: usize| {
        u64::from_le_bytes(bytes[8 * i..8 * i + 8].try_into().unwrap_or_default())
    };
    let width = (window.x1 - window.x0) as usize;
    let cells: Vec<Cell> = (0..n)
        .map(|i| {
            let period = Some(word(periods, i)).filter(|&p| p > 0);
            Cell {
                x: window.x0 + (i % width) as u32,
                y: window.y0 + (i / width) as u32,
                period,
                preperiod: period.map(|_| word(preperiods, i)),
                class: CellClass::ALL
                    .get(classes[i] as usize)
                    .copied()
                    .unwrap_or(CellClass::Unresolved),
            }
        })
        .collect();
    let rgba = figure::render_map(&cells, window, colouring);
    let png = png_bytes(window.x1 - window.x0, window.y1 - window.y0, &rgba)?;
    Ok(PyBytes::new(py, &png))
}

/// The names of the map's classes, in the order `period_map_cells` numbers them.
#[pyfunction]
fn period_map_class_names() -> Vec<&'static str> {
    CellClass::ALL.iter().map(|c| c.name()).collect()
}

/// Two-dimensional subtraction: `(p_positions, png)`, one byte per cell (1 = P), rows `y = 0`
/// first, and the picture the CLI writes (P black, `y = 0` at the bottom).
#[pyfunction]
fn plane_grid<'py>(
    py: Python<'py>,
    moves: &str,
    width: u32,
    height: u32,
) -> PyResult<(Bound<'py, PyBytes>, Bound<'py, PyBytes>)> {
    let moves = plane::MoveSet::parse(moves).map_err(to_py_error)?;
    plane::check_size(width, height).map_err(to_py_error)?;
    let grid = detached(py, |b| plane::grid(&moves, width, height, b))?;
    let cells: Vec<u8> = (0..height)
        .flat_map(|y| (0..width).map(move |x| (x, y)))
        .map(|(x, y)| u8::from(grid.is_p(x, y)))
        .collect();
    let png = png_bytes(width, height, &plane::render_outcomes(&grid))?;
    Ok((PyBytes::new(py, &cells), PyBytes::new(py, &png)))
}

/// RGBA pixels as PNG file bytes (for `_repr_png_` in Jupyter).
fn png_bytes(width: u32, height: u32, rgba: &[u8]) -> PyResult<Vec<u8>> {
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, width, height);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    let to_err = |e: png::EncodingError| PyValueError::new_err(e.to_string());
    let mut writer = encoder.write_header().map_err(to_err)?;
    writer.write_image_data(rgba).map_err(to_err)?;
    writer.finish().map_err(to_err)?;
    Ok(out)
}

/// The compiled part of the `heaplab` package.
/// The compiled module's functions, one entry per file: `self` for this file's, then
/// `module: [functions]` for each file of its own (whose `mod` line this writes too). A new
/// family is its file and one entry. A function named `report_<name>` that returns its
/// engine report as JSON becomes `heaplab.<name>` with no Python code (see `Report` in
/// `pysrc/heaplab/__init__.py`).
macro_rules! bindings {
    (self: [$($function:ident),* $(,)?]; $($module:ident: [$($f:ident),* $(,)?];)*) => {
        $(mod $module;)*

        #[pymodule]
        fn _engine(module: &Bound<'_, PyModule>) -> PyResult<()> {
            $(module.add_function(wrap_pyfunction!($function, module)?)?;)*
            $($(module.add_function(wrap_pyfunction!($module::$f, module)?)?;)*)*
            Ok(())
        }
    };
}

bindings! {
    self: [
        subtraction, all_but, octal_game, cumulative_subtraction, scoring_game, scoring_tree,
        scoring_octal, period_map_cells, period_map_png, period_map_class_names, plane_grid,
        sweep,
    ];
    figures: [heap_figure, misere_figure, figure_link];
    misere: [misere];
    rules: [ruleset_game, heap_game];
    partizan: [
        partizan_game, partizan_apply, partizan_compare, partizan_incentives,
        partizan_thermograph, partizan_sequence, partizan_strip_figure,
    ];
}
