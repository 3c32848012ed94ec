//! Play mode: Alice (the visitor) against the perfect Bob on one heap, scores kept. Bob always
//! takes `opt(x)`, the largest maximising action (Definition 3), so from a heap `x` with Alice
//! to move the best she can reach is `o(x)` (the paper's pebbles: 7 tokens, `S = {2, 3}`,
//! `o(7) = 1`). Alice plays Positive when Positive starts, and Negative otherwise — the
//! visitor always moves first.

use std::rc::Rc;

use heaplab_engine::cumulative_subtraction::{self as cs, CumulativeReport};
use heaplab_engine::ruleset::NumberSet;
use yew::prelude::*;

use super::solve;

/// Properties of [`Play`].
#[derive(Properties, PartialEq)]
pub struct PlayProps {
    /// The action set.
    pub set: NumberSet,
    /// The starting heap.
    pub heap: u64,
    /// The starting score `p` (Positive's points minus Negative's).
    pub start_score: i64,
    /// Positive (the maximiser) moves first; Alice is whoever moves first.
    pub positive_starts: bool,
}

/// One game in progress or finished: the heap, both players' points, and the moves so far.
#[derive(Debug, Clone, PartialEq)]
pub struct Game {
    /// Tokens left.
    pub heap: u64,
    /// Alice's points.
    pub alice: u64,
    /// Bob's points.
    pub bob: u64,
    /// What happened, one line per move.
    pub log: Vec<String>,
}

/// The legal actions from `heap`, smallest first.
pub fn legal(set: &NumberSet, heap: u64) -> Vec<u32> {
    set.elements()
        .iter()
        .copied()
        .filter(|&s| u64::from(s) <= heap)
        .collect()
}

impl Game {
    /// A fresh game from `heap`.
    pub fn new(heap: u64) -> Game {
        Game {
            heap,
            alice: 0,
            bob: 0,
            log: Vec::new(),
        }
    }

    /// Whether the game is over (no action fits, `x < min S`).
    pub fn over(&self, set: &NumberSet) -> bool {
        legal(set, self.heap).is_empty()
    }

    /// Alice takes `s`, then Bob answers with `opt` unless the game is over. Illegal moves
    /// change nothing.
    pub fn play(&self, set: &NumberSet, report: &CumulativeReport, s: u32) -> Game {
        let mut next = self.clone();
        if !legal(set, next.heap).contains(&s) {
            return next;
        }
        next.heap -= u64::from(s);
        next.alice += u64::from(s);
        next.log
            .push(format!("Alice takes {s}, leaving {}.", next.heap));
        if let Some(Some(reply)) = report.optimal_actions.get(next.heap as usize) {
            next.heap -= u64::from(*reply);
            next.bob += u64::from(*reply);
            next.log
                .push(format!("Bob takes {reply}, leaving {}.", next.heap));
        }
        next
    }

    /// The score: `p` plus Positive's points minus Negative's.
    pub fn score(&self, start_score: i64, alice_is_positive: bool) -> i64 {
        let diff = self.alice as i64 - self.bob as i64;
        if alice_is_positive {
            start_score + diff
        } else {
            start_score - diff
        }
    }
}

/// The play card (`#cs-play`).
#[function_component(Play)]
pub fn play(props: &PlayProps) -> Html {
    let report = use_memo((props.set.clone(), props.heap), |(set, heap)| {
        solve(set, heap + 1).map(Rc::new)
    });
    let game = use_state(|| Game::new(props.heap));
    {
        let game = game.clone();
        use_effect_with((props.set.clone(), props.heap), move |(_, heap)| {
            game.set(Game::new(*heap));
        });
    }
    let report = match &*report {
        Ok(r) => r.clone(),
        Err(e) => {
            return html! { <section class="card" id="cs-play"><p class="error" role="alert">{ e.clone() }</p></section> }
        }
    };
    let alice_role = if props.positive_starts {
        "Positive"
    } else {
        "Negative"
    };
    let best = cs::final_score(
        report.outcomes[props.heap as usize],
        props.start_score,
        props.positive_starts,
    );
    let over = game.over(&props.set);
    let score = game.score(props.start_score, props.positive_starts);
    let status = if over {
        let verdict = if score == best {
            "you played optimally".to_string()
        } else {
            format!("perfect play by both gives {best}")
        };
        format!(
            "Game over: Alice {} and Bob {}, final score {score} ({verdict}).",
            game.alice, game.bob
        )
    } else {
        format!("Your move from heap {}.", game.heap)
    };
    let move_button = |s: u32| {
        let (game, set, report) = (game.clone(), props.set.clone(), report.clone());
        let onclick = Callback::from(move |_: MouseEvent| game.set(game.play(&set, &report, s)));
        html! { <button type="button" class="play-move" id={format!("cs-play-move-{s}")} {onclick}>{ s }</button> }
    };
    let on_restart = {
        let (game, heap) = (game.clone(), props.heap);
        Callback::from(move |_: MouseEvent| game.set(Game::new(heap)))
    };
    html! {
        <section class="card" id="cs-play" aria-labelledby="cs-play-title">
            <h2 id="cs-play-title">{ format!("Play: Alice against the perfect Bob, heap {}", props.heap) }</h2>
            <p class="note">{ format!("You are Alice ({alice_role}) and move first; Bob answers with opt(x) every time. Start score p = {}. Change the heap, the set, p or who starts in the form above.", props.start_score) }</p>
            <dl class="play-score">
                <div><dt>{ "Heap" }</dt><dd id="cs-play-heap">{ game.heap }</dd></div>
                <div><dt>{ "Alice" }</dt><dd id="cs-play-alice">{ game.alice }</dd></div>
                <div><dt>{ "Bob" }</dt><dd id="cs-play-bob">{ game.bob }</dd></div>
                <div><dt>{ "Score" }</dt><dd id="cs-play-score">{ score }</dd></div>
            </dl>
            <p id="cs-play-status" class={classes!("status", over.then_some("over"))} role="status">{ status }</p>
            if !over {
                <div id="cs-play-moves" class="play-moves" role="group" aria-label="Your move: how many tokens to take">
                    { for legal(&props.set, game.heap).into_iter().map(move_button) }
                </div>
            }
            <div class="toolbar">
                <button type="button" id="cs-play-restart" onclick={on_restart}>{ "Restart" }</button>
            </div>
            if !game.log.is_empty() {
                <ol id="cs-play-log" class="play-log">{ for game.log.iter().map(|l| html! { <li>{ l.clone() }</li> }) }</ol>
            }
        </section>
    }
}
