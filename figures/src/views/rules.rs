//! Figures of rule-defined games (feature `rules`), the same for `heaplab rules --figure` and
//! the rules page's "Export figure…": a one-heap ruleset's sequence (chart, value strip or
//! outcome strip, [`heap_figure`]) and a pair ruleset's grid ([`pair_figure`]).

use heaplab_engine::rules::{Convention, Header, HeapReport, PairReport};

use super::heaps::{sequence_figure_of, SequenceKind};
use super::plane::{outcome_raster, value_raster, window_text};
use crate::Figure;

/// The name, play convention and parameters: `MARK-t (normal play), t = 3`.
pub fn title(h: &Header) -> String {
    let params: Vec<String> = h
        .params
        .iter()
        .map(|(n, v)| format!("{n} = {}", v.text()))
        .collect();
    let play = match h.convention {
        Convention::Normal => "normal play",
        Convention::Misere => "misère play",
    };
    let star = if h.star { "*" } else { "" };
    let mut out = format!("{}{star} ({play})", h.name);
    if !params.is_empty() {
        out.push_str(&format!(", {}", params.join(", ")));
    }
    out
}

/// The caption of a heap ruleset's figure: the period seen (never claimed as proven) or that
/// none was found on the heaps computed.
pub fn heap_caption(report: &HeapReport) -> String {
    match report.period {
        Some(p) => format!(
            "Period {} from heap {} (observed on heaps 0..{}, not proven).",
            p.period, p.preperiod, p.heaps_checked
        ),
        None => format!(
            "No period found up to heap {}.",
            report.values.len().saturating_sub(1)
        ),
    }
}

/// The outcome letters (`P`, `N`) of a heap ruleset's heaps, as far as they were computed.
pub fn outcome_letters(report: &HeapReport) -> String {
    report.outcomes.iter().map(|o| format!("{o:?}")).collect()
}

/// A heap ruleset's figure of `kind`, titled by [`title`] and captioned by [`heap_caption`].
pub fn heap_figure(kind: SequenceKind, report: &HeapReport) -> Figure {
    let values: Vec<f64> = report.values.iter().map(|&v| v as f64).collect();
    sequence_figure_of(
        kind,
        &title(&report.header),
        Some(&values),
        &outcome_letters(report),
        heap_caption(report),
    )
}

/// A pair ruleset's grid as a picture, `a` along and `b` up: the nim-values when `values` asks
/// for them and they were computed, else P and N with their counts.
pub fn pair_figure(report: &PairReport, values: bool) -> Figure {
    let g = report.grid;
    let size = (g.width as usize, g.height as usize);
    let at = |a: usize, b: usize| a * g.height as usize + b;
    let (body, what) = match report.values.as_ref().filter(|_| values) {
        Some(v) => (
            value_raster(size, ("a", "b"), |a, b| v[at(a, b)] as f64),
            "nim-values",
        ),
        None => (
            outcome_raster(size, ("a", "b"), |a, b| report.p[at(a, b)]),
            "outcomes",
        ),
    };
    let title = format!(
        "{}: {what}, {}",
        title(&report.header),
        window_text(size, ("a", "b"))
    );
    Figure {
        caption: format!(
            "{} P-positions in the {}×{} grid.",
            report.p.iter().filter(|&&p| p).count(),
            g.width,
            g.height
        ),
        ..Figure::new(&title, body)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Body;
    use heaplab_engine::budget::Budget;
    use heaplab_engine::rules::{compile, presets, solve_heaps, solve_pairs, Grid};

    fn preset(name: &str) -> &'static str {
        presets::PRESETS
            .iter()
            .find(|p| p.name == name)
            .map(|p| p.text)
            .expect("a shipped preset")
    }

    /// Kayles as a ruleset: its nim-values chart is titled by the ruleset and captioned with
    /// the period seen (Kayles' nim-values have period 12 from heap 71, Winning Ways ch. 4).
    #[test]
    fn a_heap_rulesets_chart_has_its_title_and_period() {
        let script = compile(preset("kayles"), &[]).expect("kayles compiles");
        let report = solve_heaps(&script, 200, &mut Budget::unlimited()).expect("solved");
        let fig = heap_figure(SequenceKind::ValueChart, &report);
        assert!(fig
            .title
            .starts_with("Kayles (normal play): nim-values of heaps 0 to 199"));
        assert!(matches!(fig.body, Body::Chart(_)));
        assert!(
            fig.caption.contains("Period 12 from heap 71"),
            "{}",
            fig.caption
        );
        let strip = heap_figure(SequenceKind::Outcomes, &report);
        assert!(strip.title.contains("outcomes of heaps 0 to 199"));
    }

    /// Wythoff's P-positions on a 10 × 10 grid: (0,0), (1,2), (2,1), (3,5), (5,3), (4,7), (7,4)
    /// — seven (the pairs (⌊kφ⌋, ⌊kφ²⌋) and their mirrors, Wythoff 1907).
    #[test]
    fn a_pair_rulesets_grid_counts_its_p_positions() {
        let script = compile(preset("wythoff"), &[]).expect("wythoff compiles");
        let grid = Grid::new(10, 10).expect("a grid");
        let report = solve_pairs(&script, grid, &mut Budget::unlimited()).expect("solved");
        let fig = pair_figure(&report, false);
        assert_eq!(fig.caption, "7 P-positions in the 10×10 grid.");
        assert!(fig.title.contains("outcomes"), "{}", fig.title);
        assert!(pair_figure(&report, true).title.contains("nim-values"));
    }
}
