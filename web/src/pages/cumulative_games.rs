//! The cumulative games page, `#/cumulative-games?preset=squirrel&S=2,3&x=7&...`
//! (Larsson, Meir, Zick, "Cumulative games: who is the current player?").
//!
//! Three views of one grounded position: the Extensive Form tree (Figures 2 and 4) with thick
//! PSPE edges, the CGT-type tree (Figure 3) with slanting Left/Right options, and the DAG of heap
//! sizes (Figure 5) with zero-sum and general-sum labels; beside them, the outcome table for
//! `x = 0..n`. Everything is computed by `heaplab_engine::cumulative_games`, within caps: the
//! page stops at [`PAGE_STATES`] grounded positions and says so.
//!
//! URL parameters ([`CgQuery`]): `preset` (normal, misere, scoring, squirrel, auction, wealth),
//! `S` (everyone's set, or Alice's), `S2` (Bob's own set: a partizan game), `x` (heap), `C`
//! (starting cumulations `C1,C2`), `start` (1 = Alice, 2 = Bob moves first), `tie`
//! (antagonistic, friendly), `view` (efg, cgt, dag), `n` (table rows) and `v` (auction value).
//! `preset=efg` imports an Extensive Form Game from the `efg` key (the JSON format of
//! `heaplab_engine::cumulative_games::efg`) and shows its single-heap cumulative game
//! (Theorem 11): the tree, both values and the state table.

use std::rc::Rc;

use heaplab_engine::cumulative_games::efg::Efg;
use heaplab_engine::cumulative_games::views::{cgt_tree, dag_svg, extensive_tree, heap_dag};
use heaplab_engine::cumulative_games::{
    self as cg, outcome_class, outcome_table, player_name, Ending, Game, Grounded, HeapUtility,
    Position, Preset, Rational, TieBreak,
};
use heaplab_engine::ruleset::{parse_count, NumberSet};
use heaplab_engine::tree_layout::Tree;
use heaplab_engine::{Budget, EngineError};
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use crate::components::export::{download_text, CopyLink};
use crate::components::tree::{svg_to_png, TreeView};
use crate::route::{format_query, navigate, parse_query};

/// Most grounded positions the page solves before it stops with a message.
pub const PAGE_STATES: u64 = 100_000;
/// Largest heap the page solves.
pub const MAX_PAGE_HEAP: u64 = 400;
/// Most rows of the outcome table.
pub const MAX_PAGE_TERMS: u64 = 400;
/// Most rows when every row needs its own search (cumulation-dependent presets).
pub const MAX_GROUNDED_TERMS: u64 = 40;
/// Nodes shown when a tree first opens.
pub const TREE_CAP: usize = 300;
/// Nodes built for a tree at most (the rest are counted).
pub const TREE_BUILD_CAP: usize = 3_000;

/// Which picture the page shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum View {
    /// Extensive Form tree (Figures 2, 4).
    Efg,
    /// CGT-type tree (Figure 3).
    Cgt,
    /// DAG of heap sizes (Figure 5).
    Dag,
}

impl View {
    fn name(self) -> &'static str {
        match self {
            View::Efg => "efg",
            View::Cgt => "cgt",
            View::Dag => "dag",
        }
    }

    fn from_name(name: &str) -> Result<Self, String> {
        match name {
            "efg" => Ok(View::Efg),
            "cgt" => Ok(View::Cgt),
            "dag" => Ok(View::Dag),
            other => Err(format!("view: unknown view '{other}': use efg, cgt or dag")),
        }
    }
}

/// The raw page state, as the URL or the form holds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CgQuery {
    /// Preset name.
    pub preset: String,
    /// Everyone's (or Alice's) subtraction set.
    pub set: String,
    /// Bob's own set; empty for a symmetric game.
    pub set2: String,
    /// Heap size.
    pub heap: String,
    /// Starting cumulations `C1,C2`.
    pub cums: String,
    /// `1` or `2`: who moves first.
    pub start: String,
    /// Tie-break name.
    pub tie: String,
    /// View name.
    pub view: String,
    /// Rows of the outcome table.
    pub terms: String,
    /// Auction value.
    pub value: String,
    /// An Extensive Form Game as JSON (`preset=efg`).
    pub efg: String,
}

/// The Extensive Form Game the page imports by default: Alice ends the game at (1,1) or lets
/// Bob choose between (3,1) and (0,2).
pub const DEFAULT_EFG: &str = r#"{"players":2,"root":{"player":1,"children":[{"player":2,"children":[{"utility":[3,1]},{"utility":[0,2]}]},{"utility":[1,1]}]}}"#;

impl Default for CgQuery {
    fn default() -> Self {
        CgQuery {
            preset: "squirrel".into(),
            set: "2,3".into(),
            set2: String::new(),
            heap: "7".into(),
            cums: "0,0".into(),
            start: "1".into(),
            tie: "antagonistic".into(),
            view: "efg".into(),
            terms: "15".into(),
            value: "4".into(),
            efg: DEFAULT_EFG.into(),
        }
    }
}

/// The checked page state.
#[derive(Clone, Debug, PartialEq)]
pub struct CgParams {
    /// The preset.
    pub preset: Preset,
    /// One set (symmetric) or Alice's and Bob's.
    pub sets: Vec<Vec<u64>>,
    /// Heap size.
    pub heap: u64,
    /// Starting cumulations.
    pub cums: Vec<Rational>,
    /// Who moves first (0 = Alice).
    pub start: usize,
    /// Tie-break.
    pub tie: TieBreak,
    /// Picture.
    pub view: View,
    /// Table rows.
    pub terms: u64,
    /// Auction value.
    pub value: Rational,
    /// The imported Extensive Form Game (`preset=efg`).
    pub efg: Option<Efg>,
}

impl CgQuery {
    /// Reads the query part of the hash; missing keys take the defaults.
    pub fn from_query(query: &str) -> CgQuery {
        let mut q = CgQuery::default();
        for (key, value) in parse_query(query) {
            match key.as_str() {
                "preset" => q.preset = value,
                "S" => q.set = value,
                "S2" => q.set2 = value,
                "x" => q.heap = value,
                "C" => q.cums = value,
                "start" => q.start = value,
                "tie" => q.tie = value,
                "view" => q.view = value,
                "n" => q.terms = value,
                "v" => q.value = value,
                "efg" => q.efg = value,
                _ => {}
            }
        }
        q
    }

    /// The query string, canonical order.
    pub fn to_query(&self) -> String {
        let mut pairs = vec![("preset", self.preset.as_str()), ("S", self.set.as_str())];
        if !self.set2.trim().is_empty() {
            pairs.push(("S2", self.set2.as_str()));
        }
        pairs.extend([
            ("x", self.heap.as_str()),
            ("C", self.cums.as_str()),
            ("start", self.start.as_str()),
            ("tie", self.tie.as_str()),
            ("view", self.view.as_str()),
            ("n", self.terms.as_str()),
        ]);
        if self.preset == "auction" {
            pairs.push(("v", self.value.as_str()));
        }
        if self.preset == "efg" {
            pairs.push(("efg", self.efg.as_str()));
        }
        format_query(&pairs)
    }

    /// The full hash `#/cumulative-games?...`.
    pub fn to_hash(&self) -> String {
        format!("#/cumulative-games?{}", self.to_query())
    }

    /// Checks every field; the errors name the field.
    pub fn validate(&self) -> Result<CgParams, Vec<String>> {
        let mut errors = Vec::new();
        let mut note = |field: &str, e: EngineError| errors.push(format!("{field}: {e}"));
        let (preset, efg) = if self.preset == "efg" {
            let efg = Efg::from_json(&self.efg).map_err(|e| note("efg", e)).ok();
            (efg.as_ref().map(|_| Preset::Squirrel), efg)
        } else {
            let preset = Preset::from_name(&self.preset)
                .map_err(|e| note("preset", e))
                .ok();
            (preset, None)
        };
        let set = NumberSet::parse(&self.set).map_err(|e| note("S", e)).ok();
        let set2 = if self.set2.trim().is_empty() {
            Some(None)
        } else {
            NumberSet::parse(&self.set2)
                .map(Some)
                .map_err(|e| note("S2", e))
                .ok()
        };
        let heap = parse_count(&self.heap, "x", 0, MAX_PAGE_HEAP)
            .map_err(|e| note("x", e))
            .ok();
        let cums: Option<Vec<Rational>> = self
            .cums
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|t| !t.is_empty())
            .map(Rational::parse)
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| note("C", e))
            .ok()
            .and_then(|v| {
                if v.len() == 2 && v.iter().all(|c| c.numer().abs() <= 1_000_000) {
                    Some(v)
                } else {
                    note(
                        "C",
                        EngineError::Parse(
                            "give two cumulations, e.g. 0,0 (each at most 10^6)".into(),
                        ),
                    );
                    None
                }
            });
        let start = parse_count(&self.start, "start", 1, 2)
            .map_err(|e| note("start", e))
            .ok();
        let tie = TieBreak::from_name(&self.tie)
            .map_err(|e| note("tie", e))
            .ok();
        let view = View::from_name(&self.view).map_err(|e| errors.push(e)).ok();
        let mut note = |field: &str, e: EngineError| errors.push(format!("{field}: {e}"));
        let terms = parse_count(&self.terms, "n", 1, MAX_PAGE_TERMS)
            .map_err(|e| note("n", e))
            .ok();
        let value = Rational::parse(&self.value).map_err(|e| note("v", e)).ok();
        match (
            preset, set, set2, heap, cums, start, tie, view, terms, value,
        ) {
            (
                Some(preset),
                Some(set),
                Some(set2),
                Some(heap),
                Some(cums),
                Some(start),
                Some(tie),
                Some(view),
                Some(terms),
                Some(value),
            ) if errors.is_empty() => {
                let to_vec = |s: &NumberSet| s.elements().iter().map(|&e| u64::from(e)).collect();
                let mut sets = vec![to_vec(&set)];
                if let Some(s2) = set2 {
                    sets.push(to_vec(&s2));
                }
                Ok(CgParams {
                    preset,
                    sets,
                    heap,
                    cums,
                    start: start as usize - 1,
                    tie,
                    view,
                    terms,
                    value,
                    efg,
                })
            }
            _ => Err(errors),
        }
    }
}

/// The outcome table beside the picture.
#[derive(Clone, Debug, PartialEq)]
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
#[derive(Clone, Debug, PartialEq)]
pub struct CgResult {
    /// One line: PSPE play and utilities.
    pub summary: String,
    /// Heap sizes along equilibrium play.
    pub path: Vec<u64>,
    /// The tree of the chosen view (efg or cgt).
    pub tree: Option<Rc<Tree>>,
    /// The DAG picture (dag view).
    pub dag_svg: Option<String>,
    /// Why there is no picture, if there is none.
    pub picture_note: Option<String>,
    /// The outcome table.
    pub table: OutcomeRows,
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

/// Solves with the page's state cap.
fn capped_solve(game: &Game, start: &Grounded) -> Result<cg::Solution, String> {
    solve_within(game, start, PAGE_STATES)
}

/// Solves, stopping with a message once about `limit` grounded positions are solved (the
/// engine reports progress every 256 positions).
pub fn solve_within(game: &Game, start: &Grounded, limit: u64) -> Result<cg::Solution, String> {
    let mut stop = |done: u64, _: u64| done < limit;
    cg::solve(game, start, &mut Budget::with_progress(&mut stop)).map_err(|e| match e {
        EngineError::Cancelled => format!(
            "this position has more than {limit} grounded positions; the page stops there (the CLI `heaplab cumulative-game` goes further)"
        ),
        other => other.to_string(),
    })
}

/// The game of the page state.
pub fn game_of(params: &CgParams) -> Game {
    params
        .preset
        .game(params.sets.clone(), params.value, params.tie)
}

/// Computes everything the page shows (the only place this page calls the engine).
pub fn compute(params: &CgParams) -> Result<CgResult, String> {
    if let Some(efg) = &params.efg {
        return compute_efg(efg, params);
    }
    let game = game_of(params);
    let start = Grounded {
        position: Position {
            heaps: vec![params.heap],
            cumulations: vec![params.cums.clone()],
        },
        to_move: params.start,
    };
    let solution = capped_solve(&game, &start)?;
    let path: Vec<u64> = solution
        .path(&game)
        .iter()
        .map(|(g, _)| g.position.heaps[0])
        .collect();
    let summary = format!(
        "From {} with {} to move: PSPE play {} · utilities {} · {} grounded positions solved",
        start.position.label(),
        player_name(params.start, 2),
        path.iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(" → "),
        vector(solution.value()),
        solution.states()
    );
    let (tree, dag, picture_note) = match params.view {
        View::Efg => (
            Some(Rc::new(extensive_tree(&game, &solution, TREE_BUILD_CAP))),
            None,
            None,
        ),
        View::Cgt => match cgt_tree(&game, &start.position, TREE_BUILD_CAP) {
            Ok(t) => (Some(Rc::new(t)), None, None),
            Err(e) => (None, None, Some(e.to_string())),
        },
        View::Dag => {
            if params.sets.len() != 1 || params.preset == Preset::Wealth {
                (
                    None,
                    None,
                    Some("The DAG of heap sizes (Figure 5) is drawn for one symmetric set: clear Bob's set and pick a preset other than wealth.".to_string()),
                )
            } else {
                match heap_dag(&params.sets[0], params.heap, params.tie) {
                    Ok(d) => (None, Some(dag_svg(&d)), None),
                    Err(e) => (None, None, Some(e.to_string())),
                }
            }
        }
    };
    Ok(CgResult {
        summary,
        path,
        tree,
        dag_svg: dag,
        picture_note,
        table: outcome_rows(&game, params)?,
    })
}

/// An imported Extensive Form Game: backward induction on the tree itself, and the PSPE of its
/// single-heap cumulative game (Theorem 11), drawn as that game's Extensive Form tree.
pub fn compute_efg(efg: &Efg, params: &CgParams) -> Result<CgResult, String> {
    let (values, _) = efg.solve(params.tie);
    let (game, start) = efg.to_cumulative(params.tie);
    let solution = capped_solve(&game, &start)?;
    let path: Vec<u64> = solution
        .path(&game)
        .iter()
        .map(|(g, _)| g.position.heaps[0])
        .collect();
    let summary = format!(
        "Extensive Form Game with {} states: value {} by backward induction · as a single-heap cumulative game (Theorem 11) from heap {}: value {} · PSPE heaps {}",
        efg.states.len(),
        vector(&values[0]),
        start.position.heaps[0],
        vector(solution.value()),
        path.iter().map(u64::to_string).collect::<Vec<_>>().join(" → ")
    );
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
    let (tree, picture_note) = match params.view {
        View::Efg => (
            Some(Rc::new(extensive_tree(&game, &solution, TREE_BUILD_CAP))),
            None,
        ),
        _ => (
            None,
            Some(
                "An imported game is drawn as its Extensive Form tree: choose that view."
                    .to_string(),
            ),
        ),
    };
    Ok(CgResult {
        summary,
        path,
        tree,
        dag_svg: None,
        picture_note,
        table: OutcomeRows {
            headers: vec![
                "state q(s)".into(),
                "heap x = Q − q(s)".into(),
                "to move".into(),
                "actions A(x)".into(),
                "PSPE value".into(),
            ],
            rows,
            caption: "Theorem 11: each state s (preorder number q(s)) is the heap Q − q(s) with every cumulation q(s); an action removes the difference of preorder numbers.".into(),
        },
    })
}

/// The outcome table: Theorem 8's table for linear games, outcome classes for normal and
/// misère play, grounded values from the start cumulations otherwise.
pub fn outcome_rows(game: &Game, params: &CgParams) -> Result<OutcomeRows, String> {
    let terms = params.terms;
    if game.is_heap_dynamic() && game.is_linear() {
        let table = outcome_table(game, &[terms - 1], &mut Budget::unlimited())
            .map_err(|e| e.to_string())?;
        let zero_sum = game.heaps[0].utility == HeapUtility::ZeroSum;
        let cell = |x: u64, p: usize| -> String {
            let row = table.row(&[x], p).unwrap_or(&[]);
            if zero_sum {
                row.first().map(Rational::to_string).unwrap_or_default()
            } else {
                vector(row)
            }
        };
        let action = |x: u64, p: usize| -> String {
            table
                .index(&[x])
                .and_then(|i| table.choices[i * 2 + p])
                .map_or("–".to_string(), |a| a.take.to_string())
        };
        let what = if zero_sum { "o_zs" } else { "o_si" };
        return Ok(OutcomeRows {
            headers: vec![
                "x".into(),
                format!("{what}(x, Alice starts)"),
                "Alice takes".into(),
                format!("{what}(x, Bob starts)"),
                "Bob takes".into(),
            ],
            rows: (0..terms)
                .map(|x| {
                    vec![
                        x.to_string(),
                        cell(x, 0),
                        action(x, 0),
                        cell(x, 1),
                        action(x, 1),
                    ]
                })
                .collect(),
            caption: if zero_sum {
                "Zero-sum outcomes (Definitions 2 and 4): Alice's final score minus Bob's, from cumulations (0,0).".into()
            } else {
                "Self-interest outcomes (Definitions 3 and 5): what each player gains in PSPE play; add the start cumulations for the utilities (Corollary 7).".into()
            },
        });
    }
    if matches!(game.ending, Ending::Normal | Ending::Misere) && game.is_heap_dynamic() {
        let mut rows = Vec::new();
        for x in 0..terms.min(MAX_PAGE_TERMS) {
            let class =
                outcome_class(game, &[x], &mut Budget::unlimited()).map_err(|e| e.to_string())?;
            let meaning = match class {
                'N' => "the player to move wins",
                'P' => "the previous player wins",
                'L' => "Alice wins",
                _ => "Bob wins",
            };
            rows.push(vec![x.to_string(), class.to_string(), meaning.to_string()]);
        }
        return Ok(OutcomeRows {
            headers: vec!["x".into(), "outcome".into(), "meaning".into()],
            rows,
            caption:
                "CGT outcome classes (Section 1.4), from PSPE values with each player starting."
                    .into(),
        });
    }
    let mut rows = Vec::new();
    for x in 0..terms.min(MAX_GROUNDED_TERMS) {
        let g = Grounded {
            position: Position {
                heaps: vec![x],
                cumulations: vec![params.cums.clone()],
            },
            to_move: params.start,
        };
        let s = capped_solve(game, &g)?;
        let first = s.path(game)[0]
            .1
            .map_or("–".to_string(), |a| a.take.to_string());
        rows.push(vec![x.to_string(), vector(s.value()), first]);
    }
    Ok(OutcomeRows {
        headers: vec!["x".into(), "PSPE utilities".into(), "first move".into()],
        rows,
        caption: format!(
            "This game depends on the cumulations, so there is no table of outcomes (Theorem 8 needs heap-dynamic rules): grounded values from {} with {} to move.",
            vector(&params.cums),
            player_name(params.start, 2)
        ),
    })
}

/// Properties of [`CumulativeGamesPage`].
#[derive(Properties, PartialEq)]
pub struct CumulativeGamesProps {
    /// The committed state (from the URL).
    pub query: CgQuery,
}

/// The page.
#[function_component(CumulativeGamesPage)]
pub fn cumulative_games_page(props: &CumulativeGamesProps) -> Html {
    let form = use_state(|| props.query.clone());
    {
        let form = form.clone();
        use_effect_with(props.query.clone(), move |q| form.set(q.clone()));
    }
    let checked = props.query.validate();
    let result = use_memo(props.query.clone(), |q| {
        q.validate()
            .map_err(|e| e.join(" "))
            .and_then(|p| compute(&p))
    });

    let text_input = |id: &'static str,
                      label: &'static str,
                      get: fn(&CgQuery) -> String,
                      set: fn(&mut CgQuery, String),
                      hint: &'static str| {
        let form = form.clone();
        let value = get(&form);
        let oninput = {
            let form = form.clone();
            Callback::from(move |e: InputEvent| {
                if let Some(input) = e.target_dyn_into::<HtmlInputElement>() {
                    let mut next = (*form).clone();
                    set(&mut next, input.value());
                    form.set(next);
                }
            })
        };
        html! {
            <div class="field">
                <label for={id}>{ label }</label>
                <input id={id} type="text" inputmode="text" {value} {oninput} placeholder={hint} />
            </div>
        }
    };
    let select = |id: &'static str,
                  label: &'static str,
                  current: String,
                  options: Vec<(&'static str, String)>,
                  set: fn(&mut CgQuery, String)| {
        let form = form.clone();
        let onchange = Callback::from(move |e: Event| {
            if let Some(s) = e.target_dyn_into::<HtmlSelectElement>() {
                let mut next = (*form).clone();
                set(&mut next, s.value());
                navigate(&next.to_hash());
            }
        });
        html! {
            <div class="field">
                <label for={id}>{ label }</label>
                <select id={id} {onchange}>
                    { for options.into_iter().map(|(value, text)| html! {
                        <option value={value} selected={value == current}>{ text }</option>
                    }) }
                </select>
            </div>
        }
    };
    let onsubmit = {
        let form = form.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            navigate(&form.to_hash());
        })
    };

    let errors = match &checked {
        Err(errors) => errors.clone(),
        Ok(_) => Vec::new(),
    };
    let body = match (&*result, &checked) {
        (Ok(r), Ok(params)) => view_result(r, params),
        (Err(message), Ok(_)) => {
            html! { <p class="form-error" id="cg-error" role="alert">{ message.clone() }</p> }
        }
        _ => html! {},
    };
    html! {
        <section class="cumulative-games">
            <h1>{ "Cumulative games" }</h1>
            <p>
                { "n-player, general-sum games on heaps (Larsson, Meir, Zick, " }
                <em>{ "Cumulative games: who is the current player?" }</em>
                { "). A move removes pebbles and adds a reward to the cumulations; utilities are read at the end. Each position is written " }
                <code>{ "x; (C1,C2)" }</code>
                { ". HeapLab stores the player to move explicitly (the paper mixes \"current\" and \"previous\" player)." }
            </p>
            <form class="cg-form" {onsubmit}>
                { select("cg-preset", "Preset", form.preset.clone(),
                    Preset::ALL.iter().map(|p| (p.name(), p.title().to_string()))
                        .chain([("efg", "Import an Extensive Form Game (JSON)".to_string())]).collect(),
                    |q, v| q.preset = v) }
                { text_input("cg-set", "S (everyone, or Alice)", |q| q.set.clone(), |q, v| q.set = v, "2,3") }
                { text_input("cg-set2", "Bob's own set (optional)", |q| q.set2.clone(), |q, v| q.set2 = v, "e.g. 1,4") }
                { text_input("cg-heap", "Heap x", |q| q.heap.clone(), |q, v| q.heap = v, "7") }
                { text_input("cg-cums", "Cumulations C1,C2", |q| q.cums.clone(), |q, v| q.cums = v, "0,0") }
                { select("cg-start", "First to move", form.start.clone(),
                    vec![("1", "Alice (Player 1)".into()), ("2", "Bob (Player 2)".into())], |q, v| q.start = v) }
                { select("cg-tie", "Tie-break", form.tie.clone(),
                    vec![("antagonistic", "antagonistic".into()), ("friendly", "friendly".into())], |q, v| q.tie = v) }
                { select("cg-view", "View", form.view.clone(),
                    vec![("efg", "Extensive Form tree (Figs 2, 4)".into()), ("cgt", "CGT-type tree (Fig 3)".into()), ("dag", "DAG of heap sizes (Fig 5)".into())],
                    |q, v| q.view = v) }
                { text_input("cg-terms", "Table rows n", |q| q.terms.clone(), |q, v| q.terms = v, "15") }
                if form.preset == "efg" {
                    <div class="field cg-efg-field">
                        <label for="cg-efg">{ "Extensive Form Game (JSON)" }</label>
                        <textarea id="cg-efg" rows="4" value={form.efg.clone()} oninput={{
                            let form = form.clone();
                            Callback::from(move |e: InputEvent| {
                                if let Some(t) = e.target_dyn_into::<web_sys::HtmlTextAreaElement>() {
                                    let mut next = (*form).clone();
                                    next.efg = t.value();
                                    form.set(next);
                                }
                            })
                        }} />
                    </div>
                }
                if form.preset == "auction" {
                    { text_input("cg-value", "Item value v", |q| q.value.clone(), |q, v| q.value = v, "4") }
                }
                <button type="submit" id="cg-show">{ "Show" }</button>
            </form>
            if !errors.is_empty() {
                <div class="form-error" id="cg-error" role="alert">
                    { for errors.iter().map(|e| html! { <p>{ e.clone() }</p> }) }
                </div>
            }
            { body }
            <CopyLink />
        </section>
    }
}

fn view_result(r: &CgResult, params: &CgParams) -> Html {
    let legend: AttrValue = match params.view {
        View::Efg => "Nodes x; (C1,C2) · blue: Alice to move · orange: Bob to move · thick edges: the PSPE choice at every node · edge labels: pebbles taken".into(),
        _ => "Nodes x; (C1,C2), no player to move · blue solid edges slanting left: Alice's options · red dashed edges slanting right: Bob's options".into(),
    };
    let picture = match (&r.tree, &r.dag_svg, &r.picture_note) {
        (Some(tree), _, _) => html! {
            <TreeView id="cg-tree" tree={tree.clone()} cap={TREE_CAP} legend={legend}
                filename={format!("cumulative-{}-{}", params.preset.name(), params.view.name())} />
        },
        (None, Some(svg), _) => {
            let svg_text = svg.clone();
            let svg_png = svg.clone();
            let download_svg = Callback::from(move |_: MouseEvent| {
                let _ = download_text(&svg_text, "cumulative-dag.svg", "image/svg+xml");
            });
            let download_png = Callback::from(move |_: MouseEvent| {
                let _ = svg_to_png(&svg_png, 2, "cumulative-dag.png");
            });
            html! {
                <div class="cg-dag-panel">
                    <div id="cg-dag" class="cg-dag">{ Html::from_html_unchecked(AttrValue::from(svg.clone())) }</div>
                    <p class="legend">{ "Left: heap sizes and moves; middle: zero-sum outcomes o_zs; right: general-sum outcomes o_si (mover first). Double edges: the child that determines the parent's value." }</p>
                    <div class="toolbar">
                        <button type="button" id="cg-dag-svg" onclick={download_svg}>{ "Download SVG" }</button>
                        <button type="button" id="cg-dag-png" onclick={download_png}>{ "Download PNG" }</button>
                    </div>
                </div>
            }
        }
        (None, None, Some(note)) => {
            html! { <p class="note" id="cg-picture-note">{ note.clone() }</p> }
        }
        _ => html! {},
    };
    let csv = r.table.to_csv();
    let download_csv = Callback::from(move |_: MouseEvent| {
        let _ = download_text(&csv, "cumulative-outcomes.csv", "text/csv");
    });
    html! {
        <>
            <p id="cg-summary" class="summary">{ r.summary.clone() }</p>
            <div class="panel-grid cg-grid">
                <div class="cg-picture">{ picture }</div>
                <div class="cg-table-panel">
                    <table id="cg-table" class="outcome-table">
                        <caption>{ r.table.caption.clone() }</caption>
                        <thead><tr>{ for r.table.headers.iter().map(|h| html! { <th scope="col">{ h.clone() }</th> }) }</tr></thead>
                        <tbody>
                            { for r.table.rows.iter().map(|row| html! {
                                <tr data-x={row[0].clone()}>{ for row.iter().map(|c| html! { <td>{ c.clone() }</td> }) }</tr>
                            }) }
                        </tbody>
                    </table>
                    <div class="toolbar">
                        <button type="button" id="cg-csv" onclick={download_csv}>{ "Download CSV" }</button>
                    </div>
                </div>
            </div>
        </>
    }
}
