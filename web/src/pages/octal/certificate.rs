//! The octal page's "Download certificate": for a finite code proven by a periodicity theorem,
//! the engine's certificate ([`octal_certificate`]), the same JSON as
//! `heaplab octal CODE --prove --certificate FILE`, which `heaplab-check` verifies.

use heaplab_engine::certificate::octal_certificate;
use heaplab_engine::octal::{OctalReport, Ruleset, Values};
use yew::prelude::*;

use crate::components::export::download_text;

/// The certificate's file text, or why this result has none.
pub fn certificate_text(report: &OctalReport, values: &[u32]) -> Result<String, String> {
    let rules = Ruleset::parse(&report.ascii).map_err(|e| e.to_string())?;
    let values = Values::Wide(values.to_vec());
    octal_certificate(&report.ascii, &rules, report, &values)
        .map(|cert| cert.to_file_text())
        .map_err(|e| e.to_string())
}

/// The button, for proven finite codes only; a refusal goes to `problem`.
pub fn certificate_button(
    solved: &(OctalReport, Vec<u32>),
    stem: &str,
    problem: &UseStateHandle<Option<String>>,
) -> Html {
    let finite = Ruleset::parse(&solved.0.ascii)
        .is_ok_and(|rules| rules.is_finite() && !rules.has_modifiers());
    if !solved.0.proven() || !finite {
        return html! {};
    }
    let onclick = {
        let (solved, problem) = (solved.clone(), problem.clone());
        let name = format!("octal-{stem}.certificate.json");
        Callback::from(move |_: MouseEvent| {
            let written = certificate_text(&solved.0, &solved.1)
                .and_then(|text| download_text(&text, &name, "application/json"));
            if let Err(e) = written {
                problem.set(Some(format!("no certificate: {e}")));
            }
        })
    };
    html! {
        <button type="button" id="octal-certificate" {onclick}>{ "Download certificate" }</button>
    }
}
