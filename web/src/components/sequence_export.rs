//! "Export figure…" for a heap sequence (nim-values as a chart or strip, outcomes as a strip):
//! the shared dialog ([`FigureExport`]) with the figure layer's
//! [`sequence_figure_of`](heaplab_figures::views::heaps::sequence_figure_of), the builder the
//! CLI's `--figure` uses, so the page and `heaplab … --figure` draw the same figure.

use std::rc::Rc;

use heaplab_figures::views::heaps::{sequence_figure_of, SequenceKind};
use heaplab_figures::{Figure, Palette};
use yew::prelude::*;

use super::figure_export::FigureExport;

/// A figure builder for [`FigureExport`]: `build` once per download, whatever the palette
/// (the dialog applies the palette to the figure).
pub fn figure_callback(
    build: impl Fn() -> Result<Figure, String> + 'static,
) -> Callback<Palette, Result<Figure, String>> {
    Callback::from(move |_: Palette| build())
}

/// What a heap-sequence export shows and where it came from.
#[derive(Clone, PartialEq)]
pub struct SequenceExport {
    /// The dialog's button id (unique on the page).
    pub id: &'static str,
    /// The file name without its extension.
    pub stem: String,
    /// The page address of the same view (`#/…`).
    pub link: String,
    /// The `heaplab` command that writes the same figure as a PDF.
    pub pdf_command: String,
    /// A chart or strip of the nim-values, or the outcome strip.
    pub kind: SequenceKind,
    /// The game as the title names it, e.g. `Subtraction game S = {2, 3}`.
    pub game: String,
    /// The nim-values of heaps `0..` (none for an outcome strip).
    pub values: Option<Rc<Vec<f64>>>,
    /// The outcome letter (`P` or `N`) of each heap.
    pub outcomes: Rc<String>,
    /// The caption line (the period).
    pub caption: String,
}

impl SequenceExport {
    /// The figure the dialog exports.
    pub fn figure(&self) -> Figure {
        sequence_figure_of(
            self.kind,
            &self.game,
            self.values.as_deref().map(Vec::as_slice),
            &self.outcomes,
            self.caption.clone(),
        )
    }
}

/// The "Export figure…" button and dialog of a heap sequence.
pub fn sequence_export(export: SequenceExport) -> Html {
    let SequenceExport {
        id,
        stem,
        link,
        pdf_command,
        ..
    } = export.clone();
    let figure = figure_callback(move || Ok(export.figure()));
    html! { <FigureExport {id} {stem} {link} {pdf_command} not_ready={None::<AttrValue>} {figure} /> }
}

/// The `P`/`N` letters of nim-values (a heap is a P-position when its value is 0).
pub fn outcome_letters(values: &[u64]) -> String {
    values
        .iter()
        .map(|&v| if v == 0 { 'P' } else { 'N' })
        .collect()
}

/// The address bar's `#/…` part: the page address of the view on screen (every page keeps its
/// whole state in its URL), for a provenance link where the page has no query at hand.
pub fn current_hash() -> String {
    web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .unwrap_or_default()
}
