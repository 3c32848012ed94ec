//! Period maps computed tile by tile: which tiles to hand out ([`cursor`]), where the solved
//! cells are kept and how they are coloured ([`grid`]), how they reach the canvas
//! ([`painter`]), and who solves them ([`runner`]: a pool
//! of Web Workers, or the main thread in small steps when workers are not available).

pub mod cursor;
pub mod grid;
pub mod painter;
pub mod runner;
