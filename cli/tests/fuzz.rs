//! The CLI half of issue 21's fuzz suite: the built `heaplab` runs random and hostile argument
//! vectors. Each run must end within its timeout, print no panic, exit 0 (success), 1 (a
//! computation refused) or 2 (bad arguments), and on failure say why in one `heaplab: ` line.
//! `HEAPLAB_FUZZ_CASES` sets the number of random vectors (default 1000; `cargo xtask fuzz`
//! raises it).

use std::io::Read;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Longest one run may take: far above a refused or small run, so only a hang hits it.
const TIMEOUT: Duration = Duration::from_secs(20);

/// One of the CLI's own lists (`heaplab --list-subcommands`, `--list-flags`: hidden flags
/// that read its clap definition), one name a line.
fn cli_list(flag: &str) -> Vec<String> {
    let out = Command::new(env!("CARGO_BIN_EXE_heaplab"))
        .arg(flag)
        .output()
        .unwrap();
    assert!(out.status.success(), "{flag}");
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(String::from)
        .collect()
}

/// The subcommands, from the CLI's own clap definition, and `""` (no subcommand): a new
/// subcommand is fuzzed without an edit here.
fn subcommands() -> Vec<String> {
    let mut names = cli_list("--list-subcommands");
    names.push(String::new());
    names
}

/// Every long flag of every subcommand, from the CLI's own clap definition: a new flag is
/// fuzzed without an edit here.
fn flags() -> Vec<String> {
    cli_list("--list-flags")
}

/// The subcommands `heaplab --help` shows under `Commands:` (clap's own `help` left out).
fn help_subcommands() -> Vec<String> {
    let out = Command::new(env!("CARGO_BIN_EXE_heaplab"))
        .arg("--help")
        .output()
        .unwrap();
    let help = String::from_utf8(out.stdout).unwrap();
    help.lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .filter(|l| l.starts_with("  ") && !l.starts_with("   "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(String::from)
        .collect()
}

/// The fuzzed list is exactly the help's list (plus "no subcommand"): none is missed.
#[test]
fn the_fuzzed_subcommands_are_the_clis() {
    let mut fuzzed = subcommands();
    assert_eq!(fuzzed.pop().as_deref(), Some(""));
    assert_eq!(fuzzed, help_subcommands());
    for name in [
        "sweep",
        "merge",
        "equivalence",
        "checks",
        "partizan",
        "subtraction-infinite",
    ] {
        assert!(
            fuzzed.iter().any(|f| f == name),
            "{name} missing from {fuzzed:?}"
        );
    }
}

/// The long flags `heaplab SUB --help` shows for every subcommand (`--help` left out).
fn help_flags(subcommands: &[String]) -> std::collections::BTreeSet<String> {
    let mut flags = std::collections::BTreeSet::new();
    for sub in subcommands.iter().filter(|s| !s.is_empty()) {
        let out = Command::new(env!("CARGO_BIN_EXE_heaplab"))
            .args([sub, "--help"])
            .output()
            .unwrap();
        let help = String::from_utf8(out.stdout).unwrap();
        // An option line is `  -f, --flag <VALUE>  help…` or `      --flag  help…`.
        let long = |line: &str| {
            let line = line.trim_start();
            let line = match line.as_bytes().get(2) {
                Some(b',') if line.starts_with('-') => line[3..].trim_start(),
                _ => line,
            };
            let word = line.split([' ', '=', '<', '[']).next()?;
            (word.starts_with("--") && word != "--help").then(|| word.to_string())
        };
        flags.extend(help.lines().filter_map(long));
    }
    flags
}

/// The fuzzed flags are exactly those the subcommands' help pages show: none is missed.
#[test]
fn the_fuzzed_flags_are_the_clis() {
    let fuzzed = flags();
    let unique: std::collections::BTreeSet<String> = fuzzed.iter().cloned().collect();
    assert_eq!(unique.len(), fuzzed.len(), "{fuzzed:?}");
    assert_eq!(unique, help_flags(&subcommands()));
    for flag in ["--set", "--max-move", "--prove", "--progress", "--efg"] {
        assert!(unique.contains(flag), "{flag} missing from {fuzzed:?}");
    }
}

/// Values a fuzzer would try: small and huge numbers, negatives, empty, broken notations.
const VALUES: [&str; 34] = [
    "0",
    "1",
    "2,3",
    "3",
    "-1",
    "",
    " ",
    "18446744073709551615",
    "1000000000000",
    "9223372036854775807",
    "-9223372036854775807",
    "1,,2",
    "(2,6",
    "{4|3|2}",
    "{",
    "json",
    "text",
    "3move",
    "maxsym5",
    "1..20",
    "20..1",
    "..",
    "0.77",
    ".16",
    "kayles",
    "1/0",
    "nan",
    "auction",
    "next:",
    "3:1;3:2",
    "\u{0}",
    "ü",
    "1,2,3,4,5,6,7,8,9,10",
    "5",
];

/// A small deterministic generator (xorshift), so a failing case can be rerun by its seed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.next() as usize % items.len()]
    }
}

/// One random argument vector: a subcommand, then up to five flags with values, at times a
/// bare value or a random string instead.
fn random_args(rng: &mut Rng, subcommands: &[String], flags: &[String]) -> Vec<String> {
    let mut args = vec![subcommands[rng.next() as usize % subcommands.len()].clone()];
    for _ in 0..rng.next() % 6 {
        match rng.next() % 10 {
            0 => args.push(rng.pick(&VALUES).to_string()),
            1 => args.push(
                (0..rng.next() % 12)
                    .map(|_| (rng.next() % 95 + 32) as u8 as char)
                    .collect(),
            ),
            _ => {
                args.push(flags[rng.next() as usize % flags.len()].clone());
                args.push(rng.pick(&VALUES).to_string());
            }
        }
    }
    args.retain(|a| !a.contains('\0'));
    args
}

/// Runs `heaplab args` in a scratch folder (so `--out` files land there) and checks the rules.
fn check(args: &[String], dir: &std::path::Path) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_heaplab"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > TIMEOUT {
            child.kill().unwrap();
            child.wait().unwrap();
            panic!("{args:?} ran past {TIMEOUT:?}");
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    assert!(!err.contains("panicked"), "{args:?}: {err}");
    let code = status.code();
    assert!(
        matches!(code, Some(0..=2)),
        "{args:?}: exit {code:?}: {err}"
    );
    if code != Some(0) {
        assert!(err.starts_with("heaplab: "), "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    }
}

#[test]
fn random_and_hostile_argument_vectors() {
    let cases: u64 = std::env::var("HEAPLAB_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1000);
    let seed: u64 = std::env::var("HEAPLAB_FUZZ_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(0x5EED_2021);
    let dir = std::env::temp_dir().join(format!("heaplab-fuzz-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut rng = Rng(seed | 1);
    let (subcommands, flags) = (subcommands(), flags());
    for _ in 0..cases {
        check(&random_args(&mut rng, &subcommands, &flags), &dir);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
