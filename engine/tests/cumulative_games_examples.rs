//! Cumulative games, the later parts of Larsson, Meir, Zick, "Cumulative games: who is the
//! current player?" (paper `cumulative-games-current-player.txt`): Example 4 (Section 3),
//! Observation 7's counts (Section 9) and Definition 15's preference order (Section 7).

use heaplab_engine::cumulative_games::{
    self as cg, auction_by_rewards, outcome_table, sigma_outcome, solve, Action, Game, Grounded,
    Position, Preset, Rational, TieBreak,
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
        auction_by_rewards(vec![vec![2, 3]], q(4), tie),
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
