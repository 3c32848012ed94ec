//! The tree view's downloads: SVG, TikZ and PNG of the scene on screen.

use std::rc::Rc;

use heaplab_engine::tree_layout::{self, Scene};
use yew::prelude::*;

use super::super::export::{download_text, ScaledPng};
use super::svg_to_png;

/// The export buttons (`{id}-svg-export`, `{id}-tikz`, `{id}-png`) of `scene`, drawn `w` × `h`
/// units, with `legend` under it, saved as `{filename}.svg`, `.tex` and `.png`.
pub(super) fn export_buttons(
    id: &str,
    scene: &Rc<Scene>,
    legend: &str,
    filename: &str,
    (w, h): (f64, f64),
) -> Html {
    let export_svg = {
        let scene = scene.clone();
        let legend = legend.to_string();
        let name = format!("{filename}.svg");
        Callback::from(move |_: MouseEvent| {
            let _ = download_text(
                &tree_layout::to_svg(&scene, &legend),
                &name,
                "image/svg+xml",
            );
        })
    };
    let export_tikz = {
        let scene = scene.clone();
        let name = format!("{filename}.tex");
        Callback::from(move |_: MouseEvent| {
            let _ = download_text(&tree_layout::to_tikz(&scene), &name, "application/x-tex");
        })
    };
    let export_png = {
        let scene = scene.clone();
        let legend = legend.to_string();
        let name = format!("{filename}.png");
        Callback::from(move |scale: u32| {
            svg_to_png(&tree_layout::to_svg(&scene, &legend), scale, &name)
        })
    };
    html! {
        <>
            <div class="toolbar">
                <button type="button" id={format!("{id}-svg-export")} onclick={export_svg}>{ "Download SVG" }</button>
                <button type="button" id={format!("{id}-tikz")} onclick={export_tikz}>{ "Download TikZ" }</button>
            </div>
            <ScaledPng id={format!("{id}-png")} label="Download PNG"
                base={(w.ceil() as u64, h.ceil() as u64)} export={export_png} />
        </>
    }
}
