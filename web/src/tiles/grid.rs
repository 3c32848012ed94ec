//! The solved cells of one map, kept compactly for hover, recolouring and export, and drawn
//! with the engine's colour functions so the page's picture equals the CLI's PNG.
//!
//! Invariant: a period or preperiod of a tile is at most the page's heap budget
//! ([`heaplab_engine::period_map::DEFAULT_CELL_BUDGET`], far below `u32::MAX`), so each fits
//! in a `u32`; `u32::MAX` stands for "not proven". A pixel resolved later by the
//! constant-memory search ([`MapGrid::resolve`]) may have a longer period: its slot holds
//! [`BIG`] and the cell itself is kept in a short side list.

use heaplab_engine::figure::{self, Colouring};
use heaplab_engine::period_map::{Cell, CellClass, Window};

/// `u32::MAX`: no proven value.
const NONE: u32 = u32::MAX;
/// The value is too large for a slot: the cell is in [`MapGrid::big`].
const BIG: u32 = u32::MAX - 1;

/// One solved pixel, without its coordinates (12 bytes instead of 48).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Slot {
    period: u32,
    preperiod: u32,
    class: CellClass,
}

fn pack(value: Option<u64>) -> u32 {
    value.map_or(NONE, |v| u32::try_from(v).unwrap_or(BIG).min(BIG))
}

fn unpack(value: u32) -> Option<u64> {
    (value != NONE).then_some(u64::from(value))
}

fn class_index(class: CellClass) -> usize {
    CellClass::ALL
        .iter()
        .position(|&c| c == class)
        .unwrap_or(CellClass::ALL.len() - 1)
}

/// The cells of a map window solved so far.
#[derive(Debug, Clone, PartialEq)]
pub struct MapGrid {
    window: Window,
    width: usize,
    /// Row-major from `y0` (bottom) up: slot `(y - y0) * width + (x - x0)`.
    slots: Vec<Option<Slot>>,
    counts: [u64; 7],
    done: u64,
    /// `figure::log_scale_max` of the cells so far, for period and preperiod.
    scale: [u64; 2],
    /// Resolved cells whose period or preperiod does not fit a slot (their slots hold [`BIG`]).
    big: Vec<Cell>,
    /// An unsolved pixel is drawn in the colour of the block's sample, the pixel at the
    /// block's lower-left corner, when that is solved (1: no blocks).
    block: u32,
}

impl MapGrid {
    /// An empty grid for `window` (which must be valid: at most `MAX_PIXELS` pixels).
    pub fn new(window: Window) -> MapGrid {
        let width = window.x1.saturating_sub(window.x0) as usize;
        MapGrid {
            window,
            width,
            slots: vec![None; window.pixels() as usize],
            counts: [0; 7],
            done: 0,
            scale: [1, 1],
            big: Vec::new(),
            block: 1,
        }
    }

    /// This grid, drawing unsolved pixels as `block`-wide blocks of their sample's colour
    /// (the coarse picture of a progressive map).
    pub fn with_blocks(self, block: u32) -> MapGrid {
        MapGrid {
            block: block.max(1),
            ..self
        }
    }

    /// The solved cell drawn at `(x, y)`: its own, or its block's sample.
    fn shown(&self, x: u32, y: u32) -> Option<Cell> {
        self.cell(x, y).or_else(|| {
            let (w, b) = (self.window, self.block);
            (b > 1).then_some(())?;
            self.cell(w.x0 + (x - w.x0) / b * b, w.y0 + (y - w.y0) / b * b)
        })
    }

    /// The window of the grid.
    pub fn window(&self) -> Window {
        self.window
    }

    /// How many pixels are solved.
    pub fn done(&self) -> u64 {
        self.done
    }

    /// How many pixels the window has.
    pub fn total(&self) -> u64 {
        self.slots.len() as u64
    }

    fn index(&self, x: u32, y: u32) -> Option<usize> {
        let w = self.window;
        ((w.x0..w.x1).contains(&x) && (w.y0..w.y1).contains(&y))
            .then(|| (y - w.y0) as usize * self.width + (x - w.x0) as usize)
    }

    /// Stores solved cells; cells outside the window, or already stored, are ignored.
    pub fn insert(&mut self, cells: &[Cell]) {
        for cell in cells {
            let Some(i) = self.index(cell.x, cell.y) else {
                continue;
            };
            if self.slots[i].is_some() {
                continue;
            }
            self.done += 1;
            self.store(i, cell);
        }
    }

    /// Replaces the unresolved cell at `resolved`'s place with it (a pixel resolved by the
    /// constant-memory search). Returns whether it did: nothing happens when that pixel is
    /// outside the window, not solved yet, or not unresolved.
    pub fn resolve(&mut self, resolved: &Cell) -> bool {
        let Some(i) = self.index(resolved.x, resolved.y) else {
            return false;
        };
        match self.slots[i] {
            Some(slot) if slot.class == CellClass::Unresolved => {
                self.counts[class_index(slot.class)] -= 1;
                self.store(i, resolved);
                true
            }
            _ => false,
        }
    }

    /// Puts `cell` in slot `i` (its pixel), counting its class and its log scale.
    fn store(&mut self, i: usize, cell: &Cell) {
        let slot = Slot {
            period: pack(cell.period),
            preperiod: pack(cell.preperiod),
            class: cell.class,
        };
        if slot.period == BIG || slot.preperiod == BIG {
            self.big.push(*cell);
        }
        self.slots[i] = Some(slot);
        self.counts[class_index(cell.class)] += 1;
        for (k, colouring) in [Colouring::LogPeriod, Colouring::LogPreperiod]
            .into_iter()
            .enumerate()
        {
            let max = figure::log_scale_max(std::slice::from_ref(cell), colouring);
            self.scale[k] = self.scale[k].max(max);
        }
    }

    /// The solved cell at `(x, y)`, if any.
    pub fn cell(&self, x: u32, y: u32) -> Option<Cell> {
        let slot = self.slots[self.index(x, y)?]?;
        if slot.period == BIG || slot.preperiod == BIG {
            return self.big.iter().find(|c| (c.x, c.y) == (x, y)).copied();
        }
        Some(Cell {
            x,
            y,
            period: unpack(slot.period),
            preperiod: unpack(slot.preperiod),
            class: slot.class,
        })
    }

    /// Every solved cell, in [`heaplab_engine::period_map::compute`] order.
    pub fn cells(&self) -> Vec<Cell> {
        let w = self.window;
        (w.y0..w.y1)
            .flat_map(|y| (w.x0..w.x1).map(move |x| (x, y)))
            .filter_map(|(x, y)| self.cell(x, y))
            .collect()
    }

    /// Pixels per class so far, in [`CellClass::ALL`] order (as `period_map::class_counts`).
    pub fn counts(&self) -> Vec<(CellClass, u64)> {
        CellClass::ALL.iter().copied().zip(self.counts).collect()
    }

    /// The log-scale maximum of `colouring` over the cells so far; equal to
    /// [`figure::log_scale_max`] of them (1 for [`Colouring::Class`]).
    pub fn scale_max(&self, colouring: Colouring) -> u64 {
        match colouring {
            Colouring::Class => 1,
            Colouring::LogPeriod => self.scale[0],
            Colouring::LogPreperiod => self.scale[1],
        }
    }

    /// RGBA pixels of `region` (a part of the window; top row `region.y1 - 1`), coloured with
    /// [`figure::cell_colour`] at `scale_max`; unsolved pixels take their block's colour, or
    /// are transparent. Over the whole
    /// window at [`Self::scale_max`] this equals [`figure::render_map`] of [`Self::cells`].
    pub fn rgba(&self, region: Window, colouring: Colouring, scale_max: u64) -> Vec<u8> {
        let width = region.x1.saturating_sub(region.x0) as usize;
        let height = region.y1.saturating_sub(region.y0) as usize;
        let mut rgba = vec![0u8; width * height * 4];
        for (row, y) in (region.y0..region.y1).rev().enumerate() {
            for (col, x) in (region.x0..region.x1).enumerate() {
                if let Some(cell) = self.shown(x, y) {
                    let [r, g, b] = figure::cell_colour(&cell, colouring, scale_max);
                    let at = (row * width + col) * 4;
                    rgba[at..at + 4].copy_from_slice(&[r, g, b, 255]);
                }
            }
        }
        rgba
    }

    /// The whole window, coloured as [`figure::render_map`] colours it.
    pub fn render(&self, colouring: Colouring) -> Vec<u8> {
        self.rgba(self.window, colouring, self.scale_max(colouring))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use heaplab_engine::period_map::{self, Family};
    use heaplab_engine::Budget;

    #[test]
    fn render_equals_the_engine_render_in_any_insert_order() {
        let window = Window {
            x0: 1,
            x1: 12,
            y0: 2,
            y1: 15,
        };
        let family = Family::ThreeMove { s3: 15 };
        let cells = period_map::compute(family, window, 1 << 16, &mut Budget::unlimited()).unwrap();
        let mut grid = MapGrid::new(window);
        for chunk in cells.rchunks(7) {
            grid.insert(chunk);
        }
        grid.insert(&cells[..3]);
        assert_eq!(grid.done(), grid.total());
        assert_eq!(grid.cells(), cells);
        assert_eq!(grid.counts(), period_map::class_counts(&cells));
        for colouring in [
            Colouring::Class,
            Colouring::LogPeriod,
            Colouring::LogPreperiod,
        ] {
            assert_eq!(
                grid.render(colouring),
                figure::render_map(&cells, window, colouring)
            );
        }
    }

    #[test]
    fn resolving_an_unresolved_pixel_recounts_and_keeps_long_periods() {
        let window = Window {
            x0: 1,
            x1: 20,
            y0: 2,
            y1: 20,
        };
        let family = Family::MaxSym5 { m: 41 };
        let cells = period_map::compute(family, window, 1 << 9, &mut Budget::unlimited()).unwrap();
        let mut grid = MapGrid::new(window);
        grid.insert(&cells);
        let red = *cells
            .iter()
            .find(|c| c.class == CellClass::Unresolved)
            .expect("an unresolved cell at this budget");
        // A period beyond a slot's u32 (as the worker's search may find) is kept exactly.
        let long = heaplab_engine::Periodicity::Proven {
            preperiod: 0,
            period: 147_429_129_464,
            saltus: 0,
        };
        let resolved = period_map::cell_with(family, red.x, red.y, long);
        assert!(grid.resolve(&resolved));
        assert!(
            !grid.resolve(&resolved),
            "only an unresolved pixel is replaced"
        );
        assert_eq!(grid.cell(red.x, red.y), Some(resolved));
        let mut expected = cells.clone();
        for c in expected.iter_mut().filter(|c| (c.x, c.y) == (red.x, red.y)) {
            *c = resolved;
        }
        assert_eq!(grid.cells(), expected);
        assert_eq!(grid.counts(), period_map::class_counts(&expected));
        assert_eq!(grid.done(), grid.total());
        for colouring in [Colouring::Class, Colouring::LogPeriod] {
            assert_eq!(
                grid.render(colouring),
                figure::render_map(&expected, window, colouring)
            );
        }
    }

    #[test]
    fn a_coarse_grid_draws_each_sample_as_its_block_until_the_pixels_come() {
        let window = Window {
            x0: 1,
            x1: 20,
            y0: 2,
            y1: 21,
        };
        let family = Family::ThreeMove { s3: 21 };
        let unlimited = &mut Budget::unlimited();
        let full = period_map::compute(family, window, 1 << 16, unlimited).unwrap();
        let samples = period_map::compute_sampled(family, window, 4, 1 << 16, unlimited).unwrap();
        let mut grid = MapGrid::new(window).with_blocks(4);
        grid.insert(&samples);
        let sample_of = |c: &Cell| {
            let (x, y) = (1 + (c.x - 1) / 4 * 4, 2 + (c.y - 2) / 4 * 4);
            let s = samples.iter().find(|s| (s.x, s.y) == (x, y)).unwrap();
            Cell {
                x: c.x,
                y: c.y,
                ..*s
            }
        };
        let blocks: Vec<Cell> = full.iter().map(sample_of).collect();
        assert_eq!(
            grid.render(Colouring::Class),
            figure::render_map(&blocks, window, Colouring::Class)
        );
        grid.insert(&full);
        assert_eq!(grid.cells(), full);
        assert_eq!(
            grid.render(Colouring::Class),
            figure::render_map(&full, window, Colouring::Class)
        );
    }
}
