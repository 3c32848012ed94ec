//! PB(2) and PB(1,2) = C· past the split-set DP: the shape-memoised trie search of
//! `octal::breaking` (thesis Section 4.4.4, Algorithms 4.6–4.7) against the DP and Table 4.4.

use std::time::Instant;

use heaplab_engine::octal::breaking;
use heaplab_engine::octal::families::{self, Family, MAX_FAMILY_HEAPS};
use heaplab_engine::Budget;

fn dp(set: &str, terms: usize) -> Vec<u32> {
    let family = Family::parse(set).unwrap().unwrap();
    families::nim_values(&family, terms, &mut Budget::unlimited()).unwrap()
}

fn fast(cut_one: bool, terms: usize) -> Vec<u32> {
    breaking::nim_values(cut_one, terms, &mut Budget::unlimited()).unwrap()
}

/// Thesis Section 4.4.4, Table 4.4: the exceptional values of PB(1,2) as (G, first heap,
/// second heap); the distance column is second − first.
const TABLE_4_4: [(u32, usize, usize); 21] = [
    (5, 10, 31),
    (14, 28, 61),
    (33, 66, 199),
    (98, 196, 341),
    (173, 346, 511),
    (255, 508, 1_021),
    (513, 1_026, 3_079),
    (1_538, 3_076, 5_141),
    (2_573, 5_146, 7_231),
    (3_615, 7_228, 13_501),
    (6_752, 13_506, 24_119),
    (12_059, 24_116, 39_589),
    (19_797, 39_594, 53_231),
    (26_614, 53_228, 94_157),
    (47_081, 94_162, 151_399),
    (75_699, 151_396, 192_053),
    (96_029, 192_058, 314_015),
    (157_006, 314_012, 417_757),
    (208_880, 417_762, 728_983),
    (364_490, 728_980, 1_138_373),
    (569_188, 1_138_378, 1_317_967),
];

/// The thesis's distance column, to check the table above was copied right.
const DISTANCES: [usize; 21] = [
    21, 33, 133, 145, 165, 513, 2_053, 2_065, 2_085, 6_273, 10_613, 15_473, 13_637, 40_929, 57_237,
    40_657, 121_957, 103_745, 311_221, 409_393, 179_589,
];

/// Table 4.4's rows whose second heap is below `terms`.
fn rows_below(terms: usize) -> Vec<(u32, usize, usize)> {
    TABLE_4_4.iter().copied().filter(|r| r.2 < terms).collect()
}

#[test]
fn fast_method_matches_the_split_set_dp_on_every_heap() {
    // Every heap up to the DP's cap, and every shorter run (the trie's width changes with it).
    for (set, cut_one) in [("PB(1,2)", true), ("PB(2)", false)] {
        assert_eq!(
            fast(cut_one, MAX_FAMILY_HEAPS),
            dp(set, MAX_FAMILY_HEAPS),
            "{set}"
        );
    }
    for terms in 0..70 {
        assert_eq!(fast(true, terms), dp("PB(1,2)", terms), "{terms} heaps");
        assert_eq!(fast(false, terms), dp("PB(2)", terms), "{terms} heaps");
    }
}

#[test]
fn table_4_4_copied_right() {
    for (row, distance) in TABLE_4_4.iter().zip(DISTANCES) {
        assert_eq!(row.2 - row.1, distance, "{row:?}");
    }
}

#[test]
fn table_4_4_exceptional_values_of_pb_1_2() {
    // Thesis §4.4.4, Table 4.4, rows 1-12 (about a second); the digest's first values
    // 0 0 1 2 3 1 4 3 2 4 5 6 7 8 9 7 6 9 8 11 10 12 13 10 11 13 12 15 14 16 17 5.
    let terms = 40_000;
    let values = fast(true, terms);
    assert_eq!(
        values[..32],
        [
            0, 0, 1, 2, 3, 1, 4, 3, 2, 4, 5, 6, 7, 8, 9, 7, 6, 9, 8, 11, 10, 12, 13, 10, 11, 13,
            12, 15, 14, 16, 17, 5
        ]
    );
    assert_eq!(breaking::exceptional(&values), rows_below(terms));
    assert_eq!(rows_below(terms).len(), 12);
}

/// Thesis §4.4.4, Table 4.4 in full (rows 1-21, to heap 1,317,967): run by `cargo xtask
/// records`, which prints the time.
#[test]
#[ignore = "a minute or more: cargo xtask records"]
fn table_4_4_in_full() {
    let start = Instant::now();
    let values = fast(true, 1_317_968);
    let table = breaking::exceptional(&values);
    println!(
        "PB(1,2): 1,317,968 heaps in {:.1} s, {} exceptional values",
        start.elapsed().as_secs_f64(),
        table.len()
    );
    for (g, first, second) in &table {
        println!(
            "  G {g}: heaps {first} and {second}, distance {}",
            second - first
        );
    }
    assert_eq!(table, TABLE_4_4);
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
