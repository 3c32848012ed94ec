//! End-to-end tests of the partizan page in a real headless Chromium: the table of
//! S(1,2 | 1,3) read back and compared with the engine's canonical forms, a click on a heap
//! that opens its position box, and a tampered link that shows an error.

use anyhow::{ensure, Context, Result};
use heaplab_e2e::{with_page, Page};
use heaplab_engine::partizan::heap::HeapRules;
use heaplab_engine::partizan::{position, sequence};
use heaplab_engine::ruleset::NumberSet;
use heaplab_engine::Budget;

const S_12_13: &str = "#/partizan?L=1,2&R=1,3&n=40";

/// S(1,2 | 1,3) in the engine.
fn rules() -> HeapRules {
    let set = |t| NumberSet::parse(t).unwrap();
    HeapRules::subtraction(&set("1,2"), &set("1,3")).unwrap()
}

/// The table's column `col` (1-based), read from the page.
async fn column(page: &Page, col: u32) -> Result<Vec<String>> {
    page.table_column("#pz-table", col).await
}

#[tokio::test]
async fn the_table_is_the_engines_canonical_forms() -> Result<()> {
    with_page(|page| async move {
        page.open(S_12_13).await?;
        page.wait_for("#pz-row-39").await?;
        let want = sequence::solve(&rules(), 40, false, &mut Budget::unlimited())?;
        let values = column(&page, 2).await?;
        ensure!(
            values == want.values,
            "forms {values:?} vs {:?}",
            want.values
        );
        let classes = column(&page, 3).await?.concat();
        ensure!(
            classes == want.outcomes,
            "classes {classes} vs {}",
            want.outcomes
        );
        let strip = page.attr("#pz-strip", "data-classes").await?;
        ensure!(
            strip.as_deref() == Some(want.outcomes.as_str()),
            "strip {strip:?}"
        );
        let period = page.wait_for_some_text("#pz-period").await?;
        // Labelled as the engine reports it: proven (by its theorem), its basis, or none seen.
        let label = match &want.period {
            Some(p) if p.proven => format!("proven (by {})", p.basis),
            Some(p) => p.basis.clone(),
            None if want.search_capped => "size cap".to_string(),
            None => "no period seen".to_string(),
        };
        ensure!(period.contains(&label), "{period} should say {label}");
        Ok(())
    })
    .await
}

#[tokio::test]
async fn a_click_on_a_heap_opens_its_position() -> Result<()> {
    with_page(|page| async move {
        page.open(S_12_13).await?;
        page.click("#pz-row-7 a.pz-heap").await?;
        page.wait_for_hash_containing("pos=7").await?;
        let want = position::analyse(&rules(), &[7], &mut Budget::unlimited())?;
        page.wait_for_text("#pz-position-value", &want.value)
            .await?;
        page.wait_for_text("#pz-position-outcome", &format!("{:?}", want.outcome))
            .await?;
        Ok(())
    })
    .await
}

#[tokio::test]
async fn a_tampered_link_shows_an_error() -> Result<()> {
    with_page(|page| async move {
        page.open("#/partizan?family=subtraction&L=1,x&R=1,3&n=0")
            .await?;
        let error = page.wait_for_some_text("#pz-error").await?;
        ensure!(error.contains("heaps"), "{error}");
        ensure!(page.exists("#pz-error-L").await?, "no error for L");
        ensure!(page.exists("nav a").await?, "the navigation is gone");
        ensure!(!page.exists("#pz-table").await?, "a table for a bad link");
        Ok(())
    })
    .await
}

/// Play with real clicks: the visitor plays Left in 3 + 2 of S(1,2 | 1,3) (a Left win moving
/// first, value ⇑*), always clicking a winning move; after each click the page shows the
/// engine's reply (its first winning move, else its first move), and the game ends with the
/// engine unable to move.
#[tokio::test]
async fn playing_left_against_the_engine_with_clicks() -> Result<()> {
    with_page(|page| async move {
        page.open("#/partizan?L=1,2&R=1,3&n=10&pos=3,2").await?;
        page.wait_for("#pz-tree-svg g.tree-node").await?;
        page.click("#pz-play-L").await?;
        page.wait_for_hash_containing("play=L").await?;
        let rules = rules();
        let mut heaps = vec![3, 2];
        for _ in 0..20 {
            let report = position::analyse(&rules, &heaps, &mut Budget::unlimited())?;
            let i = report
                .left_moves
                .iter()
                .position(|m| m.wins)
                .context("Left keeps a winning move")?;
            let m = &report.left_moves[i];
            let after = position::after_move(&heaps, m.from, &m.to);
            page.click(&format!("#pz-move-{i}")).await?;
            let reply = position::analyse(&rules, &after, &mut Budget::unlimited())?;
            let Some(r) = reply
                .right_moves
                .iter()
                .find(|m| m.wins)
                .or(reply.right_moves.first())
            else {
                page.wait_for_text("#pz-play-status", "Right cannot move: you win!")
                    .await?;
                return Ok(());
            };
            page.wait_for_text("#pz-play-status", &format!("Right moved {}.", r.describe()))
                .await?;
            heaps = position::after_move(&after, r.from, &r.to);
            let title = format!("Position {}", position::heaps_text(&heaps));
            page.wait_for_text("#pz-position-title", &title).await?;
        }
        anyhow::bail!("the game did not end in 20 moves")
    })
    .await
}

#[tokio::test]
async fn the_means_and_temperatures_are_the_engines() -> Result<()> {
    with_page(|page| async move {
        page.open(S_12_13).await?;
        page.wait_for("#pz-row-39").await?;
        let want = sequence::means_and_temperatures(&rules(), 40, &mut Budget::unlimited())?;
        let means = column(&page, 4).await?;
        let temperatures = column(&page, 5).await?;
        let shown: Vec<(String, String)> = means.into_iter().zip(temperatures).collect();
        ensure!(shown == want, "page {shown:?}\nengine {want:?}");
        Ok(())
    })
    .await
}
