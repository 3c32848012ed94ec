//! The table of `o(x)` (= `G_s(x)`), `opt(x)`, the greedy action and the sacrifice per heap
//! (Definitions 2, 3 and 6), with sacrifices highlighted and `ξ(S)` and the period marked, and
//! its CSV export.

use std::rc::Rc;

use heaplab_engine::cumulative_subtraction::{self as cs, CumulativeReport};
use yew::prelude::*;

use super::file_stem;
use crate::components::export::download_text;
use crate::route::cumulative::CumulativeParams;

/// Properties of [`OutcomeTable`].
#[derive(Properties, PartialEq)]
pub struct OutcomeTableProps {
    /// The committed parameters (set, n, start score, starter).
    pub params: CumulativeParams,
    /// The engine's report for heaps `0..n`.
    pub report: Rc<CumulativeReport>,
}

fn action(a: Option<u32>) -> String {
    a.map_or_else(|| "–".to_string(), |s| s.to_string())
}

/// The table as CSV, one line per heap.
pub fn table_csv(params: &CumulativeParams, report: &CumulativeReport) -> String {
    let mut out = String::from("x,o(x)=G_s(x),opt(x),greedy(x),sacrifice(x),final_score\n");
    for x in 0..report.outcomes.len() {
        out.push_str(&format!(
            "{x},{},{},{},{},{}\n",
            report.outcomes[x],
            report.optimal_actions[x].map_or(String::new(), |s| s.to_string()),
            report.greedy_actions[x].map_or(String::new(), |s| s.to_string()),
            report.sacrifice(x),
            cs::final_score(
                report.outcomes[x],
                params.start_score,
                params.positive_starts
            )
        ));
    }
    out
}

/// The outcome table card (`#cs-table`).
#[function_component(OutcomeTable)]
pub fn outcome_table(props: &OutcomeTableProps) -> Html {
    let problem = use_state(|| None::<String>);
    let r = &props.report;
    let xi = r.convergence;
    let pre = r.period.preperiod();
    let period = r.period.period();
    let on_csv = {
        let (params, report, problem) = (props.params.clone(), r.clone(), problem.clone());
        Callback::from(move |_: MouseEvent| {
            let name = format!("{}-table.csv", file_stem(&params.set));
            problem.set(download_text(&table_csv(&params, &report), &name, "text/csv").err());
        })
    };
    let sign = if props.params.positive_starts {
        "+"
    } else {
        "−"
    };
    let rows = (0..r.outcomes.len()).map(|x| {
        let sacrifice = r.sacrifice(x);
        let mut notes = Vec::new();
        if xi == Some(x as u64) {
            notes.push(format!(
                "ξ(S) = {x}: opt is {} from here on",
                action(r.converged_action)
            ));
        }
        if let (Some(pre), Some(p)) = (pre, period) {
            if pre == x as u64 {
                notes.push(format!("period {p} starts"));
            } else if x as u64 >= pre && (x as u64 - pre).is_multiple_of(p) {
                notes.push("period repeats".to_string());
            }
        }
        if sacrifice > 0 {
            notes.push(format!("sacrifice of {sacrifice}"));
        }
        let class = classes!(
            (sacrifice > 0).then_some("sacrifice"),
            (xi == Some(x as u64)).then_some("xi"),
            (pre == Some(x as u64)).then_some("period-start")
        );
        html! {
            <tr class={class} data-x={x.to_string()}>
                <th scope="row">{ x }</th>
                <td class="o">{ r.outcomes[x] }</td>
                <td class="opt">{ action(r.optimal_actions[x]) }</td>
                <td class="greedy">{ action(r.greedy_actions[x]) }</td>
                <td class="sac">{ sacrifice }</td>
                <td class="score">{ cs::final_score(r.outcomes[x], props.params.start_score, props.params.positive_starts) }</td>
                <td class="mark">{ notes.join("; ") }</td>
            </tr>
        }
    });
    html! {
        <section class="card wide" aria-labelledby="cs-table-title">
            <h2 id="cs-table-title">{ "Outcomes and optimal actions" }</h2>
            <p class="note">
                { "Rows with a red edge are sacrifices (Definition 6: the optimal action is smaller than the greedy one). " }
                { "opt(x) is the largest maximising action (Definition 3). " }
                { format!("The final score is p {sign} o(x) with p = {}.", props.params.start_score) }
            </p>
            <div class="toolbar">
                <button type="button" id="cs-table-csv" onclick={on_csv}>{ "Download CSV" }</button>
                if let Some(p) = &*problem {
                    <span class="toolbar-note" role="status">{ p.clone() }</span>
                }
            </div>
            <div class="table-scroll">
                <table id="cs-table" class="options cs-table">
                    <caption>{ format!("Heaps 0 to {}", r.outcomes.len() - 1) }</caption>
                    <thead>
                        <tr>
                            <th scope="col">{ "x" }</th>
                            <th scope="col">{ "o(x) = G_s(x)" }</th>
                            <th scope="col">{ "opt(x)" }</th>
                            <th scope="col">{ "greedy" }</th>
                            <th scope="col">{ "sacrifice" }</th>
                            <th scope="col">{ "final score" }</th>
                            <th scope="col">{ "" }</th>
                        </tr>
                    </thead>
                    <tbody>{ for rows }</tbody>
                </table>
            </div>
        </section>
    }
}
