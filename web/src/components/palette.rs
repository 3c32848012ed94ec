//! The colour of a nim-value, shared by the strip, its legend and the chart, and the colour
//! swatch that legends (nim-values, period-map classes) are made of.
//!
//! Invariant: value 0 (a P-position) is pure black `#000000`; every other value gets a colour
//! of the engine's palette that is never black, so P-positions can be read off canvas pixels
//! exactly.

use yew::prelude::*;

/// RGB colour of nim-value `value`: the engine's one nim-value palette
/// ([`heaplab_engine::colour::nim_value_rgb`]), so strips, legends and exports agree.
pub use heaplab_engine::colour::nim_value_rgb as value_rgb;

/// The CSS form `#rrggbb` of [`value_rgb`].
pub fn value_css(value: u64) -> String {
    let [r, g, b] = value_rgb(value);
    format!("#{r:02x}{g:02x}{b:02x}")
}

/// The value → colour key drawn under a strip: `0..=max_value`, at most 16 swatches. A plain
/// function, not a component: it has no state, and each component costs the module yew's
/// lifecycle code.
pub fn value_legend(max_value: u64) -> Html {
    const SHOWN: u64 = 16;
    let last = max_value.min(SHOWN - 1);
    html! {
        <ul class="legend" aria-label="Colour key: nim-value to colour">
            { for (0..=last).map(|v| html! {
                <li>
                    <ColourSwatch colour={value_css(v)} />
                    { if v == 0 { "0 (P)".to_string() } else { v.to_string() } }
                </li>
            }) }
            if max_value > last {
                <li class="legend-more">{ format!("… up to {max_value} (colours repeat every 16 values)") }</li>
            }
        </ul>
    }
}

/// Properties of [`ColourSwatch`].
#[derive(Properties, PartialEq)]
pub struct ColourSwatchProps {
    /// The CSS colour, `#rrggbb`.
    pub colour: AttrValue,
}

/// A small square in any colour (nim-values, map classes). The colour is set through the
/// CSSOM after mounting, because the Content-Security-Policy forbids inline `style`
/// attributes; `data-colour` carries it for tests.
#[function_component(ColourSwatch)]
pub fn colour_swatch(props: &ColourSwatchProps) -> Html {
    let node = use_node_ref();
    {
        let node = node.clone();
        use_effect_with(props.colour.clone(), move |colour| {
            if let Some(el) = node.cast::<web_sys::HtmlElement>() {
                // CSSOM writes are allowed by `style-src 'self'`; failure only loses the colour.
                let _ = el.style().set_property("background-color", colour);
            }
        });
    }
    html! { <span ref={node} class="swatch" data-colour={props.colour.clone()} aria-hidden="true"></span> }
}
