//! Codes `·d1…dd` of `d` digits: the index order shared by the octal, hexadecimal and scoring
//! octal families.
//!
//! Codes (`d0 = 0`, `dd ≠ 0`) are numbered as mixed-radix numbers with `d1` the fastest digit:
//! index `i` gives `d1 = i mod b`, then `d2`, …, and `dd = 1 + (the rest)`, with `b = 8`
//! (octal), 16 (hexadecimal) or 4 (scoring octal).

use crate::sweep::family::FamilyOptions;
use crate::EngineError;
use serde::{Deserialize, Serialize};

/// The largest number of code digits an octal or hexadecimal family accepts.
pub const MAX_DIGITS: u32 = 8;

/// The options a code family reads (the others are refused).
pub const CODE_OPTIONS: &[&str] = &["--digits"];

/// Codes `·d1…dd` of exactly `digits` digits in base `base` (8 or 16), `dd ≠ 0`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Codes {
    /// The number of digits after the point.
    pub digits: u32,
    /// 8 (octal) or 16 (hexadecimal).
    pub base: u32,
}

impl Codes {
    /// The codes of the family `name` in `base` from the user's options (`--digits`).
    pub fn parse(name: &str, options: &FamilyOptions, base: u32) -> Result<Self, EngineError> {
        let digits = options
            .digits
            .ok_or_else(|| EngineError::Parse(format!("the {name} family needs --digits D")))?;
        if digits == 0 || digits > MAX_DIGITS {
            return Err(EngineError::OutOfRange(format!(
                "--digits must be between 1 and {MAX_DIGITS}, not {digits}"
            )));
        }
        Ok(Codes { digits, base })
    }

    /// Checks codes read back from a file: 1 to [`MAX_DIGITS`] digits in one of `bases`.
    pub fn check(&self, bases: &[u32]) -> Result<(), EngineError> {
        if self.digits == 0 || self.digits > MAX_DIGITS || !bases.contains(&self.base) {
            return Err(EngineError::OutOfRange(format!(
                "a code family needs 1 to {MAX_DIGITS} digits in base {bases:?}, not {} digits in base {}",
                self.digits, self.base
            )));
        }
        Ok(())
    }

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

#[cfg(test)]
mod tests {
    use super::*;

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
}
