//! The page's form: the move vectors, the window's sides and the colouring, with inline
//! errors; Draw commits it to the URL (or computes the same state again, after Cancel).

use heaplab_engine::plane;
use yew::prelude::*;

use super::state::PlaneState;
use crate::components::field::{choose_and_commit, edit_form, field_errors, submit_or_rerun};
use crate::format::grouped;
use crate::route::plane::{
    PlaneErrors, PlaneQuery, View, PAGE_MAX_CELLS, PAGE_MAX_NIM_CELLS, PAGE_MAX_SIDE,
};
use crate::route::PageQuery;

/// The form's text for a URL state: a valid ruleset is shown as `(2,6) (3,3)`, anything else
/// exactly as the URL has it.
pub(super) fn form_text(query: &PlaneQuery) -> PlaneQuery {
    let mut form = query.clone();
    if let Ok(moves) = plane::MoveSet::parse(&query.moves) {
        form.moves = moves.to_text();
    }
    form
}
/// The form, editing `state.form`; `query` is the URL's state it was copied from.
pub(super) fn form_html(state: &PlaneState, query: &PlaneQuery) -> Html {
    let form = &state.form;
    let form_errors = form.validate().err();
    let edit_input = |f: fn(&mut PlaneQuery, String)| edit_form::<_, InputEvent>(form, f);
    let on_moves = edit_form::<_, InputEvent>(form, |q: &mut PlaneQuery, v| q.moves = v);
    let on_mode = choose_and_commit(
        form,
        |q: &mut PlaneQuery, v| q.mode = v,
        |q| q.validate().is_ok().then(|| q.to_hash()),
    );
    let onsubmit = on_submit(state, query);
    let invalid =
        |pick: fn(&PlaneErrors) -> bool| form_errors.as_deref().is_some_and(pick).to_string();
    html! {
        <form class="card ruleset-form plane-form" {onsubmit} novalidate=true aria-label="Game">
            <div class="field plane-moves-field">
                <label for="plane-moves">{ "Move vectors (a, b)" }</label>
                <textarea id="plane-moves" rows="3" autocomplete="off" spellcheck="false"
                    value={form.moves.clone()} oninput={on_moves} aria-describedby="plane-hint"
                    aria-invalid={invalid(|e| e.moves.is_some())}></textarea>
            </div>
            <div class="field narrow">
                <label for="plane-width">{ "Width (x)" }</label>
                <input id="plane-width" type="text" inputmode="numeric" autocomplete="off"
                    value={form.width.clone()} oninput={edit_input(|q, v| q.width = v)}
                    aria-invalid={invalid(|e| e.width.is_some() || e.size.is_some())} />
            </div>
            <div class="field narrow">
                <label for="plane-height">{ "Height (y)" }</label>
                <input id="plane-height" type="text" inputmode="numeric" autocomplete="off"
                    value={form.height.clone()} oninput={edit_input(|q, v| q.height = v)}
                    aria-invalid={invalid(|e| e.height.is_some() || e.size.is_some())} />
            </div>
            <div class="field">
                <label for="plane-mode">{ "Colour by" }</label>
                <select id="plane-mode" onchange={on_mode}>
                    <option value="outcome" selected={form.mode == "outcome"}>{ "Outcome: P black, N white" }</option>
                    <option value="grundy" selected={form.mode == "grundy"}>{ "Nim-value (Grundy colours)" }</option>
                </select>
            </div>
            <div class="field actions">
                <button type="submit" class="primary" id="plane-draw">{ "Draw" }</button>
            </div>
            <small id="plane-hint" class="hint plane-hint">
                { format!("Pairs like (2,6) (3,3), or 2,6 3,3, or one pair per line; a, b ≥ 0, not both 0. Window sides up to {}; at most {} cells ({} with nim-values).", grouped(u64::from(PAGE_MAX_SIDE)), grouped(PAGE_MAX_CELLS), grouped(PAGE_MAX_NIM_CELLS)) }
            </small>
            { field_errors("plane-error", &form_errors.as_ref().map(PlaneQuery::field_errors).unwrap_or_default(), true) }
        </form>
    }
}

/// Draw: a new state goes to the URL (a new window or ruleset shows the whole window); the
/// same state (say, after Cancel) is computed again.
fn on_submit(state: &PlaneState, query: &PlaneQuery) -> Callback<SubmitEvent> {
    let compute = state.clone();
    let old = query.validate().ok();
    submit_or_rerun(
        &state.form,
        query,
        PlaneQuery::validate,
        PlaneQuery::to_hash,
        // A new window or ruleset shows the whole window.
        move |_, params| match old.as_ref().filter(|old| old.key() == params.key()) {
            Some(old) => params.with_view(old.view).to_query(),
            None => params
                .with_view(View::whole(params.width, params.height))
                .to_query(),
        },
        // Same state (say, after Cancel): compute it again.
        move |params| compute.start(params.key()),
    )
}
