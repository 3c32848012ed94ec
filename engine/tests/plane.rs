//! Two-dimensional subtraction (survey, two dimensions, Figure 2): the bit-parallel grid against
//! the plain double loop, and the proven row/column periods against much wider windows.

use heaplab_engine::plane::{self, MoveSet, PlaneJob};
use heaplab_engine::{Budget, Periodicity};
use proptest::prelude::*;

fn check_grid(moves: &MoveSet, width: u32, height: u32) {
    let fast = plane::grid(moves, width, height, &mut Budget::unlimited()).unwrap();
    let slow = plane::reference_grid(moves, width, height);
    for y in 0..height {
        for x in 0..width {
            assert_eq!(
                fast.is_p(x, y),
                slow[y as usize][x as usize],
                "({x},{y}) for {}",
                moves.to_text()
            );
        }
    }
    let count = slow.iter().flatten().filter(|&&p| p).count() as u64;
    assert_eq!(fast.p_count(), count);
    let values = plane::nim_values(moves, width, height, &mut Budget::unlimited()).unwrap();
    for y in 0..height {
        for x in 0..width {
            assert_eq!(
                values.get(x, y) == Some(0),
                slow[y as usize][x as usize],
                "nim-value 0 iff P at ({x},{y})"
            );
        }
    }
    assert_eq!(values.counts()[0], count);
    // The stepped job (what the page's worker runs) gives the same grid, report and values.
    let mut job = PlaneJob::new(moves, width, height, true).unwrap();
    let mut last = 0;
    while !job.is_done() {
        let (done, total) = job.step(97);
        assert!(done > last || job.is_done(), "a step makes progress");
        assert!(done <= total);
        last = done;
    }
    let solution = job.finish().unwrap();
    let (grid, report) = plane::solve(moves, width, height, &mut Budget::unlimited()).unwrap();
    assert_eq!(solution.grid, grid);
    assert_eq!(solution.report, report);
    assert_eq!(solution.nim.as_ref(), Some(&values));
}

/// A proven period must hold on a window four times as wide, must fail just before the
/// preperiod, and no smaller period may hold on the wide window from the preperiod on.
fn check_line(line: &[bool], proven: Periodicity, what: &str) {
    let Periodicity::Proven {
        preperiod, period, ..
    } = proven
    else {
        return;
    };
    let (l, p) = (preperiod as usize, period as usize);
    let holds = |d: usize, from: usize| (from..line.len() - d).all(|x| line[x] == line[x + d]);
    assert!(
        holds(p, l),
        "{what}: period {p} from {l} fails on the wide window"
    );
    if l > 0 {
        assert_ne!(
            line[l - 1],
            line[l - 1 + p],
            "{what}: preperiod {l} is not least"
        );
    }
    for d in 1..p {
        assert!(!holds(d, l), "{what}: {d} is a smaller period than {p}");
    }
}

fn check_periods(moves: &MoveSet, width: u32, height: u32) {
    let (_, report) = plane::solve(moves, width, height, &mut Budget::unlimited()).unwrap();
    let wide = plane::reference_grid(moves, 4 * width, 4 * height);
    for (y, proven) in report.rows.iter().enumerate() {
        check_line(
            &wide[y],
            *proven,
            &format!("row {y} of {}", moves.to_text()),
        );
    }
    for (x, proven) in report.columns.iter().enumerate() {
        let column: Vec<bool> = wide.iter().map(|row| row[x]).collect();
        check_line(
            &column,
            *proven,
            &format!("column {x} of {}", moves.to_text()),
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn random_rulesets_match_the_reference(
        raw in prop::collection::btree_set((0u32..9, 0u32..9), 1..5),
        width in 1u32..150,
        height in 1u32..40,
    ) {
        let moves: Vec<(u32, u32)> = raw.into_iter().filter(|&m| m != (0, 0)).collect();
        prop_assume!(!moves.is_empty());
        let set = MoveSet::from_moves(moves).unwrap();
        check_grid(&set, width, height);
        check_periods(&set, width.max(20), height.max(10));
    }

    /// Wide moves exercise the 64-cells-a-step path; horizontal moves the shorter steps.
    #[test]
    fn wide_and_horizontal_moves_match_the_reference(
        raw in prop::collection::btree_set((0u32..140, 0u32..5), 1..4),
    ) {
        let moves: Vec<(u32, u32)> = raw.into_iter().filter(|&m| m != (0, 0)).collect();
        prop_assume!(!moves.is_empty());
        check_grid(&MoveSet::from_moves(moves).unwrap(), 400, 12);
    }
}

/// Survey Figure 2: S = {(2,6), (3,3), (6,1), (19,6)}, the first 3600 × 2000 outcomes. The
/// bottom-left corner must agree with the plain definition, and row 0 and column 0 are the 1-D
/// games {} restricted to moves along the axis: there are none here, so both are all P.
#[test]
fn figure_2_ruleset() {
    let moves = MoveSet::parse("(2,6) (3,3) (6,1) (19,6)").unwrap();
    let grid = plane::grid(&moves, 3600, 2000, &mut Budget::unlimited()).unwrap();
    let corner = plane::reference_grid(&moves, 200, 120);
    for (y, row) in corner.iter().enumerate() {
        for (x, &p) in row.iter().enumerate() {
            assert_eq!(grid.is_p(x as u32, y as u32), p, "({x},{y})");
        }
    }
    assert!((0..3600).all(|x| grid.is_p(x, 0)), "row 0 has no moves");
    assert!((0..2000).all(|y| grid.is_p(0, y)), "column 0 has no moves");
    // (2,6) is N: the move (2,6) reaches the P-position (0,0).
    assert!(!grid.is_p(2, 6));
}

#[test]
fn one_dimensional_moves_give_the_1d_periods() {
    // Moves along x only: every row is the 1-D game {2,5,7} (survey Section 2: period 22).
    let moves = MoveSet::parse("(2,0) (5,0) (7,0)").unwrap();
    let (_, report) = plane::solve(&moves, 200, 5, &mut Budget::unlimited()).unwrap();
    for row in &report.rows {
        assert_eq!(
            *row,
            Periodicity::Proven {
                preperiod: 0,
                period: 22,
                saltus: 0
            }
        );
    }
    // Columns are constant: each column is one cell of the row repeated.
    for column in &report.columns {
        assert_eq!(column.period(), Some(1));
    }
}

/// Mixed moves: the low rows and columns of a small ruleset get proven periods that hold on a
/// four times wider window (guards against a check that never runs).
#[test]
fn mixed_rulesets_prove_low_rows_and_columns() {
    let moves = MoveSet::parse("(1,2) (2,1) (3,0) (0,3)").unwrap();
    let (_, report) = plane::solve(&moves, 300, 300, &mut Budget::unlimited()).unwrap();
    assert!(
        report.rows[..20].iter().all(|r| r.period().is_some()),
        "{:?}",
        &report.rows[..20]
    );
    assert!(report.columns[..20].iter().all(|c| c.period().is_some()));
    check_periods(&moves, 300, 60);
}

/// Nim-values by the plain recursive definition (mex over the options), for small windows.
fn reference_nim(moves: &MoveSet, width: u32, height: u32) -> Vec<Vec<u16>> {
    let (w, h) = (width as usize, height as usize);
    let mut g = vec![vec![0u16; w]; h];
    for y in 0..h {
        for x in 0..w {
            let options = moves
                .moves()
                .iter()
                .filter(|&&(a, b)| a as usize <= x && b as usize <= y)
                .map(|&(a, b)| u64::from(g[y - b as usize][x - a as usize]));
            g[y][x] = heaplab_engine::mex::mex(options) as u16;
        }
    }
    g
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn nim_values_match_the_plain_mex(
        raw in prop::collection::btree_set((0u32..7, 0u32..7), 1..7),
        width in 1u32..60,
        height in 1u32..30,
    ) {
        let moves: Vec<(u32, u32)> = raw.into_iter().filter(|&m| m != (0, 0)).collect();
        prop_assume!(!moves.is_empty());
        let set = MoveSet::from_moves(moves).unwrap();
        let fast = plane::nim_values(&set, width, height, &mut Budget::unlimited()).unwrap();
        let slow = reference_nim(&set, width, height);
        for y in 0..height {
            for x in 0..width {
                prop_assert_eq!(fast.get(x, y), Some(slow[y as usize][x as usize]));
            }
        }
        // Nim-value 0 exactly at the P-positions.
        let grid = plane::grid(&set, width, height, &mut Budget::unlimited()).unwrap();
        for y in 0..height {
            for x in 0..width {
                prop_assert_eq!(fast.get(x, y) == Some(0), grid.is_p(x, y));
            }
        }
    }
}

/// A cancelled budget stops the grid and the nim-values with `Cancelled`.
#[test]
fn budgets_cancel() {
    let moves = MoveSet::parse("(1,2) (2,1)").unwrap();
    let mut stop = |_: u64, _: u64| false;
    assert_eq!(
        plane::grid(&moves, 100, 200, &mut Budget::with_progress(&mut stop)),
        Err(heaplab_engine::EngineError::Cancelled)
    );
    let mut stop = |_: u64, _: u64| false;
    assert!(plane::nim_values(&moves, 100, 200, &mut Budget::with_progress(&mut stop)).is_err());
    assert!(PlaneJob::new(&moves, 5000, 5000, true).is_err(), "nim cap");
    assert!(PlaneJob::new(&moves, 5000, 5000, false).is_ok());
}

/// The shrunk picture (the figure of docs/guide/plane.md): factor 1 is the picture itself, and a larger
/// factor averages each block's N-share, y = 0 still at the bottom.
#[test]
fn shrunk_pictures_average_blocks() {
    let moves = MoveSet::parse("(2,6) (3,3) (6,1) (19,6)").unwrap();
    let grid = plane::grid(&moves, 45, 22, &mut Budget::unlimited()).unwrap();
    assert_eq!(
        plane::render_outcomes_shrunk(&grid, 1),
        (45, 22, plane::render_outcomes(&grid))
    );
    let (w, h, rgba) = plane::render_outcomes_shrunk(&grid, 4);
    assert_eq!((w, h), (12, 6));
    for by in 0..h {
        for bx in 0..w {
            let block: Vec<bool> = (by * 4..(by * 4 + 4).min(22))
                .flat_map(|y| (bx * 4..(bx * 4 + 4).min(45)).map(move |x| (x, y)))
                .map(|(x, y)| grid.is_p(x, y))
                .collect();
            let n = block.iter().filter(|&&p| !p).count() as f64;
            let want = (255.0 * n / block.len() as f64).round() as u8;
            let at = (((h - 1 - by) * w + bx) * 4) as usize;
            assert_eq!(
                rgba[at..at + 4],
                [want, want, want, 255],
                "block ({bx},{by})"
            );
        }
    }
    // The bottom-left block holds (0,0), a P-position, so it is not white.
    let at = (((h - 1) * w) * 4) as usize;
    assert!(rgba[at] < 255);
}
