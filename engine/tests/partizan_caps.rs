//! Caps that turn runaway partizan computations into messages: no recursion over game forms
//! grows past `MAX_DEPTH` levels (so no stack overflow, in a worker or natively), and a store
//! stops at its work cap with a message that names it.

use heaplab_engine::partizan::game::{MAX_DEPTH, WORK_CAP};
use heaplab_engine::partizan::heap::HeapRules;
use heaplab_engine::partizan::sequence::{self, canonical_sequence};
use heaplab_engine::partizan::GameStore;
use heaplab_engine::ruleset::NumberSet;
use heaplab_engine::{Budget, EngineError};

fn pure_breaking(left: &str, right: &str) -> HeapRules {
    HeapRules::pure_breaking(
        &NumberSet::parse(left).unwrap(),
        &NumberSet::parse(right).unwrap(),
    )
    .unwrap()
}

/// Runs `f` on a thread with a 4 MiB stack, as small as a browser worker's: a recursion that
/// grew with the input would overflow it and abort the test.
fn on_small_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(4 << 20)
        .spawn(f)
        .unwrap()
        .join()
        .unwrap()
}

/// PB(1,2 | 1): heap n nests about n/2 levels deep (`{0|{0|…{0|^k}}}`), so 2,000 heaps, which
/// overflowed a browser worker's stack, stop at the depth cap with a message naming it.
#[test]
fn deep_forms_stop_at_the_depth_cap() {
    let error = on_small_stack(|| {
        let rules = pure_breaking("1,2", "1");
        sequence::solve(&rules, 2000, false, &mut Budget::unlimited()).unwrap_err()
    });
    let EngineError::OutOfRange(message) = error else {
        panic!("{error:?}");
    };
    assert!(
        message.contains(&format!("{MAX_DEPTH} levels")),
        "{message}"
    );
}

/// A sum of 50 copies of ^256 nests far deeper than the cap: refused, not a stack overflow.
#[test]
fn deep_sums_stop_at_the_depth_cap() {
    let error = on_small_stack(|| {
        let mut store = GameStore::default();
        let up = store.up().unwrap();
        let ups = store.multiple(256, up).unwrap();
        store.multiple(50, ups).map(|_| ()).unwrap_err()
    });
    assert!(error.to_string().contains("levels deep"), "{error}");
}

/// The full canonical forms of PB(1 | 2,3,4) (Table 4.3's row, whose forms grow
/// exponentially) stop at a small work cap with a message naming it.
#[test]
fn a_store_stops_at_its_work_cap() {
    let rules = pure_breaking("1", "2,3,4");
    let mut store = GameStore::default();
    store.set_max_work(20_000);
    let error = canonical_sequence(&rules, 56, &mut store, &mut Budget::unlimited()).unwrap_err();
    let message = error.to_string();
    assert!(message.contains("20,000 comparisons"), "{message}");
    assert_ne!(message, WORK_CAP);
}

/// `*200` is named, in both spellings, and has its birthday without walking its tree (every
/// nimber below it is an option of it: a walk without memory takes 2^200 steps).
#[test]
fn large_nimbers_are_named_at_once() {
    let mut store = GameStore::default();
    let g = store.parse("*200").unwrap();
    assert_eq!(store.nim_value(g), Some(200));
    assert_eq!(store.display(g).unwrap(), "*200");
    assert_eq!(store.display_braces(g).unwrap(), "*200");
    assert_eq!(store.birthday(g).unwrap(), 200);
}
