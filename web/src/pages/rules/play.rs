//! Play against the engine from a heap of a one-heap ruleset: the visitor picks one of the
//! position's options (the ruleset's own, for sums of heaps too), the engine answers with a
//! move to value 0 when there is one (by the solved values), else its first option. Whoever
//! cannot move loses (normal play).

use std::rc::Rc;

use heaplab_engine::rules::Script;
use yew::prelude::*;

use super::explain::{options_of, position_text, value_of, Compiled};

/// At most this many options are offered as buttons.
const OFFERED: usize = 40;

/// A game in progress: the position (the visitor to move) and what happened.
#[derive(Debug, Clone, PartialEq)]
struct Game {
    position: Vec<u64>,
    log: Vec<String>,
    over: Option<String>,
}

impl Game {
    fn start(heap: u64) -> Game {
        Game {
            position: vec![heap],
            log: Vec::new(),
            over: None,
        }
    }

    /// The visitor moves to `to`; the engine answers.
    fn play(&self, script: &Script, values: &[u64], to: Vec<u64>) -> Game {
        let mut next = self.clone();
        next.log.push(format!("You: {}", position_text(&to)));
        let replies = options_of(script, &to).unwrap_or_default();
        let reply = replies
            .iter()
            .find(|o| value_of(values, o) == Some(0))
            .or(replies.first())
            .cloned();
        match reply {
            None => {
                next.over = Some("The engine cannot move: you win.".into());
                next.position = to;
            }
            Some(r) => {
                next.log.push(format!("Engine: {}", position_text(&r)));
                if options_of(script, &r).unwrap_or_default().is_empty() {
                    next.over = Some("You cannot move: the engine wins.".into());
                }
                next.position = r;
            }
        }
        next
    }
}

/// Properties of [`Play`].
#[derive(Properties, PartialEq)]
pub struct PlayProps {
    /// The compiled ruleset.
    pub script: Compiled,
    /// The solved nim-values.
    pub values: Rc<Vec<u64>>,
    /// The heap a new game starts from.
    pub heap: u64,
}

/// The play card (`#rules-play`).
#[function_component(Play)]
pub fn play(props: &PlayProps) -> Html {
    let game = use_state(|| Game::start(props.heap));
    {
        let game = game.clone();
        use_effect_with(props.heap, move |&heap| game.set(Game::start(heap)));
    }
    let Some(script) = (*props.script.0).as_ref() else {
        return html! {};
    };
    let options = options_of(script, &game.position).unwrap_or_default();
    let buttons = options.iter().take(OFFERED).enumerate().map(|(i, o)| {
        let (game, to) = (game.clone(), o.clone());
        let (script, values) = (props.script.0.clone(), props.values.clone());
        let onclick = Callback::from(move |_: MouseEvent| {
            if let Some(script) = (*script).as_ref() {
                game.set(game.play(script, &values, to.clone()));
            }
        });
        html! { <button type="button" id={format!("rules-play-move-{i}")} {onclick}>{ position_text(o) }</button> }
    });
    let restart = {
        let (game, heap) = (game.clone(), props.heap);
        Callback::from(move |_: MouseEvent| game.set(Game::start(heap)))
    };
    let status = match &game.over {
        Some(end) => end.clone(),
        None => format!("Position {}: your move.", position_text(&game.position)),
    };
    html! {
        <section class="card" id="rules-play">
            <h2>{ "Play against the engine" }</h2>
            <p id="rules-play-status" role="status">{ status }</p>
            if game.over.is_none() {
                <div class="toolbar" aria-label="Your moves">{ for buttons }</div>
            }
            <ol class="play-log" id="rules-play-log">{ for game.log.iter().map(|l| html! { <li>{ l.clone() }</li> }) }</ol>
            <button type="button" id="rules-play-restart" onclick={restart}>{ format!("Start again from heap {}", props.heap) }</button>
        </section>
    }
}
