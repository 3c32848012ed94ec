//! `heaplab subtraction`: finite and all-but subtraction games.

use crate::output::{join, Format};
use clap::Args;
use heaplab_engine::ruleset::{parse_count, NumberSet};
use heaplab_engine::subtraction::{self, Limits, DEFAULT_SEARCH};
use heaplab_engine::{all_but, Budget, EngineError, Periodicity};
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
    #[arg(long, default_value_t = DEFAULT_SEARCH.to_string(), allow_hyphen_values = true)]
    search: String,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

/// The JSON fields `preperiod`, `period` (and `saltus`) of a periodicity, with `null`s when no
/// period was proven.
fn period_fields(p: &Periodicity) -> (Value, Value, Value) {
    (json!(p.preperiod()), json!(p.period()), json!(p.saltus()))
}

/// Solves the game and renders the report.
pub fn run(args: &SubtractionArgs) -> Result<String, EngineError> {
    let terms = parse_count(&args.terms, "--terms", 1, subtraction::MAX_TERMS)?;
    let search = parse_count(&args.search, "--search", 1, subtraction::MAX_SEARCH)?;
    let limits = Limits::new(terms, search)?;
    let mut budget = Budget::unlimited();
    if let Some(text) = &args.all_but {
        let excluded = NumberSet::parse_allow_empty(text)?;
        let report = all_but::solve(&excluded, limits, &mut budget)?;
        let (preperiod, period, saltus) = period_fields(&report.period);
        let outcomes: String = report
            .values
            .iter()
            .map(|&v| if v == 0 { 'P' } else { 'N' })
            .collect();
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
    let report = subtraction::solve(&set, limits, &mut budget)?;
    let (preperiod, period, _) = period_fields(&report.nim_period);
    let (outcome_preperiod, outcome_period, _) = period_fields(&report.outcome_period);
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
