//! The rules page's downloads: the results as CSV (the columns of `heaplab rules --format csv`)
//! and "Export figure…", the figure layer's figure of `heaplab rules --figure` (the shared
//! dialog: SVG, PNG, TikZ where the figure has one). The canvases' PNGs and the tree's export
//! come with their components.

use std::rc::Rc;

use heaplab_engine::octal::position::Outcome;
use heaplab_engine::rules::{presets, HeapReport, PairReport};
use heaplab_figures::{Figure, Palette};
use yew::prelude::*;

use crate::components::export::download_text;
use crate::components::figure_export::{current_hash, FigureExport};
use crate::protocol::rules::Board;
use crate::route::rules::RulesParams;

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

/// The CLI command that writes the card's figure as a PDF: the preset's name or the page's
/// text saved as `ruleset.rhai`, each parameter, the convention and the board.
pub fn pdf_command(params: &RulesParams, stem: &str) -> String {
    let request = &params.request;
    let ruleset = presets::PRESETS
        .iter()
        .find(|p| p.text == request.text)
        .map_or("ruleset.rhai", |p| p.name);
    let mut command = format!("heaplab rules {ruleset}");
    for (name, value) in &params.bound {
        command.push_str(&format!(" --param {name}={value}"));
    }
    if params.misere {
        command.push_str(" --misere");
    }
    match request.board {
        Board::Heaps(n) => command.push_str(&format!(" --terms {n}")),
        Board::Grid(w, h) => command.push_str(&format!(" --size {w},{h} --figure-kind outcomes")),
    }
    format!("{command} --figure {stem}.pdf")
}

/// A results card's "Download CSV" (`#rules-csv`) and "Export figure…" (`#rules-figure`, the
/// figure of `heaplab rules --figure`) buttons.
pub fn downloads(
    params: &RulesParams,
    stem: &str,
    csv: Rc<dyn Fn() -> String>,
    figure: Rc<dyn Fn() -> Figure>,
) -> Html {
    let on_csv = {
        let name = format!("{stem}.csv");
        Callback::from(move |_: MouseEvent| {
            if let Err(e) = download_text(&csv(), &name, "text/csv") {
                gloo::console::error!(e);
            }
        })
    };
    let build = Callback::from(move |_: Palette| Ok(figure()));
    html! {
        <div class="toolbar">
            <button type="button" id="rules-csv" onclick={on_csv}>{ "Download CSV" }</button>
            <FigureExport id="rules-figure" stem={stem.to_string()} link={current_hash()}
                pdf_command={pdf_command(params, stem)} not_ready={None::<AttrValue>} figure={build} />
        </div>
    }
}
