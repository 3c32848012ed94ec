//! The explorer page's URL state ([`ExploreQuery`]): the whole sweep as typed
//! (`#/explore?family=subtraction&m=10&group=max&top=period:5&check=…`), checked by the
//! engine's own [`Sweep::new`](heaplab_engine::sweep::Sweep::new) into a [`SweepRequest`], with
//! the page's size cap and the equivalent `heaplab sweep …` command.

use heaplab_engine::checks::{self, Check};
use heaplab_engine::ruleset::parse_count;
use heaplab_engine::sweep::family::MAX_SET_BOUND;
use heaplab_engine::text::grouped;

use super::{format_query, parse_query};
use crate::protocol::sweep::set_family;
use crate::protocol::SweepRequest;

/// The most rulesets the page sweeps; larger families are for the CLI.
pub const PAGE_CAP: u64 = 1 << 22;
/// The most top-k records the page keeps.
pub const MAX_TOP_K: u64 = 1000;

/// The URL state, as typed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExploreQuery {
    /// `subtraction` or `all-but`.
    pub family: String,
    /// The bound m.
    pub m: String,
    /// `|S| = k` (empty: any size).
    pub k: String,
    /// `1` for "largest element exactly m" (empty: any).
    pub exact: String,
    /// The check names, in order.
    pub checks: Vec<String>,
    /// The group-by metric (empty: none).
    pub group: String,
    /// `METRIC:K` (empty: none).
    pub top: String,
}

impl Default for ExploreQuery {
    fn default() -> Self {
        ExploreQuery {
            family: "subtraction".into(),
            m: "10".into(),
            k: String::new(),
            exact: String::new(),
            checks: Vec::new(),
            group: "max".into(),
            top: "period:5".into(),
        }
    }
}

/// A valid state: the request over the whole family and the family's size.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExploreParams {
    /// The sweep, its range the whole family.
    pub request: SweepRequest,
    /// Rulesets in the family.
    pub len: u64,
}

impl ExploreQuery {
    /// Reads `#/explore?...`; missing keys take their defaults, unknown keys are ignored.
    pub fn from_query(query: &str) -> Self {
        let mut q = ExploreQuery::default();
        for (key, value) in parse_query(query) {
            match key.as_str() {
                "family" => q.family = value,
                "m" => q.m = value,
                "k" => q.k = value,
                "exact" => q.exact = value,
                "check" => {
                    // A check named twice runs once.
                    q.checks.clear();
                    for c in value.split(',').map(str::trim) {
                        if !c.is_empty() && !q.checks.iter().any(|k| k == c) {
                            q.checks.push(c.to_string());
                        }
                    }
                }
                "group" => q.group = value,
                "top" => q.top = value,
                _ => {}
            }
        }
        q
    }

    /// The hash of this state (every key, so a link states the whole sweep).
    pub fn to_hash(&self) -> String {
        format!("#/explore?{}", self.to_query())
    }

    /// The query part of [`Self::to_hash`], which [`Self::from_query`] reads back.
    pub fn to_query(&self) -> String {
        let checks = self.checks.join(",");
        let pairs = [
            ("family", self.family.trim()),
            ("m", self.m.trim()),
            ("k", self.k.trim()),
            ("exact", self.exact.trim()),
            ("group", self.group.trim()),
            ("top", self.top.trim()),
            ("check", checks.as_str()),
        ];
        format_query(&pairs)
    }

    /// The sweep with its `exact` flag read (`1`/`true` or empty/`0`).
    fn exact_max(&self) -> Result<bool, String> {
        match self.exact.trim() {
            "" | "0" | "false" => Ok(false),
            "1" | "true" => Ok(true),
            other => Err(format!("exact must be 1 or empty, not '{other}'")),
        }
    }

    /// `METRIC:K`, or `None` when empty.
    fn top_spec(&self) -> Result<Option<(String, u64)>, String> {
        let text = self.top.trim();
        if text.is_empty() {
            return Ok(None);
        }
        let (metric, k) = text
            .split_once(':')
            .ok_or_else(|| format!("top must be METRIC:K, e.g. period:5, not '{text}'"))?;
        let k = parse_count(k, "top's K", 1, MAX_TOP_K).map_err(|e| e.to_string())?;
        Ok(Some((metric.trim().to_string(), k)))
    }

    /// The sweep request over the whole family, or every problem found (the engine names
    /// unknown families, checks and metrics); a family past [`PAGE_CAP`] names the cap and
    /// the CLI command that runs it.
    pub fn validate(&self) -> Result<ExploreParams, Vec<String>> {
        let mut errors = Vec::new();
        let m = parse_count(&self.m, "m", 1, u64::from(MAX_SET_BOUND))
            .map_err(|e| errors.push(e.to_string()))
            .ok();
        let size = match self.k.trim() {
            "" => Some(None),
            text => parse_count(text, "k", 0, u64::from(MAX_SET_BOUND))
                .map(|k| Some(k as u32))
                .map_err(|e| errors.push(e.to_string()))
                .ok(),
        };
        let exact_max = self.exact_max().map_err(|e| errors.push(e)).ok();
        let top = self.top_spec().map_err(|e| errors.push(e)).ok();
        let (Some(m), Some(size), Some(exact_max), Some(top)) = (m, size, exact_max, top) else {
            return Err(errors);
        };
        let group = self.group.trim();
        let mut request = SweepRequest {
            query: self.to_query(),
            family: self.family.trim().to_string(),
            m: m as u32,
            size,
            exact_max,
            checks: self.checks.clone(),
            group_by: (!group.is_empty()).then(|| group.to_string()),
            top,
            range: (0, 0),
        };
        let len = request
            .sweep()
            .map(|sweep| sweep.spec().family.len())
            .map_err(|e| vec![e.to_string()])?;
        if len > PAGE_CAP {
            return Err(vec![format!(
                "this family has {} rulesets; the page sweeps at most {} (2^22). Run it on all cores with the CLI instead: {}",
                grouped(len),
                grouped(PAGE_CAP),
                self.cli_command()
            )]);
        }
        request.range = (0, len);
        Ok(ExploreParams { request, len })
    }

    /// The same sweep as a `heaplab sweep …` command line (shell-quoted where needed).
    pub fn cli_command(&self) -> String {
        let mut words = vec![
            "heaplab".to_string(),
            "sweep".into(),
            quote(&self.family),
            "--max-move".into(),
            quote(&self.m),
        ];
        let mut option = |name: &str, value: &str| {
            if !value.trim().is_empty() {
                words.push(name.to_string());
                words.push(quote(value));
            }
        };
        option("--size", &self.k);
        for check in &self.checks {
            option("--check", check);
        }
        option("--group-by", &self.group);
        option("--top", &self.top);
        if self.exact_max() == Ok(true) {
            words.push("--exact-max".into());
        }
        words.push("--progress".into());
        words.join(" ")
    }
}

/// `text` as one shell word: as is when it is plain, else in single quotes.
fn quote(text: &str) -> String {
    let text = text.trim();
    let plain = !text.is_empty()
        && text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_:.,/".contains(c));
    if plain {
        text.to_string()
    } else {
        format!("'{}'", text.replace('\'', r"'\''"))
    }
}

/// The checks that speak about `family` (by name), in the engine's order; none for an
/// unknown family.
pub fn checks_for(family: &str) -> Vec<&'static Check> {
    let Ok(kind) = set_family(family, 1, None, false).map(|f| f.kind()) else {
        return Vec::new();
    };
    checks::for_sets()
        .filter(|c| c.applies_to.contains(&kind))
        .collect()
}

/// The page of the ruleset `text` of `family` (`#/subtraction?S=2,5,7`, `?E=…` for all-but,
/// `#/cumulative-subtraction?S=…`), or `None` for the empty excluded set's `∅`.
pub fn ruleset_link(family: &str, text: &str) -> Option<String> {
    if text.is_empty() || text == "∅" {
        return None;
    }
    let (page, key) = match family {
        "all-but" => ("subtraction", "E"),
        "cumulative-subtraction" => ("cumulative-subtraction", "S"),
        _ => ("subtraction", "S"),
    };
    // A subtraction set opens with enough heaps to show more than its first zeros.
    let n = match (page, key) {
        ("subtraction", "S") => heaplab_engine::ruleset::NumberSet::parse(text)
            .map(|set| super::terms_to_show(set.elements(), None).to_string())
            .ok(),
        _ => None,
    };
    let mut pairs = vec![(key, text)];
    if let Some(n) = &n {
        pairs.push(("n", n));
    }
    Some(format!("#/{page}?{}", format_query(&pairs)))
}
