//! The period facts of one sequence: period, preperiod and (for arithmetic periodicity) saltus.
//!
//! Each number sits alone in an element with a fixed id (`{prefix}-period`,
//! `{prefix}-preperiod`, `saltus`), so tests and readers can pick it up. When no period was
//! proven the elements hold "—" and a note says how far the search went.

use heaplab_engine::Periodicity;
use yew::prelude::*;

use crate::format::capitalise;

/// What [`period_facts`] shows.
pub struct PeriodFactsProps {
    /// Id prefix: `nim` gives `#nim-period` and `#nim-preperiod`.
    pub prefix: &'static str,
    /// The heading, e.g. "Nim-values".
    pub title: &'static str,
    /// What the engine proved.
    pub period: Periodicity,
    /// Also show the saltus (as `#saltus`), for arithmetic periodicity.
    pub show_saltus: bool,
}

/// The text for one number: the value when proven, "—" otherwise.
fn shown(value: Option<u64>) -> String {
    value.map_or_else(|| "—".to_string(), |v| v.to_string())
}

/// A card with the proven period of one sequence (a plain function: it holds no state, and
/// each component costs the module yew's lifecycle code).
pub fn period_facts(props: &PeriodFactsProps) -> Html {
    let p = &props.period;
    let note = match p {
        Periodicity::Proven { preperiod: 0, .. } => "Proven; purely periodic.".to_string(),
        Periodicity::Proven { .. } => "Proven.".to_string(),
        Periodicity::NotFound { .. } => format!("{}.", capitalise(&p.describe())),
    };
    html! {
        <section class="card facts" aria-label={props.title}>
            <h3>{ props.title }</h3>
            <dl>
                <div><dt>{ "Period" }</dt><dd id={format!("{}-period", props.prefix)}>{ shown(p.period()) }</dd></div>
                <div><dt>{ "Preperiod" }</dt><dd id={format!("{}-preperiod", props.prefix)}>{ shown(p.preperiod()) }</dd></div>
                if props.show_saltus {
                    <div><dt>{ "Saltus" }</dt><dd id="saltus">{ shown(p.saltus()) }</dd></div>
                }
            </dl>
            <p class="note">{ note }</p>
        </section>
    }
}
