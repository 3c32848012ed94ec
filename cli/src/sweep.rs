//! `heaplab sweep`: walk a whole family of rulesets on all cores, with shards and resume.
//!
//! Threads (scoped, each owning its buffers) claim chunks from an atomic counter; the main
//! thread merges their summaries (the merge does not depend on the order, see
//! `heaplab_engine::sweep::aggregate`), appends each to `FILE.partial` when `--out FILE` is
//! given, and reports progress. Re-running the same command after an interruption skips the
//! chunks the log holds and writes the same final file.

use crate::figure::FigureArgs;
use crate::progress::Progress;
use crate::sweep_file::{self, PartialLog, Rendered, ShardFile, SweepFormat};
use clap::Args;
use heaplab_engine::period_map::{Window, MAX_FIXED};
use heaplab_engine::ruleset::{parse_count, parse_range};
use heaplab_engine::subtraction::MAX_SEARCH;
use heaplab_engine::sweep::families::rules::RuleSweep;
use heaplab_engine::sweep::family::{MAX_DIGITS, MAX_SET_BOUND};
use heaplab_engine::sweep::run::{MAX_ROWS, MAX_TOP};
use heaplab_engine::sweep::{
    shard_range, Family, FamilyOptions, Summary, Sweep, SweepSpec, TopSpec,
};
use heaplab_engine::{Budget, EngineError};
use heaplab_figures::views::{explore::histogram_figure, page_link};
use std::ops::Range;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;

/// Arguments of `heaplab sweep`.
#[derive(Args)]
pub struct SweepArgs {
    #[arg(help = family_help())]
    family: String,
    /// The ruleset of the `rules` family: a ruleset file or a preset name (`mark-t`, …).
    ruleset: Option<String>,
    /// A parameter of the `rules` family: `NAME=A..B` sweeps the whole numbers A to B,
    /// `NAME=VALUE` fixes it for the whole sweep (repeatable).
    #[arg(long = "param", value_name = "NAME=A..B", allow_hyphen_values = true)]
    params: Vec<String>,
    /// The bound m of the set families: sets of numbers in 1..m.
    #[arg(long, allow_hyphen_values = true)]
    max_move: Option<String>,
    /// The number of code digits of the octal and hexadecimal families.
    #[arg(long, allow_hyphen_values = true)]
    digits: Option<String>,
    /// The fixed move of the period-map families (`3move`, `4move`: s3; `maxsym5`: m).
    #[arg(long, allow_hyphen_values = true)]
    fixed: Option<String>,
    /// The period-map window's x range, e.g. `40..160`.
    #[arg(long, allow_hyphen_values = true)]
    x: Option<String>,
    /// The period-map window's y range, e.g. `90..210`.
    #[arg(long, allow_hyphen_values = true)]
    y: Option<String>,
    /// Only sets of exactly K elements.
    #[arg(long, allow_hyphen_values = true)]
    size: Option<String>,
    /// Only sets whose largest element is exactly m.
    #[arg(long)]
    exact_max: bool,
    /// A named check to run on every ruleset (repeatable).
    #[arg(long = "check")]
    checks: Vec<String>,
    /// Keep only rulesets where EXPR holds, e.g. `period > 2 * max(S)`.
    #[arg(long = "where", allow_hyphen_values = true)]
    filter: Option<String>,
    /// Count rulesets per value of this metric (`max`, `size`, `period`, …).
    #[arg(long)]
    group_by: Option<String>,
    /// With --group-by: a figure of the histogram (counts on a log axis).
    #[command(flatten)]
    figure: FigureArgs,
    /// The K rulesets with the largest METRIC, e.g. `period:10` (ties by index).
    #[arg(long, allow_hyphen_values = true)]
    top: Option<String>,
    /// Keep the first N rows (per-ruleset metrics) in the output.
    #[arg(long, allow_hyphen_values = true)]
    rows: Option<String>,
    /// How many heaps each period search may compute.
    #[arg(long, allow_hyphen_values = true)]
    search: Option<String>,
    /// Compute only shard I of N (`--shard 2/4`), a contiguous index range, for `heaplab merge`.
    #[arg(long, allow_hyphen_values = true)]
    shard: Option<String>,
    /// Output format (a shard always writes its mergeable JSON).
    #[arg(long, value_enum, default_value_t = SweepFormat::Json)]
    format: SweepFormat,
    /// Write the result here; a run interrupted midway resumes from `FILE.partial`.
    #[arg(long)]
    out: Option<String>,
    /// Print rulesets done, rate and time left to stderr.
    #[arg(long)]
    progress: bool,
    /// Worker threads (default: all cores).
    #[arg(long, allow_hyphen_values = true)]
    threads: Option<String>,
    /// Stop after this many chunks (a work cap; re-run the command to resume).
    #[arg(long, hide = true, allow_hyphen_values = true)]
    stop_after_chunks: Option<String>,
}

/// The family argument's help, from the registered families' summaries.
fn family_help() -> String {
    format!("The family: {}.", Family::summaries().join(", "))
}

/// The ruleset and parameters of the `rules` family (`None` when neither is given).
fn rule_sweep(args: &SweepArgs) -> Result<Option<RuleSweep>, EngineError> {
    let Some(name) = &args.ruleset else {
        return match args.params.is_empty() {
            true => Ok(None),
            false => Err(EngineError::Parse(
                "--param needs a ruleset: `heaplab sweep rules FILE|PRESET --param NAME=A..B`"
                    .into(),
            )),
        };
    };
    RuleSweep::new(crate::rules::ruleset_text(name)?, &args.params).map(Some)
}

/// Builds the spec from the arguments, with one-line errors.
fn spec(args: &SweepArgs) -> Result<SweepSpec, EngineError> {
    let small = |text: &Option<String>, name, min, max| {
        text.as_deref()
            .map(|t| parse_count(t, name, min, u64::from(max)).map(|v| v as u32))
            .transpose()
    };
    let options = FamilyOptions {
        bound: small(&args.max_move, "--max-move", 1, MAX_SET_BOUND)?,
        size: small(&args.size, "--size", 0, MAX_SET_BOUND)?,
        exact_max: args.exact_max,
        digits: small(&args.digits, "--digits", 1, MAX_DIGITS)?,
        fixed: small(&args.fixed, "--fixed", 1, MAX_FIXED)?,
        window: window(args)?,
        rules: rule_sweep(args)?,
    };
    let family = Family::parse(&args.family, &options)?;
    let top = args.top.as_deref().map(parse_top).transpose()?;
    let search = family.default_search();
    Ok(SweepSpec {
        family,
        checks: args.checks.clone(),
        filter: args.filter.clone(),
        group_by: args.group_by.clone(),
        top,
        rows: optional_count(&args.rows, "--rows", 0, 0, MAX_ROWS)?,
        search: optional_count(&args.search, "--search", search, 1, MAX_SEARCH)?,
    })
}

/// The period-map window of `--x A..B --y C..D`, when both are given.
fn window(args: &SweepArgs) -> Result<Option<Window>, EngineError> {
    let (x, y) = match (&args.x, &args.y) {
        (Some(x), Some(y)) => (x, y),
        (None, None) => return Ok(None),
        _ => return Err(EngineError::Parse("give both --x A..B and --y C..D".into())),
    };
    let ((x0, x1), (y0, y1)) = (parse_range(x, "--x")?, parse_range(y, "--y")?);
    Ok(Some(Window { x0, x1, y0, y1 }))
}

fn optional_count(
    text: &Option<String>,
    name: &str,
    default: u64,
    min: u64,
    max: u64,
) -> Result<u64, EngineError> {
    text.as_deref()
        .map_or(Ok(default), |t| parse_count(t, name, min, max))
}

/// `METRIC:K`.
fn parse_top(text: &str) -> Result<TopSpec, EngineError> {
    let (metric, k) = text.split_once(':').ok_or_else(|| {
        EngineError::Parse(format!(
            "--top must be METRIC:K, e.g. period:10, not '{text}'"
        ))
    })?;
    Ok(TopSpec {
        metric: metric.trim().to_string(),
        k: parse_count(k, "--top's K", 1, MAX_TOP)?,
    })
}

/// `I/N`.
pub fn parse_shard(text: &str) -> Result<[u64; 2], EngineError> {
    let (i, n) = text.split_once('/').ok_or_else(|| {
        EngineError::Parse(format!("--shard must be I/N, e.g. 0/4, not '{text}'"))
    })?;
    Ok([
        parse_count(i, "--shard's I", 0, u64::MAX)?,
        parse_count(n, "--shard's N", 1, 1_000_000)?,
    ])
}

/// Runs the sweep and writes (or returns) its result.
pub fn run(args: &SweepArgs) -> Result<String, EngineError> {
    args.figure.check(true)?;
    if args.figure.wanted() && args.group_by.is_none() {
        return Err(EngineError::Parse(
            "--figure draws the --group-by histogram: add --group-by METRIC".into(),
        ));
    }
    let sweep = Sweep::new(spec(args)?)?;
    let shard = args.shard.as_deref().map(parse_shard).transpose()?;
    let len = sweep.spec().family.len();
    let range = match shard {
        Some([i, n]) => shard_range(len, i, n)?,
        None => 0..len,
    };
    let threads = optional_count(&args.threads, "--threads", cores(), 1, MAX_THREADS)? as usize;
    let stop_after = optional_count(
        &args.stop_after_chunks,
        "--stop-after-chunks",
        u64::MAX,
        1,
        u64::MAX,
    )?;
    if shard.is_some() && args.format != SweepFormat::Json {
        return Err(EngineError::Parse(
            "a shard writes JSON for `heaplab merge`; drop --format or --shard".into(),
        ));
    }
    sweep_file::check_target(args.format, args.out.as_deref())?;
    // A special target (`/dev/stdout`, a symlink) keeps no resume log beside it.
    let (mut log, done) = match args.out.as_deref().filter(|o| !sweep_file::is_special(o)) {
        Some(out) => {
            let (log, done) = PartialLog::open(out, &sweep, shard, &range)?;
            (Some(log), done)
        }
        None => (None, Vec::new()),
    };
    let summary = walk(
        &sweep,
        &range,
        threads,
        done,
        &mut log,
        stop_after,
        args.progress,
    )?;
    if shard.is_none() {
        write_histogram(args, &summary)?;
    }
    let text = match shard {
        Some(shard) => Rendered::Text(
            ShardFile {
                format: sweep_file::TAG.into(),
                spec: sweep.spec().clone(),
                shard,
                summary,
            }
            .to_text(),
        ),
        None => sweep_file::render(&sweep, &summary, args.format)?,
    };
    let written = sweep_file::emit(args.out.as_deref(), text)?;
    if let Some(log) = log {
        log.finish()?;
    }
    Ok(written)
}

/// Writes `--figure`, if asked: the histogram of the `--group-by` counts, with the `#/explore`
/// link of the same sweep (the page's `m` is `--max-move`).
fn write_histogram(args: &SweepArgs, summary: &Summary) -> Result<(), EngineError> {
    let Some(group) = args.group_by.as_deref().filter(|_| args.figure.wanted()) else {
        return Ok(());
    };
    let mut pairs = vec![("family", args.family.as_str())];
    if let Some(m) = &args.max_move {
        pairs.push(("m", m));
    }
    pairs.push(("group", group));
    let link = page_link("explore", &pairs);
    args.figure
        .write(histogram_figure(&args.family, group, &summary.groups), link)
}

/// The most worker threads `--threads` may ask for: far past any machine's cores, far below
/// the thread count an OS refuses.
pub const MAX_THREADS: u64 = 256;

/// The default thread count: all cores (at most [`MAX_THREADS`]).
fn cores() -> u64 {
    std::thread::available_parallelism()
        .map_or(1, |n| n.get() as u64)
        .min(MAX_THREADS)
}

/// Walks the chunks of `range` not in `done` on `threads` threads and merges everything.
fn walk(
    sweep: &Sweep,
    range: &Range<u64>,
    threads: usize,
    done: Vec<(u64, Summary)>,
    log: &mut Option<PartialLog>,
    stop_after: u64,
    show_progress: bool,
) -> Result<Summary, EngineError> {
    let total = Sweep::chunks(range);
    let mut finished = vec![false; total as usize];
    let mut summary = sweep.empty_summary();
    let mut progress = Progress::new(show_progress, "rulesets");
    let mut rulesets = 0;
    for (chunk, part) in done.into_iter().filter(|(c, _)| *c < total) {
        if !std::mem::replace(&mut finished[chunk as usize], true) {
            rulesets += part.rulesets;
            summary.merge(part, sweep.caps());
        }
    }
    let pending: Vec<u64> = (0..total).filter(|&c| !finished[c as usize]).collect();
    let next = AtomicU64::new(0);
    let stop = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel::<Result<(u64, Summary), EngineError>>();
    let mut received = 0u64;
    let mut spawn_error = None;
    let outcome = std::thread::scope(|scope| -> Result<(), EngineError> {
        for _ in 0..threads.min(pending.len()).max(1) {
            let tx = tx.clone();
            let (next, stop, pending) = (&next, &stop, &pending);
            let worker = move || loop {
                let i = next.fetch_add(1, Ordering::Relaxed) as usize;
                if i >= pending.len() || stop.load(Ordering::Relaxed) {
                    break;
                }
                let chunk = Sweep::chunk(range, pending[i]);
                let part = sweep.run_range(chunk, &mut Budget::unlimited());
                if tx.send(part.map(|p| (pending[i], p))).is_err() {
                    break;
                }
            };
            if let Err(e) = std::thread::Builder::new().spawn_scoped(scope, worker) {
                // The threads already started finish their chunks; then the run stops.
                stop.store(true, Ordering::Relaxed);
                spawn_error = Some(EngineError::OutOfRange(format!(
                    "cannot start a worker thread ({e}); try a smaller --threads"
                )));
                break;
            }
        }
        drop(tx);
        for message in rx {
            let (chunk, part) = message.inspect_err(|_| stop.store(true, Ordering::Relaxed))?;
            if let Some(log) = log.as_mut() {
                log.record(chunk, &part)?;
            }
            rulesets += part.rulesets;
            summary.merge(part, sweep.caps());
            received += 1;
            progress.report(rulesets, range.end - range.start);
            if received >= stop_after {
                // Exactly `stop_after` chunks are logged; the rest are dropped with `rx`.
                stop.store(true, Ordering::Relaxed);
                break;
            }
        }
        Ok(())
    });
    progress.finish();
    outcome?;
    if let Some(error) = spawn_error {
        return Err(error);
    }
    if (received as usize) < pending.len() {
        return Err(EngineError::OutOfRange(format!(
            "stopped after {received} chunks by the work cap; run the same command again to resume"
        )));
    }
    Ok(summary)
}
