//! Code-digit rulesets (thesis Def 3.8): parsing, validation, canonical text and named games.
//!
//! A code `d0·d1d2…dk` lets a player remove `k` tokens from one heap when `d_k ≠ 0`; bit `2^j`
//! of `d_k` allows the move when it leaves exactly `j` non-empty heaps. Digits below 8 make an
//! octal game (at most two heaps left), digits up to `F` a hexadecimal one (at most three).
//! A repeating tail, written `.(3)` or with combining overlines `·3̄`, makes the code infinite.

use crate::EngineError;

/// The longest finite part of a code HeapLab accepts (digits after the point).
pub const MAX_CODE_DIGITS: usize = 64;

/// The combining overline that marks a repeated digit, as in `·3̄`.
const OVERLINE: char = '\u{0305}';

/// The family a ruleset belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Kind {
    /// Every digit is below 8: a move leaves at most two heaps.
    Octal,
    /// Some digit is 8 or more: a move may leave three heaps.
    Hexadecimal,
    /// Grundy's game: split one heap into two unequal non-empty heaps (not a code-digit game).
    Grundy,
}

/// A parsed, validated ruleset: a code-digit game or Grundy's game.
///
/// Invariants: `digits[0]` (d0) has bits 1 and 2 clear; a finite code ends in a non-zero digit;
/// a tail is never all zeros; there is at least one move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ruleset {
    /// `d0, d1, …` of the finite part; `digits[k]` is the digit for removing `k` tokens.
    digits: Vec<u8>,
    /// The block repeated for ever after `digits` (empty for a finite code).
    tail: Vec<u8>,
    /// Grundy's game: a split must leave two heaps of different sizes.
    unequal_split: bool,
}

/// A named game: its aliases (first is the display name) and its code.
struct Named {
    aliases: &'static [&'static str],
    code: &'static str,
}

/// The famous games with their aliases; matched after lower-casing and dropping non-letters.
const NAMED: &[Named] = &[
    Named {
        aliases: &["Kayles"],
        code: ".77",
    },
    Named {
        aliases: &["Dawson's Kayles", "dawsons-kayles", "dkayles"],
        code: ".07",
    },
    Named {
        aliases: &["Dawson's chess", "dawsons-chess"],
        code: ".137",
    },
    Named {
        aliases: &["Guiles", "guilles"],
        code: ".15",
    },
    Named {
        aliases: &["Treblecross"],
        code: ".007",
    },
    Named {
        aliases: &["Officers"],
        code: ".6",
    },
    Named {
        aliases: &["Nim"],
        code: ".(3)",
    },
    Named {
        aliases: &["Lasker's nim", "lasker"],
        code: "4.(3)",
    },
    Named {
        aliases: &["Grundy's game", "grundy", "grundys"],
        code: "grundy",
    },
];

/// The famous games as `(display name, code text)` pairs, for presets and help texts.
pub fn named_games() -> Vec<(&'static str, String)> {
    NAMED
        .iter()
        .map(|named| {
            let ruleset = Ruleset::parse(named.code).expect("named codes are valid");
            (named.aliases[0], ruleset.ascii())
        })
        .collect()
}

fn name_key(text: &str) -> String {
    text.chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

fn digit_value(c: char) -> Option<u8> {
    c.to_digit(16).map(|d| d as u8)
}

fn digit_char(d: u8) -> char {
    char::from_digit(u32::from(d), 16)
        .expect("digits are below 16")
        .to_ascii_uppercase()
}

impl Ruleset {
    /// Grundy's game: split a heap into two unequal non-empty heaps.
    pub fn grundy() -> Self {
        Ruleset {
            digits: vec![4],
            tail: Vec::new(),
            unequal_split: true,
        }
    }

    /// Parses a code (`·137`, `.137`, `0.137`, `4.07`, `.A8F`, `.(3)`, `·3̄`, `4.(3)`) or a
    /// game name (`kayles`, `Dawson's chess`, `grundy`, …).
    pub fn parse(text: &str) -> Result<Self, EngineError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(EngineError::Parse(
                "enter a code such as ·137 or a name such as kayles".into(),
            ));
        }
        let has_point = text.contains(['.', '·', '•']);
        if !has_point && !text.chars().all(|c| c.is_ascii_hexdigit()) {
            let key = name_key(text);
            return match NAMED
                .iter()
                .find(|named| named.aliases.iter().any(|alias| name_key(alias) == key))
            {
                Some(named) if named.code == "grundy" => Ok(Ruleset::grundy()),
                Some(named) => Ruleset::parse_code(named.code),
                None => Err(EngineError::Parse(format!(
                    "unknown game '{text}': write a code such as ·77 or one of: {}",
                    NAMED
                        .iter()
                        .map(|n| n.aliases[0])
                        .collect::<Vec<_>>()
                        .join(", ")
                ))),
            };
        }
        Self::parse_code(text)
    }

    fn parse_code(text: &str) -> Result<Self, EngineError> {
        let normalized = text.replace(['·', '•'], ".");
        let Some((before, after)) = normalized.split_once('.') else {
            return Err(EngineError::Parse(format!(
                "'{text}' has no point: write ·{text} or .{text}"
            )));
        };
        let d0 = match before.trim() {
            "" => 0,
            one if one.chars().count() == 1 => digit_value(one.chars().next().unwrap_or('x'))
                .ok_or_else(|| {
                    EngineError::Parse(format!("'{one}' before the point is not a digit"))
                })?,
            more => {
                return Err(EngineError::Parse(format!(
                    "'{more}' before the point: only one digit d0 may stand there"
                )))
            }
        };
        if d0 & 3 != 0 {
            return Err(EngineError::Parse(format!(
                "d0 = {} is invalid: the digit before the point may only split (0, 4, 8 or C)",
                digit_char(d0)
            )));
        }
        let mut finite = Vec::new();
        let mut tail = Vec::new();
        let mut in_parens = false;
        let mut closed = false;
        let mut overlined = Vec::new();
        let mut chars = after.trim().chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                '(' if !in_parens && !closed => in_parens = true,
                ')' if in_parens => {
                    in_parens = false;
                    closed = true;
                }
                OVERLINE => {
                    return Err(EngineError::Parse(
                        "an overline must follow a digit, as in ·3̄".into(),
                    ))
                }
                c => {
                    let Some(d) = digit_value(c) else {
                        return Err(EngineError::Parse(format!(
                            "'{c}' is not a code digit (0–9, A–F)"
                        )));
                    };
                    if closed {
                        return Err(EngineError::Parse(
                            "the repeating tail (…) must come last".into(),
                        ));
                    }
                    let bar = chars.peek() == Some(&OVERLINE);
                    if bar {
                        chars.next();
                    }
                    if in_parens {
                        tail.push(d);
                    } else {
                        if !bar && !overlined.is_empty() {
                            return Err(EngineError::Parse(
                                "overlined digits must form the end of the code".into(),
                            ));
                        }
                        if bar {
                            overlined.push(d);
                        } else {
                            finite.push(d);
                        }
                    }
                }
            }
        }
        if in_parens {
            return Err(EngineError::Parse(
                "the repeating tail is missing its ')'".into(),
            ));
        }
        if closed && tail.is_empty() {
            return Err(EngineError::Parse("the repeating tail () is empty".into()));
        }
        if !overlined.is_empty() {
            if closed {
                return Err(EngineError::Parse(
                    "use either (…) or overlines for the tail, not both".into(),
                ));
            }
            tail = overlined;
        }
        if finite.len() > MAX_CODE_DIGITS || tail.len() > MAX_CODE_DIGITS {
            return Err(EngineError::OutOfRange(format!(
                "codes longer than {MAX_CODE_DIGITS} digits are not supported"
            )));
        }
        let mut digits = vec![d0];
        digits.extend(finite);
        Self::from_digits(digits, tail)
    }

    /// Builds a code from `d0, d1, …` and a repeating tail (empty for a finite code).
    pub fn from_digits(mut digits: Vec<u8>, mut tail: Vec<u8>) -> Result<Self, EngineError> {
        if digits.is_empty() {
            digits.push(0);
        }
        if let Some(&d) = digits.iter().chain(&tail).find(|&&d| d > 15) {
            return Err(EngineError::OutOfRange(format!(
                "digit {d} is not a code digit (0–15)"
            )));
        }
        if digits[0] & 3 != 0 {
            return Err(EngineError::Parse(format!(
                "d0 = {} is invalid: the digit before the point may only split (0, 4, 8 or C)",
                digit_char(digits[0])
            )));
        }
        if tail.iter().all(|&d| d == 0) {
            tail.clear();
        }
        if tail.is_empty() {
            while digits.len() > 1 && digits.last() == Some(&0) {
                digits.pop();
            }
            if digits == [0] {
                return Err(EngineError::Parse(
                    "this code allows no move (all digits are 0)".into(),
                ));
            }
        }
        Ok(Ruleset {
            digits,
            tail,
            unequal_split: false,
        })
    }

    /// The digit `d_k` for removing `k` tokens (0 beyond a finite code).
    pub fn digit(&self, k: usize) -> u8 {
        match self.digits.get(k) {
            Some(&d) => d,
            None if self.tail.is_empty() => 0,
            None => self.tail[(k - self.digits.len()) % self.tail.len()],
        }
    }

    /// `d0, d1, …, dk` of the finite part.
    pub fn digits(&self) -> &[u8] {
        &self.digits
    }

    /// The repeating tail (empty for a finite code).
    pub fn tail(&self) -> &[u8] {
        &self.tail
    }

    /// True for a finite code (and for Grundy's game).
    pub fn is_finite(&self) -> bool {
        self.tail.is_empty()
    }

    /// True for Grundy's game, whose splits must be unequal.
    pub fn unequal_split(&self) -> bool {
        self.unequal_split
    }

    /// The length `k` of a finite code: the largest `k` with `d_k ≠ 0`.
    pub fn length(&self) -> usize {
        self.digits.len() - 1
    }

    /// The most heaps one move leaves (`t` of Theorem 3.73), at least 1.
    pub fn max_heaps_left(&self) -> u32 {
        let all = self
            .digits
            .iter()
            .chain(&self.tail)
            .fold(0u8, |a, &d| a | d);
        (u8::BITS - all.leading_zeros()).saturating_sub(1).max(1)
    }

    /// Octal, hexadecimal or Grundy's game.
    pub fn kind(&self) -> Kind {
        if self.unequal_split {
            Kind::Grundy
        } else if self.digits.iter().chain(&self.tail).any(|&d| d >= 8) {
            Kind::Hexadecimal
        } else {
            Kind::Octal
        }
    }

    fn text_with_point(&self, point: &str) -> String {
        if self.unequal_split {
            return "grundy".into();
        }
        let mut text = String::new();
        if self.digits[0] != 0 {
            text.push(digit_char(self.digits[0]));
        }
        text.push_str(point);
        text.extend(self.digits[1..].iter().map(|&d| digit_char(d)));
        if !self.tail.is_empty() {
            text.push('(');
            text.extend(self.tail.iter().map(|&d| digit_char(d)));
            text.push(')');
        }
        text
    }

    /// The code with a middle dot, e.g. `·137`, `4·(3)`; `grundy` for Grundy's game.
    pub fn code(&self) -> String {
        self.text_with_point("·")
    }

    /// The code in ASCII, e.g. `.137`, `4.(3)` (for URLs and command lines).
    pub fn ascii(&self) -> String {
        self.text_with_point(".")
    }

    /// The game's common name, if it is one of the famous games.
    pub fn name(&self) -> Option<&'static str> {
        if self.unequal_split {
            return Some("Grundy's game");
        }
        NAMED
            .iter()
            .filter(|named| named.code != "grundy")
            .find(|named| Ruleset::parse_code(named.code).as_ref() == Ok(self))
            .map(|named| named.aliases[0])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spellings_of_one_code_agree() {
        let expected = Ruleset::parse("·137").unwrap();
        for text in [
            ".137",
            "0.137",
            "0·137",
            " .1370 ",
            "dawson's chess",
            "Dawsons-Chess",
        ] {
            assert_eq!(Ruleset::parse(text).unwrap(), expected, "{text}");
        }
        assert_eq!(expected.digits(), &[0, 1, 3, 7]);
        assert_eq!(expected.code(), "·137");
        assert_eq!(expected.name(), Some("Dawson's chess"));
    }

    #[test]
    fn tails_and_d0() {
        let nim = Ruleset::parse(".(3)").unwrap();
        assert_eq!(Ruleset::parse("·3\u{0305}").unwrap(), nim);
        assert_eq!(nim.digit(1), 3);
        assert_eq!(nim.digit(1000), 3);
        assert!(!nim.is_finite());
        let lasker = Ruleset::parse("4.(3)").unwrap();
        assert_eq!(lasker.digit(0), 4);
        assert_eq!(lasker.name(), Some("Lasker's nim"));
        let duplicate = Ruleset::parse("·0\u{0305}3\u{0305}").unwrap();
        assert_eq!((duplicate.digit(1), duplicate.digit(2)), (0, 3));
        assert_eq!(duplicate.digit(4), 3);
        assert_eq!(Ruleset::parse("4.07").unwrap().digits(), &[4, 0, 7]);
    }

    #[test]
    fn hexadecimal_codes_are_named_as_such() {
        let hex = Ruleset::parse(".a8f").unwrap();
        assert_eq!(hex.kind(), Kind::Hexadecimal);
        assert_eq!(hex.code(), "·A8F");
        assert_eq!(hex.max_heaps_left(), 3);
        assert_eq!(Ruleset::parse(".77").unwrap().kind(), Kind::Octal);
        assert_eq!(Ruleset::parse(".77").unwrap().max_heaps_left(), 2);
        assert_eq!(Ruleset::parse(".3").unwrap().max_heaps_left(), 1);
        assert_eq!(Ruleset::parse("grundy").unwrap().kind(), Kind::Grundy);
    }

    #[test]
    fn bad_codes_give_one_line_errors() {
        for bad in [
            "",
            "137",
            ".1G",
            "1.7",
            "45.1",
            ".(3",
            ".()",
            ".(3)4",
            ".0",
            ".000",
            "monopoly",
            "·3\u{0305}4",
            ".\u{0305}",
        ] {
            let err = Ruleset::parse(bad).unwrap_err().to_string();
            assert!(!err.is_empty() && !err.contains('\n'), "{bad}: {err}");
        }
        let long = format!(".{}", "7".repeat(MAX_CODE_DIGITS + 1));
        assert!(Ruleset::parse(&long).is_err());
    }

    #[test]
    fn named_games_parse_to_their_codes() {
        let named = named_games();
        assert!(named.contains(&("Kayles", ".77".to_string())));
        assert!(named.contains(&("Treblecross", ".007".to_string())));
        assert!(named.contains(&("Guiles", ".15".to_string())));
        assert!(named.contains(&("Officers", ".6".to_string())));
        assert!(named.contains(&("Dawson's Kayles", ".07".to_string())));
    }
}
