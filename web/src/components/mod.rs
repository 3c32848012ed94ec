//! Pieces shared by the pages: colours, the canvas value strip, the chart, period facts and
//! export buttons. Each one does one job, so every page draws and exports the same way.

pub mod cell_axes;
pub mod colour_bar;
pub mod export;
pub mod field;
pub mod figure_export;
pub mod figure_writer;
pub mod job_status;
#[cfg(feature = "core")]
pub mod misere_strip;
pub mod outcome_strip;
pub mod page;
pub mod palette;
pub mod period_facts;
pub mod pixel_canvas;
pub mod sequence_export;
pub mod ticks;
pub mod tree;
pub mod value_chart;
pub mod value_strip;
pub mod window_axes;
pub mod zoom_box;
