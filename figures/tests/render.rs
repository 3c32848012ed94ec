//! Every body kind rendered as SVG, PDF, PNG and (charts, strips, circles) TikZ, and the files
//! checked for what a reader needs: axis labels, tick values, legend entries, title, provenance,
//! and every colour of the picture named in the legend.

mod common;

use common::{assert_compiles, pdflatex_available};
use heaplab_figures::*;
use std::collections::BTreeSet;

/// The provenance of the test figures.
fn provenance() -> Option<Provenance> {
    Some(Provenance {
        version: "0.1.0".into(),
        link: "#/subtraction?set=2,3".into(),
    })
}

/// A figure of `body` with a caption and provenance.
fn figure(title: &str, body: Body) -> Figure {
    Figure {
        caption: "A test caption.".into(),
        provenance: provenance(),
        ..Figure::new(title, body)
    }
}

/// A value chart (line and points, integer axes) and a histogram (bars).
fn chart() -> Figure {
    let values: Vec<(f64, f64)> = (0..40).map(|n| (n as f64, ((n * 7) % 5) as f64)).collect();
    let body = Body::Chart(Chart {
        x: Axis::new("heap n", true),
        y: Axis::new("nim-value G(n)", true),
        series: vec![
            Series {
                name: "G(n)".into(),
                style: SeriesStyle::Line,
                points: values.clone(),
            },
            Series {
                name: "P-positions".into(),
                style: SeriesStyle::Points,
                points: vec![(0.0, 0.0), (5.0, 0.0)],
            },
            Series {
                name: "count".into(),
                style: SeriesStyle::Bars,
                points: vec![(1.0, 3.0), (2.0, 4.0)],
            },
        ],
    });
    figure("Nim-values of S = {2, 3}", body)
}

/// A chart with a log y axis spanning four decades.
fn log_chart() -> Figure {
    let points = (1..30)
        .map(|n| (n as f64, 10f64.powf(n as f64 / 7.0)))
        .collect();
    let mut y = Axis::new("period", true);
    y.scale = Scale::Log;
    let body = Body::Chart(Chart {
        x: Axis::new("s1", true),
        y,
        series: vec![Series {
            name: "period".into(),
            style: SeriesStyle::Points,
            points,
        }],
    });
    figure("Periods", body)
}

/// A period map: categories with counts, one of them fixed grey ("not a ruleset").
fn category_raster() -> Figure {
    let (w, h) = (30, 20);
    let indices = (0..w * h)
        .map(|i| {
            if i % w >= i / w + 10 {
                2
            } else {
                ((i * 7) % 11 % 2) as u32
            }
        })
        .collect();
    let categories = vec![
        Category {
            count: Some(300),
            ..Category::new("periodic")
        },
        Category {
            count: Some(200),
            ..Category::new("unresolved")
        },
        Category {
            colour: Some(Rgb(0xDD, 0xDD, 0xDD)),
            ..Category::new("not a ruleset")
        },
    ];
    let body = Body::Raster(Raster {
        width: w,
        height: h,
        x: CellAxis::integers("s1", 40),
        y: CellAxis::integers("s2", 90),
        cells: Cells::Categories {
            indices,
            categories,
        },
    });
    figure("3move map, s3 = 400, s1 in 40..70, s2 in 90..110", body)
}

/// A value field on the perceptual map with a log colour bar, some cells blank.
fn value_raster() -> Figure {
    let values = (0..24 * 16)
        .map(|i| {
            if i % 5 == 0 {
                None
            } else {
                Some(1.0 + (i * i) as f64)
            }
        })
        .collect();
    let body = Body::Raster(Raster {
        width: 24,
        height: 16,
        x: CellAxis::integers("x", 0),
        y: CellAxis::integers("y", 0),
        cells: Cells::Values {
            values,
            label: "period".into(),
            scale: Scale::Log,
        },
    });
    figure("Periods of the plane", body)
}

/// An outcome strip (categories) of 60 heaps.
fn outcome_strip() -> Figure {
    let indices = (0..60).map(|n| u32::from(n % 5 < 2)).collect();
    let categories = vec![
        Category {
            count: Some(36),
            ..Category::new("N")
        },
        Category {
            count: Some(24),
            ..Category::new("P")
        },
    ];
    let body = Body::Strip(Strip {
        x: CellAxis::integers("heap n", 0),
        cells: Cells::Categories {
            indices,
            categories,
        },
    });
    figure("Outcomes of S = {2, 3}", body)
}

/// A value strip (nim-values on the perceptual map).
fn value_strip() -> Figure {
    let values = (0..50).map(|n| Some(((n * 3) % 7) as f64)).collect();
    let body = Body::Strip(Strip {
        x: CellAxis::integers("heap n", 0),
        cells: Cells::Values {
            values,
            label: "G(n)".into(),
            scale: Scale::Linear,
        },
    });
    figure("Nim-values of S = {1, 3, 4}", body)
}

/// A circle diagram (the cumulative-subtraction paper's Figure 2 style): 10 heaps, their
/// outcomes outside, heap 7 a sacrifice.
fn circle() -> Figure {
    let marks = (0..10)
        .map(|x| CircleMark {
            inside: x.to_string(),
            outside: ["0", "0", "1", "1", "1", "2", "2", "1", "0", "1"][x].into(),
            highlight: x == 7,
        })
        .collect();
    let body = Body::Circle(CircleFigure {
        marks,
        outside: "outcome o(x)".into(),
        highlighted: "a sacrifice".into(),
    });
    figure("o(x) for x = 0 to 9", body)
}

/// Every sample figure with the texts its SVG must hold (axis labels, ticks, legend entries).
fn samples() -> Vec<(Figure, Vec<&'static str>)> {
    vec![
        (
            chart(),
            vec![
                "heap n",
                "nim-value G(n)",
                "0",
                "10",
                "4",
                "G(n)",
                "P-positions",
                "count",
            ],
        ),
        (log_chart(), vec!["s1", "period", "10", "100", "1000"]),
        (
            category_raster(),
            vec![
                "s1",
                "s2",
                "40",
                "90",
                "periodic 300 (60.0%)",
                "unresolved 200 (40.0%)",
                "not a ruleset",
            ],
        ),
        (value_raster(), vec!["x", "y", "period", "10"]),
        (
            outcome_strip(),
            vec!["heap n", "0", "N 36 (60.0%)", "P 24 (40.0%)"],
        ),
        (value_strip(), vec!["heap n", "G(n)", "0", "6"]),
        (circle(), vec!["0", "9", "2", "outcome o(x)", "a sacrifice"]),
    ]
}

/// The colours an SVG element uses (`fill` and `stroke`), as `#RRGGBB`.
fn colours_of(doc: &roxmltree::Document) -> Vec<String> {
    doc.descendants()
        .flat_map(|n| [n.attribute("fill"), n.attribute("stroke")])
        .flatten()
        .filter(|c| c.starts_with('#'))
        .map(|c| c.to_ascii_uppercase())
        .collect()
}

/// Every text of an SVG in document order, joined by spaces (a wrapped title is whole here).
fn shown_in_order(doc: &roxmltree::Document) -> String {
    let texts: Vec<&str> = doc
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .filter_map(|n| n.text().map(str::trim))
        .collect();
    texts.join(" ")
}

/// Black ink and the white ground: the colours that carry no data.
const NEUTRAL: [&str; 2] = ["#000000", "#FFFFFF"];

#[test]
fn every_kind_renders_to_svg_with_labels_ticks_legend_and_provenance() {
    for (fig, texts) in samples() {
        let svg = fig.to_svg().unwrap();
        let doc = roxmltree::Document::parse(&svg).unwrap_or_else(|e| panic!("{}: {e}", fig.title));
        let shown: BTreeSet<String> = doc
            .descendants()
            .filter(|n| n.has_tag_name("text"))
            .filter_map(|n| n.text().map(|t| t.trim().to_string()))
            .collect();
        let joined = shown_in_order(&doc);
        for want in texts.iter().chain(&[
            fig.title.as_str(),
            "A test caption.",
            "HeapLab v0.1.0, #/subtraction?set=2,3",
        ]) {
            assert!(
                shown.contains(*want) || joined.contains(want),
                "{}: no text '{want}' in {shown:?}",
                fig.title
            );
        }
        let root = doc.root_element();
        assert!(
            root.attribute("width").unwrap().ends_with("cm"),
            "{}: width in cm",
            fig.title
        );
        let meta = doc
            .descendants()
            .find(|n| n.has_tag_name("metadata"))
            .unwrap();
        assert_eq!(
            meta.text().map(str::trim),
            Some("HeapLab v0.1.0, #/subtraction?set=2,3")
        );
        let legend: BTreeSet<String> = fig.legend().iter().map(|(_, c)| c.hex()).collect();
        let used = colours_of(&doc);
        for c in &used {
            assert!(
                NEUTRAL.contains(&c.as_str()) || legend.contains(c),
                "{}: colour {c} not in the legend",
                fig.title
            );
        }
        for c in &legend {
            assert!(
                used.contains(c),
                "{}: legend colour {c} is not drawn",
                fig.title
            );
        }
    }
}

#[test]
fn categories_are_drawn_in_the_picture_and_in_the_legend() {
    for fig in [category_raster(), outcome_strip(), chart()] {
        let svg = fig.to_svg().unwrap();
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let used = colours_of(&doc);
        for (name, c) in fig.legend() {
            let n = used.iter().filter(|u| **u == c.hex()).count();
            assert!(
                n >= 2,
                "{}: '{name}' ({}) drawn {n} times: it needs a swatch and data",
                fig.title,
                c.hex()
            );
        }
    }
}

#[test]
fn text_is_true_size_at_the_chosen_width() {
    for size in [Size::ONE_COLUMN, Size::TWO_COLUMNS] {
        let fig = Figure { size, ..chart() };
        let svg = fig.to_svg().unwrap();
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let root = doc.root_element();
        let cm: f64 = root
            .attribute("width")
            .unwrap()
            .trim_end_matches("cm")
            .parse()
            .unwrap();
        let view_w: f64 = root
            .attribute("viewBox")
            .unwrap()
            .split(' ')
            .nth(2)
            .unwrap()
            .parse()
            .unwrap();
        assert!((cm - size.width_cm).abs() < 0.01);
        for text in doc.descendants().filter(|n| n.has_tag_name("text")) {
            let units: f64 = text.attribute("font-size").unwrap().parse().unwrap();
            let pt = units / view_w * size.width_cm / 2.54 * 72.0;
            assert!(
                (6.5..=11.0).contains(&pt),
                "{pt} pt text at {} cm",
                size.width_cm
            );
        }
    }
}

#[test]
fn palettes_are_colour_blind_safe_or_grey() {
    let grey = Figure {
        palette: Palette::Grey,
        ..category_raster()
    };
    for (_, c) in grey.legend().iter().take(2) {
        assert!(c.0 == c.1 && c.1 == c.2, "{c:?} is not grey");
    }
    assert_eq!(Palette::ColourBlind.category(0).hex(), "#E69F00");
    let svg = grey.to_svg().unwrap();
    roxmltree::Document::parse(&svg).unwrap();
}

#[test]
fn presets_and_bad_input_give_errors_not_panics() {
    assert_eq!(
        Size::preset("2col@600"),
        Some(Size {
            dpi: 600,
            ..Size::TWO_COLUMNS
        })
    );
    assert_eq!(Size::preset("column").map(|s| s.width_cm), Some(8.5));
    assert_eq!(Size::preset("wide"), None);
    let mut fig = chart();
    if let Body::Chart(c) = &mut fig.body {
        c.series[0].points.push((f64::NAN, 1.0));
    }
    assert!(matches!(fig.to_svg(), Err(FigureError::Invalid(_))));
    let empty = Figure::new(
        "t",
        Body::Strip(Strip {
            x: CellAxis::integers("n", 0),
            cells: Cells::Categories {
                indices: vec![],
                categories: vec![],
            },
        }),
    );
    assert!(empty.to_svg().is_err());
    let wrong = Figure::new(
        "t",
        Body::Strip(Strip {
            x: CellAxis::integers("n", 0),
            cells: Cells::Categories {
                indices: vec![3],
                categories: vec![Category::new("a")],
            },
        }),
    );
    assert!(wrong.to_svg().is_err());
    assert!(Format::from_path("a.jpeg").is_err());
    assert_eq!(Format::from_path("a.PDF"), Ok(Format::Pdf));
    assert!(category_raster().to_tikz().is_err());
}

/// A PDF text string: UTF-16BE after a byte-order mark, else PDFDocEncoding (Latin-1 here).
fn pdf_text(bytes: &[u8]) -> String {
    if let Some(rest) = bytes.strip_prefix(&[0xFE, 0xFF]) {
        let units: Vec<u16> = rest
            .chunks(2)
            .map(|c| u16::from_be_bytes([c[0], c[1]]))
            .collect();
        String::from_utf16_lossy(&units)
    } else {
        bytes.iter().map(|&b| b as char).collect()
    }
}

#[test]
fn every_kind_renders_to_pdf_with_title_and_provenance_in_the_info_dictionary() {
    for (fig, _) in samples() {
        let bytes = fig.to_pdf().unwrap();
        let doc = lopdf::Document::load_mem(&bytes).unwrap();
        let info_ref = doc.trailer.get(b"Info").unwrap().as_reference().unwrap();
        let info = doc.get_object(info_ref).unwrap().as_dict().unwrap();
        let field = |key: &[u8]| pdf_text(info.get(key).unwrap().as_str().unwrap());
        assert_eq!(field(b"Title"), fig.title);
        assert_eq!(field(b"Creator"), "HeapLab v0.1.0, #/subtraction?set=2,3");
        assert_eq!(doc.get_pages().len(), 1);
        let page = doc.get_pages().into_values().next().unwrap();
        let media = doc
            .get_object(page)
            .unwrap()
            .as_dict()
            .unwrap()
            .get(b"MediaBox")
            .unwrap()
            .as_array()
            .unwrap();
        let width = media[2].as_float().unwrap();
        assert!(
            (width as f64 - fig.size.width_pt()).abs() < 0.5,
            "{}: page {width} pt wide",
            fig.title
        );
    }
}

#[test]
fn every_kind_renders_to_png_at_its_dpi_with_provenance_in_text_chunks() {
    for (fig, _) in samples() {
        let fig = Figure {
            size: fig.size.at_dpi(150),
            ..fig
        };
        let bytes = fig.to_png().unwrap();
        let reader = png::Decoder::new(std::io::Cursor::new(bytes))
            .read_info()
            .unwrap();
        let info = reader.info();
        assert_eq!(info.width, (8.5 / 2.54 * 150.0f64).round() as u32);
        let text = |k: &str| {
            info.uncompressed_latin1_text
                .iter()
                .find(|t| t.keyword == k)
                .map(|t| t.text.clone())
        };
        assert_eq!(text("Title").as_deref(), Some(fig.title.as_str()));
        assert_eq!(
            text("Source").as_deref(),
            Some("HeapLab v0.1.0, #/subtraction?set=2,3")
        );
    }
}

#[test]
fn without_provenance_there_is_no_footer_and_no_metadata() {
    let fig = Figure {
        provenance: None,
        ..outcome_strip()
    };
    let svg = fig.to_svg().unwrap();
    assert!(!svg.contains("<metadata>") && !svg.contains("HeapLab v"));
}

#[test]
fn tikz_exports_of_charts_strips_and_circles_compile_with_pdflatex() {
    let dir = std::env::temp_dir().join(format!("heaplab-figures-tikz-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (i, fig) in [
        chart(),
        log_chart(),
        outcome_strip(),
        value_strip(),
        circle(),
    ]
    .iter()
    .enumerate()
    {
        let tex = fig.to_tikz().unwrap();
        assert!(tex.contains("HeapLab v0.1.0") && tex.contains("\\begin{tikzpicture}"));
        if !pdflatex_available() {
            continue;
        }
        assert_compiles(&dir, &format!("figure{i}.tex"), &tex, &fig.title);
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// The x position of the `<text>` whose content is exactly `label`.
fn text_x(doc: &roxmltree::Document, label: &str) -> f64 {
    doc.descendants()
        .find(|n| n.has_tag_name("text") && n.text().map(str::trim) == Some(label))
        .and_then(|n| n.attribute("x"))
        .and_then(|x| x.parse().ok())
        .unwrap_or_else(|| panic!("no tick '{label}'"))
}

#[test]
fn a_reversed_axis_draws_larger_values_to_the_left_in_svg_and_tikz() {
    // A thermograph's value axis (Winning Ways ch. 6): Left's side, the larger values, on the
    // left. The same chart forwards puts them on the right.
    let chart = |reversed: bool| {
        let body = Body::Chart(Chart {
            x: Axis {
                reversed,
                ..Axis::new("value", true)
            },
            y: Axis::new("temperature t", true),
            series: vec![Series {
                name: "Left wall".into(),
                style: SeriesStyle::Line,
                points: vec![(0.0, 1.0), (10.0, 5.0)],
            }],
        });
        figure("Reversed", body)
    };
    for (reversed, larger_left) in [(true, true), (false, false)] {
        let svg = chart(reversed).to_svg().unwrap();
        let doc = roxmltree::Document::parse(&svg).unwrap();
        assert_eq!(text_x(&doc, "10") < text_x(&doc, "0"), larger_left, "{svg}");
        let tikz = chart(reversed).to_tikz().unwrap();
        assert_eq!(tikz.contains("x dir=reverse"), reversed);
    }
}
