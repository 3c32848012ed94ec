//! Cutting a map window into tiles of a requested size, top row first.

use heaplab_engine::period_map::Window;

/// Hands out the pixels of a window as rectangular tiles, from the top row (`y1 - 1`) down,
/// each row left to right. A request for at least a row's worth of pixels, made at the start
/// of a row, gets whole rows; a smaller one gets a piece of the current row.
///
/// Invariant: rows `y0..row_end` are not handed out yet except pixels `x0..next_x` of row
/// `row_end - 1`, which are.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TileCursor {
    window: Window,
    row_end: u32,
    next_x: u32,
}

impl TileCursor {
    /// A cursor at the top-left pixel of `window`.
    pub fn new(window: Window) -> TileCursor {
        TileCursor {
            window,
            row_end: window.y1,
            next_x: window.x0,
        }
    }

    /// The pixels not handed out yet.
    pub fn remaining(&self) -> u64 {
        let w = self.window;
        if self.row_end <= w.y0 {
            return 0;
        }
        let full_rows = u64::from(self.row_end - w.y0);
        full_rows * u64::from(w.x1 - w.x0) - u64::from(self.next_x - w.x0)
    }

    /// The next tile, of about `pixels` pixels (at least one), or `None` when all are out.
    pub fn next_tile(&mut self, pixels: u64) -> Option<Window> {
        let w = self.window;
        if self.row_end <= w.y0 || w.x0 >= w.x1 {
            return None;
        }
        let width = u64::from(w.x1 - w.x0);
        let pixels = pixels.max(1);
        if self.next_x == w.x0 && pixels >= width {
            let rows = (pixels / width).min(u64::from(self.row_end - w.y0)) as u32;
            let tile = Window {
                x0: w.x0,
                x1: w.x1,
                y0: self.row_end - rows,
                y1: self.row_end,
            };
            self.row_end -= rows;
            return Some(tile);
        }
        let n = pixels.min(u64::from(w.x1 - self.next_x)) as u32;
        let row = self.row_end - 1;
        let tile = Window {
            x0: self.next_x,
            x1: self.next_x + n,
            y0: row,
            y1: row + 1,
        };
        self.next_x += n;
        if self.next_x == w.x1 {
            self.next_x = w.x0;
            self.row_end -= 1;
        }
        Some(tile)
    }
}

/// The second pass goes over the rows in this many interleaved sweeps: every 8th row from the
/// top, then the rows below those, and so on. A band of costly rows (in the paper's window, s2
/// near s3/2, where periods are long and hard to prove) is so spread over the whole run, so
/// progress moves steadily and the time-left estimate, which assumes an even rate, holds.
pub const SWEEPS: u32 = 8;

/// The top offset of the `order`-th row the second pass solves, in a window `height` rows
/// high: rows `0, k, 2k, …` from the top, then `1, k + 1, …`, up to `k - 1, 2k - 1, …`.
pub fn sweep_row(order: u32, height: u32, k: u32) -> u32 {
    let k = k.max(1);
    let mut left = order;
    for j in 0..k.min(height) {
        let rows = (height - j).div_ceil(k);
        if left < rows {
            return j + left * k;
        }
        left -= rows;
    }
    order
}

/// Hands out a map's tiles in two passes (a progressive map): first the pixels
/// `(x0 + stride·i, y0 + stride·j)`, which the page draws as `stride`-wide blocks (a coarse
/// picture of the whole window), then every pixel, in [`SWEEPS`] interleaved sweeps over the
/// rows (each tile at most half a row). Each tile comes with the stride to solve it at; a
/// stride-1 cursor has only the second pass.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TwoPassCursor {
    window: Window,
    stride: u32,
    /// The first pass, over the grid of sample points (`(i, j)` for the pixel above).
    coarse: TileCursor,
    /// The second pass, over rows in solving order (row `y` of it is the `(height - 1 - y)`-th
    /// row solved; [`sweep_row`] says which row of the window that is).
    fine: TileCursor,
}

impl TwoPassCursor {
    /// A cursor for `window`, sampling every `stride`-th pixel first when `stride > 1`.
    pub fn new(window: Window, stride: u32) -> TwoPassCursor {
        let stride = stride.max(1);
        let samples = |lo: u32, hi: u32| {
            if stride > 1 {
                hi.saturating_sub(lo).div_ceil(stride)
            } else {
                0
            }
        };
        let coarse = Window {
            x0: 0,
            x1: samples(window.x0, window.x1),
            y0: 0,
            y1: samples(window.y0, window.y1),
        };
        TwoPassCursor {
            window,
            stride,
            coarse: TileCursor::new(coarse),
            fine: TileCursor::new(Window {
                y0: 0,
                y1: window.y1 - window.y0,
                ..window
            }),
        }
    }

    /// Whether the coarse pass is still handing out tiles.
    pub fn in_coarse_pass(&self) -> bool {
        self.coarse.remaining() > 0
    }

    /// The pixels of the current pass not handed out yet.
    pub fn remaining(&self) -> u64 {
        match self.coarse.remaining() {
            0 => self.fine.remaining(),
            n => n,
        }
    }

    /// The next tile of about `pixels` pixels to solve, with its stride, or `None` at the end.
    pub fn next_tile(&mut self, pixels: u64) -> Option<(Window, u32)> {
        if let Some(c) = self.coarse.next_tile(pixels) {
            let (w, s) = (self.window, self.stride);
            let tile = Window {
                x0: w.x0 + s * c.x0,
                x1: w.x0 + s * (c.x1 - 1) + 1,
                y0: w.y0 + s * c.y0,
                y1: w.y0 + s * (c.y1 - 1) + 1,
            };
            return Some((tile, s));
        }
        let w = self.window;
        let width = u64::from(w.x1 - w.x0);
        // At most half a row, so a costly row is split between at least two tiles.
        let t = self.fine.next_tile(pixels.min(width.div_ceil(2)))?;
        let height = w.y1 - w.y0;
        let top = sweep_row(height - 1 - t.y0, height, SWEEPS);
        let y = w.y1 - 1 - top;
        Some((
            Window {
                y0: y,
                y1: y + 1,
                ..t
            },
            1,
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tiles_cover_the_window_exactly_once() {
        let window = Window {
            x0: 3,
            x1: 13,
            y0: 5,
            y1: 12,
        };
        for sizes in [vec![1u64], vec![7, 3, 25, 100], vec![10], vec![1000]] {
            let mut cursor = TileCursor::new(window);
            let mut seen = [0u8; 70];
            let mut i = 0;
            let mut left = cursor.remaining();
            assert_eq!(left, 70);
            while let Some(t) = cursor.next_tile(sizes[i % sizes.len()]) {
                i += 1;
                for y in t.y0..t.y1 {
                    for x in t.x0..t.x1 {
                        seen[((y - 5) * 10 + x - 3) as usize] += 1;
                    }
                }
                assert_eq!(cursor.remaining(), left - t.pixels());
                left = cursor.remaining();
            }
            assert!(seen.iter().all(|&s| s == 1), "{sizes:?}");
        }
    }

    #[test]
    fn sweeps_visit_every_row_once_spread_over_the_run() {
        for height in 1..60u32 {
            for k in [1u32, 2, 3, 8, 100] {
                let mut rows: Vec<u32> = (0..height).map(|o| sweep_row(o, height, k)).collect();
                // Every k-th solved row of the first sweep is k rows below the one before.
                let first = height.min(height.div_ceil(k.max(1)));
                assert!((1..first).all(|o| rows[o as usize] == rows[o as usize - 1] + k));
                rows.sort_unstable();
                assert_eq!(
                    rows,
                    (0..height).collect::<Vec<_>>(),
                    "height {height}, k {k}"
                );
            }
        }
    }

    #[test]
    fn the_coarse_pass_covers_the_sample_points_once_then_the_fine_pass_every_pixel() {
        let window = Window {
            x0: 3,
            x1: 30,
            y0: 5,
            y1: 22,
        };
        for stride in [1u32, 4, 8, 40] {
            let mut cursor = TwoPassCursor::new(window, stride);
            let (mut coarse, mut fine) = (vec![0u8; 27 * 17], vec![0u8; 27 * 17]);
            let mut sizes = [3u64, 50, 1, 9].into_iter().cycle();
            while let Some((t, s)) = cursor.next_tile(sizes.next().unwrap_or(1)) {
                let seen = if s > 1 { &mut coarse } else { &mut fine };
                for y in (t.y0..t.y1).step_by(s as usize) {
                    for x in (t.x0..t.x1).step_by(s as usize) {
                        seen[((y - 5) * 27 + x - 3) as usize] += 1;
                    }
                }
            }
            assert!(fine.iter().all(|&n| n == 1), "stride {stride}");
            for (i, &n) in coarse.iter().enumerate() {
                let (x, y) = (i as u32 % 27, i as u32 / 27);
                let sample = stride > 1 && x.is_multiple_of(stride) && y.is_multiple_of(stride);
                assert_eq!(n, u8::from(sample), "stride {stride}, pixel {i}");
            }
        }
    }
}
