//! Conway's genus of single heaps (On Numbers and Games, ch. 12; Winning Ways, ch. 13) and
//! Conway's tameness test.
//!
//! The genus of `G` is `g^{λ0 λ1 λ2 …}`: `g` is the normal-play nim-value, `λk` the misère
//! Grundy value of `G + *2 + … + *2` (`k` copies of `*2`; `G⁻(0) = 1`, otherwise the mex of the
//! options). Conway shows the `λ` sequence is eventually periodic with period 2, and writes the
//! superscript only up to where its last two values start to alternate: `0^{120}` is `*0`
//! (1, 2, 0, 2, 0, …), `1^{031}` is `*1`, `a^{a(a⊕2)}` is `*a` for `a ≥ 2`. The theorem gives no
//! bound on where the alternation starts, so we compute `λ0 … λk` until the last four values
//! alternate (or [`MAX_LAMBDAS`] values) and say whether that happened (`settled`).
//!
//! A game is *tame* (Conway) when every position in it has the genus of a nim position; for heap
//! games the positions are sums of heaps, and sums of tame games are tame, so the heaps
//! `0..=n` are tame exactly when each heap's genus is `0^{120}`, `1^{031}` or `a^{a(a⊕2)}`.

use super::rules::HeapRules;
use super::search::GrundySearch;
use crate::{Budget, EngineError};

/// The most `λ` values computed for one heap.
pub const MAX_LAMBDAS: usize = 12;

/// A heap's genus `g^{λ0 λ1 …}`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Genus {
    /// The normal-play nim-value `g`.
    pub normal: u64,
    /// The superscript `λ0 λ1 …`, cut where the last two values start to alternate.
    pub misere: Vec<u64>,
    /// True when the computed `λ` sequence ended in at least four alternating values; false
    /// when [`MAX_LAMBDAS`] values did not show the alternation (the superscript lists them all).
    pub settled: bool,
}

impl Genus {
    /// From `g` and the computed `λ` values: cuts the superscript where alternation starts.
    pub fn from_lambdas(normal: u64, lambdas: &[u64]) -> Genus {
        let n = lambdas.len();
        let settled = n >= 4 && alternates_from(lambdas, n - 4);
        let start = (0..n.saturating_sub(1))
            .find(|&s| alternates_from(lambdas, s))
            .unwrap_or(n);
        let keep = if settled { (start + 2).min(n) } else { n };
        Genus {
            normal,
            misere: lambdas[..keep].to_vec(),
            settled,
        }
    }

    /// True for the tame genera `0^{120}`, `1^{031}` and `a^{a(a⊕2)}` (`a ≥ 2`).
    pub fn is_tame(&self) -> bool {
        self.settled
            && match self.normal {
                0 => self.misere == [1, 2, 0],
                1 => self.misere == [0, 3, 1],
                a => self.misere == [a, a ^ 2],
            }
    }

    /// Conway's notation, `0^{120}`; values of 10 or more are separated by commas.
    pub fn text(&self) -> String {
        let wide = self.misere.iter().any(|&v| v >= 10);
        let parts: Vec<String> = self.misere.iter().map(u64::to_string).collect();
        let sup = parts.join(if wide { "," } else { "" });
        let open = if self.settled { "" } else { "…" };
        format!("{}^{{{sup}{open}}}", self.normal)
    }
}

/// True when `values[i + 2] == values[i]` for every `i >= start`.
fn alternates_from(values: &[u64], start: usize) -> bool {
    (start..values.len().saturating_sub(2)).all(|i| values[i + 2] == values[i])
}

/// Normal-play nim-values of heaps `0..table.len()` from the option table (xor of the heaps
/// each option leaves, then the mex).
pub fn normal_values(table: &[Vec<Vec<u64>>]) -> Vec<u64> {
    let mut values: Vec<u64> = Vec::with_capacity(table.len());
    for options in table {
        let option_values = options
            .iter()
            .map(|heaps| heaps.iter().fold(0, |x, &h| x ^ values[h as usize]));
        values.push(crate::mex::mex(option_values));
    }
    values
}

/// The genus of each heap `0..=max_heap` by a memoised search shared across heaps; stops at the
/// first heap whose search passes `max_states` positions (the genera so far are returned, and
/// the error says where it stopped).
pub fn genera(
    rules: &HeapRules,
    max_heap: u64,
    max_states: usize,
    budget: &mut Budget<'_>,
) -> Result<(Vec<Genus>, Option<EngineError>), EngineError> {
    let table = rules.option_table(max_heap)?;
    let normal = normal_values(&table);
    let mut search = GrundySearch::new(&table, max_states);
    let mut out = Vec::new();
    for n in 0..=max_heap {
        match heap_lambdas(&mut search, n, budget) {
            Ok(lambdas) => out.push(Genus::from_lambdas(normal[n as usize], &lambdas)),
            Err(EngineError::Cancelled) => return Err(EngineError::Cancelled),
            Err(e) => return Ok((out, Some(e))),
        }
    }
    Ok((out, None))
}

/// `λ0, λ1, …` of heap `n` until the last four alternate or [`MAX_LAMBDAS`] are known.
fn heap_lambdas(
    search: &mut GrundySearch<'_>,
    n: u64,
    budget: &mut Budget<'_>,
) -> Result<Vec<u64>, EngineError> {
    let mut lambdas = Vec::new();
    while lambdas.len() < MAX_LAMBDAS {
        let k = lambdas.len();
        lambdas.push(search.value(&[n], 0, k as u64, budget)?);
        if k >= 3 && alternates_from(&lambdas, k - 3) {
            break;
        }
    }
    Ok(lambdas)
}

/// True when every genus is tame (see the module docs).
pub fn all_tame(genera: &[Genus]) -> bool {
    genera.iter().all(Genus::is_tame)
}

pub mod reference {
    //! The slow reference genus: a plain recursive misère Grundy value on explicit positions
    //! (heaps, copies of `*1`, copies of `*2`), a fresh memo for every heap, and the normal
    //! nim-value by a plain recursive mex. Small heaps only.

    use super::*;
    use crate::mex::mex;
    use std::collections::HashMap;

    type Position = (Vec<u64>, u64, u64);

    fn options(rules: &HeapRules, (heaps, ones, twos): &Position) -> Vec<Position> {
        let mut out = Vec::new();
        for (i, &h) in heaps.iter().enumerate() {
            for leaves in rules.options(h).expect("small heaps") {
                let mut next = heaps.clone();
                next.remove(i);
                next.extend(leaves);
                next.sort_unstable();
                out.push((next, *ones, *twos));
            }
        }
        if *ones > 0 {
            out.push((heaps.clone(), ones - 1, *twos));
        }
        if *twos > 0 {
            out.push((heaps.clone(), ones + 1, twos - 1));
            out.push((heaps.clone(), *ones, twos - 1));
        }
        out
    }

    fn misere_value(rules: &HeapRules, p: &Position, memo: &mut HashMap<Position, u64>) -> u64 {
        if let Some(&v) = memo.get(p) {
            return v;
        }
        let opts = options(rules, p);
        let v = if opts.is_empty() {
            1
        } else {
            mex(opts
                .iter()
                .map(|o| misere_value(rules, o, memo))
                .collect::<Vec<_>>())
        };
        memo.insert(p.clone(), v);
        v
    }

    fn normal_value(rules: &HeapRules, n: u64, memo: &mut HashMap<u64, u64>) -> u64 {
        if let Some(&v) = memo.get(&n) {
            return v;
        }
        let vals: Vec<u64> = rules
            .options(n)
            .expect("small heaps")
            .iter()
            .map(|hs| hs.iter().fold(0, |x, &h| x ^ normal_value(rules, h, memo)))
            .collect();
        let v = mex(vals);
        memo.insert(n, v);
        v
    }

    /// The genus of heap `n`, `λ` computed to `lambdas` values (no early stop).
    pub fn genus(rules: &HeapRules, n: u64, lambdas: usize) -> Genus {
        let mut memo = HashMap::new();
        let values: Vec<u64> = (0..lambdas as u64)
            .map(|k| misere_value(rules, &(vec![n], 0, k), &mut memo))
            .collect();
        Genus::from_lambdas(normal_value(rules, n, &mut HashMap::new()), &values)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::octal::Ruleset;

    #[test]
    fn nim_heaps_have_their_textbook_genera() {
        // ONAG ch. 12 / WW ch. 13: *0 = 0^{120}, *1 = 1^{031}, *2 = 2^{20}, *3 = 3^{31}.
        let nim = HeapRules::Code(Ruleset::parse(".(3)").unwrap());
        let (g, err) = genera(&nim, 5, 100_000, &mut Budget::unlimited()).unwrap();
        assert!(err.is_none());
        let texts: Vec<String> = g.iter().map(Genus::text).collect();
        assert_eq!(
            texts,
            ["0^{120}", "1^{031}", "2^{20}", "3^{31}", "4^{46}", "5^{57}"]
        );
        assert!(all_tame(&g));
    }

    #[test]
    fn quaternary_312_genera_from_plambecks_page() {
        // plambeck.org, "misère octal games / quaternary games / 0.312": single-heap genus
        // sequence 2^{20} (heap 2), 0^{02} (heap 3), 2^{1420} (heap 4), 0^{02} (heap 5),
        // 1^{13} (heap 6).
        let rules = HeapRules::Code(Ruleset::parse(".312").unwrap());
        let (g, _) = genera(&rules, 6, 100_000, &mut Budget::unlimited()).unwrap();
        let texts: Vec<String> = g[2..].iter().map(Genus::text).collect();
        assert_eq!(texts, ["2^{20}", "0^{02}", "2^{1420}", "0^{02}", "1^{13}"]);
        assert!(!all_tame(&g));
    }
}
