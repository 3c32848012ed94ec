//! The legend beside the map: rulesets per class with their shares (`#map-counts`), the log
//! ramp for log colourings, and the survey's limiting proportions.

use heaplab_engine::figure::{self, class_colour, hex, Colouring};
use heaplab_engine::period_map::{CellClass, Family};

use web_sys::HtmlCanvasElement;
use yew::prelude::*;

use super::class_label;
use crate::components::export::put_rgba;
use crate::components::palette::ColourSwatch;
use crate::format::grouped;
use crate::route::MapParams;
use crate::tiles::runner::{MapSnapshot, MAX_HEAPS};
use crate::worker_pool::Phase;

/// The classes a family's legend lists: all seven for 3-move maps, else the three that occur.
fn legend_classes(family: Family) -> Vec<CellClass> {
    match family {
        Family::ThreeMove { .. } => CellClass::ALL.to_vec(),
        _ => vec![CellClass::Other, CellClass::Unresolved, CellClass::Invalid],
    }
}
/// The legend beside the map: counts and shares per class (`#map-counts`), the log ramp for
/// log colourings, and the survey's limiting proportions.
pub(super) fn legend_html(params: MapParams, progress: Option<&MapSnapshot>) -> Html {
    let counts = progress
        .map(|p| p.detail.counts.clone())
        .unwrap_or_default();
    let count_of = |class: CellClass| {
        counts
            .iter()
            .find(|(c, _)| *c == class)
            .map_or(0, |(_, n)| *n)
    };
    let rulesets: u64 = counts
        .iter()
        .filter(|(c, _)| *c != CellClass::Invalid)
        .map(|(_, n)| n)
        .sum();
    let scale_max = progress.map_or(1, |p| p.detail.scale_max);
    let complete = progress.is_some_and(|p| p.phase == Phase::Done);
    let log = params.colouring != Colouring::Class;
    html! {
        <>
            <h2>{ "Legend" }</h2>
            if log {
                <div class="map-ramp">
                    <RampBar />
                    <div class="map-ramp-labels">
                        <span id="map-ramp-min">{ "1" }</span>
                        <span id="map-ramp-max">{ scale_max.to_string() }</span>
                    </div>
                    <p class="note">
                        { if params.colouring == Colouring::LogPeriod { "Period length" } else { "Preperiod length" } }
                        { ", log scale (colour of ln(v + 1) / ln(max + 1)). Unresolved pixels are red, non-rulesets pale." }
                    </p>
                </div>
            }
            <table class="map-counts-table">
                <caption>{ format!("Rulesets by class ({}{})", grouped(rulesets), if complete { "" } else { " so far" }) }</caption>
                <thead><tr><th scope="col">{ "Class" }</th><th scope="col">{ "Count" }</th><th scope="col">{ "Share" }</th></tr></thead>
                <tbody id="map-counts">
                    { for legend_classes(params.family).into_iter().map(|class| {
                        let n = count_of(class);
                        let share = if class == CellClass::Invalid || rulesets == 0 {
                            "—".to_string()
                        } else {
                            format!("{:.3}", n as f64 / rulesets as f64)
                        };
                        html! {
                            <tr data-class={class.name()} data-count={n.to_string()}>
                                <th scope="row"><ColourSwatch colour={hex(class_colour(class))} />{ class_label(class, params.family) }</th>
                                <td class="count">{ grouped(n) }</td>
                                <td class="share">{ share }</td>
                            </tr>
                        }
                    }) }
                </tbody>
            </table>
            if matches!(params.family, Family::ThreeMove { .. }) {
                <p class="note" id="map-limits">
                    { "Flammenkamp (survey Section 2): as s3 grows, the shares appear to approach 0.53… for period s1 + s3, and 0.365… and 0.105… for the other two pair sums. The survey does not say which of those two is which; its list order suggests 0.365… for s2 + s3 and 0.105… for s1 + s2. Shares here are of the rulesets in the window, so they differ from the limits for small s3 or a window off the paper's." }
                </p>
            }
            <p class="note">
                { format!("Each ruleset computes at most {} heaps; periods are proven by the repeating-window argument, never guessed.", grouped(MAX_HEAPS)) }
            </p>
        </>
    }
}

/// The log-scale colour ramp (the engine's `figure::ramp`), drawn into a small canvas.
#[function_component(RampBar)]
fn ramp_bar() -> Html {
    const WIDTH: u32 = 200;
    let node = use_node_ref();
    {
        let node = node.clone();
        use_effect_with((), move |_| {
            if let Some(canvas) = node.cast::<HtmlCanvasElement>() {
                let pixels: Vec<u8> = (0..WIDTH)
                    .flat_map(|i| {
                        let [r, g, b] = figure::ramp(f64::from(i) / f64::from(WIDTH - 1));
                        [r, g, b, 255]
                    })
                    .collect();
                let _ = put_rgba(&canvas, &pixels, WIDTH, 1);
            }
        });
    }
    html! { <canvas ref={node} id="map-ramp" class="map-ramp-bar" width={WIDTH.to_string()} height="1" aria-hidden="true"></canvas> }
}
