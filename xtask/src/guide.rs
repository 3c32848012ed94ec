//! The user guide for the site's `#/guide` page, rendered at build time: each
//! `docs/guide/*.md` becomes `dist/guide/<name>.html` (`README.md` becomes `index.html`), which
//! the page fetches when it is opened, so a first visit downloads none of it. Links between
//! guide files become the page's own links (`octal.md#x` → `#/guide?page=octal&at=x`), and
//! headings get GitHub's ids so those anchors land. `dist/guide/cite.bib` is the BibTeX entry
//! of `CITATION.cff`, shown by the footer's "Cite HeapLab".

use std::fs;
use std::path::Path;

use anyhow::{Context, Result};
use pulldown_cmark::{html, CowStr, Event, Options, Parser, Tag, TagEnd};

/// Writes `dist/guide/`: every guide file as HTML and the BibTeX entry.
pub fn render(root: &Path, dist: &Path) -> Result<()> {
    let source = root.join("docs/guide");
    let out = dist.join("guide");
    fs::create_dir_all(&out).with_context(|| format!("could not create {}", out.display()))?;
    let mut files: Vec<_> = fs::read_dir(&source)
        .with_context(|| format!("could not read {}", source.display()))?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| path.extension().is_some_and(|e| e == "md"))
        .collect();
    files.sort();
    for path in files {
        let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("index");
        let name = if stem == "README" { "index" } else { stem };
        let text = fs::read_to_string(&path)
            .with_context(|| format!("could not read {}", path.display()))?;
        fs::write(out.join(format!("{name}.html")), to_html(&text, name))?;
        if name == "paper-checks" {
            fs::write(out.join("checks.tsv"), check_claims(&text))?;
        }
    }
    let cff =
        fs::read_to_string(root.join("CITATION.cff")).context("could not read CITATION.cff")?;
    fs::write(out.join("cite.bib"), bibtex(&cff))?;
    Ok(())
}

/// The claim of every check in the paper-checks table, `name<TAB>claim` a line, which the
/// explorer fetches when a sweep has checks (the wasm module carries no statements).
pub fn check_claims(markdown: &str) -> String {
    markdown
        .lines()
        .filter_map(|line| {
            let mut cells = line.strip_prefix('|')?.split('|').map(str::trim);
            let name = cells.next()?.strip_prefix('`')?.strip_suffix('`')?;
            let claim = cells.next()?;
            Some(format!("{name}\t{claim}\n"))
        })
        .collect()
}

/// One guide file (served as `page`) as HTML, with the page's links and GitHub's heading ids.
pub fn to_html(markdown: &str, page: &str) -> String {
    let options =
        Options::ENABLE_TABLES | Options::ENABLE_FOOTNOTES | Options::ENABLE_STRIKETHROUGH;
    let mut events: Vec<Event> = Parser::new_ext(markdown, options)
        .map(|event| match event {
            Event::Start(Tag::Link {
                link_type,
                dest_url,
                title,
                id,
            }) => Event::Start(Tag::Link {
                link_type,
                dest_url: CowStr::from(page_link(&dest_url, page)),
                title,
                id,
            }),
            other => other,
        })
        .collect();
    add_heading_ids(&mut events);
    let mut out = String::new();
    html::push_html(&mut out, events.into_iter());
    out
}

/// Gives every heading the id GitHub gives it (the anchors the guide links to).
fn add_heading_ids(events: &mut [Event]) {
    let mut at = 0;
    while at < events.len() {
        if let Event::Start(Tag::Heading { .. }) = &events[at] {
            let mut text = String::new();
            for event in &events[at + 1..] {
                match event {
                    Event::End(TagEnd::Heading(_)) => break,
                    Event::Text(t) | Event::Code(t) => text.push_str(t),
                    _ => {}
                }
            }
            if let Event::Start(Tag::Heading { id, .. }) = &mut events[at] {
                *id = Some(CowStr::from(slug(&text)));
            }
        }
        at += 1;
    }
}

/// GitHub's heading anchor: lower case, spaces to hyphens, punctuation dropped.
pub fn slug(text: &str) -> String {
    text.trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// A link of a guide file as the page serves it: another guide file (`octal.md`,
/// `bibliography.md#the-survey`, `README.md`) becomes `#/guide?page=…[&at=…]`, and so does an
/// anchor in the file `current`; anything else (web addresses, files outside the guide) is
/// kept.
pub fn page_link(dest: &str, current: &str) -> String {
    let (file, anchor) = dest.split_once('#').unwrap_or((dest, ""));
    let Some(stem) = file.strip_suffix(".md").filter(|s| {
        !s.is_empty()
            && s.chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    }) else {
        // An anchor in the same file; a bare `#x` would be read as a route.
        return match (file, anchor) {
            ("", a) if !a.is_empty() => format!("#/guide?page={current}&at={a}"),
            _ => dest.to_string(),
        };
    };
    let page = if stem == "README" { "index" } else { stem };
    if anchor.is_empty() {
        format!("#/guide?page={page}")
    } else {
        format!("#/guide?page={page}&at={anchor}")
    }
}

/// The BibTeX `@software` entry of a `CITATION.cff` (its title, authors, version, year,
/// licence and abstract; a flat reading of the keys HeapLab's file uses).
pub fn bibtex(cff: &str) -> String {
    let value = |key: &str| {
        cff.lines()
            .find_map(|line| line.strip_prefix(&format!("{key}:")))
            .map(|v| v.trim().trim_matches('"').to_string())
            .unwrap_or_default()
    };
    let authors: Vec<String> = cff
        .lines()
        .filter_map(|line| line.trim().strip_prefix("- name:"))
        .map(|name| name.trim().trim_matches('"').to_string())
        .collect();
    let year = value("date-released").chars().take(4).collect::<String>();
    let title = value("title");
    let key = format!("{}{year}", title.to_lowercase());
    format!(
        "@software{{{key},\n  title   = {{{title}}},\n  author  = {{{authors}}},\n  version = {{{version}}},\n  year    = {{{year}}},\n  license = {{{license}}}\n}}\n",
        authors = authors.join(" and "),
        version = value("version"),
        license = value("license"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn guide_links_become_page_links() {
        assert_eq!(page_link("octal.md", "cli"), "#/guide?page=octal");
        assert_eq!(
            page_link("bibliography.md#the-survey", "cli"),
            "#/guide?page=bibliography&at=the-survey"
        );
        assert_eq!(page_link("README.md", "cli"), "#/guide?page=index");
        assert_eq!(page_link("#flags", "cli"), "#/guide?page=cli&at=flags");
        assert_eq!(
            page_link("https://example.org/a.md", "cli"),
            "https://example.org/a.md"
        );
        assert_eq!(page_link("../../README.md", "cli"), "../../README.md");
    }

    #[test]
    fn headings_get_githubs_ids() {
        assert_eq!(
            slug("How the periods are proven"),
            "how-the-periods-are-proven"
        );
        let html = to_html(
            "### The survey\n\nSee [it](bibliography.md#the-survey).\n",
            "x",
        );
        assert!(
            html.contains("<h3 id=\"the-survey\">The survey</h3>"),
            "{html}"
        );
        assert!(
            html.contains("href=\"#/guide?page=bibliography&amp;at=the-survey\""),
            "{html}"
        );
    }

    #[test]
    fn check_claims_are_read_off_the_table() {
        let md = "| check | claim | result |\n|---|---|---|\n| `cs-theorem-3` | ξ ≤ m (Thm 3) | holds |\n";
        assert_eq!(check_claims(md), "cs-theorem-3\tξ ≤ m (Thm 3)\n");
    }

    #[test]
    fn the_citation_becomes_bibtex() {
        let bib = bibtex(&std::fs::read_to_string("../CITATION.cff").unwrap());
        assert!(bib.starts_with("@software{heaplab"), "{bib}");
        assert!(bib.contains("title   = {HeapLab}"), "{bib}");
        assert!(bib.contains("author  = {The HeapLab developers}"), "{bib}");
        assert!(bib.contains("version = {0.1.0}"), "{bib}");
    }
}
