//! The position panel of `#/octal` (`heaps=5,7,9` in the URL): a sum of heaps, its winning
//! moves listed and drawn, a "why" table (each heap's nim-value and their xor), and play
//! against the perfect opponent. Every answer comes from the engine's `octal::position`, with
//! the values the page's octal job computed (extended by its proven period).

use std::rc::Rc;

use heaplab_engine::octal::position::{self, HeapValues, Move, Outcome, PositionReport};
use heaplab_engine::octal::Ruleset;
use heaplab_engine::EngineError;
use web_sys::HtmlInputElement;
use yew::prelude::*;

/// The most legal moves offered as buttons in play.
pub const MAX_MOVE_BUTTONS: usize = 300;
/// Heaps up to this size are drawn token by token; larger ones as a labelled bar.
const MAX_DRAWN_TOKENS: u64 = 60;

/// One game against the perfect opponent: the heaps now, what happened, and whose turn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    /// The position now.
    pub heaps: Vec<u64>,
    /// One line per move made.
    pub log: Vec<String>,
    /// The line under the heaps: whose move, or who won.
    pub status: String,
    /// True once the player to move has no move.
    pub over: bool,
}

impl Game {
    /// A game from `heaps` with the visitor to move.
    pub fn start(rules: &Ruleset, heaps: Vec<u64>) -> Result<Game, EngineError> {
        let over = position::moves(rules, &heaps, MAX_MOVE_BUTTONS)?.is_empty();
        let status = if over {
            "No move is left: you lose at once. Start from another position.".into()
        } else {
            "Your move.".into()
        };
        Ok(Game {
            heaps,
            log: Vec::new(),
            status,
            over,
        })
    }

    /// The visitor makes `mv` (which must be legal); the computer answers with the engine's
    /// best reply (a winning move when there is one).
    pub fn play(
        &self,
        rules: &Ruleset,
        values: &HeapValues,
        mv: &Move,
    ) -> Result<Game, EngineError> {
        let legal = position::moves(rules, &self.heaps, MAX_MOVE_BUTTONS)?;
        if self.over || !legal.contains(mv) {
            return Ok(self.clone());
        }
        let mut next = self.clone();
        next.heaps = mv.apply(&self.heaps);
        next.log.push(format!("You: {}.", mv.describe()));
        match position::best_reply(rules, values, &next.heaps)? {
            None => {
                next.over = true;
                next.status = "You win: the computer has no move left.".into();
            }
            Some(reply) => {
                next.heaps = reply.apply(&next.heaps);
                next.log.push(format!("Computer: {}.", reply.describe()));
                next.over = position::moves(rules, &next.heaps, MAX_MOVE_BUTTONS)?.is_empty();
                next.status = if next.over {
                    "The computer wins: you have no move left.".into()
                } else {
                    "Your move.".into()
                };
            }
        }
        Ok(next)
    }
}

/// The tokens of heap `index` drawn as spans, with the tokens `mv` takes marked (the parts it
/// leaves come first and last, the taken tokens between the first part and the rest).
pub fn drawn_tokens(index: usize, size: u64, mv: Option<&Move>) -> Html {
    let marked = mv.filter(|m| m.heap == index);
    if size > MAX_DRAWN_TOKENS {
        let note = match marked {
            Some(m) => format!("{size} tokens, take {}", m.taken),
            None => format!("{size} tokens"),
        };
        return html! { <span class={classes!("heap-bar", marked.map(|_| "marked"))}>{ note }</span> };
    }
    let first = marked.and_then(|m| m.leaves.first().copied()).unwrap_or(0);
    let taken = marked.map_or(0, |m| m.taken);
    let token = |t: u64| {
        let class = if marked.is_some() && (first..first + taken).contains(&t) {
            "token taken"
        } else {
            "token"
        };
        html! { <span {class}></span> }
    };
    html! { <span class="tokens">{ for (0..size).map(token) }</span> }
}

/// The "why" table: each heap's nim-value and their xor, and the verdict.
fn why_table(report: &PositionReport) -> Html {
    let rows = report
        .heaps
        .iter()
        .zip(&report.heap_values)
        .enumerate()
        .map(|(i, (n, v))| html! { <tr><td>{ i + 1 }</td><td>{ n }</td><td>{ v }</td></tr> });
    let verdict = match report.outcome {
        Outcome::P => format!(
            "nim-value {}: a P-position, the player to move loses (every move leaves a non-zero xor)",
            report.nim_value
        ),
        Outcome::N => format!(
            "nim-value {}: an N-position, the player to move wins by leaving xor 0",
            report.nim_value
        ),
    };
    html! {
        <>
            <table id="position-why" class="why">
                <thead><tr><th>{ "heap" }</th><th>{ "size n" }</th><th>{ "G(n)" }</th></tr></thead>
                <tbody>{ for rows }</tbody>
                <tfoot><tr><td colspan="2">{ "xor" }</td><td id="position-nim">{ report.nim_value }</td></tr></tfoot>
            </table>
            <p id="position-outcome" role="status">{ verdict }</p>
            <p class="note">{ report.values_from.clone() }</p>
        </>
    }
}

/// Properties of [`PositionPanel`].
#[derive(Properties, PartialEq)]
pub struct PositionPanelProps {
    /// The ruleset of the page.
    pub rules: Ruleset,
    /// The heaps as in the URL (`heaps=`), raw.
    pub heaps_text: String,
    /// Called with new heaps text to put in the URL.
    pub on_commit: Callback<String>,
    /// The values of the solved sequence (none while it is computed).
    pub values: Option<Rc<HeapValues>>,
}

/// The position editor, its analysis and the play panel (`#position-panel`).
#[function_component(PositionPanel)]
pub fn position_panel(props: &PositionPanelProps) -> Html {
    let text = use_state(|| props.heaps_text.clone());
    let game = use_state(|| None::<Game>);
    let selected = use_state(|| 0usize);
    {
        let (text, game, selected) = (text.clone(), game.clone(), selected.clone());
        use_effect_with(
            (props.heaps_text.clone(), props.rules.clone()),
            move |(heaps, _)| {
                text.set(heaps.clone());
                game.set(None);
                selected.set(0);
            },
        );
    }
    let oninput = {
        let text = text.clone();
        Callback::from(move |e: InputEvent| {
            text.set(e.target_unchecked_into::<HtmlInputElement>().value());
        })
    };
    let onsubmit = {
        let (text, on_commit) = (text.clone(), props.on_commit.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            on_commit.emit((*text).clone());
        })
    };
    let parsed = match props.heaps_text.trim() {
        "" => Ok(None),
        t => position::parse_heaps(t).map(Some),
    };
    let body = match (&parsed, &props.values) {
        (Err(e), _) => {
            html! { <p id="position-error" class="error" role="alert">{ format!("heaps: {e}") }</p> }
        }
        (Ok(None), _) => {
            html! { <p class="note">{ "Type heap sizes such as 5,7,9 and press Enter." }</p> }
        }
        (Ok(Some(_)), None) => {
            html! { <p class="note">{ "The position is analysed once the values are computed." }</p> }
        }
        (Ok(Some(heaps)), Some(values)) => {
            let current = game.as_ref().map_or(heaps.clone(), |g| g.heaps.clone());
            match position::analyse_with(&props.rules, values, &current) {
                Err(e) => {
                    html! { <p id="position-error" class="error" role="alert">{ e.to_string() }</p> }
                }
                Ok(report) => analysis(props, &report, heaps, values, &game, &selected),
            }
        }
    };
    html! {
        <section class="card" id="position-panel" aria-labelledby="position-title">
            <h2 id="position-title">{ "Positions of several heaps" }</h2>
            <form class="inline-form" {onsubmit}>
                <div class="field">
                    <label for="position-heaps">{ "Heaps" }</label>
                    <input id="position-heaps" type="text" inputmode="numeric" spellcheck="false" autocomplete="off" placeholder="5,7,9" value={(*text).clone()} {oninput} />
                </div>
                <button type="submit" id="position-go" class="primary">{ "Analyse" }</button>
            </form>
            { body }
        </section>
    }
}

/// The why table, the winning moves listed and drawn, and the play controls.
fn analysis(
    props: &PositionPanelProps,
    report: &PositionReport,
    start: &[u64],
    values: &Rc<HeapValues>,
    game: &UseStateHandle<Option<Game>>,
    selected: &UseStateHandle<usize>,
) -> Html {
    let chosen = report.winning_moves.get(**selected);
    let listed = report.winning_moves.iter().enumerate().map(|(i, mv)| {
        let selected = selected.clone();
        let onclick = Callback::from(move |_: MouseEvent| selected.set(i));
        let class = classes!("winning-move", (Some(mv) == chosen).then_some("chosen"));
        html! { <li><button type="button" {class} {onclick}>{ mv.describe() }</button></li> }
    });
    let drawing = report.heaps.iter().enumerate().map(|(i, &n)| {
        html! { <div class="heap-row"><span class="heap-label">{ format!("heap {}: ", i + 1) }</span>{ drawn_tokens(i, n, chosen) }</div> }
    });
    let play_start = {
        let (game, rules, start) = (game.clone(), props.rules.clone(), start.to_vec());
        Callback::from(move |_: MouseEvent| game.set(Game::start(&rules, start.clone()).ok()))
    };
    html! {
        <>
            { why_table(report) }
            if report.outcome == Outcome::N {
                <h3>{ format!("Winning moves ({}{})", if report.truncated { "at least " } else { "" }, report.winning_moves.iter().map(Move::count).sum::<u64>()) }</h3>
                <ol id="position-moves" class="winning-moves">{ for listed }</ol>
                if report.truncated {
                    <p class="note">{ format!("Only the first {} are listed.", position::MAX_LISTED) }</p>
                }
            }
            <div id="position-drawing" class="heap-drawing" aria-label="The heaps, with the chosen winning move's tokens marked">{ for drawing }</div>
            <div class="toolbar">
                <button type="button" id="play-start" onclick={play_start}>{ if game.is_some() { "Restart the game" } else { "Play from this position" } }</button>
            </div>
            if let Some(g) = &**game {
                { play_view(props, g, values, game) }
            }
        </>
    }
}

/// The game in progress: its status, one button per legal move, and the log.
fn play_view(
    props: &PositionPanelProps,
    g: &Game,
    values: &Rc<HeapValues>,
    game: &UseStateHandle<Option<Game>>,
) -> Html {
    let moves = position::moves(&props.rules, &g.heaps, MAX_MOVE_BUTTONS);
    let button = |mv: Move| {
        let (game, rules, values, current) =
            (game.clone(), props.rules.clone(), values.clone(), g.clone());
        let label = mv.describe();
        let onclick = Callback::from(move |_: MouseEvent| {
            if let Ok(next) = current.play(&rules, &values, &mv) {
                game.set(Some(next));
            }
        });
        html! { <button type="button" class="play-move" data-move={label.clone()} {onclick}>{ label }</button> }
    };
    let buttons = match moves {
        Ok(moves) => {
            html! { <div id="play-moves" class="play-moves" role="group" aria-label="Your move">{ for moves.into_iter().map(button) }</div> }
        }
        Err(e) => html! { <p class="error" role="alert">{ e.to_string() }</p> },
    };
    html! {
        <div id="play-panel">
            <p id="play-status" class={classes!("status", g.over.then_some("over"))} role="status">{ g.status.clone() }</p>
            if !g.over {
                { buttons }
            }
            if !g.log.is_empty() {
                <ol id="play-log" class="play-log">{ for g.log.iter().map(|l| html! { <li>{ l.clone() }</li> }) }</ol>
            }
        </div>
    }
}
