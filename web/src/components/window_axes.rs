//! Axes in ruleset units around a canvas that is scaled to its frame (the period map): a
//! bottom axis and a left axis as inline SVGs whose ticks sit at percentages of the canvas's
//! width and height, so they follow the canvas at any size without inline styles (which the
//! Content-Security-Policy forbids). The ticks are the figure layer's
//! ([`heaplab_figures::integer_ticks`]), so the page and its exported figure tick the same
//! values.

use heaplab_figures::integer_ticks;
use yew::prelude::*;

/// The ticks of a view of the cells `lo..hi` (cell `v` spans `v..v + 1`; a zoomed view may
/// start or end inside a cell): each whole value whose cell centre is in view, and the share of
/// the axis's length from its start to that centre.
pub fn window_ticks(lo: f64, hi: f64) -> Vec<(u64, f64)> {
    if hi.partial_cmp(&lo) != Some(std::cmp::Ordering::Greater)
        || !lo.is_finite()
        || !hi.is_finite()
    {
        return Vec::new();
    }
    integer_ticks((lo - 0.5).max(0.0), hi - 0.5 - 1e-9)
        .into_iter()
        .filter_map(|v| u64::try_from(v).ok())
        .map(|v| (v, (v as f64 + 0.5 - lo) / (hi - lo)))
        .filter(|&(_, at)| (0.0..1.0).contains(&at))
        .collect()
}

/// The bottom axis under a canvas showing the cells `lo..hi` left to right, named `label`.
pub fn bottom_axis(id: &str, label: &str, (lo, hi): (f64, f64)) -> Html {
    let ticks = window_ticks(lo, hi).into_iter().map(|(v, at)| {
        let x = format!("{:.3}%", at * 100.0);
        html! {
            <>
                <line x1={x.clone()} x2={x.clone()} y1="0" y2="5" stroke="currentColor" />
                <text class="axis-tick" {x} y="16" text-anchor="middle">{ v }</text>
            </>
        }
    });
    html! {
        <svg id={id.to_string()} class="window-axis window-axis-bottom" aria-hidden="true">
            { for ticks }
            <text x="50%" y="31" text-anchor="middle" class="axis-label">{ label.to_string() }</text>
        </svg>
    }
}

/// The left axis beside a canvas showing the cells `lo..hi` bottom to top, named `label`
/// (written vertically: a percentage places it at mid-height, which a rotated text could not).
pub fn left_axis(id: &str, label: &str, (lo, hi): (f64, f64)) -> Html {
    let ticks = window_ticks(lo, hi).into_iter().map(|(v, at)| {
        let y = format!("{:.3}%", (1.0 - at) * 100.0);
        html! {
            <>
                <line x1="37" x2="42" y1={y.clone()} y2={y.clone()} stroke="currentColor" />
                <text class="axis-tick" x="35" {y} dy="0.35em" text-anchor="end">{ v }</text>
            </>
        }
    });
    html! {
        <svg id={id.to_string()} class="window-axis window-axis-left" aria-hidden="true">
            { for ticks }
            <text x="9" y="50%" text-anchor="middle" class="axis-label axis-label-vertical">{ label.to_string() }</text>
        </svg>
    }
}

#[cfg(test)]
mod tests {
    use super::window_ticks;

    #[test]
    fn ticks_are_whole_values_of_the_window_at_their_cells_centres() {
        // s1 = 1..31: 30 cells; the ticks are the figure layer's 5, 10, …, 30 (step 5), each
        // at the centre of its cell.
        let ticks = window_ticks(1.0, 31.0);
        let values: Vec<u64> = ticks.iter().map(|t| t.0).collect();
        assert_eq!(values, vec![5, 10, 15, 20, 25, 30]);
        assert_eq!(ticks[0].1, 4.5 / 30.0);
        assert_eq!(ticks[5].1, 29.5 / 30.0);
        for lo in 0..50 {
            for width in 1..200 {
                let ticks = window_ticks(lo as f64, (lo + width) as f64);
                assert!(!ticks.is_empty() && ticks.len() <= 8, "{lo} {width}");
                assert!(ticks
                    .iter()
                    .all(|&(v, at)| (lo..lo + width).contains(&v) && at > 0.0 && at < 1.0));
                assert!(ticks.windows(2).all(|w| w[0].1 < w[1].1));
            }
        }
        // A zoomed view from 2.25 to 7.75: cells 2 (centre 2.5) to 7 (centre 7.5).
        let zoomed = window_ticks(2.25, 7.75);
        assert_eq!(zoomed.first().map(|t| t.0), Some(2));
        assert_eq!(zoomed.last().map(|t| t.0), Some(7));
        assert_eq!(zoomed[0].1, 0.25 / 5.5);
        assert!(window_ticks(5.0, 5.0).is_empty() && window_ticks(f64::NAN, 3.0).is_empty());
    }
}
