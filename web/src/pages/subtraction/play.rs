//! Play mode: the visitor plays a finite subtraction game against a perfect opponent, which
//! answers with the engine's `winning_move` (or, from a P-position, the smallest legal move).

use std::rc::Rc;

use heaplab_engine::ruleset::{parse_count, NumberSet};
use heaplab_engine::subtraction::{self, SubtractionReport};
use web_sys::HtmlInputElement;
use yew::prelude::*;

/// Properties of [`Play`].
#[derive(Properties, PartialEq)]
pub struct PlayProps {
    /// The subtraction set.
    pub set: NumberSet,
    /// The engine's report (values of heaps `0..n`).
    pub report: Rc<SubtractionReport>,
}

/// One game in progress (or finished).
#[derive(Debug, Clone, PartialEq)]
struct Game {
    heap: u64,
    log: Vec<String>,
    status: String,
    over: bool,
}

/// The legal moves from `heap`, smallest first.
fn legal_moves(set: &NumberSet, heap: u64) -> Vec<u32> {
    subtraction::options(set, heap)
        .into_iter()
        .map(|(s, _)| s)
        .collect()
}

impl Game {
    fn start(set: &NumberSet, heap: u64) -> Game {
        let mut game = Game {
            heap,
            log: Vec::new(),
            status: String::new(),
            over: false,
        };
        if legal_moves(set, heap).is_empty() {
            game.over = true;
            game.status = format!(
                "No legal move from heap {heap}: you lose at once. Start again from a larger heap."
            );
        } else {
            game.status = format!("Your move from heap {heap}.");
        }
        game
    }

    /// The visitor takes `s`; the computer replies unless the game is over.
    fn play(&self, set: &NumberSet, values: &[u16], s: u32) -> Game {
        let mut next = self.clone();
        if next.over || !legal_moves(set, next.heap).contains(&s) {
            return next;
        }
        next.heap -= u64::from(s);
        next.log
            .push(format!("You take {s}, leaving {}.", next.heap));
        let replies = legal_moves(set, next.heap);
        if replies.is_empty() {
            next.over = true;
            next.status = format!(
                "You win: the computer has no legal move from heap {}.",
                next.heap
            );
            return next;
        }
        let reply = subtraction::winning_move(set, values, next.heap).unwrap_or(replies[0]);
        next.heap -= u64::from(reply);
        next.log.push(format!(
            "The computer takes {reply}, leaving {}.",
            next.heap
        ));
        if legal_moves(set, next.heap).is_empty() {
            next.over = true;
            next.status = format!(
                "The computer wins: you have no legal move from heap {}.",
                next.heap
            );
        } else {
            next.status = format!("Your move from heap {}.", next.heap);
        }
        next
    }
}

/// The play panel (`#play-panel`).
#[function_component(Play)]
pub fn play(props: &PlayProps) -> Html {
    let n = props.report.values.len() as u64;
    let start_text = use_state(|| n.saturating_sub(1).min(20).to_string());
    let game = use_state(|| None::<Game>);
    let problem = use_state(|| None::<String>);
    // A new ruleset ends the game in progress.
    {
        let game = game.clone();
        use_effect_with(props.report.clone(), move |_| game.set(None));
    }
    let oninput = {
        let start_text = start_text.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(input) = e.target_dyn_into::<HtmlInputElement>() {
                start_text.set(input.value());
            }
        })
    };
    let onsubmit = {
        let (start_text, game, problem, set) = (
            start_text.clone(),
            game.clone(),
            problem.clone(),
            props.set.clone(),
        );
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            match parse_count(&start_text, "the starting heap", 0, n - 1) {
                Ok(heap) => {
                    problem.set(None);
                    game.set(Some(Game::start(&set, heap)));
                }
                Err(err) => problem.set(Some(format!(
                    "{err} (the page has values for heaps below n = {n})."
                ))),
            }
        })
    };
    let move_button = |s: u32| {
        let (game, set, report) = (game.clone(), props.set.clone(), props.report.clone());
        let onclick = Callback::from(move |_: MouseEvent| {
            if let Some(current) = &*game {
                game.set(Some(current.play(&set, &report.values, s)));
            }
        });
        html! { <button type="button" class="play-move" {onclick}>{ s }</button> }
    };
    html! {
        <section class="card" id="play-panel" aria-labelledby="play-title">
            <h2 id="play-title">{ "Play against a perfect opponent" }</h2>
            <form class="inline-form" {onsubmit}>
                <div class="field narrow">
                    <label for="play-heap-input">{ "Starting heap" }</label>
                    <input id="play-heap-input" type="number" min="0" max={(n - 1).to_string()} step="1" value={(*start_text).clone()} {oninput} />
                </div>
                <button type="submit" id="play-start" class="primary">{ if game.is_some() { "Restart" } else { "Start" } }</button>
            </form>
            if let Some(p) = &*problem {
                <p id="play-error" class="form-error" role="alert">{ p.clone() }</p>
            }
            if let Some(g) = &*game {
                <p class="play-heap-line">{ "Heap: " }<strong id="play-heap">{ g.heap }</strong></p>
                <p id="play-status" class={classes!("status", g.over.then_some("over"))} role="status">{ g.status.clone() }</p>
                if !g.over {
                    <div id="play-moves" class="play-moves" role="group" aria-label="Your move: how many tokens to take">
                        { for legal_moves(&props.set, g.heap).into_iter().map(move_button) }
                    </div>
                }
                if !g.log.is_empty() {
                    <ol id="play-log" class="play-log">{ for g.log.iter().map(|l| html! { <li>{ l.clone() }</li> }) }</ol>
                }
            } else {
                <p class="note">{ "You move first; the computer then answers every move perfectly. Starting from a P-position (black in the strip) it wins." }</p>
            }
        </section>
    }
}
