//! Draws a [`CircleFigure`] body with plotters: the circle, a tick per mark, the inside and
//! outside labels, placed by the [`CircleGeometry`] the TikZ writer shares.

use super::{err, px, rgb, Area, Metrics};
use crate::circle::{CircleFigure, CircleGeometry};
use crate::{Figure, FigureError};
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// The height of the circle part of figure `fig`.
pub(super) fn height(fig: &Figure, c: &CircleFigure) -> i32 {
    CircleGeometry::for_figure(fig, c).height.ceil() as i32
}

/// Draws the circle, the ticks and the labels (highlighted outside labels bold in the accent).
pub(super) fn draw(
    fig: &Figure,
    c: &CircleFigure,
    area: &Area,
    m: &Metrics,
) -> Result<(), FigureError> {
    let g = CircleGeometry::for_figure(fig, c);
    let (ink, accent) = CircleFigure::colours(fig.palette);
    let (ink, accent) = (rgb(ink), rgb(accent));
    let line = ink.stroke_width(g.line().round().max(1.0) as u32);
    area.draw(&Circle::new(px(g.centre), g.r.round() as i32, line))
        .map_err(err)?;
    let centre = Pos::new(HPos::Center, VPos::Center);
    let size = m.font * g.text_scale * 1.24;
    for (i, mark) in c.marks.iter().enumerate() {
        let (a, b) = g.tick(i);
        area.draw(&PathElement::new(vec![px(a), px(b)], line))
            .map_err(err)?;
        let (inside, outside) = g.labels(i);
        let plain = TextStyle::from(("sans-serif", size).into_font()).color(&ink);
        area.draw(&Text::new(
            mark.inside.clone(),
            px(inside),
            plain.pos(centre),
        ))
        .map_err(err)?;
        let style = if mark.highlight {
            let bold = ("sans-serif", size, FontStyle::Bold).into_font();
            TextStyle::from(bold).color(&accent)
        } else {
            plain.clone()
        };
        area.draw(&Text::new(
            mark.outside.clone(),
            px(outside),
            style.pos(centre),
        ))
        .map_err(err)?;
    }
    Ok(())
}
