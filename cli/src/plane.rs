//! `heaplab plane`: two-dimensional subtraction games — P/N images and row/column periods.

use crate::output::{write_png, Format};
use clap::Args;
use heaplab_engine::plane::{self, MoveSet};
use heaplab_engine::ruleset::parse_count;
use heaplab_engine::{Budget, EngineError};
use serde_json::json;

/// Arguments of `heaplab plane`.
#[derive(Args)]
pub struct PlaneArgs {
    /// The move vectors, e.g. `"2,6 3,3 6,1 19,6"` or `"(2,6) (3,3)"`.
    #[arg(long, allow_hyphen_values = true)]
    moves: String,
    /// Window width (x in 0..width).
    #[arg(long, default_value = "400", allow_hyphen_values = true)]
    width: String,
    /// Window height (y in 0..height).
    #[arg(long, default_value = "200", allow_hyphen_values = true)]
    height: String,
    /// Write a width × height PNG, P-positions black and N-positions white, y = 0 at the bottom.
    #[arg(long)]
    out: Option<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

/// Computes the window and renders the JSON or the summary (and the PNG).
pub fn run(args: &PlaneArgs) -> Result<String, EngineError> {
    let moves = MoveSet::parse(&args.moves)?;
    let width = parse_count(&args.width, "--width", 1, u64::from(plane::MAX_SIDE))? as u32;
    let height = parse_count(&args.height, "--height", 1, u64::from(plane::MAX_SIDE))? as u32;
    let (grid, report) = plane::solve(&moves, width, height, &mut Budget::unlimited())?;
    if let Some(path) = &args.out {
        write_png(path, width, height, &plane::render_outcomes(&grid), 1)?;
    }
    let proven = |lines: &[heaplab_engine::Periodicity]| {
        lines.iter().filter(|l| l.period().is_some()).count()
    };
    Ok(match args.format {
        Format::Json => {
            let lines = |lines: &[heaplab_engine::Periodicity]| {
                lines.iter().map(|l| json!({"preperiod": l.preperiod(), "period": l.period()})).collect::<Vec<_>>()
            };
            json!({
                "moves": report.moves,
                "width": width,
                "height": height,
                "p_positions": report.p_positions,
                "rows": lines(&report.rows),
                "columns": lines(&report.columns),
            })
            .to_string()
        }
        Format::Text => format!(
            "2-D subtraction {}: {width}×{height} window, {} P-positions\nrows with a proven period: {} of {height}; columns: {} of {width}",
            moves.to_text(),
            report.p_positions,
            proven(&report.rows),
            proven(&report.columns)
        ),
    })
}
