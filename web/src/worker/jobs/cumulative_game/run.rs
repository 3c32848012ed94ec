//! What the cumulative games page computes, in bounded steps: a [`CgRun`] solves the view's
//! grounded position (and the table rows that need their own search) with the engine's stepped
//! [`Solver`], then [`CgRun::finish`] builds the [`CgResult`] the page draws.
//!
//! The run lives in the shared Web Worker (`JobSpec::CumulativeGame`, the job
//! `crate::worker::jobs::cumulative_game`), which steps it, reports `(positions solved, cap)`
//! after each step and can be cancelled between steps; without workers the same run steps on
//! the main thread with a smaller cap. Everything comes from `heaplab_engine::cumulative_games`.

use std::rc::Rc;

use heaplab_engine::cumulative_games::efg::Efg;
use heaplab_engine::cumulative_games::views::{cgt_tree_within, extensive_tree, heap_dag};
use heaplab_engine::cumulative_games::{
    outcome_classes, outcome_table, player_name, Ending, Game, Grounded, HeapUtility, Moves,
    Position, Preset, Rational, Solver,
};
use heaplab_engine::tree_layout::Tree;
use heaplab_engine::Budget;
use heaplab_figures::views::tree::dag_figure;
use heaplab_figures::Size;
use serde::{Deserialize, Serialize};

use crate::format::grouped;
use crate::protocol::cumulative_games::{CgParams, View};

/// Most grounded positions solved in the Web Worker.
pub const WORKER_STATES: u64 = 2_000_000;
/// Most grounded positions solved on the main thread (no Web Workers here).
pub const MAIN_THREAD_STATES: u64 = 100_000;
/// Most rows when every row needs its own search (cumulation-dependent presets).
pub const MAX_GROUNDED_TERMS: u64 = 40;
/// Nodes built for a tree at most (the rest are counted).
pub const TREE_BUILD_CAP: usize = 3_000;
/// Most heap positions the CGT-type tree explores.
pub const CGT_POSITIONS: usize = 200_000;

/// The outcome table beside the picture.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct OutcomeRows {
    /// Column titles.
    pub headers: Vec<String>,
    /// One row per heap size, first cell the heap.
    pub rows: Vec<Vec<String>>,
    /// What the table shows.
    pub caption: String,
}

impl OutcomeRows {
    /// The table as CSV.
    pub fn to_csv(&self) -> String {
        let mut out = self.headers.join(",");
        out.push('\n');
        for row in &self.rows {
            let cells: Vec<String> = row.iter().map(|c| format!("\"{c}\"")).collect();
            out.push_str(&cells.join(","));
            out.push('\n');
        }
        out
    }
}

/// What the page draws.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CgResult {
    /// One line: PSPE play and utilities.
    pub summary: String,
    /// Heap sizes along equilibrium play.
    pub path: Vec<u64>,
    /// The tree of the chosen view (efg or cgt).
    pub tree: Option<Rc<Tree>>,
    /// The DAG picture (dag view): the figure layer's SVG at two columns' width.
    pub dag_svg: Option<String>,
    /// Why there is no picture, if there is none.
    pub picture_note: Option<String>,
    /// The outcome table.
    pub table: OutcomeRows,
}

/// `(a,b,c)`.
pub fn vector(v: &[Rational]) -> String {
    let parts: Vec<String> = v.iter().map(Rational::to_string).collect();
    format!("({})", parts.join(","))
}

/// Most heaps of a PSPE play spelled out in the summary.
const PATH_SHOWN: usize = 24;

/// `7 → 5 → 2 → 0`; a long play keeps its first and last heaps and counts the moves.
fn arrows(path: &[u64]) -> String {
    let join = |p: &[u64]| p.iter().map(u64::to_string).collect::<Vec<_>>().join(" → ");
    if path.len() <= PATH_SHOWN {
        return join(path);
    }
    format!(
        "{} → … → {} ({} moves)",
        join(&path[..PATH_SHOWN - 4]),
        join(&path[path.len() - 3..]),
        path.len() - 1
    )
}

/// The game of the page state (not for `preset=efg`).
pub fn game_of(params: &CgParams) -> Game {
    let mut game = params.preset.game_with(
        params.players,
        params.moves.clone(),
        params.value,
        params.tie,
    );
    game.turn = params.turn.clone();
    game
}

/// How the table beside the picture is made.
#[derive(Clone, Debug)]
enum TablePlan {
    /// Theorem 8's table (heap-dynamic games with linear utility): no search.
    Outcomes,
    /// CGT outcome classes of two-player normal and misère play, from Theorem 8's table.
    Classes,
    /// Cumulation-dependent games: one grounded search per row (roots of the shared solver).
    Grounded(Vec<Grounded>),
    /// An imported Extensive Form Game: its state table and its own backward induction.
    Efg(Box<Efg>, Vec<Vec<Rational>>),
}

/// The page's computation in progress.
#[derive(Clone, Debug)]
pub struct CgRun {
    params: CgParams,
    game: Game,
    start: Grounded,
    plan: TablePlan,
    solver: Solver,
}

impl CgRun {
    /// Prepares the run; at most `limit` grounded positions will be solved.
    pub fn new(params: &CgParams, limit: u64) -> Result<CgRun, String> {
        let (game, start, plan) = match &params.efg {
            Some(efg) => {
                let (values, _) = efg.solve(params.tie);
                let (game, start) = efg.to_cumulative(params.tie);
                (game, start, TablePlan::Efg(Box::new(efg.clone()), values))
            }
            None => {
                let game = game_of(params);
                let start = Grounded {
                    position: Position {
                        heaps: vec![params.heap],
                        cumulations: vec![params.cums.clone()],
                    },
                    to_move: params.start,
                };
                let plan = if game.has_outcome_table() {
                    if game.players == 2 && matches!(game.ending, Ending::Normal | Ending::Misere) {
                        TablePlan::Classes
                    } else {
                        TablePlan::Outcomes
                    }
                } else {
                    TablePlan::Grounded(
                        (0..params.terms.min(MAX_GROUNDED_TERMS))
                            .map(|x| Grounded {
                                position: Position {
                                    heaps: vec![x],
                                    cumulations: vec![params.cums.clone()],
                                },
                                to_move: params.start,
                            })
                            .collect(),
                    )
                };
                (game, start, plan)
            }
        };
        let mut solver = Solver::new(&game, limit).map_err(|e| e.to_string())?;
        solver.add_root(&start).map_err(|e| e.to_string())?;
        if let TablePlan::Grounded(rows) = &plan {
            for g in rows {
                solver.add_root(g).map_err(|e| e.to_string())?;
            }
        }
        Ok(CgRun {
            params: params.clone(),
            game,
            start,
            plan,
            solver,
        })
    }

    /// Solves at most `expansions` more positions; `Ok(true)` once everything is solved, or
    /// the page's message when the cap is passed.
    pub fn step(&mut self, expansions: u64) -> Result<bool, String> {
        self.solver.step(expansions).map_err(|e| {
            if self.solver.expanded() > self.solver.limit() {
                let limit = self.solver.limit();
                let place = if limit <= MAIN_THREAD_STATES {
                    "on the main thread (this browser runs no Web Worker here)"
                } else {
                    "in its Web Worker"
                };
                format!(
                    "This position has more than {} grounded positions: the page stops there {place}. Try a smaller heap, or the CLI: heaplab cumulative-game --heap {} --max-states N.",
                    grouped(limit),
                    self.params.heap
                )
            } else {
                e.to_string()
            }
        })
    }

    /// `(grounded positions solved, the cap)`.
    pub fn progress(&self) -> (u64, u64) {
        (self.solver.expanded(), self.solver.limit())
    }

    /// Builds everything the page shows from the solved positions.
    pub fn finish(self) -> Result<CgResult, String> {
        if !self.solver.is_done() {
            return Err("the computation stopped early".into());
        }
        let CgRun {
            params,
            game,
            start,
            plan,
            solver,
        } = self;
        let rows: Vec<(Grounded, Vec<Rational>, String)> = match &plan {
            TablePlan::Grounded(rows) => rows
                .iter()
                .map(|g| {
                    let entry = solver.entry(g);
                    let value = entry.map(|e| e.value.clone()).unwrap_or_default();
                    let first = entry
                        .and_then(|e| e.choice)
                        .and_then(|k| game.actions(&g.position, g.to_move).get(k).copied())
                        .map_or("–".to_string(), |a| a.take.to_string());
                    (g.clone(), value, first)
                })
                .collect(),
            _ => Vec::new(),
        };
        let solution = solver.into_solution(&start).map_err(|e| e.to_string())?;
        let path: Vec<u64> = solution
            .path(&game)
            .iter()
            .map(|(g, _)| g.position.heaps[0])
            .collect();
        let arrows = arrows(&path);
        let n = game.players;
        let summary = match &plan {
            TablePlan::Efg(efg, values) => format!(
                "Extensive Form Game with {} states: value {} by backward induction · as a single-heap cumulative game (Theorem 11) from heap {}: value {} · PSPE heaps {arrows}",
                efg.states.len(),
                vector(&values[0]),
                start.position.heaps[0],
                vector(solution.value()),
            ),
            _ => format!(
                "From {} with {} to move: PSPE play {arrows} · utilities {} · {} grounded positions solved",
                start.position.label(),
                player_name(start.to_move, n),
                vector(solution.value()),
                grouped(solution.states() as u64)
            ),
        };
        let (tree, dag_svg, picture_note) = match (params.view, &plan) {
            (View::Efg, _) => (
                Some(Rc::new(extensive_tree(&game, &solution, TREE_BUILD_CAP))),
                None,
                None,
            ),
            (_, TablePlan::Efg(..)) => (
                None,
                None,
                Some("An imported game is drawn as its Extensive Form tree: choose that view.".to_string()),
            ),
            (View::Cgt, _) => {
                match cgt_tree_within(&game, &start.position, TREE_BUILD_CAP, CGT_POSITIONS) {
                    Ok(t) => (Some(Rc::new(t)), None, None),
                    Err(e) => (None, None, Some(e.to_string())),
                }
            }
            (View::Dag, _) => match (&params.moves, params.players, params.preset) {
                (Moves::Fixed(sets), 2, preset) if sets.len() == 1 && preset != Preset::Wealth => {
                    match heap_dag(&sets[0], params.heap, params.tie) {
                        Ok(d) => match dag_figure(&d).with_export(Size::TWO_COLUMNS, Default::default(), None).to_svg() {
                            Ok(svg) => (None, Some(svg), None),
                            Err(e) => (None, None, Some(e.to_string())),
                        },
                        Err(e) => (None, None, Some(e.to_string())),
                    }
                }
                _ => (
                    None,
                    None,
                    Some("The DAG of heap sizes (Figure 5) is drawn for two players and one fixed symmetric set: pick two players, fixed sets, no second set and a preset other than wealth.".to_string()),
                ),
            },
        };
        let table = match plan {
            TablePlan::Outcomes => outcome_rows(&game, params.terms)?,
            TablePlan::Classes => class_rows(&game, params.terms)?,
            TablePlan::Grounded(_) => grounded_rows(&params, rows),
            TablePlan::Efg(efg, values) => efg_rows(&efg, &values),
        };
        Ok(CgResult {
            summary,
            path,
            tree,
            dag_svg,
            picture_note,
            table,
        })
    }
}

/// Runs a whole computation with a cap of `limit` positions (tests, and the CLI-like callers).
pub fn compute_within(params: &CgParams, limit: u64) -> Result<CgResult, String> {
    let mut run = CgRun::new(params, limit)?;
    while !run.step(u64::MAX)? {}
    run.finish()
}

/// Runs a whole computation with the Web Worker's cap.
pub fn compute(params: &CgParams) -> Result<CgResult, String> {
    compute_within(params, WORKER_STATES)
}

/// Theorem 8's table: for each starting player, the outcome row and the first move.
fn outcome_rows(game: &Game, terms: u64) -> Result<OutcomeRows, String> {
    let table =
        outcome_table(game, &[terms - 1], &mut Budget::unlimited()).map_err(|e| e.to_string())?;
    let n = game.players;
    let zero_sum = n == 2 && game.heaps[0].utility == HeapUtility::ZeroSum;
    let what = match game.heaps[0].utility {
        HeapUtility::ZeroSum => "o_zs",
        HeapUtility::SelfInterest => "o_si",
        _ => "o",
    };
    let mut headers = vec!["x".to_string()];
    for p in 0..n {
        headers.push(format!("{what}(x, {} starts)", player_name(p, n)));
        headers.push(format!("{} takes", player_name(p, n)));
    }
    let rows = (0..terms)
        .map(|x| {
            let mut row = vec![x.to_string()];
            for p in 0..n {
                let r = table.row(&[x], p).unwrap_or(&[]);
                row.push(if zero_sum {
                    r.first().map(Rational::to_string).unwrap_or_default()
                } else {
                    vector(r)
                });
                row.push(
                    table
                        .index(&[x])
                        .and_then(|i| table.choices[i * n + p])
                        .map_or("–".to_string(), |a| a.take.to_string()),
                );
            }
            row
        })
        .collect();
    let caption = match (game.heaps[0].utility.clone(), game.ending) {
        (HeapUtility::ZeroSum, _) if zero_sum => "Zero-sum outcomes (Definitions 2 and 4): Alice's final score minus Bob's, from cumulations (0,0).".to_string(),
        (HeapUtility::Nothing, Ending::Normal) => "Normal play (Theorem 8's table with the ending's term): the utilities, +1 or −1, from each starting player; the player who cannot move gets −1.".to_string(),
        (HeapUtility::Nothing, Ending::Misere) => "Misère play (Theorem 8's table with the ending's term): the utilities, +1 or −1, from each starting player; the player who cannot move gets +1.".to_string(),
        _ => "Outcomes (Definitions 3 and 5, the n×n matrix of Section 3, Theorem 8): what each player gains in PSPE play from each starting player; add the start cumulations for the utilities (Corollary 7).".to_string(),
    };
    Ok(OutcomeRows {
        headers,
        rows,
        caption,
    })
}

/// CGT outcome classes of a two-player normal or misère game.
fn class_rows(game: &Game, terms: u64) -> Result<OutcomeRows, String> {
    let classes =
        outcome_classes(game, terms, &mut Budget::unlimited()).map_err(|e| e.to_string())?;
    Ok(OutcomeRows {
        headers: vec!["x".into(), "outcome".into(), "meaning".into()],
        rows: classes
            .chars()
            .enumerate()
            .map(|(x, class)| {
                let meaning = match class {
                    'N' => "the player to move wins",
                    'P' => "the previous player wins",
                    'L' => "Alice wins",
                    _ => "Bob wins",
                };
                vec![x.to_string(), class.to_string(), meaning.to_string()]
            })
            .collect(),
        caption: "CGT outcome classes (Section 1.4), from PSPE values with each player starting (Theorem 8's table)."
            .into(),
    })
}

/// Grounded values, one search per row, from the start cumulations.
fn grounded_rows(params: &CgParams, rows: Vec<(Grounded, Vec<Rational>, String)>) -> OutcomeRows {
    OutcomeRows {
        headers: vec!["x".into(), "PSPE utilities".into(), "first move".into()],
        rows: rows
            .into_iter()
            .map(|(g, value, first)| vec![g.position.heaps[0].to_string(), vector(&value), first])
            .collect(),
        caption: format!(
            "This game depends on the cumulations, so there is no table of outcomes (Theorem 8 needs heap-dynamic rules): grounded values from {} with {} to move.",
            vector(&params.cums),
            player_name(params.start, params.players)
        ),
    }
}

/// Theorem 11's state table of an imported Extensive Form Game.
fn efg_rows(efg: &Efg, values: &[Vec<Rational>]) -> OutcomeRows {
    let q_total = efg.states.len() as u64;
    let rows = efg
        .states
        .iter()
        .enumerate()
        .map(|(s, state)| {
            let x = q_total - (s as u64 + 1);
            let actions: Vec<String> = state
                .children
                .iter()
                .map(|&c| (c as u64 - s as u64).to_string())
                .collect();
            vec![
                (s + 1).to_string(),
                x.to_string(),
                player_name(state.player, efg.players),
                if actions.is_empty() {
                    "∅".to_string()
                } else {
                    actions.join(",")
                },
                vector(&values[s]),
            ]
        })
        .collect();
    OutcomeRows {
        headers: vec![
            "state q(s)".into(),
            "heap x = Q − q(s)".into(),
            "to move".into(),
            "actions A(x)".into(),
            "PSPE value".into(),
        ],
        rows,
        caption: "Theorem 11: each state s (preorder number q(s)) is the heap Q − q(s) with every cumulation q(s); an action removes the difference of preorder numbers.".into(),
    }
}
