//! The rules page's downloads: the results as CSV (the columns of `heaplab rules --format csv`)
//! and as an SVG scatter plot (the engine's `figure::scatter_svg`), through the shared
//! `download_text`. The pictures' PNGs and the tree's SVG, TikZ and PNG come with their
//! components.

use std::rc::Rc;

use heaplab_engine::figure::scatter_svg;
use heaplab_engine::octal::position::Outcome;
use heaplab_engine::rules::{HeapReport, PairReport};
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

/// The "Download CSV" (`#rules-csv`) and "Download SVG" (`#rules-svg`) buttons: `csv` and
/// `svg` make the files when clicked.
pub fn downloads(stem: &str, csv: Rc<dyn Fn() -> String>, svg: Rc<dyn Fn() -> String>) -> Html {
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
    html! {
        <div class="toolbar">
            <button type="button" id="rules-csv" onclick={on_csv}>{ "Download CSV" }</button>
            <button type="button" id="rules-svg" onclick={on_svg}>{ "Download SVG" }</button>
        </div>
    }
}
