//! An explorer sweep (`#/explore`) as the page states it ([`SweepRequest`]): built by the URL
//! layer, sent to the worker job that runs a slice of it (`crate::worker::jobs::sweep_job`).

use heaplab_engine::subtraction::DEFAULT_SEARCH;
use heaplab_engine::sweep::{metrics, Family, FamilyOptions, Sweep, SweepSpec, TopSpec};
use heaplab_engine::{checks, EngineError};

use serde::{Deserialize, Serialize};

/// The sweep as the page states it (names as the CLI's `heaplab sweep` takes them), and the
/// index range of this slice. A worker is sent the request itself, so it never reads the
/// page's URL text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SweepRequest {
    /// The `#/explore?…` query this request was read from.
    pub query: String,
    /// `subtraction` or `all-but`.
    pub family: String,
    /// The bound m.
    pub m: u32,
    /// Only sets of this size, when given.
    pub size: Option<u32>,
    /// Only sets whose largest element is exactly m.
    pub exact_max: bool,
    /// Check names.
    pub checks: Vec<String>,
    /// The group-by metric.
    pub group_by: Option<String>,
    /// The top metric and K.
    pub top: Option<(String, u64)>,
    /// The slice of the family's indices this job walks.
    pub range: (u64, u64),
}

impl SweepRequest {
    /// The family.
    pub fn family(&self) -> Result<Family, EngineError> {
        set_family(&self.family, self.m, self.size, self.exact_max)
    }

    /// The engine's spec of the whole sweep (the range is not part of it).
    pub fn spec(&self) -> Result<SweepSpec, EngineError> {
        Ok(SweepSpec {
            family: self.family()?,
            checks: self.checks.clone(),
            filter: None,
            group_by: self.group_by.clone(),
            top: self.top.clone().map(|(metric, k)| TopSpec { metric, k }),
            rows: 0,
            search: DEFAULT_SEARCH,
        })
    }

    /// The checked sweep. Check names are looked up among the set families' checks only
    /// ([`checks::find_for_sets`]) and rulesets measured by [`metrics::measure_sets`], so the
    /// other families' checks and metrics stay out of the wasm module.
    pub fn sweep(&self) -> Result<Sweep, EngineError> {
        Sweep::with_parts(self.spec()?, checks::find_for_sets, metrics::measure_sets)
    }
}

/// The families of sets `S ⊆ {1..m}` the page sweeps: subtraction, all-but and cumulative
/// subtraction (the CLI sweeps the others: octal and hexadecimal codes, move windows, scoring
/// octal games).
pub const SET_FAMILIES: [&str; 3] = ["subtraction", "all-but", "cumulative-subtraction"];

/// The set family `name` (one of [`SET_FAMILIES`]) over subsets of `{1..m}`, of size `size`
/// when given, with largest element exactly `m` when `exact_max`.
pub fn set_family(
    name: &str,
    m: u32,
    size: Option<u32>,
    exact_max: bool,
) -> Result<Family, EngineError> {
    if !SET_FAMILIES.contains(&name) {
        return Err(EngineError::Parse(format!(
            "unknown family `{name}` for this page: use {} (`heaplab sweep` sweeps every family)",
            SET_FAMILIES.join(", ")
        )));
    }
    let options = FamilyOptions {
        bound: Some(m),
        size,
        exact_max,
        ..FamilyOptions::default()
    };
    Family::parse(name, &options)
}
