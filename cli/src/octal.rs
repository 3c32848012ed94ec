//! `heaplab octal`: octal and hexadecimal (code-digit) games and Grundy's game.

use crate::output::{join, Format};
use clap::Args;
use heaplab_engine::octal::{self, Limits, Ruleset};
use heaplab_engine::ruleset::parse_count;
use heaplab_engine::{Budget, EngineError};
use serde_json::json;
use std::io::Write;
use std::time::Instant;

#[derive(Args)]
/// Arguments of `heaplab octal`.
pub struct OctalArgs {
    /// The code (`.16`, `·137`, `4.07`, `.A8F`, `.(3)`, `4.(3)`) or a name (`kayles`, `grundy`).
    #[arg(allow_hyphen_values = true)]
    code: String,
    /// How many values (heaps 0..terms) to print.
    #[arg(long, default_value = "100", allow_hyphen_values = true)]
    terms: String,
    /// Keep doubling the length until Theorem 3.73 proves the period (or --max-heaps is reached).
    #[arg(long)]
    prove: bool,
    /// The most heaps `--prove` may compute.
    #[arg(long, default_value = "64000000", allow_hyphen_values = true)]
    max_heaps: String,
    /// Print progress (heaps computed) on stderr while proving.
    #[arg(long)]
    progress: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

/// Solves the game and renders the report.
pub fn run(args: &OctalArgs) -> Result<String, EngineError> {
    let rules = Ruleset::parse(&args.code)?;
    let cap = if rules.is_finite() && rules.max_heaps_left() <= 2 {
        octal::MAX_HEAPS
    } else {
        octal::MAX_GENERAL_HEAPS
    } as u64;
    let terms = parse_count(&args.terms, "--terms", 1, cap)? as usize;
    let max_heaps = parse_count(&args.max_heaps, "--max-heaps", 1, octal::MAX_HEAPS as u64)?;
    let limits = Limits {
        terms,
        prove: args.prove,
        max_heaps: max_heaps as usize,
    };
    let started = Instant::now();
    let mut last_line = Instant::now();
    let show = args.progress;
    let mut report_progress = |done: u64, total: u64| {
        if show && last_line.elapsed().as_secs() >= 5 {
            last_line = Instant::now();
            let _ = writeln!(std::io::stderr(), "heaplab: {done} of {total} heaps");
        }
        true
    };
    let mut budget = Budget::with_progress(&mut report_progress);
    let report = octal::solve(&rules, limits, &mut budget)?;
    let seconds = started.elapsed().as_secs_f64();
    let p = &report.periodicity;
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
            "proof": report.proof,
            "computed": report.computed,
            "method": report.method,
            "ignore_mask": report.ignore_mask,
            "rare_count": report.rare_count,
            "common_count": report.common_count,
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
                    format!(
                        "\nsparse space: ignore mask {mask}, {rare} rare and {common} common heaps"
                    )
                }
                _ => String::new(),
            };
            let exception = match report.last_exception() {
                Some(last) => format!(", last exception {last}"),
                None => String::new(),
            };
            format!(
                "{title}\nnim-values: {}\n{}{exception}\n{}\ncomputed {} heaps in {seconds:.2} s ({:?} method){sparse}",
                join(&report.values),
                p.describe(),
                report.proof,
                report.computed,
                report.method,
            )
        }
    })
}
