//! A second core for one game (native only): a helper thread lists the *far* part of the
//! rare scan of [`super::fast`] ahead of the main thread.
//!
//! For a heap `n` in the block of `BLOCK` heaps starting at `a0` (a multiple of `BLOCK`), the
//! far part is every split `r + (n − k − r)` of a breaking move `k` with a rare heap
//! `FAR <= r < a0 − FAR`. Such a split reads heaps below `a0 + BLOCK − FAR` only (`r >= FAR`)
//! and needs the rare list below `a0 − FAR`, so the helper can list it while the main thread is
//! still up to `FAR − BLOCK` heaps behind `a0`; the main thread lists the other rare heaps
//! (the few below `FAR` and those near `n`) and merges the helper's set. The far range is
//! part of the block scan's range (`BLOCK <= FAR`, every move below `FAR − BLOCK`), so the
//! per-heap scan skips it as before and the result is the one-thread result, option for
//! option.
//!
//! The main thread owns the stored values; the helper reads a mirror of them in atomics
//! (two more bytes a heap while two threads run), published by a counter with
//! release/acquire order, and writes its sets into a ring of `RING` heaps, each block's slot
//! tagged (release/acquire) with the block it holds. The main thread never waits: a block whose far sets are not ready when it starts
//! is scanned whole by the main thread, and the helper skips to the block after the main
//! thread's (so a helper the system does not run costs little). The helper waits for the main
//! thread by spinning briefly, then yielding. The browser's module never
//! starts the helper (the main thread passes no [`Shared`] there).
#![cfg_attr(target_arch = "wasm32", allow(dead_code))]

use super::fast::{label, Group, Rare, BLOCK};
use std::sync::atomic::{AtomicBool, AtomicU16, AtomicU64, AtomicUsize, Ordering};

/// The least rare heap of the far part; the helper runs up to `FAR − BLOCK` heaps ahead.
/// ·354 to 2^21 heaps has 131 rare heaps, 97 of them from 128 (from 64: 111, but a helper
/// only three blocks ahead was late for a quarter to two thirds of the blocks).
pub(super) const FAR: usize = 128;
/// Heaps whose far sets the ring holds (a multiple of `BLOCK`, at least `FAR`: the helper
/// lists a block once the main thread is within `FAR − BLOCK` heaps of it, so the heaps whose
/// slots it takes are done).
const RING: usize = 256;

/// A counter on a cache line of its own (the two threads write different counters).
#[derive(Debug, Default)]
#[repr(align(64))]
struct Counter(AtomicUsize);

/// What the two threads share while they run: the values mirror, the far sets, and the
/// counters that publish them.
#[derive(Debug)]
pub(super) struct Shared<'a> {
    /// The values of heaps `0..end`, stored by the main thread as it computes them.
    mirror: &'a [AtomicU16],
    /// Words of one far set (every value and option is below `64 · words`).
    words: usize,
    /// Heaps whose values are in the mirror.
    frontier: Counter,
    /// `tags[b]`: the first heap of the block whose far sets are in the ring's block `b`.
    tags: Vec<AtomicUsize>,
    /// The main thread waits for every far set and the helper skips nothing (the tests: every
    /// block then takes the helper's path, however the system runs the threads).
    patient: bool,
    /// Set by the main thread when it stops (done, a new value width, or cancelled).
    stop: AtomicBool,
    /// Far sets of heaps `n` at `(n mod RING) · words`.
    ring: Vec<AtomicU64>,
}

impl<'a> Shared<'a> {
    /// Shared state for heaps up to `mirror.len()`, the first `start` already mirrored, with
    /// every value below `2^bits`; `patient` as the field says.
    pub(super) fn new(mirror: &'a [AtomicU16], start: usize, bits: u32, patient: bool) -> Self {
        let words = (1usize << bits).div_ceil(64);
        Shared {
            mirror,
            words,
            frontier: Counter(AtomicUsize::new(start)),
            tags: (0..RING / BLOCK)
                .map(|_| AtomicUsize::new(usize::MAX))
                .collect(),
            patient,
            stop: AtomicBool::new(false),
            ring: (0..RING * words).map(|_| AtomicU64::new(0)).collect(),
        }
    }

    /// The main thread publishes the value of heap `n` (the next one).
    #[inline]
    pub(super) fn publish(&self, n: usize, value: u32) {
        self.mirror[n].store(value as u16, Ordering::Relaxed);
        self.frontier.0.store(n + 1, Ordering::Release);
    }

    /// Heaps published so far (after the run: the mirror holds their values).
    pub(super) fn published(&self) -> usize {
        self.frontier.0.load(Ordering::Acquire)
    }

    /// Tells the helper to stop (it may be waiting for heaps that will not come).
    pub(super) fn finish(&self) {
        self.stop.store(true, Ordering::Release);
    }

    /// True when the far sets of the block holding heap `n` are listed (asked once a block).
    /// A patient main thread waits for them.
    #[inline(never)]
    pub(super) fn ready(&self, n: usize) -> bool {
        let a0 = n / BLOCK * BLOCK;
        let listed = || self.tags[a0 % RING / BLOCK].load(Ordering::Acquire) == a0;
        if self.patient {
            wait_until(listed);
        }
        listed()
    }

    /// Adds the far set of heap `n` (its block must be [`Self::ready`]) to `set`'s words;
    /// out of line, so the one-thread loop keeps its shape.
    #[inline(never)]
    pub(super) fn merge_into(&self, n: usize, set: &mut [u64]) {
        debug_assert!(self.ready(n), "heap {n}: far sets not listed");
        let at = (n % RING) * self.words;
        for (word, more) in set.iter_mut().zip(&self.ring[at..at + self.words]) {
            *word |= more.load(Ordering::Relaxed);
        }
    }

    /// The value of heap `h` (the helper reads only published heaps).
    #[inline(always)]
    fn value(&self, h: usize) -> u32 {
        u32::from(self.mirror[h].load(Ordering::Relaxed))
    }
}

/// Spins, then yields, then sleeps 50 µs at a time until `ready()`: the main thread takes
/// about 6 µs a block on ·354 (spinning covers it) and 50 µs on ·376 (where yielding alone
/// spent 2.6 s of system time on 2^21 heaps).
#[inline]
fn wait_until(ready: impl Fn() -> bool) {
    let mut tries = 0u32;
    while !ready() {
        if tries < 1024 {
            std::hint::spin_loop();
        } else if tries < 1024 + 16 {
            std::thread::yield_now();
        } else {
            std::thread::sleep(std::time::Duration::from_micros(50));
        }
        tries = tries.saturating_add(1);
    }
}

/// How often the helper came too late: on a busy machine it is not run often enough to keep
/// ahead, and then it only takes a core from the main thread or others, so it sleeps.
#[derive(Debug, Default)]
struct Lateness {
    /// Blocks skipped since the last sleep or the last long streak.
    skips: u32,
    /// Blocks listed in a row.
    streak: u32,
}

impl Lateness {
    /// Skipped blocks before a sleep.
    const MOST_SKIPS: u32 = 8;
    /// Blocks in a row that clear the count.
    const GOOD_STREAK: u32 = 64;

    /// The helper skipped the main thread's block (sleeps 5 ms after `MOST_SKIPS`).
    fn skipped(&mut self) {
        self.streak = 0;
        self.skips += 1;
        if self.skips >= Self::MOST_SKIPS {
            self.skips = 0;
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
    }

    /// The helper listed a block ahead of the main thread.
    fn listed(&mut self) {
        self.streak += 1;
        if self.streak >= Self::GOOD_STREAK {
            self.skips = 0;
        }
    }
}

/// The first rare heap of the far part of the block at `a0` and the end of that part.
pub(super) fn far_heaps(a0: usize) -> (usize, usize) {
    (FAR, a0.saturating_sub(FAR).max(FAR))
}

/// The helper thread's copy of the sparse groups: their moves, functionals and rare lists.
#[derive(Debug)]
pub(super) struct Helper {
    /// Per sparse group: its parity, moves, functional and rare heaps.
    groups: Vec<Group>,
    /// Heaps whose rarity is known (the rare lists hold every rare heap below it).
    scanned: usize,
}

impl Helper {
    /// A helper for the sparse groups among `groups`, whose rare lists hold every rare heap
    /// below `len`.
    pub(super) fn new(groups: &[Group], len: usize) -> Self {
        Helper {
            groups: groups.iter().filter(|g| g.w != 0).cloned().collect(),
            scanned: len,
        }
    }

    /// Lists the far sets of every block from the one holding heap `frontier` (the shared
    /// counter's start) up to heap `end`, or until the main thread stops.
    pub(super) fn run(mut self, shared: &Shared<'_>, end: usize) {
        let mut a0 = shared.frontier.0.load(Ordering::Acquire) / BLOCK * BLOCK;
        let mut sets = vec![0u64; BLOCK * shared.words];
        let mut late = Lateness::default();
        while a0 < end {
            let needed = (a0 + BLOCK).saturating_sub(FAR);
            wait_until(|| {
                shared.stop.load(Ordering::Acquire)
                    || shared.frontier.0.load(Ordering::Acquire) >= needed
            });
            if shared.stop.load(Ordering::Acquire) {
                return;
            }
            // The main thread has started this block and scans it: skip to the last block the
            // helper may list now, for the most time before the main thread gets there.
            let frontier = shared.frontier.0.load(Ordering::Acquire);
            if frontier >= a0 && !shared.patient {
                a0 = (frontier + FAR) / BLOCK * BLOCK - BLOCK;
                late.skipped();
                continue;
            }
            late.listed();
            self.scan_rare(shared, far_heaps(a0).1);
            sets.iter_mut().for_each(|w| *w = 0);
            self.fill(shared, a0, &mut sets);
            for (i, set) in sets.chunks(shared.words).enumerate() {
                let at = ((a0 + i) % RING) * shared.words;
                for (slot, &word) in shared.ring[at..].iter().zip(set) {
                    slot.store(word, Ordering::Relaxed);
                }
            }
            shared.tags[a0 % RING / BLOCK].store(a0, Ordering::Release);
            a0 += BLOCK;
        }
    }

    /// Adds the rare heaps below `upto` (all published) to the rare lists.
    fn scan_rare(&mut self, shared: &Shared<'_>, upto: usize) {
        while self.scanned < upto {
            let (h, value) = (self.scanned, shared.value(self.scanned));
            for group in &mut self.groups {
                if h > 0 && !group.is_common(label(value, h)) {
                    group.rare.push(Rare {
                        heap: h as u32,
                        value,
                    });
                }
            }
            self.scanned += 1;
        }
    }

    /// The far sets of the `BLOCK` heaps from `a0`, into `sets` (`words` words a heap).
    fn fill(&self, shared: &Shared<'_>, a0: usize, sets: &mut [u64]) {
        let words = shared.words;
        let (lo, hi) = far_heaps(a0);
        for group in &self.groups {
            let range = group.rare_range(lo, hi);
            for &k in &group.moves {
                for e in &group.rare[range.clone()] {
                    let base = a0 - k - e.heap as usize;
                    for i in 0..BLOCK {
                        let x = (e.value ^ shared.value(base + i)) as usize;
                        sets[i * words + (x >> 6)] |= 1 << (x & 63);
                    }
                }
            }
        }
    }
}

/// How one sequence uses the helper thread.
#[derive(Debug, Clone)]
pub(super) struct Helping {
    /// Threads for one game: with 2 or more, the helper lists the far rare scan.
    pub(super) threads: usize,
    /// The main thread waits for the helper (`OctalSequence::with_patient_helper`).
    pub(super) patient: bool,
    /// The values the helper reads.
    pub(super) mirror: Mirror,
    /// Heaps computed while the helper ran.
    pub(super) helped: usize,
    /// The next heap at which to ask whether the helper would pay.
    pub(super) next_ask: usize,
}

impl Default for Helping {
    fn default() -> Self {
        Helping {
            threads: 1,
            patient: false,
            mirror: Mirror::default(),
            helped: 0,
            next_ask: 0,
        }
    }
}

/// The mirror of the stored values that the helper reads, kept across runs of two threads
/// (two bytes a heap). A clone starts empty and is filled again when needed.
#[derive(Debug, Default)]
pub(super) struct Mirror {
    /// Heaps `0..len` hold their values; the rest is room for the next run.
    cells: Vec<AtomicU16>,
    /// Heaps mirrored.
    len: usize,
}

impl Clone for Mirror {
    fn clone(&self) -> Self {
        Mirror::default()
    }
}

impl Mirror {
    /// The mirror of heaps `0..end`, its first `count` heaps filled from `value(h)` (every
    /// value below `2^16`).
    pub(super) fn cover(
        &mut self,
        end: usize,
        count: usize,
        value: impl Fn(usize) -> u32,
    ) -> &[AtomicU16] {
        if self.cells.len() < end {
            self.cells.reserve_exact(end - self.cells.len());
            self.cells.resize_with(end, AtomicU16::default);
        }
        for h in self.len.min(count)..count {
            *self.cells[h].get_mut() = value(h) as u16;
        }
        self.len = count;
        &self.cells[..end]
    }

    /// Records that the heaps below `len` hold their values (after a run).
    pub(super) fn mirrored(&mut self, len: usize) {
        self.len = len;
    }
}
