//! The partizan heap games page, `#/partizan?family=subtraction&L=1,2&R=1,3&n=40&pos=5,7,9`
//! (thesis Chapter 4; URL keys in [`crate::route::partizan`]).
//!
//! The form edits a copy of the URL state and commits valid edits after a pause. The worker
//! job ([`crate::worker::jobs::partizan`]) computes the canonical forms of heaps `0..n`, their
//! outcome classes and periods, and the position box; the page shows them as a table (CSV
//! export), an outcome strip ("Export figure…"), the position's winning moves and game tree (the
//! shared [`TreeView`]), and play against the engine as Left or Right (each move is a link
//! that changes `pos` and `turn` in the URL; the job makes the engine's reply). Every number
//! comes from `heaplab_engine::partizan`.
//!
//! Two more modes share the page: `family=bw` (black-and-white heap games, the CLI's
//! `--black-white`) and `family=game`, one game typed in notation ([`game`]). A thermograph
//! ([`thermo`]) of a heap (`thermo=7`), of the position (`thermo=pos`) or of the single game
//! is drawn by the engine and exported as SVG, TikZ or PNG.

pub mod game;
pub mod thermo;

use std::rc::Rc;

use heaplab_engine::tree_layout::Tree;

use heaplab_engine::partizan::position::{after_move, heaps_text, HeapMove, PositionReport};
use heaplab_engine::partizan::sequence::{PartizanPeriod, SequenceReport};
use web_sys::HtmlCanvasElement;
use yew::prelude::*;
use yew::props;

use crate::components::export::{download_text, put_rgba, show_at_css_width};
use crate::components::field::{
    edit_form, field_errors, submit_when_valid, text_field, use_live_form, TextFieldProps,
};
use crate::components::figure_export::FigureExport;
use crate::components::job_status::job_status;
use crate::components::page::{empty_results, page_head};
use crate::components::palette::ColourSwatch;
use crate::components::tree::TreeView;
use crate::components::value_strip::{device_scale, strip_layout, strip_rgba, use_box_width};
use crate::jobs::use_job;
use crate::route::partizan::{PartizanQuery, PartizanRequest, PartizanView, FAMILIES};
use crate::worker::{JobSpec, PartizanResult};
use game::GameJob;
use heaplab_figures::views::partizan::outcome_figure;
use heaplab_figures::views::tree::TreeKey;
use heaplab_figures::Palette;
use thermo::ThermoCard;

/// The outcome classes with their colours and meanings, in legend order.
pub const OUTCOME_COLOURS: [(char, [u8; 3], &str); 4] = [
    ('L', [37, 99, 235], "Left wins (G > 0)"),
    ('R', [220, 38, 38], "Right wins (G < 0)"),
    ('P', [0, 0, 0], "second player wins (G = 0)"),
    ('N', [22, 163, 74], "first player wins (G ‖ 0)"),
];

/// The colour of an outcome letter (grey for anything else).
pub fn outcome_rgb(class: char) -> [u8; 3] {
    OUTCOME_COLOURS
        .iter()
        .find(|(c, _, _)| *c == class)
        .map_or([128, 128, 128], |(_, rgb, _)| *rgb)
}

/// `#rrggbb` of an outcome letter.
fn outcome_css(class: char) -> String {
    let [r, g, b] = outcome_rgb(class);
    format!("#{r:02x}{g:02x}{b:02x}")
}

/// A period as one line, labelled exactly as the engine reports it: "proven (by …)" or the
/// engine's "observed up to heap N".
pub fn period_text(period: Option<&PartizanPeriod>, capped: bool, terms: usize) -> String {
    match period {
        Some(p) => format!(
            "{} — {}",
            p.summary(),
            if p.proven {
                format!("proven (by {})", p.basis)
            } else {
                p.basis.clone()
            }
        ),
        None if capped => "the period search stopped at its size cap (sums grew too large)".into(),
        None => format!(
            "no period seen over two periods in heaps 0..{}",
            terms.saturating_sub(1)
        ),
    }
}

/// A CSV field, quoted when it holds a comma, quote or newline.
fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

/// The table as CSV: `heap,canonical_form,outcome`.
pub fn sequence_csv(report: &SequenceReport) -> String {
    let mut csv = String::from("heap,canonical_form,outcome\n");
    for (n, (value, class)) in report
        .values
        .iter()
        .zip(report.outcomes.chars())
        .enumerate()
    {
        csv.push_str(&format!("{n},{},{class}\n", csv_field(value)));
    }
    csv
}

/// The outcome strip as RGBA pixels: one square cell per heap, laid out by the shared
/// [`strip_layout`] for a box `width` CSS px wide and drawn `scale` canvas pixels per CSS
/// pixel; returns the pixels, their size and the CSS width to show them at.
pub fn strip_pixels(outcomes: &str, width: u64, scale: u32) -> (Vec<u8>, (u32, u32), u64) {
    let colours: Vec<[u8; 3]> = outcomes.chars().map(outcome_rgb).collect();
    let (cell, per_row) = strip_layout(colours.len() as u64, None, width);
    let (pixels, w, h) = strip_rgba(&colours, cell * scale, per_row, &[]);
    (pixels, (w, h), per_row * u64::from(cell))
}

/// Properties of [`PartizanPage`].
#[derive(Properties, PartialEq)]
pub struct PartizanPageProps {
    /// The state in the URL.
    pub query: PartizanQuery,
}

/// The `#/partizan` page: the rule form, then the worker's results.
#[function_component(PartizanPage)]
pub fn partizan_page(props: &PartizanPageProps) -> Html {
    let form = use_live_form(&props.query, PartizanQuery::check, PartizanQuery::to_hash);
    let results = match props.query.check() {
        Ok(PartizanView::Heaps(request)) => {
            html! { <PartizanJob {request} query={props.query.clone()} /> }
        }
        Ok(PartizanView::Game(request)) => html! { <GameJob {request} /> },
        // The form follows the URL, so a tampered link's errors are shown under the form.
        Err(_) => {
            empty_results("Nothing to show yet: fix the input above and the results appear here.")
        }
    };
    html! {
        <>{ page_head("Partizan heap games", "Left and Right move under different rules: partizan subtraction S(L | R), pure breaking PB(L | R), duels of code-digit games, chessboard subtraction and black-and-white heap games (Chapter 4 of the thesis), or one game typed in the usual notation. Each heap's canonical form and outcome class (L, R, P, N), the period with what proves it, a sum of heaps with each player's winning moves, and thermographs.") }
            { rule_form(&form) }
            { results }
        </>
    }
}

/// The labels of the two rule fields for a family.
fn rule_labels(family: &str) -> (&'static str, &'static str) {
    match family {
        "breaking" => ("Left's cut numbers", "Right's cut numbers"),
        "duel" => ("Left's code (e.g. .07)", "Right's code (e.g. .137)"),
        "chessboard" => ("The set S (Left leaves even heaps)", "Right (unused)"),
        "bw" => (
            "Impartial ruleset: a set (1,2) or a code (.07)",
            "Right (unused)",
        ),
        _ => ("Left's subtraction set", "Right's subtraction set"),
    }
}

/// The form: the family, then its fields (the game text in single-game mode).
fn rule_form(form: &UseStateHandle<PartizanQuery>) -> Html {
    let form_errors = form.check().err();
    let edit = |f: fn(&mut PartizanQuery, String)| {
        let form = form.clone();
        Callback::from(move |text: String| {
            let mut next = (*form).clone();
            f(&mut next, text);
            form.set(next);
        })
    };
    let on_family = edit_form::<_, Event>(form, |q: &mut PartizanQuery, v| q.family = v);
    let onsubmit = submit_when_valid(form, PartizanQuery::check, PartizanQuery::to_hash);
    let family = form.family.trim();
    let (left_label, right_label) = rule_labels(family);
    let fields = if form.is_game() {
        html! {
            { text_field(&props!(TextFieldProps { id: "pz-game-text", label: "Game (e.g. {2|-1}, ^*, *3, 1/2, {1|0}+*)", value: form.game.clone(), oninput: edit(|q, v| q.game = v), hint: "{2|-1}" })) }
        }
    } else {
        html! {
            <>
                if family == "bw" {
                    { text_field(&props!(TextFieldProps { id: "pz-word", label: "Colouring word (b: Left, w: Right)", value: form.word.clone(), oninput: edit(|q, v| q.word = v), hint: "wbb(bw)" })) }
                }
                { text_field(&props!(TextFieldProps { id: "pz-left", label: left_label, value: form.left.clone(), oninput: edit(|q, v| q.left = v), hint: "1,2" })) }
                if family != "bw" {
                    { text_field(&props!(TextFieldProps { id: "pz-right", label: right_label, value: form.right.clone(), oninput: edit(|q, v| q.right = v), hint: "1,3" })) }
                }
                { text_field(&props!(TextFieldProps { id: "pz-terms", label: "Heaps n", narrow: true, inputmode: "numeric", value: form.terms.clone(), oninput: edit(|q, v| q.terms = v) })) }
                { text_field(&props!(TextFieldProps { id: "pz-pos", label: "Position: a sum of heaps (optional)", value: form.pos.clone(), oninput: edit(|q, v| q.pos = v), hint: "5,7,9" })) }
            </>
        }
    };
    html! {
        <form class="card ruleset-form pz-form" {onsubmit} novalidate=true aria-label="Partizan ruleset">
            <div class="field">
                <label for="pz-family">{ "Family" }</label>
                <select id="pz-family" onchange={on_family}>
                    { for FAMILIES.iter().map(|(value, label)| html! {
                        <option value={*value} selected={family == *value}>{ *label }</option>
                    }) }
                </select>
            </div>
            { fields }
            <div class="field actions"><button type="submit" class="primary" id="pz-show">{ "Show" }</button></div>
            { field_errors("pz-error", &form_errors.as_ref().map(PartizanQuery::field_errors).unwrap_or_default(), true) }
        </form>
    }
}

/// Properties of [`PartizanJob`].
#[derive(Properties, PartialEq)]
pub struct PartizanJobProps {
    /// The valid request.
    pub request: PartizanRequest,
    /// The URL state (links in the table change its position).
    pub query: PartizanQuery,
}

/// Runs the request in the Web Worker (progress, Cancel) and shows the result.
#[function_component(PartizanJob)]
pub fn partizan_job(props: &PartizanJobProps) -> Html {
    let job = use_job(JobSpec::Partizan(props.request.clone()));
    let body = match job.output() {
        Some(shared) => match shared.partizan() {
            Some(Ok(result)) => html! {
                { results(&ResultsProps { result: Rc::new(result.clone()), query: props.query.clone() }) }
            },
            Some(Err(e)) => {
                html! { <p class="form-error" id="pz-job-error" role="alert">{ e.to_string() }</p> }
            }
            None => html! {},
        },
        _ => html! {},
    };
    let what = format!("{} heaps", props.request.terms);
    html! {
        <>
            { job_status("pz-job", &what, &job) }
            { body }
        </>
    }
}

/// What [`results`] shows.
pub struct ResultsProps {
    /// The job's output.
    pub result: Rc<PartizanResult>,
    /// The URL state.
    pub query: PartizanQuery,
}

/// Periods, the table, the strip and the position box.
pub fn results(props: &ResultsProps) -> Html {
    let report = &props.result.sequence;
    let terms = report.values.len();
    let stem = format!("heaplab-partizan-{}", props.query.family.trim());
    let csv = {
        let text = sequence_csv(report);
        let name = format!("{stem}.csv");
        Callback::from(move |_: MouseEvent| {
            // A refused download changes nothing on the page.
            let _ = download_text(&text, &name, "text/csv");
        })
    };
    html! {
        <>
            <section class="card summary" aria-labelledby="pz-summary-title">
                <h2 id="pz-summary-title">{ report.ruleset.clone() }</h2>
                <p id="pz-period">{ format!("Canonical forms: {}.", period_text(report.period.as_ref(), report.search_capped, terms)) }</p>
                <p id="pz-outcome-period">{ format!("Outcomes: {}.", period_text(report.outcome_period.as_ref(), false, terms)) }</p>
            </section>
            if let Some(position) = &props.result.position {
                <PositionBox report={position.clone()} query={props.query.clone()} reply={props.result.reply.clone()} />
            }
            if let Some(curves) = &props.result.thermograph {
                <section class="card" aria-labelledby="pz-thermo-title">
                    <h2 id="pz-thermo-title">{ "Thermograph" }</h2>
                    <ThermoCard id="pz-thermo" curves={curves.clone()} stem={format!("{stem}-thermograph")} link={props.query.to_hash()} />
                    <p><a id="pz-thermo-close" href={with_thermo(&props.query, "")}>{ "Hide the thermograph" }</a></p>
                </section>
            }
            <OutcomeStrip report={Rc::new(report.clone())} query={props.query.clone()} stem={format!("{stem}-outcomes")} />
            <section class="card wide" aria-labelledby="pz-table-title">
                <h2 id="pz-table-title">{ "Canonical forms" }</h2>
                <div class="toolbar"><button type="button" id="pz-csv" onclick={csv}>{ "Download CSV" }</button></div>
                if let Err(e) = &props.result.thermal {
                    <p class="note" id="pz-thermal-note">{ format!("Means and temperatures were not computed: {e}.") }</p>
                }
                { sequence_table(report, &props.result.thermal, &props.query) }
            </section>
        </>
    }
}

/// The URL state with the thermograph key `thermo` set (empty: none).
fn with_thermo(query: &PartizanQuery, thermo: &str) -> String {
    let mut link = query.clone();
    link.thermo = thermo.into();
    link.to_hash()
}

/// The URL state switched to the single-game mode with `game` typed in.
fn as_single_game(query: &PartizanQuery, game: &str) -> String {
    let mut link = query.clone();
    link.family = "game".into();
    link.game = game.into();
    link.thermo.clear();
    link.play.clear();
    link.turn.clear();
    link.to_hash()
}

/// The heaps where the period of the canonical forms starts and first repeats, with labels.
fn period_marks(report: &SequenceReport) -> Vec<(usize, String)> {
    report.period.as_ref().map_or_else(Vec::new, |p| {
        vec![
            (p.preperiod, "period starts".to_string()),
            (p.preperiod + p.period, format!("repeats (+{})", p.period)),
        ]
    })
}

/// The table: heap (a link that analyses that heap), canonical form, outcome, mean and
/// temperature (`thermal`, when computed) and marks.
fn sequence_table(
    report: &SequenceReport,
    thermal: &Result<Vec<(String, String)>, String>,
    query: &PartizanQuery,
) -> Html {
    let marks = period_marks(report);
    let thermal_cells = |n: usize| match thermal.as_ref().ok().and_then(|t| t.get(n)) {
        Some((mean, temperature)) => html! {
            <><td class="pz-mean"><code>{ mean.clone() }</code></td><td class="pz-temperature"><code>{ temperature.clone() }</code></td></>
        },
        None => {
            html! { <><td class="pz-mean">{ "—" }</td><td class="pz-temperature">{ "—" }</td></> }
        }
    };
    let row = |(n, (value, class)): (usize, (&String, char))| {
        let mark = marks
            .iter()
            .find(|(m, _)| *m == n)
            .map_or(String::new(), |(_, label)| label.clone());
        let mut link = query.clone();
        link.pos = n.to_string();
        html! {
            <tr id={format!("pz-row-{n}")} class={classes!((!mark.is_empty()).then_some("marked"))}>
                <td><a href={link.to_hash()} class="pz-heap">{ n }</a></td>
                <td class="pz-value"><code>{ value.clone() }</code></td>
                <td class="pz-outcome"><ColourSwatch colour={outcome_css(class)} />{ format!(" {class}") }</td>
                { thermal_cells(n) }
                <td class="pz-mark">{ mark }</td>
                <td><a id={format!("pz-thermo-{n}")} href={with_thermo(query, &n.to_string())}>{ "thermograph" }</a></td>
            </tr>
        }
    };
    html! {
        <table id="pz-table" class="data">
            <thead><tr><th>{ "Heap" }</th><th>{ "Canonical form" }</th><th>{ "Outcome" }</th><th>{ "Mean" }</th><th>{ "Temperature" }</th><th>{ "Period" }</th><th>{ "Draw" }</th></tr></thead>
            <tbody>
                { for report.values.iter().zip(report.outcomes.chars()).enumerate().map(row) }
            </tbody>
        </table>
    }
}

/// Properties of [`OutcomeStrip`].
#[derive(Properties, PartialEq)]
pub struct OutcomeStripProps {
    /// The sequence: one outcome letter per heap, and what the figure's title and caption say.
    pub report: Rc<SequenceReport>,
    /// The URL state, for the figure's provenance link and its CLI command.
    pub query: PartizanQuery,
    /// File name stem of the figure.
    pub stem: String,
}

/// The outcome strip: a canvas with one cell per heap coloured by class, its legend and the
/// "Export figure…" dialog (the figure of `heaplab partizan --figure`).
#[function_component(OutcomeStrip)]
pub fn outcome_strip(props: &OutcomeStripProps) -> Html {
    let canvas = use_node_ref();
    let strip_box = use_node_ref();
    let width = use_box_width(&strip_box);
    {
        let canvas = canvas.clone();
        let outcomes = props.report.outcomes.clone();
        use_effect_with((outcomes, width), move |(outcomes, width)| {
            if let Some(c) = canvas.cast::<HtmlCanvasElement>() {
                let (pixels, (w, h), css_width) = strip_pixels(outcomes, *width, device_scale());
                // A canvas without a 2-D context stays blank; the table shows the same data.
                if put_rgba(&c, &pixels, w, h).is_ok() {
                    show_at_css_width(&c, css_width);
                }
            }
        });
    }
    let outcomes = &props.report.outcomes;
    let figure = {
        let report = props.report.clone();
        Callback::from(move |_: Palette| Ok(outcome_figure(&report)))
    };
    let pdf_command = format!(
        "heaplab partizan {} --terms {} --figure {}.pdf",
        cli_flags(&props.query),
        outcomes.chars().count(),
        props.stem
    );
    html! {
        <section class="card wide" aria-labelledby="pz-strip-title">
            <h2 id="pz-strip-title">{ "Outcome strip" }</h2>
            <div ref={strip_box}>
                <canvas id="pz-strip" ref={canvas} data-classes={outcomes.clone()} role="img"
                    aria-label={format!("Outcome strip: one cell per heap 0 to {}, coloured by outcome class", outcomes.chars().count().saturating_sub(1))} />
            </div>
            <ul class="legend" aria-label="Colour key: outcome class">
                { for OUTCOME_COLOURS.iter().map(|(c, _, meaning)| html! {
                    <li><ColourSwatch colour={outcome_css(*c)} />{ format!("{c}: {meaning}") }</li>
                }) }
            </ul>
            <FigureExport id="pz-strip-figure" stem={props.stem.clone()} link={props.query.to_hash()}
                {pdf_command} not_ready={None::<AttrValue>} {figure} />
        </section>
    }
}

/// The `heaplab partizan` flags of the family the page shows (the figure dialog's PDF line).
fn cli_flags(q: &PartizanQuery) -> String {
    let (left, right, word) = (q.left.trim(), q.right.trim(), q.word.trim());
    match q.family.trim() {
        "breaking" => format!("--pure-breaking --left {left} --right {right}"),
        "duel" => format!("--duel {left} {right}"),
        "chessboard" => format!("--chessboard {left}"),
        "bw" if left.starts_with('.') => format!("--black-white '{word}' --code {left}"),
        "bw" => format!("--black-white '{word}' --left {left}"),
        _ => format!("--left {left} --right {right}"),
    }
}

/// Properties of [`PositionBox`].
#[derive(Properties, PartialEq)]
pub struct PositionBoxProps {
    /// The position's report, or why it could not be analysed.
    pub report: Result<PositionReport, String>,
    /// The URL state (play links change `pos`, `play` and `turn`).
    #[prop_or_default]
    pub query: PartizanQuery,
    /// In play, the engine's move that led to this position.
    #[prop_or_default]
    pub reply: Option<HeapMove>,
}

/// The legend under the position's game tree.
const TREE_LEGEND: &str = "Left's options lean left (blue), Right's right (red, dashed); thick: a winning move; fill: outcome (blue L, orange R, grey P, green N)";

/// A sum of heaps: its canonical form, outcome, each player's winning moves and its game
/// tree; or, in play, the engine's move and the visitor's moves as links.
#[function_component(PositionBox)]
pub fn position_box(props: &PositionBoxProps) -> Html {
    // By default the tree opens on the winning lines only, which stay readable on big sums.
    let all = props.query.tree.trim() == "all";
    let tree = use_memo((props.report.clone(), all), |(r, all)| {
        r.as_ref().ok().map(|r| {
            Rc::new(if *all {
                r.tree.clone()
            } else {
                r.tree.marked_only()
            })
        })
    });
    let report = match &props.report {
        Ok(r) => r,
        Err(e) => {
            return html! { <p class="form-error" id="pz-position-error" role="alert">{ e.clone() }</p> }
        }
    };
    let side = |text: &str| match text.trim() {
        "L" => Some(true),
        "R" => Some(false),
        _ => None,
    };
    let body = match side(&props.query.play) {
        Some(me) => play_panel(props, report, me),
        None => analysis(props, report, &tree),
    };
    html! {
        <section class="card" id="pz-position" aria-labelledby="pz-position-title">
            <h2 id="pz-position-title">{ format!("Position {}", heaps_text(&report.heaps)) }</h2>
            <dl>
                <div><dt>{ "Canonical form" }</dt><dd id="pz-position-value"><code>{ report.value.clone() }</code></dd></div>
                <div><dt>{ "Outcome" }</dt><dd id="pz-position-outcome">{ format!("{:?}", report.outcome) }</dd></div>
            </dl>
            <p>
                <a id="pz-open-game" href={as_single_game(&props.query, &report.value)}>{ "Open as a single game" }</a>{ " · " }
                <a id="pz-thermo-pos" href={with_thermo(&props.query, "pos")}>{ "Thermograph of the position" }</a>
            </p>
            { body }
        </section>
    }
}

/// The URL state with `play` and `turn` set (`pos` unchanged when `heaps` is `None`).
fn play_link(query: &PartizanQuery, heaps: Option<&[usize]>, play: &str, turn: &str) -> String {
    let mut link = query.clone();
    if let Some(heaps) = heaps {
        let parts: Vec<String> = heaps.iter().map(usize::to_string).collect();
        link.pos = parts.join(",");
    }
    link.play = play.into();
    link.turn = turn.into();
    link.to_hash()
}

/// Each player's winning moves, the game tree, and links to start playing.
fn analysis(props: &PositionBoxProps, report: &PositionReport, tree: &Option<Rc<Tree>>) -> Html {
    let moves = |who: &str, id: &str, list: &[HeapMove]| {
        html! {
            <div>
                <h3>{ format!("{who}'s winning moves") }</h3>
                <ul id={id.to_string()}>
                    if list.is_empty() { <li>{ "none" }</li> }
                    { for list.iter().map(|m| html! { <li>{ move_text(m) }</li> }) }
                </ul>
            </div>
        }
    };
    let q = &props.query;
    html! {
        <>
            <div class="panel-grid">
                { moves("Left", "pz-left-wins", &report.left_wins) }
                { moves("Right", "pz-right-wins", &report.right_wins) }
            </div>
            if report.truncated {
                <p class="note">{ "Some heap had too many moves; only the first were examined." }</p>
            }
            <p>{ "Play this position against HeapLab: " }
                <a id="pz-play-L" href={play_link(q, None, "L", "L")}>{ "as Left" }</a>{ " · " }
                <a id="pz-play-R" href={play_link(q, None, "R", "R")}>{ "as Right" }</a>
                { " (you move first)." }</p>
            if let Some(tree) = tree {
                { tree_choice(q) }
                <TreeView id="pz-tree" tree={tree.clone()} cap={150} legend={TREE_LEGEND} filename="heaplab-partizan-tree"
                    title={format!("Partizan game tree of {}", tree.nodes.first().map_or("", |n| n.label.as_str()))} classes={TreeKey::partizan()}
                    level={q.tree_depth().ok().flatten()} on_level={depth_link(q)} />
            }
        </>
    }
}

/// Keeps the tree's levels in the URL (`depth`), as a new history entry.
fn depth_link(query: &PartizanQuery) -> Callback<Option<usize>> {
    let query = query.clone();
    Callback::from(move |level: Option<usize>| {
        let mut next = query.clone();
        next.depth = level.map(|l| l.to_string()).unwrap_or_default();
        crate::route::navigate(&next.to_hash());
    })
}

/// The line above the tree: which moves it shows, and a link to the other choice (`tree`).
fn tree_choice(query: &PartizanQuery) -> Html {
    let all = query.tree.trim() == "all";
    let mut other = query.clone();
    other.tree = if all { String::new() } else { "all".into() };
    let (now, switch) = if all {
        (
            "The game tree with every option.",
            "Show the winning moves only",
        )
    } else {
        (
            "The game tree's winning moves (thick edges); the other options are counted in [+k].",
            "Show every option",
        )
    };
    html! {
        <p id="pz-tree-choice">{ format!("{now} ") }<a id="pz-tree-toggle" href={other.to_hash()}>{ switch }</a></p>
    }
}

/// Play: the engine's last move, the visitor's moves as links, or who has won.
fn play_panel(props: &PositionBoxProps, report: &PositionReport, me: bool) -> Html {
    let names = ["Right", "Left"];
    let (mine, other) = (names[usize::from(me)], names[usize::from(!me)]);
    let my_moves = if me {
        &report.left_moves
    } else {
        &report.right_moves
    };
    let q = &props.query;
    let engine_turn = q.turn.trim() == &other[..1];
    let status = match &props.reply {
        _ if engine_turn && props.reply.is_none() => format!("{other} cannot move: you win!"),
        Some(m) => format!("{other} moved {}.", m.describe()),
        None => format!("You play {mine}."),
    };
    let over = engine_turn && props.reply.is_none();
    let link = |m: &HeapMove| {
        play_link(
            q,
            Some(&after_move(&report.heaps, m.from, &m.to)),
            &mine[..1],
            &other[..1],
        )
    };
    html! {
        <div id="pz-play">
            <p id="pz-play-status">{ status }</p>
            if !over && my_moves.is_empty() {
                <p id="pz-play-lost">{ format!("You cannot move: {other} wins.") }</p>
            }
            if !over && !my_moves.is_empty() {
                <p>{ format!("Your move ({mine}):") }</p>
                <ul id="pz-play-moves">
                    { for my_moves.iter().enumerate().map(|(i, m)| html! {
                        <li><a id={format!("pz-move-{i}")} href={link(m)}>{ m.describe() }</a></li>
                    }) }
                </ul>
            }
            <p><a id="pz-play-stop" href={play_link(q, None, "", "")}>{ "Stop playing" }</a></p>
        </div>
    }
}

/// A move as the CLI prints it: `9 -> 4 + 3  (then {1|0})`.
pub fn move_text(m: &HeapMove) -> String {
    format!("{}  (then {})", m.describe(), m.value)
}
