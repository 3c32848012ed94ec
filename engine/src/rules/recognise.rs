//! Which built-in family a rule-defined heap game equals on the heaps computed: a finite
//! subtraction set, or an octal code. The check is streamed heap by heap, so it needs no
//! option lists kept; it compares option sets, so order and repetition do not matter.

use std::collections::BTreeSet;

/// The most heaps on which an octal code is compared (its option lists grow with the heap).
pub const OCTAL_CHECK_HEAPS: u64 = 1_000;

/// A built-in game the rule equals on every heap checked.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(tag = "family", rename_all = "lowercase")]
pub enum BuiltIn {
    /// The subtraction game of this set.
    Subtraction {
        /// The set, increasing.
        set: Vec<u64>,
        /// Heaps `0..heaps` were compared.
        heaps: u64,
    },
    /// The octal game of this code (`0.` then the digits `d1 d2 …`).
    Octal {
        /// The code as HeapLab writes it, e.g. `.77`.
        code: String,
        /// Heaps `0..heaps` were compared.
        heaps: u64,
    },
}

impl BuiltIn {
    /// The link to the built-in family's page, with its proven result.
    pub fn link(&self, terms: u64) -> String {
        match self {
            BuiltIn::Subtraction { set, .. } => {
                let s: Vec<String> = set.iter().map(u64::to_string).collect();
                format!("#/subtraction?S={}&n={terms}", s.join(","))
            }
            BuiltIn::Octal { code, .. } => format!("#/octal?code={code}"),
        }
    }

    /// One line: "the subtraction game S = {1, 2} on heaps 0..999".
    pub fn describe(&self) -> String {
        match self {
            BuiltIn::Subtraction { set, heaps } => {
                let s: Vec<String> = set.iter().map(u64::to_string).collect();
                format!(
                    "the subtraction game S = {{{}}} on heaps 0..{}",
                    s.join(", "),
                    heaps.saturating_sub(1)
                )
            }
            BuiltIn::Octal { code, heaps } => {
                format!(
                    "the octal game {code} on heaps 0..{}",
                    heaps.saturating_sub(1)
                )
            }
        }
    }
}

/// The streamed comparison: fed each heap's options in order `0, 1, 2, …`.
#[derive(Debug, Default)]
pub struct Recogniser {
    heaps: u64,
    subtraction: Option<BTreeSet<u64>>,
    /// Octal digits learned so far (`digits[k]` for `k ≥ 1`), while still consistent.
    octal: Option<Vec<u8>>,
}

impl Recogniser {
    /// A comparison that has seen no heap.
    pub fn new() -> Self {
        Recogniser {
            heaps: 0,
            subtraction: Some(BTreeSet::new()),
            octal: Some(vec![0]),
        }
    }

    /// How many heaps have been fed (the next heap to feed).
    pub fn heaps(&self) -> u64 {
        self.heaps
    }

    /// Feeds heap `n`'s options (`n` must be the number of heaps fed so far).
    pub fn feed(&mut self, n: u64, options: &[Vec<u64>]) {
        debug_assert_eq!(n, self.heaps);
        self.heaps += 1;
        if self.subtraction.is_none() && (self.octal.is_none() || n >= OCTAL_CHECK_HEAPS) {
            return;
        }
        let set = canonical(options);
        if let Some(s) = self.subtraction.as_mut() {
            if !subtraction_step(s, n, &set) {
                self.subtraction = None;
            }
        }
        if let Some(digits) = self.octal.as_mut() {
            if n >= OCTAL_CHECK_HEAPS || !octal_step(digits, n, &set) {
                self.octal = self.octal.take().filter(|_| n >= OCTAL_CHECK_HEAPS);
            }
        }
    }

    /// The built-in game matched, if any: a subtraction set first (the simpler family). A match
    /// counts only when its largest move is at most half the heaps compared, so that the
    /// comparison saw every move at work (Nim, whose moves grow with the heap, matches none).
    pub fn result(&self) -> Option<BuiltIn> {
        let settled = |largest: u64| 2 * largest <= self.heaps;
        let subtraction = self.subtraction.as_ref();
        if let Some(set) = subtraction.filter(|s| s.last().is_some_and(|&m| settled(m))) {
            return Some(BuiltIn::Subtraction {
                set: set.iter().copied().collect(),
                heaps: self.heaps,
            });
        }
        let digits = self.octal.as_ref()?;
        let last = digits.iter().rposition(|&d| d != 0).filter(|&k| k > 0)?;
        if !settled(last as u64) {
            return None;
        }
        let code: String = digits[1..=last].iter().map(|d| d.to_string()).collect();
        Some(BuiltIn::Octal {
            code: format!(".{code}"),
            heaps: self.heaps.min(OCTAL_CHECK_HEAPS),
        })
    }
}

/// Options as a set of sorted part lists.
fn canonical(options: &[Vec<u64>]) -> BTreeSet<Vec<u64>> {
    options
        .iter()
        .map(|parts| {
            let mut p = parts.clone();
            p.sort_unstable();
            p
        })
        .collect()
}

/// Heap `n` of a subtraction game has the options `[n − s]` for `s ∈ S, s < n`, and `[]` if
/// `n ∈ S`. Learns whether `n ∈ S` and checks the rest.
fn subtraction_step(s: &mut BTreeSet<u64>, n: u64, options: &BTreeSet<Vec<u64>>) -> bool {
    if options.contains(&vec![]) && n > 0 {
        s.insert(n);
    }
    let expected: BTreeSet<Vec<u64>> = s
        .iter()
        .filter(|&&x| x <= n)
        .map(|&x| if x == n { vec![] } else { vec![n - x] })
        .collect();
    expected == *options
}

/// Heap `n` of an octal game: for each `k` with digit `d_k`, remove `k` and leave nothing
/// (bit 1, `k = n`), one heap (bit 2) or two heaps (bit 4). Learns bit 1 of `d_n`, bit 2 of
/// `d_{n−1}` and bit 4 of `d_{n−2}` (the first heap where each shows), then checks the rest.
fn octal_step(digits: &mut Vec<u8>, n: u64, options: &BTreeSet<Vec<u64>>) -> bool {
    if options.iter().any(|parts| parts.len() > 2) {
        return false;
    }
    let n = n as usize;
    digits.resize(n + 1, 0);
    let learn = |digits: &mut Vec<u8>, k: usize, bit: u8, parts: Vec<u64>| {
        if k >= 1 && options.contains(&parts) {
            digits[k] |= bit;
        }
    };
    learn(digits, n, 1, vec![]);
    if n >= 2 {
        learn(digits, n - 1, 2, vec![1]);
    }
    if n >= 3 {
        learn(digits, n - 2, 4, vec![1, 1]);
    }
    octal_options(digits, n) == *options
}

fn octal_options(digits: &[u8], n: usize) -> BTreeSet<Vec<u64>> {
    let mut out = BTreeSet::new();
    for (k, &d) in digits.iter().enumerate().take(n + 1).skip(1) {
        let rest = (n - k) as u64;
        if d & 1 != 0 && rest == 0 {
            out.insert(vec![]);
        }
        if d & 2 != 0 && rest > 0 {
            out.insert(vec![rest]);
        }
        if d & 4 != 0 && rest > 1 {
            for a in 1..=rest / 2 {
                out.insert(vec![a, rest - a]);
            }
        }
    }
    out
}
