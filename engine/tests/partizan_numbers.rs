//! Forms that equal numbers although some options are not numbers: the simplicity theorem
//! (thesis Theorem 2.52) must be judged by comparing each candidate with the options, not by
//! the options' stops. Thousands of random short games, biased towards number options and
//! switches, and random partizan subtraction games, each against the slow reference that
//! plays the difference out (`partizan/reference.rs`).

use heaplab_engine::partizan::heap::HeapRules;
use heaplab_engine::partizan::reference::{self, Tree};
use heaplab_engine::partizan::sequence::canonical_sequence;
use heaplab_engine::partizan::{Dyadic, GameId, GameStore};
use heaplab_engine::ruleset::NumberSet;
use heaplab_engine::Budget;
use std::rc::Rc;

/// A small deterministic generator (xorshift64), so a failure names a reproducible case.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

/// The numbers the random games use as leaves: quarters from −2 to 2.
fn leaf_numbers() -> Vec<Dyadic> {
    (-8..=8).map(|q| Dyadic::new(q, 2).unwrap()).collect()
}

/// The fuzzer's case, by hand: `{-3/4 | H}` with `H = {{1|-1/2},{-1|{-1|-1/2}},{1|{-1/2|-1}} | -2}`
/// is `-1/2` (a number `x` with `-3/4 ⊲ x ⊲ H`: `H`'s Left option `{1|{-1/2|-1}}` is `≥ -1/2`,
/// so `-1/2 ⊲ H`), not `-5/8`, the simplest number strictly between the options' stops.
#[test]
fn a_number_end_that_qualifies_by_comparison() {
    let mut store = GameStore::default();
    let g = store
        .parse("{-3/4|{{1|-1/2},{-1|{-1|-1/2}},{1|{-1/2|-1}}|-2}}")
        .unwrap();
    assert_eq!(store.display(g).unwrap(), "-1/2");
    // The typed form, built from its small parts, played out against the answer.
    let part = |text: &str| {
        let mut own = GameStore::default();
        let id = own.parse(text).unwrap();
        own.to_tree(id).unwrap()
    };
    let h = Tree::new(
        ["{1|-1/2}", "{-1|{-1|-1/2}}", "{1|{-1/2|-1}}"]
            .map(part)
            .to_vec(),
        vec![part("-2")],
    );
    let whole = Tree::new(vec![part("-3/4")], vec![h]);
    assert!(reference::equal(&whole, &part("-1/2")));
    assert!(!reference::equal(&whole, &part("-5/8")));
}

/// 3,000 random games, each `{L | R}` with up to 3 options a side drawn from the games made
/// before it (numbers of quarters from −2 to 2 and `*` to start with), as heap games draw
/// theirs from smaller heaps: each canonical form equals its options played out, and
/// comparisons between neighbours agree with the reference.
#[test]
fn random_games_with_number_options_match_the_reference() {
    let mut store = GameStore::default();
    let mut pool: Vec<(GameId, Rc<Tree>)> = Vec::new();
    for x in leaf_numbers() {
        let id = store.number(x).unwrap();
        pool.push((id, store.to_tree(id).unwrap()));
    }
    let star = store.nimber(1).unwrap();
    pool.push((star, store.to_tree(star).unwrap()));
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for case in 0..3000 {
        let side = |rng: &mut Rng| -> Vec<(GameId, Rc<Tree>)> {
            (0..rng.below(4))
                .map(|_| pool[rng.below(pool.len() as u64) as usize].clone())
                .collect()
        };
        let (left, right) = (side(&mut rng), side(&mut rng));
        let ids = |side: &[(GameId, Rc<Tree>)]| side.iter().map(|o| o.0).collect::<Vec<_>>();
        let trees = |side: &[(GameId, Rc<Tree>)]| side.iter().map(|o| o.1.clone()).collect();
        let id = store.canonical(ids(&left), ids(&right)).unwrap();
        let played = Tree::new(trees(&left), trees(&right));
        let canonical = store.to_tree(id).unwrap();
        assert!(
            reference::equal(&played, &canonical),
            "case {case}: {} is not the game",
            store.display(id).unwrap()
        );
        let (other, other_tree) = pool[rng.below(pool.len() as u64) as usize].clone();
        assert_eq!(
            store.ge(id, other).unwrap(),
            reference::ge(&canonical, &other_tree)
        );
        if canonical.birthday() <= 6 {
            pool.push((id, canonical));
        }
    }
}

/// Random partizan subtraction games `S(L | R)` with `L, R ⊆ {1..6}`, heaps up to 16 (the
/// fuzzer's `S(2,5,6 | 1,3)` first went wrong at heap 12). By induction on the heap: heap `n`
/// played out as `{canonical(n − l) | canonical(n − r)}` (its options' values, checked
/// before) equals its canonical form.
#[test]
fn random_subtraction_games_match_the_reference() {
    let mut rng = Rng(0xD1B5_4A32_D192_ED03);
    let pick = |rng: &mut Rng| -> NumberSet {
        let mask = 1 + rng.below(63);
        let moves: Vec<u32> = (1..=6).filter(|m| mask >> (m - 1) & 1 == 1).collect();
        NumberSet::from_elements(moves).unwrap()
    };
    let mut cases: Vec<(NumberSet, NumberSet)> = vec![(
        NumberSet::from_elements(vec![2, 5, 6]).unwrap(),
        NumberSet::from_elements(vec![1, 3]).unwrap(),
    )];
    cases.extend((0..CASES).map(|_| (pick(&mut rng), pick(&mut rng))));
    for (case, (left, right)) in cases.iter().enumerate() {
        let rules = HeapRules::subtraction(left, right).unwrap();
        let mut store = GameStore::default();
        let values =
            canonical_sequence(&rules, HEAPS, &mut store, &mut Budget::unlimited()).unwrap();
        let trees: Vec<Rc<Tree>> = values.iter().map(|&g| store.to_tree(g).unwrap()).collect();
        for n in 0..values.len() {
            let side = |set: &NumberSet| -> Vec<Rc<Tree>> {
                set.elements()
                    .iter()
                    .filter(|&&m| m as usize <= n)
                    .map(|&m| trees[n - m as usize].clone())
                    .collect()
            };
            let played = Tree::new(side(left), side(right));
            assert!(
                reference::equal(&played, &trees[n]),
                "case {case}, {}: heap {n} is not {}",
                rules.name,
                store.display(values[n]).unwrap()
            );
        }
    }
}

/// Random rulesets in [`random_subtraction_games_match_the_reference`].
const CASES: usize = 300;
/// Heaps computed for each.
const HEAPS: usize = 17;
