//! The slow, obviously correct reference: every option of every heap, then a plain mex.
//!
//! For each `k` with `d_k ≠ 0` and each bit `2^j` of `d_k`, heap `n` has the options "remove
//! `k`, leave `n − k` as exactly `j` non-empty heaps", listed as every partition of `n − k`
//! into `j` positive parts that the digit's modifier (`!`, `?`, `=`) allows.

use super::position::partitions;
use super::Ruleset;
use crate::mex::mex;
use std::ops::ControlFlow;

/// Nim-values of heaps `0..terms` by a plain mex over all options.
pub fn nim_values(rules: &Ruleset, terms: usize) -> Vec<u64> {
    let mut values: Vec<u64> = Vec::with_capacity(terms);
    for n in 0..terms {
        let mut options = Vec::new();
        for k in 0..=n {
            let (digit, m) = (rules.digit(k), n - k);
            for j in (0..u32::BITS).filter(|&j| digit >> j & 1 == 1) {
                if j == 0 {
                    if m == 0 {
                        options.push(0);
                    }
                    continue;
                }
                let _ = partitions(m as u64, j, rules.modifier(k), &mut |parts| {
                    options.push(parts.iter().fold(0, |x, &a| x ^ values[a as usize]));
                    ControlFlow::Continue(())
                });
            }
        }
        values.push(mex(options));
    }
    values
}

/// The least period `p` and least preperiod `n0` with `u(n + p) = u(n)` for every `n >= n0`
/// inside `values`, trying every `p` up to `max_period` in turn (no proof: a data check).
pub fn least_period_in_data(values: &[u64], max_period: usize) -> Option<(usize, usize)> {
    (1..=max_period.min(values.len())).find_map(|p| {
        let n0 = (0..values.len() - p)
            .rev()
            .find(|&n| values[n] != values[n + p])
            .map_or(0, |n| n + 1);
        (n0 + 2 * p <= values.len()).then_some((p, n0))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kayles_first_values() {
        // Kayles ·77: the classical 0 1 2 3 1 4 3 2 1 4 2 6 4 1 2 7 1 4 3 2 1 4 6 7 4 1 2 8.
        let kayles = Ruleset::parse(".77").unwrap();
        assert_eq!(
            nim_values(&kayles, 28),
            [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8]
        );
    }

    #[test]
    fn grundys_game_first_values() {
        // Grundy's game: 0 0 0 1 0 2 1 0 2 1 0 2 1 3 2 1 3 2 4 3 0 (OEIS A002188).
        let grundy = Ruleset::grundy();
        assert_eq!(
            nim_values(&grundy, 21),
            [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0]
        );
    }
}
