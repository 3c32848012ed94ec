//! The misère quotient of the heaps `0..=n` of a heap game (Plambeck, "Taming the wild in
//! impartial combinatorial games", INTEGERS 5 (2005) G05; Plambeck–Siegel, "Misère quotients
//! for impartial games", JCTA 115 (2008)), built heap by heap as MisereSolver does.
//!
//! For each heap in turn: if it has no moves it is the identity; otherwise each element of the
//! current quotient with the right outcome is tried as its image (a *conservative extension*);
//! if none is proven by [`super::verify::check`], the heap gets a free exponent in a trial
//! product ([`super::construct`]) with exponent cap 3, then 5 (a larger cap allows a longer
//! tail such as `x^6 = x^4`); a candidate that fails on a position gives that position's heaps
//! free exponents too, and the trial is rebuilt. Every accepted quotient is proven; when no
//! candidate is, or a cap is passed, the result is an error, never a guess.

use super::construct::{candidate, Candidate};
use super::monoid::{presentation, Monoid, Presentation};
use super::rules::HeapRules;
use super::verify::{check, Verdict};
use crate::{Budget, EngineError};

/// Caps on the construction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct QuotientCaps {
    /// The most elements a quotient may have.
    pub max_order: usize,
    /// The most `(element, options)` pairs one proof may explore.
    pub max_pairs: usize,
}

impl Default for QuotientCaps {
    fn default() -> Self {
        QuotientCaps {
            max_order: 2_000,
            max_pairs: 2_000_000,
        }
    }
}

/// The exponent caps tried for a new generator's box, in order.
const BOX_CAPS: [u32; 2] = [3, 5];

/// The most heaps given free exponents at one heap.
const MAX_LETTERS: usize = 4;

/// A proven misère quotient of heaps `0..=max_heap`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Quotient {
    /// The monoid; elements are numbered in the order of their normal forms, 0 the identity.
    pub monoid: Monoid,
    /// `p[x]`: element `x` is in the P-portion.
    pub p: Vec<bool>,
    /// The element of each heap `0..=max_heap`.
    pub heap_elements: Vec<u32>,
    /// The heaps that generate the monoid (the least heap of each new generator, in order).
    pub generator_heaps: Vec<u64>,
    /// Normal forms and relations over the generators.
    pub presentation: Presentation,
}

/// The working state of the construction.
struct Build {
    table: Vec<Vec<Vec<u64>>>,
    monoid: Monoid,
    p: Vec<bool>,
    images: Vec<u32>,
}

impl Build {
    /// The images of heap `h`'s options in the current monoid.
    fn option_images(&self, h: usize, images: &[u32]) -> Vec<u32> {
        let mut out: Vec<u32> = self.table[h]
            .iter()
            .map(|o| {
                o.iter()
                    .fold(0, |x, &g| self.monoid.mul(x, images[g as usize]))
            })
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    fn all_option_images(&self, images: &[u32]) -> Vec<Vec<u32>> {
        (0..images.len())
            .map(|h| self.option_images(h, images))
            .collect()
    }

    /// Tries heap `n` as each existing element; true when one is proven.
    fn conservative(
        &mut self,
        n: usize,
        caps: QuotientCaps,
        budget: &mut Budget<'_>,
    ) -> Result<bool, EngineError> {
        let tn = self.option_images(n, &self.images);
        let heap_is_p = tn.iter().all(|&x| !self.p[x as usize]);
        let mut images = self.images.clone();
        images.push(0);
        let mut opts = self.all_option_images(&self.images);
        opts.push(tn);
        for x in 0..self.monoid.order() as u32 {
            if self.p[x as usize] != heap_is_p {
                continue;
            }
            images[n] = x;
            if check(
                &self.monoid,
                &self.p,
                &images,
                &opts,
                caps.max_pairs,
                budget,
            )? == Verdict::Holds
            {
                self.images = images;
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Makes heap `n` a new letter of a trial product and proves the candidate built on it;
    /// when a candidate fails on a position, that position's heaps become letters too (their
    /// old elements no longer hold) and the trial is rebuilt.
    fn extend(
        &mut self,
        n: usize,
        caps: QuotientCaps,
        budget: &mut Budget<'_>,
    ) -> Result<(), EngineError> {
        let mut letters = vec![n as u64];
        loop {
            let mut promote = Vec::new();
            for cap in BOX_CAPS {
                let Some(c) = candidate(
                    &self.monoid,
                    &self.images,
                    &letters,
                    &self.table[..=n],
                    cap,
                    budget,
                )?
                else {
                    continue;
                };
                if c.monoid.order() > caps.max_order {
                    return Err(too_big(n, caps.max_order));
                }
                match self.accept(c, caps, budget)? {
                    Verdict::Holds => return Ok(()),
                    Verdict::Wrong(heaps) => promote.extend(heaps),
                    Verdict::NotQuotient => {}
                }
            }
            promote.retain(|&h| !letters.contains(&h) && !self.table[h as usize].is_empty());
            promote.sort_unstable();
            promote.dedup();
            if promote.is_empty() || letters.len() + promote.len() > MAX_LETTERS {
                return Err(EngineError::OutOfRange(format!(
                    "the misère quotient construction did not close at heap {n}: no candidate \
                     was proven"
                )));
            }
            letters.extend(promote);
        }
    }

    /// Proves candidate `c` for the heaps so far and adopts it when it holds.
    fn accept(
        &mut self,
        c: Candidate,
        caps: QuotientCaps,
        budget: &mut Budget<'_>,
    ) -> Result<Verdict, EngineError> {
        let saved = std::mem::replace(&mut self.monoid, c.monoid);
        let opts = self.all_option_images(&c.images);
        let verdict = check(&self.monoid, &c.p, &c.images, &opts, caps.max_pairs, budget)?;
        if verdict == Verdict::Holds {
            self.p = c.p;
            self.images = c.images;
        } else {
            self.monoid = saved;
        }
        Ok(verdict)
    }
}

fn too_big(n: usize, max_order: usize) -> EngineError {
    EngineError::OutOfRange(format!(
        "no misère quotient found within the cap: at heap {n} it has more than {max_order} elements"
    ))
}

/// The misère quotient of heaps `0..=max_heap`, proven, or an error when it is not found
/// within `caps`.
pub fn quotient(
    rules: &HeapRules,
    max_heap: u64,
    caps: QuotientCaps,
    budget: &mut Budget<'_>,
) -> Result<Quotient, EngineError> {
    let mut b = Build {
        table: rules.option_table(max_heap)?,
        monoid: Monoid::from_table(1, vec![0]),
        p: vec![false],
        images: vec![0],
    };
    for n in 1..=max_heap as usize {
        budget.tick(n as u64, max_heap)?;
        if b.table[n].is_empty() {
            b.images.push(0);
        } else if !b.conservative(n, caps, budget)? {
            b.extend(n, caps, budget)?;
        }
    }
    Ok(finish(b.monoid, b.p, b.images))
}

/// Picks the generator heaps, computes the presentation and numbers the elements by normal form.
fn finish(monoid: Monoid, p: Vec<bool>, images: Vec<u32>) -> Quotient {
    let mut generator_heaps = Vec::new();
    let mut gens = Vec::new();
    let mut span = vec![false; monoid.order()];
    span[0] = true;
    for (h, &x) in images.iter().enumerate() {
        if !span[x as usize] {
            generator_heaps.push(h as u64);
            gens.push(x);
            span = closure(&monoid, &gens);
        }
    }
    let pres = presentation(&monoid, &gens).expect("the heaps generate the quotient");
    let mut by_word: Vec<u32> = (0..monoid.order() as u32).collect();
    by_word.sort_by(|&a, &b| {
        let (wa, wb) = (
            &pres.normal_forms[a as usize],
            &pres.normal_forms[b as usize],
        );
        let (da, db): (u32, u32) = (wa.iter().sum(), wb.iter().sum());
        da.cmp(&db).then(wb.cmp(wa))
    });
    let mut perm = vec![0u32; monoid.order()];
    for (new, &old) in by_word.iter().enumerate() {
        perm[old as usize] = new as u32;
    }
    let mut new_p = vec![false; p.len()];
    for (old, &is_p) in p.iter().enumerate() {
        new_p[perm[old] as usize] = is_p;
    }
    let normal_forms = by_word
        .iter()
        .map(|&old| pres.normal_forms[old as usize].clone())
        .collect();
    Quotient {
        monoid: monoid.relabel(&perm),
        p: new_p,
        heap_elements: images.iter().map(|&x| perm[x as usize]).collect(),
        generator_heaps,
        presentation: Presentation {
            normal_forms,
            relations: pres.relations,
        },
    }
}

/// The elements of the submonoid generated by `gens`.
fn closure(monoid: &Monoid, gens: &[u32]) -> Vec<bool> {
    let mut span = vec![false; monoid.order()];
    span[0] = true;
    let mut stack = vec![0u32];
    while let Some(x) = stack.pop() {
        for &g in gens {
            let y = monoid.mul(x, g);
            if !span[y as usize] {
                span[y as usize] = true;
                stack.push(y);
            }
        }
    }
    span
}

impl Quotient {
    /// The element of a sum of heaps (an error for a heap beyond the quotient's).
    pub fn element(&self, heaps: &[u64]) -> Result<u32, EngineError> {
        heaps.iter().try_fold(0, |x, &h| {
            let e = self.heap_elements.get(h as usize).ok_or_else(|| {
                EngineError::OutOfRange(format!(
                    "heap {h} is beyond the quotient's heaps (0 to {})",
                    self.heap_elements.len() - 1
                ))
            })?;
            Ok(self.monoid.mul(x, *e))
        })
    }

    /// True when the sum of `heaps` is a misère P-position.
    pub fn is_p(&self, heaps: &[u64]) -> Result<bool, EngineError> {
        Ok(self.p[self.element(heaps)? as usize])
    }
}
