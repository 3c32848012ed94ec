//! The home page: what HeapLab is, and one card per page of the registry
//! ([`crate::route::CARDS`], from `for_each_page!`).

use yew::prelude::*;

use crate::route::{Card, CARDS};

/// The home page (a plain function: it holds no state, and each component costs the module
/// yew's lifecycle code).
pub fn home() -> Html {
    html! {
        <>
            <section class="intro">
                <h1>{ "HeapLab" }</h1>
                <p class="lead">
                    { "A research instrument for heap games. Type a ruleset and HeapLab computes nim-values and outcomes, proves the eventual period, and draws what it finds. Every view is a link you can share." }
                </p>
            </section>
            <ul class="card-grid" aria-label="Game families">
                { for CARDS.iter().map(family_card) }
            </ul>
        </>
    }
}

/// One page's card: its title linking to the page, its summary and its examples.
fn family_card(card: &Card) -> Html {
    let href = format!("#{}", card.path);
    html! {
        <li class="card family live">
            <h2><a href={href}>{ card.title }</a></h2>
            <p>{ card.summary }</p>
            if !card.examples.is_empty() {
                <p class="examples">
                    { "Try " }
                    { for card.examples.iter().enumerate().map(|(i, (text, link))| {
                        let joint = match card.examples.len() - i {
                            1 => ".",
                            2 => " or ",
                            _ => ", ",
                        };
                        html! { <><a href={*link}>{ *text }</a>{ joint }</> }
                    }) }
                </p>
            }
        </li>
    }
}
