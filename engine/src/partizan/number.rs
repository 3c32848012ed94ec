//! Dyadic rationals `m / 2^k`: the numbers among short partizan games (thesis Section 2.2.4).

use crate::EngineError;
use std::cmp::Ordering;
use std::fmt;

/// The largest exponent `k` of a denominator `2^k` HeapLab keeps (sums beyond it are an error).
pub const MAX_EXPONENT: u32 = 60;

/// The largest absolute numerator HeapLab keeps, so that sums and shifts never overflow.
const MAX_NUMERATOR: i64 = 1 << 61;

/// A dyadic rational `num / 2^exp` in lowest terms (`num` odd or `exp == 0`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Dyadic {
    num: i64,
    exp: u32,
}

fn too_big() -> EngineError {
    EngineError::OutOfRange(format!(
        "a number in this game needs more than {MAX_EXPONENT} binary digits; HeapLab stops there"
    ))
}

impl Dyadic {
    /// The integer `n`.
    pub const fn integer(n: i64) -> Dyadic {
        Dyadic { num: n, exp: 0 }
    }

    /// `num / 2^exp`, reduced; an error when it is beyond HeapLab's range.
    pub fn new(mut num: i64, mut exp: u32) -> Result<Dyadic, EngineError> {
        while exp > 0 && num % 2 == 0 {
            num /= 2;
            exp -= 1;
        }
        if exp > MAX_EXPONENT || num.abs() > MAX_NUMERATOR {
            return Err(too_big());
        }
        Ok(Dyadic { num, exp })
    }

    /// The numerator in lowest terms.
    pub fn numerator(self) -> i64 {
        self.num
    }

    /// The exponent `k` of the denominator `2^k` in lowest terms.
    pub fn exponent(self) -> u32 {
        self.exp
    }

    /// True for whole numbers.
    pub fn is_integer(self) -> bool {
        self.exp == 0
    }

    /// `self + other`, or an error when the result leaves HeapLab's range.
    pub fn checked_add(self, other: Dyadic) -> Result<Dyadic, EngineError> {
        let exp = self.exp.max(other.exp);
        let a = (self.num as i128) << (exp - self.exp);
        let b = (other.num as i128) << (exp - other.exp);
        let sum = i64::try_from(a + b).map_err(|_| too_big())?;
        Dyadic::new(sum, exp)
    }

    /// `-self`.
    pub fn negated(self) -> Dyadic {
        Dyadic {
            num: -self.num,
            exp: self.exp,
        }
    }

    /// The largest integer `<= self`.
    pub fn floor(self) -> i64 {
        self.num >> self.exp
    }

    /// The birthday of this number: `|n|` for an integer; `m/2^k` adds `k` to the birthday of
    /// the integer step it lies in (`⌊x⌋ + 1` for `x > 0`, `⌈x⌉ − 1` below 0).
    pub fn birthday(self) -> u64 {
        let whole = self.floor();
        if self.is_integer() {
            whole.unsigned_abs()
        } else if whole >= 0 {
            whole.unsigned_abs() + 1 + u64::from(self.exp)
        } else {
            (whole + 1).unsigned_abs() + 1 + u64::from(self.exp)
        }
    }

    /// The options of this number's canonical form: `n = {n-1 | }` for `n > 0`, `{ | n+1}` for
    /// `n < 0`, `{|}` for 0, and `m/2^k = {(m-1)/2^k | (m+1)/2^k}`.
    pub fn options(self) -> (Option<Dyadic>, Option<Dyadic>) {
        if self.exp == 0 {
            match self.num.cmp(&0) {
                Ordering::Greater => (Some(Dyadic::integer(self.num - 1)), None),
                Ordering::Less => (None, Some(Dyadic::integer(self.num + 1))),
                Ordering::Equal => (None, None),
            }
        } else {
            // Both neighbours have even numerators, so they reduce and stay in range.
            let lower = Dyadic::new(self.num - 1, self.exp).expect("neighbour in range");
            let upper = Dyadic::new(self.num + 1, self.exp).expect("neighbour in range");
            (Some(lower), Some(upper))
        }
    }

    /// The simplest number strictly between `low` and `high` (either may be absent), as the
    /// simplicity theorem (thesis Theorem 2.52) needs. Requires `low < high` when both exist.
    pub fn simplest_between(
        low: Option<Dyadic>,
        high: Option<Dyadic>,
    ) -> Result<Dyadic, EngineError> {
        let zero = Dyadic::integer(0);
        let above = |x: Dyadic| low.is_none_or(|l| x > l);
        let below = |x: Dyadic| high.is_none_or(|h| x < h);
        if above(zero) && below(zero) {
            return Ok(zero);
        }
        // Every integer candidate is on one side of 0: the one closest to 0 is simplest.
        if let Some(l) = low.filter(|l| *l >= zero) {
            let n = Dyadic::integer(l.floor() + 1);
            if below(n) {
                return Ok(n);
            }
        }
        if let Some(h) = high.filter(|h| *h <= zero) {
            let c = -(h.negated().floor());
            let n = Dyadic::integer(c - 1);
            if above(n) {
                return Ok(n);
            }
        }
        // No integer fits: both bounds exist; the fraction with the smallest denominator.
        let (l, h) = (low.ok_or_else(too_big)?, high.ok_or_else(too_big)?);
        for exp in 1..=MAX_EXPONENT {
            let scaled = if exp >= l.exp {
                (l.num as i128) << (exp - l.exp)
            } else {
                (l.num as i128) >> (l.exp - exp)
            };
            let candidate = i64::try_from(scaled + 1).map_err(|_| too_big())?;
            let x = Dyadic::new(candidate, exp)?;
            if x > l && x < h {
                return Ok(x);
            }
        }
        Err(too_big())
    }
}

impl Ord for Dyadic {
    fn cmp(&self, other: &Self) -> Ordering {
        let exp = self.exp.max(other.exp);
        let a = (self.num as i128) << (exp - self.exp);
        let b = (other.num as i128) << (exp - other.exp);
        a.cmp(&b)
    }
}

impl PartialOrd for Dyadic {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Dyadic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.exp == 0 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, 1u64 << self.exp)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(n: i64, e: u32) -> Dyadic {
        Dyadic::new(n, e).unwrap()
    }

    #[test]
    fn simplest_numbers() {
        let s = |l: Option<Dyadic>, h: Option<Dyadic>| Dyadic::simplest_between(l, h).unwrap();
        assert_eq!(s(None, None), d(0, 0));
        assert_eq!(s(Some(d(0, 0)), None), d(1, 0));
        assert_eq!(s(Some(d(3, 1)), None), d(2, 0));
        assert_eq!(s(None, Some(d(-2, 0))), d(-3, 0));
        assert_eq!(s(Some(d(0, 0)), Some(d(1, 0))), d(1, 1));
        assert_eq!(s(Some(d(1, 1)), Some(d(1, 0))), d(3, 2));
        assert_eq!(s(Some(d(-1, 0)), Some(d(5, 0))), d(0, 0));
        assert_eq!(s(Some(d(1, 0)), Some(d(5, 0))), d(2, 0));
        assert_eq!(s(Some(d(-5, 0)), Some(d(-1, 0))), d(-2, 0));
        assert_eq!(s(Some(d(-3, 2)), Some(d(-1, 2))), d(-1, 1));
    }

    #[test]
    fn arithmetic_and_display() {
        assert_eq!(d(1, 1).checked_add(d(1, 2)).unwrap(), d(3, 2));
        assert_eq!(d(1, 1).checked_add(d(1, 1)).unwrap(), d(1, 0));
        assert_eq!(d(-3, 2).to_string(), "-3/4");
        assert_eq!(d(6, 1).to_string(), "3");
        assert!(Dyadic::new(1, MAX_EXPONENT + 1).is_err());
        assert_eq!(d(-3, 1).floor(), -2);
    }
}
