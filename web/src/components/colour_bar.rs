//! The on-screen colour bar of a value field (the plane's nim-values, the two-pile heatmap):
//! the figure layer's [`BAR_STEPS`] swatches in the colours the canvas is drawn with
//! ([`Palette::value`]), whole-number ticks and a label. An inline SVG with presentation
//! attributes only, so the Content-Security-Policy (no inline styles) allows it.

use heaplab_figures::{Palette, BAR_STEPS};
use yew::prelude::*;

/// The bar's width and the swatches' height, in SVG units.
const WIDTH: f64 = 320.0;
const SWATCH: f64 = 16.0;

/// The whole-number ticks of a bar over `lo..hi`: both ends and the middle (when the span
/// has room for a distinct whole middle).
pub fn bar_ticks((lo, hi): (f64, f64)) -> Vec<f64> {
    let mid = ((lo + hi) / 2.0).round();
    let mut ticks = vec![lo];
    if mid > lo && mid < hi {
        ticks.push(mid);
    }
    ticks.push(hi);
    ticks
}

/// The colour bar `id` over `span` (from `heaplab_figures::value_span`), labelled `label`.
pub fn colour_bar(id: &str, label: &str, span: (f64, f64)) -> Html {
    let (lo, hi) = span;
    let palette = Palette::ColourBlind;
    let step_w = WIDTH / BAR_STEPS as f64;
    let swatches = (0..BAR_STEPS).map(|i| {
        html! {
            <rect x={format!("{:.2}", i as f64 * step_w)} y="0" width={format!("{:.2}", step_w + 0.5)}
                height={SWATCH.to_string()} fill={palette.step(i).hex()} />
        }
    });
    let ticks = bar_ticks(span).into_iter().map(|v| {
        let x = (v - lo) / (hi - lo) * WIDTH;
        let anchor = match x {
            x if x < 1.0 => "start",
            x if x > WIDTH - 1.0 => "end",
            _ => "middle",
        };
        html! {
            <text class="bar-tick" x={format!("{x:.1}")} y="30" text-anchor={anchor} font-size="11" fill="currentColor">{ format!("{v}") }</text>
        }
    });
    html! {
        <svg id={id.to_string()} class="colour-bar" viewBox={format!("0 0 {WIDTH} 46")} role="img"
            aria-label={format!("Colour bar: {label}, {lo} (dark) to {hi} (light)")}
            data-lo={lo.to_string()} data-hi={hi.to_string()}>
            { for swatches }
            { for ticks }
            <text class="bar-label" x="0" y="44" font-size="11" fill="currentColor">{ label.to_string() }</text>
        </svg>
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn ticks_are_the_ends_and_a_whole_middle() {
        assert_eq!(super::bar_ticks((0.0, 10.0)), [0.0, 5.0, 10.0]);
        assert_eq!(super::bar_ticks((0.0, 1.0)), [0.0, 1.0]);
        assert_eq!(super::bar_ticks((2.0, 5.0)), [2.0, 4.0, 5.0]);
    }
}
