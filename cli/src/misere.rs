//! `heaplab misere`: misère play of a heap game — the Plambeck–Siegel misère quotient of the
//! heaps up to `--max-heap`, each heap's outcome and genus, and the outcome and winning moves
//! of a sum (`--sum 3,5,7`).

use crate::figure::FigureArgs;
use crate::output::Format;
use crate::progress::with_budget;
use clap::Args;
use heaplab_engine::misere::quotient::QuotientCaps;
use heaplab_engine::misere::report::{outcome_letter, MisereReport, MAX_HEAP};
use heaplab_engine::misere::{analyse, HeapRules};
use heaplab_engine::octal::position::parse_heaps;
use heaplab_engine::ruleset::parse_count;
use heaplab_engine::EngineError;
use heaplab_figures::views::heaps::{misere_figure, misere_link};

#[derive(Args)]
/// Arguments of `heaplab misere`.
pub struct MisereArgs {
    /// An octal or hexadecimal code (`.77`, `0.137`, `4.07`, `.(3)` for nim) or a name
    /// (`kayles`); or give `--subtraction` or `--all-but` instead.
    #[arg(allow_hyphen_values = true)]
    code: Option<String>,
    /// A finite subtraction game instead of a code: the move sizes, e.g. `1,2,3`.
    #[arg(long, conflicts_with_all = ["code", "all_but"], allow_hyphen_values = true)]
    subtraction: Option<String>,
    /// An all-but subtraction game instead of a code: the excluded move sizes, e.g. `2`.
    #[arg(long, conflicts_with = "code", allow_hyphen_values = true)]
    all_but: Option<String>,
    /// The quotient covers heaps 0..=N (at most 1000).
    #[arg(long, allow_hyphen_values = true)]
    max_heap: String,
    /// A sum of heaps, e.g. `3,5,7`: its misère outcome and winning moves (at most 64 heaps).
    #[arg(long, allow_hyphen_values = true)]
    sum: Option<String>,
    /// The most elements the quotient may have.
    #[arg(long, default_value = "2000", allow_hyphen_values = true)]
    max_order: String,
    /// Show progress on stderr.
    #[arg(long)]
    progress: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// A figure of the outcome strip of heaps 0 to --max-heap (at most 1000).
    #[command(flatten)]
    figure: FigureArgs,
}

/// Computes the report and renders it.
pub fn run(args: &MisereArgs) -> Result<String, EngineError> {
    let rules = HeapRules::choose(
        args.code.as_deref(),
        args.subtraction.as_deref(),
        args.all_but.as_deref(),
    )?;
    let max_heap = parse_count(&args.max_heap, "--max-heap", 1, MAX_HEAP)?;
    let max_order = parse_count(&args.max_order, "--max-order", 1, 100_000)? as usize;
    let sum = args.sum.as_deref().map(parse_heaps).transpose()?;
    let caps = QuotientCaps {
        max_order,
        ..QuotientCaps::default()
    };
    args.figure.check(true)?;
    let report = with_budget(args.progress, "heaps", |b| {
        analyse(&rules, max_heap, sum.as_deref(), caps, b)
    })?;
    write_figure(args, &report)?;
    Ok(match args.format {
        Format::Json => report.to_json().to_string(),
        Format::Text => text(&report),
    })
}

/// Writes `--figure`, if asked: the misère outcome strip, titled and linked as the subtraction
/// and octal pages' misère card.
fn write_figure(args: &MisereArgs, r: &MisereReport) -> Result<(), EngineError> {
    let (key, text) = match (&args.code, &args.subtraction, &args.all_but) {
        (Some(code), _, _) => ("code", code),
        (_, Some(set), _) => ("S", set),
        (_, _, Some(excluded)) => ("E", excluded),
        _ => return Ok(()),
    };
    let outcomes: String = r.outcomes.iter().map(|&o| outcome_letter(o)).collect();
    let period = r
        .outcome_period
        .map(|p| (p.period, p.preperiod, p.heaps_checked));
    let fig = misere_figure(key, text, &outcomes, period);
    args.figure.write(fig, misere_link(key, text))
}

fn text(r: &MisereReport) -> String {
    let mut out = format!("{}, misère play, heaps 0 to {}\n", r.rules, r.max_heap);
    let named = r
        .name
        .as_ref()
        .map(|n| format!(" ({n})"))
        .unwrap_or_default();
    out += &format!(
        "quotient: order {}{named}, proven for these heaps\n",
        r.order
    );
    let gens: Vec<String> = r
        .generators
        .iter()
        .map(|g| format!("{} = heap {}", g.name, g.heap))
        .collect();
    out += &format!(
        "generators: {}\n",
        if gens.is_empty() {
            "none".into()
        } else {
            gens.join(", ")
        }
    );
    out += &format!(
        "relations: {}\n",
        if r.relations.is_empty() {
            "none".into()
        } else {
            r.relations.join(", ")
        }
    );
    out += &format!("P-portion: {}\n", r.p_portion.join(", "));
    out += &format!("heap elements: {}\n", r.heap_elements.join(" "));
    out += &format!(
        "outcomes: {}\n",
        r.outcomes
            .iter()
            .map(|&o| outcome_letter(o))
            .collect::<String>()
    );
    if let Some(p) = r.outcome_period {
        out += &format!(
            "outcome period (observed on heaps 0 to {}, not proven): {} from heap {}\n",
            p.heaps_checked, p.period, p.preperiod
        );
    }
    let genus: Vec<String> = r.genus.iter().map(|g| g.text()).collect();
    out += &format!("genus: {}\n", genus.join(" "));
    if let Some(note) = &r.genus_note {
        out += &format!("({note})\n");
    }
    if let Some(t) = r.tame {
        let yes = if t { "yes" } else { "no" };
        out += &format!("tame on the heaps with a genus: {yes}\n");
    }
    if let Some(sum) = &r.sum {
        let heaps: Vec<String> = sum.heaps.iter().map(u64::to_string).collect();
        out += &format!(
            "sum {}: element {}, {}\n",
            heaps.join(" + "),
            sum.element,
            outcome_letter(sum.outcome)
        );
        for mv in &sum.winning_moves {
            let leaves: Vec<String> = mv.leaves.iter().map(u64::to_string).collect();
            let left = if leaves.is_empty() {
                "nothing".into()
            } else {
                leaves.join(" + ")
            };
            out += &format!(
                "  winning move: heap {} ({}) -> {left}\n",
                mv.heap + 1,
                mv.size
            );
        }
    }
    out.trim_end().to_string()
}
