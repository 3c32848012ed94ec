//! Runs a map job as [`Work`] of the one job client ([`crate::worker_pool`]): tiles for a
//! pool of Web Workers, or for the main thread in small steps when workers are not available.
//! Every arriving tile is stored in the [`MapGrid`] and drawn straight into the canvas with
//! `putImageData`. Replies for an earlier map are dropped by the client, so changing the
//! window or cancelling never mixes two maps.

use heaplab_engine::figure::Colouring;
use heaplab_engine::period_map::{Cell, CellClass, Family, Window, DEFAULT_CELL_BUDGET};
use web_sys::HtmlCanvasElement;
use yew::Callback;

use super::cursor::TwoPassCursor;
use super::grid::MapGrid;
use super::painter::Painter;
use crate::worker::{JobId, JobOutput, JobSpec, Progress, TileRequest, TileResult, Unit};
use crate::worker_pool::{pool_size, pump, Client, Handle, Phase, Runs, Snapshot, Work};

/// Heaps one ruleset may compute before it is "unresolved" (the CLI's default too).
pub const MAX_HEAPS: u64 = DEFAULT_CELL_BUDGET;
/// A worker tile aims at this much work; a main-thread step at [`MAIN_TILE_MS`].
const WORKER_TILE_MS: f64 = 60.0;
const MAIN_TILE_MS: f64 = 12.0;
/// A window of at least this many pixels is drawn progressively: first every
/// [`COARSE_STRIDE`]-th pixel of every [`COARSE_STRIDE`]-th row, as blocks, then every pixel.
const COARSE_MIN_PIXELS: u64 = 1 << 16;
const COARSE_STRIDE: u32 = 8;

/// What a map's snapshot carries besides progress (in rulesets): the legend's data.
#[derive(Debug, Clone, PartialEq)]
pub struct MapDetail {
    /// The window being computed.
    pub window: Window,
    /// Pixels per class so far, in [`CellClass::ALL`] order.
    pub counts: Vec<(CellClass, u64)>,
    /// The log-scale maximum of the current colouring (1 for class colouring).
    pub scale_max: u64,
    /// Milliseconds from the start to the whole coarse picture (progressive maps only).
    pub coarse_ms: Option<f64>,
}

/// A map's window, its solved cells and the pixels per class (in [`CellClass::ALL`] order).
pub type MapData = (Window, Vec<Cell>, Vec<(CellClass, u64)>);

/// A map job's snapshot for the page: progress bar, status line and legend.
pub type MapSnapshot = Snapshot<MapDetail>;

struct Inner {
    family: Family,
    colouring: Colouring,
    grid: MapGrid,
    cursor: TwoPassCursor,
    /// Samples of the coarse pass not solved yet, and when the last one arrived.
    coarse_left: u64,
    coarse_ms: Option<f64>,
    painter: Painter,
    client: Client,
    /// Milliseconds per pixel, a running average over the tiles so far.
    ms_per_pixel: Option<f64>,
    /// Pixels resolved by a click, kept across zoom and pan (exact cells, keyed by ruleset)
    /// and put back into every new map's grid as its tiles arrive.
    resolved: Vec<(Family, Cell)>,
}

impl Work for Inner {
    type Detail = MapDetail;

    fn client(&mut self) -> &mut Client {
        &mut self.client
    }

    /// The next tile: smaller on the main thread, so a step stays short.
    fn next_piece(&mut self, _id: JobId, solvers: usize) -> Option<JobSpec> {
        let pixels = match self.client.runs() {
            Runs::MainThread => self.tile_pixels(MAIN_TILE_MS, 1, 16),
            _ => self.tile_pixels(WORKER_TILE_MS, solvers, 64),
        };
        let (tile, stride) = self.cursor.next_tile(pixels)?;
        Some(JobSpec::Tile(TileRequest {
            family: self.family,
            tile,
            max_heaps: MAX_HEAPS,
            stride,
        }))
    }

    fn finished(&mut self, _id: JobId, output: Result<JobOutput, String>) {
        match output {
            Ok(JobOutput::Tile(result)) => self.apply(result),
            Ok(_) => {}
            Err(message) => self.fail(message),
        }
    }

    /// The progress counts the rulesets of the family (pixels that are not rulesets are
    /// solved, but not counted).
    fn snapshot(&self) -> (Progress, MapDetail) {
        let window = self.grid.window();
        let counts = self.grid.counts();
        let not_rulesets = counts
            .iter()
            .find(|(class, _)| *class == CellClass::Invalid)
            .map_or(0, |(_, n)| *n);
        let total = self.family.rulesets_in(window);
        let done = self.grid.done().saturating_sub(not_rulesets).min(total);
        let detail = MapDetail {
            window,
            counts,
            scale_max: self.grid.scale_max(self.colouring),
            coarse_ms: self.coarse_ms,
        };
        (Progress::new(done, total, Unit::Rulesets), detail)
    }
}

/// Runs one map job at a time for a page. Cheap to clone (shared state).
#[derive(Clone, PartialEq)]
pub struct MapRunner(Handle<Inner>);

impl MapRunner {
    /// A runner that reports to `on_progress`; it starts no worker until [`Self::start`].
    pub fn new(on_progress: Callback<MapSnapshot>) -> MapRunner {
        let window = Window::default();
        let inner = Inner {
            family: Family::ThreeMove { s3: 3 },
            colouring: Colouring::Class,
            grid: MapGrid::new(window),
            cursor: TwoPassCursor::new(window, 1),
            coarse_left: 0,
            coarse_ms: None,
            painter: Painter::default(),
            client: Client::new(pool_size()),
            ms_per_pixel: None,
            resolved: Vec::new(),
        };
        MapRunner(Handle::new(inner, on_progress))
    }

    /// Starts computing `family` over `window` (cancelling any job in progress) and draws into
    /// `canvas`, which is resized to one pixel per ruleset.
    pub fn start(
        &self,
        family: Family,
        window: Window,
        colouring: Colouring,
        canvas: Option<HtmlCanvasElement>,
    ) {
        self.0.with(|inner, handle| {
            inner.client.start(false);
            inner.family = family;
            inner.colouring = colouring;
            let stride = if window.pixels() >= COARSE_MIN_PIXELS {
                COARSE_STRIDE
            } else {
                1
            };
            inner.grid = MapGrid::new(window).with_blocks(stride);
            inner.cursor = TwoPassCursor::new(window, stride);
            inner.coarse_left = inner.cursor.remaining() * u64::from(stride > 1);
            inner.coarse_ms = None;
            inner.ms_per_pixel = None;
            inner.painter = Painter::new(canvas, window);
            pump(inner, handle);
        });
    }

    /// Stops handing out tiles and stops the tiles out; replies on their way are dropped.
    pub fn cancel(&self) {
        self.0.with(|inner, _| inner.client.end(Phase::Cancelled));
    }

    /// Closes the workers (the page is going away).
    pub fn shut_down(&self) {
        self.cancel();
        self.0.with(|inner, _| inner.client.shut_down());
    }

    /// Recolours the whole map (the colouring changed; the cells did not).
    pub fn recolour(&self, colouring: Colouring) {
        self.0.with(|inner, _| {
            inner.colouring = colouring;
            inner.painter.repaint(&inner.grid, colouring);
            inner.client.report(true);
        });
    }

    /// Replaces an unresolved pixel of the current map of `family` with `cell` (found by the
    /// constant-memory search), repaints it and reports the new counts. Nothing happens when
    /// the map has changed since, or that pixel is not unresolved. The cell is kept: later maps
    /// of the family (zoom, pan) show it resolved too.
    pub fn resolve(&self, family: Family, cell: Cell) {
        self.0.with(|inner, _| {
            if inner.family != family || !inner.grid.resolve(&cell) {
                return;
            }
            inner.resolved.push((family, cell));
            let pixel = Window {
                x0: cell.x,
                x1: cell.x + 1,
                y0: cell.y,
                y1: cell.y + 1,
            };
            inner
                .painter
                .update(&inner.grid, inner.colouring, pixel, true);
            inner.client.report(true);
        });
    }

    /// The solved cell at `(x, y)` of the current map, if any.
    pub fn cell(&self, x: u32, y: u32) -> Option<Cell> {
        self.0.read(|inner| inner.grid.cell(x, y))
    }

    /// Every solved cell of the current map and the pixels per class, with the window they
    /// cover: the data of the map's figure.
    pub fn cells(&self) -> Option<MapData> {
        self.0.read(|inner| {
            let grid = &inner.grid;
            Some((grid.window(), grid.cells(), grid.counts()))
        })
    }
}

impl Inner {
    /// The size of the next tile for a solver aiming at `target_ms`, sharing what is left
    /// fairly among `solvers`.
    fn tile_pixels(&self, target_ms: f64, solvers: usize, start: u64) -> u64 {
        let wanted = match self.ms_per_pixel {
            Some(ms) if ms > 0.0 => (target_ms / ms) as u64,
            Some(_) => 4096,
            None => start,
        };
        let fair = self.cursor.remaining() / (2 * solvers as u64).max(1);
        wanted.min(fair).clamp(1, 4096)
    }

    /// Ends the job with `message`.
    fn fail(&mut self, message: String) {
        self.client.end(Phase::Failed(message));
    }

    /// Stores and draws a tile of the current job.
    fn apply(&mut self, result: TileResult) {
        let cells = match result.cells {
            Ok(cells) => cells,
            Err(message) => return self.fail(message),
        };
        let pixels = cells.len().max(1) as f64;
        let sample = result.millis.max(0.0) / pixels;
        // Up at once, down slowly: after a tile of costly rulesets the next tiles are small
        // (so a costly row is shared among the workers, not left whole to one), then grow back.
        self.ms_per_pixel = Some(match self.ms_per_pixel {
            Some(avg) => sample.max(0.7 * avg + 0.3 * sample),
            None => sample,
        });
        self.grid.insert(&cells);
        for (family, cell) in &self.resolved {
            if *family == self.family {
                self.grid.resolve(cell);
            }
        }
        let region = self.coarse_region(result.tile, result.stride, cells.len() as u64);
        let finished = self.grid.done() >= self.grid.total();
        if finished {
            self.client.end(Phase::Done);
        }
        self.painter
            .update(&self.grid, self.colouring, region, finished);
        let coarse_done = result.stride > 1 && self.coarse_left == 0 && self.coarse_ms.is_none();
        if coarse_done {
            self.coarse_ms = Some(self.client.elapsed_ms());
        }
        self.client.report(coarse_done);
    }

    /// The pixels a solved tile paints: the tile itself, or for a coarse tile (`stride > 1`,
    /// `samples` cells) the blocks of its samples, which it also counts off the coarse pass.
    fn coarse_region(&mut self, tile: Window, stride: u32, samples: u64) -> Window {
        if stride <= 1 {
            return tile;
        }
        self.coarse_left = self.coarse_left.saturating_sub(samples);
        let w = self.grid.window();
        Window {
            x1: (tile.x1 + stride - 1).min(w.x1),
            y1: (tile.y1 + stride - 1).min(w.y1),
            ..tile
        }
    }
}
