//! The catalogue panel of `#/octal`: thesis Table 3.2 (each row one link that recomputes it
//! with the heaps Theorem 3.73 needs) and the thesis's unsolved octal (Open Problem 5) and
//! hexadecimal (Open Problem 8) games, each a link that opens its computation. The data is the
//! engine's `octal::catalogue`.

use heaplab_engine::octal::catalogue::{
    unsolved_hexadecimal, KnownGame, TABLE_3_2, UNSOLVED_OCTAL,
};
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
            <h3>{ "Table 3.2: non-trivial octal games with known structure" }</h3>
            <table id="catalogue-table-3-2" class="catalogue">
                <thead><tr><th>{ "game" }</th><th>{ "period" }</th><th>{ "pre-period" }</th><th>{ "solved" }</th><th></th></tr></thead>
                <tbody>{ for TABLE_3_2.iter().map(known_row) }</tbody>
            </table>
            <h3>{ "Open Problem 5: the 74 unsolved 3-digit octal games" }</h3>
            { code_links("catalogue-unsolved-octal", UNSOLVED_OCTAL.iter().map(|c| c.to_string())) }
            <h3>{ "Open Problem 8: unsolved hexadecimal games" }</h3>
            { code_links("catalogue-unsolved-hex", unsolved_hexadecimal().into_iter()) }
        </details>
    }
}
