//! End-to-end tests of the octal games page in a real headless Chromium. Expected numbers:
//! Kayles ·77 has period 12 and preperiod 71 (last exception 70); the plotted values are
//! compared with the engine's own nim-values.

use anyhow::{ensure, Result};
use heaplab_e2e::with_page;
use heaplab_engine::octal::{self, Ruleset};
use heaplab_engine::Budget;

const KAYLES: &str = "#/octal?code=.77&max=100000&from=0&to=120";

#[tokio::test]
async fn kayles_period_and_plotted_values_match_the_engine() -> Result<()> {
    with_page(|page| async move {
        page.open(KAYLES).await?;
        page.wait_for_text("#octal-period", "12").await?;
        page.wait_for_text("#octal-preperiod", "71").await?;
        page.wait_for_text("#octal-last-exception", "70").await?;
        let badge = page.wait_for_some_text("#octal-badge").await?;
        ensure!(
            badge.starts_with("proven by Theorem 3.73 up to"),
            "badge: {badge}"
        );
        let expected = octal::nim_values(
            &Ruleset::parse(".77").unwrap(),
            120,
            &mut Budget::unlimited(),
        )
        .unwrap()
        .iter()
        .map(|v| v.to_string())
        .collect::<Vec<_>>()
        .join(",");
        let plotted = page
            .attr("#octal-plot", "data-values")
            .await?
            .unwrap_or_default();
        ensure!(
            plotted == expected,
            "plotted {plotted} != engine {expected}"
        );
        // The pixels: blue common points and red rare points (Kayles: mask 0, evil numbers rare).
        let counts = page
            .js(
                "const c = document.querySelector('#octal-plot');
                 const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
                 let blue = 0, red = 0;
                 for (let i = 0; i < d.length; i += 4) {
                   if (d[i] == 37 && d[i+1] == 99 && d[i+2] == 235) blue++;
                   if (d[i] == 220 && d[i+1] == 38 && d[i+2] == 38) red++;
                 }
                 return [blue, red];",
                vec![],
            )
            .await?;
        let blue = counts[0].as_u64().unwrap_or(0);
        let red = counts[1].as_u64().unwrap_or(0);
        ensure!(blue > 100 && red > 10, "blue {blue}, red {red} pixels");
        page.wait_for_text("#octal-mask", "0").await?;
        Ok(())
    })
    .await
}

#[tokio::test]
async fn bad_code_gives_an_error_and_presets_change_the_url() -> Result<()> {
    with_page(|page| async move {
        page.open("#/octal?code=.1W").await?;
        let error = page.wait_for_some_text("#octal-error").await?;
        ensure!(error.contains("not a code digit"), "error: {error}");
        page.open("#/octal?code=.77&max=20000").await?;
        page.wait_for_text("#octal-period", "12").await?;
        page.type_into("#octal-code", ".15").await?;
        page.wait_for_hash_containing("code=.15").await?;
        page.wait_for_text("#octal-period", "10").await?;
        page.wait_for_text("#octal-preperiod", "1").await?;
        page.reload().await?;
        page.wait_for_value("#octal-code", ".15").await?;
        page.wait_for_text("#octal-period", "10").await?;
        Ok(())
    })
    .await
}

#[tokio::test]
async fn long_run_progress_never_goes_back_and_cancel_then_compute_runs_again() -> Result<()> {
    with_page(|page| async move {
        // Officers ·6 has no sparse space and no period: the search doubles its length for long.
        page.open("#/octal?code=.6&max=4000000").await?;
        page.wait_for("#octal-job-progress").await?;
        // The bar over several doublings: its value never drops, and the line names the
        // current target, the rate and the time left (the shared progress line).
        let mut seen = Vec::new();
        let mut texts = Vec::new();
        for _ in 0..40 {
            let value = page.attr("#octal-job-progress", "value").await?;
            if let Some(v) = value.and_then(|v| v.parse::<u64>().ok()) {
                seen.push(v);
            }
            texts.push(page.text("#octal-job-text").await?.unwrap_or_default());
            tokio::time::sleep(std::time::Duration::from_millis(150)).await;
        }
        ensure!(
            seen.windows(2).all(|w| w[0] <= w[1]),
            "the bar went back: {seen:?}"
        );
        ensure!(
            seen.last().copied().unwrap_or(0) > seen.first().copied().unwrap_or(0),
            "the bar did not move: {seen:?}"
        );
        let last = texts.last().cloned().unwrap_or_default();
        for part in ["of 4,000,000 heaps", "proving up to", "heaps/s", "left"] {
            ensure!(last.contains(part), "no {part:?} in {last:?}");
        }
        page.click("#octal-job-cancel").await?;
        page.wait_until("the status to say Cancelled", || async {
            let status = page.text("#octal-job").await?.unwrap_or_default();
            Ok(if status.starts_with("Cancelled:") {
                Ok(())
            } else {
                Err(status)
            })
        })
        .await?;
        // Progress replies already on their way when Cancel was pressed must not bring the
        // job back.
        tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
        let status = page.text("#octal-job").await?.unwrap_or_default();
        ensure!(
            status.starts_with("Cancelled:") && !status.contains("nothing to compute"),
            "after Cancel the status became {status:?}"
        );
        // Compute on the same state runs it again.
        page.click("#octal-compute").await?;
        page.wait_for("#octal-job-progress").await?;
        Ok(())
    })
    .await
}

#[tokio::test]
async fn form_card_compute_button_hint_and_grouped_numbers() -> Result<()> {
    with_page(|page| async move {
        page.open("#/octal?code=.6&max=2000").await?;
        let badge = page.wait_for_some_text("#octal-badge").await?;
        ensure!(badge == "not yet periodic up to 2,000", "badge: {badge}");
        let proof = page.wait_for_some_text("#octal-proof").await?;
        ensure!(proof.contains("2,000"), "proof: {proof}");
        ensure!(
            page.exists("form.card #octal-compute").await?,
            "no Compute button in a form card"
        );
        let hint = page.wait_for_some_text("form.card #octal-hint").await?;
        ensure!(hint.contains("Enter"), "hint: {hint}");
        // Kayles: the proof's range reads with "≤", never "<=".
        page.open("#/octal?code=.77&max=100000").await?;
        page.wait_for_text("#octal-period", "12").await?;
        let proof = page.wait_for_some_text("#octal-proof").await?;
        ensure!(
            proof.contains("≤ n ≤") && !proof.contains("<="),
            "proof: {proof}"
        );
        // Copy link sits in the page head, as on every page.
        ensure!(
            page.exists(".page-head #copy-link").await?,
            "no Copy link in the head"
        );
        Ok(())
    })
    .await
}

/// The message in `selector` once `route` is open.
async fn message_of(page: &heaplab_e2e::Page, route: &str, selector: &str) -> Result<String> {
    page.open(route).await?;
    page.wait_for_some_text(selector).await
}

/// ·354 stops short of its proof (Table 3.2: about 20 M heaps, the engine's count): the page says how many heaps
/// the proof needs and gives the command that proves it.
#[tokio::test]
async fn a_catalogued_game_past_the_budget_names_its_proof() -> Result<()> {
    with_page(|page| async move {
        let row = octal::catalogue::TABLE_3_2
            .iter()
            .find(|row| row.code == ".354")
            .expect("·354 is in Table 3.2");
        let needed = heaplab_engine::text::grouped(row.heaps_to_prove());
        let note = message_of(&page, "#/octal?code=.354&max=100000", "#octal-beyond").await?;
        ensure!(
            note.contains(&needed) && note.contains("heaplab octal .354 --prove"),
            "{note}"
        );
        Ok(())
    })
    .await
}

/// PB(…) and TkBk(…) are the command-line tool's families: the page says so and gives the
/// command, rather than "unknown game".
#[tokio::test]
async fn families_typed_in_the_octal_page_get_the_command() -> Result<()> {
    with_page(|page| async move {
        for (code, route) in [
            ("PB(1,2)", "#/octal?code=PB%281%2C2%29"),
            ("TkBk(3,5)", "#/octal?code=TkBk%283%2C5%29"),
        ] {
            let message = message_of(&page, route, "#octal-error").await?;
            ensure!(
                message.contains(&format!("heaplab octal '{code}'"))
                    && !message.contains("unknown game"),
                "{code}: {message}"
            );
        }
        Ok(())
    })
    .await
}

/// A digit too large for any code says so, whatever its size (it used to say "'&;' holds
/// no number").
#[tokio::test]
async fn a_huge_digit_is_called_too_large() -> Result<()> {
    with_page(|page| async move {
        let message = message_of(&page, "#/octal?code=.%26999999999999%3B", "#octal-error").await?;
        ensure!(
            message.contains("digit 999999999999 would let a move leave more than 16 heaps"),
            "{message}"
        );
        Ok(())
    })
    .await
}

/// 8?.0 reaches the engine's work cap: the page names its own limit, not a flag to raise.
#[tokio::test]
async fn the_work_cap_is_the_pages_limit() -> Result<()> {
    with_page(|page| async move {
        let message = message_of(&page, "#/octal?code=8%3F.0&max=4000000", "p.error").await?;
        ensure!(
            message.contains("the page's limit") && !message.contains("raise it with"),
            "{message}"
        );
        Ok(())
    })
    .await
}

#[tokio::test]
async fn the_certificate_download_is_the_clis_certificate() -> Result<()> {
    use heaplab_engine::certificate::octal_certificate;
    use heaplab_engine::octal::{solve_keeping_values, Limits, Ruleset, Values};
    use heaplab_engine::Budget;
    with_page(|page| async move {
        page.open("#/octal?code=.77&max=1000000").await?;
        page.wait_for("#octal-certificate").await?;
        page.capture_downloads().await?;
        page.click("#octal-certificate").await?;
        let (name, text) = page.last_download().await?;
        ensure!(name.ends_with(".certificate.json"), "file name {name:?}");
        // The CLI's certificate of the same run: the same engine call, the same bytes.
        let rules = Ruleset::parse(".77")?;
        let limits = Limits {
            terms: 1,
            prove: true,
            max_heaps: 1_000_000,
        };
        let (report, values) = solve_keeping_values(&rules, limits, &mut Budget::unlimited())?;
        let want = octal_certificate(".77", &rules, &report, &Values::Wide(values))?;
        ensure!(
            text == want.to_file_text(),
            "the page's certificate:\n{text}"
        );
        Ok(())
    })
    .await
}
