//! `heaplab scoring`: Stewart's impartial scoring play. Three modes:
//! * `--game "{2,{11|4|-3}|3|4,{9|2|-5}}"` (plus `--plus GAME` for a long-rule sum): final
//!   scores, outcome class, impartiality, and the tree as `--out tree.svg|tree.tex` or
//!   `--figure tree.{svg,pdf,png,tex}`;
//! * `--octal 3333 --points 2,2,2,2 --terms N` (plus `--m M`, `--m-octal`, `--m-points` for
//!   `G_s(n +_ℓ m)`): `G_s` values, period and preperiod;
//! * `--survey DIGITS --max-m M`: Conjectures 15 and 16 over every small taking-no-breaking code.

use crate::figure::TreeFigureArgs;
use crate::output::{is_tikz_path, join, Format};
use crate::progress::with_budget;
use clap::Args;
use heaplab_engine::ruleset::parse_count;
use heaplab_engine::scoring::game::{sum_final_scores, Finals};
use heaplab_engine::scoring::octal::{
    self, conjecture_15_survey, FixedHeap, ScoringLimits, ScoringReport, ScoringRules, MAX_STATES,
    MAX_WORK,
};
use heaplab_engine::scoring::ScoringGame;
use heaplab_engine::EngineError;
use heaplab_figures::views::heaps::score_figure;
use heaplab_figures::views::page_link;
use heaplab_figures::views::tree::{scoring_figure, scoring_link};
use serde_json::json;

#[derive(Args)]
/// Arguments of `heaplab scoring`.
pub struct ScoringArgs {
    /// A scoring game in bracket notation, e.g. "{2,{11|4|-3}|3|4,{9|2|-5}}".
    #[arg(long, allow_hyphen_values = true)]
    game: Option<String>,
    /// Games to add to --game (long-rule sum): one game or `H + K + …`; may be repeated.
    #[arg(long, allow_hyphen_values = true)]
    plus: Vec<String>,
    /// Write the game tree (of --game, or of the sum when it is small) to FILE.svg or FILE.tex,
    /// as `--figure` does.
    #[arg(long)]
    out: Option<String>,
    /// A figure: the game tree of --game (or of the sum), or with --octal G_s against n (the
    /// first 1000 values).
    #[command(flatten)]
    figure: TreeFigureArgs,
    /// A scoring octal code `n_1…n_k` (e.g. 3333, 0.26).
    #[arg(long)]
    octal: Option<String>,
    /// The points `p_1,…,p_k` for --octal (e.g. 2,2,2,2).
    #[arg(long, allow_hyphen_values = true)]
    points: Option<String>,
    /// How many values G_s(0..terms) to print.
    #[arg(long, default_value = "50", allow_hyphen_values = true)]
    terms: String,
    /// A fixed heap m added to every heap n: G_s(n +ℓ m).
    #[arg(long, allow_hyphen_values = true)]
    m: Option<String>,
    /// The code of the fixed heap's ruleset (default: --octal's).
    #[arg(long)]
    m_octal: Option<String>,
    /// The points of the fixed heap's ruleset (default: --points).
    #[arg(long, allow_hyphen_values = true)]
    m_points: Option<String>,
    /// The period search gives up after this many heaps.
    #[arg(long, default_value = "1000000", allow_hyphen_values = true)]
    search: String,
    /// Check Conjectures 15 and 16 on every taking-no-breaking code with up to this many digits.
    #[arg(long, allow_hyphen_values = true)]
    survey: Option<String>,
    /// Taking-and-breaking codes: most heap multisets stored (memory; default 3,000,000).
    #[arg(long, allow_hyphen_values = true)]
    max_states: Option<String>,
    /// Taking-and-breaking codes: most moves tried (time; default 10,000,000, about 2 s).
    #[arg(long, allow_hyphen_values = true)]
    max_work: Option<String>,
    /// The largest fixed heap m in --survey.
    #[arg(long, default_value = "3", allow_hyphen_values = true)]
    max_m: String,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Show progress (done/total, percent, rate, time left) on stderr.
    #[arg(long)]
    progress: bool,
}

/// Writes `--figure` of `--octal`, if asked: `G_s` against `n`, with the `#/scoring` link of
/// the same table.
fn write_gs_figure(
    args: &ScoringArgs,
    report: &ScoringReport,
    (code, points): (&str, &str),
) -> Result<(), EngineError> {
    if !args.figure.figure.wanted() {
        return Ok(());
    }
    let values: Vec<f64> = report
        .values
        .iter()
        .map(|v| v.numer() as f64 / v.denom() as f64)
        .collect();
    let what = match &report.fixed {
        Some(f) => format!("G_s(n +ℓ {})", f.size),
        None => "G_s(n)".into(),
    };
    let game = format!("Scoring octal game {}", report.rules);
    let caption = format!("Period: {}.", report.period.describe());
    let n = values.len().to_string();
    let mut pairs = vec![("tab", "octal"), ("code", code), ("pts", points), ("n", &n)];
    for (key, value) in [
        ("m", &args.m),
        ("mcode", &args.m_octal),
        ("mpts", &args.m_points),
    ] {
        if let Some(v) = value.as_deref().filter(|v| !v.trim().is_empty()) {
            pairs.push((key, v.trim()));
        }
    }
    let link = page_link("scoring", &pairs);
    args.figure
        .figure
        .write(score_figure(&game, &what, &values, caption), link)
}

/// Runs the mode the arguments ask for.
pub fn run(args: &ScoringArgs) -> Result<String, EngineError> {
    args.figure.check()?;
    if args.figure.figure.wanted() && args.survey.is_some() {
        return Err(EngineError::Parse(
            "--figure draws the tree of --game or G_s of --octal, not a survey".into(),
        ));
    }
    match (&args.game, &args.octal, &args.survey) {
        (Some(game), None, None) => run_game(args, game),
        (None, Some(code), None) => run_octal(args, code),
        (None, None, Some(digits)) => run_survey(args, digits),
        _ => Err(EngineError::Parse(
            "give exactly one of --game, --octal or --survey".into(),
        )),
    }
}

fn finals_json(f: Finals) -> serde_json::Value {
    json!({
        "left_final": f.left,
        "right_final": f.right,
        "outcome_class": f.class().letter(),
    })
}

fn run_game(args: &ScoringArgs, text: &str) -> Result<String, EngineError> {
    let game = ScoringGame::parse(text)?;
    // Each --plus is a game or a sum `H + K + …` (the page's notation).
    let mut plus = Vec::new();
    for text in &args.plus {
        plus.extend(ScoringGame::parse_sum(text)?);
    }
    let finals = game.finals();
    let imp = game.impartiality();
    // The picture first: a sum too large to draw is refused before its scores are solved.
    if let Some(path) = &args.out {
        is_tikz_path(path)?;
    }
    let paths: Vec<&String> = args.out.iter().chain(&args.figure.figure.figure).collect();
    if !paths.is_empty() {
        // The game or its sum, built term by term within the tree cap.
        let pictured = plus
            .iter()
            .try_fold(game.clone(), |sum, other| sum.sum(other))?;
        let fig = scoring_figure(&pictured.tree(), &pictured.to_string());
        let link = scoring_link(text, &args.plus.join(" + "));
        for path in paths {
            args.figure.write(Some(path), fig.clone(), &link)?;
        }
    }
    let sum = if plus.is_empty() {
        None
    } else {
        let mut all = vec![&game];
        all.extend(plus.iter());
        Some(with_budget(args.progress, "positions", |b| {
            sum_final_scores(&all, b)
        })?)
    };
    Ok(match args.format {
        Format::Json => {
            let mut out = finals_json(finals);
            out["game"] = json!(game.to_string());
            out["nodes"] = json!(game.len());
            out["impartial"] = json!(imp.impartial);
            out["impartial_reason"] = json!(imp.reason);
            if let Some(s) = sum {
                out["sum"] = finals_json(s);
            }
            out.to_string()
        }
        Format::Text => {
            let mut text = format!(
                "{game}\nLeft final score {}, Right final score {}: class {} ({})\n{}",
                finals.left,
                finals.right,
                finals.class(),
                finals.class().meaning(),
                match &imp.reason {
                    None => "impartial (Definition 7)".to_string(),
                    Some(why) => format!("not impartial: {why}"),
                }
            );
            if let Some(s) = sum {
                text += &format!(
                    "\nsum: Left final score {}, Right final score {}: class {} ({})",
                    s.left,
                    s.right,
                    s.class(),
                    s.class().meaning()
                );
            }
            text
        }
    })
}

fn run_octal(args: &ScoringArgs, code: &str) -> Result<String, EngineError> {
    let points = args.points.as_deref().ok_or_else(|| {
        EngineError::Parse("--octal needs --points (one value per digit, e.g. 2,2,2,2)".into())
    })?;
    let rules = ScoringRules::parse(code, points)?;
    let terms = parse_count(&args.terms, "--terms", 1, octal::MAX_TERMS)?;
    let search = parse_count(&args.search, "--search", 1, octal::MAX_TERMS * 8)?;
    let fixed = match &args.m {
        None if args.m_octal.is_some() || args.m_points.is_some() => {
            return Err(EngineError::Parse(
                "--m-octal and --m-points describe the fixed heap: add --m".into(),
            ))
        }
        None => None,
        Some(m) => {
            let size = parse_count(m, "--m", 0, u64::from(octal::MAX_FIXED_HEAP))? as u32;
            let rules = match (&args.m_octal, &args.m_points) {
                (None, None) => rules.clone(),
                (Some(c), Some(p)) => ScoringRules::parse(c, p)?,
                _ => {
                    return Err(EngineError::Parse(
                        "--m-octal and --m-points go together".into(),
                    ))
                }
            };
            Some(FixedHeap { rules, size })
        }
    };
    let caps = |text: &Option<String>, flag, default, most| match text {
        Some(text) => parse_count(text, flag, 1, most),
        None => Ok(default),
    };
    let max_states = caps(
        &args.max_states,
        "--max-states",
        MAX_STATES as u64,
        30_000_000,
    )?;
    let max_work = caps(&args.max_work, "--max-work", MAX_WORK, 1_000_000_000_000)?;
    let limits = ScoringLimits::new(terms, search)?.with_caps(max_states as usize, max_work);
    // Heaps for the column DP; moves tried for breaking games (their cap's unit).
    let unit = match rules.is_taking_no_breaking()
        && fixed
            .as_ref()
            .is_none_or(|f| f.rules.is_taking_no_breaking())
    {
        true => "heaps",
        false => "moves",
    };
    let report = with_budget(args.progress, unit, |b| {
        octal::solve(&rules, fixed.as_ref(), limits, b)
    })?;
    let p = report.period;
    write_gs_figure(args, &report, (code, points))?;
    Ok(match args.format {
        Format::Json => json!({
            "rules": rules.to_string(),
            "code": rules.code(),
            "points": rules.points(),
            "m": fixed.as_ref().map(|f| f.size),
            "values": report.values,
            "period": p.period(),
            "preperiod": p.preperiod(),
            "method": report.method,
            "two_k": report.two_k,
            "work": report.work,
        })
        .to_string(),
        Format::Text => {
            let what = match &fixed {
                Some(f) => format!("G_s(n +ℓ {}) with m under {}", f.size, f.rules),
                None => "G_s(n)".into(),
            };
            let check = match report.two_k {
                Some(c) => format!(
                    "\n2k check (k = {}): period divides 2k {}, from n = 0 {}{}",
                    c.k,
                    if c.eventual { "yes" } else { "NO" },
                    if c.all_n { "yes" } else { "no" },
                    if c.hypothesis {
                        " (Conjecture 15's hypothesis holds)"
                    } else {
                        " (points are not p_i = i: outside Conjecture 15)"
                    }
                ),
                None => String::new(),
            };
            format!(
                "{rules}: {what}\n{}\n{}\nmethod: {}{check}",
                join(&report.values),
                p.describe(),
                report.method.describe()
            )
        }
    })
}

fn run_survey(args: &ScoringArgs, digits: &str) -> Result<String, EngineError> {
    let digits = parse_count(digits, "--survey", 1, 8)? as usize;
    let max_m = parse_count(&args.max_m, "--max-m", 0, 50)? as u32;
    let survey = with_budget(args.progress, "values of m", |b| {
        conjecture_15_survey(digits, max_m, b)
    })?;
    Ok(match args.format {
        Format::Json => json!(survey).to_string(),
        Format::Text => {
            let list = |cases: &[octal::SurveyCase]| {
                cases
                    .iter()
                    .take(10)
                    .map(|c| {
                        format!(
                            "  {} m={} k={}: period {:?}, preperiod {:?}",
                            c.code, c.m, c.k, c.period, c.preperiod
                        )
                    })
                    .collect::<Vec<_>>()
                    .join("\n")
            };
            format!(
                "checked {} (code, m) pairs with up to {digits} digits, m <= {max_m}\n\
                 Conjecture 16 (eventually periodic): {} proven\n\
                 Conjecture 15, eventually (period divides 2k): {} hold, {} fail\n{}\n\
                 Conjecture 15 as printed (for all n >= 0): {} hold, {} fail; first ones:\n{}",
                survey.checked,
                survey.proven,
                survey.eventual_2k,
                survey.checked - survey.eventual_2k,
                list(&survey.eventual_failures),
                survey.all_n_2k,
                survey.checked - survey.all_n_2k,
                list(&survey.all_n_failures),
            )
        }
    })
}
