//! `heaplab period-map`: Flammenkamp's period-length maps, computed on all cores.

use crate::figure::FigureArgs;
use crate::output::{stream_stdout, write_png, Format};
use crate::progress::Progress;
use clap::Args;
use heaplab_engine::figure::{self, Colouring};
use heaplab_engine::period_map::{self, Cell, CellClass, Family, Window, DEFAULT_CELL_BUDGET};
use heaplab_engine::ruleset::{parse_count, parse_range};
use heaplab_engine::{Budget, EngineError};
use heaplab_figures::views::period_map::{map_figure, map_link};
use serde_json::json;
use std::io::Write;
use std::sync::atomic::{AtomicU64, Ordering};

/// Arguments of `heaplab period-map`.
#[derive(Args)]
pub struct PeriodMapArgs {
    /// The family: `3move` ({s1, s2, s3}), `4move` ({s1, s2, s3, s1+s3}) or `maxsym5`
    /// ({s1, s2, m-s2, m-s1, m}).
    #[arg(long, default_value = "3move")]
    family: String,
    /// The fixed move s3 (families 3move and 4move).
    #[arg(long, allow_hyphen_values = true)]
    s3: Option<String>,
    /// The fixed largest move m (family maxsym5).
    #[arg(long, allow_hyphen_values = true)]
    m: Option<String>,
    /// The half-open range of s1 (horizontal axis), e.g. `40..160`; default: every valid s1.
    #[arg(long, allow_hyphen_values = true)]
    s1: Option<String>,
    /// The half-open range of s2 (vertical axis), e.g. `90..210`; default: every valid s2.
    #[arg(long, allow_hyphen_values = true)]
    s2: Option<String>,
    /// Heaps one ruleset may compute before it is reported `unresolved`.
    #[arg(long, default_value_t = DEFAULT_CELL_BUDGET.to_string())]
    budget: String,
    /// Colouring of the picture: `class`, `period` or `preperiod` (log scales).
    #[arg(long, default_value = "class")]
    colour: String,
    /// Write the map as a PNG (one pixel per ruleset, times --scale) to this file.
    #[arg(long)]
    out: Option<String>,
    /// Scale factor of the PNG.
    #[arg(long, default_value_t = 1)]
    scale: u32,
    /// Worker threads, 1 up to the cores of this machine (default: every core).
    #[arg(long, allow_hyphen_values = true)]
    threads: Option<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Show progress (rows done of the window, percent, rate, time left) on stderr.
    #[arg(long)]
    progress: bool,
    /// A figure of the map (s1/s2 axes, the class legend with counts, or a colour bar).
    #[command(flatten)]
    figure: FigureArgs,
}

/// Computes the map on all cores and renders the JSON or the summary (and the PNG).
pub fn run(args: &PeriodMapArgs) -> Result<String, EngineError> {
    let fixed_text = match (args.family.as_str(), &args.s3, &args.m) {
        ("maxsym5", Some(_), _) => {
            return Err(EngineError::Parse(
                "family maxsym5 takes --m, not --s3".into(),
            ))
        }
        ("3move" | "4move", _, Some(_)) => {
            return Err(EngineError::Parse(format!(
                "family {} takes --s3, not --m (--m is for maxsym5)",
                args.family
            )))
        }
        ("maxsym5", _, Some(m)) => m,
        ("maxsym5", _, None) => return Err(EngineError::Parse("family maxsym5 needs --m".into())),
        (_, Some(s3), _) => s3,
        (_, None, _) => {
            return Err(EngineError::Parse(format!(
                "family {} needs --s3",
                args.family
            )))
        }
    };
    let fixed = parse_count(fixed_text, "the fixed move", 0, u64::from(u32::MAX))? as u32;
    let family = Family::from_name(&args.family, fixed)?;
    // Every ruleset of the family has 1 <= s1 < s2 <= the largest valid s2.
    let top = match family {
        Family::MaxSym5 { m } => (m - 1) / 2,
        _ => family.fixed() - 1,
    };
    let (x0, x1) = match &args.s1 {
        Some(text) => parse_range(text, "--s1")?,
        None => (1, top.max(2)),
    };
    let (y0, y1) = match &args.s2 {
        Some(text) => parse_range(text, "--s2")?,
        None => (2, top.max(2) + 1),
    };
    let window = Window { x0, x1, y0, y1 }.validate()?;
    args.figure.check(false)?;
    let budget = parse_count(&args.budget, "--budget", 1, 1 << 32)?;
    let colouring = Colouring::from_name(&args.colour).ok_or_else(|| {
        EngineError::Parse(format!(
            "unknown colouring '{}': use class, period or preperiod",
            args.colour
        ))
    })?;
    if args.scale == 0 || u64::from(args.scale).pow(2) * window.pixels() > 64_000_000 {
        return Err(EngineError::OutOfRange(
            "--scale must be at least 1 and keep the PNG under 64 megapixels".into(),
        ));
    }
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let threads = match &args.threads {
        Some(text) => parse_count(
            text,
            "--threads (the cores of this machine)",
            1,
            cores as u64,
        )? as usize,
        None => cores,
    };

    let started = std::time::Instant::now();
    let mut progress = Progress::new(args.progress, "rows");
    let cells = compute_parallel(family, window, budget, threads, &mut progress)?;
    let seconds = started.elapsed().as_secs_f64();
    let counts = period_map::class_counts(&cells);

    if let Some(path) = &args.out {
        let rgba = figure::render_map(&cells, window, colouring);
        write_png(path, x1 - x0, y1 - y0, &rgba, args.scale)?;
    }
    if args.figure.wanted() {
        let palette = args.figure.palette()?;
        let fig = map_figure(family, window, colouring, &cells, &counts, palette);
        args.figure
            .write(fig, map_link(family, window, colouring))?;
    }
    Ok(match args.format {
        Format::Json => {
            // A full-window map lists a million cells: stream them, then return the tail.
            stream_stdout(|out| write_json_head(out, family, window, &cells))?;
            let count_map: serde_json::Map<String, serde_json::Value> = counts
                .iter()
                .map(|(class, n)| (class.name().to_string(), json!(n)))
                .collect();
            format!(
                "\"counts\":{},\"seconds\":{},\"threads\":{threads}}}",
                serde_json::Value::Object(count_map),
                json!(seconds)
            )
        }
        Format::Text => {
            let resolved: u64 = counts
                .iter()
                .filter(|(c, _)| !matches!(c, period_map::CellClass::Invalid))
                .map(|(_, n)| n)
                .sum();
            let mut lines = vec![format!(
                "{} map, fixed move {}, s1 in {x0}..{x1}, s2 in {y0}..{y1}: {} rulesets in {seconds:.2} s on {threads} threads",
                family.name(),
                family.fixed(),
                resolved
            )];
            for (class, n) in counts
                .iter()
                .filter(|(c, _)| *c != period_map::CellClass::Invalid)
            {
                let share = if resolved > 0 {
                    *n as f64 / resolved as f64
                } else {
                    0.0
                };
                lines.push(format!("  {:<11} {n:>9}  {share:.4}", class.name()));
            }
            lines.join("\n")
        }
    })
}

/// Writes the JSON object's head: family, fixed move, ranges and the valid cells, up to and
/// including the comma before `counts` ([`run`] returns the rest).
fn write_json_head(
    out: &mut dyn Write,
    family: Family,
    window: Window,
    cells: &[Cell],
) -> std::io::Result<()> {
    let Window { x0, x1, y0, y1 } = window;
    write!(
        out,
        "{{\"family\":\"{}\",\"fixed\":{},\"s1\":[{x0},{x1}],\"s2\":[{y0},{y1}],\"cells\":[",
        family.name(),
        family.fixed()
    )?;
    let number = |n: Option<u64>| n.map_or("null".to_string(), |n| n.to_string());
    let listed = cells.iter().filter(|c| c.class != CellClass::Invalid);
    for (i, c) in listed.enumerate() {
        write!(
            out,
            "{}{{\"s1\":{},\"s2\":{},\"period\":{},\"preperiod\":{},\"class\":\"{}\"}}",
            if i == 0 { "" } else { "," },
            c.x,
            c.y,
            number(c.period),
            number(c.preperiod),
            c.class.name()
        )?;
    }
    write!(out, "],")
}

/// One computed row of a map: its `y` and its cells.
type RowCells = (u32, Vec<Cell>);

/// Splits the rows of `window` among `threads` threads (row `y` goes to thread `y % threads`,
/// which balances the cost) and reassembles the cells in [`period_map::compute`] order.
fn compute_parallel(
    family: Family,
    window: Window,
    budget: u64,
    threads: usize,
    progress: &mut Progress,
) -> Result<Vec<Cell>, EngineError> {
    let rows: Vec<u32> = (window.y0..window.y1).collect();
    let done = AtomicU64::new(0);
    let bands: Vec<Result<Vec<RowCells>, EngineError>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let (rows, done) = (&rows, &done);
                scope.spawn(move || {
                    rows.iter()
                        .skip(t)
                        .step_by(threads)
                        .map(|&y| {
                            let row = Window {
                                y0: y,
                                y1: y + 1,
                                ..window
                            };
                            let cells =
                                period_map::compute(family, row, budget, &mut Budget::unlimited());
                            done.fetch_add(1, Ordering::Relaxed);
                            cells.map(|cells| (y, cells))
                        })
                        .collect()
                })
            })
            .collect();
        // This thread reports the rows done while the workers run.
        while !handles.iter().all(|h| h.is_finished()) {
            progress.report(done.load(Ordering::Relaxed), rows.len() as u64);
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        progress.report(done.load(Ordering::Relaxed), rows.len() as u64);
        progress.finish();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or(Err(EngineError::Cancelled)))
            .collect()
    });
    let mut by_row: Vec<RowCells> = Vec::with_capacity(rows.len());
    for band in bands {
        by_row.extend(band?);
    }
    by_row.sort_unstable_by_key(|(y, _)| *y);
    Ok(by_row.into_iter().flat_map(|(_, cells)| cells).collect())
}
