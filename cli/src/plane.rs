//! `heaplab plane`: two-dimensional subtraction games — P/N images and row/column periods.

use crate::figure::FigureArgs;
use crate::output::{write_grey_png, write_png, Format};
use crate::progress::with_budget;
use clap::{Args, ValueEnum};
use heaplab_engine::plane::{self, MoveSet};
use heaplab_engine::ruleset::parse_count;
use heaplab_engine::{Budget, EngineError};
use heaplab_figures::views::plane::{nim_pixels, plane_figure, plane_link};
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
    /// Write the raw data pixels as a width × height PNG, one pixel per cell, y = 0 at the
    /// bottom: P-positions black and N-positions white, or the nim-values in the colours of
    /// `--figure` (no axes or legend: `--figure` draws those).
    #[arg(long)]
    out: Option<String>,
    /// Shrink the outcome PNG by this factor: each pixel a block of cells, as grey as its
    /// share of N-positions (for small figures; 1 = one pixel per cell).
    #[arg(long, default_value = "1", allow_hyphen_values = true)]
    shrink: String,
    /// `outcome` (P black, N white) or `grundy` (nim-values on the perceptual colour map,
    /// dark 0 to light maximum; at most 10,000,000 cells).
    #[arg(long, value_enum, default_value_t = Mode::Outcome)]
    mode: Mode,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Show progress (done/total, percent, rate, time left) on stderr.
    #[arg(long)]
    progress: bool,
    /// A figure of the window (x/y axes, P/N legend with counts, or the nim-values with a
    /// colour bar in `grundy` mode; at most 500 cells a side, from (0, 0)).
    #[command(flatten)]
    figure: FigureArgs,
}

/// What the picture shows.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Mode {
    /// P-positions black, N-positions white (survey Figure 2).
    Outcome,
    /// Nim-values on the perceptual colour map (viridis), 0 (the P-positions) darkest.
    Grundy,
}

/// Computes the window and renders the JSON or the summary (and the PNG).
pub fn run(args: &PlaneArgs) -> Result<String, EngineError> {
    let moves = MoveSet::parse(&args.moves)?;
    let width = parse_count(&args.width, "--width", 1, u64::from(plane::MAX_SIDE))? as u32;
    let height = parse_count(&args.height, "--height", 1, u64::from(plane::MAX_SIDE))? as u32;
    let shrink = parse_count(&args.shrink, "--shrink", 1, 64)? as u32;
    args.figure.check(false)?;
    if args.mode == Mode::Grundy {
        plane::check_nim_size(width, height)?;
        if shrink > 1 {
            return Err(EngineError::Parse(
                "--shrink needs --mode outcome (nim-value colours cannot be averaged)".into(),
            ));
        }
    }
    let (grid, report) = with_budget(args.progress, "rows", |b| {
        plane::solve(&moves, width, height, b)
    })?;
    let nim = match args.mode {
        Mode::Grundy => Some(plane::nim_values(
            &moves,
            width,
            height,
            &mut Budget::unlimited(),
        )?),
        Mode::Outcome => None,
    };
    if let Some(path) = &args.out {
        match &nim {
            Some(nim) => {
                let rgba = nim_pixels(nim, args.figure.palette()?);
                write_png(path, width, height, &rgba, 1)?;
            }
            None if shrink > 1 => {
                let (w, h, rgba) = plane::render_outcomes_shrunk(&grid, shrink);
                write_grey_png(path, w, h, &rgba)?;
            }
            None => write_png(path, width, height, &plane::render_outcomes(&grid), 1)?,
        }
    }
    if args.figure.wanted() {
        let fig = plane_figure(&moves, &grid, nim.as_ref());
        let link = plane_link(&moves, width, height, nim.is_some());
        args.figure.write(fig, link)?;
    }
    let proven = |lines: &[heaplab_engine::Periodicity]| {
        lines.iter().filter(|l| l.period().is_some()).count()
    };
    Ok(match args.format {
        Format::Json => {
            let lines = |lines: &[heaplab_engine::Periodicity]| {
                lines
                    .iter()
                    .map(|l| json!({"preperiod": l.preperiod(), "period": l.period()}))
                    .collect::<Vec<_>>()
            };
            let mut out = json!({
                "moves": report.moves,
                "width": width,
                "height": height,
                "p_positions": report.p_positions,
                "rows": lines(&report.rows),
                "columns": lines(&report.columns),
            });
            if let Some(nim) = &nim {
                out["max_nim_value"] = json!(nim.max());
                out["nim_value_counts"] = json!(nim.counts());
            }
            out.to_string()
        }
        Format::Text => {
            let mut text = format!(
                "2-D subtraction {}: {width}×{height} window, {} P-positions\nrows with a proven period: {} of {height}; columns: {} of {width}",
                moves.to_text(),
                report.p_positions,
                proven(&report.rows),
                proven(&report.columns)
            );
            if let Some(nim) = &nim {
                text.push_str(&format!(
                    "\nnim-values 0..={}, cells per value: {}",
                    nim.max(),
                    crate::output::join(&nim.counts())
                ));
            }
            text
        }
    })
}
