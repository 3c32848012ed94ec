//! `heaplab cumulative-game`: n-player cumulative games (Larsson, Meir, Zick): outcome tables
//! (Definitions 2–5), the PSPE from one grounded position with its tree (Figures 2–5), and
//! Extensive Form Games imported from JSON (Theorem 11).

use crate::figure::{command_line, TreeFigureArgs};
use crate::output::{is_tikz_path, Format};
use crate::progress::with_budget;
use clap::Args;
use heaplab_engine::cumulative_games::efg::{Efg, MAX_EFG_BYTES};
use heaplab_engine::cumulative_games::views::{cgt_tree, extensive_tree, heap_dag};
use heaplab_engine::cumulative_games::{
    self as cg, optimal_actions, outcome_classes, outcome_table, player_name, spec, Ending, Game,
    Grounded, Moves, Position, Preset, Rational, TieBreak, MAX_HEAP,
};
use heaplab_engine::ruleset::parse_count;
use heaplab_engine::tree_layout::{initial_collapsed, Tree};
use heaplab_engine::{Budget, EngineError};
use heaplab_figures::views::tree::{cumulative_caption, dag_figure, tree_figure, TreeKey};
use heaplab_figures::{Figure, MAX_TREE_NODES};
use serde_json::{json, Value};

/// Most heaps listed in an outcome table.
const MAX_TERMS: u64 = 100_000;
/// Most grounded positions `--max-states` allows.
const MAX_CLI_STATES: u64 = 10_000_000;

/// Arguments of `heaplab cumulative-game`.
#[derive(Args)]
pub struct CumulativeGameArgs {
    /// Number of players n (1..=8).
    #[arg(long, default_value = "2", allow_hyphen_values = true)]
    players: String,
    /// Subtraction set of every player, e.g. `2,3`, or one per player separated by `;`, e.g.
    /// `2,3;1,4;1,2` (with `--set2`, Player 1's set).
    #[arg(long, default_value = "2,3", allow_hyphen_values = true)]
    set: String,
    /// Player 2's own subtraction set (a partizan game, Example 2), e.g. `1,4`.
    #[arg(long, allow_hyphen_values = true)]
    set2: Option<String>,
    /// A heap-size dynamic subtraction map instead of `--set`: `sizes:moves` entries separated
    /// by `;` (sizes `3,5` or a range `4..10`; moves `-` for none), one map for everyone or one
    /// per player separated by `|`, e.g. `2:2;3:1` (Section 2).
    #[arg(long, allow_hyphen_values = true)]
    dynamic: Option<String>,
    /// The turn function: `cyclic` (alternating), `next:2,3,1` (who follows each player) or
    /// `heap:1,2,2,1` (who moves after a move to total heap size 0, 1, 2, …).
    #[arg(long, default_value = "cyclic", allow_hyphen_values = true)]
    turn: String,
    /// `self-interest` (Squirrel Pebbles) or `zero-sum` (Scoring Pebbles); `--preset` wins.
    #[arg(long, default_value = "self-interest")]
    utility: String,
    /// One of the PEBBLES presets (normal, misere, scoring, squirrel, auction, wealth) or
    /// auction-rewards (Example 4: the auction with its utility moved into the rewards).
    #[arg(long)]
    preset: Option<String>,
    /// The item value v of the two auctions.
    #[arg(long, default_value = "4", allow_hyphen_values = true)]
    value: String,
    /// Tie-break on indifference (Definition 3).
    #[arg(long, default_value = "antagonistic")]
    tie: String,
    /// List outcomes for heaps 0..terms (Player 1 starting).
    #[arg(long, default_value = "10", allow_hyphen_values = true)]
    terms: String,
    /// Solve one grounded position from this heap.
    #[arg(long, allow_hyphen_values = true)]
    heap: Option<String>,
    /// Its starting cumulations, one per player, e.g. `1,0` (default: all zero).
    #[arg(long, allow_hyphen_values = true)]
    cumulations: Option<String>,
    /// The player to move first (1..=n).
    #[arg(long, default_value = "1", allow_hyphen_values = true)]
    start: String,
    /// Most grounded positions one `--heap` solve may visit (each costs about 500 bytes and
    /// 4 µs); the moves held at once are capped at a quarter of it.
    #[arg(long, default_value = "2000000", allow_hyphen_values = true)]
    max_states: String,
    /// With `--heap`: add the equilibrium path, the utilities and the tree to the output.
    #[arg(long)]
    tree: bool,
    /// Which picture `--out` draws: `efg` (Figures 2/4), `cgt` (Figure 3) or `dag` (Figure 5).
    #[arg(long, default_value = "efg")]
    view: String,
    /// Most tree nodes materialised (the rest are counted).
    #[arg(long, default_value = "2000", allow_hyphen_values = true)]
    cap: String,
    /// Write the picture of `--heap` to FILE.svg or FILE.tex (TikZ), as `--figure` does.
    #[arg(long)]
    out: Option<String>,
    /// A figure of the `--view` of `--heap`.
    #[command(flatten)]
    figure: TreeFigureArgs,
    /// Observation 7: count the two- and three-element sets of numbers below M whose zero-sum
    /// and self-interest (`--tie`) optimal actions differ at some heap below `--heaps`.
    #[arg(long, allow_hyphen_values = true)]
    critical_sets: Option<String>,
    /// With `--critical-sets`: heaps 0..heaps are scanned.
    #[arg(long, default_value = "500", allow_hyphen_values = true)]
    heaps: String,
    /// Import an Extensive Form Game from a JSON file and solve it and its single-heap game.
    #[arg(long)]
    efg: Option<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Show progress (done/total, percent, rate, time left) on stderr.
    #[arg(long)]
    progress: bool,
}

fn vector(v: &[Rational]) -> String {
    format!(
        "({})",
        v.iter()
            .map(Rational::to_string)
            .collect::<Vec<_>>()
            .join(",")
    )
}

/// Builds the game from the flags (parsed by the engine's `spec` module, as the page does).
fn game(args: &CumulativeGameArgs) -> Result<Game, EngineError> {
    let preset = match (&args.preset, args.utility.as_str()) {
        (Some(p), _) => Preset::from_name(p)?,
        (None, "self-interest") => Preset::Squirrel,
        (None, "zero-sum") => Preset::Scoring,
        (None, other) => {
            return Err(EngineError::Parse(format!(
                "unknown utility '{other}': use self-interest or zero-sum"
            )))
        }
    };
    let players = spec::parse_players(&args.players)?;
    let moves = match &args.dynamic {
        Some(map) => spec::parse_dynamic(map, players)?,
        None => {
            let mut text = args.set.clone();
            if let Some(s2) = &args.set2 {
                text = format!("{text};{s2}");
            }
            Moves::Fixed(spec::parse_sets(&text, players)?)
        }
    };
    let value = Rational::parse(&args.value)?;
    let tie = TieBreak::from_name(&args.tie)?;
    let mut game = preset.game_with(players, moves, value, tie);
    if args.turn.trim().is_empty() {
        return Err(EngineError::Parse(
            "--turn is empty: use cyclic, next:2,3,1 or heap:1,2,2,1".into(),
        ));
    }
    game.turn = spec::parse_turn(&args.turn, players)?;
    game.validate()?;
    Ok(game)
}

/// The starting cumulations: `--cumulations`, or all zero.
fn cumulations(args: &CumulativeGameArgs, players: usize) -> Result<Vec<Rational>, EngineError> {
    match &args.cumulations {
        Some(text) => spec::parse_cumulations(text, players),
        None => Ok(vec![Rational::ZERO; players]),
    }
}

/// Reads at most `max` bytes of the text file `path` (so `/dev/zero` cannot exhaust memory).
fn read_bounded(path: &str, max: usize) -> Result<String, EngineError> {
    use std::io::Read;
    let cannot =
        |e: &dyn std::fmt::Display| EngineError::OutOfRange(format!("cannot read {path}: {e}"));
    let file = std::fs::File::open(path).map_err(|e| cannot(&e))?;
    let mut bytes = Vec::new();
    file.take(max as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| cannot(&e))?;
    if bytes.len() > max {
        return Err(EngineError::OutOfRange(format!(
            "{path} is larger than {max} bytes, the most an EFG file may have"
        )));
    }
    String::from_utf8(bytes).map_err(|_| EngineError::Parse(format!("{path} is not UTF-8 text")))
}

/// Solves from `start` with the `--max-states` cap.
fn solve_capped(
    args: &CumulativeGameArgs,
    game: &Game,
    start: &Grounded,
) -> Result<cg::Solution, EngineError> {
    let limit = parse_count(&args.max_states, "--max-states", 1, MAX_CLI_STATES)?;
    // Moves held at once, a quarter of the positions: a position with thousands of moves is
    // refused within a few hundred MB, while ordinary games hold only a few moves per level.
    let held = (limit / 4).max(1) * cg::MOVES_PER_STATE;
    let mut solver = cg::Solver::new(game, limit)?.limit_moves(held);
    solver.add_root(start)?;
    with_budget(args.progress, "positions", |budget| {
        while !solver.step(4096)? {
            budget.tick(solver.expanded(), limit)?;
        }
        Ok(())
    })
    .map_err(|e| match e {
        EngineError::OutOfRange(why) if why.starts_with("more than") => {
            EngineError::OutOfRange(format!("{why} (the cap is --max-states {limit})"))
        }
        other => other,
    })?;
    solver.into_solution(start)
}

/// Solves and renders.
pub fn run(args: &CumulativeGameArgs) -> Result<String, EngineError> {
    args.figure.check()?;
    if let Some(path) = &args.efg {
        return run_efg(args, path);
    }
    if let Some(below) = &args.critical_sets {
        return run_critical(args, below);
    }
    let game = game(args)?;
    let terms = parse_count(&args.terms, "--terms", 1, MAX_TERMS)?;
    let mut out = json!({ "players": game.players, "tie": game.tie.name() });
    let mut text = Vec::new();
    let classes = matches!(game.ending, Ending::Normal | Ending::Misere) && game.players == 2;
    if game.has_outcome_table() && !classes {
        let table = with_budget(args.progress, "heaps", |b| {
            outcome_table(&game, &[terms - 1], b)
        })?;
        let zero_sum = game.heaps[0].utility == cg::HeapUtility::ZeroSum;
        let row = |x: u64, p: usize| -> Value {
            let r = table.row(&[x], p).unwrap_or(&[]);
            if zero_sum {
                json!(r.first())
            } else {
                json!(r)
            }
        };
        out["outcomes"] = (0..terms).map(|x| row(x, 0)).collect();
        if game.players >= 2 {
            out["outcomes_player2_starts"] = (0..terms).map(|x| row(x, 1)).collect();
        }
        out["outcomes_by_start"] = (0..game.players)
            .map(|p| (0..terms).map(|x| row(x, p)).collect::<Value>())
            .collect();
        let show = |p: usize| -> String {
            (0..terms)
                .map(|x| {
                    let r = table.row(&[x], p).unwrap_or(&[]);
                    if zero_sum {
                        r.first().map(Rational::to_string).unwrap_or_default()
                    } else {
                        vector(r)
                    }
                })
                .collect::<Vec<_>>()
                .join(" ")
        };
        for p in 0..game.players {
            text.push(format!(
                "o(x, Player {} starts), x = 0..{}: {}",
                p + 1,
                terms - 1,
                show(p)
            ));
        }
    } else if game.has_outcome_table() {
        let classes = with_budget(args.progress, "heaps", |b| outcome_classes(&game, terms, b))?;
        text.push(format!(
            "outcome classes, x = 0..{}: {classes}",
            classes.len() - 1
        ));
        out["outcomes"] = json!(classes);
    } else {
        // Cumulation-dependent rules or utilities: grounded values from the given cumulations,
        // Player 1 first.
        let cums = cumulations(args, game.players)?;
        let rows: Vec<Vec<Rational>> = (0..terms.min(200))
            .map(|x| {
                let g = Grounded {
                    position: Position {
                        heaps: vec![x],
                        cumulations: vec![cums.clone()],
                    },
                    to_move: 0,
                };
                solve_capped(args, &game, &g).map(|s| s.value().to_vec())
            })
            .collect::<Result<_, _>>()?;
        text.push(format!(
            "grounded values from cumulations {}, x = 0..{}: {}",
            vector(&cums),
            rows.len() - 1,
            rows.iter().map(|r| vector(r)).collect::<Vec<_>>().join(" ")
        ));
        out["outcomes"] = json!(rows);
    }
    if let Some(heap) = &args.heap {
        let x = parse_count(heap, "--heap", 0, MAX_HEAP)?;
        let first = parse_count(&args.start, "--start", 1, game.players as u64)? as usize - 1;
        let cums = cumulations(args, game.players)?;
        let start = Grounded {
            position: Position {
                heaps: vec![x],
                cumulations: vec![cums],
            },
            to_move: first,
        };
        let cap = parse_count(&args.cap, "--cap", 1, 100_000)? as usize;
        let solution = solve_capped(args, &game, &start)?;
        let path = solution.path(&game);
        let heaps: Vec<u64> = path.iter().map(|(g, _)| g.position.heaps[0]).collect();
        out["pspe_path"] = json!(heaps);
        out["utilities"] = json!(solution.value());
        out["states"] = json!(solution.states());
        text.push(format!(
            "from {} with {} to move: PSPE play {} · utilities {} · {} grounded positions",
            start.position.label(),
            player_name(first, game.players),
            heaps
                .iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join(" → "),
            vector(solution.value()),
            solution.states()
        ));
        let tree = extensive_tree(&game, &solution, cap);
        if args.tree {
            out["tree"] = json!(tree);
            text.push(format!("tree: {} nodes shown", tree.len()));
        }
        for path in write_pictures(args, &game, &start, &tree, cap)? {
            text.push(format!("wrote {path}"));
        }
    } else if args.out.is_some() || args.tree || args.figure.figure.wanted() {
        return Err(EngineError::OutOfRange(
            "--tree, --out and --figure need a position: add --heap N".into(),
        ));
    }
    Ok(match args.format {
        Format::Json => out.to_string(),
        Format::Text => text.join("\n"),
    })
}

/// Writes the chosen view to `--out` (SVG or TikZ, by the extension) and to `--figure`, with
/// this command line as provenance; returns the paths written.
fn write_pictures(
    args: &CumulativeGameArgs,
    game: &Game,
    start: &Grounded,
    tree: &Tree,
    cap: usize,
) -> Result<Vec<String>, EngineError> {
    if let Some(path) = &args.out {
        is_tikz_path(path)?;
    }
    let paths: Vec<&String> = args.out.iter().chain(&args.figure.figure.figure).collect();
    if paths.is_empty() {
        return Ok(Vec::new());
    }
    let fig = picture(args, game, start, tree, cap)?;
    for path in &paths {
        args.figure
            .write(Some(path), fig.clone(), &command_line())?;
    }
    Ok(paths.into_iter().cloned().collect())
}

/// The figure of the chosen view: the extensive form (`efg`), the CGT form (`cgt`) or the
/// heap-size DAG (`dag`).
fn picture(
    args: &CumulativeGameArgs,
    game: &Game,
    start: &Grounded,
    tree: &Tree,
    cap: usize,
) -> Result<Figure, EngineError> {
    let from = start.position.label();
    let key = TreeKey::cumulative(game.players);
    let whole = |t: &Tree, title: String, cgt: bool| {
        let caption = cumulative_caption(cgt, game.players);
        let folded = initial_collapsed(t, MAX_TREE_NODES);
        tree_figure(t, &folded, &key, &title, &caption)
    };
    match args.view.as_str() {
        "efg" => Ok(whole(
            tree,
            format!("Cumulative game from {from}: the PSPE"),
            false,
        )),
        "cgt" => {
            let t = cgt_tree(game, &start.position, cap)?;
            Ok(whole(
                &t,
                format!("Cumulative game from {from}: options"),
                true,
            ))
        }
        "dag" => {
            let set = match &game.heaps[0].moves {
                Moves::Fixed(sets) if sets.len() == 1 && game.players == 2 => sets[0].clone(),
                _ => {
                    return Err(EngineError::OutOfRange(
                        "the DAG view needs two players and one fixed symmetric set".into(),
                    ))
                }
            };
            let dag = heap_dag(&set, start.position.heaps[0], game.tie)?;
            Ok(dag_figure(&dag))
        }
        other => Err(EngineError::Parse(format!(
            "unknown view '{other}': use efg, cgt or dag"
        ))),
    }
}

fn run_efg(args: &CumulativeGameArgs, path: &str) -> Result<String, EngineError> {
    let text = read_bounded(path, MAX_EFG_BYTES)?;
    let efg = Efg::from_json(&text)?;
    let tie = TieBreak::from_name(&args.tie)?;
    let (values, _) = efg.solve(tie);
    let (game, start) = efg.to_cumulative(tie);
    let solution = cg::solve(&game, &start, &mut Budget::unlimited())?;
    let heaps: Vec<u64> = solution
        .path(&game)
        .iter()
        .map(|(g, _)| g.position.heaps[0])
        .collect();
    let (cyclic_game, cyclic_start) = efg.to_cumulative_cyclic(tie);
    let cyclic = cg::solve(&cyclic_game, &cyclic_start, &mut Budget::unlimited())?;
    Ok(match args.format {
        Format::Json => json!({
            "players": efg.players,
            "states": efg.states.len(),
            "efg_value": values[0],
            "cumulative_value": solution.value(),
            "cyclic_value": cyclic.value(),
            "cyclic_start_heap": cyclic_start.position.heaps[0],
            "start_heap": start.position.heaps[0],
            "pspe_path": heaps,
        })
        .to_string(),
        Format::Text => format!(
            "EFG with {} states: value {} · single-heap game (Theorem 11) from heap {}: value {} · PSPE heaps {} · cyclic-turn single-heap game (Theorem 12) from heap {}: value {}",
            efg.states.len(),
            vector(&values[0]),
            start.position.heaps[0],
            vector(solution.value()),
            heaps.iter().map(u64::to_string).collect::<Vec<_>>().join(" → "),
            cyclic_start.position.heaps[0],
            vector(cyclic.value())
        ),
    })
}

/// Observation 7's count of critical sets.
fn run_critical(args: &CumulativeGameArgs, below: &str) -> Result<String, EngineError> {
    let below = parse_count(
        below,
        "--critical-sets",
        2,
        optimal_actions::MAX_ELEMENT + 1,
    )?;
    let heaps = parse_count(&args.heaps, "--heaps", 1, optimal_actions::MAX_HEAPS)?;
    let tie = TieBreak::from_name(&args.tie)?;
    let found =
        optimal_actions::critical_sets(below, &[2, 3], heaps, tie, &mut Budget::unlimited())?;
    let listed: Vec<String> = found
        .critical
        .iter()
        .take(20)
        .map(|(set, x)| {
            let s: Vec<String> = set.iter().map(u64::to_string).collect();
            format!("{{{}}} at {x}", s.join(","))
        })
        .collect();
    Ok(match args.format {
        Format::Json => json!({
            "below": below,
            "sizes": [2, 3],
            "heaps": heaps,
            "tie": tie.name(),
            "sets": found.sets,
            "critical": found.critical.len(),
            "critical_sets": found.critical,
        })
        .to_string(),
        Format::Text => format!(
            "Observation 7: {} of {} two- or three-element sets of numbers below {below} have differing zero-sum and self-interest ({}) optimal actions at some heap below {heaps}{}{}",
            found.critical.len(),
            found.sets,
            tie.name(),
            if listed.is_empty() { "" } else { ": " },
            listed.join(", ") + if found.critical.len() > listed.len() { ", …" } else { "" }
        ),
    })
}
