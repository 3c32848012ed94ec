//! Which nodes of the tree view are collapsed: the state (kept with the tree it belongs to),
//! its reset when a new tree arrives, and the handlers that change it.

use std::rc::Rc;

use heaplab_engine::tree_layout::{collapsed_to_level, initial_collapsed, visible_depth, Tree};
use yew::prelude::*;

use super::pan::{PanZoom, HOME};
use super::{opening_folds, readable_folds, toggle, TreeViewProps};

/// The collapsed set of one tree view and the tree it belongs to.
#[derive(Clone)]
pub(super) struct Folds {
    state: UseStateHandle<(Rc<Tree>, Vec<bool>)>,
    tree: Rc<Tree>,
    cap: usize,
    /// The collapsed set of the tree shown.
    pub collapsed: Vec<bool>,
}

/// The collapsed set of `props.tree`. A new tree (or a new `level`) resets the view `pan` and
/// opens at the levels asked for, or at those readable in the box `view_ref`.
#[hook]
pub(super) fn use_folds(props: &TreeViewProps, view_ref: &NodeRef, pan: &PanZoom) -> Folds {
    // The collapsed set belongs to one tree; a new tree starts from its own initial set.
    let state = {
        let tree = props.tree.clone();
        let cap = props.cap;
        use_state(move || (tree.clone(), initial_collapsed(&tree, cap)))
    };
    {
        let view = pan.view.clone();
        let state = state.clone();
        let view_ref = view_ref.clone();
        let cap = props.cap;
        use_effect_with((props.tree.clone(), props.level), move |(tree, level)| {
            view.set(HOME);
            state.set((tree.clone(), opening_folds(&view_ref, tree, cap, *level)));
        });
    }
    let collapsed = if Rc::ptr_eq(&state.0, &props.tree) {
        state.1.clone()
    } else {
        initial_collapsed(&props.tree, props.cap)
    };
    Folds {
        state,
        tree: props.tree.clone(),
        cap: props.cap,
        collapsed,
    }
}

impl Folds {
    /// Collapses or expands node `v` (not at the end of a drag, nor on a leaf).
    pub fn toggler(&self, pan: &PanZoom) -> Rc<dyn Fn(usize)> {
        let folds = self.clone();
        let pan = pan.clone();
        Rc::new(move |v: usize| {
            if pan.dragged() {
                return;
            }
            if folds
                .tree
                .nodes
                .get(v)
                .is_some_and(|n| !n.children.is_empty())
            {
                folds
                    .state
                    .set((folds.tree.clone(), toggle(&folds.collapsed, v)));
            }
        })
    }

    /// Opens every node.
    pub fn expand_all(&self) -> Callback<MouseEvent> {
        let (state, tree) = (self.state.clone(), self.tree.clone());
        Callback::from(move |_: MouseEvent| state.set((tree.clone(), Vec::new())))
    }

    /// Back to the readable opening; tells `on_level` the levels are no longer chosen.
    pub fn reset(
        &self,
        view_ref: &NodeRef,
        on_level: &Callback<Option<usize>>,
    ) -> Callback<MouseEvent> {
        let (state, tree, cap) = (self.state.clone(), self.tree.clone(), self.cap);
        let view_ref = view_ref.clone();
        let on_level = on_level.clone();
        Callback::from(move |_: MouseEvent| {
            state.set((tree.clone(), readable_folds(&view_ref, &tree, cap)));
            on_level.emit(None);
        })
    }

    /// The handler that shows `level` levels (within the node cap) and tells `on_level`,
    /// when that changes the depth shown now, `shown`.
    pub fn to_level(
        &self,
        level: usize,
        shown: usize,
        on_level: &Callback<Option<usize>>,
    ) -> Option<Callback<MouseEvent>> {
        let folds = collapsed_to_level(&self.tree, self.cap, level);
        (visible_depth(&self.tree, &folds) != shown).then(|| {
            let (state, tree) = (self.state.clone(), self.tree.clone());
            let on_level = on_level.clone();
            Callback::from(move |_: MouseEvent| {
                state.set((tree.clone(), folds.clone()));
                on_level.emit(Some(level));
            })
        })
    }
}
