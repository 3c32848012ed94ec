//! Every page fits a 390 px phone: no page is wider than the screen (a wide chart, table or
//! catalogue scrolls in its own box or scales), and the octal chart's text stays readable.

use std::time::Duration;

use anyhow::{ensure, Result};
use heaplab_e2e::{with_phone_page, Page, PHONE};

/// Each page at its default URL.
const PAGES: &[&str] = &[
    "#/",
    "#/subtraction",
    "#/period-map",
    "#/plane",
    "#/cumulative-subtraction",
    "#/cumulative-games",
    "#/octal",
    "#/scoring",
    "#/partizan",
    "#/explore",
    "#/guide",
];

/// `document.documentElement.scrollWidth` and the viewport's width.
async fn widths(page: &Page) -> Result<(f64, f64)> {
    let v = page
        .js(
            "return [document.documentElement.scrollWidth, window.innerWidth];",
            vec![],
        )
        .await?;
    let at = |i: usize| v[i].as_f64().unwrap_or(-1.0);
    Ok((at(0), at(1)))
}

#[tokio::test]
async fn no_page_is_wider_than_a_phone() -> Result<()> {
    with_phone_page(PHONE, |page| async move {
        let mut wide = Vec::new();
        for route in PAGES {
            page.open(route).await?;
            page.wait_for("#main h1").await?;
            // Let the page's first results come in (their tables and charts are what widen it).
            tokio::time::sleep(Duration::from_secs(3)).await;
            let (scroll, view) = widths(&page).await?;
            if scroll != view {
                wide.push(format!("{route}: {scroll} px wide on a {view} px screen"));
            }
        }
        ensure!(wide.is_empty(), "{}", wide.join("; "));
        Ok(())
    })
    .await
}

/// The octal page with its catalogue open still fits, and its chart is drawn at the phone's
/// width: plotters' 12 px labels stay at least 11 CSS px.
#[tokio::test]
async fn the_octal_page_fits_a_phone_with_readable_chart_text() -> Result<()> {
    with_phone_page(PHONE, |page| async move {
        page.open("#/octal?code=.77&max=100000").await?;
        page.wait_for_text("#octal-period", "12").await?;
        page.click("#octal-catalogue summary").await?;
        page.wait_for("#catalogue-table-3-2").await?;
        let (scroll, view) = widths(&page).await?;
        ensure!(
            scroll == view,
            "with the catalogue open: {scroll} px on a {view} px screen"
        );
        let scale = page
            .js(
                "const c = document.getElementById('octal-plot'); \
                 return c.getBoundingClientRect().width / c.width;",
                vec![],
            )
            .await?;
        let text_px = 12.0 * scale.as_f64().unwrap_or(0.0);
        ensure!(text_px >= 11.0, "the chart's text is {text_px:.1} CSS px");
        Ok(())
    })
    .await
}
