//! Heap sequences as figures: nim-values as a chart and outcomes as a strip, for any game
//! whose heaps `0, 1, 2, …` have a value or an outcome (subtraction, octal, rule-defined).

use crate::{
    Axis, Body, Category, CellAxis, Cells, Chart, Figure, Scale, Series, SeriesStyle, Strip,
};

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

/// The nim-values of heaps `0..` as a strip: one cell per heap on the perceptual map, with a
/// labelled colour bar (the page's value strip as a figure).
pub fn value_strip(values: &[f64]) -> Body {
    Body::Strip(Strip {
        x: CellAxis::integers("heap n", 0),
        cells: Cells::Values {
            values: values.iter().map(|&v| Some(v)).collect(),
            label: "nim-value G(n)".into(),
            scale: Scale::Linear,
        },
    })
}

/// A real-valued sequence of heaps `0..` (a score such as `G_s(n)`) as one series of points
/// named `what` on the y axis; integer ticks when every value is whole.
pub fn score_chart(values: &[f64], what: &str) -> Body {
    let whole = values.iter().all(|v| v.fract() == 0.0);
    Body::Chart(Chart {
        x: Axis::new("heap n", true),
        y: Axis::new(what, whole),
        series: vec![Series {
            name: what.to_string(),
            style: SeriesStyle::Points,
            points: (0..).zip(values).map(|(n, &v)| (f64::from(n), v)).collect(),
        }],
    })
}

/// The figure of a scoring game's values `what` (e.g. `G_s(n)`) of the first [`MAX_HEAPS`]
/// heaps, titled `{game}: {what} for n = 0 to N-1`.
pub fn score_figure(game: &str, what: &str, values: &[f64], caption: String) -> Figure {
    let shown = values.len().min(MAX_HEAPS);
    let title = format!("{game}: {what} for n = 0 to {}", shown.saturating_sub(1));
    Figure {
        caption,
        ..Figure::new(&title, score_chart(&values[..shown], what))
    }
}

/// The `#/subtraction` link of the same game: `key` is `S` (the set) or `E` (the excluded
/// moves of an all-but game) with its text, `terms` the heaps computed.
pub fn subtraction_link(key: &str, set: &str, terms: u64) -> String {
    super::page_link(
        "subtraction",
        &[(key, set.trim()), ("n", &terms.to_string())],
    )
}

/// A heap game under misère play as a figure's title names it, by the page key that carries
/// it: `S` (a subtraction set), `E` (the excluded moves of an all-but game) or `code` (an
/// octal code), with its text.
pub fn misere_game(key: &str, text: &str) -> String {
    let text = text.trim();
    match key {
        "S" => format!("Subtraction game S = {{{text}}}, misère play"),
        "E" => format!("All-but subtraction N \\ {{{text}}}, misère play"),
        _ => format!("Octal game {text}, misère play"),
    }
}

/// The misère outcome strip of a game (`key` `code`, `S` or `E` and its `text`), captioned
/// with the outcome period seen (`(period, preperiod, heaps checked)`: observed, never claimed
/// as proven): the figure of `heaplab misere --figure` and of `heaplab.misere(...).figure`.
pub fn misere_figure(
    key: &str,
    text: &str,
    outcomes: &str,
    period: Option<(u64, u64, u64)>,
) -> Figure {
    let caption = match period {
        Some((p, n0, checked)) => {
            format!("Period {p} from heap {n0}, observed over heaps 0..{checked} (not proven).")
        }
        None => "No period seen twice in these heaps.".into(),
    };
    let game = misere_game(key, text);
    sequence_figure_of(SequenceKind::Outcomes, &game, None, outcomes, caption)
}

/// The link of a game's misère strip: the subtraction page (`key` `S` or `E`) or the octal
/// page (`code`) of the game with its misère card shown.
pub fn misere_link(key: &str, text: &str) -> String {
    let page = if key == "code" {
        "octal"
    } else {
        "subtraction"
    };
    super::page_link(page, &[(key, text.trim()), ("misere", "1")])
}

/// The `#/octal` link of the same game: its code and the heaps computed.
pub fn octal_link(code: &str, terms: u64) -> String {
    super::page_link(
        "octal",
        &[("code", code.trim()), ("max", &terms.to_string())],
    )
}

/// The `#/rules` link of a ruleset, as the web page writes it: `preset=NAME` when `preset`
/// names the shipped preset the text is, else `r=` the text deflated and base64url-encoded;
/// then `p.NAME=VALUE` for every parameter set, and `n` when it is not the page's 200.
pub fn rules_link(
    text: &str,
    preset: Option<&str>,
    params: &[(String, String)],
    terms: u64,
) -> String {
    use base64::Engine as _;
    let (key, value) = match preset {
        Some(name) => ("preset", name.to_string()),
        None => (
            "r",
            base64::engine::general_purpose::URL_SAFE_NO_PAD
                .encode(miniz_oxide::deflate::compress_to_vec(text.as_bytes(), 9)),
        ),
    };
    let named: Vec<(String, &str)> = params
        .iter()
        .map(|(name, value)| (format!("p.{name}"), value.trim()))
        .collect();
    let n = terms.to_string();
    let mut pairs = vec![(key, value.as_str())];
    pairs.extend(named.iter().map(|(k, v)| (k.as_str(), *v)));
    if n != "200" {
        pairs.push(("n", &n));
    }
    super::page_link("rules", &pairs)
}

/// The `#/rules` link of a pair ruleset on a `width × height` grid (`size` unless the page's
/// default `100,100`).
pub fn rules_pair_link(
    text: &str,
    preset: Option<&str>,
    params: &[(String, String)],
    (width, height): (u64, u64),
) -> String {
    let link = rules_link(text, preset, params, 200);
    match (width, height) {
        (100, 100) => link,
        _ => format!("{link}&size={width},{height}"),
    }
}

/// The most heaps a figure shows (a chart or strip of more is unreadable in print).
pub const MAX_HEAPS: usize = 1000;

/// What a heap-sequence figure shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SequenceKind {
    /// The nim-values as a chart ([`value_chart`]).
    ValueChart,
    /// The nim-values as a strip with a colour bar ([`value_strip`]).
    ValueStrip,
    /// The outcomes as a strip of N and P cells ([`outcome_strip`]).
    Outcomes,
}

/// The figure of a heap sequence: the nim-values as a chart (when `values` are given and
/// `chart` asks for them) or the outcomes (`P`/`N` letters) as a strip, of the first
/// [`MAX_HEAPS`] heaps, titled `{game}: nim-values of heaps 0 to N-1`.
pub fn sequence_figure(
    game: &str,
    values: Option<&[f64]>,
    outcomes: &str,
    chart: bool,
    caption: String,
) -> Figure {
    let kind = if chart {
        SequenceKind::ValueChart
    } else {
        SequenceKind::Outcomes
    };
    sequence_figure_of(kind, game, values, outcomes, caption)
}

/// The figure of a heap sequence of `kind` (the outcome strip when `values` are missing), of
/// the first [`MAX_HEAPS`] heaps, titled `{game}: {nim-values|outcomes} of heaps 0 to N-1`.
pub fn sequence_figure_of(
    kind: SequenceKind,
    game: &str,
    values: Option<&[f64]>,
    outcomes: &str,
    caption: String,
) -> Figure {
    let shown = outcomes.len().min(MAX_HEAPS);
    let (body, what) = match (values, kind) {
        (Some(v), SequenceKind::ValueChart) => {
            (value_chart(&v[..shown.min(v.len())]), "nim-values")
        }
        (Some(v), SequenceKind::ValueStrip) => {
            (value_strip(&v[..shown.min(v.len())]), "nim-values")
        }
        _ => (outcome_strip(&outcomes[..shown]), "outcomes"),
    };
    let title = format!("{game}: {what} of heaps 0 to {}", shown.saturating_sub(1));
    Figure {
        caption,
        ..Figure::new(&title, body)
    }
}
