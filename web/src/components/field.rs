//! Forms: a labelled text field, and [`use_query_form`], the editable copy of a page's URL
//! state. Typing changes only the copy (so it never recomputes anything); submitting commits
//! the copy to the URL, and a new URL (back button, a link) resets the copy.

use std::ops::Deref;

use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::route::navigate;

/// The editable copy of a page's URL state `Q` (see [`use_query_form`]).
pub struct QueryForm<Q: 'static> {
    state: UseStateHandle<Q>,
}

impl<Q> Deref for QueryForm<Q> {
    type Target = Q;
    fn deref(&self) -> &Q {
        &self.state
    }
}

impl<Q: Clone + 'static> QueryForm<Q> {
    /// A callback that stores typed text into the copy with `set`.
    pub fn setter(&self, set: fn(&mut Q, String)) -> Callback<String> {
        let state = self.state.clone();
        Callback::from(move |text: String| {
            let mut next = (*state).clone();
            set(&mut next, text);
            state.set(next);
        })
    }

    /// The form's submit handler: commits the copy to the URL (`to_hash`).
    pub fn submit(&self, to_hash: fn(&Q) -> String) -> Callback<SubmitEvent> {
        let state = self.state.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            navigate(&to_hash(&state));
        })
    }
}

/// The editable copy of the committed state `query`, reset whenever `query` changes.
#[hook]
pub fn use_query_form<Q>(query: &Q) -> QueryForm<Q>
where
    Q: Clone + PartialEq + 'static,
{
    let state = use_state(|| query.clone());
    {
        let state = state.clone();
        use_effect_with(query.clone(), move |q| state.set(q.clone()));
    }
    QueryForm { state }
}

/// Properties of [`TextField`].
#[derive(Properties, PartialEq)]
pub struct TextFieldProps {
    /// The input's id (tests and the label use it).
    pub id: AttrValue,
    /// The visible label.
    pub label: AttrValue,
    /// The current text.
    pub value: AttrValue,
    /// Called with the new text on every keystroke.
    pub oninput: Callback<String>,
    /// Placeholder text.
    #[prop_or_default]
    pub hint: AttrValue,
    /// A narrow field (numbers) rather than a full-width one.
    #[prop_or_default]
    pub narrow: bool,
    /// The `inputmode` hint for phone keyboards (`numeric`, `text`, …).
    #[prop_or(AttrValue::Static("text"))]
    pub inputmode: AttrValue,
}

/// A `<div class="field">` with a label and a text input.
#[function_component(TextField)]
pub fn text_field(props: &TextFieldProps) -> Html {
    let oninput = props.oninput.reform(|e: InputEvent| {
        e.target_dyn_into::<HtmlInputElement>()
            .map(|input| input.value())
            .unwrap_or_default()
    });
    let class = if props.narrow {
        "field narrow"
    } else {
        "field"
    };
    html! {
        <div {class}>
            <label for={props.id.clone()}>{ props.label.clone() }</label>
            <input id={props.id.clone()} type="text" inputmode={props.inputmode.clone()}
                value={props.value.clone()} {oninput} placeholder={props.hint.clone()}
                autocomplete="off" spellcheck="false" />
        </div>
    }
}
