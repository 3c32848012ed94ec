//! Moving between pages as a visitor does: a page opened from a link starts at its top, even
//! when the link was far down the previous page, and Back returns to where the visitor was.

use anyhow::{ensure, Result};
use heaplab_e2e::{with_phone_page, Page, PHONE};
use serde_json::Value;

/// `window.scrollY`, in CSS px.
async fn scroll_y(page: &Page) -> Result<f64> {
    let y: Value = page.js("return window.scrollY;", vec![]).await?;
    Ok(y.as_f64().unwrap_or(-1.0))
}

/// Waits until `window.scrollY` is within a pixel of `want`.
async fn wait_for_scroll(page: &Page, want: f64) -> Result<()> {
    page.wait_until(&format!("the page scrolled to {want} px"), || async {
        let y = scroll_y(page).await?;
        Ok(if (y - want).abs() <= 1.0 {
            Ok(())
        } else {
            Err(format!("at {y} px"))
        })
    })
    .await
}

/// On a phone's home page scrolled to its bottom, a card's link opens its page at the top;
/// Back shows the home page where it was left.
#[tokio::test]
async fn a_new_page_starts_at_the_top_and_back_restores_the_position() -> Result<()> {
    with_phone_page(PHONE, |page| async move {
        page.open("#/").await?;
        page.wait_for("a[href^='#/partizan?']").await?;
        page.js(
            "window.scrollTo(0, document.documentElement.scrollHeight);",
            vec![],
        )
        .await?;
        let left_at = scroll_y(&page).await?;
        ensure!(
            left_at > 300.0,
            "the home page scrolls only {left_at} px on a phone"
        );
        // The last card's example link, far down the page.
        page.js(
            "const links = document.querySelectorAll(\"a[href^='#/partizan?']\"); \
             links[links.length - 1].click();",
            vec![],
        )
        .await?;
        page.wait_for_hash_containing("#/partizan").await?;
        page.wait_for("#main h1").await?;
        wait_for_scroll(&page, 0.0).await?;
        page.back().await?;
        page.wait_until("the home page again", || async {
            let hash = page.hash().await?;
            Ok(if hash.is_empty() || hash == "#/" {
                Ok(())
            } else {
                Err(hash)
            })
        })
        .await?;
        wait_for_scroll(&page, left_at).await
    })
    .await
}
