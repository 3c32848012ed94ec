//! Canonical-form sequences of partizan heap games, their outcome classes, and periodicity:
//! `G(n + p) = G(n) + s` for a game `s` (the saltus; plain periodicity when `s = 0`).
//!
//! A period is reported as proven only where an argument proves it:
//! * single-heap families (partizan subtraction; black-and-white subtraction, e.g. chessboard,
//!   when the colouring repeats with the period from the preperiod on):
//!   a heap's value and outcome are functions of the `m = max move` heaps below it, so a
//!   matching window of `m` heaps repeats for ever — the argument of Theorem 3.92's proof,
//!   which states it for outcome sequences; it applies to plain periods (saltus 0) only;
//! * partizan pure breaking games: Theorem 4.57, for an integer saltus, once the sequence
//!   satisfies `C(n) = C(n − p) + s` for `n0 + p ≤ n < k(n0 + p)`, `k` the largest cut + 1.
//!   (Its proof translates by the integer `s` with number avoidance; HeapLab applies it as
//!   printed.)
//!
//! Everything else is reported as observed up to the number of heaps computed.

use super::game::{GameId, GameStore, Outcome, WORK_CAP};
use super::heap::{Family, HeapRules, HeapSolver};
use super::modinf::UNDECIDED;
use super::number::Dyadic;
use crate::{Budget, EngineError};

/// The most heaps a sequence may hold.
pub const MAX_TERMS: usize = 20_000;
/// How many new canonical forms the period search may create (sums of hot games grow fast)
/// before it gives up and says so.
pub const PERIOD_SEARCH_NODES: usize = 100_000;
/// How many comparisons the period search may compute before it gives up and says so.
pub const PERIOD_SEARCH_WORK: u64 = 1_000_000;

/// A detected period of a sequence.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct PartizanPeriod {
    /// The first heap from which the period holds (`n0`).
    pub preperiod: usize,
    /// The least period `p` found.
    pub period: usize,
    /// The saltus `s` in notation, or `None` for a plain period.
    pub saltus: Option<String>,
    /// True when a theorem proves the period for all heaps.
    pub proven: bool,
    /// Which theorem proves it, or "observed up to N".
    pub basis: String,
}

impl PartizanPeriod {
    /// `period p from heap n0[, saltus s]`: the facts of the period, which the CLI's text and
    /// the page both print before their own label of how it is known.
    pub fn summary(&self) -> String {
        let saltus = self
            .saltus
            .as_ref()
            .map_or(String::new(), |s| format!(", saltus {s}"));
        format!(
            "period {} from heap {}{saltus}",
            self.period, self.preperiod
        )
    }
}

/// The canonical-form sequence of a heap game with its outcomes and periods.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SequenceReport {
    /// The ruleset in the thesis's notation.
    pub ruleset: String,
    /// True when `values` are reduced canonical forms.
    pub reduced: bool,
    /// Canonical (or reduced canonical) forms of heaps `0..terms`, in notation.
    pub values: Vec<String>,
    /// The outcome class (`L`, `R`, `P`, `N`) of each heap. For reduced forms computed modulo
    /// infinitesimals, only where the heap's exact form is known or the stops decide it (`?`
    /// elsewhere: `0`, `*` and `↑` share the reduced form 0).
    pub outcomes: String,
    /// The period of `values`, if one was found.
    pub period: Option<PartizanPeriod>,
    /// The period of `outcomes`, if one was found.
    pub outcome_period: Option<PartizanPeriod>,
    /// True when the period search of `values` stopped at [`PERIOD_SEARCH_NODES`].
    pub search_capped: bool,
}

/// What the period search of a sequence found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PeriodSearch {
    /// `values[n + p] = values[n] + s` for `n ≥ n0`: `(n0, p, s)`.
    Found(usize, usize, GameId),
    /// No period seen over two periods in the data.
    NotFound,
    /// The search created [`PERIOD_SEARCH_NODES`] forms or computed [`PERIOD_SEARCH_WORK`]
    /// comparisons, and stopped.
    Capped,
}

/// Canonical forms of heaps `0..terms` in `store`.
pub fn canonical_sequence(
    rules: &HeapRules,
    terms: usize,
    store: &mut GameStore,
    budget: &mut Budget<'_>,
) -> Result<Vec<GameId>, EngineError> {
    Ok(run(HeapSolver::new(rules), terms, store, budget)?
        .values()
        .to_vec())
}

/// The canonical form of the sum of `heaps` in `store` (each heap's form from
/// [`canonical_sequence`]): what a thermograph or a single-game view of a position starts from.
pub fn heaps_value(
    rules: &HeapRules,
    heaps: &[usize],
    store: &mut GameStore,
    budget: &mut Budget<'_>,
) -> Result<GameId, EngineError> {
    let terms = heaps.iter().max().map_or(0, |&h| h + 1);
    let values = canonical_sequence(rules, terms, store, budget)?;
    let games: Vec<GameId> = heaps.iter().map(|&h| values[h]).collect();
    store.sum(&games)
}

/// Reduced canonical forms of heaps `0..terms` in `store`, computed modulo infinitesimals
/// throughout ([`HeapSolver::new_reduced`]) rather than by reducing the canonical forms; an
/// error with [`UNDECIDED`] at a heap this cannot decide.
/// With each value, whether it is also the exact canonical form.
pub fn reduced_sequence(
    rules: &HeapRules,
    terms: usize,
    store: &mut GameStore,
    budget: &mut Budget<'_>,
) -> Result<Vec<(GameId, bool)>, EngineError> {
    let solver = run(HeapSolver::new_reduced(rules), terms, store, budget)?;
    Ok(solver
        .values()
        .iter()
        .copied()
        .zip(solver.exact().iter().copied())
        .collect())
}

/// Heaps `0..terms` of a fresh solver.
fn run(
    mut solver: HeapSolver,
    terms: usize,
    store: &mut GameStore,
    budget: &mut Budget<'_>,
) -> Result<HeapSolver, EngineError> {
    check_terms(terms)?;
    solver.extend_to(store, terms, budget)?;
    Ok(solver)
}

/// The outcome letter of every game infinitesimally close to `g`, or `?` when they differ:
/// a right stop above 0 makes it a Left win, a left stop below 0 a Right win, stops on both
/// sides of 0 a first-player win; otherwise an infinitesimal decides.
fn outcome_mod_inf(store: &mut GameStore, g: GameId) -> Result<char, EngineError> {
    let zero = Dyadic::integer(0);
    let (left, right) = store.stops(g)?;
    Ok(if right > zero {
        'L'
    } else if left < zero {
        'R'
    } else if left > zero && right < zero {
        'N'
    } else {
        '?'
    })
}

fn check_terms(terms: usize) -> Result<(), EngineError> {
    if terms == 0 || terms > MAX_TERMS {
        return Err(EngineError::OutOfRange(format!(
            "the number of heaps must be between 1 and {MAX_TERMS}, not {terms}"
        )));
    }
    Ok(())
}

/// The least `p` (with the least `n0`) such that `values[n + p] = values[n] + s` for every
/// `n0 ≤ n < len − p`, seen over at least two periods; with `s` (0 for a plain period).
/// With `integer_only`, only integer saltuses count (Theorem 4.57's integer periodicity).
pub fn detect_period(
    store: &mut GameStore,
    values: &[GameId],
    integer_only: bool,
    budget: &mut Budget<'_>,
) -> Result<PeriodSearch, EngineError> {
    store.set_work_limit(Some(store.work() + PERIOD_SEARCH_WORK));
    let found = search_period(store, values, integer_only, budget);
    store.set_work_limit(None);
    match found {
        Err(EngineError::OutOfRange(message)) if message == WORK_CAP => Ok(PeriodSearch::Capped),
        other => other,
    }
}

/// [`detect_period`] without its work limit.
fn search_period(
    store: &mut GameStore,
    values: &[GameId],
    integer_only: bool,
    budget: &mut Budget<'_>,
) -> Result<PeriodSearch, EngineError> {
    let len = values.len();
    let start = store.len();
    for p in 1..=len / 3 {
        budget.tick(p as u64, (len / 3) as u64)?;
        if store.len() - start > PERIOD_SEARCH_NODES {
            return Ok(PeriodSearch::Capped);
        }
        let last = len - 1 - p;
        let (high, low) = (values[last + p], values[last]);
        let saltus = if high == low {
            store.zero()
        } else if integer_only {
            // `high = low + s` for an integer `s` shifts both stops by `s`: found from the
            // stops, and checked by translating `low`, never by subtracting two large forms.
            match integer_shift(store, high, low)? {
                Some(s) => store.number(s)?,
                None => continue,
            }
        } else {
            store.sub(high, low)?
        };
        let mut n0 = last + 1;
        while n0 > 0 && shifted_by(store, values[n0 - 1], saltus, values[n0 - 1 + p])? {
            n0 -= 1;
        }
        if len - p - n0 >= 2 * p {
            return Ok(PeriodSearch::Found(n0, p, saltus));
        }
    }
    Ok(PeriodSearch::NotFound)
}

/// `low + saltus == high`, with the stops of a number `saltus` checked first (cheaply).
fn shifted_by(
    store: &mut GameStore,
    low: GameId,
    saltus: GameId,
    high: GameId,
) -> Result<bool, EngineError> {
    if let Some(s) = store.as_number(saltus) {
        let ((hl, hr), (ll, lr)) = (store.stops(high)?, store.stops(low)?);
        if hl != ll.checked_add(s)? || hr != lr.checked_add(s)? {
            return Ok(false);
        }
    }
    Ok(store.add(low, saltus)? == high)
}

/// The integer `high − low` would be: both stops must differ by that same integer.
fn integer_shift(
    store: &mut GameStore,
    high: GameId,
    low: GameId,
) -> Result<Option<Dyadic>, EngineError> {
    let ((hl, hr), (ll, lr)) = (store.stops(high)?, store.stops(low)?);
    let left = hl.checked_add(ll.negated())?;
    let same = left.is_integer() && left == hr.checked_add(lr.negated())?;
    Ok(same.then_some(left))
}

/// The least plain period of a sequence of letters, seen over at least two periods.
fn letter_period(letters: &[char]) -> Option<(usize, usize)> {
    let len = letters.len();
    (1..=len / 3).find_map(|p| {
        let mut n0 = len - p;
        while n0 > 0 && letters[n0 - 1] == letters[n0 - 1 + p] {
            n0 -= 1;
        }
        (len - p - n0 >= 2 * p).then_some((n0, p))
    })
}

/// Is a plain period from `n0` proven by the window argument (values of single-heap games
/// depend only on the `max_take` heaps below)? Needs that window inside the matched run.
fn window_proves(rules: &HeapRules, len: usize, n0: usize, p: usize) -> bool {
    rules.single_heap() && rules.colours_repeat(n0, p) && len - p - n0 >= rules.max_take()
}

/// Theorem 4.57 for pure breaking games: an integer saltus checked on `[n0 + p, k(n0 + p))`.
fn theorem_457_proves(
    store: &GameStore,
    rules: &HeapRules,
    len: usize,
    n0: usize,
    p: usize,
    saltus: GameId,
) -> bool {
    let integer = store
        .as_number(saltus)
        .is_some_and(|s| s.is_integer() && s.numerator() >= 0);
    let k = rules.max_parts();
    rules.family == Family::PureBreaking && integer && len >= k * (n0 + p)
}

/// The canonical (or, with `reduced`, reduced canonical) sequence of heaps `0..terms`, the
/// outcome classes, and their periods with what proves them.
pub fn solve(
    rules: &HeapRules,
    terms: usize,
    reduced: bool,
    budget: &mut Budget<'_>,
) -> Result<SequenceReport, EngineError> {
    let mut store = GameStore::default();
    let mut outcomes = Vec::with_capacity(terms);
    let fast = if reduced {
        match reduced_sequence(rules, terms, &mut store, budget) {
            Err(EngineError::OutOfRange(message)) if message == UNDECIDED => None,
            other => Some(other?),
        }
    } else {
        None
    };
    let values = match fast {
        Some(known) => {
            let mut values = Vec::with_capacity(terms);
            for (g, exact) in known {
                outcomes.push(if exact {
                    store.outcome(g)?.letter()
                } else {
                    outcome_mod_inf(&mut store, g)?
                });
                values.push(g);
            }
            values
        }
        // Canonical forms (reduced afterwards when asked): exact outcomes.
        None => {
            let canonical = canonical_sequence(rules, terms, &mut store, budget)?;
            let mut values = Vec::with_capacity(terms);
            for &g in &canonical {
                outcomes.push(store.outcome(g)?.letter());
                values.push(if reduced { store.reduced(g)? } else { g });
            }
            values
        }
    };
    let observed = format!("observed up to heap {}", terms - 1);
    // Pure breaking games: the least period with an integer saltus (Theorem 4.57, Table
    // 4.3) when there is one in the data; otherwise, and for other families, any saltus.
    let mut search = PeriodSearch::NotFound;
    if rules.family == Family::PureBreaking {
        search = detect_period(&mut store, &values, true, budget)?;
    }
    if search == PeriodSearch::NotFound {
        search = detect_period(&mut store, &values, false, budget)?;
    }
    let period = match search {
        PeriodSearch::Found(n0, p, saltus) => {
            let plain = saltus == store.zero();
            let (proven, basis) = if plain && window_proves(rules, terms, n0, p) {
                (true, "window argument of Theorem 3.92's proof".to_string())
            } else if theorem_457_proves(&store, rules, terms, n0, p, saltus) {
                (true, "Theorem 4.57".to_string())
            } else {
                (false, observed.clone())
            };
            Some(PartizanPeriod {
                preperiod: n0,
                period: p,
                saltus: if plain {
                    None
                } else {
                    Some(store.display(saltus)?)
                },
                proven,
                basis,
            })
        }
        PeriodSearch::NotFound | PeriodSearch::Capped => None,
    };
    // Undecided letters are not outcomes, so no outcome period is claimed among them.
    let decided = !outcomes.contains(&'?');
    let outcome_period = decided
        .then(|| letter_period(&outcomes))
        .flatten()
        .map(|(n0, p)| {
            let proven = window_proves(rules, terms, n0, p);
            PartizanPeriod {
                preperiod: n0,
                period: p,
                saltus: None,
                proven,
                basis: if proven {
                    "Theorem 3.92 (window of the largest move)".into()
                } else {
                    observed.clone()
                },
            }
        });
    let mut names = Vec::with_capacity(terms);
    for &g in &values {
        names.push(store.display(g)?);
    }
    Ok(SequenceReport {
        ruleset: rules.name.clone(),
        reduced,
        values: names,
        outcomes: outcomes.into_iter().collect(),
        period,
        outcome_period,
        search_capped: search == PeriodSearch::Capped,
    })
}

/// Outcome classes of a list of games.
pub fn outcomes(store: &mut GameStore, games: &[GameId]) -> Result<Vec<Outcome>, EngineError> {
    games.iter().map(|&g| store.outcome(g)).collect()
}

/// The mean and temperature of each heap `0..terms` (see [`super::thermograph`]), in notation.
pub fn means_and_temperatures(
    rules: &HeapRules,
    terms: usize,
    budget: &mut Budget<'_>,
) -> Result<Vec<(String, String)>, EngineError> {
    let mut store = GameStore::default();
    let values = canonical_sequence(rules, terms, &mut store, budget)?;
    values
        .iter()
        .map(|&g| {
            let (mean, temperature) = store.mean_temperature(g)?;
            Ok((mean.to_string(), temperature.to_string()))
        })
        .collect()
}
