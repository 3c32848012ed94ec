//! The explorer's sweep as a figure: how many rulesets of a family have each value of a
//! metric, as a histogram on a logarithmic count axis (the counts span decades).

use crate::{Axis, Body, Chart, Figure, Scale, Series, SeriesStyle};

/// The histogram of a sweep's `groups` (each metric value, `None` where a ruleset has none,
/// with its count of rulesets): one bar per value on an integer axis `group`, the counts on a
/// log axis from 0.5, so that a count of 1 is a visible bar. Values without a metric value
/// and empty groups cannot stand on an integer or log axis: the caption counts them instead.
pub fn histogram_figure(family: &str, group: &str, groups: &[(Option<i64>, u64)]) -> Figure {
    let points: Vec<(f64, f64)> = groups
        .iter()
        .filter_map(|&(key, n)| Some((key? as f64, n as f64)).filter(|_| n > 0))
        .collect();
    let unknown: u64 = groups.iter().filter(|g| g.0.is_none()).map(|g| g.1).sum();
    let top = points.iter().map(|p| p.1).fold(1.0, f64::max);
    let mut y = Axis::new("rulesets (log scale)", true);
    y.scale = Scale::Log;
    y.range = Some((0.5, top * 2.0));
    let body = Body::Chart(Chart {
        x: Axis::new(group, true),
        y,
        series: vec![Series {
            name: format!("rulesets per value of {group}"),
            style: SeriesStyle::Bars,
            points,
        }],
    });
    let mut caption = "Counts on a logarithmic axis.".to_string();
    if unknown > 0 {
        caption.push_str(&format!(
            " {unknown} rulesets with no value of {group} are not drawn."
        ));
    }
    Figure {
        caption,
        ..Figure::new(&format!("Rulesets of the {family} family by {group}"), body)
    }
}
