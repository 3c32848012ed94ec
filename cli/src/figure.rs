//! `--figure FILE.{svg,pdf,png,tex}`: the options every subcommand with a picture shares, and
//! writing a [`Figure`] of the figure layer to a file.

use clap::Args;
use heaplab_engine::EngineError;
use heaplab_figures::views::heaps::{sequence_figure_of, SequenceKind};
use heaplab_figures::{Figure, Format, Palette, Size, TikzOptions};

/// The figure options of a subcommand.
#[derive(Args, Debug, Clone)]
pub struct FigureArgs {
    /// Write a figure (title, axes, legend, caption, provenance) to this file; the extension
    /// picks the format: .svg, .pdf, .png or .tex (TikZ/PGFPlots, charts and strips).
    #[arg(long)]
    pub figure: Option<String>,
    /// The figure's size: `column` (8.5 cm) or `page` (17.5 cm), at 300 DPI or with `@600`
    /// (e.g. `page@600`); the DPI matters only for PNG.
    #[arg(long, default_value = "column")]
    pub figure_size: String,
    /// The figure's palette: `colour` (colour-blind safe) or `grey` (for print).
    #[arg(long, default_value = "colour")]
    pub figure_palette: String,
    /// Leave the provenance line ("HeapLab vX.Y, <link>") off the figure and its metadata.
    #[arg(long)]
    pub no_provenance: bool,
}

impl FigureArgs {
    /// Whether a figure was asked for.
    pub fn wanted(&self) -> bool {
        self.figure.is_some()
    }

    /// Checks the options before any computation: the extension (`.tex` only where the
    /// picture has a TikZ form, `tikz`), size and palette.
    pub fn check(&self, tikz: bool) -> Result<(), EngineError> {
        if let Some(path) = &self.figure {
            let format = Format::from_path(path).map_err(|e| EngineError::Parse(e.to_string()))?;
            if format == Format::Tikz && !tikz {
                return Err(EngineError::Parse(
                    "this picture has no TikZ export: write --figure as .svg, .pdf or .png".into(),
                ));
            }
        }
        self.size()?;
        self.palette()?;
        Ok(())
    }

    /// The chosen size preset.
    fn size(&self) -> Result<Size, EngineError> {
        Size::preset(&self.figure_size).ok_or_else(|| {
            EngineError::Parse(format!(
                "unknown --figure-size '{}': use column or page, optionally @DPI (e.g. page@600)",
                self.figure_size
            ))
        })
    }

    /// The chosen palette.
    pub fn palette(&self) -> Result<Palette, EngineError> {
        Palette::from_name(&self.figure_palette).ok_or_else(|| {
            EngineError::Parse(format!(
                "unknown --figure-palette '{}': use colour or grey",
                self.figure_palette
            ))
        })
    }

    /// Applies the options to `fig` (size, palette, provenance with `link`, the web page's
    /// address of the same view) and writes it to the `--figure` file, if one was given.
    pub fn write(&self, fig: Figure, link: String) -> Result<(), EngineError> {
        match &self.figure {
            Some(path) => self.write_to(path, fig, link, &TikzOptions::default()),
            None => Ok(()),
        }
    }

    /// Applies the options to `fig` as [`FigureArgs::write`] does and writes it to `path`, in
    /// the format of its extension (`tikz`: the choices of a `.tex` file).
    pub fn write_to(
        &self,
        path: &str,
        fig: Figure,
        link: String,
        tikz: &TikzOptions,
    ) -> Result<(), EngineError> {
        let link = (!self.no_provenance).then_some(link);
        let fig = fig.with_export(self.size()?, self.palette()?, link);
        let format = Format::from_path(path).map_err(|e| EngineError::Parse(e.to_string()))?;
        let bytes = fig
            .render_with(format, tikz)
            .map_err(|e| EngineError::OutOfRange(e.to_string()))?;
        std::fs::write(path, bytes)
            .map_err(|e| EngineError::OutOfRange(format!("cannot write {path}: {e}")))
    }
}

/// The figure options of a subcommand that draws a game tree.
#[derive(Args, Debug, Clone)]
pub struct TreeFigureArgs {
    /// The shared figure options (`--figure FILE`, size, palette, provenance).
    #[command(flatten)]
    pub figure: FigureArgs,
    /// Draw a collapsed node's hidden count (`[+k]`) after its label.
    #[arg(long)]
    pub fold_markers: bool,
    /// In a .tex file, wrap the picture in `\resizebox{\linewidth}{!}{…}` so that it takes
    /// the width of the text it is pasted into.
    #[arg(long)]
    pub resizebox: bool,
}

impl TreeFigureArgs {
    /// Checks the figure options before any computation.
    pub fn check(&self) -> Result<(), EngineError> {
        self.figure.check(true)
    }

    /// Writes tree figure `fig` (with the fold markers if asked) to `path` (`--out`, say), or
    /// to the `--figure` file when `path` is `None` and one was given; `link` reproduces it.
    pub fn write(&self, path: Option<&str>, fig: Figure, link: &str) -> Result<(), EngineError> {
        let Some(path) = path.or(self.figure.figure.as_deref()) else {
            return Ok(());
        };
        let tikz = TikzOptions {
            resize: self.resizebox,
        };
        let fig = fig.with_fold_markers(self.fold_markers);
        self.figure.write_to(path, fig, link.to_string(), &tikz)
    }
}

/// This run's command line (`heaplab cumulative-game --heap 7 …`) without its output files
/// (`--out`, `--figure`): the provenance of a figure that no web page's link reproduces
/// exactly.
pub fn command_line() -> String {
    without_outputs(std::env::args().skip(1))
}

/// `heaplab` and `args`, leaving out `--out FILE` and `--figure FILE` (either spelling).
fn without_outputs(args: impl Iterator<Item = String>) -> String {
    let mut kept = vec!["heaplab".to_string()];
    let mut skip_next = false;
    for arg in args {
        let output = ["--out", "--figure"];
        if std::mem::take(&mut skip_next) {
            continue;
        }
        if output.contains(&arg.as_str()) {
            skip_next = true;
        } else if !output.iter().any(|o| arg.starts_with(&format!("{o}="))) {
            kept.push(arg);
        }
    }
    kept.join(" ")
}

#[cfg(test)]
mod tests {
    #[test]
    fn command_lines_leave_out_their_output_files() {
        let args = [
            "cumulative-game",
            "--heap",
            "7",
            "--figure",
            "/tmp/a.svg",
            "--out=b.tex",
        ];
        let line = super::without_outputs(args.iter().map(|s| s.to_string()));
        assert_eq!(line, "heaplab cumulative-game --heap 7");
    }
}

/// What `--figure` draws of a heap sequence, with the figure options.
#[derive(Args, Debug, Clone)]
pub struct HeapFigureArgs {
    /// What `--figure` draws: `values` (a chart of the nim-values), `strip` (the nim-values as
    /// a strip with a colour bar) or `outcomes` (the outcome strip, one cell per heap); a run
    /// without nim-values draws the outcome strip.
    #[arg(long, default_value = "values")]
    pub figure_kind: String,
    /// A figure of the first heaps (at most 1000).
    #[command(flatten)]
    pub figure: FigureArgs,
}

/// A heap sequence to draw: the game's name for the title, its nim-values (if it has them)
/// and outcomes (`P`/`N` letters) of heaps `0..`, a caption line and the page link.
pub struct HeapSequence<'a> {
    /// The game as the title names it, e.g. `Subtraction game S = {2, 3}`.
    pub game: &'a str,
    /// The nim-values of heaps `0..`, when computed.
    pub values: Option<Vec<f64>>,
    /// The outcome letter of each heap.
    pub outcomes: &'a str,
    /// The caption line (a period, a proof).
    pub caption: String,
    /// The web page's link of the same view.
    pub link: String,
}

impl HeapFigureArgs {
    /// Checks the figure options and `--figure-kind` before any computation.
    pub fn check(&self) -> Result<(), EngineError> {
        self.figure.check(true)?;
        if self.kind().is_some() {
            return Ok(());
        }
        Err(EngineError::Parse(format!(
            "unknown --figure-kind '{}': use values, strip or outcomes",
            self.figure_kind
        )))
    }

    /// Whether a figure was asked for.
    pub fn wanted(&self) -> bool {
        self.figure.wanted()
    }

    /// The kind of figure `--figure-kind` names.
    fn kind(&self) -> Option<SequenceKind> {
        match self.figure_kind.as_str() {
            "values" => Some(SequenceKind::ValueChart),
            "strip" => Some(SequenceKind::ValueStrip),
            "outcomes" => Some(SequenceKind::Outcomes),
            _ => None,
        }
    }

    /// Writes the `--figure`, if asked: the nim-values as a chart (`values`) or a strip
    /// (`strip`), when there are any, or the outcomes as a strip, of the first heaps
    /// ([`heaplab_figures::views::heaps::MAX_HEAPS`]).
    pub fn write(&self, seq: HeapSequence) -> Result<(), EngineError> {
        if !self.wanted() {
            return Ok(());
        }
        let kind = self.kind().unwrap_or(SequenceKind::Outcomes);
        let fig = sequence_figure_of(
            kind,
            seq.game,
            seq.values.as_deref(),
            seq.outcomes,
            seq.caption,
        );
        self.figure.write(fig, seq.link)
    }
}
