//! Hash routes and URL state: the whole view state of every page lives in `location.hash`.
//!
//! A route is the part of the hash before `?` (`#/subtraction`), and a page's state is the
//! query after it (`S=2,3,7&n=200`). Pages keep their state as *raw text*
//! ([`SubtractionQuery`]) so that a bad parameter in a pasted link can be shown back to the
//! visitor with an error message instead of being dropped. Parsing and formatting are pure
//! functions, tested natively and in the browser; only [`current_hash`] and [`navigate`] touch
//! the DOM.

use heaplab_engine::ruleset::{parse_count, NumberSet};
use heaplab_engine::EngineError;

/// The pages of the app, one per game family that is live.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Route {
    /// `#/` (or an empty hash): the home page with the family cards.
    Home,
    /// `#/subtraction?...`: finite and all-but subtraction games.
    Subtraction(SubtractionQuery),
    /// Any other hash; holds the path that was asked for.
    NotFound(String),
}

impl Route {
    /// Reads a route from a hash such as `#/subtraction?S=2,5,7&n=60` (the `#` is optional).
    pub fn parse(hash: &str) -> Route {
        let hash = hash.strip_prefix('#').unwrap_or(hash);
        let (path, query) = hash.split_once('?').unwrap_or((hash, ""));
        match path.trim_end_matches('/') {
            "" => Route::Home,
            "/subtraction" => Route::Subtraction(SubtractionQuery::from_query(query)),
            other => Route::NotFound(other.to_string()),
        }
    }

    /// The page title shown in the browser tab.
    pub fn title(&self) -> String {
        match self {
            Route::Home => "HeapLab — heap games in the browser".to_string(),
            Route::Subtraction(_) => "Subtraction games — HeapLab".to_string(),
            Route::NotFound(_) => "Page not found — HeapLab".to_string(),
        }
    }
}

/// Splits a query string `a=1&b=2` into decoded `(key, value)` pairs, in order.
///
/// `+` is read as a space and `%XX` escapes are decoded; invalid escapes are kept as typed.
pub fn parse_query(query: &str) -> Vec<(String, String)> {
    query
        .split('&')
        .filter(|part| !part.is_empty())
        .map(|part| {
            let (key, value) = part.split_once('=').unwrap_or((part, ""));
            (percent_decode(key), percent_decode(value))
        })
        .collect()
}

/// Joins `(key, value)` pairs into a query string, escaping what a URL fragment cannot hold.
/// Commas stay readable: `S=2,3,7`.
pub fn format_query(pairs: &[(&str, &str)]) -> String {
    pairs
        .iter()
        .map(|(key, value)| format!("{}={}", percent_encode(key), percent_encode(value)))
        .collect::<Vec<_>>()
        .join("&")
}

fn percent_encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b',' | b'-' | b'_' | b'.' | b'~' => {
                out.push(byte as char)
            }
            _ => out.push_str(&format!("%{byte:02X}")),
        }
    }
    out
}

fn hex(digit: u8) -> Option<u8> {
    (digit as char).to_digit(16).map(|d| d as u8)
}

fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < bytes.len() => match (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                (Some(hi), Some(lo)) => {
                    out.push(hi * 16 + lo);
                    i += 2;
                }
                _ => out.push(b'%'),
            },
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Which subtraction ruleset a page shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SetKind {
    /// A finite subtraction set `S` (URL key `S`).
    #[default]
    Finite,
    /// All-but subtraction `ℕ ∖ E` with a finite exclusion set `E` (URL key `E`).
    AllBut,
}

impl SetKind {
    /// The URL key that carries the set for this kind: `S` or `E`.
    pub fn key(self) -> &'static str {
        match self {
            SetKind::Finite => "S",
            SetKind::AllBut => "E",
        }
    }
}

/// The default set shown by `#/subtraction` with no parameters (the survey's `{2,5,7}`).
pub const DEFAULT_SET: &str = "2,5,7";
/// The default number of heaps shown.
pub const DEFAULT_TERMS: u64 = 100;
/// The most heaps the page shows at once (keeps drawing and solving on the main thread quick).
pub const MAX_UI_TERMS: u64 = 100_000;

/// Work budget for the solvers' first window: `|S| × max S` stays below this.
pub const SET_WORK: u64 = 200_000_000;

/// Work budget for listing values: `n × |S|` stays below this.
const TERMS_WORK: u64 = 50_000_000;

/// The most heaps the page shows for a set of `size` numbers (`MAX_UI_TERMS` for sets of up
/// to 500 numbers, fewer for larger ones).
pub fn max_terms_for(size: usize) -> u64 {
    (TERMS_WORK / size.max(1) as u64).min(MAX_UI_TERMS)
}

/// The raw state of the subtraction page, exactly as the URL or the form holds it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SubtractionQuery {
    /// Finite set or all-but.
    pub kind: SetKind,
    /// The set as typed (`2,3,7`, `{2, 3, 7}`, `2 3 7`).
    pub set: String,
    /// The number of heaps as typed.
    pub terms: String,
    /// A problem with the query itself (both `S` and `E`, say), shown next to the form.
    pub conflict: Option<String>,
}

impl Default for SubtractionQuery {
    fn default() -> Self {
        SubtractionQuery {
            kind: SetKind::Finite,
            set: DEFAULT_SET.to_string(),
            terms: DEFAULT_TERMS.to_string(),
            conflict: None,
        }
    }
}

/// A checked subtraction query: what the solver is called with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SubtractionParams {
    /// Finite set or all-but.
    pub kind: SetKind,
    /// The parsed set (`S`, or the exclusions `E`, which may be empty).
    pub set: NumberSet,
    /// Heaps `0..terms` are shown; `1..=MAX_UI_TERMS`.
    pub terms: u64,
}

/// Why a query is not valid; each field holds the engine's message for that input.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct QueryErrors {
    /// The problem with the set, or with the query as a whole.
    pub set: Option<String>,
    /// The problem with the number of heaps.
    pub terms: Option<String>,
}

impl SubtractionQuery {
    /// Reads the query part of `#/subtraction?...`. Missing keys take the defaults; unknown keys
    /// are ignored. Never fails: problems are kept as text and reported by [`Self::validate`].
    pub fn from_query(query: &str) -> SubtractionQuery {
        let pairs = parse_query(query);
        let get = |key: &str| pairs.iter().find(|(k, _)| k == key).map(|(_, v)| v.clone());
        let mut out = SubtractionQuery::default();
        match (get("S"), get("E")) {
            (Some(s), Some(_)) => {
                out.set = s;
                out.conflict =
                    Some("the link gives both S (a finite set) and E (all-but); keep one".into());
            }
            (Some(s), None) => out.set = s,
            (None, Some(e)) => {
                out.kind = SetKind::AllBut;
                out.set = e;
            }
            (None, None) => {}
        }
        if let Some(n) = get("n") {
            out.terms = n;
        }
        out
    }

    /// The query string for this state: `S=2,3,7&n=200` or `E=3,6&n=200`. For a valid state
    /// the set is written in canonical form, so equal states give equal URLs.
    pub fn to_query(&self) -> String {
        let (set, terms) = match self.validate() {
            Ok(params) => (params.set.to_text(), params.terms.to_string()),
            Err(_) => (self.set.trim().to_string(), self.terms.trim().to_string()),
        };
        format_query(&[(self.kind.key(), &set), ("n", &terms)])
    }

    /// The full hash for this state, `#/subtraction?S=2,3,7&n=200`.
    pub fn to_hash(&self) -> String {
        format!("#/subtraction?{}", self.to_query())
    }

    /// Checks the raw text with the engine's parsers; all problems are reported at once.
    pub fn validate(&self) -> Result<SubtractionParams, QueryErrors> {
        let set = match self.kind {
            SetKind::Finite => NumberSet::parse(&self.set),
            SetKind::AllBut => NumberSet::parse_allow_empty(&self.set),
        };
        // The solvers start from a window of max S values, each costing |S| steps.
        let set = set.and_then(|set| {
            let size = set.elements().len() as u64;
            if size * u64::from(set.max()) > SET_WORK {
                Err(EngineError::OutOfRange(format!(
                    "this set is too large for the browser page: {size} numbers up to {} \
                     (|S| × max S must stay below {SET_WORK}); use the heaplab CLI for it",
                    set.max()
                )))
            } else {
                Ok(set)
            }
        });
        let terms = parse_count(&self.terms, "the number of heaps n", 1, MAX_UI_TERMS);
        // Each heap costs about |S| steps: keep n × |S| within the page's budget.
        let terms = match (&set, terms) {
            (Ok(set), Ok(n)) => {
                let cap = max_terms_for(set.elements().len());
                if n > cap {
                    Err(EngineError::OutOfRange(format!(
                        "with {} numbers in the set the page shows at most {cap} heaps, not {n}",
                        set.elements().len()
                    )))
                } else {
                    Ok(n)
                }
            }
            (_, terms) => terms,
        };
        let message = |e: EngineError| e.to_string();
        match (self.conflict.clone(), set, terms) {
            (None, Ok(set), Ok(terms)) => Ok(SubtractionParams {
                kind: self.kind,
                set,
                terms,
            }),
            (conflict, set, terms) => Err(QueryErrors {
                set: conflict.or(set.err().map(message)),
                terms: terms.err().map(message),
            }),
        }
    }
}

/// The current `location.hash` (empty when there is none or no window).
pub fn current_hash() -> String {
    web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .unwrap_or_default()
}

/// Goes to `hash` as a new history entry (so Back returns to the previous state), unless the
/// page is already there. The browser then fires `hashchange`, which the app listens to.
pub fn navigate(hash: &str) {
    if current_hash() == hash {
        return;
    }
    if let Some(window) = web_sys::window() {
        // Setting the hash cannot fail for a same-document fragment; ignore the Result.
        let _ = window.location().set_hash(hash);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn routes() {
        assert_eq!(Route::parse(""), Route::Home);
        assert_eq!(Route::parse("#/"), Route::Home);
        assert_eq!(Route::parse("#/nope"), Route::NotFound("/nope".into()));
        assert!(matches!(
            Route::parse("#/subtraction"),
            Route::Subtraction(_)
        ));
    }

    #[test]
    fn percent_round_trip() {
        assert_eq!(percent_decode("%7B2%2C3%7D"), "{2,3}");
        assert_eq!(percent_decode("2+3%"), "2 3%");
        assert_eq!(percent_decode("%zz"), "%zz");
        assert_eq!(percent_decode(&percent_encode("{2, 3 é}")), "{2, 3 é}");
    }
}
