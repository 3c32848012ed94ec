//! The scoring play page's URL state ([`ScoringQuery`]): both tabs' typed text, read from and
//! written to the hash, and the octal tab's worker request. Lives under `route/` so the registry
//! needs no page.

use heaplab_engine::ruleset::parse_count;
use heaplab_engine::scoring::octal::{MAX_FIXED_HEAP, MAX_TERMS};
use heaplab_engine::scoring::ScoringRules;
use heaplab_engine::EngineError;

use super::{format_query, parse_query};
use crate::protocol::ScoringOctalRequest;

/// Stewart's Figure 1, the page's default game.
pub const FIGURE_1: &str = "{2,{11|4|-3}|3|4,{9|2|-5}}";
/// Most terms the page asks for.
pub const MAX_PAGE_TERMS: u64 = 100_000;

/// The URL state, as typed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScoringQuery {
    /// `game` or `octal`.
    pub tab: String,
    /// The game in bracket notation.
    pub game: String,
    /// The game added to it (empty: no sum).
    pub plus: String,
    /// The scoring octal code.
    pub code: String,
    /// Its points.
    pub points: String,
    /// How many values `G_s(0..n)`.
    pub terms: String,
    /// The fixed heap `m` (empty or 0: none).
    pub m: String,
    /// The fixed heap's code (empty: the same ruleset).
    pub m_code: String,
    /// The fixed heap's points.
    pub m_points: String,
}

impl Default for ScoringQuery {
    fn default() -> Self {
        ScoringQuery {
            tab: "game".into(),
            game: FIGURE_1.into(),
            plus: String::new(),
            code: "3333".into(),
            points: "2,2,2,2".into(),
            terms: "40".into(),
            m: String::new(),
            m_code: String::new(),
            m_points: String::new(),
        }
    }
}

impl ScoringQuery {
    /// Reads `#/scoring?...`; missing keys take their defaults, unknown keys are ignored.
    pub fn from_query(query: &str) -> Self {
        let mut q = ScoringQuery::default();
        for (key, value) in parse_query(query) {
            match key.as_str() {
                "tab" => q.tab = value,
                "g" => q.game = value,
                "plus" => q.plus = value,
                "code" => q.code = value,
                "pts" => q.points = value,
                "n" => q.terms = value,
                "m" => q.m = value,
                "mcode" => q.m_code = value,
                "mpts" => q.m_points = value,
                _ => {}
            }
        }
        q
    }

    /// The hash of this state (only the current tab's keys).
    pub fn to_hash(&self) -> String {
        let mut pairs = Vec::new();
        if self.tab == "octal" {
            pairs.push(("tab", "octal"));
            pairs.push(("code", self.code.trim()));
            pairs.push(("pts", self.points.trim()));
            pairs.push(("n", self.terms.trim()));
            for (key, value) in [
                ("m", &self.m),
                ("mcode", &self.m_code),
                ("mpts", &self.m_points),
            ] {
                if !value.trim().is_empty() {
                    pairs.push((key, value.trim()));
                }
            }
        } else {
            pairs.push(("tab", "game"));
            pairs.push(("g", self.game.trim()));
            if !self.plus.trim().is_empty() {
                pairs.push(("plus", self.plus.trim()));
            }
        }
        format!("#/scoring?{}", format_query(&pairs))
    }

    /// The worker request of the octal tab, or every problem with the typed text.
    pub fn octal_request(&self) -> Result<ScoringOctalRequest, Vec<String>> {
        let mut errors = Vec::new();
        let mut note = |r: Result<(), EngineError>| {
            if let Err(e) = r {
                errors.push(e.to_string());
            }
        };
        note(ScoringRules::parse(&self.code, &self.points).map(|_| ()));
        let terms = parse_count(&self.terms, "n", 1, MAX_PAGE_TERMS.min(MAX_TERMS));
        let m = match self.m.trim() {
            "" => Ok(0),
            text => parse_count(text, "m", 0, u64::from(MAX_FIXED_HEAP)),
        };
        // An empty code or points of the fixed heap means "the same as the game's".
        let or_same = |own: &str, same: &str| match own.trim() {
            "" => same.trim().to_string(),
            text => text.to_string(),
        };
        let (c, p) = (
            or_same(&self.m_code, &self.code),
            or_same(&self.m_points, &self.points),
        );
        let fixed_rules = if self.m_code.trim().is_empty() && self.m_points.trim().is_empty() {
            Ok((c, p))
        } else {
            ScoringRules::parse(&c, &p).map(|_| (c, p))
        };
        let terms = terms.map_err(|e| errors.push(e.to_string())).ok();
        let m = m.map_err(|e| errors.push(e.to_string())).ok();
        let fixed_rules = fixed_rules
            .map_err(|e| errors.push(format!("fixed heap: {e}")))
            .ok();
        match (terms, m, fixed_rules) {
            (Some(terms), Some(m), Some((code, points))) if errors.is_empty() => {
                Ok(ScoringOctalRequest {
                    code: self.code.trim().to_string(),
                    points: self.points.trim().to_string(),
                    terms,
                    fixed: (m > 0).then_some((m as u32, code, points)),
                })
            }
            _ => Err(errors),
        }
    }
}
