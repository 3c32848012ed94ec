//! `--figure FILE.{svg,pdf,png,tex}` on every subcommand with a picture (`subtraction`,
//! `period-map`, `octal`, `rules`, `plane`, `cumulative-subtraction --piles 2`, `truncated`,
//! `misere`, `scoring --octal`, `sweep --group-by`):
//! the files are opened and checked for title, axes, legend and provenance (SVG text, the
//! PDF's Info dictionary, the PNG's `tEXt` chunks), every colour of the picture is one of the
//! legend's, and the TikZ exports compile.

mod common;

use common::{assert_compiles, error_contains, heaplab, pdflatex_available};
use heaplab_figures::{Palette, BAR_STEPS};
use std::collections::BTreeSet;
use std::path::PathBuf;

/// A fresh folder for one test's files.
fn scratch(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("heaplab-fig-{}-{tag}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `heaplab` with `args`, which must succeed.
fn run(args: &[&str]) {
    let out = heaplab(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The texts of an SVG file, trimmed, in document order.
fn svg_texts(path: &PathBuf) -> Vec<String> {
    let svg = std::fs::read_to_string(path).unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    doc.descendants()
        .filter(|n| n.has_tag_name("text") || n.has_tag_name("metadata"))
        .filter_map(|n| n.text().map(|t| t.trim().to_string()))
        .collect()
}

/// Asserts that every `wanted` text is one of `texts` or part of their joined lines.
fn assert_texts(texts: &[String], wanted: &[&str]) {
    let joined = texts.join(" ");
    for w in wanted {
        assert!(
            texts.iter().any(|t| t == w) || joined.contains(w),
            "no '{w}' in {texts:?}"
        );
    }
}

/// The Info dictionary entry `key` of a PDF file, as text.
fn pdf_info(path: &PathBuf, key: &[u8]) -> String {
    let doc = lopdf::Document::load(path).unwrap();
    let info = doc.trailer.get(b"Info").unwrap().as_reference().unwrap();
    let bytes = doc
        .get_object(info)
        .unwrap()
        .as_dict()
        .unwrap()
        .get(key)
        .unwrap()
        .as_str()
        .unwrap()
        .to_vec();
    match bytes.strip_prefix(&[0xFE, 0xFF]) {
        Some(rest) => String::from_utf16_lossy(
            &rest
                .chunks(2)
                .map(|c| u16::from_be_bytes([c[0], c[1]]))
                .collect::<Vec<_>>(),
        ),
        None => bytes.iter().map(|&b| b as char).collect(),
    }
}

/// The `tEXt` chunk `key` of a PNG file, and its width.
fn png_text(path: &PathBuf, key: &str) -> (Option<String>, u32) {
    let reader = png::Decoder::new(std::fs::File::open(path).unwrap())
        .read_info()
        .unwrap();
    let info = reader.info();
    let text = info
        .uncompressed_latin1_text
        .iter()
        .find(|t| t.keyword == key)
        .map(|t| t.text.clone());
    (text, info.width)
}

#[test]
fn subtraction_writes_a_value_chart_and_an_outcome_strip_in_every_format() {
    let dir = scratch("sub");
    let svg = dir.join("values.svg");
    run(&[
        "subtraction",
        "--set",
        "2,3,7",
        "--terms",
        "60",
        "--figure",
        svg.to_str().unwrap(),
    ]);
    let link = "HeapLab v0.1.0, #/subtraction?S=2,3,7&n=60";
    assert_texts(
        &svg_texts(&svg),
        &[
            "Subtraction game S = {2,3,7}: nim-values of heaps 0 to 59",
            "heap n",
            "nim-value G(n)",
            "0",
            "20",
            "40",
            "G(n) > 0 (N-position)",
            "G(n) = 0 (P-position)",
            link,
        ],
    );
    let strip = dir.join("outcomes.svg");
    run(&[
        "subtraction",
        "--set",
        "2,3,7",
        "--terms",
        "60",
        "--figure-kind",
        "outcomes",
        "--figure",
        strip.to_str().unwrap(),
    ]);
    let texts = svg_texts(&strip);
    assert!(
        texts.iter().any(|t| t.starts_with("N-position "))
            && texts.iter().any(|t| t.starts_with("P-position ")),
        "{texts:?}"
    );
    let pdf = dir.join("values.pdf");
    run(&[
        "subtraction",
        "--set",
        "2,3,7",
        "--terms",
        "60",
        "--figure",
        pdf.to_str().unwrap(),
    ]);
    assert_eq!(
        pdf_info(&pdf, b"Title"),
        "Subtraction game S = {2,3,7}: nim-values of heaps 0 to 59"
    );
    assert_eq!(pdf_info(&pdf, b"Creator"), link);
    let png = dir.join("values.png");
    run(&[
        "subtraction",
        "--set",
        "2,3,7",
        "--terms",
        "60",
        "--figure-size",
        "page@600",
        "--figure",
        png.to_str().unwrap(),
    ]);
    let (source, width) = png_text(&png, "Source");
    assert_eq!(source.as_deref(), Some(link));
    assert_eq!(width, (17.5 / 2.54 * 600.0f64).round() as u32);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn outcomes_only_and_all_but_draw_figures_too_and_provenance_can_be_left_off() {
    let dir = scratch("kinds");
    let strip = dir.join("strip.svg");
    run(&[
        "subtraction",
        "--set",
        "1,4",
        "--terms",
        "30",
        "--outcomes-only",
        "--no-provenance",
        "--figure",
        strip.to_str().unwrap(),
    ]);
    let texts = svg_texts(&strip);
    assert_texts(&texts, &["outcomes of heaps 0 to 29"]);
    assert!(!texts.iter().any(|t| t.contains("HeapLab v")), "{texts:?}");
    let all_but = dir.join("allbut.svg");
    run(&[
        "subtraction",
        "--all-but",
        "1",
        "--terms",
        "30",
        "--figure-palette",
        "grey",
        "--figure",
        all_but.to_str().unwrap(),
    ]);
    assert_texts(
        &svg_texts(&all_but),
        &["All-but subtraction N \\ {1}", "#/subtraction?E=1&n=30"],
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_period_map_figure_has_axes_the_class_legend_and_the_page_link() {
    let dir = scratch("map");
    let svg = dir.join("map.svg");
    let args = [
        "period-map",
        "--s3",
        "40",
        "--s1",
        "1..20",
        "--s2",
        "2..30",
        "--threads",
        "1",
    ];
    let with = |path: &PathBuf, extra: &[&str]| {
        let mut all: Vec<&str> = args.to_vec();
        all.extend_from_slice(extra);
        all.extend_from_slice(&["--figure", path.to_str().unwrap()]);
        run(&all);
    };
    with(&svg, &[]);
    let texts = svg_texts(&svg);
    let link = "#/period-map?family=3move&fixed=40&s1=1..20&s2=2..30&colour=class";
    assert_texts(
        &texts,
        &[
            "3move period map, s3 = 40, s1 in 1..20, s2 in 2..30",
            "s1",
            "s2",
            "5",
            "10",
            "not a ruleset",
            link,
        ],
    );
    assert!(
        texts
            .iter()
            .any(|t| t.starts_with("other ") && t.ends_with("%)")),
        "{texts:?}"
    );
    let pdf = dir.join("map.pdf");
    with(&pdf, &["--colour", "period"]);
    assert!(pdf_info(&pdf, b"Creator").ends_with("&colour=period"));
    let png = dir.join("map.png");
    with(&png, &[]);
    assert_eq!(
        png_text(&png, "Source").0.as_deref(),
        Some(&*format!("HeapLab v0.1.0, {link}"))
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn bad_figure_options_are_one_line_errors() {
    error_contains(
        &["subtraction", "--set", "2,3", "--figure", "x.jpg"],
        ".svg, .png, .pdf or .tex",
    );
    error_contains(
        &[
            "subtraction",
            "--set",
            "2,3",
            "--figure",
            "x.svg",
            "--figure-size",
            "huge",
        ],
        "--figure-size",
    );
    error_contains(
        &[
            "subtraction",
            "--set",
            "2,3",
            "--figure",
            "x.svg",
            "--figure-palette",
            "neon",
        ],
        "--figure-palette",
    );
    error_contains(
        &[
            "subtraction",
            "--set",
            "2,3",
            "--figure",
            "x.svg",
            "--figure-kind",
            "pie",
        ],
        "--figure-kind",
    );
    error_contains(
        &["period-map", "--s3", "20", "--figure", "x.tex"],
        "no TikZ export",
    );
}

#[test]
fn the_tikz_exports_of_subtraction_compile_with_pdflatex() {
    let dir = scratch("tex");
    for kind in ["values", "outcomes"] {
        let tex = dir.join(format!("{kind}.tex"));
        run(&[
            "subtraction",
            "--set",
            "2,3,7",
            "--terms",
            "40",
            "--figure-kind",
            kind,
            "--figure",
            tex.to_str().unwrap(),
        ]);
        let text = std::fs::read_to_string(&tex).unwrap();
        assert!(
            text.contains("#/subtraction?S=2,3,7&n=40")
                || text.contains("\\#/subtraction?S=2,3,7\\&n=40"),
            "{text}"
        );
        if pdflatex_available() {
            assert_compiles(&tex);
        }
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// The colours an SVG file uses (`fill` and `stroke`), as `#RRGGBB`, but for black ink and
/// the white ground (which carry no data).
fn data_colours(path: &PathBuf) -> BTreeSet<String> {
    let svg = std::fs::read_to_string(path).unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    doc.descendants()
        .flat_map(|n| [n.attribute("fill"), n.attribute("stroke")])
        .flatten()
        .filter(|c| c.starts_with('#'))
        .map(|c| c.to_ascii_uppercase())
        .filter(|c| c != "#000000" && c != "#FFFFFF")
        .collect()
}

/// Asserts that every colour of the SVG at `path` is a legend colour of the default palette:
/// one of its first `categories` category colours, or with `bar` a colour bar step.
fn assert_colours_in_legend(path: &PathBuf, categories: usize, bar: bool) {
    let p = Palette::ColourBlind;
    let mut legend: BTreeSet<String> = (0..categories).map(|i| p.category(i).hex()).collect();
    if bar {
        legend.extend((0..BAR_STEPS).map(|i| p.step(i).hex()));
    }
    let used = data_colours(path);
    assert!(!used.is_empty(), "{path:?} draws no data");
    for c in &used {
        assert!(
            legend.contains(c),
            "{path:?}: colour {c} is not in the legend"
        );
    }
}

/// Writes `args` + `--figure NAME.svg` and `NAME.pdf` into `dir`; checks that the SVG holds
/// `texts` (part of the title first) and the page `link`, and that the PDF opens with that
/// title.
fn svg_and_pdf(
    dir: &std::path::Path,
    name: &str,
    args: &[&str],
    texts: &[&str],
    link: &str,
) -> PathBuf {
    let svg = dir.join(format!("{name}.svg"));
    let pdf = dir.join(format!("{name}.pdf"));
    for path in [&svg, &pdf] {
        let mut all = args.to_vec();
        all.extend_from_slice(&["--figure", path.to_str().unwrap()]);
        run(&all);
    }
    let shown = svg_texts(&svg);
    assert_texts(&shown, texts);
    assert_texts(&shown, &[&format!("HeapLab v0.1.0, {link}")]);
    let title = pdf_info(&pdf, b"Title");
    assert!(title.contains(texts[0]), "{title}");
    assert_eq!(
        pdf_info(&pdf, b"Creator"),
        format!("HeapLab v0.1.0, {link}")
    );
    svg
}

#[test]
fn octal_draws_its_nim_values_and_outcomes_with_the_octal_page_link() {
    let dir = scratch("octal");
    let args = ["octal", ".07", "--terms", "50"];
    let svg = svg_and_pdf(
        &dir,
        "values",
        &args,
        &[
            "Octal game",
            "nim-values of heaps 0 to 49",
            "heap n",
            "nim-value G(n)",
            "0",
            "20",
            "40",
            "G(n) > 0 (N-position)",
            "G(n) = 0 (P-position)",
        ],
        "#/octal?code=.07&max=50",
    );
    assert_colours_in_legend(&svg, 2, false);
    let mut strip: Vec<&str> = args.to_vec();
    strip.extend_from_slice(&["--figure-kind", "outcomes"]);
    let svg = svg_and_pdf(
        &dir,
        "strip",
        &strip,
        &[
            "Octal game",
            "outcomes of heaps 0 to 49",
            "heap n",
            "N-position ",
            "P-position ",
        ],
        "#/octal?code=.07&max=50",
    );
    assert_colours_in_legend(&svg, 2, false);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn heap_and_pair_rulesets_draw_a_chart_and_an_a_b_picture() {
    let dir = scratch("rules");
    let svg = svg_and_pdf(
        &dir,
        "mark",
        &["rules", "mark", "--terms", "40"],
        &[
            "MARK",
            "nim-values of heaps 0 to 39",
            "heap n",
            "nim-value G(n)",
            "10",
            "30",
        ],
        "#/rules?preset=mark&n=40",
    );
    assert_colours_in_legend(&svg, 2, false);
    let args = [
        "rules",
        "wythoff",
        "--size",
        "30,20",
        "--figure-kind",
        "outcomes",
    ];
    let svg = svg_and_pdf(
        &dir,
        "wythoff",
        &args,
        &[
            "outcomes, a in 0..30, b in 0..20",
            "a",
            "b",
            "10",
            "N-position ",
            "P-position ",
        ],
        "#/rules?preset=wythoff&size=30,20",
    );
    assert_colours_in_legend(&svg, 2, false);
    let values = svg_and_pdf(
        &dir,
        "wythoff-values",
        &["rules", "wythoff", "--size", "30,20"],
        &["nim-values, a in 0..30, b in 0..20", "a", "b", "nim-value"],
        "#/rules?preset=wythoff&size=30,20",
    );
    assert_colours_in_legend(&values, 0, true);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_plane_draws_outcomes_with_counts_and_nim_values_with_a_colour_bar() {
    let dir = scratch("plane");
    let base = [
        "plane", "--moves", "1,2 2,1", "--width", "40", "--height", "30",
    ];
    let svg = svg_and_pdf(
        &dir,
        "outcomes",
        &base,
        &[
            "2-D subtraction (1,2) (2,1): outcomes, x in 0..40, y in 0..30",
            "x",
            "y",
            "10",
            "20",
            "N-position ",
            "P-position ",
        ],
        "#/plane?moves=1,2;2,1&w=40&h=30&mode=outcome",
    );
    assert_colours_in_legend(&svg, 2, false);
    let texts = svg_texts(&svg);
    assert!(
        texts
            .iter()
            .any(|t| t.starts_with("P-position ") && t.ends_with("%)")),
        "{texts:?}"
    );
    let mut grundy: Vec<&str> = base.to_vec();
    grundy.extend_from_slice(&["--mode", "grundy"]);
    let svg = svg_and_pdf(
        &dir,
        "grundy",
        &grundy,
        &[
            "2-D subtraction (1,2) (2,1): nim-values",
            "x",
            "y",
            "nim-value",
        ],
        "#/plane?moves=1,2;2,1&w=40&h=30&mode=grundy",
    );
    assert_colours_in_legend(&svg, 0, true);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn cumulative_subtraction_draws_the_two_pile_heatmap_and_tr_m() {
    let dir = scratch("cumulative");
    let args = [
        "cumulative-subtraction",
        "--set",
        "2,3",
        "--piles",
        "2",
        "--width",
        "20",
        "--height",
        "16",
    ];
    let svg = svg_and_pdf(
        &dir,
        "heatmap",
        &args,
        &[
            "Two-pile cumulative subtraction S = {2,3}, x1 in 0..20, x2 in 0..16",
            "x1",
            "x2",
            "10",
            "outcome o(x1, x2)",
        ],
        "#/cumulative-subtraction?S=2,3&n=40&p=0&first=positive&w=20&h=16&zoom=6&m=25&heap=7",
    );
    assert_colours_in_legend(&svg, 0, true);
    let svg = svg_and_pdf(
        &dir,
        "truncated",
        &["truncated", "--m", "12"],
        &[
            "Truncated support sequence, m = 12, a = 1 to 11",
            "a (the game {a, …, m})",
            "truncated support tr(a), m = 12",
            "2",
            "10",
            "tr(a) for m = 12",
        ],
        "#/cumulative-subtraction?S=2,3&n=40&p=0&first=positive&w=60&h=60&zoom=6&m=12&heap=7",
    );
    assert_colours_in_legend(&svg, 1, false);
    let tex = dir.join("truncated.tex");
    run(&["truncated", "--m", "12", "--figure", tex.to_str().unwrap()]);
    if pdflatex_available() {
        assert_compiles(&tex);
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn figures_that_do_not_fit_a_run_are_one_line_errors() {
    error_contains(
        &["plane", "--moves", "1,2", "--figure", "x.tex"],
        "no TikZ export",
    );
    error_contains(
        &[
            "cumulative-subtraction",
            "--set",
            "2,3",
            "--figure",
            "x.svg",
        ],
        "--piles 2",
    );
    error_contains(
        &["octal", ".07", "--position", "3,4", "--figure", "x.svg"],
        "--position",
    );
    error_contains(
        &["octal", ".07", "--figure", "x.svg", "--figure-kind", "pie"],
        "--figure-kind",
    );
}

#[test]
fn misere_scoring_sweep_and_the_value_strip_draw_the_pages_figures() {
    let dir = scratch("pages");
    let path = |name: &str| dir.join(name);
    let misere = path("misere.svg");
    run(&[
        "misere",
        "--subtraction",
        "1,2",
        "--max-heap",
        "20",
        "--figure",
        misere.to_str().unwrap(),
    ]);
    assert_texts(
        &svg_texts(&misere),
        &[
            "Subtraction game S = {1,2}, misère play: outcomes of heaps 0 to 20",
            "heap n",
            "P-position",
            "#/subtraction?S=1,2&misere=1",
        ],
    );
    let gs = path("gs.svg");
    run(&[
        "scoring",
        "--octal",
        "3333",
        "--points",
        "2,2,2,2",
        "--terms",
        "30",
        "--figure",
        gs.to_str().unwrap(),
    ]);
    assert_texts(
        &svg_texts(&gs),
        &[
            "G_s(n) for n = 0 to 29",
            "heap n",
            "G_s(n)",
            "#/scoring?tab=octal&code=3333",
        ],
    );
    let histogram = path("histogram.svg");
    run(&[
        "sweep",
        "subtraction",
        "--max-move",
        "8",
        "--group-by",
        "period",
        "--figure",
        histogram.to_str().unwrap(),
    ]);
    let texts = svg_texts(&histogram);
    assert_texts(
        &texts,
        &[
            "Rulesets of the subtraction family by period",
            "rulesets (log scale)",
            "1",
            "10",
            "#/explore?family=subtraction&m=8&group=period",
        ],
    );
    assert!(
        !texts
            .iter()
            .any(|t| t.contains('.') && t.parse::<f64>().is_ok()),
        "a fractional tick in {texts:?}"
    );
    let strip = path("strip.svg");
    run(&[
        "subtraction",
        "--set",
        "2,3",
        "--terms",
        "30",
        "--figure-kind",
        "strip",
        "--figure",
        strip.to_str().unwrap(),
    ]);
    assert_texts(
        &svg_texts(&strip),
        &["nim-values of heaps 0 to 29", "heap n", "nim-value G(n)"],
    );
    error_contains(
        &[
            "sweep",
            "subtraction",
            "--max-move",
            "5",
            "--figure",
            "x.svg",
        ],
        "--group-by",
    );
    // A survey has no figure (`--game` draws its tree, `--octal` its G_s).
    error_contains(
        &[
            "scoring", "--survey", "2", "--max-m", "3", "--figure", "x.svg",
        ],
        "not a survey",
    );
    std::fs::remove_dir_all(&dir).ok();
}
