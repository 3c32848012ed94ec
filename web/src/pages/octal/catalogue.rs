//! The catalogue panel of `#/octal`: thesis Table 3.2 (each row one link that recomputes it
//! with the heaps Theorem 3.73 needs) and the thesis's unsolved octal (Open Problem 5) and
//! hexadecimal (Open Problem 8) games, each a link that opens its computation. The data is the
//! engine's `octal::catalogue`.

use heaplab_engine::octal::catalogue::{
    unsolved_hexadecimal, KnownGame, TABLE_3_2, UNSOLVED_OCTAL,
};
use heaplab_engine::octal::OctalReport;
use heaplab_engine::text::grouped;
use yew::prelude::*;

use crate::route::{OctalQuery, DEFAULT_OCTAL_MAX, MAX_OCTAL_PAGE_HEAPS};

/// The link that opens `code` with a heap budget of `max`.
pub fn octal_link(code: &str, max: u64) -> String {
    OctalQuery {
        code: code.to_string(),
        max: max.to_string(),
        ..OctalQuery::default()
    }
    .to_hash()
}

/// One Table 3.2 row: the link, or the command for rows beyond the page's heap budget.
fn known_row(row: &KnownGame) -> Html {
    let needed = row.heaps_to_prove();
    let reach = if needed <= MAX_OCTAL_PAGE_HEAPS {
        html! { <a class="catalogue-link" href={octal_link(row.code, needed)}>{ format!("reproduce ({} heaps)", grouped(needed)) }</a> }
    } else {
        html! { <span class="note">{ format!("needs {} heaps: heaplab octal {} --prove --max-heaps {needed}", grouped(needed), row.code) }</span> }
    };
    html! {
        <tr>
            <td>{ row.code.replace('.', "·") }</td>
            <td>{ grouped(row.period) }</td>
            <td>{ grouped(row.preperiod) }</td>
            <td>{ row.solved }</td>
            <td>{ reach }</td>
        </tr>
    }
}

/// For a game of Table 3.2 that the run stopped short of proving: how many heaps its proof
/// needs and the command that proves it.
pub fn beyond_budget(report: &OctalReport) -> Option<String> {
    if report.proven() {
        return None;
    }
    let row = TABLE_3_2.iter().find(|row| row.code == report.ascii)?;
    let needed = row.heaps_to_prove();
    (needed > report.computed).then(|| {
        format!(
            "Table 3.2 gives {} period {} from heap {}: its proof needs about {} heaps, past the \
             {} this page computed. The command-line tool proves it: heaplab octal {} --prove \
             --max-heaps {needed}",
            row.code.replace('.', "·"),
            grouped(row.period),
            grouped(row.preperiod),
            grouped(needed),
            grouped(report.computed),
            row.code
        )
    })
}

/// A list of codes as links with the page's default budget.
fn code_links(id: &'static str, codes: impl Iterator<Item = String>) -> Html {
    let link = |code: String| {
        html! { <li><a href={octal_link(&code, DEFAULT_OCTAL_MAX)}>{ code.replace('.', "·") }</a></li> }
    };
    html! { <ul {id} class="code-list">{ for codes.map(link) }</ul> }
}

/// The catalogue (`#octal-catalogue`), folded until opened (a plain function: no state).
pub fn catalogue() -> Html {
    html! {
        <details class="card" id="octal-catalogue">
            <summary>{ "Catalogue: the thesis's Table 3.2 and its unsolved games" }</summary>
            <p class="catalogue-heading"><strong>{ "Table 3.2: non-trivial octal games with known structure" }</strong></p>
            <table id="catalogue-table-3-2" class="catalogue">
                <thead><tr><th>{ "game" }</th><th>{ "period" }</th><th>{ "pre-period" }</th><th>{ "solved" }</th><th></th></tr></thead>
                <tbody>{ for TABLE_3_2.iter().map(known_row) }</tbody>
            </table>
            <p class="catalogue-heading"><strong>{ "Open Problem 5: the 74 unsolved 3-digit octal games" }</strong></p>
            { code_links("catalogue-unsolved-octal", UNSOLVED_OCTAL.iter().map(|c| c.to_string())) }
            <p class="catalogue-heading"><strong>{ "Open Problem 8: unsolved hexadecimal games" }</strong></p>
            { code_links("catalogue-unsolved-hex", unsolved_hexadecimal().into_iter()) }
        </details>
    }
}
