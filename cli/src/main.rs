//! `heaplab`: the native command line of HeapLab. One subcommand per game family; every
//! subcommand calls the same engine function as the web page, prints a readable summary or
//! (`--format json`) one JSON object, and on bad input exits non-zero with one line on stderr.

mod atlas_file;
mod certificate;
mod checkpoint;
mod figure;
mod files;
mod octal_position;
mod output;
mod partizan_game;
mod progress;
mod sweep_parquet;
mod sweep_table;

use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use heaplab_engine::text::shorten;
use heaplab_engine::EngineError;
use std::process::ExitCode;

/// HeapLab: exact solutions of heap games (subtraction, octal, cumulative, scoring play).
#[derive(Parser)]
#[command(name = "heaplab", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// Generates, from one list of subcommand modules, their `mod` lines, the [`Command`] enum
/// (clap derives the parser and the help from it: a variant's doc comment is its help line)
/// and [`Command::run`], the dispatch. Each entry is `module { Variant(ArgsType) => function, }`
/// (a module may hold several subcommands); every `Args` is boxed, so the enum stays small.
macro_rules! subcommands {
    ($($module:ident { $($(#[$doc:meta])* $variant:ident($args:ident) => $run:ident,)+ })+) => {
        $(mod $module;)+

        // The subcommands, in the order `heaplab --help` lists them (no doc comment: clap
        // would read it).
        #[derive(Subcommand)]
        enum Command {
            $($($(#[$doc])* $variant(Box<$module::$args>),)+)+
        }

        impl Command {
            /// Runs the subcommand: its text, or the error to print on one line.
            fn run(&self) -> Result<String, EngineError> {
                match self {
                    $($(Command::$variant(args) => $module::$run(args),)+)+
                }
            }
        }
    };
}

subcommands! {
    subtraction {
        /// Finite subtraction games (`--set 2,3,7`) or all-but subtraction (`--all-but 3,6`):
        /// nim-values, outcomes and their proven periods.
        Subtraction(SubtractionArgs) => run,
    }
    period_map {
        /// Flammenkamp's period-length maps (`--s3 301 --s1 40..160 --s2 90..210`), on all cores.
        PeriodMap(PeriodMapArgs) => run,
    }
    plane {
        /// Two-dimensional subtraction (`--moves "2,6 3,3 6,1 19,6"`): P/N image, row and column
        /// periods.
        Plane(PlaneArgs) => run,
    }
    cumulative {
        /// Cumulative subtraction / Stewart's G_s (`--set 2,3`), one pile or `--piles 2`.
        CumulativeSubtraction(CumulativeArgs) => run,
        /// Truncated-support cumulative subtraction: tr^m (`--m 100`) and Conjecture 16.
        Truncated(TruncatedArgs) => run_truncated,
    }
    cumulative_game {
        /// Cumulative games (n players, general sum): outcome tables, PSPE paths and trees
        /// (`--set 2,3 --heap 7 --tree`), EFG import (`--efg game.json`).
        CumulativeGame(CumulativeGameArgs) => run,
    }
    octal {
        /// Octal and hexadecimal games (`.16`, `kayles`, `.A8F`) and Grundy's game: nim-values and
        /// the period proven by Theorem 3.73 (`--prove`), or an arithmetic period by the
        /// Howse–Nowakowski test; also the families `PB(1,2)` and `TkBk(3)`.
        Octal(OctalArgs) => run,
    }
    scoring {
        /// Impartial scoring play (Stewart): bracket-notation games (`--game "{4|3|2}"`), sums
        /// (`--plus`), scoring octal games and G_s (`--octal 3333 --points 2,2,2,2`), and the
        /// Conjecture 15/16 survey (`--survey 3`).
        Scoring(ScoringArgs) => run,
    }
    partizan {
        /// Partizan heap games: canonical-form sequences and periods (`--left 1,2 --right 1,3`,
        /// `--pure-breaking`, `--duel .07 .137`, `--chessboard 1,2`), sums of heaps
        /// (`--position 5,7,9`) and single games (`--game "{2|1/2}"`).
        Partizan(PartizanArgs) => run,
    }
    sweep {
        /// Sweep a whole family (`subtraction --max-move 12`): counts, histograms (`--group-by`),
        /// records (`--top period:10`), checks and `--where EXPR`, on all cores; shards and resume.
        Sweep(SweepArgs) => run,
    }
    sweep_file {
        /// Merge the shard files of one sweep (`--shard I/N`) into its one-process result.
        Merge(MergeArgs) => merge,
    }
    equivalence {
        /// Equivalence classes of subtraction games (`2,3,5`): master, minimals, class size,
        /// equality with another set (`--equal 2,4,5`), and Table 4.7's rows (`--table 16`).
        Equivalence(EquivalenceArgs) => run,
    }
    subtraction_infinite {
        /// Infinite subtraction sets (`squares`, `primes`, `primes1`, `fibonacci`, `k-sqrt2`,
        /// `k-multiples --c 2`): nim-values or outcomes of the first heaps, and the thesis's verdict.
        SubtractionInfinite(InfiniteArgs) => run,
    }
    misere {
        /// Misère play (last mover loses): the Plambeck–Siegel misère quotient of heaps up to
        /// `--max-heap`, each heap's outcome and genus, and sums (`.77 --max-heap 30 --sum 3,5,7`).
        Misere(MisereArgs) => run,
    }
    atlas {
        /// The octal atlas (`octal --digits 3`): every code 0.d1…dD and 4.d1…dD solved on all
        /// cores, grouped into classes of identical values, proven or honestly unsolved, with the
        /// catalogues' facts checked.
        Atlas(AtlasArgs) => run,
    }
    rules {
        /// A heap game written in the ruleset language, from a file or a preset (`mark`,
        /// `kayles`, `--list`): nim-values, outcomes, the period seen and the built-in it equals.
        Rules(RulesArgs) => run,
    }
    checks {
        /// The papers' named checks (conjectures, observations, claims): names, citations and
        /// stated ranges (`--format json`).
        Checks(ChecksArgs) => run,
    }
}

/// A function that returns one of the CLI's own lists.
type List = fn() -> Vec<String>;

/// The hidden flags that print one of the CLI's own lists, one name a line: the visible
/// subcommands, and the long flags of every subcommand. The fuzz test and `cargo xtask
/// hostile` walk these lists, taken from this clap definition so that none is missed.
const LISTS: [(&str, List); 2] = [
    ("--list-subcommands", subcommand_names),
    ("--list-flags", flag_names),
];

/// The names of the subcommands `heaplab --help` lists.
fn subcommand_names() -> Vec<String> {
    Cli::command()
        .get_subcommands()
        .filter(|sub| !sub.is_hide_set())
        .map(|sub| sub.get_name().to_string())
        .collect()
}

/// Every long flag (`--set`) the visible subcommands take, each once, in first-seen order.
fn flag_names() -> Vec<String> {
    let mut flags: Vec<String> = Vec::new();
    for sub in Cli::command()
        .get_subcommands()
        .filter(|s| !s.is_hide_set())
    {
        for long in sub
            .get_arguments()
            .filter(|arg| !arg.is_hide_set())
            .filter_map(|arg| arg.get_long())
        {
            let flag = format!("--{long}");
            if !flags.contains(&flag) {
                flags.push(flag);
            }
        }
    }
    flags
}

fn main() -> ExitCode {
    let first = std::env::args().nth(1);
    if let Some((_, list)) = LISTS
        .iter()
        .find(|(flag, _)| Some(*flag) == first.as_deref())
    {
        use std::io::Write;
        let _ = writeln!(std::io::stdout(), "{}", list().join("\n"));
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
    let result = cli.command.run();
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
