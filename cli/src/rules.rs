//! `heaplab rules`: a game written in the ruleset language (a file or a shipped preset),
//! solved by the engine. One heap: nim-values, outcomes under its convention, the period seen
//! (never claimed as proven) and the built-in family its options equal. A pair of heaps: the
//! P-positions of a grid and, where computed, the nim-values ([`pairs`]).

use crate::output::join;
use crate::progress::with_budget;
use clap::{Args, ValueEnum};
use heaplab_engine::rules::{self, presets, Convention, HeapReport, Shape};
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
    /// The grid of a pair ruleset: `W,H` (positions 0..W × 0..H) or `N` (N × N); at most
    /// 4,000,000 positions.
    #[arg(long, default_value = "100,100", allow_hyphen_values = true)]
    size: String,
    /// Plays the ruleset under misère play, whatever it declares.
    #[arg(long)]
    misere: bool,
    /// Plays G*, the star of the ruleset: its moves plus taking any non-zero P-position of it
    /// (normal play), as the ruleset's `star()` does.
    #[arg(long)]
    star: bool,
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
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum RulesFormat {
    /// A readable summary.
    Text,
    /// One JSON object.
    Json,
    /// One row a heap (`heap,value,outcome`) or a position (`a,b,value,outcome`).
    Csv,
}

/// The text of a preset or a file; a name that is neither is a one-line error.
pub(crate) fn ruleset_text(name: &str) -> Result<String, EngineError> {
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
    script.header.star |= args.star;
    if script.shape == Shape::Pair {
        return pairs::run(&script, &args.size, args.format, args.progress);
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
        "params": params_json(&report.header),
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

/// The name, play convention and parameters: `MARK-t (normal play), t = 3`.
fn title(h: &rules::Header) -> String {
    let params: Vec<String> = h
        .params
        .iter()
        .map(|(n, v)| format!("{n} = {}", v.text()))
        .collect();
    let play = match h.convention {
        Convention::Normal => "normal play",
        Convention::Misere => "misère play",
    };
    let star = if h.star { "*" } else { "" };
    let mut out = format!("{}{star} ({play})", h.name);
    if !params.is_empty() {
        out.push_str(&format!(", {}", params.join(", ")));
    }
    out
}

/// The parameters as a JSON object, each value as the CLI writes it.
fn params_json(h: &rules::Header) -> serde_json::Map<String, serde_json::Value> {
    h.params
        .iter()
        .map(|(n, v)| (n.clone(), json!(v.text())))
        .collect()
}

fn to_text(report: &HeapReport, terms: u64) -> String {
    let mut out = title(&report.header);
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

/// `heaplab rules` on a pair ruleset: the grid's P-positions, outcomes and nim-values.
mod pairs {
    use super::{params_json, title, RulesFormat};
    use crate::progress::with_budget;
    use heaplab_engine::rules::{self, Grid, PairReport, Script};
    use heaplab_engine::text::grouped;
    use heaplab_engine::EngineError;
    use serde_json::json;

    /// The most P-positions the text lists (JSON and CSV give them all).
    const LISTED: usize = 200;
    /// The largest side the text draws as a grid of letters.
    const DRAWN: u64 = 40;

    /// `W,H` or `N` as a grid.
    fn parse_size(text: &str) -> Result<Grid, EngineError> {
        let bad = || {
            EngineError::Parse(format!(
                "--size {text}: write W,H (such as 100,100) or N for N × N"
            ))
        };
        let side = |t: &str| t.trim().parse::<u64>().map_err(|_| bad());
        let (w, h) = match text.split_once([',', 'x', '×']) {
            Some((w, h)) => (side(w)?, side(h)?),
            None => (side(text)?, side(text)?),
        };
        Grid::new(w, h)
    }

    /// Solves the pair ruleset on `--size` and renders it.
    pub fn run(
        script: &Script,
        size: &str,
        format: RulesFormat,
        progress: bool,
    ) -> Result<String, EngineError> {
        let grid = parse_size(size)?;
        let report = with_budget(progress, "positions", |b| {
            rules::solve_pairs(script, grid, b)
        })?;
        Ok(match format {
            RulesFormat::Json => to_json(&report),
            RulesFormat::Csv => to_csv(&report),
            RulesFormat::Text => to_text(&report),
        })
    }

    /// Row `a` of the grid as letters, `b` from 0.
    fn row(report: &PairReport, a: u64) -> String {
        let h = report.grid.height as usize;
        let start = a as usize * h;
        report.p[start..start + h]
            .iter()
            .map(|&p| if p { 'P' } else { 'N' })
            .collect()
    }

    fn to_json(report: &PairReport) -> String {
        let g = report.grid;
        let p: Vec<[u64; 2]> = report.p_positions().iter().map(|p| [p.0, p.1]).collect();
        let values = report
            .values
            .as_ref()
            .map(|v| v.chunks(g.height as usize).collect::<Vec<_>>());
        json!({
            "name": report.header.name,
            "convention": report.header.convention,
            "params": params_json(&report.header),
            "star": report.header.star,
            "star_moves": report.star_moves,
            "width": g.width,
            "height": g.height,
            "p_positions": p,
            "outcomes": (0..g.width).map(|a| row(report, a)).collect::<Vec<_>>(),
            "values": values,
        })
        .to_string()
    }

    fn to_csv(report: &PairReport) -> String {
        let mut out = String::from("a,b,value,outcome\n");
        for i in 0..report.p.len() {
            let at = report.grid.pair(i);
            let value = report.values.as_ref().map(|v| v[i].to_string());
            let outcome = if report.p[i] { "P" } else { "N" };
            out.push_str(&format!(
                "{},{},{},{outcome}\n",
                at.0,
                at.1,
                value.unwrap_or_default()
            ));
        }
        out.pop();
        out
    }

    fn to_text(report: &PairReport) -> String {
        let g = report.grid;
        let p = report.p_positions();
        let mut out = title(&report.header);
        out.push_str(&format!(
            "\ngrid: {} × {} (a in 0..{}, b in 0..{})",
            g.width,
            g.height,
            g.width - 1,
            g.height - 1
        ));
        if let Some(n) = report.star_moves {
            out.push_str(&format!(
                "\nstar: G* adds {n} taking moves (the non-zero P-positions of G in the grid)"
            ));
        }
        out.push_str(&format!(
            "\nP-positions: {} of {} positions",
            grouped(p.len() as u64),
            grouped(g.len() as u64)
        ));
        let listed: Vec<String> = p.iter().take(LISTED).map(|p| p.to_string()).collect();
        out.push_str(&format!("\n{}", listed.join(" ")));
        if p.len() > LISTED {
            out.push_str(&format!(
                " … and {} more (--format json lists all)",
                p.len() - LISTED
            ));
        }
        if g.width <= DRAWN && g.height <= DRAWN {
            out.push_str("\noutcomes (row a, column b):");
            for a in 0..g.width {
                out.push_str(&format!("\n{a:>3} {}", row(report, a)));
            }
        }
        out.push_str(&match &report.values {
            Some(v) => format!("\nnim-values: computed, the largest {}", v.iter().max().unwrap_or(&0)),
            None => format!(
                "\nnim-values: not computed (a rays ruleset's values are computed on grids of at most {} positions)",
                grouped(rules::pairs::MAX_RAY_VALUES)
            ),
        });
        out
    }
}
