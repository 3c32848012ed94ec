//! A game's thermograph as a figure (Winning Ways ch. 6; Siegel, *Combinatorial Game Theory*,
//! II.5): temperature upward, values increasing to the *left* (a reversed value axis, so Left's
//! wall is on the left), Left's wall, Right's wall and the mast as three named lines.

use heaplab_engine::partizan::drawing::ThermographCurves;

use crate::{Axis, Body, Chart, Figure, Series, SeriesStyle};

/// The thermograph figure of `curves`, titled `Thermograph of {game}`.
pub fn figure(curves: &ThermographCurves) -> Figure {
    let line = |name: &str, points: &[(f64, f64)]| Series {
        name: name.to_string(),
        style: SeriesStyle::Line,
        // The chart's x is the value and its y the temperature.
        points: points.iter().map(|&(t, v)| (v, t)).collect(),
    };
    let body = Body::Chart(Chart {
        x: Axis {
            reversed: true,
            ..Axis::new("value (Left's side on the left)", false)
        },
        y: Axis::new("temperature t", false),
        series: vec![
            line("Left wall", &curves.left),
            line("Right wall", &curves.right),
            line("mast", &curves.mast),
        ],
    });
    Figure {
        caption: "Temperature upward, values increasing to the left; the walls meet at the \
                  game's temperature, over its mean."
            .to_string(),
        ..Figure::new(&format!("Thermograph of {}", curves.title), body)
    }
}

/// The `#/partizan` link of one game typed in notation.
pub fn game_link(game: &str) -> String {
    super::page_link("partizan", &[("family", "game"), ("game", game.trim())])
}
