//! The rules page's downloads: the results as CSV (the columns of `heaplab rules --format csv`),
//! as an SVG scatter plot (the engine's `figure::scatter_svg`) and as TikZ/PGFPlots (the figure
//! layer's builders, as `heaplab rules --figure FILE.tex` draws them), through the shared
//! `download_text`. The pictures' PNGs and the tree's SVG, TikZ and PNG come with their
//! components.

use std::rc::Rc;

use heaplab_engine::figure::scatter_svg;
use heaplab_engine::octal::position::Outcome;
use heaplab_engine::rules::{HeapReport, PairReport};
use heaplab_figures::views::{heaps::sequence_figure, plane::p_position_chart};
use heaplab_figures::{Figure, Palette, Size};
use yew::prelude::*;

use crate::components::export::download_text;

/// `P` or `N`.
fn letter(outcome: Outcome) -> &'static str {
    if outcome == Outcome::P {
        "P"
    } else {
        "N"
    }
}

/// One row a heap: `heap,value,outcome` (the outcome empty where a misère search stopped).
pub fn heap_csv(report: &HeapReport) -> String {
    let mut csv = String::from("heap,value,outcome\n");
    for (n, v) in report.values.iter().enumerate() {
        let outcome = report.outcomes.get(n).map_or("", |&o| letter(o));
        csv.push_str(&format!("{n},{v},{outcome}\n"));
    }
    csv
}

/// One row a position: `a,b,value,outcome` (the value empty when not computed).
pub fn pair_csv(report: &PairReport) -> String {
    let mut csv = String::from("a,b,value,outcome\n");
    for (i, &p) in report.p.iter().enumerate() {
        let at = report.grid.pair(i);
        let value = report
            .values
            .as_ref()
            .map_or(String::new(), |v| v[i].to_string());
        csv.push_str(&format!(
            "{},{},{value},{}\n",
            at.0,
            at.1,
            if p { "P" } else { "N" }
        ));
    }
    csv
}

/// The nim-values against the heap as an SVG scatter plot.
pub fn heap_svg(report: &HeapReport, title: &str) -> String {
    let points: Vec<(u64, u64)> = (0u64..).zip(report.values.iter().copied()).collect();
    scatter_svg(title, "heap n", "nim-value G(n)", &points)
}

/// The P-positions as an SVG scatter plot.
pub fn pair_svg(report: &PairReport, title: &str) -> String {
    let points: Vec<(u64, u64)> = report.p_positions().iter().map(|q| (q.0, q.1)).collect();
    scatter_svg(title, "a", "b", &points)
}

/// A figure as a LaTeX document (one column, colour-blind palette), its provenance the
/// address of this view.
fn tikz(figure: Figure) -> Result<String, String> {
    let link = web_sys::window().and_then(|w| w.location().href().ok());
    let figure = figure.with_export(Size::ONE_COLUMN, Palette::ColourBlind, link);
    figure.to_tikz().map_err(|e| e.to_string())
}

/// The nim-values against the heap as a PGFPlots chart (the first 1,000 heaps).
pub fn heap_tikz(report: &HeapReport, title: &str) -> Result<String, String> {
    let values: Vec<f64> = report.values.iter().map(|&v| v as f64).collect();
    let outcomes: String = report.outcomes.iter().map(|&o| letter(o)).collect();
    let caption = "Computed by the ruleset's generic solver under normal play.".to_string();
    tikz(sequence_figure(
        title,
        Some(&values),
        &outcomes,
        true,
        caption,
    ))
}

/// The P-positions as a PGFPlots chart, `a` across and `b` up.
pub fn pair_tikz(report: &PairReport, title: &str) -> Result<String, String> {
    let points: Vec<(u64, u64)> = report.p_positions().iter().map(|q| (q.0, q.1)).collect();
    tikz(p_position_chart(
        &format!("{title}: P-positions"),
        ("a", "b"),
        &points,
    ))
}

/// The files a results card offers, each made when its button is clicked.
pub struct Files {
    /// The CSV table.
    pub csv: Rc<dyn Fn() -> String>,
    /// The SVG scatter plot.
    pub svg: Rc<dyn Fn() -> String>,
    /// The TikZ/PGFPlots document, or why it could not be drawn.
    pub tikz: Rc<dyn Fn() -> Result<String, String>>,
}

/// The "Download CSV" (`#rules-csv`), "Download SVG" (`#rules-svg`) and "Download TikZ"
/// (`#rules-tikz`) buttons.
pub fn downloads(stem: &str, files: Files) -> Html {
    let Files { csv, svg, tikz } = files;
    let problem = |result: Result<(), String>| {
        if let Err(e) = result {
            gloo::console::error!(e);
        }
    };
    let on_csv = {
        let name = format!("{stem}.csv");
        Callback::from(move |_: MouseEvent| problem(download_text(&csv(), &name, "text/csv")))
    };
    let on_svg = {
        let name = format!("{stem}.svg");
        Callback::from(move |_: MouseEvent| problem(download_text(&svg(), &name, "image/svg+xml")))
    };
    let on_tikz = {
        let name = format!("{stem}.tex");
        Callback::from(move |_: MouseEvent| {
            problem(tikz().and_then(|text| download_text(&text, &name, "application/x-tex")))
        })
    };
    html! {
        <div class="toolbar">
            <button type="button" id="rules-csv" onclick={on_csv}>{ "Download CSV" }</button>
            <button type="button" id="rules-svg" onclick={on_svg}>{ "Download SVG" }</button>
            <button type="button" id="rules-tikz" onclick={on_tikz}>{ "Download TikZ" }</button>
        </div>
    }
}
