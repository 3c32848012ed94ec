//! One partizan game typed in notation ([`solve_game`]): its facts, atomic weight and
//! thermograph. One engine call, so the client terminates the worker to cancel it.

use heaplab_engine::partizan::drawing::{self, ThermographCurves};
use heaplab_engine::partizan::facts::{self, GameFacts};
use heaplab_engine::partizan::GameStore;
use serde::{Deserialize, Serialize};

use super::Whole;
use crate::protocol::partizan::GameRequest;
use crate::worker::{Job, JobOutput, Place};

/// What a finished job sends back ([`crate::worker::JobOutput::PartizanGame`]).
pub type Output = Box<GameResult>;

/// What the single-game view shows: the engine's facts, the atomic weight (or why there is
/// none) and the thermograph.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GameResult {
    /// Canonical form, outcome, stops, birthday, mean, temperature, walls.
    pub facts: GameFacts,
    /// The atomic weight, or the engine's reason it has none.
    pub atomic_weight: Result<String, String>,
    /// The thermograph's curves (the page draws them through the figure layer).
    pub curves: ThermographCurves,
}

/// The single game: parsed by the engine (a bad text is a one-line error), its facts,
/// atomic weight and thermograph. The title of the thermograph is the canonical form.
pub fn solve_game(request: &GameRequest) -> Result<GameResult, String> {
    let mut store = GameStore::default();
    let g = store.parse(&request.text).map_err(|e| e.to_string())?;
    let (facts, _) = facts::game_facts(&mut store, g).map_err(|e| e.to_string())?;
    let atomic_weight = store
        .atomic_weight(g)
        .and_then(|w| store.display(w))
        .map_err(|e| e.to_string());
    let curves = drawing::curves(&mut store, g, &facts.canonical).map_err(|e| e.to_string())?;
    Ok(GameResult {
        facts,
        atomic_weight,
        curves,
    })
}

/// The single-game request as a job (one engine call; the client terminates the worker to
/// cancel it).
pub fn start(request: &GameRequest, _place: Place) -> Result<Box<dyn Job>, String> {
    let request = request.clone();
    Ok(Whole::job(move |_| {
        solve_game(&request).map(|r| JobOutput::PartizanGame(Box::new(r)))
    }))
}
