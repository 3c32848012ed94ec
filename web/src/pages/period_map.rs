//! The period-map page, `#/period-map?family=3move&fixed=3001&s1=401..1600&s2=901..2100&colour=class`:
//! Flammenkamp's maps of period lengths (survey Section 2, Figure 1). One pixel is one ruleset;
//! its colour comes from the proven outcome period.
//!
//! The URL holds the whole view ([`MapQuery`]). The map is computed tile by tile by a
//! [`MapRunner`] (a worker pool, or the main thread) and drawn into the canvas as tiles arrive;
//! only the family and the window start a new job, a new colouring recolours what is there.
//! Zooming and panning (wheel, dragged box, buttons, keys) push a new URL, so Back undoes them.
//!
//! The parts: `state` (the page's hooks and effects), `form`, `panel` (the map and its
//! downloads), `pointer` (hover, click, drag, keys), `canvas` (geometry), `legend`,
//! `resolve` (red pixels) and `view` (window arithmetic).

mod canvas;
mod form;
mod legend;
mod panel;
mod pointer;
mod resolve;
mod state;
mod view;

use heaplab_engine::period_map::{CellClass, Family};
use yew::prelude::*;

use crate::components::page::{empty_results, page_head};
use crate::route::MapQuery;
use crate::tiles::runner::MAX_HEAPS;

use form::form_html;
use panel::map_html;
use pointer::view_go;
use state::use_map_state;
pub use view::{box_window, pan, pixel_to_point, zoom, MIN_SIDE};

/// The label of a class in the legend, for `family`.
pub fn class_label(class: CellClass, family: Family) -> &'static str {
    let three = matches!(family, Family::ThreeMove { .. });
    match class {
        CellClass::Diagonal => "diagonal s1 + s2 = s3",
        CellClass::S2S3 => "period s2 + s3",
        CellClass::S1S3 => "period s1 + s3",
        CellClass::S1S2 => "period s1 + s2",
        CellClass::Other if three => "any other period",
        CellClass::Other => "period found",
        CellClass::Unresolved => "unresolved (budget exhausted)",
        CellClass::Invalid => "not a ruleset",
    }
}

/// `S = {a, b, c}` for a list of moves.
fn set_text(moves: &[u32]) -> String {
    let inner: Vec<String> = moves.iter().map(u32::to_string).collect();
    format!("S = {{{}}}", inner.join(", "))
}

/// The hover readout for ruleset `(x, y)` of `family`, given its solved cell (if any).
pub fn describe_point(
    family: Family,
    x: u32,
    y: u32,
    cell: Option<heaplab_engine::period_map::Cell>,
) -> String {
    let Some(moves) = family.moves(x, y) else {
        let rule = match family {
            Family::MaxSym5 { .. } => "s1 < s2 < m − s2",
            _ => "s1 < s2 < s3",
        };
        return format!("s1 = {x}, s2 = {y}: not a ruleset of this family (it needs {rule}).");
    };
    let set = set_text(&moves);
    match cell {
        None => format!("{set}: not computed yet."),
        Some(c) => match (c.period, c.preperiod) {
            (Some(p), Some(q)) => format!(
                "{set}: period {p}, preperiod {q} ({}). Click to open it.",
                class_label(c.class, family)
            ),
            _ => {
                format!("{set}: unresolved — no period within {MAX_HEAPS} heaps. Click to search further.")
            }
        },
    }
}

/// Properties of [`PeriodMapPage`].
#[derive(Properties, PartialEq)]
pub struct PeriodMapPageProps {
    /// The state in the URL.
    pub query: MapQuery,
}

/// The period-map page: the state hook, then the form and the map (or a message).
#[function_component(PeriodMapPage)]
pub fn period_map_page(props: &PeriodMapPageProps) -> Html {
    let state = use_map_state(&props.query);
    let go = view_go(&state);
    let form = form_html(&state, &props.query);
    // With a map to show, the form sits beside it (under it on a phone), so the map starts
    // near the top of the page; without one, the form stands above the message.
    let form_beside_map = state.committed.is_some();
    let body = match state.committed {
        Some(params) => map_html(&state, params, form.clone(), &go),
        None => {
            empty_results("Nothing to draw yet: fix the parameters above and the map appears here.")
        }
    };

    html! {
        <>{ page_head("Period maps", "Flammenkamp's picture of 3-move subtraction games (survey Section 2, Figure 1): pixel (s1, s2) is the ruleset {s1, s2, s3}, coloured by its proven outcome period — is it s1 + s3, s2 + s3, s1 + s2, or something else? The 4-move family {s1, s2, s3, s1 + s3} and the max-symmetric 5-move family are coloured by log period or preperiod.") }
            if !form_beside_map {
                { form }
            }
            { body }
        </>
    }
}
