//! The page's form: family, fixed move, the s1 and s2 ranges and the colouring, with inline
//! errors; Draw commits it to the URL (or computes the same view again, after Cancel).

use web_sys::HtmlSelectElement;
use yew::prelude::*;

use super::state::MapState;
use crate::components::field::{choose_and_commit, edit_form, field_errors, submit_or_rerun};
use crate::route::{navigate, suited_colour, MapQuery, PageQuery, MAP_COLOURINGS, MAP_FAMILIES};

/// The form, editing `state.form`; `query` is the URL's state it was copied from.
pub(super) fn form_html(state: &MapState, query: &MapQuery) -> Html {
    let form = &state.form;
    let form_errors = form.validate().err();
    let edit = |f: fn(&mut MapQuery, String)| edit_form::<_, InputEvent>(form, f);
    let on_family = family_change(form);
    let on_colour = choose_and_commit(
        form,
        |q: &mut MapQuery, v| q.colour = v,
        |q| q.validate().is_ok().then(|| q.to_hash()),
    );
    let onsubmit = on_submit(state, query);
    html! {
        <form class="card ruleset-form map-form" {onsubmit} novalidate=true aria-label="Map">
            <div class="field">
                <label for="map-family">{ "Family" }</label>
                <select id="map-family" onchange={on_family}>
                    { for MAP_FAMILIES.iter().map(|(name, label)| html! {
                        <option value={*name} selected={form.family == *name}>{ *label }</option>
                    }) }
                </select>
            </div>
            <div class="field narrow">
                <label for="map-fixed">{ if form.family == "maxsym5" { "Fixed move m" } else { "Fixed move s3" } }</label>
                <input id="map-fixed" type="text" inputmode="numeric" autocomplete="off" spellcheck="false"
                    value={form.fixed.clone()} oninput={edit(|q, v| q.fixed = v)}
                    aria-invalid={form_errors.as_ref().is_some_and(|e| e.fixed.is_some()).to_string()} />
            </div>
            <div class="field narrow">
                <label for="map-s1">{ "s1 range (across)" }</label>
                <input id="map-s1" type="text" autocomplete="off" spellcheck="false"
                    value={form.s1.clone()} oninput={edit(|q, v| q.s1 = v)} aria-describedby="map-range-hint"
                    aria-invalid={form_errors.as_ref().is_some_and(|e| e.s1.is_some() || e.window.is_some()).to_string()} />
            </div>
            <div class="field narrow">
                <label for="map-s2">{ "s2 range (up)" }</label>
                <input id="map-s2" type="text" autocomplete="off" spellcheck="false"
                    value={form.s2.clone()} oninput={edit(|q, v| q.s2 = v)} aria-describedby="map-range-hint"
                    aria-invalid={form_errors.as_ref().is_some_and(|e| e.s2.is_some() || e.window.is_some()).to_string()} />
            </div>
            <div class="field">
                <label for="map-colour">{ "Colour by" }</label>
                <select id="map-colour" onchange={on_colour}>
                    { for MAP_COLOURINGS.iter().map(|(name, label)| html! {
                        <option value={*name} selected={form.colour == *name}>{ *label }</option>
                    }) }
                </select>
            </div>
            <div class="field actions">
                <button type="submit" class="primary" id="map-draw">{ "Draw" }</button>
            </div>
            <small id="map-range-hint" class="hint map-hint">
                { "Ranges are half-open, as in Rust: 401..1600 means 401 ≤ s1 < 1600. At most 4,000,000 pixels." }
            </small>
            { field_errors("map-error", &form_errors.as_ref().map(MapQuery::field_errors).unwrap_or_default(), true) }
        </form>
    }
}

/// A new family resets the form to that family's defaults (keeping a colouring that suits it)
/// and shows them at once.
fn family_change(form: &UseStateHandle<MapQuery>) -> Callback<Event> {
    let form = form.clone();
    Callback::from(move |e: Event| {
        if let Some(select) = e.target_dyn_into::<HtmlSelectElement>() {
            let family = select.value();
            let next = MapQuery::defaults_for(&family, suited_colour(&family, &form.colour));
            form.set(next.clone());
            if next.validate().is_ok() {
                navigate(&next.to_hash());
            }
        }
    })
}

/// Draw: a new view goes to the URL; the same view (say, after Cancel) is computed again.
fn on_submit(state: &MapState, query: &MapQuery) -> Callback<SubmitEvent> {
    let runner = state.runner.clone();
    let canvas = state.canvas.clone();
    submit_or_rerun(
        &state.form,
        query,
        MapQuery::validate,
        MapQuery::to_hash,
        |form, _| form.clone(),
        // Same view (say, after Cancel): compute it again.
        move |params| {
            runner.start(
                params.family,
                params.window,
                params.colouring,
                canvas.cast(),
            )
        },
    )
}
