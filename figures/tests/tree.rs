//! Tree bodies rendered as SVG, PDF and TikZ, and the files checked for what a reader needs:
//! title, caption and legend as text, every colour of the picture named in the legend, the
//! caption inside the width, fold markers only when asked, TikZ of a sensible width with edge
//! labels off their edges, `\resizebox` only when asked.

mod common;

use common::{assert_compiles, pdflatex_available};
use heaplab_figures::*;
use std::collections::BTreeSet;

/// Layout units per label character, as the engine's layout uses.
const CHAR: f64 = 7.0;

/// A node at layout `(x, y)` with `label` of class `class`.
fn node(x: f64, y: f64, label: &str, class: usize) -> TreeNode {
    TreeNode {
        x,
        y,
        label: label.into(),
        class,
        folded: None,
        note: String::new(),
    }
}

/// An edge `from → to` of kind `kind` with a label.
fn edge(from: usize, to: usize, label: &str, kind: usize, marked: bool) -> TreeEdge {
    TreeEdge {
        from,
        to,
        label: label.into(),
        kind,
        marked,
        double: false,
        bend: 0.0,
    }
}

/// The legend of the test trees: three node classes (the third unused) and two edge kinds.
fn tree_body(nodes: Vec<TreeNode>, edges: Vec<TreeEdge>) -> TreeFigure {
    TreeFigure {
        nodes,
        edges,
        node_classes: vec![
            Category::new("P-position"),
            Category::new("Alice to move"),
            Category::new("never used"),
        ],
        edge_kinds: vec![
            EdgeKind {
                name: "Left's option".into(),
                colour: None,
                dashed: false,
            },
            EdgeKind {
                name: "Right's option".into(),
                colour: None,
                dashed: true,
            },
        ],
        char_width: CHAR,
        headings: Vec::new(),
        fold_markers: false,
    }
}

/// A small game tree: a root, two children (one folded with 145 hidden nodes), labelled
/// edges, one of them marked, and a long caption.
fn small_tree() -> Figure {
    let nodes = vec![
        node(100.0, 27.0, "7; (0,0)", 1),
        node(50.0, 91.0, "5; (2,0)", 0),
        node(150.0, 91.0, "4; (3,0)", 1),
    ];
    let mut nodes = nodes;
    nodes[2].folded = Some(145);
    let edges = vec![
        edge(0, 1, "take 2", 0, true),
        edge(0, 2, "take 3", 1, false),
    ];
    let caption = "Nodes x; (C1,C2) · colour: the player to move (blue: Alice, orange: Bob) · \
                   thick edges: the PSPE choice at every node · edge labels: pebbles taken";
    Figure {
        caption: caption.into(),
        provenance: Some(Provenance {
            version: "0.1.0".into(),
            link: "#/cumulative-games?preset=scoring&set=2,3&x=7&view=efg".into(),
        }),
        ..Figure::new(
            "Cumulative game from heap 7",
            Body::Tree(tree_body(nodes, edges)),
        )
    }
}

/// A root over `n` leaves in one row, at the engine layout's spacing for two-character labels.
fn wide_tree(n: usize) -> Figure {
    let step = 2.0 * CHAR + 12.0 + 14.0;
    let mut nodes = vec![node(16.0 + step * (n as f64 - 1.0) / 2.0, 27.0, "root", 1)];
    let mut edges = Vec::new();
    for i in 0..n {
        nodes.push(node(
            16.0 + step * i as f64,
            91.0,
            &format!("{}", 10 + i),
            0,
        ));
        edges.push(edge(0, i + 1, &i.to_string(), i % 2, i == 3));
    }
    Figure::new("A wide tree", Body::Tree(tree_body(nodes, edges)))
}

/// The colours an SVG element uses (`fill` and `stroke`), as `#RRGGBB`.
fn colours_of(doc: &roxmltree::Document) -> BTreeSet<String> {
    doc.descendants()
        .flat_map(|n| [n.attribute("fill"), n.attribute("stroke")])
        .flatten()
        .filter(|c| c.starts_with('#'))
        .map(|c| c.to_ascii_uppercase())
        .collect()
}

/// The SVG's width in user units (its `viewBox`).
fn view_width(doc: &roxmltree::Document) -> f64 {
    let view = doc.root_element().attribute("viewBox").unwrap();
    view.split_whitespace().nth(2).unwrap().parse().unwrap()
}

#[test]
fn a_tree_renders_to_svg_with_title_caption_legend_and_only_legend_colours() {
    let fig = small_tree();
    let svg = fig.to_svg().unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let texts: Vec<&str> = doc
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .filter_map(|n| n.text())
        .collect();
    let all = texts.join(" ");
    for want in [
        "Cumulative game from heap 7",
        "P-position",
        "Alice to move",
        "Left's option",
        "Right's option",
        "7; (0,0)",
        "take 2",
        "pebbles taken",
    ] {
        assert!(all.contains(want), "{want} missing from {all}");
    }
    assert!(
        !all.contains("never used"),
        "an unused class is in the legend"
    );
    let legend: BTreeSet<String> = fig.legend().iter().map(|(_, c)| c.hex()).collect();
    let neutral = ["#000000", "#FFFFFF"];
    for c in colours_of(&doc) {
        assert!(
            legend.contains(&c) || neutral.contains(&c.as_str()),
            "{c} is drawn but not in the legend {legend:?}"
        );
    }
    // Both node fills and both edge colours are drawn.
    assert!(legend.iter().all(|c| colours_of(&doc).contains(c)));
    assert!(svg.contains("<metadata>HeapLab v0.1.0, #/cumulative-games"));
}

#[test]
fn captions_are_wrapped_inside_the_width() {
    let fig = small_tree();
    let svg = fig.to_svg().unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let width = view_width(&doc);
    let font = fig.size.font_pt * 4.0;
    let mut caption = String::new();
    let mut checked = 0;
    for t in doc.descendants().filter(|n| n.has_tag_name("text")) {
        let text = t.text().unwrap_or("").trim();
        let x: f64 = t.attribute("x").unwrap().parse().unwrap();
        // Left-aligned text: its end at a wide average character width must stay inside.
        if t.attribute("text-anchor").is_none_or(|a| a == "start") {
            let end = x + text.chars().count() as f64 * font * 0.56;
            assert!(end <= width, "'{text}' runs to {end} of {width}");
            checked += 1;
        }
        caption.push_str(text.trim());
        caption.push(' ');
    }
    assert!(checked >= 4, "only {checked} left-aligned texts");
    let words: Vec<&str> = fig.caption.split_whitespace().collect();
    assert!(caption.contains(&words.join(" ")[..40]));
    assert!(caption.contains("edge labels: pebbles taken"));
}

#[test]
fn fold_markers_are_drawn_only_when_asked() {
    let fig = small_tree();
    for text in [fig.to_svg().unwrap(), fig.to_tikz().unwrap()] {
        assert!(!text.contains("[+"), "a fold marker was drawn unasked");
    }
    let marked = fig.with_fold_markers(true);
    assert!(marked.to_svg().unwrap().contains("4; (3,0) [+145]"));
    assert!(marked.to_tikz().unwrap().contains("4; (3,0) [+145]"));
}

#[test]
fn a_tree_renders_to_pdf_with_its_title() {
    let fig = small_tree();
    let bytes = fig.to_pdf().unwrap();
    let doc = lopdf::Document::load_mem(&bytes).unwrap();
    let info_ref = doc.trailer.get(b"Info").unwrap().as_reference().unwrap();
    let info = doc.get_object(info_ref).unwrap().as_dict().unwrap();
    let title = info.get(b"Title").unwrap().as_str().unwrap();
    let title: String = if let Some(rest) = title.strip_prefix(&[0xFE, 0xFF]) {
        let units: Vec<u16> = rest
            .chunks(2)
            .map(|c| u16::from_be_bytes([c[0], c[1]]))
            .collect();
        String::from_utf16_lossy(&units)
    } else {
        title.iter().map(|&b| b as char).collect()
    };
    assert_eq!(title, fig.title);
    assert_eq!(doc.get_pages().len(), 1);
}

/// The numbers of every `(x,y)` coordinate in a TikZ text.
fn coordinates(tex: &str) -> Vec<(f64, f64)> {
    let mut out = Vec::new();
    for piece in tex.split('(').skip(1) {
        let Some((inside, _)) = piece.split_once(')') else {
            continue;
        };
        let parts: Vec<Option<f64>> = inside.split(',').map(|p| p.trim().parse().ok()).collect();
        if let [Some(x), Some(y)] = parts[..] {
            out.push((x, y));
        }
    }
    out
}

/// The tree scope's unit in cm (`x=…cm`).
fn unit_cm(tex: &str) -> f64 {
    let at = tex.find("[x=").unwrap() + 3;
    let rest = &tex[at..];
    rest[..rest.find("cm").unwrap()].parse().unwrap()
}

#[test]
fn tikz_of_a_tree_twenty_nodes_wide_is_at_most_15_cm_wide() {
    for size in [Size::ONE_COLUMN, Size::TWO_COLUMNS] {
        let fig = Figure {
            size,
            ..wide_tree(20)
        };
        let tex = fig.to_tikz().unwrap();
        let tree_part = &tex[tex.find("\\begin{scope}").unwrap()..];
        let xs: Vec<f64> = coordinates(tree_part).iter().map(|p| p.0).collect();
        let lo = xs.iter().copied().fold(f64::INFINITY, f64::min);
        let hi = xs.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        // The outermost boxes reach half a box (two characters and padding) further each.
        let box_w = (2.0 * 0.56 * size.font_pt + 6.0) / 72.0 * 2.54;
        let width = (hi - lo) * unit_cm(&tex) + box_w;
        assert!(
            width > 3.0 && width <= size.width_cm,
            "{width} cm at {size:?}"
        );
        // At the default size (one column) it is at most 15 cm; two columns fill their width.
        if size == Size::ONE_COLUMN {
            assert!(width <= 15.0, "{width} cm");
        }
    }
}

/// Distance from `p` to the segment `a`–`b`.
fn distance(p: (f64, f64), a: (f64, f64), b: (f64, f64)) -> f64 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let t = (((p.0 - a.0) * dx + (p.1 - a.1) * dy) / (dx * dx + dy * dy)).clamp(0.0, 1.0);
    ((p.0 - a.0 - t * dx).powi(2) + (p.1 - a.1 - t * dy).powi(2)).sqrt()
}

#[test]
fn tikz_edge_labels_sit_beside_their_edges_never_on_a_thick_one() {
    for fig in [small_tree(), wide_tree(6)] {
        let tex = fig.to_tikz().unwrap();
        let mut segments = Vec::new();
        let mut thick = 0.0f64;
        for line in tex.lines().filter(|l| l.starts_with("\\draw[")) {
            let width: f64 = line
                .split("line width=")
                .nth(1)
                .unwrap()
                .split("pt")
                .next()
                .unwrap()
                .parse()
                .unwrap();
            thick = thick.max(width);
            if let [a, b] = coordinates(line)[..] {
                segments.push((a, b, width));
            }
        }
        assert!(segments.iter().any(|s| s.2 == thick), "no thick edge");
        let labels: Vec<&str> = tex.lines().filter(|l| l.contains("fill=white")).collect();
        assert_eq!(labels.len(), segments.len(), "one label per edge");
        for (label, own) in labels.iter().zip(&segments) {
            let p = coordinates(label)[0];
            let towards_left = label.contains("anchor=east");
            for (a, b, width) in &segments {
                // Clear of the line by half its width plus a point (in cm).
                let clear = (width / 2.0 + 1.0) / 72.0 * 2.54;
                assert!(distance(p, *a, *b) > clear, "{label} is on an edge");
            }
            // The text runs away from its own edge (labels follow the edges' order).
            let mid_x = (own.0 .0 + own.1 .0) / 2.0;
            assert_eq!(towards_left, p.0 < mid_x, "{label} runs over its edge");
        }
    }
}

#[test]
fn resizebox_wraps_the_picture_only_when_asked() {
    for fig in [small_tree(), wide_tree(3)] {
        assert!(!fig.to_tikz().unwrap().contains("\\resizebox"));
        let tex = fig.to_tikz_with(&TikzOptions { resize: true }).unwrap();
        let begin = tex.find("\\resizebox{\\linewidth}{!}{").unwrap();
        assert!(begin < tex.find("\\begin{tikzpicture}").unwrap());
        assert!(tex.find("\\end{tikzpicture}\n}").unwrap() > begin);
        let bytes = fig
            .render_with(Format::Tikz, &TikzOptions { resize: true })
            .unwrap();
        assert_eq!(String::from_utf8(bytes).unwrap(), tex);
    }
}

#[test]
fn bad_trees_give_errors_not_panics() {
    let good = small_tree();
    let Body::Tree(t) = &good.body else {
        unreachable!()
    };
    let mut cases = Vec::new();
    let mut no_nodes = t.clone();
    no_nodes.nodes.clear();
    no_nodes.edges.clear();
    cases.push(no_nodes);
    let mut far_edge = t.clone();
    far_edge.edges[0].to = 9;
    cases.push(far_edge);
    let mut loop_edge = t.clone();
    loop_edge.edges[0].to = 0;
    cases.push(loop_edge);
    let mut class = t.clone();
    class.nodes[0].class = 3;
    cases.push(class);
    let mut kind = t.clone();
    kind.edges[0].kind = 2;
    cases.push(kind);
    let mut nan = t.clone();
    nan.nodes[1].x = f64::NAN;
    cases.push(nan);
    let mut bend = t.clone();
    bend.edges[1].bend = f64::INFINITY;
    cases.push(bend);
    let mut char_width = t.clone();
    char_width.char_width = 0.0;
    cases.push(char_width);
    for body in cases {
        let fig = Figure::new("bad", Body::Tree(body));
        assert!(matches!(fig.to_svg(), Err(FigureError::Invalid(_))));
        assert!(matches!(fig.to_tikz(), Err(FigureError::Invalid(_))));
    }
    // One node, no edges, all at one point: drawn.
    let single = tree_body(vec![node(0.0, 0.0, "0", 0)], Vec::new());
    let fig = Figure::new("one node", Body::Tree(single));
    assert!(fig.to_svg().unwrap().contains("\n0\n"));
    assert!(fig.to_tikz().is_ok());
}

#[test]
fn tikz_trees_compile_with_pdflatex() {
    if !pdflatex_available() {
        return;
    }
    let dir = std::env::temp_dir().join(format!("heaplab-tree-tikz-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let figs = [small_tree().with_fold_markers(true), wide_tree(20)];
    for (i, fig) in figs.iter().enumerate() {
        for resize in [false, true] {
            let tex = fig.to_tikz_with(&TikzOptions { resize }).unwrap();
            assert_compiles(&dir, &format!("tree{i}{resize}.tex"), &tex, &fig.title);
        }
    }
    std::fs::remove_dir_all(&dir).ok();
}
