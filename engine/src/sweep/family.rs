//! The families a sweep walks: deterministic generators with a stable index `0..len`.
//!
//! A family is a set of rulesets (subtraction sets, all-but excluded sets, ...) numbered
//! `0..len()` in a fixed order, so that a sweep can be cut into index ranges (chunks, shards)
//! and any ruleset found by a sweep can be named by its index. [`Family::get`] builds one
//! ruleset from its index without enumerating the others, and [`Family::len`] counts them
//! without enumerating.
//!
//! **Order.** Sets are subsets of `{1..m}` read as bit masks (bit `j - 1` for element `j`).
//! Without a size constraint, index `i` is the mask `i + 1` (or `i` when the empty set belongs
//! to the family), so sets appear in increasing mask order; with `--exact-max` the mask is
//! `2^(m-1) | i`. With `|S| = k` the order is colexicographic (the combinatorial number system),
//! which is again increasing mask order restricted to masks with `k` bits.
//!
//! Codes of `d` digits `·d1…dd` (`d0 = 0`, `dd ≠ 0`) are numbered as mixed-radix numbers with
//! `d1` the fastest digit: index `i` gives `d1 = i mod b`, then `d2`, …, and `dd = 1 + (the
//! rest)`, with `b = 8` (octal) or 16 (hexadecimal).

use crate::checks::{Subject, SubjectKind};
use crate::octal::code::Ruleset as OctalRules;
use crate::period_map::{Family as MapFamily, Window};
use crate::rational::Rational;
use crate::ruleset::NumberSet;
use crate::scoring::octal::ScoringRules;
use crate::text::grouped;
use crate::EngineError;
use serde::{Deserialize, Serialize};

/// The largest `m` a set family accepts (`2^m` sets is the size of the family).
pub const MAX_SET_BOUND: u32 = 40;

/// The largest number of rulesets one sweep may walk: 2^32, so `subtraction --max-move 32`
/// and every octal or hexadecimal family of up to 8 digits fit, the CLI's per-chunk resume
/// bookkeeping stays a few tens of MB, and a bigger walk (years of CPU) is refused before
/// anything is allocated. A sweep past it is cut by `--size` or `--exact-max`, or sharded
/// into several sweeps.
pub const MAX_RULESETS: u64 = 1 << 32;

/// Subsets of `{1..m}`: the shape shared by the subtraction, all-but and cumulative families.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Subsets {
    /// The bound `m`: every element is in `1..=m`.
    pub bound: u32,
    /// Only sets of exactly this many elements, when given.
    pub size: Option<u32>,
    /// Only sets whose largest element is exactly `m`.
    pub exact_max: bool,
    /// Whether the empty set belongs to the family (all-but: `E = ∅` is Nim).
    pub allow_empty: bool,
}

impl Subsets {
    /// Checks the bound and the size and returns the family, or a one-line error.
    pub fn new(
        bound: u32,
        size: Option<u32>,
        exact_max: bool,
        allow_empty: bool,
    ) -> Result<Self, EngineError> {
        if bound == 0 || bound > MAX_SET_BOUND {
            return Err(EngineError::OutOfRange(format!(
                "the bound m must be between 1 and {MAX_SET_BOUND}, not {bound}"
            )));
        }
        if let Some(k) = size {
            if k > bound || (k == 0 && !allow_empty) || (k == 0 && exact_max) {
                return Err(EngineError::OutOfRange(format!(
                    "no set of size {k} fits in 1..{bound} (with these options)"
                )));
            }
        }
        let family = Subsets {
            bound,
            size,
            exact_max,
            allow_empty,
        };
        if family.len() > MAX_RULESETS {
            return Err(EngineError::OutOfRange(format!(
                "the family has {} sets; a sweep walks at most {} (2^32): lower --max-move (at most 32 for every set) or give --size K",
                grouped(family.len()),
                grouped(MAX_RULESETS)
            )));
        }
        Ok(family)
    }

    /// The number of sets, computed without enumerating.
    pub fn len(&self) -> u64 {
        let m = u64::from(self.bound);
        match (self.size.map(u64::from), self.exact_max) {
            (None, false) => (1u64 << m) - u64::from(!self.allow_empty),
            (None, true) => 1u64 << (m - 1),
            (Some(k), false) => binomial(m, k),
            (Some(k), true) => binomial(m - 1, k - 1),
        }
    }

    /// Whether the family is empty (never, once [`Subsets::new`] accepted it).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The elements of set number `index` (`index < len()`), in increasing order.
    pub fn get(&self, index: u64) -> Vec<u32> {
        let top = 1u64 << (self.bound - 1);
        let mask = match (self.size, self.exact_max) {
            (None, false) => index + u64::from(!self.allow_empty),
            (None, true) => top | index,
            (Some(k), false) => unrank_colex(index, k),
            (Some(k), true) => top | unrank_colex(index, k - 1),
        };
        (0..self.bound)
            .filter(|j| mask >> j & 1 == 1)
            .map(|j| j + 1)
            .collect()
    }
}

/// `C(n, k)`, exact for every `n <= 64` (saturating beyond).
pub fn binomial(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    let k = k.min(n - k);
    (0..k).fold(1u128, |acc, i| acc * u128::from(n - i) / u128::from(i + 1)) as u64
}

/// The mask with `k` bits whose colexicographic rank is `rank` (combinatorial number system:
/// `rank = Σ C(c_i, i)` over the bit positions `c_1 < … < c_k`).
fn unrank_colex(mut rank: u64, k: u32) -> u64 {
    let mut mask = 0u64;
    for i in (1..=u64::from(k)).rev() {
        let mut c = i - 1;
        while binomial(c + 1, i) <= rank {
            c += 1;
        }
        rank -= binomial(c, i);
        mask |= 1 << c;
    }
    mask
}

/// The largest number of code digits an octal or hexadecimal family accepts.
pub const MAX_DIGITS: u32 = 8;

/// Codes `·d1…dd` of exactly `digits` digits in base `base` (8 or 16), `dd ≠ 0`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Codes {
    /// The number of digits after the point.
    pub digits: u32,
    /// 8 (octal) or 16 (hexadecimal).
    pub base: u32,
}

impl Codes {
    /// The number of codes: `(b - 1) b^(d - 1)`.
    pub fn len(&self) -> u64 {
        u64::from(self.base - 1) * u64::from(self.base).pow(self.digits - 1)
    }

    /// Whether there are none (never).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The digits `d0 = 0, d1, …, dd` of code number `index`.
    pub fn get(&self, index: u64) -> Vec<u8> {
        let base = u64::from(self.base);
        let mut rest = index;
        let mut digits = vec![0u8];
        for _ in 1..self.digits {
            digits.push((rest % base) as u8);
            rest /= base;
        }
        digits.push((rest + 1) as u8);
        digits
    }
}

/// What a user gives to pick a family: its name and its options.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FamilyOptions {
    /// The bound `m` of set families (`--max-move`).
    pub bound: Option<u32>,
    /// `|S| = k` (`--size`).
    pub size: Option<u32>,
    /// `max S = m` exactly (`--exact-max`).
    pub exact_max: bool,
    /// The number of code digits (`--digits`).
    pub digits: Option<u32>,
    /// The fixed move of a period-map family (`--fixed`: `s3` or `m`).
    pub fixed: Option<u32>,
    /// The pixel window of a period-map family (`--x A..B --y C..D`).
    pub window: Option<Window>,
}

/// A family of rulesets a sweep can walk.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "family", rename_all = "kebab-case")]
pub enum Family {
    /// Finite subtraction games: every non-empty `S ⊆ {1..m}` (survey, Section 2).
    Subtraction(Subsets),
    /// All-but subtraction `ℕ ∖ E`: every excluded set `E ⊆ {1..m}`, the empty one (Nim) too.
    AllBut(Subsets),
    /// Cumulative subtraction (`G_s`) on every non-empty `S ⊆ {1..m}`.
    CumulativeSubtraction(Subsets),
    /// Octal (`base` 8) or hexadecimal (16) codes of `digits` digits.
    Codes(Codes),
    /// Scoring octal games (Stewart) that take without breaking: every code `n_1…n_d` with
    /// digits in `0..=3` (`n_d ≠ 0`, the mixed radix of [`Codes`] with base 4) and the points
    /// `p_i = i` of Conjectures 14 and 15.
    ScoringOctal(Codes),
    /// The pixels of a window of Flammenkamp's period-length maps (`3move`, `4move`,
    /// `maxsym5`), row by row (`y` outer, `x` inner) as [`crate::period_map::compute`] does.
    PeriodMap {
        /// The map's family and fixed move.
        map: MapFamily,
        /// The pixels.
        window: Window,
    },
}

/// One ruleset of a family, owned (a [`Subject`] borrows it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ruleset {
    /// A finite subtraction set S.
    Subtraction(NumberSet),
    /// The excluded set E of an all-but game.
    AllBut(NumberSet),
    /// The set S of a cumulative subtraction game.
    CumulativeSubtraction(NumberSet),
    /// An octal or hexadecimal code.
    Code(OctalRules),
    /// A scoring octal game.
    ScoringOctal(ScoringRules),
    /// A pixel of a period map: its subtraction set, `None` where `(x, y)` is not in the
    /// map's family (e.g. `x >= y`).
    MapCell {
        /// The map.
        map: MapFamily,
        /// The pixel's column.
        x: u32,
        /// The pixel's row.
        y: u32,
        /// The pixel's set.
        set: Option<NumberSet>,
    },
}

impl Ruleset {
    /// The subject the checks are asked about (`None` for a pixel outside its map's family).
    pub fn subject(&self) -> Option<Subject<'_>> {
        Some(match self {
            Ruleset::Subtraction(s) => Subject::Subtraction(s),
            Ruleset::AllBut(e) => Subject::AllBut(e),
            Ruleset::CumulativeSubtraction(s) => Subject::CumulativeSubtraction(s),
            Ruleset::Code(rules) => Subject::Octal(rules),
            Ruleset::ScoringOctal(rules) => Subject::ScoringOctal(rules),
            Ruleset::MapCell { set, .. } => Subject::Subtraction(set.as_ref()?),
        })
    }

    /// The ruleset as a user types it (`2,3,7`; `∅` for an empty excluded set; `.137`).
    pub fn to_text(&self) -> String {
        match self {
            Ruleset::Code(rules) => rules.ascii(),
            Ruleset::ScoringOctal(rules) => rules.code(),
            Ruleset::MapCell {
                map,
                x,
                y,
                set: None,
            } => format!("({x}, {y}) is not in {}", map.name()),
            _ if self.elements().is_empty() => "∅".into(),
            _ => self.set().map(NumberSet::to_text).unwrap_or_default(),
        }
    }

    /// The set, for the set families.
    fn set(&self) -> Option<&NumberSet> {
        match self {
            Ruleset::Subtraction(s) | Ruleset::AllBut(s) | Ruleset::CumulativeSubtraction(s) => {
                Some(s)
            }
            Ruleset::MapCell { set, .. } => set.as_ref(),
            Ruleset::Code(_) | Ruleset::ScoringOctal(_) => None,
        }
    }

    /// The set's elements (the expression language's `S`); a code's move sizes `k` with
    /// `d_k ≠ 0`.
    pub fn elements(&self) -> Vec<u32> {
        match self {
            Ruleset::Code(rules) => (1..rules.digits().len())
                .filter(|&k| rules.digit(k) != 0)
                .map(|k| k as u32)
                .collect(),
            _ => self
                .set()
                .map(|s| s.elements().to_vec())
                .unwrap_or_default(),
        }
    }
}

impl Family {
    /// The family named `name` with its options (`--max-move` for set families, `--digits`
    /// for codes); an option the family does not use is refused, not ignored.
    pub fn parse(name: &str, options: &FamilyOptions) -> Result<Self, EngineError> {
        let family = Self::parse_used(name, options)?;
        family.refuse_unused(options)?;
        Ok(family)
    }

    /// Refuses the options given that this family does not read.
    fn refuse_unused(&self, options: &FamilyOptions) -> Result<(), EngineError> {
        let given = [
            ("--max-move", options.bound.is_some()),
            ("--size", options.size.is_some()),
            ("--exact-max", options.exact_max),
            ("--digits", options.digits.is_some()),
            ("--fixed", options.fixed.is_some()),
            ("--x/--y", options.window.is_some()),
        ];
        let used: &[&str] = match self {
            Family::Subtraction(_) | Family::AllBut(_) | Family::CumulativeSubtraction(_) => {
                &["--max-move", "--size", "--exact-max"]
            }
            Family::Codes(_) | Family::ScoringOctal(_) => &["--digits"],
            Family::PeriodMap { .. } => &["--fixed", "--x/--y"],
        };
        match given
            .iter()
            .find(|(flag, set)| *set && !used.contains(flag))
        {
            Some((flag, _)) => Err(EngineError::Parse(format!(
                "{flag} does not apply to this family; it takes {}",
                used.join(", ")
            ))),
            None => Ok(()),
        }
    }

    /// [`Family::parse`] before the check of unused options.
    fn parse_used(name: &str, options: &FamilyOptions) -> Result<Self, EngineError> {
        let sets = |allow_empty| {
            let bound = options.bound.ok_or_else(|| {
                EngineError::Parse(format!("the {name} family needs --max-move M"))
            })?;
            Subsets::new(bound, options.size, options.exact_max, allow_empty)
        };
        let codes = |base| {
            let digits = options
                .digits
                .ok_or_else(|| EngineError::Parse(format!("the {name} family needs --digits D")))?;
            if digits == 0 || digits > MAX_DIGITS {
                return Err(EngineError::OutOfRange(format!(
                    "--digits must be between 1 and {MAX_DIGITS}, not {digits}"
                )));
            }
            Ok(Codes { digits, base })
        };
        match name {
            "subtraction" => Ok(Family::Subtraction(sets(false)?)),
            "all-but" => Ok(Family::AllBut(sets(true)?)),
            "cumulative-subtraction" => Ok(Family::CumulativeSubtraction(sets(false)?)),
            "octal" => Ok(Family::Codes(codes(8)?)),
            "hexadecimal" => Ok(Family::Codes(codes(16)?)),
            "scoring-octal" => Ok(Family::ScoringOctal(codes(4)?)),
            "3move" | "4move" | "maxsym5" => {
                let (Some(fixed), Some(window)) = (options.fixed, options.window) else {
                    return Err(EngineError::Parse(format!(
                        "the {name} family needs --fixed N --x A..B --y C..D"
                    )));
                };
                Ok(Family::PeriodMap {
                    map: MapFamily::from_name(name, fixed)?,
                    window: window.validate()?,
                })
            }
            _ => Err(EngineError::Parse(format!(
                "unknown family `{name}`; known families: {}",
                Family::NAMES.join(", ")
            ))),
        }
    }

    /// Checks a family built without [`Family::parse`] (read back from a shard or resume
    /// file): the same bounds `parse` enforces, so a forged file cannot ask for a family
    /// past [`MAX_RULESETS`] or with a bound that would overflow its arithmetic.
    pub fn validate(&self) -> Result<(), EngineError> {
        let codes = |codes: &Codes, bases: &[u32]| {
            if codes.digits == 0 || codes.digits > MAX_DIGITS || !bases.contains(&codes.base) {
                return Err(EngineError::OutOfRange(format!(
                    "a code family needs 1 to {MAX_DIGITS} digits in base {bases:?}, not {} digits in base {}",
                    codes.digits, codes.base
                )));
            }
            Ok(())
        };
        match self {
            Family::Subtraction(s) | Family::CumulativeSubtraction(s) if !s.allow_empty => {
                Subsets::new(s.bound, s.size, s.exact_max, false).map(|_| ())
            }
            Family::AllBut(s) if s.allow_empty => {
                Subsets::new(s.bound, s.size, s.exact_max, true).map(|_| ())
            }
            Family::Subtraction(_) | Family::CumulativeSubtraction(_) | Family::AllBut(_) => Err(
                EngineError::Parse("a set family with the wrong empty-set rule".into()),
            ),
            Family::Codes(c) => codes(c, &[8, 16]),
            Family::ScoringOctal(c) => codes(c, &[4]),
            Family::PeriodMap { map, window } => {
                map.validate()?;
                window.validate().map(|_| ())
            }
        }
    }

    /// The family names [`Family::parse`] accepts.
    pub const NAMES: &'static [&'static str] = &[
        "subtraction",
        "all-but",
        "cumulative-subtraction",
        "octal",
        "hexadecimal",
        "scoring-octal",
        "3move",
        "4move",
        "maxsym5",
    ];

    /// How many heaps a period search computes unless the user says otherwise: codes are
    /// slower per heap, and an unresolved code would otherwise compute millions of heaps.
    pub fn default_search(&self) -> u64 {
        match self {
            Family::Codes(Codes { base: 8, .. }) => 1 << 12,
            // Three-heap splits make the split-set method superlinear: 2,000 heaps already
            // take minutes for some two-digit hexadecimal codes.
            Family::Codes(_) => 1 << 10,
            Family::PeriodMap { .. } => crate::period_map::DEFAULT_CELL_BUDGET,
            _ => crate::subtraction::DEFAULT_SEARCH,
        }
    }

    /// The kind of subject its rulesets are, for the checks' `applies_to`.
    pub fn kind(&self) -> SubjectKind {
        match self {
            Family::Subtraction(_) => SubjectKind::Subtraction,
            Family::AllBut(_) => SubjectKind::AllBut,
            Family::CumulativeSubtraction(_) => SubjectKind::CumulativeSubtraction,
            Family::Codes(_) => SubjectKind::Octal,
            Family::ScoringOctal(_) => SubjectKind::ScoringOctal,
            Family::PeriodMap { .. } => SubjectKind::Subtraction,
        }
    }

    /// The number of rulesets (no enumeration).
    pub fn len(&self) -> u64 {
        match self {
            Family::Subtraction(sets)
            | Family::AllBut(sets)
            | Family::CumulativeSubtraction(sets) => sets.len(),
            Family::Codes(codes) | Family::ScoringOctal(codes) => codes.len(),
            Family::PeriodMap { window, .. } => window.pixels(),
        }
    }

    /// Whether the family is empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Ruleset number `index` (`index < len()`).
    pub fn get(&self, index: u64) -> Result<Ruleset, EngineError> {
        if index >= self.len() {
            return Err(EngineError::OutOfRange(format!(
                "index {index} is past the family's {} rulesets",
                self.len()
            )));
        }
        let set = |sets: &Subsets| NumberSet::from_elements(sets.get(index));
        Ok(match self {
            Family::Subtraction(sets) => Ruleset::Subtraction(set(sets)?),
            Family::AllBut(sets) => Ruleset::AllBut(set(sets)?),
            Family::CumulativeSubtraction(sets) => Ruleset::CumulativeSubtraction(set(sets)?),
            Family::Codes(codes) => {
                Ruleset::Code(OctalRules::from_digits(codes.get(index), Vec::new())?)
            }
            Family::ScoringOctal(codes) => {
                let digits = codes.get(index)[1..].to_vec();
                let points = (1..=digits.len() as i64).map(Rational::int).collect();
                Ruleset::ScoringOctal(ScoringRules::new(digits, points)?)
            }
            Family::PeriodMap { map, window } => {
                let width = u64::from(window.x1 - window.x0);
                let x = window.x0 + (index % width) as u32;
                let y = window.y0 + (index / width) as u32;
                let set = map.moves(x, y).map(NumberSet::from_elements).transpose()?;
                Ruleset::MapCell {
                    map: *map,
                    x,
                    y,
                    set,
                }
            }
        })
    }
}

/// Shard `index` of `count` of `0..len`: a contiguous index range, the shards in order.
/// Contiguous (not strided) so that a shard's first failures and rows are a prefix-closed
/// piece of the whole, and `merge` only concatenates.
pub fn shard_range(len: u64, index: u64, count: u64) -> Result<std::ops::Range<u64>, EngineError> {
    if count == 0 || index >= count {
        return Err(EngineError::OutOfRange(format!(
            "shard {index}/{count} does not exist: write I/N with 0 <= I < N"
        )));
    }
    let at = |i: u64| (u128::from(len) * u128::from(i) / u128::from(count)) as u64;
    Ok(at(index)..at(index + 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The slow definition: every mask in increasing order, filtered.
    fn reference(family: &Subsets) -> Vec<Vec<u32>> {
        (0..1u64 << family.bound)
            .map(|mask| {
                (0..family.bound)
                    .filter(|j| mask >> j & 1 == 1)
                    .map(|j| j + 1)
                    .collect::<Vec<u32>>()
            })
            .filter(|s| family.allow_empty || !s.is_empty())
            .filter(|s| family.size.is_none_or(|k| s.len() == k as usize))
            .filter(|s| !family.exact_max || s.last() == Some(&family.bound))
            .collect()
    }

    #[test]
    fn get_and_len_match_the_definition_on_every_small_family() {
        for m in 1..=9 {
            for size in std::iter::once(None).chain((0..=m).map(Some)) {
                for exact_max in [false, true] {
                    for allow_empty in [false, true] {
                        let Ok(family) = Subsets::new(m, size, exact_max, allow_empty) else {
                            continue;
                        };
                        let expected = reference(&family);
                        assert_eq!(family.len(), expected.len() as u64, "{family:?}");
                        let got: Vec<Vec<u32>> = (0..family.len()).map(|i| family.get(i)).collect();
                        assert_eq!(got, expected, "{family:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn bad_families_are_refused() {
        assert!(Subsets::new(0, None, false, false).is_err());
        assert!(Subsets::new(MAX_SET_BOUND + 1, None, false, false).is_err());
        assert!(Subsets::new(5, Some(6), false, false).is_err());
        assert!(Subsets::new(5, Some(0), false, false).is_err());
        let options = FamilyOptions {
            bound: Some(5),
            ..FamilyOptions::default()
        };
        assert!(Family::parse("nope", &options).is_err());
        assert!(Family::parse("octal", &options).is_err(), "needs --digits");
        let octal = FamilyOptions {
            digits: Some(2),
            ..options.clone()
        };
        let err = Family::parse("octal", &octal).unwrap_err().to_string();
        assert!(err.contains("--max-move does not apply"), "{err}");
        let sets = FamilyOptions {
            fixed: Some(30),
            ..options.clone()
        };
        assert!(
            Family::parse("subtraction", &sets).is_err(),
            "--fixed is not a set option"
        );
        assert!(
            Family::Subtraction(Subsets::new(3, None, false, false).unwrap())
                .get(7)
                .is_err()
        );
    }

    /// The largest families: `--max-move 32` fits, 33 and 40 are refused with the flag named
    /// (before anything is allocated), unless `--size` cuts them; a forged family is refused
    /// by [`Family::validate`].
    #[test]
    fn families_past_the_cap_are_refused_with_the_flag_named() {
        assert_eq!(
            Subsets::new(32, None, false, false).unwrap().len(),
            MAX_RULESETS - 1
        );
        for m in [33, 40] {
            let err = Subsets::new(m, None, false, false).unwrap_err().to_string();
            assert!(
                err.contains("--max-move") && err.contains("4,294,967,296"),
                "{err}"
            );
        }
        assert!(Subsets::new(40, Some(3), false, false).is_ok());
        let forged = |bound, allow_empty| Subsets {
            bound,
            size: None,
            exact_max: false,
            allow_empty,
        };
        assert!(Family::Subtraction(forged(40, false)).validate().is_err());
        assert!(Family::Subtraction(forged(64, false)).validate().is_err());
        assert!(Family::Subtraction(forged(5, true)).validate().is_err());
        assert!(Family::AllBut(forged(5, true)).validate().is_ok());
        assert!(Family::Codes(Codes { digits: 9, base: 8 })
            .validate()
            .is_err());
        assert!(Family::Codes(Codes {
            digits: 8,
            base: 16
        })
        .validate()
        .is_ok());
        assert!(Family::ScoringOctal(Codes { digits: 2, base: 8 })
            .validate()
            .is_err());
    }

    #[test]
    fn codes_are_every_digit_string_once() {
        for (digits, base) in [(1, 8), (2, 8), (3, 8), (2, 16)] {
            let codes = Codes { digits, base };
            let all: std::collections::BTreeSet<Vec<u8>> =
                (0..codes.len()).map(|i| codes.get(i)).collect();
            let expected = (base - 1) * base.pow(digits - 1);
            assert_eq!(all.len() as u64, u64::from(expected));
            assert!(all
                .iter()
                .all(|d| d.len() == digits as usize + 1 && d[0] == 0));
            assert!(all
                .iter()
                .all(|d| d[digits as usize] != 0 && d.iter().all(|&x| u32::from(x) < base)));
        }
    }

    #[test]
    fn shards_tile_the_range() {
        for len in [0u64, 1, 7, 100] {
            for count in 1..6 {
                let mut next = 0;
                for i in 0..count {
                    let r = shard_range(len, i, count).unwrap();
                    assert_eq!(r.start, next);
                    next = r.end;
                }
                assert_eq!(next, len);
            }
        }
        assert!(shard_range(10, 5, 4).is_err());
        assert!(shard_range(10, 0, 0).is_err());
    }
}
