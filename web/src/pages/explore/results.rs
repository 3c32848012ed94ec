//! What a sweep shows: the group counts as a table and a histogram (plotters, counts on a log
//! axis; its figure is the figure layer's `histogram_figure`),
//! the top-k records, each check's tally with its first failures and witnesses, and the whole
//! summary as CSV. Every ruleset links to its own page. The tables are HTML strings (see
//! [`tables`]): they hold no handlers, and a string costs the wasm module less than `html!`.

use heaplab_engine::checks;
use heaplab_engine::sweep::aggregate::Found;
use heaplab_engine::sweep::Summary;
use heaplab_engine::tree_layout::xml_escape;
use plotters::coord::Shift;
use plotters::prelude::*;

use yew::prelude::*;

use crate::components::ticks::decade_label;
use crate::components::value_chart::legend_band;
use crate::format::grouped;
use crate::route::explore::ruleset_link;

/// Chart size in pixels.
pub const CHART_WIDTH: u32 = 900;
/// Chart height in pixels.
pub const CHART_HEIGHT: u32 = 360;
const BAR_INK: RGBColor = RGBColor(37, 99, 235);
/// Where the histogram's bars stand on its log axis: below 1, so a count of 1 is a bar.
const LOG_BASE: f64 = 0.5;

/// A group key as text (`unknown` where the metric has no value, e.g. no period found).
pub fn key_text(key: &Option<i64>) -> String {
    key.map_or_else(|| "unknown".to_string(), |k| k.to_string())
}

/// One CSV cell: quoted when it holds a comma, quote or line break.
fn cell(text: &str) -> String {
    if text.contains([',', '"', '\n']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

/// The summary as clean CSV tables, one per file, each `(name, text)`: `totals` (one row),
/// `groups` (when `group` is set), `records` (the top ones, when `top` is set), and, with
/// checks, `checks` (the tallies) and `failures` (the first failures with their witnesses).
pub fn csv_tables(summary: &Summary, group: &str, top: &str) -> Vec<(&'static str, String)> {
    let table = |head: String, rows: Vec<String>| {
        let mut text = head;
        for row in rows {
            text.push('\n');
            text.push_str(&row);
        }
        text + "\n"
    };
    let mut tables = vec![(
        "totals",
        table(
            "rulesets,matched,errors,distinct_sequences".into(),
            vec![format!(
                "{},{},{},{}",
                summary.rulesets,
                summary.matched,
                summary.errors,
                summary.sequences.len()
            )],
        ),
    )];
    if !group.is_empty() {
        let rows = summary.groups.iter();
        let rows = rows.map(|(k, n)| format!("{},{n}", key_text(k))).collect();
        tables.push(("groups", table(format!("{},count", cell(group)), rows)));
    }
    if !top.is_empty() {
        let rows = summary.top.iter().enumerate();
        let rows = rows
            .map(|(i, r)| format!("{},{},{},{}", i + 1, r.value, r.index, cell(&r.ruleset)))
            .collect();
        tables.push((
            "records",
            table(format!("rank,{},index,ruleset", cell(top)), rows),
        ));
    }
    if !summary.checks.is_empty() {
        let tallies = summary.checks.iter().map(|t| {
            let name = cell(&t.name);
            format!(
                "{name},{},{},{},{}",
                t.holds, t.fails, t.not_applicable, t.errors
            )
        });
        tables.push((
            "checks",
            table(
                "check,holds,fails,not_applicable,errors".into(),
                tallies.collect(),
            ),
        ));
        let failures = summary.checks.iter().flat_map(|t| {
            t.first_failures.iter().map(move |f| {
                let detail = cell(&f.detail);
                format!(
                    "{},{},{},{detail}",
                    cell(&t.name),
                    f.index,
                    cell(&f.ruleset)
                )
            })
        });
        tables.push((
            "failures",
            table("check,index,ruleset,witness".into(), failures.collect()),
        ));
    }
    tables
}

/// Draws the histogram of the group counts on any plotters backend, the counts on a log axis
/// (they span decades): bars stand on 0.5, so a count of 1 shows, and a group of none has no
/// bar. Bar `i` spans `2i + 1..2i + 3` across, its key labels the tick at `2i + 2`; the
/// legend is a band above the plot.
pub fn draw_histogram<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    groups: &[(Option<i64>, u64)],
    group: &str,
) -> Result<(), String> {
    let err = |e: &dyn std::fmt::Display| e.to_string();
    root.fill(&WHITE).map_err(|e| err(&e))?;
    let keys: Vec<String> = groups.iter().map(|(k, _)| key_text(k)).collect();
    let most = groups.iter().map(|g| g.1).max().unwrap_or(1).max(1) as f64;
    let width = 2 * keys.len().max(1) as u64 + 2;
    let label = format!("rulesets per value of {group}");
    let plot = legend_band(root, &[(&label, BAR_INK)], true).map_err(|e| err(&e))?;
    let mut chart = ChartBuilder::on(&plot)
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(64)
        .build_cartesian_2d(0..width, (LOG_BASE..most * 2.0).log_scale())
        .map_err(|e| err(&e))?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_desc(group)
        .y_desc("rulesets (log scale)")
        .x_labels((keys.len() * 2 + 2).clamp(1, 80))
        .x_label_formatter(&|v| match v.checked_sub(2) {
            Some(i) if i % 2 == 0 => keys.get(i as usize / 2).cloned().unwrap_or_default(),
            _ => String::new(),
        })
        .y_label_formatter(&|v| decade_label(*v))
        .light_line_style(RGBColor(238, 238, 238))
        .draw()
        .map_err(|e| err(&e))?;
    chart
        .draw_series(
            groups
                .iter()
                .enumerate()
                .filter(|(_, g)| g.1 > 0)
                .map(|(i, (_, n))| {
                    let x = 2 * i as u64 + 1;
                    Rectangle::new([(x, LOG_BASE), (x + 2, *n as f64)], BAR_INK.filled())
                }),
        )
        .map_err(|e| err(&e))?;
    root.present().map_err(|e| err(&e))
}

/// `text` escaped for HTML (the engine's escaper, already in the module for its SVG trees).
fn esc(text: &str) -> String {
    xml_escape(text)
}

/// A ruleset as a link to its page (plain text when it has none), as HTML.
fn ruleset_cell(family: &str, text: &str) -> String {
    match ruleset_link(family, text) {
        Some(href) => format!(
            "<a class=\"ruleset-link\" href=\"{}\">{{{}}}</a>",
            esc(&href),
            esc(text)
        ),
        None => format!("<span>{}</span>", esc(text)),
    }
}

/// A data table as HTML: its id, caption, column heads and rows (`<tr>`s); the one piece the
/// groups, records and checks tables share.
fn data_table(id: &str, caption: &str, head: &[&str], rows: String) -> String {
    let head: String = head
        .iter()
        .map(|h| format!("<th scope=\"col\">{}</th>", esc(h)))
        .collect();
    format!(
        "<table id=\"{id}\" class=\"data\"><caption>{}</caption><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>",
        esc(caption)
    )
}

/// The groups table: one row per key, `explore-group-{key}` holding its count.
fn groups_table(summary: &Summary, group: &str) -> String {
    let rows = summary.groups.iter().map(|(key, count)| {
        let key = key_text(key);
        format!(
            "<tr><th scope=\"row\">{key}</th><td id=\"explore-group-{key}\">{}</td></tr>",
            grouped(*count)
        )
    });
    let caption = format!("Rulesets per value of {group}");
    data_table(
        "explore-groups",
        &caption,
        &[group, "rulesets"],
        rows.collect(),
    )
}

/// The top-k records table.
fn top_table(summary: &Summary, family: &str, metric: &str) -> String {
    let rows = summary.top.iter().enumerate().map(|(i, r)| {
        format!(
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            i + 1,
            r.value,
            r.index,
            ruleset_cell(family, &r.ruleset)
        )
    });
    let caption = format!("Largest {metric}");
    data_table(
        "explore-top",
        &caption,
        &["#", metric, "index", "ruleset"],
        rows.collect(),
    )
}

/// A list of rulesets with their details (witnesses or errors), as HTML.
fn found_list(found: &[Found], family: &str) -> String {
    let items: String = found
        .iter()
        .map(|f| {
            format!(
                "<li>{} (index {}): {}</li>",
                ruleset_cell(family, &f.ruleset),
                f.index,
                esc(&f.detail)
            )
        })
        .collect();
    format!("<ul class=\"witnesses\">{items}</ul>")
}

/// The claim of check `name` in `claims` (the guide's `name<TAB>claim` lines, fetched when
/// a sweep has checks; empty until then).
pub fn claim_of<'a>(claims: &'a str, name: &str) -> &'a str {
    claims
        .lines()
        .find_map(|line| line.strip_prefix(name)?.strip_prefix('\t'))
        .unwrap_or_default()
}

/// Each check's claim, tally, citation and first failures with their witnesses.
fn checks_table(summary: &Summary, family: &str, claims: &str) -> String {
    let rows = summary.checks.iter().map(|t| {
        let citation = checks::find_for_sets(&t.name)
            .map(|c| c.citation)
            .unwrap_or_default();
        format!(
            "<tr id=\"explore-check-{name}\"><th scope=\"row\">{name}<br><span class=\"claim\">{}</span><br><small>{}</small></th><td class=\"holds\">{}</td><td class=\"fails\">{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            esc(claim_of(claims, &t.name)),
            esc(citation),
            grouped(t.holds),
            grouped(t.fails),
            grouped(t.not_applicable),
            grouped(t.errors),
            found_list(&t.first_failures, family),
            name = esc(&t.name),
        )
    });
    let head = [
        "check",
        "holds",
        "fails",
        "not applicable",
        "errors",
        "first failures (witness)",
    ];
    data_table("explore-checks", "Checks", &head, rows.collect())
}

/// The totals line and the first rulesets that could not be measured, as HTML.
pub fn totals(summary: &Summary, family: &str) -> Html {
    let mut html = format!(
        "<p id=\"explore-totals\">{} rulesets swept, {} measured, {} failed, {} distinct periodic parts.</p>",
        grouped(summary.rulesets),
        grouped(summary.matched),
        grouped(summary.errors),
        grouped(summary.sequences.len() as u64)
    );
    if !summary.first_errors.is_empty() {
        html.push_str("<p>First rulesets that could not be measured:</p>");
        html.push_str(&found_list(&summary.first_errors, family));
    }
    Html::from_html_unchecked(html.into())
}

/// The groups table (when `group` is set), the top records (when `top` is) and the checks'
/// tallies (when there are checks). The tables hold no handlers (a ruleset is a plain link),
/// so they are one HTML string the page inserts as it is: about a third of the code yew's
/// `html!` builds for the same markup, element by element.
/// `claims` are the checks' claims ([`claim_of`]).
pub fn tables(summary: &Summary, family: &str, group: &str, top: &str, claims: &str) -> Html {
    let mut html = String::new();
    if !group.is_empty() {
        html.push_str(&groups_table(summary, group));
    }
    if !top.is_empty() {
        html.push_str(&top_table(summary, family, top));
    }
    if !summary.checks.is_empty() {
        html.push_str(&checks_table(summary, family, claims));
    }
    Html::from_html_unchecked(html.into())
}
