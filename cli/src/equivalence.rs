//! `heaplab equivalence`: the equivalence class of a subtraction game (thesis Section 4.1.1):
//! master, expansion set, minimals and class size; equality of two sets (`--equal`); and the
//! rows of the thesis's Table 4.7 (`--table M`, `--row M`).

use crate::output::{join, Format};
use crate::progress::with_budget;
use clap::Args;
use heaplab_engine::equivalence::{self, table::MAX_LARGEST_MOVE, Class, MasterRow};
use heaplab_engine::ruleset::{parse_count, NumberSet};
use heaplab_engine::EngineError;
use serde_json::json;

/// Arguments of `heaplab equivalence`.
#[derive(Args)]
pub struct EquivalenceArgs {
    /// The subtraction set, e.g. `2,3,5` (omit with `--table` or `--row`).
    #[arg(allow_hyphen_values = true)]
    set: Option<String>,
    /// Also decide whether this second set plays exactly like SET (same nim-value at every heap).
    #[arg(long, allow_hyphen_values = true)]
    equal: Option<String>,
    /// Table 4.7's rows for largest move 1..=M (masters, period, preperiod, sources, range).
    #[arg(long, allow_hyphen_values = true)]
    table: Option<String>,
    /// Table 4.7's row for largest move M alone.
    #[arg(long, allow_hyphen_values = true)]
    row: Option<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Show progress on stderr.
    #[arg(long)]
    progress: bool,
}

/// Runs the subcommand and renders JSON or the summary.
pub fn run(args: &EquivalenceArgs) -> Result<String, EngineError> {
    match (&args.set, &args.table, &args.row) {
        (Some(set), None, None) => class(args, set),
        (None, Some(m), None) => {
            let m = parse_move(m, "--table")?;
            let rows = with_budget(args.progress, "sets", |b| equivalence::master_rows(m, b))?;
            Ok(render_rows(&rows, args.format))
        }
        (None, None, Some(m)) => {
            let m = parse_move(m, "--row")?;
            let row = with_budget(args.progress, "sets", |b| equivalence::master_row(m, b))?;
            Ok(match args.format {
                Format::Json => json!(row).to_string(),
                Format::Text => render_rows(&[row], Format::Text),
            })
        }
        _ => Err(EngineError::Parse(
            "give exactly one of SET, --table M or --row M".into(),
        )),
    }
}

fn parse_move(text: &str, name: &str) -> Result<u32, EngineError> {
    Ok(parse_count(text, name, 1, u64::from(MAX_LARGEST_MOVE))? as u32)
}

fn class(args: &EquivalenceArgs, set: &str) -> Result<String, EngineError> {
    let set = NumberSet::parse(set)?;
    let other = args.equal.as_deref().map(NumberSet::parse).transpose()?;
    let (class, equal) = with_budget(args.progress, "steps", |b| {
        let class = equivalence::class(&set, b)?;
        let equal = match &other {
            Some(t) => Some(equivalence::equal(&set, t, b)?),
            None => None,
        };
        Ok::<_, EngineError>((class, equal))
    })?;
    Ok(match args.format {
        Format::Json => {
            let mut v = json!(class);
            v["size"] = match u64::try_from(class.size) {
                Ok(n) => json!(n),
                Err(_) => json!(class.size.to_string()),
            };
            v["lattice"] = json!(class.is_lattice());
            v["expansion_period"] = json!(class.period);
            if let Some(e) = equal {
                v["equal"] = json!(e);
            }
            v.to_string()
        }
        Format::Text => render_class(&class, equal, other.as_ref()),
    })
}

fn render_class(class: &Class, equal: Option<bool>, other: Option<&NumberSet>) -> String {
    let minimals: Vec<String> = class
        .minimals
        .iter()
        .map(|m| format!("{{{}}}", join(m)))
        .collect();
    let mut out = format!(
        "set {{{}}}: preperiod {}, period {}\n\
         master (expansion set below n0 + p): {{{}}}\n\
         expansion set: the master, plus each of its moves >= {} shifted by multiples of {}\n\
         minimals ({}): {}\n\
         class: {} sets between a minimal and the master{}",
        join(&class.moves),
        class.preperiod,
        class.period,
        join(&class.master),
        class.preperiod,
        class.period,
        class.minimals.len(),
        minimals.join(" "),
        class.size,
        if class.is_lattice() {
            " (a lattice)"
        } else {
            ""
        }
    );
    if let (Some(e), Some(t)) = (equal, other) {
        let verb = if e { "equals" } else { "does not equal" };
        out.push_str(&format!(
            "\n{{{}}} {verb} {{{}}}",
            join(&class.moves),
            join(t.elements())
        ));
    }
    out
}

fn render_rows(rows: &[MasterRow], format: Format) -> String {
    if let Format::Json = format {
        return json!({ "rows": rows }).to_string();
    }
    let mut out =
        String::from("max S  masters  lattices  period  preperiod  sources  source range");
    for r in rows {
        out.push_str(&format!(
            "\n{:>5}  {:>7}  {:>8}  {:>6}  {:>9}  {:>7}  {:>12}",
            r.largest_move, r.masters, r.lattices, r.period, r.preperiod, r.sources, r.source_range
        ));
    }
    out
}
