//! One tile of a period map: a rectangle of rulesets, solved whole (tiles are sized to take
//! about 60 ms, so a pool that stops handing them out stops within one tile).

use heaplab_engine::period_map::{self, Cell, Family, Window};
use heaplab_engine::Budget;
use serde::{Deserialize, Serialize};

use super::Whole;
use crate::worker::{Job, JobOutput, Place};

/// What a finished job sends back ([`crate::worker::JobOutput::Tile`]).
pub type Output = TileResult;

/// One tile to solve: a rectangle of pixels of one map job.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TileRequest {
    /// The family (with its fixed move).
    pub family: Family,
    /// The pixels of this tile (a sub-window of the map's window).
    pub tile: Window,
    /// Heaps one ruleset may compute before it is "unresolved".
    pub max_heaps: u64,
    /// Solve only the pixels `(x0 + stride·i, y0 + stride·j)` of the tile (1: all of them;
    /// larger for the coarse first picture of a progressive map).
    pub stride: u32,
}

/// The solved tile.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TileResult {
    /// The tile of the request.
    pub tile: Window,
    /// The stride of the request.
    pub stride: u32,
    /// The cells in [`period_map::compute_sampled`] order, or the engine's message.
    pub cells: Result<Vec<Cell>, String>,
    /// How long the tile took, in milliseconds (used to size the next tiles).
    pub millis: f64,
}

/// Solves one tile with the engine (the only computation of the period-map page).
pub fn solve_tile(request: &TileRequest) -> TileResult {
    let started = js_sys::Date::now();
    let cells = period_map::compute_sampled(
        request.family,
        request.tile,
        request.stride,
        request.max_heaps,
        &mut Budget::unlimited(),
    )
    .map_err(|e| e.to_string());
    TileResult {
        tile: request.tile,
        stride: request.stride,
        cells,
        millis: js_sys::Date::now() - started,
    }
}

/// The tile as a job.
pub fn start(request: &TileRequest, _place: Place) -> Result<Box<dyn Job>, String> {
    let request = *request;
    Ok(Whole::job(move |_| {
        Ok(JobOutput::Tile(solve_tile(&request)))
    }))
}
