//! Certificates of proven periods: what a reader needs to check a result without HeapLab.
//!
//! A [`Certificate`] names the ruleset, the periodicity theorem and its parameters, the claimed
//! preperiod and period, the number of heaps `N` the theorem needs, and the SHA-256 of the
//! nim-values `G(0..N)` packed as [`PACKING`] (each value a little-endian `u32`, heap order).
//! A checker recomputes the values by its own method, compares the hash and verifies the
//! theorem's condition over its window (docs/guide/certificates.md describes the format).
//!
//! * Theorem 3.73 (thesis, simple periodicity of a finite code-digit game): with `t` the most
//!   heaps a move leaves and `k` the code length, `G(n + p) = G(n)` for
//!   `n0 <= n <= t·n0 + (t−1)·p + k` proves period `p` from `n0`. HeapLab checks a claim from
//!   `n0 = 0` as from `n0 = 1` (plus `G(p) = G(0)`), so the window is
//!   `n0 <= n <= t·max(n0, 1) + (t−1)·p + k` and `N = t·max(n0, 1) + t·p + k + 1`.
//! * Theorem 3.29 (thesis, subtraction games): `G(n + p) = G(n)` for `n0 <= n < n0 + max S`
//!   proves period `p` from `n0`: the window is `n0 <= n <= n0 + max S − 1` and
//!   `N = n0 + p + max S`.

use crate::octal::arithmetic::{needed_values, Pattern};
use crate::octal::{self, OctalReport, Ruleset, Values};
use crate::{EngineError, Periodicity};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// The `format` key of every certificate.
pub const FORMAT: &str = "heaplab-certificate";
/// The certificate format version this build writes.
pub const VERSION: u32 = 1;
/// How the values are packed for the hash: each `G(n)` as 4 bytes little-endian, `n = 0..N`.
pub const PACKING: &str = "u32le";
impl Certificate {
    /// The file's text: pretty JSON and a final newline, as the CLI writes it and the web
    /// page downloads it.
    pub fn to_file_text(&self) -> String {
        // Plain strings and numbers: serializing cannot fail.
        serde_json::to_string_pretty(self).unwrap_or_default() + "\n"
    }
}

/// Heaps packed per block by [`for_each_packed_block`].
const BLOCK: usize = 1 << 16;

/// A certificate of a proven period (serialized as JSON; keys in docs/guide/certificates.md).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Certificate {
    /// Always [`FORMAT`].
    pub format: String,
    /// Always [`VERSION`] for this build.
    pub version: u32,
    /// `code-digit` (a finite octal or hexadecimal code) or `subtraction`.
    pub game: String,
    /// The ruleset as typed and in canonical form.
    pub ruleset: CertifiedRuleset,
    /// The theorem that proves the period, with its parameters.
    pub theorem: Theorem,
    /// The least preperiod `n0`.
    pub preperiod: u64,
    /// The least period `p`.
    pub period: u64,
    /// Arithmetic periodicity only: the saltus `s` of `G(n + p) = G(n) + s`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub saltus: Option<u64>,
    /// The heap count `N`: the values `G(0..N)` the theorem's condition reads.
    pub heaps: u64,
    /// Always [`PACKING`].
    pub values_packing: String,
    /// Lower-case hex SHA-256 of `G(0..N)` packed as [`PACKING`].
    pub values_sha256: String,
    /// The sparse space the solver used, when its rare class is a property of the value.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sparse: Option<SparseSpace>,
}

/// The ruleset of a certificate.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CertifiedRuleset {
    /// What the user typed (`kayles`, `·77`, `2,3,7`).
    pub typed: String,
    /// Octal: the canonical ASCII code (`.77`, `4.07`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub code: Option<String>,
    /// Subtraction: the set, increasing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub set: Option<Vec<u32>>,
}

/// A periodicity theorem and its parameters.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Theorem {
    /// `simple-periodicity` (Theorem 3.73), `subtraction-periodicity` (Theorem 3.29) or
    /// `arithmetic-periodicity` (the Howse–Nowakowski test, hexadecimal codes).
    pub name: String,
    /// Where it is stated.
    pub source: String,
    /// Theorem 3.73: the most heaps a move leaves, `max(1, ⌊log2(d1 | d2 | …)⌋)`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub t: Option<u64>,
    /// Theorem 3.73 and the Howse–Nowakowski test: the code length, the index of the last
    /// non-zero digit (the test's `u`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub k: Option<u64>,
    /// Theorem 3.29: the largest move `max S`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_move: Option<u64>,
    /// The first and last `n` (inclusive) of the condition `G(n + p) = G(n)` (`+ s` when
    /// arithmetic).
    pub window: [u64; 2],
}

/// The rare/common split of the sparse-space method (thesis Theorem 3.81).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct SparseSpace {
    /// A value `v` is rare when `popcount(v & !ignore_mask)` is even.
    pub ignore_mask: u32,
    /// Heaps `n < N` whose value is rare.
    pub rare_count: u64,
    /// Heaps `n < N` whose value is common.
    pub common_count: u64,
}

const THESIS: &str = "J. Lomič, Taking and breaking games, master's thesis, CTU Prague, 2019";

/// Theorem 3.73's window `[n0, t·max(n0,1) + (t−1)·p + k]` and heap count `N`.
pub fn simple_window(n0: u64, p: u64, t: u64, k: u64) -> ([u64; 2], u64) {
    let last = t * n0.max(1) + (t - 1) * p + k;
    ([n0, last], last + p + 1)
}

/// Theorem 3.29's window `[n0, n0 + max S − 1]` and heap count `N = n0 + p + max S`.
pub fn subtraction_window(n0: u64, p: u64, max_move: u64) -> ([u64; 2], u64) {
    ([n0, n0 + max_move - 1], n0 + p + max_move)
}

/// The certificate of a finite code proven simply periodic by Theorem 3.73, from its report
/// and the values computed (at least `N` of them); `typed` is the code as the user wrote it.
pub fn octal_certificate(
    typed: &str,
    rules: &Ruleset,
    report: &OctalReport,
    values: &Values,
) -> Result<Certificate, EngineError> {
    let (n0, p, saltus) = match report.periodicity {
        Periodicity::Proven {
            preperiod,
            period,
            saltus,
        } if rules.is_finite() && !rules.has_modifiers() => (preperiod, period, saltus),
        Periodicity::Proven { .. } => return Err(unsupported("infinite codes")),
        _ => return Err(unsupported("a period that is not proven")),
    };
    let (t, k) = (u64::from(rules.max_heaps_left()), rules.length() as u64);
    let (theorem, heaps) = if saltus == 0 {
        let (window, heaps) = simple_window(n0, p, t, k);
        let theorem = Theorem {
            name: "simple-periodicity".into(),
            source: format!("{THESIS}, Theorem 3.73"),
            t: Some(t),
            k: Some(k),
            max_move: None,
            window,
        };
        (theorem, heaps)
    } else {
        arithmetic_theorem(n0, p, saltus, k)?
    };
    let sparse = report
        .ignore_mask
        .map(|mask| sparse_space(values, heaps, mask));
    let ruleset = CertifiedRuleset {
        typed: typed.to_string(),
        code: Some(rules.ascii()),
        set: None,
    };
    certificate(
        "code-digit",
        ruleset,
        theorem,
        (n0, p, saltus, heaps),
        values,
        sparse,
    )
}

/// The certificate of a finite subtraction game `set` proven periodic (`periodicity`), from
/// its values (at least `N = n0 + p + max S` of them); `typed` is the set as written.
pub fn subtraction_certificate(
    typed: &str,
    set: &[u32],
    periodicity: &Periodicity,
    values: &Values,
) -> Result<Certificate, EngineError> {
    let (Some(n0), Some(p), Some(&max)) =
        (periodicity.preperiod(), periodicity.period(), set.last())
    else {
        return Err(unsupported("a period that is not proven"));
    };
    let (window, heaps) = subtraction_window(n0, p, u64::from(max));
    let theorem = Theorem {
        name: "subtraction-periodicity".into(),
        source: format!("{THESIS}, Theorem 3.29"),
        t: None,
        k: None,
        max_move: Some(u64::from(max)),
        window,
    };
    let ruleset = CertifiedRuleset {
        typed: typed.to_string(),
        code: None,
        set: Some(set.to_vec()),
    };
    certificate(
        "subtraction",
        ruleset,
        theorem,
        (n0, p, 0, heaps),
        values,
        None,
    )
}

/// The Howse–Nowakowski test as HeapLab reads it (`octal::arithmetic`): `G(n + p) = G(n) + s`
/// for `n0 <= n < N − p`, with `N` the values its condition (a) needs for code length `k`.
fn arithmetic_theorem(n0: u64, p: u64, s: u64, k: u64) -> Result<(Theorem, u64), EngineError> {
    let pattern = Pattern {
        preperiod: n0,
        period: p,
        saltus: s,
    };
    let heaps = needed_values(&pattern, k).ok_or_else(|| unsupported("an overflowing bound"))?;
    let theorem = Theorem {
        name: "arithmetic-periodicity".into(),
        source: "Howse and Nowakowski, Theoret. Comput. Sci. 313 (2004) 463-472, as stated in \
                 the thesis's Theorem 3.85 and read in HeapLab's engine/src/octal/arithmetic.rs"
            .into(),
        t: None,
        k: Some(k),
        max_move: None,
        window: [n0, heaps - p - 1],
    };
    Ok((theorem, heaps))
}

fn unsupported(what: &str) -> EngineError {
    EngineError::OutOfRange(format!("no certificate for {what}"))
}

/// Assembles a certificate after checking the window on the values (a certificate HeapLab
/// writes must be one its own data supports).
fn certificate(
    game: &str,
    ruleset: CertifiedRuleset,
    theorem: Theorem,
    (n0, p, saltus, heaps): (u64, u64, u64, u64),
    values: &Values,
    sparse: Option<SparseSpace>,
) -> Result<Certificate, EngineError> {
    let n = usize::try_from(heaps).ok().filter(|&n| n <= values.len());
    let n = n.ok_or_else(|| unsupported("fewer values than the theorem needs"))?;
    let [first, last] = theorem.window.map(|x| x as usize);
    let shifted = |i: usize| u64::from(values.get(i)) + saltus;
    if (first..=last).any(|i| shifted(i) != u64::from(values.get(i + p as usize))) {
        return Err(unsupported(
            "values that do not repeat over the theorem's window",
        ));
    }
    Ok(Certificate {
        format: FORMAT.into(),
        version: VERSION,
        game: game.into(),
        ruleset,
        theorem,
        preperiod: n0,
        period: p,
        saltus: (saltus > 0).then_some(saltus),
        heaps,
        values_packing: PACKING.into(),
        values_sha256: values_sha256(values, n),
        sparse,
    })
}

/// The rare and common counts of `G(0..heaps)` under `mask` (Theorem 3.81).
fn sparse_space(values: &Values, heaps: u64, mask: u32) -> SparseSpace {
    let n = (heaps as usize).min(values.len());
    let rare = (0..n)
        .filter(|&i| octal::is_rare(values.get(i), mask))
        .count() as u64;
    SparseSpace {
        ignore_mask: mask,
        rare_count: rare,
        common_count: n as u64 - rare,
    }
}

/// Calls `f` on `G(0..len)` packed as [`PACKING`], block by block (no copy of all values).
pub fn for_each_packed_block(values: &Values, len: usize, mut f: impl FnMut(&[u8])) {
    let mut block = Vec::with_capacity(4 * BLOCK);
    for start in (0..len).step_by(BLOCK) {
        block.clear();
        for n in start..(start + BLOCK).min(len) {
            block.extend_from_slice(&values.get(n).to_le_bytes());
        }
        f(&block);
    }
}

/// The lower-case hex SHA-256 of `G(0..len)` packed as [`PACKING`].
pub fn values_sha256(values: &Values, len: usize) -> String {
    let mut hasher = Sha256::new();
    for_each_packed_block(values, len, |bytes| hasher.update(bytes));
    hasher
        .finalize()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::octal::catalogue::TABLE_3_2;
    use crate::octal::{solve_keeping_values, Limits};
    use crate::Budget;

    /// Theorem 3.73's heap count agrees with the catalogue's own formula on Table 3.2.
    #[test]
    fn heap_count_matches_the_catalogue() {
        for row in TABLE_3_2 {
            let k = row.code.len() as u64 - 1;
            let (_, heaps) = simple_window(row.preperiod, row.period, 2, k);
            assert_eq!(heaps, row.heaps_to_prove(), "{}", row.code);
        }
    }

    /// The hash is of the values as little-endian `u32`s, across block boundaries.
    #[test]
    fn the_hash_reads_packed_values() {
        let values: Vec<u32> = (0..BLOCK as u32 + 7)
            .map(|n| n.wrapping_mul(2_654_435_761))
            .collect();
        let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
        let expected: String = Sha256::digest(&bytes)
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        assert_eq!(values_sha256(&Values::Wide(values), BLOCK + 7), expected);
    }

    /// Kayles' certificate (period 12, preperiod 71, Guy and Smith 1956) and a refusal of
    /// values that break the window.
    #[test]
    fn kayles_certificate_and_a_refusal() {
        let rules = Ruleset::parse("kayles").unwrap();
        let limits = Limits {
            terms: 10,
            prove: true,
            max_heaps: 10_000,
        };
        let (report, all) = solve_keeping_values(&rules, limits, &mut Budget::unlimited()).unwrap();
        let values = Values::Wide(all.clone());
        let cert = octal_certificate("kayles", &rules, &report, &values).unwrap();
        assert_eq!((cert.preperiod, cert.period, cert.heaps), (71, 12, 169));
        assert_eq!(cert.theorem.window, [71, 156]);
        let sparse = cert.sparse.unwrap();
        assert_eq!(sparse.rare_count + sparse.common_count, 169);
        let mut broken = all;
        broken[150] ^= 1;
        assert!(octal_certificate("kayles", &rules, &report, &Values::Wide(broken)).is_err());
    }

    /// Kenyon's ·3F (period 6, saltus 3; thesis Section 3.5): an arithmetic certificate whose
    /// heap count is the Howse–Nowakowski bound (3440 heaps, `arithmetic::tests`).
    #[test]
    fn kenyons_game_certificate() {
        let rules = Ruleset::parse(".3F").unwrap();
        let limits = Limits {
            terms: 10,
            prove: true,
            max_heaps: 20_000,
        };
        let (report, all) = solve_keeping_values(&rules, limits, &mut Budget::unlimited()).unwrap();
        let cert = octal_certificate(".3F", &rules, &report, &Values::Wide(all)).unwrap();
        assert_eq!((cert.period, cert.saltus, cert.heaps), (6, Some(3), 3440));
        assert_eq!(cert.theorem.name, "arithmetic-periodicity");
        assert_eq!(cert.theorem.window, [cert.preperiod, 3440 - 6 - 1]);
    }
}
