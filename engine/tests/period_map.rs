//! Period maps (survey Section 2, Figure 1): the fast cell solver against the slow reference on
//! every pixel of every 3-move map with s3 <= 60, and the survey's known values.

use heaplab_engine::period_map::{self, CellClass, Family, Window};
use heaplab_engine::{Budget, EngineError};

/// Every pixel (s1, s2) of every 3-move map with s3 <= 60: the maps as the CLI and the workers
/// compute them (one cell solver reused across the window) agree exactly with the reference,
/// and so does a fresh solver per cell.
#[test]
fn every_three_move_map_up_to_s3_60_matches_the_reference() {
    for s3 in 3..=60u32 {
        let family = Family::ThreeMove { s3 };
        let window = Window {
            x0: 1,
            x1: s3,
            y0: 2,
            y1: s3,
        };
        let map = period_map::compute(family, window, 1 << 20, &mut Budget::unlimited())
            .expect("valid map");
        assert_eq!(map.len() as u64, window.pixels());
        for cell in map {
            let (s1, s2) = (cell.x, cell.y);
            let slow = period_map::reference_cell(family, s1, s2, 1 << 20);
            assert_eq!(cell, slow, "S = {{{s1},{s2},{s3}}}");
            assert_eq!(period_map::solve_cell(family, s1, s2, 1 << 20), slow);
            if s1 < s2 {
                assert_ne!(cell.class, CellClass::Unresolved, "S = {{{s1},{s2},{s3}}}");
            }
        }
    }
}

/// The other two families, on small windows computed whole, against the reference; and a
/// 3-move window whose moves are all at least 256 (s3 = 701), where the cell solver makes its
/// words four at a time and proves most periods from the expected ones.
#[test]
fn four_move_max_symmetric_and_long_moves_match_the_reference() {
    let small = (1, 23, 1, 23);
    for (family, (x0, x1, y0, y1)) in [
        (Family::FourMove { s3: 23 }, small),
        (Family::MaxSym5 { m: 31 }, small),
        (Family::ThreeMove { s3: 701 }, (256, 268, 440, 446)),
    ] {
        let window = Window { x0, x1, y0, y1 };
        let map = period_map::compute(family, window, 1 << 20, &mut Budget::unlimited())
            .expect("valid map");
        for cell in map {
            let slow = period_map::reference_cell(family, cell.x, cell.y, 1 << 20);
            assert_eq!(cell, slow, "{family:?} ({},{})", cell.x, cell.y);
        }
    }
}

/// Windows whose cells need long sequences (preperiod + period of 10,000 heaps and more) and
/// have periods that are no sum of two moves, so that the narrow and wide tail searches (not
/// only the expected periods) prove them: every cell against the reference. {5n-2, 5n+3, 10n+2} has preperiod 45n² - 1 (n = 20: 17,999) and
/// period 5, and its neighbours in the s3 = 202 map have long preperiods too; this window of
/// the 4-move map s3 = 100 has 138 cells that need 10,000 heaps or more, many of them proven
/// by the wide search.
#[test]
fn long_preperiod_windows_match_the_reference() {
    for (family, (x0, x1, y0, y1)) in [
        (Family::ThreeMove { s3: 202 }, (94, 102, 99, 107)),
        (Family::FourMove { s3: 100 }, (1, 41, 50, 80)),
    ] {
        let window = Window { x0, x1, y0, y1 };
        let map = period_map::compute(family, window, 1 << 20, &mut Budget::unlimited())
            .expect("valid map");
        let mut long = 0;
        for cell in map {
            let slow = period_map::reference_cell(family, cell.x, cell.y, 1 << 20);
            assert_eq!(cell, slow, "{family:?} ({},{})", cell.x, cell.y);
            let needed = cell.preperiod.zip(cell.period).map(|(l, p)| l + p);
            long += usize::from(needed.is_some_and(|n| n >= 10_000));
        }
        assert!(long >= 3, "{family:?}: {long} cells need 10,000 heaps");
    }
}

/// Resolving an unresolved pixel (the page's click, issue 16): every cell that a small budget
/// leaves unresolved, solved by the constant-memory search and stored with `cell_with`, is
/// the cell the map solver finds with a budget large enough — in all three families, so the
/// 3-move classes come out right too.
#[test]
fn resolving_unresolved_cells_gives_the_large_budget_cell() {
    use heaplab_engine::outcome_cycle::OutcomeCycle;
    use heaplab_engine::ruleset::NumberSet;
    let mut resolved = 0;
    for family in [
        Family::ThreeMove { s3: 61 },
        Family::FourMove { s3: 29 },
        Family::MaxSym5 { m: 41 },
    ] {
        let window = Window {
            x0: 1,
            x1: 30,
            y0: 1,
            y1: 60,
        };
        let small = period_map::compute(family, window, 1 << 9, &mut Budget::unlimited())
            .expect("valid map");
        for cell in small.iter().filter(|c| c.class == CellClass::Unresolved) {
            let moves = family.moves(cell.x, cell.y).expect("a ruleset");
            let set = NumberSet::from_elements(moves).expect("valid set");
            let mut cycle = OutcomeCycle::new(&set, 1 << 24).expect("valid search");
            let period = loop {
                if let Some(p) = cycle.run(1 << 12) {
                    break p;
                }
            };
            let large = period_map::solve_cell(family, cell.x, cell.y, 1 << 22);
            assert_ne!(large.class, CellClass::Unresolved, "{family:?} {cell:?}");
            assert_eq!(
                period_map::cell_with(family, cell.x, cell.y, period),
                large,
                "{family:?}"
            );
            resolved += 1;
        }
    }
    assert!(resolved >= 10, "only {resolved} cells were unresolved");
}

/// The coarse picture of a progressive map: the sampled pixels are exactly the map's pixels
/// at those places, for strides that do and do not divide the window, and stride 0 is an error.
#[test]
fn sampled_maps_are_the_full_map_at_the_sample_points() {
    let family = Family::ThreeMove { s3: 47 };
    let window = Window {
        x0: 3,
        x1: 40,
        y0: 5,
        y1: 46,
    };
    let full = period_map::compute(family, window, 1 << 16, &mut Budget::unlimited()).unwrap();
    for stride in [1u32, 2, 7, 8, 100] {
        let sampled =
            period_map::compute_sampled(family, window, stride, 1 << 16, &mut Budget::unlimited())
                .unwrap();
        let expected: Vec<_> = full
            .iter()
            .filter(|c| {
                (c.x - window.x0).is_multiple_of(stride) && (c.y - window.y0).is_multiple_of(stride)
            })
            .copied()
            .collect();
        assert_eq!(sampled, expected, "stride {stride}");
    }
    assert!(matches!(
        period_map::compute_sampled(family, window, 0, 1 << 16, &mut Budget::unlimited()),
        Err(EngineError::OutOfRange(_))
    ));
}

/// Survey Section 2 (Flammenkamp): {5n-2, 5n+3, 10n+2} has outcome preperiod 45n² - 1 and
/// period 5, so it is a white ("other") pixel of the s3 = 10n + 2 map.
#[test]
fn longest_preperiod_family_appears_in_the_map() {
    for n in 2..=8u32 {
        let cell = period_map::solve_cell(
            Family::ThreeMove { s3: 10 * n + 2 },
            5 * n - 2,
            5 * n + 3,
            1 << 22,
        );
        let n = u64::from(n);
        assert_eq!(
            (cell.preperiod, cell.period),
            (Some(45 * n * n - 1), Some(5))
        );
        assert_eq!(cell.class, CellClass::Other);
    }
}

/// Survey Section 2 (Althöfer and Bültermann): {a, 2a+1, 3a+1} has period 4a² + 3a.
#[test]
fn quadratic_period_family_appears_in_the_map() {
    for a in 1..=12u32 {
        let cell =
            period_map::solve_cell(Family::ThreeMove { s3: 3 * a + 1 }, a, 2 * a + 1, 1 << 22);
        let a = u64::from(a);
        assert_eq!(cell.period, Some(4 * a * a + 3 * a), "a = {a}");
        assert_eq!(cell.preperiod, Some(0), "a = {a}");
    }
}

/// Survey Section 2: the ruleset {2,5,7} lies on the diagonal 2 + 5 = 7 (black) with period 22.
#[test]
fn diagonal_pixels_are_black_whatever_their_period() {
    let cell = period_map::solve_cell(Family::ThreeMove { s3: 7 }, 2, 5, 1 << 20);
    assert_eq!((cell.class, cell.period), (CellClass::Diagonal, Some(22)));
}

/// A budget too small to find a period gives "unresolved", never a guessed class.
#[test]
fn a_tiny_budget_leaves_cells_unresolved() {
    let cell = period_map::solve_cell(Family::ThreeMove { s3: 62 }, 28, 33, 500);
    assert_eq!(cell.class, CellClass::Unresolved);
    assert_eq!(cell.period, None);
}

#[test]
fn invalid_pixels_and_windows() {
    assert_eq!(
        period_map::solve_cell(Family::ThreeMove { s3: 10 }, 5, 5, 100).class,
        CellClass::Invalid
    );
    assert_eq!(
        period_map::solve_cell(Family::ThreeMove { s3: 10 }, 3, 12, 100).class,
        CellClass::Invalid
    );
    assert_eq!(
        period_map::solve_cell(Family::MaxSym5 { m: 20 }, 3, 10, 100).class,
        CellClass::Invalid
    );
    let empty = Window {
        x0: 5,
        x1: 5,
        y0: 0,
        y1: 10,
    };
    assert!(matches!(
        period_map::compute(
            Family::ThreeMove { s3: 10 },
            empty,
            100,
            &mut Budget::unlimited()
        ),
        Err(EngineError::OutOfRange(_))
    ));
    let huge = Window {
        x0: 0,
        x1: 100_000,
        y0: 0,
        y1: 100_000,
    };
    assert!(period_map::compute(
        Family::ThreeMove { s3: 10 },
        huge,
        100,
        &mut Budget::unlimited()
    )
    .is_err());
    assert!(period_map::compute(
        Family::ThreeMove { s3: 0 },
        Window {
            x0: 1,
            x1: 2,
            y0: 1,
            y1: 2
        },
        100,
        &mut Budget::unlimited()
    )
    .is_err());
}

/// Cancelling through the budget stops a map.
#[test]
fn maps_can_be_cancelled() {
    let mut stop = |_: u64, _: u64| false;
    let window = Window {
        x0: 1,
        x1: 50,
        y0: 1,
        y1: 50,
    };
    let result = period_map::compute(
        Family::ThreeMove { s3: 60 },
        window,
        1 << 20,
        &mut Budget::with_progress(&mut stop),
    );
    assert_eq!(result, Err(EngineError::Cancelled));
}

mod tail_search {
    use heaplab_engine::bits::BitVec;
    use heaplab_engine::period_map::least_tail_period;
    use heaplab_engine::subtraction::reference::least_period_at_tail;
    use proptest::prelude::*;

    /// An eventually periodic bit sequence: a random head, then a random block repeated.
    fn sequence(head: &[bool], block: &[bool], len: usize) -> Vec<bool> {
        head.iter()
            .copied()
            .chain(block.iter().copied().cycle())
            .take(len)
            .collect()
    }

    /// The earliest possible copy (the window at heap 0) counts, in both searches.
    #[test]
    fn a_copy_at_the_very_start_counts() {
        // 1 1 0 | 1 1: the last window of 2 bits, "1 1", first stood at heap 0.
        let seq = [true, true, false, true, true];
        let mut bits = BitVec::default();
        seq.iter().for_each(|&b| bits.push(b));
        assert_eq!(least_tail_period(&bits, 5, 2, 5), Some(3));
        assert_eq!(least_period_at_tail(&seq, 2).period(), Some(3));
    }

    /// With every shift allowed, the change-driven search finds exactly the period the
    /// heap-by-heap reference finds at the tail of `head` then `block` repeated (`k + extra + 1`
    /// bits past the head); with `1 / fraction` of the shifts it finds that same period or
    /// nothing, never a wrong one.
    fn agrees(
        head: &[bool],
        block: &[bool],
        k: usize,
        extra: usize,
        fraction: usize,
    ) -> Result<(), TestCaseError> {
        let len = head.len() + k + extra + 1;
        let seq = sequence(head, block, len);
        let mut bits = BitVec::default();
        for &b in &seq {
            bits.push(b);
        }
        let want = least_period_at_tail(&seq, k).period().map(|p| p as usize);
        prop_assert_eq!(least_tail_period(&bits, len, k, len), want);
        let limited = least_tail_period(&bits, len, k, len / fraction);
        prop_assert!(
            limited.is_none() || limited == want,
            "{:?} vs {:?}",
            limited,
            want
        );
        Ok(())
    }

    /// Stretches of a short local period (alternating bits, `110110…`), their complements and
    /// defects between them, as outcome sequences have late in a long preperiod: the screen of
    /// changes, non-changes and period breaks must never hide the answer.
    fn structured(pieces: &[(u8, usize, bool)]) -> Vec<bool> {
        pieces
            .iter()
            .flat_map(|&(pattern, repeats, flip)| {
                let period = 1 + (pattern % 8) as usize;
                (0..period * repeats).map(move |i| ((pattern >> (i % period)) & 1 == 1) != flip)
            })
            .collect()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        /// With every shift allowed, the change-driven search finds exactly the period the
        /// heap-by-heap reference finds at the tail; with fewer shifts it finds that same
        /// period or nothing, never a wrong one.
        #[test]
        fn agrees_with_the_reference(
            head in proptest::collection::vec(any::<bool>(), 0..300),
            block in proptest::collection::vec(any::<bool>(), 1..200),
            run in 1usize..40,
            k in 1usize..150,
            extra in 0usize..900,
            fraction in 1usize..20,
        ) {
            // Long runs of equal bits, as in outcome sequences, stress the change screen.
            let block: Vec<bool> = block.iter().flat_map(|&b| std::iter::repeat_n(b, run)).collect();
            agrees(&head, &block, k, extra, fraction)?;
        }

        /// The same on sequences of short-period stretches and complements (an eventually
        /// periodic block of them after a head of them).
        #[test]
        fn agrees_with_the_reference_on_local_periods(
            head in proptest::collection::vec((any::<u8>(), 1usize..30, any::<bool>()), 0..8),
            block in proptest::collection::vec((any::<u8>(), 1usize..30, any::<bool>()), 1..6),
            k in 1usize..200,
            extra in 0usize..1500,
            fraction in 1usize..20,
        ) {
            let (head, block) = (structured(&head), structured(&block));
            agrees(&head, &block, k, extra, fraction)?;
        }
    }
}

/// `Family::rulesets_in` (the unit of a map's progress) counts exactly the pixels whose
/// `moves` exist, on every small window of every family.
#[test]
fn rulesets_in_counts_the_pixels_that_are_rulesets() {
    for family in [
        Family::ThreeMove { s3: 9 },
        Family::FourMove { s3: 7 },
        Family::MaxSym5 { m: 13 },
    ] {
        for x0 in 0..8 {
            for x1 in x0 + 1..12 {
                for y0 in 0..8 {
                    for y1 in y0 + 1..12 {
                        let w = Window { x0, x1, y0, y1 };
                        let brute = (y0..y1)
                            .flat_map(|y| (x0..x1).map(move |x| (x, y)))
                            .filter(|&(x, y)| family.moves(x, y).is_some())
                            .count() as u64;
                        assert_eq!(family.rulesets_in(w), brute, "{family:?} {w:?}");
                    }
                }
            }
        }
    }
}
