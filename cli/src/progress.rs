//! The one progress printer every long subcommand shares: done/total in the user's units,
//! percent, rate and time left, on one rewritten stderr line, never going backwards.
//!
//! When it prints: always with `--progress` or `HEAPLAB_PROGRESS=1`; never with
//! `HEAPLAB_PROGRESS=0`; otherwise only when stderr is a terminal and the run has lasted
//! [`QUIET_START`], so a long run is never silent and a quick one (or a pipe, a log file)
//! gets no progress line.

use heaplab_engine::text::grouped;
use heaplab_engine::Budget;
use std::io::Write;
use std::time::{Duration, Instant};

/// Least time between two printed lines.
const EVERY: Duration = Duration::from_millis(250);

/// How long a run on a terminal stays quiet before its progress line appears by default.
pub const QUIET_START: Duration = Duration::from_secs(2);

/// The variable that forces progress on (`1`) or off (`0`) whatever stderr is.
pub const ENV: &str = "HEAPLAB_PROGRESS";

/// When a progress line prints.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Mode {
    /// From the first report.
    Always,
    /// After [`QUIET_START`] (a terminal, no flag).
    AfterQuietStart,
    /// Never.
    Never,
}

/// The mode for a run with the `--progress` flag `flag`, the [`ENV`] value `env` and stderr
/// a terminal or not.
fn mode(flag: bool, env: Option<&str>, terminal: bool) -> Mode {
    match (flag, env) {
        (true, _) | (false, Some("1")) => Mode::Always,
        (false, Some("0")) => Mode::Never,
        _ if terminal => Mode::AfterQuietStart,
        _ => Mode::Never,
    }
}

/// A progress line on stderr, printed as [`Mode`] says.
pub struct Progress {
    mode: Mode,
    unit: &'static str,
    started: Instant,
    printed: Option<Instant>,
    done: u64,
    total: u64,
    /// `done` at the first report: a resumed run (octal `--checkpoint`) starts high, and its
    /// rate counts only this run's work.
    first: Option<u64>,
}

impl Progress {
    /// A printer for work counted in `unit` (e.g. "heaps"); `forced` is the `--progress`
    /// flag (see the module docs for when it prints without it).
    pub fn new(forced: bool, unit: &'static str) -> Self {
        use std::io::IsTerminal;
        let env = std::env::var(ENV).ok();
        Progress {
            mode: mode(forced, env.as_deref(), std::io::stderr().is_terminal()),
            unit,
            started: Instant::now(),
            printed: None,
            done: 0,
            total: 0,
            first: None,
        }
    }

    /// Records `(done, total)` and prints at most every 250 ms; returns `true` (never cancels),
    /// so it can be a [`heaplab_engine::Budget`] callback. A smaller `done` or `total` than one
    /// seen before is ignored, so the line never goes backwards.
    pub fn report(&mut self, done: u64, total: u64) -> bool {
        self.first.get_or_insert(done);
        self.total = self.total.max(total);
        self.done = self.done.max(done).min(self.total.max(done));
        if self.due() {
            self.printed = Some(Instant::now());
            eprint!("\r{}\x1b[K", self.line());
            let _ = std::io::stderr().flush();
        }
        true
    }

    /// Whether a line prints now.
    fn due(&self) -> bool {
        let started = match self.mode {
            Mode::Always => true,
            Mode::AfterQuietStart => self.started.elapsed() >= QUIET_START,
            Mode::Never => false,
        };
        started && self.printed.is_none_or(|t| t.elapsed() >= EVERY)
    }

    /// The progress line: `1,200 / 5,000 heaps (24.0 %) · 3,100 heaps/s · about 2 s left`.
    pub fn line(&self) -> String {
        let seconds = self.started.elapsed().as_secs_f64();
        let run = self.done - self.first.unwrap_or(0).min(self.done);
        let rate = run as f64 / seconds.max(1e-9);
        let percent = 100.0 * self.done as f64 / self.total.max(1) as f64;
        let left = match rate > 0.0 {
            true => format!(
                "about {} s left",
                ((self.total - self.done) as f64 / rate).ceil()
            ),
            false => "time left unknown".into(),
        };
        format!(
            "{} / {} {} ({percent:.1} %) · {} {}/s · {left}",
            grouped(self.done),
            grouped(self.total),
            self.unit,
            grouped(rate as u64),
            self.unit
        )
    }

    /// Ends the progress line (if one was printed) with the last state reported.
    pub fn finish(&self) {
        if self.printed.is_some() {
            eprintln!("\r{}\x1b[K", self.line());
        }
    }
}

/// Runs `f` with a budget that reports to a progress line in `unit` (`forced`: `--progress`).
pub fn with_budget<T>(forced: bool, unit: &'static str, f: impl FnOnce(&mut Budget) -> T) -> T {
    let mut progress = Progress::new(forced, unit);
    let result = {
        let mut callback = |done: u64, total: u64| progress.report(done, total);
        f(&mut Budget::with_progress(&mut callback))
    };
    progress.finish();
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn never_goes_backwards_and_groups_digits() {
        let mut p = Progress::new(false, "heaps");
        assert!(p.report(500, 1000));
        p.report(200, 800);
        assert_eq!((p.done, p.total), (500, 1000));
        assert!(
            p.line().starts_with("500 / 1,000 heaps (50.0 %)"),
            "{}",
            p.line()
        );
        assert_eq!(grouped(1234567), "1,234,567");
        assert_eq!(grouped(0), "0");
    }

    #[test]
    fn the_flag_and_the_variable_override_the_terminal() {
        assert_eq!(mode(true, Some("0"), false), Mode::Always);
        assert_eq!(mode(false, Some("1"), false), Mode::Always);
        assert_eq!(mode(false, Some("0"), true), Mode::Never);
        assert_eq!(mode(false, None, true), Mode::AfterQuietStart);
        assert_eq!(mode(false, None, false), Mode::Never);
    }
}
