//! The paper's circle diagrams (Figures 1 and 2): Figure 1 puts the heaps modulo `s1 + s2`
//! round a circle with the optimal actions before convergence outside (two actions only);
//! Figure 2 puts the first `2 s1` heaps, and the residues modulo `2 s1` at convergence, round
//! circles with the outcomes outside. The SVG comes from the engine's `figure::circle_svg`,
//! so the page shows and exports the same file the CLI writes.

use heaplab_engine::cumulative_subtraction::{self as cs, CircleDiagrams};
use heaplab_engine::figure::{circle_svg, CircleMark};
use heaplab_engine::ruleset::NumberSet;
use heaplab_engine::subtraction::Limits;
use yew::prelude::*;

use super::{file_stem, search_limit};
use crate::components::export::download_text;

/// Properties of [`Circles`].
#[derive(Properties, PartialEq)]
pub struct CirclesProps {
    /// The action set.
    pub set: NumberSet,
}

/// The three SVGs `(id, title, svg)` of a ruleset, in figure order (Figure 1 only for two
/// actions; the converged circle only when Corollary 5's period was proven).
pub fn circle_svgs(set: &NumberSet, d: &CircleDiagrams) -> Vec<(&'static str, String, String)> {
    let m = set.max();
    let mut out = Vec::new();
    let mut add = |id: &'static str, title: String, marks: &[CircleMark]| {
        let svg = circle_svg(&title, marks);
        out.push((id, title, svg));
    };
    if let (Some(marks), [s2, s1]) = (&d.actions, set.elements()) {
        add(
            "cs-fig1",
            format!("Figure 1: opt before convergence, x mod {}", s1 + s2),
            marks,
        );
    }
    add(
        "cs-fig2-initial",
        format!("Figure 2 (top): o(x) for x = 0 … {}", 2 * m - 1),
        &d.initial,
    );
    if let Some(marks) = &d.converged {
        add(
            "cs-fig2-converged",
            format!("Figure 2 (bottom): o at convergence, x mod {}", 2 * m),
            marks,
        );
    }
    out
}

/// The circle-diagram card (`#cs-circles`).
#[function_component(Circles)]
pub fn circles(props: &CirclesProps) -> Html {
    let problem = use_state(|| None::<String>);
    let diagrams = use_memo(props.set.clone(), |set| {
        Limits::new(1, search_limit(set))
            .and_then(|limits| cs::circle_diagrams(set, limits))
            .map(|d| circle_svgs(set, &d))
            .map_err(|e| e.to_string())
    });
    let body = match &*diagrams {
        Err(e) => html! { <p class="error" role="alert">{ e.clone() }</p> },
        Ok(svgs) => html! {
            <div class="circle-grid">
                { for svgs.iter().map(|(id, title, svg)| {
                    let (svg_text, name, problem) = (svg.clone(), format!("{}-{id}.svg", file_stem(&props.set)), problem.clone());
                    let onclick = Callback::from(move |_: MouseEvent| {
                        problem.set(download_text(&svg_text, &name, "image/svg+xml").err());
                    });
                    html! {
                        <figure class="circle-figure">
                            <div id={*id} class="circle-svg" aria-label={title.clone()}>
                                { Html::from_html_unchecked(AttrValue::from(svg.clone())) }
                            </div>
                            <figcaption>
                                <button type="button" id={format!("{id}-svg")} {onclick}>{ "Download SVG" }</button>
                            </figcaption>
                        </figure>
                    }
                }) }
            </div>
        },
    };
    let note = if props.set.elements().len() == 2 {
        "Inside each circle: the heap (or its residue); outside: the optimal actions (Figure 1) or the outcomes (Figure 2). Red marks a sacrifice."
    } else {
        "Figure 1 is drawn for two-action games S = {s2 < s1} only; Figure 2 works for every S (residues modulo 2 max S, Corollary 5). Red marks a sacrifice."
    };
    html! {
        <section class="card wide" id="cs-circles" aria-labelledby="cs-circles-title">
            <h2 id="cs-circles-title">{ "Circle diagrams (Figures 1 and 2)" }</h2>
            <p class="note">{ note }</p>
            { body }
            if let Some(p) = &*problem {
                <p class="toolbar-note" role="status">{ p.clone() }</p>
            }
        </section>
    }
}
