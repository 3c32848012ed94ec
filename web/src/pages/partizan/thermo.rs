//! A thermograph card: the engine's SVG picture ([`heaplab_engine::partizan::drawing`]) shown
//! inline, with SVG, TikZ and PNG downloads of the same picture (Winning Ways ch. 6; Siegel,
//! *Combinatorial Game Theory*, II.5).

use heaplab_engine::partizan::drawing::Pictures;
use yew::prelude::*;

use crate::components::export::download_text;
use crate::components::tree::svg_to_png;

/// Properties of [`ThermoCard`].
#[derive(Properties, PartialEq)]
pub struct ThermoCardProps {
    /// Prefix of the element ids (`{id}`, `{id}-svg`, `{id}-tikz`, `{id}-png`).
    pub id: AttrValue,
    /// The pictures, or why the engine could not draw them.
    pub pictures: Result<Pictures, String>,
    /// Base name of the downloaded files.
    pub stem: AttrValue,
}

/// The scale of the PNG export (the SVG is 480 × 360 CSS px).
const PNG_SCALE: u32 = 2;

/// The thermograph, its caption and its three exports.
#[function_component(ThermoCard)]
pub fn thermo_card(props: &ThermoCardProps) -> Html {
    let id = props.id.to_string();
    let pictures = match &props.pictures {
        Ok(p) => p,
        Err(e) => {
            return html! { <p class="form-error" id={format!("{id}-error")} role="alert">{ e.clone() }</p> }
        }
    };
    let save = |text: &str, ext: &'static str, mime: &'static str| {
        let (text, name) = (text.to_string(), format!("{}.{ext}", props.stem));
        Callback::from(move |_: MouseEvent| {
            // A refused download changes nothing on the page.
            let _ = download_text(&text, &name, mime);
        })
    };
    let png = {
        let (svg, name) = (pictures.svg.clone(), format!("{}.png", props.stem));
        Callback::from(move |_: MouseEvent| {
            if let Err(e) = svg_to_png(&svg, PNG_SCALE, &name) {
                gloo::console::error!(e);
            }
        })
    };
    html! {
        <figure class="pz-thermo" id={id.clone()} data-title={pictures.title.clone()}>
            <div class="pz-thermo-svg" role="img" aria-label={format!("Thermograph of {}", pictures.title)}>
                { Html::from_html_unchecked(AttrValue::from(pictures.svg.clone())) }
            </div>
            <figcaption>{ "Temperature upward, values increasing to the left: Left's wall (blue), Right's wall (red) and the mast above the temperature." }</figcaption>
            <div class="toolbar">
                <button type="button" id={format!("{id}-svg")} onclick={save(&pictures.svg, "svg", "image/svg+xml")}>{ "Download SVG" }</button>
                <button type="button" id={format!("{id}-tikz")} onclick={save(&pictures.tikz, "tex", "text/x-tex")}>{ "Download TikZ" }</button>
                <button type="button" id={format!("{id}-png")} onclick={png}>{ "Download PNG" }</button>
            </div>
        </figure>
    }
}
