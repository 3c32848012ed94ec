//! Hash routes and URL state: the whole view state of every page lives in `location.hash`.
//!
//! A route is the part of the hash before `?` (`#/subtraction`), and a page's state is the
//! query after it (`S=2,3,7&n=200`). Pages keep their state as *raw text*
//! ([`SubtractionQuery`]) so that a bad parameter in a pasted link can be shown back to the
//! visitor with an error message instead of being dropped. Parsing and formatting are pure
//! functions, tested natively and in the browser; only [`current_hash`] and [`navigate`] touch
//! the DOM.
//!
//! # URL parameters
//!
//! Each page's parameters are documented on its query type (`SubtractionQuery`, `MapQuery`,
//! `plane::PlaneQuery`, …) and, with examples, in the user guide's page for it.

pub mod registry;

/// Expands the page list into the `pub mod` line of each page whose query type has a module
/// of its own here (`plane::PlaneQuery`); queries defined in this file need none.
macro_rules! route_modules {
    ($($(#[$doc:meta])* $variant:ident($($query:ident)::+ at $path:literal -> $params:ty, $errors:ty; $check:ident, $fields:expr)
        $nav:literal $title:literal $module:ident::$page:ident in $bundle:literal
        $summary:literal [$($example:tt),*];)*) => {
        $(route_module!($($query)::+);)*
    };
}

/// One page's `pub mod` line (see `route_modules`).
macro_rules! route_module {
    ($module:ident :: $query:ident) => {
        pub mod $module;
    };
    ($query:ident) => {};
}

crate::for_each_page!(route_modules);

pub use registry::PageQuery;

use heaplab_engine::figure::Colouring;
use heaplab_engine::period_map::{Family, Window, MAX_FIXED};
use heaplab_engine::ruleset::{parse_count, parse_range, NumberSet};
use heaplab_engine::EngineError;

/// Expands the page list ([`for_each_page!`](crate::for_each_page)) into [`Route`], its
/// parser, titles, [`NAVIGATION`] and the home page's [`CARDS`].
macro_rules! define_routes {
    ($($(#[$doc:meta])* $variant:ident($($query:ident)::+ at $path:literal -> $params:ty, $errors:ty; $check:ident, $fields:expr)
        $nav:literal $title:literal $module:ident::$page:ident in $bundle:literal
        $summary:literal [$(($example:literal, $link:literal)),*];)*) => {
        /// The pages of the app, one per game family that is live.
        #[derive(Debug, Clone, PartialEq, Eq)]
        pub enum Route {
            /// `#/` (or an empty hash): the home page with the family cards.
            Home,
            $($(#[$doc])* $variant($crate::route::$($query)::+),)*
            /// `#/guide?page=octal&at=anchor` (also `#/help` and `#/about`): one file of the
            /// user guide, rendered at build time, and an anchor in it.
            Guide(GuideQuery),
            /// Any other hash; holds the path that was asked for.
            NotFound(String),
        }

        impl Route {
            /// Reads a route from a hash such as `#/subtraction?S=2,5,7&n=60` (the `#` is
            /// optional).
            pub fn parse(hash: &str) -> Route {
                let hash = hash.strip_prefix('#').unwrap_or(hash);
                let (path, query) = hash.split_once('?').unwrap_or((hash, ""));
                match path.trim_end_matches('/') {
                    "" => Route::Home,
                    "/guide" | "/help" | "/about" => Route::Guide(GuideQuery::from_query(query)),
                    $(p if p == <$crate::route::$($query)::+ as PageQuery>::PATH => {
                        Route::$variant(<$crate::route::$($query)::+ as PageQuery>::parse(query))
                    })*
                    other => Route::NotFound(other.to_string()),
                }
            }

            /// The page title shown in the browser tab.
            pub fn title(&self) -> String {
                match self {
                    Route::Home => "HeapLab — heap games in the browser".to_string(),
                    $(Route::$variant(_) => concat!($title, " — HeapLab").to_string(),)*
                    Route::Guide(_) => "User guide — HeapLab".to_string(),
                    Route::NotFound(_) => "Page not found — HeapLab".to_string(),
                }
            }

            /// The route's path (`""` for home, the path asked for when not found).
            pub fn path(&self) -> &str {
                match self {
                    Route::Home => "",
                    $(Route::$variant(_) => <$crate::route::$($query)::+ as PageQuery>::PATH,)*
                    Route::Guide(_) => "/guide",
                    Route::NotFound(path) => path,
                }
            }
        }

        /// Which bundle holds each page: `(path, bundle)`, in order (`static/boot.js` keeps
        /// the same list, checked by a test, to load the right module on a first visit).
        pub const BUNDLES: &[(&str, &str)] = &[$((<$crate::route::$($query)::+ as PageQuery>::PATH, $bundle),)*];

        /// The navigation: `(path, label)` of every page, in order.
        pub const NAVIGATION: &[(&str, &str)] = &[$((<$crate::route::$($query)::+ as PageQuery>::PATH, $nav),)*];

        /// The home page's cards, one per page, in order.
        pub const CARDS: &[Card] = &[$(Card {
            path: <$crate::route::$($query)::+ as PageQuery>::PATH,
            title: $title,
            summary: $summary,
            examples: &[$(($example, $link)),*],
        },)*];
    };
}

crate::for_each_page!(define_routes);

/// The state of `#/guide?page=octal&at=anchor`: which guide file (`cite` for the BibTeX
/// entry) and where in it (a heading's id). `#/help` and `#/about` show the guide.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct GuideQuery {
    /// The file (`octal`, `bibliography`, `cite` for the BibTeX entry); `index` when none
    /// or when the name is not a plain file name.
    pub page: String,
    /// A heading's id to scroll to (empty: the top).
    pub at: String,
}

impl GuideQuery {
    /// Reads `page` and `at`; a name that is not a plain file name reads as `index`.
    pub fn from_query(query: &str) -> GuideQuery {
        let mut q = GuideQuery::default();
        for (key, value) in parse_query(query) {
            match key.as_str() {
                "page" => q.page = value,
                "at" => q.at = value,
                _ => {}
            }
        }
        let plain = |s: &str| {
            s.chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        };
        if q.page.is_empty() || !plain(&q.page) {
            q.page = "index".into();
        }
        q
    }

    /// The guide file of a page's route `path` (`/octal` gives `#/guide?page=octal`; home
    /// gives the guide's index).
    pub fn link_for(path: &str) -> String {
        match path.trim_start_matches('/') {
            "" | "guide" => "#/guide".into(),
            page => format!("#/guide?page={page}"),
        }
    }
}

/// A page's card on the home page (from [`for_each_page!`](crate::for_each_page)).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Card {
    /// The page's route, e.g. `/octal`; the card's heading links to `#` + path.
    pub path: &'static str,
    /// The page's title.
    pub title: &'static str,
    /// One line on what the page shows.
    pub summary: &'static str,
    /// Example links `(text, hash)`.
    pub examples: &'static [(&'static str, &'static str)],
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
/// Commas and semicolons stay readable: `S=2,3,7`, `moves=2,6;3,3`.
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
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b',' | b';' | b'-' | b'_' | b'.' | b'~' => {
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

/// Whether a URL key is the misère flag: `misere`, or `misère` as people type it.
fn is_misere_flag(key: &str) -> bool {
    key == "misere" || key == "misère"
}

/// The default game of `#/octal` (Kayles).
pub const DEFAULT_OCTAL_CODE: &str = ".77";
/// The default heap budget of an octal proof on the page.
pub const DEFAULT_OCTAL_MAX: u64 = 1_000_000;
/// The most heaps the octal page may compute (memory of the plot data and the worker).
pub const MAX_OCTAL_PAGE_HEAPS: u64 = 4_000_000;

/// The state of `#/octal?code=.77&max=1000000&from=0&to=200`, as raw text: `code` (a code or a
/// name), `max` (heap budget of the proof), `from`/`to` (the plotted heaps, `to` empty = all).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OctalQuery {
    /// The code or name as typed.
    pub code: String,
    /// The heap budget as typed.
    pub max: String,
    /// The first plotted heap as typed.
    pub from: String,
    /// The end of the plotted heaps as typed (empty: everything computed).
    pub to: String,
    /// The position of several heaps as typed (`5,7,9`; empty: none).
    pub heaps: String,
    /// `misere=1`: show the misère outcome strip too.
    pub misere: bool,
}

/// A validated [`OctalQuery`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OctalParams {
    /// The ruleset.
    pub rules: heaplab_engine::octal::Ruleset,
    /// The heap budget.
    pub max: u64,
    /// First plotted heap.
    pub from: u64,
    /// End of the plotted heaps (`None`: all computed).
    pub to: Option<u64>,
}

impl Default for OctalQuery {
    fn default() -> Self {
        OctalQuery {
            code: DEFAULT_OCTAL_CODE.into(),
            max: DEFAULT_OCTAL_MAX.to_string(),
            from: "0".into(),
            to: String::new(),
            heaps: String::new(),
            misere: false,
        }
    }
}

impl OctalQuery {
    /// Reads the query part of `#/octal?...`; missing keys take their defaults.
    pub fn from_query(query: &str) -> OctalQuery {
        let mut q = OctalQuery::default();
        for (key, value) in parse_query(query) {
            match key.as_str() {
                "code" => q.code = value,
                "max" => q.max = value,
                "from" => q.from = value,
                "to" => q.to = value,
                "heaps" => q.heaps = value,
                key if is_misere_flag(key) => q.misere = value == "1",
                _ => {}
            }
        }
        q
    }

    /// The full hash for this state.
    pub fn to_hash(&self) -> String {
        let mut pairs = vec![("code", self.code.trim()), ("max", self.max.trim())];
        if self.from.trim() != "0" {
            pairs.push(("from", self.from.trim()));
        }
        if !self.to.trim().is_empty() {
            pairs.push(("to", self.to.trim()));
        }
        if !self.heaps.trim().is_empty() {
            pairs.push(("heaps", self.heaps.trim()));
        }
        if self.misere {
            pairs.push(("misere", "1"));
        }
        format!("#/octal?{}", format_query(&pairs))
    }

    /// The position of several heaps (`heaps=5,7,9`), if one is given; checked apart from the
    /// rest so a tampered position leaves the sequence on show and gets its own message.
    pub fn position(&self) -> Result<Option<Vec<u64>>, EngineError> {
        match self.heaps.trim() {
            "" => Ok(None),
            text => heaplab_engine::octal::position::parse_heaps(text).map(Some),
        }
    }

    /// Checks the raw text with the engine's parsers; the first problem is the message.
    pub fn validate(&self) -> Result<OctalParams, EngineError> {
        // The families PB(…) and TkBk(…) are the command-line tool's; say where to run them.
        if heaplab_engine::octal::families::Family::parse(&self.code)?.is_some() {
            return Err(EngineError::OutOfRange(format!(
                "{} is a family this page does not compute; the command-line tool does: \
                 heaplab octal '{}'",
                self.code.trim(),
                self.code.trim()
            )));
        }
        let rules = heaplab_engine::octal::Ruleset::parse(&self.code)?;
        let max = parse_count(&self.max, "max", 1, MAX_OCTAL_PAGE_HEAPS)?;
        let from = parse_count(&self.from, "from", 0, MAX_OCTAL_PAGE_HEAPS)?;
        let to = match self.to.trim() {
            "" => None,
            text => Some(parse_count(text, "to", 1, MAX_OCTAL_PAGE_HEAPS)?),
        };
        if to.is_some_and(|to| to <= from) {
            return Err(EngineError::OutOfRange(
                "the plot's 'to' must be above 'from'".into(),
            ));
        }
        Ok(OctalParams {
            rules,
            max,
            from,
            to,
        })
    }
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

/// How many heaps to open a clicked ruleset with (the map, the explorer): two periods past the
/// preperiod when the outcome period is known, else eight times the largest move (so a set
/// whose smallest move is large shows more than zeros); at least 100, at most the page's cap.
pub fn terms_to_show(moves: &[u32], period: Option<(u64, u64)>) -> u64 {
    let max = u64::from(moves.iter().copied().max().unwrap_or(1));
    let wanted = period.map_or(8 * max, |(pre, p)| pre + 2 * p.max(max));
    wanted.max(100).min(max_terms_for(moves.len()))
}

/// The raw state of the subtraction page, exactly as the URL or the form holds it: `S` (a
/// finite set, `2,3,7`) or `E` (the exclusions of an all-but game), and `n` (heaps shown).
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
    /// `further=1`: run the constant-memory outcome-period search when the page's own search
    /// finds no period. A flag, not the answer: a pasted link reruns the search rather than
    /// show a period no one proved on this page.
    pub further: bool,
    /// `misere=1`: show the misère outcome strip too.
    pub misere: bool,
}

impl Default for SubtractionQuery {
    fn default() -> Self {
        SubtractionQuery {
            kind: SetKind::Finite,
            set: DEFAULT_SET.to_string(),
            terms: DEFAULT_TERMS.to_string(),
            conflict: None,
            further: false,
            misere: false,
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
        out.further = get("further").is_some_and(|v| v == "1");
        out.misere = pairs.iter().any(|(k, v)| is_misere_flag(k) && v == "1");
        out
    }

    /// The query string for this state: `S=2,3,7&n=200` or `E=3,6&n=200`. For a valid state
    /// the set is written in canonical form, so equal states give equal URLs.
    pub fn to_query(&self) -> String {
        // A link that gave both S and E keeps only this kind: the written link has no
        // conflict, so it is normalised as the state it reads back as.
        let written = SubtractionQuery {
            conflict: None,
            ..self.clone()
        };
        let (set, terms) = match written.validate() {
            Ok(params) => (params.set.to_text(), params.terms.to_string()),
            Err(_) => (self.set.trim().to_string(), self.terms.trim().to_string()),
        };
        let mut pairs = vec![(self.kind.key(), set.as_str()), ("n", terms.as_str())];
        if self.further {
            pairs.push(("further", "1"));
        }
        if self.misere {
            pairs.push(("misere", "1"));
        }
        format_query(&pairs)
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

/// The families a period map can show, as `(URL name, label)`, in menu order.
pub const MAP_FAMILIES: [(&str, &str); 3] = [
    ("3move", "3 moves {s1, s2, s3}"),
    ("4move", "4 moves {s1, s2, s3, s1+s3}"),
    ("maxsym5", "5 moves, max-symmetric {s1, s2, m−s2, m−s1, m}"),
];

/// The colourings a period map offers, as `(URL name, label)`, in menu order.
pub const MAP_COLOURINGS: [(&str, &str); 3] = [
    ("class", "Period class (survey Figure 1)"),
    ("period", "Period length (log scale)"),
    ("preperiod", "Preperiod length (log scale)"),
];

/// The default view of a family: `(fixed, s1 range, s2 range)`.
///
/// * `3move`: the survey's Figure 1 window, `s3 = 3001`, `400 < s1 < 1600`, `900 < s2 < 2100`;
/// * `4move`: Flammenkamp's `s3 = 997` (his Fig. 11); 4-move cells cost about a thousand times
///   more than 3-move ones, so the default is a 32 × 32 corner near `s2 = s3`;
/// * `maxsym5`: `m = 61`, the whole triangle `s1 < s2 < m − s2`.
pub fn map_defaults(family: &str) -> (u32, (u32, u32), (u32, u32)) {
    match family {
        "4move" => (997, (1, 33), (965, 997)),
        "maxsym5" => (61, (1, 30), (1, 31)),
        _ => (3001, (401, 1600), (901, 2100)),
    }
}

/// `colour` if it suits `family`, else the family's own: class colouring tells the classes of
/// Flammenkamp's 3-move map apart, but paints a 4-move or 5-move map in one colour, so those
/// use the log period.
pub fn suited_colour<'a>(family: &str, colour: &'a str) -> &'a str {
    match (family, colour) {
        ("4move" | "maxsym5", "class") => "period",
        _ => colour,
    }
}

/// The raw state of the period-map page, exactly as the URL or the form holds it. Keys:
///
/// * `family`: `3move` (`{s1, s2, s3}`), `4move` (`{s1, s2, s3, s1+s3}`) or `maxsym5`
///   (`{s1, s2, m-s2, m-s1, m}`);
/// * `fixed`: the fixed move (`s3`, or `m` for `maxsym5`);
/// * `s1`, `s2`: half-open ranges `a..b` of the two free moves; `s1` runs along the horizontal
///   axis, `s2` up the vertical one;
/// * `colour`: `class` (survey Figure 1), `period` or `preperiod` (log scales).
///
/// Missing keys take the family's default view, e.g. `#/period-map` is the survey's Figure 1
/// window `#/period-map?family=3move&fixed=3001&s1=401..1600&s2=901..2100&colour=class`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MapQuery {
    /// The family name (`family`).
    pub family: String,
    /// The fixed move as typed (`fixed`).
    pub fixed: String,
    /// The `s1` range as typed, e.g. `401..1600`.
    pub s1: String,
    /// The `s2` range as typed.
    pub s2: String,
    /// The colouring name (`colour`).
    pub colour: String,
}

impl Default for MapQuery {
    fn default() -> Self {
        MapQuery::defaults_for("3move", "class")
    }
}

/// A checked period-map query: what the tiles are computed and drawn with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MapParams {
    /// The family with its fixed move (validated by the engine).
    pub family: Family,
    /// The window of `(s1, s2)` pixels (at most `MAX_PIXELS`).
    pub window: Window,
    /// How the pixels are coloured.
    pub colouring: Colouring,
}

impl MapParams {
    /// The query that shows exactly these parameters.
    pub fn to_query(&self) -> MapQuery {
        MapQuery {
            family: self.family.name().to_string(),
            fixed: self.family.fixed().to_string(),
            s1: format!("{}..{}", self.window.x0, self.window.x1),
            s2: format!("{}..{}", self.window.y0, self.window.y1),
            colour: self.colouring.name().to_string(),
        }
    }

    /// The same view with another window (zoom, pan).
    pub fn with_window(&self, window: Window) -> MapParams {
        MapParams { window, ..*self }
    }
}

/// Why a map query is not valid; each field holds the message for that parameter.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct MapErrors {
    /// The family name.
    pub family: Option<String>,
    /// The fixed move.
    pub fixed: Option<String>,
    /// The `s1` range.
    pub s1: Option<String>,
    /// The `s2` range.
    pub s2: Option<String>,
    /// The window as a whole (too many pixels).
    pub window: Option<String>,
    /// The colouring name.
    pub colour: Option<String>,
}

impl MapErrors {
    /// Every message, in form order.
    pub fn messages(&self) -> Vec<String> {
        [
            &self.family,
            &self.fixed,
            &self.s1,
            &self.s2,
            &self.window,
            &self.colour,
        ]
        .into_iter()
        .flatten()
        .cloned()
        .collect()
    }
}

impl MapQuery {
    /// The default view of `family` (see [`map_defaults`]) with colouring `colour`.
    pub fn defaults_for(family: &str, colour: &str) -> MapQuery {
        let (fixed, (a, b), (c, d)) = map_defaults(family);
        MapQuery {
            family: family.to_string(),
            fixed: fixed.to_string(),
            s1: format!("{a}..{b}"),
            s2: format!("{c}..{d}"),
            colour: colour.to_string(),
        }
    }

    /// Reads the query part of `#/period-map?...`. Missing keys take the family's default view;
    /// unknown keys are ignored. Never fails: problems are reported by [`Self::validate`].
    pub fn from_query(query: &str) -> MapQuery {
        let pairs = parse_query(query);
        let get = |key: &str| pairs.iter().find(|(k, _)| k == key).map(|(_, v)| v.clone());
        let family = get("family").unwrap_or_else(|| "3move".to_string());
        let mut out = MapQuery::defaults_for(&family, suited_colour(&family, "class"));
        if let Some(v) = get("fixed") {
            out.fixed = v;
        }
        if let Some(v) = get("s1") {
            out.s1 = v;
        }
        if let Some(v) = get("s2") {
            out.s2 = v;
        }
        if let Some(v) = get("colour") {
            out.colour = v;
        }
        out
    }

    /// The query string, `family=3move&fixed=301&s1=40..160&s2=90..210&colour=class`; a valid
    /// state is written canonically, so equal views give equal URLs.
    pub fn to_query(&self) -> String {
        let q = match self.validate() {
            Ok(params) => params.to_query(),
            Err(_) => self.clone(),
        };
        format_query(&[
            ("family", q.family.trim()),
            ("fixed", q.fixed.trim()),
            ("s1", q.s1.trim()),
            ("s2", q.s2.trim()),
            ("colour", q.colour.trim()),
        ])
    }

    /// The full hash for this state, `#/period-map?family=…`.
    pub fn to_hash(&self) -> String {
        format!("#/period-map?{}", self.to_query())
    }

    /// Checks every parameter with the engine's parsers and caps; all problems at once.
    pub fn validate(&self) -> Result<MapParams, Box<MapErrors>> {
        let mut errors = MapErrors::default();
        let name = self.family.trim();
        let known = MAP_FAMILIES.iter().any(|(n, _)| *n == name);
        if !known {
            errors.family = Some(format!(
                "unknown family '{name}': use 3move, 4move or maxsym5"
            ));
        }
        let fixed_name = if name == "maxsym5" {
            "the fixed move m"
        } else {
            "the fixed move s3"
        };
        let family_name = if known { name } else { "3move" };
        // The engine's least fixed move, so every message gives the same range.
        let least = Family::from_name(family_name, MAX_FIXED).map_or(3, Family::least_fixed);
        let family = parse_count(
            &self.fixed,
            fixed_name,
            u64::from(least),
            u64::from(MAX_FIXED),
        )
        .and_then(|fixed| Family::from_name(family_name, fixed as u32));
        let family = match family {
            Ok(f) => Some(f),
            Err(e) => {
                errors.fixed = Some(e.to_string());
                None
            }
        };
        let s1 = keep(parse_range(&self.s1, "s1"), &mut errors.s1);
        let s2 = keep(parse_range(&self.s2, "s2"), &mut errors.s2);
        let window = match (s1, s2) {
            (Some((x0, x1)), Some((y0, y1))) => {
                keep(Window { x0, x1, y0, y1 }.validate(), &mut errors.window)
            }
            _ => None,
        };
        let colouring = Colouring::from_name(self.colour.trim());
        if colouring.is_none() {
            errors.colour = Some(format!(
                "unknown colouring '{}': use class, period or preperiod",
                self.colour.trim()
            ));
        }
        match (family, window, colouring) {
            (Some(family), Some(window), Some(colouring)) if known => Ok(MapParams {
                family,
                window,
                colouring,
            }),
            _ => Err(Box::new(errors)),
        }
    }
}

/// The value of `result`, or `None` with its message stored in `slot`.
fn keep<T>(result: Result<T, EngineError>, slot: &mut Option<String>) -> Option<T> {
    result.map_err(|e| *slot = Some(e.to_string())).ok()
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

    /// Found by `cargo xtask fuzz 20000`: a link with both S and E shows the conflict, and
    /// the link it writes (S only) reads back as the same state, written the same way.
    #[test]
    fn a_link_with_both_s_and_e_writes_a_link_that_reads_back() {
        let state = SubtractionQuery::from_query("E=1&S=2+3&E=x");
        assert!(state.validate().is_err(), "the conflict is reported");
        let hash = state.to_hash();
        assert_eq!(hash, "#/subtraction?S=2,3&n=100");
        let again = SubtractionQuery::from_query(hash.split_once('?').unwrap().1);
        assert_eq!(again.to_hash(), hash);
    }

    #[test]
    fn routes() {
        assert_eq!(Route::parse(""), Route::Home);
        assert_eq!(Route::parse("#/"), Route::Home);
        assert_eq!(Route::parse("#/nope"), Route::NotFound("/nope".into()));
        assert!(matches!(
            Route::parse("#/subtraction"),
            Route::Subtraction(_)
        ));
        assert_eq!(
            Route::parse("#/period-map"),
            Route::PeriodMap(MapQuery::default())
        );
    }

    #[test]
    fn map_query_round_trips() {
        let q = MapQuery::from_query("family=3move&fixed=301&s1=40..160&s2=90..210&colour=class");
        assert_eq!(
            q.to_query(),
            "family=3move&fixed=301&s1=40..160&s2=90..210&colour=class"
        );
        assert_eq!(MapQuery::from_query(&q.to_query()), q);
        let params = q.validate().unwrap();
        assert_eq!(params.to_query(), q);
        assert!(MapQuery::from_query("family=5move").validate().is_err());
    }

    #[test]
    fn percent_round_trip() {
        assert_eq!(percent_decode("%7B2%2C3%7D"), "{2,3}");
        assert_eq!(percent_decode("2+3%"), "2 3%");
        assert_eq!(percent_decode("%zz"), "%zz");
        assert_eq!(percent_decode(&percent_encode("{2, 3 é}")), "{2, 3 é}");
    }
}
