//! The frame every tool page shares: a heading with the "Copy link" button, a lead paragraph,
//! the form, then the results (or a placeholder while the input is bad, or an error card).

use yew::prelude::*;

use super::export::CopyLink;

/// The props of [`PageFrame`].
#[derive(Properties, PartialEq)]
pub struct PageFrameProps {
    /// The page's `<h1>`.
    pub title: AttrValue,
    /// The lead paragraph under the heading: what the page computes, and from which paper.
    pub lead: AttrValue,
    /// The form, then the results.
    pub children: Html,
}

/// A tool page: heading, "Copy link", lead, then the children.
#[function_component(PageFrame)]
pub fn page_frame(props: &PageFrameProps) -> Html {
    html! {
        <>
            <div class="page-head">
                <h1>{ props.title.clone() }</h1>
                <CopyLink />
            </div>
            <p class="lead">{ props.lead.clone() }</p>
            { props.children.clone() }
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
