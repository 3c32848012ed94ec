//! Tick labels around a canvas drawn one block of `zoom` CSS pixels per cell (the two-pile
//! heatmap): a bottom axis and a left axis as inline SVGs sized by their `width`/`height`
//! attributes (no inline styles, which the Content-Security-Policy forbids), with whole-number
//! ticks at the cells' centres, spaced so labels never crowd.

use yew::prelude::*;

/// The left axis's width and the bottom axis's height, in CSS pixels.
const LEFT: u32 = 36;
const BOTTOM: u32 = 30;
/// The least distance between two tick labels, in CSS pixels.
const MIN_GAP: u32 = 40;

/// The ticks of an axis of `cells` cells, `zoom` pixels each: 0 and every multiple of a step
/// of 1, 2 or 5 times a power of ten, at least [`MIN_GAP`] pixels apart.
pub fn cell_ticks(cells: u32, zoom: u32) -> Vec<u32> {
    let need = MIN_GAP.div_ceil(zoom.max(1));
    let mut step = 1u32;
    'search: for power in [1u32, 10, 100, 1_000, 10_000, 100_000] {
        for m in [1, 2, 5] {
            step = m * power;
            if step >= need {
                break 'search;
            }
        }
    }
    (0..cells).step_by(step as usize).collect()
}

/// The bottom axis of a canvas `cells` cells wide: ticks, their numbers and the `label`.
pub fn bottom_axis(id: &str, label: &str, cells: u32, zoom: u32) -> Html {
    let width = cells * zoom;
    let ticks = cell_ticks(cells, zoom).into_iter().map(|v| {
        let x = (f64::from(v) + 0.5) * f64::from(zoom);
        html! {
            <>
                <line x1={format!("{x:.1}")} x2={format!("{x:.1}")} y1="0" y2="4" stroke="currentColor" />
                <text class="axis-tick" x={format!("{x:.1}")} y="14" text-anchor="middle" font-size="10" fill="currentColor">{ v }</text>
            </>
        }
    });
    html! {
        <svg id={id.to_string()} class="cell-axis" width={width.to_string()} height={BOTTOM.to_string()} aria-hidden="true">
            { for ticks }
            <text x={(width / 2).to_string()} y="27" text-anchor="middle" font-size="11" fill="currentColor">{ label.to_string() }</text>
        </svg>
    }
}

/// The left axis of a canvas `cells` cells high (row 0 at the bottom): ticks, their numbers
/// and the `label`, written upwards.
pub fn left_axis(id: &str, label: &str, cells: u32, zoom: u32) -> Html {
    let height = cells * zoom;
    let ticks = cell_ticks(cells, zoom).into_iter().map(|v| {
        let y = (f64::from(cells - 1 - v) + 0.5) * f64::from(zoom);
        let x = LEFT - 4;
        html! {
            <>
                <line x1={x.to_string()} x2={LEFT.to_string()} y1={format!("{y:.1}")} y2={format!("{y:.1}")} stroke="currentColor" />
                <text class="axis-tick" x={(x - 2).to_string()} y={format!("{:.1}", y + 3.5)} text-anchor="end" font-size="10" fill="currentColor">{ v }</text>
            </>
        }
    });
    let middle = height / 2;
    html! {
        <svg id={id.to_string()} class="cell-axis" width={LEFT.to_string()} height={height.to_string()} aria-hidden="true">
            { for ticks }
            <text x="9" y={middle.to_string()} text-anchor="middle" font-size="11" fill="currentColor"
                transform={format!("rotate(-90 9 {middle})")}>{ label.to_string() }</text>
        </svg>
    }
}

/// The canvas `canvas` with [`left_axis`] beside it and [`bottom_axis`] under it.
pub fn with_cell_axes(
    canvas: Html,
    ids: (&str, &str),
    labels: (&str, &str),
    cells: (u32, u32),
    zoom: u32,
) -> Html {
    html! {
        <div class="cell-axes">
            { left_axis(ids.1, labels.1, cells.1, zoom) }
            { canvas }
            <span></span>
            { bottom_axis(ids.0, labels.0, cells.0, zoom) }
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::cell_ticks;

    #[test]
    fn ticks_start_at_zero_and_keep_their_distance() {
        assert_eq!(cell_ticks(100, 3), [0, 20, 40, 60, 80]);
        assert_eq!(cell_ticks(25, 6), [0, 10, 20]);
        assert_eq!(cell_ticks(3, 40), [0, 1, 2]);
        assert_eq!(cell_ticks(120, 1), [0, 50, 100]);
        assert_eq!(cell_ticks(0, 4), Vec::<u32>::new());
    }
}
