//! Infinite subtraction sets (thesis, Sections 3.3.6 and 4.1): TAKE-A-SQUARE, TAKE-A-PRIME,
//! primes ∪ {1}, SUBTRACT-FIBONACCI and the K-games of Theorem 4.4, with what the thesis
//! proves about each as data ([`Family::verdict`]).
//!
//! A heap of `n` tokens only uses the moves `s <= n`, so the first `heaps` values of an
//! infinite set are those of the finite set of its members below `heaps`. Outcomes are
//! computed bit-parallel by the finite solver's word rule ([`OutcomeWords`]); nim-values by a
//! mex over the moves with a stamp array. The plain references are
//! [`crate::subtraction::reference`] on the same move list.

use crate::bits::BitVec;
use crate::subtraction::OutcomeWords;
use crate::{Budget, EngineError};

/// The largest number of heaps whose outcomes are computed.
pub const MAX_OUTCOME_HEAPS: u64 = 4_000_000;

/// The largest number of heaps whose nim-values are computed (the cost is heaps × moves).
pub const MAX_NIM_HEAPS: u64 = 200_000;

/// An infinite subtraction set.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub enum Family {
    /// TAKE-A-SQUARE: the positive squares (Theorem 4.30).
    Squares,
    /// TAKE-A-PRIME: the primes (Theorem 4.31).
    Primes,
    /// The primes and 1 (Theorem 4.32).
    PrimesAndOne,
    /// SUBTRACT-FIBONACCI: the Fibonacci numbers 1, 2, 3, 5, 8, … (Theorem 4.33).
    Fibonacci,
    /// Theorem 4.4(a): `{1, 4, 10} ∪ {1 + 11k : k = ⌊j√2⌋, j >= 1}`.
    Theorem44Irrational,
    /// Theorem 4.4(b), (c): `{1, 4, 10} ∪ {1 + 11k : k = c·j, j >= 1}` for this `c >= 1`.
    Theorem44Multiples(u32),
}

/// What the thesis proves about a family, with the theorem that proves it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Verdict {
    /// The claim, e.g. "the nim-sequence is not periodic".
    pub claim: String,
    /// The source, e.g. "Theorem 4.30".
    pub theorem: String,
}

impl Family {
    /// The family's members below `bound`, increasing.
    pub fn moves_below(self, bound: u64) -> Vec<u32> {
        let bound = bound.min(u64::from(u32::MAX)) as u32;
        match self {
            Family::Squares => (1..)
                .map(|i: u32| i * i)
                .take_while(|&s| s < bound)
                .collect(),
            Family::Primes => primes_below(bound),
            Family::PrimesAndOne => {
                let mut moves = vec![1];
                moves.extend(primes_below(bound));
                moves.retain(|&s| s < bound);
                moves
            }
            Family::Fibonacci => {
                let (mut a, mut b, mut out) = (1u64, 2u64, Vec::new());
                while a < u64::from(bound) {
                    out.push(a as u32);
                    (a, b) = (b, a + b);
                }
                out
            }
            Family::Theorem44Irrational => k_game(bound, |j| isqrt(2 * j * j)),
            Family::Theorem44Multiples(c) => k_game(bound, |j| u64::from(c) * j),
        }
    }

    /// What the thesis proves about this family.
    pub fn verdict(self) -> Verdict {
        let (claim, theorem) = match self {
            Family::Squares => ("not periodic (G(n) = G(n + p) = G(n + p²) would be needed)", "Theorem 4.30"),
            Family::Primes => ("infinitely many P-positions (n = t! + t is never a prime away from a P-position below t)", "Theorem 4.31"),
            Family::PrimesAndOne => ("purely periodic with period 4 (values 0123); the class is a lattice with the only minimal S(1, 2, 3)", "Theorem 4.32"),
            Family::Fibonacci => ("not periodic (some multiple of any period is a Fibonacci number)", "Theorem 4.33 and Lemma 4.34"),
            Family::Theorem44Irrational => ("outcome sequence periodic (preperiod 16, period 11); nim-sequence not periodic", "Theorem 4.4(a)"),
            Family::Theorem44Multiples(_) => ("outcome sequence periodic with period 11; nim-sequence periodic with period 11·c (preperiod 16)", "Theorem 4.4(b), (c)"),
        };
        Verdict {
            claim: claim.into(),
            theorem: theorem.into(),
        }
    }
}

/// `{1, 4, 10} ∪ {1 + 11·k(j) : j >= 1}` below `bound`, for an increasing `k`.
fn k_game(bound: u32, k: impl Fn(u64) -> u64) -> Vec<u32> {
    let mut moves: Vec<u32> = [1, 4, 10].into_iter().filter(|&s| s < bound).collect();
    for j in 1.. {
        let s = 1 + 11 * k(j);
        if s >= u64::from(bound) {
            break;
        }
        moves.push(s as u32);
    }
    moves.sort_unstable();
    moves.dedup();
    moves
}

/// `⌊√x⌋`, exact.
fn isqrt(x: u64) -> u64 {
    let mut r = (x as f64).sqrt() as u64;
    while r * r > x {
        r -= 1;
    }
    while (r + 1) * (r + 1) <= x {
        r += 1;
    }
    r
}

/// The primes below `bound` (sieve of Eratosthenes).
fn primes_below(bound: u32) -> Vec<u32> {
    let n = bound as usize;
    let mut composite = vec![false; n.max(2)];
    let mut out = Vec::new();
    for i in 2..n {
        if !composite[i] {
            out.push(i as u32);
            for m in (i * i..n).step_by(i) {
                composite[m] = true;
            }
        }
    }
    out
}

fn check_heaps(heaps: u64, cap: u64, what: &str) -> Result<(), EngineError> {
    if heaps == 0 || heaps > cap {
        return Err(EngineError::OutOfRange(format!(
            "the number of heaps for {what} must be between 1 and {cap}, not {heaps}"
        )));
    }
    Ok(())
}

/// Outcomes of heaps `0..heaps`, bit-parallel: bit `n` is set when heap `n` is a P-position.
pub fn p_positions(
    family: Family,
    heaps: u64,
    budget: &mut Budget<'_>,
) -> Result<BitVec, EngineError> {
    check_heaps(heaps, MAX_OUTCOME_HEAPS, "outcomes")?;
    let moves = family.moves_below(heaps);
    let kernel = OutcomeWords::new(&moves);
    let words = (heaps as usize).div_ceil(64);
    let mut bits = BitVec::with_capacity(words * 64);
    let step = 1024;
    let mut done = 0;
    while done < words {
        done = (done + step).min(words);
        kernel.extend(&mut bits, done);
        budget.tick(done as u64, words as u64)?;
    }
    let mut cut = BitVec::with_capacity(heaps as usize);
    for n in 0..heaps as i64 {
        cut.push(bits.get(n));
    }
    Ok(cut)
}

/// Nim-values of heaps `0..heaps`: the mex over the moves, with a stamp array.
pub fn nim_values(
    family: Family,
    heaps: u64,
    budget: &mut Budget<'_>,
) -> Result<Vec<u32>, EngineError> {
    check_heaps(heaps, MAX_NIM_HEAPS, "nim-values")?;
    let moves = family.moves_below(heaps);
    let mut values: Vec<u32> = Vec::with_capacity(heaps as usize);
    let mut stamp = vec![u32::MAX; moves.len() + 2];
    for n in 0..heaps as usize {
        if n.is_multiple_of(4096) {
            budget.tick(n as u64, heaps)?;
        }
        for &s in moves.iter().take_while(|&&s| s as usize <= n) {
            if let Some(mark) = stamp.get_mut(values[n - s as usize] as usize) {
                *mark = n as u32;
            }
        }
        let g = stamp.iter().position(|&m| m != n as u32).unwrap_or(0);
        values.push(g as u32);
    }
    Ok(values)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::subtraction::reference;

    const ALL: [Family; 7] = [
        Family::Squares,
        Family::Primes,
        Family::PrimesAndOne,
        Family::Fibonacci,
        Family::Theorem44Irrational,
        Family::Theorem44Multiples(1),
        Family::Theorem44Multiples(3),
    ];

    #[test]
    fn fast_methods_match_the_plain_reference_on_every_prefix() {
        let mut budget = Budget::unlimited();
        for family in ALL {
            for heaps in [1u64, 2, 3, 63, 64, 65, 200, 1500] {
                let moves = family.moves_below(heaps);
                let bits = p_positions(family, heaps, &mut budget).unwrap();
                let fast: Vec<bool> = (0..heaps as i64).map(|n| bits.get(n)).collect();
                assert_eq!(fast, reference::p_positions(&moves, heaps as usize));
                assert_eq!(
                    nim_values(family, heaps, &mut budget).unwrap(),
                    reference::nim_values(&moves, heaps as usize),
                    "{family:?} {heaps}"
                );
            }
        }
    }

    #[test]
    fn move_lists_start_as_the_thesis_defines_them() {
        assert_eq!(Family::Squares.moves_below(50), [1, 4, 9, 16, 25, 36, 49]);
        assert_eq!(Family::Primes.moves_below(20), [2, 3, 5, 7, 11, 13, 17, 19]);
        assert_eq!(Family::PrimesAndOne.moves_below(8), [1, 2, 3, 5, 7]);
        assert_eq!(
            Family::Fibonacci.moves_below(60),
            [1, 2, 3, 5, 8, 13, 21, 34, 55]
        );
        // k = ⌊j√2⌋ = 1, 2, 4, 5, 7, …
        assert_eq!(
            Family::Theorem44Irrational.moves_below(80),
            [1, 4, 10, 12, 23, 45, 56, 78]
        );
        assert_eq!(
            Family::Theorem44Multiples(2).moves_below(60),
            [1, 4, 10, 23, 45]
        );
    }

    #[test]
    fn bad_sizes_are_typed_errors() {
        let mut budget = Budget::unlimited();
        assert!(p_positions(Family::Squares, 0, &mut budget).is_err());
        assert!(nim_values(Family::Squares, MAX_NIM_HEAPS + 1, &mut budget).is_err());
    }
}
