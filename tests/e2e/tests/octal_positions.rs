//! End-to-end tests of the octal page's position panel in a real headless Chromium:
//! a position typed in, its winning moves listed and drawn as the engine finds them, and a game
//! against the perfect opponent with real clicks.

use anyhow::{ensure, Result};
use heaplab_e2e::with_page;
use heaplab_engine::octal::position::{analyse, Outcome};
use heaplab_engine::octal::Ruleset;
use heaplab_engine::Budget;

#[tokio::test]
async fn a_typed_position_shows_its_winning_moves_and_the_opponent_answers() -> Result<()> {
    with_page(|page| async move {
        page.open("#/octal?code=.77&max=20000").await?;
        page.wait_for_text("#octal-period", "12").await?;
        page.type_into("#position-heaps", "5,7,9").await?;
        page.click("#position-go").await?;
        page.wait_for_hash_containing("heaps=5,7,9").await?;
        // Kayles: G(5) ^ G(7) ^ G(9) = 4 ^ 2 ^ 4 = 2, and the engine's three winning moves.
        page.wait_for_text("#position-nim", "2").await?;
        let kayles = Ruleset::parse(".77").unwrap();
        let report = analyse(&kayles, &[5, 7, 9], 1 << 12, &mut Budget::unlimited()).unwrap();
        let listed = page.wait_for_some_text("#position-moves").await?;
        for mv in &report.winning_moves {
            ensure!(
                listed.contains(&mv.describe()),
                "{listed} lacks {}",
                mv.describe()
            );
        }
        // The first winning move (heap 2: take 1, leave 3 + 3) is drawn with one token marked.
        let taken = page
            .js(
                "return document.querySelectorAll('#position-drawing .token.taken').length;",
                vec![],
            )
            .await?;
        ensure!(taken == 1, "{taken} tokens marked");
        // Play: make the first winning move; the computer answers from the P-position.
        page.click("#play-start").await?;
        let first = report.winning_moves[0].describe();
        page.click(&format!("#play-moves button[data-move=\"{first}\"]"))
            .await?;
        page.wait_until("the computer to answer", || async {
            let n = page
                .js(
                    "return document.querySelectorAll('#play-log li').length;",
                    vec![],
                )
                .await?;
            Ok(if n == 2 {
                Ok(())
            } else {
                Err(format!("{n} log lines"))
            })
        })
        .await?;
        let log = page.wait_for_some_text("#play-log").await?;
        ensure!(
            log.contains(&first) && log.contains("Computer:"),
            "log: {log}"
        );
        // After any answer from a P-position the visitor stands on an N-position again.
        let outcome = page.wait_for_some_text("#position-outcome").await?;
        ensure!(outcome.contains("N-position"), "outcome: {outcome}");
        ensure!(report.outcome == Outcome::N);
        Ok(())
    })
    .await
}

#[tokio::test]
async fn a_pasted_position_reopens_and_a_tampered_one_gets_a_message() -> Result<()> {
    with_page(|page| async move {
        page.open("#/octal?code=.77&max=20000&heaps=1000000000000000,7")
            .await?;
        page.wait_for_value("#position-heaps", "1000000000000000,7")
            .await?;
        // Kayles' period 12 from heap 71 gives G(10^15) = G(76) = 1; G(7) = 2.
        page.wait_for_text("#position-nim", "3").await?;
        page.open("#/octal?code=.77&max=20000&heaps=5,-x").await?;
        let error = page.wait_for_some_text("#position-error").await?;
        ensure!(error.starts_with("heaps:"), "error: {error}");
        page.wait_for_text("#octal-period", "12").await?;
        Ok(())
    })
    .await
}

#[tokio::test]
async fn a_catalogue_row_reproduces_with_one_click() -> Result<()> {
    with_page(|page| async move {
        page.open("#/octal?code=.77&max=20000").await?;
        page.click("#octal-catalogue summary").await?;
        // Table 3.2's first row, ·45: period 20, pre-period 498.
        page.click("#catalogue-table-3-2 a.catalogue-link").await?;
        page.wait_for_hash_containing("code=.45").await?;
        page.wait_for_text("#octal-period", "20").await?;
        page.wait_for_text("#octal-preperiod", "498").await?;
        Ok(())
    })
    .await
}
