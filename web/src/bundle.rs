//! The site's three bundles. `dist/` holds three wasm modules built from this crate: `core`
//! (`heaplab_bg.wasm`: the subtraction, octal, map, plane and explorer pages), `lab`
//! (`heaplab_lab_bg.wasm`: the other family pages) and `rules` (`heaplab_rules_bg.wasm`: the
//! rules page, the only module with the ruleset language), each the shell plus its own pages
//! and jobs (the cargo features `core`, `lab` and `rules`; a default build has all three, as
//! the tests do). So a first visit downloads one module that holds the page it opens, within
//! the first-visit budget.
//!
//! `static/boot.js` loads the bundle of the address bar's page and calls its [`crate::start`].
//! A page of another bundle renders [`elsewhere`]: it asks `boot.js` (through
//! `globalThis.heaplabSwitch`) to load that bundle, which [`crate::stop`]s this app and starts
//! that one on the same URL. Workers run the bundle of the page that starts them
//! ([`glue_url`]).

use wasm_bindgen::{JsCast, JsValue};
use yew::prelude::*;

/// The name of the function `static/boot.js` defines to switch bundles.
const SWITCH: &str = "heaplabSwitch";
/// The global `static/boot.js` sets to the running bundle's JS glue URL.
const GLUE: &str = "heaplabGlue";
/// The glue of the core bundle, where no boot script says otherwise (relative to the worker
/// bootstrap at the root of `dist/`).
const DEFAULT_GLUE: &str = "./heaplab.js";

/// The JS glue of the bundle this page runs: its workers import it to run the same module.
pub fn glue_url() -> String {
    js_sys::Reflect::get(&js_sys::global(), &GLUE.into())
        .ok()
        .and_then(|url| url.as_string())
        .filter(|url| !url.is_empty())
        .unwrap_or_else(|| DEFAULT_GLUE.to_string())
}

/// What a page of the bundle `bundle`, which this build leaves out, shows while that bundle
/// loads (the query stays in the URL, which the other bundle reads).
pub fn elsewhere<Q>(bundle: &'static str, _query: &Q) -> Html {
    html! { <Elsewhere bundle={bundle} /> }
}

/// The props of [`Elsewhere`].
#[derive(Properties, PartialEq)]
struct ElsewhereProps {
    bundle: &'static str,
}

/// Asks `boot.js` for `bundle` once mounted; says so, or why it cannot.
#[function_component(Elsewhere)]
fn elsewhere_page(props: &ElsewhereProps) -> Html {
    let failed = use_state(|| None::<String>);
    {
        let (bundle, failed) = (props.bundle, failed.clone());
        use_effect_with(bundle, move |_| {
            if let Err(message) = switch_to(bundle) {
                failed.set(Some(message));
            }
        });
    }
    match &*failed {
        None => html! {
            <section class="card" aria-busy="true">
                <p role="status" id="bundle-loading">{ "Loading this part of HeapLab…" }</p>
            </section>
        },
        Some(message) => crate::components::page::error_card(message),
    }
}

/// Calls `boot.js`'s switch for `bundle`.
fn switch_to(bundle: &str) -> Result<(), String> {
    let missing =
        || format!("This page is in HeapLab's {bundle} module, which this build does not include.");
    let switch = js_sys::Reflect::get(&js_sys::global(), &SWITCH.into()).map_err(|_| missing())?;
    let switch: js_sys::Function = switch.dyn_into().map_err(|_| missing())?;
    switch
        .call1(&JsValue::NULL, &bundle.into())
        .map(|_| ())
        .map_err(|_| missing())
}

#[cfg(test)]
mod tests {
    use crate::route::BUNDLES;

    /// The pages `static/boot.js` lists on its line `const {name} = [...]`.
    fn listed<'a>(boot: &'a str, name: &str) -> Vec<&'a str> {
        let line = boot
            .lines()
            .find(|line| line.starts_with(&format!("const {name} ")))
            .unwrap_or_else(|| panic!("boot.js lists its {name}"));
        line.split('\'').skip(1).step_by(2).collect()
    }

    /// `static/boot.js` must load the lab and rules bundles for exactly the registry's lab and
    /// rules pages, or a first visit to a page would load a module without it (and switch,
    /// downloading two).
    #[test]
    fn boot_script_lists_the_registry_lab_and_rules_pages() {
        let boot = include_str!("../../static/boot.js");
        for (name, bundle) in [("LAB_PAGES", "lab"), ("RULES_PAGES", "rules")] {
            let pages: Vec<&str> = BUNDLES
                .iter()
                .filter(|(_, b)| *b == bundle)
                .map(|(path, _)| *path)
                .collect();
            assert_eq!(listed(boot, name), pages);
        }
        for (path, bundle) in BUNDLES {
            assert!(
                boot.contains(&format!("{bundle}: '")),
                "boot.js cannot load the {bundle} bundle of {path}"
            );
        }
    }
}
