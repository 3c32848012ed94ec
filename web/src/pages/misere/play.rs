//! The misère page's sum box: a sum's element, misère outcome and winning moves, read from the
//! quotient, and a game against the engine. Each of the visitor's moves is a link whose URL
//! already holds the engine's reply (`sum` the position reached, `reply` the engine's move),
//! so a game in progress is a link like any other view.

use heaplab_engine::misere::play::{after, moves, reply};
use heaplab_engine::misere::report::{outcome_letter, sum_report, MisereMove};
use heaplab_engine::misere::HeapRules;
use heaplab_engine::octal::position::Outcome;
use heaplab_engine::EngineError;
use yew::prelude::*;

use crate::route::misere::{MisereQuery, Reply};
use crate::worker::jobs::misere::MisereResult;

/// The most moves listed for the visitor.
const MAX_LISTED: usize = 120;

/// A sum as people write it: `3 + 5 + 7`, or `0` for no heaps.
pub fn sum_text(heaps: &[u64]) -> String {
    if heaps.is_empty() {
        return "0".into();
    }
    let parts: Vec<String> = heaps.iter().map(u64::to_string).collect();
    parts.join(" + ")
}

/// A move as people read it: `9 → 4 + 3`, or `9 → 0` when the heap is taken whole.
pub fn move_text(size: u64, leaves: &[u64]) -> String {
    format!("{size} → {}", sum_text(leaves))
}

/// The URL of the position after the visitor's `mv` and the engine's reply to it.
fn after_reply(
    rules: &HeapRules,
    result: &MisereResult,
    heaps: &[u64],
    mv: &MisereMove,
    query: &MisereQuery,
) -> Result<String, EngineError> {
    let mut next = after(heaps, mv);
    let answer = reply(rules, &result.quotient, &next)?;
    let reply = match &answer {
        Some(m) => {
            next = after(&next, m);
            Reply::Moved {
                size: m.size,
                leaves: m.leaves.clone(),
            }
        }
        None => Reply::NoMove,
    };
    let mut link = query.clone();
    link.sum = if next.is_empty() {
        "0".into()
    } else {
        next.iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(",")
    };
    link.reply = reply.text();
    Ok(link.to_hash())
}

/// What the engine did last, if the game has a last move.
fn reply_line(reply: Option<&Reply>) -> Html {
    match reply {
        Some(Reply::Moved { size, leaves }) => html! {
            <p id="mq-reply">{ format!("The engine moved {}.", move_text(*size, leaves)) }</p>
        },
        Some(Reply::NoMove) => html! {
            <p id="mq-reply" class="error">{ "The engine had no move left: you made the last move, so under misère play you lose." }</p>
        },
        None => html! {},
    }
}

/// The sum box card: the outcome, the winning moves, and the visitor's moves as links.
pub fn sum_box(
    result: &MisereResult,
    rules: &HeapRules,
    heaps: &[u64],
    last: Option<&Reply>,
    query: &MisereQuery,
) -> Html {
    let body = sum_body(result, rules, heaps, last, query)
        .unwrap_or_else(|e| html! { <p class="error" role="alert">{ e.to_string() }</p> });
    html! {
        <section class="card" aria-labelledby="mq-sum-title">
            <h2 id="mq-sum-title">{ format!("The sum {}", sum_text(heaps)) }</h2>
            { reply_line(last) }
            { body }
        </section>
    }
}

fn sum_body(
    result: &MisereResult,
    rules: &HeapRules,
    heaps: &[u64],
    last: Option<&Reply>,
    query: &MisereQuery,
) -> Result<Html, EngineError> {
    let report = sum_report(rules, &result.quotient, heaps)?;
    let (all, more) = moves(rules, heaps, MAX_LISTED)?;
    if all.is_empty() {
        let text = if last == Some(&Reply::NoMove) {
            "The game is over."
        } else {
            "No move is left for you: the last move was the engine's, so under misère play you win."
        };
        return Ok(html! { <p id="mq-outcome">{ text }</p> });
    }
    let verdict = match report.outcome {
        Outcome::P => "P: the player to move loses with best play (no winning move)",
        Outcome::N => "N: the player to move wins with best play",
    };
    let wins = |m: &MisereMove| report.winning_moves.iter().any(|w| w == m);
    let item = |m: &MisereMove| -> Result<Html, EngineError> {
        let href = after_reply(rules, result, heaps, m, query)?;
        let text = move_text(m.size, &m.leaves);
        Ok(html! {
            <li><a href={href} class={classes!("mq-move", wins(m).then_some("winning"))}>{ text }</a>
                if wins(m) { { " (wins)" } }</li>
        })
    };
    let items = all.iter().map(item).collect::<Result<Vec<Html>, _>>()?;
    Ok(html! {
        <>
            <p id="mq-outcome" data-outcome={outcome_letter(report.outcome)}>{ format!("Element {}; misère outcome {verdict}.", report.element) }</p>
            <p id="mq-winning">{ winning_line(&report.winning_moves) }</p>
            <h3>{ "Your move (the engine answers at once)" }</h3>
            <ul id="mq-moves" class="move-list">{ for items }</ul>
            if more {
                <p class="note">{ format!("The first {MAX_LISTED} moves are listed.") }</p>
            }
        </>
    })
}

/// The winning moves in one line.
fn winning_line(winning: &[MisereMove]) -> String {
    if winning.is_empty() {
        return "No winning move: every move leaves an N-position.".into();
    }
    let list: Vec<String> = winning
        .iter()
        .map(|m| move_text(m.size, &m.leaves))
        .collect();
    format!("Winning moves: {}.", list.join(", "))
}
