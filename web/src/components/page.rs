//! The frame every tool page shares: a heading with the "Copy link" button, a lead paragraph,
//! the form, then the results (or a placeholder while the input is bad, or an error card).

use yew::prelude::*;

use super::export::CopyLink;

/// The head of a tool page: the `<h1>` `title` with "Copy link", and the `lead` paragraph
/// (what the page computes, and from which paper). Pages write `<>{ page_head(…) }…</>`: a
/// plain function, not a wrapping component, since each component costs the module yew's
/// lifecycle code.
pub fn page_head(title: &str, lead: &str) -> Html {
    html! {
        <>
            <div class="page-head">
                <h1>{ title.to_string() }</h1>
                <CopyLink />
            </div>
            <p class="lead">{ lead.to_string() }</p>
        </>
    }
}

/// The card shown where the results go while the input cannot be computed; `message` says
/// what to fix.
pub fn empty_results(message: &str) -> Html {
    html! {
        <section class="card empty-results"><p>{ message.to_string() }</p></section>
    }
}

/// The card shown where the results go when the engine refused the input.
pub fn error_card(message: &str) -> Html {
    html! {
        <section class="card"><p class="error" role="alert">{ message.to_string() }</p></section>
    }
}
