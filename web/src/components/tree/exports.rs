//! The tree view's "Export figure…" dialog: the tree as folded on screen, drawn by the figure
//! layer (`views::tree::tree_figure`) as SVG, PNG or TikZ, with the page's legend line as the
//! caption, a legend of the node colours and edge kinds, and this view's link as provenance.

use std::rc::Rc;

use heaplab_engine::tree_layout::Tree;
use heaplab_figures::views::tree::{tree_figure, TreeKey};
use heaplab_figures::{Figure, Palette};
use yew::prelude::*;

use super::super::figure_export::{current_hash, FigureExport};
use super::TreeViewProps;

/// The figure the dialog exports: `tree` with `collapsed` nodes folded, the legend of `key`,
/// the title (empty: "Game tree") and the page's legend line as caption.
pub fn export_figure(
    tree: &Tree,
    collapsed: &[bool],
    key: &TreeKey,
    (title, caption): (&str, &str),
) -> Figure {
    let title = if title.is_empty() { "Game tree" } else { title };
    tree_figure(tree, collapsed, key, title, caption)
}

/// The export dialog (`{id}-export`, its parts `{id}-export-svg`, `-png`, `-tikz`, `-folds`,
/// `-download`, …) of the tree of `props` with `collapsed` nodes folded, saved as
/// `{filename}.svg`, `.png` or `.tex`.
pub(super) fn export_dialog(props: &TreeViewProps, collapsed: &[bool]) -> Html {
    let (tree, key) = (props.tree.clone(), props.classes.clone());
    let (title, caption) = (props.title.clone(), props.legend.clone());
    let collapsed: Rc<[bool]> = collapsed.into();
    let figure = Callback::from(move |_: Palette| {
        Ok(export_figure(&tree, &collapsed, &key, (&title, &caption)))
    });
    html! {
        <FigureExport id={format!("{}-export", props.id)} stem={props.filename.clone()}
            link={current_hash()} pdf_command={props.pdf_command.clone()} not_ready={None::<AttrValue>}
            figure={figure} tree_options=true />
    }
}
