//! Misère quotients against the brute-force search: for each game, the largest heap bound each
//! method reaches within a time budget (default 10 s), raising the bound by a quarter each
//! time. Plain timing, no assertions.
//!
//! Usage: `cargo xtask bench misere [--seconds S] [CODE...]`
//! (default codes `.77 .137 .07`). The quotient times the whole construction for heaps
//! `0..=n`; the reference times the brute-force misère outcome of every single heap `0..=n`
//! (the least that the quotient also answers).

use heaplab_engine::misere::quotient::{quotient, QuotientCaps};
use heaplab_engine::misere::single::searched_outcomes;
use heaplab_engine::misere::HeapRules;
use heaplab_engine::octal::Ruleset;
use heaplab_engine::{Budget, EngineError};
use std::time::{Duration, Instant};

/// Runs `job(n)` for n = 4, 5, 6, 7, 8, 10, 12, … (a quarter more each time) with a budget
/// that cancels at `limit`; returns the largest
/// n finished within the limit and its time.
fn largest(
    limit: Duration,
    job: &dyn Fn(u64, &mut Budget<'_>) -> Result<(), EngineError>,
) -> (u64, Duration, String) {
    let (mut best, mut best_time, mut stop) = (0, Duration::ZERO, String::from("time"));
    let mut n = 4;
    while n <= 1 << 16 {
        let started = Instant::now();
        let mut cancel = |_: u64, _: u64| started.elapsed() < limit;
        let result = job(n, &mut Budget::with_progress(&mut cancel));
        let took = started.elapsed();
        match result {
            Ok(()) if took <= limit => (best, best_time) = (n, took),
            Ok(()) | Err(EngineError::Cancelled) => break,
            Err(e) => {
                stop = e.to_string();
                break;
            }
        }
        n += (n / 4).max(1);
    }
    (best, best_time, stop)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut seconds = 10.0;
    let mut codes = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if a == "--seconds" {
            seconds = it.next().and_then(|s| s.parse().ok()).expect("--seconds S");
        } else {
            codes.push(a.clone());
        }
    }
    if codes.is_empty() {
        codes = vec![".77".into(), ".137".into(), ".07".into()];
    }
    let limit = Duration::from_secs_f64(seconds);
    for text in codes {
        let rules = HeapRules::Code(Ruleset::parse(&text).expect("a valid code"));
        let (q, qt, qs) = largest(limit, &|n, b| {
            quotient(&rules, n, QuotientCaps::default(), b).map(|_| ())
        });
        let (r, rt, rs) = largest(limit, &|n, b| {
            searched_outcomes(&rules, n, usize::MAX, b).map(|_| ())
        });
        println!(
            "{text:<8} quotient: heaps 0..={q} in {:.2} s (stopped by: {qs})   brute force: heaps 0..={r} in {:.2} s (stopped by: {rs})",
            qt.as_secs_f64(),
            rt.as_secs_f64()
        );
    }
}
