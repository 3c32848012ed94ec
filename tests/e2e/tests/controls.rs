//! Issue 21's controls and text, in a real headless Chromium at 1280 px: one place for "Copy
//! link" and one style for the submit buttons on every tool page, long input that wraps
//! instead of widening the page, and a worker that does not load in time said out loud.

use anyhow::{ensure, Result};
use heaplab_e2e::{with_page, Page};

/// Every tool page, at a small state.
const PAGES: &[&str] = &[
    "#/subtraction?S=2,5,7&n=50",
    "#/octal?code=.77&max=1000",
    "#/scoring",
    "#/cumulative-games",
    "#/cumulative-subtraction",
    "#/partizan",
    "#/plane",
    "#/period-map?family=3move&fixed=301&s1=40..60&s2=90..110&colour=class",
];

/// How much wider than the window the page has become, in CSS px (0 when it fits).
async fn overflow(page: &Page) -> Result<i64> {
    let v = page
        .js(
            "return document.documentElement.scrollWidth - window.innerWidth;",
            vec![],
        )
        .await?;
    Ok(v.as_i64().unwrap_or(i64::MAX))
}

#[tokio::test]
async fn copy_link_sits_in_the_head_and_submit_buttons_are_primary_on_every_page() -> Result<()> {
    with_page(|page| async move {
        for route in PAGES {
            page.open(route).await?;
            page.wait_for(".page-head #copy-link").await?;
            let counts = page
                .js(
                    "return [document.querySelectorAll('#copy-link').length,
                             document.querySelectorAll('main form button[type=submit]:not(.primary)').length];",
                    vec![],
                )
                .await?;
            ensure!(
                counts[0] == 1 && counts[1] == 0,
                "{route}: {} Copy link buttons, {} grey submit buttons",
                counts[0],
                counts[1]
            );
        }
        Ok(())
    })
    .await
}

#[tokio::test]
async fn long_input_never_widens_the_page() -> Result<()> {
    with_page(|page| async move {
        // A 100 KB unknown route: echoed shortened, on a page as wide as the window.
        let long = "x".repeat(100_000);
        page.open(&format!("#/{long}")).await?;
        let path = page.wait_for_some_text("#not-found-path").await?;
        ensure!(
            path.chars().count() <= 81 && path.ends_with('…'),
            "echoed path of {} characters",
            path.chars().count()
        );
        ensure!(
            overflow(&page).await? <= 0,
            "the not-found page is too wide"
        );
        // A long bad code: the error wraps.
        page.open(&format!("#/octal?code=.{}", "7".repeat(3000)))
            .await?;
        page.wait_for_some_text("#octal-error").await?;
        ensure!(overflow(&page).await? <= 0, "the octal error is too wide");
        // A wide game: the scoring heading wraps.
        let options = vec!["1"; 300].join(",");
        page.open(&format!("#/scoring?tab=game&g={{{options}|0|0}}"))
            .await?;
        page.wait_for_some_text("#sc-left").await?;
        ensure!(
            overflow(&page).await? <= 0,
            "the scoring heading is too wide"
        );
        Ok(())
    })
    .await
}

/// A worker that never says Ready (its bootstrap is made to 404 after the first visit) is said
/// out loud after 10 s, and Cancel still works.
#[tokio::test]
async fn a_worker_that_does_not_load_is_said_and_cancel_works() -> Result<()> {
    with_page(|page| async move {
        page.open("#/octal?code=.77&max=1000").await?;
        page.wait_for_text("#octal-period", "12").await?;
        page.js(
            "document.querySelector('meta[name=heaplab-worker]').content = './no-such-worker.js';
             location.hash = '#/';",
            vec![],
        )
        .await?;
        page.wait_for(".page-head, .home, main").await?;
        page.js("location.hash = '#/octal?code=.6&max=4000000';", vec![])
            .await?;
        // The worker's script does not load: its error event ends the job with a message at
        // once, rather than a wait for a worker that will never say Ready.
        let message = page.wait_for_some_text("main .error").await?;
        ensure!(
            message.contains("could not start") && message.contains("did not load"),
            "{message}"
        );
        page.assert_not_blank().await?;
        Ok(())
    })
    .await
}

/// Cumulative games marks the field its error names, and only that one.
#[tokio::test]
async fn cumulative_games_highlights_the_bad_field() -> Result<()> {
    with_page(|page| async move {
        page.open("#/cumulative-games?x=abc").await?;
        let error = page.wait_for_some_text("#cg-error").await?;
        ensure!(error.starts_with("x must be a whole number"), "{error}");
        let heap = page.attr("#cg-heap", "aria-invalid").await?;
        let set = page.attr("#cg-set", "aria-invalid").await?;
        ensure!(
            heap.as_deref() == Some("true") && set.as_deref() == Some("false"),
            "heap {heap:?}, set {set:?}"
        );
        Ok(())
    })
    .await
}
