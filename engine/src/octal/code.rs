//! Code-digit rulesets (thesis Def 3.8): parsing, validation, canonical text and named games.
//!
//! A code `d0·d1d2…dk` lets a player remove `k` tokens from one heap when `d_k ≠ 0`; bit `2^j`
//! of `d_k` allows the move when it leaves exactly `j` non-empty heaps. Digits below 8 make an
//! octal game (at most two heaps left), digits up to `F` a hexadecimal one (at most three), and
//! larger digits (cut numbers 3 and more) are written as CGSuite writes them: `G`–`V` for 16–31,
//! `&n;` for any `n`. A digit may carry a modifier `!`, `?` or `=` ([`super::modifier`]), so
//! Grundy's game is `4!.0`. A repeating tail, written `.(3)`, CGSuite's `.[3]` or with combining
//! overlines `·3̄`, makes the code infinite.

use super::modifier::Modifier;
use crate::EngineError;

/// The longest finite part of a code HeapLab accepts (digits after the point).
pub const MAX_CODE_DIGITS: usize = 64;
/// The most heaps one move may leave (a digit below `2^(MAX_HEAPS_LEFT + 1)`).
pub const MAX_HEAPS_LEFT: u32 = 16;

/// The combining overline that marks a repeated digit, as in `·3̄`.
const OVERLINE: char = '\u{0305}';
/// CGSuite's single-character digits: `0`–`9` then `A`–`V` for 10–31.
const BASE32: &str = "0123456789ABCDEFGHIJKLMNOPQRSTUV";

/// The family a ruleset belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Kind {
    /// Every digit is below 8: a move leaves at most two heaps.
    Octal,
    /// Some digit is 8 or more: a move may leave three heaps.
    Hexadecimal,
    /// Grundy's game `4!.0`: split one heap into two unequal non-empty heaps.
    Grundy,
    /// A digit above 15 (cut number 3 or more) or a `!`, `?`, `=` modifier (CGSuite's
    /// generalized codes).
    Generalized,
}

/// A parsed, validated code-digit ruleset.
///
/// Invariants: `digits[0]` (d0) has bits 1 and 2 clear; a finite code ends in a non-zero digit;
/// a tail is never all zeros; there is at least one move; every digit is below
/// `2^(MAX_HEAPS_LEFT + 1)`; `modifiers` and `tail_modifiers` are as long as `digits` and
/// `tail` and hold normalized modifiers ([`Modifier::normalized`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ruleset {
    /// `d0, d1, …` of the finite part; `digits[k]` is the digit for removing `k` tokens.
    digits: Vec<u32>,
    /// The block repeated for ever after `digits` (empty for a finite code).
    tail: Vec<u32>,
    /// The modifier of each digit of `digits`.
    modifiers: Vec<Modifier>,
    /// The modifier of each digit of `tail`.
    tail_modifiers: Vec<Modifier>,
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
        code: "4!.0",
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

/// The digit as CGSuite writes it: one character below 32, else `&value;`.
fn digit_text(d: u32) -> String {
    match BASE32.chars().nth(d as usize) {
        Some(c) => c.to_string(),
        None => format!("&{d};"),
    }
}

/// One piece of a code's text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Token {
    /// A digit, whether an overline follows it, and its modifier.
    Digit(u32, bool, Modifier),
    /// The point between d0 and d1.
    Point,
    /// `(` or `[`, which opens the repeating tail.
    Open(char),
    /// `)` or `]`.
    Close(char),
}

/// The message for a digit `d` at or above `2^(MAX_HEAPS_LEFT + 1)`.
fn too_large_digit(d: u64) -> EngineError {
    EngineError::OutOfRange(format!(
        "digit {d} would let a move leave more than {MAX_HEAPS_LEFT} heaps (the largest digit is {})",
        (1u64 << (MAX_HEAPS_LEFT + 1)) - 1
    ))
}

/// Reads the digit that starts at `c` (a base-32 character or `&value;`).
fn read_digit(
    c: char,
    chars: &mut std::iter::Peekable<std::str::Chars<'_>>,
) -> Result<u32, EngineError> {
    if c == '&' {
        let mut number = String::new();
        loop {
            match chars.next() {
                Some(';') => break,
                Some(d) if d.is_ascii_digit() && number.len() < 20 => number.push(d),
                _ => {
                    return Err(EngineError::Parse(format!(
                        "the digit &{number} must be a decimal number closed by ';', as in &16;"
                    )))
                }
            }
        }
        if number.is_empty() {
            return Err(EngineError::Parse(
                "'&;' holds no number: write a digit as &16;".into(),
            ));
        }
        // At most 19 decimal digits: the number fits a u64; the cap is checked by the caller.
        let d: u64 = number.parse().unwrap_or(u64::MAX);
        return u32::try_from(d).or(Err(too_large_digit(d)));
    }
    let upper = c.to_ascii_uppercase();
    match BASE32.find(upper) {
        Some(d) if c.is_ascii() => Ok(d as u32),
        _ => Err(EngineError::Parse(format!(
            "'{c}' is not a code digit (0–9, A–V, or &n; for larger ones)"
        ))),
    }
}

/// Splits a code into tokens, checking each digit against the cap.
fn tokenize(text: &str) -> Result<Vec<Token>, EngineError> {
    let mut tokens = Vec::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        let token = match c {
            '.' | '·' | '•' => Token::Point,
            '(' | '[' => Token::Open(c),
            ')' | ']' => Token::Close(c),
            '*' | '{' | '}' => {
                return Err(EngineError::Parse(format!(
                    "'{c}': CGSuite's digits for any number of heaps ({{2+}}, *) are not supported"
                )))
            }
            OVERLINE => {
                return Err(EngineError::Parse(
                    "an overline must follow a digit, as in ·3̄".into(),
                ))
            }
            c if Modifier::from_symbol(c).is_some() => {
                return Err(EngineError::Parse(format!(
                    "'{c}' must follow a digit, as in 4!.0"
                )))
            }
            c => {
                let d = read_digit(c, &mut chars)?;
                if d >> (MAX_HEAPS_LEFT + 1) != 0 {
                    return Err(too_large_digit(u64::from(d)));
                }
                let bar = chars.next_if_eq(&OVERLINE).is_some();
                let modifier = chars
                    .peek()
                    .and_then(|&m| Modifier::from_symbol(m))
                    .inspect(|_| {
                        chars.next();
                    })
                    .unwrap_or_default();
                Token::Digit(d, bar, modifier)
            }
        };
        tokens.push(token);
    }
    Ok(tokens)
}

/// A code's digits split into d0, the finite part and the tail, each with its modifiers.
#[derive(Default)]
struct Parts {
    d0: Option<(u32, Modifier)>,
    finite: Vec<(u32, Modifier)>,
    tail: Vec<(u32, Modifier)>,
    overlined: Vec<(u32, Modifier)>,
}

/// Places the tokens of a code into its parts, checking their order.
fn arrange(tokens: &[Token], text: &str) -> Result<Parts, EngineError> {
    let mut parts = Parts::default();
    let mut point = false;
    let mut open: Option<char> = None;
    let mut closed = false;
    for &token in tokens {
        match token {
            Token::Point if point => {
                return Err(EngineError::Parse(format!("'{text}' has two points")))
            }
            Token::Point => point = true,
            Token::Open(_) if !point || open.is_some() || closed => {
                return Err(EngineError::Parse(
                    "a repeating tail (…) may only follow the point, once".into(),
                ))
            }
            Token::Open(c) => open = Some(c),
            Token::Close(c) => match open {
                Some(o) if (o, c) == ('(', ')') || (o, c) == ('[', ']') => {
                    open = None;
                    closed = true;
                }
                _ => return Err(EngineError::Parse(format!("'{c}' closes no '(' or '['"))),
            },
            Token::Digit(..) if closed => {
                return Err(EngineError::Parse(
                    "the repeating tail (…) must come last".into(),
                ))
            }
            Token::Digit(d, bar, m) if !point => {
                if bar || parts.d0.is_some() {
                    return Err(EngineError::Parse(format!(
                        "'{text}': only one digit d0 may stand before the point"
                    )));
                }
                parts.d0 = Some((d, m));
            }
            Token::Digit(d, _, m) if open.is_some() => parts.tail.push((d, m)),
            Token::Digit(d, true, m) => parts.overlined.push((d, m)),
            Token::Digit(_, false, _) if !parts.overlined.is_empty() => {
                return Err(EngineError::Parse(
                    "overlined digits must form the end of the code".into(),
                ))
            }
            Token::Digit(d, false, m) => parts.finite.push((d, m)),
        }
    }
    if !point {
        return Err(EngineError::Parse(format!(
            "'{text}' has no point: write ·{text} or .{text}"
        )));
    }
    if open.is_some() {
        return Err(EngineError::Parse(
            "the repeating tail is missing its ')'".into(),
        ));
    }
    if closed && parts.tail.is_empty() {
        return Err(EngineError::Parse("the repeating tail () is empty".into()));
    }
    if !parts.overlined.is_empty() {
        if closed {
            return Err(EngineError::Parse(
                "use either (…) or overlines for the tail, not both".into(),
            ));
        }
        parts.tail = std::mem::take(&mut parts.overlined);
    }
    Ok(parts)
}

impl Ruleset {
    /// Grundy's game `4!.0`: split a heap into two unequal non-empty heaps.
    pub fn grundy() -> Self {
        Ruleset::parse_code("4!.0").expect("4!.0 is a valid code")
    }

    /// Parses a code (`·137`, `.137`, `0.137`, `4.07`, `.A8F`, `.(3)`, `·3̄`, `4.(3)`, CGSuite's
    /// `0.[3]`, `4!.0`, `.G`, `.&16;`, `8?.0`) or a game name (`kayles`, `Dawson's chess`,
    /// `grundy`, …). The digits above 15 and the `!`, `?`, `=` modifiers follow CGSuite's
    /// `TBCode` parser (see [`super::modifier`]): `G`–`V` are 16–31, `&n;` any digit, and a
    /// modifier follows its digit.
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
        let parts = arrange(&tokenize(text)?, text)?;
        if parts.finite.len() > MAX_CODE_DIGITS || parts.tail.len() > MAX_CODE_DIGITS {
            return Err(EngineError::OutOfRange(format!(
                "codes longer than {MAX_CODE_DIGITS} digits are not supported"
            )));
        }
        let mut finite = vec![parts.d0.unwrap_or_default()];
        finite.extend(parts.finite);
        Self::build(finite, parts.tail)
    }

    /// Builds a plain code from `d0, d1, …` and a repeating tail (empty for a finite code).
    pub fn from_digits(digits: Vec<u8>, tail: Vec<u8>) -> Result<Self, EngineError> {
        let plain = |d: &u8| (u32::from(*d), Modifier::Plain);
        Self::build(
            digits.iter().map(plain).collect(),
            tail.iter().map(plain).collect(),
        )
    }

    /// Builds a code from its digits with modifiers, validating and normalizing it.
    fn build(
        mut digits: Vec<(u32, Modifier)>,
        mut tail: Vec<(u32, Modifier)>,
    ) -> Result<Self, EngineError> {
        if digits.is_empty() {
            digits.push((0, Modifier::Plain));
        }
        if let Some(&(d, _)) = digits
            .iter()
            .chain(&tail)
            .find(|(d, _)| d >> (MAX_HEAPS_LEFT + 1) != 0)
        {
            return Err(EngineError::OutOfRange(format!(
                "digit {d} would let a move leave more than {MAX_HEAPS_LEFT} heaps"
            )));
        }
        if digits[0].0 & 3 != 0 {
            return Err(EngineError::Parse(format!(
                "d0 = {} is invalid: the digit before the point may only split (0, 4, 8, C, …)",
                digit_text(digits[0].0)
            )));
        }
        for (d, m) in digits.iter_mut().chain(tail.iter_mut()) {
            *m = m.normalized(*d);
        }
        if tail.iter().all(|&(d, _)| d == 0) {
            tail.clear();
        }
        if tail.is_empty() {
            while digits.len() > 1 && digits.last().is_some_and(|&(d, _)| d == 0) {
                digits.pop();
            }
            if digits[..] == [(0, Modifier::Plain)] {
                return Err(EngineError::Parse(
                    "this code allows no move (all digits are 0)".into(),
                ));
            }
        }
        Ok(Ruleset {
            modifiers: digits.iter().map(|&(_, m)| m).collect(),
            digits: digits.into_iter().map(|(d, _)| d).collect(),
            tail_modifiers: tail.iter().map(|&(_, m)| m).collect(),
            tail: tail.into_iter().map(|(d, _)| d).collect(),
        })
    }

    /// The index into `digits` or `tail` of the digit for removing `k` tokens.
    fn place(&self, k: usize) -> Option<(bool, usize)> {
        if k < self.digits.len() {
            Some((false, k))
        } else if self.tail.is_empty() {
            None
        } else {
            Some((true, (k - self.digits.len()) % self.tail.len()))
        }
    }

    /// The digit `d_k` for removing `k` tokens (0 beyond a finite code).
    pub fn digit(&self, k: usize) -> u32 {
        match self.place(k) {
            Some((false, i)) => self.digits[i],
            Some((true, i)) => self.tail[i],
            None => 0,
        }
    }

    /// The modifier of `d_k` (plain beyond a finite code).
    pub fn modifier(&self, k: usize) -> Modifier {
        match self.place(k) {
            Some((false, i)) => self.modifiers[i],
            Some((true, i)) => self.tail_modifiers[i],
            None => Modifier::Plain,
        }
    }

    /// `d0, d1, …, dk` of the finite part.
    pub fn digits(&self) -> &[u32] {
        &self.digits
    }

    /// The repeating tail (empty for a finite code).
    pub fn tail(&self) -> &[u32] {
        &self.tail
    }

    /// True for a finite code.
    pub fn is_finite(&self) -> bool {
        self.tail.is_empty()
    }

    /// True when some digit carries a `!`, `?` or `=` modifier: the periodicity theorems and
    /// the code-digit equivalences of plain codes do not apply.
    pub fn has_modifiers(&self) -> bool {
        self.modifiers
            .iter()
            .chain(&self.tail_modifiers)
            .any(|&m| m != Modifier::Plain)
    }

    /// True when every split into two heaps must be unequal and nothing else is constrained
    /// (Grundy's game and its kin), the one modifier the fast method handles.
    pub fn unequal_split(&self) -> bool {
        let splitting = |d: &u32| d & 4 != 0;
        self.has_modifiers()
            && self.max_heaps_left() <= 2
            && self
                .digits
                .iter()
                .zip(&self.modifiers)
                .chain(self.tail.iter().zip(&self.tail_modifiers))
                .all(|(d, &m)| !splitting(d) || m == Modifier::Unequal)
    }

    /// True when the fast method of [`super::fast`] serves the code: finite, at most two
    /// heaps left by a move, and no modifier other than an unequal split everywhere.
    pub fn fast_method(&self) -> bool {
        self.is_finite()
            && self.max_heaps_left() <= 2
            && (!self.has_modifiers() || self.unequal_split())
    }

    /// The length `k` of a finite code: the largest `k` with `d_k ≠ 0`.
    pub fn length(&self) -> usize {
        self.digits.len() - 1
    }

    /// The most heaps one move leaves (`t` of Theorem 3.73), at least 1.
    pub fn max_heaps_left(&self) -> u32 {
        let all = self.digits.iter().chain(&self.tail).fold(0, |a, &d| a | d);
        (u32::BITS - all.leading_zeros()).saturating_sub(1).max(1)
    }

    /// Octal, hexadecimal, Grundy's game or a generalized code.
    pub fn kind(&self) -> Kind {
        let all = self.digits.iter().chain(&self.tail).fold(0, |a, &d| a | d);
        if self.has_modifiers() && self.digits == [4] && self.tail.is_empty() {
            Kind::Grundy
        } else if self.has_modifiers() || all >= 16 {
            Kind::Generalized
        } else if all >= 8 {
            Kind::Hexadecimal
        } else {
            Kind::Octal
        }
    }

    fn text_with_point(&self, point: &str) -> String {
        let written = |d: u32, m: Modifier| digit_text(d) + m.symbol();
        let mut text = String::new();
        if self.digits[0] != 0 {
            text.push_str(&written(self.digits[0], self.modifiers[0]));
        }
        text.push_str(point);
        for k in 1..self.digits.len() {
            text.push_str(&written(self.digits[k], self.modifiers[k]));
        }
        if !self.tail.is_empty() {
            text.push('(');
            for (&d, &m) in self.tail.iter().zip(&self.tail_modifiers) {
                text.push_str(&written(d, m));
            }
            text.push(')');
        } else if self.digits.len() == 1 {
            text.push('0');
        }
        text
    }

    /// The code with a middle dot, e.g. `·137`, `4·(3)`, `4!·0` (Grundy's game).
    pub fn code(&self) -> String {
        self.text_with_point("·")
    }

    /// The code in ASCII, e.g. `.137`, `4.(3)`, `4!.0` (for URLs and command lines).
    pub fn ascii(&self) -> String {
        self.text_with_point(".")
    }

    /// The game's common name, if it is one of the famous games.
    pub fn name(&self) -> Option<&'static str> {
        NAMED
            .iter()
            .find(|named| Ruleset::parse_code(named.code).as_ref() == Ok(self))
            .map(|named| named.aliases[0])
    }
}

#[cfg(test)]
mod tests;
