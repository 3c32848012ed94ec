//! A thermograph ready to draw: its title and its walls and mast as `(temperature, value)`
//! points, the data behind the thermograph figure (`heaplab_figures::views::thermograph`),
//! which the CLI and the web page draw the way Winning Ways (ch. 6) and Siegel (II.5) draw it:
//! temperature upward, values increasing to the *left* (so Left's wall is on the left).

use super::game::{GameId, GameStore};
use super::number::Dyadic;
use crate::EngineError;

/// A game's thermograph as curves: each a list of `(temperature, value)` points joined by
/// straight lines (the dyadic points of [`super::thermograph::Drawing`] as floats, exact for
/// the games drawn).
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ThermographCurves {
    /// The game, as the figure's title names it.
    pub title: String,
    /// The game's canonical form, which has the same thermograph (for `--game` commands).
    pub canonical: String,
    /// Left's wall, from the coldest temperature drawn to the game's temperature.
    pub left: Vec<(f64, f64)>,
    /// Right's wall, over the same temperatures.
    pub right: Vec<(f64, f64)>,
    /// The mast: from `(temperature, mean)` up to the hottest temperature drawn.
    pub mast: Vec<(f64, f64)>,
}

/// The thermograph of `g` as curves, titled `title`.
pub fn curves(
    store: &mut GameStore,
    g: GameId,
    title: &str,
) -> Result<ThermographCurves, EngineError> {
    let d = store.thermograph(g)?.drawing()?;
    Ok(ThermographCurves {
        title: title.to_string(),
        canonical: store.display(g)?,
        left: floats(&d.left),
        right: floats(&d.right),
        mast: floats(&d.mast),
    })
}

/// A dyadic rational as a float (exact: the numerators and exponents drawn are small).
fn float(x: Dyadic) -> f64 {
    x.numerator() as f64 / (1u64 << x.exponent()) as f64
}

/// The points of one curve of a [`Drawing`] as floats.
fn floats(points: &[(Dyadic, Dyadic)]) -> Vec<(f64, f64)> {
    points.iter().map(|&(t, v)| (float(t), float(v))).collect()
}
