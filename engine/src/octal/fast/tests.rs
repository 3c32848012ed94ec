//! Unit tests of the fast rare/common nim-sequence (`super`).

use super::group::walsh_hadamard;
use super::*;

#[test]
fn walsh_hadamard_scores_every_functional() {
    let counts = [3i64, 0, 1, 2];
    let mut score = counts;
    walsh_hadamard(&mut score);
    for (w, &s) in score.iter().enumerate() {
        let direct: i64 = counts
            .iter()
            .enumerate()
            .map(|(l, &c)| if (l & w).count_ones() % 2 == 0 { c } else { -c })
            .sum();
        assert_eq!(s, direct, "w = {w}");
    }
}

#[test]
fn resumed_sequence_continues_identically() {
    let rules = Ruleset::parse(".16").unwrap();
    let mut whole = OctalSequence::new(&rules);
    whole.extend_to(5000, &mut Budget::unlimited()).unwrap();
    for cut in [1usize, 2, 1023, 1024, 1025, 3000] {
        let mut prefix = whole.stored().clone();
        prefix.truncate(cut);
        let mut resumed = OctalSequence::resume(&rules, prefix);
        resumed.extend_to(5000, &mut Budget::unlimited()).unwrap();
        assert_eq!(resumed.stored(), whole.stored(), "cut at {cut}");
    }
}
