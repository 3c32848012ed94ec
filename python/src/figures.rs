//! Figures of results for Python (`figure(path, …)` and `_repr_svg_` of the result objects):
//! the same builders as the CLI's `--figure` (`heaplab_figures::views`), written by the file
//! name's extension.

use heaplab_figures::views::{heaps, page_link};
use heaplab_figures::{Figure, Format, Palette, Size};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;

/// `fig` with the size preset, palette and provenance (`link`, or none) applied by
/// [`Figure::with_export`] (as the CLI and the pages apply them), rendered in the format
/// `path`'s extension names.
pub(crate) fn render(
    fig: Figure,
    path: &str,
    (size, palette): (&str, &str),
    link: Option<String>,
) -> PyResult<Vec<u8>> {
    let bad = |m: String| PyValueError::new_err(m);
    let size = Size::preset(size).ok_or_else(|| {
        bad(format!(
            "size must be column or page, optionally @DPI (e.g. page@600), not '{size}'"
        ))
    })?;
    let palette = Palette::from_name(palette)
        .ok_or_else(|| bad(format!("palette must be colour or grey, not '{palette}'")))?;
    let format = Format::from_path(path).map_err(|e| bad(e.to_string()))?;
    let fig = fig.with_export(size, palette, link);
    fig.render(format).map_err(|e| bad(e.to_string()))
}

/// A heap sequence's figure (the values as a chart when `chart` and `values` are given, else
/// the outcomes as a strip) as the bytes of the file `path` names by its extension.
#[pyfunction]
#[allow(clippy::too_many_arguments)]
#[pyo3(signature = (game, values, outcomes, chart, caption, link, path, size, palette))]
pub fn heap_figure<'py>(
    py: Python<'py>,
    game: &str,
    values: Option<Vec<f64>>,
    outcomes: &str,
    chart: bool,
    caption: String,
    link: Option<String>,
    path: &str,
    size: &str,
    palette: &str,
) -> PyResult<Bound<'py, PyBytes>> {
    let fig = heaps::sequence_figure(game, values.as_deref(), outcomes, chart, caption);
    let bytes = render(fig, path, (size, palette), link)?;
    Ok(PyBytes::new(py, &bytes))
}

/// A game's misère outcome strip (`key` `code`, `S` or `E` and its `text`; the outcome period
/// seen, if any) as the bytes of the file `path` names by its extension, with the provenance
/// link of the game's page when `provenance`: the figure of `heaplab misere --figure`.
#[pyfunction]
#[allow(clippy::too_many_arguments)]
#[pyo3(signature = (key, text, outcomes, period, provenance, path, size, palette))]
pub fn misere_figure<'py>(
    py: Python<'py>,
    key: &str,
    text: &str,
    outcomes: &str,
    period: Option<(u64, u64, u64)>,
    provenance: bool,
    path: &str,
    size: &str,
    palette: &str,
) -> PyResult<Bound<'py, PyBytes>> {
    let fig = heaps::misere_figure(key, text, outcomes, period);
    let link = provenance.then(|| heaps::misere_link(key, text));
    let bytes = render(fig, path, (size, palette), link)?;
    Ok(PyBytes::new(py, &bytes))
}

/// The web page's link `#/{page}?key=value&…` as the app's router writes it.
#[pyfunction]
pub fn figure_link(page: &str, pairs: Vec<(String, String)>) -> String {
    let pairs: Vec<(&str, &str)> = pairs
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    page_link(page, &pairs)
}
