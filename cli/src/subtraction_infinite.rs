//! `heaplab subtraction-infinite`: infinite subtraction sets (thesis Sections 3.3.6 and 4.1):
//! nim-values or outcomes of the first heaps and what the thesis proves about the set.

use crate::output::{join, Format};
use crate::progress::with_budget;
use clap::{Args, ValueEnum};
use heaplab_engine::infinite_subtraction::{self as inf, Family};
use heaplab_engine::ruleset::parse_count;
use heaplab_engine::EngineError;
use serde_json::json;

/// Arguments of `heaplab subtraction-infinite`.
#[derive(Args)]
pub struct InfiniteArgs {
    /// The set: `squares` (TAKE-A-SQUARE), `primes` (TAKE-A-PRIME), `primes1` (primes ∪ {1}),
    /// `fibonacci` (SUBTRACT-FIBONACCI), `k-sqrt2` (Theorem 4.4(a)) or `k-multiples`
    /// (Theorem 4.4(b, c), with `--c`).
    #[arg(value_enum)]
    family: Name,
    /// Number of heaps: 0..N (nim-values up to 200,000; outcomes up to 4,000,000).
    #[arg(long, default_value = "100", allow_hyphen_values = true)]
    heaps: String,
    /// For `k-multiples`: K = {c, 2c, 3c, …}.
    #[arg(long, default_value = "2", allow_hyphen_values = true)]
    c: String,
    /// Compute outcomes only (bit-parallel, farther).
    #[arg(long)]
    outcomes_only: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Show progress on stderr.
    #[arg(long)]
    progress: bool,
}

/// The families by name.
#[derive(Clone, Copy, ValueEnum)]
pub enum Name {
    /// The positive squares.
    Squares,
    /// The primes.
    Primes,
    /// The primes and 1.
    Primes1,
    /// The Fibonacci numbers.
    Fibonacci,
    /// {1, 4, 10} ∪ {1 + 11⌊j√2⌋}.
    KSqrt2,
    /// {1, 4, 10} ∪ {1 + 11cj}.
    KMultiples,
}

/// Computes the values and renders JSON or the summary.
pub fn run(args: &InfiniteArgs) -> Result<String, EngineError> {
    let family = match args.family {
        Name::Squares => Family::Squares,
        Name::Primes => Family::Primes,
        Name::Primes1 => Family::PrimesAndOne,
        Name::Fibonacci => Family::Fibonacci,
        Name::KSqrt2 => Family::Theorem44Irrational,
        Name::KMultiples => {
            Family::Theorem44Multiples(parse_count(&args.c, "--c", 1, 1_000_000)? as u32)
        }
    };
    let cap = if args.outcomes_only {
        inf::MAX_OUTCOME_HEAPS
    } else {
        inf::MAX_NIM_HEAPS
    };
    let heaps = parse_count(&args.heaps, "--heaps", 1, cap)?;
    let verdict = family.verdict();
    let (values, outcomes) = with_budget(args.progress, "heaps", |b| {
        let bits = inf::p_positions(family, heaps, b)?;
        let outcomes: String = (0..heaps as i64)
            .map(|n| if bits.get(n) { 'P' } else { 'N' })
            .collect();
        let values = match args.outcomes_only {
            true => None,
            false => Some(inf::nim_values(family, heaps, b)?),
        };
        Ok::<_, EngineError>((values, outcomes))
    })?;
    let first_moves = family.moves_below(heaps.min(1_000));
    Ok(match args.format {
        Format::Json => json!({
            "family": family,
            "moves_below_1000": first_moves,
            "values": values,
            "outcomes": outcomes,
            "verdict": verdict,
        })
        .to_string(),
        Format::Text => {
            let mut out = format!(
                "moves: {} …\nverdict: {} ({})\noutcomes: {}",
                join(&first_moves[..first_moves.len().min(20)]),
                verdict.claim,
                verdict.theorem,
                outcomes
            );
            if let Some(v) = values {
                out.push_str(&format!("\nnim-values: {}", join(&v)));
            }
            out
        }
    })
}
