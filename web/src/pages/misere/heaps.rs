//! The misère page's heap table: each heap's element of the quotient, its misère outcome and
//! its genus, with the outcome sequence's observed period and a CSV export. A heap links to
//! the sum box with that heap alone.

use heaplab_engine::misere::report::outcome_letter;
use yew::prelude::*;

use crate::components::export::download_text;
use crate::route::misere::MisereQuery;
use crate::worker::jobs::misere::MisereResult;

/// The table as CSV: `heap,element,outcome,genus` (the genus empty past the genus search).
pub fn heaps_csv(result: &MisereResult) -> String {
    let r = &result.report;
    let mut csv = String::from("heap,element,misere_outcome,genus\n");
    for (n, (element, &outcome)) in r.heap_elements.iter().zip(&r.outcomes).enumerate() {
        let genus = r.genus.get(n).map(|g| g.text()).unwrap_or_default();
        csv.push_str(&format!(
            "{n},{element},{},{genus}\n",
            outcome_letter(outcome)
        ));
    }
    csv
}

/// The observed period of the outcomes, labelled as observed (no theorem proves it here).
fn period_line(result: &MisereResult) -> String {
    match &result.report.outcome_period {
        Some(p) => format!(
            "Misère outcomes of single heaps: period {} from heap {}, observed over heaps 0..{} (not proven).",
            p.period, p.preperiod, p.heaps_checked
        ),
        None => "Misère outcomes of single heaps: no period seen twice in the heaps computed.".into(),
    }
}

/// The heap table card.
pub fn heap_table(result: &MisereResult, query: &MisereQuery) -> Html {
    let r = &result.report;
    let csv = {
        let text = heaps_csv(result);
        Callback::from(move |_: MouseEvent| {
            // A refused download changes nothing on the page.
            let _ = download_text(&text, "heaplab-misere-heaps.csv", "text/csv");
        })
    };
    let row = |(n, (element, &outcome)): (usize, (&String, &_))| {
        let mut link = query.clone();
        link.sum = n.to_string();
        link.reply.clear();
        html! {
            <tr id={format!("mq-heap-{n}")}>
                <td><a href={link.to_hash()}>{ n }</a></td>
                <td><code>{ element.clone() }</code></td>
                <td>{ outcome_letter(outcome) }</td>
                <td>{ r.genus.get(n).map(|g| g.text()).unwrap_or_default() }</td>
            </tr>
        }
    };
    html! {
        <section class="card wide" aria-labelledby="mq-heaps-title">
            <h2 id="mq-heaps-title">{ "Single heaps" }</h2>
            <p id="mq-outcome-period">{ period_line(result) }</p>
            <div class="toolbar"><button type="button" id="mq-csv" onclick={csv}>{ "Download CSV" }</button></div>
            <table id="mq-heaps" class="data">
                <thead><tr><th>{ "Heap" }</th><th>{ "Element" }</th><th>{ "Misère outcome" }</th><th>{ "Genus" }</th></tr></thead>
                <tbody>{ for r.heap_elements.iter().zip(&r.outcomes).enumerate().map(row) }</tbody>
            </table>
        </section>
    }
}
