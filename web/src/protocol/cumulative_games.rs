//! The cumulative games page's state ([`CgQuery`], the fields as typed) and its validation
//! into [`CgParams`] with the engine's parsers (`heaplab_engine::cumulative_games::spec`) and
//! the page's caps. The worker job receives the state as typed and validates it the same way
//! (the engine's checked types do not cross to the worker); the URL layer reads and writes it
//! in the hash (`crate::route::cumulative_games`).

use heaplab_engine::cumulative_games::efg::Efg;
use heaplab_engine::cumulative_games::{spec, Moves, Preset, Rational, TieBreak, Turn};
use heaplab_engine::ruleset::parse_count;
use heaplab_engine::EngineError;
use serde::{Deserialize, Serialize};

use super::browser_json;
/// Largest heap the page solves (the grounded-position cap is what binds).
pub const MAX_PAGE_HEAP: u64 = 100_000;
/// Most rows of the outcome table.
pub const MAX_PAGE_TERMS: u64 = 400;
/// Nodes shown when a tree first opens.
pub const TREE_CAP: usize = 300;
/// The dynamic map the form offers when "heap-size dynamic" is first chosen: {2,3} except
/// that heap 5 allows only 1.
pub const DEFAULT_DYNAMIC: &str = "1..20:2,3;5:1";

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
    /// The view's key in the URL (`efg`, `cgt`, `dag`).
    pub fn name(self) -> &'static str {
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

/// The raw page state, as the URL or the form holds it (and as the worker receives it).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CgQuery {
    /// Preset name.
    pub preset: String,
    /// Number of players.
    pub players: String,
    /// Everyone's subtraction set, or one per player separated by `;`.
    pub set: String,
    /// Bob's own set; empty for a symmetric game.
    pub set2: String,
    /// `fixed` (the sets above) or `dynamic` (the map below).
    pub moves: String,
    /// A heap-size dynamic map (used when `moves` is `dynamic`).
    pub dynamic: String,
    /// Heap size.
    pub heap: String,
    /// Starting cumulations, one per player.
    pub cums: String,
    /// `1..=n`: who moves first.
    pub start: String,
    /// Tie-break name.
    pub tie: String,
    /// Turn function.
    pub turn: String,
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
            players: "2".into(),
            set: "2,3".into(),
            set2: String::new(),
            moves: "fixed".into(),
            dynamic: DEFAULT_DYNAMIC.into(),
            heap: "7".into(),
            cums: "0,0".into(),
            start: "1".into(),
            tie: "antagonistic".into(),
            turn: "cyclic".into(),
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
    /// Number of players.
    pub players: usize,
    /// The subtraction maps: fixed sets or a heap-size dynamic map.
    pub moves: Moves,
    /// The turn function.
    pub turn: Turn,
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

/// `0,0,…,0` for `players` players.
pub(crate) fn zeros(players: usize) -> String {
    vec!["0"; players].join(",")
}

impl CgQuery {
    /// The subtraction maps: the sets (with Bob's own set appended) or the dynamic map.
    fn moves_for(&self, players: usize) -> Result<Moves, (&'static str, EngineError)> {
        match self.moves.as_str() {
            "fixed" => {
                let mut text = self.set.clone();
                if !self.set2.trim().is_empty() {
                    text = format!("{text};{}", self.set2);
                }
                spec::parse_sets(&text, players)
                    .map(Moves::Fixed)
                    .map_err(|e| {
                        (
                            if self.set2.trim().is_empty() {
                                "S"
                            } else {
                                "S, S2"
                            },
                            e,
                        )
                    })
            }
            "dynamic" => spec::parse_dynamic(&self.dynamic, players).map_err(|e| ("D", e)),
            other => Err((
                "moves",
                EngineError::Parse(format!(
                    "unknown subtraction map '{other}': use fixed or dynamic"
                )),
            )),
        }
    }

    /// The fields a message of [`CgQuery::validate`] names: the list before `": "`
    /// (`"S, S2: …"`), or its first word when the message starts with the field's own name
    /// (`"x must be …"`).
    pub fn named_fields(message: &str) -> Vec<String> {
        let listed = message
            .split_once(": ")
            .map(|(head, _)| head.split(", ").collect::<Vec<&str>>())
            .filter(|fields| fields.iter().all(|f| !f.is_empty() && !f.contains(' ')));
        match listed {
            Some(fields) => fields.into_iter().map(str::to_string).collect(),
            None => message
                .split(' ')
                .next()
                .map(str::to_string)
                .into_iter()
                .collect(),
        }
    }

    /// Checks every field; the errors name the field.
    pub fn validate(&self) -> Result<CgParams, Vec<String>> {
        let mut errors = Vec::new();
        // The field's name leads the message once ("x must be …", not "x: x must be …").
        let mut note = |field: &str, e: EngineError| {
            let text = e.to_string();
            errors.push(if text.starts_with(&format!("{field} ")) {
                text
            } else {
                format!("{field}: {text}")
            })
        };
        let (preset, efg) = if self.preset == "efg" {
            let efg = browser_json::efg_from_json(&self.efg)
                .map_err(|e| note("efg", e))
                .ok();
            (efg.as_ref().map(|_| Preset::Squirrel), efg)
        } else {
            let preset = Preset::from_name(&self.preset)
                .map_err(|e| note("preset", e))
                .ok();
            (preset, None)
        };
        let players = spec::parse_players(&self.players)
            .map_err(|e| note("players", e))
            .ok();
        // The fields below depend on n; with a bad n they are not checked (one message).
        let per_player = players.map(|n| {
            let moves = self.moves_for(n).map_err(|(field, e)| note(field, e)).ok();
            let cums = spec::parse_cumulations(&self.cums, n)
                .map_err(|e| note("C", e))
                .ok();
            let start = parse_count(&self.start, "start", 1, n as u64)
                .map_err(|e| note("start", e))
                .ok();
            let turn = spec::parse_turn(&self.turn, n)
                .map_err(|e| note("turn", e))
                .ok();
            (moves, cums, start, turn)
        });
        let heap = parse_count(&self.heap, "x", 0, MAX_PAGE_HEAP)
            .map_err(|e| note("x", e))
            .ok();
        let tie = TieBreak::from_name(&self.tie)
            .map_err(|e| note("tie", e))
            .ok();
        let terms = parse_count(&self.terms, "n", 1, MAX_PAGE_TERMS)
            .map_err(|e| note("n", e))
            .ok();
        let value = Rational::parse(&self.value).map_err(|e| note("v", e)).ok();
        let view = View::from_name(&self.view).map_err(|e| errors.push(e)).ok();
        match (preset, players, per_player, heap, tie, view, terms, value) {
            (
                Some(preset),
                Some(players),
                Some((Some(moves), Some(cums), Some(start), Some(turn))),
                Some(heap),
                Some(tie),
                Some(view),
                Some(terms),
                Some(value),
            ) if errors.is_empty() => Ok(CgParams {
                preset,
                players,
                moves,
                turn,
                heap,
                cums,
                start: start as usize - 1,
                tie,
                view,
                terms,
                value,
                efg,
            }),
            _ => Err(errors),
        }
    }

    /// The state after choosing `players` in the form: all-zero cumulations and the starting
    /// player follow the new count.
    pub fn with_players(&self, players: &str) -> CgQuery {
        let mut next = self.clone();
        next.players = players.to_string();
        if let Ok(n) = spec::parse_players(players) {
            let all_zero = self
                .cums
                .split(|c: char| c == ',' || c.is_whitespace())
                .filter(|t| !t.is_empty())
                .all(|t| t == "0");
            if all_zero {
                next.cums = zeros(n);
            }
            if parse_count(&self.start, "start", 1, n as u64).is_err() {
                next.start = "1".into();
            }
        }
        next
    }
}
