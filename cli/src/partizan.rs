//! `heaplab partizan`: partizan heap games (subtraction, pure breaking, duel code-digit,
//! black-and-white, chessboard) — canonical-form sequences, outcomes and periods (`--figure`:
//! the outcome strip), sums of heaps, and single games typed in the usual notation.

use crate::output::Format;
use crate::progress::with_budget;
use clap::Args;
use heaplab_engine::octal::Ruleset;
use heaplab_engine::partizan::heap::{HeapRules, Impartial};
use heaplab_engine::partizan::position::{self, PositionReport, MAX_POSITION_HEAPS};
use heaplab_engine::partizan::sequence::{self, PartizanPeriod, SequenceReport, MAX_TERMS};
use heaplab_engine::ruleset::{parse_count, NumberSet};
use heaplab_engine::EngineError;
use heaplab_figures::views::partizan::{outcome_figure, partizan_link};
use serde_json::{json, Value};

#[derive(Args)]
/// Arguments of `heaplab partizan`.
pub struct PartizanArgs {
    /// Left's subtraction set (or cut numbers with --pure-breaking), e.g. `1,2`.
    #[arg(long, allow_hyphen_values = true)]
    left: Option<String>,
    /// Right's subtraction set (or cut numbers with --pure-breaking), e.g. `1,3`.
    #[arg(long, allow_hyphen_values = true)]
    right: Option<String>,
    /// Partizan pure breaking PB(left | right): an a-cut splits a heap into a + 1 heaps.
    #[arg(long)]
    pure_breaking: bool,
    /// A duel of two code-digit games, Left's then Right's, e.g. `--duel .07 .137`.
    #[arg(long, num_args = 2, value_names = ["LEFT", "RIGHT"], conflicts_with_all = ["left", "right", "pure_breaking", "chessboard"])]
    duel: Option<Vec<String>>,
    /// Chessboard subtraction with this set: Left leaves even heaps, Right odd ones.
    #[arg(long, allow_hyphen_values = true, conflicts_with_all = ["left", "right", "pure_breaking"])]
    chessboard: Option<String>,
    /// A black-and-white heap game: the heap sizes 0, 1, 2, … coloured by a word of b (black:
    /// Left may leave it) and w (white: Right may), e.g. `bw`, or `wbb(bw)` for a prefix then a
    /// repeated part. The impartial ruleset is `--left S` (a subtraction set, or cut numbers
    /// with --pure-breaking) or `--code CODE` (a code-digit game such as `.07`).
    #[arg(long, conflicts_with_all = ["right", "duel", "chessboard"])]
    black_white: Option<String>,
    /// The code-digit game coloured by --black-white, e.g. `.07`.
    #[arg(long, requires = "black_white", conflicts_with = "left")]
    code: Option<String>,
    /// How many heaps (0..terms) to list.
    #[arg(long, default_value = "40", allow_hyphen_values = true)]
    terms: String,
    /// List reduced canonical forms (values modulo infinitesimals) instead.
    #[arg(long)]
    reduced: bool,
    /// Also give each heap's mean and temperature (thermographs; numbers `a/2^b` have
    /// temperature `-1/2^b`).
    #[arg(long)]
    temperatures: bool,
    /// A sum of heaps, e.g. `5,7,9`: its canonical form and each player's winning moves
    /// (`''`: no heaps, the game 0).
    #[arg(long, allow_hyphen_values = true)]
    position: Option<String>,
    /// A single game in the usual notation, e.g. `{2|1/2}` or `^*`: canonical form, outcome,
    /// stops, reduced canonical form, birthday, mean, temperature (no ruleset needed).
    #[arg(long, allow_hyphen_values = true, conflicts_with_all = ["duel", "chessboard", "position"])]
    game: Option<String>,
    /// Operations on the --game.
    #[command(flatten)]
    ops: crate::partizan_game::GameOps,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Show progress (done/total, percent, rate, time left) on stderr.
    #[arg(long)]
    progress: bool,
}

/// The ruleset the flags select.
fn rules(args: &PartizanArgs) -> Result<HeapRules, EngineError> {
    if let Some(codes) = &args.duel {
        return HeapRules::duel(&Ruleset::parse(&codes[0])?, &Ruleset::parse(&codes[1])?);
    }
    if let Some(set) = &args.chessboard {
        return HeapRules::chessboard(&NumberSet::parse(set)?);
    }
    if let Some(word) = &args.black_white {
        let base = match (&args.code, &args.left) {
            (Some(code), _) => Impartial::Code(code),
            (None, Some(set)) => Impartial::Set(set),
            (None, None) => {
                return Err(EngineError::Parse(
                    "--black-white needs the impartial ruleset: --left SET or --code CODE".into(),
                ))
            }
        };
        return HeapRules::black_white_of(word, base, args.pure_breaking);
    }
    let (Some(left), Some(right)) = (&args.left, &args.right) else {
        return Err(EngineError::Parse(
            "give --left and --right (or --duel, --chessboard or --game)".into(),
        ));
    };
    let (left, right) = (NumberSet::parse(left)?, NumberSet::parse(right)?);
    if args.pure_breaking {
        HeapRules::pure_breaking(&left, &right)
    } else {
        HeapRules::subtraction(&left, &right)
    }
}

/// Heap sizes such as `5,7,9` or `5 7 9` (repeats allowed); empty text is the sum of no heaps.
fn parse_heaps(text: &str) -> Result<Vec<usize>, EngineError> {
    let mut heaps = Vec::new();
    for token in text
        .split(|c: char| c == ',' || c.is_whitespace() || c == '{' || c == '}' || c == '+')
        .filter(|t| !t.is_empty())
    {
        if heaps.len() >= MAX_POSITION_HEAPS {
            return Err(EngineError::OutOfRange(format!(
                "a position has at most {MAX_POSITION_HEAPS} heaps"
            )));
        }
        heaps.push(parse_count(token, "a heap", 0, MAX_TERMS as u64 - 1)? as usize);
    }
    Ok(heaps)
}

/// The `#/partizan` link of the table these flags select, for a figure's provenance.
fn page_link(args: &PartizanArgs, terms: u64) -> String {
    let text = |t: &Option<String>| t.as_deref().unwrap_or("").to_string();
    let (family, left, right, word) = if let Some(codes) = &args.duel {
        ("duel", codes[0].clone(), codes[1].clone(), String::new())
    } else if let Some(set) = &args.chessboard {
        ("chessboard", set.clone(), String::new(), String::new())
    } else if let Some(word) = &args.black_white {
        let base = args.code.clone().unwrap_or_else(|| text(&args.left));
        ("bw", base, String::new(), word.clone())
    } else {
        let family = if args.pure_breaking {
            "breaking"
        } else {
            "subtraction"
        };
        (family, text(&args.left), text(&args.right), String::new())
    };
    partizan_link(family, (&left, &right), &word, terms)
}

/// Runs the subcommand and renders its report.
pub fn run(args: &PartizanArgs) -> Result<String, EngineError> {
    if let Some(text) = &args.game {
        return crate::partizan_game::run(text, &args.ops, args.format);
    }
    if args.ops.figure.wanted() && args.position.is_some() {
        return Err(EngineError::Parse(
            "--figure draws the outcome strip of the heaps, or the thermograph of a --game; \
             a --position has no figure"
                .into(),
        ));
    }
    args.ops.figure.check(true)?;
    let rules = rules(args)?;
    if let Some(text) = &args.position {
        let heaps = parse_heaps(text)?;
        let report = with_budget(args.progress, "positions", |b| {
            position::analyse(&rules, &heaps, b)
        })?;
        return Ok(render_position(&report, args.format));
    }
    let terms = parse_count(&args.terms, "--terms", 1, MAX_TERMS as u64)? as usize;
    let report = with_budget(args.progress, "heaps", |b| {
        sequence::solve(&rules, terms, args.reduced, b)
    })?;
    args.ops
        .figure
        .write(outcome_figure(&report), page_link(args, terms as u64))?;
    let thermal = if args.temperatures {
        with_budget(args.progress, "thermographs", |b| {
            sequence::means_and_temperatures(&rules, terms, b)
        })?
    } else {
        Vec::new()
    };
    Ok(render_sequence(&report, &thermal, args.format))
}

/// `(period, preperiod, saltus, proven, basis)` as JSON values, `null`s when none was found.
fn period_json(period: Option<&PartizanPeriod>) -> [Value; 5] {
    match period {
        Some(p) => [
            json!(p.period),
            json!(p.preperiod),
            json!(p.saltus),
            json!(p.proven),
            json!(p.basis),
        ],
        None => [
            Value::Null,
            Value::Null,
            Value::Null,
            json!(false),
            Value::Null,
        ],
    }
}

/// One line describing a period, for the text output.
fn describe(period: Option<&PartizanPeriod>, capped: bool) -> String {
    match period {
        Some(p) => format!(
            "{} ({})",
            p.summary(),
            if p.proven {
                format!("proven by {}", p.basis)
            } else {
                p.basis.clone()
            }
        ),
        None if capped => "period search stopped at its size cap (sums grew too large)".into(),
        None => "no period seen over two periods in the heaps computed".into(),
    }
}

/// Renders a sequence; `thermal` holds each heap's (mean, temperature), or nothing.
fn render_sequence(
    report: &SequenceReport,
    thermal: &[(String, String)],
    format: Format,
) -> String {
    match format {
        Format::Json => {
            let [period, preperiod, saltus, proven, basis] = period_json(report.period.as_ref());
            let [o_period, o_preperiod, _, o_proven, o_basis] =
                period_json(report.outcome_period.as_ref());
            let mut out = json!({
                "ruleset": report.ruleset,
                "reduced": report.reduced,
                "values": report.values,
                "outcomes": report.outcomes,
                "period": period,
                "preperiod": preperiod,
                "saltus": saltus,
                "proven": proven,
                "basis": basis,
                "search_capped": report.search_capped,
                "outcome_period": o_period,
                "outcome_preperiod": o_preperiod,
                "outcome_proven": o_proven,
                "outcome_basis": o_basis,
            });
            if !thermal.is_empty() {
                let (means, temperatures): (Vec<_>, Vec<_>) = thermal.iter().cloned().unzip();
                out["means"] = json!(means);
                out["temperatures"] = json!(temperatures);
            }
            out.to_string()
        }
        Format::Text => {
            let kind = if report.reduced {
                "reduced canonical forms"
            } else {
                "canonical forms"
            };
            let mut text = format!("{}\n{kind}:\n", report.ruleset);
            for (n, v) in report.values.iter().enumerate() {
                let heat = thermal.get(n).map_or(String::new(), |(m, t)| {
                    format!("  (mean {m}, temperature {t})")
                });
                text.push_str(&format!(
                    "  {n:>4}  {}  {v}{heat}\n",
                    &report.outcomes[n..=n]
                ));
            }
            text.push_str(&format!(
                "values:   {}\noutcomes: {}",
                describe(report.period.as_ref(), report.search_capped),
                describe(report.outcome_period.as_ref(), false)
            ));
            text
        }
    }
}

fn render_position(report: &PositionReport, format: Format) -> String {
    match format {
        Format::Json => serde_json::to_string(report).unwrap_or_default(),
        Format::Text => {
            let mut text = format!(
                "{}: heaps {}\nvalue: {}  outcome: {:?}",
                report.ruleset,
                position::heaps_text(&report.heaps),
                report.value,
                report.outcome
            );
            for (who, moves) in [("Left", &report.left_wins), ("Right", &report.right_wins)] {
                text.push_str(&format!("\n{who}'s winning moves:"));
                if moves.is_empty() {
                    text.push_str(" none");
                }
                for m in moves {
                    text.push_str(&format!("\n  {}  (then {})", m.describe(), m.value));
                }
            }
            if report.truncated {
                text.push_str("\n(some heap had too many moves; only the first were examined)");
            }
            text
        }
    }
}
