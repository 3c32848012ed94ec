//! The inner loops of the fast method's scans: the rare-heap list and its helpers, and the
//! block kernels that XOR splits and strike candidate values. Kept apart so they can be read
//! (and their vectorisation checked) on their own.

use crate::octal::store::Cell;
use crate::octal::value_set::ValueSet;

/// The largest first part `a` of a split of `m` into `a <= m − a` (Grundy's game: `a < m − a`).
#[inline(always)]
pub(super) fn last_split(m: usize, unequal: bool) -> usize {
    if unequal && m.is_multiple_of(2) {
        m / 2 - 1
    } else {
        m / 2
    }
}

/// Heaps whose rare scans are done together (a divisor of [`FIRST_REVIEW`](super::FIRST_REVIEW), so no block
/// spans a review).
pub(in crate::octal) const BLOCK: usize = 16;

/// Targets above this many are struck by inserting every split (no per-target compare).
pub(super) const MAX_TARGETS: usize = 16;

/// Targets up to this many are compared with the splits as they are XORed (no stored block):
/// ·376 strikes one or two targets over thousands of splits a heap.
pub(super) const FUSED_TARGETS: usize = 2;

/// A heap whose label is rare in a group, with its value.
#[derive(Debug, Clone, Copy)]
pub(in crate::octal) struct Rare {
    /// The heap.
    pub(in crate::octal) heap: u32,
    /// Its value.
    pub(in crate::octal) value: u32,
}

/// How many of the listed rare heaps (increasing) lie below `m = n − k`: every listed heap is
/// below `n`, so at most `k` are not, and the count is found from the end.
#[inline(always)]
pub(super) fn rare_below(rare: &[Rare], m: usize) -> usize {
    let mut end = rare.len();
    while end > 0 && rare[end - 1].heap as usize >= m {
        end -= 1;
    }
    end
}

/// Inserts `G(r) ⊕ G(m − r)` for every listed rare heap `r < m`.
#[inline(always)]
pub(super) fn rare_xors<T: Cell, S: ValueSet>(rare: &[Rare], v: &[T], m: usize, excluded: &mut S) {
    excluded.insert_all(rare.iter().map(|e| e.value ^ v[m - e.heap as usize].get()));
}

/// Splits XORed at once by the strike scan.
pub(super) const STRIKE_BLOCK: usize = 64;

/// `xors[i] = low[i] ⊕ high[len − 1 − i]` for the `len` splits of a block; a short block
/// repeats its first split, so every entry is a split's value.
#[inline(always)]
pub(super) fn split_xors<T: Cell>(low: &[T], high: &[T], xors: &mut [T; STRIKE_BLOCK]) {
    if let (Ok(low), Ok(high)) = (
        <&[T; STRIKE_BLOCK]>::try_from(low),
        <&[T; STRIKE_BLOCK]>::try_from(high),
    ) {
        // A whole block: fixed bounds, so the loop vectorizes without checks.
        for (i, x) in xors.iter_mut().enumerate() {
            *x = low[i] ^ high[STRIKE_BLOCK - 1 - i];
        }
        return;
    }
    let len = low.len().min(high.len());
    for (i, x) in xors.iter_mut().enumerate() {
        let j = if i < len { i } else { 0 };
        *x = low[j] ^ high[len - 1 - j];
    }
}

/// True when some `low[i] ⊕ high[len − 1 − i]` equals `target` (no early exit, so it
/// vectorizes; a whole block with fixed bounds).
#[inline(always)]
pub(super) fn block_has<T: Cell>(low: &[T], high: &[T], target: T) -> bool {
    if let (Ok(low), Ok(high)) = (
        <&[T; STRIKE_BLOCK]>::try_from(low),
        <&[T; STRIKE_BLOCK]>::try_from(high),
    ) {
        return (0..STRIKE_BLOCK).fold(false, |hit, i| {
            hit | (low[i] ^ high[STRIKE_BLOCK - 1 - i] == target)
        });
    }
    let len = low.len().min(high.len());
    let (low, high) = (&low[..len], &high[..len]);
    (0..len).fold(false, |hit, i| hit | (low[i] ^ high[len - 1 - i] == target))
}

/// True when `target` is among `xors` (no early exit, so it vectorizes).
#[inline(always)]
pub(super) fn xors_have<T: Cell>(xors: &[T; STRIKE_BLOCK], target: T) -> bool {
    xors.iter().fold(false, |hit, &x| hit | (x == target))
}

/// Removes from `targets`, and adds to `taken`, every target `t` for which `has(t)`; returns
/// how many it removed.
#[inline(always)]
pub(super) fn strike_each<T: Cell>(
    has: impl Fn(T) -> bool,
    targets: &mut [u64],
    taken: &mut [u64],
) -> usize {
    let mut struck_count = 0;
    for (i, (word, took)) in targets.iter_mut().zip(taken).enumerate() {
        let mut left = *word;
        while left != 0 {
            let bit = left.trailing_zeros();
            left &= left - 1;
            let hit = has(T::cell(i as u32 * 64 + bit));
            let struck = u64::from(hit) << bit;
            *word &= !struck;
            *took |= struck;
            struck_count += usize::from(hit);
        }
    }
    struck_count
}

/// How many values a bitset's words hold.
#[inline(always)]
pub(super) fn count(words: &[u64]) -> usize {
    words.iter().map(|w| w.count_ones() as usize).sum()
}
