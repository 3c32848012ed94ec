//! The octal atlas: every code `0.d1…dD` and `4.d1…dD`, solved (Theorem 3.73, within a heap
//! cap) and grouped into classes of codes with identical values, with the catalogue facts the
//! literature prints checked against them.
//!
//! A class is proven (its least preperiod and period, its values' certificate hash) or
//! unsolved (how far it was computed and its rare statistics, never more). Two proven codes
//! are in one class when their least preperiod and period agree and so do their values up to
//! `n0 + p`, which then fixes every value; two unsolved codes when every value computed
//! agrees. A code in a class has the values of every other code of it on every heap computed.

use crate::certificate::octal_certificate;
use crate::octal::{self, Limits, OctalReport, Ruleset, RunOptions, Values};
use crate::{Budget, EngineError};
use std::collections::BTreeMap;

/// The most code digits an atlas takes (`8^4 · 2` codes).
pub const MAX_DIGITS: u32 = 4;
/// The heap cap a game is computed to by default.
pub const DEFAULT_MAX_HEAPS: usize = 1 << 22;
/// The work a game may spend by default, in option pairs scanned
/// ([`crate::octal::fast::OctalSequence::estimated_work`]): 2^32, a few seconds of one core.
/// Codes without a sparse space (·004) take time quadratic in the heaps, so they stop near
/// 2^17 heaps, while sparse codes go on to [`DEFAULT_MAX_HEAPS`]; without it a 3-digit atlas
/// to 2^22 heaps would run for days. Deterministic, so a stop is at the same heap everywhere.
pub const DEFAULT_GAME_WORK: u64 = 1 << 32;

/// How far each game of an atlas is computed: at most `max_heaps` heaps and `max_game_work`
/// work (Corollary 3.74's doubling stops before passing either).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct AtlasCaps {
    /// The most heaps a game is computed to.
    pub max_heaps: usize,
    /// The most work (option pairs scanned) a game may spend.
    pub max_game_work: u64,
}

impl Default for AtlasCaps {
    fn default() -> Self {
        AtlasCaps {
            max_heaps: DEFAULT_MAX_HEAPS,
            max_game_work: DEFAULT_GAME_WORK,
        }
    }
}

/// One code's solution.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct AtlasEntry {
    /// The code as written in the atlas: `.16`, `4.07`, `.0` (no move at all).
    pub code: String,
    /// True when its period is proven.
    pub proven: bool,
    /// The least preperiod, when proven.
    pub preperiod: Option<u64>,
    /// The least period, when proven.
    pub period: Option<u64>,
    /// The heaps computed.
    pub computed: u64,
    /// The largest value computed.
    pub largest_value: Option<u32>,
    /// The last heap with a rare value (sparse space, Theorem 3.81), when a mask is in use.
    pub last_rare_heap: Option<u64>,
    /// The rare heaps computed, when a mask is in use.
    pub rare_count: Option<u64>,
    /// The ignore mask of the sparse space, when in use.
    pub ignore_mask: Option<u32>,
    /// The certificate's SHA-256 of the values it covers, when proven.
    pub certificate_sha256: Option<String>,
    /// The class key: equal keys mean identical values on every heap computed.
    pub key: String,
}

/// The code at `index` of the `digits`-digit atlas: indices `0..8^D` are `0.d1…dD`, the next
/// `8^D` are `4.d1…dD` (digits in base 8, `d1` most significant).
pub fn code_at(digits: u32, index: u64) -> String {
    let per_prefix = 8u64.pow(digits);
    let prefix = if index < per_prefix { "" } else { "4" };
    let mut rest = index % per_prefix;
    let mut tail = vec![b'0'; digits as usize];
    for d in tail.iter_mut().rev() {
        *d = b'0' + (rest % 8) as u8;
        rest /= 8;
    }
    let trimmed = match tail.iter().rposition(|&d| d != b'0') {
        Some(last) => &tail[..=last],
        None => &tail[..1],
    };
    format!("{prefix}.{}", String::from_utf8_lossy(trimmed))
}

/// The first index of the atlas's games: index 0 is `.0`, which allows no move (every value
/// 0), and is left out.
pub const FIRST_INDEX: u64 = 1;

/// How many codes the `digits`-digit atlas holds (indices `0..len`, games from
/// [`FIRST_INDEX`]); an error past
/// [`MAX_DIGITS`].
pub fn atlas_len(digits: u32) -> Result<u64, EngineError> {
    if !(1..=MAX_DIGITS).contains(&digits) {
        return Err(EngineError::OutOfRange(format!(
            "an atlas has 1 to {MAX_DIGITS} digits, not {digits}"
        )));
    }
    Ok(2 * 8u64.pow(digits))
}

/// Solves the code at each index of `range` (of the `digits`-digit atlas) to at most
/// `caps`. The budget counts codes.
pub fn solve_range(
    digits: u32,
    range: std::ops::Range<u64>,
    caps: AtlasCaps,
    budget: &mut Budget<'_>,
) -> Result<Vec<AtlasEntry>, EngineError> {
    let len = atlas_len(digits)?;
    if range.end > len || range.start > range.end || range.start < FIRST_INDEX {
        return Err(EngineError::OutOfRange(format!(
            "codes {}..{} are outside the atlas's {FIRST_INDEX}..{len}",
            range.start, range.end
        )));
    }
    let total = range.end - range.start;
    let mut entries = Vec::with_capacity(total as usize);
    for (done, index) in range.enumerate() {
        budget.tick(done as u64, total)?;
        entries.push(solve_code(&code_at(digits, index), caps)?);
    }
    Ok(entries)
}

/// One code's entry, computed within `caps`.
pub fn solve_code(code: &str, caps: AtlasCaps) -> Result<AtlasEntry, EngineError> {
    let rules = Ruleset::parse(code)?;
    let limits = Limits {
        terms: 1,
        prove: true,
        max_heaps: caps.max_heaps,
    };
    let options = RunOptions {
        max_game_work: caps.max_game_work,
        ..RunOptions::default()
    };
    let (report, values) =
        octal::solve_with_values(&rules, limits, options, &mut Budget::unlimited())?;
    let (largest_value, last_rare_heap) = octal::value_summary(&values, report.ignore_mask);
    let certificate_sha256 = match report.proven() {
        true => Some(octal_certificate(code, &rules, &report, &values)?.values_sha256),
        false => None,
    };
    Ok(AtlasEntry {
        code: code.to_string(),
        proven: report.proven(),
        preperiod: report.preperiod(),
        period: report.periodicity.period(),
        computed: report.computed,
        largest_value,
        last_rare_heap,
        rare_count: report.rare_count,
        ignore_mask: report.ignore_mask,
        certificate_sha256,
        key: class_key(&report, &values),
    })
}

/// Equal for two codes exactly when their values agree on every heap computed (see the
/// module's comment): the preperiod, period and a hash of the values that fix the rest.
fn class_key(report: &OctalReport, values: &Values) -> String {
    let (tag, len) = match (report.preperiod(), report.periodicity.period()) {
        (Some(n0), Some(p)) if report.proven() => (format!("p{n0}/{p}"), n0 + p),
        _ => (format!("u{}", report.computed), report.computed),
    };
    let mut hasher = xxhash_rust::xxh3::Xxh3::new();
    for n in 0..len as usize {
        hasher.update(&values.get(n).to_le_bytes());
    }
    format!("{tag}:{:032x}", hasher.digest128())
}

/// A class of codes with identical values.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct AtlasClass {
    /// Its codes, in atlas order.
    pub codes: Vec<String>,
    /// `proven` or `unsolved`.
    pub status: &'static str,
    /// The facts of its first code (the same for every code of the class but the certificate
    /// hash, whose window depends on the code's t and k), at the class's level in JSON.
    #[serde(flatten)]
    pub entry: AtlasEntry,
}

/// The entries grouped into classes, in the order of each class's first code.
pub fn classes(entries: &[AtlasEntry]) -> Vec<AtlasClass> {
    let mut by_key: BTreeMap<&str, usize> = BTreeMap::new();
    let mut out: Vec<AtlasClass> = Vec::new();
    for e in entries {
        match by_key.get(e.key.as_str()) {
            Some(&i) => out[i].codes.push(e.code.clone()),
            None => {
                by_key.insert(&e.key, out.len());
                out.push(AtlasClass {
                    codes: vec![e.code.clone()],
                    status: if e.proven { "proven" } else { "unsolved" },
                    entry: e.clone(),
                });
            }
        }
    }
    out
}

/// A fact a published catalogue prints: two codes it treats as one game.
#[derive(Debug, Clone, Copy)]
pub struct CatalogueFact {
    /// The first code.
    pub a: &'static str,
    /// The second code.
    pub b: &'static str,
    /// Who prints it, and where.
    pub source: &'static str,
}

/// The catalogue facts the atlas checks (each code of at most three digits).
pub const CATALOGUE_FACTS: &[CatalogueFact] = &[
    CatalogueFact {
        a: ".161",
        b: ".36",
        source:
            "Flammenkamp, Sprague-Grundy values of octal games (thesis reference [20]): one game",
    },
    CatalogueFact {
        a: ".27",
        b: ".06",
        source: "Winning Ways, the game locator: ·27 is located at ·06",
    },
];

/// What the atlas finds of a catalogue fact: whether the two codes have equal values on the
/// heaps checked, else the first heap where they differ.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct CatalogueCheck {
    /// The first code.
    pub a: String,
    /// The second code.
    pub b: String,
    /// The catalogue's claim.
    pub source: String,
    /// The first heap where the values differ (`None`: equal on every heap checked).
    pub first_difference: Option<u64>,
    /// The heaps compared.
    pub heaps: u64,
}

/// Checks `fact` on heaps `0..heaps`.
pub fn check_fact(fact: &CatalogueFact, heaps: usize) -> Result<CatalogueCheck, EngineError> {
    let values = |code: &str| -> Result<Vec<u32>, EngineError> {
        let limits = Limits {
            terms: heaps,
            prove: false,
            max_heaps: heaps,
        };
        let rules = Ruleset::parse(code)?;
        Ok(octal::solve(&rules, limits, &mut Budget::unlimited())?.values)
    };
    let (a, b) = (values(fact.a)?, values(fact.b)?);
    Ok(CatalogueCheck {
        a: fact.a.into(),
        b: fact.b.into(),
        source: fact.source.into(),
        first_difference: a.iter().zip(&b).position(|(x, y)| x != y).map(|n| n as u64),
        heaps: heaps as u64,
    })
}
