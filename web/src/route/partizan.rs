//! URL state of `#/partizan?family=subtraction&L=1,2&R=1,3&n=40&pos=5,7,9`: partizan heap
//! games (thesis Chapter 4, `heaplab_engine::partizan`).
//!
//! * `family`: `subtraction` (`L`, `R`: each player's subtraction set), `breaking` (pure
//!   breaking: `L`, `R` are cut numbers), `duel` (`L`, `R`: code-digit codes such as `.07`) or
//!   `chessboard` (`L` is the set; Left leaves even heaps, Right odd ones; `R` is ignored);
//! * `n`: heaps `0..n` in the table (at most [`MAX_PAGE_TERMS`]);
//! * `pos` (optional): a sum of heaps, `5,7,9`, analysed in the position box;
//! * `play` (optional): `L` or `R`, the side the visitor plays against the engine; `turn`:
//!   who moves at `pos` (`L` or `R`; the visitor when absent). When it is the engine's turn,
//!   the job makes the engine's move first. In play, no `pos` is the sum of no heaps (the
//!   game is over: the player to move loses);
//! * `family=bw`: a black-and-white heap game: `word` colours the heap sizes (`bw`, `wbb(bw)`:
//!   `b` black, Left may leave it; `w` white, Right may) and `L` is the impartial ruleset, a
//!   subtraction set (`1,2`) or a code-digit code (`.07`); `R` is ignored;
//! * `family=game`: one game typed in `game` in the usual notation (`{2|-1}`, `^*`, `*3`,
//!   `1/2`, sums with `+`); the heap keys are kept but unused;
//! * `thermo` (optional): the thermograph drawn under the table: a heap `7` or `pos` for the
//!   position (a single game always shows its own);
//! * `depth` (optional): the levels of the game tree shown (Deeper / Fewer levels set it);
//! * `tree` (optional): `all` opens the position's game tree with every option; by default
//!   it opens at the root and the winning options.

use heaplab_engine::octal::Ruleset;
use heaplab_engine::partizan::heap::{HeapRules, Impartial, Leaves};
use heaplab_engine::partizan::position::MAX_POSITION_HEAPS;
use heaplab_engine::ruleset::{parse_count, NumberSet};
use heaplab_engine::EngineError;
use serde::{Deserialize, Serialize};

use super::registry::FieldError;
use super::{format_query, parse_query};

/// The deepest level of a game tree a link may ask for (`depth`).
pub const MAX_TREE_DEPTH: u64 = 64;
/// Most heaps the page's table asks the worker for.
pub const MAX_PAGE_TERMS: u64 = 2_000;
/// Longest game text the single-game mode accepts (the parser has its own, larger cap).
pub const MAX_GAME_TEXT: usize = 20_000;
/// Largest heap of a position on the page.
pub const MAX_POSITION_HEAP: u64 = 1_999;
/// The families, as `(URL value, label)`.
pub const FAMILIES: &[(&str, &str)] = &[
    ("subtraction", "Subtraction S(L | R)"),
    ("breaking", "Pure breaking PB(L | R)"),
    ("duel", "Duel of code-digit games"),
    ("chessboard", "Chessboard subtraction"),
    ("bw", "Black and white (coloured impartial game)"),
    ("game", "Single game (typed in notation)"),
];

/// A valid page state: a family's table, or one game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum PartizanView {
    /// A family of heap games (the table, position box and play).
    Heaps(PartizanRequest),
    /// One game typed in notation.
    Game(GameRequest),
}

/// The URL state, as typed (kept raw so a bad link is shown back with its error).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PartizanQuery {
    /// One of [`FAMILIES`].
    pub family: String,
    /// Left's set, cut numbers or code.
    pub left: String,
    /// Right's set, cut numbers or code.
    pub right: String,
    /// Heaps in the table.
    pub terms: String,
    /// A sum of heaps (empty: none).
    pub pos: String,
    /// The visitor's side in play, `L` or `R` (empty: not playing).
    pub play: String,
    /// Who moves at `pos` in play, `L` or `R` (empty: the visitor).
    pub turn: String,
    /// The colouring word of the `bw` family.
    pub word: String,
    /// The game of the `game` family, in notation.
    pub game: String,
    /// The thermograph shown: a heap, `pos`, or empty for none.
    pub thermo: String,
    /// The game tree's opening: empty (the root and winning options) or `all`.
    pub tree: String,
    /// The levels of the game tree shown (empty: as many as are readable in the box).
    pub depth: String,
}

impl Default for PartizanQuery {
    fn default() -> Self {
        PartizanQuery {
            family: "subtraction".into(),
            left: "1,2".into(),
            right: "1,3".into(),
            terms: "40".into(),
            pos: String::new(),
            play: String::new(),
            turn: String::new(),
            word: "bw".into(),
            game: String::new(),
            thermo: String::new(),
            tree: String::new(),
            depth: String::new(),
        }
    }
}

pub use crate::protocol::partizan::{GameRequest, PartizanRequest, Thermo};

/// What is wrong, as `(URL key, message)` pairs.
pub type PartizanErrors = Vec<(&'static str, String)>;

impl PartizanQuery {
    /// Reads the query after `?`; missing keys take the defaults, unknown keys are ignored.
    pub fn from_query(query: &str) -> PartizanQuery {
        let mut q = PartizanQuery::default();
        for (key, value) in parse_query(query) {
            match key.as_str() {
                "family" => q.family = value,
                "L" => q.left = value,
                "R" => q.right = value,
                "n" => q.terms = value,
                "pos" => q.pos = value,
                "play" => q.play = value,
                "turn" => q.turn = value,
                "word" => q.word = value,
                "game" => q.game = value,
                "thermo" => q.thermo = value,
                "tree" => q.tree = value,
                "depth" => q.depth = value,
                _ => {}
            }
        }
        q
    }

    /// The hash of this state (the optional keys only when given; `word` only for `bw`).
    pub fn to_hash(&self) -> String {
        let mut pairs = vec![
            ("family", self.family.trim()),
            ("L", self.left.trim()),
            ("R", self.right.trim()),
            ("n", self.terms.trim()),
        ];
        let word = if self.family.trim() == "bw" {
            self.word.as_str()
        } else {
            ""
        };
        for (key, value) in [
            ("pos", self.pos.as_str()),
            ("play", &self.play),
            ("turn", &self.turn),
            ("word", word),
            ("game", &self.game),
            ("thermo", &self.thermo),
            ("tree", &self.tree),
            ("depth", &self.depth),
        ] {
            if !value.trim().is_empty() {
                pairs.push((key, value.trim()));
            }
        }
        format!("#/partizan?{}", format_query(&pairs))
    }

    /// The ruleset the family and fields select.
    pub fn rules(&self) -> Result<HeapRules, (&'static str, EngineError)> {
        let set = |key, text: &str| NumberSet::parse(text).map_err(|e| (key, e));
        let code = |key, text: &str| Ruleset::parse(text).map_err(|e| (key, e));
        let rules = match self.family.trim() {
            "subtraction" => {
                HeapRules::subtraction(&set("L", &self.left)?, &set("R", &self.right)?)
            }
            "breaking" => HeapRules::pure_breaking(&set("L", &self.left)?, &set("R", &self.right)?),
            "duel" => HeapRules::duel(&code("L", &self.left)?, &code("R", &self.right)?),
            "chessboard" => HeapRules::chessboard(&set("L", &self.left)?),
            "bw" => {
                // The word is checked first so that its error names its own field.
                Leaves::parse(&self.word).map_err(|e| ("word", e))?;
                HeapRules::black_white_of(&self.word, Impartial::guess(self.left.trim()), false)
            }
            other => {
                return Err((
                    "family",
                    EngineError::Parse(format!(
                        "unknown family {other:?}: use subtraction, breaking, duel, chessboard, bw or game"
                    )),
                ))
            }
        };
        rules.map_err(|e| ("L", e))
    }

    /// Checks every field with the engine's parsers and the page's caps; all problems at once.
    pub fn validate(&self) -> Result<PartizanRequest, PartizanErrors> {
        let mut errors = PartizanErrors::new();
        let rules = self
            .rules()
            .map_err(|(key, e)| errors.push((key, e.to_string())))
            .ok();
        let terms = parse_count(&self.terms, "the number of heaps n", 1, MAX_PAGE_TERMS)
            .map_err(|e| errors.push(("n", e.to_string())))
            .ok();
        let play = self.play_sides().map_err(|e| errors.push(("play", e))).ok();
        let position = match self.pos.trim() {
            "" if play.flatten().is_some() => Some(Some(Vec::new())),
            "" => Some(None),
            text => parse_heaps(text)
                .map(Some)
                .map_err(|e| errors.push(("pos", e.to_string())))
                .ok(),
        };
        let has_position = matches!(position, Some(Some(_)));
        if let Err(e) = self.tree_depth() {
            errors.push(("depth", e.to_string()));
        }
        let thermo = self
            .thermo_choice(terms, has_position)
            .map_err(|e| errors.push(("thermo", e)))
            .ok();
        match (rules, terms, position, play, thermo) {
            (Some(rules), Some(terms), Some(position), Some(play), Some(thermo))
                if errors.is_empty() =>
            {
                Ok(PartizanRequest {
                    rules,
                    terms: terms as usize,
                    position,
                    play,
                    thermo,
                })
            }
            _ => Err(errors),
        }
    }

    /// True in single-game mode (`family=game`).
    pub fn is_game(&self) -> bool {
        self.family.trim() == "game"
    }

    /// Checks the state of either mode: the family's request ([`Self::validate`]) or the
    /// single game's text (parsed by the engine in the worker, where a long parse can be
    /// cancelled; here only its presence and length).
    pub fn check(&self) -> Result<PartizanView, PartizanErrors> {
        if !self.is_game() {
            return self.validate().map(PartizanView::Heaps);
        }
        let text = self.game.trim();
        if text.is_empty() {
            return Err(vec![(
                "game",
                "enter a game such as {2|-1}, ^*, *3, 1/2 or a sum like {1|0}+*".into(),
            )]);
        }
        if text.chars().count() > MAX_GAME_TEXT {
            return Err(vec![(
                "game",
                format!("a game of at most {MAX_GAME_TEXT} characters, please"),
            )]);
        }
        Ok(PartizanView::Game(GameRequest { text: text.into() }))
    }

    /// The `depth` key: the game tree's levels shown, or `None` for the readable default.
    pub fn tree_depth(&self) -> Result<Option<usize>, EngineError> {
        match self.depth.trim() {
            "" => Ok(None),
            text => parse_count(text, "depth", 0, MAX_TREE_DEPTH).map(|d| Some(d as usize)),
        }
    }

    /// The `thermo` key as a choice: a heap below `n`, or `pos` when there is a position.
    fn thermo_choice(
        &self,
        terms: Option<u64>,
        has_position: bool,
    ) -> Result<Option<Thermo>, String> {
        match self.thermo.trim() {
            "" => Ok(None),
            "pos" if has_position => Ok(Some(Thermo::Position)),
            "pos" => Err("thermo=pos needs a position (pos)".into()),
            text => {
                let top = terms.unwrap_or(1).max(1) - 1;
                parse_count(text, "the thermograph heap (thermo)", 0, top)
                    .map(|h| Some(Thermo::Heap(h as usize)))
                    .map_err(|e| e.to_string())
            }
        }
    }

    /// `play` and `turn` as (the visitor plays Left, Left moves), `None` when not playing.
    fn play_sides(&self) -> Result<Option<(bool, bool)>, String> {
        let side = |text: &str| match text.trim() {
            "L" => Ok(Some(true)),
            "R" => Ok(Some(false)),
            "" => Ok(None),
            other => Err(format!("play and turn are L or R, not {other:?}")),
        };
        match (side(&self.play)?, side(&self.turn)?) {
            (None, _) => Ok(None),
            (Some(me), turn) => Ok(Some((me, turn.unwrap_or(me)))),
        }
    }

    /// The errors as the shared field-error list, each with the id `pz-error-{key}`.
    pub fn field_errors(errors: &PartizanErrors) -> Vec<FieldError> {
        errors
            .iter()
            .map(|(key, message)| FieldError {
                id: Some(format!("pz-error-{key}")),
                message: message.clone(),
            })
            .collect()
    }
}

/// Heap sizes such as `5,7,9` or `5 + 7 + 9`: 1 to [`MAX_POSITION_HEAPS`] heaps of at most
/// [`MAX_POSITION_HEAP`] tokens.
pub fn parse_heaps(text: &str) -> Result<Vec<usize>, EngineError> {
    let tokens: Vec<&str> = text
        .split(|c: char| c == ',' || c == '+' || c.is_whitespace())
        .filter(|t| !t.is_empty())
        .collect();
    if tokens.is_empty() || tokens.len() > MAX_POSITION_HEAPS {
        return Err(EngineError::OutOfRange(format!(
            "a position has 1 to {MAX_POSITION_HEAPS} heaps, e.g. 5,7,9"
        )));
    }
    tokens
        .iter()
        .map(|t| parse_count(t, "a heap", 0, MAX_POSITION_HEAP).map(|h| h as usize))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The state read back from its own hash.
    fn again(q: &PartizanQuery) -> PartizanQuery {
        PartizanQuery::from_query(q.to_hash().split_once('?').unwrap().1)
    }

    #[test]
    fn the_tree_depth_reads_back_and_a_bad_one_is_named() {
        let q = PartizanQuery::from_query("L=1,2&R=1,3&n=40&pos=5,7,9&depth=2");
        assert_eq!(q.tree_depth().unwrap(), Some(2));
        assert_eq!(again(&q), q);
        assert!(q.to_hash().ends_with("&depth=2"));
        assert_eq!(PartizanQuery::default().tree_depth().unwrap(), None);
        for bad in ["depth=-1", "depth=x", "depth=65"] {
            let q = PartizanQuery::from_query(&format!("pos=5&{bad}"));
            let errors = q.validate().unwrap_err();
            assert_eq!(errors[0].0, "depth", "{bad}: {errors:?}");
        }
    }

    #[test]
    fn a_single_game_reads_back_from_its_hash() {
        let q = PartizanQuery::from_query("family=game&game=%7B2%7C-1%7D");
        assert_eq!(q.game, "{2|-1}");
        assert_eq!(again(&q), q);
        assert_eq!(
            q.check(),
            Ok(PartizanView::Game(GameRequest {
                text: "{2|-1}".into()
            }))
        );
        let empty = PartizanQuery::from_query("family=game");
        assert_eq!(empty.check().unwrap_err()[0].0, "game");
        let long = PartizanQuery {
            game: "{".repeat(MAX_GAME_TEXT + 1),
            ..PartizanQuery::from_query("family=game")
        };
        assert_eq!(long.check().unwrap_err().len(), 1);
    }

    #[test]
    fn black_and_white_and_thermograph_keys_round_trip() {
        let q = PartizanQuery::from_query("family=bw&word=wbb(bw)&L=.07&n=12&thermo=7&tree=all");
        assert_eq!(again(&q), q);
        let request = q.validate().expect("valid");
        assert_eq!(request.thermo, Some(Thermo::Heap(7)));
        let want = HeapRules::black_white_of("wbb(bw)", Impartial::Code(".07"), false).unwrap();
        assert_eq!(request.rules, want);
        let pos = PartizanQuery::from_query("L=1,2&R=1,3&n=10&pos=5,7&thermo=pos");
        assert_eq!(again(&pos), pos);
        assert_eq!(pos.validate().unwrap().thermo, Some(Thermo::Position));
        // Old links without the new keys keep their meaning.
        let old = PartizanQuery::from_query("family=duel&L=.07&R=.137&n=20");
        assert_eq!(old.to_hash(), "#/partizan?family=duel&L=.07&R=.137&n=20");
    }

    #[test]
    fn bad_new_keys_name_their_field() {
        for (query, key) in [
            ("family=bw&word=bx&L=1,2", "word"),
            ("family=bw&word=bw&L=1,x", "L"),
            ("n=10&thermo=10", "thermo"),
            ("n=10&thermo=pos", "thermo"),
            ("n=10&thermo=x", "thermo"),
        ] {
            let errors = PartizanQuery::from_query(query).validate().unwrap_err();
            assert_eq!(errors[0].0, key, "{query}: {errors:?}");
            assert!(!errors[0].1.contains('\n'));
        }
    }
}
