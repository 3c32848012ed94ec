//! The period-map family: the pixels of a window of Flammenkamp's period-length maps
//! (`3move`, `4move`, `maxsym5`), measured by [`crate::period_map`]'s cell solver.

use crate::checks::{Subject, SubjectKind};
use crate::period_map::{CellSolver, Family as MapFamily, Window, DEFAULT_CELL_BUDGET};
use crate::ruleset::NumberSet;
use crate::sweep::families::subsets::set_text;
use crate::sweep::family::{FamilyOptions, SweepFamily};
use crate::sweep::metrics::{periodic_hash, shape, Measured, Workspace};
use crate::{Budget, EngineError};
use serde::{Deserialize, Serialize};

/// The pixels of a window of a period map, row by row (`y` outer, `x` inner) as
/// [`crate::period_map::compute`] does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct MapWindow {
    /// The map's family and fixed move.
    pub map: MapFamily,
    /// The pixels.
    pub window: Window,
}

/// A pixel of a period map.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MapCell {
    /// The map.
    pub map: MapFamily,
    /// The pixel's column.
    pub x: u32,
    /// The pixel's row.
    pub y: u32,
    /// The pixel's subtraction set, `None` where `(x, y)` is not in the map's family (e.g.
    /// `x >= y`).
    pub set: Option<NumberSet>,
}

impl SweepFamily for MapWindow {
    const NAMES: &'static [&'static str] = &["3move", "4move", "maxsym5"];
    const SUMMARY: &'static str =
        "a period-map window `3move`, `4move` or `maxsym5` (--fixed N --x A..B --y C..D)";
    const OPTIONS: &'static [&'static str] = &["--fixed", "--x/--y"];
    const KIND: SubjectKind = SubjectKind::Subtraction;
    /// The pixel, its set's shape, and the outcome period the map colours by (unknown outside
    /// the family).
    const METRICS: &'static [&'static str] = &[
        "x",
        "y",
        "size",
        "max_move",
        "min_move",
        "period",
        "preperiod",
    ];
    type Ruleset = MapCell;

    fn parse(name: &str, options: &FamilyOptions) -> Result<Self, EngineError> {
        let (Some(fixed), Some(window)) = (options.fixed, options.window) else {
            return Err(EngineError::Parse(format!(
                "the {name} family needs --fixed N --x A..B --y C..D"
            )));
        };
        Ok(MapWindow {
            map: MapFamily::from_name(name, fixed)?,
            window: window.validate()?,
        })
    }

    fn validate(&self) -> Result<(), EngineError> {
        self.map.validate()?;
        self.window.validate().map(|_| ())
    }

    fn len(&self) -> u64 {
        self.window.pixels()
    }

    fn get(&self, index: u64) -> Result<MapCell, EngineError> {
        let window = &self.window;
        let width = u64::from(window.x1 - window.x0);
        let x = window.x0 + (index % width) as u32;
        let y = window.y0 + (index / width) as u32;
        let set = self
            .map
            .moves(x, y)
            .map(NumberSet::from_elements)
            .transpose()?;
        Ok(MapCell {
            map: self.map,
            x,
            y,
            set,
        })
    }

    fn default_search(&self) -> u64 {
        DEFAULT_CELL_BUDGET
    }

    fn subject(cell: &MapCell) -> Option<Subject<'_>> {
        cell.set.as_ref().map(Subject::Subtraction)
    }

    fn text(cell: &MapCell) -> String {
        match &cell.set {
            Some(set) => set_text(set),
            None => format!("({}, {}) is not in {}", cell.x, cell.y, cell.map.name()),
        }
    }

    fn elements(cell: &MapCell) -> Vec<u32> {
        cell.set
            .as_ref()
            .map(|s| s.elements().to_vec())
            .unwrap_or_default()
    }

    /// The cell solver has no budget: its search is capped by `search`.
    fn measure(
        workspace: &mut Workspace,
        cell: &MapCell,
        search: u64,
        _: &mut Budget<'_>,
    ) -> Result<Measured, EngineError> {
        let cells: &mut CellSolver = &mut workspace.cells;
        let moves = cell.set.as_ref().map_or(&[][..], |s| s.elements());
        let mut row = vec![Some(i64::from(cell.x)), Some(i64::from(cell.y))];
        row.extend(shape(moves));
        let solved = cells.solve(cell.map, cell.x, cell.y, search);
        row.push(solved.period.map(|p| p as i64));
        row.push(solved.preperiod.map(|p| p as i64));
        // The bits are this cell's only when it proved a period.
        let sequence = solved.period.zip(solved.preperiod).map(|(period, pre)| {
            let bits = cells.p_bits();
            periodic_hash((pre..pre + period).map(|i| u64::from(bits.get(i as i64))))
        });
        Ok(Measured {
            values: row,
            sequence,
        })
    }
}
