//! URL state of `#/misere?code=.77&n=30&sum=3,5,7`: the misère quotient page.
//!
//! * the game, exactly one of `code` (an octal or hexadecimal code, or a name such as
//!   `kayles`), `S` (a finite subtraction set) or `E` (the exclusions of an all-but game);
//!   none given is Kayles;
//! * `n`: the quotient covers heaps `0..=n` (at most [`MAX_PAGE_HEAP`]);
//! * `sum` (optional): a sum of heaps, each at most `n`, analysed and played in the sum box;
//!   after each move of a game the URL holds the position reached, the visitor to move;
//! * `reply` (optional): the engine's last move, shown above the position: `9:4,3` (a heap of
//!   9 left as 4 and 3), `9:` (a heap of 9 taken whole) or `none` (the engine had no move).

use heaplab_engine::misere::HeapRules;
use heaplab_engine::octal::position::parse_heaps;
use heaplab_engine::ruleset::parse_count;

use super::{format_query, parse_query};

/// The largest bound the page computes (the quotient's construction grows quickly with it).
pub const MAX_PAGE_HEAP: u64 = 300;
/// The page's bound when the link gives none.
pub const DEFAULT_HEAP: &str = "30";

/// The URL state, as typed.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct MisereQuery {
    /// The code or name (`code=`).
    pub code: String,
    /// A finite subtraction set (`S=`).
    pub subtraction: String,
    /// An all-but set's exclusions (`E=`).
    pub all_but: String,
    /// The bound `n`.
    pub max_heap: String,
    /// The sum of heaps in the sum box (empty: none).
    pub sum: String,
    /// The engine's last move in a game (empty: none yet).
    pub reply: String,
}

pub use crate::protocol::MisereRequest;

/// A valid state: the request, its game, and the sum of the sum box.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MisereParams {
    /// The worker's request.
    pub request: MisereRequest,
    /// Its game.
    pub rules: HeapRules,
    /// The sum, when one is given.
    pub sum: Option<Vec<u64>>,
    /// The engine's last move, when the game has one.
    pub reply: Option<Reply>,
}

/// The engine's last move in a game, as the URL states it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reply {
    /// It moved in a heap of `size`, leaving `leaves`.
    Moved {
        /// The heap it moved in.
        size: u64,
        /// The heaps it left (empty: it took the heap whole).
        leaves: Vec<u64>,
    },
    /// It had no move: the visitor made the last move.
    NoMove,
}

impl Reply {
    /// The URL form: `9:4,3`, `9:` or `none`.
    pub fn text(&self) -> String {
        match self {
            Reply::Moved { size, leaves } => {
                let leaves: Vec<String> = leaves.iter().map(u64::to_string).collect();
                format!("{size}:{}", leaves.join(","))
            }
            Reply::NoMove => "none".into(),
        }
    }

    /// Reads the URL form; a move must be one the rules allow.
    fn parse(text: &str, rules: &HeapRules) -> Result<Reply, String> {
        if text == "none" {
            return Ok(Reply::NoMove);
        }
        let bad = || format!("reply: {text:?} is not a move such as 9:4,3 or 9:");
        let (size, leaves) = text.split_once(':').ok_or_else(bad)?;
        let size = parse_count(size, "reply", 1, MAX_PAGE_HEAP).map_err(|e| e.to_string())?;
        let mut leaves = match leaves.trim() {
            "" => Vec::new(),
            list => parse_heaps(list).map_err(|_| bad())?,
        };
        leaves.sort_unstable();
        let legal = rules.options(size).map_err(|e| e.to_string())?;
        if !legal.contains(&leaves) {
            return Err(format!("reply: {text} is not a move of this game"));
        }
        Ok(Reply::Moved { size, leaves })
    }
}

impl MisereQuery {
    /// Reads `#/misere?...`; missing keys take their defaults, unknown keys are ignored.
    pub fn from_query(query: &str) -> Self {
        let mut q = MisereQuery {
            max_heap: DEFAULT_HEAP.into(),
            ..MisereQuery::default()
        };
        for (key, value) in parse_query(query) {
            match key.as_str() {
                "code" => q.code = value,
                "S" => q.subtraction = value,
                "E" => q.all_but = value,
                "n" => q.max_heap = value,
                "sum" => q.sum = value,
                "reply" => q.reply = value,
                _ => {}
            }
        }
        if [&q.code, &q.subtraction, &q.all_but]
            .iter()
            .all(|t| t.trim().is_empty())
        {
            q.code = ".77".into();
        }
        q
    }

    /// The game's key and text: the first of `code`, `S`, `E` that is given.
    pub fn game(&self) -> (&'static str, &str) {
        [
            ("code", &self.code),
            ("S", &self.subtraction),
            ("E", &self.all_but),
        ]
        .into_iter()
        .find(|(_, text)| !text.trim().is_empty())
        .map_or(("code", ""), |(key, text)| (key, text.trim()))
    }

    /// The hash of this state (`sum` only when given).
    pub fn to_hash(&self) -> String {
        let (key, text) = self.game();
        let mut pairs = vec![(key, text), ("n", self.max_heap.trim())];
        for (key, value) in [("sum", &self.sum), ("reply", &self.reply)] {
            if !value.trim().is_empty() {
                pairs.push((key, value.trim()));
            }
        }
        format!("#/misere?{}", format_query(&pairs))
    }

    /// Checks every field with the engine's parsers and the page's cap; all problems at once.
    pub fn validate(&self) -> Result<MisereParams, Vec<String>> {
        let mut errors = Vec::new();
        let given = [&self.code, &self.subtraction, &self.all_but]
            .iter()
            .filter(|t| !t.trim().is_empty())
            .count();
        if given > 1 {
            errors.push("give one game: code, S or E, not several".to_string());
        }
        let (key, text) = self.game();
        let max_heap = parse_count(&self.max_heap, "the bound n", 1, MAX_PAGE_HEAP)
            .map_err(|e| errors.push(e.to_string()))
            .ok();
        let request = MisereRequest {
            key: key.to_string(),
            text: text.to_string(),
            max_heap: max_heap.unwrap_or(1),
        };
        let rules = request.rules().map_err(|e| errors.push(e)).ok();
        let sum = match self.sum.trim() {
            "" => Some(None),
            text => parse_heaps(text)
                .map_err(|e| errors.push(format!("sum: {e}")))
                .ok()
                .map(Some),
        };
        if let (Some(Some(heaps)), Some(n)) = (&sum, max_heap) {
            if let Some(h) = heaps.iter().find(|&&h| h > n) {
                errors.push(format!("sum: heap {h} is larger than n = {n}"));
            }
        }
        let reply = match (self.reply.trim(), &rules) {
            ("", _) | (_, None) => None,
            (text, Some(rules)) => Reply::parse(text, rules).map_err(|e| errors.push(e)).ok(),
        };
        match (rules, sum) {
            (Some(rules), Some(sum)) if errors.is_empty() => Ok(MisereParams {
                request,
                rules,
                sum,
                reply,
            }),
            _ => Err(errors),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_state_reads_back_from_its_hash() {
        let q = MisereQuery::from_query("S=1,2&n=12&sum=3,3,5");
        let hash = q.to_hash();
        assert_eq!(hash, "#/misere?S=1,2&n=12&sum=3,3,5");
        let again = MisereQuery::from_query(hash.split_once('?').unwrap().1);
        assert_eq!(again, q);
        let params = q.validate().unwrap();
        assert_eq!(params.sum, Some(vec![3, 3, 5]));
        assert_eq!(params.request.max_heap, 12);
    }

    #[test]
    fn no_game_is_kayles_and_bad_fields_are_all_named() {
        assert_eq!(MisereQuery::from_query("").game(), ("code", ".77"));
        let errors = MisereQuery::from_query("code=.77&E=2&n=0&sum=5,x")
            .validate()
            .unwrap_err();
        assert_eq!(errors.len(), 3, "{errors:?}");
        let too_big = MisereQuery::from_query("n=10&sum=11")
            .validate()
            .unwrap_err();
        assert!(too_big[0].contains("larger than n = 10"), "{too_big:?}");
    }

    #[test]
    fn a_reply_must_be_a_move_of_the_game() {
        // Kayles takes one or two adjacent pins, from an end or the middle: 5 → 1,3 is one.
        let ok = MisereQuery::from_query("code=.77&sum=3&reply=5:3,1").validate();
        let reply = ok.unwrap().reply.unwrap();
        assert_eq!(reply.text(), "5:1,3");
        for bad in ["5:4,4", "5", "x:1", "5:1,1,1"] {
            let q = MisereQuery::from_query(&format!("code=.77&reply={bad}"));
            assert!(q.validate().is_err(), "{bad} was accepted");
        }
        let none = MisereQuery::from_query("reply=none").validate().unwrap();
        assert_eq!(none.reply, Some(Reply::NoMove));
    }
}
