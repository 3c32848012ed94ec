//! Writing a tree's [`Scene`] out: a standalone SVG document, TikZ code, and the escaping each
//! needs. Kept apart from the layout so that the layout module is only about placing nodes.

use super::{
    class_fill, edge_lines, edge_stroke, edge_width, layout, scene, LayoutOptions, Scene, Slant,
    Tree,
};

/// Escapes text for XML.
pub fn xml_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

/// A game tree, fully expanded, as TikZ (`tikz`) or as SVG with `legend` under it: the figure
/// the CLI writes and the Python package shows.
pub fn figure(tree: &Tree, tikz: bool, legend: &str) -> String {
    let scene = scene(tree, &layout(tree, &[], &LayoutOptions::default()));
    if tikz {
        to_tikz(&scene)
    } else {
        to_svg(&scene, legend)
    }
}

/// A standalone SVG document of `scene`, with a legend line `legend` at the bottom (may be
/// empty).
pub fn to_svg(scene: &Scene, legend: &str) -> String {
    use std::fmt::Write;
    let legend_h = if legend.is_empty() { 0.0 } else { 24.0 };
    let (w, h) = (scene.width.max(60.0), scene.height + legend_h);
    let mut s = String::new();
    let _ = write!(
        s,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{w:.0}" height="{h:.0}" viewBox="0 0 {w:.1} {h:.1}" font-family="sans-serif" font-size="12"><rect width="100%" height="100%" fill="#ffffff"/>"##
    );
    for e in &scene.edges {
        let (stroke, dash) = edge_stroke(&e.edge);
        let dash = dash
            .map(|d| format!(r#" stroke-dasharray="{d}""#))
            .unwrap_or_default();
        for (x1, y1, x2, y2) in edge_lines(e) {
            let _ = write!(
                s,
                r#"<line x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" stroke="{stroke}" stroke-width="{}"{dash}/>"#,
                edge_width(&e.edge)
            );
        }
        if !e.edge.label.is_empty() {
            let (lx, ly) = ((e.x1 + e.x2) / 2.0 + 5.0, (e.y1 + e.y2) / 2.0);
            let _ = write!(
                s,
                r##"<text x="{lx:.1}" y="{ly:.1}" font-size="11" fill="#555555">{}</text>"##,
                xml_escape(&e.edge.label)
            );
        }
    }
    for n in &scene.nodes {
        let _ = write!(
            s,
            r##"<g><title>{}</title><rect x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" rx="5" fill="{}" stroke="#444444" stroke-width="{}"/><text x="{:.1}" y="{:.1}" text-anchor="middle" dominant-baseline="central">{}</text></g>"##,
            xml_escape(&n.detail),
            n.x - n.w / 2.0,
            n.y - n.h / 2.0,
            n.w,
            n.h,
            class_fill(n.class),
            if n.folded { 2 } else { 1 },
            n.x,
            n.y,
            xml_escape(&n.text)
        );
    }
    if !legend.is_empty() {
        let _ = write!(
            s,
            r##"<text x="8" y="{:.1}" font-size="11" fill="#333333">{}</text>"##,
            h - 8.0,
            xml_escape(legend)
        );
    }
    s.push_str("</svg>");
    s
}

/// Escapes text for LaTeX (outside math mode).
pub fn latex_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '\\' => out.push_str("\\textbackslash{}"),
            '{' | '}' | '$' | '&' | '#' | '_' | '%' => {
                out.push('\\');
                out.push(ch);
            }
            '^' => out.push_str("\\^{}"),
            '~' => out.push_str("\\~{}"),
            '→' => out.push_str("$\\to$"),
            '−' => out.push('-'),
            c if c.is_ascii() => out.push(c),
            _ => out.push('?'),
        }
    }
    out
}

/// A complete LaTeX document (package `tikz` only) drawing `scene` at the same coordinates as
/// the SVG (1 px = 0.02 cm). Paste the `tikzpicture` into a paper. The class is `standalone`
/// where it is installed and plain `article` otherwise, so the file compiles with any LaTeX
/// that has TikZ (a bare TeX Live has no `standalone`).
pub fn to_tikz(scene: &Scene) -> String {
    use std::fmt::Write;
    let mut s = String::from(
        "% HeapLab game tree. Compile with pdflatex; needs only the tikz package.\n\
         \\IfFileExists{standalone.cls}{\\documentclass[border=4pt]{standalone}}\
         {\\documentclass{article}\\pagestyle{empty}}\n\
         \\usepackage{tikz}\n\\begin{document}\n\
         \\begin{tikzpicture}[x=0.02cm,y=-0.02cm,every node/.style={font=\\scriptsize}]\n",
    );
    for e in &scene.edges {
        let colour = match e.edge.slant {
            Slant::Straight => "black",
            Slant::Left => "blue",
            Slant::Right => "red",
        };
        let dash = if e.edge.slant == Slant::Right {
            ",dashed"
        } else {
            ""
        };
        let width = if e.edge.marked { "2.4pt" } else { "0.6pt" };
        let double = if e.edge.double { ",double" } else { "" };
        let label = if e.edge.label.is_empty() {
            String::new()
        } else {
            format!(
                " node[midway,right,text=gray] {{{}}}",
                latex_escape(&e.edge.label)
            )
        };
        let _ = writeln!(
            s,
            "  \\draw[{colour},line width={width}{dash}{double}] ({:.1},{:.1}) -- ({:.1},{:.1}){label};",
            e.x1, e.y1, e.x2, e.y2
        );
    }
    for n in &scene.nodes {
        let fill = match n.class {
            0 => "gray!15",
            1 => "blue!15",
            2 => "orange!25",
            3 => "green!15",
            4 => "violet!15",
            _ => "yellow!20",
        };
        let line = if n.folded { "1.2pt" } else { "0.4pt" };
        let _ = writeln!(
            s,
            "  \\node[draw,rounded corners=2pt,fill={fill},line width={line},inner sep=2pt] at ({:.1},{:.1}) {{{}}};",
            n.x,
            n.y,
            latex_escape(&n.text)
        );
    }
    s.push_str("\\end{tikzpicture}\n\\end{document}\n");
    s
}
