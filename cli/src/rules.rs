//! `heaplab rules`: a game written in the ruleset language (a file or a shipped preset),
//! solved by the engine. One heap: nim-values, outcomes under its convention, the period seen
//! (never claimed as proven) and the built-in family its options equal. A pair of heaps: the
//! P-positions of a grid and, where computed, the nim-values ([`pairs`]). A partizan ruleset:
//! canonical forms; a comply game: outcomes ([`kinds`]); three or more heaps (a t-vector
//! game): the P-positions of a box ([`vectors`]).

use crate::figure::{HeapFigureArgs, HeapSequence};
use crate::output::join;
use crate::progress::with_budget;
use clap::{Args, ValueEnum};
use heaplab_engine::rules::{self, presets, Convention, HeapReport, Shape};
use heaplab_engine::ruleset::parse_count;
use heaplab_engine::EngineError;
use heaplab_figures::views::heaps::{rules_link, rules_pair_link};
use heaplab_figures::views::rules::{heap_caption, outcome_letters, title};
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
    /// The grid of a pair ruleset: `W,H` (positions 0..W × 0..H) or `N` (N × N), default
    /// 100,100; for t heaps, t sides (`--size 10,10,10`) or `N`, default 20 on every side; at
    /// most 4,000,000 positions.
    #[arg(long, allow_hyphen_values = true)]
    size: Option<String>,
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
    /// The figure of a heap ruleset's first heaps, or of a pair ruleset's grid (`values`: the
    /// nim-values where computed; `outcomes`: P and N).
    #[command(flatten)]
    figure: HeapFigureArgs,
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
    args.figure.check()?;
    let params = parse_params(&args.params)?;
    let mut script = rules::compile(&text, &params)?;
    let preset = presets::PRESETS
        .iter()
        .find(|p| p.text == text)
        .map(|p| p.name);
    if args.figure.wanted() && !matches!(script.shape, Shape::Pair | Shape::Heap) {
        return Err(EngineError::Parse(
            "--figure draws heap and pair rulesets (this ruleset has no picture)".into(),
        ));
    }
    if args.misere {
        script.header.convention = Convention::Misere;
    }
    script.header.star |= args.star;
    match script.shape {
        Shape::Pair => {
            let size = args.size.as_deref().unwrap_or("100,100");
            let link = |w, h| rules_pair_link(&text, preset, &params, (w, h));
            return pairs::run(&script, size, args, &link);
        }
        Shape::Vector(t) => {
            let size = args.size.as_deref();
            return vectors::run(&script, t, size, args.format, args.progress);
        }
        Shape::Partizan => return kinds::partizan(&script, terms, args.format, args.progress),
        Shape::Comply => return kinds::comply(&script, terms, args.format, args.progress),
        Shape::Heap => {}
    }
    let report = with_budget(args.progress, "heaps", |b| {
        rules::solve_heaps(&script, terms, b)
    })?;
    let outcomes = outcome_letters(&report);
    args.figure.write(HeapSequence {
        game: &title(&report.header),
        values: Some(report.values.iter().map(|&v| v as f64).collect()),
        outcomes: &outcomes,
        caption: heap_caption(&report),
        link: rules_link(&text, preset, &params, terms),
    })?;
    Ok(match args.format {
        RulesFormat::Json => to_json(&report, terms),
        RulesFormat::Csv => to_csv(&report),
        RulesFormat::Text => to_text(&report, terms),
    })
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
    use super::{params_json, title, RulesArgs, RulesFormat};
    use crate::progress::with_budget;
    use heaplab_engine::rules::{self, Grid, PairReport, Script};
    use heaplab_engine::text::grouped;
    use heaplab_engine::EngineError;
    use heaplab_figures::views::rules::pair_figure;
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

    /// Solves the pair ruleset on `--size` and renders it (and its `--figure`, with the page
    /// link `link(width, height)`).
    pub fn run(
        script: &Script,
        size: &str,
        args: &RulesArgs,
        link: &dyn Fn(u64, u64) -> String,
    ) -> Result<String, EngineError> {
        let grid = parse_size(size)?;
        let report = with_budget(args.progress, "positions", |b| {
            rules::solve_pairs(script, grid, b)
        })?;
        if args.figure.wanted() {
            let fig = pair_figure(&report, args.figure.figure_kind == "values");
            args.figure
                .figure
                .write(fig, link(grid.width, grid.height))?;
        }
        Ok(match args.format {
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
        let misere = report.header.convention == rules::Convention::Misere;
        out.push_str(&match &report.values {
            Some(v) => format!("\nnim-values: computed, the largest {}", v.iter().max().unwrap_or(&0)),
            None if misere => "\nnim-values: not computed under misère play (outcomes only)".into(),
            None => format!(
                "\nnim-values: not computed (a rays ruleset's values are computed on grids of at most {} positions)",
                grouped(rules::pairs::MAX_RAY_VALUES)
            ),
        });
        out
    }
}

/// `heaplab rules` on a partizan ruleset (canonical forms) or a comply game (outcomes).
mod kinds {
    use super::{params_json, title, RulesFormat};
    use crate::progress::with_budget;
    use heaplab_engine::rules::{self, ComplyReport, PartizanReport, Script};
    use heaplab_engine::EngineError;
    use serde_json::json;

    /// The most P-positions the text lists (JSON and CSV give them all).
    const LISTED: usize = 200;

    /// Solves a partizan ruleset for heaps `0..terms` and renders it.
    pub fn partizan(
        script: &Script,
        terms: u64,
        format: RulesFormat,
        progress: bool,
    ) -> Result<String, EngineError> {
        let report = with_budget(progress, "heaps", |b| {
            rules::solve_partizan(script, terms, b)
        })?;
        Ok(match format {
            RulesFormat::Json => partizan_json(&report),
            RulesFormat::Csv => partizan_csv(&report),
            RulesFormat::Text => partizan_text(&report),
        })
    }

    fn partizan_json(report: &PartizanReport) -> String {
        json!({
            "name": report.header.name,
            "convention": report.header.convention,
            "params": params_json(&report.header),
            "canonical": report.canonical,
            "outcomes": report.outcomes,
        })
        .to_string()
    }

    fn partizan_csv(report: &PartizanReport) -> String {
        let mut out = String::from("heap,canonical,outcome");
        for (n, (form, o)) in report
            .canonical
            .iter()
            .zip(report.outcomes.chars())
            .enumerate()
        {
            out.push_str(&format!("\n{n},\"{}\",{o}", form.replace('"', "\"\"")));
        }
        out
    }

    fn partizan_text(report: &PartizanReport) -> String {
        let mut out = title(&report.header);
        out.push_str(&format!("\noutcomes: {}", report.outcomes));
        out.push_str("\ncanonical forms:");
        for (n, form) in report.canonical.iter().enumerate() {
            out.push_str(&format!("\n{n:>5}  {form}"));
        }
        out
    }

    /// Solves a comply game for heaps `0..terms` and renders it.
    pub fn comply(
        script: &Script,
        terms: u64,
        format: RulesFormat,
        progress: bool,
    ) -> Result<String, EngineError> {
        let report = with_budget(progress, "heaps", |b| rules::solve_comply(script, terms, b))?;
        Ok(match format {
            RulesFormat::Json => comply_json(&report),
            RulesFormat::Csv => comply_csv(&report),
            RulesFormat::Text => comply_text(&report),
        })
    }

    fn letters(report: &ComplyReport) -> String {
        report.outcomes.iter().map(|o| format!("{o:?}")).collect()
    }

    fn comply_json(report: &ComplyReport) -> String {
        json!({
            "name": report.header.name,
            "convention": report.header.convention,
            "params": params_json(&report.header),
            "outcomes": letters(report),
            "p_positions": report.p_positions(),
        })
        .to_string()
    }

    fn comply_csv(report: &ComplyReport) -> String {
        let mut out = String::from("heap,outcome");
        for (n, o) in report.outcomes.iter().enumerate() {
            out.push_str(&format!("\n{n},{o:?}"));
        }
        out
    }

    fn comply_text(report: &ComplyReport) -> String {
        let p = report.p_positions();
        let mut out = title(&report.header);
        out.push_str(
            "\na comply game: outcomes only (a move is two players' choices, so no nim-values)",
        );
        out.push_str(&format!("\noutcomes: {}", letters(report)));
        let listed: Vec<String> = p.iter().take(LISTED).map(u64::to_string).collect();
        out.push_str(&format!(
            "\nP-positions ({}): {}",
            p.len(),
            listed.join(" ")
        ));
        if p.len() > LISTED {
            out.push_str(" … (--format json lists all)");
        }
        out
    }
}

/// `heaplab rules` on a t-vector ruleset (t ≥ 3 heaps): the box's P-positions and, where
/// computed, the nim-values.
mod vectors {
    use super::{params_json, title, RulesFormat};
    use crate::progress::with_budget;
    use heaplab_engine::rules::{self, Cuboid, Lattice, Script, VectorReport};
    use heaplab_engine::text::grouped;
    use heaplab_engine::EngineError;
    use serde_json::json;

    /// The most P-positions the text lists (JSON and CSV give them all).
    const LISTED: usize = 200;
    /// The side of each heap when `--size` is not given.
    const DEFAULT_SIDE: u64 = 20;
    /// Column names of the CSV, one a heap.
    const COLUMNS: [&str; 6] = ["a", "b", "c", "d", "e", "f"];

    /// `S1,S2,…,St` or `N` (every side N) as a box of `t` sides.
    fn parse_size(text: Option<&str>, t: usize) -> Result<Cuboid, EngineError> {
        let Some(text) = text else {
            return Cuboid::new(&vec![DEFAULT_SIDE; t]);
        };
        let bad = || {
            EngineError::Parse(format!(
                "--size {text}: write {t} sides such as {} or one N for N on every side",
                vec!["10"; t].join(",")
            ))
        };
        let sides = text
            .split([',', 'x', '×'])
            .map(|s| s.trim().parse::<u64>().map_err(|_| bad()))
            .collect::<Result<Vec<_>, _>>()?;
        match sides.len() {
            1 => Cuboid::new(&vec![sides[0]; t]),
            n if n == t => Cuboid::new(&sides),
            _ => Err(bad()),
        }
    }

    /// Solves the t-vector ruleset on `--size` and renders it.
    pub fn run(
        script: &Script,
        t: usize,
        size: Option<&str>,
        format: RulesFormat,
        progress: bool,
    ) -> Result<String, EngineError> {
        let cuboid = parse_size(size, t)?;
        let report = with_budget(progress, "positions", |b| {
            rules::solve_vectors(script, cuboid, b)
        })?;
        Ok(match format {
            RulesFormat::Json => to_json(&report),
            RulesFormat::Csv => to_csv(&report),
            RulesFormat::Text => to_text(&report),
        })
    }

    fn letters(report: &VectorReport) -> String {
        report
            .p
            .iter()
            .map(|&p| if p { 'P' } else { 'N' })
            .collect()
    }

    fn to_json(report: &VectorReport) -> String {
        json!({
            "name": report.header.name,
            "convention": report.header.convention,
            "params": params_json(&report.header),
            "star": report.header.star,
            "star_moves": report.star_moves,
            "sides": report.cuboid.sides(),
            "p_positions": report.p_positions(),
            "outcomes": letters(report),
            "values": report.values,
        })
        .to_string()
    }

    fn to_csv(report: &VectorReport) -> String {
        let t = report.cuboid.sides().len();
        let mut out = format!("{},value,outcome", COLUMNS[..t].join(","));
        for i in 0..report.p.len() {
            let at = report.cuboid.point(i);
            let coords: Vec<String> = at.coords().iter().map(u64::to_string).collect();
            let value = report.values.as_ref().map(|v| v[i].to_string());
            let outcome = if report.p[i] { "P" } else { "N" };
            out.push_str(&format!(
                "\n{},{},{outcome}",
                coords.join(","),
                value.unwrap_or_default()
            ));
        }
        out
    }

    fn to_text(report: &VectorReport) -> String {
        let sides: Vec<String> = report.cuboid.sides().iter().map(u64::to_string).collect();
        let p = report.p_positions();
        let mut out = title(&report.header);
        out.push_str(&format!("\nbox: {} (each heap from 0)", sides.join(" × ")));
        if let Some(n) = report.star_moves {
            out.push_str(&format!("\nstar: G* adds {n} taking moves"));
        }
        out.push_str(&format!(
            "\nP-positions: {} of {} positions",
            grouped(p.len() as u64),
            grouped(report.p.len() as u64)
        ));
        let listed: Vec<String> = p
            .iter()
            .take(LISTED)
            .map(|v| {
                format!(
                    "({})",
                    v.iter().map(u64::to_string).collect::<Vec<_>>().join(", ")
                )
            })
            .collect();
        out.push_str(&format!("\n{}", listed.join(" ")));
        if p.len() > LISTED {
            out.push_str(&format!(
                " … and {} more (--format json lists all)",
                p.len() - LISTED
            ));
        }
        out.push_str(&match &report.values {
            Some(v) => format!("\nnim-values: computed, the largest {}", v.iter().max().unwrap_or(&0)),
            None => "\nnim-values: not computed (misère play, or a rays ruleset on more than 65,536 positions)".into(),
        });
        out
    }
}
