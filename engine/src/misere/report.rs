//! The one pure function the CLI and Python call: [`analyse`]; and its JSON form
//! ([`MisereReport::to_json`]), which both print.

use super::genus::Genus;
use super::monoid::{generator_name, word_text};
use super::names::name;
use super::quotient::{quotient, Quotient, QuotientCaps};
use super::rules::HeapRules;
use super::single::{single_heaps, ObservedPeriod};
use crate::octal::position::Outcome;
use crate::{Budget, EngineError};

/// The largest `max_heap` accepted.
pub const MAX_HEAP: u64 = 1_000;
/// The most heaps in a sum.
pub const MAX_SUM_HEAPS: usize = 64;
/// The positions the genus search may store (the genus list stops at the first heap past it).
pub const GENUS_STATES: usize = 200_000;

/// A generator of the quotient: its letter and the least heap that is it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Generator {
    /// `a`, `b`, ….
    pub name: String,
    /// The heap.
    pub heap: u64,
}

/// A move in a sum: which heap (index from 0), its size, and the heaps it leaves.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct MisereMove {
    /// The index of the heap in the sum.
    pub heap: usize,
    /// Its size.
    pub size: u64,
    /// The heaps left in its place (empty when it is removed).
    pub leaves: Vec<u64>,
}

/// A sum of heaps under misère play, read from the quotient.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SumReport {
    /// The heaps.
    pub heaps: Vec<u64>,
    /// Its element of the quotient (normal form).
    pub element: String,
    /// P or N under misère play.
    pub outcome: Outcome,
    /// Every move to a P-position (distinct heap sizes once each).
    pub winning_moves: Vec<MisereMove>,
}

/// Everything `heaplab misere` prints.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct MisereReport {
    /// The rules as written back.
    pub rules: String,
    /// The heaps covered: `0..=max_heap`.
    pub max_heap: u64,
    /// The quotient's order.
    pub order: usize,
    /// Its generators.
    pub generators: Vec<Generator>,
    /// Its relations, `a^2 = 1`.
    pub relations: Vec<String>,
    /// The P-portion (normal forms).
    pub p_portion: Vec<String>,
    /// The element of each heap `0..=max_heap` (normal forms).
    pub heap_elements: Vec<String>,
    /// The papers' name of the quotient, when it has one.
    pub name: Option<String>,
    /// The misère outcome of each heap alone.
    pub outcomes: Vec<Outcome>,
    /// The observed period of `outcomes` (never proven).
    pub outcome_period: Option<ObservedPeriod>,
    /// The genus of each heap the genus search reached (a prefix of the heaps).
    pub genus: Vec<Genus>,
    /// Why the genus list stops early, when it does.
    pub genus_note: Option<String>,
    /// True when every heap with a genus has a tame genus.
    pub tame: Option<bool>,
    /// The sum asked about, if any.
    pub sum: Option<SumReport>,
}

/// The misère analysis of heaps `0..=max_heap` (and of `sum`, if given): the proven quotient,
/// per-heap outcomes and genera. Errors for a bound or sum past the caps, a heap in the sum
/// beyond `max_heap`, or a quotient not found within `caps`.
pub fn analyse(
    rules: &HeapRules,
    max_heap: u64,
    sum: Option<&[u64]>,
    caps: QuotientCaps,
    budget: &mut Budget<'_>,
) -> Result<MisereReport, EngineError> {
    analyse_keeping_quotient(rules, max_heap, sum, caps, budget).map(|(report, _)| report)
}

/// [`analyse`], and the quotient itself: the web page keeps it to draw its multiplication
/// table and to answer sums and moves ([`sum_report`]) without computing again.
pub fn analyse_keeping_quotient(
    rules: &HeapRules,
    max_heap: u64,
    sum: Option<&[u64]>,
    caps: QuotientCaps,
    budget: &mut Budget<'_>,
) -> Result<(MisereReport, Quotient), EngineError> {
    check_input(max_heap, sum)?;
    let q = quotient(rules, max_heap, caps, budget)?;
    let text = |x: u32| word_text(&q.presentation.normal_forms[x as usize]);
    let outcomes: Vec<Outcome> = q
        .heap_elements
        .iter()
        .map(|&x| outcome(q.p[x as usize]))
        .collect();
    let single = single_heaps(rules, outcomes, GENUS_STATES, budget)?;
    let sum = sum.map(|heaps| sum_report(rules, &q, heaps)).transpose()?;
    let report = MisereReport {
        rules: rules.describe(),
        max_heap,
        order: q.monoid.order(),
        generators: q
            .generator_heaps
            .iter()
            .enumerate()
            .map(|(i, &heap)| Generator {
                name: generator_name(i),
                heap,
            })
            .collect(),
        relations: q
            .presentation
            .relations
            .iter()
            .map(|(l, r)| format!("{} = {}", word_text(l), word_text(r)))
            .collect(),
        p_portion: (0..q.monoid.order() as u32)
            .filter(|&x| q.p[x as usize])
            .map(text)
            .collect(),
        heap_elements: q.heap_elements.iter().map(|&x| text(x)).collect(),
        name: name(&q),
        outcomes: single.outcomes,
        outcome_period: single.outcome_period,
        genus: single.genus,
        genus_note: single.genus_note,
        tame: single.tame,
        sum,
    };
    Ok((report, q))
}

fn outcome(p: bool) -> Outcome {
    if p {
        Outcome::P
    } else {
        Outcome::N
    }
}

fn check_input(max_heap: u64, sum: Option<&[u64]>) -> Result<(), EngineError> {
    if max_heap == 0 || max_heap > MAX_HEAP {
        return Err(EngineError::OutOfRange(format!(
            "--max-heap must be between 1 and {MAX_HEAP}"
        )));
    }
    match sum {
        Some([]) => Err(EngineError::Parse(
            "--sum needs at least one heap, such as 3,5,7".into(),
        )),
        Some(heaps) if heaps.len() > MAX_SUM_HEAPS => Err(EngineError::OutOfRange(format!(
            "a sum may have at most {MAX_SUM_HEAPS} heaps (this one has {})",
            heaps.len()
        ))),
        Some(heaps) => match heaps.iter().find(|&&h| h > max_heap) {
            Some(h) => Err(EngineError::OutOfRange(format!(
                "heap {h} of the sum is larger than --max-heap {max_heap}"
            ))),
            None => Ok(()),
        },
        None => Ok(()),
    }
}

/// The sum's element, outcome and winning moves (moves to a P-position of the quotient).
pub fn sum_report(
    rules: &HeapRules,
    q: &Quotient,
    heaps: &[u64],
) -> Result<SumReport, EngineError> {
    let x = q.element(heaps)?;
    let mut winning_moves = Vec::new();
    for (i, &h) in heaps.iter().enumerate() {
        if heaps[..i].contains(&h) {
            continue;
        }
        let rest = q.element(&[&heaps[..i], &heaps[i + 1..]].concat())?;
        for leaves in rules.options(h)? {
            if q.p[q.monoid.mul(rest, q.element(&leaves)?) as usize] {
                winning_moves.push(MisereMove {
                    heap: i,
                    size: h,
                    leaves,
                });
            }
        }
    }
    Ok(SumReport {
        heaps: heaps.to_vec(),
        element: word_text(&q.presentation.normal_forms[x as usize]),
        outcome: outcome(q.p[x as usize]),
        winning_moves,
    })
}

/// `P` or `N`.
pub fn outcome_letter(o: Outcome) -> &'static str {
    match o {
        Outcome::P => "P",
        Outcome::N => "N",
    }
}

impl MisereReport {
    /// The report as `heaplab misere --format json` and Python's `heaplab.misere` give it:
    /// genera as text (`2^{0,1,3}`) and outcomes as letters, the sum's keys at the top level.
    pub fn to_json(&self) -> serde_json::Value {
        let mut v = serde_json::json!({
            "rules": self.rules,
            "max_heap": self.max_heap,
            "order": self.order,
            "generators": self.generators,
            "relations": self.relations,
            "p_portion": self.p_portion,
            "heap_elements": self.heap_elements,
            "name": self.name,
            "tame": self.tame,
            "genus": self.genus.iter().map(|g| g.text()).collect::<Vec<_>>(),
            "genus_note": self.genus_note,
            "outcomes": self.outcomes.iter().map(|&o| outcome_letter(o)).collect::<Vec<_>>(),
            "outcome_period_observed": self.outcome_period,
        });
        if let Some(sum) = &self.sum {
            v["sum"] = serde_json::json!(sum.heaps);
            v["element"] = serde_json::json!(sum.element);
            v["outcome"] = serde_json::json!(outcome_letter(sum.outcome));
            v["winning_moves"] = serde_json::json!(sum.winning_moves);
        }
        v
    }
}
