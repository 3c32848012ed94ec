//! End-to-end tests of the partizan page in a real headless Chromium: the table of
//! S(1,2 | 1,3) read back and compared with the engine's canonical forms, a click on a heap
//! that opens its position box, and a tampered link that shows an error; the single-game
//! mode, the black-and-white family, thermographs with their exports, the game tree's
//! readable opening and the URL keys that restore each view.

use anyhow::{ensure, Context, Result};
use heaplab_e2e::{with_page, Page};
use heaplab_engine::partizan::heap::{HeapRules, Impartial};
use heaplab_engine::partizan::{position, sequence, GameStore};
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

/// The single game {2|-1} (Winning Ways ch. 6): mean 1/2, temperature 3/2, with the
/// engine's canonical form, outcome and stops.
#[tokio::test]
async fn a_single_game_shows_its_mean_and_temperature() -> Result<()> {
    with_page(|page| async move {
        page.open("#/partizan?family=game&game=%7B2%7C-1%7D")
            .await?;
        page.wait_for_text("#pz-game-temperature", "3/2").await?;
        page.wait_for_text("#pz-game-mean", "1/2").await?;
        page.wait_for_text("#pz-game-value", "{2|-1}").await?;
        page.wait_for_text("#pz-game-outcome", "N").await?;
        page.wait_for_text("#pz-game-left-stop", "2").await?;
        page.wait_for_text("#pz-game-right-stop", "-1").await?;
        page.wait_for("#pz-thermo svg").await?;
        Ok(())
    })
    .await
}

/// Typing `^*` into the game field commits it to the URL and shows the engine's canonical
/// form and atomic weight; reopening the URL shows the same.
#[tokio::test]
async fn a_typed_game_goes_into_the_url_and_comes_back() -> Result<()> {
    with_page(|page| async move {
        page.open("#/partizan?family=game&game=1").await?;
        page.wait_for_text("#pz-game-value", "1").await?;
        page.js(
            "const f = document.querySelector('#pz-game-text'); f.value = ''; return true;",
            vec![],
        )
        .await?;
        page.type_into("#pz-game-text", "^*").await?;
        page.wait_for_hash_containing("game=%5E%2A").await?;
        let mut store = GameStore::default();
        let g = store.parse("^*")?;
        let want = store.display(g)?;
        let weight = store.atomic_weight(g)?;
        let weight = store.display(weight)?;
        page.wait_for_text("#pz-game-value", &want).await?;
        page.wait_for_text("#pz-game-atomic", &weight).await?;
        page.reload().await?;
        page.wait_for_text("#pz-game-value", &want).await?;
        page.wait_for_value("#pz-game-text", "^*").await?;
        Ok(())
    })
    .await
}

/// Bad game text and a bad colouring word give one line each, and the page stays up.
#[tokio::test]
async fn tampered_games_and_words_give_one_line() -> Result<()> {
    with_page(|page| async move {
        let deep = "%7B".repeat(10_000);
        for (link, selector) in [
            (
                format!("#/partizan?family=game&game={deep}"),
                "#pz-game-error",
            ),
            (
                "#/partizan?family=game&game=%7B%7C%7C%7C%7D".to_string(),
                "#pz-game-error",
            ),
            (
                "#/partizan?family=game&game=%7B1%7C0".to_string(),
                "#pz-game-error",
            ),
            (
                "#/partizan?family=bw&word=bxw&L=1,2&n=10".to_string(),
                "#pz-error-word",
            ),
        ] {
            page.open(&link).await?;
            let message = page.wait_for_some_text(selector).await?;
            ensure!(!message.contains('\n'), "{selector}: {message:?}");
            page.assert_not_blank().await?;
        }
        Ok(())
    })
    .await
}

/// The black-and-white family's table is the engine's (the CLI's `--black-white bw
/// --left 1,2` calls the same engine function).
#[tokio::test]
async fn a_black_and_white_table_is_the_engines() -> Result<()> {
    with_page(|page| async move {
        page.open("#/partizan?family=bw&word=bw&L=1,2&n=12").await?;
        page.wait_for("#pz-row-11").await?;
        let rules = HeapRules::black_white_of("bw", Impartial::Set("1,2"), false)?;
        let want = sequence::solve(&rules, 12, false, &mut Budget::unlimited())?;
        let values = column(&page, 2).await?;
        ensure!(values == want.values, "{values:?} vs {:?}", want.values);
        let coded = HeapRules::black_white_of("wbb(bw)", Impartial::Code(".07"), false)?;
        let want = sequence::solve(&coded, 12, false, &mut Budget::unlimited())?;
        page.open("#/partizan?family=bw&word=wbb(bw)&L=.07&n=12")
            .await?;
        page.wait_for_text("#pz-summary-title", &want.ruleset)
            .await?;
        ensure!(
            column(&page, 2).await? == want.values,
            "the .07 table differs"
        );
        Ok(())
    })
    .await
}

/// A heap's thermograph (`thermo=7`): the "Export figure…" dialog's SVG has the title, both
/// axis names, both walls and the mast in its legend, and the page link; PNG through the
/// dialog and the TikZ download (a reversed value axis) too; the link in the table sets the key.
#[tokio::test]
async fn a_heap_thermograph_exports_as_svg_png_and_tikz() -> Result<()> {
    with_page(|page| async move {
        page.open(S_12_13).await?;
        page.click("#pz-thermo-7").await?;
        page.wait_for_hash_containing("thermo=7").await?;
        page.wait_for("#pz-thermo svg").await?;
        page.capture_downloads().await?;
        for (format, ext) in [("svg", ".svg"), ("png", ".png")] {
            page.click("#pz-thermo-figure").await?;
            page.wait_for("#pz-thermo-figure-dialog[open]").await?;
            page.click(&format!("#pz-thermo-figure-{format}")).await?;
            page.click("#pz-thermo-figure-download").await?;
            page.wait_for_text_starting("#pz-thermo-figure-status", "Saved")
                .await?;
            page.click("#pz-thermo-figure-close").await?;
            let (name, svg) = page.last_download().await?;
            ensure!(name.ends_with(ext), "{name}");
            if format == "svg" {
                for part in [
                    "Thermograph of 7 in S(1,2 | 1,3)",
                    "temperature t",
                    "side on the left)",
                    "Left wall",
                    "Right wall",
                    "mast",
                    "#/partizan?",
                    "thermo=7",
                ] {
                    ensure!(svg.contains(part), "the SVG lacks {part:?}: {svg}");
                }
            }
        }
        page.click("#pz-thermo-tikz").await?;
        let (name, tex) = page.last_download().await?;
        ensure!(
            name.ends_with(".tex") && tex.contains("x dir=reverse") && tex.contains("Left wall"),
            "{name}: {tex}"
        );
        Ok(())
    })
    .await
}

/// The game tree of 5+7+9 in S(1,2 | 1,3) opens with the root's winning options showing,
/// their labels at least 11 CSS px on screen; `tree=all` and `thermo=pos` reopen their view.
#[tokio::test]
async fn the_tree_of_5_7_9_opens_readable() -> Result<()> {
    with_page(|page| async move {
        page.open("#/partizan?family=subtraction&L=1,2&R=1,3&n=40&pos=5,7,9")
            .await?;
        page.wait_for("#pz-tree-svg g.tree-node").await?;
        let report = position::analyse(&rules(), &[5, 7, 9], &mut Budget::unlimited())?;
        let wins = report.left_wins.len() + report.right_wins.len();
        // The smallest label on screen, in CSS px: the computed font size times the scale of
        // the drawing on screen (viewBox fit, pan and zoom: the text's screen matrix).
        let probe = "const svg = document.querySelector('#pz-tree-svg');
            const labels = [...svg.querySelectorAll('g.tree-node text')];
            const px = labels.map(t => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a);
            return [labels.length, Math.min(...px), svg.querySelectorAll('g.tree-node').length];";
        let shown = page
            .wait_until("the root's options to show", || async {
                let v = page.js(probe, vec![]).await?;
                let nodes = v[2].as_u64().unwrap_or(0) as usize;
                Ok(if nodes > 1 { Ok(v) } else { Err(format!("{nodes} nodes")) })
            })
            .await?;
        let nodes = shown[2].as_u64().unwrap_or(0) as usize;
        ensure!(
            wins > 0 && nodes > wins,
            "{nodes} nodes for {wins} winning moves"
        );
        let smallest = shown[1].as_f64().unwrap_or(0.0);
        ensure!(smallest >= 11.0, "labels {smallest} px high");
        page.open("#/partizan?L=1,2&R=1,3&n=40&pos=5,7&thermo=pos&tree=all")
            .await?;
        page.wait_for_text("#pz-tree-toggle", "Show the winning moves only")
            .await?;
        let title = page.attr("#pz-thermo", "data-title").await?;
        ensure!(title.as_deref() == Some("5+7 in S(1,2 | 1,3)"), "{title:?}");
        Ok(())
    })
    .await
}

/// "Open as a single game" puts the position's canonical form into the single-game view.
#[tokio::test]
async fn a_position_opens_as_a_single_game() -> Result<()> {
    with_page(|page| async move {
        page.open("#/partizan?L=1,2&R=1,3&n=20&pos=3,2").await?;
        let want = position::analyse(&rules(), &[3, 2], &mut Budget::unlimited())?;
        page.wait_for_text("#pz-position-value", &want.value)
            .await?;
        page.click("#pz-open-game").await?;
        page.wait_for_hash_containing("family=game").await?;
        page.wait_for_text("#pz-game-value", &want.value).await?;
        Ok(())
    })
    .await
}

/// The tree's levels are in the URL: a link with `depth=1` opens one level deep, and
/// "Deeper" writes `depth=2` and shows two levels.
#[tokio::test]
async fn the_tree_depth_is_in_the_url() -> Result<()> {
    with_page(|page| async move {
        page.open("#/partizan?family=subtraction&L=1,2&R=1,3&n=40&pos=5,7,9&tree=all&depth=1")
            .await?;
        page.wait_for("#pz-tree-count").await?;
        page.wait_until("depth 1 shown", || async {
            let count = page.text("#pz-tree-count").await?.unwrap_or_default();
            Ok(if count.contains("(depth 1 of") {
                Ok(())
            } else {
                Err(count)
            })
        })
        .await?;
        page.click("#pz-tree-deeper").await?;
        page.wait_for_hash_containing("depth=2").await?;
        page.wait_until("depth 2 shown", || async {
            let count = page.text("#pz-tree-count").await?.unwrap_or_default();
            Ok(if count.contains("(depth 2 of") {
                Ok(())
            } else {
                Err(count)
            })
        })
        .await
    })
    .await
}
