//! A thermograph card: the figure layer's thermograph
//! ([`heaplab_figures::views::thermograph`]) shown inline, with the shared "Export figure…"
//! dialog (SVG or PNG at a journal size) and a TikZ download of the same figure (Winning Ways
//! ch. 6; Siegel, *Combinatorial Game Theory*, II.5).

use heaplab_engine::partizan::drawing::ThermographCurves;
use heaplab_figures::views::thermograph;
use heaplab_figures::{Figure, Palette, Size};
use yew::prelude::*;

use crate::components::export::download_text;
use crate::components::figure_export::{page_address, FigureExport};

/// Properties of [`ThermoCard`].
#[derive(Properties, PartialEq)]
pub struct ThermoCardProps {
    /// Prefix of the element ids (`{id}`, `{id}-figure` and its dialog, `{id}-tikz`).
    pub id: AttrValue,
    /// The thermograph's curves, or why the engine could not draw them.
    pub curves: Result<ThermographCurves, String>,
    /// Base name of the downloaded files.
    pub stem: AttrValue,
    /// The page's address of this view (`#/partizan?…`), the figures' provenance.
    pub link: AttrValue,
}

/// The TikZ document of the thermograph, with the provenance line of this page's `link`.
fn tikz_of(curves: &ThermographCurves, link: &str) -> Result<String, String> {
    thermograph::figure(curves)
        .with_export(
            Size::default(),
            Palette::default(),
            Some(page_address(link)),
        )
        .to_tikz()
        .map_err(|e| e.to_string())
}

/// The thermograph, its caption, the export dialog and the TikZ download.
#[function_component(ThermoCard)]
pub fn thermo_card(props: &ThermoCardProps) -> Html {
    let id = props.id.to_string();
    let curves = match &props.curves {
        Ok(c) => c,
        Err(e) => {
            return html! { <p class="form-error" id={format!("{id}-error")} role="alert">{ e.clone() }</p> }
        }
    };
    // On screen: the figure without its provenance line (the page shows where it is).
    let svg = thermograph::figure(curves)
        .to_svg()
        .unwrap_or_else(|e| format!("<p class=\"form-error\">{e}</p>"));
    let figure = {
        let curves = curves.clone();
        Callback::from(move |palette: Palette| {
            Ok(Figure {
                palette,
                ..thermograph::figure(&curves)
            })
        })
    };
    let tikz = {
        let (curves, link) = (curves.clone(), props.link.to_string());
        let name = format!("{}.tex", props.stem);
        Callback::from(move |_: MouseEvent| {
            // A refused download changes nothing on the page.
            if let Ok(text) = tikz_of(&curves, &link) {
                let _ = download_text(&text, &name, "application/x-tex");
            }
        })
    };
    let pdf = format!(
        "heaplab partizan --game '{}' --figure {}.pdf",
        curves.canonical, props.stem
    );
    html! {
        <figure class="pz-thermo" id={id.clone()} data-title={curves.title.clone()}>
            <div class="pz-thermo-svg" role="img" aria-label={format!("Thermograph of {}", curves.title)}>
                { Html::from_html_unchecked(AttrValue::from(svg)) }
            </div>
            <figcaption>{ "Temperature upward, values increasing to the left: Left's wall, Right's wall and the mast above the temperature." }</figcaption>
            <FigureExport id={format!("{id}-figure")} stem={props.stem.clone()} link={props.link.clone()}
                pdf_command={pdf} not_ready={None::<AttrValue>} {figure} />
            <div class="toolbar">
                <button type="button" id={format!("{id}-tikz")} onclick={tikz}>{ "Download TikZ" }</button>
            </div>
        </figure>
    }
}
