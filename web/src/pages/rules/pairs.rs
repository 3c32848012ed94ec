//! The results of a pair ruleset: the count and first P-positions, and the P-position picture
//! of the grid drawn as `#/plane` draws its own (the engine's `plane::render_outcomes`: `a`
//! across, `b` up, P black), with the shared PNG export.

use std::rc::Rc;

use heaplab_engine::bits::BitVec;
use heaplab_engine::plane;
use heaplab_engine::rules::PairReport;
use heaplab_figures::views::rules::pair_figure;
use web_sys::HtmlCanvasElement;
use yew::prelude::*;

use super::exports::{downloads, pair_csv};
use super::heaps::file_stem;
use crate::components::export::{download_rgba, put_rgba, ScaledPng};
use crate::format::grouped;
use crate::route::rules::RulesParams;

/// At most this many P-positions are listed.
const LISTED: usize = 60;

/// The report's P-positions as the plane page's grid: row `b` holds bit `a`.
pub fn plane_grid(report: &PairReport) -> plane::Grid {
    let (w, h) = (report.grid.width, report.grid.height);
    let rows = (0..h)
        .map(|b| {
            let mut row = BitVec::with_capacity(w as usize);
            for a in 0..w {
                row.push(report.p[(a * h + b) as usize]);
            }
            row
        })
        .collect();
    plane::Grid {
        width: w as u32,
        height: h as u32,
        rows,
    }
}

/// Everything shown for a solved pair ruleset.
pub fn pair_results(report: &Rc<PairReport>, params: &RulesParams) -> Html {
    let p = report.p_positions();
    let mut listed: Vec<String> = p.iter().take(LISTED).map(|q| q.to_string()).collect();
    if p.len() > LISTED {
        listed.push("…".into());
    }
    let (w, h) = (report.grid.width, report.grid.height);
    let star = report.star_moves.map(|m| {
        format!(
            " The star added {} moves (the non-zero P-positions of G).",
            grouped(m as u64)
        )
    });
    let stem = file_stem(params);
    let (csv, fig) = (report.clone(), report.clone());
    let files = downloads(
        params,
        &stem,
        Rc::new(move || pair_csv(&csv)),
        Rc::new(move || pair_figure(&fig, false)),
    );
    html! {
        <>
            <section class="card summary">
                <h2 id="rules-name">{ params.name.clone() }</h2>
                <p id="rules-p-count">{ format!("{} P-positions (a, b) on the {w} × {h} grid, 0 ≤ a < {w}, 0 ≤ b < {h}, under normal play.", grouped(p.len() as u64)) }{ star.unwrap_or_default() }</p>
                <p class="sequence" aria-label="The first P-positions"><code id="rules-p-list">{ listed.join(" ") }</code></p>
            </section>
            <section class="card wide">
                <h2>{ "P-positions" }</h2>
                <p class="note">{ "One pixel per position: a across, b up, (0, 0) at the bottom left; P-positions are black, as on the 2-D subtraction page." }</p>
                <PairPicture grid={Rc::new(plane_grid(report))} stem={stem.clone()} />
                { files }
            </section>
        </>
    }
}

/// Properties of [`PairPicture`].
#[derive(Properties, PartialEq)]
pub struct PairPictureProps {
    /// The P-positions.
    pub grid: Rc<plane::Grid>,
    /// File name stem for the PNG download.
    pub stem: AttrValue,
}

/// The picture (`#rules-picture`) and its PNG download.
#[function_component(PairPicture)]
pub fn pair_picture(props: &PairPictureProps) -> Html {
    let canvas = use_node_ref();
    {
        let canvas = canvas.clone();
        use_effect_with(props.grid.clone(), move |grid| {
            if let Some(c) = canvas.cast::<HtmlCanvasElement>() {
                let _ = put_rgba(&c, &plane::render_outcomes(grid), grid.width, grid.height);
            }
        });
    }
    let (w, h) = (props.grid.width, props.grid.height);
    let export = {
        let (grid, name) = (props.grid.clone(), format!("{}.png", props.stem));
        Callback::from(move |scale: u32| {
            download_rgba(&plane::render_outcomes(&grid), (w, h), scale, &name)
        })
    };
    html! {
        <>
            <div class="rules-picture">
                <canvas ref={canvas} id="rules-picture" class="rules-canvas" role="img"
                    aria-label={format!("P-positions of the {w} × {h} grid, P black")}></canvas>
            </div>
            <ScaledPng id="rules-picture-png" label="Download PNG" base={(u64::from(w), u64::from(h))} {export} />
        </>
    }
}
