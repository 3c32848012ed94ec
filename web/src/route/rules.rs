//! URL state of `#/rules?preset=mark&n=200`: the rules page (rule-defined games).
//!
//! * the ruleset, one of `r` (any text, deflated and base64url-encoded, so a typical ruleset's
//!   link stays short) or `preset` (a shipped ruleset by name, written when the text is exactly
//!   that preset's); `r` wins when both are given, and none is the `mark` preset;
//! * `p.NAME`: a parameter's value as typed (`p.t=5`, `p.S=[1,2]`), overriding its `param`
//!   default;
//! * `n`: heaps `0..n` of a one-heap ruleset (default 200, at most [`MAX_PAGE_TERMS`]);
//! * `size`: the grid `W,H` of a pair ruleset (default `100,100`; at most 4,000,000 pairs);
//! * `heap`: the heap the "why" panel explains (default: the first N-position after 0).
//!
//! Only the `rules` bundle reads the ruleset (the language and the codec are in no other
//! module): another bundle keeps the query as given and hands it over unread.

use crate::protocol::rules::RulesRequest;

/// The most heaps the page solves.
pub const MAX_PAGE_TERMS: u64 = 200_000;
/// The heaps when the link gives none.
pub const DEFAULT_TERMS: &str = "200";
/// The grid when the link gives none.
pub const DEFAULT_SIZE: &str = "100,100";
/// The preset a link without a ruleset opens.
pub const DEFAULT_PRESET: &str = "mark";

/// A link's ruleset that could not be read: the key and value as given, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LinkError {
    /// `r` or `preset`.
    pub key: String,
    /// The value as given.
    pub value: String,
    /// What is wrong, in one line.
    pub message: String,
}

/// The URL state, as typed.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct RulesQuery {
    /// The ruleset text (the editor's content).
    pub text: String,
    /// The link's ruleset, when it could not be read (cleared by an edit).
    pub link: Option<LinkError>,
    /// Parameter values by name, as typed (only those the visitor set).
    pub params: Vec<(String, String)>,
    /// Heaps of a one-heap ruleset (`n`).
    pub terms: String,
    /// The grid of a pair ruleset (`size`).
    pub size: String,
    /// The heap the "why" panel explains (`heap`; empty: the page's choice).
    pub heap: String,
    /// The query as given, in a bundle without the ruleset language (written back unread).
    #[cfg(not(feature = "rules"))]
    pub raw: String,
}

/// A valid state: the worker's request and what the form shows of the header.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RulesParams {
    /// The job.
    pub request: RulesRequest,
    /// The ruleset's name.
    pub name: String,
    /// Every parameter as bound, `(name, value as text)`, in declaration order.
    pub bound: Vec<(String, String)>,
    /// Whether the ruleset is played in misère.
    pub misere: bool,
}

#[cfg(feature = "rules")]
mod read {
    //! Reading and writing the ruleset of a link (the `rules` bundle).

    use base64::engine::general_purpose::URL_SAFE_NO_PAD;
    use base64::Engine as _;
    use heaplab_engine::rules::script::MAX_TEXT;
    use heaplab_engine::rules::{compile, presets, Convention, Grid, Shape};
    use heaplab_engine::ruleset::parse_count;

    use super::*;
    use crate::protocol::rules::Board;
    use crate::route::{format_query, parse_query};

    /// The ruleset text as the `r` key holds it: deflated (best compression), then base64url
    /// without padding (no character needs escaping in a URL).
    pub fn encode_text(text: &str) -> String {
        URL_SAFE_NO_PAD.encode(miniz_oxide::deflate::compress_to_vec(text.as_bytes(), 9))
    }

    /// The ruleset text of an `r` value, or one line saying why the link is damaged.
    pub fn decode_text(code: &str) -> Result<String, String> {
        let damaged = |what: &str| {
            format!("r: the ruleset in this link is damaged ({what}); open a preset or paste the ruleset text")
        };
        let bytes = URL_SAFE_NO_PAD
            .decode(code.trim())
            .map_err(|_| damaged("not base64url"))?;
        let text = miniz_oxide::inflate::decompress_to_vec_with_limit(&bytes, MAX_TEXT)
            .map_err(|_| damaged("it does not inflate to a ruleset of at most 100,000 bytes"))?;
        String::from_utf8(text).map_err(|_| damaged("not UTF-8 text"))
    }

    impl RulesQuery {
        /// Reads `#/rules?...`; missing keys take their defaults, unknown keys are ignored.
        pub fn from_query(query: &str) -> Self {
            let mut q = RulesQuery {
                terms: DEFAULT_TERMS.into(),
                size: DEFAULT_SIZE.into(),
                ..RulesQuery::default()
            };
            let (mut code, mut preset) = (None, None);
            for (key, value) in parse_query(query) {
                match key.as_str() {
                    "r" => code = Some(value),
                    "preset" => preset = Some(value),
                    "n" => q.terms = value,
                    "size" => q.size = value,
                    "heap" => q.heap = value,
                    other => {
                        if let Some(name) = other.strip_prefix("p.") {
                            q.set_param(name, value);
                        }
                    }
                }
            }
            let read = match (code, preset) {
                (Some(code), _) => decode_text(&code).map_err(|e| ("r", code, e)),
                (None, name) => {
                    let name = name.unwrap_or_else(|| DEFAULT_PRESET.into());
                    match presets::preset(name.trim()) {
                        Some(p) => Ok(p.text.to_string()),
                        None => Err((
                            "preset",
                            name.clone(),
                            format!(
                                "preset: there is no ruleset named {name:?}; the presets are {}",
                                presets::names()
                            ),
                        )),
                    }
                }
            };
            match read {
                Ok(text) => q.text = text,
                Err((key, value, message)) => {
                    q.link = Some(LinkError {
                        key: key.into(),
                        value,
                        message,
                    })
                }
            }
            q
        }

        /// The hash of this state: `preset` when the text is a preset's, else `r`; `n`,
        /// `size` and `heap` only when they differ from the defaults.
        pub fn to_hash(&self) -> String {
            let (key, value) = match (
                &self.link,
                presets::PRESETS.iter().find(|p| p.text == self.text),
            ) {
                (Some(link), _) => (link.key.clone(), link.value.clone()),
                (None, Some(p)) => ("preset".to_string(), p.name.to_string()),
                (None, None) => ("r".to_string(), encode_text(&self.text)),
            };
            let named: Vec<(String, &str)> = self
                .params
                .iter()
                .map(|(name, value)| (format!("p.{name}"), value.trim()))
                .collect();
            let mut pairs = vec![(key.as_str(), value.as_str())];
            pairs.extend(named.iter().map(|(k, v)| (k.as_str(), *v)));
            for (key, value, default) in [
                ("n", &self.terms, DEFAULT_TERMS),
                ("size", &self.size, DEFAULT_SIZE),
                ("heap", &self.heap, ""),
            ] {
                if value.trim() != default {
                    pairs.push((key, value.trim()));
                }
            }
            format!("#/rules?{}", format_query(&pairs))
        }

        /// Compiles the ruleset with its parameters (the engine's compiler and parsers) and
        /// reads the heaps or the grid its shape needs; the first problem, in one line.
        pub fn validate(&self) -> Result<RulesParams, Vec<String>> {
            if let Some(link) = &self.link {
                return Err(vec![link.message.clone()]);
            }
            let script = compile(&self.text, &self.params).map_err(|e| vec![e.to_string()])?;
            let board = match script.shape {
                Shape::Heap => {
                    parse_count(&self.terms, "heaps", 1, MAX_PAGE_TERMS).map(Board::Heaps)
                }
                Shape::Pair => parse_size(&self.size),
                Shape::Vector(_) | Shape::Partizan | Shape::Comply => {
                    Err(heaplab_engine::EngineError::Parse(
                        "the site computes one-heap and pair rulesets; run this one with \
                     `heaplab rules` or Python's heaplab.rules"
                            .into(),
                    ))
                }
            }
            .map_err(|e| vec![e.to_string()])?;
            let header = script.header;
            Ok(RulesParams {
                request: RulesRequest {
                    text: self.text.clone(),
                    params: self.params.clone(),
                    board,
                },
                name: header.name.clone(),
                bound: header
                    .params
                    .iter()
                    .map(|(n, v)| (n.clone(), v.text()))
                    .collect(),
                misere: header.convention == Convention::Misere,
            })
        }
    }

    /// A grid `W,H` (the engine's check: at most 4,000,000 pairs).
    fn parse_size(text: &str) -> Result<Board, heaplab_engine::EngineError> {
        let (w, h) = text.split_once(',').unwrap_or((text, text));
        let width = parse_count(w, "size W", 1, 1 << 20)?;
        let height = parse_count(h, "size H", 1, 1 << 20)?;
        Grid::new(width, height)?;
        Ok(Board::Grid(width, height))
    }
}

#[cfg(feature = "rules")]
pub use read::{decode_text, encode_text};

#[cfg(not(feature = "rules"))]
impl RulesQuery {
    /// Keeps the query as given (this bundle cannot read a ruleset).
    pub fn from_query(query: &str) -> Self {
        RulesQuery {
            raw: query.to_string(),
            ..RulesQuery::default()
        }
    }

    /// The query as given.
    pub fn to_hash(&self) -> String {
        format!("#/rules?{}", self.raw)
    }

    /// Always an error: the rules bundle reads rulesets.
    pub fn validate(&self) -> Result<RulesParams, Vec<String>> {
        Err(vec!["rulesets are read by HeapLab's rules module".into()])
    }
}

impl RulesQuery {
    /// Sets parameter `name` to `value` as typed (replacing an earlier value).
    pub fn set_param(&mut self, name: &str, value: String) {
        self.params.retain(|(n, _)| n != name);
        self.params.push((name.to_string(), value));
    }

    /// The value typed for parameter `name`, if any.
    pub fn param(&self, name: &str) -> Option<&str> {
        self.params
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// Where a message says the problem is: `(line, column)` from its "(line L, column C)" (the
/// engine's form for syntax and runtime errors), or the line alone.
pub fn error_position(message: &str) -> Option<(usize, Option<usize>)> {
    let at = message.rfind("(line ")?;
    let rest = message[at + 6..].trim_end_matches(')');
    let (line, column) = match rest.split_once(", column ") {
        Some((line, column)) => (line, column.parse().ok()),
        None => (rest, None),
    };
    Some((line.parse().ok()?, column))
}
