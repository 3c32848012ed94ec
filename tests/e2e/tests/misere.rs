//! End-to-end tests of the misère page in a real headless Chromium: the quotient of Kayles
//! read back and compared with the engine's (order, presentation, P-portion, each heap's
//! element), the multiplication picture's pixels against the monoid, a sum's outcome and a
//! game against the engine played by clicks, and tampered links that get messages.

use anyhow::{ensure, Context, Result};
use heaplab_e2e::{hash_value, with_page, Page};
use heaplab_engine::misere::quotient::QuotientCaps;
use heaplab_engine::misere::report::{analyse_keeping_quotient, outcome_letter, sum_report};
use heaplab_engine::misere::HeapRules;
use heaplab_engine::octal::position::parse_heaps;
use heaplab_engine::octal::Ruleset;
use heaplab_engine::Budget;

/// Kayles to heap `n` in the engine: its report and quotient.
fn kayles(
    n: u64,
) -> Result<(
    heaplab_engine::misere::MisereReport,
    heaplab_engine::misere::quotient::Quotient,
)> {
    let rules = HeapRules::Code(Ruleset::parse(".77")?);
    Ok(analyse_keeping_quotient(
        &rules,
        n,
        None,
        QuotientCaps::default(),
        &mut Budget::unlimited(),
    )?)
}

#[tokio::test]
async fn the_quotient_and_its_picture_are_the_engines() -> Result<()> {
    with_page(|page| async move {
        page.open("#/misere?code=.77&n=12").await?;
        page.wait_for("#mq-heap-12").await?;
        let (report, q) = kayles(12)?;
        let order = page.wait_for_some_text("#mq-order").await?;
        ensure!(
            order.contains(&format!("order {}", report.order)),
            "{order:?} vs order {}",
            report.order
        );
        let relations = page.wait_for_some_text("#mq-relations").await?;
        for r in &report.relations {
            ensure!(relations.contains(r.as_str()), "{relations:?} lacks {r}");
        }
        let p = page.wait_for_some_text("#mq-p-portion").await?;
        ensure!(p.contains(&report.p_portion.join(", ")), "{p:?}");
        ensure!(
            page.table_column("#mq-heaps", 2).await? == report.heap_elements,
            "heap elements differ"
        );
        let outcomes: Vec<String> = report
            .outcomes
            .iter()
            .map(|&o| outcome_letter(o).to_string())
            .collect();
        ensure!(
            page.table_column("#mq-heaps", 3).await? == outcomes,
            "outcomes differ"
        );
        // Every cell's centre: black exactly where the product is in the P-portion.
        let cell: u32 = page
            .attr("#mq-table", "data-cell")
            .await?
            .context("data-cell")?
            .parse()?;
        let n = q.monoid.order() as u32;
        for y in 0..n {
            for x in 0..n {
                let pixel = page
                    .canvas_pixel("#mq-table", x * cell + cell / 2, y * cell + cell / 2)
                    .await?
                    .context("no canvas")?;
                let p = q.p[q.monoid.mul(x, y) as usize];
                ensure!(pixel.is_black() == p, "cell ({x}, {y}): {pixel:?}, P {p}");
            }
        }
        Ok(())
    })
    .await
}

#[tokio::test]
async fn a_sum_is_read_from_the_quotient_and_a_click_plays_the_engine() -> Result<()> {
    with_page(|page| async move {
        page.open("#/misere?code=.77&n=12&sum=3,5,6").await?;
        let outcome = page.attr("#mq-outcome", "data-outcome");
        let rules = HeapRules::Code(Ruleset::parse(".77")?);
        let (_, q) = kayles(12)?;
        page.wait_for("#mq-moves").await?;
        let want = sum_report(&rules, &q, &[3, 5, 6])?;
        ensure!(
            outcome.await?.as_deref() == Some(outcome_letter(want.outcome)),
            "the page's outcome differs from the engine's {:?}",
            want.outcome
        );
        // Play: the first move; the URL then holds the engine's reply and the new sum, and
        // the page's outcome of that sum is the engine's.
        page.click("#mq-moves li:first-child a").await?;
        let hash = page.wait_for_hash_containing("reply=").await?;
        page.wait_for("#mq-reply").await?;
        let sum = hash_value(&hash, "sum")
            .context("no sum")?
            .replace("%2C", ",");
        let heaps = parse_heaps(&sum)?;
        if heaps.iter().any(|&h| h > 0) {
            let after = sum_report(&rules, &q, &heaps)?;
            let shown = page.attr("#mq-outcome", "data-outcome").await?;
            ensure!(
                shown.as_deref() == Some(outcome_letter(after.outcome)),
                "after the engine's reply the page says {shown:?} for {heaps:?}"
            );
        }
        Ok(())
    })
    .await
}

#[tokio::test]
async fn tampered_links_get_messages() -> Result<()> {
    with_page(|page| async move {
        for (route, words) in [
            ("#/misere?code=.77&n=99999", "bound n must be"),
            ("#/misere?code=.77&n=10&sum=11", "larger than n = 10"),
            ("#/misere?code=.77&reply=5:4,4", "not a move of this game"),
            ("#/misere?code=.7z", "code"),
        ] {
            page.open(route).await?;
            let text = page.wait_for_some_text("#mq-error").await?;
            ensure!(text.contains(words), "{route}: {text:?}");
            page.assert_not_blank().await?;
        }
        Ok(())
    })
    .await
}

/// Reads the misère strip of the page open now and compares every heap with the engine's
/// brute-force search of `rules` over heaps `0..=max_heap` (the same capped search).
async fn strip_matches_the_engine(page: &Page, rules: &HeapRules, max_heap: u64) -> Result<()> {
    use heaplab_engine::misere::search::DEFAULT_MAX_STATES;
    use heaplab_engine::misere::single::searched_outcomes_until_cap;
    use heaplab_engine::octal::position::Outcome;
    let (want, _) = searched_outcomes_until_cap(
        rules,
        max_heap,
        DEFAULT_MAX_STATES,
        &mut Budget::unlimited(),
    )?;
    page.wait_for("#misere-strip[data-cell]").await?;
    for (heap, outcome) in want.iter().enumerate() {
        let pixel = page
            .heap_pixel("#misere-strip", heap as u32)
            .await?
            .context("no strip")?;
        ensure!(
            pixel.is_black() == (*outcome == Outcome::P),
            "heap {heap}: {pixel:?} for misère {outcome:?}"
        );
    }
    ensure!(want.len() > 20, "only {} heaps searched", want.len());
    Ok(())
}

#[tokio::test]
async fn the_subtraction_pages_misere_toggle_shows_the_engines_strip() -> Result<()> {
    with_page(|page| async move {
        page.open("#/subtraction?S=1,2,5&n=60").await?;
        page.click("#misere-toggle").await?;
        page.wait_for_hash_containing("misere=1").await?;
        let rules = HeapRules::Subtraction(heaplab_engine::ruleset::NumberSet::parse("1,2,5")?);
        strip_matches_the_engine(&page, &rules, 59).await?;
        // The same view from a pasted link, written as people type it.
        page.open("#/subtraction?S=1,2,5&n=60&mis%C3%A8re=1")
            .await?;
        strip_matches_the_engine(&page, &rules, 59).await
    })
    .await
}

#[tokio::test]
async fn the_octal_pages_misere_strip_is_the_engines() -> Result<()> {
    with_page(|page| async move {
        page.open("#/octal?code=.07&max=1000&misere=1").await?;
        let rules = HeapRules::Code(Ruleset::parse(".07")?);
        strip_matches_the_engine(&page, &rules, 100).await
    })
    .await
}
