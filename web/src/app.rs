//! The app shell: header with navigation, the routed page, a footer, and the page title.
//!
//! The route is read from `location.hash` on start and on every `hashchange`/`popstate`, so
//! links, reloads, pasted URLs and Back/Forward all land on the same view.

use gloo::events::EventListener;
use yew::prelude::*;

use crate::pages::guide::GuidePage;
use crate::pages::home::home;
use crate::route::{current_hash, GuideQuery, Route, NAVIGATION};

/// Expands the page list ([`crate::for_each_page!`]) into the page switch.
macro_rules! page_switch {
    ($($(#[$doc:meta])* $variant:ident($($query:ident)::+ at $path:literal -> $params:ty, $errors:ty; $check:ident, $fields:expr)
        $nav:literal $title:literal $module:ident::$page:ident in $bundle:literal
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
                Route::Guide(query) => html! { <GuidePage query={query.clone()} /> },
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
                scroll::take_over(&window, route.path());
                let on_change = move |_: &Event| {
                    // `#/help` on the guide already shows the same route: no redraw, so the
                    // address is fixed here rather than after a render.
                    redirect_to_guide();
                    let next = Route::parse(&current_hash());
                    scroll::on_navigation(next.path());
                    route.set(next);
                };
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
            redirect_to_guide();
            scroll::apply();
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
                <p id="site-version">{ concat!("HeapLab ", env!("CARGO_PKG_VERSION"), " · ") }
                    <a href="#/guide">{ "User guide" }</a>{ " · " }
                    <a href="#/guide?page=cite" id="cite-link">{ "Cite HeapLab" }</a></p>
            </footer>
        </>
    }
}

/// Where each page of the history was scrolled to: a new page opens at the top, Back and
/// Forward return to where the visitor was. Each history entry is tagged with a number in
/// `history.state` (a fresh entry has none: it was just opened by a link).
mod scroll {
    use std::cell::{Cell, RefCell};

    use js_sys::{Object, Reflect};
    use wasm_bindgen::{JsCast, JsValue};

    thread_local! {
        /// The current entry's number.
        static ENTRY: Cell<u32> = const { Cell::new(0) };
        /// Where to scroll once the new page is drawn.
        static TARGET: Cell<Option<f64>> = const { Cell::new(None) };
        /// The page shown (its route's path).
        static PAGE: RefCell<String> = RefCell::default();
    }

    /// The scroll position last seen on each entry (by its number) and the next free number
    /// (`next`), kept on `globalThis.heaplabScroll`: every bundle (`crate::bundle`) reads and
    /// writes the same history, so Back across them finds its position.
    fn shared() -> Option<Object> {
        let (global, key) = (js_sys::global(), JsValue::from_str("heaplabScroll"));
        if let Some(store) = Reflect::get(&global, &key)
            .ok()
            .and_then(|v| v.dyn_into::<Object>().ok())
        {
            return Some(store);
        }
        let store = Object::new();
        Reflect::set(&global, &key, &store).ok()?;
        Some(store)
    }

    /// The shared number `key` (an entry's position, or `next`).
    fn read(key: &JsValue) -> Option<f64> {
        let store: JsValue = shared()?.into();
        Reflect::get(&store, key).ok()?.as_f64()
    }

    /// Stores the shared number `key` (nothing happens where there is no global object).
    fn write(key: &JsValue, value: f64) {
        if let Some(store) = shared() {
            let _ = Reflect::set(&store, key, &JsValue::from_f64(value));
        }
    }

    /// Numbers after `n` are free.
    fn reserve_after(n: u32) {
        let next = JsValue::from_str("next");
        let free = read(&next).unwrap_or(1.0).max(f64::from(n) + 1.0);
        write(&next, free);
    }

    /// Turns the browser's own restoration off (it runs before the page is drawn) and tags
    /// the first entry.
    pub fn take_over(window: &web_sys::Window, path: &str) {
        PAGE.with(|p| *p.borrow_mut() = path.to_string());
        if let Ok(history) = window.history() {
            let _ = history.set_scroll_restoration(web_sys::ScrollRestoration::Manual);
        }
        // After a reload or a switch of bundles the entry keeps its number.
        let (n, _) = tag();
        ENTRY.with(|e| e.set(n));
    }

    /// This entry's number; a fresh entry gets the next one (`true`: it was fresh).
    fn tag() -> (u32, bool) {
        let history = web_sys::window().and_then(|w| w.history().ok());
        let state = history.as_ref().and_then(|h| h.state().ok());
        if let Some(n) = state.and_then(|s| s.as_f64()) {
            reserve_after(n as u32);
            return (n as u32, false);
        }
        let n = read(&JsValue::from_str("next")).unwrap_or(1.0) as u32;
        reserve_after(n);
        if let Some(h) = history {
            let _ = h.replace_state(&JsValue::from(n), "");
        }
        (n, true)
    }

    /// Called before the route changes to that of the current entry (showing the page
    /// `path`): keeps the old entry's position and, when the page changes, picks where the new
    /// one is drawn.
    pub fn on_navigation(path: &str) {
        let page_changed = PAGE.with(|p| p.replace(path.to_string())) != path;
        let y = web_sys::window()
            .and_then(|w| w.scroll_y().ok())
            .unwrap_or(0.0);
        write(&JsValue::from(ENTRY.with(Cell::get)), y);
        let (n, fresh) = tag();
        ENTRY.with(|e| e.set(n));
        if page_changed {
            let back_to = read(&JsValue::from(n));
            TARGET.with(|t| t.set(Some(if fresh { 0.0 } else { back_to.unwrap_or(0.0) })));
        }
    }

    /// Scrolls to the position [`on_navigation`] picked, once the page is drawn.
    pub fn apply() {
        if let (Some(y), Some(window)) = (TARGET.with(Cell::take), web_sys::window()) {
            window.scroll_to_with_x_and_y(0.0, y);
        }
    }
}

/// `#/help` and `#/about` show the guide; the address bar says `#/guide` (the entry is
/// replaced, so Back does not return to the old name).
fn redirect_to_guide() {
    let hash = current_hash();
    let path = hash.split('?').next().unwrap_or_default();
    if matches!(path.trim_end_matches('/'), "#/help" | "#/about") {
        if let Some(history) = web_sys::window().and_then(|w| w.history().ok()) {
            let state = history.state().unwrap_or(wasm_bindgen::JsValue::NULL);
            let _ = history.replace_state_with_url(&state, "", Some("#/guide"));
        }
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
                <a href={GuideQuery::link_for(route.path())} id="guide-link" class={classes!(matches!(route, Route::Guide(_)).then_some("active"))}>{ "Guide" }</a>
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
