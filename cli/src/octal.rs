//! `heaplab octal`: octal and hexadecimal (code-digit) games and Grundy's game.

use crate::certificate::CertificateArgs;
use crate::checkpoint::CheckpointFile;
use crate::figure::{HeapFigureArgs, HeapSequence};
use crate::output::{join, Format};
use clap::Args;
use heaplab_engine::certificate;
use heaplab_engine::octal::families::{self, Family};
use heaplab_engine::octal::{self, Checkpoint, Limits, Ruleset, RunOptions};
use heaplab_engine::ruleset::parse_count;
use heaplab_engine::EngineError;
use heaplab_figures::views::heaps::octal_link;
use serde_json::json;
use std::time::{Duration, Instant};

#[derive(Args)]
/// Arguments of `heaplab octal`.
pub struct OctalArgs {
    /// The code (`.16`, `·137`, `4.07`, `.A8F`, `.(3)`, `4.(3)`), a name (`kayles`, `grundy`),
    /// or a family: pure breaking `PB(1,2)` (split a heap into l+1 heaps, l in the set) or
    /// take-k-break-k `TkBk(3)` (remove k, split the rest into k heaps); numbers 1..=15.
    #[arg(allow_hyphen_values = true)]
    code: String,
    /// How many values (heaps 0..terms) to print.
    #[arg(long, default_value = "100", allow_hyphen_values = true)]
    terms: String,
    /// Keep doubling the length until Theorem 3.73 proves the period (or --max-heaps is reached).
    #[arg(long)]
    prove: bool,
    /// The most heaps `--prove` may compute (two bytes a heap).
    #[arg(long, default_value = "64000000", allow_hyphen_values = true)]
    max_heaps: String,
    /// The most word operations of the split-set method (hexadecimal, three-heap and infinite
    /// codes), whose time grows faster than the heap count; about 1e9 a second.
    #[arg(long, default_value = "4000000000", allow_hyphen_values = true)]
    max_work: String,
    /// Print progress (heaps done, rate, time left) on stderr every few seconds.
    #[arg(long)]
    progress: bool,
    /// Save the values to FILE every few minutes and, when FILE exists, continue from it.
    #[arg(long, value_name = "FILE")]
    checkpoint: Option<String>,
    /// Seconds between two checkpoint saves.
    #[arg(long, default_value = "300", allow_hyphen_values = true)]
    checkpoint_every: String,
    /// Analyse a sum of heaps (`5,7,9`): nim-value, P or N and every winning move. Heaps
    /// beyond what is computed take their value from the period proven within --max-heaps.
    #[arg(long, allow_hyphen_values = true)]
    position: Option<String>,
    /// Threads for one game, 1 up to the cores of this machine (a second one lists part of the
    /// rare scan ahead when that part is large; the result is the same). Pays only with a core
    /// free (·354, ·376: about 1.2x).
    #[arg(long, default_value = "1", allow_hyphen_values = true)]
    threads: String,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Certificate of the proven period (needs --prove).
    #[command(flatten)]
    certificate: CertificateArgs,
    /// The figure of the first heaps.
    #[command(flatten)]
    figure: HeapFigureArgs,
}

/// Solves the game and renders the report.
pub fn run(args: &OctalArgs) -> Result<String, EngineError> {
    args.figure.check()?;
    if args.certificate.wanted() {
        if !args.prove || args.position.is_some() {
            return Err(EngineError::Parse(
                "--certificate needs --prove and no --position (it certifies a proven period)"
                    .into(),
            ));
        }
        args.certificate.check_paths()?;
    }
    if let Some(family) = Family::parse(&args.code)? {
        return run_family(&family, args);
    }
    let rules = Ruleset::parse(&args.code)?;
    let cap = if rules.fast_method() {
        octal::MAX_TERMS
    } else {
        octal::MAX_GENERAL_HEAPS
    } as u64;
    let terms = parse_count(&args.terms, "--terms", 1, cap)? as usize;
    let max_heaps = parse_count(&args.max_heaps, "--max-heaps", 1, octal::MAX_HEAPS as u64)?;
    let max_work = parse_count(&args.max_work, "--max-work", 1, u64::MAX / 2)?;
    let every = parse_count(&args.checkpoint_every, "--checkpoint-every", 0, 1 << 32)?;
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let threads = parse_count(
        &args.threads,
        "--threads (the cores of this machine)",
        1,
        cores as u64,
    )? as usize;
    if let Some(text) = &args.position {
        if args.figure.wanted() {
            return Err(EngineError::Parse(
                "--figure draws the heap sequence: drop --position".into(),
            ));
        }
        return crate::octal_position::run(&rules, text, max_heaps as usize, args.format);
    }
    let limits = Limits {
        terms,
        prove: args.prove,
        max_heaps: max_heaps as usize,
    };
    let started = Instant::now();
    let mut file = args
        .checkpoint
        .as_ref()
        .map(|path| CheckpointFile::new(path, rules.ascii(), Duration::from_secs(every)))
        .transpose()?;
    let options = RunOptions {
        checkpoint: file.as_mut().map(|f| f as &mut dyn Checkpoint),
        max_work,
        threads,
        ..RunOptions::default()
    };
    let (report, values) = crate::progress::with_budget(args.progress, "heaps", |budget| {
        octal::solve_with_values(&rules, limits, options, budget)
    })?;
    let seconds = started.elapsed().as_secs_f64();
    args.certificate.write(&values, || {
        certificate::octal_certificate(&args.code, &rules, &report, &values)
    })?;
    let (largest, last_rare) = octal::value_summary(&values, report.ignore_mask);
    let p = &report.periodicity;
    let game = match &report.name {
        Some(name) => format!("Octal game {} ({name})", report.code),
        None => format!("Octal game {}", report.code),
    };
    write_figure(args, &game, &report.values, format!("{}.", p.describe()))?;
    Ok(match args.format {
        Format::Json => json!({
            "code": report.code,
            "ascii": report.ascii,
            "name": report.name,
            "kind": report.kind,
            "values": report.values,
            "period": p.period(),
            "saltus": p.saltus(),
            "preperiod": report.preperiod(),
            "last_exception": report.last_exception(),
            "proven": report.proven(),
            "observed": report.observed,
            "proof": report.proof,
            "computed": report.computed,
            "method": report.method,
            "ignore_mask": report.ignore_mask,
            "rare_count": report.rare_count,
            "common_count": report.common_count,
            "largest_value": largest,
            "last_rare_heap": last_rare,
            "seconds": seconds,
        })
        .to_string(),
        Format::Text => {
            let title = match &report.name {
                Some(name) => format!("{} ({name}, {:?})", report.code, report.kind),
                None => format!("{} ({:?})", report.code, report.kind),
            };
            let sparse = match (report.ignore_mask, report.rare_count, report.common_count) {
                (Some(mask), Some(rare), Some(common)) => {
                    let last =
                        last_rare.map_or(String::new(), |n| format!(", the last rare at {n}"));
                    format!(
                        "\nsparse space: ignore mask {mask}, {rare} rare and {common} common heaps{last}"
                    )
                }
                _ => String::new(),
            };
            let exception = match report.last_exception() {
                Some(last) => format!(", last exception {last}"),
                None => String::new(),
            };
            format!(
                "{title}\nnim-values: {}\n{}{exception}\n{}\ncomputed {} heaps in {seconds:.2} s ({:?} method), largest value {}{sparse}",
                join(&report.values),
                p.describe(),
                report.proof,
                report.computed,
                report.method,
                largest.map_or("-".to_string(), |v| v.to_string()),
            )
        }
    })
}

/// `heaplab octal 'PB(…)'` / `'TkBk(…)'`: the family's values and its pattern's verdict.
fn run_family(family: &Family, args: &OctalArgs) -> Result<String, EngineError> {
    if args.certificate.wanted() {
        return Err(EngineError::Parse(format!(
            "no certificate for {}: families are not proven by a periodicity theorem here",
            family.name()
        )));
    }
    let terms = parse_count(&args.terms, "--terms", 1, family.max_heaps() as u64)?;
    let report = crate::progress::with_budget(args.progress, "heaps", |budget| {
        families::solve(family, terms as usize, budget)
    })?;
    let pattern = report.pattern;
    write_figure(
        args,
        &report.name,
        &report.values,
        format!("{}.", report.proof),
    )?;
    Ok(match args.format {
        Format::Json => json!({
            "code": report.name,
            "values": report.values,
            "period": pattern.map(|p| p.period),
            "saltus": pattern.map(|p| p.saltus),
            "preperiod": pattern.map(|p| p.preperiod),
            "proven": report.proven,
            "proof": report.proof,
        })
        .to_string(),
        Format::Text => format!(
            "{}\nnim-values: {}\n{}",
            report.name,
            join(&report.values),
            report.proof
        ),
    })
}

/// Writes the `--figure` of the nim-values `values` of heaps `0..`, if asked, with the
/// `#/octal` link of the same game.
fn write_figure(
    args: &OctalArgs,
    game: &str,
    values: &[u32],
    caption: String,
) -> Result<(), EngineError> {
    if !args.figure.wanted() {
        return Ok(());
    }
    let outcomes: String = values
        .iter()
        .map(|&v| if v == 0 { 'P' } else { 'N' })
        .collect();
    args.figure.write(HeapSequence {
        game,
        values: Some(values.iter().map(|&v| f64::from(v)).collect()),
        outcomes: &outcomes,
        caption,
        link: octal_link(&args.code, values.len() as u64),
    })
}
