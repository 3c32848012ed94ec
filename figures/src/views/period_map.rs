//! The period map ([`heaplab_engine::period_map`]) as a figure: s1 along, s2 up, each
//! cell its class or its period on a log colour bar. The CLI's `--figure` and the web page's
//! export draw it from here.

use crate::{Body, Category, CellAxis, Cells, Figure, Palette, Raster, Rgb, Scale};
use heaplab_engine::figure::Colouring;
use heaplab_engine::period_map::{Cell, CellClass, Family, Window};

/// The `#/period-map` link of the same view, as the web page writes it.
pub fn map_link(family: Family, window: Window, colouring: Colouring) -> String {
    let Window { x0, x1, y0, y1 } = window;
    format!(
        "#/period-map?family={}&fixed={}&s1={x0}..{x1}&s2={y0}..{y1}&colour={}",
        family.name(),
        family.fixed(),
        colouring.name()
    )
}

/// The legend name of a class (`invalid` is "not a ruleset").
pub fn class_label(class: CellClass) -> &'static str {
    match class {
        CellClass::Invalid => "not a ruleset",
        other => other.name(),
    }
}

/// The map as a raster figure: s1 along, s2 up, each cell its class (with the legend's counts
/// and shares of the rulesets) or its period / preperiod on a log colour bar.
pub fn map_figure(
    family: Family,
    window: Window,
    colouring: Colouring,
    cells: &[Cell],
    counts: &[(CellClass, u64)],
    palette: Palette,
) -> Figure {
    let Window { x0, x1, y0, y1 } = window;
    let (width, height) = ((x1 - x0) as usize, (y1 - y0) as usize);
    // The slot of a cell, row by row from the bottom (cells outside the window have none).
    let at = |c: &Cell| {
        let (col, row) = (c.x.checked_sub(x0)? as usize, c.y.checked_sub(y0)? as usize);
        (col < width && row < height).then_some(row * width + col)
    };
    let body_cells = if colouring == Colouring::Class {
        class_cells(cells, counts, width * height, at, palette)
    } else {
        let mut values = vec![None; width * height];
        let (label, shift) = match colouring {
            Colouring::LogPeriod => ("period (log)", 0),
            _ => ("preperiod + 1 (log)", 1),
        };
        for c in cells {
            let value = if colouring == Colouring::LogPeriod {
                c.period
            } else {
                c.preperiod
            };
            if let Some(slot) = at(c).and_then(|i| values.get_mut(i)) {
                *slot = value.map(|v| (v + shift) as f64);
            }
        }
        Cells::Values {
            values,
            label: label.into(),
            scale: Scale::Log,
        }
    };
    let fixed = if matches!(family, Family::MaxSym5 { .. }) {
        "m"
    } else {
        "s3"
    };
    let title = format!(
        "{} period map, {fixed} = {}, s1 in {x0}..{x1}, s2 in {y0}..{y1}",
        family.name(),
        family.fixed()
    );
    let body = Body::Raster(Raster {
        width,
        height,
        x: CellAxis::integers("s1", i64::from(x0)),
        y: CellAxis::integers("s2", i64::from(y0)),
        cells: body_cells,
    });
    Figure {
        caption: format!(
            "Outcome periods of the rulesets, coloured by {}.",
            colouring.name()
        ),
        ..Figure::new(&title, body)
    }
}

/// The class of every cell as a category, the legend holding the classes that occur (each in
/// its fixed palette colour, so a class looks the same in every map), with counts of the
/// rulesets; "not a ruleset" has no count, so shares are of the rulesets.
fn class_cells(
    cells: &[Cell],
    counts: &[(CellClass, u64)],
    len: usize,
    at: impl Fn(&Cell) -> Option<usize>,
    palette: Palette,
) -> Cells {
    let present: Vec<CellClass> = CellClass::ALL
        .into_iter()
        .filter(|class| counts.iter().any(|(c, n)| c == class && *n > 0))
        .collect();
    let index = |class: CellClass| present.iter().position(|&c| c == class).unwrap_or(0) as u32;
    let categories = present
        .iter()
        .map(|&class| Category {
            colour: Some(match class {
                CellClass::Invalid => {
                    let [r, g, b] = heaplab_engine::figure::INVALID_GREY;
                    Rgb(r, g, b)
                }
                _ => palette.category(CellClass::ALL.iter().position(|&c| c == class).unwrap_or(0)),
            }),
            count: (class != CellClass::Invalid).then(|| {
                counts
                    .iter()
                    .find(|(c, _)| *c == class)
                    .map_or(0, |(_, n)| *n)
            }),
            ..Category::new(class_label(class))
        })
        .collect();
    let mut indices = vec![index(CellClass::Invalid); len];
    for c in cells {
        if let Some(slot) = at(c).and_then(|i| indices.get_mut(i)) {
            *slot = index(c.class);
        }
    }
    Cells::Categories {
        indices,
        categories,
    }
}
