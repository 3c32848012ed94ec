//! PB(2) and PB(1,2) = C· past the split-set DP: the candidate-and-trie method of
//! `octal::breaking` (thesis Section 4.4.4, Algorithms 4.6–4.7) against the DP and Table 4.4.

use heaplab_engine::octal::breaking;
use heaplab_engine::octal::families::{self, Family};
use heaplab_engine::Budget;

fn dp(set: &str, terms: usize) -> Vec<u32> {
    let family = Family::parse(set).unwrap().unwrap();
    families::nim_values(&family, terms, &mut Budget::unlimited()).unwrap()
}

#[test]
fn trie_method_matches_the_split_set_dp() {
    for (set, cut_one) in [("PB(1,2)", true), ("PB(2)", false)] {
        let fast = breaking::nim_values(cut_one, 1_500, &mut Budget::unlimited()).unwrap();
        assert_eq!(fast, dp(set, 1_500), "{set}");
    }
    for terms in 0..40 {
        let fast = breaking::nim_values(true, terms, &mut Budget::unlimited()).unwrap();
        assert_eq!(fast, dp("PB(1,2)", terms), "{terms} heaps");
    }
}

#[test]
fn table_4_4_exceptional_values_of_pb_1_2() {
    // Thesis Table 4.4 (Section 4.4.4): (G, first heap, second heap), rows 1-7; the digest's
    // first values 0 0 1 2 3 1 4 3 2 4 5 6 7 8 9 7 6 9 8 11 10 12 13 10 11 13 12 15 14 16 17 5.
    let values = breaking::nim_values(true, 3_100, &mut Budget::unlimited()).unwrap();
    assert_eq!(
        values[..32],
        [
            0, 0, 1, 2, 3, 1, 4, 3, 2, 4, 5, 6, 7, 8, 9, 7, 6, 9, 8, 11, 10, 12, 13, 10, 11, 13,
            12, 15, 14, 16, 17, 5
        ]
    );
    let table = [
        (5, 10, 31),
        (14, 28, 61),
        (33, 66, 199),
        (98, 196, 341),
        (173, 346, 511),
        (255, 508, 1021),
        (513, 1026, 3079),
    ];
    assert_eq!(breaking::exceptional(&values), table);
}

#[test]
fn far_families_go_through_the_trie_method() {
    let family = Family::parse("PB(1,2)").unwrap().unwrap();
    let report = families::solve(&family, 5_000, &mut Budget::unlimited()).unwrap();
    assert_eq!(report.values.len(), 5_000);
    assert_eq!(report.values[..1_500], dp("PB(1,2)", 1_500)[..]);
    let other = Family::parse("PB(1,3)").unwrap().unwrap();
    assert!(families::solve(&other, 5_000, &mut Budget::unlimited()).is_err());
    assert!(breaking::nim_values(true, 5_000_000, &mut Budget::unlimited()).is_err());
}
