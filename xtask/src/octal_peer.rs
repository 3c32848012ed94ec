//! `cargo xtask bench octal-peer` and `cargo xtask records`: HeapLab's octal solver against the
//! peer `ogsolve -m rc2` (crate `ogsolve`, installed into `target/tools` when missing; a
//! benchmark peer, never a dependency), and the slow record checks.
//!
//! Every run is timed by `/usr/bin/time`, which gives wall time, user CPU time and peak
//! resident memory per process. Ratios are measured in one run, both sides back to back.

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{bail, Context, Result};

use crate::tools;

/// The record checks of `cargo xtask records`, one line each: an octal game proven with
/// [`OCTAL_PROVE`] and timed against `ogsolve -m rc2` at the same heap count, or any `heaplab`
/// command (JSON output) with [`Record::command`]; each with the JSON numbers it must report.
/// Add a record by adding a line.
const RECORDS: &[Record] = &[
    // Thesis Table 3.2 (Lomič 2019, Section 3.4.3): period and pre-period.
    Record::octal(".354", &[("period", 1_180), ("preperiod", 10_061_916)]),
    Record::octal(".376", &[("period", 4), ("preperiod", 2_268_248)]),
    Record::octal(
        ".454",
        &[("period", 60_620_715), ("preperiod", 160_949_019)],
    ),
    Record::octal(
        ".104",
        &[("period", 11_770_282), ("preperiod", 197_769_598)],
    ),
    Record::octal(
        ".054",
        &[("period", 10_015_179), ("preperiod", 193_235_616)],
    ),
    // Survey Section 4: Flammenkamp's max-symmetric record {15,27,88,100,115}, outcome period
    // 147,429,129,464 (constant-memory first return; Theorem 12 of his thesis: purely periodic).
    Record::command(
        &[
            "subtraction",
            "--set",
            "15,27,88,100,115",
            "--outcomes-only",
            "--progress",
            "--format",
            "json",
        ],
        &[
            ("outcome_period", 147_429_129_464),
            ("outcome_preperiod", 0),
        ],
    ),
    // Thesis Table 4.3 (Section 4.3.3): PB(1 | 4,5) has n0 25, p 9, saltus 3, proven by
    // Theorem 4.57 from heaps 0..6·34 (8 s of CPU in a release build; the other rows are
    // tests).
    Record::command(
        &[
            "partizan",
            "--pure-breaking",
            "--left",
            "1",
            "--right",
            "4,5",
            "--reduced",
            "--terms",
            "205",
            "--progress",
            "--format",
            "json",
        ],
        &[("period", 9), ("preperiod", 25), ("saltus", 3)],
    ),
    // Thesis Table 4.7 (Section 4.4.5): masters with largest move 22 and 23 (the test suite
    // checks rows 1..=16; these take about a minute and three minutes).
    Record::command(
        &[
            "equivalence",
            "--row",
            "22",
            "--progress",
            "--format",
            "json",
        ],
        &[
            ("period", 4_464),
            ("preperiod", 1_845),
            ("sources", 349),
            ("source_range", 4),
        ],
    ),
    Record::command(
        &[
            "equivalence",
            "--row",
            "23",
            "--progress",
            "--format",
            "json",
        ],
        &[
            ("period", 3_570),
            ("preperiod", 3_047),
            ("sources", 489),
            ("source_range", 5),
        ],
    ),
    // Unsolved games, honestly (thesis Section 3.4.3: Grundy's game is open, and ·6 is the one
    // unsolved one-digit code of Open Problem 5): 2^28 heaps each, with a checkpoint that a
    // second run resumes from. Printed: the largest value, the last rare heap and the time.
    Record::command(UNSOLVED_GRUNDY, &[("computed", 1 << 28)]),
    Record::command(UNSOLVED_OFFICERS, &[("computed", 1 << 28)]),
];

/// `heaplab octal grundy` to 2^28 heaps with a checkpoint (under `target/`).
const UNSOLVED_GRUNDY: &[&str] = &[
    "octal",
    "grundy",
    "--prove",
    "--max-heaps",
    "268435456",
    "--terms",
    "1",
    "--checkpoint",
    "target/record-grundy.checkpoint",
    "--progress",
    "--format",
    "json",
];

/// `heaplab octal .6` (Officers) to 2^28 heaps with a checkpoint (under `target/`).
const UNSOLVED_OFFICERS: &[&str] = &[
    "octal",
    ".6",
    "--prove",
    "--max-heaps",
    "268435456",
    "--terms",
    "1",
    "--checkpoint",
    "target/record-officers.checkpoint",
    "--progress",
    "--format",
    "json",
];

/// What a record of an unsolved game reports, printed when its output has them.
const UNSOLVED_FACTS: &[&str] = &["largest_value", "last_rare_heap", "rare_count"];

/// The `heaplab octal CODE` arguments of an octal record.
const OCTAL_PROVE: &[&str] = &[
    "--prove",
    "--max-heaps",
    "500000000",
    "--progress",
    "--terms",
    "1",
    "--format",
    "json",
];

/// The games of `bench octal-peer` (thesis Table 3.2 rows).
const PEER_GAMES: &[&str] = &[".16", ".127", ".56", ".354", ".376"];

/// One slow check.
struct Record {
    /// The octal code, for an octal record (then `args` follow `heaplab octal CODE`).
    code: Option<&'static str>,
    /// `heaplab` arguments; the output must be JSON.
    args: &'static [&'static str],
    /// JSON numbers the output must hold.
    expect: &'static [(&'static str, u64)],
}

impl Record {
    /// An octal game proven and timed against the peer.
    const fn octal(code: &'static str, expect: &'static [(&'static str, u64)]) -> Record {
        Record {
            code: Some(code),
            args: OCTAL_PROVE,
            expect,
        }
    }

    /// Any `heaplab` command with JSON output (no peer).
    const fn command(
        args: &'static [&'static str],
        expect: &'static [(&'static str, u64)],
    ) -> Record {
        Record {
            code: None,
            args,
            expect,
        }
    }

    /// The full `heaplab` argument list.
    fn arguments(&self) -> Vec<&'static str> {
        match self.code {
            Some(code) => ["octal", code].iter().chain(self.args).copied().collect(),
            None => self.args.to_vec(),
        }
    }
}

/// One timed process.
#[derive(Debug, Clone, Copy)]
struct Timing {
    wall: f64,
    user: f64,
    peak_mb: f64,
}

/// Runs `program args` under `/usr/bin/time`; returns its stdout and timing.
fn timed(program: &Path, args: &[String]) -> Result<(String, Timing)> {
    let log = std::env::temp_dir().join(format!("xtask-time-{}.txt", std::process::id()));
    let mut cmd = Command::new("/usr/bin/time");
    cmd.arg("-f")
        .arg("%e %U %M")
        .arg("-o")
        .arg(&log)
        .arg(program)
        .args(args);
    let line = tools::describe(&cmd);
    let out = cmd
        .stderr(std::process::Stdio::inherit())
        .output()
        .with_context(|| format!("could not start `{line}` (is /usr/bin/time installed?)"))?;
    if !out.status.success() {
        bail!("`{line}` failed ({})", out.status);
    }
    let text = std::fs::read_to_string(&log).context("reading /usr/bin/time's output")?;
    let fields: Vec<f64> = text
        .split_whitespace()
        .filter_map(|f| f.parse().ok())
        .collect();
    let [wall, user, kb] = fields[..] else {
        bail!("unexpected /usr/bin/time output `{text}`");
    };
    let timing = Timing {
        wall,
        user,
        peak_mb: kb / 1024.0,
    };
    Ok((String::from_utf8_lossy(&out.stdout).into_owned(), timing))
}

/// `target/tools/bin/ogsolve`, installed with `cargo install ogsolve` when missing.
fn ensure_ogsolve(root: &Path) -> Result<PathBuf> {
    let tools_dir = root.join("target").join("tools");
    let bin = tools_dir.join("bin").join("ogsolve");
    if !bin.is_file() {
        let mut cargo = tools::cargo();
        cargo
            .args(["install", "ogsolve", "--locked", "--root"])
            .arg(&tools_dir);
        tools::run(&mut cargo).context("installing the benchmark peer ogsolve")?;
    }
    Ok(bin)
}

/// Builds the release `heaplab` and returns its path.
fn build_heaplab(root: &Path) -> Result<PathBuf> {
    let mut cargo = tools::cargo();
    cargo
        .current_dir(root)
        .args(["build", "--release", "-p", "heaplab"]);
    tools::run(&mut cargo)?;
    Ok(root.join("target").join("release").join("heaplab"))
}

/// A JSON number field of `heaplab`'s output (no JSON crate in xtask: the keys are flat).
fn json_number(json: &str, key: &str) -> Option<u64> {
    let at = json.find(&format!("\"{key}\":"))? + key.len() + 3;
    // A number, or a string holding one (the partizan saltus `"1"`).
    let digits: String = json[at..]
        .trim_start_matches('"')
        .chars()
        .take_while(|c| c.is_ascii_digit())
        .collect();
    digits.parse().ok()
}

/// HeapLab runs `args`, then the peer computes the same number of heaps of `game`.
fn duel(heaplab: &Path, ogsolve: &Path, args: &[&str], game: &str) -> Result<Duel> {
    let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
    let (json, ours) = timed(heaplab, &args)?;
    let heaps = json_number(&json, "computed").context("no `computed` in heaplab's JSON")?;
    let peer_args: Vec<String> = ["-m", "rc2", "-n", &heaps.to_string(), game]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let (peer_out, peer) = timed(ogsolve, &peer_args)?;
    Ok(Duel {
        json,
        heaps,
        ours,
        peer,
        peer_found: peer_out.contains("found period"),
    })
}

/// One back-to-back comparison.
struct Duel {
    json: String,
    heaps: u64,
    ours: Timing,
    peer: Timing,
    peer_found: bool,
}

fn range(values: impl Iterator<Item = f64>) -> (f64, f64) {
    values.fold((f64::MAX, f64::MIN), |(lo, hi), v| (lo.min(v), hi.max(v)))
}

/// `cargo xtask bench octal-peer [REPS]`: the peer table of BENCHMARKS.md, Octal games.
pub fn bench(root: &Path, rest: &[String]) -> Result<()> {
    let reps: usize = match rest.first() {
        Some(n) => n
            .parse()
            .context("`bench octal-peer` takes a repetition count")?,
        None => 3,
    };
    let ogsolve = ensure_ogsolve(root)?;
    let heaplab = build_heaplab(root)?;
    println!(
        "| game | heaps | HeapLab wall s | ogsolve -m rc2 wall s | wall ratio | user-CPU ratio | peak MB (HeapLab / ogsolve) |"
    );
    println!("|---|---|---|---|---|---|---|");
    for code in PEER_GAMES {
        let duels = (0..reps.max(1))
            .map(|_| {
                let args = ["octal", code, "--prove", "--terms", "1", "--format", "json"];
                duel(&heaplab, &ogsolve, &args, &format!("0{code}"))
            })
            .collect::<Result<Vec<_>>>()?;
        let ours = range(duels.iter().map(|d| d.ours.wall));
        let peer = range(duels.iter().map(|d| d.peer.wall));
        let ratio = range(duels.iter().map(|d| d.peer.wall / d.ours.wall.max(1e-3)));
        let cpu = range(duels.iter().map(|d| d.peer.user / d.ours.user.max(1e-3)));
        let mem = (duels[0].ours.peak_mb, duels[0].peer.peak_mb);
        println!(
            "| ·{} | {} | {:.2}–{:.2} | {:.2}–{:.2} | {:.1}–{:.1}× | {:.1}–{:.1}× | {:.0} / {:.0} |",
            &code[1..],
            duels[0].heaps,
            ours.0,
            ours.1,
            peer.0,
            peer.1,
            ratio.0,
            ratio.1,
            cpu.0,
            cpu.1,
            mem.0,
            mem.1
        );
    }
    println!("(ratio = ogsolve time / HeapLab time; each row: {reps} runs back to back)");
    Ok(())
}

/// `cargo xtask records [TEXT]`: every record check in turn, or those whose command (or name)
/// contains `filter`; fails if any misses its numbers, or if the filter matches none.
pub fn records(root: &Path, filter: Option<&str>) -> Result<()> {
    let chosen = |name: &str| filter.is_none_or(|text| name.contains(text));
    // A filter that matches nothing is told before anything is installed or built.
    let matches = RECORDS
        .iter()
        .filter(|record| chosen(&record.arguments().join(" ")))
        .count()
        + ENGINE_RECORDS
            .iter()
            .filter(|(label, _, name)| chosen(label) || chosen(name))
            .count();
    if matches == 0 {
        bail!("no record matches `{}`", filter.unwrap_or_default());
    }
    let ogsolve = ensure_ogsolve(root)?;
    let heaplab = build_heaplab(root)?;
    // Checkpoint paths in the records are relative to the repository.
    std::env::set_current_dir(root)
        .with_context(|| format!("could not enter {}", root.display()))?;
    let (mut failed, mut ran) = (Vec::new(), 0);
    for record in RECORDS {
        let args = record.arguments();
        let name = args.join(" ");
        if !chosen(&name) {
            continue;
        }
        ran += 1;
        println!("record: heaplab {name}");
        let duel = match record.code {
            Some(code) => duel(&heaplab, &ogsolve, &args, &format!("0{code}"))?,
            None => {
                let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
                let (json, ours) = timed(&heaplab, &args)?;
                println!(
                    "  {:.1} s wall, {:.1} s CPU, {:.0} MB",
                    ours.wall, ours.user, ours.peak_mb
                );
                for key in UNSOLVED_FACTS {
                    if let Some(value) = json_number(&json, key) {
                        println!("  {key}: {value}");
                    }
                }
                Duel {
                    json,
                    heaps: 0,
                    ours,
                    peer: ours,
                    peer_found: false,
                }
            }
        };
        let wrong: Vec<String> = record
            .expect
            .iter()
            .filter(|(key, want)| json_number(&duel.json, key) != Some(*want))
            .map(|(key, want)| format!("{key} should be {want}"))
            .collect();
        if record.code.is_some() {
            println!(
            "  {} heaps: HeapLab {:.1} s wall, {:.1} s CPU, {:.0} MB; ogsolve {:.1} s wall, {:.1} s CPU, {:.0} MB{}; CPU ratio {:.2}×",
            duel.heaps,
            duel.ours.wall,
            duel.ours.user,
            duel.ours.peak_mb,
            duel.peer.wall,
            duel.peer.user,
            duel.peer.peak_mb,
            if duel.peer_found { ", same period found" } else { "" },
            duel.peer.user / duel.ours.user.max(1e-3)
        );
        }
        if wrong.is_empty() {
            println!("  ok");
        } else {
            println!("  FAILED: {}", wrong.join(", "));
            failed.push(name);
        }
    }
    for (label, test, name) in ENGINE_RECORDS {
        if !chosen(label) && !chosen(name) {
            continue;
        }
        ran += 1;
        println!("record: {label} (engine test {test}::{name})");
        if let Err(err) = engine_ignored_test(root, test, name) {
            println!("  FAILED: {err:#}");
            failed.push(label.to_string());
        }
    }
    if !failed.is_empty() {
        bail!("records failed: {}", failed.join(", "));
    }
    println!("{ran} records passed");
    Ok(())
}

/// Record checks that are ignored engine tests, as (what, test file, test name); each prints
/// its own numbers and fails on a miss.
const ENGINE_RECORDS: &[(&str, &str, &str)] = &[
    // The ruleset language's `octal` preset against the octal solver: every code of up to
    // three digits, heaps 0..500.
    (
        "octal-codes: the octal preset, every code of up to three digits",
        "rules",
        "octal_codes_of_up_to_three_digits_equal_the_built_in_solver_to_500_heaps",
    ),
    // `checks::ranges::long_ranges`, about a minute: prints each tally.
    (
        "paper checks over their long ranges",
        "checks",
        "long_ranges",
    ),
    // Thesis Section 4.4.4, Table 4.4: PB(1,2) to 1,317,968 heaps, all 21 rows, timed.
    (
        "Table 4.4: PB(1,2) in full",
        "octal_breaking",
        "table_4_4_in_full",
    ),
];

/// Runs the ignored engine test `name` of `tests/{test}.rs` in release mode, with its output.
fn engine_ignored_test(root: &Path, test: &str, name: &str) -> Result<()> {
    tools::run(tools::cargo().current_dir(root).args([
        "test",
        "--release",
        "-p",
        "heaplab-engine",
        "--test",
        test,
        name,
        "--",
        "--ignored",
        "--nocapture",
    ]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_flat_json_numbers() {
        let json = r#"{"computed":443139472,"period":60620715,"preperiod":null}"#;
        assert_eq!(json_number(json, "computed"), Some(443_139_472));
        assert_eq!(json_number(json, "period"), Some(60_620_715));
        assert_eq!(json_number(json, "preperiod"), None);
        assert_eq!(json_number(json, "missing"), None);
    }

    #[test]
    fn every_record_checks_something() {
        for record in RECORDS {
            assert!(!record.expect.is_empty(), "{:?}", record.arguments());
        }
    }
}
