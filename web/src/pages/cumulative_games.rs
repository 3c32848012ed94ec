//! The cumulative games page, `#/cumulative-games?preset=squirrel&S=2,3&x=7&...`
//! (Larsson, Meir, Zick, "Cumulative games: who is the current player?").
//!
//! Three views of one grounded position: the Extensive Form tree (Figures 2 and 4) with thick
//! PSPE edges, the CGT-type tree (Figure 3) with slanting Left/Right options, and the DAG of heap
//! sizes (Figure 5) with zero-sum and general-sum labels; beside them, the outcome table for
//! `x = 0..n`. Everything is computed by `heaplab_engine::cumulative_games` in [`run`], solved
//! in the shared Web Worker ([`crate::jobs`], `JobSpec::CumulativeGame`) with a progress bar
//! and a Cancel button, up to [`run::WORKER_STATES`] grounded positions (on the main thread,
//! without workers, [`run::MAIN_THREAD_STATES`]); past the cap the page says so.
//!
//! URL parameters ([`CgQuery`]): `preset` (normal, misere, scoring, squirrel, auction, wealth,
//! auction-rewards: Example 4),
//! `players` (n, default 2), `S` (everyone's set, or one per player separated by `;`), `S2`
//! (Bob's own set: a partizan game), `moves=dynamic` with `D` (a heap-size dynamic map such as
//! `2:2;3:1`), `x` (heap), `C` (starting cumulations, one per player), `start` (1..=n: who moves
//! first), `tie` (antagonistic, friendly), `turn` (cyclic, `next:2,3,1`, `heap:1,2,2,1`),
//! `view` (efg, cgt, dag), `n` (table rows) and `v` (the auctions' item value). The text forms are the
//! engine's (`heaplab_engine::cumulative_games::spec`), shared with the CLI.
//! `preset=efg` imports an Extensive Form Game from the `efg` key (the JSON format of
//! `heaplab_engine::cumulative_games::efg`) and shows its single-heap cumulative game
//! (Theorem 11): the tree, both values and the state table.

use heaplab_engine::cumulative_games::views::heap_dag;
use heaplab_engine::cumulative_games::{player_name, spec, Moves, Preset, MAX_PLAYERS};
use heaplab_figures::views::tree::{dag_figure, TreeKey};
use heaplab_figures::Palette;
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use crate::components::field::field_errors;
use crate::route::PageQuery;

use crate::components::export::download_text;
use crate::components::figure_export::{current_hash, FigureExport};
use crate::components::job_status::job_status;
use crate::components::page::page_head;
use crate::components::tree::TreeView;
use crate::jobs::use_job;
use crate::route::navigate;
use crate::worker::JobSpec;

pub use crate::route::cumulative_games::{
    CgParams, CgQuery, View, DEFAULT_DYNAMIC, DEFAULT_EFG, MAX_PAGE_HEAP, MAX_PAGE_TERMS, TREE_CAP,
};
pub use crate::worker::jobs::cumulative_game::run::{
    self, compute, compute_within, game_of, CgResult, CgRun, OutcomeRows,
};

/// Properties of [`CumulativeGamesPage`].
#[derive(Properties, PartialEq)]
pub struct CumulativeGamesProps {
    /// The committed state (from the URL).
    pub query: CgQuery,
}

/// The page: the form, its messages, and the solve of a valid state.
#[function_component(CumulativeGamesPage)]
pub fn cumulative_games_page(props: &CumulativeGamesProps) -> Html {
    let form = use_state(|| props.query.clone());
    {
        let form = form.clone();
        use_effect_with(props.query.clone(), move |q| form.set(q.clone()));
    }
    let checked = props.query.validate();

    // The fields the committed state's errors name ("x must be …", "S, S2: …"), marked invalid.
    let bad_fields: Vec<String> = match &checked {
        Err(errors) => errors
            .iter()
            .flat_map(|e| CgQuery::named_fields(e))
            .collect(),
        Ok(_) => Vec::new(),
    };
    let invalid = |field: &str| bad_fields.iter().any(|f| f == field).to_string();
    let text_input = |id: &'static str,
                      field: &'static str,
                      label: String,
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
                <input id={id} type="text" inputmode="text" {value} {oninput} placeholder={hint} aria-invalid={invalid(field)} />
            </div>
        }
    };
    let select = |id: &'static str,
                  label: &'static str,
                  current: String,
                  options: Vec<(String, String)>,
                  set: fn(&CgQuery, String) -> CgQuery| {
        let form = form.clone();
        let onchange = Callback::from(move |e: Event| {
            if let Some(s) = e.target_dyn_into::<HtmlSelectElement>() {
                navigate(&set(&form, s.value()).to_hash());
            }
        });
        html! {
            <div class="field">
                <label for={id}>{ label }</label>
                <select id={id} {onchange}>
                    { for options.into_iter().map(|(value, text)| html! {
                        <option value={value.clone()} selected={value == current}>{ text }</option>
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
    let n = spec::parse_players(&form.players).unwrap_or(2);
    let owned = |v: &[(&str, &str)]| -> Vec<(String, String)> {
        v.iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect()
    };
    let dynamic = form.moves == "dynamic";

    let errors = match &checked {
        Err(errors) => errors.clone(),
        Ok(_) => Vec::new(),
    };
    let body = match &checked {
        Ok(_) => html! { <CgSolve query={props.query.clone()} /> },
        Err(_) => html! {},
    };
    html! {
        <section class="cumulative-games">
            <>{ page_head("Cumulative games", "n-player, general-sum games on heaps (Larsson, Meir, Zick, “Cumulative games: who is the current player?”). A move removes pebbles and adds a reward to the cumulations; utilities are read at the end. Each position is written x; (C1,…,Cn). HeapLab stores the player to move explicitly (the paper mixes “current” and “previous” player).") }
            <form class="cg-form" {onsubmit}>
                { select("cg-preset", "Preset", form.preset.clone(),
                    Preset::ALL.iter().map(|p| (p.name().to_string(), p.title().to_string()))
                        .chain([("efg".to_string(), "Import an Extensive Form Game (JSON)".to_string())]).collect(),
                    |q, v| CgQuery { preset: v, ..q.clone() }) }
                { select("cg-players", "Players n", form.players.clone(),
                    (1..=MAX_PLAYERS).map(|k| (k.to_string(), k.to_string())).collect(),
                    |q, v| q.with_players(&v)) }
                { select("cg-moves", "Subtraction map", form.moves.clone(),
                    owned(&[("fixed", "fixed sets"), ("dynamic", "heap-size dynamic")]),
                    |q, v| CgQuery { moves: v, ..q.clone() }) }
                if dynamic {
                    { text_input("cg-dynamic", "D", "Dynamic map D (heap sizes : moves; …)".into(), |q| q.dynamic.clone(), |q, v| q.dynamic = v, "2:2;3:1 or 1..20:2,3;5:1 (| between players)") }
                } else {
                    { text_input("cg-set", "S", "S (everyone, or one per player split by ;)".into(), |q| q.set.clone(), |q, v| q.set = v, "2,3") }
                    if n == 2 {
                        { text_input("cg-set2", "S2", "Bob's own set (optional)".into(), |q| q.set2.clone(), |q, v| q.set2 = v, "e.g. 1,4") }
                    }
                }
                { text_input("cg-heap", "x", "Heap x".into(), |q| q.heap.clone(), |q, v| q.heap = v, "7") }
                { text_input("cg-cums", "C", format!("Cumulations C1,…,C{n}"), |q| q.cums.clone(), |q, v| q.cums = v, "0,0") }
                { select("cg-start", "First to move", form.start.clone(),
                    (0..n).map(|p| ((p + 1).to_string(), format!("{} (Player {})", player_name(p, n), p + 1))).collect(),
                    |q, v| CgQuery { start: v, ..q.clone() }) }
                { select("cg-tie", "Tie-break", form.tie.clone(),
                    owned(&[("antagonistic", "antagonistic"), ("friendly", "friendly")]),
                    |q, v| CgQuery { tie: v, ..q.clone() }) }
                { text_input("cg-turn", "turn", "Turn function".into(), |q| q.turn.clone(), |q, v| q.turn = v, "cyclic, next:2,3,1 or heap:1,2,2,1") }
                { select("cg-view", "View", form.view.clone(),
                    owned(&[("efg", "Extensive Form tree (Figs 2, 4)"), ("cgt", "CGT-type tree (Fig 3)"), ("dag", "DAG of heap sizes (Fig 5)")]),
                    |q, v| CgQuery { view: v, ..q.clone() }) }
                { text_input("cg-terms", "n", "Table rows n".into(), |q| q.terms.clone(), |q, v| q.terms = v, "15") }
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
                if Preset::from_name(&form.preset).is_ok_and(Preset::uses_value) {
                    { text_input("cg-value", "v", "Item value v".into(), |q| q.value.clone(), |q, v| q.value = v, "4") }
                }
                <button type="submit" class="primary" id="cg-show">{ "Show" }</button>
            </form>
            { field_errors("cg-error", &CgQuery::field_errors(&errors), false) }
            { body }
            </>
        </section>
    }
}

/// Properties of [`CgSolve`].
#[derive(Properties, PartialEq)]
pub struct CgSolveProps {
    /// A valid page state.
    pub query: CgQuery,
}

/// Solves a valid state in the shared worker (progress, Cancel) and draws the result.
#[function_component(CgSolve)]
pub fn cg_solve(props: &CgSolveProps) -> Html {
    let job = use_job(JobSpec::CumulativeGame(Box::new(props.query.clone())));
    let Ok(params) = props.query.validate() else {
        return html! {};
    };
    let status = html! {
        { job_status("cg-job", "the game", &job) }
    };
    match job.output() {
        Some(shared) => match shared.cumulative_game() {
            Some(Ok(r)) => view_result(r, &params),
            Some(Err(message)) => {
                html! { <p class="form-error" id="cg-error" role="alert">{ message.to_string() }</p> }
            }
            None => html! {},
        },
        _ => status,
    }
}

/// Colour names of the tree's player classes 1, 2, … (the engine's `class_fill`).
const CLASS_COLOURS: [&str; 6] = ["grey", "blue", "orange", "green", "purple", "yellow"];

fn view_result(r: &CgResult, params: &CgParams) -> Html {
    let n = params.efg.as_ref().map_or(params.players, |e| e.players);
    let colours: Vec<String> = (0..n)
        .map(|p| {
            format!(
                "{}: {}",
                CLASS_COLOURS[(p + 1) % CLASS_COLOURS.len()],
                player_name(p, n)
            )
        })
        .collect();
    let legend: AttrValue = match params.view {
        View::Efg => format!("Nodes x; (C1,…,Cn) · colour: the player to move ({}) · thick edges: the PSPE choice at every node · edge labels: pebbles taken", colours.join(", ")).into(),
        _ if n == 2 => "Nodes x; (C1,C2), no player to move · blue solid edges slanting left: Alice's options · red dashed edges slanting right: Bob's options".into(),
        _ => "Nodes x; (C1,…,Cn), no player to move · blue solid edges slanting left: P1's options · red dashed edges slanting right: P2's · straight edges: the other players'".into(),
    };
    let picture = match (&r.tree, &r.dag_svg, &r.picture_note) {
        (Some(tree), _, _) => {
            let from = tree
                .nodes
                .first()
                .map(|n| n.label.clone())
                .unwrap_or_default();
            let title = match params.view {
                View::Efg => format!("Cumulative game from {from}: the PSPE"),
                _ => format!("Cumulative game from {from}: options"),
            };
            html! {
                <TreeView id="cg-tree" tree={tree.clone()} cap={TREE_CAP} legend={legend}
                    title={title} classes={TreeKey::cumulative(n)}
                    filename={format!("cumulative-{}-{}", params.preset.name(), params.view.name())} />
            }
        }
        (None, Some(svg), _) => {
            let (moves, heap, tie) = (params.moves.clone(), params.heap, params.tie);
            let figure = Callback::from(move |_: Palette| match &moves {
                Moves::Fixed(sets) if sets.len() == 1 => heap_dag(&sets[0], heap, tie)
                    .map(|d| dag_figure(&d))
                    .map_err(|e| e.to_string()),
                _ => Err("the DAG needs one fixed symmetric set".to_string()),
            });
            html! {
                <div class="cg-dag-panel">
                    <div id="cg-dag" class="cg-dag">{ Html::from_html_unchecked(AttrValue::from(svg.clone())) }</div>
                    <FigureExport id="cg-dag-export" stem="cumulative-dag" link={current_hash()}
                        pdf_command={format!("heaplab cumulative-game --heap {heap} --view dag --figure dag.pdf")}
                        not_ready={None::<AttrValue>} figure={figure} />
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
