//! Heap sequences as figures: nim-values as a chart and outcomes as a strip, for any game
//! whose heaps `0, 1, 2, …` have a value or an outcome (subtraction, octal, rule-defined).

use crate::{Axis, Body, Category, CellAxis, Cells, Chart, Series, SeriesStyle, Strip};

/// The nim-values of heaps `0..` as points, P-positions (value 0) a series of their own.
pub fn value_chart(values: &[f64]) -> Body {
    let points = |zero: bool| {
        let at = values
            .iter()
            .enumerate()
            .filter(move |(_, v)| (**v == 0.0) == zero);
        at.map(|(n, &v)| (n as f64, v)).collect::<Vec<_>>()
    };
    let series = |name: &str, zero: bool| Series {
        name: name.to_string(),
        style: SeriesStyle::Points,
        points: points(zero),
    };
    Body::Chart(Chart {
        x: Axis::new("heap n", true),
        y: Axis::new("nim-value G(n)", true),
        series: [
            series("G(n) > 0 (N-position)", false),
            series("G(n) = 0 (P-position)", true),
        ]
        .into_iter()
        .filter(|s| !s.points.is_empty())
        .collect(),
    })
}

/// The outcomes of heaps `0..` as a strip of N and P cells with their counts.
pub fn outcome_strip(outcomes: &str) -> Body {
    let indices: Vec<u32> = outcomes.chars().map(|c| u32::from(c == 'P')).collect();
    let p = indices.iter().filter(|&&i| i == 1).count() as u64;
    let category = |name: &str, n: u64| Category {
        count: Some(n),
        ..Category::new(name)
    };
    Body::Strip(Strip {
        x: CellAxis::integers("heap n", 0),
        cells: Cells::Categories {
            categories: vec![
                category("N-position", indices.len() as u64 - p),
                category("P-position", p),
            ],
            indices,
        },
    })
}
