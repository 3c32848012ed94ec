//! Cumulative games: every number printed in Larsson, Meir, Zick, "Cumulative games: who is the
//! current player?" (paper `cumulative-games-current-player.txt`, corrections from the
//! research digest), plus fast-versus-reference comparisons on every small case.

use heaplab_engine::cumulative_games::efg::Efg;
use heaplab_engine::cumulative_games::views::{cgt_tree, extensive_tree, heap_dag};
use heaplab_engine::cumulative_games::{
    self as cg, outcome_class, outcome_table, reference, sigma_outcome, solve,
    symmetric_self_interest, symmetric_zero_sum, Action, Ending, Game, Grounded, HeapRule,
    HeapUtility, Moves, Position, Preset, Rational, Reward, TieBreak, Turn,
};
use heaplab_engine::{Budget, EngineError};

fn q(n: i64) -> Rational {
    Rational::int(n)
}

fn qs(v: &[i64]) -> Vec<Rational> {
    v.iter().map(|&n| q(n)).collect()
}

fn frac(s: &str) -> Rational {
    Rational::parse(s).unwrap()
}

fn start(heaps: &[u64], cums: &[&[i64]], to_move: usize) -> Grounded {
    Grounded {
        position: Position {
            heaps: heaps.to_vec(),
            cumulations: cums.iter().map(|c| qs(c)).collect(),
        },
        to_move,
    }
}

fn preset(p: Preset, set: &[u64]) -> Game {
    p.game(vec![set.to_vec()], q(4), TieBreak::Antagonistic)
}

fn solve_ok(game: &Game, g: &Grounded) -> cg::Solution {
    solve(game, g, &mut Budget::unlimited()).unwrap()
}

/// The action PSPE takes at `g`.
fn pspe_action(game: &Game, g: &Grounded) -> Action {
    let s = solve_ok(game, g);
    s.path(game)[0].1.expect("a move")
}

/// The value after the mover plays `take` on heap 0 from `g`.
fn value_after(game: &Game, g: &Grounded, take: u64) -> Vec<Rational> {
    let next = game.play(g, Action { heap: 0, take });
    solve_ok(game, &next).value().to_vec()
}

// ---- Example 1 (Section 2) -------------------------------------------------------------------

#[test]
fn example_1_zero_sum_and_self_interest_tables() {
    // Paper, Section 2, Example 1: S = {2,3}, x = 0..9.
    let zs = symmetric_zero_sum(&[2, 3], 10, &mut Budget::unlimited()).unwrap();
    assert_eq!(zs, qs(&[0, 0, 2, 3, 3, 1, 0, 1, 2, 3]));
    let expected = [
        (0, 0),
        (0, 0),
        (2, 0),
        (3, 0),
        (3, 0),
        (3, 2),
        (3, 3),
        (4, 3),
        (5, 3),
        (6, 3),
    ];
    // "It turns out that, for this ruleset, the self-interest outcomes do not depend on the
    // choice of tie-breaking rule."
    for tie in [TieBreak::Antagonistic, TieBreak::Friendly] {
        let si = symmetric_self_interest(&[2, 3], 10, tie, &mut Budget::unlimited()).unwrap();
        let pairs: Vec<(i64, i64)> = si.iter().map(|v| (v[0].numer(), v[1].numer())).collect();
        assert_eq!(pairs, expected);
    }
}

#[test]
fn definitions_2_and_3_tables_match_the_printed_recurrences() {
    // Every set within {1..6} of size 1..3, x < 40, both tie-breaks.
    for mask in 1u32..64 {
        if mask.count_ones() > 3 {
            continue;
        }
        let set: Vec<u64> = (1..=6).filter(|k| mask & (1 << (k - 1)) != 0).collect();
        let zs = symmetric_zero_sum(&set, 40, &mut Budget::unlimited()).unwrap();
        let zs_ref: Vec<Rational> = reference::zero_sum_symmetric(&set, 40)
            .into_iter()
            .map(q)
            .collect();
        assert_eq!(zs, zs_ref, "{set:?}");
        for tie in [TieBreak::Antagonistic, TieBreak::Friendly] {
            let si = symmetric_self_interest(&set, 40, tie, &mut Budget::unlimited()).unwrap();
            let si_ref: Vec<Vec<Rational>> = reference::self_interest_symmetric(&set, 40, tie)
                .into_iter()
                .map(|(a, b)| vec![q(a), q(b)])
                .collect();
            assert_eq!(si, si_ref, "{set:?} {tie:?}");
        }
    }
}

// ---- Figures 2, 4 and 5 ----------------------------------------------------------------------

#[test]
fn figure_4_pspe_play_is_7_5_2_0() {
    // Paper, Figure 4: Squirrel Pebbles {2,3} from (7, (0,0)), Alice to move.
    let game = preset(Preset::Squirrel, &[2, 3]);
    let s = solve_ok(&game, &start(&[7], &[&[0, 0]], 0));
    assert_eq!(s.value(), qs(&[4, 3]).as_slice());
    let heaps: Vec<u64> = s
        .path(&game)
        .iter()
        .map(|(g, _)| g.position.heaps[0])
        .collect();
    assert_eq!(heaps, [7, 5, 2, 0]);
    // Off the path: 3 at 4;(3,0), 3 at 3;(2,2) and 2 at 2;(3,2).
    assert_eq!(pspe_action(&game, &start(&[4], &[&[3, 0]], 1)).take, 3);
    assert_eq!(pspe_action(&game, &start(&[3], &[&[2, 2]], 0)).take, 3);
    assert_eq!(pspe_action(&game, &start(&[2], &[&[3, 2]], 0)).take, 2);
    // Figure 2: the tree has 11 nodes and 5 leaves.
    let tree = extensive_tree(&game, &s, 1000);
    assert_eq!(tree.len(), 11);
    assert_eq!(
        tree.nodes.iter().filter(|n| n.children.is_empty()).count(),
        5
    );
    assert_eq!(tree.nodes[0].label, "7; (0,0)");
    // The thick edges from the root spell the PSPE play.
    let mut v = 0;
    let mut seen = vec![tree.nodes[0].label.clone()];
    while let Some(&c) = tree.nodes[v]
        .children
        .iter()
        .find(|&&c| tree.nodes[c].edge.marked)
    {
        seen.push(tree.nodes[c].label.clone());
        v = c;
    }
    assert_eq!(seen, ["7; (0,0)", "5; (2,0)", "2; (2,3)", "0; (4,3)"]);
    // Every internal node has exactly one marked edge (a PSPE is a full profile).
    for node in &tree.nodes {
        if !node.children.is_empty() {
            let marked = node.children.iter().filter(|&&c| tree.nodes[c].edge.marked);
            assert_eq!(marked.count(), 1);
        }
    }
}

#[test]
fn extensive_tree_is_capped_with_counts() {
    let game = preset(Preset::Squirrel, &[1, 2]);
    let s = solve_ok(&game, &start(&[40], &[&[0, 0]], 0));
    let tree = extensive_tree(&game, &s, 200);
    assert!(tree.len() <= 200);
    // The tree of {1,2} from x has Fibonacci-many nodes; all are counted.
    let total = tree.descendant_counts()[0] + 1;
    assert_eq!(total, s.memo[&s.start].tree_size);
    let mut fib = vec![1u64, 2]; // tree sizes T(0) = 1, T(1) = 2, T(x) = 1 + T(x-1) + T(x-2)
    for x in 2..=40 {
        let t = 1 + fib[x - 1] + fib[x - 2];
        fib.push(t);
    }
    assert_eq!(total, fib[40]);
}

#[test]
fn figure_3_cgt_tree_of_4() {
    // Paper, Figure 3: the CGT-type tree of 4;(0,0), 9 nodes.
    let game = preset(Preset::Squirrel, &[2, 3]);
    let tree = cgt_tree(&game, &Position::new(vec![4], 2), 100).unwrap();
    assert_eq!(tree.len(), 9);
    let labels: Vec<&str> = tree.nodes[0]
        .children
        .iter()
        .map(|&c| tree.nodes[c].label.as_str())
        .collect();
    // Alice's options slant left, Bob's right, drawn mirror-symmetric.
    assert_eq!(labels, ["2; (2,0)", "1; (3,0)", "1; (0,3)", "2; (0,2)"]);
    let slants: Vec<_> = tree.nodes[0]
        .children
        .iter()
        .map(|&c| tree.nodes[c].edge.slant)
        .collect();
    use heaplab_engine::tree_layout::Slant;
    assert_eq!(
        slants,
        [Slant::Left, Slant::Left, Slant::Right, Slant::Right]
    );
    let kids = |label: &str| -> Vec<String> {
        let v = tree.nodes.iter().position(|n| n.label == label).unwrap();
        tree.nodes[v]
            .children
            .iter()
            .map(|&c| tree.nodes[c].label.clone())
            .collect()
    };
    assert_eq!(kids("2; (2,0)"), ["0; (4,0)", "0; (2,2)"]);
    assert_eq!(kids("2; (0,2)"), ["0; (2,2)", "0; (0,4)"]);
}

#[test]
fn figure_5_dag_labels_and_double_edges() {
    // Paper, Figure 5: the DAG from 7 of {2,3}.
    let dag = heap_dag(&[2, 3], 7, TieBreak::Antagonistic).unwrap();
    let xs: Vec<u64> = dag.nodes.iter().map(|n| n.x).collect();
    assert_eq!(xs, [7, 5, 4, 3, 2, 1, 0]);
    let zs: Vec<i64> = dag.nodes.iter().map(|n| n.zero_sum.numer()).collect();
    assert_eq!(zs, [1, 1, 3, 3, 2, 0, 0]);
    let gs: Vec<(i64, i64)> = dag
        .nodes
        .iter()
        .map(|n| (n.general[0].numer(), n.general[1].numer()))
        .collect();
    assert_eq!(gs, [(4, 3), (3, 2), (3, 0), (3, 0), (2, 0), (0, 0), (0, 0)]);
    let mut doubles: Vec<(u64, u64)> = dag
        .edges
        .iter()
        .filter(|e| e.general_double)
        .map(|e| (e.from, e.to))
        .collect();
    doubles.sort_unstable();
    assert_eq!(doubles, [(2, 0), (3, 0), (4, 1), (5, 2), (7, 5)]);
    let zs_doubles = dag.edges.iter().filter(|e| e.zero_sum_double).count();
    assert_eq!(zs_doubles, 5);
}

// ---- Example 2 (Section 2): partizan {2,3} / {1,4} ------------------------------------------

#[test]
fn example_2_partizan_tables() {
    let sets = vec![vec![2, 3], vec![1, 4]];
    let zs_game = Preset::Scoring.game(sets.clone(), q(0), TieBreak::Antagonistic);
    let zs = outcome_table(&zs_game, &[14], &mut Budget::unlimited()).unwrap();
    let zs1: Vec<i64> = (0..15)
        .map(|x| zs.row(&[x], 0).unwrap()[0].numer())
        .collect();
    let zs2: Vec<i64> = (0..15)
        .map(|x| zs.row(&[x], 1).unwrap()[0].numer())
        .collect();
    // Digest correction [D]: the paper is wrong at x = 11.
    assert_eq!(zs1, [0, 0, 2, 3, 2, 3, 4, -1, 0, 1, 2, 1, 2, 3, -2]);
    assert_eq!(
        zs2,
        [0, -1, -1, 1, -4, -4, -2, -1, -2, -1, 0, -5, -4, -3, -2]
    );
    let si1 = [
        (0, 0),
        (0, 0),
        (2, 0),
        (3, 0),
        (3, 1),
        (4, 1),
        (5, 1),
        (3, 4),
        (4, 4),
        (5, 4),
        (6, 4),
        (6, 5),
        (7, 5),
        (8, 5),
        (6, 8),
    ];
    let si2 = [
        (0, 0),
        (0, 1),
        (0, 1),
        (2, 1),
        (0, 4),
        (0, 4),
        (2, 4),
        (3, 4),
        (3, 5),
        (4, 5),
        (5, 5),
        (3, 8),
        (4, 8),
        (5, 8),
        (6, 8),
    ];
    for tie in [TieBreak::Antagonistic, TieBreak::Friendly] {
        let si_game = Preset::Squirrel.game(sets.clone(), q(0), tie);
        let si = outcome_table(&si_game, &[14], &mut Budget::unlimited()).unwrap();
        for x in 0..15u64 {
            let r1 = si.row(&[x], 0).unwrap();
            let r2 = si.row(&[x], 1).unwrap();
            assert_eq!((r1[0].numer(), r1[1].numer()), si1[x as usize], "x={x}");
            assert_eq!((r2[0].numer(), r2[1].numer()), si2[x as usize], "x={x}");
            // The 2×2 matrix of Definition 5 is these two rows.
            assert_eq!(si.matrix(&[x]).unwrap(), vec![r1.to_vec(), r2.to_vec()]);
        }
    }
    // "o_zs(3, 2) = 1 and o_zs(7, 1) = −1".
    assert_eq!(zs.row(&[3], 1).unwrap()[0], q(1));
    assert_eq!(zs.row(&[7], 0).unwrap()[0], q(-1));
}

// ---- Section 1.4 tables ------------------------------------------------------------------------

#[test]
fn section_1_4_normal_misere_and_partizan_outcome_classes() {
    let classes = |game: &Game, n: u64| -> String {
        (0..n)
            .map(|x| outcome_class(game, &[x], &mut Budget::unlimited()).unwrap())
            .collect()
    };
    assert_eq!(classes(&preset(Preset::Normal, &[2, 3]), 8), "PPNNNPPN");
    assert_eq!(classes(&preset(Preset::Misere, &[2, 3]), 10), "NNPPNNNPPN");
    let partizan = Preset::Normal.game(vec![vec![2, 3], vec![1, 4]], q(0), TieBreak::Antagonistic);
    assert_eq!(classes(&partizan, 10), "PRNLRNLPNL");
    // The same classes from Theorem 8's table (the ending's term in its terminal rows).
    let table =
        |game: &Game, n: u64| cg::outcome_classes(game, n, &mut Budget::unlimited()).unwrap();
    assert_eq!(table(&preset(Preset::Normal, &[2, 3]), 8), "PPNNNPPN");
    assert_eq!(table(&preset(Preset::Misere, &[2, 3]), 10), "NNPPNNNPPN");
    assert_eq!(table(&partizan, 10), "PRNLRNLPNL");
    for game in small_games() {
        if game.players == 2 && game.heaps.len() == 1 && game.has_outcome_table() {
            assert_eq!(table(&game, 16), classes(&game, 16), "{game:?}");
        }
    }
}

// ---- P1–P6 (Section 1.1) -----------------------------------------------------------------------

#[test]
fn p1_to_p4_from_heap_4_and_7() {
    let alice4 = start(&[4], &[&[0, 0]], 0);
    let alice7 = start(&[7], &[&[0, 0]], 0);
    // P1 normal: from 4, take 3.
    assert_eq!(
        pspe_action(&preset(Preset::Normal, &[2, 3]), &alice4).take,
        3
    );
    // P2 misère: from 4, take 2; from 7 the mover loses however she plays.
    let misere = preset(Preset::Misere, &[2, 3]);
    assert_eq!(pspe_action(&misere, &alice4).take, 2);
    for take in [2, 3] {
        assert_eq!(value_after(&misere, &alice7, take)[0], q(-1));
    }
    // P3 scoring: from 4, take 3, final score 3; two removals of 2 tie at 0.
    let scoring = preset(Preset::Scoring, &[2, 3]);
    assert_eq!(pspe_action(&scoring, &alice4).take, 3);
    assert_eq!(solve_ok(&scoring, &alice4).value()[0], q(3));
    assert_eq!(value_after(&scoring, &alice4, 2)[0], q(0));
    // P4 squirrel: from 4, take 3 giving (3,0); from 7, take 2 ("and this holds for normal
    // play and scoring play too").
    let squirrel = preset(Preset::Squirrel, &[2, 3]);
    assert_eq!(pspe_action(&squirrel, &alice4).take, 3);
    assert_eq!(solve_ok(&squirrel, &alice4).value(), qs(&[3, 0]).as_slice());
    for game in [&squirrel, &scoring, &preset(Preset::Normal, &[2, 3])] {
        assert_eq!(pspe_action(game, &alice7).take, 2);
    }
}

#[test]
fn p5_auction_and_example_3() {
    let auction = preset(Preset::Auction, &[2, 3]); // value 4
                                                    // Bids (0,0), heap 4: Alice bids 3 and the utilities are (1,0).
    let g = start(&[4], &[&[0, 0]], 0);
    assert_eq!(pspe_action(&auction, &g).take, 3);
    assert_eq!(solve_ok(&auction, &g).value(), qs(&[1, 0]).as_slice());
    // Bids (1,0): Alice bids 2 (utility 4 − 2 − 1 = 1); a bid of 3 would give 0.
    let g = start(&[4], &[&[1, 0]], 0);
    assert_eq!(pspe_action(&auction, &g).take, 2);
    assert_eq!(solve_ok(&auction, &g).value()[0], q(1));
    assert_eq!(value_after(&auction, &g, 3)[0], q(0));
    // Example 3, heap 3: with bids (0,0) or (0,1) Alice removes 2; with (0,2) she must remove 3.
    assert_eq!(pspe_action(&auction, &start(&[3], &[&[0, 0]], 0)).take, 2);
    assert_eq!(pspe_action(&auction, &start(&[3], &[&[0, 1]], 0)).take, 2);
    let g = start(&[3], &[&[0, 2]], 0);
    assert_eq!(pspe_action(&auction, &g).take, 3);
    assert_eq!(solve_ok(&auction, &g).value()[0], q(1));
}

#[test]
fn p6_wealth() {
    let wealth = preset(Preset::Wealth, &[2, 3]);
    // Heap 3, pockets (2,2): the mover loses.
    assert_eq!(
        solve_ok(&wealth, &start(&[3], &[&[2, 2]], 0)).value()[0],
        q(-1)
    );
    // Heap 3, pockets (2,1): removing 1 wins, removing 2 loses.
    let g = start(&[3], &[&[2, 1]], 0);
    assert_eq!(value_after(&wealth, &g, 1)[0], q(1));
    assert_eq!(value_after(&wealth, &g, 2)[0], q(-1));
    // Heap 6, pockets (1,1): 6 → 5,(2,1) → 4,(2,2) is forced; then removing 1 wins, 2 loses.
    let g = start(&[6], &[&[1, 1]], 0);
    assert_eq!(wealth.actions(&g.position, 0).len(), 1);
    let g = wealth.play(&g, Action { heap: 0, take: 1 });
    assert_eq!(g.position.label(), "5; (2,1)");
    assert_eq!(wealth.actions(&g.position, 1).len(), 1);
    let g = wealth.play(&g, Action { heap: 0, take: 1 });
    assert_eq!(g.position.label(), "4; (2,2)");
    assert_eq!(value_after(&wealth, &g, 1)[0], q(1));
    assert_eq!(value_after(&wealth, &g, 2)[0], q(-1));
    // Wealth is cumulation dependent: no Theorem 8 table.
    assert!(outcome_table(&wealth, &[5], &mut Budget::unlimited()).is_err());
}

// ---- Section 1.3: a layered sum needs exact rationals ------------------------------------------

#[test]
fn section_1_3_misere_plus_squirrel() {
    let sum_with = |w: Rational| -> Game {
        let misere = Game {
            players: 2,
            heaps: vec![HeapRule {
                moves: Moves::Fixed(vec![vec![2, 3]]),
                reward: Reward::LastMove {
                    mover: -w,
                    others: w,
                },
                utility: HeapUtility::SelfInterest,
            }],
            turn: Turn::Cyclic,
            ending: Ending::Scoring,
            tie: TieBreak::Antagonistic,
        };
        misere.sum(&preset(Preset::Squirrel, &[2, 3])).unwrap()
    };
    let g = start(&[4, 4], &[&[0, 0], &[0, 0]], 0);
    // Utilities ±1: Alice sacrifices 2 on the squirrel heap: (3, 1).
    let game = sum_with(q(1));
    let s = solve_ok(&game, &g);
    assert_eq!(s.value(), qs(&[3, 1]).as_slice());
    assert_eq!(s.path(&game)[0].1, Some(Action { heap: 1, take: 2 }));
    // Greedy first move would give (2, 1) with Bob's reply on the misère heap.
    let greedy = game.play(&g, Action { heap: 1, take: 3 });
    assert_eq!(solve_ok(&game, &greedy).value(), qs(&[2, 1]).as_slice());
    // ±1/2: indifferent; ±1/4: greedy is strictly better, (11/4, 1/4).
    let game = sum_with(frac("1/4"));
    let s = solve_ok(&game, &g);
    assert_eq!(s.value(), [frac("11/4"), frac("1/4")].as_slice());
    assert_eq!(s.path(&game)[0].1, Some(Action { heap: 1, take: 3 }));
    let game = sum_with(frac("1/2"));
    let v_greedy = solve_ok(&game, &game.play(&g, Action { heap: 1, take: 3 })).value()[0];
    let v_sacrifice = solve_ok(&game, &game.play(&g, Action { heap: 1, take: 2 })).value()[0];
    assert_eq!(v_greedy, v_sacrifice);
}

// ---- Section 9: Observation 7 and Example 5 ----------------------------------------------------

#[test]
fn observation_7_zero_sum_versus_self_interest() {
    // S = {3,5}, x = 14: zero-sum 3 via 5; antagonistic (8,5) via 5; friendly (8,6) via 3.
    let g = start(&[14], &[&[0, 0]], 0);
    let zs = preset(Preset::Scoring, &[3, 5]);
    assert_eq!(solve_ok(&zs, &g).value()[0], q(3));
    assert_eq!(pspe_action(&zs, &g).take, 5);
    let anta = Preset::Squirrel.game(vec![vec![3, 5]], q(0), TieBreak::Antagonistic);
    assert_eq!(solve_ok(&anta, &g).value(), qs(&[8, 5]).as_slice());
    assert_eq!(pspe_action(&anta, &g).take, 5);
    let friendly = Preset::Squirrel.game(vec![vec![3, 5]], q(0), TieBreak::Friendly);
    assert_eq!(solve_ok(&friendly, &g).value(), qs(&[8, 6]).as_slice());
    assert_eq!(pspe_action(&friendly, &g).take, 3);
    // S = {6,13,17}, x = 76: self-interest actions 6 and 17 both give (40,36); zero-sum 5 via 13.
    let g = start(&[76], &[&[0, 0]], 0);
    let anta = preset(Preset::Squirrel, &[6, 13, 17]);
    assert_eq!(solve_ok(&anta, &g).value(), qs(&[40, 36]).as_slice());
    for take in [6, 17] {
        assert_eq!(value_after(&anta, &g, take), qs(&[40, 36]));
    }
    assert!(value_after(&anta, &g, 13)[0] < q(40));
    let zs = preset(Preset::Scoring, &[6, 13, 17]);
    assert_eq!(solve_ok(&zs, &g).value()[0], q(5));
    assert_eq!(pspe_action(&zs, &g).take, 13);
}

#[test]
fn example_5_tragedy_of_the_commons() {
    let game = preset(Preset::Squirrel, &[20, 31, 51]);
    let g = start(&[100], &[&[0, 0]], 0);
    let s = solve_ok(&game, &g);
    assert_eq!(s.value(), qs(&[51, 31]).as_slice());
    let takes: Vec<u64> = s
        .path(&game)
        .iter()
        .filter_map(|(_, a)| a.map(|a| a.take))
        .collect();
    assert_eq!(takes, [51, 31]);
    // Taking 20 every move would give (60, 40).
    let (o, _) = sigma_outcome(&game, &g, &mut |_, actions| {
        actions.iter().position(|a| a.take == 20).unwrap()
    });
    assert_eq!(o[0], qs(&[60, 40]));
    // S = {3,7}: x = 30 gives (14,14), x = 20 gives (10,10); cooperation would give (15,15).
    let game = preset(Preset::Squirrel, &[3, 7]);
    assert_eq!(
        solve_ok(&game, &start(&[30], &[&[0, 0]], 0)).value(),
        qs(&[14, 14]).as_slice()
    );
    assert_eq!(
        solve_ok(&game, &start(&[20], &[&[0, 0]], 0)).value(),
        qs(&[10, 10]).as_slice()
    );
}

// ---- Fast against reference ---------------------------------------------------------------------

/// Small games of every kind: presets, partizan, three players with a turn table, multi-heap.
fn small_games() -> Vec<Game> {
    let mut games = Vec::new();
    for tie in [TieBreak::Antagonistic, TieBreak::Friendly] {
        for p in Preset::ALL {
            for set in [vec![1, 2], vec![2, 3], vec![1, 3, 4], vec![2, 5]] {
                games.push(p.game(vec![set], q(5), tie));
            }
            games.push(p.game(vec![vec![2, 3], vec![1, 4]], q(5), tie));
        }
        for utility in [HeapUtility::SelfInterest, HeapUtility::ZeroSum] {
            for turn in [Turn::Cyclic, Turn::Next(vec![2, 0, 1])] {
                games.push(Game {
                    players: 3,
                    heaps: vec![HeapRule {
                        moves: Moves::Fixed(vec![vec![1, 2], vec![2, 3], vec![1, 3]]),
                        reward: Reward::Take,
                        utility: utility.clone(),
                    }],
                    turn,
                    ending: Ending::Scoring,
                    tie,
                });
            }
        }
        let two_heaps = preset(Preset::Squirrel, &[1, 2])
            .sum(&Preset::Scoring.game(vec![vec![2, 3]], q(0), TieBreak::Antagonistic))
            .ok();
        if let Some(mut g) = two_heaps {
            g.tie = tie;
            games.push(g);
        }
    }
    games
}

#[test]
fn memoised_solver_matches_the_tree_walk() {
    let mut checked = 0;
    for game in small_games() {
        let d = game.heaps.len();
        let n = game.players;
        let max = if d == 1 { 11 } else { 5 };
        for x in 0..=max {
            for p in 0..n {
                for c0 in [0i64, 1, 2] {
                    let heaps = vec![x; d];
                    let mut position = Position::new(heaps, n);
                    for (h, cum) in position.cumulations.iter_mut().enumerate() {
                        for (i, c) in cum.iter_mut().enumerate() {
                            *c = q((c0 * (i as i64 + 1) + h as i64) % 3);
                        }
                    }
                    let g = Grounded {
                        position,
                        to_move: p,
                    };
                    let fast = solve_ok(&game, &g);
                    assert_eq!(
                        fast.value(),
                        reference::solve(&game, &g).as_slice(),
                        "{game:?} {g:?}"
                    );
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 1000, "{checked}");
}

#[test]
fn stepped_solver_with_shared_roots_matches_solve() {
    // The Solver a Web Worker runs in small steps, with several roots sharing one memo, gives
    // every root the value, choice and tree size that a one-shot solve gives.
    for game in small_games() {
        let n = game.players;
        let roots: Vec<Grounded> = (0..=7)
            .flat_map(|x| {
                (0..n).map(move |p| Grounded {
                    position: Position::new(vec![x; 1], n),
                    to_move: p,
                })
            })
            .filter(|g| g.position.heaps.len() == game.heaps.len())
            .collect();
        if roots.is_empty() {
            continue;
        }
        let mut solver = cg::Solver::new(&game, 1_000_000).unwrap();
        for r in &roots {
            solver.add_root(r).unwrap();
        }
        let mut steps = 0;
        while !solver.step(3).unwrap() {
            steps += 1;
            assert!(solver.expanded() <= 3 * steps);
        }
        for r in &roots {
            let alone = solve_ok(&game, r);
            assert_eq!(solver.entry(r), alone.memo.get(r), "{game:?} {r:?}");
        }
        let first = roots[0].clone();
        let shared = solver.into_solution(&first).unwrap();
        assert_eq!(shared.path(&game), solve_ok(&game, &first).path(&game));
    }
}

#[test]
fn stepped_solver_stops_at_its_limit_with_a_message() {
    let game = preset(Preset::Squirrel, &[2, 3]);
    let mut solver = cg::Solver::new(&game, 500).unwrap();
    solver.add_root(&start(&[60], &[&[9, 9]], 0)).unwrap();
    let err = loop {
        match solver.step(64) {
            Ok(true) => panic!("solved within 500 positions"),
            Ok(false) => continue,
            Err(e) => break e,
        }
    };
    assert!(
        err.to_string().contains("more than 500 distinct positions"),
        "{err}"
    );
    assert!(solver.expanded() <= 501);
    // A root that does not fit the game is an error, and so is asking for an unsolved one.
    assert!(solver
        .add_root(&start(&[3, 3], &[&[0, 0], &[0, 0]], 0))
        .is_err());
    let unsolved = start(&[5], &[&[0, 0]], 0);
    assert!(cg::Solver::new(&game, 10)
        .unwrap()
        .into_solution(&unsolved)
        .is_err());
}

#[test]
fn theorem_8_table_matches_pspe_plus_cumulations() {
    // Corollary 7 / Theorem 8: the grounded value is u(C) + o(x, p) for every start C.
    for game in small_games() {
        if !game.has_outcome_table() {
            continue;
        }
        let d = game.heaps.len();
        let n = game.players;
        let max = if d == 1 { 14 } else { 5 };
        let table = outcome_table(&game, &vec![max; d], &mut Budget::unlimited()).unwrap();
        for x in 0..=max {
            for p in 0..n {
                for c0 in [0i64, 3, 7] {
                    let mut position = Position::new(vec![x; d], n);
                    for cum in &mut position.cumulations {
                        for (i, c) in cum.iter_mut().enumerate() {
                            *c = q((c0 + i as i64 * 5) % 11);
                        }
                    }
                    let g = Grounded {
                        position,
                        to_move: p,
                    };
                    let terminal_utility = game.heap_utilities(&g.position);
                    let row = table.row(&vec![x; d], p).unwrap();
                    let expected: Vec<Rational> = terminal_utility
                        .iter()
                        .zip(row)
                        .map(|(&u, &o)| u + o)
                        .collect();
                    assert_eq!(
                        solve_ok(&game, &g).value(),
                        expected.as_slice(),
                        "{game:?} {g:?}"
                    );
                }
            }
        }
    }
}

#[test]
fn theorem_6_utility_is_sigma_outcome_plus_cumulation() {
    // Any profile σ (here: pseudo-random but deterministic in the position) of a self-interest
    // game: μ_i = o_σ^i + C_i, summed over heaps.
    let games: Vec<Game> = small_games()
        .into_iter()
        .filter(|g| {
            g.ending == Ending::Scoring
                && g.heaps
                    .iter()
                    .all(|h| h.utility == HeapUtility::SelfInterest)
        })
        .collect();
    assert!(!games.is_empty());
    for game in &games {
        let n = game.players;
        let d = game.heaps.len();
        for x in 0..10u64 {
            for seed in 0..4u64 {
                let mut position = Position::new(vec![x; d], n);
                position.cumulations[0][0] = q(seed as i64);
                let g = Grounded {
                    position,
                    to_move: (seed as usize) % n,
                };
                let mut sigma = |s: &Grounded, actions: &[Action]| {
                    let h: u64 = s.position.heaps.iter().sum::<u64>() * 31 + seed * 7;
                    (h as usize) % actions.len()
                };
                let (o, end) = sigma_outcome(game, &g, &mut sigma);
                let u = game.utility(&end);
                for i in 0..n {
                    let total_o = o.iter().fold(q(0), |acc, row| acc + row[i]);
                    assert_eq!(u[i], total_o + g.position.total(i));
                }
            }
            // And for σ* (the PSPE profile): the grounded value.
            let g = Grounded {
                position: Position::new(vec![x; d], n),
                to_move: 0,
            };
            let s = solve_ok(game, &g);
            let mut pspe = |s2: &Grounded, _: &[Action]| s.memo[s2].choice.unwrap_or(0);
            let (o, _) = sigma_outcome(game, &g, &mut pspe);
            for i in 0..n {
                let total_o = o.iter().fold(q(0), |acc, row| acc + row[i]);
                assert_eq!(s.value()[i], total_o);
            }
        }
    }
}

#[test]
fn theorem_9_sum_is_a_game_whose_moves_are_the_components_moves() {
    let a = preset(Preset::Squirrel, &[2, 3]);
    let b = preset(Preset::Squirrel, &[1, 4]);
    let sum = a.sum(&b).unwrap();
    assert_eq!(sum.heaps.len(), 2);
    let pos = Position::new(vec![5, 4], 2);
    let moves = sum.actions(&pos, 0);
    let expected: Vec<Action> = [(0, 3), (0, 2), (1, 4), (1, 1)]
        .into_iter()
        .map(|(heap, take)| Action { heap, take })
        .collect();
    assert_eq!(moves, expected);
    // The sum of sums is associative on heaps.
    let c = preset(Preset::Squirrel, &[1]);
    assert_eq!(
        a.sum(&b).unwrap().sum(&c).unwrap(),
        a.sum(&b.sum(&c).unwrap()).unwrap()
    );
    // Different turn functions cannot be added.
    let mut other = b.clone();
    other.turn = Turn::Next(vec![1, 0]);
    assert!(a.sum(&other).is_err());
}

// ---- Theorem 11: EFG → single-heap cumulative game ----------------------------------------------

/// A pseudo-random EFG in the JSON format (deterministic in `seed`).
fn random_efg_json(seed: u64, players: usize) -> String {
    let mut state = seed.wrapping_mul(2654435761).wrapping_add(12345);
    let mut next = move |m: u64| {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 33) % m
    };
    fn node(depth: usize, players: usize, next: &mut dyn FnMut(u64) -> u64) -> String {
        if depth >= 4 || (depth > 0 && next(3) == 0) {
            let us: Vec<String> = (0..players)
                .map(|_| (next(5) as i64 - 1).to_string())
                .collect();
            return format!("{{\"utility\": [{}]}}", us.join(","));
        }
        let player = next(players as u64) + 1;
        let k = 1 + next(3);
        let kids: Vec<String> = (0..k).map(|_| node(depth + 1, players, next)).collect();
        format!(
            "{{\"player\": {player}, \"children\": [{}]}}",
            kids.join(",")
        )
    }
    format!(
        "{{\"players\": {players}, \"root\": {}}}",
        node(0, players, &mut next)
    )
}

#[test]
fn theorem_11_equivalent_single_heap_game() {
    for seed in 0..150 {
        let players = 2 + (seed % 2) as usize;
        let efg = Efg::from_json(&random_efg_json(seed, players)).unwrap();
        for tie in [TieBreak::Antagonistic, TieBreak::Friendly] {
            let (values, _) = efg.solve(tie);
            let (game, g) = efg.to_cumulative(tie);
            let s = solve_ok(&game, &g);
            assert_eq!(s.value(), values[0].as_slice(), "seed {seed}");
            // Every EFG state is one grounded position: the DAG has |S| nodes.
            assert_eq!(s.states(), efg.states.len());
        }
    }
}

#[test]
fn theorem_12_cyclic_single_heap_game() {
    for seed in 0..150 {
        let players = 2 + (seed % 3) as usize;
        let efg = Efg::from_json(&random_efg_json(seed, players)).unwrap();
        let cyc = efg.cycle_complete();
        // Every decision edge now passes the turn to the next player, and dummy states are
        // forced (one child).
        for state in &cyc.states {
            for &c in &state.children {
                assert_eq!(
                    cyc.states[c].player,
                    (state.player + 1) % players,
                    "seed {seed}"
                );
            }
            if state.label == "pass" {
                assert_eq!(state.children.len(), 1);
            }
        }
        for tie in [TieBreak::Antagonistic, TieBreak::Friendly] {
            let (values, _) = efg.solve(tie);
            assert_eq!(cyc.solve(tie).0[0], values[0], "seed {seed}");
            let (game, g) = efg.to_cumulative_cyclic(tie);
            assert_eq!(game.turn, Turn::Cyclic);
            let s = solve_ok(&game, &g);
            assert_eq!(s.value(), values[0].as_slice(), "seed {seed}");
        }
    }
}

#[test]
fn efg_json_errors_are_one_line_messages() {
    for (bad, needle) in [
        ("not json", "not valid JSON"),
        ("{\"players\": 0, \"root\": {}}", "players"),
        ("{\"players\": 2}", "root"),
        (
            "{\"players\": 2, \"root\": {\"player\": 3, \"children\": [{\"utility\": [1,2]}]}}",
            "player",
        ),
        (
            "{\"players\": 2, \"root\": {\"utility\": [1]}}",
            "2 utilities",
        ),
        (
            "{\"players\": 2, \"root\": {\"utility\": [1, \"x\"]}}",
            "not a number",
        ),
        ("{\"players\": 2, \"root\": {\"children\": []}}", "children"),
    ] {
        let err = Efg::from_json(bad).unwrap_err().to_string();
        assert!(err.contains(needle), "{bad}: {err}");
        assert!(!err.contains('\n'));
    }
    let ok = Efg::from_json(
        "{\"players\": 2, \"root\": {\"player\": 1, \"children\": [{\"utility\": [\"1/2\", 0.25]}, {\"utility\": [0, 1]}]}}",
    )
    .unwrap();
    assert_eq!(
        ok.solve(TieBreak::Antagonistic).0[0],
        [frac("1/2"), frac("1/4")]
    );
}

// ---- Bad input and budgets ---------------------------------------------------------------------

#[test]
fn bad_games_and_starts_are_errors() {
    let empty = Preset::Squirrel.game(vec![vec![]], q(0), TieBreak::Antagonistic);
    let g = start(&[5], &[&[0, 0]], 0);
    assert!(matches!(
        solve(&empty, &g, &mut Budget::unlimited()),
        Err(EngineError::OutOfRange(_))
    ));
    let game = preset(Preset::Squirrel, &[2, 3]);
    assert!(solve(&game, &start(&[5], &[&[0, 0]], 2), &mut Budget::unlimited()).is_err());
    assert!(solve(
        &game,
        &start(&[5, 5], &[&[0, 0], &[0, 0]], 0),
        &mut Budget::unlimited()
    )
    .is_err());
    assert!(solve(
        &game,
        &start(&[u64::MAX], &[&[0, 0]], 0),
        &mut Budget::unlimited()
    )
    .is_err());
    let mut many = game.clone();
    many.players = 100;
    assert!(many.validate().is_err());
    assert!(outcome_table(&game, &[u64::MAX / 2], &mut Budget::unlimited()).is_err());
    assert!(Preset::from_name("chess").is_err());
    assert!(TieBreak::from_name("kind").is_err());
}

#[test]
fn budget_cancels_a_large_solve() {
    // Wealth from a big heap has many cumulation-dependent states.
    let game = preset(Preset::Wealth, &[2, 3]);
    let mut calls = 0;
    let mut cb = |_: u64, _: u64| {
        calls += 1;
        calls < 2
    };
    let result = solve(
        &game,
        &start(&[400], &[&[30, 30]], 0),
        &mut Budget::with_progress(&mut cb),
    );
    assert_eq!(result.unwrap_err(), EngineError::Cancelled);
}

#[test]
fn the_solver_caps_moves_as_well_as_positions() {
    // Wealth Pebbles with deep pockets: dozens of moves a position, so a cap on the moves held
    // at once stops the solve before the position cap would.
    let game = preset(Preset::Wealth, &[2, 3]);
    let mut solver = cg::Solver::new(&game, 500)
        .unwrap()
        .limit_moves(500 * cg::MOVES_PER_STATE);
    solver.add_root(&start(&[60], &[&[40, 40]], 0)).unwrap();
    let err = solver.step(u64::MAX).unwrap_err();
    let want = format!("more than {} moves held", 500 * cg::MOVES_PER_STATE);
    assert!(err.to_string().contains(&want), "{err}");
    assert!(solver.expanded() < 500);
}
