//! `--figure FILE.{svg,pdf,png,tex}` on `heaplab subtraction` and `heaplab period-map`: the
//! files are opened and checked for title, axes, legend and provenance (SVG text, the PDF's
//! Info dictionary, the PNG's `tEXt` chunks), and the TikZ export compiles.

mod common;

use common::{assert_compiles, error_contains, heaplab, pdflatex_available};
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
