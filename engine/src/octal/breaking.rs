//! Pure breaking games with cuts of 1 and 2 only, `PB(2)` and `PB(1,2)` = `C·`, far beyond the
//! split-set DP (thesis Section 4.4.4, Algorithms 4.6 and 4.7: 1,500,000 values of PB(1,2)).
//!
//! Heap `n` splits into two (cut 1) or three (cut 2) non-empty heaps. `G(n)` is found by testing
//! candidate values in increasing order until one is not an option:
//!
//! * **Quick exclusion** (the thesis's Observation 4.70, in the form its proof gives): a value
//!   `g = G(p)` with `p ≡ n (mod 2)`, `p <= n − 2`, is the option `H_x + H_x + H_p` with
//!   `x = (n − p)/2`, so only values with no position of `n`'s parity are tested further.
//! * **Search** (Algorithm 4.7): a binary trie over the bits of the values keeps, for each
//!   prefix, the least and the largest heap holding a value with that prefix. To learn whether
//!   `n` splits into `d` heaps whose values XOR to `g`, a depth-first search walks `d`-tuples of
//!   trie nodes, choosing child bits whose parity is `g`'s bit, and drops a tuple when `n` lies
//!   outside the sums of its least and largest heaps. The tuples are kept in increasing order
//!   (the heaps of a split are unordered), which prunes the symmetric copies.
//!
//! The candidates are the values seen only at positions of the other parity and the values not
//! seen yet, in increasing order; the first that no split reaches is `G(n)`. Tests compare the
//! values with the split-set DP of [`super::families`].

use std::collections::BTreeSet;

use crate::{Budget, EngineError};

/// The most heaps computed (memory: about 40 bytes a heap).
pub const MAX_BREAKING_HEAPS: usize = 4_000_000;
/// Heaps between two progress reports.
const TICK: usize = 1 << 12;
/// Marks a trie node holding no value yet.
const EMPTY: u32 = u32::MAX;

/// The trie over value bits: `least[i]`, `most[i]` the least and largest heap whose value has
/// the prefix of node `i` (node 1 the root, children `2i` and `2i + 1`, leaves at depth `bits`).
struct Trie {
    bits: u32,
    least: Vec<u32>,
    most: Vec<u32>,
    /// The heaps (>= 1) holding each value.
    positions: Vec<Vec<u32>>,
}

impl Trie {
    fn new(bits: u32) -> Self {
        let nodes = 2usize << bits;
        Trie {
            bits,
            least: vec![EMPTY; nodes],
            most: vec![0; nodes],
            positions: vec![Vec::new(); 1 << bits],
        }
    }

    /// Records that heap `n >= 1` has value `g`.
    fn add(&mut self, g: u32, n: u32) {
        self.positions[g as usize].push(n);
        let mut node = (1usize << self.bits) + g as usize;
        while node >= 1 {
            self.least[node] = self.least[node].min(n);
            self.most[node] = self.most[node].max(n);
            node /= 2;
        }
    }

    /// True when `n` splits into `nodes.len()` heaps with values under `nodes` (trie nodes at
    /// `depth`, in increasing order) whose XOR is `g`.
    fn search(&self, nodes: &[usize], depth: u32, n: u32, g: u32) -> bool {
        let (mut low, mut high) = (0u64, 0u64);
        for &v in nodes {
            if self.least[v] == EMPTY {
                return false;
            }
            low += u64::from(self.least[v]);
            high += u64::from(self.most[v]);
        }
        if u64::from(n) < low || u64::from(n) > high {
            return false;
        }
        if depth == self.bits {
            return self.leaves_sum_to(nodes, n);
        }
        let bit = g >> (self.bits - 1 - depth) & 1;
        let d = nodes.len();
        let mut children = [0usize; 3];
        for choice in 0..1u32 << d {
            if choice.count_ones() & 1 != bit {
                continue;
            }
            let child = |i: usize| 2 * nodes[i] + (choice >> i & 1) as usize;
            if (1..d).any(|i| child(i - 1) > child(i)) {
                continue;
            }
            for (i, c) in children[..d].iter_mut().enumerate() {
                *c = child(i);
            }
            if self.search(&children[..d], depth + 1, n, g) {
                return true;
            }
        }
        false
    }

    /// True when one heap of each leaf's value (repeats allowed) adds up to `n`.
    fn leaves_sum_to(&self, leaves: &[usize], n: u32) -> bool {
        let at = |leaf: usize| &self.positions[leaf - (1 << self.bits)];
        match leaves {
            [a, b] => at(*a).iter().any(|&x| at(*b).iter().any(|&y| x + y == n)),
            [a, b, c] => at(*a).iter().any(|&x| {
                at(*b)
                    .iter()
                    .any(|&y| at(*c).iter().any(|&z| x + y + z == n))
            }),
            _ => false,
        }
    }
}

/// The values of `PB(L)` for `L` = {2} or {1, 2}, heaps `0..terms`.
pub fn nim_values(
    cut_one: bool,
    terms: usize,
    budget: &mut Budget<'_>,
) -> Result<Vec<u32>, EngineError> {
    if terms > MAX_BREAKING_HEAPS {
        return Err(EngineError::OutOfRange(format!(
            "at most {MAX_BREAKING_HEAPS} heaps for a pure breaking game"
        )));
    }
    let bits = (usize::BITS - terms.leading_zeros()).max(4);
    let mut trie = Trie::new(bits);
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
            let excluded = |g: u32| {
                (cut_one && trie.search(&[1, 1], 0, n, g)) || trie.search(&[1, 1, 1], 0, n, g)
            };
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
        if !trie.positions[g as usize].iter().any(|&p| p & 1 != n & 1) {
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
