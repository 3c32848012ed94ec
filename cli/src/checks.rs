//! `heaplab checks`: the papers' named checks — names, citations, statements, the
//! families each speaks about and the range its paper states, as text or JSON. Running a check
//! over a family is the explorer's `sweep`; this command only lists them.

use crate::output::Format;
use clap::Args;
use heaplab_engine::checks::all;
use heaplab_engine::sweep::family::kind_name;
use heaplab_engine::EngineError;
use serde_json::json;

#[derive(Args)]
/// Arguments of `heaplab checks`.
pub struct ChecksArgs {
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

/// Lists every check.
pub fn run(args: &ChecksArgs) -> Result<String, EngineError> {
    let families = |c: &heaplab_engine::checks::Check| -> Vec<&str> {
        c.applies_to.iter().map(|&kind| kind_name(kind)).collect()
    };
    Ok(match args.format {
        Format::Json => json!(all()
            .iter()
            .map(|c| json!({
                "name": c.name,
                "citation": c.citation,
                "statement": c.statement,
                "applies_to": families(c),
                "stated_range": c.stated_range,
            }))
            .collect::<Vec<_>>())
        .to_string(),
        Format::Text => all()
            .iter()
            .map(|c| {
                format!(
                    "{} [{}]\n  {}\n  {}\n  range: {}",
                    c.name,
                    families(c).join(", "),
                    c.citation,
                    c.statement,
                    c.stated_range
                )
            })
            .collect::<Vec<_>>()
            .join("\n"),
    })
}
