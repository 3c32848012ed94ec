//! The octal atlas: its classes hold codes with identical values, its proven periods agree
//! with the ones the octal tests pin (Winning Ways' Kayles and Dawson's Kayles, thesis
//! Table 3.2), and the catalogue errata are found at their first differing heaps.

use heaplab_engine::atlas::{self, check_fact, classes, AtlasCaps, CATALOGUE_FACTS};
use heaplab_engine::octal::{self, Limits, Ruleset};
use heaplab_engine::Budget;

fn values(code: &str, heaps: usize) -> Vec<u32> {
    let limits = Limits {
        terms: heaps,
        prove: false,
        max_heaps: heaps,
    };
    let rules = Ruleset::parse(code).unwrap();
    octal::solve(&rules, limits, &mut Budget::unlimited())
        .unwrap()
        .values
}

#[test]
fn codes_are_enumerated_once_each() {
    assert_eq!(atlas::atlas_len(3).unwrap(), 1024);
    assert_eq!(atlas::code_at(3, 0), ".0");
    assert_eq!(atlas::code_at(3, 1), ".001");
    assert_eq!(atlas::code_at(3, 0o770), ".77");
    assert_eq!(atlas::code_at(3, 512), "4.0");
    assert_eq!(atlas::code_at(3, 1023), "4.777");
    let codes: std::collections::HashSet<String> =
        (0..1024).map(|i| atlas::code_at(3, i)).collect();
    assert_eq!(codes.len(), 1024);
    assert!(atlas::atlas_len(0).is_err() && atlas::atlas_len(5).is_err());
}

#[test]
fn every_class_holds_identical_values_and_classes_differ() {
    let len = atlas::atlas_len(2).unwrap();
    let entries = atlas::solve_range(
        2,
        atlas::FIRST_INDEX..len,
        AtlasCaps {
            max_heaps: 1 << 14,
            ..AtlasCaps::default()
        },
        &mut Budget::unlimited(),
    )
    .unwrap();
    assert_eq!(entries.len() as u64, len - 1);
    let classes = classes(&entries);
    assert_eq!(
        classes.iter().map(|c| c.codes.len()).sum::<usize>(),
        entries.len()
    );
    let firsts: Vec<Vec<u32>> = classes.iter().map(|c| values(&c.codes[0], 4096)).collect();
    for (class, first) in classes.iter().zip(&firsts) {
        for code in &class.codes[1..] {
            assert_eq!(&values(code, 4096), first, "{code} in {:?}", class.codes);
        }
    }
    // Two proven classes whose periods repeat twice within 2,048 heaps and which agree on
    // 4,096 heaps would be one sequence, so they must differ there.
    let short = |e: &atlas::AtlasEntry| match (e.preperiod, e.period) {
        (Some(n0), Some(p)) => n0 + 2 * p <= 2048,
        _ => false,
    };
    for (i, a) in classes.iter().enumerate() {
        for (j, b) in classes.iter().enumerate().skip(i + 1) {
            if short(&a.entry) && short(&b.entry) {
                assert_ne!(firsts[i], firsts[j], "{:?} and {:?}", a.codes, b.codes);
            }
        }
    }
    // Periods the octal tests pin: Kayles n0 71, p 12; Dawson's Kayles n0 53, p 34.
    let class_of = |code: &str| classes.iter().find(|c| c.codes.iter().any(|x| x == code));
    let kayles = class_of(".77").unwrap();
    assert_eq!(
        (kayles.entry.preperiod, kayles.entry.period),
        (Some(71), Some(12))
    );
    let dawson = class_of(".07").unwrap();
    assert_eq!(
        (dawson.entry.preperiod, dawson.entry.period),
        (Some(53), Some(34))
    );
    assert!(kayles.entry.certificate_sha256.is_some());
    // Officers (·6) is unsolved: computed to the cap, never given a period.
    let officers = class_of(".6").unwrap();
    assert_eq!(officers.status, "unsolved");
    assert_eq!(
        (officers.entry.period, officers.entry.computed),
        (None, 1 << 14)
    );
}

/// Flammenkamp's tables treat ·161 and ·36 as one game, yet they first differ at heap 519;
/// Winning Ways' game locator maps ·27 to ·06, which differ at heap 2 (·27 is ·26).
#[test]
fn catalogue_errata_are_found_at_their_first_difference() {
    let found: Vec<_> = CATALOGUE_FACTS
        .iter()
        .map(|f| check_fact(f, 4096).unwrap())
        .collect();
    assert_eq!(found[0].first_difference, Some(519));
    assert_eq!(found[1].first_difference, Some(2));
    assert_eq!(values(".27", 4096), values(".26", 4096));
}

/// The per-game work cap stops a game at a heap fixed by its rules (not by the machine's
/// speed), and only stops it: the first proof attempt always runs, so a game proven there is
/// proven under any cap.
#[test]
fn a_work_cap_stops_a_game_at_a_fixed_heap_and_only_stops_it() {
    let caps = |work| AtlasCaps {
        max_heaps: 1 << 16,
        max_game_work: work,
    };
    // ·004 has no sparse space: computing L heaps scans about L²/4 + L option pairs, so 2^24
    // pairs allow 4,096 heaps (8,192²/4 + 8,192 > 2^24) and 2^26 allow 8,192.
    let small = atlas::solve_code(".004", caps(1 << 24)).unwrap();
    let larger = atlas::solve_code(".004", caps(1 << 26)).unwrap();
    assert_eq!((small.proven, small.computed), (false, 4_096));
    assert_eq!((larger.proven, larger.computed), (false, 8_192));
    assert_eq!(atlas::solve_code(".004", caps(1 << 24)).unwrap(), small);
    // Dawson's Kayles is proven on the first attempt (Winning Ways: n0 53, p 34), whatever the cap.
    let dawson = atlas::solve_code(".07", caps(1)).unwrap();
    assert_eq!(
        (dawson.proven, dawson.preperiod, dawson.period),
        (true, Some(53), Some(34))
    );
}
