//! Parsing of the number sets people type: `2,3,7`, `{2, 3, 7}` or `2 3 7`.
//!
//! The parser never panics. Every rejection is an [`EngineError::Parse`] or
//! [`EngineError::OutOfRange`] whose message names the offending token.

use crate::text::quote;
use crate::EngineError;

/// The largest move (or excluded number) HeapLab accepts. The solvers keep a window of
/// `max S` values, so this caps their memory at a few megabytes.
pub const MAX_MOVE: u32 = 1_000_000;

/// The largest number of moves in one set. Nim-values of a finite set are at most `|S|`.
pub const MAX_SET_SIZE: usize = 4_096;

/// A set of positive integers in increasing order, as typed by a user.
///
/// Invariant: sorted ascending, no duplicates, every element in `1..=MAX_MOVE`, at most
/// [`MAX_SET_SIZE`] elements. It may be empty only if it came from [`NumberSet::parse_allow_empty`].
#[derive(Debug, Clone, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct NumberSet {
    elements: Vec<u32>,
}

impl NumberSet {
    /// Parses a non-empty set; an empty one is an error (a subtraction game needs a move).
    pub fn parse(text: &str) -> Result<Self, EngineError> {
        let set = Self::parse_allow_empty(text)?;
        if set.elements.is_empty() {
            return Err(EngineError::Parse(
                "the set is empty: give at least one positive integer, e.g. 2,3,7".into(),
            ));
        }
        Ok(set)
    }

    /// Parses a set that may be empty (an all-but game with no exclusions is plain Nim).
    pub fn parse_allow_empty(text: &str) -> Result<Self, EngineError> {
        let trimmed = text.trim();
        let inner = match (trimmed.strip_prefix('{'), trimmed.ends_with('}')) {
            (Some(rest), true) => &rest[..rest.len() - 1],
            (Some(_), false) => {
                return Err(EngineError::Parse(
                    "the set opens with '{' but has no closing '}'".into(),
                ))
            }
            (None, true) => {
                return Err(EngineError::Parse(
                    "the set closes with '}' but has no opening '{'".into(),
                ))
            }
            (None, false) => trimmed,
        };
        if inner.contains(',') && inner.split(',').any(|item| item.trim().is_empty()) {
            return Err(EngineError::Parse(format!(
                "'{}' has an empty item between commas: write numbers like 2,3,7",
                inner.trim()
            )));
        }
        let mut elements = Vec::new();
        for token in inner
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|t| !t.is_empty())
        {
            elements.push(parse_element(token)?);
        }
        Self::from_elements(elements)
    }

    /// Builds a set from numbers, with the same checks as the parser (zero, duplicates, caps).
    pub fn from_elements(mut elements: Vec<u32>) -> Result<Self, EngineError> {
        if elements.len() > MAX_SET_SIZE {
            return Err(EngineError::OutOfRange(format!(
                "the set has {} elements; HeapLab accepts at most {MAX_SET_SIZE}",
                elements.len()
            )));
        }
        for &e in &elements {
            check_element(e)?;
        }
        elements.sort_unstable();
        if let Some(pair) = elements.windows(2).find(|w| w[0] == w[1]) {
            return Err(EngineError::Parse(format!("{} is listed twice", pair[0])));
        }
        Ok(NumberSet { elements })
    }

    /// The elements in increasing order.
    pub fn elements(&self) -> &[u32] {
        &self.elements
    }

    /// The largest element, or 0 for the empty set.
    pub fn max(&self) -> u32 {
        self.elements.last().copied().unwrap_or(0)
    }

    /// The smallest element, or 0 for the empty set.
    pub fn min(&self) -> u32 {
        self.elements.first().copied().unwrap_or(0)
    }

    /// Whether `n` is an element.
    pub fn contains(&self, n: u32) -> bool {
        self.elements.binary_search(&n).is_ok()
    }

    /// The canonical text form, `2,3,7`, which the parser reads back to the same set.
    pub fn to_text(&self) -> String {
        let parts: Vec<String> = self.elements.iter().map(u32::to_string).collect();
        parts.join(",")
    }
}

fn check_element(value: u32) -> Result<(), EngineError> {
    if value == 0 {
        return Err(EngineError::OutOfRange(
            "0 is not allowed: every number must be at least 1".into(),
        ));
    }
    if value > MAX_MOVE {
        return Err(EngineError::OutOfRange(format!(
            "{value} is too large: HeapLab accepts numbers up to {MAX_MOVE}"
        )));
    }
    Ok(())
}

fn parse_element(token: &str) -> Result<u32, EngineError> {
    let digits = token.strip_prefix('+').unwrap_or(token);
    if digits.starts_with('-') || digits.starts_with('\u{2212}') {
        return Err(EngineError::OutOfRange(format!(
            "{token} is negative: every number must be a positive integer"
        )));
    }
    if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) {
        return Err(EngineError::Parse(format!(
            "'{token}' is not a whole number"
        )));
    }
    match digits.parse::<u64>() {
        Ok(v) if v <= u64::from(MAX_MOVE) => {
            let v = v as u32;
            check_element(v)?;
            Ok(v)
        }
        _ => Err(EngineError::OutOfRange(format!(
            "{token} is too large: HeapLab accepts numbers up to {MAX_MOVE}"
        ))),
    }
}

/// Parses a count such as a number of terms, with a cap; used by the CLI and the URL reader.
pub fn parse_count(text: &str, name: &str, min: u64, max: u64) -> Result<u64, EngineError> {
    let t = text.trim();
    if t.starts_with('-') {
        return Err(EngineError::OutOfRange(format!(
            "{name} must be between {min} and {max}, not {}",
            quote(t)
        )));
    }
    let value: u64 = t.parse().map_err(|_| {
        EngineError::Parse(format!("{name} must be a whole number, not '{}'", quote(t)))
    })?;
    if value < min || value > max {
        return Err(EngineError::OutOfRange(format!(
            "{name} must be between {min} and {max}, not {value}"
        )));
    }
    Ok(value)
}

/// Parses a half-open range `a..b` of non-negative integers (as in Rust), e.g. `40..160`.
pub fn parse_range(text: &str, name: &str) -> Result<(u32, u32), EngineError> {
    let bad = || {
        EngineError::Parse(format!(
            "{name} must be a range like 40..160 of whole numbers from 0, not '{}'",
            quote(text.trim())
        ))
    };
    let (a, b) = text.trim().split_once("..").ok_or_else(bad)?;
    if a.trim().starts_with('-') || b.trim().starts_with('-') {
        return Err(bad());
    }
    let start = parse_count(a, name, 0, u64::from(MAX_MOVE))? as u32;
    let end = parse_count(b, name, 0, u64::from(MAX_MOVE))? as u32;
    if start >= end {
        return Err(EngineError::OutOfRange(format!(
            "{name} {start}..{end} is empty: the start must be below the end"
        )));
    }
    Ok((start, end))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_the_three_documented_forms() {
        for text in ["2,3,7", "{2, 3, 7}", "2 3 7", " 7,3 ,2 ", "{7 3 2}"] {
            assert_eq!(
                NumberSet::parse(text).unwrap().elements(),
                &[2, 3, 7],
                "{text}"
            );
        }
    }

    #[test]
    fn rejects_bad_input_with_a_message() {
        let cases = [
            ("", "empty"),
            ("{}", "empty"),
            ("0,2", "0 is not allowed"),
            ("2,-3", "negative"),
            ("2,x", "not a whole number"),
            ("2,2", "listed twice"),
            ("2,99999999999999999999", "too large"),
            ("1000001", "too large"),
            ("{2,3", "no closing"),
            ("2.5", "not a whole number"),
        ];
        for (text, needle) in cases {
            let err = NumberSet::parse(text).unwrap_err().to_string();
            assert!(err.contains(needle), "{text:?} gave {err:?}");
        }
    }

    #[test]
    fn canonical_text_round_trips() {
        let set = NumberSet::parse("{9 1 4}").unwrap();
        assert_eq!(set.to_text(), "1,4,9");
        assert_eq!(NumberSet::parse(&set.to_text()).unwrap(), set);
    }

    #[test]
    fn ranges_are_half_open_and_checked() {
        assert_eq!(parse_range("40..160", "--s1").unwrap(), (40, 160));
        for bad in ["40", "160..40", "5..5", "a..b", "-1..4", "1..=4"] {
            assert!(parse_range(bad, "--s1").is_err(), "{bad}");
        }
    }

    #[test]
    fn counts_are_capped() {
        assert_eq!(parse_count("400", "terms", 1, 1000).unwrap(), 400);
        assert!(parse_count("0", "terms", 1, 1000).is_err());
        assert!(parse_count("-5", "terms", 1, 1000).is_err());
        assert!(parse_count("1001", "terms", 1, 1000).is_err());
        assert!(parse_count("lots", "terms", 1, 1000).is_err());
    }
}
