//! `heaplab`: the native command line of HeapLab. One subcommand per game family; every
//! subcommand calls the same engine function as the web page, prints a readable summary or
//! (`--format json`) one JSON object, and on bad input exits non-zero with one line on stderr.

mod atlas;
mod atlas_file;
mod certificate;
mod checkpoint;
mod checks;
mod cumulative;
mod cumulative_game;
mod equivalence;
mod files;
mod misere;
mod octal;
mod octal_position;
mod output;
mod partizan;
mod partizan_game;
mod period_map;
mod plane;
mod progress;
mod scoring;
mod subtraction;
mod subtraction_infinite;
mod sweep;
mod sweep_file;
mod sweep_parquet;
mod sweep_table;

use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use heaplab_engine::text::shorten;
use std::process::ExitCode;

/// HeapLab: exact solutions of heap games (subtraction, octal, cumulative, scoring play).
#[derive(Parser)]
#[command(name = "heaplab", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Finite subtraction games (`--set 2,3,7`) or all-but subtraction (`--all-but 3,6`):
    /// nim-values, outcomes and their proven periods.
    Subtraction(subtraction::SubtractionArgs),
    /// Flammenkamp's period-length maps (`--s3 301 --s1 40..160 --s2 90..210`), on all cores.
    PeriodMap(period_map::PeriodMapArgs),
    /// Two-dimensional subtraction (`--moves "2,6 3,3 6,1 19,6"`): P/N image, row and column
    /// periods.
    Plane(plane::PlaneArgs),
    /// Cumulative subtraction / Stewart's G_s (`--set 2,3`), one pile or `--piles 2`.
    CumulativeSubtraction(cumulative::CumulativeArgs),
    /// Truncated-support cumulative subtraction: tr^m (`--m 100`) and Conjecture 16.
    Truncated(cumulative::TruncatedArgs),
    /// Cumulative games (n players, general sum): outcome tables, PSPE paths and trees
    /// (`--set 2,3 --heap 7 --tree`), EFG import (`--efg game.json`).
    CumulativeGame(Box<cumulative_game::CumulativeGameArgs>),
    /// Octal and hexadecimal games (`.16`, `kayles`, `.A8F`) and Grundy's game: nim-values and
    /// the period proven by Theorem 3.73 (`--prove`), or an arithmetic period by the
    /// Howse–Nowakowski test; also the families `PB(1,2)` and `TkBk(3)`.
    Octal(octal::OctalArgs),
    /// Impartial scoring play (Stewart): bracket-notation games (`--game "{4|3|2}"`), sums
    /// (`--plus`), scoring octal games and G_s (`--octal 3333 --points 2,2,2,2`), and the
    /// Conjecture 15/16 survey (`--survey 3`).
    Scoring(scoring::ScoringArgs),
    /// Partizan heap games: canonical-form sequences and periods (`--left 1,2 --right 1,3`,
    /// `--pure-breaking`, `--duel .07 .137`, `--chessboard 1,2`), sums of heaps
    /// (`--position 5,7,9`) and single games (`--game "{2|1/2}"`).
    Partizan(partizan::PartizanArgs),
    /// Sweep a whole family (`subtraction --max-move 12`): counts, histograms (`--group-by`),
    /// records (`--top period:10`), checks and `--where EXPR`, on all cores; shards and resume.
    Sweep(Box<sweep::SweepArgs>),
    /// Merge the shard files of one sweep (`--shard I/N`) into its one-process result.
    Merge(sweep_file::MergeArgs),
    /// Equivalence classes of subtraction games (`2,3,5`): master, minimals, class size,
    /// equality with another set (`--equal 2,4,5`), and Table 4.7's rows (`--table 16`).
    Equivalence(equivalence::EquivalenceArgs),
    /// Infinite subtraction sets (`squares`, `primes`, `primes1`, `fibonacci`, `k-sqrt2`,
    /// `k-multiples --c 2`): nim-values or outcomes of the first heaps, and the thesis's verdict.
    SubtractionInfinite(subtraction_infinite::InfiniteArgs),
    /// Misère play (last mover loses): the Plambeck–Siegel misère quotient of heaps up to
    /// `--max-heap`, each heap's outcome and genus, and sums (`.77 --max-heap 30 --sum 3,5,7`).
    Misere(misere::MisereArgs),
    /// The octal atlas (`octal --digits 3`): every code 0.d1…dD and 4.d1…dD solved on all
    /// cores, grouped into classes of identical values, proven or honestly unsolved, with the
    /// catalogues' facts checked.
    Atlas(atlas::AtlasArgs),
    /// The papers' named checks (conjectures, observations, claims): names, citations and
    /// stated ranges (`--format json`).
    Checks(checks::ChecksArgs),
}

/// The hidden flag that prints the visible subcommands' names, one a line: the list the fuzz
/// test and `cargo xtask hostile` walk, taken from this clap definition so none is missed.
const LIST_SUBCOMMANDS: &str = "--list-subcommands";

/// The names of the subcommands `heaplab --help` lists.
fn subcommand_names() -> Vec<String> {
    Cli::command()
        .get_subcommands()
        .filter(|sub| !sub.is_hide_set())
        .map(|sub| sub.get_name().to_string())
        .collect()
}

fn main() -> ExitCode {
    if std::env::args().nth(1).as_deref() == Some(LIST_SUBCOMMANDS) {
        use std::io::Write;
        let _ = writeln!(std::io::stdout(), "{}", subcommand_names().join("\n"));
        return ExitCode::SUCCESS;
    }
    // Negative numbers reach the parsers, which answer with the allowed range.
    let command = Cli::command().mut_subcommands(|sub| sub.allow_negative_numbers(true));
    let cli = match command
        .try_get_matches()
        .and_then(|m| Cli::from_arg_matches(&m))
    {
        Ok(cli) => cli,
        Err(err) if !err.use_stderr() => {
            // --help and --version; a closed pipe (`heaplab --help | head`) is no panic.
            use std::io::Write;
            let _ = write!(std::io::stdout(), "{err}");
            return ExitCode::SUCCESS;
        }
        Err(err) => {
            eprintln!("heaplab: {}", shorten(&usage_error(&err)));
            return ExitCode::from(2);
        }
    };
    let result = match cli.command {
        Command::Subtraction(args) => subtraction::run(&args),
        Command::PeriodMap(args) => period_map::run(&args),
        Command::Plane(args) => plane::run(&args),
        Command::CumulativeSubtraction(args) => cumulative::run(&args),
        Command::Truncated(args) => cumulative::run_truncated(&args),
        Command::CumulativeGame(args) => cumulative_game::run(&args),
        Command::Octal(args) => octal::run(&args),
        Command::Scoring(args) => scoring::run(&args),
        Command::Partizan(args) => partizan::run(&args),
        Command::Sweep(args) => sweep::run(&args),
        Command::Merge(args) => sweep_file::merge(&args),
        Command::Equivalence(args) => equivalence::run(&args),
        Command::SubtractionInfinite(args) => subtraction_infinite::run(&args),
        Command::Checks(args) => checks::run(&args),
        Command::Misere(args) => misere::run(&args),
        Command::Atlas(args) => atlas::run(&args),
    };
    match result {
        Ok(text) => {
            // A closed pipe (`heaplab … | head`) is not an error worth a panic; an empty
            // text (the result went to `--out /dev/stdout`) prints nothing.
            use std::io::Write;
            if !text.is_empty() {
                let _ = writeln!(std::io::stdout(), "{text}");
            }
            ExitCode::SUCCESS
        }
        Err(err) => {
            eprintln!("heaplab: {}", shorten(&err.to_string()));
            ExitCode::FAILURE
        }
    }
}

/// One line for an argument error: clap's first line, completed with the missing arguments'
/// names, or a usage hint when no subcommand was given.
fn usage_error(err: &clap::Error) -> String {
    match err.kind() {
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand | ErrorKind::MissingSubcommand => {
            "no subcommand given: try `heaplab --help` for the list, e.g. `heaplab subtraction --set 2,3`"
                .into()
        }
        ErrorKind::InvalidSubcommand => format!(
            "{}; the subcommands are {} (named games such as grundy or kayles: `heaplab octal NAME`)",
            first_line(err),
            subcommand_names().join(", ")
        ),
        ErrorKind::MissingRequiredArgument => match err.get(ContextKind::InvalidArg) {
            Some(ContextValue::Strings(names)) => {
                format!("missing required argument {}", names.join(", "))
            }
            _ => "missing a required argument".into(),
        },
        _ => first_line(err),
    }
}

/// The first line of clap's message, without its `error: `.
fn first_line(err: &clap::Error) -> String {
    let rendered = err.render().to_string();
    let first = rendered.lines().next().unwrap_or("invalid arguments");
    first.trim_start_matches("error: ").to_string()
}
