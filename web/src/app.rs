//! The app shell: header with navigation, the routed page, a footer, and the page title.
//!
//! The route is read from `location.hash` on start and on every `hashchange`/`popstate`, so
//! links, reloads, pasted URLs and Back/Forward all land on the same view.

use gloo::events::EventListener;
use yew::prelude::*;

use crate::pages::home::home;
use crate::route::{current_hash, Route, NAVIGATION};

/// Expands the page list ([`crate::for_each_page!`]) into the page switch.
macro_rules! page_switch {
    ($($(#[$doc:meta])* $variant:ident($query:ident) $nav:literal $title:literal $module:ident::$page:ident in $bundle:literal
        $summary:literal [$($example:tt),*];)*) => {
        /// The page of `route`.
        fn page_of(route: &Route) -> Html {
            match route {
                Route::Home => home(),
                $(Route::$variant(query) => {
                    #[cfg(feature = $bundle)]
                    let page = html! { <crate::pages::$module::$page query={query.clone()} /> };
                    #[cfg(not(feature = $bundle))]
                    let page = crate::bundle::elsewhere($bundle, query);
                    page
                })*
                Route::NotFound(path) => not_found(path),
            }
        }
    };
}

crate::for_each_page!(page_switch);

/// The root component.
#[function_component(App)]
pub fn app() -> Html {
    let route = use_state_eq(|| Route::parse(&current_hash()));
    {
        let route = route.clone();
        use_effect_with((), move |_| {
            let listeners = web_sys::window().map(|window| {
                let on_change = move |_: &Event| route.set(Route::parse(&current_hash()));
                [
                    EventListener::new(&window, "hashchange", on_change.clone()),
                    EventListener::new(&window, "popstate", on_change),
                ]
            });
            move || drop(listeners)
        });
    }
    {
        use_effect_with((*route).clone(), |route| {
            if let Some(document) = web_sys::window().and_then(|w| w.document()) {
                document.set_title(&route.title());
            }
        });
    }
    let page = page_of(&route);
    html! {
        <>
            <a class="skip-link" href="#main" onclick={skip_to_main()}>{ "Skip to content" }</a>
            { header(&route) }
            <main id="main" class="page" tabindex="-1">{ page }</main>
            <footer class="site-footer">
                <p>{ "HeapLab — every value, outcome and period on this site is computed by the heaplab-engine library, and a period is shown only when it is proven." }</p>
            </footer>
        </>
    }
}

/// The skip link must not change the hash (that is the router's); it moves focus instead.
fn skip_to_main() -> Callback<MouseEvent> {
    Callback::from(|e: MouseEvent| {
        e.prevent_default();
        let main = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.get_element_by_id("main"));
        if let Some(main) =
            main.and_then(|m| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(m).ok())
        {
            let _ = main.focus();
        }
    })
}

/// The site header: the HeapLab name and the live families, `route`'s link highlighted. This
/// and [`not_found`] are plain functions: they hold no state, and a component costs the
/// module yew's lifecycle code.
pub fn header(route: &Route) -> Html {
    let link = |href: String, text: &'static str, active: bool| {
        html! {
            <a href={href} class={classes!(active.then_some("active"))} aria-current={active.then_some("page")}>{ text }</a>
        }
    };
    html! {
        <header class="site-header">
            <a class="brand" href="#/">
                <img src="./static/favicon.svg" alt="" width="28" height="28" />
                <span>{ "HeapLab" }</span>
            </a>
            <nav aria-label="Game families">
                { link("#/".to_string(), "Home", *route == Route::Home) }
                { for NAVIGATION.iter().map(|(path, label)| {
                    link(format!("#{path}"), label, route.path() == *path)
                }) }
            </nav>
        </header>
    }
}

/// What an unknown route (`path`) shows: never a blank page.
pub fn not_found(path: &str) -> Html {
    html! {
        <section class="card not-found">
            <h1>{ "Page not found" }</h1>
            <p>{ "HeapLab has no page at " }<code id="not-found-path">{ crate::format::shortened(path, 80) }</code>{ "." }</p>
            <p><a href="#/">{ "Go to the home page" }</a>{ " to see the game families." }</p>
        </section>
    }
}
