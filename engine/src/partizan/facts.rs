//! One game's facts as plain data: what `heaplab partizan --game` reports and what Python's
//! `heaplab.game(...)` reads, computed in one place so that both say the same.

use super::game::{GameId, GameStore, Outcome};
use super::number::Dyadic;
use super::thermograph::Thermograph;
use crate::EngineError;
use std::cmp::Ordering;

/// A thermograph wall as `[temperature, value]` breakpoints in notation (linear between
/// them, vertical above the last).
pub type WallPoints = Vec<[String; 2]>;

/// The facts every report of a single game has, in notation.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct GameFacts {
    /// The canonical form as papers print it (`{2|1||0}`, `^*`, `+-1`).
    pub canonical: String,
    /// The canonical form with braces only and ups as `^2` (cgt-tools' spelling).
    pub canonical_braces: String,
    /// Who wins with perfect play.
    pub outcome: Outcome,
    /// Left's stop.
    pub left_stop: String,
    /// Right's stop.
    pub right_stop: String,
    /// The reduced canonical form (infinitesimals dropped: thesis Theorem 4.56).
    pub reduced: String,
    /// The birthday of the canonical form.
    pub birthday: u64,
    /// The mean value.
    pub mean: String,
    /// The temperature.
    pub temperature: String,
    /// The left wall of the thermograph.
    pub left_wall: WallPoints,
    /// The right wall of the thermograph.
    pub right_wall: WallPoints,
}

/// The facts of `g`, with its thermograph (for callers that draw or tabulate it).
pub fn game_facts(
    store: &mut GameStore,
    g: GameId,
) -> Result<(GameFacts, Thermograph), EngineError> {
    let (left_stop, right_stop) = store.stops(g)?;
    let reduced = store.reduced(g)?;
    let graph = store.thermograph(g)?;
    let points = |wall: &[(Dyadic, Dyadic)]| -> WallPoints {
        wall.iter()
            .map(|(t, v)| [t.to_string(), v.to_string()])
            .collect()
    };
    let facts = GameFacts {
        canonical: store.display(g)?,
        canonical_braces: store.display_braces(g)?,
        outcome: store.outcome(g)?,
        left_stop: left_stop.to_string(),
        right_stop: right_stop.to_string(),
        reduced: store.display(reduced)?,
        birthday: store.birthday(g)?,
        mean: graph.mean.to_string(),
        temperature: graph.temperature.to_string(),
        left_wall: points(&graph.left.breakpoints()),
        right_wall: points(&graph.right.breakpoints()),
    };
    Ok((facts, graph))
}

/// How `a` compares with `b` in the game order: `Some(Less)`, `Some(Equal)`,
/// `Some(Greater)`, or `None` when they are confused (`a ‖ b`).
pub fn compare(
    store: &mut GameStore,
    a: GameId,
    b: GameId,
) -> Result<Option<Ordering>, EngineError> {
    Ok(match (store.le(a, b)?, store.ge(a, b)?) {
        (true, true) => Some(Ordering::Equal),
        (true, false) => Some(Ordering::Less),
        (false, true) => Some(Ordering::Greater),
        (false, false) => None,
    })
}

/// The number written `text` in game notation (`3/2`, `-1`), for operations that take a
/// number (cooling); `what` names the argument in the message.
pub fn number_argument(
    store: &mut GameStore,
    text: &str,
    what: &str,
) -> Result<Dyadic, EngineError> {
    let g = store.parse(text)?;
    store.as_number(g).ok_or_else(|| {
        EngineError::Parse(format!("{what} needs a number such as 3/2, not '{text}'"))
    })
}
