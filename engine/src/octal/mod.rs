//! Octal and hexadecimal (code-digit) games and Grundy's game (thesis Ch. 3.2, 3.4, 3.5).
//!
//! [`solve`] computes the nim-sequence with the fast method of [`sequence`] and proves simple
//! periodicity with Theorem 3.73, doubling the length as in Corollary 3.74 (jumping straight to
//! the length a clear candidate needs when that is shorter). Infinite codes that are all-but
//! subtraction games get their proven arithmetic period from [`crate::all_but`]. Hexadecimal
//! codes whose values grow are proven arithmetic-periodic by the Howse–Nowakowski test of
//! [`arithmetic`]; where its bound is out of reach (and for other infinite codes) the pattern
//! seen is reported as observed, not proven. Grundy's game is never claimed periodic.
//!
//! * [`families`]: pure breaking `PB(…)` and take-k-break-k `TkBk(…)`;
//! * [`arithmetic`]: the observed `G(n + p) = G(n) + s` and the Howse–Nowakowski test;
//! * [`catalogue`]: the thesis's Table 3.2 and its lists of unsolved octal and hexadecimal games;
//! * [`code`]: parsing, validation and the named games;
//! * [`sequence`]: the sparse-space method, the full method and the split-set method;
//! * [`position`]: sums of heaps, their nim-value and every winning move;
//! * [`proof`]: Theorem 3.73 in linear time;
//! * [`reference`]: the plain mex over all options.

pub mod arithmetic;
pub mod breaking;
pub mod catalogue;
pub mod code;
pub mod cuts;
pub mod families;
mod far;
pub mod fast;
pub mod modifier;
pub mod position;
pub mod proof;
pub mod reference;
pub mod run;
pub mod sequence;
pub mod store;
mod value_set;

pub use code::{named_games, Kind, Ruleset};
pub use run::Checkpoint;
pub use sequence::Method;
pub use store::Values;

use crate::period::Periodicity;
use crate::ruleset::NumberSet;
use crate::text::grouped;
use crate::{Budget, EngineError};
use arithmetic::Test;
use fast::OctalSequence;
use proof::Verdict;
use sequence::GeneralSequence;

/// The most heaps the fast method computes for a finite octal game (memory: 2 bytes a heap
/// while every value fits in 16 bits, so about 2 GB at the cap).
pub const MAX_HEAPS: usize = 1_000_000_000;
/// The most values a report lists (`Limits::terms`).
pub const MAX_TERMS: usize = 64_000_000;
/// The most heaps for hexadecimal and infinite codes. The split-set method's time grows with
/// the cube of the heaps when the values grow linearly (heaps × heaps × value words), and its
/// memory with the square; the grouped addXor made it about twice as fast, which
/// buys a quarter more heaps (2^(1/3) ≈ 1.26) in the same time: 25,000, up from 20,000, with
/// about 100 MB of split sets for Kenyon's ·3F there (estimated: two sets of 256 words a heap).
/// `--max-work` still bounds the time.
pub const MAX_GENERAL_HEAPS: usize = 25_000;
/// The default work cap of the split-set method: a few seconds.
pub const MAX_WORK: u64 = 4_000_000_000;
/// The length of the first proof attempt when proving.
const FIRST_LENGTH: usize = 1 << 12;

/// How much to compute.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// How many values to return (heaps `0..terms`).
    pub terms: usize,
    /// Keep computing (doubling) until the period is proven or `max_heaps` is reached.
    pub prove: bool,
    /// The most heaps to compute when proving.
    pub max_heaps: usize,
}

/// The solution of one ruleset.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct OctalReport {
    /// The code with a middle dot (`·137`), or `grundy`.
    pub code: String,
    /// The code in ASCII (`.137`).
    pub ascii: String,
    /// The common name, if it has one.
    pub name: Option<String>,
    /// Octal, hexadecimal or Grundy's game.
    pub kind: Kind,
    /// Nim-values of heaps `0..terms`.
    pub values: Vec<u32>,
    /// How many heaps were computed.
    pub computed: u64,
    /// The proven (arithmetic) period, or how far the search went.
    pub periodicity: Periodicity,
    /// The theorem that proves the period, or why none applies.
    pub proof: String,
    /// The method that computed the values.
    pub method: Method,
    /// The ignore mask of Theorem 3.81, when the sparse-space method is in use.
    pub ignore_mask: Option<u32>,
    /// Heaps `< computed` with a rare value under that mask.
    pub rare_count: Option<u64>,
    /// Heaps `< computed` with a common value under that mask.
    pub common_count: Option<u64>,
    /// The arithmetic-periodic pattern seen in the values when it is not proven.
    #[serde(default)]
    pub observed: Option<arithmetic::Pattern>,
}

impl OctalReport {
    /// True when the period is proven.
    pub fn proven(&self) -> bool {
        matches!(self.periodicity, Periodicity::Proven { .. })
    }

    /// The least preperiod `n0` for the least period, when proven.
    pub fn preperiod(&self) -> Option<u64> {
        self.periodicity.preperiod()
    }

    /// The last exceptional heap `n0 − 1` (none when the sequence is periodic from 0).
    pub fn last_exception(&self) -> Option<u64> {
        self.preperiod().and_then(|n0| n0.checked_sub(1))
    }
}

/// Theorem 3.81: under ignore mask `mask`, `value` is rare when `popcount(value & ¬mask)` is even.
pub fn is_rare(value: u32, mask: u32) -> bool {
    (value & !mask).count_ones().is_multiple_of(2)
}

/// What a long run of a game not yet proven reports beside its counts: the largest value and
/// the last heap whose value is rare under `mask` (Theorem 3.81), over `values` (heaps
/// `0..values.len()`). `None`s for no values; no rare heap without a mask.
pub fn value_summary(values: &Values, mask: Option<u32>) -> (Option<u32>, Option<u64>) {
    let (mut largest, mut last_rare) = (None, None);
    for n in 0..values.len() {
        let v = values.get(n);
        largest = largest.max(Some(v));
        if mask.is_some_and(|m| is_rare(v, m)) {
            last_rare = Some(n as u64);
        }
    }
    (largest, last_rare)
}

/// An all-but subtraction game written as a code: `·(3)` tails with only 0s and 3s before.
fn as_all_but(rules: &Ruleset) -> Option<Vec<u32>> {
    let plain = rules.tail() == [3]
        && rules.digits()[0] == 0
        && rules.digits()[1..].iter().all(|&d| d == 0 || d == 3);
    plain.then(|| {
        (1..rules.digits().len())
            .filter(|&k| rules.digit(k) == 0)
            .map(|k| k as u32)
            .collect()
    })
}

/// Computes the nim-sequence of `rules` and proves its period where a theorem applies.
pub fn solve(
    rules: &Ruleset,
    limits: Limits,
    budget: &mut Budget<'_>,
) -> Result<OctalReport, EngineError> {
    solve_stored(rules, limits, RunOptions::default(), budget).map(|(report, _)| report)
}

/// What a run may use beyond [`Limits`].
pub struct RunOptions<'a> {
    /// Saves the values now and then and starts from the values found there (finite octal
    /// games; other codes ignore it). The report is the same as without it.
    pub checkpoint: Option<&'a mut dyn Checkpoint>,
    /// The most word operations of the split-set method (hexadecimal, three-heap and infinite
    /// codes), whose time grows faster than the heap count.
    pub max_work: u64,
    /// Threads for one finite octal game (1 or more; a second one lists part of the rare scan
    /// ahead, natively only). The values and the report are the same for any count.
    pub threads: usize,
    /// Finite octal games: the most work one proving run may spend, counted as the option
    /// pairs its method scans ([`fast::OctalSequence::estimated_work`]). Corollary 3.74's
    /// doubling stops before a step that would pass it, so a run stops at the same heap on
    /// every machine (the atlas's per-game cap; a timer would not be reproducible). The count
    /// starts where the run starts: a run resumed from a checkpoint counts from there, so use
    /// the cap on runs without one (the atlas has none).
    pub max_game_work: u64,
}

impl Default for RunOptions<'_> {
    fn default() -> Self {
        RunOptions {
            checkpoint: None,
            max_work: MAX_WORK,
            threads: 1,
            max_game_work: u64::MAX,
        }
    }
}

/// [`solve`] with a checkpoint and a chosen work cap.
pub fn solve_with(
    rules: &Ruleset,
    limits: Limits,
    options: RunOptions<'_>,
    budget: &mut Budget<'_>,
) -> Result<OctalReport, EngineError> {
    solve_stored(rules, limits, options, budget).map(|(report, _)| report)
}

/// [`solve_with`], also returning the values of every heap computed, in their compact
/// storage (for certificates of long runs: no copy as `u32`).
pub fn solve_with_values(
    rules: &Ruleset,
    limits: Limits,
    options: RunOptions<'_>,
    budget: &mut Budget<'_>,
) -> Result<(OctalReport, Values), EngineError> {
    solve_stored(rules, limits, options, budget)
}

/// [`solve`], also returning the values of every heap computed (for plots of long runs).
pub fn solve_keeping_values(
    rules: &Ruleset,
    limits: Limits,
    budget: &mut Budget<'_>,
) -> Result<(OctalReport, Vec<u32>), EngineError> {
    let (report, values) = solve_stored(rules, limits, RunOptions::default(), budget)?;
    let all = values.to_vec(values.len());
    Ok((report, all))
}

/// The one solver behind [`solve`] and its variants: the report and every value computed.
fn solve_stored(
    rules: &Ruleset,
    limits: Limits,
    options: RunOptions<'_>,
    budget: &mut Budget<'_>,
) -> Result<(OctalReport, Values), EngineError> {
    let fast_octal = rules.fast_method();
    let cap = if fast_octal {
        MAX_TERMS
    } else {
        MAX_GENERAL_HEAPS
    };
    if limits.terms > cap {
        return Err(EngineError::OutOfRange(format!(
            "at most {cap} heaps for {}",
            rules.code()
        )));
    }
    let heap_cap = if fast_octal {
        MAX_HEAPS
    } else {
        MAX_GENERAL_HEAPS
    };
    let max_heaps = limits.max_heaps.clamp(limits.terms, heap_cap);
    let mut report = OctalReport {
        code: rules.code(),
        ascii: rules.ascii(),
        name: rules.name().map(str::to_string),
        kind: rules.kind(),
        values: Vec::new(),
        computed: 0,
        periodicity: Periodicity::NotFound { searched: 0 },
        proof: String::new(),
        method: Method::SplitSets,
        ignore_mask: None,
        rare_count: None,
        common_count: None,
        observed: None,
    };
    if fast_octal {
        let run = run::prove_fast(rules, limits, max_heaps, options, budget)?;
        let (sequence, computed) = (run.sequence, run.computed);
        report.values = sequence.values(limits.terms);
        report.computed = computed as u64;
        report.method = sequence.method();
        report.ignore_mask = sequence.ignore_mask();
        if report.method == Method::Sparse {
            let rare = sequence.rare_count().min(computed) as u64;
            report.rare_count = Some(rare);
            report.common_count = Some(computed as u64 - rare);
        }
        match run.proven {
            Some((preperiod, period)) => {
                report.periodicity = Periodicity::Proven {
                    preperiod: preperiod as u64,
                    period: period as u64,
                    saltus: 0,
                };
                report.proof = theorem_373(rules, preperiod, period);
            }
            None => {
                report.periodicity = Periodicity::NotFound {
                    searched: computed as u64,
                };
                report.proof = unproven_proof(rules, computed as u64);
            }
        }
        let mut values = sequence.into_stored();
        values.truncate(computed);
        return Ok((report, values));
    }
    if let Some(excluded) = as_all_but(rules) {
        let set = NumberSet::from_elements(excluded.clone());
        let search = if limits.prove {
            max_heaps
        } else {
            limits.terms
        };
        report.periodicity = match set {
            Ok(set) => crate::all_but::arithmetic_period(&set, search as u64, budget)?,
            Err(_) => Periodicity::Proven {
                preperiod: 0,
                period: 1,
                saltus: 1,
            },
        };
        report.proof = if excluded.is_empty() {
            "Nim: G(n) = n".into()
        } else {
            "all-but subtraction: equal relative states (HeapLab all_but module)".into()
        };
    }
    let mut sequence = GeneralSequence::new(rules).with_max_work(options.max_work);
    sequence.extend_to(limits.terms, budget)?;
    report.values = sequence.values().to_vec();
    report.computed = limits.terms as u64;
    if report.proof.is_empty() {
        let len = if limits.prove {
            max_heaps
        } else {
            limits.terms
        };
        let first = FIRST_LENGTH.clamp(limits.terms, len);
        prove_general(rules, &mut sequence, &mut report, (first, len), budget)?;
    }
    Ok((report, Values::Wide(sequence.values().to_vec())))
}

/// The proof text of Theorem 3.73 for preperiod `n0` and period `p`.
fn theorem_373(rules: &Ruleset, n0: usize, p: usize) -> String {
    let (t, k) = (rules.max_heaps_left(), rules.length());
    format!(
        "Theorem 3.73 (t = {t}, k = {k}): G(n + {}) = G(n) checked for {} ≤ n ≤ {}",
        grouped(p as u64),
        grouped(n0.max(1) as u64),
        grouped((t as usize * n0.max(1) + (t as usize - 1) * p + k) as u64)
    )
}

/// The doubling search of a code outside the fast method, from `first` to `len` heaps:
/// Theorem 3.73 for an ordinary period of a finite code, then the Howse–Nowakowski test for a
/// growing pattern (jumping to the length it needs). A growing pattern the test cannot prove
/// within `len` heaps ends the search and is reported as observed, not proven.
fn prove_general(
    rules: &Ruleset,
    sequence: &mut GeneralSequence,
    report: &mut OctalReport,
    (first, len): (usize, usize),
    budget: &mut Budget<'_>,
) -> Result<(), EngineError> {
    let (t, k) = (rules.max_heaps_left() as usize, rules.length());
    let mut n = first;
    let mut why = String::new();
    loop {
        sequence.extend_to(n, budget)?;
        let values = sequence.values();
        report.computed = n as u64;
        if rules.is_finite() && !rules.has_modifiers() {
            if let Verdict::Proven { preperiod, period } = proof::simple_periodicity(values, t, k) {
                report.periodicity = Periodicity::Proven {
                    preperiod: preperiod as u64,
                    period: period as u64,
                    saltus: 0,
                };
                report.proof = theorem_373(rules, preperiod, period);
                return Ok(());
            }
        }
        let mut next = n.saturating_mul(2).min(len);
        report.observed = arithmetic::observe(values).filter(|p| p.saltus > 0);
        if let Some(pattern) = report.observed {
            match arithmetic::howse_nowakowski(rules, values, &pattern) {
                Test::Proven => {
                    report.periodicity = Periodicity::Proven {
                        preperiod: pattern.preperiod,
                        period: pattern.period,
                        saltus: pattern.saltus,
                    };
                    report.observed = None;
                    report.proof = format!(
                        "Howse–Nowakowski test (thesis Theorem 3.85): G(n + {}) = G(n) + {} \
                         checked on heaps 0..{n}",
                        pattern.period, pattern.saltus
                    );
                    return Ok(());
                }
                Test::Needs(needed) if needed <= len as u64 && n < len => next = needed as usize,
                Test::Needs(needed) => {
                    why = format!("the Howse–Nowakowski test needs {needed} heaps");
                    break;
                }
                Test::DoesNotApply(reason) => {
                    why = reason.to_string();
                    break;
                }
            }
        }
        // Infinite codes have no ordinary-period theorem here: one length is enough.
        if n >= len || !rules.is_finite() || rules.has_modifiers() {
            break;
        }
        n = next;
    }
    let searched = sequence.values().len();
    report.periodicity = Periodicity::NotFound {
        searched: searched as u64,
    };
    report.proof = match report.observed {
        Some(p) => format!(
            "observed, not proven: G(n + {}) = G(n) + {} for {} ≤ n < {} ({why})",
            p.period,
            p.saltus,
            grouped(p.preperiod),
            grouped(searched as u64 - p.period)
        ),
        None => unproven_proof(rules, searched as u64),
    };
    Ok(())
}

/// The proof line of a search that found no period in `searched` heaps and observed none:
/// why nothing is claimed. Both solve paths (the fast one and the general one) say it.
fn unproven_proof(rules: &Ruleset, searched: u64) -> String {
    if rules.has_modifiers() {
        "no periodicity theorem in HeapLab for codes with !, ? or = (such as Grundy's game)".into()
    } else if rules.is_finite() {
        format!(
            "not yet periodic up to {} (Theorem 3.73)",
            grouped(searched)
        )
    } else {
        "no periodicity theorem in HeapLab for this infinite code".into()
    }
}

/// Nim-values of heaps `0..terms` by the fast method (no period search).
pub fn nim_values(
    rules: &Ruleset,
    terms: usize,
    budget: &mut Budget<'_>,
) -> Result<Vec<u32>, EngineError> {
    if rules.fast_method() {
        let mut sequence = OctalSequence::new(rules);
        sequence.extend_to(terms, budget)?;
        Ok(sequence.values(terms))
    } else {
        let mut sequence = GeneralSequence::new(rules).with_max_work(MAX_WORK);
        sequence.extend_to(terms, budget)?;
        Ok(sequence.values()[..terms].to_vec())
    }
}
