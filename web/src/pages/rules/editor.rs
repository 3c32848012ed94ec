//! The ruleset editor: a plain `<textarea>` (every browser's own editing, selection, undo and
//! on-screen keyboard) beside a line-number gutter. The textarea grows with its text, so the
//! two scroll together inside one box; a line with an error is marked in the gutter.
//! Ctrl+Enter (⌘+Enter) runs the ruleset.

use yew::prelude::*;

use crate::components::field::event_value;

/// What [`editor`] shows.
pub struct Editor {
    /// The ruleset text.
    pub text: String,
    /// The line (from 1) the current error points at, if any.
    pub error_line: Option<usize>,
    /// Called with the new text on every edit.
    pub on_input: Callback<String>,
    /// Called on Ctrl+Enter.
    pub on_run: Callback<()>,
}

/// The gutter and the text area; ids `rules-gutter` and `rules-text`.
pub fn editor(e: Editor) -> Html {
    let lines = e.text.split('\n').count().max(1);
    let gutter = (1..=lines).map(|n| {
        let marked = e.error_line == Some(n);
        html! {
            <span class={classes!("gutter-line", marked.then_some("error-line"))} data-line={n.to_string()}>{ n }</span>
        }
    });
    let oninput = e
        .on_input
        .reform(|ev: InputEvent| event_value(&ev).unwrap_or_default());
    let on_run = e.on_run;
    let onkeydown = Callback::from(move |ev: KeyboardEvent| {
        if ev.key() == "Enter" && (ev.ctrl_key() || ev.meta_key()) {
            ev.prevent_default();
            on_run.emit(());
        }
    });
    let invalid = e.error_line.is_some().then_some("true");
    html! {
        <div class="rules-editor">
            <div class="rules-gutter" id="rules-gutter" aria-hidden="true">{ for gutter }</div>
            <textarea id="rules-text" aria-label="Ruleset text" aria-describedby="rules-editor-hint"
                aria-invalid={invalid} spellcheck="false" autocapitalize="off" autocomplete="off"
                wrap="off" rows={(lines + 1).to_string()} value={e.text} {oninput} {onkeydown} />
        </div>
    }
}
