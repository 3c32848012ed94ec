//! The one page registry: [`PageQuery`], the trait every page's URL state implements, and
//! [`for_each_page!`](crate::for_each_page), the one list of pages. Route parsing, titles and
//! the navigation ([`super::Route`]) and the app's page switch (`crate::app`) are all expanded
//! from that list, so a new page is one line there plus its query and page files.

use heaplab_engine::EngineError;

use super::cumulative::{CumulativeErrors, CumulativeParams, CumulativeQuery};
use super::partizan::{PartizanErrors, PartizanQuery, PartizanRequest};
use super::plane::{PlaneErrors, PlaneParams, PlaneQuery};
use super::{
    MapErrors, MapParams, MapQuery, OctalParams, OctalQuery, QueryErrors, SubtractionParams,
    SubtractionQuery,
};
use crate::pages::cumulative_games::{CgParams, CgQuery};
use crate::pages::scoring::ScoringQuery;
use crate::worker::ScoringOctalRequest;

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
/// at it. Shown by `crate::components::field::FieldErrors`.
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

/// Implements [`PageQuery`] by the query type's own `from_query`, `to_hash` and validator.
macro_rules! page_query {
    ($query:ty, $path:literal, $params:ty, $errors:ty, $check:ident, $fields:expr) => {
        impl PageQuery for $query {
            const PATH: &'static str = $path;
            type Params = $params;
            type Errors = $errors;
            fn parse(query: &str) -> Self {
                <$query>::from_query(query)
            }
            fn hash(&self) -> String {
                <$query>::to_hash(self)
            }
            fn check(&self) -> Result<$params, $errors> {
                <$query>::$check(self)
            }
            fn field_errors(errors: &$errors) -> Vec<FieldError> {
                $fields(errors)
            }
        }
    };
}

/// Messages without ids, in order.
fn plain(messages: Vec<String>) -> Vec<FieldError> {
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
fn cumulative_fields(e: &CumulativeErrors) -> Vec<FieldError> {
    e.iter()
        .map(|(key, m)| FieldError {
            id: Some(format!("cs-error-{key}")),
            message: m.clone(),
        })
        .collect()
}

page_query!(
    SubtractionQuery,
    "/subtraction",
    SubtractionParams,
    QueryErrors,
    validate,
    subtraction_fields
);
page_query!(
    MapQuery,
    "/period-map",
    MapParams,
    Box<MapErrors>,
    validate,
    |e: &MapErrors| plain(e.messages())
);
page_query!(
    PlaneQuery,
    "/plane",
    PlaneParams,
    Box<PlaneErrors>,
    validate,
    |e: &PlaneErrors| plain(e.messages())
);
page_query!(
    CumulativeQuery,
    "/cumulative-subtraction",
    CumulativeParams,
    CumulativeErrors,
    validate,
    cumulative_fields
);
page_query!(
    CgQuery,
    "/cumulative-games",
    CgParams,
    Vec<String>,
    validate,
    |e: &Vec<String>| plain(e.clone())
);
page_query!(
    OctalQuery,
    "/octal",
    OctalParams,
    EngineError,
    validate,
    |e: &EngineError| vec![FieldError::plain(e.to_string())]
);
page_query!(
    ScoringQuery,
    "/scoring",
    ScoringOctalRequest,
    Vec<String>,
    octal_request,
    |e: &Vec<String>| plain(e.clone())
);

page_query!(
    PartizanQuery,
    "/partizan",
    PartizanRequest,
    PartizanErrors,
    validate,
    PartizanQuery::field_errors
);

/// The one list of pages, in navigation order: `Variant(QueryType) "Navigation label" "Title"
/// PageComponent;`. It hands the list to the macro `$then`, which takes what it needs (the
/// route reads the first four columns; the app the variant and the component).
#[macro_export]
macro_rules! for_each_page {
    ($then:ident) => {
        $then! {
            /// `#/subtraction?...`: finite and all-but subtraction games.
            Subtraction(SubtractionQuery) "Subtraction" "Subtraction games" SubtractionPage;
            /// `#/period-map?...`: Flammenkamp's period-length maps.
            PeriodMap(MapQuery) "Period maps" "Period maps" PeriodMapPage;
            /// `#/plane?...`: two-dimensional subtraction games (survey Figure 2).
            Plane(PlaneQuery) "2-D subtraction" "2-D subtraction" PlanePage;
            /// `#/cumulative-subtraction?...`: cumulative subtraction (Stewart's `G_s`).
            CumulativeSubtraction(CumulativeQuery) "Cumulative" "Cumulative subtraction" CumulativePage;
            /// `#/cumulative-games?...`: n-player cumulative games and their trees.
            CumulativeGames(CgQuery) "Cumulative games" "Cumulative games" CumulativeGamesPage;
            /// `#/octal?...`: octal and hexadecimal games.
            Octal(OctalQuery) "Octal games" "Octal games" OctalPage;
            /// `#/scoring?...`: Stewart's impartial scoring play.
            Scoring(ScoringQuery) "Scoring play" "Scoring play" ScoringPage;
            /// `#/partizan?...`: partizan heap games (canonical forms, outcomes, positions).
            Partizan(PartizanQuery) "Partizan" "Partizan heap games" PartizanPage;
        }
    };
}
