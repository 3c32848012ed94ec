//! Pure breaking games with cuts of 1 and 2 only, `PB(2)` and `PB(1,2)` = `C·`, far beyond the
//! split-set DP (thesis Section 4.4.4, Algorithms 4.6 and 4.7: 1,500,000 values of PB(1,2)).
//!
//! Heap `n` splits into two (cut 1) or three (cut 2) non-empty heaps. `G(n)` is found by testing
//! candidate values in increasing order until one is not an option:
//!
//! * **Quick exclusion** (the thesis's Observation 4.70, in the form its proof gives): a value
//!   `g = G(p)` with `p ≡ n (mod 2)`, `p <= n − 2`, is the option `H_x + H_x + H_p` with
//!   `x = (n − p)/2`, so only values with no position of `n`'s parity are tested further.
//! * **Search** (Algorithm 4.7, with shared subtrees): a binary trie over the bits of the
//!   values; to learn whether `n` splits into `d` heaps whose values XOR to `g`, a depth-first
//!   search walks `d`-tuples of trie nodes, choosing child bits whose parity is `g`'s bit, and
//!   drops a tuple when `n` lies outside the sums of its least and largest heaps.
//!
//! The thesis's search visits every way to share out `g`'s one-bits among the `d` heaps (about
//! `3^popcount(g)` tuples for the value itself, so the whole run is quadratic). Here a trie node
//! is named by its **shape**: its heaps written relative to its least value `b`, as the
//! deviations `heap − 2·value` under each value, hash-consed bottom-up (two nodes with equal
//! contents relative to their bases share one shape). Whether the nodes complete to a split
//! depends only on their shapes, the low bits of `g` and the rest `r = n − 2·Σ b`, so the
//! search memoises on `(height, shapes, low bits, r)`. PB(1,2)'s heaps sit within a few of
//! twice their value in a pattern that repeats, so only about 10–20 shapes exist per height
//! and the tuples collapse.
//!
//! The candidates are the values seen only at positions of the other parity and the values not
//! seen yet, in increasing order; the first that no split reaches is `G(n)`. Tests compare the
//! values with the split-set DP of [`super::families`].

use std::collections::BTreeSet;

use rustc_hash::FxHashMap;

use crate::{Budget, EngineError};

/// The most heaps computed (memory: 274 MB measured at 1,400,000 heaps, mostly the memo and
/// the shapes, both capped).
pub const MAX_BREAKING_HEAPS: usize = 4_000_000;
/// Heaps between two progress reports.
const TICK: usize = 1 << 12;
/// The shape of a node holding no heap.
const EMPTY: u32 = 0;
/// Shapes made before the unused ones are dropped (each insertion makes one per level).
const SHAPES_KEPT: usize = 1 << 21;
/// Memo entries kept before the memo is cleared.
const MEMO_KEPT: usize = 1 << 20;
/// Searches at this height and below are memoised for all later searches (their keys recur:
/// the low bits of the value take few forms); higher ones only within one search.
const SHARED_HEIGHT: u32 = 8;

/// Hash-consed node contents. A node at height `h` holds values `b..b + 2^h`; its shape keeps
/// the least and largest `heap − 2b` under it, and its two child shapes (a leaf: the index of
/// its deviation list).
struct Shapes {
    kids: Vec<[u32; 2]>,
    span: Vec<[i64; 2]>,
    /// The deviations `heap − 2·value` of each leaf shape, increasing.
    deviations: Vec<Vec<i64>>,
    inner: FxHashMap<[u32; 2], u32>,
    leaves: FxHashMap<Vec<i64>, u32>,
}

impl Shapes {
    fn new() -> Self {
        Shapes {
            kids: vec![[EMPTY; 2]],
            span: vec![[i64::MAX, i64::MIN]],
            deviations: Vec::new(),
            inner: FxHashMap::default(),
            leaves: FxHashMap::default(),
        }
    }

    fn push(&mut self, kids: [u32; 2], span: [i64; 2]) -> u32 {
        self.kids.push(kids);
        self.span.push(span);
        (self.kids.len() - 1) as u32
    }

    /// The shape of a leaf whose heaps deviate by `deviations` (increasing, non-empty).
    fn leaf(&mut self, deviations: Vec<i64>) -> u32 {
        if let Some(&id) = self.leaves.get(&deviations) {
            return id;
        }
        let span = [deviations[0], deviations[deviations.len() - 1]];
        let id = self.push([self.deviations.len() as u32, 0], span);
        self.deviations.push(deviations.clone());
        self.leaves.insert(deviations, id);
        id
    }

    /// The shape at height `h >= 1` with children `kids`.
    fn pair(&mut self, h: u32, kids: [u32; 2]) -> u32 {
        if kids == [EMPTY; 2] {
            return EMPTY;
        }
        if let Some(&id) = self.inner.get(&kids) {
            return id;
        }
        // The right child's values start 2^(h-1) higher, its heaps 2^h higher.
        let [left, right] = kids.map(|k| self.span[k as usize]);
        let shift = 1i64 << h;
        let span = [
            left[0].min(right[0].saturating_add(shift)),
            left[1].max(right[1].saturating_add(shift)),
        ];
        let id = self.push(kids, span);
        self.inner.insert(kids, id);
        id
    }
}

/// The trie over value bits: the shape of every node (node 1 the root, children `2i` and
/// `2i + 1`, leaves at depth `bits`), and the memo of the searches (valid for ever, since a
/// shape's contents never change).
struct Trie {
    bits: u32,
    node: Vec<u32>,
    shapes: Shapes,
    /// Shapes allowed before the next rebuild.
    shapes_kept: usize,
    /// The limits: shapes kept at least, memo entries kept.
    limits: Limits,
    /// `(height, sorted shapes, low bits of the value, rest) → reached` up to [`SHARED_HEIGHT`];
    /// `d = 2` pads with EMPTY.
    memo: FxHashMap<Key, bool>,
    /// The same above [`SHARED_HEIGHT`], for the current search only.
    local: FxHashMap<Key, bool>,
}

/// A memo key: height, sorted shapes, low bits of the value, rest.
type Key = (u32, [u32; 3], u32, i64);

impl Trie {
    fn new(bits: u32, limits: Limits) -> Self {
        Trie {
            bits,
            node: vec![EMPTY; 2usize << bits],
            shapes: Shapes::new(),
            shapes_kept: limits.shapes,
            limits,
            memo: FxHashMap::default(),
            local: FxHashMap::default(),
        }
    }

    /// The deviations of the heaps holding value `g` (empty when none does).
    fn deviations(&self, g: u32) -> &[i64] {
        match self.node[(1usize << self.bits) + g as usize] {
            EMPTY => &[],
            leaf => &self.shapes.deviations[self.shapes.kids[leaf as usize][0] as usize],
        }
    }

    /// Records that heap `n >= 1` has value `g`: a new leaf shape, and new shapes up its path.
    fn add(&mut self, g: u32, n: u32) {
        let mut list = self.deviations(g).to_vec();
        let deviation = i64::from(n) - 2 * i64::from(g);
        list.insert(list.partition_point(|&x| x < deviation), deviation);
        let mut i = (1usize << self.bits) + g as usize;
        self.node[i] = self.shapes.leaf(list);
        for h in 1..=self.bits {
            i /= 2;
            self.node[i] = self
                .shapes
                .pair(h, [self.node[2 * i], self.node[2 * i + 1]]);
        }
        if self.shapes.kids.len() > self.shapes_kept {
            self.rebuild();
        }
    }

    /// Drops the shapes no node uses any more (and the memo, whose names they were).
    fn rebuild(&mut self) {
        let old = std::mem::replace(&mut self.shapes, Shapes::new());
        self.memo.clear();
        let first = 1usize << self.bits;
        for i in first..2 * first {
            if self.node[i] != EMPTY {
                let list = &old.deviations[old.kids[self.node[i] as usize][0] as usize];
                self.node[i] = self.shapes.leaf(list.clone());
            }
        }
        for h in 1..=self.bits {
            for i in first >> h..first >> (h - 1) {
                self.node[i] = self
                    .shapes
                    .pair(h, [self.node[2 * i], self.node[2 * i + 1]]);
            }
        }
        self.shapes_kept = self.limits.shapes.max(2 * self.shapes.kids.len());
    }

    /// True when `n` splits into `d` (2 or 3) non-empty heaps whose values XOR to `g`.
    fn splits(&mut self, d: usize, n: u32, g: u32) -> bool {
        if g >> self.bits != 0 {
            return false;
        }
        if self.memo.len() > self.limits.memo {
            self.memo.clear();
        }
        self.local.clear();
        let mut parts = [EMPTY; 3];
        parts[..d].fill(self.node[1]);
        self.reaches(self.bits, d, parts, g, i64::from(n))
    }

    /// True when nodes of height `h` with shapes `parts[..d]` (increasing) hold one heap each
    /// whose values XOR to `g` in their low `h` bits and whose heaps add up to `r` more than
    /// twice the sum of the nodes' least values.
    fn reaches(&mut self, h: u32, d: usize, parts: [u32; 3], g: u32, r: i64) -> bool {
        let (mut low, mut high) = (0i64, 0i64);
        for &s in &parts[..d] {
            if s == EMPTY {
                return false;
            }
            let [a, b] = self.shapes.span[s as usize];
            low += a;
            high += b;
        }
        if r < low || r > high {
            return false;
        }
        if h == 0 {
            return self.leaves_reach(&parts[..d], r);
        }
        let key = (h, parts, g, r);
        let memo = if h <= SHARED_HEIGHT {
            &mut self.memo
        } else {
            &mut self.local
        };
        if let Some(&known) = memo.get(&key) {
            return known;
        }
        let found = self.children_reach(h, d, parts, g, r);
        let memo = if h <= SHARED_HEIGHT {
            &mut self.memo
        } else {
            &mut self.local
        };
        memo.insert(key, found);
        found
    }

    /// [`Self::reaches`] through the children: every choice of child bits with `g`'s top bit
    /// as parity (equal shapes take their bits in increasing order).
    fn children_reach(&mut self, h: u32, d: usize, parts: [u32; 3], g: u32, r: i64) -> bool {
        let bit = g >> (h - 1) & 1;
        let rest = g & ((1 << (h - 1)) - 1);
        for choice in 0..1u32 << d {
            let ones = choice.count_ones();
            if ones & 1 != bit
                || (1..d)
                    .any(|i| parts[i - 1] == parts[i] && choice >> (i - 1) & 1 > choice >> i & 1)
            {
                continue;
            }
            let mut next = [EMPTY; 3];
            for (i, slot) in next[..d].iter_mut().enumerate() {
                *slot = self.shapes.kids[parts[i] as usize][(choice >> i & 1) as usize];
            }
            next[..d].sort_unstable();
            if self.reaches(h - 1, d, next, rest, r - (i64::from(ones) << h)) {
                return true;
            }
        }
        false
    }

    /// True when one deviation of each leaf shape (repeats allowed) adds up to `r`.
    fn leaves_reach(&self, leaves: &[u32], r: i64) -> bool {
        let at = |s: u32| &self.shapes.deviations[self.shapes.kids[s as usize][0] as usize];
        match leaves {
            [a, b] => at(*a)
                .iter()
                .any(|&x| at(*b).binary_search(&(r - x)).is_ok()),
            [a, b, c] => at(*a).iter().any(|&x| {
                at(*b)
                    .iter()
                    .any(|&y| at(*c).binary_search(&(r - x - y)).is_ok())
            }),
            _ => false,
        }
    }
}

/// How much the search keeps: shapes before a rebuild drops the unused ones, memo entries
/// before the memo is cleared (small in tests, to exercise both).
#[derive(Clone, Copy)]
struct Limits {
    shapes: usize,
    memo: usize,
}

/// The values of `PB(L)` for `L` = {2} or {1, 2}, heaps `0..terms`.
pub fn nim_values(
    cut_one: bool,
    terms: usize,
    budget: &mut Budget<'_>,
) -> Result<Vec<u32>, EngineError> {
    let limits = Limits {
        shapes: SHAPES_KEPT,
        memo: MEMO_KEPT,
    };
    values_within(cut_one, terms, limits, budget)
}

/// [`nim_values`] with the search's `limits`.
fn values_within(
    cut_one: bool,
    terms: usize,
    limits: Limits,
    budget: &mut Budget<'_>,
) -> Result<Vec<u32>, EngineError> {
    if terms > MAX_BREAKING_HEAPS {
        return Err(EngineError::OutOfRange(format!(
            "at most {MAX_BREAKING_HEAPS} heaps for a pure breaking game"
        )));
    }
    let bits = (usize::BITS - terms.leading_zeros()).max(4);
    let mut trie = Trie::new(bits, limits);
    let mut values = Vec::with_capacity(terms);
    if terms == 0 {
        return Ok(values);
    }
    // Heap 0 (value 0) is no part of a split: 0 counts as seen at neither parity.
    values.push(0);
    // `lacking[p]`: values seen, none of them at a heap >= 1 of parity `p`.
    let mut lacking = [BTreeSet::from([0]), BTreeSet::from([0])];
    // Values below `fresh` not seen yet; every value from `fresh` on is unseen.
    let mut unseen = BTreeSet::new();
    let mut fresh = 1u32;
    for n in 1..terms as u32 {
        let g = {
            let mut excluded = |g: u32| (cut_one && trie.splits(2, n, g)) || trie.splits(3, n, g);
            let seen = lacking[(n & 1) as usize].iter();
            let mut candidates = merged(seen, unseen.iter()).chain(fresh..);
            candidates
                .find(|&g| !excluded(g))
                .expect("some value is not an option")
        };
        if g >> bits != 0 {
            return Err(EngineError::OutOfRange(format!(
                "value {g} at heap {n} is past the trie of {bits} bits"
            )));
        }
        if g >= fresh {
            unseen.extend(fresh..g);
            fresh = g + 1;
        } else {
            unseen.remove(&g);
        }
        values.push(g);
        let parity = (n & 1) as usize;
        trie.add(g, n);
        lacking[parity].remove(&g);
        if !trie
            .deviations(g)
            .iter()
            .any(|&dev| dev & 1 != i64::from(n & 1))
        {
            lacking[1 - parity].insert(g);
        }
        if (n as usize).is_multiple_of(TICK) {
            budget.tick(u64::from(n), terms as u64)?;
        }
    }
    Ok(values)
}

/// The values of two increasing iterators, merged in increasing order (without repeats).
fn merged<'a>(
    a: impl Iterator<Item = &'a u32>,
    b: impl Iterator<Item = &'a u32>,
) -> impl Iterator<Item = u32> {
    let mut a = a.copied().peekable();
    let mut b = b.copied().peekable();
    std::iter::from_fn(move || match (a.peek(), b.peek()) {
        (Some(&x), Some(&y)) if x <= y => {
            if x == y {
                b.next();
            }
            a.next()
        }
        (_, Some(_)) => b.next(),
        _ => a.next(),
    })
}

/// The values whose first two heaps are at least 6 apart, as `(value, first heap, second heap)`
/// in increasing order of value: the thesis's "exceptional values" of PB(1,2) (Table 4.4;
/// every other value's second heap follows within 5, at an odd distance).
pub fn exceptional(values: &[u32]) -> Vec<(u32, usize, usize)> {
    let mut first = vec![usize::MAX; values.len() + 1];
    let mut out = Vec::new();
    for (n, &g) in values.iter().enumerate().skip(1) {
        if g as usize >= first.len() {
            first.resize(g as usize + 1, usize::MAX);
        }
        let slot = &mut first[g as usize];
        if *slot == usize::MAX {
            *slot = n;
        } else if *slot != usize::MAX - 1 {
            if n - *slot >= 6 {
                out.push((g, *slot, n));
            }
            *slot = usize::MAX - 1;
        }
    }
    out.sort_unstable();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Rebuilds every few hundred shapes and memo clears every few hundred entries change no
    /// value (a 1,400,000-heap run of PB(1,2) makes about 1.76 million shapes, below the
    /// full-size limit, so only runs longer than that rebuild).
    #[test]
    fn small_limits_give_the_same_values() {
        let budget = &mut Budget::unlimited();
        for cut_one in [true, false] {
            let small = Limits {
                shapes: 300,
                memo: 200,
            };
            let want = nim_values(cut_one, 6_000, budget).unwrap();
            assert_eq!(values_within(cut_one, 6_000, small, budget).unwrap(), want);
        }
    }
}
