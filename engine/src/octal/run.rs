//! The proving run of a finite octal game: Corollary 3.74's doubling over the fast sequence,
//! with the lean Theorem 3.73 check, and checkpoints so a run of hours can stop and resume.
//!
//! A resumed run repeats every proof attempt of the uninterrupted run on the same prefixes
//! (the stored values are the same values), so its report is identical.

use super::fast::OctalSequence;
use super::proof::{self, Verdict};
use super::store::Values;
use super::{Limits, Ruleset, RunOptions};
use crate::{Budget, EngineError};

/// The length of the first proof attempt when proving.
const FIRST_LENGTH: usize = 1 << 12;
/// Heaps computed between two offers to save a checkpoint.
const CHUNK: usize = 1 << 20;

/// Where a long run saves its values and finds them again.
pub trait Checkpoint {
    /// Values saved by an earlier run of the same code, if any (the caller checks the code).
    fn load(&mut self) -> Result<Option<Values>, EngineError>;
    /// True when it is time to save (asked every few million heaps).
    fn due(&mut self) -> bool;
    /// Saves the values computed so far.
    fn save(&mut self, values: &Values) -> Result<(), EngineError>;
}

/// The end of a fast run: the sequence, how far it counts, and the proof if found.
pub struct FastRun {
    /// The sequence (at least `computed` heaps).
    pub sequence: OctalSequence,
    /// Heaps the report counts as computed (the last proof attempt's length).
    pub computed: usize,
    /// `(preperiod, period)` when proven.
    pub proven: Option<(usize, usize)>,
}

/// Computes and, when `limits.prove`, doubles until Theorem 3.73 proves the period,
/// `max_heaps` is reached or the next length would pass `options.max_game_work`, on up to
/// `options.threads` threads.
pub fn prove_fast(
    rules: &Ruleset,
    limits: Limits,
    max_heaps: usize,
    options: RunOptions<'_>,
    budget: &mut Budget<'_>,
) -> Result<FastRun, EngineError> {
    let (mut checkpoint, threads) = (options.checkpoint, options.threads);
    let mut spent = 0u64;
    let mut sequence = match checkpoint.as_mut().map(|c| c.load()).transpose()?.flatten() {
        Some(values) => OctalSequence::resume(rules, values),
        None => OctalSequence::new(rules),
    }
    .with_threads(threads);
    let (t, k) = (rules.max_heaps_left() as usize, rules.length());
    let mut len = if limits.prove {
        FIRST_LENGTH.clamp(limits.terms, max_heaps)
    } else {
        limits.terms
    };
    loop {
        spent = spent.saturating_add(sequence.estimated_work(len));
        extend_saving(&mut sequence, len, &mut checkpoint, budget)?;
        let verdict = if rules.has_modifiers() {
            Verdict::NotYet { needed: None }
        } else {
            proof::values_periodicity(sequence.stored(), len, t, k)
        };
        match verdict {
            Verdict::Proven { preperiod, period } => {
                return Ok(FastRun {
                    sequence,
                    computed: len,
                    proven: Some((preperiod, period)),
                })
            }
            Verdict::NotYet { needed } => {
                if !limits.prove || len >= max_heaps {
                    return Ok(FastRun {
                        sequence,
                        computed: len,
                        proven: None,
                    });
                }
                // Corollary 3.74: double, or go straight to a candidate's length if shorter.
                let doubled = len.saturating_mul(2);
                let next = match needed {
                    Some(needed) if needed > len && needed < doubled => needed.max(len + len / 4),
                    _ => doubled,
                }
                .min(max_heaps);
                if spent.saturating_add(sequence.estimated_work(next)) > options.max_game_work {
                    return Ok(FastRun {
                        sequence,
                        computed: len,
                        proven: None,
                    });
                }
                len = next;
            }
        }
    }
}

/// Extends to `len` in chunks, offering a checkpoint after each.
fn extend_saving(
    sequence: &mut OctalSequence,
    len: usize,
    checkpoint: &mut Option<&mut dyn Checkpoint>,
    budget: &mut Budget<'_>,
) -> Result<(), EngineError> {
    while sequence.len() < len {
        let step = (sequence.len() + CHUNK).min(len);
        sequence.extend_reporting(step, len, budget)?;
        if let Some(checkpoint) = checkpoint {
            if checkpoint.due() {
                checkpoint.save(sequence.stored())?;
            }
        }
    }
    Ok(())
}
