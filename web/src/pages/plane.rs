//! The 2-D subtraction page, `#/plane?moves=2,6;3,3;6,1;19,6&w=3600&h=2000&mode=outcome`:
//! the survey's two-dimensional subtraction games (Figure 2). A position is `(x, y)`; a move
//! subtracts a vector `(a, b)` and both coordinates must stay `>= 0`.
//!
//! The URL holds the whole state ([`PlaneQuery`]). The window is computed by the one job
//! client ([`crate::jobs::JobRunner`]: in a Web Worker, step by step, with progress and
//! cancel) and drawn one canvas pixel per cell (outcomes by the engine, nim-values in the figure layer's
//! colours), `y = 0` at the
//! bottom as in the CLI's PNG. Zooming and panning only change a CSS transform of the canvas
//! (no recomputation); hovering reads a cell, its nim-value and its row's and column's proven
//! periods.
//!
//! The parts: `state` (the page's hooks and effects), `form`, `panel` (the picture and
//! its "Export figure…" dialog), `pointer` (hover, drag, keys), `canvas` (drawing and geometry),
//! and `legend`.

mod canvas;
mod form;
mod legend;
mod panel;
mod pointer;
mod state;

use heaplab_engine::plane::{self, Solution};
use heaplab_engine::Periodicity;
use heaplab_figures::views::plane::nim_pixels;
use heaplab_figures::Palette;
use yew::prelude::*;

use crate::components::page::{empty_results, page_head};
use crate::route::plane::{PlaneMode, PlaneQuery};
use form::form_html;
use panel::picture_html;
use pointer::view_go;
use state::use_plane_state;

/// `period 12 from 40` / `no period proven in the window`.
pub fn describe_period(line: Option<&Periodicity>, along: &str) -> String {
    match line {
        Some(Periodicity::Proven {
            preperiod, period, ..
        }) => format!("period {period} from {along} = {preperiod}"),
        _ => "no period proven within the window".to_string(),
    }
}

/// The hover readout for cell `(x, y)`.
pub fn describe_cell(solution: &Solution, x: u32, y: u32) -> String {
    let outcome = if solution.grid.is_p(x, y) { "P" } else { "N" };
    let nim = solution
        .nim
        .as_ref()
        .and_then(|n| n.get(x, y))
        .map_or(String::new(), |v| format!(" · nim-value {v}"));
    format!(
        "(x, y) = ({x}, {y}): {outcome}{nim} · row y = {y}: {} · column x = {x}: {}",
        describe_period(solution.report.rows.get(y as usize), "x"),
        describe_period(solution.report.columns.get(x as usize), "y"),
    )
}

/// The RGBA pixels of a solution in `mode`, as the CLI's `--out` PNG: the engine's outcome
/// pixels, or the nim-values in the colours of the figure (`views::plane::nim_pixels`).
pub fn render(solution: &Solution, mode: PlaneMode) -> Vec<u8> {
    match (mode, &solution.nim) {
        (PlaneMode::Grundy, Some(nim)) => nim_pixels(nim, Palette::ColourBlind),
        _ => plane::render_outcomes(&solution.grid),
    }
}

/// Properties of [`PlanePage`].
#[derive(Properties, PartialEq)]
pub struct PlanePageProps {
    /// The state in the URL.
    pub query: PlaneQuery,
}

/// The 2-D subtraction page: the state hook, then the form and the picture (or a message).
#[function_component(PlanePage)]
pub fn plane_page(props: &PlanePageProps) -> Html {
    let state = use_plane_state(&props.query);
    let go = view_go(&state);
    let body = match state.committed.clone() {
        Some(params) => picture_html(&state, params, &go),
        None => empty_results(
            "Nothing to draw yet: fix the parameters above and the picture appears here.",
        ),
    };

    html! {
        <>{ page_head("2-D subtraction", "Two heaps (x, y) and a finite set of move vectors (a, b): a move subtracts a vector, and both coordinates must stay ≥ 0; whoever cannot move loses. A position is P when no move leads to a P-position. The survey's Figure 2 is S = {(2,6), (3,3), (6,1), (19,6)} on the first 3600 × 2000 positions, P black. Rows and columns are eventually periodic; hover to read the periods this window proves.") }
            { form_html(&state, &props.query) }
            { body }
        </>
    }
}
