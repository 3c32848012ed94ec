//! The user guide on the site: `#/guide` shows the guide's files (rendered at build time from
//! docs/guide/), `#/help` and `#/about` lead there, each page's header links to its own
//! section, citations open the bibliography at the cited entry, and the footer on every page
//! gives the version and the BibTeX entry.

use anyhow::{ensure, Result};
use heaplab_e2e::with_page;

/// `#/help` and `#/about` show the guide's contents under the address `#/guide`.
#[tokio::test]
async fn help_and_about_lead_to_the_guide() -> Result<()> {
    with_page(|page| async move {
        for old in ["#/help", "#/about"] {
            page.open(old).await?;
            page.wait_for_text("#guide h1", "HeapLab user guide")
                .await?;
            let hash = page.hash().await?;
            ensure!(hash == "#/guide", "{old} left the address at {hash}");
        }
        Ok(())
    })
    .await
}

/// The octal page's "Guide" link opens the octal section; a citation there opens the
/// bibliography at the cited entry.
#[tokio::test]
async fn a_pages_guide_link_opens_its_section_and_citations_land() -> Result<()> {
    with_page(|page| async move {
        page.open("#/octal").await?;
        page.click("#guide-link").await?;
        page.wait_for_hash_containing("#/guide?page=octal").await?;
        page.wait_for_text_starting("#guide h1", "Octal").await?;
        page.open("#/guide?page=subtraction").await?;
        page.wait_for_text_starting("#guide h1", "Subtraction")
            .await?;
        page.click("#guide a[href*='page=bibliography&at=the-survey']")
            .await?;
        page.wait_for_text("#the-survey", "The survey").await?;
        page.wait_until("the cited entry on screen", || async {
            let top = page
                .js(
                    "return document.getElementById('the-survey').getBoundingClientRect().top;",
                    vec![],
                )
                .await?;
            let top = top.as_f64().unwrap_or(f64::MAX);
            // Scrolled to the top of the view, give or take a sub-pixel of rounding.
            Ok(if (-2.0..200.0).contains(&top) {
                Ok(())
            } else {
                Err(format!("at {top} px"))
            })
        })
        .await
    })
    .await
}

/// Every page's footer names the version, and "Cite HeapLab" shows the BibTeX entry.
#[tokio::test]
async fn the_footer_gives_the_version_and_the_citation() -> Result<()> {
    with_page(|page| async move {
        page.open("#/subtraction").await?;
        let version = page.wait_for_some_text("#site-version").await?;
        ensure!(
            version.starts_with(&format!("HeapLab {}", env!("CARGO_PKG_VERSION"))),
            "{version}"
        );
        page.click("#cite-link").await?;
        let bib = page.wait_for_some_text("#guide-bibtex").await?;
        ensure!(
            bib.starts_with("@software{heaplab") && bib.contains("title   = {HeapLab}"),
            "{bib}"
        );
        Ok(())
    })
    .await
}
