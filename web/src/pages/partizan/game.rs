//! The single-game view of the partizan page (`#/partizan?family=game&game={2|-1}`): the game
//! typed in notation, parsed and analysed by the engine in the Web Worker
//! ([`crate::worker::jobs::partizan_game::solve_game`]), shown as its facts and its thermograph.

use heaplab_figures::views::thermograph;
use yew::prelude::*;

use super::thermo::ThermoCard;
use crate::components::job_status::job_status;
use crate::jobs::use_job;
use crate::route::partizan::GameRequest;
use crate::worker::{GameResult, JobSpec};

/// Properties of [`GameJob`].
#[derive(Properties, PartialEq)]
pub struct GameJobProps {
    /// The game as typed.
    pub request: GameRequest,
}

/// Runs the single game in the worker (progress, Cancel) and shows its facts.
#[function_component(GameJob)]
pub fn game_job(props: &GameJobProps) -> Html {
    let job = use_job(JobSpec::PartizanGame(props.request.clone()));
    let body = match job.output() {
        Some(shared) => match shared.partizan_game() {
            Some(Ok(result)) => game_facts(result, &props.request.text),
            Some(Err(e)) => {
                html! { <p class="form-error" id="pz-game-error" role="alert">{ e.to_string() }</p> }
            }
            None => html! {},
        },
        _ => html! {},
    };
    html! {
        <>
            { job_status("pz-job", "the game", &job) }
            { body }
        </>
    }
}

/// One row of the facts list.
fn fact(label: &str, id: &str, value: &str) -> Html {
    html! {
        <div><dt>{ label.to_string() }</dt><dd id={id.to_string()}><code>{ value.to_string() }</code></dd></div>
    }
}

/// The facts of the game and its thermograph (linked to the game as `typed`).
fn game_facts(result: &GameResult, typed: &str) -> Html {
    let f = &result.facts;
    let atomic = match &result.atomic_weight {
        Ok(w) => html! { <code>{ w.clone() }</code> },
        Err(why) => html! { <span class="note">{ format!("none: {why}") }</span> },
    };
    html! {
        <>
            <section class="card summary" id="pz-game" aria-labelledby="pz-game-title">
                <h2 id="pz-game-title">{ "The game" }</h2>
                <dl>
                    { fact("Canonical form", "pz-game-value", &f.canonical) }
                    <div><dt>{ "Outcome" }</dt><dd id="pz-game-outcome">{ format!("{:?}", f.outcome) }</dd></div>
                    { fact("Birthday", "pz-game-birthday", &f.birthday.to_string()) }
                    { fact("Left stop", "pz-game-left-stop", &f.left_stop) }
                    { fact("Right stop", "pz-game-right-stop", &f.right_stop) }
                    { fact("Mean", "pz-game-mean", &f.mean) }
                    { fact("Temperature", "pz-game-temperature", &f.temperature) }
                    { fact("Reduced canonical form", "pz-game-reduced", &f.reduced) }
                    <div><dt>{ "Atomic weight" }</dt><dd id="pz-game-atomic">{ atomic }</dd></div>
                </dl>
            </section>
            <section class="card" aria-labelledby="pz-thermo-title">
                <h2 id="pz-thermo-title">{ "Thermograph" }</h2>
                <ThermoCard id="pz-thermo" curves={Ok::<_, String>(result.curves.clone())} stem="heaplab-thermograph" link={thermograph::game_link(typed)} />
            </section>
        </>
    }
}
