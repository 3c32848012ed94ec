//! Simple periodicity by Theorem 3.73, tested in linear time (thesis Algorithms 4.1–4.3).
//!
//! Theorem 3.73: for a finite code of length `k` whose moves leave at most `t` heaps, if
//! `G(n + p) = G(n)` for all `n0 <= n <= t·n0 + (t−1)·p + k`, the sequence is periodic from `n0`
//! with period `p`. The proof uses `n0 > 0`; a claim from `n0 = 0` is checked as from `n0 = 1`
//! (the data then also shows `G(p) = G(0)`). With values `G(0..N)`, a pair `(n0, p)` is proven
//! when the suffix `G(n0..N)` has period `p` and `t·max(n0, 1) + t·p + k <= N − 1`.
//!
//! Least periods of all suffixes come from one prefix-function (KMP border) pass over the
//! reversed sequence: the suffix of length `L` has least period `L − border(L)`.

use super::store::Values;

/// What the computed prefix shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Proven: least period `period`, least preperiod `preperiod` for it.
    Proven {
        /// The least `n0` with `G(n + period) = G(n)` for every `n >= n0`.
        preperiod: usize,
        /// The least period.
        period: usize,
    },
    /// Not proven yet; `needed` is the length that would prove the most plausible candidate
    /// (a suffix repeating at least three times), if there is one.
    NotYet {
        /// The prefix length that would prove the best candidate.
        needed: Option<usize>,
    },
}

/// Tests the prefix `cells` (equal cells = equal values) of a finite code with parameters `t`
/// (most heaps left by a move) and `k` (code length).
pub fn simple_periodicity<T: Copy + Eq>(cells: &[T], t: usize, k: usize) -> Verdict {
    let n = cells.len();
    if n < 2 {
        return Verdict::NotYet { needed: None };
    }
    let reversed = |i: usize| cells[n - 1 - i];
    // border[i]: the longest proper border of reversed[0..=i].
    let mut border = vec![0u32; n];
    for i in 1..n {
        let mut b = border[i - 1] as usize;
        while b > 0 && reversed(i) != reversed(b) {
            b = border[b - 1] as usize;
        }
        if reversed(i) == reversed(b) {
            b += 1;
        }
        border[i] = b as u32;
    }
    let proves = |start: usize, period: usize| t * start.max(1) + t * period + k < n;
    let mut best: Option<usize> = None;
    let mut candidate: Option<usize> = None;
    for len in 1..=n {
        let period = len - border[len - 1] as usize;
        let start = n - len;
        if proves(start, period) {
            best = Some(best.map_or(period, |b| b.min(period)));
        } else if period * 3 <= len && len >= 64 {
            candidate = Some(t * start.max(1) + t * period + k + 1);
        }
    }
    match best {
        Some(period) => {
            let preperiod = (0..n - period)
                .rev()
                .find(|&i| cells[i] != cells[i + period])
                .map_or(0, |i| i + 1);
            debug_assert!(proves(preperiod, period));
            Verdict::Proven { preperiod, period }
        }
        None => Verdict::NotYet { needed: candidate },
    }
}

/// Theorem 3.73 on the first `len` stored values, with no memory beyond the values: each
/// period `p` in turn, scanning back from the end while `G(n) = G(n + p)`. Wrong periods stop
/// after a few steps; multiples of the first period whose suffix repeats three times start their
/// scan where that suffix starts. When the scans still add up to more than 16 steps a heap, the
/// border method [`simple_periodicity`] decides instead.
pub fn values_periodicity(values: &Values, len: usize, t: usize, k: usize) -> Verdict {
    let verdict = match values {
        Values::Narrow(v) => by_shifts(&v[..len], t, k),
        Values::Wide(v) => by_shifts(&v[..len], t, k),
    };
    verdict.unwrap_or_else(|| match values {
        Values::Narrow(v) => simple_periodicity(&v[..len], t, k),
        Values::Wide(v) => simple_periodicity(&v[..len], t, k),
    })
}

/// The lean check of [`values_periodicity`]; `None` when the scans grew too long.
fn by_shifts<T: Copy + Eq>(cells: &[T], t: usize, k: usize) -> Option<Verdict> {
    let n = cells.len();
    let cap = 16 * n + (1 << 16);
    let mut work = 0usize;
    let mut needed: Option<usize> = None;
    let mut base: Option<(usize, usize)> = None;
    let proof_length = |start: usize, period: usize| t * start.max(1) + t * period + k;
    for period in 1..n {
        if proof_length(1, period) >= n {
            break;
        }
        // A multiple of a period `p0` whose suffix from `s0` repeats agrees there already.
        let mut start = match base {
            Some((p0, s0)) if period % p0 == 0 => s0.min(n - period),
            _ => n - period,
        };
        let from = start;
        while start > 0 && cells[start - 1] == cells[start - 1 + period] {
            start -= 1;
        }
        work += from - start + 1;
        if base.is_none() && n - start >= 3 * period {
            base = Some((period, start));
        }
        if work > cap {
            return None;
        }
        if proof_length(start, period) < n {
            return Some(Verdict::Proven {
                preperiod: start,
                period,
            });
        }
        // A suffix repeating one and a half times is a candidate worth jumping to.
        let repeated = n - start;
        if repeated >= 64 && 2 * repeated >= 3 * period {
            let length = proof_length(start, period) + 1;
            needed = Some(needed.map_or(length, |l| l.min(length)));
        }
    }
    Some(Verdict::NotYet { needed })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The lean check and the border method agree on every short sequence over two symbols,
    /// and on periodic tails after random-looking heads.
    #[test]
    fn lean_check_matches_the_border_method() {
        for len in 1..=14usize {
            for bits in 0..(1u32 << len) {
                let seq: Vec<u16> = (0..len).map(|i| ((bits >> i) & 1) as u16).collect();
                for (t, k) in [(1, 1), (2, 2), (2, 3)] {
                    let lean = by_shifts(&seq, t, k).expect("short");
                    let border = simple_periodicity(&seq, t, k);
                    if let Verdict::Proven { .. } = border {
                        assert_eq!(lean, border, "{seq:?} t={t} k={k}");
                    } else {
                        assert!(matches!(lean, Verdict::NotYet { .. }), "{seq:?}");
                    }
                }
            }
        }
        let mut seq: Vec<u16> = (0..300).map(|i| ((i * 7919) % 13) as u16).collect();
        while seq.len() < 2000 {
            seq.extend([1, 5, 2, 5, 1, 9, 9]);
        }
        let values = Values::Narrow(seq.clone());
        assert_eq!(
            values_periodicity(&values, seq.len(), 2, 3),
            simple_periodicity(&seq, 2, 3)
        );
    }

    #[test]
    fn a_long_enough_repetition_is_proven() {
        // 5 exceptional values, then period 3: needs 2·5 + 2·3 + k < N.
        let mut seq = vec![9, 9, 9, 9, 9];
        while seq.len() < 40 {
            seq.extend([1, 2, 3]);
        }
        assert_eq!(
            simple_periodicity(&seq, 2, 2),
            Verdict::Proven {
                preperiod: 5,
                period: 3
            }
        );
        // Too short for the theorem: 2·5 + 2·3 + 2 = 18 needs 19 values.
        assert!(matches!(
            simple_periodicity(&seq[..18], 2, 2),
            Verdict::NotYet { .. }
        ));
        assert!(matches!(
            simple_periodicity(&seq[..19], 2, 2),
            Verdict::Proven { .. }
        ));
    }
}
