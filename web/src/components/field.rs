//! Forms: a labelled text field, and [`use_query_form`], the editable copy of a page's URL
//! state. Typing changes only the copy (so it never recomputes anything); submitting commits
//! the copy to the URL, and a new URL (back button, a link) resets the copy.

use std::ops::Deref;

use gloo::timers::callback::Timeout;
use wasm_bindgen::JsCast;
use web_sys::{HtmlInputElement, HtmlSelectElement, HtmlTextAreaElement};
use yew::prelude::*;

use crate::format::capitalise;
use crate::route::navigate;
pub use crate::route::registry::FieldError;

/// Whether two raw URL states mean the same thing: equal once `validate`d, or, while either
/// is invalid, equal as typed. Pages use it to skip re-running a job the URL already shows.
pub fn same_state<Q: PartialEq, P: PartialEq, E>(
    a: &Q,
    b: &Q,
    validate: impl Fn(&Q) -> Result<P, E>,
) -> bool {
    match (validate(a), validate(b)) {
        (Ok(x), Ok(y)) => x == y,
        _ => a == b,
    }
}

/// The submit handler of a page that computes its URL state in a job: a valid form becomes
/// the state `next(form, params)`; when that means the committed `current` (say, after
/// Cancel) it is computed again with `rerun`, otherwise it goes to the URL.
pub fn submit_or_rerun<Q, P, E>(
    form: &UseStateHandle<Q>,
    current: &Q,
    validate: fn(&Q) -> Result<P, E>,
    to_hash: fn(&Q) -> String,
    next: impl Fn(&Q, P) -> Q + 'static,
    rerun: impl Fn(P) + 'static,
) -> Callback<SubmitEvent>
where
    Q: Clone + PartialEq + 'static,
    P: PartialEq + 'static,
    E: 'static,
{
    let form = form.clone();
    let current = current.clone();
    Callback::from(move |e: SubmitEvent| {
        e.prevent_default();
        let Ok(params) = validate(&form) else {
            return;
        };
        let query = next(&form, params);
        if !same_state(&query, &current, validate) {
            navigate(&to_hash(&query));
        } else if let Ok(params) = validate(&query) {
            rerun(params);
        }
    })
}

/// The text value of the `<input>`, `<textarea>` or `<select>` an event came from.
pub fn event_value(e: &Event) -> Option<String> {
    let target = e.target()?;
    if let Some(input) = target.dyn_ref::<HtmlInputElement>() {
        Some(input.value())
    } else if let Some(area) = target.dyn_ref::<HtmlTextAreaElement>() {
        Some(area.value())
    } else {
        target.dyn_ref::<HtmlSelectElement>().map(|s| s.value())
    }
}

/// A callback for a form control's `oninput`/`onchange`: stores its value into the form state
/// with `set`.
pub fn edit_form<Q, E>(
    form: &UseStateHandle<Q>,
    set: impl Fn(&mut Q, String) + 'static,
) -> Callback<E>
where
    Q: Clone + 'static,
    E: AsRef<Event> + 'static,
{
    let form = form.clone();
    Callback::from(move |e: E| {
        if let Some(value) = event_value(e.as_ref()) {
            let mut next = (*form).clone();
            set(&mut next, value);
            form.set(next);
        }
    })
}

/// A callback for a [`text_field`]'s `oninput`: stores the typed text into the form state with
/// `set`.
pub fn edit_text<Q: Clone + 'static>(
    form: &UseStateHandle<Q>,
    set: fn(&mut Q, String),
) -> Callback<String> {
    let form = form.clone();
    Callback::from(move |text: String| {
        let mut next = (*form).clone();
        set(&mut next, text);
        form.set(next);
    })
}

/// A callback for a `<select>` that takes effect at once: stores its value with `set`, then
/// navigates to `commit(form)` when that gives a hash (a valid form).
pub fn choose_and_commit<Q: Clone + 'static>(
    form: &UseStateHandle<Q>,
    set: impl Fn(&mut Q, String) + 'static,
    commit: fn(&Q) -> Option<String>,
) -> Callback<Event> {
    let form = form.clone();
    Callback::from(move |e: Event| {
        if let Some(value) = event_value(&e) {
            let mut next = (*form).clone();
            set(&mut next, value);
            form.set(next.clone());
            if let Some(hash) = commit(&next) {
                navigate(&hash);
            }
        }
    })
}

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

    /// The state handle, for [`edit_form`] and [`choose_and_commit`].
    pub fn handle(&self) -> &UseStateHandle<Q> {
        &self.state
    }

    /// The form's submit handler: commits the copy to the URL (`to_hash`).
    pub fn submit(&self, to_hash: fn(&Q) -> String) -> Callback<SubmitEvent> {
        submit_when_valid(&self.state, |_| Ok::<(), ()>(()), to_hash)
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

/// How long a valid edit waits before it is committed to the URL, so typing is not slowed by
/// a recomputation per keystroke.
pub const COMMIT_DELAY_MS: u32 = 600;

/// The editable copy of the committed state `query` for pages that commit as you type: it
/// follows `query` when the URL changes from outside (Back, a link) to a state that means
/// something else, and a valid edit goes to the URL (`to_hash`) after [`COMMIT_DELAY_MS`].
#[hook]
pub fn use_live_form<Q, P, E>(
    query: &Q,
    validate: fn(&Q) -> Result<P, E>,
    to_hash: fn(&Q) -> String,
) -> UseStateHandle<Q>
where
    Q: Clone + PartialEq + 'static,
    P: PartialEq + 'static,
    E: 'static,
{
    let form = use_state(|| query.clone());
    {
        let form = form.clone();
        use_effect_with(query.clone(), move |query| {
            if !same_state(&*form, query, validate) {
                form.set(query.clone());
            }
        });
    }
    {
        let committed = query.clone();
        use_effect_with((*form).clone(), move |form| {
            let timer =
                (validate(form).is_ok() && !same_state(form, &committed, validate)).then(|| {
                    let hash = to_hash(form);
                    Timeout::new(COMMIT_DELAY_MS, move || navigate(&hash))
                });
            move || drop(timer)
        });
    }
    form
}

/// A form's submit handler: when `validate` accepts the edited state, commits it to the URL
/// (`to_hash`) at once; otherwise nothing happens and the inline errors stay on show. Serves
/// [`QueryForm::submit`] and the Enter key of every [`use_live_form`] page.
pub fn submit_when_valid<Q: 'static, P: 'static, E: 'static>(
    form: &UseStateHandle<Q>,
    validate: fn(&Q) -> Result<P, E>,
    to_hash: fn(&Q) -> String,
) -> Callback<SubmitEvent> {
    let form = form.clone();
    Callback::from(move |e: SubmitEvent| {
        e.prevent_default();
        if validate(&form).is_ok() {
            navigate(&to_hash(&form));
        }
    })
}

/// What [`text_field`] shows.
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

/// A `<div class="field">` with a label and a text input; call it with
/// `text_field(&props!(TextFieldProps { id: "x", label: "X", value, oninput }))` (the props
/// macro fills the defaults). A plain function, not a component: it holds no state, and each
/// component costs the module yew's lifecycle code.
pub fn text_field(props: &TextFieldProps) -> Html {
    let oninput = props
        .oninput
        .reform(|e: InputEvent| event_value(&e).unwrap_or_default());
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

/// The one inline error box of a form (`id`): a paragraph per problem, capitalised with a full
/// stop when `sentence`, announced to screen readers; nothing when `errors` is empty. A plain
/// function: it holds no state, and each component costs the module yew's lifecycle code.
pub fn field_errors(id: &str, errors: &[FieldError], sentence: bool) -> Html {
    if errors.is_empty() {
        return html! {};
    }
    let line = |e: &FieldError| {
        let text = if sentence {
            format!("{}.", capitalise(&e.message))
        } else {
            e.message.clone()
        };
        html! { <p id={e.id.clone()}>{ text }</p> }
    };
    html! {
        <div id={id.to_string()} class="form-error" role="alert">
            { for errors.iter().map(line) }
        </div>
    }
}
