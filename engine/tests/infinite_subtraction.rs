//! Infinite subtraction sets (thesis, Sections 3.3.6 and 4.1): the theorems' claims checked on
//! long prefixes. A prefix cannot prove an infinite claim; these tests check the concrete
//! consequences the proofs state for every heap they compute.

use heaplab_engine::infinite_subtraction::{nim_values, p_positions, Family};
use heaplab_engine::ruleset::NumberSet;
use heaplab_engine::subtraction;
use heaplab_engine::Budget;

/// Theorem 4.32: S(primes ∪ {1}) plays like S(1, 2, 3): G(n) = n mod 4.
#[test]
fn theorem_4_32_primes_and_one_is_n_mod_4() {
    let values = nim_values(Family::PrimesAndOne, 50_000, &mut Budget::unlimited()).unwrap();
    assert!(values.iter().enumerate().all(|(n, &g)| g as usize == n % 4));
}

/// Theorem 4.4(a): adjoining the moves 1 + 11⌊j√2⌋ to S(1, 4, 10) leaves its kernel (so its
/// outcome sequence, preperiod 16 and period 11) unchanged: the proof's key step.
#[test]
fn theorem_4_4_a_kernel_unchanged() {
    let heaps = 100_000u64;
    let mut budget = Budget::unlimited();
    let base = NumberSet::parse("1,4,10").unwrap();
    let base_p = subtraction::p_positions(&base, heaps as usize);
    let k_p = p_positions(Family::Theorem44Irrational, heaps, &mut budget).unwrap();
    for n in 0..heaps as i64 {
        assert_eq!(k_p.get(n), base_p.get(n), "heap {n}");
    }
}

/// Theorem 4.4(b), (c): with K = cℕ the nim-sequence repeats with period 11c from heap 16
/// (and with no shorter period), while the outcome sequence keeps period 11.
#[test]
fn theorem_4_4_b_c_nim_period_11c() {
    let mut budget = Budget::unlimited();
    for c in 1..=4usize {
        let values = nim_values(Family::Theorem44Multiples(c as u32), 20_000, &mut budget).unwrap();
        let p = 11 * c;
        assert!(
            (16..values.len() - p).all(|n| values[n] == values[n + p]),
            "c = {c}"
        );
        for q in (1..p).filter(|q| p % q == 0) {
            assert!(
                (16..values.len() - q).any(|n| values[n] != values[n + q]),
                "c = {c}, {q}"
            );
        }
        assert!((16..values.len() - 11).all(|n| (values[n] == 0) == (values[n + 11] == 0)));
    }
    // (b): K = 2ℕ sets G(n) = 3 for n = 34 + 22k.
    let values = nim_values(Family::Theorem44Multiples(2), 2_000, &mut budget).unwrap();
    assert!((34..2_000).step_by(22).all(|n| values[n] == 3));
}

/// TAKE-A-SQUARE's first P-positions (Golomb; OEIS A030193): 0, 2, 5, 7, 10, 12, 15, 17, 20,
/// 22, 34, 39, 44.
#[test]
fn take_a_square_first_p_positions() {
    let bits = p_positions(Family::Squares, 45, &mut Budget::unlimited()).unwrap();
    let p: Vec<i64> = (0..45).filter(|&n| bits.get(n)).collect();
    assert_eq!(p, [0, 2, 5, 7, 10, 12, 15, 17, 20, 22, 34, 39, 44]);
}

/// Theorem 4.31: TAKE-A-PRIME has P-positions all along the computed range (the kernel is
/// infinite); every window of 10,000 heaps up to 300,000 holds one.
#[test]
fn theorem_4_31_take_a_prime_kernel_keeps_growing() {
    let heaps = 300_000i64;
    let bits = p_positions(Family::Primes, heaps as u64, &mut Budget::unlimited()).unwrap();
    for start in (0..heaps).step_by(10_000) {
        assert!(
            (start..start + 10_000).any(|n| bits.get(n)),
            "no P in {start}.."
        );
    }
}
