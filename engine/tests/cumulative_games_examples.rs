//! Cumulative games, the later parts of Larsson, Meir, Zick, "Cumulative games: who is the
//! current player?" (paper `cumulative-games-current-player.txt`): Example 4 (Section 3),
//! Observation 7's counts (Section 9) and Definition 15's preference order (Section 7).

use heaplab_engine::cumulative_games::optimal_actions::{
    critical_sets, first_critical, optimal_actions,
};
use heaplab_engine::cumulative_games::order::{
    compare, heap_probes, pspe_outcome, refute_preference, tempo_probes, Component, Relation,
};
use heaplab_engine::cumulative_games::spec;
use heaplab_engine::cumulative_games::{
    self as cg, outcome_table, sigma_outcome, solve, Action, Game, Grounded, Moves, Position,
    Preset, Rational, Reward, TieBreak,
};
use heaplab_engine::Budget;

fn q(n: i64) -> Rational {
    Rational::int(n)
}

fn qs(v: &[i64]) -> Vec<Rational> {
    v.iter().map(|&n| q(n)).collect()
}

fn start(heap: u64, cums: &[i64], to_move: usize) -> Grounded {
    Grounded {
        position: Position {
            heaps: vec![heap],
            cumulations: vec![qs(cums)],
        },
        to_move,
    }
}

fn solve_ok(game: &Game, g: &Grounded) -> cg::Solution {
    solve(game, g, &mut Budget::unlimited()).unwrap()
}

// ---- Example 4 (Section 3): Auction Pebbles with the utility moved into the rewards -----------

/// Example 4's game and Example 3's (S = {2,3}, v = 4).
fn auctions() -> (Game, Game) {
    let tie = TieBreak::Antagonistic;
    (
        Preset::AuctionRewards.game(vec![vec![2, 3]], q(4), tie),
        Preset::Auction.game(vec![vec![2, 3]], q(4), tie),
    )
}

#[test]
fn example_4_the_five_printed_rewards() {
    // Paper, Section 3, Example 4, items 1–5: r_1((x, C), 1, a), Player 1 to move.
    let (game, _) = auctions();
    let r1 = |heap: u64, cums: &[i64], take: u64| {
        let g = start(heap, cums, 0);
        game.reward(&g.position, 0, Action { heap: 0, take })[0]
    };
    assert_eq!(r1(3, &[0, 0], 2), q(2)); // 1.
    assert_eq!(r1(3, &[0, 0], 3), q(1)); // 2.
    assert_eq!(r1(3, &[0, 1], 2), q(2)); // 3.
    assert_eq!(r1(3, &[0, 2], 2), q(0)); // 4.
    assert_eq!(r1(3, &[0, 2], 3), q(1)); // 5.
                                         // "In item 3. Player 1 wins and her utility is 2, whereas in item 4. nobody wins and her
                                         // utility is 0. In the latter case it is beneficial to play instead as in item 5."
    let value_after = |cums: &[i64], take: u64| {
        let next = game.play(&start(3, cums, 0), Action { heap: 0, take });
        solve_ok(&game, &next).value()[0]
    };
    assert_eq!(value_after(&[0, 1], 2), q(2));
    assert_eq!(value_after(&[0, 2], 2), q(0));
    assert_eq!(value_after(&[0, 2], 3), q(1));
    let g = start(3, &[0, 2], 0);
    assert_eq!(solve_ok(&game, &g).path(&game)[0].1.unwrap().take, 3);
}

/// Walks the two games' trees side by side from `a` (in `ga`) and `b` (in `gb`): same actions,
/// same PSPE choice and value at every non-terminal position. Returns the positions compared.
fn same_play(
    ga: &Game,
    sa: &cg::Solution,
    a: &Grounded,
    gb: &Game,
    sb: &cg::Solution,
    b: &Grounded,
) -> usize {
    let (ea, eb) = (&sa.memo[a], &sb.memo[b]);
    let actions = gb.actions(&b.position, b.to_move);
    assert_eq!(ga.actions(&a.position, a.to_move), actions);
    if actions.is_empty() {
        return 1;
    }
    assert_eq!(ea.choice, eb.choice, "at {}", b.position.label());
    assert_eq!(ea.value, eb.value, "at {}", b.position.label());
    1 + actions
        .iter()
        .map(|&act| same_play(ga, sa, &ga.play(a, act), gb, sb, &gb.play(b, act)))
        .sum::<usize>()
}

#[test]
fn example_4_plays_exactly_as_example_3() {
    // "Player 1 will use exactly the same strategy as in the previous example if we set
    // self-interest utility": from heaps 2..=10 with bids 0..=3 and either player first, both
    // games take the same action with the same value at every position of the tree (the
    // settling move turns the bids into the auction's utilities).
    let (modified, original) = auctions();
    let mut checked = 0;
    for x in 2..=10 {
        for c1 in 0..=3 {
            for c2 in 0..=3 {
                for first in 0..2 {
                    let g = start(x, &[c1, c2], first);
                    let (a, b) = (solve_ok(&modified, &g), solve_ok(&original, &g));
                    checked += same_play(&modified, &a, &g, &original, &b, &g);
                }
            }
        }
    }
    assert!(checked > 1_000, "{checked}");
}

#[test]
fn example_4_is_cumulation_dependent_but_theorem_6_holds() {
    // "this slick maneuver will turn the ruleset cumulation dependent": Theorem 8's table is
    // refused, while Theorem 6 (utility = σ-outcome + C) still holds, here for σ = σ*.
    let (game, _) = auctions();
    assert!(!game.is_heap_dynamic());
    assert!(outcome_table(&game, &[6], &mut Budget::unlimited()).is_err());
    for x in 2..=9 {
        for c in 0..=2 {
            let g = start(x, &[0, c], 0);
            let solution = solve_ok(&game, &g);
            let (outcome, _) =
                sigma_outcome(&game, &g, &mut |s, _| solution.memo[s].choice.unwrap_or(0));
            let utilities: Vec<Rational> = outcome[0]
                .iter()
                .zip(&g.position.cumulations[0])
                .map(|(&o, &c)| o + c)
                .collect();
            assert_eq!(utilities, solution.value(), "x = {x}, C = (0,{c})");
        }
    }
}

// ---- Observation 7 (Section 9): zero-sum against self-interest optimal actions ----------------

#[test]
fn observation_7_first_differences() {
    // "for the friendly variation, the first difference appears already on the subtraction set
    // S = {3, 5}, at heap size 14, and where o_zs(14) = 3, obtained by subtracting 5 pebbles,
    // but o¹_si(14) − o²_si(14) = 2, which is obtained by subtracting 3 pebbles."
    let friendly = optimal_actions(&[3, 5], 15, TieBreak::Friendly).unwrap();
    let row = &friendly[14];
    assert!(row.is_critical());
    assert_eq!(
        (row.zero_sum, row.zero_sum_actions.as_slice()),
        (3, &[5][..])
    );
    assert_eq!(row.self_interest.0 - row.self_interest.1, 2);
    assert_eq!(row.self_interest_actions, [3]);
    assert_eq!(
        first_critical(&[3, 5], 500, TieBreak::Friendly).unwrap(),
        Some(14)
    );
    // Antagonistic {3,5} agrees with zero-sum at 14 (via 5, (8,5)).
    let antagonistic = optimal_actions(&[3, 5], 15, TieBreak::Antagonistic).unwrap();
    assert_eq!(antagonistic[14].self_interest, (8, 5));
    assert_eq!(antagonistic[14].self_interest_actions, [5]);
    // "we have detected the first difference of the antagonistic and zero-sum variations for the
    // subtraction set S = {6, 13, 17}, at a heap of size 76. The optimal action is either 6 or
    // 17, and o¹_si(76) − o²_si(76) = 4, whereas o_zs(76) = 5."
    let rows = optimal_actions(&[6, 13, 17], 77, TieBreak::Antagonistic).unwrap();
    let row = &rows[76];
    assert!(row.is_critical());
    assert_eq!(row.self_interest_actions, [6, 17]);
    assert_eq!(row.self_interest.0 - row.self_interest.1, 4);
    assert_eq!(
        (row.zero_sum, row.zero_sum_actions.as_slice()),
        (5, &[13][..])
    );
    assert_eq!(
        first_critical(&[6, 13, 17], 500, TieBreak::Antagonistic).unwrap(),
        Some(76)
    );
}

#[test]
fn observation_7_counts_of_critical_sets() {
    // "the number of such critical two or three element subtraction sets with numbers weakly
    // smaller than 20 is one for the antagonistic case, whereas in the friendly case we find
    // altogether 493 cases. If we increase to 30 we find 16 and 2081 cases respectively and by
    // increasing 40, we find 68 and 5386 cases respectively."
    // Reading that reproduces all six numbers: sets of 2 or 3 elements from {1, …, m − 1} and
    // heap sizes x = 0..499.
    let count =
        |m: u64, tie| critical_sets(m, &[2, 3], 500, tie, &mut Budget::unlimited()).unwrap();
    for (m, antagonistic, friendly) in [(20, 1, 493), (30, 16, 2081), (40, 68, 5386)] {
        let a = count(m, TieBreak::Antagonistic);
        let f = count(m, TieBreak::Friendly);
        let sets = (m - 1) * (m - 2) / 2 + (m - 1) * (m - 2) * (m - 3) / 6;
        assert_eq!((a.sets, f.sets), (sets, sets));
        assert_eq!(a.critical.len(), antagonistic, "antagonistic, m = {m}");
        assert_eq!(f.critical.len(), friendly, "friendly, m = {m}");
        // "For subtraction sets of size 2, we have not yet detected any difference between
        // zero-sum and self-interest antagonistic optimal-actions."
        assert!(a.critical.iter().all(|(s, _)| s.len() == 3));
    }
    // The one antagonistic set below 20 is {6,13,17}, first at 76.
    assert_eq!(
        count(20, TieBreak::Antagonistic).critical,
        vec![(vec![6, 13, 17], 76)]
    );
}

#[test]
fn observation_7_first_critical_heap_is_the_first_outcome_discrepancy() {
    // For two- and three-element sets (numbers below 40, heaps below 500) the first heap where
    // the optimal actions differ is the first where o_zs(x) ≠ o¹_si(x) − o²_si(x), the
    // paper's "outcome discrepancy", so both readings count the same critical sets. (Later
    // heaps may differ in value without differing in action: the subtrees already differ.)
    for tie in [TieBreak::Antagonistic, TieBreak::Friendly] {
        for a in 1..40u64 {
            for b in a + 1..40 {
                for c in (b + 1..41).step_by(2) {
                    let set: Vec<u64> = if c == 40 { vec![a, b] } else { vec![a, b, c] };
                    let rows = optimal_actions(&set, 500, tie).unwrap();
                    let critical = rows.iter().position(|r| r.is_critical());
                    let discrepancy = rows.iter().position(|r| r.discrepancy() != 0);
                    assert_eq!(critical, discrepancy, "{set:?} {tie:?}");
                }
            }
        }
    }
}

#[test]
fn observation_7_actions_match_the_general_solver() {
    // The integer recurrences against Theorem 8's table of the Scoring (zero-sum) and Squirrel
    // (self-interest) presets: same values, and the optimal actions are those whose option row
    // equals the chosen row (zero-sum: in the mover's coordinate).
    let mut sets = Vec::new();
    for a in 1..=7u64 {
        sets.push(vec![a]);
        for b in a + 1..=7 {
            sets.push(vec![a, b]);
            for c in b + 1..=7 {
                sets.push(vec![a, b, c]);
            }
        }
    }
    let heaps = 40u64;
    for set in &sets {
        for tie in [TieBreak::Antagonistic, TieBreak::Friendly] {
            let fast = optimal_actions(set, heaps, tie).unwrap();
            let zs_game = Preset::Scoring.game(vec![set.clone()], q(0), tie);
            let si_game = Preset::Squirrel.game(vec![set.clone()], q(0), tie);
            let zs = outcome_table(&zs_game, &[heaps - 1], &mut Budget::unlimited()).unwrap();
            let si = outcome_table(&si_game, &[heaps - 1], &mut Budget::unlimited()).unwrap();
            for row in &fast {
                let x = row.heap;
                let zs_row = zs.row(&[x], 0).unwrap();
                let si_row = si.row(&[x], 0).unwrap();
                assert_eq!(zs_row[0], q(row.zero_sum), "{set:?} x = {x}");
                assert_eq!(
                    si_row,
                    qs(&[row.self_interest.0, row.self_interest.1]).as_slice()
                );
                let moves: Vec<u64> = set.iter().copied().filter(|&a| a <= x).collect();
                // Option rows: the next player's row, swapped, plus the mover's gain.
                let zs_best: Vec<u64> = moves
                    .iter()
                    .copied()
                    .filter(|&a| q(a as i64) - zs.row(&[x - a], 0).unwrap()[0] == zs_row[0])
                    .collect();
                let si_best: Vec<u64> = moves
                    .iter()
                    .copied()
                    .filter(|&a| {
                        let next = si.row(&[x - a], 0).unwrap();
                        next[1] + q(a as i64) == si_row[0] && next[0] == si_row[1]
                    })
                    .collect();
                assert_eq!(row.zero_sum_actions, zs_best, "{set:?} x = {x}");
                assert_eq!(
                    row.self_interest_actions, si_best,
                    "{set:?} x = {x} {tie:?}"
                );
                // The table's own PSPE choice is one of them.
                if let Some(a) = si.choices[si.index(&[x]).unwrap() * 2] {
                    assert!(si_best.contains(&a.take));
                }
            }
        }
    }
}

#[test]
fn observation_7_bad_input_is_an_error() {
    assert!(optimal_actions(&[], 10, TieBreak::Friendly).is_err());
    assert!(optimal_actions(&[0, 2], 10, TieBreak::Friendly).is_err());
    assert!(optimal_actions(&[3, 2], 10, TieBreak::Friendly).is_err());
    assert!(optimal_actions(&[2, 3], u64::MAX, TieBreak::Friendly).is_err());
    let mut budget = Budget::unlimited();
    assert!(critical_sets(1, &[2], 10, TieBreak::Friendly, &mut budget).is_err());
    assert!(critical_sets(20, &[], 10, TieBreak::Friendly, &mut budget).is_err());
    assert!(critical_sets(20, &[9], 10, TieBreak::Friendly, &mut budget).is_err());
    assert!(critical_sets(201, &[4], 100_000, TieBreak::Friendly, &mut budget).is_err());
    // A budget cancels the scan.
    let mut stop = |_: u64, _: u64| false;
    let err = critical_sets(
        40,
        &[3],
        100,
        TieBreak::Friendly,
        &mut Budget::with_progress(&mut stop),
    );
    assert!(matches!(err, Err(heaplab_engine::EngineError::Cancelled)));
}

// ---- Definition 15 (Section 7): the preference order on a family of probes ------------------

/// Squirrel Pebbles {2,3} and the probes X: its own heaps 0..=6 and tempo heaps 0..=6.
fn squirrel_and_probes() -> (Game, Vec<Component>) {
    let game = Preset::Squirrel.game(vec![vec![2, 3]], q(0), TieBreak::Antagonistic);
    let mut probes = heap_probes(&game, 6);
    probes.extend(tempo_probes(&game, 6, q(20)));
    (game, probes)
}

#[test]
fn definition_15_is_reflexive_and_the_empty_heap_is_neutral() {
    // G ≥_i G, and Theorem 10's monoid: G +_n 0 ≡ G (0 = a heap without moves).
    let (game, probes) = squirrel_and_probes();
    let empty = Component::heap(&game, 0);
    for x in 0..=7 {
        let g = Component::heap(&game, x);
        let g0 = g.sum(&empty).unwrap();
        for player in 0..2 {
            let mut budget = Budget::unlimited();
            assert_eq!(
                compare(player, &g, &g, &probes, &mut budget).unwrap(),
                Relation::Equivalent
            );
            assert_eq!(
                compare(player, &g, &g0, &probes, &mut budget).unwrap(),
                Relation::Equivalent
            );
        }
    }
    // Heap 1 of {2,3} has no move either: it is the same game as 0.
    let one = Component::heap(&game, 1);
    assert_eq!(
        compare(0, &one, &empty, &probes, &mut Budget::unlimited()).unwrap(),
        Relation::Equivalent
    );
}

#[test]
fn definition_15_incomparable_heaps_with_witnesses() {
    // Conjecture 1 says all cumulative games are incomparable. Heaps 2 and 4 of Squirrel
    // Pebbles {2,3} are, for Alice: alone (X = 0, Alice first) 4 gives her 3 and 2 only 2; but
    // beside a two-pebble heap (one pebble a move) whose last move pays 20 to the other player,
    // with Bob first, 2 gets her the prize and 4 does not: the tempo differs.
    let (game, probes) = squirrel_and_probes();
    let (two, four) = (Component::heap(&game, 2), Component::heap(&game, 4));
    let relation = compare(0, &two, &four, &probes, &mut Budget::unlimited()).unwrap();
    let Relation::Incomparable(a, b) = relation else {
        panic!("{relation:?}");
    };
    assert_eq!((a.probe, a.start, a.left, a.right), (0, 0, q(2), q(3)));
    let prize = &probes[b.probe];
    assert_eq!(prize.position.heaps, [2]);
    assert!(matches!(
        prize.game.heaps[0].reward,
        Reward::LastMove { mover, others } if mover == q(0) && others == q(20)
    ));
    assert_eq!((b.start, b.left, b.right), (1, q(2), q(20)));
    // The witnesses are what the definition says: o¹(G + X, p) < o¹(H + X, p).
    let o1 = |c: &Component, x: &Component, p: usize| {
        let sum = c.sum(x).unwrap();
        let g = Grounded {
            position: sum.position,
            to_move: p,
        };
        pspe_outcome(&sum.game, &g, &mut Budget::unlimited()).unwrap()[0]
    };
    assert_eq!(o1(&two, &probes[a.probe], 0), q(2));
    assert_eq!(o1(&four, &probes[a.probe], 0), q(3));
    assert_eq!(o1(&four, prize, 1), q(2));
    assert_eq!(o1(&two, prize, 1), q(20));
    // Most pairs of heaps 0..=7 are incomparable on these probes, for both players; the
    // comparable ones (such as 5 ≥ 0: heap 5 always takes exactly two moves, so it changes no
    // tempo) are comparable only on these finitely many X, which refutes nothing.
    let mut incomparable = 0;
    for a in 0..=7 {
        for b in a + 1..=7 {
            let (g, h) = (Component::heap(&game, a), Component::heap(&game, b));
            if matches!(
                compare(0, &g, &h, &probes, &mut Budget::unlimited()).unwrap(),
                Relation::Incomparable(..)
            ) {
                incomparable += 1;
            }
        }
    }
    assert!(incomparable >= 19, "{incomparable} of 28 pairs");
    let five = Component::heap(&game, 5);
    assert!(matches!(
        compare(
            0,
            &five,
            &Component::heap(&game, 0),
            &probes,
            &mut Budget::unlimited()
        )
        .unwrap(),
        Relation::Greater(_)
    ));
}

#[test]
fn definition_15_pspe_outcome_is_theorem_6() {
    // For self-interest games the PSPE outcome is the grounded value minus the cumulations.
    let (game, _) = squirrel_and_probes();
    for x in 0..=12 {
        for p in 0..2 {
            let g = Grounded {
                position: Position {
                    heaps: vec![x],
                    cumulations: vec![qs(&[1, 2])],
                },
                to_move: p,
            };
            let value = solve_ok(&game, &g).value().to_vec();
            let outcome = pspe_outcome(&game, &g, &mut Budget::unlimited()).unwrap();
            assert_eq!(outcome, vec![value[0] - q(1), value[1] - q(2)]);
        }
    }
    // Different players or a player out of range: an error, not a panic.
    let three = Game {
        players: 3,
        ..game.clone()
    };
    let g = Component::heap(&game, 3);
    let h = Component {
        game: three.clone(),
        position: Position::new(vec![3], 3),
    };
    assert!(refute_preference(0, &g, &h, &[], &mut Budget::unlimited()).is_err());
    assert!(refute_preference(2, &g, &g, &[], &mut Budget::unlimited()).is_err());
}

// ---- Section 2: a heap-size dynamic ruleset, typed as the page and the CLI read it -----------

#[test]
fn section_2_dynamic_map_can_make_the_zero_sum_outcome_negative() {
    // After Definition 2: "If, for example S(2) = 2 and S(3) = 1, then o(3) = −1. Such things
    // cannot happen for fixed rulesets."
    let moves = spec::parse_dynamic("2:2;3:1", 2).unwrap();
    let game = Preset::Scoring.game_with(2, moves, q(0), TieBreak::Antagonistic);
    let table = outcome_table(&game, &[3], &mut Budget::unlimited()).unwrap();
    let o: Vec<Rational> = (0..=3).map(|x| table.row(&[x], 0).unwrap()[0]).collect();
    assert_eq!(o, qs(&[0, 0, 2, -1]));
    // The same through the memoised solver and the slow tree walk.
    let g = start(3, &[0, 0], 0);
    assert_eq!(solve_ok(&game, &g).value(), qs(&[-1, 1]).as_slice());
    assert_eq!(cg::reference::solve(&game, &g), qs(&[-1, 1]));
}

#[test]
fn typed_three_player_games_match_the_tree_walk() {
    // Three players with per-player sets, a dynamic map and each turn function, as typed.
    let turns = ["cyclic", "next:3,1,2", "heap:1,2,3,3,2,1,1,2"];
    let maps = [
        Moves::Fixed(spec::parse_sets("2,3;1,4;1,2", 3).unwrap()),
        spec::parse_dynamic("1..5:1;5..12:2,3", 3).unwrap(),
        spec::parse_dynamic("1..12:1,2|2..12:2|1..9:1;9:3", 3).unwrap(),
    ];
    // Two maps for three players is an error.
    assert!(spec::parse_dynamic("1..5:1|5..12:2,3", 3).is_err());
    for moves in maps {
        for preset in [
            Preset::Squirrel,
            Preset::Scoring,
            Preset::Normal,
            Preset::Auction,
        ] {
            for turn in turns {
                let mut game = preset.game_with(3, moves.clone(), q(9), TieBreak::Friendly);
                game.turn = spec::parse_turn(turn, 3).unwrap();
                for x in 0..=9 {
                    for p in 0..3 {
                        let g = Grounded {
                            position: Position::new(vec![x], 3),
                            to_move: p,
                        };
                        assert_eq!(
                            solve_ok(&game, &g).value(),
                            cg::reference::solve(&game, &g).as_slice(),
                            "{preset:?} {turn} x = {x}"
                        );
                    }
                }
            }
        }
    }
}
