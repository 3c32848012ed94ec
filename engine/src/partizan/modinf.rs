//! Heap values known modulo infinitesimals, for the reduced heap solver
//! ([`super::heap::HeapSolver::new_reduced`]).
//!
//! Each heap value and each sum of heaps is kept as a [`Known`]: a form `rep` and whether it
//! is the exact value (`exact`) or only infinitesimally close to it. Replacing options by
//! infinitesimally close ones keeps a game infinitesimally close, **except** where the game
//! is a number: heap 4 of `S(1 | 2,3)` is `{{{1|0}|0} | {1|0}, 1} = 0`, but with
//! `0 ≡ {{1|0}|0}` for its Left option it would be `{0 | {1|0}, 1} = 1/2`. The argument, for a
//! heap `G` and the form `F` of its options' representatives (`F^L ≡ G^L`, `F^R ≡ G^R`):
//! stops are blind to infinitesimals, so `a = max R(G^L) = max R(F^L)` and
//! `b = min L(G^R) = min L(F^R)` (`None` for an empty side), and
//! * `a > b`: neither `G` nor `F` is a number (a number `x` has `a ≤ x ≤ b`). Then
//!   `R(G − F) ≥ 0`: each Right move of `G − F` has a Left answer in the matching option that
//!   leaves an infinitesimal `G^R − F^R` or `G^L − F^L` (right stop 0); likewise
//!   `L(G − F) ≤ 0`; and `G − F` is not a nonzero number since both have left stop `a`. So
//!   `G ≡ F`.
//! * `a = b`: each of `G`, `F` is the number `a` or a non-number with both stops `a`, so
//!   `G ≡ a ≡ F`.
//! * `a < b`: both are numbers (a non-number has left stop ≥ right stop): `G` is the simplest
//!   `x` with every `G^L ⊲ x ⊲ G^R`. That holds for every `x` strictly inside `(a, b)` and
//!   fails outside `[a, b]`; at `x = a` it holds exactly when every `G^L` with `R(G^L) = a` has
//!   `G^L ⊲ a` (likewise at `b`), which exact options settle and inexact ones leave open. When
//!   every open case gives the same simplest number, that number is `G`, exactly; otherwise
//!   the heap is undecided ([`UNDECIDED`]).
//!
//! Dominated options are pruned by their representatives, so a dropped option `q` is only
//! known to be Inf-dominated by a kept `p` (`q ≤ p` modulo infinitesimals for Left). The
//! argument above still holds with `F` built from the kept ones: in `G − F` the answer to a
//! move to `q` is `p` (`R(q − p) ≥ 0` is all it needs), and `p` has the stops of `q`'s best. For
//! the ends, `q` is dropped only when it is exact or `p` is inexact, so a kept exact `p` stands
//! for exact options truly below it (`p ⊲ a` gives `q ⊲ a`), and an inexact one leaves the end
//! open, as `q` would.

use super::game::{GameId, GameStore};
use super::number::Dyadic;
use crate::EngineError;

/// The message of the error the reduced solver gives at a heap whose value modulo
/// infinitesimals its options do not decide.
pub const UNDECIDED: &str = "a heap's value modulo infinitesimals depends on infinitesimals";

/// A value known exactly (`exact`, `rep` its canonical form) or modulo infinitesimals (`rep`
/// is infinitesimally close to it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Known {
    /// The representative form.
    pub rep: GameId,
    /// True when `rep` is the value itself.
    pub exact: bool,
}

impl Known {
    /// An exact value.
    pub fn exact(rep: GameId) -> Known {
        Known { rep, exact: true }
    }

    /// `self + other`: exact when both are; an inexact sum is kept as its reduced form.
    pub fn add(self, other: Known, store: &mut GameStore) -> Result<Known, EngineError> {
        let sum = store.add(self.rep, other.rep)?;
        Ok(if self.exact && other.exact {
            Known::exact(sum)
        } else {
            Known {
                rep: store.reduced(sum)?,
                exact: false,
            }
        })
    }
}

/// Sorts `side` in [`Known`]'s order (`rep`, then `exact`) and drops repeats, through packed
/// `u64` keys `rep << 1 | exact`: the plain `u64` sort is code the wasm module has already,
/// where a sort of `Known`s would be one more instantiation.
fn sort_dedup(side: &mut Vec<Known>) {
    let mut keys: Vec<u64> = side
        .iter()
        .map(|k| u64::from(k.rep.index()) << 1 | u64::from(k.exact))
        .collect();
    keys.sort_unstable();
    keys.dedup();
    side.clear();
    side.extend(keys.into_iter().map(|key| Known {
        rep: GameId::from_index((key >> 1) as u32),
        exact: key & 1 == 1,
    }));
}

/// The options of one side that no other dominates (Left keeps maxima, Right minima), by
/// their representatives; an inexact option beaten only by exact ones is kept (see the module
/// text). With every option exact this is plain dominance.
pub fn undominated(
    store: &mut GameStore,
    mut side: Vec<Known>,
    left: bool,
) -> Result<Vec<Known>, EngineError> {
    sort_dedup(&mut side);
    let mut kept: Vec<Known> = Vec::with_capacity(side.len());
    // `x` beats `y`: it dominates, and `y` is not an inexact option beaten by an exact one.
    let beats = |store: &mut GameStore, x: Known, y: Known| -> Result<bool, EngineError> {
        if !y.exact && x.exact {
            return Ok(false);
        }
        if left {
            store.ge(x.rep, y.rep)
        } else {
            store.le(x.rep, y.rep)
        }
    };
    'next: for a in side {
        for &b in &kept {
            if beats(store, b, a)? {
                continue 'next;
            }
        }
        let mut still = Vec::with_capacity(kept.len());
        for &b in &kept {
            if !beats(store, a, b)? {
                still.push(b);
            }
        }
        kept = still;
        kept.push(a);
    }
    Ok(kept)
}

/// The value of a heap with these options: its representative (reduced when inexact), or
/// [`UNDECIDED`]. Exact options give the exact canonical form; otherwise see the module text.
pub fn heap_value(
    store: &mut GameStore,
    left: &[Known],
    right: &[Known],
) -> Result<Known, EngineError> {
    let reps = |side: &[Known]| side.iter().map(|k| k.rep).collect::<Vec<_>>();
    if left.iter().chain(right).all(|k| k.exact) {
        return Ok(Known::exact(store.canonical(reps(left), reps(right))?));
    }
    let (a, b) = store.stops_of_options(&reps(left), &reps(right))?;
    if a.zip(b).is_none_or(|(a, b)| a < b) {
        let x = number_between(store, left, right, a, b)?;
        return Ok(Known::exact(store.number(x)?));
    }
    let form = store.canonical(reps(left), reps(right))?;
    Ok(Known {
        rep: store.reduced(form)?,
        exact: false,
    })
}

/// Case `a < b`: the simplest qualifying number of `[a, b]` ([`GameStore::number_value`]'s
/// rule), or [`UNDECIDED`] when an end that would be simpler is left open by inexact options.
fn number_between(
    store: &mut GameStore,
    left: &[Known],
    right: &[Known],
    a: Option<Dyadic>,
    b: Option<Dyadic>,
) -> Result<Dyadic, EngineError> {
    let found = store.simplest_qualifying(a, b, |store, end, on_left| {
        end_qualifies(store, if on_left { left } else { right }, end, on_left)
    })?;
    found.ok_or_else(|| EngineError::OutOfRange(UNDECIDED.into()))
}

/// Does the number `end` qualify as an end (see [`GameStore::number_value`])? `None` when an
/// inexact option with that stop leaves it open.
fn end_qualifies(
    store: &mut GameStore,
    side: &[Known],
    end: Dyadic,
    on_left: bool,
) -> Result<Option<bool>, EngineError> {
    let mut exact = Vec::with_capacity(side.len());
    for option in side {
        let (ls, rs) = store.stops(option.rep)?;
        if (if on_left { rs } else { ls }) != end {
            continue;
        }
        if !option.exact {
            return Ok(None);
        }
        exact.push(option.rep);
    }
    store.end_qualifies(&exact, end, on_left).map(Some)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sort_dedup_is_the_plain_sort_and_dedup() {
        // Every list of up to 4 options from ids 0..3 (exact or not), against `Known`'s Ord.
        let all: Vec<Known> = (0..3)
            .flat_map(|i| {
                [true, false].map(|exact| Known {
                    rep: GameId::from_index(i),
                    exact,
                })
            })
            .collect();
        for code in 0..all.len().pow(4) {
            let mut list = Vec::new();
            let mut c = code;
            for len in 0..4 {
                if len > 0 {
                    list.push(all[c % all.len()]);
                    c /= all.len();
                }
                let mut plain = list.clone();
                plain.sort_unstable();
                plain.dedup();
                let mut packed = list.clone();
                sort_dedup(&mut packed);
                assert_eq!(packed, plain, "{list:?}");
            }
        }
    }
}
