//! `heaplab rules`: a heap game written in the ruleset language (a file or a shipped preset),
//! solved by the engine's generic solver: nim-values, outcomes under its convention, the
//! period seen (never claimed as proven) and the built-in family its options equal.

use crate::output::join;
use crate::progress::with_budget;
use clap::{Args, ValueEnum};
use heaplab_engine::rules::{self, presets, Convention, HeapReport};
use heaplab_engine::ruleset::parse_count;
use heaplab_engine::EngineError;
use serde_json::json;

/// Arguments of `heaplab rules`.
#[derive(Args)]
pub struct RulesArgs {
    /// A ruleset file (`my-game.rhai`) or a preset name (`mark`, `kayles`, …; `--list` names
    /// them all).
    #[arg(required_unless_present = "list")]
    ruleset: Option<String>,
    /// Sets a parameter the ruleset declares: `--param t=5`, `--param S=1,2` (repeatable).
    #[arg(long = "param", value_name = "NAME=VALUE")]
    params: Vec<String>,
    /// Number of heaps: 0..N (at most 10,000,000).
    #[arg(long, default_value = "100", allow_hyphen_values = true)]
    terms: String,
    /// Plays the ruleset under misère play, whatever it declares.
    #[arg(long)]
    misere: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = RulesFormat::Text)]
    format: RulesFormat,
    /// Lists the presets with their first comment line, and stops.
    #[arg(long)]
    list: bool,
    /// Show progress on stderr.
    #[arg(long)]
    progress: bool,
}

/// How `heaplab rules` prints its result.
#[derive(Clone, Copy, ValueEnum)]
pub enum RulesFormat {
    /// A readable summary.
    Text,
    /// One JSON object.
    Json,
    /// One row a heap: `heap,value,outcome`.
    Csv,
}

/// The text of a preset or a file; a name that is neither is a one-line error.
fn ruleset_text(name: &str) -> Result<String, EngineError> {
    if let Some(preset) = presets::preset(name) {
        return Ok(preset.text.to_string());
    }
    let meta = std::fs::metadata(name).map_err(|_| {
        EngineError::Parse(format!(
            "'{name}' is neither a file nor a preset (presets: {})",
            presets::names()
        ))
    })?;
    if meta.len() > rules::script::MAX_TEXT as u64 {
        return Err(EngineError::OutOfRange(format!(
            "{name}: a ruleset file may be at most {} bytes",
            rules::script::MAX_TEXT
        )));
    }
    std::fs::read_to_string(name).map_err(|e| EngineError::Parse(format!("{name}: {e}")))
}

/// `NAME=VALUE` pairs from the `--param` flags.
fn parse_params(params: &[String]) -> Result<Vec<(String, String)>, EngineError> {
    params
        .iter()
        .map(|p| match p.split_once('=') {
            Some((name, value)) if !name.trim().is_empty() => {
                Ok((name.trim().to_string(), value.to_string()))
            }
            _ => Err(EngineError::Parse(format!(
                "--param {p}: write NAME=VALUE, such as --param t=5"
            ))),
        })
        .collect()
}

/// The presets, one a line: the name and the first line of its comment.
fn preset_list() -> String {
    presets::PRESETS
        .iter()
        .map(|p| {
            let about = p.text.lines().next().unwrap_or("");
            format!("{:<16} {}", p.name, about.trim_start_matches("// "))
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Solves the ruleset and renders the summary, JSON or CSV.
pub fn run(args: &RulesArgs) -> Result<String, EngineError> {
    if args.list {
        return Ok(preset_list());
    }
    let name = args.ruleset.as_deref().unwrap_or_default();
    let text = ruleset_text(name)?;
    let terms = parse_count(&args.terms, "--terms", 1, rules::MAX_TERMS)?;
    let mut script = rules::compile(&text, &parse_params(&args.params)?)?;
    if args.misere {
        script.header.convention = Convention::Misere;
    }
    let report = with_budget(args.progress, "heaps", |b| {
        rules::solve_heaps(&script, terms, b)
    })?;
    Ok(match args.format {
        RulesFormat::Json => to_json(&report, terms),
        RulesFormat::Csv => to_csv(&report),
        RulesFormat::Text => to_text(&report, terms),
    })
}

fn outcome_letters(report: &HeapReport) -> String {
    report.outcomes.iter().map(|o| format!("{o:?}")).collect()
}

fn to_json(report: &HeapReport, terms: u64) -> String {
    json!({
        "name": report.header.name,
        "convention": report.header.convention,
        "params": report.header.params.iter().map(|(n, v)| (n.clone(), json!(v.text()))).collect::<serde_json::Map<_, _>>(),
        "values": report.values,
        "outcomes": outcome_letters(report),
        "outcomes_stopped_at": report.outcomes_stopped_at,
        "observed_period": report.period,
        "same_as": report.same_as,
        "same_as_link": report.same_as.as_ref().map(|b| b.link(terms)),
    })
    .to_string()
}

fn to_csv(report: &HeapReport) -> String {
    let mut out = String::from("heap,value,outcome\n");
    for (n, v) in report.values.iter().enumerate() {
        let outcome = report.outcomes.get(n).map(|o| format!("{o:?}"));
        out.push_str(&format!("{n},{v},{}\n", outcome.unwrap_or_default()));
    }
    out.pop();
    out
}

fn to_text(report: &HeapReport, terms: u64) -> String {
    let h = &report.header;
    let params: Vec<String> = h
        .params
        .iter()
        .map(|(n, v)| format!("{n} = {}", v.text()))
        .collect();
    let play = match h.convention {
        Convention::Normal => "normal play",
        Convention::Misere => "misère play",
    };
    let mut out = format!("{} ({play})", h.name);
    if !params.is_empty() {
        out.push_str(&format!(", {}", params.join(", ")));
    }
    out.push_str(&format!("\nnim-values: {}", join(&report.values)));
    out.push_str(&format!("\noutcomes: {}", outcome_letters(report)));
    if let Some(stop) = report.outcomes_stopped_at {
        out.push_str(&format!(
            "\nmisère outcomes stop at heap {stop}: the search outgrew its cap (or the options climb past the heaps asked for)"
        ));
    }
    out.push_str(&match report.period {
        Some(p) => format!(
            "\nperiod observed: {} from heap {} (checked on heaps 0..{}; observed, not proven)",
            p.period, p.preperiod, p.heaps_checked
        ),
        None => format!("\nno period found up to heap {}", terms - 1),
    });
    if let Some(b) = &report.same_as {
        out.push_str(&format!(
            "\nsame options as {}: its proven result is at {}",
            b.describe(),
            b.link(terms)
        ));
    }
    out
}
