//! The outcome strip: one cell per heap, P-positions black and N-positions coloured, with its
//! colour key. The misère card and the rules page draw their outcomes with it.

use std::rc::Rc;

use heaplab_engine::octal::position::Outcome;
use yew::prelude::*;

use super::palette::{value_css, ColourSwatch};
use super::value_strip::ValueStrip;

/// What [`outcome_strip`] draws.
pub struct OutcomeStrip<'a> {
    /// The canvas id.
    pub id: &'static str,
    /// The outcome of each heap, from heap 0.
    pub outcomes: &'a [Outcome],
    /// The strip's toolbar: the page's "Export figure…" dialog.
    pub export: Html,
    /// A one-line description for screen readers.
    pub label: String,
    /// The colour key's accessible name.
    pub key_label: &'static str,
}

/// The strip (P black, N coloured) and its key.
pub fn outcome_strip(strip: OutcomeStrip) -> Html {
    let values: Vec<u64> = strip
        .outcomes
        .iter()
        .map(|&o| u64::from(o == Outcome::N))
        .collect();
    html! {
        <>
            <ValueStrip id={strip.id} values={Rc::new(values)} label={strip.label}>{ strip.export }</ValueStrip>
            <ul class="legend" aria-label={strip.key_label}>
                <li><ColourSwatch colour={value_css(0)} />{ "P: the player to move loses" }</li>
                <li><ColourSwatch colour={value_css(1)} />{ "N: the player to move wins" }</li>
            </ul>
        </>
    }
}
