//! `heaplab cumulative-subtraction` and `heaplab truncated`: cumulative subtraction (Stewart's
//! `G_s`), one or two piles, and the truncated-support sequences `tr^m`.

use crate::figure::FigureArgs;
use crate::output::{check_png_size, join, write_png, write_text, Format};
use crate::progress::with_budget;
use clap::Args;
use heaplab_engine::cumulative_subtraction::{self as cs};
use heaplab_engine::ruleset::{parse_count, NumberSet};
use heaplab_engine::subtraction::{Limits, DEFAULT_SEARCH, MAX_SEARCH, MAX_TERMS};
use heaplab_engine::EngineError;
use heaplab_figures::views::cumulative::{
    circle_figures, cumulative_link, heatmap_figure, heatmap_pixels, truncated_figure,
};
use heaplab_figures::TikzOptions;
use serde_json::json;

/// Arguments of `heaplab cumulative-subtraction`.
#[derive(Args)]
pub struct CumulativeArgs {
    /// The action set S, e.g. `2,3`.
    #[arg(long, allow_hyphen_values = true)]
    set: String,
    /// How many heaps (0..terms) to list.
    #[arg(long, default_value = "40", allow_hyphen_values = true)]
    terms: String,
    /// How many heaps the period search may compute.
    #[arg(long, default_value_t = DEFAULT_SEARCH.to_string(), allow_hyphen_values = true)]
    search: String,
    /// Number of piles: 1, or 2 for the two-pile grid (Section 8).
    #[arg(long, default_value = "1")]
    piles: String,
    /// Two piles: the window width (x1 in 0..width).
    #[arg(long, default_value = "60", allow_hyphen_values = true)]
    width: String,
    /// Two piles: the window height (x2 in 0..height).
    #[arg(long, default_value = "60", allow_hyphen_values = true)]
    height: String,
    /// Two piles: write the raw data pixels of the heatmap as a PNG, one block of `--scale`
    /// pixels per position, x2 = 0 at the bottom, in the colours of `--figure` (no axes or
    /// colour bar: `--figure` draws those).
    #[arg(long)]
    out: Option<String>,
    /// Two piles: pixels per position in the PNG (1 to 16).
    #[arg(long, default_value = "1", allow_hyphen_values = true)]
    scale: String,
    /// One pile: write the circle diagrams of Figures 1 and 2 as PREFIX-fig1.svg (two actions
    /// only), PREFIX-fig2-initial.svg and PREFIX-fig2-converged.svg; PREFIX.pdf (or .png,
    /// .tex) writes them in that format. --figure-size, --figure-palette and --no-provenance
    /// apply.
    #[arg(long)]
    circles: Option<String>,
    /// The starting score p (paper, after Definition 3: it only shifts the result).
    #[arg(long, default_value = "0", allow_hyphen_values = true)]
    start_score: String,
    /// Who starts: `positive` (the maximiser, the paper's default) or `negative`.
    #[arg(long, default_value = "positive")]
    starter: String,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Show progress (done/total, percent, rate, time left) on stderr.
    #[arg(long)]
    progress: bool,
    /// Two piles: a figure of the heatmap (x1/x2 axes and a colour bar).
    #[command(flatten)]
    figure: FigureArgs,
}

/// Reads `--start-score` and `--starter`: `(p, positive_starts)`.
fn start(args: &CumulativeArgs) -> Result<(i64, bool), EngineError> {
    let text = args.start_score.trim();
    let p = text
        .parse::<i64>()
        .ok()
        .filter(|p| p.unsigned_abs() <= 1 << 40)
        .ok_or_else(|| {
            EngineError::Parse(format!(
                "--start-score must be a whole number between -2^40 and 2^40, not '{text}'"
            ))
        })?;
    match args.starter.trim() {
        "positive" => Ok((p, true)),
        "negative" => Ok((p, false)),
        other => Err(EngineError::Parse(format!(
            "--starter must be positive or negative, not '{other}'"
        ))),
    }
}

/// Solves the game and renders it.
pub fn run(args: &CumulativeArgs) -> Result<String, EngineError> {
    let set = NumberSet::parse(&args.set)?;
    match parse_count(&args.piles, "--piles", 1, 2)? {
        1 if args.figure.wanted() => Err(EngineError::Parse(
            "--figure draws the two-pile heatmap: add --piles 2 (or use --circles for one pile)"
                .into(),
        )),
        1 if args.out.is_some() => Err(EngineError::Parse(
            "--out draws the two-pile heatmap: add --piles 2 (or use --circles for one pile)"
                .into(),
        )),
        1 => one_pile(&set, args),
        _ if args.circles.is_some() => Err(EngineError::Parse(
            "--circles draws one-pile diagrams: drop --piles 2 (or use --out for two piles)".into(),
        )),
        _ => two_piles(&set, args),
    }
}

fn one_pile(set: &NumberSet, args: &CumulativeArgs) -> Result<String, EngineError> {
    let terms = parse_count(&args.terms, "--terms", 1, MAX_TERMS)?;
    let search = parse_count(&args.search, "--search", 1, MAX_SEARCH)?;
    let (p, positive_starts) = start(args)?;
    let limits = Limits::new(terms, search)?;
    let r = with_budget(args.progress, "heaps", |b| cs::solve(set, limits, b))?;
    if let Some(prefix) = &args.circles {
        write_circles(set, limits, prefix, args)?;
    }
    let final_scores: Vec<i64> = r
        .outcomes
        .iter()
        .map(|&o| cs::final_score(o, p, positive_starts))
        .collect();
    let sacrifices: Vec<u32> = (0..r.outcomes.len()).map(|x| r.sacrifice(x)).collect();
    Ok(match args.format {
        Format::Json => json!({
            "set": r.moves,
            "outcomes": r.outcomes,
            "optimal_actions": r.optimal_actions,
            "greedy_actions": r.greedy_actions,
            "sacrifices": sacrifices,
            "convergence": r.convergence,
            "converged_action": r.converged_action,
            "preperiod": r.period.preperiod(),
            "period": r.period.period(),
            "theorem_3_holds": r.theorem_3_holds,
            "corollary_5_holds": r.corollary_5_holds,
            "start_score": p,
            "starter": if positive_starts { "positive" } else { "negative" },
            "final_scores": final_scores,
        })
        .to_string(),
        Format::Text => format!(
            "cumulative subtraction S = {{{}}} (Stewart's G_s)\no(x):   {}\nopt(x): {}\nconvergence ξ = {}\noutcomes: {}",
            set.to_text(),
            join(&r.outcomes),
            r.optimal_actions.iter().map(|a| a.map_or("-".to_string(), |s| s.to_string())).collect::<Vec<_>>().join(" "),
            r.convergence.map_or("not found".to_string(), |x| x.to_string()),
            r.period.describe()
        ) + &*if (p, positive_starts) == (0, true) {
            String::new()
        } else {
            format!(
                "\nfinal score from start score {p}, {} starts: {}",
                if positive_starts { "Positive" } else { "Negative" },
                join(&final_scores)
            )
        },
    })
}

/// Writes the circle diagrams (Figures 1 and 2) next to `prefix` as `PREFIX-fig1.svg`, … (the
/// figure layer's, with the `--figure-*` choices), their provenance the page's link;
/// `PREFIX.pdf` (or `.png`, `.tex`) writes `PREFIX-fig1.pdf`, ….
fn write_circles(
    set: &NumberSet,
    limits: Limits,
    prefix: &str,
    args: &CumulativeArgs,
) -> Result<(), EngineError> {
    let d = cs::circle_diagrams(set, limits)?;
    let side = |text: &str, name| {
        parse_count(text, name, 1, u64::from(cs::MAX_PILE_SIDE)).map(|v| v as u32)
    };
    let window = (
        side(&args.width, "--width")?,
        side(&args.height, "--height")?,
    );
    let link = cumulative_link(&set.to_text(), limits.terms, window, 25);
    // `PREFIX.pdf` (or .png, .tex, .svg) picks the format; a bare prefix writes SVG.
    let (prefix, ext) = match prefix.rsplit_once('.') {
        Some((stem, ext)) if ["svg", "pdf", "png", "tex"].contains(&ext) => (stem, ext),
        _ => (prefix, "svg"),
    };
    for (key, fig) in circle_figures(set, &d) {
        let path = format!("{prefix}-{key}.{ext}");
        args.figure
            .write_to(&path, fig, link.clone(), &TikzOptions::default())?;
    }
    Ok(())
}

fn two_piles(set: &NumberSet, args: &CumulativeArgs) -> Result<String, EngineError> {
    let side = u64::from(cs::MAX_PILE_SIDE);
    let width = parse_count(&args.width, "--width", 1, side)? as u32;
    let height = parse_count(&args.height, "--height", 1, side)? as u32;
    let scale = parse_count(&args.scale, "--scale", 1, 16)? as u32;
    check_png_size(width, height, scale)?;
    args.figure.check(false)?;
    let r = cs::two_piles(set, width, height)?;
    if args.figure.wanted() {
        let terms = parse_count(&args.terms, "--terms", 1, MAX_TERMS)?;
        let link = cumulative_link(&set.to_text(), terms, (width, height), 25);
        args.figure
            .write(heatmap_figure(&set.to_text(), &r.grid), link)?;
    }
    if let Some(path) = &args.out {
        let rgba = heatmap_pixels(&r.grid, args.figure.palette()?);
        write_png(path, width, height, &rgba, scale)?;
    }
    let lines = |ls: &[heaplab_engine::Periodicity]| {
        ls.iter()
            .map(|l| json!({"preperiod": l.preperiod(), "period": l.period()}))
            .collect::<Vec<_>>()
    };
    Ok(match args.format {
        Format::Json => json!({
            "set": r.moves,
            "width": width,
            "height": height,
            "grid": r.grid,
            "rows": lines(&r.rows),
            "columns": lines(&r.columns),
            "conjecture_18_counterexample": r.conjecture_18_counterexample(),
            "diagonals": r.diagonals.iter().map(|(k, l)| json!({"k": k, "preperiod": l.preperiod(), "period": l.period()})).collect::<Vec<_>>(),
            "conjecture_19_unproven": r.conjecture_19_unproven(),
        })
        .to_string(),
        Format::Text => {
            let proven = r
                .rows
                .iter()
                .chain(&r.columns)
                .filter(|l| l.period().is_some())
                .count();
            let diagonals = r.diagonals.len() - r.conjecture_19_unproven().len();
            format!(
                "two-pile cumulative subtraction S = {{{}}}, {width}×{height}: {proven} rows and columns with a proven period; Conjecture 18 counterexample: {}\nk-diagonals |k| <= {}: {diagonals} of {} with a proven period (Conjecture 19)",
                set.to_text(),
                r.conjecture_18_counterexample().map_or("none".to_string(), |c| format!("{c:?}")),
                cs::diagonal_reach(width, height),
                r.diagonals.len()
            )
        }
    })
}

/// Arguments of `heaplab truncated`.
#[derive(Args)]
pub struct TruncatedArgs {
    /// The largest action m (the games are {a, …, m} for a = 1 … m-1).
    #[arg(long, allow_hyphen_values = true)]
    m: String,
    /// Write the plot of tr^m against a (Figure 3) as an SVG file: the `--figure` chart,
    /// without the provenance line.
    #[arg(long)]
    out: Option<String>,
    /// Also check Conjecture 16 for every m' from 3 up to this value.
    #[arg(long, allow_hyphen_values = true)]
    check_up_to: Option<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Show progress (done/total, percent, rate, time left) on stderr.
    #[arg(long)]
    progress: bool,
    /// A figure of tr^m against a (integer axes, title, provenance).
    #[command(flatten)]
    figure: FigureArgs,
}

/// Computes `tr^m` (and optionally checks Conjecture 16 on a range).
pub fn run_truncated(args: &TruncatedArgs) -> Result<String, EngineError> {
    let m = parse_count(&args.m, "--m", 2, cs::MAX_TRUNCATED_M.into())? as u32;
    let up_to = args
        .check_up_to
        .as_deref()
        .map(|text| parse_count(text, "--check-up-to", 3, cs::MAX_TRUNCATED_M.into()))
        .transpose()?;
    args.figure.check(true)?;
    let tr = with_budget(args.progress, "values of a", |b| {
        cs::truncated_sequence_with(m, b)
    })?;
    if let Some(path) = &args.out {
        let svg = truncated_figure(m, &tr)
            .to_svg()
            .map_err(|e| EngineError::OutOfRange(e.to_string()))?;
        write_text(path, &svg)?;
    }
    let link = cumulative_link("2,3", 40, (60, 60), m);
    args.figure.write(truncated_figure(m, &tr), link)?;
    let duality = (m >= 3).then(|| cs::duality_of(m, &tr));
    let range = match up_to {
        Some(up_to) => Some(with_budget(args.progress, "values of m", |b| {
            cs::check_duality_range(up_to as u32, b)
        })?),
        None => None,
    };
    let counterexample = range.as_ref().and_then(|checks| {
        checks
            .iter()
            .find(|c| !(c.count_holds && c.duality_holds))
            .map(|c| c.m)
    });
    Ok(match args.format {
        Format::Json => json!({
            "m": m,
            "tr": tr,
            "duality": duality,
            "checked_up_to": range.as_ref().and_then(|c| c.last().map(|c| c.m)),
            "conjecture_16_counterexample": counterexample,
        })
        .to_string(),
        Format::Text => format!(
            "tr^{m} = ({})\nConjecture 16 at m = {m}: {}{}",
            tr.iter().map(u64::to_string).collect::<Vec<_>>().join(","),
            duality.map_or("n/a".to_string(), |d| (d.count_holds && d.duality_holds)
                .to_string()),
            range.map_or(String::new(), |c| format!(
                "\nchecked m = 3..={}: {}",
                c.last().map_or(0, |c| c.m),
                counterexample.map_or("no counterexample".to_string(), |m| format!(
                    "counterexample at m = {m}"
                ))
            ))
        ),
    })
}
