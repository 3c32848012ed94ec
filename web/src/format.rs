//! Text every page and runner shares: grouped numbers, durations, capitals, and the one
//! progress line (done/total in the job's unit, percent, rate, time left), so progress reads
//! the same everywhere. Imports nothing from pages.

use heaplab_engine::Periodicity;

use crate::protocol::Progress;

/// `12,345` for 12345 (the engine's, so the CLI's progress reads the same).
pub use heaplab_engine::text::grouped;

/// `1 h 02 min`, `3 min 05 s` or `12 s`.
pub fn duration(seconds: f64) -> String {
    let s = seconds.max(0.0).round() as u64;
    match s {
        0..=59 => format!("{s} s"),
        60..=3599 => format!("{} min {:02} s", s / 60, s % 60),
        _ => format!("{} h {:02} min", s / 3600, (s % 3600) / 60),
    }
}

/// How long a finished job took: `under 1 s`, `3 s`, `2 min 05 s`.
pub fn took(seconds: f64) -> String {
    if seconds < 1.0 {
        "under 1 s".into()
    } else {
        duration(seconds)
    }
}

/// `text` cut to its first `most` characters and an ellipsis when longer, so a tampered 100 KB
/// route is not echoed whole.
pub fn shortened(text: &str, most: usize) -> String {
    match text.char_indices().nth(most) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_string(),
    }
}

/// `Text` for `text`: the first letter in upper case when it is an ASCII letter (messages
/// start with English words; `char::to_uppercase` would pull Unicode's case tables, about
/// 5 KB gzipped, into the module for nothing).
pub fn capitalise(text: &str) -> String {
    let mut text = text.to_string();
    if let Some(first) = text.get_mut(..1) {
        first.make_ascii_uppercase();
    }
    text
}

/// The least share of the work done before a time left is estimated.
const ESTIMATE_AFTER_SHARE: f64 = 0.05;
/// The least seconds gone by before a time left is estimated.
const ESTIMATE_AFTER_S: f64 = 2.0;

/// `1,200 of 10,000 cells (12%) · 3,400 cells/s · about 3 s left`: the one progress line.
/// A search that doubles its length adds its current target; a capped job says where it stops
/// and counts the time left to the cap as "at most".
pub fn progress_text(p: &Progress, elapsed_ms: f64) -> String {
    if p.total == 0 {
        // Before the job's first report there is nothing to count yet.
        return "starting".into();
    }
    let unit = p.unit.label();
    let seconds = elapsed_ms / 1000.0;
    let rate = if seconds > 0.0 {
        p.done as f64 / seconds
    } else {
        0.0
    };
    let mut text = format!(
        "{} of {} {unit} ({:.0}%)",
        grouped(p.done),
        grouped(p.total),
        100.0 * p.done.min(p.total) as f64 / p.total.max(1) as f64,
    );
    if let Some(target) = p.target {
        text.push_str(&format!(" · proving up to {} heaps now", grouped(target)));
    }
    if p.total > 0 && p.done >= p.total {
        // Every unit is done; what remains (a tree, a table) is built in one last step.
        text.push_str(" · putting the result together");
        return text;
    }
    if rate > 0.0 {
        text.push_str(&format!(" · {} {unit}/s", grouped(rate.round() as u64)));
    }
    // An early guess is wild (the first tiles or lengths are not typical): none until a
    // share of the work and a few seconds have gone by.
    let settled =
        seconds >= ESTIMATE_AFTER_S && p.done as f64 >= ESTIMATE_AFTER_SHARE * p.total as f64;
    if rate > 0.0 && settled {
        let left = duration(p.total.saturating_sub(p.done) as f64 / rate);
        let bound = if p.unit.total_is_cap() {
            "at most"
        } else {
            "about"
        };
        text.push_str(&format!(" · {bound} {left} left"));
    } else {
        text.push_str(" · estimating time left");
    }
    if p.unit.total_is_cap() {
        text.push_str(&format!(" · stops at {}", grouped(p.total)));
    }
    text
}

/// What the constant-memory outcome-period search found, in a sentence: the subtraction page's
/// "search further" and a resolved period-map pixel say it the same way.
pub fn cycle_answer(answer: Result<Periodicity, &str>) -> String {
    match answer {
        Ok(Periodicity::Proven {
            preperiod, period, ..
        }) => format!(
            "Outcome period {}, preperiod {} (proven: the window of the last max S outcomes returned).",
            grouped(period),
            grouped(preperiod)
        ),
        Ok(Periodicity::NotFound { searched }) => format!(
            "No outcome period within {} heaps, the browser's cap; the CLI searches up to 10^13 heaps (heaplab subtraction --outcomes-only --search N).",
            grouped(searched)
        ),
        Err(message) => format!("The search failed: {message}"),
    }
}
