//! Finite subtraction games: a heap of `x` tokens, a move removes `s ∈ S` tokens (`s <= x`),
//! and the player who cannot move loses (normal play). Survey: Larsson, Saha, Suetsugu,
//! "A brief conversation about subtraction games", Section 2.
//!
//! Two solvers stand side by side:
//! * the fast one: outcomes are computed bit-parallel, a 64-bit word of heaps a step
//!   ([`OutcomeWords`]), from a bit array of P-positions; nim-values use a 64-bit mex mask;
//!   periods are proven by Brent's cycle finder on the window of the last `max S` values
//!   ([`crate::period`]);
//! * the reference ([`reference`]): plain loops over `bool`/`u32` arrays and a brute-force
//!   search for the least period, kept obviously correct so tests can compare the two.
//!
//! **Why the period is proven.** For `x >= max S` the value at `x` is a function of the values
//! at `x - max S .. x`, the same function at every `x`. So if the windows starting at `t` and
//! `t + p` agree, every later value agrees, and `p` is an eventual period. The least state cycle
//! is the least period, and the least preperiod is found by scanning back from `t`.

use crate::bits::BitVec;
use crate::period::{
    find_cycle, least_preperiod, Periodicity, StateMachine, WindowHash, WindowRule, WindowSequence,
};
use crate::ruleset::NumberSet;
use crate::{Budget, EngineError};

/// The largest number of heaps whose values a report lists (`terms`).
pub const MAX_TERMS: u64 = 10_000_000;

/// The largest number of heaps a period search may compute.
pub const MAX_SEARCH: u64 = 200_000_000;

/// The default number of heaps a period search computes before it gives up.
pub const DEFAULT_SEARCH: u64 = 4_000_000;

/// The outcome of a position: `P` (the previous player wins) or `N` (the next player wins).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Outcome {
    /// The player who just moved wins: every option is an N-position.
    P,
    /// The player to move wins: some option is a P-position.
    N,
}

impl Outcome {
    /// `'P'` or `'N'`.
    pub fn letter(self) -> char {
        match self {
            Outcome::P => 'P',
            Outcome::N => 'N',
        }
    }
}

/// How far to compute: the values listed and the length of the period search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Values and outcomes are listed for heaps `0..terms`.
    pub terms: u64,
    /// The period search gives up after this many heaps.
    pub search: u64,
}

impl Limits {
    /// Checked limits: `terms` in `1..=MAX_TERMS`, `search` in `1..=MAX_SEARCH`.
    pub fn new(terms: u64, search: u64) -> Result<Self, EngineError> {
        if terms == 0 || terms > MAX_TERMS {
            return Err(EngineError::OutOfRange(format!(
                "the number of terms must be between 1 and {MAX_TERMS}, not {terms}"
            )));
        }
        if search == 0 || search > MAX_SEARCH {
            return Err(EngineError::OutOfRange(format!(
                "the period search length must be between 1 and {MAX_SEARCH}, not {search}"
            )));
        }
        Ok(Limits { terms, search })
    }
}

/// The solution of a finite subtraction game: what the page, the worker and the CLI show.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SubtractionReport {
    /// The subtraction set, in increasing order.
    pub moves: Vec<u32>,
    /// Nim-values (Grundy values) of heaps `0..terms`.
    pub values: Vec<u16>,
    /// Outcomes of heaps `0..terms`; `P` exactly where the nim-value is 0.
    pub outcomes: Vec<Outcome>,
    /// Eventual period of the nim-sequence.
    pub nim_period: Periodicity,
    /// Eventual period of the outcome sequence (it divides the nim period).
    pub outcome_period: Periodicity,
}

impl SubtractionReport {
    /// The outcomes as a `P`/`N` string.
    pub fn outcome_string(&self) -> String {
        self.outcomes.iter().map(|o| o.letter()).collect()
    }
}

/// The buffers of the subtraction solvers (nim-values, P-bits, the outcome kernel), kept
/// across rulesets: a sweep over millions of sets reuses one per thread instead of growing
/// fresh vectors for every set. The `*_with` functions take one; the plain ones make a fresh
/// one, so both run the same code.
#[derive(Debug, Default)]
pub struct Workspace {
    values: Vec<u16>,
    p_bits: BitVec,
    kernel: OutcomeWords,
}

impl Workspace {
    /// An empty workspace (it grows to the largest ruleset solved in it).
    pub fn new() -> Self {
        Self::default()
    }

    /// The nim-values the last [`nim_period_with`] computed (at least preperiod + period of
    /// them when it proved a period).
    pub fn values(&self) -> &[u16] {
        &self.values
    }
}

/// Solves a finite subtraction game: nim-values, outcomes and both proven periods.
pub fn solve(
    set: &NumberSet,
    limits: Limits,
    budget: &mut Budget<'_>,
) -> Result<SubtractionReport, EngineError> {
    solve_with(&mut Workspace::new(), set, limits, budget)
}

/// [`solve`] in `workspace`, reusing its buffers.
pub fn solve_with(
    workspace: &mut Workspace,
    set: &NumberSet,
    limits: Limits,
    budget: &mut Budget<'_>,
) -> Result<SubtractionReport, EngineError> {
    let (nim_period, outcome_period) = periods_with(workspace, set, limits.search, budget)?;
    // The period search already computed a prefix of the values; extend or cut it to `terms`.
    let terms = limits.terms as usize;
    let rule = MexRule { set };
    let values = &mut workspace.values;
    while values.len() < terms {
        let next = rule.next(values);
        values.push(next);
    }
    let values = values[..terms].to_vec();
    let outcomes = values
        .iter()
        .map(|&v| if v == 0 { Outcome::P } else { Outcome::N })
        .collect();
    Ok(SubtractionReport {
        moves: set.elements().to_vec(),
        values,
        outcomes,
        nim_period,
        outcome_period,
    })
}

/// The options of heap `heap`: the pairs `(s, heap - s)` for every legal move `s`.
pub fn options(set: &NumberSet, heap: u64) -> Vec<(u32, u64)> {
    set.elements()
        .iter()
        .filter(|&&s| u64::from(s) <= heap)
        .map(|&s| (s, heap - u64::from(s)))
        .collect()
}

/// A winning move from `heap` (one to a nim-value 0 heap), given the nim-values of all heaps up
/// to `heap`; `None` when `heap` is a P-position or its value is not in `values`.
pub fn winning_move(set: &NumberSet, values: &[u16], heap: u64) -> Option<u32> {
    options(set, heap)
        .into_iter()
        .find(|&(_, target)| values.get(target as usize) == Some(&0))
        .map(|(s, _)| s)
}

/// Nim-values of heaps `0..terms` (fast: a 64-bit mex mask when `|S| < 64`).
pub fn nim_values(set: &NumberSet, terms: usize) -> Vec<u16> {
    nim_machine(set).into_values(terms)
}

/// Outcomes of heaps `0..terms`, bit-parallel: bit `x` is set when heap `x` is a P-position.
pub fn p_positions(set: &NumberSet, terms: usize) -> BitVec {
    let mut machine = OutcomeSequence::new(set);
    machine.extend_to(terms);
    let mut bits = machine.p_bits;
    if bits.len() > terms {
        let mut cut = BitVec::with_capacity(terms);
        let mut at = 0;
        while at < terms {
            let take = (terms - at).min(64);
            cut.push_bits(bits.get_word(at as i64), take as u32);
            at += take;
        }
        bits = cut;
    }
    bits
}

/// The proven eventual period of the nim-sequence, searching at most `search` heaps.
pub fn nim_period(
    set: &NumberSet,
    search: u64,
    budget: &mut Budget<'_>,
) -> Result<Periodicity, EngineError> {
    nim_period_and_values(set, search, budget).map(|(period, _)| period)
}

/// [`nim_period`] and the nim-values the search computed (at least preperiod + period of
/// them when a period is proven), so a caller such as the sweep can read the maximum value or
/// the periodic part without solving the game a second time.
pub fn nim_period_and_values(
    set: &NumberSet,
    search: u64,
    budget: &mut Budget<'_>,
) -> Result<(Periodicity, Vec<u16>), EngineError> {
    let mut workspace = Workspace::new();
    let period = nim_period_with(&mut workspace, set, search, budget)?;
    Ok((period, workspace.values))
}

/// The nim and outcome periodicities of `set` in `workspace` (the nim-values stay there): the
/// outcome period is read off a proven nim period ([`outcome_period_from_nim`]); only when
/// the nim search proves nothing does the outcome sequence get its own search.
pub fn periods_with(
    workspace: &mut Workspace,
    set: &NumberSet,
    search: u64,
    budget: &mut Budget<'_>,
) -> Result<(Periodicity, Periodicity), EngineError> {
    let nim = nim_period_with(workspace, set, search, budget)?;
    let outcome = match outcome_period_from_nim(&nim, &workspace.values) {
        Some(outcome) => outcome,
        None => outcome_period_with(workspace, set, search, budget)?,
    };
    Ok((nim, outcome))
}

/// The outcome periodicity implied by a proven nim periodicity and the nim-values it was proven
/// on (at least preperiod + period of them); `None` without a proven nim period.
///
/// **Why it is proven.** Heap `x` is a P-position iff its nim-value is 0, so the outcomes
/// repeat with the nim period `p` from the nim preperiod `l` on. The least eventual period `q`
/// of the outcomes divides every eventual period, so it divides `p`; a divisor `d` of `p` is an
/// eventual period iff it holds on one block `l..l + p` read cyclically (a shift by `d` that
/// holds from some heap on holds from `l` on, by `p`-periodicity). The least preperiod is then
/// found by scanning back from `l`.
pub fn outcome_period_from_nim(nim: &Periodicity, values: &[u16]) -> Option<Periodicity> {
    let (l, p) = (nim.preperiod()? as usize, nim.period()? as usize);
    if values.len() < l + p {
        return None;
    }
    let block = &values[l..l + p];
    let same = |a: &[u16], b: &[u16]| a.iter().zip(b).all(|(x, y)| (*x == 0) == (*y == 0));
    // `d` holds on the block read cyclically: its tail matches its head, its head its end.
    let q = (1..=p)
        .filter(|d| p.is_multiple_of(*d))
        .find(|&d| same(&block[d..], &block[..p - d]) && same(&block[..d], &block[p - d..]))?;
    // Below `l`, heap `x + q` is still inside the first block (`x + q < l + p`).
    let preperiod = least_preperiod(l as u64, |x| {
        (values[x as usize] == 0) == (values[x as usize + q] == 0)
    });
    Some(Periodicity::Proven {
        preperiod,
        period: q as u64,
        saltus: 0,
    })
}

/// [`nim_period`] in `workspace`; the values computed stay there ([`Workspace::values`]).
pub fn nim_period_with(
    workspace: &mut Workspace,
    set: &NumberSet,
    search: u64,
    budget: &mut Budget<'_>,
) -> Result<Periodicity, EngineError> {
    let buffer = std::mem::take(&mut workspace.values);
    let mut machine = WindowSequence::with_buffer(MexRule { set }, buffer);
    let period = machine.find_period(search, budget);
    workspace.values = machine.into_buffer();
    period
}

/// The proven eventual period of the outcome (P/N) sequence, searching at most `search` heaps.
pub fn outcome_period(
    set: &NumberSet,
    search: u64,
    budget: &mut Budget<'_>,
) -> Result<Periodicity, EngineError> {
    outcome_period_with(&mut Workspace::new(), set, search, budget)
}

/// [`outcome_period`] in `workspace`, reusing its P-bits and kernel.
pub fn outcome_period_with(
    workspace: &mut Workspace,
    set: &NumberSet,
    search: u64,
    budget: &mut Budget<'_>,
) -> Result<Periodicity, EngineError> {
    let bits = std::mem::take(&mut workspace.p_bits);
    let kernel = std::mem::take(&mut workspace.kernel);
    let mut machine = OutcomeSequence::with_storage(set, bits, kernel);
    let k = u64::from(set.max());
    let period = find_cycle(&mut machine, search.saturating_sub(k), budget).map(|cycle| {
        cycle.map_or(Periodicity::NotFound { searched: search }, |cycle| {
            proven_outcome_period(&machine.p_bits, cycle.start as usize, cycle.length as usize)
        })
    });
    (workspace.p_bits, workspace.kernel) = (machine.p_bits, machine.kernel);
    period
}

/// The proven periodicity of an outcome bit sequence that is known to repeat with period
/// `period` from heap `from` on: the least preperiod is one past the last heap before `from`
/// that breaks the period. `period` must be the least period.
pub fn proven_outcome_period(p_bits: &BitVec, from: usize, period: usize) -> Periodicity {
    let preperiod = p_bits
        .last_difference(from, period)
        .map_or(0, |y| y as u64 + 1);
    Periodicity::Proven {
        preperiod,
        period: period as u64,
        saltus: 0,
    }
}

/// The nim-value rule of a finite subtraction set: the mex of the values at `x - s`.
struct MexRule<'s> {
    set: &'s NumberSet,
}

impl WindowRule for MexRule<'_> {
    type Value = u16;

    fn window(&self) -> usize {
        self.set.max() as usize
    }

    fn next(&self, values: &[u16]) -> u16 {
        let x = values.len();
        let moves = self.set.elements();
        if moves.len() < 64 {
            let mut seen = 0u64;
            for &s in moves.iter().take_while(|&&s| s as usize <= x) {
                seen |= 1 << values[x - s as usize];
            }
            (!seen).trailing_zeros() as u16
        } else {
            let mut seen = vec![false; moves.len() + 1];
            for &s in moves.iter().take_while(|&&s| s as usize <= x) {
                seen[values[x - s as usize] as usize] = true;
            }
            seen.iter().position(|&b| !b).unwrap_or(moves.len()) as u16
        }
    }
}

/// Nim-values as a proof state machine (state `t` is the window of heaps `t..t + max S`).
type NimMachine<'s> = WindowSequence<MexRule<'s>>;

fn nim_machine(set: &NumberSet) -> NimMachine<'_> {
    WindowSequence::new(MexRule { set })
}

/// How many words [`OutcomeWords::extend`] makes at once when every move is at least
/// `64 LONG_CHUNK` (a move of `q` words reaches back past a chunk of at most `q` words).
const LONG_CHUNK: usize = 4;

/// The fast outcome rule, one storage word (64 heaps) a step: heap `x` is a P-position iff no
/// `x - s` (`s ∈ S`, `s <= x`) is one. Word `j` holds heaps `64j..64j + 64`.
///
/// A move `s >= 64` only reads earlier words, so its part of the word is two shifted loads. A
/// move `s < 64` also reads the word being made: the first guess treats those bits as N and
/// has its lowest `m = min S` bits right; each further round feeds the guess back and makes
/// `m` more bits right, so `ceil(64 / m) - 1` rounds finish the word (fewer when a round
/// changes nothing, since a round is then a fixed point). Both the subtraction solver
/// ([`OutcomeSequence`]) and the period-map cells ([`crate::period_map`]) step with it.
#[derive(Debug, Clone, Default)]
pub struct OutcomeWords {
    /// The moves `s >= 64` as `(q, r)` with `s = 64q + r`.
    long: Vec<(usize, u32)>,
    /// The moves `s < 64`.
    short: Vec<u32>,
    /// Every move, for the first words, whose reads reach before heap 0.
    moves: Vec<u32>,
    /// Refinement rounds after the first guess.
    rounds: u32,
    /// From this word index on, every read lies in words already made.
    direct_from: usize,
}

impl OutcomeWords {
    /// The kernel of `moves` (distinct and positive).
    pub fn new(moves: &[u32]) -> Self {
        let mut kernel = OutcomeWords::default();
        kernel.reset(moves);
        kernel
    }

    /// Makes this the kernel of `moves` (distinct and positive), reusing its storage.
    pub fn reset(&mut self, moves: &[u32]) {
        self.long.clear();
        self.short.clear();
        self.moves.clear();
        self.moves.extend_from_slice(moves);
        for &s in moves {
            if s >= 64 {
                self.long.push(((s / 64) as usize, s % 64));
            } else {
                self.short.push(s);
            }
        }
        self.rounds = self
            .short
            .iter()
            .min()
            .map_or(0, |&m| 64u32.div_ceil(m) - 1);
        self.direct_from = moves
            .iter()
            .map(|&s| s as usize / 64 + 1)
            .max()
            .unwrap_or(1);
    }

    /// Computes heaps until `bits` holds `words` words (its length must be a multiple of 64).
    pub fn extend(&self, bits: &mut BitVec, words: usize) {
        // The first words read before heap 0: bounds-checked reads that give 0 there, and 0
        // for the word being made.
        while bits.words().len() < words.min(self.direct_from) {
            let x = 64 * bits.words().len() as i64;
            let known = self
                .moves
                .iter()
                .fold(0, |known, &s| known | bits.get_word(x - i64::from(s)));
            let word = self.refine(known);
            bits.push_words_with(1, |_| word);
        }
        let Some(count) = words.checked_sub(bits.words().len()) else {
            return;
        };
        // Chunks pay off from a few words on (every move at least 256).
        if self.short.is_empty() && self.long.iter().all(|&(q, _)| q >= LONG_CHUNK) {
            return self.extend_long(bits, words);
        }
        bits.push_words_with(count, |words| {
            let j = words.len();
            self.word_from(|back| words[j - back])
        });
    }

    /// [`OutcomeWords::extend`] when every move is at least 256 (past the first words): the
    /// next [`LONG_CHUNK`] words read only words already made (`q = s / 64 >= 4` words back),
    /// so they are made together, one move at a time over a fixed-size chunk (a loop the
    /// compiler unrolls and vectorises; a chunk of `min q` words costs more in loop set-up than
    /// in work), and appended (not zero-filled first: a `memset` call per chunk cost 6% of a
    /// period map's instructions).
    fn extend_long(&self, bits: &mut BitVec, words: usize) {
        while bits.words().len() + LONG_CHUNK <= words {
            let all = bits.words();
            let j = all.len();
            let mut known = [0u64; LONG_CHUNK];
            for &(q, r) in &self.long {
                // Word j + i reads words j + i - q - 1 and j + i - q: `pair[i]`, `pair[i + 1]`.
                let from = j - q - 1;
                let pair: &[u64; LONG_CHUNK + 1] = all[from..=from + LONG_CHUNK]
                    .try_into()
                    .expect("a chunk and one word");
                for (i, k) in known.iter_mut().enumerate() {
                    // `>> 1 >> (63 - r)` is `>> (64 - r)` that also gives 0 for r = 0.
                    *k |= pair[i] >> 1 >> (63 - r) | pair[i + 1] << r;
                }
            }
            bits.extend_words(known.into_iter().map(|k| !k));
        }
        let rest = words.saturating_sub(bits.words().len());
        bits.push_words_with(rest, |made| {
            let j = made.len();
            self.word_from(|back| made[j - back])
        });
    }

    /// The next word, given `back(d)`, the word `d` places before it (`1 <= d <= max S / 64
    /// + 1`; 0 for words before heap 0). [`OutcomeWords::extend`] reads a growing bit array
    /// through it, the constant-memory solver ([`crate::outcome_cycle`]) a ring buffer.
    #[inline]
    pub fn word_from(&self, back: impl Fn(usize) -> u64) -> u64 {
        // Bit i of `known` is set when heap 64j + i has a P option in an earlier word.
        let mut known = 0u64;
        for &(q, r) in &self.long {
            // Heap 64j - s is bit 64 - r of word j - q - 1 (bit 0 of word j - q if r = 0):
            // one double-word shift.
            let pair = u128::from(back(q)) << 64 | u128::from(back(q + 1));
            known |= (pair >> (64 - r)) as u64;
        }
        let last = back(1);
        for &s in &self.short {
            known |= last >> (64 - s);
        }
        self.refine(known)
    }

    /// The word whose heaps have P options exactly at `known` and through moves `s < 64`
    /// inside the word itself.
    #[inline]
    fn refine(&self, known: u64) -> u64 {
        let mut word = !known;
        for _ in 0..self.rounds {
            let mut own = 0u64;
            for &s in &self.short {
                own |= word << s;
            }
            let next = !(known | own);
            if next == word {
                break;
            }
            word = next;
        }
        word
    }
}

/// The outcome sequence as a growable bit array of P-positions, and a state machine over its
/// windows (for [`find_cycle`]), computed 64 heaps a step by [`OutcomeWords`].
pub struct OutcomeSequence<'s> {
    set: &'s NumberSet,
    p_bits: BitVec,
    kernel: OutcomeWords,
    /// Index of the current state (the first heap of its window).
    at: usize,
    /// Hash of the current window of `max S` outcome bits; made on the first step, so that
    /// callers that only read the bits never pay for it.
    hash: Option<WindowHash>,
}

impl<'s> OutcomeSequence<'s> {
    /// Starts the sequence of `set` with its first `max S + 1` heaps computed.
    pub fn new(set: &'s NumberSet) -> Self {
        Self::with_storage(set, BitVec::default(), OutcomeWords::default())
    }

    /// [`OutcomeSequence::new`] in the storage of an earlier sequence (cleared and reset).
    fn with_storage(set: &'s NumberSet, mut p_bits: BitVec, mut kernel: OutcomeWords) -> Self {
        p_bits.clear();
        p_bits.reserve(4 * set.max() as usize + 256);
        kernel.reset(set.elements());
        let mut machine = OutcomeSequence {
            set,
            p_bits,
            kernel,
            at: 0,
            hash: None,
        };
        machine.extend_to(set.max() as usize + 1);
        machine
    }

    /// Makes room for `len` heaps in all, so that computing them does not reallocate.
    pub fn reserve(&mut self, len: usize) {
        self.p_bits.reserve(len.saturating_sub(self.p_bits.len()));
    }

    /// Computes P-bits until at least `len` heaps are known (a whole number of words).
    pub fn extend_to(&mut self, len: usize) {
        self.kernel.extend(&mut self.p_bits, len.div_ceil(64));
    }
}

impl OutcomeSequence<'_> {
    /// The P-position bits computed so far (at least the requested length; maybe more).
    pub fn p_bits(&self) -> &BitVec {
        &self.p_bits
    }

    /// The hash of the current window: the rolling one, or (before the first step) a fresh one.
    fn window_hash(&self) -> u64 {
        match &self.hash {
            Some(hash) => hash.value(),
            None => self.fresh_hash().value(),
        }
    }

    /// A hash of the window of `max S` bits starting at the current state.
    fn fresh_hash(&self) -> WindowHash {
        let at = self.at as i64;
        WindowHash::new((0..self.set.max()).map(|i| u64::from(self.p_bits.get(at + i64::from(i)))))
    }
}

impl StateMachine for OutcomeSequence<'_> {
    type Snapshot = (usize, u64);

    fn position(&self) -> u64 {
        self.at as u64
    }

    fn snapshot(&self) -> (usize, u64) {
        (self.at, self.window_hash())
    }

    fn matches(&self, &(start, hash): &(usize, u64)) -> bool {
        hash == self.window_hash()
            && self
                .p_bits
                .ranges_equal(start, self.at, self.set.max() as usize)
    }

    fn advance(&mut self) -> Result<(), EngineError> {
        let k = self.set.max() as usize;
        self.extend_to(self.at + k + 2);
        let leaving = self.p_bits.get(self.at as i64);
        let entering = self.p_bits.get((self.at + k) as i64);
        if self.hash.is_none() {
            self.hash = Some(self.fresh_hash());
        }
        if let Some(hash) = &mut self.hash {
            hash.roll(u64::from(leaving), u64::from(entering));
        }
        self.at += 1;
        Ok(())
    }
}

/// The slow, obviously correct reference solvers the tests compare the fast ones against.
pub mod reference {
    use crate::period::Periodicity;

    /// Nim-values by the definition: the mex of the values of `x - s` for `s ∈ S, s <= x`.
    pub fn nim_values(moves: &[u32], terms: usize) -> Vec<u32> {
        let mut values: Vec<u32> = Vec::with_capacity(terms);
        for x in 0..terms {
            let options = moves
                .iter()
                .filter(|&&s| s as usize <= x)
                .map(|&s| u64::from(values[x - s as usize]));
            values.push(crate::mex::mex(options) as u32);
        }
        values
    }

    /// Outcomes by the definition: `x` is N iff some `x - s` is P. `true` means P.
    pub fn p_positions(moves: &[u32], terms: usize) -> Vec<bool> {
        let mut p = vec![false; terms];
        for x in 0..terms {
            p[x] = !moves.iter().any(|&s| s as usize <= x && p[x - s as usize]);
        }
        p
    }

    /// Brute force: the least `p`, then the least `l`, whose windows of width `window` at
    /// `l` and `l + p` agree inside `seq`. The window argument makes that agreement a proof.
    pub fn least_period<T: PartialEq>(seq: &[T], window: usize) -> Periodicity {
        for p in 1..seq.len() {
            for l in 0..seq.len() {
                if l + p + window > seq.len() {
                    break;
                }
                if (0..window).all(|j| seq[l + j] == seq[l + p + j]) {
                    return Periodicity::Proven {
                        preperiod: l as u64,
                        period: p as u64,
                        saltus: 0,
                    };
                }
            }
        }
        Periodicity::NotFound {
            searched: seq.len() as u64,
        }
    }

    /// A quicker reference for long sequences: the least `p` whose window of width `window`
    /// ending the sequence also stands `p` heaps earlier (a proven period, and the least one once
    /// the sequence is longer than preperiod + period + window), then the least preperiod by
    /// scanning back heap by heap.
    pub fn least_period_at_tail<T: PartialEq>(seq: &[T], window: usize) -> Periodicity {
        let n = seq.len();
        for p in 1..=n.saturating_sub(window) {
            let t = n - window - p;
            if (0..window).all(|j| seq[t + j] == seq[t + p + j]) {
                let preperiod = (0..t)
                    .rev()
                    .find(|&x| seq[x] != seq[x + p])
                    .map_or(0, |x| x + 1);
                return Periodicity::Proven {
                    preperiod: preperiod as u64,
                    period: p as u64,
                    saltus: 0,
                };
            }
        }
        Periodicity::NotFound { searched: n as u64 }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(text: &str) -> NumberSet {
        NumberSet::parse(text).unwrap()
    }

    #[test]
    fn fast_values_match_reference_on_a_large_set() {
        let moves: Vec<u32> = (1..=70)
            .map(|i| i * 3 + (i % 4))
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .collect();
        let s = NumberSet::from_elements(moves.clone()).unwrap();
        let fast: Vec<u32> = nim_values(&s, 3000).into_iter().map(u32::from).collect();
        assert_eq!(fast, reference::nim_values(&moves, 3000));
    }

    #[test]
    fn limits_are_checked() {
        assert!(Limits::new(0, 10).is_err());
        assert!(Limits::new(MAX_TERMS + 1, 10).is_err());
        assert!(Limits::new(10, MAX_SEARCH + 1).is_err());
        assert!(Limits::new(10, 10).is_ok());
    }

    #[test]
    fn a_short_search_reports_not_found() {
        let s = set("2,5,7");
        let result = outcome_period(&s, 20, &mut Budget::unlimited()).unwrap();
        assert_eq!(result, Periodicity::NotFound { searched: 20 });
    }

    #[test]
    fn cancellation_stops_the_search() {
        let s = set("15,27,88,100,115");
        let mut cancel = |_done: u64, _total: u64| false;
        let mut budget = Budget::with_progress(&mut cancel);
        assert_eq!(
            outcome_period(&s, 10_000_000, &mut budget),
            Err(EngineError::Cancelled)
        );
    }

    #[test]
    fn winning_moves_lead_to_p_positions() {
        let s = set("2,5,7");
        let values = nim_values(&s, 100);
        for heap in 0..100u64 {
            match winning_move(&s, &values, heap) {
                Some(m) => assert_eq!(values[(heap - u64::from(m)) as usize], 0),
                None => assert_eq!(values[heap as usize], 0),
            }
        }
    }
}
