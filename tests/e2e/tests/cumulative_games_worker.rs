//! End-to-end tests of the cumulative games page's Web Worker solve and its newer fields, in a
//! real headless Chromium: the progress bar of a large solve shows and the result arrives;
//! Cancel stops a larger one and says so; a 3-player URL, a turn table and a heap-size dynamic
//! map render a tree and a table that match the engine; choosing 3 players in the form (a real
//! select) updates the URL and the tree.

use anyhow::{ensure, Context, Result};
use heaplab_e2e::{with_page, Page};
use heaplab_engine::cumulative_games::{
    outcome_table, solve, spec, Game, Grounded, Moves, Position, Preset, Rational, TieBreak,
};
use heaplab_engine::Budget;
use serde_json::Value;

/// Clicks the tree's "Deeper" until every level shows (the view opens at its readable level).
async fn open_every_level(page: &Page) -> Result<()> {
    for _ in 0..32 {
        let disabled = page
            .js(
                "const b = document.querySelector('#cg-tree-deeper'); return !b || b.disabled;",
                vec![],
            )
            .await?;
        if disabled.as_bool() != Some(false) {
            return Ok(());
        }
        page.click("#cg-tree-deeper").await?;
    }
    anyhow::bail!("the tree still has hidden levels after 32 clicks on Deeper")
}

/// The labels along the thick (PSPE) edges from the root of `#cg-tree`.
async fn thick_path(page: &Page) -> Result<Vec<String>> {
    let v = page
        .js(
            "const label = i => document.querySelector('#cg-tree-node-' + i).getAttribute('data-label');
             const thick = [...document.querySelectorAll('#cg-tree-svg line.tree-edge.marked')];
             let at = '0'; const path = [label(at)];
             for (;;) {
               const next = thick.find(l => l.getAttribute('data-from') === at);
               if (!next) break;
               at = next.getAttribute('data-to'); path.push(label(at));
             }
             return path;",
            vec![],
        )
        .await?;
    Ok(v.as_array()
        .context("path")?
        .iter()
        .filter_map(|s| s.as_str().map(str::to_string))
        .collect())
}

/// The text of column `column` of every row of `#cg-table`.
async fn table_column(page: &Page, column: usize) -> Result<Vec<String>> {
    let v = page
        .js(
            "return [...document.querySelectorAll('#cg-table tbody tr')].map(r => r.children[arguments[0]].textContent);",
            vec![Value::from(column)],
        )
        .await?;
    Ok(v.as_array()
        .context("cells")?
        .iter()
        .filter_map(|c| c.as_str().map(str::to_string))
        .collect())
}

/// The engine's PSPE play from heap `x` (cumulations zero, Player 1 first), as node labels.
fn engine_path(game: &Game, x: u64) -> Vec<String> {
    let start = Grounded {
        position: Position::new(vec![x], game.players),
        to_move: 0,
    };
    let solution = solve(game, &start, &mut Budget::unlimited()).expect("solvable");
    solution
        .path(game)
        .iter()
        .map(|(g, _)| g.position.label())
        .collect()
}

/// `(a,b,c)`.
fn vector(v: &[Rational]) -> String {
    let parts: Vec<String> = v.iter().map(Rational::to_string).collect();
    format!("({})", parts.join(","))
}

/// The value of `#cg-job-progress`, or `None` while there is no bar.
async fn progress_value(page: &Page) -> Result<Option<f64>> {
    Ok(page
        .attr("#cg-job-progress", "value")
        .await?
        .and_then(|v| v.parse().ok()))
}

#[tokio::test]
async fn a_large_solve_shows_progress_in_the_worker_and_finishes() -> Result<()> {
    with_page(|page| async move {
        // Squirrel Pebbles {1,2} from 700: about 163,000 grounded positions.
        page.open("#/cumulative-games?preset=squirrel&S=1,2&x=700&n=5")
            .await?;
        let text = page
            .wait_until("the progress bar to count positions", || async {
                let value = progress_value(&page).await?.unwrap_or(0.0);
                let text = page.text("#cg-job-text").await?.unwrap_or_default();
                Ok(if value > 0.0 { Ok(text) } else { Err(text) })
            })
            .await?;
        ensure!(
            text.contains("in a Web Worker") && text.contains("stops at 2,000,000"),
            "{text}"
        );
        // It finishes: the bar goes, the tree and the engine's numbers come.
        let summary = page.wait_for_some_text("#cg-summary").await?;
        ensure!(!page.exists("#cg-job-progress").await?, "bar still shown");
        let game = Preset::Squirrel.game(vec![vec![1, 2]], Rational::ZERO, TieBreak::Antagonistic);
        let start = Grounded {
            position: Position::new(vec![700], 2),
            to_move: 0,
        };
        let solution = solve(&game, &start, &mut Budget::unlimited())?;
        let states = solution.states().to_string();
        let grouped: String = states
            .chars()
            .rev()
            .collect::<Vec<_>>()
            .chunks(3)
            .map(|c| c.iter().collect::<String>())
            .collect::<Vec<_>>()
            .join(",")
            .chars()
            .rev()
            .collect();
        ensure!(
            summary.contains(&format!("{grouped} grounded positions solved"))
                && summary.contains(&vector(solution.value())),
            "{summary} vs {grouped} states, value {}",
            vector(solution.value())
        );
        page.wait_for("#cg-tree-node-0").await?;
        Ok(())
    })
    .await
}

#[tokio::test]
async fn cancel_stops_a_large_solve_and_says_so() -> Result<()> {
    with_page(|page| async move {
        // Wealth Pebbles from 3000 with pockets (80,80): far more than the cap.
        page.open("#/cumulative-games?preset=wealth&x=3000&C=80,80&n=1")
            .await?;
        page.wait_until("the progress bar to count positions", || async {
            let value = progress_value(&page).await?.unwrap_or(0.0);
            Ok(if value > 0.0 {
                Ok(())
            } else {
                Err(format!("value {value}"))
            })
        })
        .await?;
        page.click("#cg-job-cancel").await?;
        page.wait_until("the status to say Cancelled", || async {
            let status = page.text("#cg-job").await?.unwrap_or_default();
            Ok(if status.starts_with("Cancelled") {
                Ok(())
            } else {
                Err(status)
            })
        })
        .await?;
        ensure!(!page.exists("#cg-job-progress").await?, "bar still shown");
        ensure!(!page.exists("#cg-summary").await?, "a result appeared");
        // "Compute again" restarts it in a new worker.
        page.click("#cg-job-retry").await?;
        page.wait_for("#cg-job-progress").await?;
        Ok(())
    })
    .await
}

#[tokio::test]
async fn a_three_player_url_with_a_turn_table_matches_the_engine() -> Result<()> {
    with_page(|page| async move {
        page.open("#/cumulative-games?preset=squirrel&players=3&S=2,3&x=9&turn=next%3A3,1,2&n=8")
            .await?;
        page.wait_for("#cg-tree-node-0").await?;
        let mut game = Preset::Squirrel.game_with(
            3,
            Moves::Fixed(vec![vec![2, 3]]),
            Rational::ZERO,
            TieBreak::Antagonistic,
        );
        game.turn = spec::parse_turn("next:3,1,2", 3)?;
        open_every_level(&page).await?;
        let path = thick_path(&page).await?;
        let expected = engine_path(&game, 9);
        ensure!(
            path == expected,
            "thick path {path:?} vs engine {expected:?}"
        );
        ensure!(path[0] == "9; (0,0,0)", "root {:?}", path[0]);
        // Columns 1, 3, 5: the outcome rows with P1, P2, P3 starting.
        let table = outcome_table(&game, &[7], &mut Budget::unlimited())?;
        for p in 0..3 {
            let shown = table_column(&page, 1 + 2 * p).await?;
            let engine: Vec<String> = (0..8u64)
                .map(|x| vector(table.row(&[x], p).unwrap_or(&[])))
                .collect();
            ensure!(
                shown == engine,
                "P{} starts: {shown:?} vs {engine:?}",
                p + 1
            );
        }
        Ok(())
    })
    .await
}

#[tokio::test]
async fn a_dynamic_map_url_matches_the_engine() -> Result<()> {
    with_page(|page| async move {
        // Section 2: S(2) = {2}, S(3) = {1}; o_zs(3) = −1.
        page.open("#/cumulative-games?preset=scoring&moves=dynamic&D=2%3A2;3%3A1&x=3&n=4")
            .await?;
        page.wait_for("#cg-tree-node-0").await?;
        let moves = spec::parse_dynamic("2:2;3:1", 2)?;
        let game = Preset::Scoring.game_with(2, moves, Rational::ZERO, TieBreak::Antagonistic);
        open_every_level(&page).await?;
        let path = thick_path(&page).await?;
        let expected = engine_path(&game, 3);
        ensure!(
            path == expected,
            "thick path {path:?} vs engine {expected:?}"
        );
        let shown = table_column(&page, 1).await?;
        ensure!(shown == ["0", "0", "2", "-1"], "o_zs column {shown:?}");
        // The form shows the map (not the sets) and keeps it.
        ensure!(
            page.value("#cg-dynamic").await?.as_deref() == Some("2:2;3:1"),
            "dynamic field"
        );
        ensure!(!page.exists("#cg-set").await?, "the set field is hidden");
        // A broken map is a message next to the form, not a blank page.
        page.open("#/cumulative-games?preset=scoring&moves=dynamic&D=2;3&x=3")
            .await?;
        let message = page.wait_for_some_text("#cg-error").await?;
        ensure!(
            message.starts_with("D: ") && message.contains("colon"),
            "{message}"
        );
        Ok(())
    })
    .await
}

#[tokio::test]
async fn choosing_three_players_in_the_form_updates_url_and_tree() -> Result<()> {
    with_page(|page| async move {
        page.open("#/cumulative-games?preset=squirrel&S=2,3&x=7")
            .await?;
        page.wait_for("#cg-tree-node-0").await?;
        page.wait_for("#cg-players")
            .await?
            .select_by_value("3")
            .await?;
        page.wait_for_hash_containing("players=3").await?;
        page.wait_until("the root to have three cumulations", || async {
            let label = page
                .attr("#cg-tree-node-0", "data-label")
                .await?
                .unwrap_or_default();
            Ok(if label == "7; (0,0,0)" {
                Ok(())
            } else {
                Err(label)
            })
        })
        .await?;
        ensure!(
            page.hash().await?.contains("C=0,0,0"),
            "cumulations follow the player count"
        );
        Ok(())
    })
    .await
}
