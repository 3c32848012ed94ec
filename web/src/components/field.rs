//! A labelled text field: the form row every page uses. The page keeps the text in its own
//! form state (so typing never recomputes anything) and commits it to the URL on submit.

use web_sys::HtmlInputElement;
use yew::prelude::*;

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
