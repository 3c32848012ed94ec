//! The misère page's multiplication table as a picture: cell (x, y) is the product x·y of the
//! quotient's elements, black when it is in the P-portion, else the element's colour on a
//! perceptual ramp (legend with sample elements). Small quotients also get the table as text.

use heaplab_engine::colour::ramp;
use heaplab_engine::misere::monoid::word_text;
use web_sys::HtmlCanvasElement;
use yew::prelude::*;

use crate::components::export::{download_rgba, put_rgba, show_at_css_width, upscale, ScaledPng};
use crate::components::palette::ColourSwatch;
use crate::worker::jobs::misere::MisereResult;
use std::rc::Rc;

/// The largest order drawn (a picture of order² cells).
pub const MAX_PICTURED: usize = 600;
/// The largest order also written out as a text table.
const MAX_TEXT_TABLE: usize = 12;
/// The picture's width on the page, in CSS px (at most).
const PICTURE_PX: usize = 480;
/// How many elements the legend samples.
const LEGEND_SAMPLES: usize = 6;

/// The colour of element `x` of a quotient of order `order` that is not in the P-portion: the
/// ramp from its blue end up (its darkest part is left to the P-portion's black).
pub fn element_rgb(x: usize, order: usize) -> [u8; 3] {
    ramp(0.2 + 0.8 * x as f64 / order.saturating_sub(1).max(1) as f64)
}

/// One pixel per cell, row y, column x: the product's colour, or black in the P-portion.
pub fn product_rgba(result: &MisereResult) -> Vec<u8> {
    let q = &result.quotient;
    let order = q.monoid.order();
    let mut rgba = Vec::with_capacity(order * order * 4);
    for y in 0..order as u32 {
        for x in 0..order as u32 {
            let product = q.monoid.mul(x, y) as usize;
            let rgb = if q.p[product] {
                [0, 0, 0]
            } else {
                element_rgb(product, order)
            };
            rgba.extend_from_slice(&[rgb[0], rgb[1], rgb[2], 255]);
        }
    }
    rgba
}

/// Properties of [`ProductPicture`].
#[derive(Properties, PartialEq)]
pub struct ProductPictureProps {
    /// The quotient and its report.
    pub result: Rc<MisereResult>,
}

/// The picture card: the canvas, its legend, a PNG export, and the text table when small.
#[function_component(ProductPicture)]
pub fn product_picture(props: &ProductPictureProps) -> Html {
    let canvas = use_node_ref();
    let q = &props.result.quotient;
    let order = q.monoid.order();
    let cell = (PICTURE_PX / order.max(1)).clamp(1, 24) as u32;
    {
        let (canvas, result) = (canvas.clone(), props.result.clone());
        use_effect_with(result.clone(), move |_| {
            let order = result.quotient.monoid.order();
            if let Some(c) = canvas.cast::<HtmlCanvasElement>() {
                if order <= MAX_PICTURED {
                    let big = upscale(&product_rgba(&result), order as u32, order as u32, cell);
                    let side = order as u32 * cell;
                    // A canvas that cannot draw stays empty; the text and legend remain.
                    let _ = put_rgba(&c, &big, side, side);
                    show_at_css_width(&c, u64::from(side));
                }
            }
        });
    }
    let export = {
        let result = props.result.clone();
        Callback::from(move |scale: u32| {
            let order = result.quotient.monoid.order() as u32;
            download_rgba(
                &product_rgba(&result),
                (order, order),
                scale,
                "heaplab-misere-table.png",
            )
        })
    };
    html! {
        <section class="card" aria-labelledby="mq-table-title">
            <h2 id="mq-table-title">{ "Multiplication table" }</h2>
            if order <= MAX_PICTURED {
                <p>{ format!("Cell (x, y) is the product x·y of elements x (left to right) and y (top to bottom), {order} × {order}.") }</p>
                <canvas id="mq-table" ref={canvas} role="img" data-order={order.to_string()} data-cell={cell.to_string()}
                    aria-label={format!("The multiplication table of the quotient, {order} by {order} cells; black cells are products in the P-portion")} />
                { legend(&props.result) }
                <ScaledPng id="mq-table-png" label="Download PNG" base={(order as u64, order as u64)} {export} />
            } else {
                <p>{ format!("The quotient has {order} elements: too many to draw ({MAX_PICTURED} at most).") }</p>
            }
            if order <= MAX_TEXT_TABLE {
                { text_table(&props.result) }
            }
        </section>
    }
}

/// Black for the P-portion, and a few elements' colours with their normal forms.
fn legend(result: &MisereResult) -> Html {
    let q = &result.quotient;
    let order = q.monoid.order();
    let samples: Vec<usize> = (0..LEGEND_SAMPLES.min(order))
        .map(|i| i * order.saturating_sub(1) / LEGEND_SAMPLES.min(order).saturating_sub(1).max(1))
        .collect();
    let name = |x: usize| word_text(&q.presentation.normal_forms[x]);
    let css = |[r, g, b]: [u8; 3]| format!("#{r:02x}{g:02x}{b:02x}");
    html! {
        <ul class="legend" id="mq-legend" aria-label="Colour key of the multiplication table">
            <li><ColourSwatch colour="#000000" />{ "product in the P-portion" }</li>
            { for samples.iter().map(|&x| html! {
                <li><ColourSwatch colour={css(element_rgb(x, order))} />{ format!("element {}", name(x)) }</li>
            }) }
            if order > LEGEND_SAMPLES {
                <li class="legend-more">{ "other elements: colours in between, in the order of their normal forms" }</li>
            }
        </ul>
    }
}

/// The table as text (normal forms), P-portion products in bold.
fn text_table(result: &MisereResult) -> Html {
    let q = &result.quotient;
    let order = q.monoid.order() as u32;
    let name = |x: u32| word_text(&q.presentation.normal_forms[x as usize]);
    html! {
        <table id="mq-text-table" class="data">
            <caption>{ "Products in normal form; bold: in the P-portion" }</caption>
            <thead><tr><th>{ "·" }</th>{ for (0..order).map(|x| html! { <th>{ name(x) }</th> }) }</tr></thead>
            <tbody>{ for (0..order).map(|y| html! {
                <tr><th>{ name(y) }</th>{ for (0..order).map(|x| {
                    let p = q.monoid.mul(x, y);
                    if q.p[p as usize] { html! { <td><strong>{ name(p) }</strong></td> } } else { html! { <td>{ name(p) }</td> } }
                }) }</tr>
            }) }</tbody>
        </table>
    }
}
