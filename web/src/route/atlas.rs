//! URL state of `#/atlas?status=proven&digits=2&p=1..100&sort=period`: the octal atlas page's
//! filters and sort.
//!
//! * `status`: `all` (default), `proven` or `unsolved`;
//! * `digits`: only classes whose representative code has this many digits after the point
//!   (`1` to `3`; empty: all);
//! * `p`: a period range `a..b` (half-open, as the period map's ranges; empty: any), which
//!   leaves out unsolved classes;
//! * `sort`: `code` (default), `period`, `preperiod`, `largest` (largest value) or `rare`
//!   (rare count).

use heaplab_engine::ruleset::{parse_count, parse_range};
use heaplab_engine::EngineError;

use super::{format_query, parse_query};

/// The sort keys the page offers: URL value and label.
pub const SORTS: [(&str, &str); 5] = [
    ("code", "code"),
    ("period", "period"),
    ("preperiod", "preperiod"),
    ("largest", "largest value"),
    ("rare", "rare values"),
];

/// The status filters: URL value and label.
pub const STATUSES: [(&str, &str); 3] = [
    ("all", "all classes"),
    ("proven", "proven"),
    ("unsolved", "unsolved"),
];

/// The URL state, as typed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AtlasQuery {
    /// `all`, `proven` or `unsolved`.
    pub status: String,
    /// The number of digits (empty: all).
    pub digits: String,
    /// The period range `a..b` (empty: any).
    pub period: String,
    /// The sort key.
    pub sort: String,
}

impl Default for AtlasQuery {
    fn default() -> Self {
        AtlasQuery {
            status: "all".into(),
            digits: String::new(),
            period: String::new(),
            sort: "code".into(),
        }
    }
}

/// A valid state: the filters as numbers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AtlasParams {
    /// `Some(true)`: proven only; `Some(false)`: unsolved only.
    pub proven: Option<bool>,
    /// Digits after the point.
    pub digits: Option<u64>,
    /// Periods `start..end`.
    pub period: Option<(u64, u64)>,
    /// The sort key (one of [`SORTS`]).
    pub sort: &'static str,
}

impl AtlasQuery {
    /// Reads `#/atlas?...`; missing keys take their defaults, unknown keys are ignored.
    pub fn from_query(query: &str) -> Self {
        let mut q = AtlasQuery::default();
        for (key, value) in parse_query(query) {
            match key.as_str() {
                "status" => q.status = value,
                "digits" => q.digits = value,
                "p" => q.period = value,
                "sort" => q.sort = value,
                _ => {}
            }
        }
        q
    }

    /// The hash of this state (defaults left out).
    pub fn to_hash(&self) -> String {
        let defaults = AtlasQuery::default();
        let pairs: Vec<(&str, &str)> = [
            ("status", &self.status, &defaults.status),
            ("digits", &self.digits, &defaults.digits),
            ("p", &self.period, &defaults.period),
            ("sort", &self.sort, &defaults.sort),
        ]
        .into_iter()
        .filter(|(_, value, default)| value.trim() != default.as_str())
        .map(|(key, value, _)| (key, value.trim()))
        .collect();
        match pairs.is_empty() {
            true => "#/atlas".into(),
            false => format!("#/atlas?{}", format_query(&pairs)),
        }
    }

    /// Checks every filter; all problems at once.
    pub fn validate(&self) -> Result<AtlasParams, Vec<String>> {
        let mut errors = Vec::new();
        let proven = match self.status.trim() {
            "all" => Some(None),
            "proven" => Some(Some(true)),
            "unsolved" => Some(Some(false)),
            other => {
                errors.push(format!(
                    "status is all, proven or unsolved, not {:?}",
                    crate::format::shortened(other, 40)
                ));
                None
            }
        };
        let digits = match self.digits.trim() {
            "" => Some(None),
            text => parse_count(text, "digits", 1, 3)
                .map(Some)
                .map_err(|e| errors.push(e.to_string()))
                .ok(),
        };
        let period = match self.period.trim() {
            "" => Some(None),
            text => parse_range(text, "p")
                .map(|(a, b)| Some((u64::from(a), u64::from(b))))
                .map_err(|e: EngineError| errors.push(e.to_string()))
                .ok(),
        };
        let sort = SORTS.iter().find(|(key, _)| *key == self.sort.trim());
        if sort.is_none() {
            errors.push(format!(
                "sort is one of code, period, preperiod, largest or rare, not {:?}",
                crate::format::shortened(self.sort.trim(), 40)
            ));
        }
        match (proven, digits, period, sort) {
            (Some(proven), Some(digits), Some(period), Some((sort, _))) if errors.is_empty() => {
                Ok(AtlasParams {
                    proven,
                    digits,
                    period,
                    sort,
                })
            }
            _ => Err(errors),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn filters_read_back_and_bad_ones_are_named() {
        let q = AtlasQuery::from_query("status=proven&digits=2&p=1..100&sort=period");
        assert_eq!(
            q.to_hash(),
            "#/atlas?status=proven&digits=2&p=1..100&sort=period"
        );
        let params = q.validate().unwrap();
        assert_eq!(params.proven, Some(true));
        assert_eq!(params.period, Some((1, 100)));
        assert_eq!(AtlasQuery::from_query("").to_hash(), "#/atlas");
        let errors = AtlasQuery::from_query("status=x&digits=9&p=5..2&sort=y")
            .validate()
            .unwrap_err();
        assert_eq!(errors.len(), 4, "{errors:?}");
    }
}
