//! The legend beside the picture: in Grundy mode the colour bar of the nim-values, then cells
//! per colour with their share, the summary of P-positions and proven row and column periods,
//! and what "proven" means here.

use heaplab_engine::figure::hex;
use heaplab_engine::plane::Solution;
use heaplab_engine::Periodicity;
use heaplab_figures::views::plane::nim_span;
use heaplab_figures::{Palette, Rgb};
use yew::prelude::*;

use crate::components::colour_bar::colour_bar;
use crate::components::palette::ColourSwatch;
use crate::format::grouped;
use crate::route::plane::{PlaneMode, PlaneParams};

/// The legend and summary beside the picture.
pub(super) fn legend_html(params: &PlaneParams, solution: Option<&Solution>) -> Html {
    let cells = u64::from(params.width) * u64::from(params.height);
    let rows = |counts: Vec<(String, [u8; 3], Option<u64>)>| {
        html! {
            <table class="map-counts-table">
                <thead><tr><th scope="col">{ "Colour" }</th><th scope="col">{ "Cells" }</th><th scope="col">{ "Share" }</th></tr></thead>
                <tbody id="plane-legend">
                    { for counts.into_iter().map(|(label, colour, n)| html! {
                        <tr data-count={n.map(|n| n.to_string()).unwrap_or_default()}>
                            <th scope="row"><ColourSwatch colour={hex(colour)} />{ label }</th>
                            <td class="count">{ n.map_or("…".to_string(), grouped) }</td>
                            <td class="share">{ n.map_or("…".to_string(), |n| format!("{:.3}", n as f64 / cells.max(1) as f64)) }</td>
                        </tr>
                    }) }
                </tbody>
            </table>
        }
    };
    let p_count = solution.map(|s| s.report.p_positions);
    let table = match (params.mode, solution.and_then(|s| s.nim.as_ref())) {
        (PlaneMode::Grundy, Some(nim)) => {
            let span = nim_span(nim);
            let colour = |v: usize| {
                let Rgb(r, g, b) = Palette::ColourBlind.value(v as f64, span);
                [r, g, b]
            };
            let counts = nim.counts().into_iter().enumerate().map(|(v, n)| {
                let label = if v == 0 {
                    "nim-value 0 (P)".to_string()
                } else {
                    format!("nim-value {v}")
                };
                (label, colour(v), Some(n))
            });
            html! {
                <>
                    { colour_bar("plane-colour-bar", "nim-value", span) }
                    { rows(counts.collect()) }
                </>
            }
        }
        (PlaneMode::Grundy, None) => {
            html! { <p class="note">{ "The nim-value colours appear when the window is computed." }</p> }
        }
        (PlaneMode::Outcome, _) => rows(vec![
            ("P-position".to_string(), [0, 0, 0], p_count),
            (
                "N-position".to_string(),
                [255, 255, 255],
                p_count.map(|p| cells - p),
            ),
        ]),
    };
    let summary = solution.map(|s| {
        let proven = |lines: &[Periodicity]| lines.iter().filter(|l| l.period().is_some()).count();
        html! {
            <ul id="plane-summary" class="plain-list">
                <li data-p-positions={s.report.p_positions.to_string()}>{ format!("{} P-positions in the window", grouped(s.report.p_positions)) }</li>
                <li>{ format!("rows with a proven period: {} of {}", grouped(proven(&s.report.rows) as u64), grouped(u64::from(params.height))) }</li>
                <li>{ format!("columns with a proven period: {} of {}", grouped(proven(&s.report.columns) as u64), grouped(u64::from(params.width))) }</li>
            </ul>
        }
    });
    html! {
        <>
            <h2>{ "Legend" }</h2>
            { table }
            { for summary }
            <p class="note">
                { "A row's period is proven when the last A columns of all rows up to it (A = the largest a) repeat inside the window: from then on the rule repeats them forever. Columns likewise with B = the largest b. Lines the window cannot decide say so." }
            </p>
        </>
    }
}
