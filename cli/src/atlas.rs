//! `heaplab atlas`: every octal code `0.d1…dD` and `4.d1…dD` solved on all cores and grouped
//! into classes of identical values, with the catalogues' facts checked against them.

use crate::atlas_file;
use crate::output::Format;
use crate::progress::Progress;
use clap::Args;
use heaplab_engine::atlas::{
    self, check_fact, classes, AtlasCaps, AtlasClass, AtlasEntry, CatalogueCheck, CATALOGUE_FACTS,
    DEFAULT_GAME_WORK, DEFAULT_MAX_HEAPS,
};
use heaplab_engine::octal::MAX_HEAPS;
use heaplab_engine::ruleset::parse_count;
use heaplab_engine::sweep::shard_range;
use heaplab_engine::EngineError;
use serde_json::json;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;

/// The heaps on which two codes of a catalogue fact are compared.
const FACT_HEAPS: usize = 1 << 16;

#[derive(Args)]
/// Arguments of `heaplab atlas`.
pub struct AtlasArgs {
    /// The family: `octal` (the only one so far).
    family: String,
    /// The code digits D: every code 0.d1…dD and 4.d1…dD (2·8^D codes), 1 to 4.
    #[arg(long, default_value = "3", allow_hyphen_values = true)]
    digits: String,
    /// The most heaps a game is computed to while its period is sought.
    #[arg(long, default_value_t = DEFAULT_MAX_HEAPS.to_string(), allow_hyphen_values = true)]
    max_heaps: String,
    /// The most work a game may spend, in option pairs scanned (a few seconds of one core at
    /// the default); a game that would pass it stops where it is, unsolved, at the same heap
    /// on every machine.
    #[arg(long, default_value_t = DEFAULT_GAME_WORK.to_string(), allow_hyphen_values = true)]
    max_game_work: String,
    /// Worker threads (default: all cores).
    #[arg(long, allow_hyphen_values = true)]
    threads: Option<String>,
    /// Compute only shard I of N (`--shard 2/4`), a contiguous range of codes, for
    /// `heaplab merge` (a Slurm array job: `slurm/submit.sh`).
    #[arg(long, allow_hyphen_values = true)]
    shard: Option<String>,
    /// Write the result (or the shard) here instead of stdout.
    #[arg(long)]
    out: Option<String>,
    /// Print codes done, rate and time left on stderr.
    #[arg(long)]
    progress: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

/// Runs the atlas and renders it.
pub fn run(args: &AtlasArgs) -> Result<String, EngineError> {
    if args.family != "octal" {
        return Err(EngineError::Parse(format!(
            "the atlas covers the family `octal`, not '{}'",
            args.family
        )));
    }
    let digits = parse_count(&args.digits, "--digits", 1, u64::from(atlas::MAX_DIGITS))? as u32;
    let caps = AtlasCaps {
        max_heaps: parse_count(&args.max_heaps, "--max-heaps", 1, MAX_HEAPS as u64)? as usize,
        max_game_work: parse_count(&args.max_game_work, "--max-game-work", 1, u64::MAX)?,
    };
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get()) as u64;
    let threads = match &args.threads {
        Some(t) => parse_count(t, "--threads", 1, 256)?,
        None => cores,
    } as usize;
    if let Some(path) = &args.out {
        crate::files::ensure_writable(path, "--out")?;
    }
    let len = atlas::atlas_len(digits)?;
    let (range, shard) = match args.shard.as_deref() {
        Some(text) => {
            let [i, n] = crate::sweep::parse_shard(text)?;
            let range = shard_range(len, i, n)?;
            (range.start.max(atlas::FIRST_INDEX)..range.end, Some([i, n]))
        }
        None => (atlas::FIRST_INDEX..len, None),
    };
    let entries = solve_all(digits, range, caps, threads, args.progress)?;
    let text = match shard {
        Some(shard) => atlas_file::shard_text(digits, caps, shard, &entries),
        None => render(digits, caps, &entries, args.format)?,
    };
    emit(args.out.as_deref(), text)
}

/// The whole atlas of `entries` (every code, in order) as JSON or text: the one rendering of
/// a one-process run and of `heaplab merge`.
pub fn render(
    digits: u32,
    caps: AtlasCaps,
    entries: &[AtlasEntry],
    format: Format,
) -> Result<String, EngineError> {
    let classes = classes(entries);
    let facts = CATALOGUE_FACTS
        .iter()
        .map(|f| check_fact(f, FACT_HEAPS))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(match format {
        Format::Json => json!({
            "family": "octal",
            "digits": digits,
            "max_heaps": caps.max_heaps,
            "max_game_work": caps.max_game_work,
            "codes": entries.len(),
            "classes": classes,
            "catalogue": facts,
        })
        .to_string(),
        Format::Text => text(digits, caps, &classes, &facts),
    })
}

/// `text` on stdout (returned) or written to `path` (nothing returned).
pub fn emit(path: Option<&str>, text: String) -> Result<String, EngineError> {
    match path {
        Some(path) => {
            crate::output::write_text(path, &format!("{text}\n"))?;
            Ok(String::new())
        }
        None => Ok(text),
    }
}

/// Every code's entry, in atlas order, solved by `threads` workers taking the next code.
fn solve_all(
    digits: u32,
    range: std::ops::Range<u64>,
    caps: AtlasCaps,
    threads: usize,
    progress: bool,
) -> Result<Vec<AtlasEntry>, EngineError> {
    let (start, len) = (range.start, range.end);
    let next = AtomicU64::new(start);
    let done = AtomicU64::new(start);
    let failed = AtomicBool::new(false);
    let results: Mutex<Vec<Option<Result<AtlasEntry, EngineError>>>> =
        Mutex::new((start..len).map(|_| None).collect());
    let mut meter = Progress::new(progress, "codes");
    let working = AtomicU64::new(threads as u64);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                // Counted out on every exit, a panic's unwinding included, so the loop below
                // never waits for a worker that is gone.
                let _leaving = Leaving(&working);
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= len || failed.load(Ordering::Relaxed) {
                        break;
                    }
                    let entry = atlas::solve_code(&atlas::code_at(digits, i), caps);
                    failed.fetch_or(entry.is_err(), Ordering::Relaxed);
                    if let Ok(mut all) = results.lock() {
                        all[(i - start) as usize] = Some(entry);
                    }
                    done.fetch_add(1, Ordering::Relaxed);
                }
            });
        }
        while working.load(Ordering::Relaxed) > 0 {
            meter.report(done.load(Ordering::Relaxed) - start, len - start);
            std::thread::sleep(std::time::Duration::from_millis(200));
        }
    });
    meter.finish();
    let all = results
        .into_inner()
        .map_err(|_| EngineError::OutOfRange("a worker thread failed".into()))?;
    let mut entries = Vec::with_capacity(all.len());
    for (i, slot) in (start..).zip(all) {
        match slot {
            Some(entry) => entries.push(entry?),
            None if failed.load(Ordering::Relaxed) => continue,
            None => {
                return Err(EngineError::OutOfRange(format!(
                    "code {} was not computed",
                    atlas::code_at(digits, i)
                )))
            }
        }
    }
    Ok(entries)
}

/// The readable atlas: one line per class, then the catalogue checks.
fn text(digits: u32, caps: AtlasCaps, classes: &[AtlasClass], facts: &[CatalogueCheck]) -> String {
    let proven = classes.iter().filter(|c| c.status == "proven").count();
    let mut out = format!(
        "octal atlas of {digits}-digit codes, heaps up to {}, work up to {} a game: {} classes, {proven} proven, {} unsolved\n",
        caps.max_heaps,
        caps.max_game_work,
        classes.len(),
        classes.len() - proven
    );
    for c in classes {
        let e = &c.entry;
        let facts = match (e.preperiod, e.period) {
            (Some(n0), Some(p)) if e.proven => format!("proven: n0 {n0}, p {p}"),
            _ => format!("unsolved: computed {} heaps", e.computed),
        };
        let rare = match (e.rare_count, e.last_rare_heap) {
            (Some(count), Some(last)) => format!(", {count} rare, the last at {last}"),
            _ => String::new(),
        };
        let largest = e
            .largest_value
            .map_or(String::new(), |v| format!(", largest {v}"));
        out.push_str(&format!(
            "{}: {facts}{largest}{rare}\n",
            c.codes.join(" = ")
        ));
    }
    out.push_str("catalogue facts:\n");
    for f in facts {
        let verdict = match f.first_difference {
            Some(n) => format!("WRONG: they first differ at heap {n}"),
            None => format!("agrees on heaps 0..{}", f.heaps),
        };
        out.push_str(&format!("  {} = {} ({}): {verdict}\n", f.a, f.b, f.source));
    }
    out.trim_end().to_string()
}

/// Counts a worker out of `working` when dropped.
struct Leaving<'a>(&'a AtomicU64);

impl Drop for Leaving<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}
