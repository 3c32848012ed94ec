//! PDF: the figure's SVG converted by svg2pdf into a form XObject (text kept as text in the
//! embedded font), placed on one page of the figure's size, with an Info dictionary holding
//! the title, the caption and the provenance.

use crate::{Figure, FigureError};
use pdf_writer::{Content, Finish, Name, Pdf, Rect, Ref, TextStr};
use std::collections::HashMap;

/// Converts `svg` (the SVG of `fig`) into a one-page PDF.
pub(crate) fn render(fig: &Figure, svg: &str) -> Result<Vec<u8>, FigureError> {
    let tree = crate::fonts::parse(svg)?;
    let (chunk, svg_ref) = svg2pdf::to_chunk(&tree, svg2pdf::ConversionOptions::default())
        .map_err(|e| FigureError::Render(e.to_string()))?;
    let mut alloc = Ref::new(1);
    let [catalog, pages, page, content, info] = [(); 5].map(|_| alloc.bump());
    let mut renumbered = HashMap::new();
    let chunk = chunk.renumber(|old| *renumbered.entry(old).or_insert_with(|| alloc.bump()));
    let svg_ref = renumbered
        .get(&svg_ref)
        .copied()
        .ok_or_else(|| FigureError::Render("svg2pdf gave no drawing".into()))?;
    // The page is the figure's size in points; the SVG's aspect ratio gives the height.
    let width = fig.size.width_pt() as f32;
    let height = width * tree.size().height() / tree.size().width();
    let mut pdf = Pdf::new();
    pdf.catalog(catalog).pages(pages);
    pdf.pages(pages).kids([page]).count(1);
    let mut p = pdf.page(page);
    p.media_box(Rect::new(0.0, 0.0, width, height));
    p.parent(pages);
    p.contents(content);
    p.resources().x_objects().pair(Name(b"S1"), svg_ref);
    p.finish();
    let mut stream = Content::new();
    stream
        .transform([width, 0.0, 0.0, height, 0.0, 0.0])
        .x_object(Name(b"S1"));
    pdf.stream(content, &stream.finish());
    pdf.extend(&chunk);
    let mut doc = pdf.document_info(info);
    doc.title(TextStr(&fig.title))
        .producer(TextStr("HeapLab figures (svg2pdf)"));
    if !fig.caption.is_empty() {
        doc.subject(TextStr(&fig.caption));
    }
    if let Some(prov) = &fig.provenance {
        doc.creator(TextStr(&prov.line()));
        doc.keywords(TextStr(&prov.link));
    }
    doc.finish();
    Ok(pdf.finish())
}
