//! What a sweep shows: the group counts as a table and a histogram (plotters, PNG/SVG
//! export), the top-k records, each check's tally with its first failures and witnesses, and
//! the whole summary as CSV. Every ruleset links to its own page.

use heaplab_engine::checks;
use heaplab_engine::sweep::aggregate::Found;
use heaplab_engine::sweep::Summary;
use plotters::coord::Shift;
use plotters::prelude::*;

use yew::prelude::*;

use crate::components::value_chart::draw_legend;
use crate::format::grouped;
use crate::route::explore::ruleset_link;

/// Chart size in pixels.
pub const CHART_WIDTH: u32 = 900;
/// Chart height in pixels.
pub const CHART_HEIGHT: u32 = 360;
const BAR_INK: RGBColor = RGBColor(37, 99, 235);

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

/// The summary as CSV sections: totals, groups, top records, check tallies, and the first
/// failures with their witnesses.
pub fn summary_csv(summary: &Summary, group: &str, top: &str) -> String {
    let mut lines = vec![
        "rulesets,matched,errors,distinct_sequences".to_string(),
        format!(
            "{},{},{},{}",
            summary.rulesets,
            summary.matched,
            summary.errors,
            summary.sequences.len()
        ),
    ];
    if !group.is_empty() {
        lines.push(String::new());
        lines.push(format!("{},count", cell(group)));
        lines.extend(
            summary
                .groups
                .iter()
                .map(|(k, n)| format!("{},{n}", key_text(k))),
        );
    }
    if !summary.top.is_empty() {
        lines.push(String::new());
        lines.push(format!("rank,{},index,ruleset", cell(top)));
        lines.extend(
            summary
                .top
                .iter()
                .enumerate()
                .map(|(i, r)| format!("{},{},{},{}", i + 1, r.value, r.index, cell(&r.ruleset))),
        );
    }
    if !summary.checks.is_empty() {
        lines.push(String::new());
        lines.push("check,holds,fails,not_applicable,errors".into());
        lines.extend(summary.checks.iter().map(|t| {
            format!(
                "{},{},{},{},{}",
                cell(&t.name),
                t.holds,
                t.fails,
                t.not_applicable,
                t.errors
            )
        }));
        lines.push(String::new());
        lines.push("check,index,ruleset,witness".into());
        for t in &summary.checks {
            lines.extend(t.first_failures.iter().map(|f| {
                format!(
                    "{},{},{},{}",
                    cell(&t.name),
                    f.index,
                    cell(&f.ruleset),
                    cell(&f.detail)
                )
            }));
        }
    }
    lines.join("\n") + "\n"
}

/// Draws the histogram of the group counts on any plotters backend (canvas or SVG). The
/// axes are the octal page's plot's (`u64` across, `u32` up), so the two share plotters'
/// code in the module: bar `i` spans `2i + 1..2i + 3`, its key labels the tick at `2i + 2`.
pub fn draw_histogram<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    groups: &[(Option<i64>, u64)],
    group: &str,
) -> Result<(), String> {
    let err = |e: &dyn std::fmt::Display| e.to_string();
    root.fill(&WHITE).map_err(|e| err(&e))?;
    let keys: Vec<String> = groups.iter().map(|(k, _)| key_text(k)).collect();
    // Counts fit: the page sweeps at most 2^22 rulesets.
    let count = |n: u64| u32::try_from(n).unwrap_or(u32::MAX);
    let top = count(groups.iter().map(|g| g.1).max().unwrap_or(0)).saturating_add(1);
    let width = 2 * keys.len().max(1) as u64 + 2;
    let mut chart = ChartBuilder::on(root)
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(64)
        .build_cartesian_2d(0..width, 0u32..top)
        .map_err(|e| err(&e))?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_desc(group)
        .y_desc("rulesets")
        .x_labels((keys.len() * 2 + 2).clamp(1, 80))
        .x_label_formatter(&|v| match v.checked_sub(2) {
            Some(i) if i % 2 == 0 => keys.get(i as usize / 2).cloned().unwrap_or_default(),
            _ => String::new(),
        })
        .light_line_style(RGBColor(238, 238, 238))
        .draw()
        .map_err(|e| err(&e))?;
    chart
        .draw_series(groups.iter().enumerate().map(|(i, (_, n))| {
            let x = 2 * i as u64 + 1;
            Rectangle::new([(x, 0), (x + 2, count(*n))], BAR_INK.filled())
        }))
        .map_err(|e| err(&e))?;
    let label = format!("rulesets per value of {group}");
    draw_legend(
        &chart.plotting_area().strip_coord_spec(),
        &[(&label, BAR_INK)],
        true,
        true,
    )
    .map_err(|e| err(&e))?;
    root.present().map_err(|e| err(&e))
}

/// A ruleset as a link to its page (plain text when it has none).
pub fn ruleset_cell(family: &str, text: &str) -> Html {
    match ruleset_link(family, text) {
        Some(href) => html! { <a class="ruleset-link" {href}>{ format!("{{{text}}}") }</a> },
        None => html! { <span>{ text.to_string() }</span> },
    }
}

/// A data table: its id, caption, column heads and rows (`<tr>`s); the one piece the groups,
/// records and checks tables share.
fn data_table(id: &str, caption: String, head: &[&str], rows: Html) -> Html {
    let head = head
        .iter()
        .map(|h| html! { <th scope="col">{ h.to_string() }</th> });
    html! {
        <table id={id.to_string()} class="data">
            <caption>{ caption }</caption>
            <thead><tr>{ for head }</tr></thead>
            <tbody>{ rows }</tbody>
        </table>
    }
}

/// The groups table: one row per key, `explore-group-{key}` holding its count.
pub fn groups_table(summary: &Summary, group: &str) -> Html {
    let rows = summary.groups.iter().map(|(key, count)| {
        let key = key_text(key);
        html! {
            <tr><th scope="row">{ key.clone() }</th>
                <td id={format!("explore-group-{key}")}>{ grouped(*count) }</td></tr>
        }
    });
    let caption = format!("Rulesets per value of {group}");
    data_table(
        "explore-groups",
        caption,
        &[group, "rulesets"],
        rows.collect(),
    )
}

/// The top-k records table.
pub fn top_table(summary: &Summary, family: &str, metric: &str) -> Html {
    let rows = summary.top.iter().enumerate().map(|(i, r)| {
        html! {
            <tr><td>{ i + 1 }</td><td>{ r.value }</td><td>{ r.index }</td>
                <td>{ ruleset_cell(family, &r.ruleset) }</td></tr>
        }
    });
    let caption = format!("Largest {metric}");
    data_table(
        "explore-top",
        caption,
        &["#", metric, "index", "ruleset"],
        rows.collect(),
    )
}

/// A list of rulesets with their details (witnesses or errors).
fn found_list(found: &[Found], family: &str) -> Html {
    let items = found.iter().map(|f| {
        html! { <li>{ ruleset_cell(family, &f.ruleset) }{ format!(" (index {}): {}", f.index, f.detail) }</li> }
    });
    html! { <ul class="witnesses">{ for items }</ul> }
}

/// Each check's tally, citation and first failures with their witnesses.
pub fn checks_table(summary: &Summary, family: &str) -> Html {
    let rows = summary.checks.iter().map(|t| {
        let citation = checks::find_for_subtraction(&t.name).map(|c| c.citation).unwrap_or_default();
        html! {
            <tr id={format!("explore-check-{}", t.name)}>
                <th scope="row">{ t.name.clone() }<br /><small>{ citation }</small></th>
                <td class="holds">{ grouped(t.holds) }</td><td class="fails">{ grouped(t.fails) }</td>
                <td>{ grouped(t.not_applicable) }</td><td>{ grouped(t.errors) }</td>
                <td>{ found_list(&t.first_failures, family) }</td>
            </tr>
        }
    });
    let head = [
        "check",
        "holds",
        "fails",
        "not applicable",
        "errors",
        "first failures (witness)",
    ];
    data_table("explore-checks", "Checks".into(), &head, rows.collect())
}

/// The totals line and the first rulesets that could not be measured.
pub fn totals(summary: &Summary, family: &str) -> Html {
    html! {
        <>
            <p id="explore-totals">{ format!(
                "{} rulesets swept, {} measured, {} failed, {} distinct periodic parts.",
                grouped(summary.rulesets),
                grouped(summary.matched),
                grouped(summary.errors),
                grouped(summary.sequences.len() as u64)
            ) }</p>
            if !summary.first_errors.is_empty() {
                <p>{ "First rulesets that could not be measured:" }</p>
                { found_list(&summary.first_errors, family) }
            }
        </>
    }
}
