//! The tabular view of a sweep's result, shared by `--format csv` and `--format parquet`:
//! the rows (`--rows`), else the histogram (`--group-by`), else the records (`--top`), else
//! the counts. Each column is typed (integers or text, `None` where unknown), so CSV prints it
//! and Parquet stores it without a second description of the same table.

use heaplab_engine::sweep::{Summary, Sweep};

/// The cells of one column.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Cells {
    /// Integers (`None`: unknown).
    Int(Vec<Option<i64>>),
    /// Text (`None`: absent).
    Text(Vec<Option<String>>),
}

/// One named column.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Column {
    /// The header.
    pub name: String,
    /// The cells, one per row.
    pub cells: Cells,
}

fn int(name: &str, cells: impl Iterator<Item = Option<i64>>) -> Column {
    Column {
        name: name.to_string(),
        cells: Cells::Int(cells.collect()),
    }
}

fn text(name: &str, cells: impl Iterator<Item = Option<String>>) -> Column {
    Column {
        name: name.to_string(),
        cells: Cells::Text(cells.collect()),
    }
}

/// Family indices and counts as table integers (every family has fewer than 2^63 rulesets).
fn count(n: u64) -> Option<i64> {
    i64::try_from(n).ok()
}

/// The view: rows, else groups, else top records, else the counts.
pub fn table(sweep: &Sweep, s: &Summary) -> Vec<Column> {
    let spec = sweep.spec();
    if spec.rows > 0 {
        let mut columns = vec![
            int("index", s.rows.iter().map(|r| count(r.index))),
            text("ruleset", s.rows.iter().map(|r| Some(r.ruleset.clone()))),
        ];
        for (i, name) in sweep.metric_names().iter().enumerate() {
            // An errored row has no values.
            columns.push(int(
                name,
                s.rows.iter().map(|r| r.values.get(i).copied().flatten()),
            ));
        }
        columns.push(text("error", s.rows.iter().map(|r| r.error.clone())));
        columns
    } else if let Some(key) = &spec.group_by {
        vec![
            int(key, s.groups.iter().map(|g| g.0)),
            int("count", s.groups.iter().map(|g| count(g.1))),
        ]
    } else if let Some(top) = &spec.top {
        vec![
            int("rank", (1..=s.top.len() as i64).map(Some)),
            int(&top.metric, s.top.iter().map(|r| Some(r.value))),
            int("index", s.top.iter().map(|r| count(r.index))),
            text("ruleset", s.top.iter().map(|r| Some(r.ruleset.clone()))),
        ]
    } else {
        let one = |n: u64| std::iter::once(count(n));
        vec![
            int("rulesets", one(s.rulesets)),
            int("matched", one(s.matched)),
            int("errors", one(s.errors)),
            int("distinct_sequences", one(s.sequences.len() as u64)),
        ]
    }
}

/// How many rows the columns hold.
pub fn height(columns: &[Column]) -> usize {
    columns.first().map_or(0, |c| match &c.cells {
        Cells::Int(v) => v.len(),
        Cells::Text(v) => v.len(),
    })
}

/// The table as CSV: a header, then one line per row (empty cells where unknown).
pub fn csv(columns: &[Column]) -> String {
    let header: Vec<&str> = columns.iter().map(|c| c.name.as_str()).collect();
    let mut lines = vec![header.join(",")];
    for row in 0..height(columns) {
        let cells: Vec<String> = columns
            .iter()
            .map(|c| match &c.cells {
                Cells::Int(v) => v[row].map_or(String::new(), |v| v.to_string()),
                Cells::Text(v) => v[row].as_deref().map_or(String::new(), quote),
            })
            .collect();
        lines.push(cells.join(","));
    }
    lines.join("\n")
}

/// A CSV field: quoted when it holds a comma, a quote or a line break.
fn quote(text: &str) -> String {
    match text.contains([',', '"', '\n']) {
        true => format!("\"{}\"", text.replace('"', "\"\"")),
        false => text.to_string(),
    }
}
