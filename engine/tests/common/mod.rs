//! Helpers the partizan property tests share.

use heaplab_engine::partizan::reference::Tree;
use proptest::prelude::*;
use std::rc::Rc;

/// A random game tree of birthday at most `depth`, with at most `width` options a side.
pub fn tree(depth: u32, width: usize) -> BoxedStrategy<Rc<Tree>> {
    let leaf = Just(Tree::new(vec![], vec![])).boxed();
    leaf.prop_recursive(depth, 64, width as u32, move |inner| {
        (
            prop::collection::vec(inner.clone(), 0..=width),
            prop::collection::vec(inner, 0..=width),
        )
            .prop_map(|(l, r)| Tree::new(l, r))
    })
    .boxed()
}
