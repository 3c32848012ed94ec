//! URL state of the cumulative-subtraction page, `#/cumulative-subtraction?S=2,3&n=40&...`.
//!
//! Keys (all optional; missing keys take the defaults, unknown keys are ignored):
//!
//! * `S`: the action set (default `2,3`, the paper's Example 1);
//! * `n`: heaps in the table, `1..=`[`MAX_TABLE_TERMS`];
//! * `p`: the starting score, and `first`: `positive` or `negative` (who starts); per the note
//!   after Definition 3 they only shift the result;
//! * `w`, `h`: the two-pile window (`x1 < w` across, `x2 < h` up), and `zoom`: screen pixels
//!   per cell of the heatmap;
//! * `m`: the truncated-support explorer's largest action (`tr^m`, Figure 3);
//! * `heap`: the heap play mode starts from (default 7, the paper's pebbles).
//!
//! Like [`super::SubtractionQuery`], the state is kept as raw text, so a bad parameter in a
//! pasted link is shown back with a message rather than dropped.

use heaplab_engine::ruleset::{parse_count, NumberSet};
use heaplab_engine::EngineError;

use super::{format_query, parse_query};

/// The most heaps the table lists.
pub const MAX_TABLE_TERMS: u64 = 5_000;
/// The largest action the page solves: the preperiod can be near `2 (max S)²` (Theorem 3),
/// and the circle diagrams keep that many outcomes (`{299, 300}`: about 180,000).
pub const MAX_ACTION: u64 = 300;
/// `|S| × max S` stays below this: the period search computes about `4 (max S)²` heaps of
/// `|S|` steps each.
pub const SET_WORK: u64 = 6_000;
/// The longest side of the two-pile window (the grid is computed in a Web Worker).
pub const MAX_SIDE: u64 = 1_500;
/// `w × h × |S|` stays below this (a few seconds in the worker at most).
pub const GRID_WORK: u64 = 40_000_000;
/// The largest `m` of the truncated explorer: the engine's, as in the CLI (computed in the
/// worker, with progress and Cancel).
pub const MAX_TRUNCATED_M: u64 = heaplab_engine::cumulative_subtraction::MAX_TRUNCATED_M as u64;
/// The largest starting heap of play mode.
pub const MAX_PLAY_HEAP: u64 = 10_000;
/// The largest zoom (screen pixels per cell).
pub const MAX_ZOOM: u64 = 16;
/// The largest |starting score|.
pub const MAX_START_SCORE: i64 = 1_000_000_000;

/// The raw state of the page, exactly as the URL or the forms hold it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CumulativeQuery {
    /// `S`, the action set as typed.
    pub set: String,
    /// `n`, the heaps in the table.
    pub terms: String,
    /// `p`, the starting score.
    pub start_score: String,
    /// `first`: `positive` or `negative`.
    pub first: String,
    /// `w`, the two-pile window width.
    pub width: String,
    /// `h`, the two-pile window height.
    pub height: String,
    /// `zoom`, screen pixels per heatmap cell.
    pub zoom: String,
    /// `m`, the truncated explorer's largest action.
    pub m: String,
    /// `heap`, where play mode starts.
    pub heap: String,
}

impl Default for CumulativeQuery {
    fn default() -> Self {
        CumulativeQuery {
            set: "2,3".into(),
            terms: "40".into(),
            start_score: "0".into(),
            first: "positive".into(),
            width: "60".into(),
            height: "60".into(),
            zoom: "6".into(),
            m: "25".into(),
            heap: "7".into(),
        }
    }
}

/// A checked query: what the engine is called with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CumulativeParams {
    /// The action set.
    pub set: NumberSet,
    /// Heaps `0..terms` in the table.
    pub terms: u64,
    /// The starting score `p`.
    pub start_score: i64,
    /// Positive (the maximiser) starts.
    pub positive_starts: bool,
    /// Two-pile window width.
    pub width: u32,
    /// Two-pile window height.
    pub height: u32,
    /// Screen pixels per heatmap cell.
    pub zoom: u32,
    /// The truncated explorer's `m`.
    pub m: u32,
    /// Play mode's starting heap.
    pub heap: u64,
}

/// Why a query is not valid: `(URL key, message)` for each bad parameter, in form order.
pub type CumulativeErrors = Vec<(&'static str, String)>;

impl CumulativeParams {
    /// The raw query that shows exactly these parameters (canonical text).
    pub fn to_query(&self) -> CumulativeQuery {
        CumulativeQuery {
            set: self.set.to_text(),
            terms: self.terms.to_string(),
            start_score: self.start_score.to_string(),
            first: if self.positive_starts {
                "positive"
            } else {
                "negative"
            }
            .into(),
            width: self.width.to_string(),
            height: self.height.to_string(),
            zoom: self.zoom.to_string(),
            m: self.m.to_string(),
            heap: self.heap.to_string(),
        }
    }
}

impl CumulativeQuery {
    /// Reads the query part of `#/cumulative-subtraction?...`. Never fails.
    pub fn from_query(query: &str) -> CumulativeQuery {
        let pairs = parse_query(query);
        let mut out = CumulativeQuery::default();
        for (key, value) in pairs {
            match key.as_str() {
                "S" => out.set = value,
                "n" => out.terms = value,
                "p" => out.start_score = value,
                "first" => out.first = value,
                "w" => out.width = value,
                "h" => out.height = value,
                "zoom" => out.zoom = value,
                "m" => out.m = value,
                "heap" => out.heap = value,
                _ => {}
            }
        }
        out
    }

    /// The query string; a valid state is written canonically, so equal views give equal URLs.
    pub fn to_query(&self) -> String {
        let q = match self.validate() {
            Ok(params) => params.to_query(),
            Err(_) => self.clone(),
        };
        format_query(&[
            ("S", q.set.trim()),
            ("n", q.terms.trim()),
            ("p", q.start_score.trim()),
            ("first", q.first.trim()),
            ("w", q.width.trim()),
            ("h", q.height.trim()),
            ("zoom", q.zoom.trim()),
            ("m", q.m.trim()),
            ("heap", q.heap.trim()),
        ])
    }

    /// The full hash, `#/cumulative-subtraction?S=…`.
    pub fn to_hash(&self) -> String {
        format!("#/cumulative-subtraction?{}", self.to_query())
    }

    /// Checks every parameter with the engine's parsers and the page's caps; all problems at
    /// once, each as `(URL key, message)`.
    pub fn validate(&self) -> Result<CumulativeParams, CumulativeErrors> {
        let mut errors = CumulativeErrors::new();
        let set = NumberSet::parse(&self.set).and_then(|set| {
            let size = set.elements().len() as u64;
            if u64::from(set.max()) > MAX_ACTION || size * u64::from(set.max()) > SET_WORK {
                Err(EngineError::OutOfRange(format!(
                    "the page solves actions up to {MAX_ACTION} with |S| × max S below {SET_WORK}, not {size} actions up to {}; use the heaplab CLI",
                    set.max()
                )))
            } else {
                Ok(set)
            }
        });
        let size = set.as_ref().map_or(1, |s| s.elements().len() as u64);
        let set = set.map_err(|e| errors.push(("S", e.to_string()))).ok();
        let terms = keep(
            &mut errors,
            "n",
            parse_count(&self.terms, "the number of heaps n", 1, MAX_TABLE_TERMS),
        );
        let start_score = match self.start_score.trim().parse::<i64>() {
            Ok(p) if p.abs() <= MAX_START_SCORE => Some(p),
            _ => {
                errors.push((
                    "p",
                    format!(
                        "the starting score p must be a whole number between -{MAX_START_SCORE} and {MAX_START_SCORE}, not '{}'",
                        self.start_score.trim()
                    ),
                ));
                None
            }
        };
        let positive_starts = match self.first.trim() {
            "positive" => Some(true),
            "negative" => Some(false),
            other => {
                errors.push((
                    "first",
                    format!("who starts must be positive or negative, not '{other}'"),
                ));
                None
            }
        };
        let width = keep(
            &mut errors,
            "w",
            parse_count(&self.width, "the window width w", 1, MAX_SIDE),
        );
        let height = keep(
            &mut errors,
            "h",
            parse_count(&self.height, "the window height h", 1, MAX_SIDE),
        );
        if let (Some(w), Some(h)) = (width, height) {
            if w * h * size > GRID_WORK {
                errors.push((
                    "w",
                    format!(
                        "the two-pile window {w} × {h} with {size} actions is too large for the page (w × h × |S| must stay below {GRID_WORK}); use the heaplab CLI"
                    ),
                ));
            }
        }
        let zoom = keep(
            &mut errors,
            "zoom",
            parse_count(&self.zoom, "the zoom", 1, MAX_ZOOM),
        );
        let m = keep(
            &mut errors,
            "m",
            parse_count(&self.m, "the truncated m", 2, MAX_TRUNCATED_M),
        );
        let heap = keep(
            &mut errors,
            "heap",
            parse_count(&self.heap, "the play heap", 0, MAX_PLAY_HEAP),
        );
        match (
            set,
            terms,
            start_score,
            positive_starts,
            width,
            height,
            zoom,
            m,
            heap,
        ) {
            (
                Some(set),
                Some(terms),
                Some(start_score),
                Some(positive_starts),
                Some(width),
                Some(height),
                Some(zoom),
                Some(m),
                Some(heap),
            ) if errors.is_empty() => Ok(CumulativeParams {
                set,
                terms,
                start_score,
                positive_starts,
                width: width as u32,
                height: height as u32,
                zoom: zoom as u32,
                m: m as u32,
                heap,
            }),
            _ => Err(errors),
        }
    }
}

/// The value of `result`, or `None` with `(key, message)` pushed to `errors`.
fn keep(
    errors: &mut CumulativeErrors,
    key: &'static str,
    result: Result<u64, EngineError>,
) -> Option<u64> {
    result.map_err(|e| errors.push((key, e.to_string()))).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_and_defaults() {
        let q = CumulativeQuery::from_query("S=%7B3,%202%7D&w=30");
        let params = q.validate().unwrap();
        assert_eq!(params.set.elements(), &[2, 3]);
        assert_eq!(
            q.to_query(),
            "S=2,3&n=40&p=0&first=positive&w=30&h=60&zoom=6&m=25&heap=7"
        );
        assert_eq!(
            CumulativeQuery::from_query(&q.to_query()).validate(),
            Ok(params)
        );
    }

    #[test]
    fn bad_input_names_every_bad_key() {
        let q = CumulativeQuery::from_query("S=0,x&n=-1&p=zz&first=bob&w=0&m=1&heap=abc&zoom=99");
        let keys: Vec<&str> = q.validate().unwrap_err().iter().map(|(k, _)| *k).collect();
        assert_eq!(keys, ["S", "n", "p", "first", "w", "zoom", "m", "heap"]);
        let big = CumulativeQuery::from_query(
            "S=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18&w=1500&h=1500",
        );
        assert!(big.validate().is_err());
    }
}
