//! The one page registry: [`PageQuery`], the trait every page's URL state implements, and
//! [`for_each_page!`](crate::for_each_page), the one list of pages. Route parsing, titles and
//! the navigation ([`super::Route`]), each query's [`PageQuery`] implementation and the app's
//! page switch (`crate::app`) are all expanded from that list, so a new page is one entry there
//! plus its query and page files.

use heaplab_engine::EngineError;

// The page list names every type by its path under `crate::route` (`plane::PlaneParams`), so
// the registry reads the whole URL layer and needs no line per page.
use super::*;

/// A page's URL state: its path, read from the query text (kept raw, so a tampered link is
/// shown back with its error), written back as a hash, and validated into typed parameters or
/// field errors.
pub trait PageQuery: Sized {
    /// The route, e.g. `/octal`.
    const PATH: &'static str;
    /// The typed parameters of a valid state.
    type Params;
    /// What is wrong with an invalid state, per field.
    type Errors;
    /// Reads the query text after `?` (missing keys take the page's defaults).
    fn parse(query: &str) -> Self;
    /// The whole state as a URL hash, `#/path?...`.
    fn hash(&self) -> String;
    /// Checks every parameter with the engine's parsers and the page's caps.
    fn check(&self) -> Result<Self::Params, Self::Errors>;
    /// The errors as the one list the field-error component shows.
    fn field_errors(errors: &Self::Errors) -> Vec<FieldError>;
}

/// One problem of a form: its message, and the id of its paragraph when tests or labels point
/// at it. Shown by `crate::components::field::field_errors`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldError {
    /// The id of the message's paragraph, if it has one.
    pub id: Option<String>,
    /// The message.
    pub message: String,
}

impl FieldError {
    /// A message without an id.
    pub fn plain(message: impl Into<String>) -> FieldError {
        FieldError {
            id: None,
            message: message.into(),
        }
    }
}

/// Expands the page list into one [`PageQuery`] implementation per page, by the query type's
/// own `from_query`, `to_hash` and validator.
macro_rules! page_queries {
    ($($(#[$doc:meta])* $variant:ident($($query:ident)::+ at $path:literal -> $params:ty, $errors:ty; $check:ident, $fields:expr)
        $nav:literal $title:literal $module:ident::$page:ident in $bundle:literal
        $summary:literal [$(($example:literal, $link:literal)),*];)*) => {$(
        impl PageQuery for $($query)::+ {
            const PATH: &'static str = $path;
            type Params = $params;
            type Errors = $errors;
            fn parse(query: &str) -> Self {
                <$($query)::+>::from_query(query)
            }
            fn hash(&self) -> String {
                <$($query)::+>::to_hash(self)
            }
            fn check(&self) -> Result<$params, $errors> {
                <$($query)::+>::$check(self)
            }
            fn field_errors(errors: &$errors) -> Vec<FieldError> {
                $fields(errors).into_iter().map(one_line).collect()
            }
        }
    )*};
}

crate::for_each_page!(page_queries);

/// The message on one line: control characters that an echoed value carried (a `%0A` in a
/// tampered link) are shown escaped, `\n`, so every message stays one line.
fn one_line(mut error: FieldError) -> FieldError {
    if error.message.contains(char::is_control) {
        error.message = error
            .message
            .chars()
            .flat_map(|c| {
                let escaped = c.is_control().then(|| c.escape_default());
                escaped
                    .into_iter()
                    .flatten()
                    .chain((!c.is_control()).then_some(c))
            })
            .collect();
    }
    error
}

/// Messages without ids, in order (the field errors of pages whose validators return a list
/// of messages).
pub fn plain_errors(messages: Vec<String>) -> Vec<FieldError> {
    messages.into_iter().map(FieldError::plain).collect()
}

/// The subtraction page's two fields, with the ids its tests read.
fn subtraction_fields(e: &QueryErrors) -> Vec<FieldError> {
    [("set-error-set", &e.set), ("terms-error", &e.terms)]
        .into_iter()
        .filter_map(|(id, m)| {
            m.as_ref().map(|m| FieldError {
                id: Some(id.to_string()),
                message: m.clone(),
            })
        })
        .collect()
}

/// The cumulative subtraction page's fields, each `cs-error-{key}`.
fn cumulative_fields(e: &cumulative::CumulativeErrors) -> Vec<FieldError> {
    e.iter()
        .map(|(key, m)| FieldError {
            id: Some(format!("cs-error-{key}")),
            message: m.clone(),
        })
        .collect()
}

/// The one list of pages, in navigation order. Each entry is
/// `Variant(query::Type at "/path" -> Params, Errors; validator, field_errors)
/// "Navigation label" "Title" module::PageComponent in "bundle" "home-card summary"
/// [("example", "#/link"), ...];`. Types are paths under `crate::route` (`plane::PlaneQuery`,
/// or `MapQuery` for one defined in `route.rs`), so no file that expands the list imports a
/// page's types. The validator is the query type's method that checks it into `Params` or
/// `Errors`, and `field_errors` turns `&Errors` into the form's [`FieldError`]s. The module is
/// the page's file under `crate::pages`; the bundle (`"core"`, `"lab"` or `"rules"`) is the cargo feature,
/// and the wasm module of `dist/`, that holds the page (see `crate::bundle`). It hands the list
/// to the macro `$then`, which takes what it needs (the registry implements [`PageQuery`]; the
/// route reads the query, labels, summary and examples; the app the variant and the component).
#[macro_export]
macro_rules! for_each_page {
    ($then:ident) => {
        $then! {
            /// `#/subtraction?...`: finite and all-but subtraction games.
            Subtraction(SubtractionQuery at "/subtraction" -> SubtractionParams, QueryErrors; validate, subtraction_fields)
            "Subtraction" "Subtraction games" subtraction::SubtractionPage in "core"
            "Finite sets S and all-but games ℕ∖E: nim-values, outcomes, proven periods and preperiods, a value strip, and play against a perfect opponent."
            [("{2,5,7}", "#/subtraction?S=2,5,7&n=100"), ("{2,4,7}", "#/subtraction?S=2,4,7&n=100"), ("{4,6,11,14}", "#/subtraction?S=4,6,11,14&n=200"), ("all-but ℕ∖{2,3,5,7}", "#/subtraction?E=2,3,5,7&n=100")];
            /// `#/period-map?...`: Flammenkamp's period-length maps.
            PeriodMap(MapQuery at "/period-map" -> MapParams, Box<MapErrors>; validate, |e: &MapErrors| plain_errors(e.messages()))
            "Period maps" "Period maps" period_map::PeriodMapPage in "core"
            "Flammenkamp's maps of period lengths over whole families of 3-, 4- and 5-move sets, computed in parallel Web Workers; zoom in, hover to read a ruleset, click to open it."
            [("the survey's Figure 1", "#/period-map"), ("s3 = 301", "#/period-map?family=3move&fixed=301&s1=40..160&s2=90..210&colour=class"), ("max-symmetric m = 61", "#/period-map?family=maxsym5&fixed=61&s1=1..30&s2=1..31&colour=period")];
            /// `#/plane?...`: two-dimensional subtraction games (survey Figure 2).
            Plane(plane::PlaneQuery at "/plane" -> plane::PlaneParams, Box<plane::PlaneErrors>; validate, |e: &plane::PlaneErrors| plain_errors(e.messages()))
            "2-D subtraction" "2-D subtraction" plane::PlanePage in "core"
            "Subtraction of vectors on two heaps: the P/N picture of the survey's Figure 2 (or nim-value colours), computed in a Web Worker, with zoom, and each row's and column's proven period on hover."
            [("the survey's Figure 2", "#/plane?moves=2,6;3,3;6,1;19,6&w=3600&h=2000&mode=outcome"), ("its nim-values", "#/plane?moves=2,6;3,3;6,1;19,6&w=600&h=400&mode=grundy"), ("{(1,2), (2,1)}", "#/plane?moves=1,2;2,1&w=400&h=400&mode=outcome")];
            /// `#/cumulative-subtraction?...`: cumulative subtraction (Stewart's `G_s`).
            CumulativeSubtraction(cumulative::CumulativeQuery at "/cumulative-subtraction" -> cumulative::CumulativeParams, cumulative::CumulativeErrors; validate, cumulative_fields)
            "Cumulative" "Cumulative subtraction" cumulative_subtraction::CumulativePage in "lab"
            "Players score what they take (Cohensius et al.'s o(x), Stewart's G_s): outcomes, optimal actions and sacrifices, convergence ξ(S), the paper's circle diagrams, two-pile heatmaps, truncated support tr^m, and play against a perfect Bob."
            [("{2,3}", "#/cumulative-subtraction?S=2,3"), ("{5,7} (Table 1)", "#/cumulative-subtraction?S=5,7&n=56&w=80&h=80"), ("{2,10,13,14} (Figure 6)", "#/cumulative-subtraction?S=2,10,13,14&n=60&w=120&h=120&zoom=4")];
            /// `#/cumulative-games?...`: n-player cumulative games and their trees.
            CumulativeGames(cumulative_games::CgQuery at "/cumulative-games" -> cumulative_games::CgParams, Vec<String>; validate, |e: &Vec<String>| plain_errors(e.clone()))
            "Cumulative games" "Cumulative games" cumulative_games::CumulativeGamesPage in "lab"
            "n-player, general-sum cumulative games: PSPE by backward induction, outcome tables, and interactive game trees (extensive form, CGT-type, DAG) with TikZ export."
            [("Squirrel Pebbles from 7 (Figure 4)", "#/cumulative-games?preset=squirrel&S=2,3&x=7"), ("CGT tree of 4 (Figure 3)", "#/cumulative-games?preset=squirrel&S=2,3&x=4&view=cgt"), ("DAG from 7 (Figure 5)", "#/cumulative-games?preset=squirrel&S=2,3&x=7&view=dag"), ("Auction Pebbles", "#/cumulative-games?preset=auction&S=2,3&x=4&C=1,0")];
            /// `#/octal?...`: octal and hexadecimal games.
            Octal(OctalQuery at "/octal" -> OctalParams, EngineError; validate, |e: &EngineError| vec![FieldError::plain(e.to_string())])
            "Octal games" "Octal games" octal::OctalPage in "core"
            "Taking and breaking heaps: octal codes, nim-sequences and their periods proven by Theorem 3.73, with the sparse-space method in a Web Worker."
            [("Kayles", "#/octal?code=.77&max=1000000"), ("·16 (period 149,459)", "#/octal?code=.16&max=1000000")];
            /// `#/scoring?...`: Stewart's impartial scoring play.
            Scoring(scoring::ScoringQuery at "/scoring" -> $crate::protocol::ScoringOctalRequest, Vec<String>; octal_request, |e: &Vec<String>| plain_errors(e.clone()))
            "Scoring play" "Scoring play" scoring::ScoringPage in "lab"
            "Stewart's impartial scoring play: games in bracket notation with their trees, final scores, classes and long-rule sums; scoring octal games and G_s with proven periods."
            [("Figure 1", "#/scoring?tab=game&g={2,{11|4|-3}|3|4,{9|2|-5}}"), ("G + G in P (Conjecture 9)", "#/scoring?tab=game&g={2,{1|2|3}|0|-2,{-3|-2|-1}}&plus={2,{1|2|3}|0|-2,{-3|-2|-1}}"), ("(3333, 2222)", "#/scoring?tab=octal&code=3333&pts=2,2,2,2&n=40")];
            /// `#/partizan?...`: partizan heap games (canonical forms, outcomes, positions).
            Partizan(partizan::PartizanQuery at "/partizan" -> partizan::PartizanView, partizan::PartizanErrors; check, partizan::PartizanQuery::field_errors)
            "Partizan" "Partizan heap games" partizan::PartizanPage in "lab"
            "Left and Right with different rules: partizan subtraction, pure breaking, duels and chessboard subtraction; canonical forms, outcome classes, proven periods and winning moves in sums."
            [("S(1,2 | 1,3)", "#/partizan?family=subtraction&L=1,2&R=1,3&n=40"), ("PB(1 | 2)", "#/partizan?family=breaking&L=1&R=2&n=40"), ("Position 5 + 7 + 9", "#/partizan?family=subtraction&L=1,2&R=1,3&n=40&pos=5,7,9")];
            /// `#/misere?...`: misère quotients (Plambeck–Siegel).
            Misere(misere::MisereQuery at "/misere" -> misere::MisereParams, Vec<String>; validate, |e: &Vec<String>| plain_errors(e.clone()))
            "Misère" "Misère quotients" misere::MiserePage in "lab"
            "Misère play of octal, subtraction and all-but games: the proven misère quotient (Plambeck and Siegel) with its presentation, multiplication table and P-portion, each heap's element, outcome and genus, and any sum's outcome with a winning move, to play against the engine."
            [("Kayles to 30", "#/misere?code=.77&n=30"), ("Dawson's Kayles ·07", "#/misere?code=.07&n=24&sum=4,6,9"), ("subtraction {1,2}", "#/misere?S=1,2&n=20")];
            /// `#/atlas?...`: the octal atlas, fetched from a static data file.
            Atlas(atlas::AtlasQuery at "/atlas" -> atlas::AtlasParams, Vec<String>; validate, |e: &Vec<String>| plain_errors(e.clone()))
            "Atlas" "Octal atlas" atlas::AtlasPage in "lab"
            "Every 3-digit octal code solved and grouped into classes of equal values: proven periods, how far the unsolved ones were computed, their rare values, and where published catalogues disagree."
            [("every class", "#/atlas"), ("proven, by period", "#/atlas?status=proven&sort=period"), ("unsolved", "#/atlas?status=unsolved&sort=rare")];
            /// `#/explore?...`: sweeps of whole rule families.
            Explore(explore::ExploreQuery at "/explore" -> explore::ExploreParams, Vec<String>; validate, |e: &Vec<String>| plain_errors(e.clone()))
            "Explore" "Explore families" explore::ExplorePage in "core"
            "Sweep whole families of subtraction and all-but sets on all cores: counts grouped by a metric, top-k records, and the papers' checks with their first counterexamples."
            [("subtraction sets, max ≤ 12, by max", "#/explore?family=subtraction&m=12&group=max&top=period:5"), ("all-but, m = 10", "#/explore?family=all-but&m=10&group=period&top=saltus:5")];
            /// `#/rules?...`: rule-defined games in the ruleset language.
            Rules(rules::RulesQuery at "/rules" -> rules::RulesParams, Vec<String>; validate, |e: &Vec<String>| plain_errors(e.clone()))
            "Rules" "Rule-defined games" rules::RulesPage in "rules"
            "Write a game's rules in a few lines of a small language (or open a preset: MARK, Dawson's Kayles, Wythoff, …): nim-values, outcomes, the period seen, the built-in game it equals, and P-position pictures for pairs of heaps."
            [("MARK", "#/rules?preset=mark"), ("MARK-t, t = 5", "#/rules?preset=mark-t&p.t=5&n=500"), ("Dawson's Kayles", "#/rules?preset=dawsons-kayles&n=1000"), ("Wythoff", "#/rules?preset=wythoff&size=200,200"), ("take or split", "#/rules?r=TY0xC4MwEIX3_IqHk4JG6motdOhQWmhp3cTBIWLQXkIT20H87z0z9eDgveN77_IcdTcqGOJ9w38NvBkVuXSzzk7aww8Kg-osNHkTkKGbPspJQd1LxVF9vJyy2yN73q_nOkpKIXqCsV4bcjElWAR4JuVhZo8KTVuGS7994FLspKwKLNA9-30FYs2otLMbYkIGl5RYsYYUQ4RDheIfagg5ihQbHGS7JQLPjFjFDw")];
        }
    };
}
