//! The user guide, `#/guide?page=octal&at=anchor` (`#/help` and `#/about` lead here): one file
//! of `docs/guide/`, which `cargo xtask build` renders to `dist/guide/<page>.html` so the first
//! visit downloads none of it; the page fetches the file when opened. `page=cite` shows the
//! BibTeX entry made from `CITATION.cff` (`dist/guide/cite.bib`).

use yew::prelude::*;

use crate::route::GuideQuery;

/// Properties of [`GuidePage`].
#[derive(Properties, PartialEq)]
pub struct GuidePageProps {
    /// The URL state.
    pub query: GuideQuery,
}

/// What the page holds: the fetched file, or why it could not be fetched.
#[derive(Clone, PartialEq)]
enum Loaded {
    Waiting,
    Text(String),
    Failed(String),
}

/// Fetches `url` as text (also the explorer's check claims).
pub async fn fetch_text(url: &str) -> Result<String, String> {
    let response = gloo::net::http::Request::get(url)
        .send()
        .await
        .map_err(|e| e.to_string())?;
    if !response.ok() {
        return Err(format!("the server answered {}", response.status()));
    }
    response.text().await.map_err(|e| e.to_string())
}

/// The `#/guide` page.
#[function_component(GuidePage)]
pub fn guide_page(props: &GuidePageProps) -> Html {
    let loaded = use_state_eq(|| Loaded::Waiting);
    let cite = props.query.page == "cite";
    {
        let loaded = loaded.clone();
        use_effect_with(props.query.page.clone(), move |page| {
            loaded.set(Loaded::Waiting);
            let url = if page == "cite" {
                "./guide/cite.bib".to_string()
            } else {
                format!("./guide/{page}.html")
            };
            wasm_bindgen_futures::spawn_local(async move {
                loaded.set(match fetch_text(&url).await {
                    Ok(text) => Loaded::Text(text),
                    Err(e) => Loaded::Failed(e),
                });
            });
        });
    }
    {
        // Once the file is in the page, go to the anchor asked for.
        let at = props.query.at.clone();
        use_effect_with(((*loaded).clone(), at), |(loaded, at)| {
            let target = web_sys::window()
                .and_then(|w| w.document())
                .filter(|_| matches!(loaded, Loaded::Text(_)) && !at.is_empty())
                .and_then(|d| d.get_element_by_id(at));
            if let Some(element) = target {
                element.scroll_into_view();
            }
        });
    }
    let body = match (&*loaded, cite) {
        (Loaded::Waiting, _) => html! { <p class="note">{ "Loading the guide…" }</p> },
        (Loaded::Failed(e), _) => html! {
            <p class="error" role="alert" id="guide-error">
                { format!("This part of the guide could not be loaded ({e}). ") }
                <a href="#/guide">{ "Open the guide's contents" }</a>
            </p>
        },
        (Loaded::Text(bib), true) => html! {
            <>
                <h1>{ "Cite HeapLab" }</h1>
                <p>{ "If you use HeapLab in your research, please cite it (BibTeX, from the repository's CITATION.cff):" }</p>
                <pre id="guide-bibtex">{ bib.clone() }</pre>
            </>
        },
        (Loaded::Text(html), false) => Html::from_html_unchecked(html.clone().into()),
    };
    html! {
        <article class="card guide" id="guide">
            if props.query.page != "index" {
                <p><a href="#/guide">{ "← The guide's contents" }</a></p>
            }
            { body }
        </article>
    }
}
