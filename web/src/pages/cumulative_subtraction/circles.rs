//! The paper's circle diagrams (Figures 1 and 2): Figure 1 puts the heaps modulo `s1 + s2`
//! round a circle with the optimal actions before convergence outside (two actions only);
//! Figure 2 puts the first `2 s1` heaps, and the residues modulo `2 s1` at convergence, round
//! circles with the outcomes outside. Each is the figure layer's figure
//! (`views::cumulative::circle_figures`), shown inline and exported through "Export figure…",
//! the same figures as `heaplab cumulative-subtraction --circles`.

use heaplab_engine::cumulative_subtraction as cs;
use heaplab_engine::ruleset::NumberSet;
use heaplab_engine::subtraction::Limits;
use heaplab_figures::views::cumulative::circle_figures;
use heaplab_figures::{Figure, Palette, Size};
use yew::prelude::*;

use super::{file_stem, search_limit};
use crate::components::figure_export::{current_hash, FigureExport};

/// Properties of [`Circles`].
#[derive(Properties, PartialEq)]
pub struct CirclesProps {
    /// The action set.
    pub set: NumberSet,
}

/// The circle figures of a ruleset with the ids of their boxes (`cs-fig1`, `cs-fig2-initial`,
/// `cs-fig2-converged`), in figure order, and each one's SVG as shown on the page.
pub fn circle_views(set: &NumberSet) -> Result<Vec<(String, Figure, String)>, String> {
    let diagrams = Limits::new(1, search_limit(set))
        .and_then(|limits| cs::circle_diagrams(set, limits))
        .map_err(|e| e.to_string())?;
    circle_figures(set, &diagrams)
        .into_iter()
        .map(|(key, fig)| {
            let shown = fig
                .clone()
                .with_export(Size::ONE_COLUMN, Palette::default(), None);
            let svg = shown.to_svg().map_err(|e| e.to_string())?;
            Ok((format!("cs-{key}"), fig, svg))
        })
        .collect()
}

/// The circle-diagram card (`#cs-circles`).
#[function_component(Circles)]
pub fn circles(props: &CirclesProps) -> Html {
    let views = use_memo(props.set.clone(), circle_views);
    let stem = file_stem(&props.set);
    let body = match &*views {
        Err(e) => html! { <p class="error" role="alert">{ e.clone() }</p> },
        Ok(views) => html! {
            <div class="circle-grid">
                { for views.iter().map(|(id, fig, svg)| circle_html(id, fig, svg, &stem, &props.set)) }
            </div>
        },
    };
    let note = if props.set.elements().len() == 2 {
        "Inside each circle: the heap (or its residue); outside: the optimal actions (Figure 1) or the outcomes (Figure 2). Highlighted: a sacrifice."
    } else {
        "Figure 1 is drawn for two-action games S = {s2 < s1} only; Figure 2 works for every S (residues modulo 2 max S, Corollary 5). Highlighted: a sacrifice."
    };
    html! {
        <section class="card wide" id="cs-circles" aria-labelledby="cs-circles-title">
            <h2 id="cs-circles-title">{ "Circle diagrams (Figures 1 and 2)" }</h2>
            <p class="note">{ note }</p>
            { body }
        </section>
    }
}

/// One circle: its SVG in a box `id` and its "Export figure…" (`{id}-figure`).
fn circle_html(id: &str, fig: &Figure, svg: &str, stem: &str, set: &NumberSet) -> Html {
    let key = id.trim_start_matches("cs-");
    let figure = {
        let fig = fig.clone();
        Callback::from(move |_: Palette| Ok(fig.clone()))
    };
    html! {
        <figure class="circle-figure">
            <div id={id.to_string()} class="circle-svg" aria-label={fig.title.clone()}>
                { Html::from_html_unchecked(AttrValue::from(svg.to_string())) }
            </div>
            <figcaption>
                <FigureExport id={format!("{id}-figure")} stem={format!("{stem}-{key}")} link={current_hash()}
                    pdf_command={format!("heaplab cumulative-subtraction --set {} --circles {stem}.pdf", set.to_text())}
                    not_ready={None::<AttrValue>} {figure} />
            </figcaption>
        </figure>
    }
}
