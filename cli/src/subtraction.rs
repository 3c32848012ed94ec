//! `heaplab subtraction`: finite and all-but subtraction games.

use crate::certificate::CertificateArgs;
use crate::figure::{HeapFigureArgs, HeapSequence};
use crate::output::{join, Format};
use crate::progress::with_budget;
use clap::Args;
use heaplab_engine::certificate::{subtraction_certificate, subtraction_window};
use heaplab_engine::octal::Values;
use heaplab_engine::outcome_cycle::{self, MAX_CYCLE_SEARCH};
use heaplab_engine::ruleset::{parse_count, NumberSet};
use heaplab_engine::subtraction::{self, Limits, DEFAULT_SEARCH};
use heaplab_engine::{all_but, EngineError, Periodicity};
use heaplab_figures::views::heaps::subtraction_link;
use serde_json::{json, Value};

#[derive(Args)]
/// Arguments of `heaplab subtraction`.
pub struct SubtractionArgs {
    /// The subtraction set S, e.g. `2,3,7`, `{2, 3, 7}` or `"2 3 7"`.
    #[arg(
        long,
        conflicts_with = "all_but",
        required_unless_present = "all_but",
        allow_hyphen_values = true
    )]
    set: Option<String>,
    /// All-but subtraction: the excluded move sizes E (moves are every m >= 1 not in E).
    #[arg(long, allow_hyphen_values = true)]
    all_but: Option<String>,
    /// How many heaps (0..terms) to list.
    #[arg(long, default_value = "100", allow_hyphen_values = true)]
    terms: String,
    /// How many heaps the period search may compute before it reports "no period found".
    /// (Default 4000000; 10^12 with --outcomes-only.)
    #[arg(long, allow_hyphen_values = true)]
    search: Option<String>,
    /// Only the outcome period, by the constant-memory solver: no nim-values, and searches up
    /// to 10^13 heaps (default 10^12 when --search is not given).
    #[arg(long, conflicts_with = "all_but")]
    outcomes_only: bool,
    /// Show progress (heaps done of the search, percent, rate, time left) on stderr.
    #[arg(long)]
    progress: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Certificate of the proven nim-period (finite sets only).
    #[command(flatten)]
    certificate: CertificateArgs,
    /// The figure of the first heaps (`--outcomes-only` draws the outcome strip).
    #[command(flatten)]
    figure: HeapFigureArgs,
}

/// The search length of `--outcomes-only` when `--search` is not given.
const OUTCOMES_ONLY_SEARCH: u64 = 1_000_000_000_000;

/// The JSON fields `preperiod`, `period` (and `saltus`) of a periodicity, with `null`s when no
/// period was proven.
fn period_fields(p: &Periodicity) -> (Value, Value, Value) {
    (json!(p.preperiod()), json!(p.period()), json!(p.saltus()))
}

/// Solves the game and renders the report.
pub fn run(args: &SubtractionArgs) -> Result<String, EngineError> {
    let terms = parse_count(&args.terms, "--terms", 1, subtraction::MAX_TERMS)?;
    args.figure.check()?;
    if args.certificate.wanted() {
        if args.outcomes_only || args.all_but.is_some() {
            return Err(EngineError::Parse(
                "--certificate is for the nim-values of a finite set (--set without --outcomes-only)"
                    .into(),
            ));
        }
        args.certificate.check_paths()?;
    }
    if args.outcomes_only {
        return run_outcomes_only(args, terms);
    }
    let search_text = args.search.clone().unwrap_or(DEFAULT_SEARCH.to_string());
    let search =
        parse_count(&search_text, "--search", 1, subtraction::MAX_SEARCH).map_err(|e| {
            EngineError::OutOfRange(format!(
                "{e} (--outcomes-only searches up to {MAX_CYCLE_SEARCH})"
            ))
        })?;
    let limits = Limits::new(terms, search)?;
    if let Some(text) = &args.all_but {
        let excluded = NumberSet::parse_allow_empty(text)?;
        let report = with_budget(args.progress, "heaps", |b| {
            all_but::solve(&excluded, limits, b)
        })?;
        let (preperiod, period, saltus) = period_fields(&report.period);
        let outcomes: String = report
            .values
            .iter()
            .map(|&v| if v == 0 { 'P' } else { 'N' })
            .collect();
        let game = format!("All-but subtraction N \\ {{{}}}", excluded.to_text());
        let values = args
            .figure
            .wanted()
            .then(|| report.values.iter().map(|&v| v as f64).collect());
        let caption = format!("Arithmetic period: {}.", report.period.describe());
        write_figure(
            args,
            &game,
            values,
            &outcomes,
            caption,
            ("E", &excluded.to_text()),
        )?;
        return Ok(match args.format {
            Format::Json => json!({
                "ruleset": "all-but",
                "excluded": report.excluded,
                "values": report.values,
                "outcomes": outcomes,
                "preperiod": preperiod,
                "period": period,
                "saltus": saltus,
                "searched": search,
            })
            .to_string(),
            Format::Text => format!(
                "all-but subtraction N \\ {{{}}}\nnim-values: {}\narithmetic period: {}",
                excluded.to_text(),
                join(&report.values),
                report.period.describe()
            ),
        });
    }
    let set = NumberSet::parse(args.set.as_deref().unwrap_or_default())?;
    let report = with_budget(args.progress, "heaps", |b| {
        subtraction::solve(&set, limits, b)
    })?;
    if args.certificate.wanted() {
        write_certificate(args, &set, &report.nim_period)?;
    }
    let (preperiod, period, _) = period_fields(&report.nim_period);
    let (outcome_preperiod, outcome_period, _) = period_fields(&report.outcome_period);
    let values = args
        .figure
        .wanted()
        .then(|| report.values.iter().map(|&v| f64::from(v)).collect());
    let caption = match args.figure.figure_kind.as_str() {
        "outcomes" => format!("Outcomes: {}.", report.outcome_period.describe()),
        _ => format!("Nim-sequence: {}.", report.nim_period.describe()),
    };
    let game = format!("Subtraction game S = {{{}}}", set.to_text());
    write_figure(
        args,
        &game,
        values,
        &report.outcome_string(),
        caption,
        ("S", &set.to_text()),
    )?;
    Ok(match args.format {
        Format::Json => json!({
            "ruleset": "subtraction",
            "set": report.moves,
            "values": report.values,
            "outcomes": report.outcome_string(),
            "preperiod": preperiod,
            "period": period,
            "outcome_preperiod": outcome_preperiod,
            "outcome_period": outcome_period,
            "searched": search,
        })
        .to_string(),
        Format::Text => format!(
            "subtraction game S = {{{}}}\nnim-values: {}\noutcomes:   {}\nnim-sequence: {}\noutcomes:     {}",
            set.to_text(),
            join(&report.values),
            report.outcome_string(),
            report.nim_period.describe(),
            report.outcome_period.describe()
        ),
    })
}

/// Writes the certificate of the proven nim-period of `set` (the values it needs are
/// recomputed: `n0 + p + max S` of them).
fn write_certificate(
    args: &SubtractionArgs,
    set: &NumberSet,
    period: &Periodicity,
) -> Result<(), EngineError> {
    let (Some(n0), Some(p)) = (period.preperiod(), period.period()) else {
        return Err(EngineError::OutOfRange(
            "no certificate: no nim-period proven within --search".into(),
        ));
    };
    let (_, heaps) = subtraction_window(n0, p, u64::from(set.max()));
    let values = Values::Narrow(subtraction::nim_values(set, heaps as usize));
    let typed = args.set.as_deref().unwrap_or_default();
    args.certificate.write(&values, || {
        subtraction_certificate(typed, set.elements(), period, &values)
    })
}

/// `--outcomes-only`: the outcomes of heaps `0..terms` and the outcome period found by the
/// constant-memory solver, with progress on stderr when asked.
fn run_outcomes_only(args: &SubtractionArgs, terms: u64) -> Result<String, EngineError> {
    let search = match &args.search {
        Some(text) => parse_count(text, "--search", 1, MAX_CYCLE_SEARCH)?,
        None => OUTCOMES_ONLY_SEARCH,
    };
    let set = NumberSet::parse(args.set.as_deref().unwrap_or_default())?;
    let p_bits = subtraction::p_positions(&set, terms as usize);
    let outcomes: String = (0..terms as i64)
        .map(|x| if p_bits.get(x) { 'P' } else { 'N' })
        .collect();
    let started = std::time::Instant::now();
    let period = with_budget(args.progress, "heaps", |b| {
        outcome_cycle::outcome_period(&set, search, b)
    })?;
    let seconds = started.elapsed().as_secs_f64();
    let (outcome_preperiod, outcome_period, _) = period_fields(&period);
    let game = format!("Subtraction game S = {{{}}}", set.to_text());
    let caption = format!("Outcomes: {}.", period.describe());
    write_figure(args, &game, None, &outcomes, caption, ("S", &set.to_text()))?;
    Ok(match args.format {
        Format::Json => json!({
            "ruleset": "subtraction",
            "set": set.elements(),
            "outcomes": outcomes,
            "outcome_preperiod": outcome_preperiod,
            "outcome_period": outcome_period,
            "searched": search,
            "seconds": seconds,
        })
        .to_string(),
        Format::Text => format!(
            "subtraction game S = {{{}}}\noutcomes:   {}\noutcomes:     {} ({seconds:.1} s, constant memory)",
            set.to_text(),
            outcomes,
            period.describe()
        ),
    })
}

/// Writes the `--figure`, if asked, with the `#/subtraction` link of the same game (`key` is
/// `S` or `E` with the set's text).
fn write_figure(
    args: &SubtractionArgs,
    game: &str,
    values: Option<Vec<f64>>,
    outcomes: &str,
    caption: String,
    key: (&str, &str),
) -> Result<(), EngineError> {
    let link = subtraction_link(key.0, key.1, outcomes.len() as u64);
    args.figure.write(HeapSequence {
        game,
        values,
        outcomes,
        caption,
        link,
    })
}
