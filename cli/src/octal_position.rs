//! `heaplab octal CODE --position 5,7,9`: a sum of heaps, its nim-value, P or N and every
//! winning move (engine `octal::position`).

use crate::output::Format;
use heaplab_engine::octal::position::{self, Outcome, PositionReport};
use heaplab_engine::octal::Ruleset;
use heaplab_engine::{Budget, EngineError};

/// Analyses the position `text` (heap sizes) of `rules`; `max_heaps` bounds the period search
/// a huge heap needs.
pub fn run(
    rules: &Ruleset,
    text: &str,
    max_heaps: usize,
    format: Format,
) -> Result<String, EngineError> {
    let heaps = position::parse_heaps(text)?;
    let report = position::analyse(rules, &heaps, max_heaps, &mut Budget::unlimited())?;
    Ok(match format {
        Format::Json => serde_json::to_string(&report).unwrap_or_default(),
        Format::Text => render(&report),
    })
}

fn render(report: &PositionReport) -> String {
    let list = |v: &[u64], sep: &str| v.iter().map(u64::to_string).collect::<Vec<_>>().join(sep);
    let outcome = match report.outcome {
        Outcome::P => "P (the player to move loses)",
        Outcome::N => "N (the player to move wins)",
    };
    let mut text = format!(
        "{}: heaps {}\nnim-values {} = {}: {outcome}\n",
        report.code,
        list(&report.heaps, " + "),
        list(&report.heap_values, " xor "),
        report.nim_value,
    );
    let count: u64 = report.winning_moves.iter().map(|m| m.count()).sum();
    if report.outcome == Outcome::N {
        let more = if report.truncated { "at least " } else { "" };
        text.push_str(&format!("winning moves ({more}{count}):\n"));
    }
    for mv in &report.winning_moves {
        text.push_str(&format!("  {}\n", mv.describe()));
    }
    if report.truncated {
        text.push_str(&format!(
            "  (only the first {} are listed)\n",
            position::MAX_LISTED
        ));
    }
    text.push_str(&format!("values: {}", report.values_from));
    text
}
