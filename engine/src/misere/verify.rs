//! The proof that a candidate bipartite monoid is the misère quotient of the heaps given.
//!
//! Let `Φ` send each heap to an element of a finite commutative monoid `Q` with a subset `P`.
//! A position `x` (a sum of heaps) has image `X = Φ(x)` and the set `T` of its options' images.
//! Adding heap `h` (image `H`, options' images `T_h`) gives `(X·H, T·H ∪ X·T_h)`, so the pairs
//! `(X, T)` of all positions are the closure of `(1, ∅)` under these steps, a finite set. If
//! every pair satisfies `X ∈ P ⟺ (T ≠ ∅ and T ∩ P = ∅)`, then by induction on positions a
//! position is a misère P-position exactly when its image is in `P` (a position with no
//! options is N under misère play). If moreover `Φ` reaches every element and `Q` is reduced
//! (any two elements `a ≠ b` have some `c` with exactly one of `ac`, `bc` in `P`), then two
//! positions are indistinguishable exactly when their images are equal: `(Q, P)` is the misère
//! quotient (Plambeck, "Taming the wild", 2005; Plambeck–Siegel 2008).

use super::monoid::Monoid;
use crate::{Budget, EngineError};
use rustc_hash::{FxHashMap, FxHashSet};

/// The result of [`check`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// The candidate is the misère quotient.
    Holds,
    /// A position's outcome disagrees with its image: the heaps of one such position (a
    /// witness for the construction to refine).
    Wrong(Vec<u64>),
    /// `Φ` is not onto, or `Q` is not reduced.
    NotQuotient,
}

type Bits = Vec<u64>;

fn bits_of(order: usize, items: impl IntoIterator<Item = u32>) -> Bits {
    let mut b = vec![0u64; order.div_ceil(64).max(1)];
    for x in items {
        b[x as usize / 64] |= 1 << (x % 64);
    }
    b
}

fn members(b: &Bits) -> impl Iterator<Item = u32> + '_ {
    b.iter().enumerate().flat_map(|(w, &word)| {
        (0..64)
            .filter(move |i| word >> i & 1 == 1)
            .map(move |i| (w * 64 + i) as u32)
    })
}

/// Checks the candidate `(monoid, p)` with heap images `images[h]` and option images
/// `option_images[h]` (the images of heap `h`'s options), exploring at most `max_pairs`
/// pairs (an error past it).
pub fn check(
    monoid: &Monoid,
    p: &[bool],
    images: &[u32],
    option_images: &[Vec<u32>],
    max_pairs: usize,
    budget: &mut Budget<'_>,
) -> Result<Verdict, EngineError> {
    let order = monoid.order();
    let p_bits = bits_of(order, (0..order as u32).filter(|&x| p[x as usize]));
    let mut steps: Vec<(u32, Bits, u64)> = images
        .iter()
        .zip(option_images)
        .enumerate()
        .filter(|(_, (_, t))| !t.is_empty())
        .map(|(heap, (&h, t))| (h, bits_of(order, t.iter().copied()), heap as u64))
        .collect();
    steps.sort_unstable();
    steps.dedup_by(|a, b| a.0 == b.0 && a.1 == b.1);
    let start = (0u32, bits_of(order, []));
    // Each pair found, with the pair it came from and the heap added (for a witness).
    let mut index: FxHashMap<(u32, Bits), usize> = FxHashMap::default();
    let mut parent: Vec<(usize, u64)> = vec![(usize::MAX, 0)];
    let mut pairs = vec![start.clone()];
    index.insert(start, 0);
    let mut reached = vec![false; order];
    let mut next_pair = 0;
    while next_pair < pairs.len() {
        let (x, t) = pairs[next_pair].clone();
        reached[x as usize] = true;
        let t_is_p = t.iter().any(|&w| w != 0) && t.iter().zip(&p_bits).all(|(a, b)| a & b == 0);
        if p[x as usize] != t_is_p {
            return Ok(Verdict::Wrong(witness(&parent, next_pair)));
        }
        for (h, th, heap) in &steps {
            let next = step(monoid, x, &t, *h, th);
            if index.contains_key(&next) {
                continue;
            }
            if pairs.len() >= max_pairs {
                return Err(EngineError::OutOfRange(format!(
                    "checking the quotient needs more than {max_pairs} (element, options) pairs"
                )));
            }
            if pairs.len() & 4095 == 0 {
                budget.tick(pairs.len() as u64, max_pairs as u64)?;
            }
            index.insert(next.clone(), pairs.len());
            parent.push((next_pair, *heap));
            pairs.push(next);
        }
        next_pair += 1;
    }
    let onto = reached.iter().all(|&r| r);
    Ok(if onto && is_reduced(monoid, p) {
        Verdict::Holds
    } else {
        Verdict::NotQuotient
    })
}

/// The heaps of the position that reached pair `i` (following the parents back to `(1, ∅)`).
fn witness(parent: &[(usize, u64)], mut i: usize) -> Vec<u64> {
    let mut heaps = Vec::new();
    while i != 0 {
        heaps.push(parent[i].1);
        i = parent[i].0;
    }
    heaps.sort_unstable();
    heaps
}

/// The pair of `x + h`: `(X·H, T·H ∪ X·T_h)`.
fn step(monoid: &Monoid, x: u32, t: &Bits, h: u32, th: &Bits) -> (u32, Bits) {
    let order = monoid.order();
    let targets = members(t)
        .map(|y| monoid.mul(y, h))
        .chain(members(th).map(|y| monoid.mul(x, y)));
    (monoid.mul(x, h), bits_of(order, targets))
}

/// True when no two elements are indistinguishable (Moore's refinement of `{P, N}` by
/// multiplication with every element ends with singletons).
pub fn is_reduced(monoid: &Monoid, p: &[bool]) -> bool {
    classes(monoid, p).iter().max().map_or(0, |&m| m + 1) as usize == monoid.order()
}

/// The indistinguishability classes of the elements: `class[a] == class[b]` when `ac ∈ P ⟺
/// bc ∈ P` for every `c`.
pub fn classes(monoid: &Monoid, p: &[bool]) -> Vec<u32> {
    let n = monoid.order() as u32;
    let mut class: Vec<u32> = (0..n).map(|x| u32::from(p[x as usize])).collect();
    loop {
        let mut ids: FxHashMap<Vec<u32>, u32> = FxHashMap::default();
        let next: Vec<u32> = (0..n)
            .map(|a| {
                let sig: Vec<u32> = std::iter::once(class[a as usize])
                    .chain((0..n).map(|c| class[monoid.mul(a, c) as usize]))
                    .collect();
                let fresh = ids.len() as u32;
                *ids.entry(sig).or_insert(fresh)
            })
            .collect();
        let same = ids.len() == count(&class);
        class = next;
        if same {
            return class;
        }
    }
}

fn count(class: &[u32]) -> usize {
    class.iter().copied().collect::<FxHashSet<u32>>().len()
}
