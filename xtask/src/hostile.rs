//! `cargo xtask hostile`: the CLI's hostile inputs, rerun. Builds the release `heaplab`,
//! runs every command the issue names (the vague ones made concrete) under `timeout 60` and
//! `/usr/bin/time`, and prints one Markdown row per command: exit code, wall time, peak RSS and
//! the first line of stderr (of stdout when it succeeded). A row is flagged when it panicked,
//! died of a signal, ran past [`SLOW_SECONDS`], or failed with more than one line.

use std::path::Path;
use std::process::{Command, ExitCode};

use anyhow::{Context, Result};

/// A row slower than this is flagged: the issue's line between "fast" and "runs too long".
const SLOW_SECONDS: f64 = 20.0;
/// Each command is killed after this many seconds (`timeout` then exits 124).
const KILL_SECONDS: &str = "60";
/// Longest stderr/stdout excerpt printed in the table.
const EXCERPT: usize = 110;

/// One command of the list: a short label for the table and its arguments.
struct Case {
    label: String,
    args: Vec<String>,
}

/// What one run of `heaplab` did.
struct Run {
    exit: i32,
    wall: f64,
    rss_mb: f64,
    first_line: String,
    flag: Option<&'static str>,
}

/// Runs the list and prints the table; fails when a row is flagged.
pub fn run(root: &Path) -> Result<ExitCode> {
    let heaplab = crate::slurm::build_heaplab(root, true)?;
    let scratch = std::env::temp_dir().join(format!("heaplab-hostile-{}", std::process::id()));
    std::fs::create_dir_all(&scratch)?;
    let mut cases = cases(&scratch)?;
    cases.extend(subcommand_cases(&heaplab)?);
    println!("| # | command | exit | wall s | peak RSS MB | first line (stderr, or stdout if 0) | flag |");
    println!("|---|---|---|---|---|---|---|");
    let mut flagged = 0;
    for (i, case) in cases.iter().enumerate() {
        let run = run_case(&heaplab, case, &scratch)?;
        flagged += usize::from(run.flag.is_some());
        println!(
            "| {} | `{}` | {} | {:.2} | {:.0} | {} | {} |",
            i + 1,
            case.label,
            run.exit,
            run.wall,
            run.rss_mb,
            run.first_line.replace('|', "\\|"),
            run.flag.unwrap_or("")
        );
    }
    std::fs::remove_dir_all(&scratch)?;
    println!("\n{} commands, {flagged} flagged", cases.len());
    Ok(match flagged {
        0 => ExitCode::SUCCESS,
        _ => ExitCode::FAILURE,
    })
}

/// A case whose label is its arguments as typed.
fn case(args: &[&str]) -> Case {
    Case {
        label: format!("heaplab {}", args.join(" ")),
        args: args.iter().map(|a| a.to_string()).collect(),
    }
}

/// A case with generated arguments, labelled by a description.
fn described(label: &str, args: Vec<String>) -> Case {
    Case {
        label: label.into(),
        args,
    }
}

/// The issue's CLI list, in its order. Files the cases need are written to `scratch`.
fn cases(scratch: &Path) -> Result<Vec<Case>> {
    let map = ["period-map", "--s3", "30", "--s1", "1..20", "--s2", "1..20"];
    let threads = |n: &str| {
        let mut args: Vec<&str> = map.to_vec();
        args.extend(["--threads", n]);
        case(&args)
    };
    let mut list = vec![
        threads("100000"),
        threads("1000000000000"),
        case(&["subtraction", "--all-but", "1000000", "--terms", "10"]),
        case(&["octal", ".FFF", "--prove"]),
        case(&["octal", ".5BE", "--prove", "--max-heaps", "100000"]),
        case(&[
            "scoring", "--octal", "0.66", "--points", "1,1", "--terms", "200",
        ]),
        case(&[
            "scoring", "--octal", "0.7", "--points", "1", "--terms", "200",
        ]),
        case(&["truncated", "--m", "977"]),
        case(&["cumulative-game", "--heap", "69363"]),
        case(&[
            "cumulative-game",
            "--preset",
            "auction",
            "--value",
            "-9223372036854775807",
            "--terms",
            "4",
            "--format",
            "json",
        ]),
        case(&[
            "scoring",
            "--game",
            "{9223372036854775807|4611686018427387904|4611686018427387909}",
        ]),
        case(&["octal", ".5", "--terms", "1000000"]),
        case(&[
            "scoring", "--octal", "0.77", "--points", "1,1", "--terms", "100",
        ]),
        case(&[
            "scoring", "--octal", "33", "--points", "1,2", "--terms", "1000000", "--m", "500",
        ]),
        case(&[
            "cumulative-game",
            "--set",
            "1,2",
            "--heap",
            "100000",
            "--max-states",
            "50000000",
        ]),
        threads("18446744073709551615"),
        case(&[
            "cumulative-subtraction",
            "--set",
            "5,7",
            "--piles",
            "2",
            "--width",
            "2000",
            "--height",
            "2000",
            "--scale",
            "16",
            "--out",
            &scratch.join("cs.png").to_string_lossy(),
        ]),
    ];
    list.extend(generated_cases(scratch)?);
    list.extend(small_fault_cases(scratch)?);
    Ok(list)
}

/// The cases the issue describes without a command line: a sum of 1,000 games, 4,096 moves a
/// position, three-heap splits under `--max-heaps`, a sum too large to draw.
fn generated_cases(scratch: &Path) -> Result<Vec<Case>> {
    let sum = vec!["{1|0|-1}"; 1000].join(" + ");
    let set: Vec<String> = (1..=4096).map(|i| i.to_string()).collect();
    let tree = "{{{1|0|-1}|0|{1|0|-1}}|0|{{1|0|-1}|0|{{1|0|-1}|0|{1|0|-1}}}}";
    let five = [tree; 5].join(" + ");
    let svg = scratch.join("s.svg").to_string_lossy().into_owned();
    let strings = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    Ok(vec![
        described(
            "heaplab scoring --game '{1|0|-1}' --plus '{1|0|-1} + … (1,000 games)'",
            strings(&["scoring", "--game", "{1|0|-1}", "--plus", &sum]),
        ),
        described(
            "heaplab cumulative-game --set \"$(seq -s, 1 4096)\" --heap 5000",
            strings(&["cumulative-game", "--set", &set.join(","), "--heap", "5000"]),
        ),
        case(&["octal", "8.1", "--prove", "--max-heaps", "100000"]),
        case(&["octal", "8.1", "--prove"]),
        case(&["truncated", "--m", "2000", "--check-up-to", "0"]),
        described(
            "heaplab scoring --game T --plus 'T + T + T + T + T' --out s.svg (T of 13 nodes)",
            strings(&["scoring", "--game", tree, "--plus", &five, "--out", &svg]),
        ),
        described(
            "heaplab scoring --game T --plus 'T + T + T + T + T' --format json",
            strings(&[
                "scoring", "--game", tree, "--plus", &five, "--format", "json",
            ]),
        ),
    ])
}

/// The issue's "smaller faults": usage errors, EFG depth and size, malformed and conflicting
/// input, and a saturated node count.
fn small_fault_cases(scratch: &Path) -> Result<Vec<Case>> {
    let deep = write_efg_chain(scratch, 150)?;
    let too_deep = write_efg_chain(scratch, 260)?;
    Ok(vec![
        case(&[]),
        case(&["subtraction"]),
        case(&["subtraction", "--set", "2,3", "--terms", "-1"]),
        described(
            "heaplab cumulative-game --efg deep.json (a valid chain 150 levels deep)",
            vec!["cumulative-game".into(), "--efg".into(), deep],
        ),
        described(
            "heaplab cumulative-game --efg too-deep.json (260 levels)",
            vec!["cumulative-game".into(), "--efg".into(), too_deep],
        ),
        case(&["cumulative-game", "--efg", "/dev/zero"]),
        case(&[
            "cumulative-game",
            "--preset",
            "squirrel",
            "--set",
            "1,2",
            "--heap",
            "2000",
            "--tree",
        ]),
        case(&["plane", "--moves", "(2,6"]),
        case(&["subtraction", "--set", "1,,2"]),
        case(&["cumulative-game", "--dynamic", "3:1;3:2", "--terms", "4"]),
        case(&["cumulative-game", "--turn", ""]),
        case(&[
            "period-map",
            "--family",
            "3move",
            "--m",
            "40",
            "--s3",
            "30",
            "--s1",
            "1..9",
            "--s2",
            "1..9",
        ]),
        case(&[
            "cumulative-subtraction",
            "--set",
            "2,3",
            "--circles",
            "c",
            "--piles",
            "2",
        ]),
        case(&[
            "scoring",
            "--octal",
            "0.7",
            "--points",
            "1",
            "--m-octal",
            "3",
        ]),
    ])
}

/// Every subcommand of the CLI, read from its clap definition (`heaplab --list-subcommands`)
/// so a new one is never missed: with no arguments, with a 120 KB argument, and with an
/// unknown flag. Each must fail with one short line.
fn subcommand_cases(heaplab: &Path) -> Result<Vec<Case>> {
    let out = Command::new(heaplab)
        .arg("--list-subcommands")
        .output()
        .context("could not list heaplab's subcommands")?;
    anyhow::ensure!(out.status.success(), "heaplab --list-subcommands failed");
    let names = String::from_utf8(out.stdout)?;
    let huge = "9".repeat(120_000);
    Ok(names
        .lines()
        .flat_map(|name| {
            [
                case(&[name]),
                described(
                    &format!("heaplab {name} 999…9 (120,000 digits)"),
                    vec![name.into(), huge.clone()],
                ),
                case(&[name, "--no-such-flag", "1"]),
            ]
        })
        .collect())
}

/// Writes a valid two-player EFG tree that is a chain `depth` decisions deep; returns its path.
fn write_efg_chain(scratch: &Path, depth: usize) -> Result<String> {
    let mut node = r#"{"utility":[1,-1]}"#.to_string();
    for i in 0..depth {
        node = format!(
            r#"{{"player":{},"children":[{node},{{"utility":[0,0]}}]}}"#,
            1 + i % 2
        );
    }
    let path = scratch.join(format!("chain-{depth}.json"));
    std::fs::write(&path, format!(r#"{{"players":2,"root":{node}}}"#))?;
    Ok(path.to_string_lossy().into_owned())
}

/// Runs one case under `timeout` and `/usr/bin/time`, in `scratch` (where `--out` files go).
fn run_case(heaplab: &Path, case: &Case, scratch: &Path) -> Result<Run> {
    let stats = scratch.join("time.txt");
    let out = Command::new("/usr/bin/time")
        .current_dir(scratch)
        .arg("-f")
        .arg("%e %M")
        .arg("-o")
        .arg(&stats)
        .args(["timeout", KILL_SECONDS])
        .arg(heaplab)
        .args(&case.args)
        .output()
        .context("could not run /usr/bin/time (Debian package `time`)")?;
    let stats = std::fs::read_to_string(&stats)?;
    let mut numbers = stats.lines().last().unwrap_or("").split_whitespace();
    let mut number = || numbers.next().and_then(|n| n.parse::<f64>().ok());
    let (wall, rss_kb) = (number().unwrap_or(f64::NAN), number().unwrap_or(f64::NAN));
    let stderr = String::from_utf8_lossy(&out.stderr);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let exit = out.status.code().unwrap_or(-1);
    let shown = match exit {
        0 => &stdout,
        _ => &stderr,
    };
    Ok(Run {
        exit,
        wall,
        rss_mb: rss_kb / 1024.0,
        first_line: excerpt(shown.lines().next().unwrap_or("")),
        flag: flag(exit, wall, &stderr),
    })
}

/// Why a run is a fault, if it is: a panic, a signal or timeout, a slow run, a long message.
fn flag(exit: i32, wall: f64, stderr: &str) -> Option<&'static str> {
    if stderr.contains("panicked") {
        Some("PANIC")
    } else if exit == 124 {
        Some("TIMEOUT")
    } else if !(0..=2).contains(&exit) {
        Some("SIGNAL")
    } else if wall > SLOW_SECONDS {
        Some("SLOW")
    } else if exit != 0 && stderr.lines().count() != 1 {
        Some("NOT ONE LINE")
    } else {
        None
    }
}

/// At most [`EXCERPT`] characters of `line`, marked when cut.
fn excerpt(line: &str) -> String {
    match line.char_indices().nth(EXCERPT) {
        Some((at, _)) => format!("{}…", &line[..at]),
        None => line.to_string(),
    }
}
