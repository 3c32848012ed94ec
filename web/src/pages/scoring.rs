//! The scoring play page, `#/scoring?tab=game&g={4|3|2}&plus=...` and
//! `#/scoring?tab=octal&code=3333&pts=2,2,2,2&n=40&m=3` (Stewart, "Impartial Scoring Play
//! Games").
//!
//! * **Games**: a bracket-notation editor with live parse errors; the game tree drawn by the
//!   shared [`TreeView`] (thick edges: optimal moves; colour: class); both final scores, the
//!   outcome class and the impartiality test; a sum builder (`plus`) showing the long-rule sum's
//!   final scores and class, and its tree when it is small.
//! * **Scoring octal games**: code and points, optionally a fixed heap `m` (under the same or
//!   another ruleset); `G_s` computed in the Web Worker (progress, cancel), its table and plot,
//!   the proven period and the `2k` check of Conjectures 14/15, CSV and PNG exports.
//!
//! The URL holds the whole state; everything is computed by `heaplab_engine::scoring`.

use std::rc::Rc;

use heaplab_engine::scoring::game::{sum_final_scores, Finals, TREE_LEGEND};
use heaplab_engine::scoring::{ScoringGame, ScoringRules};
use heaplab_engine::tree_layout::Tree;
use heaplab_engine::{Budget, EngineError};
use heaplab_figures::views::heaps::score_figure;
use yew::prelude::*;
use yew::props;

use crate::components::field::field_errors;
use crate::route::PageQuery;

use crate::components::export::download_text;
use crate::components::field::{text_field, use_query_form, TextFieldProps};
use crate::components::figure_export::FigureExport;
use crate::components::job_status::job_status;
use crate::components::page::page_head;
use crate::components::sequence_export::{current_hash, figure_callback};
use crate::components::tree::TreeView;
use crate::components::value_chart::{ChartMark, ValueChart};
use crate::format::shortened;
use crate::jobs::use_job;
pub use crate::route::scoring::{ScoringQuery, FIGURE_1, MAX_PAGE_TERMS};
use crate::worker::{JobSpec, ScoringOctalRequest, ScoringTable};
use heaplab_figures::views::tree::TreeKey;

/// Most positions of a sum the page solves (on the main thread) before it stops.
pub const PAGE_SUM_STATES: u64 = 200_000;
/// Most rows of the value table (the CSV has them all).
const TABLE_ROWS: usize = 1_000;
/// Nodes shown when a tree first opens.
const TREE_CAP: usize = 300;

/// The page's examples: (label, hash).
pub const EXAMPLES: &[(&str, &str)] = &[
    (
        "Figure 1",
        "#/scoring?tab=game&g={2,{11|4|-3}|3|4,{9|2|-5}}",
    ),
    (
        "Identity i (Figure 2)",
        "#/scoring?tab=game&g={{0|0|0}|0|{0|0|0}}",
    ),
    (
        "Conjecture 9: G + G is in P",
        "#/scoring?tab=game&g={2,{1|2|3}|0|-2,{-3|-2|-1}}&plus={2,{1|2|3}|0|-2,{-3|-2|-1}}",
    ),
    ("{4|3|2}", "#/scoring?tab=game&g={4|3|2}"),
    (
        "Table 1: S = {4,5}",
        "#/scoring?tab=octal&code=00033&pts=0,0,0,4,5&n=40",
    ),
    (
        "(3333, 2222): period 5",
        "#/scoring?tab=octal&code=3333&pts=2,2,2,2&n=40",
    ),
    (
        "0.26 (breaking)",
        "#/scoring?tab=octal&code=0.26&pts=1,2&n=30",
    ),
];

/// Properties of [`ScoringPage`].
#[derive(Properties, PartialEq)]
pub struct ScoringPageProps {
    /// The committed state (from the URL).
    pub query: ScoringQuery,
}

/// The `#/scoring` page: two tabs, games and scoring octal games.
#[function_component(ScoringPage)]
pub fn scoring_page(props: &ScoringPageProps) -> Html {
    let q = &props.query;
    let octal = q.tab == "octal";
    let tab = |name: &'static str, label: &'static str, selected: bool| {
        let mut next = q.clone();
        next.tab = name.into();
        html! {
            <a role="tab" id={format!("sc-tab-{name}")} href={next.to_hash()}
                aria-selected={selected.to_string()} class={classes!("tab", selected.then_some("selected"))}>
                { label }
            </a>
        }
    };
    html! {
        <>{ page_head("Impartial scoring play", "F. Stewart, “Impartial Scoring Play Games”: games G = {G^L | G^S | G^R} with a running score (positive is good for Left), the long-rule sum, and scoring octal games with their function G_s.") }
        <section class="card" aria-label="Scoring play">
            <nav class="tabs" role="tablist" aria-label="Scoring play views">
                { tab("game", "Games and sums", !octal) }
                { tab("octal", "Scoring octal games", octal) }
            </nav>
            if !matches!(q.tab.as_str(), "game" | "octal") {
                <p class="note" id="sc-tab-note">{ format!("There is no tab “{}” here: showing games and sums.", shortened(&q.tab, 40)) }</p>
            }
            if octal { <OctalTab query={q.clone()} /> } else { <GameTab query={q.clone()} /> }
            <p class="examples">
                { "Examples: " }
                { for EXAMPLES.iter().enumerate().map(|(i, (label, href))| html! {
                    <>{ if i > 0 { ", " } else { "" } }<a href={*href}>{ *label }</a></>
                }) }
            </p>
        </section>
        </>
    }
}

/// One line saying whether the typed text parses: node count and class (a sum: its terms and
/// nodes in all), or the error — unless the text is the committed one, whose error is shown
/// once below the form.
fn parse_line(id: &str, text: &str, committed: &str, sum: bool) -> Html {
    if text.trim().is_empty() {
        return html! {};
    }
    let parsed = if sum {
        ScoringGame::parse_sum(text)
    } else {
        ScoringGame::parse(text).map(|g| vec![g])
    };
    match parsed {
        Ok(games) => {
            let facts = match games.as_slice() {
                [g] => format!("{} nodes, class {}", g.len(), g.outcome_class()),
                all => format!(
                    "{} games, {} nodes in all",
                    all.len(),
                    all.iter().map(|g| g.len()).sum::<usize>()
                ),
            };
            html! { <p class="note" id={id.to_string()}>{ format!("✓ {facts}") }</p> }
        }
        Err(_) if text.trim() == committed.trim() => html! {},
        Err(e) => html! {
            <p class="form-error" id={id.to_string()} role="alert">{ e.to_string() }</p>
        },
    }
}

/// What the games tab shows for the committed game (and sum).
pub struct GameResult {
    /// The game.
    pub game: ScoringGame,
    /// Its final scores and class.
    pub finals: Finals,
    /// `Ok` if impartial, else why not.
    pub impartial: Result<(), String>,
    /// Its tree, for the tree view.
    pub tree: Rc<Tree>,
    /// The sum with the second game, if one was given (or the message why not).
    pub sum: Option<Result<SumResult, String>>,
}

/// The long-rule sum of the two games.
pub struct SumResult {
    /// Its final scores and class.
    pub finals: Finals,
    /// The sum's tree, or why it is not drawn.
    pub tree: Result<Rc<Tree>, String>,
}

/// Solves the games tab of `q`: parse, final scores, impartiality, tree, and the sum within
/// [`PAGE_SUM_STATES`]; the message of the first problem otherwise.
pub fn solve_game(q: &ScoringQuery) -> Result<GameResult, String> {
    let game = ScoringGame::parse(&q.game).map_err(|e| e.to_string())?;
    let imp = game.impartiality();
    let sum = (!q.plus.trim().is_empty()).then(|| -> Result<SumResult, String> {
        let others = ScoringGame::parse_sum(&q.plus).map_err(|e| format!("added games: {e}"))?;
        let terms: Vec<&ScoringGame> = std::iter::once(&game).chain(&others).collect();
        let mut stop = |done: u64, _total: u64| done <= PAGE_SUM_STATES;
        let finals = sum_final_scores(&terms, &mut Budget::with_progress(&mut stop))
            .map_err(|e| match e {
                EngineError::Cancelled => format!(
                    "the sum has more than {PAGE_SUM_STATES} positions: the page stops there; the command line (heaplab scoring --game … --plus …) solves larger sums"
                ),
                other => other.to_string(),
            })?;
        // The sum's tree, built term by term within the tree cap.
        let tree = others
            .iter()
            .try_fold(game.clone(), |sum, other| sum.sum(other))
            .map(|s| Rc::new(s.tree()))
            .map_err(|e| e.to_string());
        Ok(SumResult { finals, tree })
    });
    Ok(GameResult {
        finals: game.finals(),
        impartial: imp.reason.map_or(Ok(()), Err),
        tree: Rc::new(game.tree()),
        game,
        sum,
    })
}

/// The facts of one game or sum: both final scores and the class.
fn finals_facts(prefix: &str, f: Finals) -> Html {
    html! {
        <div class="facts">
            <dl>
                <div><dt>{ "Left first" }</dt><dd id={format!("{prefix}-left")}>{ f.left.to_string() }</dd></div>
                <div><dt>{ "Right first" }</dt><dd id={format!("{prefix}-right")}>{ f.right.to_string() }</dd></div>
                <div><dt>{ "Class" }</dt><dd id={format!("{prefix}-class")}>{ f.class().letter() }</dd></div>
            </dl>
            <p class="note">{ format!("G_F^SL = {}, G_F^SR = {}: {} (Definitions 3, 5 and 6).", f.left, f.right, f.class().meaning()) }</p>
        </div>
    }
}

/// Properties of the tabs.
#[derive(Properties, PartialEq)]
pub struct TabProps {
    /// The committed state.
    pub query: ScoringQuery,
}

/// The games tab: editor, tree, facts and sum builder.
#[function_component(GameTab)]
pub fn game_tab(props: &TabProps) -> Html {
    let form = use_query_form(&props.query);
    let result = use_memo(props.query.clone(), solve_game);
    let set = |f: fn(&mut ScoringQuery, String)| form.setter(f);
    let onsubmit = form.submit(ScoringQuery::to_hash);
    // The buttons add a term to the sum (or clear it).
    let with_plus = |term: Option<String>| {
        let mut next = props.query.clone();
        next.plus = match (term, next.plus.trim()) {
            (None, _) => String::new(),
            (Some(term), "") => term,
            (Some(term), terms) => format!("{terms} + {term}"),
        };
        next.to_hash()
    };
    let body = match &*result {
        Err(e) => html! { <p class="form-error" id="sc-error" role="alert">{ e.clone() }</p> },
        Ok(r) => {
            let impartial = match &r.impartial {
                Ok(()) => {
                    html! { <p id="sc-impartial" class="ok">{ "Impartial (Definition 7): at every node the options pair up as mirror images around the score." }</p> }
                }
                Err(why) => html! { <p id="sc-impartial">{ format!("Not impartial: {why}") }</p> },
            };
            let sum = match &r.sum {
                None => html! {},
                Some(Err(e)) => {
                    html! { <p class="form-error" id="sc-sum-error" role="alert">{ e.clone() }</p> }
                }
                Some(Ok(s)) => html! {
                    <section id="sc-sum" aria-labelledby="sc-sum-title">
                        <h2 id="sc-sum-title">{ "The long-rule sum G +ℓ H +ℓ … (Definition 4)" }</h2>
                        { finals_facts("sc-sum", s.finals) }
                        { match &s.tree {
                            Ok(tree) => html! {
                                <TreeView id="sc-sum-tree" tree={tree.clone()} cap={TREE_CAP}
                                    legend={TREE_LEGEND} filename="scoring-sum" classes={TreeKey::scoring()}
                                    title="Scoring game: the long-rule sum" />
                            },
                            Err(why) => html! { <p class="note" id="sc-sum-note">{ why.clone() }</p> },
                        } }
                    </section>
                },
            };
            html! {
                <>
                    <h2>{ format!("G = {}", r.game) }</h2>
                    { finals_facts("sc", r.finals) }
                    { impartial }
                    <TreeView id="sc-tree" tree={r.tree.clone()} cap={TREE_CAP}
                        legend={TREE_LEGEND} filename="scoring-game" classes={TreeKey::scoring()}
                        title={format!("Scoring game {}", r.game)}
                        pdf_command={format!("heaplab scoring --game \"{}\" --figure tree.pdf", r.game)} />
                    <div class="toolbar">
                        <a class="button" id="sc-add-self" href={with_plus(Some(r.game.to_string()))}>{ "Add G" }</a>
                        <a class="button" id="sc-add-negation" href={with_plus(Some(r.game.negate().to_string()))}>{ "Add −G" }</a>
                        <a class="button" id="sc-add-identity" href={with_plus(Some("{{0|0|0}|0|{0|0|0}}".into()))}>{ "Add the identity i" }</a>
                        if r.sum.is_some() {
                            <a class="button" id="sc-clear-sum" href={with_plus(None)}>{ "Clear the sum" }</a>
                        }
                    </div>
                    { sum }
                </>
            }
        }
    };
    html! {
        <div role="tabpanel" aria-labelledby="sc-tab-game">
            <form class="ruleset-form sc-form" {onsubmit} novalidate=true>
                { text_field(&props!(TextFieldProps { id: "sc-game", label: "Game G (bracket notation, e.g. {2,{11|4|-3}|3|4,{9|2|-5}})", value: form.game.clone(), oninput: set(|q, t| q.game = t), hint: "{4|3|2}" })) }
                { text_field(&props!(TextFieldProps { id: "sc-plus", label: "Add games (optional): H, or H + K + … for G +ℓ H +ℓ K", value: form.plus.clone(), oninput: set(|q, t| q.plus = t), hint: "{1|0|-1} + {4|3|2}" })) }
                <div class="field actions"><button type="submit" class="primary" id="sc-show">{ "Show" }</button></div>
            </form>
            { parse_line("sc-game-status", &form.game, &props.query.game, false) }
            { parse_line("sc-plus-status", &form.plus, &props.query.plus, true) }
            { body }
        </div>
    }
}

/// The scoring octal tab: form, worker job, table, plot and exports.
#[function_component(OctalTab)]
pub fn octal_tab(props: &TabProps) -> Html {
    let form = use_query_form(&props.query);
    let set = |f: fn(&mut ScoringQuery, String)| form.setter(f);
    let onsubmit = form.submit(ScoringQuery::to_hash);
    // A problem of the committed text is shown once, below; the live line shows the typed one.
    let committed = (form.code.trim(), form.points.trim())
        == (props.query.code.trim(), props.query.points.trim());
    let live = match ScoringRules::parse(&form.code, &form.points) {
        Ok(r) => {
            html! { <p class="note" id="sc-rules-status">{ format!("✓ ({}; {}){}", form.code.trim(), r.points_text(), if r.is_taking_no_breaking() { ": taking, no breaking" } else { ": taking and breaking" }) }</p> }
        }
        Err(_) if committed => html! {},
        Err(e) => {
            html! { <p class="form-error" id="sc-rules-status" role="alert">{ e.to_string() }</p> }
        }
    };
    let body = match props.query.octal_request() {
        Ok(request) => html! { <OctalJob {request} /> },
        Err(errors) => html! {
            { field_errors("sc-error", &ScoringQuery::field_errors(&errors), false) }
        },
    };
    html! {
        <div role="tabpanel" aria-labelledby="sc-tab-octal">
            <form class="ruleset-form sc-form" {onsubmit} novalidate=true>
                { text_field(&props!(TextFieldProps { id: "sc-code", label: "Code n1…nk", narrow: true, value: form.code.clone(), oninput: set(|q, t| q.code = t), hint: "3333" })) }
                { text_field(&props!(TextFieldProps { id: "sc-points", label: "Points p1,…,pk", value: form.points.clone(), oninput: set(|q, t| q.points = t), hint: "2,2,2,2" })) }
                { text_field(&props!(TextFieldProps { id: "sc-terms", label: "Heaps n = 0 … ", narrow: true, inputmode: "numeric", value: form.terms.clone(), oninput: set(|q, t| q.terms = t), hint: "40" })) }
                { text_field(&props!(TextFieldProps { id: "sc-m", label: "Fixed heap m (optional)", narrow: true, inputmode: "numeric", value: form.m.clone(), oninput: set(|q, t| q.m = t), hint: "0" })) }
                { text_field(&props!(TextFieldProps { id: "sc-mcode", label: "m's code (empty: same)", narrow: true, value: form.m_code.clone(), oninput: set(|q, t| q.m_code = t) })) }
                { text_field(&props!(TextFieldProps { id: "sc-mpoints", label: "m's points (empty: same)", narrow: true, value: form.m_points.clone(), oninput: set(|q, t| q.m_points = t) })) }
                <div class="field actions"><button type="submit" class="primary" id="sc-run">{ "Compute G_s" }</button></div>
            </form>
            { live }
            <p class="note">{ "Removing i beans scores p_i; bit t of the digit n_i allows leaving exactly t non-empty heaps (3: take and leave 0 or 1 heap; 1: take the whole heap; 2: leave one heap; 4–7 and hex digits break heaps). G_s is the mover's best net score (Definition 11); by Theorem 12 it is the Left final score." }</p>
            { body }
        </div>
    }
}

/// Properties of [`OctalJob`].
#[derive(Properties, PartialEq)]
pub struct OctalJobProps {
    /// The validated request.
    pub request: ScoringOctalRequest,
}

/// Runs the request in the Web Worker and shows the result.
#[function_component(OctalJob)]
pub fn octal_job(props: &OctalJobProps) -> Html {
    let job = use_job(JobSpec::ScoringOctal(props.request.clone()));
    let body = match job.output() {
        Some(result) => match result.scoring_octal() {
            Some(Ok(table)) => {
                html! { <OctalView table={Rc::new(table.clone())} rules={format!("({}; {})", props.request.code, props.request.points)} fixed={props.request.fixed.as_ref().map(|f| f.0)} /> }
            }
            Some(Err(e)) => {
                html! { <p class="form-error" id="sc-error" role="alert">{ e.to_string() }</p> }
            }
            None => html! {},
        },
        _ => html! {},
    };
    html! {
        <>
            { job_status("sc-job", "G_s", &job) }
            { body }
        </>
    }
}

/// Properties of [`OctalView`].
#[derive(Properties, PartialEq)]
pub struct OctalViewProps {
    /// The solved table.
    pub table: Rc<ScoringTable>,
    /// The code and points as typed, `(0.26; 1,2)` (the code is not rewritten to `26`).
    pub rules: AttrValue,
    /// The fixed heap `m`, if any.
    pub fixed: Option<u32>,
}

fn value_text((num, den): (i64, i64)) -> String {
    if den == 1 {
        num.to_string()
    } else {
        format!("{num}/{den}")
    }
}

/// The `G_s` values as CSV, `n,G_s`.
pub fn values_csv(values: &[(i64, i64)]) -> String {
    let mut csv = String::from("n,G_s\n");
    for (n, &v) in values.iter().enumerate() {
        csv.push_str(&format!("{n},{}\n", value_text(v)));
    }
    csv
}

/// "Export figure…" of the `G_s` chart: the figure layer's
/// [`score_figure`](heaplab_figures::views::heaps::score_figure), as
/// `heaplab scoring --octal … --figure` draws it.
fn gs_export(typed: &str, what: &str, values: Rc<Vec<f64>>, table: &ScoringTable) -> Html {
    let game = format!("Scoring octal game {}", table.rules);
    let caption = format!("Period: {}.", table.period.describe());
    let what = what.to_string();
    let n = values.len();
    let figure = figure_callback(move || Ok(score_figure(&game, &what, &values, caption.clone())));
    let (code, points) = typed
        .trim_matches(['(', ')'])
        .split_once("; ")
        .unwrap_or((typed, ""));
    let pdf_command =
        format!("heaplab scoring --octal {code} --points {points} --terms {n} --figure gs.pdf");
    html! {
        <FigureExport id="sc-figure" stem="scoring-gs" link={current_hash()} not_ready={None::<AttrValue>}
            {pdf_command} {figure} />
    }
}

/// The result: facts, plot, table and exports.
#[function_component(OctalView)]
pub fn octal_view(props: &OctalViewProps) -> Html {
    let table = props.table.clone();
    let problem = use_state(|| None::<String>);
    let values = use_memo(table.clone(), |t| {
        t.values
            .iter()
            .map(|&(n, d)| n as f64 / d as f64)
            .collect::<Vec<f64>>()
    });
    let marks: Vec<ChartMark> = match (table.period.preperiod(), table.period.period()) {
        (Some(pre), Some(per)) => vec![
            ChartMark {
                heap: pre,
                label: format!("preperiod ends ({pre})"),
            },
            ChartMark {
                heap: pre + per,
                label: format!("one period later ({})", pre + per),
            },
        ],
        _ => Vec::new(),
    };
    let what = match props.fixed {
        Some(m) => format!("G_s(n +ℓ {m})"),
        None => "G_s(n)".into(),
    };
    let on_csv = {
        let (table, problem) = (table.clone(), problem.clone());
        Callback::from(move |_: MouseEvent| {
            problem
                .set(download_text(&values_csv(&table.values), "scoring-gs.csv", "text/csv").err());
        })
    };
    let period = match (table.period.preperiod(), table.period.period()) {
        (Some(pre), Some(per)) => format!("Proven: preperiod {pre}, period {per}."),
        _ => format!("No period claimed: {}.", table.period.describe()),
    };
    let two_k = table.two_k.map(|c| {
        format!(
            "k = {} (largest removal that can leave a heap): the period {} 2k = {}{}; G_s(n + 2k) = G_s(n) for all n ≥ 0: {}. {}",
            c.k,
            if c.eventual { "divides" } else { "does not divide" },
            2 * c.k,
            if c.eventual { "" } else { " — a counterexample to the 2k pattern" },
            if c.all_n { "yes" } else { "no" },
            if c.hypothesis { "Conjecture 15's hypothesis (p_i = i) holds." } else { "The points are not p_i = i, so Conjecture 15 does not apply." }
        )
    });
    let rows = table.values.len().min(TABLE_ROWS);
    html! {
        <div id="sc-result">
            <p class="summary" id="sc-summary">{ format!("{} — {what} for n = 0 … {}", props.rules, table.values.len() - 1) }</p>
            <p id="sc-period"><strong>{ period }</strong></p>
            if let Some(text) = two_k { <p id="sc-2k">{ text }</p> }
            <p class="note" id="sc-method">{ format!("Method: {}.", table.method) }</p>
            if let Some(set) = &table.subtraction {
                <p class="note">{ "This is cumulative subtraction with S = {" }{ set.clone() }{ "}: " }
                    <a id="sc-cs-link" href={format!("#/cumulative-subtraction?S={set}")}>{ "open it on the cumulative subtraction page" }</a>{ "." }</p>
            }
            <p class="sequence"><code id="sc-values">{ table.values.iter().take(200).map(|&v| value_text(v)).collect::<Vec<_>>().join(" ") }</code></p>
            <ValueChart id="sc-plot" values={Rc::new((*values).clone())} {marks} y_label={what.clone()}
                label={format!("{what} against n")}>
                { gs_export(&props.rules, &what, values.clone(), &table) }
            </ValueChart>
            <div class="toolbar">
                <button type="button" id="sc-csv" onclick={on_csv}>{ "Download CSV" }</button>
                if let Some(p) = &*problem { <span class="toolbar-note" role="status">{ p.clone() }</span> }
            </div>
            <table id="sc-table" class="outcome-table">
                <caption>{ if rows < table.values.len() { format!("The first {rows} values (the CSV has all {}).", table.values.len()) } else { what.clone() } }</caption>
                <thead><tr><th scope="col">{ "n" }</th><th scope="col">{ what.clone() }</th></tr></thead>
                <tbody>
                    { for table.values.iter().take(rows).enumerate().map(|(n, &v)| html! {
                        <tr data-n={n.to_string()}><td>{ n }</td><td>{ value_text(v) }</td></tr>
                    }) }
                </tbody>
            </table>
        </div>
    }
}
