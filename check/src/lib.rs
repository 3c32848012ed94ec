//! `heaplab-check`: checks a HeapLab period certificate with no HeapLab code. It recomputes the
//! nim-values from the rules, compares their SHA-256 (and the VALUES file, if given), and
//! verifies the periodicity theorem's condition over the window it needs (README.md).

pub mod games;

use games::Code;
use serde_json::Value;
use sha2::{Digest, Sha256};
use std::io::Read;

/// The most heaps this checker computes (four bytes each in memory).
pub const MAX_HEAPS: u64 = 1 << 31;

/// The verdict on a certificate.
#[derive(Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Every check passed.
    Valid,
    /// The first check that failed.
    Invalid(String),
    /// A theorem or game this checker does not verify (never a pass).
    Unsupported(String),
    /// The certificate is not JSON.
    Unreadable(String),
}

type Checked = Result<(), Verdict>;

fn invalid<T>(why: impl Into<String>) -> Result<T, Verdict> {
    Err(Verdict::Invalid(why.into()))
}

/// Reads the unsigned integer at `key` of `object`.
fn number(object: &Value, key: &str) -> Result<u64, Verdict> {
    match object.get(key).and_then(Value::as_u64) {
        Some(n) => Ok(n),
        None => invalid(format!("missing or non-integer {key}")),
    }
}

/// Reads the string at `key` of `object`.
fn text<'a>(object: &'a Value, key: &str) -> Result<&'a str, Verdict> {
    match object.get(key).and_then(Value::as_str) {
        Some(s) => Ok(s),
        None => invalid(format!("missing or non-string {key}")),
    }
}

/// Requires `found == wanted` for the value named `what`.
fn same<T: PartialEq + std::fmt::Debug>(what: &str, found: T, wanted: T) -> Checked {
    if found == wanted {
        Ok(())
    } else {
        invalid(format!(
            "{what} is {found:?}, the checker computes {wanted:?}"
        ))
    }
}

/// Checks the certificate text `cert` and, when given, the packed values read from `values`.
pub fn check(cert: &str, values: Option<&mut dyn Read>) -> Verdict {
    match check_all(cert, values) {
        Ok(()) => Verdict::Valid,
        Err(verdict) => verdict,
    }
}

fn check_all(cert: &str, values: Option<&mut dyn Read>) -> Checked {
    let cert: Value = serde_json::from_str(cert)
        .map_err(|e| Verdict::Unreadable(format!("the certificate is not JSON: {e}")))?;
    same("format", text(&cert, "format")?, "heaplab-certificate")?;
    same("version", number(&cert, "version")?, 1)?;
    same("values_packing", text(&cert, "values_packing")?, "u32le")?;
    let theorem = cert
        .get("theorem")
        .ok_or(Verdict::Invalid("no theorem".into()))?;
    let ruleset = cert
        .get("ruleset")
        .ok_or(Verdict::Invalid("no ruleset".into()))?;
    let (n0, p, heaps) = (
        number(&cert, "preperiod")?,
        number(&cert, "period")?,
        number(&cert, "heaps")?,
    );
    if p == 0 {
        return invalid("period 0");
    }
    if n0.max(p) > MAX_HEAPS {
        return Err(Verdict::Unsupported(format!("more than {MAX_HEAPS} heaps")));
    }
    let (window, needed, g) = match (text(&cert, "game")?, text(theorem, "name")?) {
        ("code-digit", "simple-periodicity") => {
            let code = Code::parse(text(ruleset, "code")?).or_else(invalid)?;
            let (t, k) = (code.t(), code.k());
            same("theorem t", number(theorem, "t")?, t)?;
            same("theorem k", number(theorem, "k")?, k)?;
            if t > 2 {
                return Err(Verdict::Unsupported(format!(
                    "codes whose moves leave {t} heaps"
                )));
            }
            let last = t * n0.max(1) + (t - 1) * p + k;
            let hint = match cert.get("sparse") {
                Some(sparse) => Some(number(sparse, "ignore_mask")? as u32),
                None => None,
            };
            let len = usable(heaps, last + p + 1)?;
            (
                [n0, last],
                last + p + 1,
                games::sparse_values(&code, len, hint),
            )
        }
        ("subtraction", "subtraction-periodicity") => {
            let set = subtraction_set(ruleset)?;
            let max = *set.last().unwrap_or(&0);
            same("theorem max_move", number(theorem, "max_move")?, max)?;
            let len = usable(heaps, n0 + p + max)?;
            (
                [n0, n0 + max - 1],
                n0 + p + max,
                games::subtraction_values(&set, len),
            )
        }
        (_, name) if name.contains("arithmetic") => {
            return Err(Verdict::Unsupported("arithmetic periodicity".into()))
        }
        (game, name) => return invalid(format!("unknown game {game:?} or theorem {name:?}")),
    };
    same("theorem window", window_of(theorem)?, window)?;
    if heaps < needed {
        return invalid(format!("heaps N = {heaps}, the theorem needs {needed}"));
    }
    let hash = packed_hash(&g);
    same(
        "values_sha256",
        text(&cert, "values_sha256")?,
        hash.as_str(),
    )?;
    if let Some(reader) = values {
        compare_values(reader, &g)?;
    }
    verify_period(&g, n0 as usize, p as usize, window)?;
    if let Some(sparse) = cert.get("sparse") {
        verify_counts(sparse, &g)?;
    }
    Ok(())
}

/// The heap count to compute: `heaps` when it is at most [`MAX_HEAPS`] and (when `heaps` falls
/// short) the `needed`, so the check of `N` below reports the shortfall.
fn usable(heaps: u64, needed: u64) -> Result<usize, Verdict> {
    if heaps > MAX_HEAPS {
        return Err(Verdict::Unsupported(format!("more than {MAX_HEAPS} heaps")));
    }
    Ok(heaps.max(needed.min(MAX_HEAPS)) as usize)
}

/// The subtraction set: positive, increasing integers.
fn subtraction_set(ruleset: &Value) -> Result<Vec<u64>, Verdict> {
    let list = ruleset.get("set").and_then(Value::as_array);
    let set: Option<Vec<u64>> = list.and_then(|l| l.iter().map(Value::as_u64).collect());
    match set {
        Some(set) if !set.is_empty() && set[0] > 0 && set.windows(2).all(|w| w[0] < w[1]) => {
            if set[set.len() - 1] > MAX_HEAPS {
                return Err(Verdict::Unsupported("moves beyond the heap cap".into()));
            }
            Ok(set)
        }
        _ => invalid("the set is not a list of increasing positive integers"),
    }
}

fn window_of(theorem: &Value) -> Result<[u64; 2], Verdict> {
    let pair = theorem.get("window").and_then(Value::as_array);
    match pair.map(|w| w.iter().map(Value::as_u64).collect::<Vec<_>>()) {
        Some(w) if w.len() == 2 && w[0].is_some() && w[1].is_some() => {
            Ok([w[0].unwrap_or(0), w[1].unwrap_or(0)])
        }
        _ => invalid("theorem window is not two integers"),
    }
}

/// The lower-case hex SHA-256 of `g` packed as little-endian `u32`s.
pub fn packed_hash(g: &[u32]) -> String {
    let mut hasher = Sha256::new();
    for chunk in g.chunks(1 << 16) {
        let bytes: Vec<u8> = chunk.iter().flat_map(|v| v.to_le_bytes()).collect();
        hasher.update(&bytes);
    }
    hasher
        .finalize()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The VALUES file must hold exactly the recomputed values, packed.
fn compare_values(reader: &mut dyn Read, g: &[u32]) -> Checked {
    let mut bytes = Vec::new();
    reader
        .read_to_end(&mut bytes)
        .or_else(|e| invalid(format!("VALUES: {e}")))?;
    let words = bytes
        .chunks(4)
        .map(|w| w.try_into().ok().map(u32::from_le_bytes));
    if let Some(heap) = words.zip(g).position(|(v, &x)| v != Some(x)) {
        return invalid(format!(
            "VALUES differs from the recomputed G at heap {heap}"
        ));
    }
    same("VALUES length in bytes", bytes.len(), 4 * g.len())
}

/// The theorem's condition `G(n + p) = G(n)` over the window, and that `n0` and `p` are least.
fn verify_period(g: &[u32], n0: usize, p: usize, [first, last]: [u64; 2]) -> Checked {
    if let Some(n) = (first as usize..=last as usize).find(|&n| g[n + p] != g[n]) {
        return invalid(format!(
            "G({}) != G({n}): not periodic over the window",
            n + p
        ));
    }
    if n0 > 0 && g[n0 - 1] == g[n0 - 1 + p] {
        return invalid(format!(
            "the preperiod is not least: G({}) = G({})",
            n0 - 1,
            n0 - 1 + p
        ));
    }
    let cycle = &g[n0..n0 + p];
    for q in prime_factors(p) {
        let d = p / q;
        if (0..p).all(|i| cycle[i] == cycle[(i + d) % p]) {
            return invalid(format!("the period is not least: {d} is a period too"));
        }
    }
    Ok(())
}

fn prime_factors(mut p: usize) -> Vec<usize> {
    let mut factors = Vec::new();
    let mut q = 2;
    while q * q <= p {
        if p.is_multiple_of(q) {
            factors.push(q);
            while p.is_multiple_of(q) {
                p /= q;
            }
        }
        q += 1;
    }
    if p > 1 {
        factors.push(p);
    }
    factors
}

/// The rare and common counts stated match the values under the stated mask.
fn verify_counts(sparse: &Value, g: &[u32]) -> Checked {
    let mask = number(sparse, "ignore_mask")? as u32;
    let rare = g
        .iter()
        .filter(|&&v| (v & !mask).count_ones().is_multiple_of(2))
        .count() as u64;
    same("sparse rare_count", number(sparse, "rare_count")?, rare)?;
    same(
        "sparse common_count",
        number(sparse, "common_count")?,
        g.len() as u64 - rare,
    )
}
