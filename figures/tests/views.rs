//! The builders of `views` for the pages' charts and strips (histogram, `G_s`, value strip,
//! misère strip): each figure's SVG holds its title, axis labels, integer or decade ticks and
//! legend entries, and bad input comes back as an error, not a panic.
#![cfg(feature = "engine")]

use heaplab_figures::views::explore::histogram_figure;
use heaplab_figures::views::heaps::{
    misere_game, misere_link, score_figure, sequence_figure_of, subtraction_link, SequenceKind,
};
use heaplab_figures::{Body, Scale};

/// The texts of an SVG, trimmed, in document order.
fn texts(svg: &str) -> Vec<String> {
    let doc = roxmltree::Document::parse(svg).expect("the SVG parses");
    doc.descendants()
        .filter(|n| n.has_tag_name("text"))
        .filter_map(|n| n.text().map(|t| t.trim().to_string()))
        .collect()
}

/// Asserts every one of `want` is a text of `svg` (a wrapped title: part of the texts joined).
fn holds(svg: &str, want: &[&str]) {
    let shown = texts(svg);
    let joined = shown.join(" ");
    for w in want {
        assert!(
            shown.iter().any(|t| t == w) || joined.contains(w),
            "no text '{w}' in {shown:?}"
        );
    }
}

#[test]
fn the_histogram_has_a_log_count_axis_integer_keys_and_counts_unknowns_in_its_caption() {
    let groups = [
        (None, 7),
        (Some(1), 1),
        (Some(2), 40),
        (Some(3), 0),
        (Some(4), 2500),
        (Some(6), 12),
    ];
    let fig = histogram_figure("subtraction", "period", &groups);
    let Body::Chart(chart) = &fig.body else {
        panic!("a histogram is a chart");
    };
    assert_eq!(chart.y.scale, Scale::Log);
    assert!(chart.x.integer);
    // The empty group and the unknown one have no bar; every bar stands above the axis' foot.
    let bars = &chart.series[0].points;
    assert_eq!(
        bars,
        &vec![(1.0, 1.0), (2.0, 40.0), (4.0, 2500.0), (6.0, 12.0)]
    );
    let (foot, _) = chart.y.range.unwrap();
    assert!(bars.iter().all(|p| p.1 > foot));
    assert!(fig.caption.contains("7 rulesets with no value of period"));
    let svg = fig.to_svg().unwrap();
    holds(
        &svg,
        &[
            "Rulesets of the subtraction family by period",
            "period",
            "rulesets (log scale)",
            "rulesets per value of period",
            "1",
            "10",
            "100",
            "1000",
            "2",
            "4",
            "6",
        ],
    );
    for t in texts(&svg) {
        assert!(
            !(t.contains('.') && t.parse::<f64>().is_ok()),
            "fractional tick {t}"
        );
    }
}

#[test]
fn a_histogram_with_nothing_to_draw_is_an_error_not_a_panic() {
    let fig = histogram_figure("subtraction", "period", &[(None, 3), (Some(2), 0)]);
    assert!(fig.to_svg().is_err());
    assert!(histogram_figure("octal", "max", &[]).to_svg().is_err());
}

#[test]
fn the_score_chart_names_its_values_and_keeps_fractions() {
    let values = [0.0, 1.0, 0.5, 2.0, -1.5, 3.0];
    let fig = score_figure(
        "Scoring octal game (3333, 2222)",
        "G_s(n)",
        &values,
        "Period: 2.".into(),
    );
    let Body::Chart(chart) = &fig.body else {
        panic!("a chart");
    };
    assert!(!chart.y.integer, "fractions need fractional ticks");
    assert_eq!(chart.series[0].points.len(), values.len());
    holds(
        &fig.to_svg().unwrap(),
        &[
            "Scoring octal game (3333, 2222): G_s(n) for n = 0 to 5",
            "heap n",
            "G_s(n)",
            "Period: 2.",
        ],
    );
    let whole = score_figure("g", "G_s(n)", &[0.0, 2.0, 4.0], String::new());
    let Body::Chart(chart) = &whole.body else {
        panic!("a chart");
    };
    assert!(chart.y.integer, "whole scores get integer ticks");
}

#[test]
fn sequences_draw_as_a_chart_a_value_strip_or_an_outcome_strip() {
    let values = [0.0, 0.0, 1.0, 1.0, 2.0, 0.0, 3.0];
    let outcomes = "PPNNNPN";
    let chart = sequence_figure_of(
        SequenceKind::ValueChart,
        "Subtraction game S = {2, 3}",
        Some(&values),
        outcomes,
        String::new(),
    );
    holds(
        &chart.to_svg().unwrap(),
        &[
            "Subtraction game S = {2, 3}: nim-values of heaps 0 to 6",
            "heap n",
            "nim-value G(n)",
            "G(n) = 0 (P-position)",
            "0",
            "3",
        ],
    );
    let strip = sequence_figure_of(
        SequenceKind::ValueStrip,
        "Subtraction game S = {2, 3}",
        Some(&values),
        outcomes,
        String::new(),
    );
    assert!(matches!(strip.body, Body::Strip(_)));
    holds(&strip.to_svg().unwrap(), &["heap n", "nim-value G(n)"]);
    // Without values every kind is the outcome strip.
    let game = misere_game("S", "1,2");
    let outcomes = sequence_figure_of(SequenceKind::ValueStrip, &game, None, "NNPNNP", "c".into());
    holds(
        &outcomes.to_svg().unwrap(),
        &[
            "Subtraction game S = {1,2}, misère play: outcomes of heaps 0 to 5",
            "N-position 4 (66.7%)",
            "P-position 2 (33.3%)",
        ],
    );
}

#[test]
fn links_reopen_the_pages() {
    assert_eq!(
        subtraction_link("S", "2,5,7", 60),
        "#/subtraction?S=2,5,7&n=60"
    );
    assert_eq!(misere_link("code", ".77"), "#/octal?code=.77&misere=1");
    assert_eq!(misere_link("E", "3"), "#/subtraction?E=3&misere=1");
    assert_eq!(misere_game("code", "0.07"), "Octal game 0.07, misère play");
}
