//! A candidate quotient when heap `n` is not equivalent to any element of the previous
//! quotient `Q` (in the manner of Siegel's MisereSolver: a direct product with a cyclic
//! monoid, P marked, then reduced).
//!
//! The new heap, and any older heaps whose old elements no longer hold ("letters"), are given
//! free exponents with the guessed relation `x^(L+1) = x^(L−1)`; the trial monoid is the direct
//! product `M = Q × C^m` of the old quotient with `m` such cyclic monoids, each other heap keeping
//! its old element. Its P-portion is marked as positions reach its elements, lightest first
//! (by `32h − 1` summed over its heaps `h`): an element is P when the first position reaching
//! it has options and none of their elements is P. The coarsest congruence of the reached submonoid that keeps P (Moore's
//! refinement under multiplication by the heaps' elements) is the candidate. Every guess here
//! is checked afterwards by [`super::verify::check`]; nothing is accepted unproven.

use super::monoid::Monoid;
use crate::{Budget, EngineError};
use rustc_hash::FxHashMap;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// The most elements of a trial product `Q × C^m`.
pub const MAX_TRIAL: usize = 1 << 22;

/// A candidate quotient for heaps `0..=n`.
pub(super) struct Candidate {
    /// The monoid (element 0 the identity).
    pub monoid: Monoid,
    /// The P-portion.
    pub p: Vec<bool>,
    /// The element of each heap.
    pub images: Vec<u32>,
}

/// The trial product `Q × C^m`: element `q · radix^m + exponents`.
struct Trial<'a> {
    base: &'a Monoid,
    m: usize,
    cap: u32,
}

impl Trial<'_> {
    fn radix(&self) -> usize {
        self.cap as usize + 1
    }

    fn size(&self) -> Option<usize> {
        self.radix()
            .checked_pow(self.m as u32)?
            .checked_mul(self.base.order())
            .filter(|&s| s <= MAX_TRIAL)
    }

    fn split(&self, x: usize) -> (u32, usize) {
        let span = self.radix().pow(self.m as u32);
        ((x / span) as u32, x % span)
    }

    fn mul(&self, a: usize, b: usize) -> usize {
        let ((qa, mut ea), (qb, mut eb)) = (self.split(a), self.split(b));
        let mut e = 0;
        let mut scale = 1;
        for _ in 0..self.m {
            let s = (ea % self.radix() + eb % self.radix()) as u32;
            let s = if s <= self.cap {
                s
            } else {
                self.cap - 1 + (s - (self.cap - 1)) % 2
            };
            e += s as usize * scale;
            scale *= self.radix();
            ea /= self.radix();
            eb /= self.radix();
        }
        self.base.mul(qa, qb) as usize * self.radix().pow(self.m as u32) + e
    }
}

/// The candidate for heaps `0..=n` (`table` their options), given the old quotient `base`
/// with the old elements `base_images` of heaps `0..n` and the `letters` (heaps given free
/// exponents, `n` among them); `None` when marking meets an option not yet marked.
pub(super) fn candidate(
    base: &Monoid,
    base_images: &[u32],
    letters: &[u64],
    table: &[Vec<Vec<u64>>],
    cap: u32,
    budget: &mut Budget<'_>,
) -> Result<Option<Candidate>, EngineError> {
    let trial = Trial {
        base,
        m: letters.len(),
        cap,
    };
    let size = trial.size().ok_or_else(|| {
        EngineError::OutOfRange(format!(
            "no misère quotient found within the cap: a trial monoid of more than {MAX_TRIAL} \
             elements"
        ))
    })?;
    let span = trial.radix().pow(trial.m as u32);
    let images: Vec<usize> = (0..table.len())
        .map(|h| match letters.iter().position(|&l| l == h as u64) {
            Some(i) => trial.radix().pow(i as u32),
            None => base_images[h] as usize * span,
        })
        .collect();
    let Some((p_trial, order)) = mark(&trial, size, &images, table, budget)? else {
        return Ok(None);
    };
    Ok(Some(reduce(&trial, &p_trial, &order, &images)))
}

/// The P-portion by trial element and the elements in the order reached.
type Marked = (FxHashMap<usize, bool>, Vec<usize>);

/// Marks P on the elements reached, lightest position first; returns `P` (by trial element)
/// and the elements in the order reached.
fn mark(
    trial: &Trial<'_>,
    size: usize,
    images: &[usize],
    table: &[Vec<Vec<u64>>],
    budget: &mut Budget<'_>,
) -> Result<Option<Marked>, EngineError> {
    let heap_options: Vec<Vec<usize>> = table
        .iter()
        .map(|opts| {
            let mut v: Vec<usize> = opts
                .iter()
                .map(|o| o.iter().fold(0, |x, &h| trial.mul(x, images[h as usize])))
                .collect();
            v.sort_unstable();
            v.dedup();
            v
        })
        .collect();
    let steps: Vec<usize> = (1..table.len()).filter(|&h| !table[h].is_empty()).collect();
    let mut p: FxHashMap<usize, bool> = FxHashMap::default();
    let mut order = Vec::new();
    let mut queue = BinaryHeap::new();
    queue.push(Reverse((0u64, 0usize, Vec::<usize>::new())));
    while let Some(Reverse((weight, x, options))) = queue.pop() {
        if p.contains_key(&x) {
            continue;
        }
        let mut is_p = !options.is_empty();
        for t in &options {
            match p.get(t) {
                Some(&tp) => is_p &= !tp,
                None => return Ok(None),
            }
        }
        p.insert(x, is_p);
        order.push(x);
        if order.len() & 1023 == 0 {
            budget.tick(order.len() as u64, size as u64)?;
        }
        for &h in &steps {
            let y = trial.mul(x, images[h]);
            if p.contains_key(&y) {
                continue;
            }
            let mut ty: Vec<usize> = options.iter().map(|&t| trial.mul(t, images[h])).collect();
            ty.extend(heap_options[h].iter().map(|&t| trial.mul(x, t)));
            ty.sort_unstable();
            ty.dedup();
            queue.push(Reverse((weight + heap_weight(h), y, ty)));
        }
    }
    Ok(Some((p, order)))
}

/// The weight of a heap in the marking order, `32h − 1`: every move lowers the total (a move
/// that takes nothing still splits one heap into at least two, and leaves at most 17).
fn heap_weight(h: usize) -> u64 {
    32 * h as u64 - 1
}

/// Moore's refinement of the reached elements by P and multiplication by the heaps' elements;
/// classes are numbered in the order reached (the identity's class is 0).
fn reduce(
    trial: &Trial<'_>,
    p: &FxHashMap<usize, bool>,
    order: &[usize],
    images: &[usize],
) -> Candidate {
    let mut gens: Vec<usize> = images.to_vec();
    gens.sort_unstable();
    gens.dedup();
    let mut class: FxHashMap<usize, u32> = order.iter().map(|&x| (x, u32::from(p[&x]))).collect();
    let mut count = 0;
    loop {
        let mut ids: FxHashMap<Vec<u32>, u32> = FxHashMap::default();
        let mut next: FxHashMap<usize, u32> = FxHashMap::default();
        for &x in order {
            let sig: Vec<u32> = std::iter::once(class[&x])
                .chain(gens.iter().map(|&g| class[&trial.mul(x, g)]))
                .collect();
            let fresh = ids.len() as u32;
            next.insert(x, *ids.entry(sig).or_insert(fresh));
        }
        class = next;
        if ids.len() == count {
            break;
        }
        count = ids.len();
    }
    let mut reps: Vec<usize> = vec![usize::MAX; count];
    for &x in order {
        let c = class[&x] as usize;
        if reps[c] == usize::MAX {
            reps[c] = x;
        }
    }
    let mut table = vec![0u32; count * count];
    for a in 0..count {
        for b in a..count {
            let c = class[&trial.mul(reps[a], reps[b])];
            table[a * count + b] = c;
            table[b * count + a] = c;
        }
    }
    Candidate {
        monoid: Monoid::from_table(count, table),
        p: reps.iter().map(|x| p[x]).collect(),
        images: images.iter().map(|x| class[x]).collect(),
    }
}
