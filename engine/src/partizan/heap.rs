//! Partizan heap rulesets and the canonical form of a heap from smaller heaps.
//!
//! Every family is a pair of code-digit style rules, one per player (thesis Def 3.99): a move
//! removes `k` tokens from one heap and leaves exactly `j` non-empty heaps for an allowed `j`.
//! * partizan subtraction `S(S_L | S_R)` (Def 3.90 / 4.41): take `s`, leave 0 or 1 heap;
//! * partizan pure breaking `PB(A | B)` (Def 4.49): an `a`-cut splits a heap into `a + 1`;
//! * duel code-digit games `D^L` versus `D^R` (Section 3.7.2), e.g. `.07` versus `.137`;
//! * black-and-white heap games (Section 3.1.4): an impartial ruleset whose heap sizes are
//!   coloured; Left may only leave black heaps and Right only white ones;
//! * chessboard subtraction (Def 4.59), the black-and-white subtraction game with even sizes
//!   black: Left may only leave a heap of even size and Right one of odd size (the print swaps
//!   the parities; its own Figure 4.5 and the proof of Theorem 4.63 use these).
//!
//! A heap's Left options are sums of `j` smaller heaps. [`HeapSolver`] keeps, for each player
//! and each `j`, the sums of `j` allowed heaps totalling `m` — only Left's maximal sums and
//! Right's minimal ones, since adding a game preserves order and dominated options vanish.

use super::game::{GameId, GameStore};
use super::modinf::{self, Known};
use crate::octal::code::Ruleset;
use crate::ruleset::NumberSet;
use crate::{Budget, EngineError};

/// The largest cut number of a pure breaking game (a move leaves at most `MAX_PARTS` heaps).
pub const MAX_CUT: u32 = 7;
/// The most heaps one move may leave.
pub const MAX_PARTS: usize = MAX_CUT as usize + 1;
/// The largest number of tokens a move may take.
pub const MAX_TAKE: usize = 10_000;

/// The impartial ruleset a black-and-white game colours, as typed: a subtraction set (or cut
/// numbers) such as `1,2`, or a code-digit code such as `.07`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Impartial<'a> {
    /// A subtraction set, or cut numbers for pure breaking.
    Set(&'a str),
    /// A code-digit code.
    Code(&'a str),
}

impl<'a> Impartial<'a> {
    /// Reads one field that holds either: text with a `.` is a code (`.07`), else a set.
    pub fn guess(text: &'a str) -> Self {
        if text.contains('.') {
            Impartial::Code(text)
        } else {
            Impartial::Set(text)
        }
    }
}

/// Which heap sizes a player may leave behind (black-and-white heap games, thesis Section
/// 3.1.4): a colouring of the sizes `0, 1, 2, …` written as a word of `b` (black: Left may
/// leave it) and `w` (white: Right may), a prefix and then a cycle repeated for ever, at most
/// [`MAX_COLOURS`] letters in all. A move that takes a whole heap leaves a heap of size 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Leaves {
    /// Bit `i` set: letter `i` of the word is black.
    bits: u64,
    /// How many letters come before the cycle.
    prefix: u8,
    /// The cycle's length (at least 1).
    cycle: u8,
}

/// The most letters a colouring word may have.
pub const MAX_COLOURS: usize = 64;

impl Leaves {
    /// Every size (the colouring `b`).
    pub const ANY: Leaves = Leaves {
        bits: 1,
        prefix: 0,
        cycle: 1,
    };
    /// Even sizes (0 counts as even when a move takes the whole heap): `bw`.
    pub const EVEN: Leaves = Leaves {
        bits: 0b01,
        prefix: 0,
        cycle: 2,
    };
    /// Odd sizes: `wb`.
    pub const ODD: Leaves = Leaves {
        bits: 0b10,
        prefix: 0,
        cycle: 2,
    };

    /// May a heap of `size` be left?
    pub fn allows(self, size: usize) -> bool {
        let (prefix, cycle) = (usize::from(self.prefix), usize::from(self.cycle));
        let i = if size < prefix {
            size
        } else {
            prefix + (size - prefix) % cycle
        };
        self.bits >> i & 1 == 1
    }

    /// The other colour: the sizes this colouring does not allow.
    pub fn complement(self) -> Leaves {
        let len = u32::from(self.prefix) + u32::from(self.cycle);
        let mask = u64::MAX >> (64 - len);
        Leaves {
            bits: !self.bits & mask,
            ..self
        }
    }

    /// Do the colours of heaps `n` and `n + p` agree for every `n ≥ n0`?
    pub fn repeats(self, n0: usize, p: usize) -> bool {
        n0 >= usize::from(self.prefix) && p.is_multiple_of(usize::from(self.cycle))
    }

    /// Parses a word such as `bw` (even sizes black), `bbw` or `wbb(bw)` (the prefix `wbb`,
    /// then `bw` repeated); without parentheses the whole word repeats.
    pub fn parse(text: &str) -> Result<Leaves, EngineError> {
        let word: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        let bad = || {
            EngineError::Parse(format!(
                "a colouring is a word of b (black, Left) and w (white, Right) letters with an optional repeated part in parentheses, e.g. bw or wbb(bw); not {text:?}"
            ))
        };
        let (prefix, cycle) = match word.split_once('(') {
            Some((p, rest)) => (p, rest.strip_suffix(')').ok_or_else(bad)?),
            None => ("", word.as_str()),
        };
        let letters = prefix.len() + cycle.len();
        if cycle.is_empty() || letters > MAX_COLOURS {
            return Err(if cycle.is_empty() {
                bad()
            } else {
                EngineError::OutOfRange(format!("a colouring of at most {MAX_COLOURS} letters"))
            });
        }
        let mut bits = 0u64;
        for (i, c) in prefix.chars().chain(cycle.chars()).enumerate() {
            match c.to_ascii_lowercase() {
                'b' => bits |= 1 << i,
                'w' => {}
                _ => return Err(bad()),
            }
        }
        Ok(Leaves {
            bits,
            prefix: prefix.len() as u8,
            cycle: cycle.len() as u8,
        })
    }

    /// The word, in the form [`Leaves::parse`] reads.
    pub fn to_text(self) -> String {
        let letter = |i: usize| if self.bits >> i & 1 == 1 { 'b' } else { 'w' };
        let prefix: String = (0..usize::from(self.prefix)).map(letter).collect();
        let end = usize::from(self.prefix) + usize::from(self.cycle);
        let cycle: String = (usize::from(self.prefix)..end).map(letter).collect();
        if prefix.is_empty() {
            cycle
        } else {
            format!("{prefix}({cycle})")
        }
    }
}

/// One player's moves: `(k, mask)` removes `k` tokens and leaves `j` non-empty heaps for each
/// bit `2^j` of `mask` (bit 0: the move takes the whole heap).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct PlayerRules {
    /// The `(k, mask)` pairs, in increasing `k`.
    pub moves: Vec<(usize, u32)>,
    /// Which heap sizes this player may leave.
    pub leaves: Leaves,
}

impl PlayerRules {
    /// The most heaps one of these moves leaves.
    pub fn max_parts(&self) -> usize {
        let mask = self.moves.iter().fold(0u32, |m, &(_, d)| m | d);
        (u32::BITS - mask.leading_zeros()).saturating_sub(1) as usize
    }
}

/// The family a ruleset belongs to (it decides which periodicity theorem applies).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Family {
    /// `S(S_L | S_R)`.
    Subtraction,
    /// `PB(A | B)`.
    PureBreaking,
    /// `D^L` versus `D^R`.
    Duel,
    /// Chessboard subtraction `S(A)`.
    Chessboard,
    /// A black-and-white heap game: an impartial ruleset with coloured heap sizes.
    BlackWhite,
}

/// A partizan heap ruleset: both players' moves.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct HeapRules {
    /// The family, for the periodicity theorems.
    pub family: Family,
    /// The ruleset in the thesis's notation, e.g. `S(1,2 | 1,3)`.
    pub name: String,
    /// Left's moves.
    pub left: PlayerRules,
    /// Right's moves.
    pub right: PlayerRules,
}

fn take_moves(set: &NumberSet) -> Result<Vec<(usize, u32)>, EngineError> {
    if set.max() as usize > MAX_TAKE {
        return Err(EngineError::OutOfRange(format!(
            "moves of at most {MAX_TAKE} tokens, not {}",
            set.max()
        )));
    }
    Ok(set.elements().iter().map(|&s| (s as usize, 0b11)).collect())
}

impl HeapRules {
    /// Partizan subtraction `S(S_L | S_R)`.
    pub fn subtraction(left: &NumberSet, right: &NumberSet) -> Result<Self, EngineError> {
        Ok(HeapRules {
            family: Family::Subtraction,
            name: format!("S({} | {})", left.to_text(), right.to_text()),
            left: PlayerRules {
                moves: take_moves(left)?,
                leaves: Leaves::ANY,
            },
            right: PlayerRules {
                moves: take_moves(right)?,
                leaves: Leaves::ANY,
            },
        })
    }

    /// Partizan pure breaking `PB(A | B)` with cut numbers `A` (Left) and `B` (Right).
    pub fn pure_breaking(left: &NumberSet, right: &NumberSet) -> Result<Self, EngineError> {
        let cuts = |set: &NumberSet| -> Result<PlayerRules, EngineError> {
            if set.max() > MAX_CUT {
                return Err(EngineError::OutOfRange(format!(
                    "cut numbers of at most {MAX_CUT} (a move leaves at most {MAX_PARTS} heaps)"
                )));
            }
            let mask = set.elements().iter().fold(0, |m, &c| m | 1 << (c + 1));
            Ok(PlayerRules {
                moves: vec![(0, mask)],
                leaves: Leaves::ANY,
            })
        };
        Ok(HeapRules {
            family: Family::PureBreaking,
            name: format!("PB({} | {})", left.to_text(), right.to_text()),
            left: cuts(left)?,
            right: cuts(right)?,
        })
    }

    /// The duel of two finite code-digit games, `left` versus `right`.
    pub fn duel(left: &Ruleset, right: &Ruleset) -> Result<Self, EngineError> {
        let digits = |rules: &Ruleset| -> Result<PlayerRules, EngineError> {
            if !rules.is_finite() || rules.has_modifiers() || rules.max_heaps_left() > 3 {
                return Err(EngineError::OutOfRange(format!(
                    "duels need finite code-digit games, not {}",
                    rules.code()
                )));
            }
            if rules.length() > MAX_TAKE {
                return Err(EngineError::OutOfRange(format!(
                    "codes of at most {MAX_TAKE} digits"
                )));
            }
            let moves = (0..=rules.length())
                .map(|k| (k, rules.digit(k)))
                .filter(|&(_, d)| d != 0)
                .collect();
            Ok(PlayerRules {
                moves,
                leaves: Leaves::ANY,
            })
        };
        Ok(HeapRules {
            family: Family::Duel,
            name: format!("{} vs {}", left.code(), right.code()),
            left: digits(left)?,
            right: digits(right)?,
        })
    }

    /// The black-and-white game of the impartial ruleset `game` (both players' moves equal)
    /// with the heap sizes coloured by `black` (thesis Section 3.1.4): Left may make a move of
    /// `game` only when every heap it leaves is black, Right only when every one is white.
    pub fn black_white(game: &HeapRules, black: Leaves) -> Result<Self, EngineError> {
        if game.left != game.right {
            return Err(EngineError::OutOfRange(format!(
                "black-and-white games colour an impartial ruleset, not {}",
                game.name
            )));
        }
        let coloured = |leaves: Leaves| PlayerRules {
            moves: game.left.moves.clone(),
            leaves,
        };
        // `S(1,2 | 1,2)` → `S(1,2)`; `.07 vs .07` → `.07`.
        let name = match game.name.split_once(" | ") {
            Some((head, _)) => format!("{head})"),
            None => game
                .name
                .split(" vs ")
                .next()
                .unwrap_or_default()
                .to_string(),
        };
        Ok(HeapRules {
            family: Family::BlackWhite,
            name: format!("black-and-white {name}, black {}", black.to_text()),
            left: coloured(black),
            right: coloured(black.complement()),
        })
    }

    /// The black-and-white game of the colouring word `word` (see [`Leaves::parse`]) over the
    /// impartial ruleset written `base` (a subtraction set, cut numbers when `pure_breaking`, or
    /// a code-digit code): what the CLI's `--black-white` and the web page's `bw` family both
    /// build, so the two always name the same game.
    pub fn black_white_of(
        word: &str,
        base: Impartial<'_>,
        pure_breaking: bool,
    ) -> Result<Self, EngineError> {
        let black = Leaves::parse(word)?;
        let game = match base {
            Impartial::Code(code) => {
                let code = Ruleset::parse(code)?;
                HeapRules::duel(&code, &code)?
            }
            Impartial::Set(set) if pure_breaking => {
                let set = NumberSet::parse(set)?;
                HeapRules::pure_breaking(&set, &set)?
            }
            Impartial::Set(set) => {
                let set = NumberSet::parse(set)?;
                HeapRules::subtraction(&set, &set)?
            }
        };
        HeapRules::black_white(&game, black)
    }

    /// Chessboard subtraction `S(A)` (Definition 4.59): the black-and-white subtraction game
    /// with even sizes black, so Left leaves even heaps and Right odd ones.
    pub fn chessboard(set: &NumberSet) -> Result<Self, EngineError> {
        let game = HeapRules::subtraction(set, set)?;
        Ok(HeapRules {
            family: Family::Chessboard,
            name: format!("chessboard S({})", set.to_text()),
            ..HeapRules::black_white(&game, Leaves::EVEN)?
        })
    }

    /// Do both players' colourings repeat with period `p` from heap `n0`?
    pub fn colours_repeat(&self, n0: usize, p: usize) -> bool {
        self.left.leaves.repeats(n0, p) && self.right.leaves.repeats(n0, p)
    }

    /// The most heaps any move leaves.
    pub fn max_parts(&self) -> usize {
        self.left.max_parts().max(self.right.max_parts())
    }

    /// The most tokens any move takes.
    pub fn max_take(&self) -> usize {
        self.left
            .moves
            .iter()
            .chain(&self.right.moves)
            .map(|&(k, _)| k)
            .max()
            .unwrap_or(0)
    }

    /// True when every move leaves at most one heap (a heap's value then depends only on the
    /// values of the `max_take` heaps below it).
    pub fn single_heap(&self) -> bool {
        self.max_parts() <= 1
    }

    /// Every concrete move of one player from a heap of `n`: the heaps it leaves (each list
    /// non-increasing), at most `cap` of them; the flag says whether the list was cut short.
    pub fn moves_from(&self, n: usize, left: bool, cap: usize) -> (Vec<Vec<usize>>, bool) {
        let rules = if left { &self.left } else { &self.right };
        let mut out = Vec::new();
        let mut cut = false;
        for &(k, mask) in &rules.moves {
            if k > n {
                continue;
            }
            let m = n - k;
            if mask & 1 == 1 && m == 0 && rules.leaves.allows(0) {
                out.push(Vec::new());
            }
            for j in 1..=MAX_PARTS.min(m) {
                if mask >> j & 1 == 1 && !(j == 1 && m == n) {
                    let mut parts = Vec::new();
                    partitions(m, j, m, rules.leaves, &mut parts, &mut out, cap, &mut cut);
                }
            }
        }
        (out, cut)
    }
}

/// Pushes onto `out` every non-increasing list of `parts` allowed heap sizes `≤ largest`
/// summing to `total` (after the ones in `prefix`), stopping at `cap` lists.
#[allow(clippy::too_many_arguments)]
fn partitions(
    total: usize,
    parts: usize,
    largest: usize,
    leaves: Leaves,
    prefix: &mut Vec<usize>,
    out: &mut Vec<Vec<usize>>,
    cap: usize,
    cut: &mut bool,
) {
    if out.len() >= cap {
        *cut = true;
        return;
    }
    if parts == 0 {
        if total == 0 {
            out.push(prefix.clone());
        }
        return;
    }
    let smallest = total.div_ceil(parts).max(1);
    for size in (smallest..=largest.min(total + 1 - parts)).rev() {
        if leaves.allows(size) {
            prefix.push(size);
            partitions(total - size, parts - 1, size, leaves, prefix, out, cap, cut);
            prefix.pop();
        }
    }
}

/// Canonical forms of heaps `0, 1, 2, …` of one ruleset, extended on demand.
pub struct HeapSolver {
    rules: HeapRules,
    values: Vec<GameId>,
    /// Which values are exact (all in a canonical solver; in a reduced one, those whose
    /// canonical form is already reduced).
    exact: Vec<bool>,
    /// `sums[p][j][m]`: for player `p` (0 Left, 1 Right), the undominated sums of `j` allowed
    /// heaps totalling `m` (Left keeps maxima, Right minima). Each player keeps only the
    /// counts up to the most heaps one of their own moves leaves. All exact in a canonical
    /// solver.
    sums: [Vec<Vec<Vec<Known>>>; 2],
    /// Work modulo infinitesimals: values not already in reduced form are kept as their
    /// reduced forms, marked inexact (see [`HeapSolver::new_reduced`]).
    reduced: bool,
}

impl HeapSolver {
    /// A solver of canonical forms with no heaps computed yet.
    pub fn new(rules: &HeapRules) -> Self {
        let levels = |p: &PlayerRules| vec![Vec::new(); p.max_parts().max(1) + 1];
        HeapSolver {
            rules: rules.clone(),
            values: Vec::new(),
            exact: Vec::new(),
            sums: [levels(&rules.left), levels(&rules.right)],
            reduced: false,
        }
    }

    /// A solver of reduced canonical forms (values modulo infinitesimals, thesis Definition
    /// 2.74), which stay small where canonical forms grow: a heap whose canonical form is not
    /// already reduced is kept only as its reduced form, and every later value is built from
    /// such representatives where [`super::modinf`] proves that sound; a heap it cannot decide
    /// stops the solver with [`modinf::UNDECIDED`] (then [`super::sequence::solve`] uses canonical
    /// forms). The tests compare it with reducing the canonical forms on every small case.
    pub fn new_reduced(rules: &HeapRules) -> Self {
        HeapSolver {
            reduced: true,
            ..HeapSolver::new(rules)
        }
    }

    /// The canonical forms computed so far (heap 0 first).
    pub fn values(&self) -> &[GameId] {
        &self.values
    }

    /// For each value, whether it is the heap's exact canonical form (else only its reduced
    /// form is known).
    pub fn exact(&self) -> &[bool] {
        &self.exact
    }

    /// Computes heaps up to `len − 1`, ticking the budget once a heap.
    pub fn extend_to(
        &mut self,
        store: &mut GameStore,
        len: usize,
        budget: &mut Budget<'_>,
    ) -> Result<(), EngineError> {
        while self.values.len() < len {
            budget.tick(self.values.len() as u64, len as u64)?;
            self.step(store)?;
        }
        Ok(())
    }

    /// Computes the next heap.
    fn step(&mut self, store: &mut GameStore) -> Result<(), EngineError> {
        let n = self.values.len();
        for p in 0..2 {
            self.sums[p][0].push(Vec::new());
            for j in 2..self.sums[p].len() {
                let set = self.sums_of(store, p, j, n)?;
                self.sums[p][j].push(set);
            }
        }
        let left = self.options(store, 0, n)?;
        let right = self.options(store, 1, n)?;
        let mut known = modinf::heap_value(store, &left, &right)?;
        if self.reduced && known.exact {
            // Kept exactly only while the canonical form is already reduced.
            let reduced = store.reduced(known.rep)?;
            known.exact = reduced == known.rep;
            known.rep = reduced;
        }
        self.values.push(known.rep);
        self.exact.push(known.exact);
        for p in 0..2 {
            let leaves = self.player(p).leaves;
            let single = if n >= 1 && leaves.allows(n) {
                vec![known]
            } else {
                Vec::new()
            };
            self.sums[p][1].push(single);
        }
        Ok(())
    }

    fn player(&self, p: usize) -> &PlayerRules {
        if p == 0 {
            &self.rules.left
        } else {
            &self.rules.right
        }
    }

    /// The undominated sums of `j ≥ 2` allowed heaps totalling `m` (heaps below `m` known).
    fn sums_of(
        &self,
        store: &mut GameStore,
        p: usize,
        j: usize,
        m: usize,
    ) -> Result<Vec<Known>, EngineError> {
        let mut set = Vec::new();
        for a in 1..m {
            let first = &self.sums[p][1][a];
            if first.is_empty() || j - 1 > m - a {
                continue;
            }
            for &rest in &self.sums[p][j - 1][m - a] {
                set.push(first[0].add(rest, store)?);
            }
        }
        modinf::undominated(store, set, p == 0)
    }

    /// One player's options from a heap of `n`.
    fn options(
        &self,
        store: &mut GameStore,
        p: usize,
        n: usize,
    ) -> Result<Vec<Known>, EngineError> {
        let rules = self.player(p);
        let mut out = Vec::new();
        for &(k, mask) in &rules.moves {
            if k > n {
                continue;
            }
            let m = n - k;
            if mask & 1 == 1 && m == 0 && rules.leaves.allows(0) {
                out.push(Known::exact(store.zero()));
            }
            for j in 1..self.sums[p].len() {
                if mask >> j & 1 == 1 && m >= j && !(j == 1 && m == n) {
                    out.extend_from_slice(&self.sums[p][j][m]);
                }
            }
        }
        Ok(out)
    }
}
